// Axioms as small trees in OWL 2 structural form, shared by the functional-syntax and OWL/XML
// readers: each reader builds one tree per axiom, AxiomBuilder turns it into model axioms.
#pragma once

#include "onto/labels.hpp"
#include "onto/ontology.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::onto {

/// One node of an axiom in structural form. Elements carry the OWL 2 name ("SubClassOf",
/// "ObjectSomeValuesFrom", "Class", …) and children; leaves are full IRIs, blank nodes,
/// literals or numbers.
struct SNode {
    enum class Kind : std::uint8_t { Element, Iri, Blank, Literal, Number };
    Kind kind = Kind::Element;
    std::string tag;  ///< Element: its name
    std::string text; ///< leaves: full IRI, blank node label, literal text or digits
    std::string lang; ///< Literal: its language tag ("" if none)
    std::vector<SNode> kids;
    std::uint32_t line = 0, column = 0;
};

/// Turns axiom trees into Axiom values of an Ontology, interning names as it goes and
/// collecting rdfs:label and skos:prefLabel annotations. Throws InputError for malformed axioms.
class AxiomBuilder {
  public:
    AxiomBuilder(Ontology& onto, std::string file) : onto_(onto), file_(std::move(file)) {}
    /// Adds one axiom (Declaration, SubClassOf, AnnotationAssertion, …).
    void add(const SNode& axiom);
    /// Attaches the collected labels to the entities they name; call once at the end.
    void finish();
    /// Attaches the labels collected so far and keeps them (for a document whose later lines
    /// use the labels, with later annotations still ranked against earlier ones).
    void attach_labels() { labels_.attach_changed(onto_.sig); }

    ExprId class_expr(const SNode& n);
    /// A named role; sets `inverse` for ObjectInverseOf(r) and returns r.
    RoleName role(const SNode& n, bool& inverse);
    IndividualName individual(const SNode& n);

  private:
    [[noreturn]] void fail(const SNode& at, const std::string& message) const;
    const std::string& iri_of(const SNode& n) const;
    /// The digits of a cardinality node as a number (fails unless 0 ≤ value < 2^32).
    std::uint32_t cardinality(const SNode& n, const std::string& construct) const;
    std::vector<const SNode*> operands(const SNode& axiom) const; ///< children minus annotations
    void not_el(const std::string& construct, std::size_t line);

    Ontology& onto_;
    std::string file_;
    LabelPicker labels_;
};

inline constexpr const char* kOwlThing = "http://www.w3.org/2002/07/owl#Thing";
inline constexpr const char* kOwlNothing = "http://www.w3.org/2002/07/owl#Nothing";
inline constexpr const char* kOwlNs = "http://www.w3.org/2002/07/owl#";
inline constexpr const char* kRdfsLabelIri = "http://www.w3.org/2000/01/rdf-schema#label";

} // namespace kbcx::onto
