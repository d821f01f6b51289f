// Implementation of TrainingChartPanel: chart grid and data table tabs, metric menu, throttled
// refresh, and the exports (CSV from the runs' records, PNG/SVG from the chart grid).
#include "ui/training/training_chart_panel.hpp"

#include "ui/common/chart_export.hpp"
#include "ui/training/chart_data_model.hpp"
#include "ui/training/training_charts.hpp"
#include "ui/training/training_run.hpp"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace kbcx::ui {

TrainingChartPanel::TrainingChartPanel(QWidget* parent) : QTabWidget(parent) {
    setObjectName(QStringLiteral("chartTabs"));
    dataModel_ = new ChartDataModel(this);
    metricsMenu_ = new QMenu(this);
    refreshTimer_ = new QTimer(this);
    refreshTimer_->setObjectName(QStringLiteral("chartRefreshTimer"));
    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(250);
    connect(refreshTimer_, &QTimer::timeout, this, &TrainingChartPanel::refreshThrottled);

    charts_ = new TrainingCharts(this);
    addTab(charts_, tr("Charts"));
    connect(charts_, &TrainingCharts::metricsChanged, this, &TrainingChartPanel::updateMetricChoices);

    auto* data = new QWidget(this);
    auto* v = new QVBoxLayout(data);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Chart:"), data);
    dataMetric_ = new QComboBox(data);
    dataMetric_->setObjectName(QStringLiteral("dataMetric"));
    dataMetric_->setToolTip(tr("The chart whose numbers the table lists"));
    dataMetric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    label->setBuddy(dataMetric_);
    connect(dataMetric_, &QComboBox::currentIndexChanged, this,
            [this] { dataModel_->setSource(dataMetric_->currentData().toString(), runs_); });
    row->addWidget(label);
    row->addWidget(dataMetric_);
    row->addStretch(1);
    v->addLayout(row);
    dataView_ = new QTableView(data);
    dataView_->setObjectName(QStringLiteral("chartData"));
    dataView_->setModel(dataModel_);
    dataView_->setAccessibleName(tr("Chart data"));
    dataView_->verticalHeader()->hide();
    dataView_->setAlternatingRowColors(true);
    dataView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    v->addWidget(dataView_);
    addTab(data, tr("Data"));
    dataTab_ = data;
    connect(this, &QTabWidget::currentChanged, this, [this] {
        if (dataStale_ && currentWidget() == dataTab_) {
            dataStale_ = false;
            dataModel_->setSource(dataMetric_->currentData().toString(), runs_);
        }
    });
}

void TrainingChartPanel::setRuns(const QVector<TrainingRun*>& runs) {
    runs_ = runs;
    refresh();
}

void TrainingChartPanel::setRunsLater(const QVector<TrainingRun*>& runs) {
    runs_ = runs;
    scheduleRefresh();
}

void TrainingChartPanel::scheduleRefresh() {
    if (!refreshTimer_->isActive()) refreshTimer_->start();
}

void TrainingChartPanel::refresh() {
    refreshTimer_->stop();
    charts_->setRuns(runs_);
    charts_->refresh();
    updateMetricChoices();
    dataStale_ = false;
    dataModel_->setSource(dataMetric_->currentData().toString(), runs_);
}

void TrainingChartPanel::refreshThrottled() {
    charts_->setRuns(runs_);
    charts_->refreshSpread();
    updateMetricChoices();
    // Resetting the table makes its view measure every cell; nobody sees it on the Charts tab.
    if (currentWidget() == dataTab_) {
        dataStale_ = false;
        dataModel_->setSource(dataMetric_->currentData().toString(), runs_);
    } else {
        dataStale_ = true;
    }
}

void TrainingChartPanel::updateMetricChoices() {
    const QStringList metrics = charts_->metrics();
    const QString current = dataMetric_->currentData().toString();
    bool same = dataMetric_->count() == metrics.size();
    for (int i = 0; same && i < metrics.size(); ++i)
        same = dataMetric_->itemData(i).toString() == metrics[i];
    if (!same) {
        QSignalBlocker block(dataMetric_);
        dataMetric_->clear();
        for (const QString& m : metrics)
            dataMetric_->addItem(metricDisplayName(m), m);
        dataMetric_->setCurrentIndex(std::max(0, dataMetric_->findData(current)));
    }
    metricsMenu_->clear();
    for (const QString& m : metrics) {
        QAction* a = metricsMenu_->addAction(metricDisplayName(m));
        a->setCheckable(true);
        a->setChecked(charts_->isMetricVisible(m));
        connect(a, &QAction::toggled, this, [this, m](bool on) { charts_->setMetricVisible(m, on); });
    }
    emit metricChoicesChanged(!metrics.isEmpty());
}

bool TrainingChartPanel::exportCsv(const QString& path, QString* error) {
    QStringList metrics;
    for (const TrainingRun* run : runs_)
        for (const MetricRecord& r : run->records())
            for (auto it = r.values.begin(); it != r.values.end(); ++it)
                if (!isBookkeepingField(it.key()) && it.key() != QLatin1String("loss") && !metrics.contains(it.key()))
                    metrics << it.key();
    sortMetricNames(metrics);
    QString text = QStringLiteral("run,epoch,split,loss,seconds");
    for (const QString& m : metrics)
        text += QLatin1Char(',') + csvField(m);
    text += QLatin1Char('\n');
    auto number = [](const QMap<QString, double>& values, const QString& key) {
        const auto it = values.find(key);
        return it == values.end() ? QString() : QString::number(it.value(), 'g', 17);
    };
    for (const TrainingRun* run : runs_)
        for (const MetricRecord& r : run->records()) {
            text += csvField(run->name()) + QLatin1Char(',') + QString::number(r.epoch) + QLatin1Char(',') +
                    csvField(r.split) + QLatin1Char(',') + number(r.values, QStringLiteral("loss")) + QLatin1Char(',') +
                    number(r.values, QStringLiteral("seconds"));
            for (const QString& m : metrics)
                text += QLatin1Char(',') + number(r.values, m);
            text += QLatin1Char('\n');
        }
    return writeTextFile(path, text, error);
}

bool TrainingChartPanel::exportPng(const QString& path, QString* error) {
    refresh();
    return charts_->exportPng(path, error);
}

bool TrainingChartPanel::exportSvg(const QString& path, QString* error) {
    refresh();
    return charts_->exportSvg(path, error);
}

} // namespace kbcx::ui
