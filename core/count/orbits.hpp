// Counting up to the symmetry of the domain: a CNF that permutations of elements map onto itself
// is counted as a sum over orbits of assignments to chosen unary predicates, one count per orbit.
#pragma once

#include "count/counter.hpp"

#include <cstdint>
#include <vector>

namespace kbcx::count {

/// The most predicates one orbit count branches on (a type is a 64-bit mask).
inline constexpr std::size_t kMaxOrbitPredicates = 64;

/// Work of one orbit count.
struct OrbitStats {
    std::uint32_t predicates = 0; ///< unary predicates branched on by orbit
    std::uint32_t types = 0;      ///< their assignments to one element that unit propagation keeps
    std::uint64_t orbits = 0;     ///< orbits counted (multisets of types the propagation keeps)
    std::uint64_t pruned = 0;     ///< partial multisets refuted by unit propagation
};

/// Counts the models of `cnf` exactly, provided that the permutations of n elements act on its
/// variables and map its clause set onto itself (the grounding of an ontology and of candidates
/// has this symmetry for the elements no individual names: all of Δ without an ABox).
/// `predicates[p][d]` is the variable of unary predicate p at the d-th of these elements. Every
/// assignment of the predicates' atoms is a map elements → types (type = the predicates' values
/// at one element); a permutation maps the models under one map bijectively onto those under the
/// permuted map, so #cnf = Σ over multisets of n types of
/// (n! / Π multiplicities!) × #(cnf ∧ the elements 0, 1, … take the multiset's types in
/// order). Each term is counted by `counter` (its cache serves all terms); a multiset whose
/// units unit propagation refutes is skipped (its term is 0).
///
/// The counter's budget applies to the whole sum: its time to the sum (each term gets what is
/// left), its memory to each term. Cancellation as ModelCounter::count. With `progress`, ctx
/// gets reports "counting orbits of Δ" (orbits done of at most multisets(types, n)).
CountResult count_by_orbits(ModelCounter& counter, const Cnf& cnf,
                            const std::vector<std::vector<std::uint32_t>>& predicates, std::uint32_t n,
                            jobs::JobContext* ctx = nullptr, OrbitStats* stats = nullptr, bool progress = true);

/// Chooses the predicates for count_by_orbits from `candidates` (each one variable per element,
/// in order of preference): greedily, each one whose addition keeps the number of orbits of the
/// types that unit propagation leaves one element at most `max_orbits` and splits a type (a
/// predicate whose value the others fix is skipped). Returns their indices.
std::vector<std::size_t> choose_orbit_predicates(const Cnf& cnf,
                                                 const std::vector<std::vector<std::uint32_t>>& candidates,
                                                 std::uint32_t n, std::uint64_t max_orbits);

/// The number of multisets of size n over k types, C(k + n − 1, n), saturating at 2^64 − 1.
std::uint64_t multisets(std::uint64_t k, std::uint64_t n);

} // namespace kbcx::count
