// The experiment bench the ontology reproductions share: Pizza (or any ontology) loaded once,
// test sets drawn by the reasoner's sampler with P counted over Δ, EL models and the triple
// baselines (on a graph projection, onto/projection.hpp, trained as embed/graph_training.hpp
// says) trained through core/embed, evaluated with core/eval; plus mean ± std over seeds.
#pragma once

#include "common/job.hpp"
#include "embed/el_data.hpp"
#include "embed/graph_training.hpp"
#include "embed/train_el.hpp"
#include "embed/training.hpp"
#include "eval/evaluate.hpp"
#include "onto/ontology.hpp"
#include "onto/projection.hpp"
#include "repro/registry.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::repro {

/// The seven metrics of the paper's tables, in its column order.
inline constexpr std::array<const char*, 7> kMetricKeys = {"auc_pm", "adm_at_k", "fvr",       "pair_fvr",
                                                           "rho_p",  "mrr",      "hits_at_10"};
inline constexpr std::array<const char*, 7> kMetricHeaders = {"AUC+/−", "Adm@10", "FVR",    "Pair-FVR",
                                                              "ρ_P",    "MRR",    "Hits@10"};
/// The metrics of one evaluation by key (kMetricKeys); NaN where not computable.
using MetricRow = std::map<std::string, double>;
MetricRow metric_row(const eval::Metrics& m);

/// Mean and sample standard deviation (n − 1; 0 for one value); NaN values are skipped.
struct MeanStd {
    double mean = 0, std = 0;
    std::size_t n = 0;
};
MeanStd mean_std(const std::vector<double>& values);

/// Outer progress of a reproduction split into `total` steps; each inner job (sampling,
/// counting, training) gets a JobContext whose reports land inside its step.
class StepProgress {
  public:
    StepProgress(jobs::JobContext& outer, std::uint64_t total) : outer_(outer), total_(total) {}
    /// A context for step `step` (0-based), labelled; stop requests pass through.
    jobs::JobContext step(std::uint64_t step, const std::string& label);
    void set_total(std::uint64_t total) { total_ = total; }
    jobs::JobContext& outer() { return outer_; }

  private:
    jobs::JobContext& outer_;
    std::uint64_t total_;
};

/// How the triple models are trained on the ontology: which projection, which settings.
struct GraphBaselines {
    onto::ProjectionKind projection = onto::kDefaultProjection;
    embed::GraphTraining training = embed::kDefaultGraphTraining;
};
/// Options::graph parsed (empty names: the defaults); throws InputError("--projection" or
/// "--graph-training", …) naming the valid ones for an unknown name.
GraphBaselines graph_baselines(const Options& o);

/// Model training settings shared by the findings (mode defaults, Options overrides).
struct TrainPlan {
    int epochs = 100; ///< triple models and EL variant kbcx; the released EL variants see epochs_for_all
    int dim = 20;     ///< likewise (dim_for_all)
    int threads = 1;
    float p_bot = 0;      ///< EL variant kbcx only (the released variants have no contradiction negatives)
    int curve_points = 0; ///< > 0: evaluate the first test set at this many evenly spaced epochs (curve)
    /// EL models: the variant to train where a model has it; the others, and every model when
    /// empty, train their default variant (embed::default_el_variant).
    std::optional<embed::ElVariant> variant;
    /// false: only EL variant kbcx takes `epochs` (resp. `dim`), each released variant keeps its own
    /// (embed::el_default_train_params: an epoch of mowl, paper or dele is one full-batch step);
    /// true: every EL variant takes it (`kbcx reproduce --epochs`, `--dim`).
    bool epochs_for_all = false, dim_for_all = false;
    GraphBaselines graph; ///< triple models only
};

/// The variant EL model `model` trains under `plan`: plan.variant where the model has it, else its default.
embed::ElVariant el_variant_of(const std::string& model, const TrainPlan& plan);
/// How OntoLab trains EL model `model` under `plan` with `seed`: embed::el_default_train_params of
/// its variant (what `kbcx train ONTO --model M --variant V` trains with), the plan's epochs and dim
/// where they apply to that variant, its threads and seed, p⊥ for kbcx.
embed::ElTrainParams el_train_params(const std::string& model, const TrainPlan& plan, std::uint64_t seed);

/// One trained-and-evaluated run: final metrics per test set, and the curve of the first
/// test set's metrics over epochs when curve_points > 0.
struct RunMetrics {
    std::vector<eval::Metrics> final_metrics; ///< aligned with the test sets given
    std::vector<std::pair<int, MetricRow>> curve;
    double seconds = 0;
    /// EL models: what was trained, read back from the trained model and the job (the variant's
    /// name, the dimension, the epochs planned and those run: dele may stop early); "" and 0 for
    /// the triple models.
    std::string variant;
    int dim = 0, epochs = 0, epochs_run = 0;
};

/// True for TransE, DistMult, ComplEx, BoxE, RotatE (trained on the graph projection).
bool is_triple_model(const std::string& name);

class OntoLab {
  public:
    /// Loads `ontology_path` twice (one copy for training, normalised; one for the reasoner),
    /// classifies it. `work_dir` receives the test-set TSVs (created).
    OntoLab(std::string ontology_path, std::string work_dir, jobs::JobContext& ctx);
    ~OntoLab();

    const embed::ElDataset& data() const { return data_; }
    const std::string& ontology_path() const { return path_; }
    const std::string& work_dir() const { return work_; }

    /// Draws up to `per_band` T+, T?, T− of `nf` (seeded), writes them to
    /// work_dir/tests_<nf>.tsv, counts P over |Δ| = domain on the TBox (kbcx count --tbox-only)
    /// and reads the file back. Returns the test set and the file path. GCI1 with `non_vacuous`:
    /// T+ without the axioms whose A ⊓ B is unsatisfiable (kbcx sample --non-vacuous); `vacuous`
    /// receives the sampler's count of them (kept or left out).
    std::pair<eval::TestSet, std::string> tests(const std::string& nf, std::size_t per_band, std::uint64_t seed,
                                                std::uint32_t domain, jobs::JobContext& ctx,
                                                const std::string& file_suffix = "", bool non_vacuous = false,
                                                std::size_t* vacuous = nullptr);
    /// Recounts P of an existing tests file over another domain into `out_path`.
    eval::TestSet recount(const std::string& tests_path, const std::string& out_path, std::uint32_t domain,
                          jobs::JobContext& ctx, double* seconds = nullptr);

    /// The contradiction pool for p⊥ > 0: T− of each form in `forms` sampled with `seed` (up to
    /// `per_form` each), minus every axiom of `held_out` (the test sets).
    std::vector<embed::NfAxiom> contradiction_pool(const std::vector<std::string>& forms, std::size_t per_form,
                                                   std::uint64_t seed,
                                                   const std::vector<const eval::TestSet*>& held_out,
                                                   jobs::JobContext& ctx);

    /// Trains `model` (an EL model or a triple model) with `seed` and evaluates it on every
    /// test set. Throws Cancelled when stopped.
    RunMetrics train_and_evaluate(const std::string& model, std::uint64_t seed, const TrainPlan& plan,
                                  const std::vector<embed::NfAxiom>& pool,
                                  const std::vector<const eval::TestSet*>& tests, jobs::JobContext& ctx);

    /// Edges of `projection` of the ontology (the triples the graph baselines train on, before
    /// any inverse triples of the training are added).
    std::size_t projected_triples(onto::ProjectionKind projection = onto::kDefaultProjection) const;
    /// One sentence naming the projection and the training settings of `plan`'s graph baselines
    /// (for reports), e.g. "… on the taxonomy-relations projection (412 edges: …), trained with
    /// pykeen settings (TransE: dim 50, …)".
    std::string graph_baselines_text(const TrainPlan& plan, const std::vector<std::string>& models) const;

  private:
    struct Impl;
    std::string path_, work_;
    embed::ElDataset data_;
    std::unique_ptr<Impl> impl_;
};

/// One run's metrics per seed, and the table cells the ontology findings build from them.
using PerSeed = std::vector<MetricRow>;
/// Mean ± std over the seeds of one metric key (NaN where a run lacks it).
MeanStd stat(const PerSeed& runs, const char* key);
/// {first, AUC+/−, Adm@10, FVR, Pair-FVR, ρ_P, MRR, Hits@10}.
std::vector<std::string> metric_header(const std::string& first);
/// `label` and the mean (± std with several seeds) of each of the seven metrics.
std::vector<std::string> our_cells(const std::string& label, const PerSeed& runs);
/// `label` and the paper's row of `table` for `model`; nullopt when the paper has none.
std::optional<std::vector<std::string>> paper_cells(const std::string& label, const std::string& table,
                                                    const std::string& model);

/// The path of Pizza in a data folder; throws InputError naming it when absent.
std::string pizza_path(const Options& o);

} // namespace kbcx::repro
