// rank-vs-faithfulness: seven models on Pizza GCI0, their MRR ordering beside the Pair-FVR and ρ_P
// orderings (does a better ranker sit higher on the faithfulness ladder?).
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
using namespace onto_parts;

Report rank_vs_faithfulness(const Options& o, jobs::JobContext& ctx) {
    const Plan p = plan_of(o, "rank-vs-faithfulness");
    const TrainPlan tp = p.train();
    const auto models = models_or(o, finding_models("rank-vs-faithfulness"));
    const std::uint32_t domain = 2;
    StepProgress prog(ctx, 2 + models.size() * static_cast<std::size_t>(p.seeds) + sensitivity_runs(p, models));
    Report r;
    r.title = "Ranking accuracy vs faithfulness on Pizza GCI0";
    r.seeds = p.seed_list();
    std::uint64_t step = 0;
    auto c0 = prog.step(step++, "loading Pizza");
    OntoLab lab(pizza_path(o), work_dir(o, "rank-vs-faithfulness"), c0);
    auto c1 = prog.step(step++, "sampling and counting GCI0 tests");
    auto [tests, tests_path] = lab.tests("GCI0", p.per_band, 1, domain, c1);

    std::map<std::string, PerSeed> res;
    RunLog log;
    for (const auto& m : models)
        for (auto seed : r.seeds) {
            auto c = prog.step(step++, display(m) + " seed " + std::to_string(seed));
            const RunMetrics rm = lab.train_and_evaluate(m, seed, tp, {}, {&tests}, c);
            res[m].push_back(metric_row(rm.final_metrics.at(0)));
            record(log, m, rm);
        }
    add_commands(r, p, tp, {"GCI0"}, models, domain);

    Section s1;
    s1.heading = "Results on Pizza GCI0";
    s1.paragraphs.push_back(settings_paragraph(p, lab, domain, models, tp));
    s1.paragraphs.push_back("Test set: " + std::to_string(tests.axioms.size()) + " GCI0 axioms (" +
                            fs::path(tests_path).filename().string() + " in work/).");
    Table ours{"Our run (mean ± std over seeds)", metric_header("model"), {}};
    Table paper{"Paper, Pizza GCI0 (Table 4)", metric_header("model"), {}};
    Table diff{"Ours − paper (means)", metric_header("model"), {}};
    double largest = 0;
    for (const auto& m : models) {
        ours.rows.push_back(our_cells(display(m), res[m]));
        if (auto pc = paper_cells(display(m), "Pizza GCI0", m)) paper.rows.push_back(*pc);
        diff.rows.push_back(diff_cells(display(m), res[m], "Pizza GCI0", m, &largest));
    }
    s1.tables = {trained_table(models, tp, log), ours, paper, diff};
    s1.paragraphs.push_back("Largest absolute difference from the paper's means: " + number_text(largest, 2) + ". " +
                            kWhyDiffer);
    r.sections.push_back(s1);

    Section s2;
    s2.heading = "Does ranking accuracy order the models like faithfulness?";
    const auto by_mrr = order_by(models, res, "mrr", false);
    const auto by_pair = order_by(models, res, "pair_fvr", true);
    const auto by_rho = order_by(models, res, "rho_p", false);
    const auto p_mrr = paper_order(models, "Pizza GCI0", 5, false), p_pair = paper_order(models, "Pizza GCI0", 3, true),
               p_rho = paper_order(models, "Pizza GCI0", 4, false);
    Table ord{"Orderings (best first)", {"metric", "our ordering", "paper's ordering"}, {}};
    ord.rows.push_back({"MRR", join_models(by_mrr), join_models(p_mrr)});
    ord.rows.push_back({"Pair-FVR (lower is better)", join_models(by_pair), join_models(p_pair)});
    ord.rows.push_back({"ρ_P", join_models(by_rho), join_models(p_rho)});
    s2.tables.push_back(ord);
    auto tau = [](double t) { return "Kendall τ = " + number_text(t, 2); };
    s2.checks.push_back({"the ordering by MRR differs from the ordering by Pair-FVR", by_mrr != by_pair,
                         "ours " + tau(kendall(by_mrr, by_pair)) + "; paper " + tau(kendall(p_mrr, p_pair))});
    s2.checks.push_back({"the ordering by MRR differs from the ordering by ρ_P", by_mrr != by_rho,
                         "ours " + tau(kendall(by_mrr, by_rho)) + "; paper " + tau(kendall(p_mrr, p_rho))});
    s2.checks.push_back({"the model with the best MRR is not the one with the lowest Pair-FVR",
                         by_mrr.front() != by_pair.front(),
                         "best MRR: " + display(by_mrr.front()) + ", lowest Pair-FVR: " + display(by_pair.front()) +
                             " (paper: " + display(p_mrr.front()) + " and " + display(p_pair.front()) + ")"});
    // Chart: models in MRR order; if faithfulness followed MRR every line would fall.
    Chart ch{"Models in MRR order (1 = best MRR)", "model rank by MRR", "metric value", "metrics_by_mrr_rank.png", {}};
    for (const auto& [key, name, flip] : {std::tuple{"mrr", "MRR", false}, std::tuple{"pair_fvr", "1 - Pair-FVR", true},
                                          std::tuple{"rho_p", "rho_P", false}, std::tuple{"auc_pm", "AUC+/-", false}}) {
        Series se{name, {}, {}, {}};
        for (std::size_t i = 0; i < by_mrr.size(); ++i) {
            const MeanStd s = stat(res[by_mrr[i]], key);
            se.x.push_back(static_cast<double>(i + 1));
            se.y.push_back(flip ? 1 - s.mean : s.mean);
            se.y_err.push_back(s.std);
        }
        ch.series.push_back(se);
    }
    s2.charts.push_back(ch);
    s2.paragraphs.push_back("x = position of the model in the MRR ordering (" + join_models(by_mrr, ", ") +
                            "). If ranking accuracy implied faithfulness, 1 − Pair-FVR and ρ_P would fall with MRR.");
    r.sections.push_back(s2);
    r.sections.push_back(sensitivity_section(lab, p, tp, models, {&tests}, {"GCI0"}, {0}, log, prog, step));
    std::ostringstream sum;
    sum << "Paper: on Pizza GCI0 the model ordering by MRR is not the ordering by Pair-FVR or ρ_P (ranking accuracy "
           "does not imply faithfulness). Ours: by MRR "
        << join_models(by_mrr) << "; by Pair-FVR " << join_models(by_pair) << ".";
    r.summary = sum.str();
    return r;
}

} // namespace kbcx::repro
