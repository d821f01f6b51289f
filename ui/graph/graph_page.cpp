// Implementation of GraphPage: controls on the left, the GraphView in the middle, the
// derivation panel on the right; every drawing comes from one computeEgoGraph job, and a new
// request supersedes (cancels) the one in flight.
#include "ui/graph/graph_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/views.hpp"
#include "ui/graph/entity_name_model.hpp"
#include "ui/graph/graph_view.hpp"
#include "ui/graph/relation_filter_model.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/rules/derivation_tree_model.hpp"

#include <QComboBox>
#include <QCompleter>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedLayout>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace kbcx::ui {

namespace {

QToolButton* toolButton(QWidget* parent, const QString& text, const QString& toolTip, const QString& name) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(toolTip);
    b->setObjectName(name);
    b->setAutoRaise(true);
    return b;
}

} // namespace

GraphPage::GraphPage(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("graphPage"));
    entityModel_ = new EntityNameModel(this);
    relationModel_ = new RelationFilterModel(this);
    derivationModel_ = new DerivationTreeModel(this);
    derivationModel_->setCompact(true);
    redrawTimer_ = new QTimer(this);
    redrawTimer_->setObjectName(QStringLiteral("graphRedrawTimer"));
    redrawTimer_->setSingleShot(true);
    redrawTimer_->setInterval(250);
    connect(redrawTimer_, &QTimer::timeout, this, [this] { requestDraw(); });
    buildUi();
    setDataset({});
}

void GraphPage::buildUi() {
    auto* stack = new QStackedLayout(this);
    emptyHint_ = makeEmptyState(tr("No dataset selected"),
                                tr("Open a knowledge graph (or <b>File → Open Demo</b>) to explore the neighbourhood "
                                   "of its entities."),
                                this);
    stack->addWidget(emptyHint_);
    content_ = new QWidget(this);
    stack->addWidget(content_);

    auto* outer = new QHBoxLayout(content_);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, content_);
    splitter->setChildrenCollapsible(false);
    outer->addWidget(splitter);

    // Controls.
    auto* controls = new QWidget(splitter);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(9, 9, 4, 9);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    entityEdit_ = new QLineEdit(controls);
    entityEdit_->setObjectName(QStringLiteral("entityEdit"));
    entityEdit_->setPlaceholderText(tr("Entity name…"));
    entityEdit_->setClearButtonEnabled(true);
    auto* completer = new QCompleter(entityModel_, entityEdit_);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    completer->setMaxVisibleItems(15);
    entityEdit_->setCompleter(completer);
    depthSpin_ = new QSpinBox(controls);
    depthSpin_->setObjectName(QStringLiteral("depthSpin"));
    depthSpin_->setRange(1, 3);
    depthSpin_->setValue(1);
    depthSpin_->setToolTip(tr("Hops from the centre; a fact r(s, o) links s and o in both directions"));
    capSpin_ = new QSpinBox(controls);
    capSpin_->setObjectName(QStringLiteral("capSpin"));
    capSpin_->setRange(2, 2000);
    capSpin_->setSingleStep(25);
    capSpin_->setValue(kDefaultNodeCap);
    capSpin_->setToolTip(tr("At most this many entities, taken breadth-first (nodes of a highlight come on top). "
                            "Large graphs are never drawn whole."));
    layoutCombo_ = new QComboBox(controls);
    layoutCombo_->setObjectName(QStringLiteral("layoutCombo"));
    layoutCombo_->addItem(tr("Fruchterman–Reingold"), static_cast<int>(kg::LayoutAlgorithm::FruchtermanReingold));
    layoutCombo_->addItem(tr("Kamada–Kawai"), static_cast<int>(kg::LayoutAlgorithm::KamadaKawai));
    layoutCombo_->setToolTip(tr("Force-directed layout from Boost.Graph, computed in the background"));
    form->addRow(tr("&Entity:"), entityEdit_);
    form->addRow(tr("&Depth:"), depthSpin_);
    form->addRow(tr("Node &cap:"), capSpin_);
    form->addRow(tr("&Layout:"), layoutCombo_);
    controlsLayout->addLayout(form);
    drawButton_ = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("D&raw"), controls);
    drawButton_->setObjectName(QStringLiteral("drawButton"));
    controlsLayout->addWidget(drawButton_);

    auto* relHead = new QHBoxLayout;
    relHead->addWidget(boldLabel(tr("Relations"), controls), 1);
    auto* all = toolButton(controls, tr("All"), tr("Follow and draw every relation"), QStringLiteral("allRelations"));
    auto* none = toolButton(controls, tr("None"), tr("Uncheck every relation"), QStringLiteral("noRelations"));
    relHead->addWidget(all);
    relHead->addWidget(none);
    controlsLayout->addLayout(relHead);
    relationView_ = new QListView(controls);
    relationView_->setObjectName(QStringLiteral("relationFilter"));
    relationView_->setModel(relationModel_);
    relationView_->setUniformItemSizes(true);
    relationView_->setToolTip(tr("Relations followed and drawn; the swatch is the edge colour"));
    controlsLayout->addWidget(relationView_, 1);
    controls->setMinimumWidth(200);
    controls->setMaximumWidth(360);

    // Graph.
    auto* centre = new QWidget(splitter);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(4, 9, 4, 4);
    auto* head = new QHBoxLayout;
    title_ = boldLabel(QString(), centre);
    title_->setObjectName(QStringLiteral("graphTitle"));
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long titles must not widen the window: let the labels shrink (their tooltips keep the text).
    title_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    summary_ = new QLabel(centre);
    summary_->setObjectName(QStringLiteral("graphSummary"));
    summary_->setStyleSheet(QStringLiteral("color: palette(dark);"));
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    head->addWidget(title_, 1);
    auto* clearHighlightButton =
        toolButton(centre, tr("Clear highlight"), tr("Show the plain ego network"), QStringLiteral("clearHighlight"));
    auto* zoomOut =
        toolButton(centre, QStringLiteral("−"), tr("Zoom out (or use the mouse wheel)"), QStringLiteral("zoomOut"));
    auto* zoomIn =
        toolButton(centre, QStringLiteral("+"), tr("Zoom in (or use the mouse wheel)"), QStringLiteral("zoomIn"));
    auto* fit = toolButton(centre, tr("Fit"), tr("Fit the whole graph into the view"), QStringLiteral("zoomFit"));
    auto* png = toolButton(centre, tr("PNG…"), tr("Export the graph and its legend as a PNG image"),
                           QStringLiteral("exportPng"));
    auto* svg = toolButton(centre, tr("SVG…"), tr("Export the graph and its legend as an SVG drawing"),
                           QStringLiteral("exportSvg"));
    for (QToolButton* b : {clearHighlightButton, zoomOut, zoomIn, fit, png, svg})
        head->addWidget(b);
    clearHighlightButton_ = clearHighlightButton;
    clearHighlightButton_->hide();
    centreLayout->addLayout(head);
    centreLayout->addWidget(summary_);
    notice_ = new QLabel(centre);
    notice_->setObjectName(QStringLiteral("capNotice"));
    notice_->setWordWrap(true);
    notice_->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; border: 1px solid #e0c36a; border-radius: 3px; "
                       "padding: 4px 8px; color: #5c4500; }"));
    notice_->hide();
    centreLayout->addWidget(notice_);
    view_ = new GraphView(centre);
    centreLayout->addWidget(view_, 1);

    // Derivation panel.
    derivationPanel_ = new QWidget(splitter);
    derivationPanel_->setObjectName(QStringLiteral("graphDerivationPanel"));
    auto* derivationLayout = new QVBoxLayout(derivationPanel_);
    derivationLayout->setContentsMargins(4, 9, 9, 9);
    auto* derivationHead = new QHBoxLayout;
    derivationTitle_ = boldLabel(tr("Derivation"), derivationPanel_);
    derivationTitle_->setWordWrap(true);
    derivationTitle_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    derivationPanel_->setMinimumWidth(180);
    auto* closeDerivation =
        toolButton(derivationPanel_, QStringLiteral("×"), tr("Hide the derivation"), QStringLiteral("closeDerivation"));
    derivationHead->addWidget(derivationTitle_, 1);
    derivationHead->addWidget(closeDerivation);
    derivationView_ = new QTreeView(derivationPanel_);
    derivationView_->setObjectName(QStringLiteral("graphDerivationTree"));
    derivationView_->setModel(derivationModel_);
    derivationView_->setUniformRowHeights(true);
    derivationView_->setAlternatingRowColors(true);
    derivationLayout->addLayout(derivationHead);
    derivationLayout->addWidget(derivationView_);
    derivationPanel_->hide();

    splitter->addWidget(controls);
    splitter->addWidget(centre);
    splitter->addWidget(derivationPanel_);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({230, 860, 360});

    connect(drawButton_, &QPushButton::clicked, this, [this] {
        chooseEntityFromText();
        redraw();
    });
    connect(entityEdit_, &QLineEdit::returnPressed, this, [this] {
        chooseEntityFromText();
        redraw();
    });
    connect(completer, qOverload<const QModelIndex&>(&QCompleter::activated), this, [this](const QModelIndex& index) {
        showEntity(static_cast<kg::Id>(index.data(EntityNameModel::EntityIdRole).toULongLong()));
    });
    connect(depthSpin_, &QSpinBox::valueChanged, this, &GraphPage::scheduleRedraw);
    connect(capSpin_, &QSpinBox::valueChanged, this, &GraphPage::scheduleRedraw);
    connect(layoutCombo_, &QComboBox::currentIndexChanged, this, &GraphPage::scheduleRedraw);
    connect(relationModel_, &RelationFilterModel::checkedChanged, this, &GraphPage::scheduleRedraw);
    connect(all, &QToolButton::clicked, this, [this] { relationModel_->setAllChecked(true); });
    connect(none, &QToolButton::clicked, this, [this] { relationModel_->setAllChecked(false); });
    connect(clearHighlightButton, &QToolButton::clicked, this, &GraphPage::clearHighlight);
    connect(zoomOut, &QToolButton::clicked, view_, &GraphView::zoomOut);
    connect(zoomIn, &QToolButton::clicked, view_, &GraphView::zoomIn);
    connect(fit, &QToolButton::clicked, view_, &GraphView::fitAll);
    connect(png, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Graph as PNG"), QStringLiteral("graph.png"),
                                                          tr("PNG images (*.png)"));
        if (!path.isEmpty() && !exportPng(path))
            showWarning(this, tr("Export Failed"), tr("Could not write %1.").arg(path));
    });
    connect(svg, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Graph as SVG"), QStringLiteral("graph.svg"),
                                                          tr("SVG drawings (*.svg)"));
        if (!path.isEmpty() && !exportSvg(path))
            showWarning(this, tr("Export Failed"), tr("Could not write %1.").arg(path));
    });
    connect(closeDerivation, &QToolButton::clicked, derivationPanel_, &QWidget::hide);
    connect(view_, &GraphView::nodeActivated, this, &GraphPage::showEntity);
}

void GraphPage::setDataset(DatasetPtr dataset) {
    if (dataset == dataset_ && dataset) return;
    if (job_ && job_->isActive()) job_->cancel();
    job_ = nullptr;
    dataset_ = std::move(dataset);
    centre_ = kg::kNoId;
    highlight_ = {};
    entityModel_->setDataset(dataset_);
    const QSignalBlocker block(relationModel_);
    relationModel_->setDataset(dataset_);
    derivationModel_->clear();
    derivationPanel_->hide();
    view_->clearDrawing();
    entityEdit_->clear();
    title_->clear();
    summary_->clear();
    notice_->hide();
    redrawTimer_->stop();
    pending_ = false;
    static_cast<QStackedLayout*>(layout())->setCurrentIndex(dataset_ ? 1 : 0);
    if (dataset_) requestDraw();
}

void GraphPage::showEntity(kg::Id entity) {
    if (!dataset_ || entity >= dataset_->numEntities()) return;
    centre_ = entity;
    entityEdit_->setText(QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Entity, entity)));
    entityEdit_->setCursorPosition(0);
    requestDraw();
}

void GraphPage::showHighlight(const GraphHighlight& highlight) {
    highlight_ = highlight;
    if (dataset_ && highlight.centre < dataset_->numEntities()) {
        centre_ = highlight.centre;
        entityEdit_->setText(QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Entity, centre_)));
        entityEdit_->setCursorPosition(0);
    }
    requestDraw();
}

void GraphPage::showDerivation(std::shared_ptr<const rules::Materialisation> closure, quint64 factId) {
    if (!closure) return;
    derivationModel_->setFact(closure, factId);
    derivationView_->expandAll();
    derivationView_->resizeColumnToContents(DerivationTreeModel::FactColumn);
    derivationPanel_->show();
    GraphHighlight h;
    const rules::Program& program = closure->program();
    for (const rules::TreeRow& row : derivationModel_->rows()) {
        HighlightFact f;
        f.role = row.depth == 0 ? HighlightFact::Role::Conclusion
                                : (row.input ? HighlightFact::Role::Premise : HighlightFact::Role::Derived);
        f.unary = row.fact.unary;
        f.pred = row.fact.pred;
        f.s = row.fact.s;
        f.o = row.fact.o;
        f.predName = QString::fromStdString(
            program.display(row.fact.unary ? kg::Namespace::Type : kg::Namespace::Relation, row.fact.pred));
        f.subjectName = QString::fromStdString(program.display(kg::Namespace::Entity, row.fact.s));
        if (!row.fact.unary) f.objectName = QString::fromStdString(program.display(kg::Namespace::Entity, row.fact.o));
        f.text = QString::fromStdString(row.fact_text);
        f.inKg = row.input;
        h.facts.push_back(std::move(f));
    }
    const auto& rows = derivationModel_->rows();
    if (!rows.empty()) {
        h.title = tr("Derivation of %1").arg(QString::fromStdString(rows.front().fact_text));
        h.centre = rows.front().fact.s;
        derivationTitle_->setText(tr("Derivation of %1 (depth %2)")
                                      .arg(QString::fromStdString(rows.front().fact_text))
                                      .arg(derivationModel_->treeDepth()));
    }
    showHighlight(h);
}

void GraphPage::clearHighlight() {
    if (highlight_.empty()) return;
    highlight_ = {};
    requestDraw();
}

void GraphPage::setDepth(int depth) {
    depthSpin_->setValue(depth);
}

void GraphPage::setNodeCap(int cap) {
    capSpin_->setValue(cap);
}

void GraphPage::setLayoutAlgorithm(kg::LayoutAlgorithm algorithm) {
    layoutCombo_->setCurrentIndex(layoutCombo_->findData(static_cast<int>(algorithm)));
}

void GraphPage::chooseEntityFromText() {
    if (!dataset_) return;
    const kg::Id id = entityModel_->resolve(entityEdit_->text());
    if (id != kg::kNoId)
        centre_ = id;
    else if (!entityEdit_->text().trimmed().isEmpty())
        summary_->setText(tr("No entity named “%1”").arg(entityEdit_->text().trimmed()));
}

void GraphPage::scheduleRedraw() {
    if (dataset_) redrawTimer_->start();
}

void GraphPage::requestDraw() {
    redrawTimer_->stop();
    if (!dataset_) return;
    if (!isVisible()) {
        pending_ = true;
        return;
    }
    redraw();
}

void GraphPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (pending_) redraw();
}

JobHandle* GraphPage::redraw() {
    redrawTimer_->stop();
    pending_ = false;
    if (!dataset_) return nullptr;
    if (job_ && job_->isActive()) job_->cancel();
    EgoGraphParams params;
    params.graph = dataset_->graph;
    params.ego.centre = centre_;
    params.ego.depth = depthSpin_->value();
    params.ego.max_nodes = static_cast<std::size_t>(capSpin_->value());
    if (!relationModel_->allChecked()) params.ego.relations = relationModel_->checkedRelations();
    params.layout.algorithm = static_cast<kg::LayoutAlgorithm>(layoutCombo_->currentData().toInt());
    params.highlight = highlight_;
    const QString centreName =
        centre_ == kg::kNoId ? tr("the best-connected entity")
                             : QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Entity, centre_));
    JobHandle* job = runner_->start(tr("Graph: ego network of %1").arg(centreName),
                                    [params](jobs::JobContext& ctx) { return computeEgoGraph(params, ctx); });
    job_ = job;
    summary_->setText(tr("laying out…"));
    const DatasetPtr dataset = dataset_;
    connect(job, &JobHandle::finished, this, [this, job, dataset] {
        if (job != job_ || dataset != dataset_) return;
        onDrawn(job->resultAs<EgoGraphResult>());
    });
    connect(job, &JobHandle::failed, this, [this, job](const QString& message) {
        if (job == job_) summary_->setText(tr("Could not draw: %1").arg(message));
    });
    return job;
}

void GraphPage::onDrawn(const EgoGraphResult& result) {
    centre_ = result.params.ego.centre;
    if (entityEdit_->text().isEmpty() || !entityEdit_->hasFocus()) {
        entityEdit_->setText(QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Entity, centre_)));
        entityEdit_->setCursorPosition(0);
    }
    view_->setDrawing(result);
    title_->setText(highlight_.empty() ? tr("Ego network of %1").arg(result.nodes.front().label) : highlight_.title);
    title_->setToolTip(highlight_.empty() ? title_->text()
                                          : tr("%1, centred on %2").arg(highlight_.title, result.nodes.front().label));
    summary_->setText(tr("depth %1 · %2 nodes · %3 edges · %4, %5 s")
                          .arg(result.params.ego.depth)
                          .arg(result.nodes.size())
                          .arg(result.edges.size())
                          .arg(layoutCombo_->currentText())
                          .arg(result.seconds, 0, 'f', 2));
    updateNotice();
    clearHighlightButton_->setVisible(!highlight_.empty());
    emit drawn();
}

void GraphPage::updateNotice() {
    const EgoGraphResult* d = view_->drawing();
    if (!d || !d->capped) {
        notice_->hide();
        return;
    }
    notice_->setText(tr("Node cap reached: showing the first %1 entities within %2 hop(s), taken breadth-first. "
                        "Raise the cap, lower the depth or uncheck relations to see others.")
                         .arg(d->params.ego.max_nodes)
                         .arg(d->params.ego.depth));
    notice_->show();
}

bool GraphPage::exportPng(const QString& path) const {
    return view_->exportPng(path);
}

bool GraphPage::exportSvg(const QString& path) const {
    return view_->exportSvg(path);
}

} // namespace kbcx::ui
