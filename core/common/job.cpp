// Throttled progress reporting and cancellation checks for the job API.
// The throttle is per context, so nested phases of one job share one rate limit.
#include "common/job.hpp"

#include "common/error.hpp"

namespace kbcx::jobs {

JobContext::JobContext(std::stop_token stop, ProgressSink sink, std::chrono::milliseconds min_interval)
    : stop_(std::move(stop)), sink_(std::move(sink)), min_interval_(min_interval) {}

void JobContext::report(std::uint64_t done, std::uint64_t total, const std::string& message, bool force) {
    if (!sink_) return;
    const auto now = std::chrono::steady_clock::now();
    // The sink runs under the lock as well: parallel workers of one job report through the same
    // context, and a sink (the terminal progress bar) need not be thread-safe itself.
    std::lock_guard lock(mutex_);
    if (!force && last_report_.time_since_epoch().count() != 0 && now - last_report_ < min_interval_) return;
    last_report_ = now;
    sink_(Progress{done, total, message});
}

void JobContext::throw_if_stopped() const {
    if (stop_.stop_requested()) throw Cancelled();
}

} // namespace kbcx::jobs
