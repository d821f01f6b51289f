// Implementation of RulesPage: source controls, the rule table with its proxy, supports,
// derived facts and derivation tree panes, all computations through JobRunner jobs.
#include "ui/rules/rules_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/progress_value.hpp"
#include "ui/common/views.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/rules/derivation_tree_model.hpp"
#include "ui/rules/derived_fact_model.hpp"
#include "ui/rules/learnt_rules_panel.hpp"
#include "ui/rules/rule_table_model.hpp"
#include "ui/rules/support_table_model.hpp"

#include "common/error.hpp"
#include "rules/patterns.hpp"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedLayout>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace kbcx::ui {

namespace {

QLabel* paneTitle(QWidget* parent) {
    return boldLabel(QString(), parent);
}

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, QObject* parent, int sortRole) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QString number(std::uint64_t n) {
    return QLocale().toString(static_cast<qulonglong>(n));
}

HighlightFact highlightFact(const rules::Program& program, const rules::GroundFact& f, const std::string& text,
                            HighlightFact::Role role, bool inKg) {
    HighlightFact h;
    h.role = role;
    h.unary = f.unary;
    h.pred = f.pred;
    h.s = f.s;
    h.o = f.o;
    h.predName =
        QString::fromStdString(program.display(f.unary ? kg::Namespace::Type : kg::Namespace::Relation, f.pred));
    h.subjectName = QString::fromStdString(program.display(kg::Namespace::Entity, f.s));
    if (!f.unary) h.objectName = QString::fromStdString(program.display(kg::Namespace::Entity, f.o));
    h.text = QString::fromStdString(text);
    h.inKg = inKg;
    return h;
}

} // namespace

RulesPage::RulesPage(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("rulesPage"));
    ruleModel_ = new RuleTableModel(this);
    supportModel_ = new SupportTableModel(this);
    derivedModel_ = new DerivedFactModel(this);
    derivationModel_ = new DerivationTreeModel(this);
    ruleProxy_ = makeProxy(ruleModel_, this, RuleTableModel::SortRole);
    ruleProxy_->setFilterKeyColumn(-1); // rule text and pattern
    supportProxy_ = makeProxy(supportModel_, this, SupportTableModel::SortRole);
    derivedProxy_ = makeProxy(derivedModel_, this, Qt::DisplayRole);
    derivedProxy_->setFilterKeyColumn(DerivedFactModel::FactColumn);
    buildUi();
    setDataset({});
}

void RulesPage::buildUi() {
    auto* stack = new QStackedLayout(this);
    emptyHint_ = makeEmptyState(tr("No dataset selected"),
                                tr("Open a knowledge graph (or <b>File → Open Demo</b>) and select it in the Datasets "
                                   "panel to load rules for it."),
                                this);
    stack->addWidget(emptyHint_);
    content_ = new QWidget(this);
    stack->addWidget(content_);

    auto* layout = new QVBoxLayout(content_);
    layout->setContentsMargins(9, 9, 9, 9);

    buildSourceRows(layout);
    layout->addLayout(buildActionRow());

    auto* vertical = new QSplitter(Qt::Vertical, content_);
    vertical->setChildrenCollapsible(false);

    QWidget* rulesPane = buildRulesPane(vertical);
    auto* bottom = new QSplitter(Qt::Horizontal, vertical);
    bottom->setChildrenCollapsible(false);

    QWidget* supportsPane = buildSupportsPane(bottom);
    auto* right = new QSplitter(Qt::Vertical, bottom);
    right->setChildrenCollapsible(false);
    QWidget* derivedPane = buildDerivedPane(right);
    QWidget* treePane = buildDerivationPane(right);
    learnt_ = new LearntRulesPanel(runner_, right);
    right->addWidget(derivedPane);
    right->addWidget(treePane);
    right->addWidget(learnt_);
    bottom->addWidget(supportsPane);
    bottom->addWidget(right);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    vertical->addWidget(rulesPane);
    vertical->addWidget(bottom);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 1);
    layout->addWidget(vertical, 1);

    connectControls();
}

// Where the rules come from: a rule file, or inference patterns over the dataset's relations.
void RulesPage::buildSourceRows(QVBoxLayout* layout) {
    // Source: a rule file or patterns.
    fileRadio_ = new QRadioButton(tr("Rule &file:"), content_);
    fileRadio_->setObjectName(QStringLiteral("ruleFileRadio"));
    fileRadio_->setChecked(true);
    patternRadio_ = new QRadioButton(tr("&Patterns:"), content_);
    patternRadio_->setObjectName(QStringLiteral("patternRadio"));
    auto* group = new QButtonGroup(this);
    group->addButton(fileRadio_);
    group->addButton(patternRadio_);

    ruleFileEdit_ = new QLineEdit(content_);
    ruleFileEdit_->setObjectName(QStringLiteral("ruleFileEdit"));
    ruleFileEdit_->setPlaceholderText(tr("Rules in the plain syntax (T(x,z) :- R(x,y), S(y,z).) or RDFox .dlog"));
    ruleFileEdit_->setClearButtonEnabled(true);
    browseButton_ = new QToolButton(content_);
    browseButton_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    browseButton_->setToolTip(tr("Choose a rule file"));
    mapPrefixEdit_ = new QLineEdit(content_);
    mapPrefixEdit_->setObjectName(QStringLiteral("mapPrefixEdit"));
    mapPrefixEdit_->setPlaceholderText(tr("optional FROM=TO …"));
    mapPrefixEdit_->setToolTip(tr("Like kbcx --map-prefix FROM=TO: read data IRIs starting with FROM as if they "
                                  "started with TO, so that the rule file's IRIs match. Several pairs are separated "
                                  "by spaces."));

    patternCombo_ = new QComboBox(content_);
    patternCombo_->setObjectName(QStringLiteral("patternCombo"));
    patternCombo_->addItem(tr("all patterns"), QStringLiteral("all"));
    for (rules::Pattern p : rules::all_patterns()) {
        patternCombo_->addItem(QString::fromUtf8(rules::pattern_name(p).data(), rules::pattern_name(p).size()),
                               QString::fromUtf8(rules::pattern_name(p).data(), rules::pattern_name(p).size()));
        patternCombo_->setItemData(
            patternCombo_->count() - 1,
            QString::fromUtf8(rules::pattern_template(p).data(), rules::pattern_template(p).size()), Qt::ToolTipRole);
    }
    topKSpin_ = new QSpinBox(content_);
    topKSpin_->setObjectName(QStringLiteral("topKSpin"));
    topKSpin_->setRange(1, 100000);
    topKSpin_->setValue(10);
    topKSpin_->setPrefix(tr("top "));
    topKSpin_->setToolTip(tr("Rules kept per pattern, largest support first"));
    seedSpin_ = new QSpinBox(content_);
    seedSpin_->setObjectName(QStringLiteral("seedSpin"));
    seedSpin_->setRange(0, 1000000000);
    seedSpin_->setValue(1);
    seedSpin_->setPrefix(tr("seed "));
    seedSpin_->setToolTip(tr("Seed for the random head predicates of pattern instances"));

    const int radioWidth = std::max(fileRadio_->sizeHint().width(), patternRadio_->sizeHint().width());
    fileRadio_->setMinimumWidth(radioWidth);
    patternRadio_->setMinimumWidth(radioWidth);
    mapPrefixEdit_->setMinimumWidth(220);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(fileRadio_);
    fileRow->addWidget(ruleFileEdit_, 1);
    fileRow->addWidget(browseButton_);
    fileRow->addSpacing(12);
    fileRow->addWidget(new QLabel(tr("Map prefix:"), content_));
    fileRow->addWidget(mapPrefixEdit_);
    auto* patternRow = new QHBoxLayout;
    patternRow->addWidget(patternRadio_);
    patternRow->addWidget(patternCombo_);
    patternRow->addWidget(topKSpin_);
    patternRow->addWidget(seedSpin_);
    patternRow->addStretch(1);
    layout->addLayout(fileRow);
    layout->addLayout(patternRow);
}

// Load & Score, Materialise, the progress of the running job with its cancel button, the
// status line and the rule filter.
QHBoxLayout* RulesPage::buildActionRow() {
    auto* actions = new QHBoxLayout;
    scoreButton_ =
        new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Load && Score Rules"), content_);
    scoreButton_->setObjectName(QStringLiteral("scoreRulesButton"));
    scoreButton_->setToolTip(tr("Load the rule file or enumerate the patterns' rules, and count each rule's "
                                "supports and new conclusions (a background job)"));
    materialiseButton_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Materialise"), content_);
    materialiseButton_->setObjectName(QStringLiteral("materialiseButton"));
    materialiseButton_->setToolTip(tr("Apply all rules to a fixpoint (semi-naive, with provenance) and list the "
                                      "derived facts (a background job)"));
    progress_ = new QProgressBar(content_);
    progress_->setObjectName(QStringLiteral("rulesProgress"));
    progress_->setMaximumWidth(220);
    progress_->setTextVisible(true);
    progress_->hide();
    cancelButton_ = new QToolButton(content_);
    cancelButton_->setObjectName(QStringLiteral("rulesCancelButton"));
    cancelButton_->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    cancelButton_->setToolTip(tr("Cancel"));
    cancelButton_->hide();
    status_ = new QLabel(content_);
    status_->setObjectName(QStringLiteral("rulesStatus"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    ruleFilter_ = new QLineEdit(content_);
    ruleFilter_->setObjectName(QStringLiteral("ruleFilter"));
    ruleFilter_->setPlaceholderText(tr("Filter rules by text or pattern"));
    ruleFilter_->setClearButtonEnabled(true);
    ruleFilter_->setMaximumWidth(320);
    actions->addWidget(scoreButton_);
    actions->addWidget(materialiseButton_);
    actions->addWidget(progress_);
    actions->addWidget(cancelButton_);
    actions->addWidget(status_, 1);
    actions->addWidget(ruleFilter_);

    return actions;
}

// The rule table (supports, new and derived conclusions per rule) under its title.
QWidget* RulesPage::buildRulesPane(QWidget* parent) {
    const QFontMetrics fm = fontMetrics();
    auto* rulesPane = new QWidget(parent);
    auto* rulesLayout = new QVBoxLayout(rulesPane);
    rulesLayout->setContentsMargins(0, 0, 0, 0);
    rulesTitle_ = paneTitle(rulesPane);
    ruleView_ = makeDataTable(rulesPane, QStringLiteral("ruleTable"));
    ruleView_->setModel(ruleProxy_);
    ruleView_->setSortingEnabled(true);
    ruleView_->sortByColumn(RuleTableModel::IndexColumn, Qt::AscendingOrder);
    QHeaderView* header = ruleView_->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(RuleTableModel::RuleColumn, QHeaderView::Stretch);
    header->resizeSection(RuleTableModel::IndexColumn, fm.horizontalAdvance(QStringLiteral("0000")) + 24);
    header->resizeSection(RuleTableModel::PatternColumn, fm.horizontalAdvance(QStringLiteral("type-hierarchy")) + 24);
    for (int c :
         {int(RuleTableModel::SupportColumn), int(RuleTableModel::NewColumn), int(RuleTableModel::DerivedColumn)})
        header->resizeSection(c, fm.horizontalAdvance(QStringLiteral("New conclusions")) + 28);
    rulesLayout->addWidget(rulesTitle_);
    rulesLayout->addWidget(ruleView_);

    return rulesPane;
}

// The supports of the selected rule, with the "Show in Graph" switch.
QWidget* RulesPage::buildSupportsPane(QWidget* parent) {
    const QFontMetrics fm = fontMetrics();
    auto* supportsPane = new QWidget(parent);
    auto* supportsLayout = new QVBoxLayout(supportsPane);
    supportsLayout->setContentsMargins(0, 0, 0, 0);
    auto* supportsHead = new QHBoxLayout;
    supportsTitle_ = paneTitle(supportsPane);
    supportsTitle_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    followGraph_ = new QCheckBox(tr("Show in &Graph"), supportsPane);
    followGraph_->setObjectName(QStringLiteral("followGraphCheck"));
    followGraph_->setChecked(true);
    followGraph_->setToolTip(tr("Selecting a support switches to the Graph tab with its premises and conclusion "
                                "highlighted, centred on the conclusion's subject"));
    supportsHead->addWidget(supportsTitle_, 1);
    supportsHead->addWidget(followGraph_);
    supportView_ = makeDataTable(supportsPane, QStringLiteral("supportTable"));
    supportView_->setModel(supportProxy_);
    supportView_->setSortingEnabled(true);
    supportView_->sortByColumn(SupportTableModel::IndexColumn, Qt::AscendingOrder);
    supportView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    supportView_->horizontalHeader()->setSectionResizeMode(SupportTableModel::PremisesColumn, QHeaderView::Stretch);
    supportView_->horizontalHeader()->resizeSection(SupportTableModel::IndexColumn,
                                                    fm.horizontalAdvance(QStringLiteral("0000")) + 24);
    supportView_->horizontalHeader()->resizeSection(
        SupportTableModel::ConclusionColumn, fm.horizontalAdvance(QStringLiteral("memberOf(Univ0_Dept0_X,Univ0)")));
    supportView_->horizontalHeader()->resizeSection(SupportTableModel::StatusColumn,
                                                    fm.horizontalAdvance(QStringLiteral("Conclusion is")) + 28);
    supportsLayout->addLayout(supportsHead);
    supportsLayout->addWidget(supportView_);

    return supportsPane;
}

// The facts materialisation derived, with their filter.
QWidget* RulesPage::buildDerivedPane(QWidget* parent) {
    const QFontMetrics fm = fontMetrics();
    auto* derivedPane = new QWidget(parent);
    auto* derivedLayout = new QVBoxLayout(derivedPane);
    derivedLayout->setContentsMargins(0, 0, 0, 0);
    derivedTitle_ = paneTitle(derivedPane);
    derivedFilter_ = new QLineEdit(derivedPane);
    derivedFilter_->setObjectName(QStringLiteral("derivedFilter"));
    derivedFilter_->setPlaceholderText(tr("Filter derived facts"));
    derivedFilter_->setClearButtonEnabled(true);
    derivedView_ = makeDataTable(derivedPane, QStringLiteral("derivedTable"));
    derivedView_->setModel(derivedProxy_);
    derivedView_->horizontalHeader()->setSectionResizeMode(DerivedFactModel::FactColumn, QHeaderView::Stretch);
    derivedView_->horizontalHeader()->setSectionResizeMode(DerivedFactModel::RuleColumn, QHeaderView::Interactive);
    derivedView_->horizontalHeader()->resizeSection(DerivedFactModel::RuleColumn,
                                                    fm.horizontalAdvance(QStringLiteral("Derived by")) + 28);
    derivedLayout->addWidget(derivedTitle_);
    derivedLayout->addWidget(derivedFilter_);
    derivedLayout->addWidget(derivedView_);

    return derivedPane;
}

// The derivation tree of the selected derived fact.
QWidget* RulesPage::buildDerivationPane(QWidget* parent) {
    const QFontMetrics fm = fontMetrics();
    auto* treePane = new QWidget(parent);
    auto* treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    derivationTitle_ = paneTitle(treePane);
    derivationTitle_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    derivationView_ = new QTreeView(treePane);
    derivationView_->setObjectName(QStringLiteral("derivationTree"));
    derivationView_->setModel(derivationModel_);
    derivationView_->setUniformRowHeights(true);
    derivationView_->setAlternatingRowColors(true);
    derivationView_->header()->setStretchLastSection(true);
    derivationView_->header()->resizeSection(
        DerivationTreeModel::FactColumn,
        fm.horizontalAdvance(QStringLiteral("memberOf(Univ0_Dept0_FullProfessor0,Univ0)")) + 40);
    treeLayout->addWidget(derivationTitle_);
    treeLayout->addWidget(derivationView_);

    return treePane;
}

// Buttons, filters and selections to what they do.
void RulesPage::connectControls() {
    connect(browseButton_, &QToolButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open Rule File"), ruleFileEdit_->text(),
                                         tr("Rule files (*.dlog *.rules *.dl *.txt *.gz);;All files (*)"));
        if (!path.isEmpty()) setRuleFile(path);
    });
    connect(ruleFileEdit_, &QLineEdit::textEdited, this, [this] { fileRadio_->setChecked(true); });
    connect(ruleFileEdit_, &QLineEdit::returnPressed, this, [this] { scoreRules(); });
    connect(patternCombo_, &QComboBox::activated, this, [this] { patternRadio_->setChecked(true); });
    connect(scoreButton_, &QPushButton::clicked, this, [this] { scoreRules(); });
    connect(materialiseButton_, &QPushButton::clicked, this, [this] { materialise(); });
    connect(cancelButton_, &QToolButton::clicked, this, [this] {
        if (progressJob_) progressJob_->cancel();
    });
    connect(ruleFilter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        ruleProxy_->setFilterFixedString(text);
        updateTitles();
    });
    connect(derivedFilter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        derivedProxy_->setFilterFixedString(text);
        updateTitles();
    });
    connect(ruleView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onRuleSelected(current); });
    connect(supportView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onSupportSelected(current); });
    connect(derivedView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onDerivedSelected(current); });
}

void RulesPage::setDataset(DatasetPtr dataset) {
    if (dataset == dataset_ && dataset) return;
    for (JobHandle* job : {scoreJob_, supportsJob_, materialiseJob_})
        if (job && job->isActive()) job->cancel();
    dataset_ = std::move(dataset);
    program_.reset();
    closure_.reset();
    ruleModel_->clear();
    supportModel_->clear();
    derivedModel_->setClosure(nullptr);
    derivationModel_->clear();
    status_->clear();
    static_cast<QStackedLayout*>(layout())->setCurrentIndex(dataset_ ? 1 : 0);
    updateEnabled();
    updateTitles();
}

void RulesPage::setRuleFile(const QString& path) {
    ruleFileEdit_->setText(path);
    fileRadio_->setChecked(true);
}

void RulesPage::setMapPrefixes(const QString& specs) {
    mapPrefixEdit_->setText(specs);
}

void RulesPage::setPatterns(const QString& pattern, int topK, int seed) {
    const int i = patternCombo_->findData(pattern);
    if (i >= 0) patternCombo_->setCurrentIndex(i);
    topKSpin_->setValue(topK);
    seedSpin_->setValue(seed);
    patternRadio_->setChecked(true);
}

bool RulesPage::followsGraph() const {
    return followGraph_->isChecked();
}

bool RulesPage::readMatchOptions(rules::MatchOptions& out) {
    out = {};
    const QStringList specs = mapPrefixEdit_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    try {
        for (const QString& spec : specs)
            out.map_prefix.push_back(rules::parse_map_prefix(spec.toStdString()));
    } catch (const InputError& e) {
        showError(tr("Bad map prefix"), QString::fromStdString(e.message()), QString::fromStdString(e.file()), e.line(),
                  e.column());
        return false;
    }
    return true;
}

JobHandle* RulesPage::scoreRules() {
    if (!dataset_) return nullptr;
    rules::ScoreRulesParams params;
    params.graph = dataset_->graph;
    if (!readMatchOptions(params.match)) return nullptr;
    QString what;
    if (patternRadio_->isChecked()) {
        const QString name = patternCombo_->currentData().toString();
        if (name == QLatin1String("all"))
            params.patterns.patterns = rules::all_patterns();
        else if (const auto p = rules::parse_pattern(name.toStdString()))
            params.patterns.patterns = {*p};
        params.patterns.top_k = static_cast<std::size_t>(topKSpin_->value());
        params.patterns.seed = static_cast<std::uint64_t>(seedSpin_->value());
        what = tr("%1 (top %2)").arg(patternCombo_->currentText()).arg(topKSpin_->value());
    } else {
        const QString path = ruleFileEdit_->text().trimmed();
        if (path.isEmpty()) {
            showError(tr("No rule file"), tr("Choose a rule file first, or switch to patterns."), {}, 0, 0);
            return nullptr;
        }
        params.rules_path = QFile::encodeName(path).toStdString();
        what = QFileInfo(path).fileName();
    }
    if (scoreJob_ && scoreJob_->isActive()) scoreJob_->cancel();
    const DatasetPtr dataset = dataset_;
    JobHandle* job = runner_->start(tr("Rules: %1 on %2").arg(what, dataset->name),
                                    [params](jobs::JobContext& ctx) { return rules::score_rules_job(params, ctx); });
    scoreJob_ = job;
    const rules::MatchOptions match = params.match;
    connect(job, &JobHandle::finished, this, [this, job, dataset, match] {
        if (job != scoreJob_ || dataset != dataset_) return;
        const auto& result = job->resultAs<rules::ScoreRulesResult>();
        program_ = result.program;
        match_ = match;
        closure_.reset();
        supportModel_->clear();
        derivedModel_->setClosure(nullptr);
        derivationModel_->clear();
        ruleModel_->setRules(result.program, result.rows);
        status_->setText(tr("%1 rules scored in %2 s").arg(result.rows.size()).arg(result.seconds, 0, 'f', 3));
        updateEnabled();
        updateTitles();
    });
    connect(job, &JobHandle::failed, this,
            [this, job](const QString& message, const QString& file, quint64 line, quint64 column) {
                if (job == scoreJob_) showError(tr("Could not load the rules"), message, file, line, column);
            });
    showJobProgress(job);
    updateEnabled();
    return job;
}

JobHandle* RulesPage::materialise() {
    if (!dataset_ || !program_) return nullptr;
    rules::MaterialiseParams params;
    params.graph = dataset_->graph;
    params.rules = program_->rule_set();
    params.match = match_;
    params.options.provenance = true;
    if (materialiseJob_ && materialiseJob_->isActive()) materialiseJob_->cancel();
    const auto program = program_;
    JobHandle* job = runner_->start(tr("Materialise %1 rules on %2").arg(program_->rules().size()).arg(dataset_->name),
                                    [params](jobs::JobContext& ctx) {
                                        rules::MaterialiseResult result = rules::materialise_job(params, ctx);
                                        // Build the id → fact index here, not on the GUI thread's first lookup.
                                        if (result.closure->num_derived() > 0)
                                            (void)result.closure->fact(result.closure->num_input_facts());
                                        return result;
                                    });
    materialiseJob_ = job;
    connect(job, &JobHandle::finished, this, [this, job, program] {
        if (job != materialiseJob_ || program != program_) return;
        closure_ = job->resultAs<rules::MaterialiseResult>().closure;
        derivedModel_->setClosure(closure_);
        derivationModel_->clear();
        ruleModel_->setDerivedCounts(closure_->stats().derived_per_rule);
        const rules::MaterialiseStats& s = closure_->stats();
        status_->setText(tr("Materialised: %1 derived facts (%2 in all) in %3 rounds, %4 s")
                             .arg(number(s.derived), number(closure_->num_facts()))
                             .arg(s.rounds)
                             .arg(s.seconds, 0, 'f', 3));
        updateTitles();
    });
    connect(job, &JobHandle::failed, this,
            [this, job](const QString& message, const QString& file, quint64 line, quint64 column) {
                if (job == materialiseJob_) showError(tr("Materialisation failed"), message, file, line, column);
            });
    connect(job, &JobHandle::cancelled, this, [this, job] {
        if (job == materialiseJob_) status_->setText(tr("Materialisation cancelled; the previous results are kept"));
    });
    showJobProgress(job);
    return job;
}

void RulesPage::showJobProgress(JobHandle* job) {
    progressJob_ = job;
    progress_->setRange(0, 0);
    progress_->setFormat(job->title());
    progress_->show();
    cancelButton_->show();
    connect(job, &JobHandle::progress, this, [this, job](quint64 done, quint64 total, const QString& message) {
        if (job != progressJob_) return;
        if (total > 0) {
            progress_->setRange(0, 1000);
            setProgressValue(progress_,
                             static_cast<int>(1000.0 * static_cast<double>(done) / static_cast<double>(total)));
        } else {
            progress_->setRange(0, 0);
        }
        progress_->setFormat(message.isEmpty() ? job->title() : message);
        progress_->setToolTip(message);
    });
    connect(job, &JobHandle::ended, this, [this, job] {
        if (job != progressJob_) return;
        progressJob_ = nullptr;
        progress_->hide();
        cancelButton_->hide();
        updateEnabled();
    });
}

void RulesPage::showError(const QString& what, const QString& message, const QString& file, quint64 line,
                          quint64 column) {
    showInputError(this, {what, what + QLatin1Char('.'), message, file, line, column,
                          tr("The rules shown before are unchanged."), QStringLiteral("rulesErrorBox")});
    status_->setText(tr("%1: %2").arg(what, locatedMessage(message, file, line, column)));
}

void RulesPage::updateEnabled() {
    const bool busy = scoreJob_ && scoreJob_->isActive();
    scoreButton_->setEnabled(dataset_ != nullptr);
    materialiseButton_->setEnabled(program_ != nullptr && !busy);
}

void RulesPage::updateTitles() {
    const int all = ruleModel_->rowCount(), shown = ruleProxy_->rowCount();
    rulesTitle_->setText(all == shown ? tr("Rules (%1)").arg(all) : tr("Rules (%1 of %2)").arg(shown).arg(all));
    if (supportModel_->rowCount() == 0 && !(supportsJob_ && supportsJob_->isActive()))
        supportsTitle_->setText(program_ ? tr("Supports: select a rule") : tr("Supports"));
    if (all == 0 && !program_)
        rulesTitle_->setText(tr("Rules: choose a rule file or patterns above and press Load & Score Rules"));
    if (!closure_) {
        derivedTitle_->setText(program_ ? tr("Derived facts: press Materialise") : tr("Derived facts"));
    } else {
        const int rows = derivedModel_->rowCount(), visible = derivedProxy_->rowCount();
        derivedTitle_->setText(rows == visible ? tr("Derived facts (%1)").arg(number(closure_->num_derived()))
                                               : tr("Derived facts (%1 of %2)").arg(number(visible), number(rows)));
    }
    if (derivationModel_->rows().empty())
        derivationTitle_->setText(closure_ ? tr("Derivation: select a derived fact") : tr("Derivation"));
}

QString RulesPage::ruleLabel(std::size_t rule) const {
    return tr("rule %1").arg(rule + 1);
}

void RulesPage::onRuleSelected(const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid() || !program_) return;
    const auto rule = static_cast<std::size_t>(proxyIndex.data(RuleTableModel::RuleIndexRole).toULongLong());
    if (supportsJob_ && supportsJob_->isActive()) supportsJob_->cancel();
    const auto program = program_;
    supportModel_->clear();
    supportsTitle_->setText(tr("Supports of %1: loading…").arg(ruleLabel(rule)));
    learnt_->showRule(program->rule_set().rules[rule], ruleLabel(rule));
    JobHandle* job = runner_->start(tr("Supports of %1").arg(ruleLabel(rule)), [program, rule](jobs::JobContext& ctx) {
        ctx.throw_if_stopped();
        return rules::supports_for_display(*program, rule, kSupportLimit);
    });
    supportsJob_ = job;
    connect(job, &JobHandle::finished, this, [this, job, program, rule] {
        if (job != supportsJob_ || program != program_) return;
        auto rows = job->resultAs<std::vector<rules::SupportRow>>();
        const int row = ruleModel_->rowOfRule(rule);
        const std::uint64_t total = row >= 0 ? ruleModel_->rows()[static_cast<std::size_t>(row)].support : rows.size();
        const std::size_t n = rows.size();
        supportModel_->setSupports(rule, std::move(rows));
        supportsTitle_->setText(
            n < total ? tr("Supports of %1 (first %2 of %3)").arg(ruleLabel(rule), number(n), number(total))
                      : tr("Supports of %1 (%2)").arg(ruleLabel(rule), number(n)));
        supportView_->setToolTip(
            QString::fromStdString(rules::to_string(program->rule_set().rules[rule], program->prefixes())));
    });
}

void RulesPage::onSupportSelected(const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid() || !program_) return;
    const rules::SupportRow* s = supportModel_->supportAt(supportProxy_->mapToSource(proxyIndex).row());
    if (!s) return;
    GraphHighlight h;
    h.title = tr("Support %1 of %2")
                  .arg(supportProxy_->mapToSource(proxyIndex).row() + 1)
                  .arg(ruleLabel(supportModel_->rule()));
    for (std::size_t i = 0; i < s->premises.size(); ++i)
        h.facts.push_back(
            highlightFact(*program_, s->premises[i], s->premise_text[i], HighlightFact::Role::Premise, true));
    h.facts.push_back(highlightFact(*program_, s->conclusion, s->conclusion_text, HighlightFact::Role::Conclusion,
                                    !s->conclusion_new));
    h.centre = s->conclusion.s;
    emit supportSelected(h);
}

void RulesPage::onDerivedSelected(const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid() || !closure_) return;
    const auto id = static_cast<std::uint64_t>(proxyIndex.data(DerivedFactModel::FactIdRole).toULongLong());
    derivationModel_->setFact(closure_, id);
    derivationView_->expandAll();
    derivationView_->resizeColumnToContents(DerivationTreeModel::FactColumn);
    const auto& rows = derivationModel_->rows();
    derivationTitle_->setText(tr("Derivation of %1 (depth %2)")
                                  .arg(rows.empty() ? QString() : QString::fromStdString(rows.front().fact_text))
                                  .arg(derivationModel_->treeDepth()));
    emit derivedFactSelected(closure_, id);
}

bool RulesPage::selectRule(std::size_t rule) {
    const int row = ruleModel_->rowOfRule(rule);
    if (row < 0) return false;
    QModelIndex index = ruleProxy_->mapFromSource(ruleModel_->index(row, 0));
    if (!index.isValid()) {
        ruleFilter_->clear();
        index = ruleProxy_->mapFromSource(ruleModel_->index(row, 0));
    }
    ruleView_->selectionModel()->setCurrentIndex(index,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    ruleView_->scrollTo(index);
    return true;
}

bool RulesPage::selectSupport(int row) {
    const QModelIndex index = supportProxy_->mapFromSource(supportModel_->index(row, 0));
    if (!index.isValid()) return false;
    supportView_->selectionModel()->setCurrentIndex(index,
                                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

bool RulesPage::selectDerivedFact(std::uint64_t factId) {
    const int row = derivedModel_->rowOfFact(factId);
    if (row < 0) return false;
    QModelIndex index = derivedProxy_->mapFromSource(derivedModel_->index(row, 0));
    if (!index.isValid()) {
        derivedFilter_->clear();
        index = derivedProxy_->mapFromSource(derivedModel_->index(row, 0));
    }
    derivedView_->selectionModel()->setCurrentIndex(index,
                                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    derivedView_->scrollTo(index);
    return true;
}

} // namespace kbcx::ui
