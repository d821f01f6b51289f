// The resource-limit watchdog: one thread per limited job, polling the clock and the
// process's resident memory, requesting the job's stop when a budget is passed.
#include "common/limits.hpp"

#include "common/resources.hpp"

#include <algorithm>
#include <cstdio>

namespace kbcx::jobs {

namespace {
std::string seconds_text(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", s);
    return b;
}
} // namespace

std::uint64_t default_memory_limit_bytes(std::uint64_t physical) {
    constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
    if (physical == 0) return 0;
    const std::uint64_t share = physical / 4 * 3;
    const std::uint64_t leaving = physical > kGiB ? physical - kGiB : 0;
    return std::max(std::min(share, leaving), kGiB / 4);
}

std::uint64_t default_memory_limit_bytes() {
    return default_memory_limit_bytes(physical_memory_bytes());
}

bool memory_running_short(std::uint64_t available, std::uint64_t physical) {
    constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
    if (physical == 0) return false; // unknown: no warning rather than a false one
    return available < std::min(physical / 10, 2 * kGiB);
}

LimitWatchdog::LimitWatchdog(ResourceLimits limits, std::stop_source source, std::chrono::milliseconds poll_interval)
    : limits_(limits), source_(std::move(source)), poll_(poll_interval), start_(std::chrono::steady_clock::now()) {
    if (limits_.any()) thread_ = std::thread([this] { watch(); });
}

LimitWatchdog::~LimitWatchdog() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::string LimitWatchdog::reached() const {
    std::lock_guard lock(mutex_);
    return reached_;
}

void LimitWatchdog::trip(std::string why) {
    {
        std::lock_guard lock(mutex_);
        reached_ = std::move(why);
    }
    source_.request_stop();
}

void LimitWatchdog::watch() {
    const auto deadline = limits_.time_limit_seconds > 0
                              ? start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(limits_.time_limit_seconds))
                              : std::chrono::steady_clock::time_point::max();
    std::unique_lock lock(mutex_);
    while (!quit_) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) {
            lock.unlock();
            trip("time limit of " + seconds_text(limits_.time_limit_seconds) + " s reached");
            return;
        }
        if (limits_.max_memory_bytes > 0) {
            const std::uint64_t rss = current_memory_bytes();
            if (rss > limits_.max_memory_bytes) {
                lock.unlock();
                trip("memory limit of " + human_bytes(limits_.max_memory_bytes) + " reached (resident " +
                     human_bytes(rss) + ")");
                return;
            }
        }
        const auto next = std::min(deadline, now + poll_);
        cv_.wait_until(lock, next, [this] { return quit_; });
    }
}

} // namespace kbcx::jobs
