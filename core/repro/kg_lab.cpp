// The KG experiment bench of the LogInfer reproductions: in-memory benchmarks, the systems
// (embedding models through core/embed, SimpBL through core/bench) and eval-kg's metrics.
#include "repro/kg_lab.hpp"

#include "common/data_dir.hpp"

#include "common/error.hpp"
#include "embed/dataset.hpp"
#include "embed/kg_models.hpp"
#include "embed/train_kg.hpp"
#include "kg/load_kg.hpp"
#include "learn/apply.hpp"
#include "learn/learner.hpp"
#include "repro/partial_results.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <random>
#include <sstream>
#include <tuple>

namespace kbcx::repro {

namespace {

constexpr double kLowest = -std::numeric_limits<double>::infinity();

class ModelScorer final : public KgScorer {
  public:
    explicit ModelScorer(std::unique_ptr<embed::KgModel> m) : model_(std::move(m)) {}
    double score(const rules::GroundFact& f) const override {
        if (f.unary || f.s >= model_->num_entities() || f.o >= model_->num_entities() ||
            f.pred >= model_->num_relations())
            return kLowest;
        return static_cast<double>(model_->score(f.s, f.pred, f.o));
    }

  private:
    std::unique_ptr<embed::KgModel> model_;
};

class SimpBLScorer final : public KgScorer {
  public:
    explicit SimpBLScorer(const kg::FactStore& train) : bl_(train, bench::SimpBLRule::Paper) {}
    double score(const rules::GroundFact& f) const override { return bl_.predict(f) ? 1.0 : 0.0; }

  private:
    bench::SimpBL bl_;
};

/// The rule learner's scorer: max aggregation of the confidences of the rules predicting a
/// fact, in its whole order (as `kbcx apply-rules --variant anyburl` writes it). Not thread-safe
/// (the reach caches are shared state).
class RuleScorer final : public KgScorer {
  public:
    /// `evaluated`: the facts the evaluation scores (the benchmark's valid and test positives and
    /// negatives). Their distinct confidence lists, sorted by max aggregation, are the score's
    /// levels, so that the whole order AnyBURL's aggregation gives them is kept (not only the
    /// first four confidences, as encode_confidences keeps).
    RuleScorer(std::shared_ptr<const kg::KnowledgeGraph> graph, const learn::LearntRuleSet& rules, std::string note,
               std::span<const rules::GroundFact> evaluated)
        : graph_(std::move(graph)), model_(graph_, rules), note_(std::move(note)) {
        for (const auto& f : evaluated)
            if (auto l = list_of(f); !l.empty()) levels_.push_back(std::move(l));
        std::sort(levels_.begin(), levels_.end(),
                  [](const auto& a, const auto& b) { return learn::max_aggregation_less(a, b); });
        levels_.erase(std::unique(levels_.begin(), levels_.end()), levels_.end());
    }

    /// 0 when no rule predicts f; else level k of n scores k / n, and a list between levels k and
    /// k + 1 (a fact outside the evaluated set) scores (k + ½) / n: one order over every fact.
    double score(const rules::GroundFact& f) const override {
        if (f.unary) return kLowest; // path rules predict binary facts only
        return level_score(list_of(f));
    }

    void score_slot(const rules::GroundFact& f, int slot, kg::Id n, std::vector<double>& out) const override {
        const auto& K = graph_->facts;
        if (slot == 2 || f.unary || f.s >= K.num_entities() || f.o >= K.num_entities() || f.pred >= K.num_relations()) {
            KgScorer::score_slot(f, slot, n, out); // relations: few, one fact each
            return;
        }
        out.assign(n, 0.0);
        // One head query (?, r, t) or tail query (h, r, ?) yields every predicted candidate with
        // its descending confidence list, the same list confidences() gives for that fact.
        const auto cands = slot == 0 ? model_.heads(f.o, f.pred, from_t_) : model_.tails(f.s, f.pred, from_h_);
        for (const auto& [c, confs] : cands)
            if (c < n) out[c] = level_score(confs);
    }

    std::string note() const override { return note_; }

  private:
    std::vector<double> list_of(const rules::GroundFact& f) const {
        const auto& K = graph_->facts;
        if (f.unary || f.s >= K.num_entities() || f.o >= K.num_entities() || f.pred >= K.num_relations()) return {};
        return model_.confidences(f.s, f.pred, f.o, from_h_, from_t_);
    }
    double level_score(const std::vector<double>& l) const {
        if (l.empty()) return 0;
        const auto it = std::lower_bound(levels_.begin(), levels_.end(), l, [](const auto& a, const auto& b) {
            return learn::max_aggregation_less(a, b);
        });
        const double k = static_cast<double>(it - levels_.begin());
        const double n = static_cast<double>(std::max<std::size_t>(1, levels_.size()));
        return (it != levels_.end() && *it == l ? k + 1 : k + 0.5) / n;
    }

    std::shared_ptr<const kg::KnowledgeGraph> graph_;
    learn::RuleModel model_;
    std::string note_;
    std::vector<std::vector<double>> levels_; ///< distinct confidence lists, ascending by max aggregation
    mutable learn::ReachCache from_h_, from_t_;
};

} // namespace

void KgScorer::score_slot(const rules::GroundFact& f, int slot, kg::Id n, std::vector<double>& out) const {
    out.resize(n);
    for (kg::Id c = 0; c < n; ++c) {
        rules::GroundFact g = f;
        (slot == 0 ? g.s : slot == 1 ? g.o : g.pred) = c;
        out[c] = score(g);
    }
}

std::size_t KgBench::FactKeyHash::operator()(const FactKey& k) const noexcept {
    std::uint64_t x = k.a * 0x9E3779B97F4A7C15ull ^ (k.b + 0x632BE59BD9B4E019ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return static_cast<std::size_t>(x ^ (x >> 31));
}

KgBench::FactKey KgBench::key_of(const rules::GroundFact& f) {
    return {(std::uint64_t{f.unary} << 63) | (std::uint64_t{f.pred} << 32) | f.s, f.unary ? 0 : std::uint64_t{f.o}};
}

bool KgBench::is_positive(const rules::GroundFact& f) const {
    const kg::FactStore& K = graph().facts;
    if (f.unary) {
        if (f.pred < K.num_types() && f.s < K.num_entities() && K.has_type(f.s, f.pred)) return true;
    } else if (f.pred < K.num_relations() && K.contains(f.s, f.pred, f.o)) {
        return true;
    }
    return positives.count(key_of(f)) > 0;
}

KgBench make_kg_bench(const std::string& kg_name, const bench::GenerateParams& params, jobs::JobContext& ctx) {
    KgBench b;
    b.kg_name = kg_name;
    b.gen = bench::generate_benchmark(params, ctx);
    const kg::FactStore& K = b.graph().facts;
    b.train.reserve(K.num_facts() + b.gen.positives[bench::kTrain].size());
    kg::FactStoreBuilder store;
    store.reserve(K.num_facts() + b.gen.positives[bench::kTrain].size());
    K.for_each_fact([&](const kg::Triple& t) {
        b.train.push_back(t);
        store.add(t.s, t.r, t.o);
    });
    for (kg::Id t = 0; t < K.num_types(); ++t)
        for (kg::Id e : K.instances(t))
            store.add_type(e, t);
    for (const auto& p : b.gen.positives[bench::kTrain]) {
        if (p.fact.unary) {
            store.add_type(p.fact.s, p.fact.pred);
            continue;
        }
        b.train.push_back({p.fact.s, p.fact.pred, p.fact.o});
        store.add(p.fact.s, p.fact.pred, p.fact.o);
    }
    b.train_store = std::make_shared<const kg::FactStore>(
        std::move(store).build(K.num_entities(), K.num_relations(), K.num_types()));
    for (const auto& split : b.gen.positives)
        for (const auto& p : split)
            b.positives.insert(KgBench::key_of(p.fact));
    if (params.variant == bench::Variant::LogInfer)
        for (const auto& n : b.gen.negatives[bench::kTrain])
            if (!n.fact.unary) b.train_negatives.push_back({n.fact.s, n.fact.pred, n.fact.o});
    return b;
}

bool KgBench::negative_in_pattern(const bench::Negative& n, int split, const std::string& pattern) const {
    if (pattern.empty()) return true;
    if (n.target != bench::kNoIndex)
        return pattern_of(gen.positives.at(static_cast<std::size_t>(split)).at(n.target)) == pattern;
    if (n.rule != bench::kNoIndex) return gen.rules.at(n.rule).pattern == pattern;
    const kg::Vocabulary& v = graph().vocab;
    const std::string_view pred = n.fact.unary ? v.types().name(n.fact.pred) : v.relations().name(n.fact.pred);
    for (const bench::BenchRule& r : gen.rules)
        if (r.pattern == pattern && r.rule.head.unary() == n.fact.unary && r.rule.head.predicate == pred) return true;
    return false;
}

KgTrainPlan::Sizes KgTrainPlan::sizes_for(const std::string& model) const {
    if (model == "rgcn") {
        const embed::RgcnVariantTraining t = embed::rgcn_variant_training(embed::default_el_variant("rgcn"));
        return {t.batch, t.neg, t.lr};
    }
    return {batch, neg, lr};
}

embed::KgTrainParams KgTrainPlan::params_for(const std::string& model, bool train_negatives, std::uint64_t seed) const {
    embed::KgTrainParams p;
    p.model.name = model;
    p.model.dim = dim;
    p.model.gamma = gamma;
    p.train.epochs = epochs;
    const Sizes sizes = sizes_for(model);
    p.train.batch = sizes.batch;
    p.train.neg = sizes.neg;
    p.train.chunk = std::min(64, sizes.neg);
    p.train.threads = threads;
    p.train.seed = seed;
    p.train.lr = sizes.lr;
    p.train.margin = gamma;
    p.train.eval_every = 0; // no validation split is given: nothing is evaluated while training
    // R-GCN as its authors release it, with their FB15k-237 settings (dimension and blocks
    // included: `kbcx train --model rgcn`'s defaults); only the epochs are the finding's.
    if (model == "rgcn") embed::apply_rgcn_variant(embed::default_el_variant("rgcn"), p.model, p.train);
    // The benchmark's own train negatives (loginfer): one of each positive's negatives comes
    // from them, as the release pairs one train negative with each train.txt line; the rest
    // are corrupted entities. R-GCN's authors' variant draws only its own, as released.
    if (train_negatives && model != "rgcn" && sizes.neg > 0) p.train.p_bot = 1.0f / static_cast<float>(sizes.neg);
    return p;
}

KgSystem embedding_system(const std::string& model, const KgTrainPlan& plan) {
    KgSystem s;
    s.name = model;
    s.train = [model, plan](const KgBench& b, std::uint64_t seed, jobs::JobContext& ctx) -> std::unique_ptr<KgScorer> {
        embed::TripleDataset data;
        data.graph = b.gen.params.graph;
        data.train = b.train;
        data.paths = {"train.txt of the " + b.kg_name + " benchmark (in memory)"};
        const embed::KgTrainParams p = plan.params_for(model, !b.train_negatives.empty(), seed);
        if (p.train.p_bot > 0) data.negatives = b.train_negatives;
        std::unique_ptr<embed::KgModel> trained;
        embed::train_kg(data, p, ctx, &trained);
        return std::make_unique<ModelScorer>(std::move(trained));
    };
    return s;
}

KgSystem simpbl_system() {
    KgSystem s;
    s.name = "SimpBL";
    s.decides = true;
    s.kind = KgSystemKind::Baseline;
    s.train = [](const KgBench& b, std::uint64_t, jobs::JobContext&) -> std::unique_ptr<KgScorer> {
        return std::make_unique<SimpBLScorer>(*b.train_store);
    };
    return s;
}

std::pair<std::uint64_t, double> rule_budget(const KgRulePlan& plan, const KgBench& b) {
    const auto n = std::max<std::size_t>(1, b.gen.params.patterns.size());
    return {plan.samples_per_pattern * n, plan.seconds_per_pattern * static_cast<double>(n)};
}

KgSystem rule_learner_system(const KgRulePlan& plan) {
    KgSystem s;
    s.name = "AnyBURL-style";
    s.kind = KgSystemKind::RuleLearner;
    s.train = [plan](const KgBench& b, std::uint64_t seed, jobs::JobContext& ctx) -> std::unique_ptr<KgScorer> {
        // train.txt as a graph over K's vocabulary (rules are matched by name in RuleModel).
        auto graph = std::make_shared<kg::KnowledgeGraph>();
        const kg::Vocabulary& v = b.graph().vocab;
        for (auto ns : {kg::Namespace::Entity, kg::Namespace::Relation, kg::Namespace::Type}) {
            const kg::Interner& from = v.names(ns);
            kg::Interner& to = graph->vocab.names(ns);
            to.reserve(from.size());
            for (kg::Id id = 0; id < from.size(); ++id)
                to.intern(from.name(id)); // the same ids: names are interned in id order
        }
        graph->vocab.prefixes() = v.prefixes();
        graph->facts = *b.train_store;
        learn::LearnParams lp;
        lp.graph = graph;
        lp.mode = learn::LearnMode::AnyBURL;
        std::tie(lp.max_samples, lp.seconds) = rule_budget(plan, b);
        lp.max_length = plan.max_length;
        lp.threads = static_cast<unsigned>(std::max(1, plan.threads));
        lp.seed = seed;
        const learn::LearnResult res = learn::learn_rules(lp, ctx);
        learn::LearntRuleSet set;
        set.file = "<learnt on " + b.kg_name + " train.txt>";
        set.format = "anyburl";
        set.rules = res.rules;
        char note[160];
        std::snprintf(note, sizeof note, "%zu rules from %llu sampled paths in %.1f s", res.rules.size(),
                      static_cast<unsigned long long>(res.samples), res.seconds);
        std::vector<rules::GroundFact> evaluated;
        for (int split : {bench::kValid, bench::kTest}) {
            const auto i = static_cast<std::size_t>(split);
            for (const auto& p : b.gen.positives[i])
                evaluated.push_back(p.fact);
            for (const auto& n : b.gen.negatives[i])
                evaluated.push_back(n.fact);
        }
        return std::make_unique<RuleScorer>(graph, set, note, evaluated);
    };
    return s;
}

KgEval evaluate_system(const KgBench& b, const KgScorer& scorer, bool decides, const KgEvalPlan& plan,
                       jobs::JobContext& ctx) {
    KgEval ev;
    const auto& pos = b.gen.positives;
    const auto& neg = b.gen.negatives;
    auto in_pattern = [&](const bench::Positive& p) { return plan.pattern.empty() || b.pattern_of(p) == plan.pattern; };
    auto split_scores = [&](int split, std::vector<double>& ps, std::vector<double>& ns) {
        const auto s = static_cast<std::size_t>(split);
        for (const auto& p : pos[s])
            if (in_pattern(p)) ps.push_back(scorer.score(p.fact));
        for (const auto& n : neg[s])
            if (b.negative_in_pattern(n, s, plan.pattern)) ns.push_back(scorer.score(n.fact));
    };
    std::vector<double> vp, vn, tp, tn;
    split_scores(bench::kValid, vp, vn);
    split_scores(bench::kTest, tp, tn);
    ev.valid_pos = vp.size(), ev.valid_neg = vn.size(), ev.test_pos = tp.size(), ev.test_neg = tn.size();
    ev.threshold = decides ? 1.0 : bench::best_f1_threshold(vp, vn);
    ev.test = bench::classify(tp, tn, ev.threshold);
    if (const auto a = bench::roc_auc(tp, tn)) ev.auc = *a;
    if (decides || !plan.ranking) return ev;
    ev.ranking_mode = plan.mode;
    if (plan.mode == bench::RankingMode::Paper) {
        std::vector<rules::GroundFact> qf, nf;
        std::vector<double> qs, ns;
        for (const auto& p : pos[bench::kTest])
            if (in_pattern(p)) qf.push_back(p.fact), qs.push_back(scorer.score(p.fact));
        for (const auto& n : neg[bench::kTest])
            if (!b.is_positive(n.fact)) nf.push_back(n.fact), ns.push_back(scorer.score(n.fact));
        const bench::NegativeRanking nr = bench::rank_among_negatives(qf, qs, nf, ns);
        ev.ranked = true;
        ev.queries = nr.constant.queries;
        ev.constant = nr.constant;
        ev.relation = nr.relation;
        ev.empty_constant = nr.empty_constant;
        ev.empty_relation = nr.empty_relation;
        return ev;
    }

    // Filtered ranking of binary test positives, as eval-kg: head and tail over every entity
    // (C-), relation over every relation (R-), known positives skipped, ties counted ½.
    std::vector<rules::GroundFact> queries;
    for (const auto& p : pos[bench::kTest])
        if (in_pattern(p) && !p.fact.unary) queries.push_back(p.fact);
    if (plan.max_queries > 0 && queries.size() > plan.max_queries) {
        std::mt19937_64 rng(plan.seed);
        std::shuffle(queries.begin(), queries.end(), rng);
        queries.resize(plan.max_queries);
        std::sort(queries.begin(), queries.end());
    }
    const kg::FactStore& K = b.graph().facts;
    const auto E = static_cast<kg::Id>(K.num_entities()), R = static_cast<kg::Id>(K.num_relations());
    std::vector<double> c_ranks, r_ranks, others, all;
    for (std::size_t qi = 0; qi < queries.size(); ++qi) {
        ctx.throw_if_stopped();
        ctx.report(qi, queries.size(), "Ranking");
        const rules::GroundFact& f = queries[qi];
        const double target = scorer.score(f);
        for (int slot = 0; slot < 3; ++slot) {
            others.clear();
            const kg::Id n = slot == 2 ? R : E;
            scorer.score_slot(f, slot, n, all);
            for (kg::Id c = 0; c < n; ++c) {
                rules::GroundFact g = f;
                (slot == 0 ? g.s : slot == 1 ? g.o : g.pred) = c;
                if (g == f || b.is_positive(g)) continue;
                others.push_back(all[c]);
            }
            (slot == 2 ? r_ranks : c_ranks).push_back(bench::tie_rank(target, others));
        }
    }
    ev.ranked = true;
    ev.queries = queries.size();
    ev.constant = bench::summarize_ranks(c_ranks);
    ev.relation = bench::summarize_ranks(r_ranks);
    return ev;
}

std::optional<RuleLimits> loginfer_fb_release_limits(const std::string& pattern) {
    if (pattern == "symmetry") return RuleLimits{50, 200};
    if (pattern == "intersection") return RuleLimits{bench::kAll, bench::kAll};
    if (pattern == "inversion" || pattern == "hierarchy") return RuleLimits{200, 200};
    return std::nullopt;
}

RuleLimits fb_rule_limits(const KgFindingPlan& p, const std::vector<std::string>& group) {
    if (p.variant == bench::Variant::LogInfer && group.size() == 1)
        if (const auto r = loginfer_fb_release_limits(group.front())) return *r;
    return RuleLimits{p.k1, p.k2_fb};
}

std::string kg_plan_fingerprint(const std::string& finding, const Options& o, const KgFindingPlan& p) {
    std::string models;
    for (const auto& m : p.models)
        models += (models.empty() ? "" : ",") + m;
    std::ostringstream s;
    s << finding << " mode=" << mode_name(o.mode) << " seeds=" << p.seeds << " epochs=" << p.train.epochs
      << " dim=" << p.train.dim << " batch=" << p.train.batch << " neg=" << p.train.neg
      << " lr=" << PartialResults::encode(p.train.lr) << " gamma=" << PartialResults::encode(p.train.gamma)
      << " k1=" << p.k1 << " k2=" << p.k2_fb << "/" << p.k2_wn;
    for (const char* pat : {"symmetry", "intersection"}) { // the release's own k1, k2 (negative-difficulty)
        const RuleLimits l = fb_rule_limits(p, {pat});
        s << " " << pat << "=" << bench::limit_text(l.k1) << "/" << bench::limit_text(l.k2);
    }
    s << " queries=" << p.max_queries << " ranking=paper simpbl=paper grouped=" << p.grouped
      << " variant=" << bench::variant_name(p.variant) << " models=" << models
      << " rules=" << p.rules.samples_per_pattern << "/" << PartialResults::encode(p.rules.seconds_per_pattern) << "/"
      << p.rules.max_length;
    for (const auto& m : p.models) {
        const auto z = p.train.sizes_for(m);
        s << " " << m << "=" << z.batch << "/" << z.neg << "/" << PartialResults::encode(z.lr);
    }
    for (const char* kg : {"FB15k-237", "WN18RR"}) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(source_kg_path(o, kg), ec);
        s << " " << kg << "=" << (ec ? std::string("absent") : std::to_string(size));
    }
    return s.str();
}

std::string source_kg_path(const Options& o, const std::string& name) {
    return data_file(o.data_dir, "kg/" + name + "/train.txt");
}

std::shared_ptr<const kg::KnowledgeGraph> load_source_kg(const Options& o, const std::string& name,
                                                         jobs::JobContext& ctx, bench::Variant variant) {
    jobs::LoadKgParams p;
    p.paths = {source_kg_path(o, name)};
    if (variant == bench::Variant::LogInfer)
        for (const char* split : {"valid", "test"})
            p.paths.push_back(data_file(o.data_dir, "kg/" + name + "/" + split + ".txt"));
    for (const std::string& path : p.paths) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec))
            throw InputError(path, "the " + name + " triples are missing (set --data to the data folder)");
    }
    return jobs::load_kg(p, ctx).graph;
}

double process_cpu_seconds() {
    rusage u{};
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
    auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
    return sec(u.ru_utime) + sec(u.ru_stime);
}

} // namespace kbcx::repro
