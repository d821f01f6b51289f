// The end of one training epoch shared by train_kg and train_el (see epoch_end.hpp): evaluation,
// metrics line, early stopping, checkpoint and the epoch report, in this order.
#include "embed/epoch_end.hpp"

#include "common/resources.hpp"

namespace kbcx::embed {

bool end_epoch(EpochReport& rep, const TrainSettings& st, bool maximise, const std::string& split, const RunFolder& run,
               EarlyStopRefs stop, TrainResult& result, const std::function<void(Metrics&)>& evaluate,
               const std::function<void()>& save, const TrainHooks& hooks) {
    const int epoch = rep.epoch;
    const bool do_eval = epoch == st.epochs || (st.eval_every > 0 && epoch % st.eval_every == 0);
    bool stop_now = false;
    if (do_eval) {
        Stopwatch eclock;
        evaluate(rep.metrics);
        result.eval_seconds += eclock.seconds();
        rep.evaluated = true;
        result.valid = rep.metrics;
        run.append_metrics(metrics_line(epoch, split, rep.loss, rep.seconds, rep.metrics));
        auto it = rep.metrics.find(st.early_stop);
        if (it != rep.metrics.end()) {
            const bool better = maximise ? it->second > stop.best : it->second < stop.best;
            if (better) {
                stop.best = it->second;
                stop.bad_evals = 0;
                result.best = rep.metrics;
            } else if (++stop.bad_evals >= st.patience && st.patience > 0) {
                stop_now = true;
                result.stopped_early = true;
            }
        }
    }
    save();
    if (do_eval && st.keep_checkpoints && run.has_checkpoint()) run.keep_checkpoint(epoch);
    if (hooks.on_epoch) hooks.on_epoch(rep);
    return stop_now;
}

} // namespace kbcx::embed
