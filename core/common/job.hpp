// The job API shared by kbcx and kbc-explorer: every long task is a function
// `Result run(const Params&, JobContext&)` that reports progress and honours a stop token.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stop_token>
#include <string>

// The namespace stays kbcx::jobs (the name every caller writes) although the file lives in common/.
namespace kbcx::jobs {

/// One progress report: `done` out of `total` units (total 0 = unknown), and what is happening.
struct Progress {
    std::uint64_t done = 0;
    std::uint64_t total = 0;
    std::string message;
};

/// Receives progress reports. Called on the job's thread; must be cheap and thread-safe.
using ProgressSink = std::function<void(const Progress&)>;

/// What a running job sees of the world: where to report progress and whether to stop.
/// Reports are throttled (at most one per `min_interval`, plus forced ones) so that a job
/// may call report() in its inner loop without flooding a terminal or the GUI event loop.
class JobContext {
  public:
    explicit JobContext(std::stop_token stop = {}, ProgressSink sink = {},
                        std::chrono::milliseconds min_interval = std::chrono::milliseconds(50));

    /// Reports progress; dropped if the last report was less than min_interval ago,
    /// unless `force` is set (use it for the first and last report of a phase).
    void report(std::uint64_t done, std::uint64_t total, const std::string& message, bool force = false);

    bool stop_requested() const noexcept { return stop_.stop_requested(); }
    /// Throws kbcx::Cancelled when a stop was requested. Call it between units of work.
    void throw_if_stopped() const;
    std::stop_token stop_token() const noexcept { return stop_; }

  private:
    std::stop_token stop_;
    ProgressSink sink_;
    std::chrono::steady_clock::duration min_interval_;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point last_report_{};
};

} // namespace kbcx::jobs
