// The ontology model: a signature (concept, role and individual names), hash-consed concept
// expressions (EL constructors plus the non-EL ones kept for reporting) and axioms.
#pragma once

#include "kg/vocabulary.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::onto {

using ConceptName = std::uint32_t;    ///< id in Signature::concepts
using RoleName = std::uint32_t;       ///< id in Signature::roles
using IndividualName = std::uint32_t; ///< id in Signature::individuals
using ExprId = std::uint32_t;         ///< id of a concept expression in a ConceptPool
inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

/// Names of an ontology. owl:Thing and owl:Nothing are not names: they are the
/// expressions Top and Bottom.
struct Signature {
    kg::Interner concepts;
    kg::Interner roles;
    kg::Interner individuals;
    kg::PrefixMap prefixes;
    std::unordered_map<std::uint32_t, std::string> concept_labels;
    std::unordered_map<std::uint32_t, std::string> role_labels;       ///< added by the readers
    std::unordered_map<std::uint32_t, std::string> individual_labels; ///< added by the readers
};

enum class ConceptKind : std::uint8_t {
    Top,
    Bottom,
    Named,  ///< name = concept name
    And,    ///< args = conjuncts (sorted, deduplicated, at least two)
    Exists, ///< role, args = {filler}
    // Outside EL; parsed so that the EL filter can report them by construct.
    Not,       ///< args = {operand}
    Or,        ///< args = disjuncts
    ForAll,    ///< role, args = {filler}
    MinCard,   ///< role, number, args = {filler}
    MaxCard,   ///< role, number, args = {filler}
    ExactCard, ///< role, number, args = {filler}
    HasValue,  ///< role, individual
    OneOf,     ///< individuals
    HasSelf,   ///< role
    Other,     ///< anything else the reader met; `construct` names it
};

struct ConceptExpr {
    ConceptKind kind = ConceptKind::Top;
    std::uint32_t name = kNone;              ///< Named: concept name; Exists/ForAll/…: role name
    std::uint32_t number = 0;                ///< cardinality
    std::vector<ExprId> args;                ///< operands
    std::vector<IndividualName> individuals; ///< HasValue, OneOf
    std::string construct;                   ///< Other: the construct's name as written
    friend bool operator==(const ConceptExpr&, const ConceptExpr&) = default;
};

/// Hash-consed concept expressions: structurally equal expressions get the same id, so
/// ids can be compared and used as map keys. Ids 0 and 1 are Top and Bottom.
class ConceptPool {
  public:
    ConceptPool();
    ExprId top() const { return 0; }
    ExprId bottom() const { return 1; }
    ExprId named(ConceptName c);
    /// Conjunction; flattens nested conjunctions, drops Top, sorts and deduplicates;
    /// returns the single operand or Top when fewer than two remain, Bottom if any is Bottom.
    ExprId conj(std::vector<ExprId> operands);
    ExprId exists(RoleName r, ExprId filler);
    /// Any other expression (non-EL constructors); no simplification.
    ExprId make(ConceptExpr expr);
    const ConceptExpr& get(ExprId id) const { return exprs_[id]; }
    std::size_t size() const { return exprs_.size(); }
    /// True if the expression uses only ⊤, ⊥, names, ⊓ and ∃ (recursively).
    bool is_el(ExprId id) const;

  private:
    struct Hash {
        std::size_t operator()(const ConceptExpr& e) const noexcept;
    };
    std::vector<ConceptExpr> exprs_;
    std::unordered_map<ConceptExpr, ExprId, Hash> index_;
};

enum class AxiomKind : std::uint8_t {
    SubClassOf,                 ///< concepts = {sub, super}
    EquivalentClasses,          ///< concepts = operands (≥ 2)
    DisjointClasses,            ///< concepts = operands (≥ 2), pairwise disjoint
    SubObjectPropertyOf,        ///< roles = chain…, super (roles.back() is the super role)
    EquivalentObjectProperties, ///< roles
    TransitiveObjectProperty,   ///< roles = {r}
    ReflexiveObjectProperty,    ///< roles = {r}
    ObjectPropertyDomain,       ///< roles = {r}, concepts = {C}
    ObjectPropertyRange,        ///< roles = {r}, concepts = {C}
    ClassAssertion,             ///< concepts = {C}, individuals = {a}
    ObjectPropertyAssertion,    ///< roles = {r}, individuals = {a, b}
    NotEL,                      ///< an axiom type outside EL; `construct` names it
};

struct Axiom {
    AxiomKind kind = AxiomKind::SubClassOf;
    std::vector<ExprId> concepts;
    std::vector<RoleName> roles;
    std::vector<IndividualName> individuals;
    std::string construct; ///< NotEL: e.g. "InverseObjectProperties"
    std::size_t line = 0;  ///< where it was read (0 if unknown)
};

struct Ontology {
    std::string iri;
    Signature sig;
    ConceptPool pool;
    std::vector<Axiom> axioms;
    std::string source; ///< file it was read from (for messages), empty if built in memory
};

/// Stable name of an axiom kind as in OWL 2 functional syntax ("SubClassOf", …); for NotEL
/// axioms the caller should show Axiom::construct instead.
const char* axiom_kind_name(AxiomKind kind);
/// OWL 2 functional-syntax name of a concept constructor ("ObjectSomeValuesFrom", …).
const char* concept_kind_name(ConceptKind kind);

} // namespace kbcx::onto
