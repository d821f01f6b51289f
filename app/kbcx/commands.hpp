// The table of kbcx subcommands. Each command is a function taking its arguments and
// output streams and returning an exit code, so tests can run commands in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kbcx::cli {

using CommandFn = int (*)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

struct Command {
    const char* name;
    const char* summary;
    CommandFn run;
};

const std::vector<Command>& commands();
/// Runs `kbcx ARGS…` (args[0] is the subcommand); returns the exit code.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

int cmd_info(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace kbcx::cli
