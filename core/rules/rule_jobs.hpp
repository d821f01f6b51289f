// The jobs the Rules view and the CLI share: load or enumerate rules and score them (table rows),
// list the supports of one rule, materialise with provenance, and lay out a derivation tree.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "rules/materialise.hpp"
#include "rules/patterns.hpp"
#include "rules/program.hpp"
#include "rules/support.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::rules {

/// Rules come from a file (rules_path or rules) or from patterns (patterns non-empty).
struct ScoreRulesParams {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    std::string rules_path;       ///< a .dlog/plain rule file, or empty
    std::optional<RuleSet> rules; ///< already parsed rules (used when rules_path is empty)
    PatternParams patterns;       ///< used when patterns.patterns is non-empty
    MatchOptions match;
    unsigned threads = 0;
};

/// One row of the rule table.
struct RuleRow {
    std::size_t rule = 0; ///< index into program->rules()
    std::string text;     ///< plain syntax, IRIs compacted
    std::string pattern;  ///< empty for rules from a file
    std::uint64_t support = 0;
    std::uint64_t new_conclusions = 0;
};

struct ScoreRulesResult {
    std::shared_ptr<const Program> program;
    std::vector<RuleRow> rows; ///< file rules in file order; pattern rules per pattern by support
    double seconds = 0.0;
};

/// Throws InputError for a bad rule file (nothing else changes) and Cancelled on stop.
ScoreRulesResult score_rules_job(const ScoreRulesParams& params, jobs::JobContext& ctx);

/// A support of one rule for display: premise and conclusion facts as ids and as text.
struct SupportRow {
    std::vector<GroundFact> premises;
    std::vector<std::string> premise_text;
    GroundFact conclusion;
    std::string conclusion_text;
    bool conclusion_new = false; ///< not a fact of the KG
};
std::vector<SupportRow> supports_for_display(const Program& program, std::size_t rule, std::size_t limit,
                                             std::size_t offset = 0);

struct MaterialiseParams {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    std::string rules_path;
    std::optional<RuleSet> rules;
    MatchOptions match;
    MaterialiseOptions options;
};

struct MaterialiseResult {
    std::shared_ptr<const Program> program;
    std::shared_ptr<const Materialisation> closure;
};

MaterialiseResult materialise_job(const MaterialiseParams& params, jobs::JobContext& ctx);

/// A derivation tree flattened for a tree view: depth-first rows with their depth.
struct TreeRow {
    int depth = 0;
    std::uint64_t fact_id = 0;
    GroundFact fact;
    std::string fact_text;
    std::string justification; ///< "input" or "rule N: text" (+ " (shown above)" for repeats)
    bool input = false;
};
std::vector<TreeRow> derivation_rows(const Materialisation& closure, std::uint64_t fact_id);

} // namespace kbcx::rules
