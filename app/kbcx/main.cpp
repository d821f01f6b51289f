// Entry point of kbcx, the command-line front end. All logic lives in the commands
// library (app/kbcx/*.cpp) so that tests can run the same code in-process.
#include "commands.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const int code = kbcx::cli::run_cli(args, std::cout, std::cerr);
    std::cout.flush();
    return code;
}
