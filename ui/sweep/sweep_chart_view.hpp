// The negative-sampling sweep's chart in the GUI: FVR and MRR against p⊥, each as a mean line
// with a ± sd band over seeds and one point per run (the dialog's live view of kbcx sweep).
#pragma once

#include "ui/sweep/sweep_table_model.hpp"

#include <QString>
#include <QVector>

#include <array>

class QChart;

namespace kbcx::embed {
struct SweepResult;
}

namespace kbcx::ui {

/// One run's (p⊥, FVR, MRR); NaN where the run did not report the metric.
using SweepRunPoint = std::array<double, 3>;

/// The points of every finished run of `result`, in run order.
QVector<SweepRunPoint> sweepRunPoints(const embed::SweepResult& result);

/// Replaces the series and axes of `chart` with the sweep of `rows` (one per p⊥, any order)
/// and `points`; `title` names the sweep (empty: a generic title).
void drawSweepChart(QChart* chart, const QString& title, QVector<SweepRow> rows, const QVector<SweepRunPoint>& points);

} // namespace kbcx::ui
