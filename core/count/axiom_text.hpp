// The counting module's reader of the axiom text syntax (issue 5's `A SubClassOf B`, `A(a)`,
// `Class: A B`), producing core/onto objects. To be replaced by the shared parser of core/onto.
#pragma once

#include "onto/ontology.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kbcx::count {

// NOTE: this reader exists so that counting could be built while the shared ontology readers
// (core/onto, issue 5) were written in parallel. At integration it is to be replaced by the
// shared text-syntax parser; the grounder and counter depend only on onto::Ontology.
//
// Syntax, one statement per line, `#` (at the start of a line or after a space) to the end of
// the line is a comment:
//   Class: A B C          ObjectProperty: r s          Individual: a b      (declarations)
//   C SubClassOf D        C EquivalentTo D             C DisjointWith D
//   r SubPropertyOf s     r o s SubPropertyOf t        r Domain C           r Range C
//   A(a)                  r(a,b)
// Concepts: a name, Thing / owl:Thing, Nothing / owl:Nothing, `C and D`, `r some C`, and
// parentheses; `some` takes a single name, a parenthesised concept or another `some`, so
// `r some A and B` is `(r some A) and B`, as in the Manchester syntax. The non-EL constructs
// `or`, `not`, `only`, `min`, `max`, `exactly`, `value` and `Self` are read (so that they can be
// refused by name later) but are outside EL. Names are bare words, <IRI>s (stored without the
// brackets) or '…' quoted labels (for names with spaces); prefixed names are kept as written.
// `Domain`/`Range` are an extension of this reader for ObjectPropertyDomain/Range.

/// Parses one line into `onto`: declarations add names to the signature and give nullopt,
/// as do blank and comment lines; an axiom is returned (not appended to onto.axioms), its
/// names interned into onto's signature and its concepts into onto's pool.
/// Throws kbcx::InputError(file, line, column, message) when the line is not in the syntax.
std::optional<onto::Axiom> parse_axiom_line(std::string_view line, onto::Ontology& onto, const std::string& file,
                                            std::size_t line_no);

/// Reads a whole text: every axiom is appended to the ontology's axioms.
onto::Ontology read_axiom_text(std::string_view text, const std::string& file = "<text>");
onto::Ontology read_axiom_text_file(const std::string& path);

/// The text syntax of an expression or axiom (names quoted when needed); parses back.
std::string concept_to_text(onto::ExprId id, const onto::Ontology& onto);
std::string axiom_to_text(const onto::Axiom& axiom, const onto::Ontology& onto);

} // namespace kbcx::count
