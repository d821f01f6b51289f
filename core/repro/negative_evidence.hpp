// What a generated benchmark's negatives look like beside LogInfer's released benchmarks: the
// facts negative-difficulty's report shows where its Table 5 targets are missed (issue: evidence, not tuning).
#pragma once

#include "bench/generator.hpp"
#include "repro/kg_lab.hpp"

#include <cstddef>
#include <string>

namespace kbcx::repro {

/// Measured on one benchmark, for one pattern and the benchmark's negative method (counts over
/// its test split).
struct NegativeEvidence {
    std::size_t rules = 0;          ///< kept rules of the pattern
    std::size_t head_relations = 0; ///< distinct head predicates among them
    std::size_t test_positives = 0; ///< test positives of the pattern
    std::size_t test_negatives = 0; ///< test negatives of the pattern
    /// Test negatives of the pattern that are no one-constant corruption of a test positive of
    /// the pattern (bench::anchoring's definition, which `kbcx info` prints for any folder).
    std::size_t unanchored = 0;
    /// pa: test negatives whose swapped-in head (tail) constant occurs in that position of the
    /// relation among the benchmark's positives but not in K (the release pools from P_all).
    std::size_t pa_heads = 0, pa_heads_positive_only = 0;
    std::size_t pa_tails = 0, pa_tails_positive_only = 0;
};

/// The evidence of `b` (its negatives drawn by one method) for `pattern`.
NegativeEvidence negative_evidence(const KgBench& b, const std::string& pattern);

/// Figures measured on LogInfer's released FB15k-237 benchmarks (shuwen-liu-ox/LogInfer
/// @ 1fd934f), beside which the evidence is shown.
struct ReleasedNegativeFacts {
    std::size_t k_facts = 310116;               ///< K = FB15k-237 train + valid + test
    std::size_t inter_heads = 171;              ///< rule heads of FB-inter
    std::size_t inter_qg_test = 3126;           ///< FB-inter-qg test negatives…
    std::size_t inter_qg_unanchored = 2781;     ///< …of which unanchored (`kbcx info` on LogInfer-FB-inter)
    double inter_pa_heads_positive_only = 0.57; ///< FB-inter-pa test: swapped heads only among positives
    double inter_pa_tails_positive_only = 0.67; ///< …and tails
    std::size_t sym_rules = 50;                 ///< FB-sym: 50 rules (k1 50, k2 200)
    std::size_t sym_rb_test = 1000;             ///< FB-sym's rb test negatives (LogInfer-FB-sym)…
    std::size_t sym_rb_unanchored = 996;        ///< …of which unanchored (`kbcx info` on its files)
};
inline constexpr ReleasedNegativeFacts kReleasedNegativeFacts{};

} // namespace kbcx::repro
