// Inference patterns (LogInfer): rule templates over predicate variables, instantiated from
// predicates that co-occur in the data, ranked by support, with random head predicates.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "rules/rule.hpp"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace kbcx::rules {

enum class Pattern {
    Symmetry,
    Inversion,
    Hierarchy,
    Intersection,
    Composition,
    Triangle,
    Diamond,
    TypeHierarchy,
    Domain,
    Range
};

/// symmetry, inversion, hierarchy, intersection, composition, triangle, diamond,
/// type-hierarchy, domain, range.
std::string_view pattern_name(Pattern p);
std::optional<Pattern> parse_pattern(std::string_view name);
std::vector<Pattern> all_patterns();
/// The template, e.g. "R(x,y) ∧ S(y,z) → T(x,z)".
std::string_view pattern_template(Pattern p);

/// The pattern a rule instantiates, up to variable renaming and the order of body atoms
/// (inequalities are not compared): a rule read from a file gets the name a generated one
/// would carry. Symmetry needs the head's predicate to equal the body's, inversion and
/// hierarchy a different one. nullopt when the rule has constants or fits no template.
std::optional<Pattern> recognise_pattern(const Rule& rule);

struct PatternParams {
    std::vector<Pattern> patterns; ///< which patterns (all_patterns() for `all`)
    std::size_t top_k = 10;        ///< rules kept per pattern, largest support first
    std::uint64_t seed = 1;        ///< for the random head predicates
    unsigned threads = 0;
    bool new_conclusions = true; ///< also count |T_r(K) \ K| for the kept rules
    /// Composition bodies R(x,y), S(y,z) only with R before S in relation id order: one order per
    /// unordered pair and no R∘R, as LogInfer's release enumerates them (generate_command.py).
    bool composition_one_order = false;
};

struct PatternRule {
    Rule rule; ///< rule.pattern is set
    std::uint64_t support = 0;
    std::uint64_t new_conclusions = 0;
};

/// Enumerates the candidate body instantiations of each pattern from co-occurring predicates
/// only (intersection: relations sharing a pair; composition: relations meeting at a node;
/// triangle and diamond: relations on a closed triangle / 4-cycle), counts their supports,
/// keeps the top K per pattern (ties by predicate ids) and gives each kept rule a head predicate:
/// the body's own for symmetry, otherwise one drawn with `seed` among the KG's predicates of the
/// head's arity, different from the body's. Results: per pattern in the order requested, by
/// decreasing support.
std::vector<PatternRule> enumerate_patterns(std::shared_ptr<const kg::KnowledgeGraph> graph,
                                            const PatternParams& params, jobs::JobContext& ctx);

} // namespace kbcx::rules
