// Inferential benchmark generator (LogInfer): pattern rules ranked by support, sampled new
// conclusions split rule by rule, and rc/rb/pa/qg negatives that never meet a positive.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "rules/matcher.hpp"
#include "rules/patterns.hpp"
#include "rules/program.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::bench {

using rules::GroundFact;

/// Negative sampling methods:
/// - rc: random corruption — the tail of a positive replaced by a constant drawn uniformly
///   (for a type fact T(e), read as the triple (e, rdf:type, T), the type is replaced);
/// - rb: relevance-based — the head predicate of the positive's rule applied to constants drawn
///   from the supports of that rule (H(a,b) with a, b among the constants of its supports);
/// - pa: position-aware — the head or the tail of a positive replaced by a constant seen in the
///   same position of the same predicate in K (for T(e): an entity that has some type in K, or
///   a type that has some instance in K);
/// - qg: query-guided — conclusions of the sub-rules of the positive's rule (the body with one or
///   more atoms dropped, head still bound), for up to floor(|P_split| × |R_complex| / |R|)
///   negatives of a split; the rest from pa. Sampled, not enumerated: for a positive H(a,b), up to
///   max_attempts random walks each ground the body of a random sub-rule with one of a, b kept
///   (drawn) and uniformly drawn facts for the other atoms; the walk's head is the candidate, a
///   sub-rule conclusion by construction. Passes over the positives repeat until the quota is met
///   or a pass adds nothing.
enum class NegMethod : std::uint8_t { RC, RB, PA, QG };
std::string_view neg_name(NegMethod m); ///< "rc", "rb", "pa", "qg"
std::optional<NegMethod> parse_neg(std::string_view name);

enum Split : std::uint8_t { kTrain = 0, kValid = 1, kTest = 2 };
std::string_view split_name(int split); ///< "train", "valid", "test"

/// Which generator:
/// - loginfer: LogInfer as its release generates (split.py, negative_{rc,rb,pa,qg}.py and the
///   released folders; see README, "Variants"): composition one order per unordered pair;
///   per-rule splits train floor(n·A/Σ), valid floor(n·(A+B)/Σ) − train, test the rest; a fact drawn
///   by two rules kept in train over valid over test, repeated train and test lines kept; one train
///   negative per line of train.txt (K included); pa pooled from P_all over the union of the
///   candidates of a split's positives, type facts corrupted on the entity; rb drawn from
///   (pooled support constants) × (kept rule heads) × (pooled support constants); qg the
///   one-premise conclusions over all of K (a head-covering body atom holds, the rest of the body
///   does not extend it), split by the ratio and capped by each split's positives; filter P_all.
/// - kbcx: this project's generator before the variants (one negative per positive, rb per rule,
///   pa pooled from K, qg from sampled sub-rule groundings, filter P_all and T_R(K)).
enum class Variant : std::uint8_t { LogInfer, Kbcx };
inline constexpr Variant kDefaultVariant = Variant::LogInfer;
std::string_view variant_name(Variant v); ///< "loginfer", "kbcx"
std::optional<Variant> parse_variant(std::string_view name);

/// What a negative must avoid: positives = P_all (K and the positives of every split, and the
/// negatives drawn before it); conclusions = also every one-step conclusion T_R(K) of the kept
/// rules, sampled or not.
enum class NegFilter : std::uint8_t { Positives, Conclusions };
std::string_view filter_name(NegFilter f); ///< "positives", "conclusions"
std::optional<NegFilter> parse_filter(std::string_view name);

/// k1 or k2 = kAll: no limit (every rule with support, every new conclusion), as LogInfer's
/// release built its FB-inter benchmark; `kbcx generate --k1 all --k2 all`.
inline constexpr std::size_t kAll = 0;
/// A k1 or k2 as `kbcx generate` takes it and summary.json records it: the number, or "all".
std::string limit_text(std::size_t k);

struct GenerateParams {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    std::vector<rules::Pattern> patterns;
    NegMethod neg = NegMethod::PA;
    std::size_t k1 = 10;  ///< rules kept per pattern, largest support first; kAll: every rule with support
    std::size_t k2 = 200; ///< new conclusions sampled per rule (at most); kAll: every one
    std::array<unsigned, 3> ratio{8, 1, 1}; ///< train:valid:test
    std::uint64_t seed = 1;
    unsigned threads = 0;       ///< results never depend on it
    unsigned max_attempts = 64; ///< random draws per negative before trying the next positive
    Variant variant = kDefaultVariant;
    std::optional<NegFilter> filter; ///< unset: default_filter(variant)
};

/// The variant's filter: positives for loginfer (the release's), conclusions for kbcx.
NegFilter default_filter(Variant v);
/// params.filter, else the variant's default.
NegFilter effective_filter(const GenerateParams& params);

/// One kept rule and what it contributed.
struct BenchRule {
    rules::Rule rule;
    std::string text;    ///< plain syntax
    std::string pattern; ///< pattern name
    std::uint64_t support = 0;
    bool complex = false;                   ///< two or more body atoms (has sub-rules)
    std::uint64_t new_conclusions = 0;      ///< distinct |T_r(K) \ K| (exact)
    std::size_t sampled = 0;                ///< min(k2, new_conclusions)
    std::size_t shared = 0;                 ///< sampled facts already taken by an earlier rule (dropped here)
    std::array<std::size_t, 3> positives{}; ///< per split
    std::array<std::size_t, 3> negatives{}; ///< negatives aimed at this rule's positives, per split
};

struct Positive {
    GroundFact fact;
    std::uint32_t rule = 0; ///< index into Generated::rules
};

inline constexpr std::uint32_t kNoIndex = ~std::uint32_t{0};

struct Negative {
    GroundFact fact;
    /// Index of the positive (same split) it was drawn for; kNoIndex when none was (loginfer: a
    /// train negative drawn for a line of K, rb and qg, which are not aimed at a positive).
    std::uint32_t target = 0;
    NegMethod method = NegMethod::PA; ///< qg or pa for a qg benchmark; the method otherwise
    std::uint32_t rule = kNoIndex;    ///< the rule it is aimed at (its target's, or qg's own), if any
};

struct Generated {
    std::shared_ptr<const rules::Program> program; ///< the kept rules compiled against K (names)
    GenerateParams params;                         ///< graph included
    std::vector<BenchRule> rules;
    /// New facts per split (train: the train shares; train.txt also holds all of K). loginfer:
    /// the split files' lines, a repeated train or test line kept as often as it occurs.
    std::array<std::vector<Positive>, 3> positives;
    std::array<std::vector<Negative>, 3> negatives;
    std::array<std::size_t, 3> qg_quota{}; ///< qg: negatives meant to come from sub-rules
    std::array<std::size_t, 3> qg_drawn{}; ///< qg: negatives that did
    std::vector<std::string> shortfalls;   ///< one line per split whose pool ran out (empty: none)
    /// loginfer: rb's pools (written as candidate_entities.txt / candidate_relations.txt): the
    /// constants of the kept rules' supports, pooled over rules (triangle, diamond: at the head's
    /// variables, as the release reads their assignments), and the kept rules' head predicates.
    std::vector<kg::Id> pool_entities;
    std::vector<kg::Id> pool_relations, pool_types; ///< binary and unary head predicates, sorted
    std::size_t qg_pool = 0;                        ///< loginfer qg: one-premise conclusions outside the filter
    bool pools = false;                             ///< the pools above were computed (loginfer)
    std::size_t complex_rules = 0;
    double seconds_rules = 0, seconds_positives = 0, seconds_negatives = 0;
    /// Parts of seconds_positives: computing T_r(K) \ K for every rule (materialise), and
    /// sampling, resolving and splitting them.
    double seconds_materialise = 0, seconds_sample = 0;
};

/// Lines of train.txt: K (binary and type facts) and the train shares (loginfer: repeats kept).
std::size_t train_lines(const Generated& g);

/// Generates a benchmark (kbcx variant; loginfer: as Variant says): (1) enumerate the candidate rules of each pattern
/// from K and keep k1 per pattern by support (ties by predicate ids; intersection bodies R∧S and S∧R count once); (2)
/// per rule, sample up to k2 of T_r(K) \ K — the k2 facts of smallest seeded hash, so the sample is uniform and
/// independent of enumeration order and threads — drop those an earlier rule already took, and split the rest by the
/// ratio (valid = floor(n·v/Σ), test = floor(n·t/Σ), train the rest); (3) draw negatives for valid, then test, then
/// train, exactly |P_split| per split unless a pool runs out (then recorded in `shortfalls`). A negative is never in
/// P_all = K ∪ all positives ∪ T_R(K) (one-step conclusions of every kept rule, sampled or not),
/// and never repeats within or across splits. Deterministic for a seed.
Generated generate_benchmark(const GenerateParams& params, jobs::JobContext& ctx);

/// Writes LogInfer's layout into `dir` (created if missing): train.txt (K then train shares),
/// valid.txt, test.txt, {train,valid,test}_neg_<m>.txt, rules.txt, candidate_entities.txt,
/// candidate_relations.txt, summary.json, and facts_by_rule.tsv (which rule each positive came from
/// and each negative was aimed at; see bench/rule_facts.hpp). Triples are `h<TAB>r<TAB>t`, type facts
/// `e<TAB>rdf:type<TAB>T`, LF line ends. Throws InputError when a file cannot be written.
void write_benchmark(const Generated& g, const std::string& dir);
/// Appends one line of a benchmark file for `f`: `h<TAB>r<TAB>t` or `e<TAB>rdf:type<TAB>T`, LF.
void append_fact_line(std::string& out, const kg::Vocabulary& v, const GroundFact& f);

/// The sub-rules of a rule: bodies from non-empty proper subsets of its atoms that still bind
/// every head variable, with the inequalities whose variables stay bound. Ordered by subset.
std::vector<rules::CRule> sub_rules(const rules::CRule& rule);

/// Whether one application of `rule` to the facts derives `fact` (a support with σ(H) = fact).
bool derives(const rules::FactAccess& facts, const rules::CRule& rule, const GroundFact& fact);

} // namespace kbcx::bench
