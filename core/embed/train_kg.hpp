// The training job for triple models: minibatches of positives with chunk-shared corrupted
// negatives (uniform or Bernoulli side choice) and optional explicit negatives, split over
// threads, lazy Adam/Adagrad, filtered MRR/Hits@k on validation, early stopping, checkpoints.
#pragma once

#include "common/job.hpp"
#include "embed/dataset.hpp"
#include "embed/kg_models.hpp"
#include "embed/training.hpp"

#include <memory>

namespace kbcx::embed {

struct KgTrainParams {
    KgModelConfig model;
    TrainSettings train;
    TrainHooks hooks;
};

/// Runs the job on `data`. Progress: one unit per minibatch. Throws kbcx::Cancelled on a stop
/// request (the run folder keeps the last finished epoch's checkpoint), InputError on a run
/// folder that cannot be used (e.g. a checkpoint of another model).
/// If `model_out` is given it receives the trained model.
TrainResult train_kg(const TripleDataset& data, const KgTrainParams& params, jobs::JobContext& ctx,
                     std::unique_ptr<KgModel>* model_out = nullptr);

/// One minibatch's loss and gradient, exposed for tests: positives `batch`, side choice and
/// negatives drawn from `seed` as in training. Each positive's loss (and N3 penalty) counts
/// with weight scale·weights[i] (weights empty: scale); returns Σ weights[i]·loss_i · scale.
double kg_batch_loss_grad(const KgModel& model, std::span<const kg::Triple> batch, const TrainSettings& settings,
                          const LossConfig& loss, std::span<const kg::Triple> pool,
                          std::span<const float> head_probability, std::uint64_t seed, float scale, GradBuffer& g,
                          std::span<const float> weights = {});

/// RotatE's subsampling weight of every triple of `train`: 1/√(n(h,r) + n(t,r⁻¹)), where n
/// counts the training triples with that head and relation (tail and relation) plus 3.
std::vector<float> subsampling_weights(std::span<const kg::Triple> train);

/// Adapter that lets evaluation hooks score role assertions r(x, y) with a triple model.
class KgAxiomScorer final : public AxiomScorer {
  public:
    explicit KgAxiomScorer(const KgModel& model) : model_(model) {}
    double score(const NfAxiom& axiom) const override;

  private:
    const KgModel& model_;
};

/// Writes / reads the checkpoint of a triple model (parameters, optimiser state, vocabulary).
struct KgCheckpointState {
    int epoch = 0;
    double best = -1;
    int bad_evals = 0;
};
void save_kg_checkpoint(const std::string& path, const KgModel& model, const Optimizer* opt,
                        const kg::Vocabulary& vocab, const KgCheckpointState& state, const TrainSettings& settings);
/// Loads a checkpoint's model (and the vocabulary names); throws InputError if it is not a
/// triple-model checkpoint.
std::unique_ptr<KgModel> load_kg_model(const std::string& path, std::vector<std::string>* entities = nullptr,
                                       std::vector<std::string>* relations = nullptr);

} // namespace kbcx::embed
