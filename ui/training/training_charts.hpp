// The Training tab's chart grid: one Qt Charts line chart per metric name found in the
// overlaid runs (new metrics appear automatically), one coloured series per run, PNG/SVG export.
#pragma once

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace kbcx::ui {

class TrainingRun;

class TrainingCharts : public QWidget {
    Q_OBJECT
  public:
    explicit TrainingCharts(QWidget* parent = nullptr);
    ~TrainingCharts() override;

    /// The overlaid runs; call refresh() to redraw.
    void setRuns(const QVector<TrainingRun*>& runs);
    const QVector<TrainingRun*>& runs() const { return runs_; }
    /// Rebuilds every chart's series from the runs' current values (GUI thread, no computing
    /// beyond copying points).
    void refresh();
    /// The same, one chart per pass of the event loop, so that a refresh of many charts with
    /// many runs never holds the GUI thread in one piece (the live, throttled updates). While
    /// the charts are not visible (another tab) nothing is redrawn: showing them does it.
    void refreshSpread();

    /// Every metric with a chart, in display order (visible or not).
    QStringList metrics() const { return order_; }
    /// The metrics whose charts are shown.
    QStringList visibleMetrics() const;
    bool isMetricVisible(const QString& metric) const;
    void setMetricVisible(const QString& metric, bool visible);

    QChart* chart(const QString& metric) const;
    QChartView* chartView(const QString& metric) const;
    /// The series of `run` in the chart of `metric`, or null.
    QLineSeries* series(const QString& metric, quint64 runId) const;

    /// Renders the visible charts (as laid out in the grid) to a PNG or SVG file.
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);

  protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

  signals:
    /// The set of metrics with charts changed (a run reported a new metric name).
    void metricsChanged();

  private:
    struct Panel {
        QChartView* view = nullptr;
        QChart* chart = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
        QHash<quint64, QLineSeries*> series;
        /// The axes' ranges as last fitted (see updatePanel: they change only now and then).
        double fittedXmax = -1, fittedYmin = 0, fittedYmax = 0;
        bool stale = true; ///< hidden while runs changed: update when shown
    };
    Panel* ensurePanel(const QString& metric);
    void updatePanel(const QString& metric, Panel& panel);
    void relayout();
    QWidget* renderTarget();
    /// Panels that need it, and whether a new metric appeared; shared by both refreshes.
    void preparePanels();
    void updateNextPendingPanel();

    QVector<TrainingRun*> runs_; ///< a run deleted meanwhile leaves the list (destroyed signal)
    QSet<const QObject*> watchedRuns_;
    QStringList pendingPanels_; ///< refreshSpread's charts not updated yet
    bool panelUpdateQueued_ = false;
    bool deferred_ = false; ///< refreshSpread() came while hidden: redraw when shown
    QStringList order_;
    QMap<QString, Panel*> panels_;
    QSet<QString> hidden_;
    QSet<QString> userChoice_;
    QGridLayout* grid_ = nullptr;
    QWidget* content_ = nullptr;
    QLabel* empty_ = nullptr;
    int columns_ = 2;
};

} // namespace kbcx::ui
