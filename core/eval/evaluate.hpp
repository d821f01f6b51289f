// The evaluation job shared by `kbcx eval`, `kbcx ladder` and the Hierarchy and Inversions
// views: every metric and the L0–L3 placement per normal form and overall, for any scorer.
#pragma once

#include "common/job.hpp"
#include "eval/eval_input.hpp"
#include "eval/metrics.hpp"
#include "eval/placement.hpp"
#include "eval/ranking.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::eval {

struct EvalOptions {
    std::size_t k = 10;          ///< k of Adm@k
    bool missing_lowest = false; ///< score test axioms without a score below everything (else error)
    bool ranking = true;         ///< run the ranking queries (MRR, Hits, Adm@k)
};

/// The metrics of one group of test axioms (one normal form, or all of them). nullopt means
/// "not computable" (an empty band, P or candidate scores missing): never a partial value.
struct Metrics {
    std::uint64_t n_entailed = 0, n_undetermined = 0, n_contradictory = 0;
    std::uint64_t n_missing_scores = 0; ///< test axioms scored lowest under missing_lowest
    std::optional<double> auc_pm, fvr, pair_fvr, rho_p;
    std::optional<double> adm_at_k, mrr, hits_at_1, hits_at_3, hits_at_10;
    std::uint64_t n_queries = 0;    ///< ranking queries (one per T+ axiom)
    std::uint64_t n_candidates = 0; ///< candidates scored over all queries
    std::uint64_t n_filtered = 0;   ///< other entailed fillers removed by filtering
    double adm_unknown_top_k = 0;   ///< expected top-k entries without a status (counted admissible)
    std::uint64_t n_undetermined_with_p = 0;
    std::uint64_t p_disagreements = 0;  ///< P ≠ 1 on T+, P ≠ 0 on T−, P ∈ {0, 1} on T?
    std::string rho_note, ranking_note; ///< why a value is not computable
    std::array<LevelCheck, 4> levels;
    /// Highest level L such that L0…L are all computable and hold; -1 if L0 fails.
    int placement() const;
};

/// The evaluation of one scorer on one test set.
struct EvalResult {
    TestSet tests;                    ///< with P = 1 / P = 0 interned for T+ / T− axioms given no P
    std::vector<double> f;            ///< score per test axiom (higher = better; −∞ if missing)
    std::vector<std::uint32_t> p_key; ///< exact rank of P per test axiom (T+ 1, T− 0 if not given), kNoP if none
    std::vector<bool> missing;        ///< axiom had no score
    CandidateNames names;
    std::vector<QueryResult> queries; ///< one per T+ axiom, index order
    Metrics overall;
    std::vector<Metrics> by_nf; ///< aligned with tests.normal_forms
    std::size_t k = 10;
    double seconds = 0, read_seconds = 0, ranking_seconds = 0;
    std::uint64_t scores_read = 0;
    std::shared_ptr<const Scorer> scorer; ///< kept for display() and for later queries
};

/// Evaluates `scorer` on `tests`. Throws InputError (naming the tests file and the line of the
/// first one) when test axioms have no score and missing_lowest is off, listing the first few.
EvalResult evaluate(TestSet tests, std::shared_ptr<const Scorer> scorer, const EvalOptions& options,
                    jobs::JobContext& ctx);

struct EvalParams {
    std::string tests_path, scores_path;
    bool lower_is_better = false;
    EvalOptions options;
};
/// The job: reads both files and evaluates.
EvalResult run_eval(const EvalParams& params, jobs::JobContext& ctx);

// --- what the Hierarchy and Inversions views need ----------------------------------------

/// Indices of the test axioms of one normal form (all when nf is nullopt), by band, in index order.
struct Bands {
    std::vector<std::uint32_t> entailed, undetermined, contradictory;
};
Bands bands(const TestSet& tests, std::optional<std::uint32_t> nf = std::nullopt);

/// Scores per band (for histograms), in the user's convention (display()).
struct BandScores {
    std::vector<double> entailed, undetermined, contradictory;
};
BandScores band_scores(const EvalResult& r, std::optional<std::uint32_t> nf = std::nullopt);

/// (P, score) over T? for the scatter plot; axioms without P are left out.
struct ScorePoint {
    std::uint32_t axiom;
    double p;     ///< approximation of the exact P
    double score; ///< user's convention
};
std::vector<ScorePoint> score_vs_p(const EvalResult& r, std::optional<std::uint32_t> nf = std::nullopt);

/// The two kinds of inversions shown by the debugger.
enum class Inversion : std::uint8_t {
    UndeterminedNotAboveContradiction, ///< (α?, α−) with f(α?) ≤ f(α−)  (Pair-FVR's pairs)
    EntailedNotAboveContradiction,     ///< (α−, α+) with f(α+) ≤ f(α−)  (L0's pairs)
};
/// Exact number of inversions of that kind in the normal form (all when nullopt).
std::uint64_t count_inversions(const EvalResult& r, Inversion kind, std::optional<std::uint32_t> nf = std::nullopt);
/// The top k by margin (largest first); ViolatingPair::lower is the contradiction.
std::vector<ViolatingPair> top_inversions(const EvalResult& r, Inversion kind, std::size_t k,
                                          std::optional<std::uint32_t> nf = std::nullopt);

} // namespace kbcx::eval
