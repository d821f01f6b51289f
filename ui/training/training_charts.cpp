// Implementation of TrainingCharts: panels are created lazily per metric name, series per run
// are replaced wholesale on refresh (cheap: one point per epoch), axes follow the data.
#include "ui/training/training_charts.hpp"

#include "ui/common/chart_export.hpp"
#include "ui/common/empty_state.hpp"
#include "ui/common/loop_pass.hpp"

#include "ui/training/training_run.hpp"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGridLayout>
#include <QImage>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QPen>
#include <QResizeEvent>
#include <QScrollArea>
#include <QShowEvent>
#include <QSvgGenerator>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kbcx::ui {

namespace {
/// The pause between two charts of refreshSpread(): a real timer, so that the work each update
/// posts (the chart's scene laying out the changed series, the repaint) runs before the next.
constexpr int kPanelGapMs = 1;
} // namespace

namespace {

constexpr int kMinChartWidth = 300;

/// A tick step of 1, 2 or 5 × 10^k that gives at most ~6 intervals over `span`.
double niceStep(double span) {
    if (span <= 0) return 1;
    const double raw = span / 6.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 5.0, 10.0})
        if (raw <= f * magnitude) return f * magnitude;
    return 10 * magnitude;
}

/// Point markers are drawn while a series is short enough for them to be told apart.
constexpr int kMaxMarkedPoints = 60;
/// Longer series than this (a loss per epoch of a long run) are drawn decimated.
constexpr int kMaxDrawnPoints = 1000;

/// The points to draw: all of them up to kMaxDrawnPoints; beyond that, per bucket of
/// consecutive points the lowest and the highest in x order (with the first and the last
/// point), so the line keeps every spike and dip a chart a few hundred pixels wide can show.
/// The Data tab and the exports keep every value.
QList<QPointF> decimated(const QVector<QPointF>& points) {
    if (points.size() <= kMaxDrawnPoints) return points;
    const qsizetype buckets = kMaxDrawnPoints / 2 - 1;
    QList<QPointF> out;
    out.reserve(kMaxDrawnPoints);
    out.append(points.front());
    const qsizetype inner = points.size() - 2;
    for (qsizetype b = 0; b < buckets; ++b) {
        const qsizetype from = 1 + inner * b / buckets, to = 1 + inner * (b + 1) / buckets;
        if (from >= to) continue;
        qsizetype lo = from, hi = from;
        for (qsizetype i = from; i < to; ++i) {
            if (points[i].y() < points[lo].y()) lo = i;
            if (points[i].y() > points[hi].y()) hi = i;
        }
        out.append(points[std::min(lo, hi)]);
        if (lo != hi) out.append(points[std::max(lo, hi)]);
    }
    out.append(points.back());
    return out;
}

} // namespace

TrainingCharts::TrainingCharts(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("trainingCharts"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    content_ = new QWidget(scroll);
    content_->setObjectName(QStringLiteral("chartGrid"));
    content_->setAutoFillBackground(true);
    grid_ = new QGridLayout(content_);
    grid_->setContentsMargins(4, 4, 4, 4);
    grid_->setSpacing(6);
    empty_ = makeEmptyState(tr("No metrics yet"),
                            tr("Start a run, or open a run folder, and check it in the list of runs: its loss, MRR, "
                               "Hits@10 and any other metric it reports appear here, one chart per metric, updated "
                               "as epochs finish."),
                            content_, QStringLiteral("trainingChartsEmpty"));
    grid_->addWidget(empty_, 0, 0, 1, columns_);
    scroll->setWidget(content_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

TrainingCharts::~TrainingCharts() {
    qDeleteAll(panels_);
}

void TrainingCharts::setRuns(const QVector<TrainingRun*>& runs) {
    runs_ = runs;
    // refreshSpread() reads the list later: a run deleted before then must not be in it.
    for (TrainingRun* run : runs)
        if (!watchedRuns_.contains(run)) {
            watchedRuns_.insert(run);
            connect(run, &QObject::destroyed, this, [this](QObject* gone) {
                watchedRuns_.remove(gone);
                runs_.removeIf([gone](const TrainingRun* r) { return static_cast<const QObject*>(r) == gone; });
            });
        }
}

void TrainingCharts::preparePanels() {
    QStringList names;
    for (const TrainingRun* run : runs_)
        for (const QString& m : run->metricNames())
            if (!names.contains(m)) names << m;
    sortMetricNames(names);
    bool added = false;
    for (const QString& m : names)
        if (!panels_.contains(m)) {
            ensurePanel(m);
            added = true;
        }
    // A hidden chart is brought up to date when it is shown again.
    for (auto it = panels_.begin(); it != panels_.end(); ++it)
        it.value()->stale = hidden_.contains(it.key());
    if (added) {
        relayout();
        emit metricsChanged();
    }
}

void TrainingCharts::refresh() {
    deferred_ = false;
    pendingPanels_.clear();
    preparePanels();
    for (auto it = panels_.begin(); it != panels_.end(); ++it)
        if (!it.value()->stale) updatePanel(it.key(), *it.value());
}

void TrainingCharts::refreshSpread() {
    // A chart's scene recomputes its series' geometry on each change, visible or not: hidden
    // charts (the Training tab in the background) wait until they are shown.
    if (!isVisible()) {
        deferred_ = true;
        return;
    }
    deferred_ = false;
    preparePanels();
    for (auto it = panels_.begin(); it != panels_.end(); ++it)
        if (!it.value()->stale && !pendingPanels_.contains(it.key())) pendingPanels_ << it.key();
    if (!panelUpdateQueued_ && !pendingPanels_.isEmpty()) {
        panelUpdateQueued_ = true;
        QTimer::singleShot(kPanelGapMs, this, &TrainingCharts::updateNextPendingPanel);
    }
}

void TrainingCharts::updateNextPendingPanel() {
    // A chart's update is deferrable: it waits for a pass of the event loop with room for it.
    loop_pass::whenRoom(this, [this] {
        panelUpdateQueued_ = false;
        if (pendingPanels_.isEmpty()) return;
        const QString metric = pendingPanels_.takeFirst();
        if (Panel* panel = panels_.value(metric); panel && !hidden_.contains(metric)) updatePanel(metric, *panel);
        if (!pendingPanels_.isEmpty()) {
            panelUpdateQueued_ = true;
            QTimer::singleShot(kPanelGapMs, this, &TrainingCharts::updateNextPendingPanel);
        }
    });
}

TrainingCharts::Panel* TrainingCharts::ensurePanel(const QString& metric) {
    if (Panel* existing = panels_.value(metric)) return existing;
    auto* panel = new Panel;
    panel->chart = new QChart;
    panel->chart->setTitle(metricDisplayName(metric));
    QFont titleFont = font();
    titleFont.setBold(true);
    panel->chart->setTitleFont(titleFont);
    panel->chart->setAnimationOptions(QChart::NoAnimation);
    panel->chart->setMargins(QMargins(4, 4, 4, 4));
    panel->chart->setBackgroundRoundness(0);
    panel->chart->legend()->setAlignment(Qt::AlignBottom);
    panel->chart->legend()->setFont(font());
    panel->x = new QValueAxis;
    panel->x->setTitleText(tr("Epoch"));
    panel->x->setLabelFormat(QStringLiteral("%.0f"));
    panel->x->setTickType(QValueAxis::TicksDynamic);
    panel->x->setTickAnchor(0);
    panel->y = new QValueAxis;
    panel->y->setLabelFormat(QStringLiteral("%.3g"));
    panel->chart->addAxis(panel->x, Qt::AlignBottom);
    panel->chart->addAxis(panel->y, Qt::AlignLeft);
    panel->view = new QChartView(panel->chart, content_);
    panel->view->setObjectName(QStringLiteral("chart.") + metric);
    panel->view->setRenderHint(QPainter::Antialiasing);
    panel->view->setMinimumSize(kMinChartWidth - 40, 220);
    panel->view->setAccessibleName(tr("%1 per epoch").arg(metricDisplayName(metric)));
    panel->view->setAccessibleDescription(tr("The values are listed in the Data tab."));
    panel->view->setToolTip(
        tr("%1 per epoch of the checked runs; the numbers are in the Data tab").arg(metricDisplayName(metric)));
    panels_.insert(metric, panel);
    order_ << metric;
    sortMetricNames(order_);
    if (!userChoice_.contains(metric) && !metricShownByDefault(metric)) hidden_.insert(metric);
    return panel;
}

void TrainingCharts::updatePanel(const QString& metric, Panel& panel) {
    double xmax = 1, ymin = std::numeric_limits<double>::infinity(), ymax = -ymin;
    bool live = false; ///< a run of this chart is still training
    QSet<quint64> present;
    for (const TrainingRun* run : runs_) {
        const QVector<QPointF> points = run->series(metric);
        if (points.isEmpty()) continue;
        present.insert(run->id());
        live = live || run->isActive();
        QLineSeries* s = panel.series.value(run->id());
        const bool fresh = !s;
        if (!s) {
            s = new QLineSeries;
            s->setName(run->name());
            panel.chart->addSeries(s);
            s->attachAxis(panel.x);
            s->attachAxis(panel.y);
            panel.series.insert(run->id(), s);
        }
        // Each setter relayouts the chart: touch only what changed (most refreshes add a point
        // to one run of many). A new series may start in the run's colour by chance, so it
        // always gets the pen.
        if (fresh || s->color() != run->color()) {
            QPen pen(run->color());
            pen.setWidthF(2.0);
            s->setPen(pen);
            s->setColor(run->color());
        }
        if (s->name() != run->name()) s->setName(run->name());
        const QList<QPointF> shown = decimated(points);
        if (s->points() != shown) {
            s->replace(shown);
            s->setPointsVisible(shown.size() <= kMaxMarkedPoints);
        }
        for (const QPointF& p : points) {
            xmax = std::max(xmax, p.x());
            if (std::isfinite(p.y())) {
                ymin = std::min(ymin, p.y());
                ymax = std::max(ymax, p.y());
            }
        }
    }
    for (auto it = panel.series.begin(); it != panel.series.end();) {
        if (!present.contains(it.key())) {
            panel.chart->removeSeries(it.value());
            delete it.value();
            it = panel.series.erase(it);
        } else {
            ++it;
        }
    }
    panel.chart->legend()->setVisible(!panel.series.isEmpty());
    // Refitting an axis recomputes every series of the chart, and with many runs overlaid that is
    // most of a refresh. So while a run is training the axes keep some headroom: x grows by a
    // quarter at a time, and y is refitted only when a point leaves it or the data fill less than
    // half of it. Once no run of the chart trains, x ends at the last epoch.
    if (!std::isfinite(ymin)) {
        ymin = 0;
        ymax = 1;
    }
    const bool xFits =
        live ? panel.fittedXmax >= xmax && panel.fittedXmax <= std::max(4.0, 2.0 * xmax) : panel.fittedXmax == xmax;
    if (!xFits) {
        const double step = std::max(1.0, niceStep(live ? xmax * 1.25 : xmax));
        panel.fittedXmax = live ? std::ceil(xmax * 1.25 / step) * step : xmax;
        panel.x->setRange(0, panel.fittedXmax);
        panel.x->setTickInterval(step);
    }
    const double shown = panel.fittedYmax - panel.fittedYmin;
    const bool yFits = ymin >= panel.fittedYmin && ymax <= panel.fittedYmax && shown > 0 &&
                       (ymax - ymin >= 0.5 * shown || (ymax - ymin < 1e-12 && shown <= std::max(std::abs(ymin), 0.5)));
    if (!yFits) {
        if (ymax - ymin < 1e-12) {
            const double pad = std::max(std::abs(ymin) * 0.1, 0.05);
            ymin -= pad;
            ymax += pad;
        } else {
            const double pad = (ymax - ymin) * 0.05;
            ymin -= pad;
            ymax += pad;
        }
        panel.y->setRange(ymin, ymax);
        panel.y->applyNiceNumbers();
        panel.fittedYmin = panel.y->min();
        panel.fittedYmax = panel.y->max();
    }
}

void TrainingCharts::relayout() {
    for (Panel* panel : std::as_const(panels_))
        grid_->removeWidget(panel->view);
    grid_->removeWidget(empty_);
    int i = 0;
    for (const QString& metric : std::as_const(order_)) {
        Panel* panel = panels_.value(metric);
        const bool visible = !hidden_.contains(metric);
        panel->view->setVisible(visible);
        if (!visible) continue;
        grid_->addWidget(panel->view, i / columns_, i % columns_);
        ++i;
    }
    empty_->setVisible(i == 0);
    if (i == 0) grid_->addWidget(empty_, 0, 0, 1, columns_);
}

void TrainingCharts::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // As many columns as fit (1–3), so charts never need horizontal scrolling.
    const int columns = std::clamp(width() / kMinChartWidth, 1, 3);
    if (columns != columns_) {
        columns_ = columns;
        relayout();
    }
}

QStringList TrainingCharts::visibleMetrics() const {
    QStringList out;
    for (const QString& m : order_)
        if (!hidden_.contains(m)) out << m;
    return out;
}

bool TrainingCharts::isMetricVisible(const QString& metric) const {
    return panels_.contains(metric) && !hidden_.contains(metric);
}

void TrainingCharts::setMetricVisible(const QString& metric, bool visible) {
    userChoice_.insert(metric);
    if (visible)
        hidden_.remove(metric);
    else
        hidden_.insert(metric);
    if (Panel* panel = panels_.value(metric); panel && visible && panel->stale) {
        panel->stale = false;
        updatePanel(metric, *panel);
    }
    relayout();
}

QChart* TrainingCharts::chart(const QString& metric) const {
    const Panel* panel = panels_.value(metric);
    return panel ? panel->chart : nullptr;
}

QChartView* TrainingCharts::chartView(const QString& metric) const {
    const Panel* panel = panels_.value(metric);
    return panel ? panel->view : nullptr;
}

QLineSeries* TrainingCharts::series(const QString& metric, quint64 runId) const {
    const Panel* panel = panels_.value(metric);
    return panel ? panel->series.value(runId) : nullptr;
}

void TrainingCharts::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (deferred_) refreshSpread();
}

QWidget* TrainingCharts::renderTarget() {
    if (deferred_) refresh();
    // Lay out what a refresh just changed (legends are laid out on posted layout requests).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (content_->size().isEmpty() || !content_->isVisible()) {
        content_->ensurePolished();
        grid_->activate();
        content_->resize(content_->sizeHint().expandedTo(QSize(720, 480)));
    }
    return content_;
}

bool TrainingCharts::exportPng(const QString& path, QString* error) {
    return exportWidgetPng(renderTarget(), path, error);
}

bool TrainingCharts::exportSvg(const QString& path, QString* error) {
    QWidget* target = renderTarget();
    return exportWidgetSvg(
        target, path, tr("KBC Explorer training charts"),
        tr("Metrics per epoch of the checked runs: %1").arg(visibleMetrics().join(QStringLiteral(", "))), error);
}

} // namespace kbcx::ui
