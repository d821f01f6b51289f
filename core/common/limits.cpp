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

/// The limit passed at `now` for a job started at `start` ("" = none), reading the process's
/// resident memory only when there is a memory limit.
std::string passed(const ResourceLimits& limits, std::chrono::steady_clock::time_point start,
                   std::chrono::steady_clock::time_point now) {
    if (limits.time_limit_seconds > 0 &&
        std::chrono::duration<double>(now - start).count() >= limits.time_limit_seconds)
        return "time limit of " + seconds_text(limits.time_limit_seconds) + " s reached";
    if (limits.max_memory_bytes > 0) {
        const std::uint64_t rss = current_memory_bytes();
        if (rss > limits.max_memory_bytes)
            return "memory limit of " + human_bytes(limits.max_memory_bytes) + " reached (resident " +
                   human_bytes(rss) + ")";
    }
    return {};
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

struct SharedLimitWatchdog::Ticket::Entry {
    ResourceLimits limits;
    std::stop_source source;
    std::chrono::steady_clock::time_point start;
    mutable std::mutex mutex;
    std::string reached; ///< guarded by mutex
};

SharedLimitWatchdog::Ticket::Ticket(SharedLimitWatchdog& owner, std::shared_ptr<Entry> entry)
    : owner_(owner), entry_(std::move(entry)) {}

SharedLimitWatchdog::Ticket::~Ticket() {
    owner_.remove(entry_.get());
}

std::string SharedLimitWatchdog::Ticket::reached() const {
    std::lock_guard lock(entry_->mutex);
    return entry_->reached;
}

SharedLimitWatchdog::SharedLimitWatchdog(std::chrono::milliseconds poll_interval) : poll_(poll_interval) {}

SharedLimitWatchdog::~SharedLimitWatchdog() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::unique_ptr<SharedLimitWatchdog::Ticket> SharedLimitWatchdog::watch(ResourceLimits limits,
                                                                        std::stop_source source) {
    auto entry = std::make_shared<Ticket::Entry>();
    entry->limits = limits;
    entry->source = std::move(source);
    entry->start = std::chrono::steady_clock::now();
    if (limits.any()) {
        std::lock_guard lock(mutex_);
        entries_.push_back(entry);
        if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    }
    cv_.notify_all();
    return std::unique_ptr<Ticket>(new Ticket(*this, std::move(entry)));
}

void SharedLimitWatchdog::remove(const Ticket::Entry* entry) {
    std::lock_guard lock(mutex_);
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.get() == entry; }),
                   entries_.end());
}

void SharedLimitWatchdog::loop() {
    std::unique_lock lock(mutex_);
    while (!quit_) {
        if (entries_.empty()) {
            cv_.wait(lock, [this] { return quit_ || !entries_.empty(); });
            continue;
        }
        const auto now = std::chrono::steady_clock::now();
        std::vector<std::shared_ptr<Ticket::Entry>> tripped;
        for (auto it = entries_.begin(); it != entries_.end();) {
            std::string why = passed((*it)->limits, (*it)->start, now);
            if (why.empty()) {
                ++it;
                continue;
            }
            {
                std::lock_guard entry_lock((*it)->mutex);
                (*it)->reached = std::move(why);
            }
            tripped.push_back(*it);
            it = entries_.erase(it); // a job is stopped once
        }
        lock.unlock();
        for (const auto& e : tripped)
            e->source.request_stop();
        lock.lock();
        cv_.wait_for(lock, poll_, [this] { return quit_; });
    }
}

} // namespace kbcx::jobs
