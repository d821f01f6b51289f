// The shared experiment bench of the ontology reproductions: sampling, counting, training and
// evaluation through core/reason, core/count, core/embed and core/eval; see onto_lab.hpp.
#include "repro/onto_lab.hpp"

#include "common/data_dir.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "count/count_job.hpp"
#include "embed/dataset.hpp"
#include "embed/tests_hook.hpp"
#include "embed/train_el.hpp"
#include "embed/train_kg.hpp"
#include "kg/knowledge_graph.hpp"
#include "onto/readers.hpp"
#include "reason/sampler.hpp"
#include "repro/markdown.hpp"
#include "repro/published.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

namespace kbcx::repro {

namespace fs = std::filesystem;

MetricRow metric_row(const eval::Metrics& m) {
    auto v = [](const std::optional<double>& x) { return x ? *x : kNaN; };
    return {{"auc_pm", v(m.auc_pm)},        {"adm_at_k", v(m.adm_at_k)}, {"fvr", v(m.fvr)},
            {"pair_fvr", v(m.pair_fvr)},    {"rho_p", v(m.rho_p)},       {"mrr", v(m.mrr)},
            {"hits_at_10", v(m.hits_at_10)}};
}

MeanStd mean_std(const std::vector<double>& values) {
    MeanStd r;
    double sum = 0;
    for (double v : values)
        if (std::isfinite(v)) {
            sum += v;
            ++r.n;
        }
    if (r.n == 0) return {kNaN, kNaN, 0};
    r.mean = sum / static_cast<double>(r.n);
    if (r.n > 1) {
        double ss = 0;
        for (double v : values)
            if (std::isfinite(v)) ss += (v - r.mean) * (v - r.mean);
        r.std = std::sqrt(ss / static_cast<double>(r.n - 1));
    }
    return r;
}

jobs::JobContext StepProgress::step(std::uint64_t step, const std::string& label) {
    jobs::JobContext* outer = &outer_;
    const std::uint64_t total = std::max<std::uint64_t>(1, total_);
    outer->report(step * 1000, total * 1000, label, true);
    return jobs::JobContext(outer_.stop_token(), [outer, step, total, label](const jobs::Progress& p) {
        const std::uint64_t frac = p.total ? std::min<std::uint64_t>(999, p.done * 1000 / p.total) : 0;
        outer->report(step * 1000 + frac, total * 1000, label + (p.message.empty() ? "" : ": " + p.message));
    });
}

bool is_triple_model(const std::string& name) {
    try {
        embed::canonical_kg_model_name(name);
        return !embed::is_el_model_name(name);
    } catch (const std::exception&) {
        return false;
    }
}

std::string pizza_path(const Options& o) {
    const std::string p = data_file(o.data_dir, "onto/pizza.owl");
    if (!fs::exists(p))
        throw InputError(p, "Pizza is not in the data folder (it holds onto/pizza.owl or onto/pizza.owl.gz); give "
                            "another with --data DIR");
    return p;
}

namespace {

/// One projection of the ontology as training triples for the triple models.
struct ProjectedData {
    onto::ProjectedGraph graph;
    embed::TripleDataset triples;
};

/// Builds the training graph of `g`: every named class is an entity (in signature order, so a
/// class without edges still gets an embedding), then the edges; with `inverse` each edge
/// (h, r, t) also gives (t, r⁻¹, h) under a relation of its own.
ProjectedData make_projected(onto::ProjectedGraph g, bool inverse) {
    ProjectedData d;
    kg::GraphBuilder gb;
    for (const auto& c : g.classes)
        gb.vocab().entities().intern(c);
    for (const auto& e : g.edges)
        gb.add(e.head, e.relation, e.tail);
    if (inverse)
        for (const auto& e : g.edges)
            gb.add(e.tail, e.relation + "⁻¹", e.head);
    auto kg = std::make_shared<kg::KnowledgeGraph>(gb.finish());
    kg->facts.for_each_fact([&](const kg::Triple& t) { d.triples.train.push_back(t); });
    d.triples.graph = kg;
    d.graph = std::move(g);
    return d;
}

/// Scores GCI0 and GCI2 candidates with a triple model through the projection's candidate
/// triples (onto::ProjectedGraph::gci0/gci2); NaN where the projection has no triple for a
/// candidate or the graph lacks one of its names.
class ProjectedScorer final : public embed::AxiomScorer {
  public:
    ProjectedScorer(const embed::KgModel& m, const ProjectedData& d, const embed::ElNames& names)
        : m_(m), d_(d), names_(names) {}
    double score(const embed::NfAxiom& a) const override {
        auto named = [&](kg::Id c) { return c < names_.named_concepts; };
        std::optional<onto::ProjectedEdge> e;
        if (a.kind == embed::NfKind::GCI0 && named(a.a) && named(a.b))
            e = d_.graph.gci0(names_.concepts[a.a], names_.concepts[a.b]);
        else if (a.kind == embed::NfKind::GCI2 && named(a.a) && named(a.b) && a.r < names_.roles.size())
            e = d_.graph.gci2(names_.concepts[a.a], names_.roles[a.r], names_.concepts[a.b]);
        if (!e) return kNaN;
        const auto& v = d_.triples.graph->vocab;
        const kg::Id h = v.entities().find(e->head), r = v.relations().find(e->relation),
                     t = v.entities().find(e->tail);
        if (h == kg::kNoId || r == kg::kNoId || t == kg::kNoId) return kNaN;
        return m_.score(h, r, t);
    }

  private:
    const embed::KgModel& m_;
    const ProjectedData& d_;
    const embed::ElNames& names_;
};

void write_items(const std::string& path, const std::vector<reason::SampleItem>& items) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) throw InputError(path, "cannot open for writing");
    for (const auto& it : items)
        f << reason::status_name(it.status) << '\t' << it.nf << '\t' << it.axiom << '\n';
    if (!f) throw InputError(path, "cannot write");
}

eval::Metrics evaluate_with(const embed::AxiomTranslator& tr, const embed::AxiomScorer& scorer,
                            const eval::TestSet& tests, jobs::JobContext& ctx) {
    auto s = std::make_shared<embed::TranslatedScorer>(tr, scorer);
    eval::EvalOptions eo;
    eo.k = 10;
    eo.missing_lowest = true;
    return eval::evaluate(tests, s, eo, ctx).overall;
}

} // namespace

struct OntoLab::Impl {
    onto::Ontology reasoner_onto;
    std::unique_ptr<reason::StatusChecker> checker;
    std::unique_ptr<embed::AxiomTranslator> translator;
    // Graph projections (built on first use), by projection and with/without inverse triples.
    std::map<std::pair<onto::ProjectionKind, bool>, std::unique_ptr<ProjectedData>> projected;
    const ProjectedData& projection(const std::string& path, onto::ProjectionKind kind, bool inverse,
                                    jobs::JobContext& ctx) {
        auto& slot = projected[{kind, inverse}];
        if (!slot) {
            onto::Ontology o = onto::load_ontology(path, ctx); // kbcx normalises its copy
            slot = std::make_unique<ProjectedData>(make_projected(onto::project(o, kind), inverse));
        }
        return *slot;
    }
};

OntoLab::OntoLab(std::string ontology_path, std::string work_dir, jobs::JobContext& ctx)
    : path_(std::move(ontology_path)), work_(std::move(work_dir)), impl_(std::make_unique<Impl>()) {
    std::error_code ec;
    fs::create_directories(work_, ec);
    if (ec) throw InputError(work_, "cannot create the work folder: " + ec.message());
    onto::Ontology training = onto::load_ontology(path_, ctx);
    data_ = embed::make_el_dataset(training);
    impl_->reasoner_onto = onto::load_ontology(path_, ctx);
    impl_->checker = std::make_unique<reason::StatusChecker>(impl_->reasoner_onto, ctx);
    impl_->translator = std::make_unique<embed::AxiomTranslator>(data_.names);
}

OntoLab::~OntoLab() = default;

std::pair<eval::TestSet, std::string> OntoLab::tests(const std::string& nf, std::size_t per_band, std::uint64_t seed,
                                                     std::uint32_t domain, jobs::JobContext& ctx,
                                                     const std::string& file_suffix, bool non_vacuous,
                                                     std::size_t* vacuous) {
    reason::SampleParams sp;
    sp.nf = nf;
    sp.n = per_band;
    sp.seed = seed;
    sp.non_vacuous = non_vacuous;
    const reason::SampleResult sr = reason::sample(*impl_->checker, sp, ctx);
    if (vacuous) *vacuous = sr.vacuous;
    const std::string path = (fs::path(work_) / ("tests_" + nf + file_suffix + ".tsv")).string();
    write_items(path, sr.items);
    count::CountJobParams cp;
    cp.ontology_path = path_;
    cp.tbox_only = true;
    cp.domain = domain;
    cp.candidates_path = path;
    cp.reasoner = false;
    count::run_count(cp, ctx);
    return {eval::read_tests(path, ctx), path};
}

eval::TestSet OntoLab::recount(const std::string& tests_path, const std::string& out_path, std::uint32_t domain,
                               jobs::JobContext& ctx, double* seconds) {
    std::error_code ec;
    fs::copy_file(tests_path, out_path, fs::copy_options::overwrite_existing, ec);
    if (ec) throw InputError(out_path, "cannot copy the tests file: " + ec.message());
    Stopwatch sw;
    count::CountJobParams cp;
    cp.ontology_path = path_;
    cp.tbox_only = true;
    cp.domain = domain;
    cp.candidates_path = out_path;
    cp.reasoner = false;
    count::run_count(cp, ctx);
    if (seconds) *seconds = sw.seconds();
    return eval::read_tests(out_path, ctx);
}

std::vector<embed::NfAxiom> OntoLab::contradiction_pool(const std::vector<std::string>& forms, std::size_t per_form,
                                                        std::uint64_t seed,
                                                        const std::vector<const eval::TestSet*>& held_out,
                                                        jobs::JobContext& ctx) {
    std::vector<embed::NfAxiom> pool;
    for (const auto& nf : forms) {
        reason::SampleParams sp;
        sp.nf = nf;
        sp.n = per_form;
        sp.seed = seed;
        const reason::SampleResult sr = reason::sample(*impl_->checker, sp, ctx);
        for (const auto& it : sr.items) {
            if (it.status != reason::Status::Contradictory) continue;
            const std::string key = eval::normalise_axiom(it.axiom);
            bool in_tests = false;
            for (const auto* t : held_out)
                in_tests = in_tests || t->find(key).has_value();
            if (in_tests) continue;
            if (auto parts = impl_->translator->try_translate(it.axiom); parts && parts->size() == 1)
                pool.push_back(parts->front());
        }
    }
    return pool;
}

GraphBaselines graph_baselines(const Options& o) {
    GraphBaselines g;
    if (!o.graph.projection.empty()) {
        const auto k = onto::parse_projection(o.graph.projection);
        if (!k)
            throw InputError("--projection", "unknown projection '" + o.graph.projection +
                                                 "' (valid: " + onto::projection_list() + ")");
        g.projection = *k;
    }
    if (!o.graph.training.empty()) {
        const auto t = embed::parse_graph_training(o.graph.training);
        if (!t)
            throw InputError("--graph-training", "unknown graph training '" + o.graph.training +
                                                     "' (valid: " + embed::graph_training_list() + ")");
        g.training = *t;
    }
    return g;
}

std::size_t OntoLab::projected_triples(onto::ProjectionKind projection) const {
    jobs::JobContext ctx;
    return impl_->projection(path_, projection, false, ctx).graph.edges.size();
}

std::string OntoLab::graph_baselines_text(const TrainPlan& plan, const std::vector<std::string>& models) const {
    const onto::ProjectionKind k = plan.graph.projection;
    std::string s = std::string("triple models on the ") + onto::projection_name(k) + " projection (" +
                    std::to_string(projected_triples(k)) + " edges; " + onto::projection_summary(k) +
                    (k == onto::ProjectionKind::Taxonomy ? "; GCI2 candidates have no edge type and rank lowest" : "") +
                    "), trained with the " + embed::graph_training_name(plan.graph.training) + " settings";
    std::vector<std::pair<std::string, std::string>> per; // model, settings
    for (const auto& m : models) {
        if (!is_triple_model(m)) continue;
        const std::string c = embed::canonical_kg_model_name(m);
        per.emplace_back(c == "TransE-L1" ? std::string("TransE") : c,
                         embed::graph_training_settings(plan.graph.training, c, plan.dim).text());
    }
    const bool same = std::all_of(per.begin(), per.end(), [&](const auto& x) { return x.second == per[0].second; });
    if (per.empty()) return s;
    if (same && per.size() > 1) return s + " (each: " + per[0].second + ")";
    std::string list;
    for (const auto& [m, t] : per)
        list += (list.empty() ? "" : "; ") + m + ": " + t;
    return s + " (" + list + ")";
}

embed::ElVariant el_variant_of(const std::string& model, const TrainPlan& plan) {
    const std::string name = embed::canonical_el_model_name(model);
    if (plan.variant) {
        const auto& vs = embed::el_variants(name);
        if (std::find(vs.begin(), vs.end(), *plan.variant) != vs.end()) return *plan.variant;
    }
    return embed::default_el_variant(name);
}

embed::ElTrainParams el_train_params(const std::string& model, const TrainPlan& plan, std::uint64_t seed) {
    const embed::ElVariant v = el_variant_of(model, plan);
    embed::ElTrainParams p = embed::el_default_train_params(embed::canonical_el_model_name(model), v);
    auto& st = p.train;
    const bool kbcx = v == embed::ElVariant::Kbcx;
    if (kbcx || plan.epochs_for_all) st.epochs = plan.epochs;
    if (kbcx || plan.dim_for_all) p.model.dim = plan.dim;
    if (kbcx) st.p_bot = plan.p_bot;
    st.threads = plan.threads;
    st.seed = seed;
    st.eval_every = plan.curve_points > 0 ? std::max(1, st.epochs / plan.curve_points) : st.epochs;
    return p;
}

RunMetrics OntoLab::train_and_evaluate(const std::string& model, std::uint64_t seed, const TrainPlan& plan,
                                       const std::vector<embed::NfAxiom>& pool,
                                       const std::vector<const eval::TestSet*>& tests, jobs::JobContext& ctx) {
    RunMetrics out;
    Stopwatch sw;
    const embed::AxiomTranslator& tr = *impl_->translator;
    if (embed::is_el_model_name(model)) {
        embed::ElTrainParams p = el_train_params(model, plan, seed);
        auto& st = p.train;
        st.data = path_;
        if (st.p_bot > 0) {
            p.contradiction_pool = pool;
            p.pool_source = "reasoner sample (test axioms held out)";
        }
        if (plan.curve_points > 0 && !tests.empty()) {
            auto ts = std::make_shared<const eval::TestSet>(*tests.front());
            auto trs = std::make_shared<const embed::AxiomTranslator>(data_.names);
            p.hooks.eval_hooks.push_back(embed::make_tests_hook(ts, trs));
            p.hooks.on_epoch = [&out](const embed::EpochReport& r) {
                if (!r.evaluated) return;
                MetricRow row;
                for (const char* k : kMetricKeys) {
                    auto it = r.metrics.find(k);
                    row[k] = it == r.metrics.end() ? kNaN : it->second;
                }
                out.curve.emplace_back(r.epoch, row);
            };
        }
        std::unique_ptr<embed::ElModel> m;
        const embed::TrainResult res = embed::train_el(data_, p, ctx, &m);
        out.variant = std::string(embed::el_variant_name(m->config().variant));
        out.dim = m->config().dim;
        out.epochs = st.epochs;
        out.epochs_run = res.last_epoch;
        const embed::ElAxiomScorer scorer(*m);
        for (const auto* t : tests)
            out.final_metrics.push_back(evaluate_with(tr, scorer, *t, ctx));
    } else {
        const std::string name = embed::canonical_kg_model_name(model);
        const embed::GraphTrainingSettings gs = embed::graph_training_settings(plan.graph.training, name, plan.dim);
        const ProjectedData& pd = impl_->projection(path_, plan.graph.projection, gs.inverse_triples, ctx);
        if (pd.graph.edges.empty())
            throw InputError(path_, std::string("the ") + onto::projection_name(plan.graph.projection) +
                                        " projection has no edges to train on");
        embed::KgTrainParams p;
        p.model.name = name;
        p.model.dim = gs.dim;
        p.model.gamma = gs.gamma;
        p.model.p_norm = gs.p_norm;
        p.model.bounded = gs.bounded;
        p.model.init = gs.init;
        auto& st = p.train;
        st.epochs = plan.epochs;
        st.batch = gs.batch;
        st.neg = gs.neg;
        st.chunk = gs.chunk;
        st.lr = gs.lr;
        st.optimizer = gs.optimizer;
        st.loss = gs.loss;
        st.margin = gs.margin;
        st.adv_temp = gs.adv_temp;
        st.lp_entity = gs.lp_entity;
        st.lp_relation = gs.lp_relation;
        st.unit_entities = gs.unit_entities;
        st.dense_optimizer = gs.dense_optimizer;
        st.threads = plan.threads;
        st.seed = seed;
        st.eval_every = plan.epochs;
        const std::string run_name = name + "-" + onto::projection_name(plan.graph.projection) + "-" +
                                     embed::graph_training_name(plan.graph.training) + "-s" + std::to_string(seed);
        st.run_dir = (fs::path(work_) / "runs" / run_name).string();
        std::error_code ec;
        fs::remove_all(st.run_dir, ec); // a rerun of the finding trains afresh
        st.data = path_ + " (" + onto::projection_name(plan.graph.projection) + " projection, " +
                  std::to_string(pd.graph.edges.size()) + " edges" + (gs.inverse_triples ? " + inverse triples" : "") +
                  "; graph training " + embed::graph_training_name(plan.graph.training) + ")";
        std::unique_ptr<embed::KgModel> m;
        embed::train_kg(pd.triples, p, ctx, &m);
        const ProjectedScorer scorer(*m, pd, data_.names);
        for (const auto* t : tests)
            out.final_metrics.push_back(evaluate_with(tr, scorer, *t, ctx));
    }
    out.seconds = sw.seconds();
    return out;
}

// ---- table cells shared by the ontology findings ---------------------------------------

MeanStd stat(const PerSeed& runs, const char* key) {
    std::vector<double> v;
    for (const auto& r : runs) {
        auto it = r.find(key);
        v.push_back(it == r.end() ? kNaN : it->second);
    }
    return mean_std(v);
}

std::vector<std::string> metric_header(const std::string& first) {
    std::vector<std::string> h{first};
    for (const char* m : kMetricHeaders)
        h.emplace_back(m);
    return h;
}

std::vector<std::string> our_cells(const std::string& label, const PerSeed& runs) {
    std::vector<std::string> row{label};
    for (const char* k : kMetricKeys) {
        const MeanStd s = stat(runs, k);
        row.push_back(mean_std_text(s.mean, s.std, 2, runs.size() > 1));
    }
    return row;
}

std::optional<std::vector<std::string>> paper_cells(const std::string& label, const std::string& table,
                                                    const std::string& model) {
    const auto row = published(table, model);
    if (!row) return std::nullopt;
    std::vector<std::string> cells{label};
    for (std::size_t i = 0; i < 7; ++i)
        cells.push_back(mean_std_text(row->mean[i], row->std[i]));
    return cells;
}

} // namespace kbcx::repro
