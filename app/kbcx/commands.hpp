// The table of kbcx subcommands. Each command file registers itself with
// KBCX_COMMAND(name, summary, function), so adding a command never edits a shared table.
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

/// All registered commands, sorted by name.
const std::vector<Command>& commands();
/// Runs `kbcx ARGS…` (args[0] is the subcommand); returns the exit code.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Adds a command to the table at static-initialisation time (see KBCX_COMMAND).
struct CommandRegistrar {
    CommandRegistrar(const char* name, const char* summary, CommandFn run);
};

} // namespace kbcx::cli

/// Registers `fn` as `kbcx NAME`. Use once per command, at namespace scope in its .cpp file.
#define KBCX_COMMAND(name, summary, fn)                                                                                \
    static const ::kbcx::cli::CommandRegistrar kbcx_command_registrar_##fn {                                           \
        name, summary, fn                                                                                              \
    }
