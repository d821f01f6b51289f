// Implementation of generate_command.hpp: GenerateParams and read options back into the flags
// `kbcx generate` parses (app/kbcx/cmd_generate.cpp), and POSIX shell quoting.
#include "bench/generate_command.hpp"

#include "rules/patterns.hpp"

#include <cctype>
#include <string_view>

namespace kbcx::bench {

std::vector<std::string> generate_arguments(const GenerateParams& params, const std::vector<std::string>& data,
                                            const kg::ReadOptions& read, const std::string& out_dir) {
    std::vector<std::string> w{"generate"};
    w.insert(w.end(), data.begin(), data.end());
    std::string patterns;
    if (params.patterns == rules::all_patterns()) {
        patterns = "all";
    } else {
        for (rules::Pattern p : params.patterns)
            patterns += (patterns.empty() ? "" : ",") + std::string(rules::pattern_name(p));
    }
    w.insert(w.end(), {"--pattern", patterns, "--neg", std::string(neg_name(params.neg)), "--variant",
                       std::string(variant_name(params.variant))});
    if (params.filter) w.insert(w.end(), {"--filter", std::string(filter_name(*params.filter))});
    w.insert(w.end(), {"--k1", limit_text(params.k1), "--k2", limit_text(params.k2), "--split",
                       std::to_string(params.ratio[0]) + ":" + std::to_string(params.ratio[1]) + ":" +
                           std::to_string(params.ratio[2]),
                       "--seed", std::to_string(params.seed)});
    if (params.max_attempts != GenerateParams{}.max_attempts)
        w.insert(w.end(), {"--attempts", std::to_string(params.max_attempts)});
    if (read.order == kg::TripleOrder::HeadTailRelation) w.insert(w.end(), {"--order", "htr"});
    if (read.format != kg::Format::Auto) w.insert(w.end(), {"--format", std::string(kg::format_name(read.format))});
    for (const auto& t : read.type_predicates)
        w.insert(w.end(), {"--type-predicate", t});
    w.insert(w.end(), {"--out", out_dir});
    return w;
}

std::string shell_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& word : words) {
        bool plain = !word.empty();
        for (unsigned char c : word)
            plain = plain && (std::isalnum(c) ||
                              std::string_view("_./:=,@%+-").find(static_cast<char>(c)) != std::string_view::npos);
        if (!line.empty()) line += ' ';
        if (plain) {
            line += word;
            continue;
        }
        line += '\'';
        for (char c : word)
            line += c == '\'' ? std::string("'\\''") : std::string(1, c);
        line += '\'';
    }
    return line;
}

} // namespace kbcx::bench
