// The ontology findings' shared parts (faithfulness-hierarchy paper, findings 1–4 and 7): their
// plans, models and variants, settings texts, commands, orderings and the variant-sensitivity table.
#include "repro/findings.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/el_models.hpp"
#include "repro/markdown.hpp"
#include "repro/onto_finding_parts.hpp"
#include "repro/onto_lab.hpp"
#include "repro/published.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <numeric>
#include <sstream>

namespace kbcx::repro {

namespace fs = std::filesystem;

namespace onto_parts {

// ---- the findings' models and variants -------------------------------------------------

/// The models of each ontology finding before --models, in table order (another name: the three
/// logic-geometric models).
const std::vector<std::string>& finding_models(const std::string& finding) {
    static const std::vector<std::string> seven = {"ELEmbeddings", "EmEL++",  "Box2EL", "TransE-L1",
                                                   "DistMult",     "ComplEx", "BoxE"};
    static const std::vector<std::string> gci1 = {"ELEmbeddings", "EmEL++", "Box2EL", "ELEmbeddings-iv"};
    static const std::vector<std::string> three = {"ELEmbeddings", "EmEL++", "Box2EL"};
    if (finding == "rank-vs-faithfulness" || finding == "relative-count-ranking") return seven;
    if (finding == "gci1-inversion") return gci1;
    return three;
}

std::vector<std::string> models_or(const Options& o, const std::vector<std::string>& defaults) {
    if (o.models.empty()) return defaults;
    std::vector<std::string> keep;
    for (const auto& m : defaults)
        if (std::find(o.models.begin(), o.models.end(), m) != o.models.end()) keep.push_back(m);
    return keep.empty() ? defaults : keep;
}

std::vector<std::string> el_models_of(const std::vector<std::string>& models) {
    std::vector<std::string> el;
    for (const auto& m : models)
        if (embed::is_el_model_name(m)) el.push_back(m);
    return el;
}

/// "ELEmbeddings: paper, mowl, dele, kbcx; EmEL++: paper, kracr, kbcx" for the EL models of `models`.
std::string variants_text(const std::vector<std::string>& models) {
    std::string s;
    for (const auto& m : el_models_of(models))
        s += (s.empty() ? "" : "; ") + m + ": " + embed::el_variant_list(m);
    return s;
}

/// Options::el_variant checked for `finding` (nullopt when empty). Throws std::invalid_argument
/// with the reason, to follow "--variant NAME: ".
std::optional<embed::ElVariant> checked_el_variant(const std::string& finding, const Options& o) {
    if (o.el_variant.empty()) return std::nullopt;
    std::optional<embed::ElVariant> v;
    try {
        v = embed::parse_el_variant(o.el_variant);
    } catch (const std::invalid_argument&) {
    }
    if (finding == kSweep) {
        if (v == embed::ElVariant::Kbcx) return v;
        throw std::invalid_argument(std::string(kSweep) +
                                    " sweeps p⊥, which only the kbcx objective has, so its models train kbcx (the "
                                    "only --variant it takes; --sensitivity adds every variant at p⊥ = 0)");
    }
    const auto models = models_or(o, finding_models(finding));
    if (v)
        for (const auto& m : el_models_of(models)) {
            const auto& vs = embed::el_variants(embed::canonical_el_model_name(m));
            if (std::find(vs.begin(), vs.end(), *v) != vs.end()) return v;
        }
    throw std::invalid_argument("no EL model of " + finding + " has it (" + variants_text(models) + ")");
}

// ---- mode defaults ---------------------------------------------------------------------

/// The plan of `finding` under `o`; a --variant the finding does not take is an InputError.
Plan plan_of(const Options& o, const std::string& finding) {
    const bool full = o.mode == Mode::Full;
    Plan p{full ? 5 : 2,
           full ? 1000 : 100,
           full ? 50 : 20,
           full ? std::size_t{100} : std::size_t{30},
           o.threads,
           o.mode,
           o.epochs > 0,
           o.dim > 0,
           std::nullopt,
           o.sensitivity.value_or(full),
           {}};
    p.graph = graph_baselines(o);
    if (o.seeds > 0) p.seeds = o.seeds;
    if (o.epochs > 0) p.epochs = o.epochs;
    if (o.dim > 0) p.dim = o.dim;
    if (o.per_band > 0) p.per_band = o.per_band;
    try {
        p.variant = checked_el_variant(finding, o);
    } catch (const std::invalid_argument& e) {
        throw InputError("--variant " + o.el_variant, e.what());
    }
    return p;
}

std::string g_text(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

} // namespace onto_parts

using namespace onto_parts;

ModeDefaults onto_mode_defaults(Mode m) {
    Options o;
    o.mode = m;
    const Plan p = plan_of(o);
    using R = embed::ElReleasedDefaults;
    using K = embed::ElKracrDefaults;
    const std::string own =
        R::epochs == K::epochs
            ? "mowl, paper, dele, kracr: dim " + std::to_string(R::dim) + ", " + std::to_string(R::epochs) + " epochs"
            : "mowl, paper, dele: dim " + std::to_string(R::dim) + ", " + std::to_string(R::epochs) +
                  " epochs; kracr " + std::to_string(K::epochs);
    return {p.seeds, p.epochs, p.dim, p.per_band,
            "dim and epochs of the triple models and EL kbcx; the released EL variants (each EL model's default) "
            "at their own (" +
                own + "); variant sensitivity " + (p.sensitivity ? "on" : "off")};
}

void set_onto_variant(const std::string& finding, const std::string& name, Options& o) {
    o.el_variant = name;
    checked_el_variant(finding, o);
}

namespace onto_parts {

std::vector<std::string> forms_or(const Options& o, std::vector<std::string> defaults) {
    if (o.forms.empty()) return defaults;
    std::vector<std::string> keep;
    for (const auto& f : defaults)
        if (std::find(o.forms.begin(), o.forms.end(), f) != o.forms.end()) keep.push_back(f);
    return keep.empty() ? defaults : keep;
}

std::string work_dir(const Options& o, const std::string& name) {
    return (fs::path(o.out_dir.empty() ? "." : o.out_dir) / name / "work").string();
}

std::vector<eval::TestSet> tests_per_form(OntoLab& lab, const std::vector<std::string>& forms, std::size_t per_band,
                                          std::uint32_t domain, StepProgress& prog, std::uint64_t& step) {
    std::vector<eval::TestSet> tests;
    for (const auto& nf : forms) {
        auto c = prog.step(step++, "sampling and counting " + nf + " tests");
        tests.push_back(lab.tests(nf, per_band, 1, domain, c).first);
    }
    return tests;
}

std::vector<const eval::TestSet*> pointers_to(const std::vector<eval::TestSet>& tests) {
    std::vector<const eval::TestSet*> out;
    for (const auto& t : tests)
        out.push_back(&t);
    return out;
}

/// How an EL model trains under its settings, in words (the variant's objective is in the README).
std::string el_training_text(const embed::ElTrainParams& p) {
    const auto& st = p.train;
    std::string s = "dim " + std::to_string(p.model.dim) + ", " + std::to_string(st.epochs) + " epochs";
    switch (p.model.variant) {
    case embed::ElVariant::Kbcx:
        s += " of " + std::to_string(st.batch) + " axioms per step with " + std::to_string(st.neg) +
             " corrupted negatives per axiom, lazy Adam lr " + g_text(st.lr);
        break;
    case embed::ElVariant::Mowl:
    case embed::ElVariant::Paper:
        s += " of one dense Adam step on the whole set (lr " + g_text(st.lr) +
             "), one negative per GCI2 axiom (its filler replaced by any class)";
        break;
    case embed::ElVariant::Dele:
        s += " at most of one dense Adam step on the whole set (lr " + g_text(st.lr) + "), one negative per " +
             embed::neg_forms_text(p.model.neg_forms) +
             " axiom drawn once, the rate cut on a plateau of the training GCI0 loss and an early stop";
        break;
    case embed::ElVariant::Kracr:
        s += " of ⌈largest form / " + std::to_string(st.batch) + "⌉ Adam steps (lr " + g_text(st.lr) + ") on " +
             std::to_string(st.batch) + " axioms of every form, two negatives per GCI2 axiom drawn once";
        break;
    case embed::ElVariant::Authors: break;
    }
    return s;
}

/// The EL models' training for the settings paragraph: which variant each model runs (and why),
/// how it trains, and which of a variant's own defaults the mode or an option replaced.
std::string el_settings_text(const std::vector<std::string>& models, const Plan& p, const TrainPlan& tp) {
    const auto el = el_models_of(models);
    if (el.empty()) return {};
    std::string s = "EL models as `kbcx train ONTO --model M --variant V` trains them (the commands below): ";
    std::string overridden, kept_default;
    int kept = 0;
    bool released = false;
    for (std::size_t i = 0; i < el.size(); ++i) {
        const std::string& m = el[i];
        const embed::ElTrainParams ep = el_train_params(m, tp, 1);
        const embed::ElVariant v = ep.model.variant;
        const std::string vn(embed::el_variant_name(v));
        released = released || v != embed::ElVariant::Kbcx;
        s += (i ? "; " : "") + m + " " + vn + " — " + el_training_text(ep);
        const embed::ElTrainParams own = embed::el_default_train_params(embed::canonical_el_model_name(m), v);
        if (own.train.epochs != ep.train.epochs || own.model.dim != ep.model.dim)
            overridden += (overridden.empty() ? "" : "; ") + m + " " + vn + " (its own: dim " +
                          std::to_string(own.model.dim) + ", " + std::to_string(own.train.epochs) + " epochs)";
        if (tp.variant && v != *tp.variant) {
            kept_default += (kept_default.empty() ? "" : ", ") + m + " (" + vn + ")";
            ++kept;
        }
    }
    s += ". ";
    if (tp.variant) {
        const std::string vn(embed::el_variant_name(*tp.variant));
        s += "`--variant " + vn + "`: the models that have " + vn + " train it" +
             (kept_default.empty() ? ""
              : kept == 1          ? "; " + kept_default + " lacks it and keeps its default"
                                   : "; " + kept_default + " lack it and keep their default") +
             ". ";
    } else {
        s += "Each model trains its default variant (the one `kbcx train` picks without --variant). ";
    }
    if (!overridden.empty())
        s += std::string(p.epochs_given || p.dim_given ? "--epochs / --dim set"
                         : p.mode == Mode::Full        ? "Full mode sets"
                                                       : "Quick mode sets") +
             " the dim and epochs of " + overridden + ". ";
    if (released && !p.epochs_given && !p.dim_given)
        s += std::string(p.mode == Mode::Full ? "Full" : "Quick") +
             " mode keeps each released variant's own dim and epochs (an epoch of mowl, paper or dele is one "
             "full-batch step, of kracr a few steps per form, so a run takes seconds); it sets only kbcx's. ";
    return s;
}

/// The kbcx commands equivalent to the sampling, counting and EL training of a run.
void add_commands(Report& r, const Plan& p, const TrainPlan& tp, const std::vector<std::string>& forms,
                  const std::vector<std::string>& models, std::uint32_t domain, bool pool) {
    const std::string onto = "$DATA/onto/pizza.owl";
    for (const auto& nf : forms) {
        r.commands.push_back("kbcx sample " + onto + " --nf " + nf + " --n " + std::to_string(p.per_band) +
                             " --seed 1 --out tests_" + nf + ".tsv");
        r.commands.push_back("kbcx count " + onto + " --tbox-only --domain " + std::to_string(domain) +
                             " --no-reasoner --candidates tests_" + nf + ".tsv");
    }
    bool triples = false;
    for (const auto& m : models) {
        if (is_triple_model(m)) {
            triples = true;
            continue;
        }
        const embed::ElTrainParams ep = el_train_params(m, tp, 1);
        const auto& st = ep.train;
        const std::string vn(embed::el_variant_name(ep.model.variant));
        std::string c = "kbcx train " + onto + " --model " + m + " --variant " + vn + " --dim " +
                        std::to_string(ep.model.dim) + " --epochs " + std::to_string(st.epochs);
        if (ep.model.variant == embed::ElVariant::Kbcx)
            c += " --batch " + std::to_string(st.batch) + " --neg " + std::to_string(st.neg) + " --lr " + g_text(st.lr);
        c += " --threads " + std::to_string(st.threads) + " --seed 1 --tests tests_" + forms.front() +
             ".tsv --eval-every " + std::to_string(st.eval_every) + " --run runs/" + m + "-" + vn + "-s1";
        if (ep.model.variant == embed::ElVariant::Kbcx && (tp.p_bot > 0 || pool)) c += " --p-bot P --pool pool.tsv";
        r.commands.push_back(c);
    }
    if (p.sensitivity && !el_models_of(models).empty())
        r.commands.push_back("# variant sensitivity: the same kbcx train line with --variant V for every variant of "
                             "each EL model (" +
                             variants_text(models) + "), the variant's own dim and epochs as above");
    if (triples)
        r.commands.push_back(
            std::string("kbcx project ") + onto + " --projection " + onto::projection_name(p.graph.projection) +
            " --out graph.tsv  # then kbcx train graph.tsv with the " + embed::graph_training_name(p.graph.training) +
            " settings (kbcx project prints them); the GCI0/GCI2 candidates are scored in-process");
}

// ---- tables ----------------------------------------------------------------------------

/// "ours − paper" of the means, and the largest absolute difference seen.
std::vector<std::string> diff_cells(const std::string& label, const PerSeed& runs, const std::string& table,
                                    const std::string& model, double* largest) {
    std::vector<std::string> cells{label};
    const auto row = published(table, model);
    for (std::size_t i = 0; i < 7; ++i) {
        if (!row) {
            cells.emplace_back("–");
            continue;
        }
        const double d = stat(runs, kMetricKeys[i]).mean - row->mean[i];
        if (largest && std::isfinite(d)) *largest = std::max(*largest, std::abs(d));
        cells.push_back(std::isfinite(d) ? (d >= 0 ? "+" : "") + number_text(d, 2) : "–");
    }
    return cells;
}

/// Models sorted by a metric (best first; `lower_better` for FVR and Pair-FVR), names joined.
std::vector<std::string> order_by(const std::vector<std::string>& models, const std::map<std::string, PerSeed>& res,
                                  const char* key, bool lower_better) {
    std::vector<std::string> o = models;
    std::stable_sort(o.begin(), o.end(), [&](const std::string& a, const std::string& b) {
        const double x = stat(res.at(a), key).mean, y = stat(res.at(b), key).mean;
        return lower_better ? x < y : x > y;
    });
    return o;
}

std::string join_models(const std::vector<std::string>& models, const std::string& sep) {
    std::vector<std::string> names;
    for (const auto& m : models)
        names.push_back(display(m));
    return join(names, sep);
}

/// Kendall's τ between two orderings of the same items.
double kendall(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const std::size_t n = a.size();
    if (n < 2) return 1;
    auto pos = [&](const std::string& m) { return static_cast<long>(std::find(b.begin(), b.end(), m) - b.begin()); };
    long conc = 0, disc = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            (pos(a[i]) < pos(a[j]) ? conc : disc) += 1;
    return static_cast<double>(conc - disc) / static_cast<double>(conc + disc);
}

/// The same orderings computed on the paper's published means.
std::vector<std::string> paper_order(const std::vector<std::string>& models, const std::string& table,
                                     std::size_t metric, bool lower_better) {
    std::vector<std::string> o;
    for (const auto& m : models)
        if (published(table, m)) o.push_back(m);
    std::stable_sort(o.begin(), o.end(), [&](const std::string& a, const std::string& b) {
        const double x = published(table, a)->mean[metric], y = published(table, b)->mean[metric];
        return lower_better ? x < y : x > y;
    });
    return o;
}

std::string settings_paragraph(const Plan& p, const OntoLab& lab, std::uint32_t domain,
                               const std::vector<std::string>& models, const TrainPlan& tp) {
    std::ostringstream s;
    s << "Settings: Pizza's EL part (" << lab.data().axioms.size() << " normal-form axioms, "
      << lab.data().names.named_concepts << " named classes, " << lab.data().dropped_non_el
      << " non-EL axioms dropped); test sets of up to " << p.per_band
      << " axioms per band (T+, T?, T−) drawn by the reasoner's sampler (seed 1, incoherence reading); P counted "
         "exactly over |Δ| = "
      << domain << " on the TBox; " << p.seeds << " seed(s). " << el_settings_text(models, p, tp);
    std::vector<std::string> triples;
    for (const auto& m : models)
        if (is_triple_model(m)) triples.push_back(m);
    if (!triples.empty()) s << lab.graph_baselines_text(tp, triples) << ". ";
    s << "Ranking metrics (MRR, Hits@10, Adm@10) use one query per T+ axiom over the names in the test set, "
         "filtered.";
    return s.str();
}

// ---- what was trained, and the variant sensitivity ------------------------------------

void record(RunLog& log, const std::string& model, const RunMetrics& rm) {
    if (rm.variant.empty()) return; // a triple model
    auto& v = log[{model, rm.variant}];
    v.by_test.resize(std::max(v.by_test.size(), rm.final_metrics.size()));
    for (std::size_t i = 0; i < rm.final_metrics.size(); ++i)
        v.by_test[i].push_back(metric_row(rm.final_metrics[i]));
    v.dims.push_back(rm.dim);
    v.epochs.push_back(rm.epochs);
    v.epochs_run.push_back(rm.epochs_run);
}

std::string range_text(const std::vector<int>& v) {
    if (v.empty()) return "–";
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return *lo == *hi ? std::to_string(*lo) : std::to_string(*lo) + "–" + std::to_string(*hi);
}

/// What each EL model's runs trained (variant, dim, epochs planned and run), read back from the
/// trained models of `log` for the variants `tp` gives them.
Table trained_table(const std::vector<std::string>& models, const TrainPlan& tp, const RunLog& log) {
    Table t{"What was trained (read back from the trained models)",
            {"model", "variant", "dim", "epochs", "epochs run", "runs"},
            {}};
    for (const auto& m : el_models_of(models)) {
        const std::string vn(embed::el_variant_name(el_variant_of(m, tp)));
        const auto it = log.find({m, vn});
        if (it == log.end()) continue;
        const VariantRuns& v = it->second;
        t.rows.push_back(
            {m, vn, range_text(v.dims), range_text(v.epochs), range_text(v.epochs_run), std::to_string(v.dims.size())});
    }
    return t;
}

/// The (EL model, variant) pairs the sensitivity trains that `tp`'s runs do not: every variant of
/// each EL model of `models` but the one it runs (the extra steps of a finding's progress).
std::size_t sensitivity_runs(const Plan& p, const std::vector<std::string>& models) {
    if (!p.sensitivity) return 0;
    std::size_t n = 0;
    for (const auto& m : el_models_of(models))
        n += embed::el_variants(embed::canonical_el_model_name(m)).size() - 1;
    return n * static_cast<std::size_t>(p.seeds);
}

std::vector<std::size_t> all_indices(std::size_t n) {
    std::vector<std::size_t> v(n);
    std::iota(v.begin(), v.end(), std::size_t{0});
    return v;
}

/// The position of metric `key` in kMetricKeys (the order of a published row).
std::size_t metric_index(const std::string& key) {
    return static_cast<std::size_t>(std::find(kMetricKeys.begin(), kMetricKeys.end(), key) - kMetricKeys.begin());
}

/// The variant-sensitivity section. With the plan's sensitivity on, trains (p⊥ = 0, the seeds of
/// the plan, no curve) every variant of each EL model of `models` that `log` lacks, evaluates it
/// on `tests`, and tabulates per test set of `shown` one row per (model, variant): AUC±, FVR,
/// Pair-FVR, ρ_P, MRR (means over seeds), whether the finding's runs above used it and `verdict`.
Section sensitivity_section(OntoLab& lab, const Plan& p, const TrainPlan& tp, const std::vector<std::string>& models,
                            const std::vector<const eval::TestSet*>& tests, const std::vector<std::string>& labels,
                            const std::vector<std::size_t>& shown, RunLog& log, StepProgress& prog, std::uint64_t& step,
                            const Verdict& verdict) {
    Section s;
    s.heading = "Variant sensitivity";
    const auto el = el_models_of(models);
    if (el.empty()) {
        s.paragraphs.push_back("No EL model in this run, so no variants to compare.");
        return s;
    }
    if (!p.sensitivity) {
        s.paragraphs.push_back(
            "Not run: this " + std::string(mode_name(p.mode)) +
            " run trains each EL model in one variant only. `--sensitivity` (on by default in full mode) trains "
            "every variant of each EL model (" +
            variants_text(models) +
            ") and tabulates AUC±, FVR, Pair-FVR, ρ_P and MRR per variant: how much each verdict depends on which "
            "released system a model name stands for.");
        return s;
    }
    for (const auto& m : el) {
        for (const embed::ElVariant v : embed::el_variants(embed::canonical_el_model_name(m))) {
            const std::string vn(embed::el_variant_name(v));
            if (log.count({m, vn})) continue;
            TrainPlan vp = p.train();
            vp.variant = v;
            for (auto seed : p.seed_list()) {
                auto c = prog.step(step++, display(m) + " " + vn + " seed " + std::to_string(seed));
                record(log, m, lab.train_and_evaluate(m, seed, vp, {}, tests, c));
            }
        }
    }
    std::vector<std::string> header{"model", "variant", "AUC+/−", "FVR", "Pair-FVR", "ρ_P", "MRR", "in the runs above"};
    if (verdict) header.emplace_back("verdict");
    std::string spread;
    // Per published figure (the paper's Pizza table of the test set): the variant closest to it.
    Table closest{"The variant closest to each published figure",
                  {"test set", "model", "metric", "published", "variant in the runs above", "closest variant", "gap"},
                  {}};
    std::map<std::string, std::map<std::string, int>> closest_count; // model → variant → figures it is closest to
    for (std::size_t ti : shown) {
        Table t{"Variant sensitivity on " + labels.at(ti) + " (mean over " + std::to_string(p.seeds) + " seed(s))",
                header,
                {}};
        for (const auto& m : el) {
            const std::string ran(embed::el_variant_name(el_variant_of(m, tp)));
            double lo = INFINITY, hi = -INFINITY;
            std::string lo_v, hi_v;
            std::map<std::string, MetricRow> by_variant;
            for (const embed::ElVariant v : embed::el_variants(embed::canonical_el_model_name(m))) {
                const std::string vn(embed::el_variant_name(v));
                const VariantRuns& runs = log.at({m, vn});
                const PerSeed empty;
                const PerSeed& rows = ti < runs.by_test.size() ? runs.by_test[ti] : empty;
                MetricRow means;
                std::vector<std::string> row{m, vn};
                for (const char* k : kSensitivityKeys) {
                    means[k] = stat(rows, k).mean;
                    row.push_back(number_text(means[k], 3));
                }
                row.emplace_back(vn == ran ? "yes" : "");
                if (verdict) row.push_back(verdict(m, ti, means));
                t.rows.push_back(row);
                by_variant[vn] = means;
                const double a = means["auc_pm"];
                if (std::isfinite(a) && a < lo) lo = a, lo_v = vn;
                if (std::isfinite(a) && a > hi) hi = a, hi_v = vn;
            }
            if (std::isfinite(lo) && hi > lo)
                spread += (spread.empty() ? "" : "; ") + labels.at(ti) + " " + m + " " + number_text(lo, 2) + " (" +
                          lo_v + ") to " + number_text(hi, 2) + " (" + hi_v + "), a spread of " +
                          number_text(hi - lo, 2);
            const auto paper = published("Pizza " + labels.at(ti), m);
            if (!paper) continue;
            for (const char* k : kSensitivityKeys) {
                const std::size_t ki = metric_index(k);
                const double target = paper->mean[ki];
                if (!std::isfinite(target)) continue;
                std::string best;
                double gap = INFINITY;
                for (const auto& [vn, means] : by_variant)
                    if (std::isfinite(means.at(k)) && std::abs(means.at(k) - target) < gap)
                        gap = std::abs(means.at(k) - target), best = vn;
                if (best.empty()) continue;
                const double in_runs = by_variant.count(ran) ? by_variant.at(ran).at(k) : kNaN;
                closest.rows.push_back({labels.at(ti), m, kMetricHeaders[ki], number_text(target, 2),
                                        ran + " " + number_text(in_runs, 3),
                                        best + " " + number_text(by_variant.at(best).at(k), 3), number_text(gap, 3)});
                ++closest_count[m][best];
            }
        }
        s.tables.push_back(t);
    }
    if (!closest.rows.empty()) s.tables.push_back(closest);
    s.paragraphs.push_back(
        "Every variant of each EL model, trained as `kbcx train --model M --variant V` trains it (dim and epochs as "
        "in the settings above), on the same test sets and seeds; rows marked in the runs above are the runs the "
        "rest of this report uses. Another system under the same model name is another model: the rows say how much "
        "a verdict on \"ELEmbeddings\" depends on which release one ran.");
    if (!spread.empty()) s.paragraphs.push_back("AUC± over the variants: " + spread + ".");
    if (!closest.rows.empty()) {
        std::vector<std::string> per_model;
        for (const auto& m : el) {
            if (!closest_count.count(m)) continue;
            std::vector<std::pair<int, std::string>> v;
            for (const auto& [vn, n] : closest_count.at(m))
                v.push_back({-n, vn});
            std::sort(v.begin(), v.end());
            std::vector<std::string> parts;
            for (const auto& [n, vn] : v)
                parts.push_back(vn + " " + std::to_string(-n));
            per_model.push_back(m + " (the runs above: " + std::string(embed::el_variant_name(el_variant_of(m, tp))) +
                                "): " + join(parts, ", "));
        }
        s.paragraphs.push_back(
            "The last table names, for each published figure (the paper's Pizza tables) of each model on these test "
            "sets, the variant whose mean comes closest (gap = |ours − published|). Published figures each variant "
            "comes closest to: " +
            join(per_model, "; ") +
            ". A variant that comes closer is evidence of which release a published figure was measured on, not a "
            "setting chosen for it: the runs above keep each model's default variant.");
    }
    return s;
}

} // namespace onto_parts

} // namespace kbcx::repro
