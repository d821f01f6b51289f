// Ranking queries of the faithfulness evaluation: the slot of a test axiom (the filler that
// is replaced by every named candidate), filtered ranks, MRR, Hits@n and Adm@k.
#pragma once

#include "common/job.hpp"
#include "eval/eval_input.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::eval {

/// The kind of a name in the axiom text syntax.
enum class NameKind : std::uint8_t { Class, Role, Individual };
const char* kind_name(NameKind kind); ///< "class", "role", "individual"

/// A name occurrence in a normalised axiom: its kind and byte range.
struct NameToken {
    NameKind kind;
    std::size_t begin, end;
};

/// The names of an axiom in the text syntax, with their kinds, in text order:
/// - property axioms (`r SubPropertyOf s`, `r o s SubPropertyOf t`): roles;
/// - class axioms (SubClassOf, EquivalentTo, DisjointWith): a name before `some` is a role,
///   every other name is a class (Thing/Nothing, owl:Thing/owl:Nothing are not names);
/// - `C(a)`: class C, individual a; `r(a,b)`: role r, individuals a and b.
/// Names are plain words, prefixed names, <IRIs> or 'quoted labels'. Returns nullopt for text
/// outside this syntax (OWL functional syntax, for instance: it is matched by text but forms
/// no ranking query).
std::optional<std::vector<NameToken>> analyse_axiom(std::string_view normalised);

/// The slot of the ranking query of an axiom: the last class name of a class axiom (B of
/// `A SubClassOf B`, C of `A and B SubClassOf C`, B of `A SubClassOf r some B` and of
/// `r some A SubClassOf B`, A of `A SubClassOf Nothing`), the class of `C(a)`, the object b
/// of `r(a,b)`, the last role of a property axiom. nullopt when there is none.
std::optional<NameToken> query_slot(std::string_view normalised);

/// The outcome of one ranking query.
struct QueryResult {
    enum Problem : std::uint8_t { Ok, NoSlot, MissingScore };
    std::uint32_t axiom = 0; ///< the T+ test axiom (index in the TestSet)
    Problem problem = Ok;
    double rank = 0;                 ///< filtered rank: 1 + #better + #tied/2
    double admissible = 0;           ///< Adm@k of this query
    std::uint32_t candidates = 0;    ///< candidates of the slot (unfiltered, true filler included)
    std::uint32_t filtered_out = 0;  ///< other entailed fillers removed from the filtered ranking
    double unknown_in_top_k = 0;     ///< expected top-k candidates with no status in the tests (counted admissible)
    NameKind kind = NameKind::Class; ///< kind of the slot
    std::string_view missing_name;   ///< MissingScore: the first candidate name without a score
                                     ///< (a view into the test set's or the scorer's storage)
};

/// Candidate names by kind: every name of that kind in the test axioms and in the axioms the
/// scorer lists (for a score file: all of its axioms); distinct, in order of first appearance
/// (tests first). The views point into the test set's and the scorer's storage.
struct CandidateNames {
    std::vector<std::string_view> by_kind[3];
};
/// With scorer == nullptr, the names of the test axioms only (a subset: a query that lacks a
/// score among these candidates lacks one among all of them).
CandidateNames collect_candidates(const TestSet& tests, const Scorer* scorer, jobs::JobContext& ctx);

/// The text of `axiom` with the name at `slot` replaced by `name`.
std::string substitute(std::string_view axiom, const NameToken& slot, std::string_view name);
/// The candidate axiom without a score of a MissingScore query, for messages.
std::string missing_candidate(const TestSet& tests, const CandidateNames& names, const QueryResult& q);

/// Runs the ranking query of each axiom of `queries` (entailed axioms of `tests`). For the query
/// of α with slot s of kind K, every name c of kind K gives the candidate α[s := c]:
/// - rank (filtered): among the candidates other than α itself and other than the
///   candidates listed as entailed in the tests, rank = 1 + #{f(c) > f(α)} + #{f(c) = f(α)}/2;
/// - Adm@k (unfiltered, α included): the expected fraction of the k best-scored candidates
///   that the tests do not list as contradictory, ties at the k-th place shared pro rata;
///   k is min(k, number of candidates).
/// f(α) is f[α]; every candidate's score comes from the scorer, and a candidate without one
/// makes the query MissingScore (the caller must then report the metrics as not computable).
std::vector<QueryResult> run_queries(const TestSet& tests, std::span<const double> f, const Scorer& scorer,
                                     const CandidateNames& names, std::size_t k, std::span<const std::uint32_t> queries,
                                     jobs::JobContext& ctx);

} // namespace kbcx::eval
