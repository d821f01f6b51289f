// The kbcx subcommand table and dispatcher: global --help/--version, and the one place
// that turns exceptions into messages and exit codes.
#include "commands.hpp"

#include "cli.hpp"
#include "common/error.hpp"

#include "kg/rdf_reader.hpp"
#include <Eigen/Core>
#include <boost/version.hpp>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string_view>

namespace kbcx::cli {

namespace {
std::vector<Command>& registry() {
    static std::vector<Command> table;
    return table;
}
} // namespace

CommandRegistrar::CommandRegistrar(const char* name, const char* summary, CommandFn run) {
    auto& table = registry();
    auto it = table.begin();
    while (it != table.end() && std::string_view(it->name) < name)
        ++it;
    table.insert(it, Command{name, summary, run});
}

const std::vector<Command>& commands() {
    return registry();
}

namespace {
void print_usage(std::ostream& out) {
    out << "usage: kbcx COMMAND [OPTIONS] [ARGS]\n\n"
           "KBC Explorer's command-line front end: the same jobs as the kbc-explorer GUI.\n\ncommands:\n";
    std::size_t width = 0;
    for (const auto& c : commands())
        width = std::max(width, std::string_view(c.name).size());
    for (const auto& c : commands())
        out << "  " << std::left << std::setw(static_cast<int>(width + 2)) << c.name << c.summary << "\n";
    out << "\n  kbcx COMMAND --help   options of one command\n  kbcx --version        versions\n\n"
           "exit codes: 0 success, 2 bad input or usage, 1 internal error, 130 interrupted\n"
        << kThreadsRule;
}
} // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        print_usage(args.empty() ? err : out);
        return args.empty() ? kBadInput : kOk;
    }
    if (args[0] == "--version") {
        out << "kbcx " << KBCX_VERSION << "\n"
            << "built with Boost " << BOOST_VERSION / 100000 << '.' << BOOST_VERSION / 100 % 1000 << '.'
            << BOOST_VERSION % 100 << ", Eigen " << EIGEN_WORLD_VERSION << '.' << EIGEN_MAJOR_VERSION << '.'
            << EIGEN_MINOR_VERSION << ", raptor2 " << kg::raptor_version() << "\n";
        return kOk;
    }
    for (const auto& c : commands()) {
        if (args[0] != c.name) continue;
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        try {
            return c.run(rest, out, err);
        } catch (const UsageError& e) {
            err << "kbcx " << c.name << ": " << e.what() << "\n";
            return kBadInput;
        } catch (const InputError& e) {
            err << "kbcx " << c.name << ": error: " << e.what() << "\n";
            return kBadInput;
        } catch (const Cancelled&) {
            err << "kbcx " << c.name << ": interrupted\n";
            return kInterrupted;
        } catch (const std::bad_alloc&) {
            err << "kbcx " << c.name << ": out of memory\n";
            return kInternal;
        } catch (const std::exception& e) {
            err << "kbcx " << c.name << ": internal error: " << e.what() << "\n";
            return kInternal;
        }
    }
    err << "kbcx: unknown command '" << args[0] << "' (see kbcx --help)\n";
    return kBadInput;
}

} // namespace kbcx::cli
