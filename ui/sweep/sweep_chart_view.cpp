// Implementation of the sweep chart: axes fixed to [0, 1] on both sides (p⊥ and the metrics
// are shares), a band, points and a line per metric.
#include "ui/sweep/sweep_chart_view.hpp"

#include "embed/sweep.hpp"

#include <QAreaSeries>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kbcx::ui {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("SweepChart", text);
}
} // namespace

QVector<SweepRunPoint> sweepRunPoints(const embed::SweepResult& result) {
    QVector<SweepRunPoint> points;
    for (const embed::SweepRun& run : result.runs) {
        auto get = [&](const char* key) {
            const auto it = run.final.find(key);
            return it == run.final.end() ? std::nan("") : it->second;
        };
        points.push_back({static_cast<double>(run.p_bot), get("fvr"), get("mrr")});
    }
    return points;
}

void drawSweepChart(QChart* c, const QString& title, QVector<SweepRow> rows, const QVector<SweepRunPoint>& points) {
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis); // the chart gives the axis up without deleting it
        delete axis;
    }
    auto* x = new QValueAxis(c);
    x->setTitleText(tr("p⊥ (share of contradiction negatives)"));
    x->setRange(0, 1);
    x->setTickCount(5);
    x->setLabelFormat(QStringLiteral("%.2f"));
    auto* y = new QValueAxis(c);
    y->setTitleText(tr("metric (test set)"));
    y->setRange(0, 1);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    c->setTitle(title.isEmpty() ? tr("FVR and MRR against p⊥ (mean ± sd over seeds)")
                                : tr("%1: FVR and MRR against p⊥ (mean ± sd over seeds)").arg(title));

    std::sort(rows.begin(), rows.end(), [](const SweepRow& a, const SweepRow& b) { return a.pBot < b.pBot; });
    struct Metric {
        QString name;
        QColor color;
        double SweepRow::*mean;
        double SweepRow::*sd;
        std::size_t point; ///< index in a SweepRunPoint
    };
    const Metric metrics[] = {{tr("FVR"), QColor(0xd6, 0x27, 0x28), &SweepRow::fvrMean, &SweepRow::fvrSd, 1},
                              {tr("MRR"), QColor(0x1f, 0x77, 0xb4), &SweepRow::mrrMean, &SweepRow::mrrSd, 2}};
    for (const Metric& m : metrics) {
        auto* upper = new QLineSeries(c);
        auto* lower = new QLineSeries(c);
        auto* line = new QLineSeries(c);
        line->setName(m.name);
        line->setPointsVisible(true);
        line->setPen(QPen(m.color, 2.5));
        for (const SweepRow& r : rows) {
            const double mean = r.*m.mean, sd = std::isfinite(r.*m.sd) ? r.*m.sd : 0.0;
            if (!std::isfinite(mean)) continue;
            line->append(r.pBot, mean);
            upper->append(r.pBot, mean + sd);
            lower->append(r.pBot, mean - sd);
        }
        // The ± sd band behind the mean line.
        auto* band = new QAreaSeries(upper, lower);
        band->setName(tr("%1 ± sd").arg(m.name));
        QColor fill = m.color;
        fill.setAlpha(50);
        band->setBrush(fill);
        band->setPen(QPen(fill.darker(110), 0.8));
        // Each run's own value at its p⊥ (the spread the band summarises).
        auto* dots = new QScatterSeries(c);
        dots->setName(tr("%1 per seed").arg(m.name));
        dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        dots->setMarkerSize(7);
        QColor dot = m.color;
        dot.setAlpha(150);
        dots->setColor(dot);
        dots->setBorderColor(m.color.darker(130));
        for (const auto& p : points)
            if (std::isfinite(p[m.point])) dots->append(p[0], p[m.point]);
        c->addSeries(band);
        c->addSeries(dots);
        c->addSeries(line);
        for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(band), static_cast<QAbstractSeries*>(dots),
                                   static_cast<QAbstractSeries*>(line)}) {
            s->attachAxis(x);
            s->attachAxis(y);
        }
    }
}

} // namespace kbcx::ui
