// The `kbcx generate` command line that makes the same benchmark as a GenerateParams: the
// Generate Benchmark dialog shows it, so a benchmark made in the GUI can be made again in a shell.
#pragma once

#include "bench/generator.hpp"
#include "kg/readers.hpp"

#include <string>
#include <vector>

namespace kbcx::bench {

/// The words after `kbcx`: "generate", the data files, every setting the output depends on —
/// patterns ("all" when they are all_patterns() in order), --neg, --variant, --filter when set,
/// --k1, --k2, --split, --seed, --attempts when not the default — how the files are read
/// (--order htr, --format unless auto, each --type-predicate) and --out. --threads is left out:
/// no output depends on it.
std::vector<std::string> generate_arguments(const GenerateParams& params, const std::vector<std::string>& data,
                                            const kg::ReadOptions& read, const std::string& out_dir);

/// `words` as one POSIX shell line: a word holding anything but letters, digits and _ . / : = , @ % + -
/// is put in single quotes (a quote inside as '\''); an empty word as ''.
std::string shell_line(const std::vector<std::string>& words);

} // namespace kbcx::bench
