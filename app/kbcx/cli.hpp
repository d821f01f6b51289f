// Shared plumbing of the kbcx subcommands: a small declarative option parser with
// generated --help, exit codes, and the terminal progress bar that drives core jobs.
#pragma once

#include "common/job.hpp"
#include "common/name_style.hpp"

#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::cli {

/// Exit codes: 0 success, 1 internal error, 2 bad input or usage, 130 interrupted.
enum ExitCode : int { kOk = 0, kInternal = 1, kBadInput = 2, kInterrupted = 130 };

/// Thrown for command-line mistakes; printed as "kbcx CMD: message" with exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Declarative options of one subcommand. Options are `--name value` (or `--name=value`)
/// and `--flag`; anything else is positional. `--help` prints the generated help.
class ArgParser {
  public:
    ArgParser(std::string command, std::string synopsis, std::string description);

    void flag(const std::string& name, const std::string& help);
    void option(const std::string& name, const std::string& metavar, const std::string& help,
                std::optional<std::string> default_value = std::nullopt, bool repeatable = false);
    void positional(const std::string& metavar, const std::string& help, bool many = true, bool required = true);
    /// Free text appended to --help (definitions, formats, examples).
    void epilog(std::string text) { epilog_ = std::move(text); }

    /// Parses args; returns false if --help was printed (the caller then exits 0).
    bool parse(const std::vector<std::string>& args, std::ostream& out);

    bool has(const std::string& name) const;
    std::string get(const std::string& name) const;                  ///< value or default
    std::vector<std::string> get_all(const std::string& name) const; ///< repeatable option
    const std::vector<std::string>& positionals() const { return positionals_; }
    std::string help() const;

    /// One declared option, as --help shows it (for tests and documentation generators).
    struct OptionInfo {
        std::string name, metavar, help;
        std::optional<std::string> default_value;
        bool is_flag = false;
        bool repeatable = false;
    };
    std::vector<OptionInfo> options() const;
    const std::string& command() const { return command_; }
    const std::string& epilog_text() const { return epilog_; }
    /// Called with every parser that is about to print its --help (null: none). Lets a test
    /// check each command's help against the options the command declares.
    static void set_help_observer(std::function<void(const ArgParser&)> observer);

  private:
    struct Spec {
        std::string name, metavar, help;
        std::optional<std::string> default_value;
        bool is_flag = false;
        bool repeatable = false;
    };
    const Spec* find(const std::string& name) const;
    std::string command_, synopsis_, description_, epilog_;
    std::vector<Spec> specs_;
    std::string positional_metavar_, positional_help_;
    bool positional_many_ = true, positional_required_ = true, has_positional_ = false;
    std::map<std::string, std::vector<std::string>> values_;
    std::vector<std::string> positionals_;
};

/// Draws a progress bar with rate and ETA on stderr when it is a terminal; silent otherwise
/// (or when quiet). Use sink() as the JobContext's ProgressSink.
class TerminalProgress {
  public:
    /// A bar on a terminal. When stderr is not a terminal: nothing, or with `lines_when_redirected`
    /// a timestamped line per new message at most every 10 s (for long runs sent to a log file).
    explicit TerminalProgress(bool quiet = false, bool lines_when_redirected = false);
    ~TerminalProgress();
    jobs::ProgressSink sink();
    void finish(); ///< clears the bar

  private:
    void draw(const jobs::Progress& p);
    void log_line(const jobs::Progress& p);
    bool enabled_;
    bool lines_ = false;
    double last_line_ = -1e9;
    std::string last_message_;
    bool drawn_ = false;
    double start_ = 0.0;
};

/// A stop token triggered by SIGINT/SIGTERM, so Ctrl+C cancels a job cleanly.
std::stop_token interrupt_token();

/// Declares `--names label|short|iri`, the one option of every command that prints entities.
void add_names_option(ArgParser& p);
/// The style --names asks for (its default: kbcx::kDefaultNameStyle); UsageError otherwise.
NameStyle names_option(const ArgParser& p);
/// The default of --threads, one rule for every command: where the output is the same for any number
/// of threads, all cores (0); in the trainings (train, sweep, reproduce), whose results depend on it,
/// one thread, so that a seed alone gives bit-identical runs. kThreadsRule says so in kbcx --help.
inline const std::string kThreadsAllCores = "0";
inline const std::string kThreadsTraining = "1";
inline constexpr const char* kThreadsRule =
    "--threads N: 0 = all cores, the default where the output does not depend on N; the trainings (train,\n"
    "  sweep, reproduce) default to 1, as one thread and a seed give bit-identical runs\n";

/// Parses a non-negative integer option value or throws UsageError naming the option.
std::uint64_t parse_count(const std::string& option, const std::string& value);
/// The whole value as a decimal number; a UsageError naming --option otherwise.
double parse_real(const std::string& option, const std::string& value);

} // namespace kbcx::cli
