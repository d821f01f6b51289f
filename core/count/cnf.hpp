// Propositional formulas in conjunctive normal form as the counting module builds them, and
// their DIMACS form (with a `c var` comment naming each variable) for external counters.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::count {

/// A literal in DIMACS convention: +v or -v for a variable v in 1..num_vars.
using Lit = std::int32_t;
using Clause = std::vector<Lit>;

/// A CNF over the variables 1..num_vars. Every variable counts, including those that occur in
/// no clause (each of them doubles the number of models). `names[v]` (index 0 unused) names
/// variable v for DIMACS comments and debugging; it may be empty.
struct Cnf {
    std::uint32_t num_vars = 0;
    std::vector<Clause> clauses;
    std::vector<std::string> names;
    std::vector<std::string> comments; ///< written as `c …` lines before the variable names

    /// Adds a fresh variable and returns it.
    std::uint32_t new_var(std::string name = {});
    void add(Clause clause) { clauses.push_back(std::move(clause)); }
    std::size_t num_literals() const;
};

/// Writes DIMACS CNF: the comments, `c t mc` (model counting), one `c var V NAME` line per
/// named variable, `p cnf V C`, and the clauses, one per line, each ended by 0.
void write_dimacs(std::ostream& out, const Cnf& cnf);
/// Writes to a file; throws kbcx::InputError if it cannot be created.
void write_dimacs_file(const std::string& path, const Cnf& cnf);

/// Reads DIMACS CNF (clauses may span lines; `c var V NAME` comments restore names; other
/// comments are kept in `comments`). Throws kbcx::InputError(file, line, column, …) on bad input:
/// a missing or repeated `p` line, a literal out of range, a clause count that does not match,
/// or a last clause without its terminating 0.
Cnf read_dimacs(std::string_view text, const std::string& file = "<dimacs>");
Cnf read_dimacs_file(const std::string& path);

} // namespace kbcx::count
