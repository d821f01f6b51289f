// The training job of the EL models: minibatches of normal-form axioms with corrupted and
// contradiction negatives (stratified by p⊥), split over threads, lazy Adam/Adagrad (variant kbcx),
// one full-batch dense Adam step per epoch (mowl, paper, dele) or kracr's per-form samples; evaluation hooks
// every N epochs (core/eval on a test set), checkpoints and resume.
#pragma once

#include "common/job.hpp"
#include "embed/el_data.hpp"
#include "embed/el_models.hpp"
#include "embed/training.hpp"

#include <cmath>
#include <functional>
#include <memory>
#include <span>
#include <string>

namespace kbcx::embed {

struct ElTrainParams {
    ElModelConfig model;
    TrainSettings train; ///< batch = axioms per step; neg = negatives per positive; chunk unused
    TrainHooks hooks;
    /// T− pool of the stratified sampler: a fraction train.p_bot of each positive's negatives
    /// is drawn from it uniformly — from its axioms of the positive's normal form when it has
    /// any (FormPools) — the rest by corruption (el_data.hpp).
    std::vector<NfAxiom> contradiction_pool;
    std::string pool_source; ///< where the pool came from (params.json)
    std::string tests;       ///< the tests file of the hooks (params.json)
    /// Variant dele: the GCI0 axioms of the validation loss (empty: the training GCI0 axioms).
    std::vector<NfAxiom> validation;
    std::string validation_source; ///< params.json
    /// Variants mowl, paper, dele: called at each epoch with the training axioms and, for each, its
    /// negative (the axiom with its corrupted column set to a class row) or an axiom of kind RI with no
    /// ids where it has none — what the step is about to train on (tests).
    std::function<void(int epoch, std::span<const NfAxiom> train, std::span<const NfAxiom> negatives)> on_negatives;
};

/// What an EL model trains with when only its name and variant are given: default_el_config(name,
/// variant) and el_variant_training(variant)'s epochs, axioms per step, negatives per axiom and
/// learning rate — `kbcx train ONTO --model M --variant V` without a size or rate option, and what
/// `kbcx reproduce` starts from. Throws std::invalid_argument for a variant the model lacks.
ElTrainParams el_default_train_params(const std::string& canonical_name, ElVariant variant);

/// The objective of one minibatch. With w_α = 1/#(axioms of α's normal form in the batch):
///   L = Σ_α w_α [ ℓ(α)² + R(α) + (1/|N_α|) Σ_{α⁻ ∈ N_α} Σ_terms weight·(term(α⁻) − target)² ]
/// where ℓ is the positive loss (ElModel::loss, the score is −ℓ), R the model's regulariser
/// on the rows of α, and N_α its negatives (those of kinds the model has a negative term for).
/// The negatives of the axiom at position `first + i` of the epoch come from the seed
/// mix_seed(seed, i-th position), so results do not depend on how a batch is split.
/// Adds scale·∂L/∂θ to g and returns scale·L; `plain` (if given) receives Σ_α of the bracket
/// without w_α (for the mean loss per axiom).
double el_batch_loss_grad(const ElModel& model, std::span<const NfAxiom> batch, std::span<const float> weights,
                          const TrainSettings& settings, std::span<const NfAxiom> pool, std::size_t named_concepts,
                          std::uint64_t seed, std::uint64_t first, float scale, GradBuffer& g, double* plain = nullptr);

/// Per-axiom weights 1/#(its normal form in the batch).
std::vector<float> el_batch_weights(std::span<const NfAxiom> batch);

/// The corrupted fillers of one step of the mowl and paper variants, as mOWL's train(): for each
/// GCI2 axiom of `train` one class row drawn uniformly from the model's filler classes (every
/// concept, ⊤ and ⊥; the true filler is not excluded), kg::kNoId for every other axiom.
void draw_released_fillers(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                           std::vector<std::uint32_t>& out);

/// The negatives of the dele variant, drawn once for the whole run as DELE's loader does (its seed
/// is fixed): for each axiom of `train` whose form the model has a negative for, one class row drawn
/// uniformly from the model's filler classes for its corrupted column (ElReleasedModel::corrupt),
/// kg::kNoId for every other axiom.
void draw_dele_negatives(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                         std::vector<std::uint32_t>& out);

/// The negatives of the kracr variant, drawn once as its loader does: for each GCI2 axiom (c, r, d)
/// of `train`, (c, r, x) and (y, r, d) with x, y filler classes, x ≠ c and y ≠ d (as its code
/// compares), in class rows; `source` (if given) receives the index into `train` of each.
void draw_kracr_negatives(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                          std::vector<NfAxiom>& out, std::vector<std::size_t>* source = nullptr);

/// ReduceLROnPlateau (mode min, relative threshold) and the early stop of the dele variant.
struct DelePlateau {
    double lr = 0;
    double plateau_best = INFINITY;
    int plateau_bad = 0;
    double best = INFINITY; ///< the lowest validation loss (its parameters are kept)
    int no_improve = 0;
    /// Feeds one epoch's validation loss; returns true when this epoch is the best so far.
    bool update(double valid_loss);
    bool stop() const;
};

/// Runs the job. The kracr variant takes ceil(largest form / batch) dense Adam steps per epoch, each
/// on `batch` axioms of every form drawn with replacement (ElReleasedModel::kracr_objective). The
/// mowl and paper variants take one dense Adam step per epoch on the whole
/// training set (ElReleasedModel::objective; batch, neg, p⊥ and threads do not apply). Throws Cancelled on a stop
/// request (the last finished epoch's checkpoint is kept) and InputError on unusable run folders or checkpoints of
/// another model or signature.
TrainResult train_el(const ElDataset& data, const ElTrainParams& params, jobs::JobContext& ctx,
                     std::unique_ptr<ElModel>* model_out = nullptr);

struct ElCheckpointState {
    int epoch = 0;
    double best = -1;
    int bad_evals = 0;
    const DelePlateau* dele = nullptr;                    ///< dele: the schedule's state
    const std::vector<ParamTable>* best_tables = nullptr; ///< dele: the best epoch's parameters
    /// dele, once the best parameters are restored: the last epoch's, which a resume continues from.
    const std::vector<ParamTable>* last_tables = nullptr;
};
void save_el_checkpoint(const std::string& path, const ElModel& model, const Optimizer* opt, const ElNames& names,
                        const ElCheckpointState& state, const TrainSettings& settings);
/// Loads an EL checkpoint's model and names; throws InputError if it is not an EL model.
std::unique_ptr<ElModel> load_el_model(const std::string& path, ElNames* names = nullptr);

} // namespace kbcx::embed
