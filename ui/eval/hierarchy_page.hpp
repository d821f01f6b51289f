// The "Hierarchy" tab: for an imported evaluation and a normal form, the L0–L3 ladder with
// witnesses, the metrics table, overlaid score histograms of T+, T?, T− and score vs P over T?,
// each chart with its numbers in a table, and PNG/SVG/CSV export.
#pragma once

#include "ui/eval/evaluation.hpp"

#include <QFrame>
#include <QWidget>

#include <array>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QTableView;
class QTabWidget;
class QToolButton;

namespace kbcx::ui {

class EvalWorkspace;
class HistogramTableModel;
class JobHandle;
class MetricsTableModel;
class ScatterTableModel;

/// One rung of the ladder: level, title, verdict and, for a failing level, the witness.
class LadderRung : public QFrame {
    Q_OBJECT
  public:
    enum class State { Empty, Holds, Vacuous, Fails, NotCheckable };
    LadderRung(eval::Level level, QWidget* parent = nullptr);
    void setCheck(const Evaluation* evaluation, const eval::LevelCheck* check);
    State state() const { return state_; }
    QString verdictText() const;
    QString witnessText() const;

  private:
    eval::Level level_;
    State state_ = State::Empty;
    QLabel* badge_;
    QLabel* title_;
    QLabel* verdict_;
    QLabel* witness_;
};

class HierarchyPage : public QWidget {
    Q_OBJECT
  public:
    explicit HierarchyPage(EvalWorkspace* workspace, QWidget* parent = nullptr);

    /// Shows the evaluation in row `row` of the workspace's list, for the normal form in row
    /// `nfRow` of the normal-form box (0 = all normal forms).
    void setCurrentEvaluation(int row);
    void setCurrentNormalForm(int nfRow);
    EvaluationPtr evaluation() const { return evaluation_; }
    std::optional<std::uint32_t> normalForm() const;
    /// Whether the charts still wait for their rebuild (each in a pass of the event loop with
    /// room for it, the scatter chart after the histogram).
    bool chartsPending() const { return chartsPending_; }

    LadderRung* rung(eval::Level level) const { return rungs_[static_cast<int>(level)]; }
    MetricsTableModel* metricsModel() const { return metrics_; }
    HistogramTableModel* histogramModel() const { return histogramModel_; }
    ScatterTableModel* scatterModel() const { return scatterModel_; }
    QChart* histogramChart() const;
    QChart* scatterChart() const;
    QComboBox* evaluationBox() const { return evaluationBox_; }
    QComboBox* normalFormBox() const { return nfBox_; }
    const HierarchyData& data() const { return data_; }
    /// Number of histogram bins (default 24).
    void setBins(int bins);

    bool exportHistogram(const QString& path); ///< .png or .svg by suffix
    bool exportScatter(const QString& path);
    bool exportMetricsCsv(const QString& path) const;
    bool exportHistogramCsv(const QString& path) const;
    bool exportScatterCsv(const QString& path) const;

  signals:
    /// The charts and their tables show the current evaluation and normal form.
    void chartsUpdated();

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void refresh();
    void applyData(const HierarchyData& data);
    /// Redraws both charts now if new data arrived while the page was hidden.
    void updateChartsIfStale();
    /// Rebuilds both charts over the next passes of the event loop.
    void updateCharts();
    /// Rebuilds both charts at once if they are stale or a rebuild is pending (before an export).
    void updateChartsNow();
    void updateHistogramChart();
    void updateScatterChart();
    void chooseExport(int which);

    EvalWorkspace* workspace_;
    EvaluationPtr evaluation_;
    HierarchyData data_;
    bool chartsStale_ = false;   ///< data_ changed while hidden: the charts wait for the page to show
    bool chartsPending_ = false; ///< a rebuild of the charts waits for a later pass of the event loop
    quint64 chartsToken_ = 0;    ///< numbers the rebuilds: a deferred one that is not the latest is dropped
    quint64 generation_ = 0;
    int bins_ = 24;
    QComboBox* evaluationBox_;
    QComboBox* nfBox_;
    QLabel* placement_;
    QLabel* emptyHint_;
    QWidget* body_;
    std::array<LadderRung*, 4> rungs_{};
    MetricsTableModel* metrics_;
    HistogramTableModel* histogramModel_;
    ScatterTableModel* scatterModel_;
    QTableView* metricsView_;
    QChartView* histogramView_;
    QChartView* scatterView_;
    QLabel* histogramNote_;
    QLabel* scatterNote_;
};

/// Renders a chart view to .png (2× resolution) or .svg, by the path's suffix.
bool exportChart(QChartView* view, const QString& path);

} // namespace kbcx::ui
