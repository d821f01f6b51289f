// Comparing a learnt rule set with a benchmark's rules: ε_ent (logical entailment, through the
// rules engine) and ε_cont (syntactic containment), for the rules and for their sub-rules R⁻.
#pragma once

#include "common/job.hpp"
#include "learn/rule_io.hpp"
#include "rules/rule.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::learn {

/// A benchmark rule with its pattern (rules.txt: pattern<TAB>…<TAB>rule; or any rule file).
struct BenchmarkRule {
    std::string pattern;
    rules::Rule rule;
};

/// Reads a benchmark folder's rules.txt (`pattern<TAB>support<TAB>new<TAB>train<TAB>valid<TAB>test<TAB>rule`,
/// `#` comments), or a plain rule file (pattern empty). Errors at file:line:column.
std::vector<BenchmarkRule> load_benchmark_rules(const std::string& path);

/// Whether `a` equals `b` up to a bijective renaming of variables and a permutation of body
/// atoms (inequalities are not compared: AnyBURL's rules carry object identity implicitly).
bool same_up_to_renaming(const rules::Rule& a, const rules::Rule& b);

/// The rule with AnyBURL's object identity made explicit: an inequality between every two
/// distinct variables and between every variable and every constant of the rule (the OI
/// constraints under which AnyBURL learns and applies its rules). Rules with an empty body are
/// returned unchanged.
rules::Rule with_object_identity(const rules::Rule& rule);

/// The sub-rules R⁻ of a rule: every rule obtained by dropping one or more (not all) body
/// atoms that is still safe (each head variable occurs in the remaining body); inequalities
/// over dropped variables are dropped too. Empty for rules with fewer than two body atoms.
std::vector<rules::Rule> sub_rules(const rules::Rule& rule);

/// Learnt rules indexed for containment and entailment checks.
class LearntIndex {
  public:
    /// With object_identity the rules entail as AnyBURL applies them (with_object_identity);
    /// rules() keeps them as given.
    explicit LearntIndex(std::vector<LearntRule> rules, bool object_identity = true);
    const std::vector<LearntRule>& rules() const { return rules_; }
    /// Index of a learnt rule syntactically equal to r (up to renaming), or nullopt.
    std::optional<std::size_t> contains(const rules::Rule& r) const;
    enum class Verdict { No, Yes, Undecided };
    /// Whether the learnt set entails r (rules engine: freeze r's body, materialise); if so,
    /// `used` receives the learnt rules in the derivation of the frozen head (ascending).
    /// Only rules that can fire on the frozen body (body predicates reachable from r's body
    /// predicates, body constants among the constants available) and that can contribute to
    /// r's head predicate are given to the engine: first the constant-free ones (cheap, and
    /// enough for most rules), then, if that fails, all of them. The second stage can grow
    /// large on big learnt sets (rules with constants chain through their constants); it stops
    /// after `seconds` and then answers Undecided.
    Verdict check(const rules::Rule& r, jobs::JobContext& ctx, std::vector<std::size_t>* used = nullptr,
                  double seconds = 10.0) const;
    /// check() == Yes.
    bool entails(const rules::Rule& r, jobs::JobContext& ctx, std::vector<std::size_t>* used = nullptr) const {
        return check(r, ctx, used) == Verdict::Yes;
    }

  private:
    std::vector<LearntRule> rules_;
    std::vector<rules::Rule> engine_rules_;            ///< what the rules engine runs (OI made explicit or not)
    std::multimap<std::string, std::size_t> by_shape_; ///< head predicate + sorted body predicates
};

struct RuleVerdict {
    std::string pattern;
    std::string text; ///< plain syntax
    bool entailed = false, contained = false;
    bool undecided = false;             ///< the entailment check ran out of time (counted as not entailed)
    std::vector<std::size_t> entailing; ///< learnt rules used in the entailment
    std::optional<std::size_t> containing;
    int parent = -1; ///< for a sub-rule: index of its benchmark rule in CompareResult::rules
};

struct Percentages {
    std::uint64_t rules = 0, entailed = 0, contained = 0, undecided = 0;
    double eps_ent() const { return rules ? 100.0 * double(entailed) / double(rules) : 0.0; }
    double eps_cont() const { return rules ? 100.0 * double(contained) / double(rules) : 0.0; }
};

struct CompareParams {
    std::string benchmark_rules; ///< rules.txt (or a benchmark folder containing it)
    std::string learnt_path;
    std::optional<LearntRuleSet> learnt; ///< used when learnt_path is empty
    double min_confidence = 0;
    double entail_seconds = 10.0; ///< per rule, for the second stage of LearntIndex::check
    bool object_identity = true;  ///< learnt rules entail under OI (with_object_identity), as AnyBURL applies them
};

struct CompareResult {
    std::uint64_t learnt_rules = 0;    ///< after the confidence filter
    std::vector<RuleVerdict> rules;    ///< the benchmark's rules
    std::vector<RuleVerdict> sub;      ///< R⁻ of the rules with ≥ 2 body atoms
    Percentages all, complex, sub_all; ///< all rules; rules with ≥ 2 body atoms; their R⁻
    std::map<std::string, Percentages> by_pattern, sub_by_pattern;
    double seconds = 0;
};

/// ε_ent = 100 · |{r ∈ R : L ⊨ r}| / |R| and ε_cont = 100 · |{r ∈ R : r ∈ L up to renaming}| / |R|,
/// for the benchmark's rules R and the learnt rules L with confidence ≥ min_confidence (the
/// file's column), under object identity unless params.object_identity is false.
CompareResult compare_rules(const CompareParams& params, jobs::JobContext& ctx);

} // namespace kbcx::learn
