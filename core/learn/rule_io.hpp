// Learnt rule sets on disk: AnyBURL's and RuleN's output format (predicted, support, confidence,
// `head <= body`) and the project's own rule syntaxes, read with errors at file:line:column.
#pragma once

#include "rules/rule.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::learn {

/// A rule with the statistics a rule learner reports. AnyBURL's names: `predicted` = number of
/// body groundings (distinct head instances the body yields), `support` = those that are facts,
/// confidence = support / (predicted + pc).
struct LearntRule {
    rules::Rule rule;
    std::uint64_t predicted = 0;
    std::uint64_t support = 0;
    double confidence = 1.0;
    bool has_stats = false; ///< false for rules read from the project's syntaxes without a stats comment
};

struct LearntRuleSet {
    std::string file;
    std::string format; ///< "anyburl" (AnyBURL/RuleN lines) or "plain" (project syntaxes)
    std::vector<LearntRule> rules;
    kg::PrefixMap prefixes;
    std::vector<std::string> notes; ///< lines skipped with the reason (e.g. empty bodies)

    /// The rules without statistics, for the rules engine (entailment, supports).
    rules::RuleSet rule_set() const;
};

/// Parses one AnyBURL/RuleN line `predicted<TAB>support<TAB>confidence<TAB>head <= b1, b2, …`.
/// Atoms are `rel(T1,T2)`; a term is a variable iff it is one upper-case letter optionally
/// followed by digits (X, Y, A, B, …, A1), anything else is a constant (an entity name).
/// Throws InputError(file, line, column, …) on malformed lines.
LearntRule parse_anyburl_line(std::string_view line, const std::string& file, std::size_t lineno);

/// Reads a rule file: AnyBURL/RuleN format when its first rule line starts with three
/// tab-separated numbers, else the project's syntaxes (plain and RDFox .dlog, see
/// rules::parse_rules), where a trailing comment `# predicted P support S confidence C` on a
/// rule's line restores its statistics. AnyBURL rules with an empty body (`h(X,c) <= `, zero
/// rules) are kept when `zero_rules` (apply-rules reads them, as AnyBURL does), else skipped
/// with a note (the rules engine needs safe rules). Throws InputError with file:line:column.
LearntRuleSet parse_rule_set(std::string_view text, const std::string& file = "<rules>", bool zero_rules = false);
LearntRuleSet load_rule_set(const std::string& path, bool zero_rules = false);

/// Writes AnyBURL's format, one rule a line and no blank line (AnyBURL's reader stops at one):
/// `predicted<TAB>support<TAB>confidence<TAB>head <= b1, b2` with the confidence as the rule
/// stores it; variables are renamed X, Y (head) and A, B, … (body) when needed, so that every
/// variable is one upper-case letter as AnyBURL's and SAFRAN's readers expect.
void write_anyburl(std::ostream& out, const std::vector<LearntRule>& rules);
/// Writes the plain syntax with a `# predicted P support S confidence C` comment per rule.
void write_plain(std::ostream& out, const std::vector<LearntRule>& rules, const kg::PrefixMap& prefixes);

/// A rule in AnyBURL's text form `head <= b1, b2` (variables renamed as in write_anyburl).
std::string anyburl_text(const rules::Rule& rule);

/// Shortest text that reads back as the same double.
std::string format_double(double x);

} // namespace kbcx::learn
