// Rule file parser: the plain syntax (`T(x,z) :- R(x,y), S(y,z), x != z.`) and RDFox .dlog
// (`PREFIX`, `[?X, :p, ?Y]` atoms, `a`/rdf:type, FILTER(?X != ?Y)), mixed freely in one file.
#pragma once

#include "rules/rule.hpp"

#include <string>
#include <string_view>

namespace kbcx::rules {

/// Parses rules from text. Syntax (both forms may be mixed; `#` and `%` start comments):
///
///     PREFIX ub: <http://swat.cse.lehigh.edu/onto/univ-bench.owl#>     (or @prefix ub: <…> .)
///     [?X, ub:memberOf, ?Y] :- [?Y, ub:member, ?X] .
///     [?X, rdf:type, ub:Person] :- [?X, a, ub:Student], FILTER(?X != ?Y) .
///     T(x,z) :- R(x,y), S(y,z), x != z.
///     ub:Person(x) :- ub:Student(x).
///
/// Terms: `?name` is a variable; in the plain syntax a bare identifier starting with a
/// lower-case letter or '_' is a variable too. Constants: `<iri>`, `prefix:local`, "quoted",
/// or bare identifiers starting with an upper-case letter or digit. Predicates: identifiers,
/// `prefix:local` or `<iri>`. `rdf:type` (or `a`) with a constant class makes a unary atom.
///
/// Throws InputError(file, line, column, message) on a syntax error, an unknown prefix, an
/// atom with other than 1 or 2 arguments, a predicate used with two arities, a variable in
/// predicate or class position, and an unsafe rule (a head or inequality variable that occurs
/// in no body atom).
RuleSet parse_rules(std::string_view text, const std::string& file = "<rules>");
/// Reads and parses a rule file (plain or gzip-compressed).
RuleSet load_rules(const std::string& path);
/// Parses one rule (e.g. for `kbcx entails`), with the prefixes of `context` available.
Rule parse_rule(std::string_view text, const kg::PrefixMap& context, const std::string& file = "<rule>");

/// Parses one ground atom such as `R(a,b)`, `T(a)` or `[a, :p, b]`: every bare name is a
/// constant here (so `a` is the entity named "a"), and `?x` is an error.
Atom parse_ground_atom(std::string_view text, const kg::PrefixMap& context, const std::string& file = "<fact>");

} // namespace kbcx::rules
