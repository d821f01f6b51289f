// Supports of a rule over a KG (substitutions σ mapping the body into the KG), counted by formula
// where the shape allows, and the rule's new conclusions |T_r(K) \ K|; supports listed for views.
#pragma once

#include "common/job.hpp"
#include "rules/program.hpp"

#include <cstdint>
#include <vector>

namespace kbcx::rules {

/// Number of supports of rule `r` over the program's KG (input facts only). Shapes counted
/// without enumerating substitutions: one-atom bodies (|R|, minus self-loops under x != y),
/// and two binary atoms joined on one variable (composition R(x,y) ∧ S(y,z): Σ over middle
/// nodes y of deg_R(y) × deg_S(y), minus Σ_y |N_R(y) ∩ N_S(y)| under x != z). Other shapes are
/// enumerated with the join matcher on `threads` threads. `by_formula` (optional) says which.
std::uint64_t count_supports(const Program& program, std::size_t r, unsigned threads, jobs::JobContext& ctx,
                             bool* by_formula = nullptr);

/// |T_r(K) \ K|: distinct head instances over all supports that are not facts of the KG.
std::uint64_t count_new_conclusions(const Program& program, std::size_t r, unsigned threads, jobs::JobContext& ctx);

/// One support with its premise facts (body order) and conclusion.
struct Support {
    std::vector<GroundFact> premises;
    GroundFact conclusion;
    bool conclusion_in_kg = false;
};

/// Up to `limit` supports of rule r in enumeration order (deterministic), skipping `offset`.
std::vector<Support> enumerate_supports(const Program& program, std::size_t r, std::size_t limit,
                                        std::size_t offset = 0);

/// Row of a rule table (CLI `kbcx support`, the GUI's Rules tab).
struct RuleScore {
    std::size_t rule = 0; ///< index into Program::rules()
    std::string pattern;  ///< pattern name, or empty for rules from a file
    std::uint64_t support = 0;
    std::uint64_t new_conclusions = 0;
    bool support_by_formula = false;
};

/// Scores every rule of the program (supports and new conclusions), in rule order.
std::vector<RuleScore> score_rules(const Program& program, unsigned threads, jobs::JobContext& ctx);

} // namespace kbcx::rules
