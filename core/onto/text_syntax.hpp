// The axiom text syntax of KBC Explorer (CLI arguments, test-set files, teaching editor):
// `A SubClassOf r some B`, `A and B SubClassOf owl:Nothing`, `r o s SubPropertyOf t`, `A(a)`,
// `r(a,b)`, declarations, `#` comments, and any axiom in OWL 2 functional syntax. Parser and
// a writer whose output parses back to the same axioms.
#pragma once

#include "common/name_style.hpp"
#include "onto/normaliser.hpp"
#include "onto/ontology.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace kbcx::onto {

struct TextParseOptions {
    /// Unknown names become new names (editor, test files); when false they are an error
    /// naming the unknown name (candidates checked against a loaded ontology).
    bool allow_new_names = true;
    /// With allow_new_names false: still accept new individual names (a candidate about a fresh
    /// individual is meaningful), while unknown class and property names stay errors (typos).
    bool allow_new_individuals = false;
};

/// Parses text-syntax axioms against an ontology's names. Names are resolved in this order:
/// `<full IRI>`, `_:fresh`, an existing name, a known `prefix:local`, a label (the one the
/// readers chose: rdfs:label, skos:prefLabel or OBO name; 'quoted' when it contains spaces; an
/// error naming the entities when several of a kind share it), a unique IRI local name.
class TextParser {
  public:
    TextParser(Ontology& onto, std::string file, TextParseOptions options = {});
    ~TextParser();
    /// Parses a whole document: one axiom or declaration per line. Axioms are appended to
    /// onto.axioms; declarations add names.
    void parse_document(std::string_view text);
    /// Parses one axiom (text or functional syntax) and returns it without adding it.
    /// `line` is used in error messages.
    Axiom parse_axiom(std::string_view text, std::size_t line = 1);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Convenience: parses a text-syntax document into a new ontology.
Ontology read_text(std::string_view text, const std::string& file);
/// Parses and appends a text-syntax document to `onto`.
void read_text_into(std::string_view text, const std::string& file, Ontology& onto);

/// Renders names, expressions and axioms in the text syntax, naming entities in one of the
/// NameStyle forms. Output of every style parses back to the same axioms (a label is used
/// only while no other entity of its kind has it and it is not another entity's name).
class TextWriter {
  public:
    TextWriter(const Ontology& onto, NameStyle style);
    std::string concept_name(ConceptName c) const;
    std::string role_name(RoleName r) const;
    std::string individual_name(IndividualName a) const;
    std::string expr(ExprId e) const;
    /// One line (no newline) for an EL or non-EL axiom; non-EL ones in functional syntax.
    std::string axiom(const Axiom& ax) const;
    std::string normal(const NormalAxiom& n) const;
    /// `Prefix: p: <iri>` lines for the ontology's prefixes (other than rdf, rdfs, owl, xsd).
    std::string prefix_lines() const;
    /// Label style: a Declaration and an rdfs:label AnnotationAssertion line for every entity
    /// shown by its label, so that a document written with them reads back to the same names
    /// (the parser accepts these lines); empty in the other styles.
    std::string label_lines() const;
    NameStyle style() const { return style_; }

  private:
    /// ns: 0 concepts, 1 roles, 2 individuals.
    std::string name(int ns, std::uint32_t id) const;
    std::string short_name(std::string_view raw) const;
    std::string expr_prec(ExprId e, bool atom) const;
    const Ontology& onto_;
    NameStyle style_;
    std::unordered_set<std::uint32_t> shared_label_[3]; ///< Label style: ids whose label another entity has
};

} // namespace kbcx::onto
