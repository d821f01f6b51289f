// Parts shared by the KG findings (negative-difficulty, pattern-difficulty): timings, trained
// scorers, per-system summaries and their stored records, report texts and command lines.
#pragma once

#include "common/resources.hpp"
#include "repro/kg_lab.hpp"
#include "repro/markdown.hpp"
#include "repro/onto_lab.hpp"
#include "repro/partial_results.hpp"
#include "rules/patterns.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace kbcx::repro::kg_parts {

inline const std::vector<std::string> kAllModels = {"TransE-L1", "DistMult", "ComplEx", "RotatE", "BoxE", "rgcn"};
inline const std::vector<std::string> kQuickModels = {"TransE-L1", "DistMult", "RotatE"};
inline const std::vector<std::string> kSimple = {"symmetry", "inversion", "hierarchy"};
inline const std::vector<std::string> kComplex = {"composition", "triangle", "diamond"};
/// The patterns a path-rule learner cannot state exactly: composition needs a length-2 path,
/// intersection a conjunction of two parallel atoms, triangle and diamond several joined atoms.
inline const std::vector<std::string> kRuleComplex = {"composition", "intersection", "triangle", "diamond"};

/// Timings of the phases of a KG finding (wall seconds) and the process CPU time spent.
struct Cost {
    double cpu0 = process_cpu_seconds();
    double generate = 0, train = 0, evaluate = 0;
    double cpu_reused = 0; ///< CPU seconds of units taken from an earlier run (--resume)
    std::string paragraph(const std::string& extra = "") const {
        std::ostringstream s;
        s << "Cost: generation " << number_text(generate, 1) << " s, training " << number_text(train, 1)
          << " s, evaluation " << number_text(evaluate, 1) << " s (wall); CPU time of the process during the run "
          << number_text(process_cpu_seconds() - cpu0 + cpu_reused, 1) << " s";
        if (cpu_reused > 0) s << " (both include the parts reused from an earlier run)";
        s << "." << extra;
        return s.str();
    }
};

/// Trained scorers of one benchmark, one per (system, seed).
struct Trained {
    std::vector<std::vector<std::unique_ptr<KgScorer>>> scorers; ///< [system][seed]
};

/// One metric's mean and std over the seeds of one system.
struct Summary {
    MeanStd auc, f1, precision, recall, accuracy, c_mrr, r_mrr;
    std::size_t test_pos = 0, test_neg = 0, queries = 0;
    bool ranked = false;
};

std::vector<rules::Pattern> patterns_of(const std::vector<std::string>& names);

/// Trains every system on `b` (one scorer per seed; deciders once), one progress step each.
Trained train_all(const KgBench& b, const std::vector<KgSystem>& systems, int seeds, StepProgress& prog,
                  std::uint64_t& step, Cost& cost);
Summary summarise(const std::vector<KgEval>& evs);
/// Scores every trained system on `b` by `plan` (one progress step in all).
std::vector<Summary> evaluate_all(const KgBench& b, const std::vector<KgSystem>& systems, const Trained& t,
                                  const KgEvalPlan& plan, StepProgress& prog, std::uint64_t& step, Cost& cost);

/// One system's summary on one pattern as a record of a stored unit, and back (throws
/// std::invalid_argument on a malformed record).
std::string summary_record(const std::string& pattern, std::size_t system, const std::string& name, const Summary& m);
Summary summary_of_record(const std::vector<std::string>& f);
/// The "cost" record of a stored unit: the phases' wall seconds from `before` to `after`, the
/// process CPU seconds since `cpu_before`, and the --threads it ran with (read by restore_unit).
std::string cost_record(const Cost& before, const Cost& after, double cpu_before, int threads);
/// Puts a stored benchmark unit (pattern-difficulty: per KG and benchmark; negative-difficulty:
/// `kgname` is the negative method) back into the run's tables; false (nothing changed) when the
/// records do not fit the current systems or are malformed, so that the unit is computed again.
bool restore_unit(const std::vector<std::string>& records, const std::string& kgname,
                  const std::vector<KgSystem>& systems,
                  std::map<std::string, std::map<std::string, std::vector<Summary>>>& res,
                  std::map<std::string, std::map<std::string, std::size_t>>& rules_of, std::vector<std::string>& notes,
                  std::vector<std::string>& learnt, Cost& cost, std::map<std::string, int>& threads_used);
/// The Settings paragraphs of a run with --resume: which units were reused (and with how many
/// threads each had run) and which were computed again under other settings.
std::vector<std::string> resume_paragraphs(const PartialResults& partial, const std::map<std::string, int>& threads,
                                           const std::string& units);

/// A table cell "mean ± std" (the std only over several seeds), "–" without values.
std::string cell(const MeanStd& m, int seeds, int digits = 3);
std::string model_list_text(const std::vector<std::string>& models);
std::string train_settings_text(const KgFindingPlan& p);
std::string rule_settings_text(const KgFindingPlan& p);
/// The command lines a user reruns: generating a benchmark, training a model, learning rules.
std::string generate_command(const std::string& kgname, const KgFindingPlan& p);
std::string train_command(const std::string& dir, const std::string& model, const KgFindingPlan& p);
std::string learn_command(const std::string& dir, const KgFindingPlan& p, std::size_t patterns);

} // namespace kbcx::repro::kg_parts
