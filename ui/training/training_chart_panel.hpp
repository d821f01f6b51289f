// The Training tab's chart area: the grid of live metric charts of the checked runs and the
// table of one chart's numbers (two tabs), the throttled redraw, and the CSV/PNG/SVG exports.
#pragma once

#include <QTabWidget>
#include <QVector>

class QComboBox;
class QMenu;
class QTableView;
class QTimer;

namespace kbcx::ui {

class ChartDataModel;
class TrainingCharts;
class TrainingRun;

class TrainingChartPanel : public QTabWidget {
    Q_OBJECT
  public:
    explicit TrainingChartPanel(QWidget* parent = nullptr);

    /// The runs overlaid in the charts (the checked runs); redraws now.
    void setRuns(const QVector<TrainingRun*>& runs);
    /// The same, redrawn with the next throttled refresh (for changes that come in bursts:
    /// runs starting, ending, being checked).
    void setRunsLater(const QVector<TrainingRun*>& runs);
    /// Redraws charts and the data table now.
    void refresh();
    /// Redraws within 250 ms: at most four redraws a second, however fast epochs end.
    void scheduleRefresh();

    /// Writes the runs' metrics (every metrics.jsonl line) as CSV:
    /// run,epoch,split,loss,seconds,<metric>… with values at full precision.
    bool exportCsv(const QString& path, QString* error = nullptr);
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);

    /// A menu with one checkable action per metric (which charts are shown); kept up to date.
    QMenu* metricsMenu() const { return metricsMenu_; }

    TrainingCharts* charts() const { return charts_; }
    ChartDataModel* dataModel() const { return dataModel_; }
    QComboBox* dataMetricCombo() const { return dataMetric_; }
    QTableView* dataView() const { return dataView_; }

  signals:
    /// The list of metrics changed (the menu's actions were rebuilt).
    void metricChoicesChanged(bool any);

  private:
    /// The throttled redraw: the table is filled only while the Data tab shows (or when it opens).
    void refreshThrottled();
    void updateMetricChoices();

    QVector<TrainingRun*> runs_;
    TrainingCharts* charts_ = nullptr;
    ChartDataModel* dataModel_ = nullptr;
    QComboBox* dataMetric_ = nullptr;
    QTableView* dataView_ = nullptr;
    QTimer* refreshTimer_ = nullptr;
    QWidget* dataTab_ = nullptr;
    bool dataStale_ = false; ///< the table lags the charts until the Data tab is shown
    QMenu* metricsMenu_ = nullptr;
};

} // namespace kbcx::ui
