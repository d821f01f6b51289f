// Datalog rules over a KG as written by users: atoms over named predicates, terms that are
// variables or constants (full IRIs or plain names), inequalities, and source locations.
#pragma once

#include "kg/vocabulary.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace kbcx::rules {

/// Where something was written: file, 1-based line and column (0 = unknown).
struct SourceLoc {
    std::size_t line = 0;
    std::size_t column = 0;
};

/// A variable (`?X` in .dlog, `x` or `?x` in the plain syntax) or a constant (a full IRI after
/// prefix expansion, or a plain name such as `/m/027rn`).
struct Term {
    enum class Kind { Variable, Constant };
    Kind kind = Kind::Variable;
    std::string name; ///< variable name without '?', or the constant's full name
    SourceLoc loc;

    bool is_var() const noexcept { return kind == Kind::Variable; }
    static Term var(std::string n, SourceLoc l = {}) { return {Kind::Variable, std::move(n), l}; }
    static Term constant(std::string n, SourceLoc l = {}) { return {Kind::Constant, std::move(n), l}; }
    friend bool operator==(const Term& a, const Term& b) { return a.kind == b.kind && a.name == b.name; }
};

/// `P(t)` (a type / concept, unary) or `P(t1, t2)` (a relation, binary). In .dlog,
/// `[?X, rdf:type, :C]` is the unary atom C(?X) and `[?X, :p, ?Y]` the binary atom p(?X, ?Y).
struct Atom {
    std::string predicate;  ///< full name (IRI after prefix expansion)
    std::vector<Term> args; ///< 1 or 2 terms
    SourceLoc loc;

    bool unary() const noexcept { return args.size() == 1; }
};

/// `a != b` (RDFox: FILTER(?X != ?Y)).
struct Inequality {
    Term lhs, rhs;
    SourceLoc loc;
};

/// `head :- body, inequalities.` A rule is safe when every head variable and every
/// inequality variable occurs in a body atom; the parser rejects unsafe rules.
struct Rule {
    Atom head;
    std::vector<Atom> body;
    std::vector<Inequality> inequalities;
    SourceLoc loc;
    std::string pattern; ///< pattern name when the rule came from a pattern, else empty

    /// Distinct variable names in first-occurrence order (body first, then head).
    std::vector<std::string> variables() const;
};

/// Rules of one file (or made by a pattern) and the prefixes to show their names compactly.
struct RuleSet {
    std::string file; ///< for messages; may be empty
    std::vector<Rule> rules;
    kg::PrefixMap prefixes;
};

/// Writes a rule in the plain syntax, `T(x,z) :- R(x,y), S(y,z), x != z.`, compacting IRIs
/// with `prefixes` (names that would not parse back bare are written `<…>`).
std::string to_string(const Rule& rule, const kg::PrefixMap& prefixes);
std::string to_string(const Atom& atom, const kg::PrefixMap& prefixes);
/// A predicate or constant name as the plain syntax writes it.
std::string name_to_string(const std::string& name, const kg::PrefixMap& prefixes);

} // namespace kbcx::rules
