// relative-count-ranking: ρ_P with P(α|O) counted exactly at growing |Δ|, and the small-domain
// artefacts of P on the undetermined axioms.
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

Report relative_count_ranking(const Options& o, jobs::JobContext& ctx) {
    const Plan p = plan_of(o, "relative-count-ranking");
    const TrainPlan train_plan = p.train();
    const auto models = models_or(o, finding_models("relative-count-ranking"));
    const std::uint32_t max_domain = o.max_domain ? o.max_domain : (o.mode == Mode::Full ? 6u : 4u);
    std::vector<std::uint32_t> domains;
    for (std::uint32_t d = 2; d <= std::max(2u, max_domain); ++d)
        domains.push_back(d);
    StepProgress prog(ctx, 2 + domains.size() + models.size() * static_cast<std::size_t>(p.seeds) +
                               sensitivity_runs(p, models));
    Report r;
    r.title = "ρ_P at the largest domain, and the small-domain artefacts of P";
    r.seeds = p.seed_list();
    std::uint64_t step = 0;
    auto c0 = prog.step(step++, "loading Pizza");
    OntoLab lab(pizza_path(o), work_dir(o, "relative-count-ranking"), c0);
    auto c1 = prog.step(step++, "sampling GCI0 tests (P over |Δ| = 2)");
    auto [base, base_path] = lab.tests("GCI0", p.per_band, 1, 2, c1);
    std::vector<eval::TestSet> by_domain;
    std::vector<double> count_seconds;
    for (auto d : domains) {
        auto c = prog.step(step++, "counting P over |Δ| = " + std::to_string(d));
        double secs = 0;
        const std::string out = (fs::path(lab.work_dir()) / ("tests_GCI0_d" + std::to_string(d) + ".tsv")).string();
        by_domain.push_back(lab.recount(base_path, out, d, c, &secs));
        count_seconds.push_back(secs);
    }
    std::vector<const eval::TestSet*> tp;
    for (const auto& t : by_domain)
        tp.push_back(&t);
    std::map<std::string, std::vector<PerSeed>> res; // model → domain index → seeds
    RunLog log;
    for (const auto& m : models)
        for (auto seed : r.seeds) {
            auto c = prog.step(step++, display(m) + " seed " + std::to_string(seed));
            const RunMetrics rm = lab.train_and_evaluate(m, seed, train_plan, {}, tp, c);
            auto& v = res[m];
            v.resize(domains.size());
            for (std::size_t i = 0; i < domains.size(); ++i)
                v[i].push_back(metric_row(rm.final_metrics.at(i)));
            record(log, m, rm);
        }
    add_commands(r, p, train_plan, {"GCI0"}, models, 2);
    for (auto d : domains)
        if (d != 2)
            r.commands.push_back("cp tests_GCI0.tsv tests_GCI0_d" + std::to_string(d) +
                                 ".tsv && kbcx count $DATA/onto/pizza.owl --tbox-only --domain " + std::to_string(d) +
                                 " --no-reasoner --candidates tests_GCI0_d" + std::to_string(d) + ".tsv");

    // P on T? by domain.
    Section s1;
    s1.heading = "P(α|O) on the undetermined axioms by domain size";
    s1.paragraphs.push_back(settings_paragraph(p, lab, 2, models, train_plan));
    Table tp_table{"T? axioms (undetermined for the reasoner) by the value of P",
                   {"|Δ|", "T?", "P = 0", "P = 1", "0 < P < 1", "share P ∈ {0, 1}", "count time (s)"},
                   {}};
    std::vector<double> shares;
    std::vector<std::vector<int>> endpoint(domains.size()); // per domain: per T? axiom, 1 if P ∈ {0,1}
    for (std::size_t i = 0; i < domains.size(); ++i) {
        const auto& ts = by_domain[i];
        int n = 0, zero = 0, one = 0;
        for (const auto& a : ts.axioms) {
            if (a.status != eval::Status::Undetermined) continue;
            ++n;
            int e = 0;
            if (a.p != eval::kNoP) {
                const auto& pv = ts.p_values[a.p].exact;
                if (pv == 0)
                    ++zero, e = 1;
                else if (pv == 1)
                    ++one, e = 1;
            }
            endpoint[i].push_back(e);
        }
        const double share = n ? static_cast<double>(zero + one) / n : kNaN;
        shares.push_back(share);
        tp_table.rows.push_back({std::to_string(domains[i]), std::to_string(n), std::to_string(zero),
                                 std::to_string(one), std::to_string(n - zero - one), number_text(share, 3),
                                 number_text(count_seconds[i], 2)});
    }
    s1.tables.push_back(tp_table);
    int only_small = 0, at_two = 0;
    if (!endpoint.empty())
        for (std::size_t k = 0; k < endpoint.front().size(); ++k)
            if (endpoint.front()[k]) {
                ++at_two;
                only_small += endpoint.back().size() > k && !endpoint.back()[k];
            }
    const int n_undet = endpoint.empty() ? 0 : static_cast<int>(endpoint.front().size());
    s1.paragraphs.push_back(
        "Of " + std::to_string(n_undet) + " undetermined axioms, " + std::to_string(at_two) +
        " have P ∈ {0, 1} at |Δ| = 2; " + std::to_string(only_small) + " of them (" +
        number_text(n_undet ? 100.0 * only_small / n_undet : kNaN, 1) +
        "% of T?) get 0 < P < 1 at |Δ| = " + std::to_string(domains.back()) +
        ": their endpoint value is an artefact of the small domain (Herbrand models over Δ name distinct elements "
        "and are finite; an axiom undetermined in open-domain semantics can be forced or excluded when Δ is tiny). "
        "The rest still sit at an endpoint at the largest domain counted here.");
    {
        Chart ch{
            "Share of T? with P in {0, 1}", "|D| (domain size)", "share of T?", "endpoint_share_by_domain.png", {}};
        Series se{"share P in {0,1}", {}, {}, {}};
        for (std::size_t i = 0; i < domains.size(); ++i) {
            se.x.push_back(domains[i]);
            se.y.push_back(shares[i]);
        }
        ch.series.push_back(se);
        s1.charts.push_back(ch);
    }
    s1.checks.push_back({"the share of T? with P ∈ {0, 1} does not grow from |Δ| = 2 to the largest |Δ|",
                         shares.back() <= shares.front(),
                         number_text(shares.front(), 3) + " → " + number_text(shares.back(), 3)});
    r.sections.push_back(s1);

    Section s2;
    s2.heading = "ρ_P of every model by domain size";
    std::vector<std::string> hdr{"model"};
    for (auto d : domains)
        hdr.push_back("ρ_P, |Δ| = " + std::to_string(d));
    hdr.emplace_back("paper ρ_P (|Δ| = 2)");
    Table rt{"Spearman ρ_P of score and P over T? (mean ± std over seeds)", hdr, {}};
    Chart ch{"rho_P by domain size", "|D| (domain size)", "rho_P", "rho_p_by_domain.png", {}};
    std::vector<double> at_two_v, at_max_v;
    for (const auto& m : models) {
        std::vector<std::string> row{display(m)};
        Series se{display(m), {}, {}, {}};
        for (std::size_t i = 0; i < domains.size(); ++i) {
            const MeanStd s = stat(res[m][i], "rho_p");
            row.push_back(mean_std_text(s.mean, s.std, 2, p.seeds > 1));
            se.x.push_back(domains[i]);
            se.y.push_back(s.mean);
            se.y_err.push_back(s.std);
        }
        at_two_v.push_back(stat(res[m].front(), "rho_p").mean);
        at_max_v.push_back(stat(res[m].back(), "rho_p").mean);
        const auto pub = published("Pizza GCI0", m);
        row.push_back(pub ? mean_std_text(pub->mean[4], pub->std[4]) : "–");
        rt.rows.push_back(row);
        ch.series.push_back(se);
    }
    s2.tables.push_back(trained_table(models, train_plan, log));
    s2.tables.push_back(rt);
    s2.charts.push_back(ch);
    std::vector<std::string> o2 = models, omax = models;
    auto sort_by = [&](std::vector<std::string>& v, const std::vector<double>& vals) {
        std::stable_sort(v.begin(), v.end(), [&](const std::string& a, const std::string& b) {
            const auto ia = std::find(models.begin(), models.end(), a) - models.begin();
            const auto ib = std::find(models.begin(), models.end(), b) - models.begin();
            return vals[static_cast<std::size_t>(ia)] > vals[static_cast<std::size_t>(ib)];
        });
    };
    sort_by(o2, at_two_v);
    sort_by(omax, at_max_v);
    s2.checks.push_back(
        {"the ordering of the models by ρ_P is the same at |Δ| = 2 and at |Δ| = " + std::to_string(domains.back()),
         o2 == omax,
         "|Δ| = 2: " + join_models(o2) + "; |Δ| = " + std::to_string(domains.back()) + ": " + join_models(omax) +
             " (Kendall τ " + number_text(kendall(o2, omax), 2) + ")"});
    s2.paragraphs.push_back(
        "The paper counts over |Δ| = 2 only. Here P is exact at every |Δ| up to " + std::to_string(domains.back()) +
        " (count times above; `kbcx count --stats` says which method counted: from |Δ| = 4 on, Pizza's TBox is "
        "counted as a sum over the orbits of Δ's permutations, each orbit by the propositional search; --max-domain "
        "N counts further).");
    r.sections.push_back(s2);
    {
        std::vector<std::string> labels;
        for (auto d : domains)
            labels.push_back("GCI0, P over |Δ| = " + std::to_string(d));
        std::vector<std::size_t> shown{0};
        if (domains.size() > 1) shown.push_back(domains.size() - 1);
        r.sections.push_back(sensitivity_section(lab, p, train_plan, models, tp, labels, shown, log, prog, step));
    }
    r.summary = "ρ_P of each model with P counted exactly over |Δ| = 2 … " + std::to_string(domains.back()) +
                ", and how many undetermined axioms have P at an endpoint only because Δ is small (" +
                std::to_string(only_small) + " of " + std::to_string(n_undet) + ").";
    return r;
}

} // namespace kbcx::repro
