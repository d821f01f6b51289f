// Estimates the time left for a job from the rate of its progress reports: a smoothed rate
// (units per second) over recent reports, so that a job's remaining time settles quickly.
#pragma once

#include <cstdint>
#include <optional>

namespace kbcx::ui {

/// Feed it (seconds since start, done, total) samples in time order; it keeps an
/// exponentially smoothed rate and answers remaining seconds once the rate is known.
class EtaEstimator {
  public:
    /// `smoothing` in (0, 1]: weight of the newest rate measurement.
    explicit EtaEstimator(double smoothing = 0.3) : smoothing_(smoothing) {}

    /// Records that `done` of `total` units were finished `seconds` after the job started.
    /// A sample with a smaller `done` than the previous one (a new phase) restarts the estimate.
    void add(double seconds, std::uint64_t done, std::uint64_t total);

    /// Seconds left, or nullopt while unknown (no total, no rate yet, or no progress).
    std::optional<double> remainingSeconds() const;

    /// Units per second, or 0 while unknown.
    double rate() const { return rate_; }

    void reset();

  private:
    double smoothing_;
    bool hasSample_ = false;
    double lastSeconds_ = 0.0;
    std::uint64_t lastDone_ = 0;
    std::uint64_t lastTotal_ = 0;
    double rate_ = 0.0;
};

} // namespace kbcx::ui
