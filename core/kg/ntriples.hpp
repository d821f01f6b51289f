// A streaming N-Triples parser (W3C RDF 1.1 N-Triples): subjects, predicates and objects as
// views with escapes decoded, errors with line and column. Faster than a general RDF library.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kbcx::kg {

/// One term of a triple. `text` is the IRI without angle brackets, the blank node label with its
/// "_:" prefix, or a literal's lexical form; escapes (\uXXXX, \UXXXXXXXX and, in literals, \t \b
/// \n \r \f \" \' \\) are decoded. `datatype` (IRI) or `language` is set for literals that carry one.
struct NtTerm {
    enum Kind : unsigned char { Iri, Blank, Literal } kind = Iri;
    std::string_view text;
    std::string_view datatype;
    std::string_view language;
};

/// Receives the triples in file order; the views are valid during the call only.
class NtHandler {
  public:
    virtual ~NtHandler() = default;
    virtual void triple(const NtTerm& subject, const NtTerm& predicate, const NtTerm& object) = 0;
};

/// Parses `text` (a whole N-Triples document: one triple per line, `#` comments, blank lines,
/// CRLF line ends, a missing final newline). Throws kbcx::InputError(file, line, column, …) at
/// the first syntax error; a NUL byte is refused as binary input. Returns the number of triples.
std::size_t parse_ntriples(std::string_view text, const std::string& file, NtHandler& handler);

} // namespace kbcx::kg
