// Implementation of the evaluation helpers: shared histogram bins, the scatter over T?, the
// violating pairs of each kind (via the engine's exact counts and top-k), texts and colours.
#include "ui/eval/evaluation.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kbcx::ui {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("kbcx::ui::Evaluation", text);
}
} // namespace

const eval::Metrics& Evaluation::metrics(std::optional<std::uint32_t> nf) const {
    if (nf && *nf < result->by_nf.size()) return result->by_nf[*nf];
    return result->overall;
}

QColor statusColor(eval::Status status) {
    switch (status) {
    case eval::Status::Entailed: return QColor(0x2e, 0x9d, 0x4a);
    case eval::Status::Undetermined: return QColor(0xf0, 0xa2, 0x02);
    case eval::Status::Contradictory: return QColor(0xd3, 0x2f, 0x2f);
    }
    return {};
}

QString statusSymbol(eval::Status status) {
    switch (status) {
    case eval::Status::Entailed: return QStringLiteral("T+");
    case eval::Status::Undetermined: return QStringLiteral("T?");
    case eval::Status::Contradictory: return QStringLiteral("T\u2212");
    }
    return {};
}

QString statusTitle(eval::Status status) {
    return QString::fromLatin1(eval::status_name(status));
}

QString levelDefinition(eval::Level level) {
    switch (level) {
    case eval::Level::L0:
        return tr("L0 discriminative: every entailed axiom outscores every contradiction, "
                  "i.e. max f(T\u2212) < min f(T+). A tie is a violation.");
    case eval::Level::L1:
        return tr("L1 logically admissible: every contradiction is below every consistent candidate, "
                  "i.e. max f(T\u2212) < min f(T+ \u222a T?).");
    case eval::Level::L2:
        return tr("L2 monotonically faithful (MLF): f(\u03b1\u207b) < f(\u03b1?) < f(\u03b1\u207a) for all triples "
                  "(\u03b1\u207b, \u03b1?, \u03b1\u207a) \u2208 T\u2212 \u00d7 T? \u00d7 T+; with an empty band, "
                  "the pairwise order of the other two.");
    case eval::Level::L3:
        return tr("L3 probabilistically faithful (PLF): P(\u03b11|O) > P(\u03b12|O) \u21d2 f(\u03b11) > f(\u03b12) "
                  "over all test axioms (P = 1 on T+ and 0 on T\u2212 unless given). Not checkable when an "
                  "undetermined axiom has no P.");
    }
    return {};
}

int histogramBin(const std::vector<double>& edges, double x) {
    if (edges.size() < 2 || !(x >= edges.front()) || !(x <= edges.back())) return -1;
    const auto it = std::upper_bound(edges.begin(), edges.end(), x);
    const int bin = static_cast<int>(it - edges.begin()) - 1;
    return std::min(bin, static_cast<int>(edges.size()) - 2);
}

Histogram makeHistogram(const eval::BandScores& scores, int bins) {
    Histogram h;
    const std::vector<double>* bands[3] = {&scores.entailed, &scores.undetermined, &scores.contradictory};
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto* band : bands)
        for (double x : *band)
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
    bins = std::max(1, bins);
    if (lo > hi) { // no finite score at all
        for (int b = 0; b < 3; ++b)
            h.unbinned[b] = bands[b]->size();
        return h;
    }
    if (lo == hi) {
        h.edges = {lo - 0.5, lo + 0.5};
    } else {
        h.edges.resize(static_cast<std::size_t>(bins) + 1);
        for (int i = 0; i <= bins; ++i)
            h.edges[static_cast<std::size_t>(i)] = lo + (hi - lo) * i / bins;
        h.edges.back() = hi; // exact, so the maximum falls into the last bin
    }
    for (int b = 0; b < 3; ++b) {
        h.counts[b].assign(h.edges.size() - 1, 0);
        for (double x : *bands[b]) {
            const int bin = histogramBin(h.edges, x);
            if (bin < 0)
                ++h.unbinned[b];
            else
                ++h.counts[b][static_cast<std::size_t>(bin)];
        }
    }
    return h;
}

HierarchyData computeHierarchyData(const Evaluation& evaluation, std::optional<std::uint32_t> nf, int bins,
                                   jobs::JobContext& ctx) {
    HierarchyData d;
    d.evaluationId = evaluation.id;
    d.nf = nf;
    const eval::EvalResult& r = *evaluation.result;
    ctx.report(0, 2, "Histogram of scores", true);
    d.histogram = makeHistogram(eval::band_scores(r, nf), bins);
    ctx.throw_if_stopped();
    ctx.report(1, 2, "Scores against P", true);
    for (const eval::ScorePoint& p : eval::score_vs_p(r, nf)) {
        if (std::isfinite(p.score))
            d.scatter.push_back(p);
        else
            ++d.scatterMissingScores;
    }
    const auto b = eval::bands(r.tests, nf);
    d.undeterminedWithoutP = b.undetermined.size() - d.scatter.size() - d.scatterMissingScores;
    ctx.report(2, 2, "Done", true);
    return d;
}

QString inversionKindTitle(InversionKind kind) {
    switch (kind) {
    case InversionKind::L0: return tr("L0: T\u2212 not below T+");
    case InversionKind::L1: return tr("L1: T\u2212 not below T+ \u222a T?");
    case InversionKind::PairFvr: return tr("Pair-FVR: T? not above T\u2212");
    }
    return {};
}

QString inversionKindDefinition(InversionKind kind) {
    switch (kind) {
    case InversionKind::L0:
        return tr(
            "Pairs (\u03b1\u207b, \u03b1\u207a) \u2208 T\u2212 \u00d7 T+ with f(\u03b1\u207b) \u2265 f(\u03b1\u207a): "
            "each one breaks L0 (discriminative). Margin = f(\u03b1\u207b) \u2212 f(\u03b1\u207a).");
    case InversionKind::L1:
        return tr(
            "Pairs (\u03b1\u207b, \u03b1) \u2208 T\u2212 \u00d7 (T+ \u222a T?) with f(\u03b1\u207b) \u2265 f(\u03b1): "
            "each one breaks L1 (logically admissible). Margin = f(\u03b1\u207b) \u2212 f(\u03b1).");
    case InversionKind::PairFvr:
        return tr("Pairs (\u03b1?, \u03b1\u207b) \u2208 T? \u00d7 T\u2212 with f(\u03b1?) \u2264 f(\u03b1\u207b): "
                  "Pair-FVR = their number / (|T?||T\u2212|). Margin = f(\u03b1\u207b) \u2212 f(\u03b1?).");
    }
    return {};
}

InversionList computeInversions(const Evaluation& evaluation, InversionKind kind, std::optional<std::uint32_t> nf,
                                std::size_t k, jobs::JobContext& ctx) {
    InversionList list;
    list.evaluationId = evaluation.id;
    list.kind = kind;
    list.nf = nf;
    const eval::EvalResult& r = *evaluation.result;
    ctx.report(0, 2, "Counting violating pairs", true);
    switch (kind) {
    case InversionKind::L0:
    case InversionKind::PairFvr: {
        const auto which = kind == InversionKind::L0 ? eval::Inversion::EntailedNotAboveContradiction
                                                     : eval::Inversion::UndeterminedNotAboveContradiction;
        list.total = eval::count_inversions(r, which, nf);
        ctx.throw_if_stopped();
        ctx.report(1, 2, "Sorting the largest violations", true);
        list.pairs = eval::top_inversions(r, which, k, nf);
        break;
    }
    case InversionKind::L1: {
        const eval::Bands b = eval::bands(r.tests, nf);
        std::vector<std::uint32_t> consistent = b.entailed;
        consistent.insert(consistent.end(), b.undetermined.begin(), b.undetermined.end());
        std::sort(consistent.begin(), consistent.end());
        list.total = eval::count_violations(r.f, b.contradictory, consistent);
        ctx.throw_if_stopped();
        ctx.report(1, 2, "Sorting the largest violations", true);
        list.pairs = eval::top_violations(r.f, b.contradictory, consistent, k);
        break;
    }
    }
    ctx.report(2, 2, "Done", true);
    return list;
}

QString scoreText(const eval::EvalResult& r, std::uint32_t axiom) {
    if (r.missing[axiom]) return tr("missing (lowest)");
    const double v = r.scorer ? r.scorer->display(r.f[axiom]) : r.f[axiom];
    return QString::number(v, 'g', 6);
}

QString pText(const eval::EvalResult& r, std::uint32_t axiom) {
    const eval::TestAxiom& t = r.tests.axioms[axiom];
    if (t.p != eval::kNoP) {
        const eval::ProbValue& p = r.tests.p_values[t.p];
        QString text = QString::fromStdString(p.text);
        if (text == QLatin1String("1/1")) return QStringLiteral("1");
        if (text == QLatin1String("0/1")) return QStringLiteral("0");
        return QStringLiteral("%1 (\u2248 %2)").arg(text).arg(p.approx, 0, 'f', 4);
    }
    if (t.status == eval::Status::Entailed) return tr("1 (entailed)");
    if (t.status == eval::Status::Contradictory) return tr("0 (contradictory)");
    return QStringLiteral("\u2014");
}

QString metricText(const std::optional<double>& v) {
    return v ? QString::number(*v, 'f', 4) : QStringLiteral("n/a");
}

} // namespace kbcx::ui
