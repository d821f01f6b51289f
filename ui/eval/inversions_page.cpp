// Implementation of the Inversions tab: the pair list is computed as a job (exact count and
// top k via the engine), the proofs of the selected pair as another job on the ontology, and
// for a trained run the anatomy and geometry of both scores as a third.
#include "ui/eval/inversions_page.hpp"
#include "ui/common/flow_layout.hpp"

#include "common/error.hpp"
#include "embed/score_anatomy.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/geometry_view.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/score_anatomy_view.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <unordered_map>

namespace kbcx::ui {

namespace {

// The named classes of an axiom in the DL or Manchester text syntax: tokens after ∃/∀ or before
// some/only/value are roles, tokens inside an assertion's parentheses are individuals, and a
// token applied to two arguments is a role.
QStringList namedClassesOf(const QString& axiom) {
    static const QRegularExpression token(QStringLiteral("[^\\s\u2291\u2293\u2294\u2203\u2200\u00ac\u2261.(),]+"));
    QStringList classes;
    auto it = token.globalMatch(axiom);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString name = m.captured();
        qsizetype before = m.capturedStart() - 1;
        while (before >= 0 && axiom.at(before).isSpace())
            --before;
        if (before >= 0 && (axiom.at(before) == QChar(0x2203) || axiom.at(before) == QChar(0x2200)))
            continue; // ∃r / ∀r: a role
        const int depth = static_cast<int>(axiom.left(m.capturedStart()).count(QLatin1Char('('))) -
                          static_cast<int>(axiom.left(m.capturedStart()).count(QLatin1Char(')')));
        if (depth > 0) continue; // an individual of an assertion
        qsizetype after = m.capturedEnd();
        if (after < axiom.size() && axiom.at(after) == QLatin1Char('(')) {
            const qsizetype close = axiom.indexOf(QLatin1Char(')'), after);
            if (close > after && axiom.mid(after, close - after).contains(QLatin1Char(',')))
                continue; // r(a, b): a role assertion
        }
        static const QStringList keywords{
            QStringLiteral("SubClassOf"), QStringLiteral("EquivalentTo"), QStringLiteral("DisjointWith"),
            QStringLiteral("and"),        QStringLiteral("or"),           QStringLiteral("not"),
            QStringLiteral("some"),       QStringLiteral("only"),         QStringLiteral("value"),
            QStringLiteral("Thing"),      QStringLiteral("Nothing")};
        if (keywords.contains(name)) continue;
        static const QRegularExpression restriction(QStringLiteral("^\\s+(some|only|value)\\b"));
        if (restriction.match(axiom.mid(after)).hasMatch()) continue; // r some C (Manchester syntax): a role
        if (name == QStringLiteral("\u22a4") || name == QStringLiteral("\u22a5") ||
            name == QStringLiteral("owl:Thing") || name == QStringLiteral("owl:Nothing") || classes.contains(name))
            continue;
        classes << name;
    }
    return classes;
}

} // namespace

// --- AxiomCard ----------------------------------------------------------------------------

AxiomCard::AxiomCard(const QString& objectName, QWidget* parent) : QWidget(parent) {
    setObjectName(objectName);
    role_ = new QLabel(this);
    role_->setTextFormat(Qt::RichText);
    role_->setWordWrap(true); // two lines rather than a card wider than a laptop's half screen
    axiom_ = new QLabel(this);
    axiom_->setObjectName(QStringLiteral("axiom"));
    axiom_->setWordWrap(true);
    axiom_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    axiom_->setStyleSheet(QStringLiteral("font-family: monospace; font-size: 11pt; padding: 4px; background: #f6f6f6; "
                                         "border: 1px solid #ddd; border-radius: 3px"));
    auto make = [this](const QString& key) {
        auto* l = new QLabel(this);
        l->setObjectName(key);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    status_ = make(QStringLiteral("status"));
    score_ = make(QStringLiteral("score"));
    p_ = make(QStringLiteral("p"));
    nf_ = make(QStringLiteral("nf"));
    line_ = make(QStringLiteral("line"));
    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignRight);
    form->setVerticalSpacing(2);
    form->addRow(tr("Status:"), status_);
    form->addRow(tr("Score f:"), score_);
    form->addRow(tr("P(\u03b1|O):"), p_);
    form->addRow(tr("Normal form:"), nf_);
    form->addRow(tr("Tests line:"), line_);
    proof_ = new QPlainTextEdit(this);
    proof_->setObjectName(QStringLiteral("proof"));
    proof_->setReadOnly(true);
    proof_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    proof_->setPlaceholderText(tr("Proof"));
    proof_->setMinimumHeight(70);
    anatomy_ = new ScoreAnatomyView(objectName + QStringLiteral("Anatomy"), this);
    const QString side =
        objectName.startsWith(QStringLiteral("lower")) ? QStringLiteral("lower") : QStringLiteral("higher");
    auto* geometryTab = new QWidget(this);
    geometry_ = new GeometryView(side + QStringLiteral("Geometry"), geometryTab);
    caption_ = new QLabel(geometryTab);
    caption_->setObjectName(side + QStringLiteral("GeometryCaption"));
    caption_->setWordWrap(true);
    caption_->setStyleSheet(QStringLiteral("color: #5d4037"));
    auto* exportButton = new QPushButton(tr("Export…"), geometryTab);
    exportButton->setObjectName(side + QStringLiteral("GeometryExport"));
    exportButton->setToolTip(tr("Save this drawing as SVG (circles for balls, rectangles for boxes) or PNG."));
    connect(exportButton, &QPushButton::clicked, this, &AxiomCard::exportGeometryRequested);
    auto* under = new QHBoxLayout;
    under->addWidget(caption_, 1);
    under->addWidget(exportButton, 0, Qt::AlignTop);
    auto* geometryLayout = new QVBoxLayout(geometryTab);
    geometryLayout->setContentsMargins(0, 0, 0, 0);
    geometryLayout->addWidget(geometry_, 1);
    geometryLayout->addLayout(under);
    details_ = new QTabWidget(this);
    details_->setObjectName(side + QStringLiteral("Details"));
    details_->setDocumentMode(true);
    details_->addTab(proof_, tr("Proof"));
    details_->addTab(anatomy_, tr("Score anatomy"));
    details_->addTab(geometryTab, tr("Geometry"));
    details_->setTabToolTip(0, tr("The reasoner's proof of the axiom's status in the ontology"));
    details_->setTabToolTip(1, tr("The loss terms the trained model adds up for this axiom's score"));
    details_->setTabToolTip(2, tr("The axiom's concepts and their neighbours as the model embeds them"));
    connect(details_, &QTabWidget::currentChanged, this, &AxiomCard::detailTabChanged);
    setModelTabsVisible(false);
    showClass_ = new QToolButton(this);
    showClass_->setObjectName(QStringLiteral("showClassButton"));
    showClass_->setText(tr("Show in Ontology"));
    showClass_->setAccessibleName(tr("Show a class of this axiom in the Ontology tab"));
    showClass_->setToolTip(tr("Select a class of this axiom in the Ontology tab's hierarchy."));
    showClass_->setPopupMode(QToolButton::MenuButtonPopup);
    showClass_->setMenu(new QMenu(showClass_));
    connect(showClass_, &QToolButton::clicked, this, [this] {
        if (!classes_.isEmpty()) emit showClassRequested(classes_.front());
    });
    auto* head = new QHBoxLayout;
    head->addWidget(role_, 1);
    head->addWidget(showClass_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(head);
    layout->addWidget(axiom_);
    layout->addLayout(form);
    layout->addWidget(details_, 1);
    setAxiom(nullptr, std::nullopt, QString());
}

void AxiomCard::setModelTabsVisible(bool visible) {
    details_->setTabVisible(kAnatomyTab, visible);
    details_->setTabVisible(kGeometryTab, visible);
    if (!visible) details_->setCurrentIndex(kProofTab);
}

void AxiomCard::setDetailTab(int index) {
    if (details_->isTabVisible(index)) details_->setCurrentIndex(index);
}

int AxiomCard::detailTab() const {
    return details_->currentIndex();
}

void AxiomCard::setAxiom(const Evaluation* evaluation, std::optional<std::uint32_t> axiom, const QString& role) {
    role_->setText(QStringLiteral("<b>%1</b>").arg(role.toHtmlEscaped()));
    proof_->clear();
    classes_.clear();
    showClass_->menu()->clear();
    showClass_->setEnabled(false);
    text_.clear();
    if (!evaluation || !axiom) {
        axiom_->setText(tr("(select a pair)"));
        for (QLabel* l : {status_, score_, p_, nf_, line_})
            l->clear();
        return;
    }
    const eval::EvalResult& r = *evaluation->result;
    const eval::TestAxiom& t = r.tests.axioms[*axiom];
    text_ = QString::fromUtf8(t.axiom.data(), static_cast<qsizetype>(t.axiom.size()));
    axiom_->setText(text_);
    classes_ = namedClassesOf(text_);
    for (const QString& name : classes_)
        showClass_->menu()->addAction(name, this, [this, name] { emit showClassRequested(name); });
    showClass_->setEnabled(!classes_.isEmpty());
    if (!classes_.isEmpty()) {
        // A long class name is elided in the middle on the button, and whole in its tooltip.
        const QString name = showClass_->fontMetrics().elidedText(classes_.front(), Qt::ElideMiddle, 160);
        showClass_->setText(tr("Show %1 in Ontology").arg(name));
    }
    const QColor c = statusColor(t.status).darker(t.status == eval::Status::Undetermined ? 140 : 110);
    status_->setText(
        QStringLiteral("<b style='color:%1'>%2 %3</b>").arg(c.name(), statusSymbol(t.status), statusTitle(t.status)));
    score_->setText(scoreText(r, *axiom));
    p_->setText(pText(r, *axiom));
    nf_->setText(QString::fromStdString(r.tests.normal_forms[t.nf]));
    line_->setText(QString::number(t.line));
}

void AxiomCard::setProof(const QString& text) {
    proof_->setPlainText(text);
}

void AxiomCard::setShownAxiom(const QString& text) {
    axiom_->setText(text.isEmpty() ? text_ : text);
}

QString AxiomCard::axiomText() const {
    return text_;
}

QString AxiomCard::shownAxiomText() const {
    return axiom_->text();
}

QString AxiomCard::field(const QString& key) const {
    auto* l = findChild<QLabel*>(key);
    if (!l) return {};
    QString text = l->text();
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return text;
}

QString AxiomCard::proofText() const {
    return proof_->toPlainText();
}

// --- InversionsPage -------------------------------------------------------------------------

InversionsPage::InversionsPage(EvalWorkspace* workspace, QWidget* parent) : QWidget(parent), workspace_(workspace) {
    setObjectName(QStringLiteral("inversionsPage"));
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this, &InversionsPage::showProofs);
    model_ = new InversionTableModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(InversionTableModel::SortRole);
    proxy_->setFilterKeyColumn(-1);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);

    evaluationBox_ = new QComboBox(this);
    evaluationBox_->setObjectName(QStringLiteral("evaluationBox"));
    evaluationBox_->setModel(workspace_->model());
    evaluationBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    evaluationBox_->setMinimumContentsLength(16);
    kindBox_ = new QComboBox(this);
    kindBox_->setObjectName(QStringLiteral("kindBox"));
    for (InversionKind k : {InversionKind::L0, InversionKind::L1, InversionKind::PairFvr}) {
        kindBox_->addItem(inversionKindTitle(k), static_cast<int>(k));
        kindBox_->setItemData(kindBox_->count() - 1, inversionKindDefinition(k), Qt::ToolTipRole);
    }
    kindBox_->setToolTip(inversionKindDefinition(InversionKind::L0));
    nfBox_ = new QComboBox(this);
    nfBox_->setObjectName(QStringLiteral("normalFormBox"));
    nfBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    limit_ = new QSpinBox(this);
    limit_->setObjectName(QStringLiteral("limitSpin"));
    limit_->setRange(1, 1000000);
    limit_->setValue(1000);
    limit_->setPrefix(tr("top "));
    limit_->setToolTip(tr("How many of the largest violations to list (the total is always exact)."));
    filter_ = new QLineEdit(this);
    filter_->setObjectName(QStringLiteral("filterEdit"));
    filter_->setPlaceholderText(tr("Filter by concept or text…"));
    filter_->setClearButtonEnabled(true);
    filter_->setMinimumWidth(140);
    filter_->setToolTip(tr("Shows the listed pairs whose axioms contain this text (case-insensitive)."));

    // The controls wrap onto a second row in a narrow window; each label stays with its box.
    auto* bar = new FlowLayout(nullptr, 10, 4);
    const auto labelled = [this](const QString& label, QWidget* box, QWidget* extra = nullptr) {
        auto* pair = new QWidget(this);
        auto* row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(new QLabel(label, pair));
        row->addWidget(box);
        if (extra) row->addWidget(extra);
        return pair;
    };
    bar->addWidget(labelled(tr("Evaluation:"), evaluationBox_));
    bar->addWidget(labelled(tr("Kind:"), kindBox_));
    bar->addWidget(labelled(tr("Normal form:"), nfBox_, limit_));
    bar->addWidget(filter_);
    auto* exportButton = new QPushButton(tr("Export CSV…"), this);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        auto* dialog =
            new QFileDialog(this, tr("Export Inversions"), QStringLiteral("inversions.csv"), tr("CSV (*.csv)"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { exportCsv(path); });
        dialog->open();
    });
    bar->addWidget(exportButton);

    count_ = new QLabel(this);
    count_->setObjectName(QStringLiteral("countLabel"));
    count_->setTextFormat(Qt::RichText);
    ontologyLabel_ = new QLabel(this);
    ontologyLabel_->setObjectName(QStringLiteral("ontologyLabel"));
    auto* ontologyButton = new QPushButton(tr("Ontology…"), this);
    ontologyButton->setObjectName(QStringLiteral("ontologyButton"));
    ontologyButton->setToolTip(
        tr("Load the ontology of the test set to see proofs of entailed and contradictory axioms."));
    connect(ontologyButton, &QPushButton::clicked, this, [this] {
        auto* dialog =
            new QFileDialog(this, tr("Choose Ontology"), QString(),
                            tr("Ontologies (*.ofn *.owl *.owx *.rdf *.ttl *.nt *.obo *.kbo *.gz);;All files (*)"));
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, workspace_,
                [this](const QString& path) { workspace_->loadOntology(path); });
        dialog->open();
    });
    auto* status = new QHBoxLayout;
    status->addWidget(count_, 1);
    status->addWidget(ontologyLabel_);
    status->addWidget(ontologyButton);

    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("inversionView"));
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(InversionTableModel::RankColumn, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->verticalHeader()->hide();
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->horizontalHeader()->setSectionResizeMode(InversionTableModel::LowerAxiomColumn, QHeaderView::Stretch);
    view_->horizontalHeader()->setSectionResizeMode(InversionTableModel::HigherAxiomColumn, QHeaderView::Stretch);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showSelection(); });

    lowerCard_ = new AxiomCard(QStringLiteral("lowerCard"), this);
    higherCard_ = new AxiomCard(QStringLiteral("higherCard"), this);
    for (AxiomCard* card : {lowerCard_, higherCard_})
        connect(card, &AxiomCard::showClassRequested, this, &InversionsPage::showClassRequested);
    auto* cards = new QGroupBox(tr("Selected pair"), this);
    auto* groupLayout = new QVBoxLayout(cards);
    modelPanel_ = buildModelPanel();
    groupLayout->addWidget(modelPanel_);
    auto* cardsLayout = new QHBoxLayout;
    groupLayout->addLayout(cardsLayout, 1);
    // Both cards show the same aspect (proof, anatomy, geometry), side by side.
    connect(lowerCard_, &AxiomCard::detailTabChanged, higherCard_, &AxiomCard::setDetailTab);
    connect(higherCard_, &AxiomCard::detailTabChanged, lowerCard_, &AxiomCard::setDetailTab);
    for (int i = 0; i < 2; ++i) {
        AxiomCard* card = i == 0 ? lowerCard_ : higherCard_;
        geometryViews_[static_cast<std::size_t>(i)] = card->geometryView();
        geometryCaptions_[static_cast<std::size_t>(i)] = card->geometryCaption();
        connect(card, &AxiomCard::exportGeometryRequested, this, [this, i] { exportGeometry(i); });
    }
    cardsLayout->addWidget(lowerCard_, 1);
    auto* vs = new QLabel(QStringLiteral("\u2265"), cards);
    vs->setToolTip(tr("The left axiom scores at least as high as the right one, but should score lower."));
    vs->setStyleSheet(QStringLiteral("font-size: 22pt; color: #b71c1c"));
    cardsLayout->addWidget(vs);
    cardsLayout->addWidget(higherCard_, 1);
    geometry_ = new QLabel(this);
    geometry_->setObjectName(QStringLiteral("geometryNote"));
    geometry_->setWordWrap(true);
    geometry_->setStyleSheet(QStringLiteral("background: #fff8e1; border: 1px solid #ffe082; border-radius: 3px; "
                                            "padding: 6px; color: #5d4037"));
    auto* detail = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(cards, 1);
    detailLayout->addWidget(geometry_);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(view_);
    split->addWidget(detail);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(status);
    layout->addWidget(split, 1);

    connect(evaluationBox_, &QComboBox::currentIndexChanged, this, &InversionsPage::setCurrentEvaluation);
    connect(kindBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        kindBox_->setToolTip(kindBox_->itemData(i, Qt::ToolTipRole).toString());
        refresh();
    });
    connect(nfBox_, &QComboBox::currentIndexChanged, this, [this](int) { refresh(); });
    connect(limit_, &QSpinBox::editingFinished, this, &InversionsPage::refresh);
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
    connect(workspace_, &EvalWorkspace::evaluationAdded, this,
            [this](int row) { evaluationBox_->setCurrentIndex(row); });
    connect(workspace_, &EvalWorkspace::ontologyChanged, this, [this] {
        updateOntologyLabel();
        renderListedAxioms();
        showSelection();
    });
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, model_, &InversionTableModel::nameStyleChanged);
    updateOntologyLabel();
    setCurrentEvaluation(-1);
}

void InversionsPage::updateOntologyLabel() {
    const auto o = workspace_->ontology();
    ontologyLabel_->setText(o ? tr("Proofs from: <b>%1</b>").arg(ontologyName(*o).toHtmlEscaped())
                              : tr("<i>No ontology: proofs not available</i>"));
}

void InversionsPage::setCurrentEvaluation(int row) {
    if (evaluationBox_->currentIndex() != row) {
        evaluationBox_->setCurrentIndex(row);
        if (evaluationBox_->currentIndex() == row) return;
    }
    evaluation_ = workspace_->model()->evaluationAt(row);
    {
        const QSignalBlocker block(nfBox_);
        nfBox_->clear();
        nfBox_->addItem(tr("All"));
        if (evaluation_)
            for (const auto& nf : evaluation_->result->tests.normal_forms)
                nfBox_->addItem(QString::fromStdString(nf));
    }
    refresh();
}

void InversionsPage::setKind(InversionKind kind) {
    kindBox_->setCurrentIndex(kindBox_->findData(static_cast<int>(kind)));
}

void InversionsPage::setNormalFormRow(int row) {
    nfBox_->setCurrentIndex(row);
}

void InversionsPage::setLimit(int k) {
    limit_->setValue(k);
    refresh();
}

void InversionsPage::selectRow(int row) {
    view_->selectionModel()->setCurrentIndex(proxy_->index(row, 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

bool InversionsPage::exportCsv(const QString& path) const {
    return writeCsv(*proxy_, path);
}

void InversionsPage::refresh() {
    ++generation_;
    const auto kind = static_cast<InversionKind>(kindBox_->currentData().toInt());
    const std::optional<std::uint32_t> nf =
        nfBox_->currentIndex() > 0 ? std::optional<std::uint32_t>(nfBox_->currentIndex() - 1) : std::nullopt;
    if (!evaluation_) {
        model_->setInversions(nullptr, {});
        count_->setText(tr("No evaluation: use <b>File \u2192 Import Scores\u2026</b>."));
        showSelection();
        emit inversionsUpdated();
        return;
    }
    count_->setText(tr("Computing\u2026"));
    const quint64 generation = generation_;
    const EvaluationPtr e = evaluation_;
    const auto k = static_cast<std::size_t>(limit_->value());
    JobHandle* job =
        workspace_->runner()->start(tr("Inversions of %1").arg(e->name), [e, kind, nf, k](jobs::JobContext& ctx) {
            return computeInversions(*e, kind, nf, k, ctx);
        });
    connect(job, &JobHandle::finished, this, [this, job, generation, e] {
        if (generation != generation_) return;
        InversionList list = job->resultAs<InversionList>();
        const std::uint64_t total = list.total;
        const std::size_t shown = list.pairs.size();
        model_->setInversions(e, std::move(list));
        renderListedAxioms();
        view_->sortByColumn(InversionTableModel::RankColumn, Qt::AscendingOrder);
        count_->setText(total == 0
                            ? tr("<b style='color:%1'>No violating pairs</b> of this kind.")
                                  .arg(statusColor(eval::Status::Entailed).darker(110).name())
                            : tr("<b>%L1</b> violating pairs in all (exact); the %L2 largest by margin are listed.")
                                  .arg(total)
                                  .arg(shown));
        if (model_->rowCount() > 0)
            selectRow(0);
        else
            showSelection();
        emit inversionsUpdated();
    });
}

void InversionsPage::showSelection() {
    ++detailGeneration_;
    const QModelIndex current = proxy_->mapToSource(view_->selectionModel()->currentIndex());
    const EvaluationPtr e = model_->evaluation();
    const bool any = e && current.isValid();
    const InversionList& list = model_->inversions();
    const eval::ViolatingPair* pair = any ? &list.pairs[static_cast<std::size_t>(current.row())] : nullptr;
    const QString lowerRole = tr("Contradiction \u03b1\u207b (should score lower)");
    QString higherRole = tr("Other axiom (should score higher)");
    if (pair) {
        const auto status = e->result->tests.axioms[pair->higher].status;
        higherRole = status == eval::Status::Entailed ? tr("Entailed \u03b1\u207a (should score higher)")
                                                      : tr("Undetermined \u03b1? (should score higher)");
    }
    lowerCard_->setAxiom(e.get(), pair ? std::optional<std::uint32_t>(pair->lower) : std::nullopt, lowerRole);
    higherCard_->setAxiom(e.get(), pair ? std::optional<std::uint32_t>(pair->higher) : std::nullopt, higherRole);
    const bool fromRun = e && QFileInfo(e->scoresPath).isDir();
    geometry_->setText(e && !fromRun
                           ? tr("<b>Model geometry not available.</b> These scores were imported from a file, so there "
                                "is no geometric model (balls or boxes) to project. Choose a training run folder in "
                                "File → Import Scores… to evaluate a trained EL model and see why it scores so.")
                           : QString());
    geometry_->setVisible(e && !fromRun);
    modelPanel_->setVisible(fromRun);
    for (AxiomCard* card : {lowerCard_, higherCard_})
        card->setModelTabsVisible(fromRun);
    // A trained run's pair opens on the anatomy of its scores: why the model ranks them so.
    if (fromRun && !showedRun_) lowerCard_->setDetailTab(AxiomCard::kAnatomyTab);
    showedRun_ = fromRun;
    explainSelection(pair && fromRun ? e : nullptr);
    if (!pair) {
        emit detailsUpdated();
        return;
    }
    const auto o = workspace_->ontology();
    if (!o) {
        const QString none =
            tr("No ontology loaded. Choose one with \"Ontology…\" (or in File \u2192 Import Scores\u2026) "
               "to see the proof of an entailment or of a contradiction.");
        lowerCard_->setProof(none);
        higherCard_->setProof(none);
        emit detailsUpdated();
        return;
    }
    proofs_.clear();
    lowerCard_->setProof(tr("Computing proof…"));
    higherCard_->setProof(tr("Computing proof…"));
    const quint64 generation = detailGeneration_;
    JobHandle* job = workspace_->prove({lowerCard_->axiomText(), higherCard_->axiomText()});
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation != detailGeneration_) return;
        proofs_ = job->resultAs<std::vector<AxiomProof>>();
        showProofs();
        emit detailsUpdated();
    });
    connect(job, &JobHandle::failed, this, [this, generation](const QString& message) {
        if (generation != detailGeneration_) return;
        lowerCard_->setProof(tr("Proof failed: %1").arg(message));
        higherCard_->setProof(tr("Proof failed: %1").arg(message));
        emit detailsUpdated();
    });
}

void InversionsPage::renderListedAxioms() {
    const EvaluationPtr e = model_->evaluation();
    if (!e || model_->rowCount() == 0) return;
    std::vector<std::uint32_t> ids;
    for (const eval::ViolatingPair& v : model_->inversions().pairs)
        for (std::uint32_t a : {v.lower, v.higher})
            if (std::find(ids.begin(), ids.end(), a) == ids.end()) ids.push_back(a);
    QStringList texts;
    for (std::uint32_t a : ids) {
        const auto& t = e->result->tests.axioms[a].axiom;
        texts << QString::fromUtf8(t.data(), static_cast<qsizetype>(t.size()));
    }
    JobHandle* job = workspace_->render(texts);
    if (!job) return;
    const quint64 generation = generation_;
    connect(job, &JobHandle::finished, this, [this, job, generation, ids] {
        if (generation != generation_) return;
        const auto& shown = job->resultAs<std::vector<StyledText>>();
        std::unordered_map<std::uint32_t, StyledText> byId;
        for (std::size_t i = 0; i < ids.size() && i < shown.size(); ++i)
            byId.emplace(ids[i], shown[i]);
        model_->setShownAxioms(std::move(byId));
    });
}

void InversionsPage::showProofs() {
    AxiomCard* cards[2] = {lowerCard_, higherCard_};
    const std::size_t style = currentStyleIndex();
    for (std::size_t i = 0; i < 2 && i < proofs_.size(); ++i) {
        const AxiomProof& p = proofs_[i];
        cards[i]->setShownAxiom(p.axiomIn[style]);
        QString text;
        if (!p.checked) {
            text = tr("Not checkable against the ontology: %1").arg(p.error);
        } else {
            text = tr("Reasoner: %1 (reading: %2)\n").arg(p.status, p.reading);
            const QStringList& steps = p.proofIn[style].isEmpty() ? p.proof : p.proofIn[style];
            if (p.status == QLatin1String("undetermined"))
                text += tr("Neither entailed nor contradictory: there is no proof to show.");
            else if (steps.isEmpty())
                text += tr("(no proof steps recorded)");
            for (const auto& step : steps)
                text += step + QLatin1Char('\n');
        }
        cards[i]->setProof(text.trimmed());
    }
}

// --- the model's view of the pair ------------------------------------------------------------

PairModelFrames computePairModel(const QString& runDir, const std::array<QString, 2>& axioms, jobs::JobContext& ctx) {
    PairModelFrames out;
    const std::string dir = QFile::encodeName(runDir).toStdString();
    const bool replay = !embed::kept_checkpoints(dir).empty();
    std::unique_ptr<embed::ExplainModel> model; // the final checkpoint, when the run kept none
    for (std::size_t i = 0; i < 2; ++i) {
        ctx.throw_if_stopped();
        ctx.report(i, 2, "Explaining the scores of the pair", i == 0);
        PairModelFrames::Side& side = out.side[i];
        const std::string axiom = axioms[i].toStdString();
        std::string source;
        try {
            if (replay) {
                side.frames = embed::replay_over_training(dir, axiom, embed::kDefaultGeometryNeighbours, &source);
            } else {
                if (!model) model = std::make_unique<embed::ExplainModel>(embed::run_checkpoint(dir));
                embed::EpochGeometry f;
                f.anatomy = model->explain(axiom);
                f.epoch = f.anatomy.epoch;
                try {
                    embed::GeometryOptions go;
                    go.neighbours =
                        embed::run_neighbours(dir, *model, f.anatomy, embed::kDefaultGeometryNeighbours, &source);
                    f.scene = embed::score_geometry(*model, f.anatomy, go);
                } catch (const InputError& e) {
                    side.geometryError = QString::fromStdString(e.message());
                }
                side.frames.push_back(std::move(f));
            }
        } catch (const InputError& e) {
            side.error = QString::fromStdString(e.what());
            side.frames.clear();
        }
        if (!source.empty()) out.neighbours = QString::fromStdString(source);
        std::vector<embed::GeoScene> scenes;
        for (const embed::EpochGeometry& f : side.frames)
            scenes.push_back(f.scene);
        if (!scenes.empty() && side.geometryError.isEmpty()) side.view = embed::union_view(scenes);
    }
    return out;
}

QWidget* InversionsPage::buildModelPanel() {
    auto* panel = new QWidget(this);
    panel->setObjectName(QStringLiteral("modelPanel"));
    epochSlider_ = new QSlider(Qt::Horizontal, panel);
    epochSlider_->setObjectName(QStringLiteral("epochSlider"));
    epochSlider_->setAccessibleName(tr("Epoch of the checkpoint shown"));
    epochSlider_->setToolTip(
        tr("Replays the checkpoints the run kept (kbcx train --keep-checkpoints): the shapes and "
           "both scores as they were at each evaluation, so you see when the inversion appeared."));
    epochSlider_->setPageStep(1);
    epochLabel_ = new QLabel(panel);
    epochLabel_->setObjectName(QStringLiteral("epochLabel"));
    connect(epochSlider_, &QSlider::valueChanged, this, &InversionsPage::showFrame);
    auto* row = new QHBoxLayout(panel);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Model checkpoint:"), panel));
    row->addWidget(epochSlider_, 1);
    row->addWidget(epochLabel_, 2);
    panel->setVisible(false);
    return panel;
}

void InversionsPage::explainSelection(const EvaluationPtr& e) {
    const quint64 generation = ++modelGeneration_;
    if (modelJob_ && modelJob_->isActive()) modelJob_->cancel(); // its result would be ignored
    pairModel_ = {};
    {
        const QSignalBlocker block(epochSlider_);
        epochSlider_->setRange(0, 0);
    }
    epochSlider_->setEnabled(false);
    epochLabel_->clear();
    for (QLabel* caption : geometryCaptions_)
        caption->clear();
    if (!e) {
        for (GeometryView* g : geometryViews_)
            g->clearScene(QString());
        emit modelUpdated();
        return;
    }
    for (AxiomCard* card : {lowerCard_, higherCard_})
        card->anatomyView()->setMessage(tr("Computing the score's anatomy…"));
    for (GeometryView* g : geometryViews_)
        g->clearScene(tr("Computing…"));
    const QString dir = e->scoresPath;
    const std::array<QString, 2> axioms = {lowerCard_->axiomText(), higherCard_->axiomText()};
    JobHandle* job = workspace_->runner()->start(tr("Score anatomy of a pair"), [dir, axioms](jobs::JobContext& ctx) {
        return computePairModel(dir, axioms, ctx);
    });
    modelJob_ = job;
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation != modelGeneration_) return;
        pairModel_ = job->resultAs<PairModelFrames>();
        const int frames =
            static_cast<int>(std::max(pairModel_.side[0].frames.size(), pairModel_.side[1].frames.size()));
        {
            const QSignalBlocker block(epochSlider_);
            epochSlider_->setRange(0, std::max(0, frames - 1));
            epochSlider_->setValue(std::max(0, frames - 1));
        }
        epochSlider_->setEnabled(frames > 1);
        showFrame(epochSlider_->value());
        emit modelUpdated();
    });
    connect(job, &JobHandle::failed, this, [this, job, generation](const QString&) {
        if (generation != modelGeneration_) return;
        const QString why = job->errorText();
        for (AxiomCard* card : {lowerCard_, higherCard_})
            card->anatomyView()->setMessage(tr("No anatomy: %1").arg(why));
        for (GeometryView* g : geometryViews_)
            g->clearScene(QString());
        emit modelUpdated();
    });
}

void InversionsPage::showFrame(int index) {
    AxiomCard* cards[2] = {lowerCard_, higherCard_};
    int epoch = -1;
    for (std::size_t i = 0; i < 2; ++i) {
        const PairModelFrames::Side& side = pairModel_.side[i];
        if (side.frames.empty()) {
            cards[i]->anatomyView()->setMessage(side.error.isEmpty() ? QString()
                                                                     : tr("No anatomy: %1").arg(side.error));
            geometryViews_[i]->clearScene(side.error.isEmpty() ? QString() : tr("Nothing to draw."));
            geometryCaptions_[i]->clear();
            continue;
        }
        const auto k = static_cast<std::size_t>(std::clamp(index, 0, static_cast<int>(side.frames.size()) - 1));
        const embed::EpochGeometry& f = side.frames[k];
        epoch = f.epoch;
        cards[i]->anatomyView()->setAnatomy(f.anatomy);
        if (!side.geometryError.isEmpty()) {
            geometryViews_[i]->clearScene(side.geometryError);
            geometryCaptions_[i]->setText(side.geometryError);
            continue;
        }
        geometryViews_[i]->showScene(f.scene, side.view);
        QString caption = GeometryView::caption(f.scene);
        if (!pairModel_.neighbours.isEmpty()) caption += tr(". Neighbours: %1").arg(pairModel_.neighbours);
        geometryCaptions_[i]->setText(caption);
    }
    const int frames = epochSlider_->maximum() + 1;
    if (epoch < 0)
        epochLabel_->clear();
    else if (frames > 1)
        epochLabel_->setText(tr("epoch %1 (%2 of %3 kept)").arg(epoch).arg(index + 1).arg(frames));
    else
        epochLabel_->setText(
            tr("epoch %1 (no other checkpoints kept: train with --keep-checkpoints to replay)").arg(epoch));
}

void InversionsPage::exportGeometry(int side) {
    GeometryView* view = geometryViews_[static_cast<std::size_t>(side)];
    if (!view->geoScene()) return;
    auto* dialog = new QFileDialog(this, tr("Export Geometry"),
                                   side == 0 ? QStringLiteral("lower.svg") : QStringLiteral("higher.svg"),
                                   tr("SVG drawing (*.svg);;PNG image (*.png)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this, view](const QString& path) {
        QString error;
        const bool ok = path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) ? view->exportPng(path, &error)
                                                                                   : view->exportSvg(path, &error);
        if (!ok) showWarning(this, tr("Export Geometry"), tr("Could not write %1: %2").arg(path, error));
    });
    dialog->open();
}

} // namespace kbcx::ui
