// Relative model counting P(α|O) = #(O ∪ {α}) / #(O) over a bounded Herbrand domain, computed
// on the components of O's CNF that α touches (the others cancel), with one cache for all α.
#pragma once

#include "count/counter.hpp"
#include "count/grounding.hpp"
#include "count/orbits.hpp"
#include "onto/ontology.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kbcx::count {

/// How a count is computed; every method gives the same exact numbers.
enum class CountMethod : std::uint8_t {
    Auto,          ///< orbits where ≥ 2 elements are anonymous, |Δ| ≥ kOrbitsFromDomain and the CNF counted
                   ///< has kOrbitsFromVariables variables or more, else propositional
    Propositional, ///< the #SAT search on the grounding (ModelCounter)
    Orbits,        ///< sum over the orbits of the permutations of Δ's anonymous elements (those no individual
                   ///< names; count_by_orbits); propositional where fewer than two are left or no predicate fits
};
const char* method_name(CountMethod m);
/// Parses "auto", "propositional" or "orbits"; nullopt otherwise.
std::optional<CountMethod> parse_count_method(const std::string& s);
/// Auto uses orbits from this |Δ| on and for CNFs of at least this many variables (below them
/// the propositional search is as fast or faster: the orbit sum repeats its propagation per orbit).
inline constexpr std::uint32_t kOrbitsFromDomain = 4;
inline constexpr std::uint32_t kOrbitsFromVariables = 1000;
/// The most orbits of Δ one count sums over; the predicates are chosen to stay below it.
inline constexpr std::uint64_t kDefaultMaxOrbits = 1000;

struct RelativeCountOptions {
    std::uint32_t domain = 2; ///< |Δ|
    CounterOptions counter;   ///< the budget applies to each count (a component, or O ∪ {α} on its part)
    /// true: count only the components of O that α's atoms touch; false: count the whole CNFs
    /// of O and O ∪ {α} (same ratio, for checking and comparison).
    bool local = true;
    /// true: the search for #(O ∪ {α}) branches on α's variables first (conditioning on α),
    /// hoping that the residual components, O's under an assignment, are shared through the
    /// cache between candidates; false: the plain DLCS order. The counts are equal. Off by
    /// default: on Pizza it was no faster for GCI0 at |Δ| = 4 and 5× slower for GCI2 at |Δ| = 3.
    bool alpha_first = false;
    std::string source; ///< file name used in error messages
    CountMethod method = CountMethod::Auto;
    std::uint64_t max_orbits = kDefaultMaxOrbits; ///< see kDefaultMaxOrbits
};

/// The reading of P's endpoints over the bounded domain. This is not the reasoner's status:
/// Herbrand models over Δ are finite and name distinct elements (see DESIGN.md §3, count).
enum class Verdict : std::uint8_t {
    Entailed,      ///< P = 1
    Contradictory, ///< P = 0
    Undetermined,  ///< 0 < P < 1
    Undefined,     ///< #(O) = 0: O has no Herbrand model over Δ
    BudgetExceeded ///< a count ran out of time or memory
};
const char* verdict_name(Verdict v);

struct Probability {
    Verdict verdict = Verdict::Undefined;
    Models p = 0, q = 1;      ///< P = p/q, reduced (q ≥ 1)
    Models with_alpha = 0;    ///< #(O ∪ {α}) on the counted part
    Models without_alpha = 0; ///< #(O) on the same part
    std::string reason;       ///< Undefined / BudgetExceeded: why; else a caveat, usually empty
    std::uint32_t vars = 0;   ///< variables of the CNF counted for the numerator
    std::size_t clauses = 0;  ///< its clauses (α's included)
    std::uint32_t alpha_clauses = 0;
    double seconds = 0;
    /// How the numerator was counted: "propositional" or "orbits".
    CountMethod method = CountMethod::Propositional;
    OrbitStats orbits;                         ///< method Orbits: the numerator's orbit sum
    std::string fraction() const;              ///< "425/576"
    std::string decimal(int digits = 6) const; ///< "0.737847" (rounded half up)
};

struct OntologyCount {
    CountStatus status = CountStatus::Exact;
    Models models = 0;
    std::string reason;
    std::uint32_t atoms = 0, aux = 0;
    std::size_t clauses = 0;
    std::size_t components = 0;          ///< with at least one clause
    std::size_t free_atoms = 0;          ///< in no clause (each doubles the count)
    std::uint32_t largest_component = 0; ///< variables
    double seconds = 0;
    /// Orbits when at least one component was counted by orbits, else propositional.
    CountMethod method = CountMethod::Propositional;
    OrbitStats orbits; ///< summed over the components counted by orbits
};

/// Grounds O once and answers #(O) and P(α|O) for many α. Candidates must be parsed into the
/// same onto::Ontology (its pool and signature) — new names they bring are added to the
/// Herbrand base as atoms that are free in O, so #(O) and #(O ∪ {α}) range over the same base.
class RelativeCounter {
  public:
    /// Grounds o.axioms over the names now in o's signature. Throws kbcx::InputError when an
    /// axiom is outside EL or the domain is smaller than the number of individuals.
    RelativeCounter(const onto::Ontology& o, RelativeCountOptions options);
    /// A worker copy for counting candidates in parallel: the prototype's grounding, components
    /// and component counts (#(O) is not counted again if the prototype has counted it), with its
    /// own ModelCounter (an empty cache) under `counter`. The prototype is only read, and the
    /// copy shares nothing mutable with it; both read the ontology, which must not change while
    /// either counts (parse all candidates first: see probability()).
    RelativeCounter(const RelativeCounter& prototype, CounterOptions counter);

    /// #(O) over the Herbrand base of the names O had at construction.
    OntologyCount count_ontology(jobs::JobContext* ctx = nullptr);
    /// P(α|O); α's names are added to the base first. The first call counts #(O) if
    /// count_ontology() was not called (P is undefined when O has no model over Δ).
    /// Thread safety: mutates only this counter (its grounder's base and gates, the component
    /// counts, the ModelCounter); reads the ontology's pool and signature. Several counters on
    /// one ontology may call it concurrently once no thread adds names or expressions to the
    /// ontology (the TextParser does when parsing a candidate). Which names are in the base
    /// changes only free atoms outside α's components, so P does not depend on it.
    Probability probability(const onto::Axiom& alpha, jobs::JobContext* ctx = nullptr);
    /// The CNF of O (alpha null) or O ∪ {α} over the current base, with variable names and a
    /// comment, for DIMACS export.
    Cnf export_cnf(const onto::Axiom* alpha);

    const Grounder& grounder() const { return grounder_; }
    const Cnf& ontology_cnf() const { return cnf_; }
    ModelCounter& counter() { return counter_; }
    const RelativeCountOptions& options() const { return opt_; }
    /// Base atoms at construction (the Herbrand base of O's names).
    std::uint32_t ontology_atoms() const { return atoms0_; }

  private:
    std::uint32_t root(std::uint32_t v);
    CountResult count_component(std::uint32_t root, jobs::JobContext* ctx);
    /// The clauses of the components `roots` and `extra`, renumbered; `extra_vars` receives the
    /// new numbers of extra's variables.
    Cnf sub_cnf(const std::vector<std::uint32_t>& roots, const Cnf* extra, std::vector<std::uint32_t>* extra_vars,
                std::unordered_map<std::uint32_t, Lit>* var_map = nullptr);
    /// Counts `sub` (whose variables `map` gives from O's numbering, null: the same numbering) by the orbits of
    /// the elements first_anonymous … |Δ| − 1 (those no individual names) when the options allow and a
    /// predicate fits, else propositionally; says which in `method`.
    CountResult count_sub(const Cnf& sub, const std::unordered_map<std::uint32_t, Lit>* map,
                          std::uint32_t first_anonymous, jobs::JobContext* ctx, CountMethod& method, OrbitStats& orbits,
                          bool progress);
    Cnf ground_alpha(const onto::Axiom& alpha);

    const onto::Ontology& o_;
    RelativeCountOptions opt_;
    Grounder grounder_;
    Cnf cnf_;
    ModelCounter counter_;
    std::optional<OntologyCount> whole_o_; ///< #(O), counted once (P is undefined when it is 0)
    /// O's individuals (elements 0 … individuals0_−1); the permutations of the other elements map
    /// O's grounding onto itself
    std::uint32_t individuals0_ = 0;
    /// The first element no individual of O or α names (α's fresh individuals follow O's).
    std::uint32_t first_anonymous(const onto::Axiom& alpha) const;
    OrbitStats o_orbits_; ///< of the components of O counted by orbits
    bool o_by_orbits_ = false;
    std::unordered_set<onto::ConceptName> endpoint_class_; ///< named domain and range classes of O
    bool empty_clause_ = false;                            ///< O grounds to an empty clause: no model
    std::uint32_t vars0_ = 0; ///< variables of O's CNF at construction (components cover 1..vars0_)
    std::uint32_t atoms0_ = 0;
    std::vector<std::uint32_t> parent_;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> comp_clauses_, comp_vars_;
    std::unordered_map<std::uint32_t, Models> comp_count_;
    std::unordered_map<std::uint32_t, Models> whole_count_; ///< local = false: #(O) per base size
};

} // namespace kbcx::count
