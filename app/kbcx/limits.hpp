// --max-memory MB and --time-limit SECONDS for the long kbcx jobs, shared by every command that
// offers them: options, the watchdog that stops the job, and exit code 3 "limit reached".
#pragma once

#include "cli.hpp"
#include "commands.hpp"
#include "common/limits.hpp"

#include <functional>
#include <iosfwd>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace kbcx::cli {

/// Exit code of a job stopped by --max-memory or --time-limit (documented in each --help).
inline constexpr int kLimitReached = 3;

/// Adds --max-memory MB and --time-limit SECONDS to a command's options.
void add_limit_options(ArgParser& p);

/// The limits of one command run: a stop token that fires on Ctrl+C/SIGTERM or when a limit is
/// passed. Create it after parsing and hand token() to the JobContext; it must outlive the job.
class JobLimits {
  public:
    explicit JobLimits(const ArgParser& p);
    ~JobLimits();
    std::stop_token token() const { return source_.get_token(); }
    const jobs::ResourceLimits& limits() const { return limits_; }

  private:
    jobs::ResourceLimits limits_;
    std::stop_source source_;
    std::unique_ptr<std::stop_callback<std::function<void()>>> forward_interrupt_;
    std::unique_ptr<jobs::LimitWatchdog> watchdog_;
};

/// Runs a command; when it ends with kbcx::Cancelled because a limit was reached (or with
/// std::bad_alloc under --max-memory), prints "kbcx NAME: limit reached: …" and returns 3.
int run_limited(const char* name, CommandFn fn, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err);

} // namespace kbcx::cli

/// KBCX_COMMAND for a command that offers --max-memory/--time-limit (see limits.hpp).
#define KBCX_LIMITED_COMMAND(name, summary, fn)                                                                        \
    static int fn##_limited(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {              \
        return ::kbcx::cli::run_limited(name, fn, args, out, err);                                                     \
    }                                                                                                                  \
    KBCX_COMMAND(name, summary, fn##_limited)
