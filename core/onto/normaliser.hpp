// The EL filter and the normaliser: keep the EL part of an ontology (reporting every dropped
// axiom by construct) and rewrite it into the normal forms GCI0…GCI3(_BOT), RI, RC, ABox.
#pragma once

#include "onto/ontology.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kbcx::onto {

/// ⊤ where a normal form expects a concept name (⊤ ⊑ B, A ⊑ ∃r.⊤, ∃r.⊤ ⊑ B).
inline constexpr ConceptName kThing = 0xFFFFFFFEu;

/// The normal forms, named as in the EL embedding literature, plus RANGE (kept for domain/
/// range reasoning; written `r Range A`) and the ABox forms CA and RA.
enum class NormalForm : std::uint8_t {
    GCI0,     ///< a ⊑ b
    GCI0_BOT, ///< a ⊑ ⊥
    GCI1,     ///< a ⊓ b ⊑ c
    GCI1_BOT, ///< a ⊓ b ⊑ ⊥
    GCI2,     ///< a ⊑ ∃r.b
    GCI3,     ///< ∃r.a ⊑ b
    GCI3_BOT, ///< ∃r.a ⊑ ⊥
    RI,       ///< r ⊑ s
    RC,       ///< r ∘ s ⊑ t
    RANGE,    ///< range(r) ⊑ a
    CA,       ///< a(x)
    RA,       ///< r(x, y)
};
inline constexpr int kNumNormalForms = 12;
const char* normal_form_name(NormalForm nf);
/// Accepts the names above (case-insensitive); returns false if unknown.
bool parse_normal_form(std::string_view name, NormalForm& out);

struct NormalAxiom {
    NormalForm nf = NormalForm::GCI0;
    ConceptName a = kNone, b = kNone, c = kNone; ///< concept names or kThing
    RoleName r = kNone, s = kNone, t = kNone;
    IndividualName x = kNone, y = kNone;
    std::uint32_t source = kNone; ///< index in Ontology::axioms it came from (kNone: none)
    bool same_as(const NormalAxiom& o) const {
        return nf == o.nf && a == o.a && b == o.b && c == o.c && r == o.r && s == o.s && t == o.t && x == o.x &&
               y == o.y;
    }
};
struct NormalAxiomHash {
    std::size_t operator()(const NormalAxiom& n) const noexcept;
};
struct NormalAxiomEq {
    bool operator()(const NormalAxiom& a, const NormalAxiom& b) const noexcept { return a.same_as(b); }
};

/// What the EL filter kept and dropped. `constructs` counts, per non-EL construct
/// (ObjectAllValuesFrom, ObjectUnionOf, InverseObjectProperties, …), the axioms using it.
struct ElFilterReport {
    std::size_t logical_axioms = 0;
    std::size_t kept = 0;
    std::size_t dropped = 0;
    std::map<std::string, std::size_t> constructs;
    std::vector<char> keep; ///< per Ontology::axioms entry: 1 if in the EL part
};

/// Classifies every axiom of `onto` as EL (handled by the normaliser and reasoner) or not.
/// ReflexiveObjectProperty is dropped too (the reasoner does not support it) and reported.
ElFilterReport el_filter(const Ontology& onto);
/// The non-EL constructs used by one axiom (empty if it is in the EL part).
std::vector<std::string> non_el_constructs(const Ontology& onto, const Axiom& ax);

/// Rewrites EL axioms into normal forms. Complex sub-expressions get fresh names from the
/// allocator (one per distinct expression and polarity, so equal sub-expressions share a
/// name); fresh names are new ids and never reuse an existing one.
class Normaliser {
  public:
    Normaliser(ConceptPool& pool, std::function<ConceptName()> fresh_concept, std::function<RoleName()> fresh_role);
    /// Appends the normal forms of `ax` (which must be in the EL part) to `out`.
    void add(const Axiom& ax, std::uint32_t source, std::vector<NormalAxiom>& out);

  private:
    enum class LKind { Name, Conj, Exists, Bottom };
    struct Lhs {
        LKind kind = LKind::Name;
        ConceptName a = kNone, b = kNone;
        RoleName r = kNone;
    };
    ConceptName pos_name(ExprId e); ///< N with N ⊑ e
    ConceptName neg_name(ExprId e); ///< N with e ⊑ N (kNone if e ≡ ⊥)
    Lhs lhs_form(ExprId e);
    void gci(ExprId lhs, ExprId rhs);
    void add_normal(NormalAxiom n);

    ConceptPool& pool_;
    std::function<ConceptName()> fresh_concept_;
    std::function<RoleName()> fresh_role_;
    std::unordered_map<ExprId, ConceptName> pos_, neg_;
    std::vector<NormalAxiom>* out_ = nullptr;
    std::uint32_t source_ = kNone;
};

/// The normalised EL part of an ontology.
struct NormalisedOntology {
    std::vector<NormalAxiom> axioms;      ///< distinct normal forms, in order of first appearance
    ConceptName fresh_concepts_begin = 0; ///< concept ids ≥ this are fresh (added by normalise)
    RoleName fresh_roles_begin = 0;
    ElFilterReport filter;
    std::size_t count(NormalForm nf) const;
};

/// Filters and normalises `onto`; fresh names are interned into onto.sig ("_:N1", "_:N2", …,
/// skipping any name already in use).
NormalisedOntology normalise(Ontology& onto);

} // namespace kbcx::onto
