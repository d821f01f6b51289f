// Placement of a scoring function on the faithfulness ladder L0–L3, each level checked
// exactly with the witness of largest violation, and the violating pairs for the inversion view.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kbcx::eval {

/// The levels of the faithfulness hierarchy (PLF ⇒ MLF ⇒ L1 ⇒ L0).
enum class Level : std::uint8_t {
    L0, ///< discriminative: every entailed axiom outscores every contradiction
    L1, ///< logically admissible: every contradiction is below every consistent (T+ ∪ T?) axiom
    L2, ///< monotonically faithful (MLF): f(α−) < f(α?) < f(α+) for all triples
    L3, ///< probabilistically faithful (PLF): P(α1|O) > P(α2|O) ⇒ f(α1) > f(α2)
};
const char* level_name(Level level);  ///< "L0" … "L3"
const char* level_title(Level level); ///< "discriminative", "logically admissible", …

/// The outcome of one level.
struct LevelCheck {
    bool computable = true; ///< false for L3 when some axiom has no P
    bool holds = true;
    bool vacuous = false; ///< holds because no pair or triple is constrained (empty bands)
    /// Axiom indices of the witness of largest violation, in the order in which their scores
    /// should be strictly increasing (lower-ranked first): L0 [α−, α+], L1 [α−, α], L2
    /// [α−, α?, α+] (two of them when a band is empty), L3 [α with smaller P, α with larger P].
    /// Empty when the level holds.
    std::vector<std::uint32_t> witness;
    /// Size of the violation: f(first) − f(last) for pairs, (f(α−) − f(α?))⁺ + (f(α?) − f(α+))⁺
    /// for triples; 0 for a tie, which is a violation too.
    double margin = 0.0;
};

/// All axioms of `lower` strictly below all of `higher`: holds iff max f(lower) < min f(higher).
/// The witness is (argmax lower, argmin higher), first in index order among equal scores.
LevelCheck check_strictly_below(std::span<const double> f, std::span<const std::uint32_t> lower,
                                std::span<const std::uint32_t> higher);

LevelCheck check_l0(std::span<const double> f, std::span<const std::uint32_t> entailed,
                    std::span<const std::uint32_t> contradictory);
LevelCheck check_l1(std::span<const double> f, std::span<const std::uint32_t> entailed,
                    std::span<const std::uint32_t> undetermined, std::span<const std::uint32_t> contradictory);
/// MLF. When all three bands are non-empty this is exactly the triple condition; when T? is
/// empty it is read as T− < T+, when T+ (T−) is empty as T− < T? (T? < T+), so that L2 ⇒ L1
/// also holds for test sets with an empty band.
LevelCheck check_l2(std::span<const double> f, std::span<const std::uint32_t> entailed,
                    std::span<const std::uint32_t> undetermined, std::span<const std::uint32_t> contradictory);
/// PLF over `axioms`; p_key[a] is an order-preserving key of P(a|O) (equal P, equal key), or
/// 0xFFFFFFFF when a has no P (then the level is not computable). One pass in P order with a
/// running maximum of f over smaller P: the worst pair at each P is (prefix argmax, group argmin).
LevelCheck check_l3(std::span<const double> f, std::span<const std::uint32_t> axioms,
                    std::span<const std::uint32_t> p_key);

/// A pair that should be ordered f(lower) < f(higher) but is not: f(lower) ≥ f(higher).
struct ViolatingPair {
    std::uint32_t lower;  ///< e.g. the contradiction of a (α?, α−) or (α−, α+) inversion
    std::uint32_t higher; ///< e.g. the undetermined or entailed axiom
    double margin;        ///< f(lower) − f(higher) ≥ 0
};

/// Number of violating pairs in lower × higher (O(n log n)).
std::uint64_t count_violations(std::span<const double> f, std::span<const std::uint32_t> lower,
                               std::span<const std::uint32_t> higher);
/// The k violating pairs of largest margin, sorted by margin (largest first; ties by the
/// lower axiom's rank in descending score order, then the higher's in ascending score
/// order). O(n log n + k log k): both sides are sorted once and a heap walks the sorted grid.
/// For filters (a normal form, a concept), pass the filtered index lists.
std::vector<ViolatingPair> top_violations(std::span<const double> f, std::span<const std::uint32_t> lower,
                                          std::span<const std::uint32_t> higher, std::size_t k);

/// a − b, with 0 when a == b (so that two −∞ scores tie with margin 0 instead of NaN).
inline double score_gap(double a, double b) {
    return a == b ? 0.0 : a - b;
}

} // namespace kbcx::eval
