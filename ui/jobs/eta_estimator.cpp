// Implementation of EtaEstimator: rate from consecutive progress samples, exponentially
// smoothed; the first measured rate seeds the average.
#include "ui/jobs/eta_estimator.hpp"

namespace kbcx::ui {

void EtaEstimator::add(double seconds, std::uint64_t done, std::uint64_t total) {
    if (!hasSample_ || done < lastDone_ || total != lastTotal_) {
        // First sample or a new phase: measure the rate from the phase's start.
        const bool newPhase = hasSample_;
        reset();
        hasSample_ = true;
        lastSeconds_ = seconds;
        lastDone_ = done;
        lastTotal_ = total;
        if (!newPhase && seconds > 0.0 && done > 0) rate_ = static_cast<double>(done) / seconds;
        return;
    }
    const double dt = seconds - lastSeconds_;
    if (dt <= 0.0) return;
    const double measured = static_cast<double>(done - lastDone_) / dt;
    rate_ = rate_ > 0.0 ? smoothing_ * measured + (1.0 - smoothing_) * rate_ : measured;
    lastSeconds_ = seconds;
    lastDone_ = done;
}

std::optional<double> EtaEstimator::remainingSeconds() const {
    if (!hasSample_ || lastTotal_ == 0 || rate_ <= 0.0) return std::nullopt;
    if (lastDone_ >= lastTotal_) return 0.0;
    return static_cast<double>(lastTotal_ - lastDone_) / rate_;
}

void EtaEstimator::reset() {
    hasSample_ = false;
    lastSeconds_ = 0.0;
    lastDone_ = 0;
    lastTotal_ = 0;
    rate_ = 0.0;
}

} // namespace kbcx::ui
