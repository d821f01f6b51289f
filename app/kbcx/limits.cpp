// Implementation of the shared --max-memory/--time-limit options: the JobLimits stop source and
// the wrapper that turns a limit-caused cancellation into exit code 3.
#include "limits.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"

#include <mutex>
#include <new>
#include <ostream>

namespace kbcx::cli {

namespace {

/// What the last JobLimits of this process reached ("" = nothing): read by run_limited after
/// the job's exception has unwound the JobLimits itself.
struct LastLimit {
    std::mutex mutex;
    std::string reached;
    bool memory_limited = false;
};
LastLimit& last_limit() {
    static LastLimit l;
    return l;
}

double parse_seconds(const std::string& value) {
    try {
        std::size_t used = 0;
        const double v = std::stod(value, &used);
        if (used == value.size() && v > 0 && v < 1e9) return v;
    } catch (const std::exception&) {
    }
    throw UsageError("--time-limit needs a positive number of seconds, got '" + value + "'");
}

} // namespace

void add_limit_options(ArgParser& p) {
    p.option("max-memory", "MB",
             "stop with exit code 3 when the process's resident memory passes MB megabytes (10^6 bytes); 0 = no limit",
             "0");
    p.option("time-limit", "SECONDS", "stop with exit code 3 after SECONDS of wall-clock time; 0 = no limit", "0");
}

JobLimits::JobLimits(const ArgParser& p) {
    const std::uint64_t mb = parse_count("max-memory", p.get("max-memory"));
    if (mb > (std::uint64_t{1} << 40)) throw UsageError("--max-memory is too large");
    limits_.max_memory_bytes = mb * 1000000u;
    if (p.get("time-limit") != "0") limits_.time_limit_seconds = parse_seconds(p.get("time-limit"));
    {
        LastLimit& last = last_limit();
        std::lock_guard lock(last.mutex);
        last.reached.clear();
        last.memory_limited = limits_.max_memory_bytes > 0;
    }
    forward_interrupt_ = std::make_unique<std::stop_callback<std::function<void()>>>(
        interrupt_token(), std::function<void()>([src = source_]() mutable { src.request_stop(); }));
    watchdog_ = std::make_unique<jobs::LimitWatchdog>(limits_, source_);
}

JobLimits::~JobLimits() {
    const std::string why = watchdog_ ? watchdog_->reached() : std::string();
    watchdog_.reset();
    if (!why.empty()) {
        LastLimit& last = last_limit();
        std::lock_guard lock(last.mutex);
        last.reached = why;
    }
}

int run_limited(const char* name, CommandFn fn, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err) {
    {
        LastLimit& last = last_limit();
        std::lock_guard lock(last.mutex);
        last.reached.clear();
        last.memory_limited = false;
    }
    auto limit_message = [&](const std::string& why) {
        err << "kbcx " << name << ": limit reached: " << why << "\n";
        return kLimitReached;
    };
    try {
        return fn(args, out, err);
    } catch (const Cancelled&) {
        std::string why;
        {
            LastLimit& last = last_limit();
            std::lock_guard lock(last.mutex);
            why = last.reached;
        }
        if (why.empty()) throw;
        return limit_message(why);
    } catch (const std::bad_alloc&) {
        bool limited = false;
        {
            LastLimit& last = last_limit();
            std::lock_guard lock(last.mutex);
            limited = last.memory_limited;
        }
        if (!limited) throw;
        return limit_message("memory limit reached (an allocation failed; peak resident " +
                             human_bytes(peak_memory_bytes()) + ")");
    }
}

} // namespace kbcx::cli
