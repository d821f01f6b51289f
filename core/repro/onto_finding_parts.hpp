// Parts shared by the ontology findings (rank-vs-faithfulness, gci1-inversion, construct-
// dependence, contradiction-sweep, relative-count-ranking): plans, texts, orderings, sensitivity.
#pragma once

#include "embed/el_models.hpp"
#include "repro/findings.hpp"
#include "repro/markdown.hpp"
#include "repro/onto_lab.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kbcx::repro::onto_parts {

inline constexpr const char* kSweep = "contradiction-sweep";

struct Plan {
    int seeds, epochs, dim;
    std::size_t per_band;
    int threads;
    Mode mode;
    bool epochs_given, dim_given;            ///< --epochs / --dim: every EL variant takes them
    std::optional<embed::ElVariant> variant; ///< --variant (Options::el_variant)
    bool sensitivity;                        ///< train every variant of each EL model
    GraphBaselines graph;                    ///< the triple baselines' projection and training
    std::vector<unsigned long long> seed_list() const {
        std::vector<unsigned long long> s(static_cast<std::size_t>(seeds));
        std::iota(s.begin(), s.end(), 1ull);
        return s;
    }
    TrainPlan train(float p_bot = 0, int curve_points = 0) const {
        TrainPlan t;
        t.epochs = epochs;
        t.dim = dim;
        t.threads = threads;
        t.p_bot = p_bot;
        t.curve_points = curve_points;
        t.variant = variant;
        t.epochs_for_all = epochs_given;
        t.dim_for_all = dim_given;
        t.graph = graph;
        return t;
    }
};

inline const char* const kWhyDiffer =
    "Why our numbers can differ from the paper's: the paper's test-set sizes, dimensions, epochs and learning "
    "rates are not all published, so ours are each variant's released defaults (above), not tuned towards the "
    "published values; our test sets are drawn by our own sampler (a different draw of T+, T?, T−, and the "
    "incoherence reading for contradictions); ranking queries range over the names in the test set; and the Pizza "
    "version is owlcs/pizza-ontology @ 4922ecb. Quick mode uses fewer seeds and test axioms (and shorter kbcx "
    "runs), so its numbers are a smoke test of the direction of each effect, not a replication.";

/// The runs of one (EL model, variant): per test set the metric rows of each seed, and what each
/// run trained as read back from the trained model (RunMetrics).
struct VariantRuns {
    std::vector<PerSeed> by_test;
    std::vector<int> dims, epochs, epochs_run;
};

using RunLog = std::map<std::pair<std::string, std::string>, VariantRuns>; ///< (model, variant) →

/// A finding's verdict on one model's means on test set `test` (empty: none), for the sensitivity table.
using Verdict = std::function<std::string(const std::string& model, std::size_t test, const MetricRow& means)>;

inline constexpr std::array<const char*, 5> kSensitivityKeys = {"auc_pm", "fvr", "pair_fvr", "rho_p", "mrr"};

/// The models of each ontology finding before --models, in table order (another name: the three
/// logic-geometric models).
const std::vector<std::string>& finding_models(const std::string& finding);

std::vector<std::string> models_or(const Options& o, const std::vector<std::string>& defaults);

std::vector<std::string> el_models_of(const std::vector<std::string>& models);

/// "ELEmbeddings: paper, mowl, dele, kbcx; EmEL++: paper, kracr, kbcx" for the EL models of `models`.
std::string variants_text(const std::vector<std::string>& models);

/// Options::el_variant checked for `finding` (nullopt when empty). Throws std::invalid_argument
/// with the reason, to follow "--variant NAME: ".
std::optional<embed::ElVariant> checked_el_variant(const std::string& finding, const Options& o);

/// The plan of `finding` under `o`; a --variant the finding does not take is an InputError.
Plan plan_of(const Options& o, const std::string& finding = {});

std::string g_text(double v);

std::vector<std::string> forms_or(const Options& o, std::vector<std::string> defaults);

std::string work_dir(const Options& o, const std::string& name);

/// One test set per normal form of `forms` (`per_band` axioms per band, seed 1, P over
/// |Δ| = `domain`), one progress step each.
std::vector<eval::TestSet> tests_per_form(OntoLab& lab, const std::vector<std::string>& forms, std::size_t per_band,
                                          std::uint32_t domain, StepProgress& prog, std::uint64_t& step);
/// The address of each of `tests`, in order.
std::vector<const eval::TestSet*> pointers_to(const std::vector<eval::TestSet>& tests);

/// How an EL model trains under its settings, in words (the variant's objective is in the README).
std::string el_training_text(const embed::ElTrainParams& p);

/// The EL models' training for the settings paragraph: which variant each model runs (and why),
/// how it trains, and which of a variant's own defaults the mode or an option replaced.
std::string el_settings_text(const std::vector<std::string>& models, const Plan& p, const TrainPlan& tp);

/// The kbcx commands equivalent to the sampling, counting and EL training of a run.
void add_commands(Report& r, const Plan& p, const TrainPlan& tp, const std::vector<std::string>& forms,
                  const std::vector<std::string>& models, std::uint32_t domain, bool pool = false);

/// "ours − paper" of the means, and the largest absolute difference seen.
std::vector<std::string> diff_cells(const std::string& label, const PerSeed& runs, const std::string& table,
                                    const std::string& model, double* largest);

/// Models sorted by a metric (best first; `lower_better` for FVR and Pair-FVR), names joined.
std::vector<std::string> order_by(const std::vector<std::string>& models, const std::map<std::string, PerSeed>& res,
                                  const char* key, bool lower_better);

/// Model names as the reports name them (display), joined: "ELEmbeddings > TransE".
std::string join_models(const std::vector<std::string>& models, const std::string& sep = " > ");

/// Kendall's τ between two orderings of the same items.
double kendall(const std::vector<std::string>& a, const std::vector<std::string>& b);

/// The same orderings computed on the paper's published means.
std::vector<std::string> paper_order(const std::vector<std::string>& models, const std::string& table,
                                     std::size_t metric, bool lower_better);

std::string settings_paragraph(const Plan& p, const OntoLab& lab, std::uint32_t domain,
                               const std::vector<std::string>& models, const TrainPlan& tp);

void record(RunLog& log, const std::string& model, const RunMetrics& rm);

std::string range_text(const std::vector<int>& v);

/// What each EL model's runs trained (variant, dim, epochs planned and run), read back from the
/// trained models of `log` for the variants `tp` gives them.
Table trained_table(const std::vector<std::string>& models, const TrainPlan& tp, const RunLog& log);

/// The (EL model, variant) pairs the sensitivity trains that `tp`'s runs do not: every variant of
/// each EL model of `models` but the one it runs (the extra steps of a finding's progress).
std::size_t sensitivity_runs(const Plan& p, const std::vector<std::string>& models);

std::vector<std::size_t> all_indices(std::size_t n);

/// The position of metric `key` in kMetricKeys (the order of a published row).
std::size_t metric_index(const std::string& key);

/// The variant-sensitivity section. With the plan's sensitivity on, trains (p⊥ = 0, the seeds of
/// the plan, no curve) every variant of each EL model of `models` that `log` lacks, evaluates it
/// on `tests`, and tabulates per test set of `shown` one row per (model, variant): AUC±, FVR,
/// Pair-FVR, ρ_P, MRR (means over seeds), whether the finding's runs above used it and `verdict`.
Section sensitivity_section(OntoLab& lab, const Plan& p, const TrainPlan& tp, const std::vector<std::string>& models,
                            const std::vector<const eval::TestSet*>& tests, const std::vector<std::string>& labels,
                            const std::vector<std::size_t>& shown, RunLog& log, StepProgress& prog, std::uint64_t& step,
                            const Verdict& verdict = {});

} // namespace kbcx::repro::onto_parts
