// What every training job shares (triple and EL models): settings, pause/cancel control,
// per-epoch reports for live charts, and the run folder (params.json, metrics.jsonl,
// checkpoint.bin) that makes a run resumable after it is killed at any moment.
#pragma once

#include "embed/loss.hpp"
#include "embed/nf_axioms.hpp"
#include "embed/optimizer.hpp"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace kbcx::embed {

/// Hyperparameters and run options of a training job (the CLI's flags map onto these).
struct TrainSettings {
    int epochs = 100;
    int batch = 1024; ///< positives per optimiser step (EL: axioms per normal form per step)
    int neg = 256;    ///< negatives per positive
    /// 1-vs-all: every entity is a candidate of every positive, on both sides, with the
    /// cross-entropy loss (`--neg all`; neg, chunk sampling and p⊥ do not apply).
    bool one_vs_all = false;
    int chunk = 64;  ///< positives sharing one draw of corrupting entities (1 = private negatives)
    int threads = 1; ///< worker threads per minibatch; 1 + a seed = bit-identical runs
    std::uint64_t seed = 0;
    float lr = 1e-3f;
    /// Step decay: the learning rate is multiplied by lr_decay every lr_step epochs (0 = a
    /// constant rate), as RotatE's released trainer lowers it tenfold part-way through.
    int lr_step = 0;
    float lr_decay = 0.1f;
    /// Triple models: weight each positive's loss by 1/√(n(h,r) + n(t,r⁻¹)) with n counting the
    /// training triples that share the query (plus 3), normalised over the minibatch (RotatE's
    /// subsampling weights, after word2vec), so frequent queries do not dominate.
    bool subsampling = false;
    OptimizerKind optimizer = OptimizerKind::Adam;
    std::optional<LossKind> loss; ///< default: the model's own
    float margin = 12.0f;         ///< γ
    float adv_temp = 0.0f;        ///< α > 0: self-adversarial negative weights
    float p_bot = 0.0f;           ///< fraction of negatives drawn from the explicit/contradiction pool
    bool bernoulli = false;       ///< Bernoulli head/tail choice (Wang et al. 2014) instead of 50/50
    float reg = 0.0f;             ///< λ of the N3 (L3) regulariser on the rows of each positive
    /// Triple models: PyKEEN's LpRegularizer (p = 2, normalize = True): weight·‖x‖₂/√d, averaged
    /// over the rows of the scored positives and, separately, of their negatives; lp_entity for
    /// the head and tail rows, lp_relation for the relation rows (0 = off).
    float lp_entity = 0.0f;
    float lp_relation = 0.0f;
    /// Triple models: entity rows rescaled to unit L2 norm after the initialisation and after every
    /// step (PyKEEN's entity_constrainer = functional.normalize).
    bool unit_entities = false;
    /// Every row of every table steps each time (torch's Adam on dense gradients: rows outside
    /// the batch keep moving with their moments), not only the batch's rows.
    bool dense_optimizer = false;
    int eval_every = 10;            ///< evaluate on validation every N epochs (and after the last); 0 = only at the end
    std::size_t eval_max = 0;       ///< cap on validation queries per evaluation (0 = all)
    std::string early_stop = "mrr"; ///< metric watched for early stopping
    int patience = 0;               ///< stop after this many evaluations without improvement (0 = never)
    std::string run_dir;            ///< run folder; "" = no files (tests, previews)
    bool keep_checkpoints = false;  ///< keep a copy of the checkpoint of every evaluation (RunFolder::keep_checkpoint)
    bool resume = false;            ///< continue from run_dir/checkpoint.bin
    std::string data;               ///< where the data came from (recorded in params.json)
};

/// The learning rate of 1-based `epoch` under the step decay of `settings`.
float lr_at_epoch(const TrainSettings& settings, int epoch);
/// Throws InputError("train", …) when lr_step or lr_decay is out of range.
void check_lr_schedule(const TrainSettings& settings);

/// Pause/resume for a running job (cancel is the JobContext's stop token). Thread-safe;
/// the job waits between minibatches while paused.
class TrainControl {
  public:
    void pause();
    void resume();
    bool paused() const;
    /// Blocks while paused; returns early when `stop` is requested.
    void wait_while_paused(std::stop_token stop) const;

  private:
    mutable std::mutex mutex_;
    mutable std::condition_variable_any cv_;
    bool paused_ = false;
};

/// Sent after every epoch (from the training thread).
struct EpochReport {
    int epoch = 0;          ///< 1-based number of the finished epoch
    int epochs = 0;         ///< planned total
    double loss = 0;        ///< mean loss per positive over the epoch
    double seconds = 0;     ///< training time of this epoch (evaluation excluded)
    double cpu_seconds = 0; ///< process CPU time (all threads) of this epoch's training
    double positives_per_second = 0;
    bool evaluated = false; ///< true when `metrics` holds a validation evaluation
    Metrics metrics;        ///< mrr, hits@1/3/10, mean_rank, and whatever the hooks add
};

/// Callbacks and control of a job; all optional. A GUI runs each job on its own thread and
/// marshals on_epoch to its event loop; several jobs may run at once (no shared state).
struct TrainHooks {
    std::function<void(const EpochReport&)> on_epoch;
    std::shared_ptr<TrainControl> control;
    std::vector<EvalHook> eval_hooks;
};

/// Outcome of a training job.
struct TrainResult {
    int first_epoch = 1; ///< 1 for a fresh run, checkpoint epoch + 1 on resume
    int last_epoch = 0;  ///< last finished epoch
    bool stopped_early = false;
    double train_seconds = 0, eval_seconds = 0;
    std::uint64_t positives = 0; ///< positives processed by this job
    double seconds_per_epoch = 0, positives_per_second = 0;
    double train_cpu_seconds = 0;     ///< process CPU time of training, all threads (0 where not measured)
    double cpu_seconds_per_epoch = 0; ///< train_cpu_seconds / epochs run
    Metrics valid;                    ///< last validation evaluation
    Metrics test;                     ///< final test evaluation (empty if no test split)
    Metrics best;                     ///< best validation evaluation by the early-stopping metric
};

/// The run folder's files. Writes are flushed line by line; see the functions' notes.
class RunFolder {
  public:
    /// "" = no folder (nothing is written).
    explicit RunFolder(std::string dir);
    bool enabled() const { return !dir_.empty(); }
    std::string checkpoint_path() const;
    std::string metrics_path() const;
    std::string params_path() const;
    bool has_checkpoint() const;
    /// Creates the folder; refuses (InputError) if it already holds a checkpoint and !resume,
    /// or has none and resume.
    void prepare(bool resume) const;
    void write_params(const std::string& json) const;
    /// On resume: keeps only complete validation lines of epochs ≤ last_epoch (a line cut by a
    /// kill, and lines written after the checkpoint, are dropped), rewriting atomically.
    void truncate_metrics(int last_epoch) const;
    /// Appends one JSON line and flushes it.
    void append_metrics(const std::string& json_line) const;
    /// Where `--keep-checkpoints` keeps a copy of the checkpoint of each evaluation:
    /// DIR/checkpoints/epoch-NNNNNN.bin.
    std::string kept_checkpoint_dir() const;
    std::string kept_checkpoint_path(int epoch) const;
    /// Copies checkpoint.bin to kept_checkpoint_path(epoch) (atomically, via a temporary file).
    void keep_checkpoint(int epoch) const;

  private:
    std::string dir_;
};

/// One metrics.jsonl line: {"epoch":E,"split":S,"loss":L,"seconds":T,<metrics>…}.
std::string metrics_line(int epoch, const std::string& split, double loss, double seconds, const Metrics& m);

/// Mixes several integers into a seed (SplitMix64), so each epoch/batch/slice has its own stream.
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b, std::uint64_t c = 0, std::uint64_t d = 0);

} // namespace kbcx::embed
