// Entry point of kbcx, the command-line front end. All logic lives in the commands
// library (app/kbcx/*.cpp) so that tests can run the same code in-process.
#include "build_info.hpp"
#include "commands.hpp"
#include "common/resources.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    kbcx::tune_allocator_for_batch();
    const std::vector<std::string> args(argv + 1, argv + argc);
    // The full version report names the Qt the project was configured with, which only the
    // program (not the in-process command library) knows.
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) {
        std::cout << kbcx::cli::version_report("kbcx", kbcx::cli::configured_qt_version().empty()
                                                           ? ""
                                                           : " (used by kbc-explorer and the tests; kbcx links no Qt)");
        return 0;
    }
    const int code = kbcx::cli::run_cli(args, std::cout, std::cerr);
    std::cout.flush();
    return code;
}
