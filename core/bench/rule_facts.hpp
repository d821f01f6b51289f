// Which rule each benchmark fact belongs to: facts_by_rule.tsv (written beside LogInfer's layout,
// backward compatible) and a reader of rules.txt in our layout and in LogInfer's plain one.
#pragma once

#include "bench/folder.hpp"
#include "bench/generator.hpp"
#include "common/job.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::bench {

/// File name of the rule assignment inside a benchmark folder.
inline constexpr const char* kRuleFactsFile = "facts_by_rule.tsv";

/// Writes `dir`/facts_by_rule.tsv: one line per sampled positive and per negative,
///   rule<TAB>split<TAB>kind<TAB>h<TAB>r<TAB>t
/// where rule is the 1-based number of the rule among the rule lines of rules.txt, split is
/// train|valid|test, kind is `pos` for a positive (the rule that derived it) or, for a negative (the
/// rule of the positive it was drawn for), the method of its file (rc|rb|pa|qg), followed by
/// `/pa` for a negative of a qg benchmark that the pa fallback drew (`qg/pa`), and the fact
/// is written as in the split files (type facts `e<TAB>rdf:type<TAB>T`). A `#` line heads the file.
/// Negatives aimed at no rule (Negative::rule unset: loginfer's rb, train negatives drawn for a
/// line of K) have no line.
/// Lines: for each split (train, valid, test) its positives, then its negatives, in the
/// generator's order. Folders without the file (LogInfer's releases, older outputs) stay valid.
void write_rule_facts(const Generated& g, const std::string& dir);

/// One line of rules.txt. Our layout gives pattern and counts; LogInfer's gives the rule only.
struct FolderRule {
    std::string text;
    std::string pattern;                                   ///< empty when rules.txt does not say
    std::optional<std::uint64_t> support;                  ///< |supports| in K
    std::optional<std::uint64_t> new_conclusions;          ///< |T_r(K) \ K|
    std::optional<std::array<std::uint64_t, 3>> positives; ///< sampled positives per split
};

/// Reads rules.txt: `pattern<TAB>support<TAB>new<TAB>train<TAB>valid<TAB>test<TAB>rule` lines (ours)
/// or plain rule lines (LogInfer); `#` comments and blank lines skipped, CRLF tolerated.
/// An absent file gives no rules.
std::vector<FolderRule> read_rules_file(const std::string& path);

/// A negative aimed at a rule.
struct RuleNegative {
    GroundFact fact;
    std::uint8_t split = kTrain;
    std::string method;   ///< of the file it is in ({split}_neg_<method>.txt)
    std::string drawn_by; ///< the sampler that drew it (differs for qg's pa fallback)
};

/// The content of facts_by_rule.tsv, resolved against a folder's vocabulary.
struct RuleFacts {
    bool present = false;
    /// positives[rule][split], negatives[rule]; rule 0-based (line number - 1 in rules.txt).
    std::vector<std::array<std::vector<GroundFact>, 3>> positives;
    std::vector<std::vector<RuleNegative>> negatives;
    /// Facts the file assigns that are missing from their split (or negative) file.
    std::uint64_t not_in_split = 0;
};

/// Reads `folder.dir`/facts_by_rule.tsv for `num_rules` rules (absent: present = false). Throws
/// InputError (file:line:column) on a malformed line, a rule number outside 1..num_rules, an
/// unknown split or a name that no file of the folder mentions.
RuleFacts read_rule_facts(const BenchmarkFolder& folder, std::size_t num_rules, jobs::JobContext& ctx);

} // namespace kbcx::bench
