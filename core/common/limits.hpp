// Resource limits of a job (--max-memory, --time-limit): a watchdog thread that requests the
// job's stop when the process's resident memory or the job's wall-clock time passes a budget.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

// The namespace stays kbcx::jobs, as for JobContext (common/job.hpp).
namespace kbcx::jobs {

/// Budgets of one job; 0 = unlimited.
struct ResourceLimits {
    std::uint64_t max_memory_bytes = 0; ///< resident set size of the whole process
    double time_limit_seconds = 0;      ///< wall-clock time since the watchdog started
    bool any() const { return max_memory_bytes > 0 || time_limit_seconds > 0; }
};

/// The memory limit a job gets when nobody chose one (the GUI's default, settable in its
/// Preferences; kbcx has none unless --max-memory is given): three quarters of the machine's
/// physical memory (physical_memory_bytes: the cgroup's limit where lower), but always leaving
/// at least 1 GiB to the rest of the desktop session, and never under 256 MiB. 0 (no limit)
/// where the machine's memory is unknown. On a 16 GiB laptop: 12 GiB; on 4 GiB: 3 GiB.
std::uint64_t default_memory_limit_bytes(std::uint64_t physical_bytes);
std::uint64_t default_memory_limit_bytes(); ///< of this machine

/// Whether the machine is running short of memory: less than a tenth of its physical memory
/// (at most 2 GiB: 1.6 GB of 16 GiB, 2 GiB of 128 GiB) is still available (available_memory_bytes). The GUI's status
/// bar warns then, before the kernel starts swapping or killing processes.
bool memory_running_short(std::uint64_t available_bytes, std::uint64_t physical_bytes);

/// Watches the limits while it lives and, when one is passed, records which and requests a
/// stop on `source`. The job then ends exactly as when cancelled (kbcx::Cancelled at its
/// next throw_if_stopped(), with whatever it keeps on cancel — e.g. the last checkpoint of a
/// training), and the caller reports reached() instead of "interrupted".
///
/// Memory is the process's resident set (current_memory_bytes), sampled every
/// `poll_interval`: an allocation burst can overshoot the budget by what the job allocates
/// in one interval, and in a process running several jobs (the GUI) the budget is shared.
/// Time is measured from construction. No thread is started when no limit is set.
class LimitWatchdog {
  public:
    LimitWatchdog(ResourceLimits limits, std::stop_source source,
                  std::chrono::milliseconds poll_interval = std::chrono::milliseconds(10));
    ~LimitWatchdog(); ///< stops and joins the watchdog thread
    LimitWatchdog(const LimitWatchdog&) = delete;
    LimitWatchdog& operator=(const LimitWatchdog&) = delete;

    /// "" while no limit was reached, else e.g. "time limit of 2 s reached" or
    /// "memory limit of 500 MB reached (resident 512.3 MB)". Thread-safe.
    std::string reached() const;
    const ResourceLimits& limits() const { return limits_; }

  private:
    void watch();
    void trip(std::string why);

    ResourceLimits limits_;
    std::stop_source source_;
    std::chrono::milliseconds poll_;
    std::chrono::steady_clock::time_point start_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool quit_ = false;
    std::string reached_;
    std::thread thread_;
};

/// One watchdog thread for many jobs (the GUI runs a job a click): each watch() returns a
/// ticket that watches its own limits, as a LimitWatchdog would, until it is destroyed. The
/// thread starts with the first ticket and ends with the watcher, so short jobs start no
/// thread of their own.
class SharedLimitWatchdog {
  public:
    /// What one job's limits reached; the job's watch ends when it is destroyed.
    class Ticket {
      public:
        ~Ticket();
        Ticket(const Ticket&) = delete;
        Ticket& operator=(const Ticket&) = delete;
        /// "" while no limit was reached, else the message LimitWatchdog::reached() gives.
        std::string reached() const;

      private:
        friend class SharedLimitWatchdog;
        struct Entry;
        Ticket(SharedLimitWatchdog& owner, std::shared_ptr<Entry> entry);
        SharedLimitWatchdog& owner_;
        std::shared_ptr<Entry> entry_;
    };

    explicit SharedLimitWatchdog(std::chrono::milliseconds poll_interval = std::chrono::milliseconds(10));
    ~SharedLimitWatchdog(); ///< stops and joins the thread; outstanding tickets stop being watched
    SharedLimitWatchdog(const SharedLimitWatchdog&) = delete;
    SharedLimitWatchdog& operator=(const SharedLimitWatchdog&) = delete;

    /// Watches `limits` from now on, requesting a stop on `source` when one is passed.
    std::unique_ptr<Ticket> watch(ResourceLimits limits, std::stop_source source);

  private:
    void loop();
    void remove(const Ticket::Entry* entry);

    std::chrono::milliseconds poll_;
    std::mutex mutex_;
    std::condition_variable cv_;
    bool quit_ = false;
    std::vector<std::shared_ptr<Ticket::Entry>> entries_;
    std::thread thread_;
};

} // namespace kbcx::jobs
