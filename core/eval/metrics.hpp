// Exact faithfulness metrics of a scoring function f over the three bands T+, T?, T−:
// AUC+/−, FVR, Pair-FVR and Spearman's ρ_P, each in O(n log n) by sorting, ties included.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace kbcx::eval {

// All scores are "higher = more plausible". A score of -infinity is allowed (an axiom
// without a score under --missing lowest) and ties with other -infinity scores.

/// AUC+/− = Pr[f(α+) > f(α−)] + ½ Pr[f(α+) = f(α−)] over T+ × T−.
/// nullopt when T+ or T− is empty.
std::optional<double> auc_pm(std::span<const double> entailed, std::span<const double> contradictory);

/// #{(α−, α?, α+) ∈ T− × T? × T+ : f(α−) < f(α?) < f(α+)} — the faithfully ordered triples
/// (strict inequalities: a tie anywhere makes the triple a violation). Exact, by sorting
/// T− and T+ and counting, for each α?, the scores strictly below and strictly above it.
/// Returned as a long double (exact up to 2^64; the product of the band sizes may exceed
/// 64 bits, so an exact 128-bit count is used inside).
long double ordered_triples(std::span<const double> contradictory, std::span<const double> undetermined,
                            std::span<const double> entailed);

/// FVR = 1 − ordered_triples / (|T−| |T?| |T+|); nullopt when a band is empty.
std::optional<double> fvr(std::span<const double> contradictory, std::span<const double> undetermined,
                          std::span<const double> entailed);

/// #{(α?, α−) : f(α?) ≤ f(α−)} — undetermined axioms not strictly above a contradiction.
std::uint64_t pair_violations(std::span<const double> undetermined, std::span<const double> contradictory);

/// Pair-FVR = Pr[f(α?) ≤ f(α−)] over T? × T−; nullopt when T? or T− is empty.
std::optional<double> pair_fvr(std::span<const double> undetermined, std::span<const double> contradictory);

/// 1-based ranks in ascending order, ties given the average of the ranks they span.
std::vector<double> average_ranks(std::span<const double> values);
/// The same for integer keys (e.g. exact ranks of P values).
std::vector<double> average_ranks(std::span<const std::uint32_t> keys);

/// Pearson's correlation; nullopt when n < 2 or either side is constant.
std::optional<double> pearson(std::span<const double> x, std::span<const double> y);

/// ρ_P: Spearman's correlation of f and P over T? — Pearson's correlation of their average
/// ranks. `p_keys` are order-preserving integer keys of P (equal P, equal key), so ties in P
/// are exact. nullopt when n < 2 or either side is constant.
std::optional<double> spearman(std::span<const double> scores, std::span<const std::uint32_t> p_keys);

} // namespace kbcx::eval
