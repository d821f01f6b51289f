// The end of one training epoch, the same for triple and EL models: evaluate when due, log the
// metrics, track early stopping, write the checkpoint and report the epoch.
#pragma once

#include "embed/training.hpp"

#include <functional>
#include <string>

namespace kbcx::embed {

/// Where early stopping stands; the checkpoint states of train_kg and train_el hold the same two.
struct EarlyStopRefs {
    double& best;   ///< best value of st.early_stop so far
    int& bad_evals; ///< evaluations since it last improved
};

/// Ends epoch rep.epoch of a training with settings `st`. On an evaluation epoch (the last one, or
/// every st.eval_every) it fills rep.metrics with `evaluate`, adds its time to result.eval_seconds,
/// sets result.valid, appends a `split` line to the run's metrics.jsonl and updates `stop` by
/// st.early_stop (larger is better if `maximise`; result.best keeps the best evaluation). Then it
/// calls `save` (the caller's checkpoint state takes the epoch; the checkpoint is written if the run
/// has a folder; on an evaluation epoch with st.keep_checkpoints a copy is kept), and hooks.on_epoch.
/// Returns true when st.patience evaluations passed without improvement (result.stopped_early is
/// set): the training ends.
bool end_epoch(EpochReport& rep, const TrainSettings& st, bool maximise, const std::string& split, const RunFolder& run,
               EarlyStopRefs stop, TrainResult& result, const std::function<void(Metrics&)>& evaluate,
               const std::function<void()>& save, const TrainHooks& hooks);

} // namespace kbcx::embed
