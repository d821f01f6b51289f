// An imported evaluation as the GUI keeps it (an EvalResult shared read-only between views),
// the chart and inversion data computed from it off the GUI thread, and the colours of T+/T?/T−.
#pragma once

#include "eval/evaluate.hpp"

#include <QColor>
#include <QDateTime>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace kbcx::ui {

/// One evaluated scorer on one test set (File → Import Scores…).
struct Evaluation {
    quint64 id = 0;
    QString name;      ///< "scores.tsv on tests.tsv"
    QString testsPath; ///< file or resource name
    QString scoresPath;
    bool lowerIsBetter = false;
    bool missingLowest = false;
    std::size_t k = 10;
    QDateTime evaluatedAt;
    std::shared_ptr<const eval::EvalResult> result;

    /// "all normal forms" (nullopt) or one normal form's index → its metrics.
    const eval::Metrics& metrics(std::optional<std::uint32_t> nf) const;
};
using EvaluationPtr = std::shared_ptr<const Evaluation>;

/// Colours used for the three bands everywhere in the app: entailed green, undetermined
/// amber, contradictory red.
QColor statusColor(eval::Status status);
QString statusSymbol(eval::Status status); ///< "T+", "T?", "T−"
QString statusTitle(eval::Status status);  ///< "entailed", "undetermined", "contradictory"

/// Exact definition of a ladder level (for tooltips; DESIGN.md §3 eval).
QString levelDefinition(eval::Level level);

/// Histogram of the three bands over shared bins. Edges are ascending, bins are
/// [edge[i], edge[i+1]) except the last, which includes its upper edge. Only finite scores are
/// binned (missing scores under "missing lowest" are −∞ and are counted in `unbinned`).
struct Histogram {
    std::vector<double> edges;
    std::vector<std::uint64_t> counts[3]; ///< by eval::Status
    std::uint64_t unbinned[3] = {0, 0, 0};
};
/// The bin of `x` for `edges` (as above), or -1 if x is outside [edges.front(), edges.back()].
int histogramBin(const std::vector<double>& edges, double x);
/// Shared bins over the union of the bands' finite scores: `bins` bins of equal width from the
/// minimum to the maximum (one bin of width 1 around the value when all scores are equal).
Histogram makeHistogram(const eval::BandScores& scores, int bins);

/// What the Hierarchy tab draws for one evaluation and normal form.
struct HierarchyData {
    quint64 evaluationId = 0;
    std::optional<std::uint32_t> nf;
    Histogram histogram;
    std::vector<eval::ScorePoint> scatter; ///< T? with P and a finite score
    std::uint64_t undeterminedWithoutP = 0, scatterMissingScores = 0;
};
HierarchyData computeHierarchyData(const Evaluation& evaluation, std::optional<std::uint32_t> nf, int bins,
                                   jobs::JobContext& ctx);

/// The kinds of violating pairs the Inversions tab lists.
enum class InversionKind {
    L0,      ///< (α−, α+) with f(α−) ≥ f(α+): the pairs that break L0
    L1,      ///< (α−, α) with α ∈ T+ ∪ T? and f(α−) ≥ f(α): the pairs that break L1
    PairFvr, ///< (α?, α−) with f(α?) ≤ f(α−): the pairs Pair-FVR counts
};
QString inversionKindTitle(InversionKind kind);
QString inversionKindDefinition(InversionKind kind);

struct InversionList {
    quint64 evaluationId = 0;
    InversionKind kind = InversionKind::L0;
    std::optional<std::uint32_t> nf;
    std::uint64_t total = 0;                ///< exact number of violating pairs
    std::vector<eval::ViolatingPair> pairs; ///< the top k by margin, largest first
};
InversionList computeInversions(const Evaluation& evaluation, InversionKind kind, std::optional<std::uint32_t> nf,
                                std::size_t k, jobs::JobContext& ctx);

/// Score of a test axiom as the user wrote it, or "missing (lowest)".
QString scoreText(const eval::EvalResult& r, std::uint32_t axiom);
/// P used for an axiom (the file's, else 1 for T+ / 0 for T−) as "p/q (≈ decimal)", or "—".
QString pText(const eval::EvalResult& r, std::uint32_t axiom);
/// A metric value with 4 decimals, or "n/a".
QString metricText(const std::optional<double>& v);

} // namespace kbcx::ui
