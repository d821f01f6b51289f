// Implementation of the Hierarchy tab: ladder rungs from the precomputed placement, metrics
// model, and chart data (histogram bins, scatter points) computed as a job per selection.
#include "ui/eval/hierarchy_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/common/loop_pass.hpp"
#include "ui/common/views.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedLayout>
#include <QSvgGenerator>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kbcx::ui {

namespace {
/// How long the scatter chart waits after the histogram (see updateCharts).
constexpr int kScatterDelayMs = 40;
} // namespace

namespace {

QString axiomText(const eval::EvalResult& r, std::uint32_t a) {
    const auto& t = r.tests.axioms[a].axiom;
    return QString::fromUtf8(t.data(), static_cast<qsizetype>(t.size()));
}

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    QTableView* view = makeDataTable(parent);
    view->setModel(model);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    return view;
}

QChartView* makeChartView(QWidget* parent) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(140);
    return view;
}

} // namespace

bool exportChart(QChartView* view, const QString& path) {
    const QSize size = view->size().expandedTo(QSize(640, 400));
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(view->chart()->title());
        QPainter painter;
        if (!painter.begin(&svg)) return false;
        view->render(&painter, QRectF(QPointF(0, 0), size), view->rect());
        painter.end();
        return QFileInfo(path).size() > 0;
    }
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    view->render(&painter, QRectF(QPointF(0, 0), size), view->rect());
    painter.end();
    return image.save(path, "PNG");
}

// --- LadderRung -----------------------------------------------------------------------------

LadderRung::LadderRung(eval::Level level, QWidget* parent) : QFrame(parent), level_(level) {
    setObjectName(QStringLiteral("rung.%1").arg(QString::fromLatin1(eval::level_name(level))));
    setToolTip(levelDefinition(level));
    badge_ = new QLabel(this);
    badge_->setFixedSize(34, 34);
    badge_->setAlignment(Qt::AlignCenter);
    title_ = new QLabel(
        QStringLiteral("<b>%1</b> &nbsp;%2")
            .arg(QString::fromLatin1(eval::level_name(level)), QString::fromLatin1(eval::level_title(level))),
        this);
    verdict_ = new QLabel(this);
    verdict_->setObjectName(QStringLiteral("verdict"));
    witness_ = new QLabel(this);
    witness_->setObjectName(QStringLiteral("witness"));
    witness_->setWordWrap(true);
    witness_->setTextFormat(Qt::RichText);
    witness_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* text = new QVBoxLayout;
    text->setSpacing(1);
    auto* head = new QHBoxLayout;
    head->addWidget(title_);
    head->addStretch();
    head->addWidget(verdict_);
    text->addLayout(head);
    text->addWidget(witness_);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(badge_, 0, Qt::AlignTop);
    layout->addLayout(text, 1);
    setCheck(nullptr, nullptr);
}

void LadderRung::setCheck(const Evaluation* evaluation, const eval::LevelCheck* check) {
    QColor color(0x9e, 0x9e, 0x9e);
    QString symbol = QStringLiteral("\u2013");
    witness_->clear();
    witness_->setVisible(false);
    if (!evaluation || !check) {
        state_ = State::Empty;
        verdict_->setText(tr("no evaluation"));
    } else if (!check->computable) {
        state_ = State::NotCheckable;
        symbol = QStringLiteral("?");
        verdict_->setText(tr("not checkable"));
        witness_->setText(tr("P is missing for some undetermined axioms."));
        witness_->setVisible(true);
    } else if (check->holds && check->vacuous) {
        state_ = State::Vacuous;
        color = QColor(0x7c, 0xa9, 0x8a);
        symbol = QStringLiteral("\u2713");
        verdict_->setText(tr("holds vacuously"));
        witness_->setText(tr("No pair or triple is constrained (a band it needs is empty)."));
        witness_->setVisible(true);
    } else if (check->holds) {
        state_ = State::Holds;
        color = statusColor(eval::Status::Entailed);
        symbol = QStringLiteral("\u2713");
        verdict_->setText(tr("holds"));
    } else {
        state_ = State::Fails;
        color = statusColor(eval::Status::Contradictory);
        symbol = QStringLiteral("\u2717");
        verdict_->setText(tr("fails \u2014 margin %1").arg(check->margin, 0, 'g', 4));
        const eval::EvalResult& r = *evaluation->result;
        QStringList parts;
        for (std::uint32_t a : check->witness) {
            const auto status = r.tests.axioms[a].status;
            parts << QStringLiteral("<span style='color:%1'><b>%2</b></span> %3 <span style='color:#555'>(%4)</span>")
                         .arg(statusColor(status).darker(status == eval::Status::Undetermined ? 140 : 110).name(),
                              statusSymbol(status), axiomText(r, a).toHtmlEscaped(), scoreText(r, a));
        }
        witness_->setText(tr("witness (scores should increase): ") +
                          parts.join(QStringLiteral(" &nbsp;\u2192&nbsp; ")));
        witness_->setVisible(true);
    }
    verdict_->setStyleSheet(QStringLiteral("color:%1; font-weight:bold").arg(color.darker(115).name()));
    badge_->setText(symbol);
    badge_->setStyleSheet(QStringLiteral("background:%1; color:white; border-radius:17px; font-size:18px; "
                                         "font-weight:bold")
                              .arg(color.name()));
    QColor tint = color;
    tint.setAlpha(28);
    setStyleSheet(
        QStringLiteral("#%1 { border:1px solid %2; border-left:6px solid %3; border-radius:4px; "
                       "background:rgba(%4,%5,%6,%7); }")
            .arg(objectName().replace(QLatin1Char('.'), QStringLiteral("\\.")), color.lighter(130).name(), color.name())
            .arg(tint.red())
            .arg(tint.green())
            .arg(tint.blue())
            .arg(tint.alpha()));
}

QString LadderRung::verdictText() const {
    return verdict_->text();
}

QString LadderRung::witnessText() const {
    return witness_->text();
}

// --- HierarchyPage --------------------------------------------------------------------------

HierarchyPage::HierarchyPage(EvalWorkspace* workspace, QWidget* parent) : QWidget(parent), workspace_(workspace) {
    setObjectName(QStringLiteral("hierarchyPage"));
    metrics_ = new MetricsTableModel(this);
    histogramModel_ = new HistogramTableModel(this);
    scatterModel_ = new ScatterTableModel(this);

    evaluationBox_ = new QComboBox(this);
    evaluationBox_->setObjectName(QStringLiteral("evaluationBox"));
    evaluationBox_->setModel(workspace_->model());
    evaluationBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    evaluationBox_->setMinimumContentsLength(24);
    nfBox_ = new QComboBox(this);
    nfBox_->setObjectName(QStringLiteral("normalFormBox"));
    nfBox_->setToolTip(tr("Metrics and ladder over all test axioms pooled, or over one normal form."));
    nfBox_->setMinimumContentsLength(14);
    auto* import = new QPushButton(tr("Import Scores…"), this);
    import->setObjectName(QStringLiteral("importScoresButton"));
    connect(import, &QPushButton::clicked, workspace_, &EvalWorkspace::showImportDialog);
    auto* exportButton = new QToolButton(this);
    exportButton->setObjectName(QStringLiteral("exportButton"));
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    const QStringList exports = {tr("Histogram as PNG or SVG…"), tr("Score vs P as PNG or SVG…"), tr("Metrics as CSV…"),
                                 tr("Histogram bins as CSV…"), tr("Score vs P points as CSV…")};
    for (int i = 0; i < exports.size(); ++i)
        exportMenu->addAction(exports[i], this, [this, i] { chooseExport(i); });
    exportButton->setMenu(exportMenu);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("&Evaluation:"), this));
    qobject_cast<QLabel*>(bar->itemAt(0)->widget())->setBuddy(evaluationBox_);
    bar->addWidget(evaluationBox_);
    auto* nfLabel = new QLabel(tr("&Normal form:"), this);
    nfLabel->setBuddy(nfBox_);
    bar->addSpacing(12);
    bar->addWidget(nfLabel);
    bar->addWidget(nfBox_);
    bar->addStretch();
    bar->addWidget(import);
    bar->addWidget(exportButton);

    // Left: placement, ladder (L3 on top), metrics.
    placement_ = new QLabel(this);
    placement_->setObjectName(QStringLiteral("placementLabel"));
    placement_->setTextFormat(Qt::RichText);
    auto* ladderBox = new QGroupBox(tr("Faithfulness ladder"), this);
    auto* ladderLayout = new QVBoxLayout(ladderBox);
    ladderLayout->setSpacing(6);
    ladderLayout->addWidget(placement_);
    for (int i = 3; i >= 0; --i) {
        rungs_[static_cast<std::size_t>(i)] = new LadderRung(static_cast<eval::Level>(i), ladderBox);
        ladderLayout->addWidget(rungs_[static_cast<std::size_t>(i)]);
    }
    auto* implication = new QLabel(tr("<small>PLF \u21d2 MLF \u21d2 L1 \u21d2 L0 (strictly). Hover a rung for its "
                                      "definition.</small>"),
                                   ladderBox);
    implication->setStyleSheet(QStringLiteral("color:#666"));
    ladderLayout->addWidget(implication);

    auto* metricsBox = new QGroupBox(tr("Metrics"), this);
    metricsView_ = makeTable(metrics_, metricsBox);
    metricsView_->setObjectName(QStringLiteral("metricsView"));
    metricsView_->setMinimumHeight(metricsView_->verticalHeader()->defaultSectionSize() * 16);
    metricsView_->horizontalHeader()->setSectionResizeMode(MetricsTableModel::MetricColumn,
                                                           QHeaderView::ResizeToContents);
    metricsView_->horizontalHeader()->setSectionResizeMode(MetricsTableModel::ValueColumn,
                                                           QHeaderView::ResizeToContents);
    metricsView_->horizontalHeader()->setStretchLastSection(true);
    auto* metricsLayout = new QVBoxLayout(metricsBox);
    metricsLayout->addWidget(metricsView_);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(ladderBox);
    leftLayout->addWidget(metricsBox, 1);

    // Right: the two charts, each with its numbers.
    auto chartTabs = [this](QChartView*& view, QLabel*& note, QAbstractItemModel* model, const QString& name,
                            const QString& tableName) {
        view = makeChartView(this);
        view->setObjectName(name);
        auto* tabs = new QTabWidget(this);
        tabs->setDocumentMode(true);
        auto* chartPage = new QWidget(tabs);
        auto* l = new QVBoxLayout(chartPage);
        l->setContentsMargins(0, 0, 0, 0);
        l->setSpacing(0);
        l->addWidget(view, 1);
        note = new QLabel(chartPage);
        note->setStyleSheet(QStringLiteral("color:#666; padding: 0 6px"));
        note->setWordWrap(true);
        l->addWidget(note);
        tabs->addTab(chartPage, tr("Chart"));
        QTableView* table = makeTable(model, tabs);
        table->setObjectName(tableName);
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->horizontalHeader()->setStretchLastSection(true);
        tabs->addTab(table, tr("Numbers"));
        return tabs;
    };
    auto* charts = new QSplitter(Qt::Vertical, this);
    charts->addWidget(chartTabs(histogramView_, histogramNote_, histogramModel_, QStringLiteral("histogramChart"),
                                QStringLiteral("histogramTable")));
    charts->addWidget(chartTabs(scatterView_, scatterNote_, scatterModel_, QStringLiteral("scatterChart"),
                                QStringLiteral("scatterTable")));

    // The column scrolls rather than forcing a tall window when witnesses wrap.
    auto* leftScroll = new QScrollArea(this);
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    leftScroll->setMinimumWidth(320);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(leftScroll);
    split->addWidget(charts);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    emptyHint_ = makeEmptyState(tr("No evaluation yet"),
                                tr("Use <b>File \u2192 Import Scores\u2026</b> to evaluate a scores file "
                                   "(<tt>axiom&lt;TAB&gt;score</tt>) against a test set "
                                   "(<tt>status&lt;TAB&gt;nf&lt;TAB&gt;axiom[&lt;TAB&gt;P]</tt>), or open the demo."),
                                this);
    body_ = split;

    auto* stack = new QStackedLayout;
    stack->addWidget(emptyHint_);
    stack->addWidget(body_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(stack, 1);

    connect(evaluationBox_, &QComboBox::currentIndexChanged, this, &HierarchyPage::setCurrentEvaluation);
    connect(nfBox_, &QComboBox::currentIndexChanged, this, [this](int) { refresh(); });
    connect(workspace_, &EvalWorkspace::evaluationAdded, this,
            [this](int row) { evaluationBox_->setCurrentIndex(row); });
    connect(stack, &QStackedLayout::currentChanged, this, [] {});
    setCurrentEvaluation(-1);
}

QChart* HierarchyPage::histogramChart() const {
    return histogramView_->chart();
}

QChart* HierarchyPage::scatterChart() const {
    return scatterView_->chart();
}

void HierarchyPage::setBins(int bins) {
    bins_ = std::max(1, bins);
    refresh();
}

std::optional<std::uint32_t> HierarchyPage::normalForm() const {
    const int row = nfBox_->currentIndex();
    if (row <= 0) return std::nullopt;
    return static_cast<std::uint32_t>(row - 1);
}

void HierarchyPage::setCurrentEvaluation(int row) {
    if (evaluationBox_->currentIndex() != row) {
        evaluationBox_->setCurrentIndex(row); // re-enters through currentIndexChanged
        if (evaluationBox_->currentIndex() == row) return;
    }
    EvaluationPtr e = workspace_->model()->evaluationAt(row);
    evaluation_ = e;
    const QSignalBlocker block(nfBox_);
    nfBox_->clear();
    if (e) {
        nfBox_->addItem(tr("All normal forms"));
        for (const auto& nf : e->result->tests.normal_forms)
            nfBox_->addItem(QString::fromStdString(nf));
        nfBox_->setCurrentIndex(0);
    }
    static_cast<QStackedLayout*>(static_cast<QVBoxLayout*>(layout())->itemAt(1)->layout())->setCurrentIndex(e ? 1 : 0);
    refresh();
}

void HierarchyPage::setCurrentNormalForm(int nfRow) {
    nfBox_->setCurrentIndex(nfRow);
}

void HierarchyPage::refresh() {
    ++generation_;
    const auto nf = normalForm();
    if (!evaluation_) {
        metrics_->setMetrics(nullptr, std::nullopt);
        for (LadderRung* r : rungs_)
            r->setCheck(nullptr, nullptr);
        placement_->clear();
        applyData(HierarchyData{});
        return;
    }
    const eval::Metrics& m = evaluation_->metrics(nf);
    metrics_->setMetrics(evaluation_, nf);
    for (int i = 0; i < 4; ++i)
        rungs_[static_cast<std::size_t>(i)]->setCheck(evaluation_.get(), &m.levels[static_cast<std::size_t>(i)]);
    const int placed = m.placement();
    placement_->setText(placed < 0
                            ? tr("Placement: <b style='color:%1'>below L0</b> (not even discriminative)")
                                  .arg(statusColor(eval::Status::Contradictory).darker(110).name())
                            : tr("Placement: <b style='color:%1'>%2 \u2014 %3</b>")
                                  .arg(statusColor(eval::Status::Entailed).darker(110).name(),
                                       QString::fromLatin1(eval::level_name(static_cast<eval::Level>(placed))),
                                       QString::fromLatin1(eval::level_title(static_cast<eval::Level>(placed)))));

    const quint64 generation = generation_;
    const EvaluationPtr e = evaluation_;
    const int bins = bins_;
    JobHandle* job = workspace_->runner()->start(tr("Charts of %1").arg(e->name), [e, nf, bins](jobs::JobContext& ctx) {
        return computeHierarchyData(*e, nf, bins, ctx);
    });
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation == generation_) applyData(job->resultAs<HierarchyData>());
    });
}

void HierarchyPage::applyData(const HierarchyData& data) {
    data_ = data;
    histogramModel_->setHistogram(data_.histogram);
    scatterModel_->setPoints(evaluation_, evaluation_ ? data_.scatter : std::vector<eval::ScorePoint>{});
    // A hidden page only notes that its charts are stale: rebuilding them costs the GUI thread
    // milliseconds per evaluation imported elsewhere, and showing the page draws them anyway.
    if (isVisible())
        updateCharts();
    else
        chartsStale_ = true;
}

void HierarchyPage::updateCharts() {
    chartsStale_ = false;
    chartsPending_ = true;
    const quint64 token = ++chartsToken_; // a later rebuild (or updateChartsNow) supersedes this one
    // Deferrable: each rebuild waits for a pass of the event loop with room (loop_pass), and the
    // scatter chart follows once the histogram's scene has been processed and painted: the two
    // rebuilds and their first drawing together held the GUI thread for over 100 ms.
    loop_pass::whenRoom(this, [this, token] {
        if (token != chartsToken_) return;
        updateHistogramChart();
        QTimer::singleShot(kScatterDelayMs, this, [this, token] {
            loop_pass::whenRoom(this, [this, token] {
                if (token != chartsToken_) return;
                chartsPending_ = false;
                updateScatterChart();
                emit chartsUpdated();
            });
        });
    });
}

void HierarchyPage::updateChartsNow() {
    if (!chartsStale_ && !chartsPending_) return;
    ++chartsToken_;
    chartsStale_ = false;
    chartsPending_ = false;
    updateHistogramChart();
    updateScatterChart();
    emit chartsUpdated();
}

void HierarchyPage::updateChartsIfStale() {
    if (chartsStale_) updateCharts();
}

void HierarchyPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    updateChartsIfStale();
}

void HierarchyPage::updateHistogramChart() {
    QChart* chart = histogramView_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis); // the chart gives the axis up without deleting it
        delete axis;
    }
    const Histogram& h = data_.histogram;
    chart->setTitle(evaluation_ ? tr("Scores by band (shared bins)") : QString());
    histogramNote_->clear();
    if (!evaluation_ || h.edges.size() < 2) return;
    auto* x = new QValueAxis(chart);
    x->setTitleText(evaluation_->lowerIsBetter ? tr("score (lower is better)") : tr("score"));
    x->setRange(h.edges.front(), h.edges.back());
    x->setLabelFormat(QStringLiteral("%.3g"));
    x->setTickCount(7);
    auto* y = new QValueAxis(chart);
    y->setTitleText(tr("axioms"));
    y->setLabelFormat(QStringLiteral("%d"));
    std::uint64_t maxCount = 1;
    for (const auto& c : h.counts)
        for (std::uint64_t v : c)
            maxCount = std::max(maxCount, v);
    y->setRange(0, static_cast<double>(maxCount));
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const eval::Metrics& m = evaluation_->metrics(data_.nf);
    const std::uint64_t sizes[3] = {m.n_entailed, m.n_undetermined, m.n_contradictory};
    for (int b = 0; b < 3; ++b) {
        const auto status = static_cast<eval::Status>(b);
        auto* upper = new QLineSeries(chart);
        upper->append(h.edges.front(), 0);
        for (std::size_t i = 0; i + 1 < h.edges.size(); ++i) {
            const auto c = static_cast<double>(h.counts[b][i]);
            upper->append(h.edges[i], c);
            upper->append(h.edges[i + 1], c);
        }
        upper->append(h.edges.back(), 0);
        auto* area = new QAreaSeries(upper);
        area->setName(QStringLiteral("%1 %2 (%3)").arg(statusSymbol(status), statusTitle(status)).arg(sizes[b]));
        QColor fill = statusColor(status);
        fill.setAlpha(70);
        area->setBrush(fill);
        area->setPen(QPen(statusColor(status).darker(110), 1.8));
        chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
    }
    QStringList notes;
    const std::uint64_t unbinned = h.unbinned[0] + h.unbinned[1] + h.unbinned[2];
    if (unbinned) notes << tr("%1 axioms without a score (scored lowest) are not drawn.").arg(unbinned);
    notes << tr("Bin width %1; counts per bin under Numbers.").arg(h.edges[1] - h.edges[0], 0, 'g', 3);
    histogramNote_->setText(notes.join(QLatin1Char(' ')));
}

void HierarchyPage::updateScatterChart() {
    QChart* chart = scatterView_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis); // the chart gives the axis up without deleting it
        delete axis;
    }
    scatterNote_->clear();
    if (!evaluation_) {
        chart->setTitle(QString());
        return;
    }
    const eval::Metrics& m = evaluation_->metrics(data_.nf);
    chart->setTitle(tr("Score vs P over T? \u2014 \u03c1_P = %1").arg(metricText(m.rho_p)));
    auto* x = new QValueAxis(chart);
    x->setTitleText(tr("P(\u03b1|O)"));
    x->setRange(-0.04, 1.04); // markers at P = 0 and P = 1 stay whole
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(0.2);
    x->setLabelFormat(QStringLiteral("%.1f"));
    auto* y = new QValueAxis(chart);
    y->setTitleText(evaluation_->lowerIsBetter ? tr("score (lower is better)") : tr("score"));
    y->setLabelFormat(QStringLiteral("%.3g"));
    double lo = 0, hi = 1;
    if (!data_.scatter.empty()) {
        lo = hi = data_.scatter.front().score;
        for (const auto& p : data_.scatter) {
            lo = std::min(lo, p.score);
            hi = std::max(hi, p.score);
        }
        const double pad = hi > lo ? (hi - lo) * 0.08 : 0.5;
        lo -= pad;
        hi += pad;
    }
    y->setRange(lo, hi);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    auto* series = new QScatterSeries(chart);
    series->setName(tr("T? undetermined (%1 with P)").arg(data_.scatter.size()));
    series->setMarkerSize(10);
    series->setColor(statusColor(eval::Status::Undetermined));
    series->setBorderColor(statusColor(eval::Status::Undetermined).darker(140));
    QList<QPointF> points; // one replace() instead of a signal per appended point
    points.reserve(static_cast<qsizetype>(data_.scatter.size()));
    for (const auto& p : data_.scatter)
        points.append(QPointF(p.p, p.score));
    series->replace(points);
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    QStringList notes;
    if (data_.undeterminedWithoutP)
        notes << tr("%1 undetermined axioms have no P and are not drawn.").arg(data_.undeterminedWithoutP);
    if (data_.scatterMissingScores)
        notes << tr("%1 undetermined axioms have no score and are not drawn.").arg(data_.scatterMissingScores);
    if (!m.rho_p && !m.rho_note.empty()) notes << tr("\u03c1_P n/a: %1.").arg(QString::fromStdString(m.rho_note));
    if (notes.isEmpty()) notes << tr("A faithful scorer rises from left to right (PLF: larger P, larger score).");
    scatterNote_->setText(notes.join(QLatin1Char(' ')));
}

bool HierarchyPage::exportHistogram(const QString& path) {
    updateChartsNow();
    return exportChart(histogramView_, path);
}

bool HierarchyPage::exportScatter(const QString& path) {
    updateChartsNow();
    return exportChart(scatterView_, path);
}

bool HierarchyPage::exportMetricsCsv(const QString& path) const {
    return writeCsv(*metrics_, path);
}

bool HierarchyPage::exportHistogramCsv(const QString& path) const {
    return writeCsv(*histogramModel_, path);
}

bool HierarchyPage::exportScatterCsv(const QString& path) const {
    return writeCsv(*scatterModel_, path);
}

void HierarchyPage::chooseExport(int which) {
    const bool chart = which < 2;
    const QString filter = chart ? tr("PNG image (*.png);;SVG drawing (*.svg)") : tr("CSV (*.csv)");
    const QString names[] = {QStringLiteral("histogram.png"), QStringLiteral("score_vs_p.png"),
                             QStringLiteral("metrics.csv"), QStringLiteral("histogram.csv"),
                             QStringLiteral("score_vs_p.csv")};
    auto* dialog = new QFileDialog(this, tr("Export"), names[which], filter);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this, which, dialog](QString path) {
        if (QFileInfo(path).suffix().isEmpty())
            path += dialog->selectedNameFilter().contains(QLatin1String("svg")) ? QStringLiteral(".svg")
                    : which < 2                                                 ? QStringLiteral(".png")
                                                                                : QStringLiteral(".csv");
        switch (which) {
        case 0: exportHistogram(path); break;
        case 1: exportScatter(path); break;
        case 2: exportMetricsCsv(path); break;
        case 3: exportHistogramCsv(path); break;
        default: exportScatterCsv(path); break;
        }
    });
    dialog->open();
}

} // namespace kbcx::ui
