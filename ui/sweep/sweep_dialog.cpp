// Implementation of SweepDialog: the form, the sweep job (embed::run_sweep plus the files kbcx
// sweep writes) with live rows, the FVR/MRR chart with ± sd bands, folder reading and exports.
#include "ui/sweep/sweep_dialog.hpp"

#include "ui/common/accessibility.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/common/chart_export.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/form_fields.hpp"
#include "ui/common/progress_value.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/memory_limit.hpp"
#include "ui/ontology/onto_data.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/sweep/sweep_chart_view.hpp"

#include "common/error.hpp"
#include "embed/el_models.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace kbcx::ui {

namespace {

constexpr qlonglong kOntologyFileItem = -1;

const QList<QPair<QString, QString>> kModels = {
    {QStringLiteral("Box²EL"), QStringLiteral("Box2EL")},
    {QStringLiteral("ELEmbeddings (released loss)"), QStringLiteral("ELEmbeddings")},
    {QStringLiteral("ELEmbeddings with term (iv)"), QStringLiteral("ELEmbeddings-iv")},
    {QStringLiteral("EmEL++"), QStringLiteral("EmEL++")},
    {QStringLiteral("ELBE"), QStringLiteral("ELBE")}};

const QList<QPair<QString, QString>> kNormalForms = {{QStringLiteral("GCI0  A ⊑ B"), QStringLiteral("GCI0")},
                                                     {QStringLiteral("GCI1  A ⊓ B ⊑ C"), QStringLiteral("GCI1")},
                                                     {QStringLiteral("GCI1⊥  A ⊓ B ⊑ ⊥"), QStringLiteral("GCI1_BOT")},
                                                     {QStringLiteral("GCI2  A ⊑ ∃r.B"), QStringLiteral("GCI2")},
                                                     {QStringLiteral("GCI3  ∃r.A ⊑ B"), QStringLiteral("GCI3")},
                                                     {QStringLiteral("CA  A(a)"), QStringLiteral("CA")},
                                                     {QStringLiteral("RA  r(a, b)"), QStringLiteral("RA")}};

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "cannot open for writing");
    out << text;
    out.close();
    if (!out) throw InputError(path, "cannot write");
}

/// A value the model defaults when not set: the minimum, one step of the last decimal below 0,
/// reads "model default" (so 0 itself stays a value one can choose).
QDoubleSpinBox* optionalSpin(int decimals, double step, const QString& tip, QWidget* parent) {
    auto* s = realSpin(-std::pow(10.0, -decimals), 1000, decimals, step, 0, tip, parent);
    s->setValue(s->minimum());
    s->setSpecialValueText(QObject::tr("model default"));
    return s;
}

/// A labelled field of `form`, named for tests and accessibility.
void addNamedRow(QFormLayout* form, const QString& label, QWidget* field, const char* name) {
    field->setObjectName(QLatin1String(name));
    form->addRow(label, field);
}

std::optional<double> optionalValue(const QDoubleSpinBox* s) {
    if (s->value() <= s->minimum()) return std::nullopt;
    return s->value();
}

void setOptionalValue(QDoubleSpinBox* s, std::optional<double> v) {
    s->setValue(v ? std::max(0.0, *v) : s->minimum());
}

} // namespace

SweepDialog::SweepDialog(JobRunner* runner, OntologyListModel* ontologies, QWidget* parent)
    : QDialog(parent), runner_(runner), ontologies_(ontologies) {
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Negative-Sampling Sweep"));
    table_ = new SweepTableModel(this);

    auto* formBox = new QGroupBox(tr("Sweep"), this);
    form_ = new QFormLayout(formBox);
    buildSweepRows(formBox);
    buildAdvancedRows(formBox);

    auto* body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(buildRunPane(formBox));
    body->addWidget(buildResultsPane());
    body->setStretchFactor(1, 1);
    auto* v = new QVBoxLayout(this);
    v->addWidget(body, 1);
    v->addWidget(buildButtons());
    resize(1100, 680);

    connect(ontology_, &QComboBox::currentIndexChanged, this, &SweepDialog::updateControls);
    if (ontologies_) {
        connect(ontologies_, &QAbstractItemModel::rowsInserted, this, &SweepDialog::rebuildOntologies);
        connect(ontologies_, &QAbstractItemModel::rowsRemoved, this, &SweepDialog::rebuildOntologies);
        connect(ontologies_, &QAbstractItemModel::modelReset, this, &SweepDialog::rebuildOntologies);
    }
    rebuildOntologies();
    updateModelDefaults();
    redrawChart();
    updateControls();
    nameUnlabelledControls(this);
}

// The first rows of the form: ontology (loaded or a file), model, normal form, the p⊥ grid,
// seeds, epochs, dimension and the output folder.
void SweepDialog::buildSweepRows(QGroupBox* formBox) {
    QFormLayout* form = form_;
    ontology_ = new QComboBox(formBox);
    ontology_->setObjectName(QStringLiteral("sweepOntology"));
    ontology_->setToolTip(tr("The ontology to train on: one loaded in the explorer (as read), or an ontology file "
                             "(OWL functional, OWL/XML, RDF/XML, Turtle, OBO, text). Its EL part is normalised and "
                             "the test set is sampled from it by the reasoner"));
    form->addRow(tr("&Ontology:"), ontology_);
    ontologyFile_ = new QLineEdit(formBox);
    ontologyFile_->setObjectName(QStringLiteral("sweepOntologyFile"));
    ontologyFile_->setPlaceholderText(tr("ontology file (.owl, .ofn, .owx, .obo, …)"));
    ontologyFile_->setToolTip(tr("The ontology file of the sweep"));
    ontologyButton_ = new QToolButton(formBox);
    ontologyButton_->setText(QStringLiteral("…"));
    ontologyButton_->setToolTip(tr("Choose the ontology file"));
    ontologyButton_->setAccessibleName(tr("Choose the ontology file"));
    connect(ontologyButton_, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Ontology File"), ontologyFile_->text(),
            tr("Ontologies (*.owl *.ofn *.owx *.rdf *.ttl *.nt *.obo *.kbo *.gz);;All files (*)"));
        if (!path.isEmpty()) setOntologyFile(path);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(ontologyFile_);
    fileRow->addWidget(ontologyButton_);
    auto* fileLabel = new QLabel(tr("Pa&th:"), formBox);
    fileLabel->setBuddy(ontologyFile_);
    form->addRow(fileLabel, fileRow);

    model_ = new QComboBox(formBox);
    model_->setObjectName(QStringLiteral("sweepModel"));
    for (const auto& [text, id] : kModels)
        model_->addItem(text, id);
    model_->setToolTip(tr("The EL embedding model trained in every run, with its own γ, δ and λ defaults "
                          "(as kbcx sweep uses them)"));
    form->addRow(tr("&Model:"), model_);
    variant_ = new QComboBox(formBox);
    variant_->setObjectName(QStringLiteral("sweepVariant"));
    variant_->setToolTip(tr("The objective every run trains. p⊥ is the share of contradiction negatives of this "
                            "project's stratified sampler, so a sweep trains kbcx; the released variants (mowl, "
                            "paper, dele, kracr) draw their own fixed negatives, have no p⊥ and are listed "
                            "disabled"));
    form->addRow(tr("V&ariant:"), variant_);
    nf_ = new QComboBox(formBox);
    nf_->setObjectName(QStringLiteral("sweepNormalForm"));
    for (const auto& [text, id] : kNormalForms)
        nf_->addItem(text, id);
    nf_->setToolTip(tr("Normal form of the test set: the reasoner samples up to N entailed (T⁺), undetermined "
                       "(T?) and contradictory (T⁻) candidates of this form (N and the seed under Advanced; "
                       "default 100, seed 1); every run is evaluated on it"));
    form->addRow(tr("&Normal form:"), nf_);
    pBots_ = new QLineEdit(QStringLiteral("0,0.25,0.5,0.75,1"), formBox);
    pBots_->setObjectName(QStringLiteral("sweepPBots"));
    pBots_->setToolTip(tr("The p⊥ grid, comma-separated values in [0, 1] (default 0,0.25,0.5,0.75,1). p⊥ is the "
                          "fraction of each axiom's K negatives drawn from the T⁻ pool of contradictions (by "
                          "default the reasoner's; K and the pool under Advanced settings); the rest corrupt a "
                          "class of the axiom"));
    form->addRow(tr("&p⊥ values:"), pBots_);
    seeds_ = intSpin(1, 1000, 3,
                     tr("Runs per p⊥ value, with seeds S … S+N−1 (S: First seed under Advanced, default 0; N "
                        "default 3); the table shows mean ± "
                        "sample standard deviation over them"),
                     formBox);
    addNamedRow(form, tr("S&eeds:"), seeds_, "sweepSeeds");
    epochs_ =
        intSpin(1, 1000000, 200, tr("Epochs per run (default 200); the test set is evaluated after the last"), formBox);
    addNamedRow(form, tr("Epoc&hs:"), epochs_, "sweepEpochs");
    using ElDefaults = embed::ElTrainDefaults;
    dim_ = intSpin(1, 4096, ElDefaults::dim, tr("Embedding dimension of every run (default %1)").arg(ElDefaults::dim),
                   formBox);
    addNamedRow(form, tr("&Dimension:"), dim_, "sweepDim");
    outDir_ = new QLineEdit(formBox);
    outDir_->setObjectName(QStringLiteral("sweepOutDir"));
    outDir_->setPlaceholderText(tr("a fresh folder under the application data"));
    outDir_->setToolTip(tr("Sweep folder: run folders p<P>-s<SEED>/, tests_<NF>.tsv, runs.csv, summary.csv, "
                           "summary.md, sweep.svg and sweep.png, as kbcx sweep writes them. Running again into the "
                           "same folder reuses finished runs and resumes cut ones"));
    auto* outButton = new QToolButton(formBox);
    outButton->setText(QStringLiteral("…"));
    outButton->setToolTip(tr("Choose the output folder"));
    outButton->setAccessibleName(tr("Choose the output folder"));
    connect(outButton, &QToolButton::clicked, this, &SweepDialog::chooseOutputFolder);
    auto* outRow = new QHBoxLayout;
    outRow->addWidget(outDir_);
    outRow->addWidget(outButton);
    auto* outLabel = new QLabel(tr("O&utput folder:"), formBox);
    outLabel->setBuddy(outDir_);
    form->addRow(outLabel, outRow);
    memoryLimit_ = new MemoryLimitField(formBox);
    memoryLimit_->setObjectName(QStringLiteral("sweepMemoryLimit"));
    if (runner_->defaultMemoryLimit() > 0) memoryLimit_->setBytes(runner_->defaultMemoryLimit());
    form->addRow(tr("Memory &limit:"), memoryLimit_);
}

// The rest of kbcx sweep's options, with its defaults, as rows of the same form (aligned with
// the others) that are hidden together; collapsed at first.
void SweepDialog::buildAdvancedRows(QGroupBox* formBox) {
    QFormLayout* form = form_;
    using ElDefaults = embed::ElTrainDefaults;
    advancedToggle_ = new QToolButton(formBox);
    advancedToggle_->setObjectName(QStringLiteral("sweepAdvancedToggle"));
    advancedToggle_->setText(tr("Ad&vanced settings"));
    advancedToggle_->setAccessibleName(tr("Advanced settings"));
    advancedToggle_->setToolTip(tr("Show or hide the optimiser, negative-sampling, test-set and thread settings "
                                   "(kbcx sweep's other options; their defaults are the CLI's)"));
    advancedToggle_->setCheckable(true);
    advancedToggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    advancedToggle_->setArrowType(Qt::RightArrow);
    advancedToggle_->setAutoRaise(true);
    form->addRow(advancedToggle_);
    advancedFirstRow_ = form->rowCount();
    lr_ = realSpin(1e-6, 10, 5, 0.001, ElDefaults::lr,
                   tr("Learning rate of the optimiser in every run (--lr, default %1)").arg(ElDefaults::lr), formBox);
    addNamedRow(form, tr("&Learning rate:"), lr_, "sweepLr");
    batch_ = intSpin(1, 1000000, ElDefaults::batch,
                     tr("Axioms per step (--batch, default %1); each normal form weighted 1/#(its axioms in the "
                        "batch)")
                         .arg(ElDefaults::batch),
                     formBox);
    addNamedRow(form, tr("&Batch:"), batch_, "sweepBatch");
    neg_ = intSpin(1, 100000, ElDefaults::neg,
                   tr("Negatives K per axiom (--neg, default %1); round(p⊥·K) of them are drawn from the T⁻ pool, "
                      "the rest by corruption")
                       .arg(ElDefaults::neg),
                   formBox);
    addNamedRow(form, tr("Ne&gatives per axiom:"), neg_, "sweepNeg");
    margin_ = optionalSpin(3, 0.01,
                           tr("γ of the model's losses (--margin; \"model default\" = the model's own, as kbcx "
                              "train --help lists them: ELEm 0, EmEL++ 0.05, ELBE 0, Box²EL 0.02). Step below 0 "
                              "for the model default"),
                           formBox);
    addNamedRow(form, tr("Marg&in γ:"), margin_, "sweepMargin");
    delta_ = optionalSpin(2, 0.5,
                          tr("Box models' δ (--delta; ELBE, Box²EL): target δ of the negative term (δ − d⁻)². "
                             "\"model default\" = the model's own"),
                          formBox);
    addNamedRow(form, tr("Box δ:"), delta_, "sweepDelta");
    reg_ = optionalSpin(3, 0.1,
                        tr("Regulariser weight (--reg): ELEmbeddings/EmEL++ |‖c‖ − 1| on class centres, Box²EL "
                           "λ‖β‖ on bumps. \"model default\" = the model's own"),
                        formBox);
    addNamedRow(form, tr("Regulariser &weight λ:"), reg_, "sweepReg");
    pool_ = new QComboBox(formBox);
    pool_->setObjectName(QStringLiteral("sweepPool"));
    pool_->addItem(tr("Reasoner's T⁻ sample"), QStringLiteral("reason"));
    pool_->addItem(tr("Asserted disjointness"), QStringLiteral("disjoint"));
    pool_->addItem(tr("Tests file…"), QStringLiteral("file"));
    pool_->setToolTip(tr("T⁻ pool of p⊥ (--pool, default reason): where the round(p⊥·K) contradiction negatives of "
                         "each axiom come from.\n"
                         "• Reasoner's T⁻ sample: the reasoner's sampler, T⁻ of GCI0, GCI2 and GCI1;\n"
                         "• Asserted disjointness: from A ⊓ B ⊑ ⊥, the axioms A ⊑ B, B ⊑ A and C ⊑ B for told C ⊑ A;\n"
                         "• Tests file: the T⁻ lines of a tests TSV.\n"
                         "Test axioms are always held out of the pool"));
    form->addRow(tr("T⁻ pool:"), pool_);
    poolFile_ = new QLineEdit(formBox);
    poolFile_->setObjectName(QStringLiteral("sweepPoolFile"));
    poolFile_->setPlaceholderText(tr("tests TSV whose T⁻ lines form the pool"));
    poolFile_->setToolTip(tr("A tests TSV (status<TAB>nf<TAB>axiom) whose contradictory lines form the T⁻ pool"));
    poolButton_ = new QToolButton(formBox);
    poolButton_->setText(QStringLiteral("…"));
    poolButton_->setToolTip(tr("Choose the pool's tests TSV"));
    poolButton_->setAccessibleName(tr("Choose the pool's tests TSV"));
    connect(poolButton_, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("T⁻ Pool"), poolFile_->text(),
                                                          tr("Test sets (*.tsv *.txt);;All files (*)"));
        if (!path.isEmpty()) setPool(path);
    });
    auto* poolRow = new QHBoxLayout;
    poolRow->addWidget(poolFile_);
    poolRow->addWidget(poolButton_);
    auto* poolLabel = new QLabel(tr("Pool file:"), formBox);
    poolLabel->setBuddy(poolFile_);
    form->addRow(poolLabel, poolRow);
    testsFile_ = new QLineEdit(formBox);
    testsFile_->setObjectName(QStringLiteral("sweepTestsFile"));
    testsFile_->setPlaceholderText(tr("sample one (tests_<NF>.tsv)"));
    testsFile_->setToolTip(tr("Use this test set instead of sampling one (--tests): a TSV status<TAB>nf<TAB>axiom"
                              "[<TAB>P] as kbcx sample / kbcx count write it (status: entailed T⁺, undetermined T?, "
                              "contradictory T⁻). Empty = the reasoner samples DIR/tests_<NF>.tsv"));
    auto* testsButton = new QToolButton(formBox);
    testsButton->setText(QStringLiteral("…"));
    testsButton->setToolTip(tr("Choose the test-set TSV"));
    testsButton->setAccessibleName(tr("Choose the test-set TSV"));
    connect(testsButton, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Test Set"), testsFile_->text(),
                                                          tr("Test sets (*.tsv *.txt);;All files (*)"));
        if (!path.isEmpty()) setTestsFile(path);
    });
    auto* testsRow = new QHBoxLayout;
    testsRow->addWidget(testsFile_);
    testsRow->addWidget(testsButton);
    auto* testsLabel = new QLabel(tr("Test set:"), formBox);
    testsLabel->setBuddy(testsFile_);
    form->addRow(testsLabel, testsRow);
    candidates_ = intSpin(1, 10000000, 100,
                          tr("Candidates per status (T⁺, T?, T−) of the sampled test set (--n, default 100); unused "
                             "with a test-set file"),
                          formBox);
    addNamedRow(form, tr("Candidates per status:"), candidates_, "sweepCandidates");
    testsSeed_ =
        intSpin(0, std::numeric_limits<int>::max(), 1,
                tr("Seed of the test-set sampler (--tests-seed, default 1); unused with a test-set file"), formBox);
    addNamedRow(form, tr("Test-set seed:"), testsSeed_, "sweepTestsSeed");
    firstSeed_ =
        intSpin(0, std::numeric_limits<int>::max(), 0,
                tr("First training seed (--seed, default 0): the runs of each p⊥ use seeds S … S+N−1"), formBox);
    addNamedRow(form, tr("First seed:"), firstSeed_, "sweepFirstSeed");
    evalEvery_ = intSpin(0, 1000000, 0,
                         tr("Evaluate each run on the test set every N epochs besides the last (--eval-every, "
                            "default 0: the last epoch only); each evaluation is a line of the run's metrics.jsonl"),
                         formBox);
    evalEvery_->setSpecialValueText(tr("last epoch only"));
    addNamedRow(form, tr("Evaluate every:"), evalEvery_, "sweepEvalEvery");
    threads_ = intSpin(1, 256, 1,
                       tr("Worker threads per run (--threads, default 1); runs follow one another. One thread and "
                          "a fixed seed give bit-identical runs"),
                       formBox);
    addNamedRow(form, tr("Threads per run:"), threads_, "sweepThreads");
    advancedEndRow_ = form->rowCount();
    setAdvancedVisible(false);
    connect(advancedToggle_, &QToolButton::toggled, this, &SweepDialog::setAdvancedVisible);
    connect(pool_, &QComboBox::currentIndexChanged, this, &SweepDialog::updateControls);
    connect(testsFile_, &QLineEdit::textChanged, this, &SweepDialog::updateControls);
    connect(model_, &QComboBox::currentIndexChanged, this, &SweepDialog::updateModelDefaults);
}

// The form with the run and cancel buttons, the progress bar and the status line under it.
QWidget* SweepDialog::buildRunPane(QGroupBox* formBox) {
    runButton_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Sweep"), this);
    runButton_->setObjectName(QStringLiteral("sweepRun"));
    runButton_->setToolTip(tr("Train one run per p⊥ and seed in the background (the same job as kbcx sweep)"));
    runButton_->setAutoDefault(false);
    connect(runButton_, &QPushButton::clicked, this, [this] { startSweep(); });
    cancelButton_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel Sweep"), this);
    cancelButton_->setObjectName(QStringLiteral("sweepCancel"));
    cancelButton_->setToolTip(tr("Stop the sweep; finished runs stay in the folder and a new run resumes"));
    cancelButton_->setAutoDefault(false);
    connect(cancelButton_, &QPushButton::clicked, this, &SweepDialog::cancelSweep);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("sweepProgress"));
    progress_->setAccessibleName(tr("Sweep progress"));
    progress_->setRange(0, 1);
    progress_->setValue(0);
    status_ = new QLabel(tr("Choose the settings and run, or open a sweep folder."), this);
    status_->setObjectName(QStringLiteral("sweepStatus"));
    status_->setWordWrap(true);

    auto* left = new QWidget(this);
    auto* lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 6, 0);
    lv->addWidget(formBox);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(runButton_);
    runRow->addWidget(cancelButton_);
    lv->addLayout(runRow);
    lv->addWidget(progress_);
    lv->addWidget(status_);
    lv->addStretch(1);

    return left;
}

// The chart of FVR and MRR against p⊥ above the table of the sweep's summary.
QWidget* SweepDialog::buildResultsPane() {
    auto* right = new QWidget(this);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(6, 0, 0, 0);
    auto* chart = new QChart;
    chart->setTitle(tr("FVR and MRR against p⊥ (mean ± sd over seeds)"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chartView_ = new QChartView(chart, right);
    chartView_->setObjectName(QStringLiteral("sweepChart"));
    chartView_->setRenderHint(QPainter::Antialiasing);
    chartView_->setMinimumSize(420, 280);
    chartView_->setAccessibleName(tr("Sweep chart"));
    chartView_->setAccessibleDescription(tr("FVR and MRR against p⊥; the table below lists the numbers"));
    tableView_ = new QTableView(right);
    tableView_->setObjectName(QStringLiteral("sweepTable"));
    tableView_->setModel(table_);
    tableView_->setAccessibleName(tr("Sweep table"));
    tableView_->verticalHeader()->hide();
    tableView_->setAlternatingRowColors(true);
    tableView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tableView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    auto* split = new QSplitter(Qt::Vertical, right);
    split->addWidget(chartView_);
    split->addWidget(tableView_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({400, 240}); // the chart gets most of the height; the table has few rows
    rv->addWidget(split);

    return right;
}

// Open Folder…, Export (PNG, SVG, CSV) and Close.
QDialogButtonBox* SweepDialog::buildButtons() {
    auto* buttons = new QDialogButtonBox(this);
    auto* openButton = buttons->addButton(tr("Open &Folder…"), QDialogButtonBox::ActionRole);
    openButton->setObjectName(QStringLiteral("sweepOpenFolder"));
    openButton->setToolTip(tr("Show the table and chart of a sweep folder written by kbcx sweep (summary.csv)"));
    connect(openButton, &QPushButton::clicked, this, &SweepDialog::chooseOpenFolder);
    auto* exportButton = buttons->addButton(tr("E&xport"), QDialogButtonBox::ActionRole);
    exportButton->setObjectName(QStringLiteral("sweepExport"));
    exportButton->setToolTip(tr("Save the chart as PNG or SVG, or the table as CSV"));
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Chart as &PNG…"), this, [this] { chooseExport(QStringLiteral("png")); });
    exportMenu->addAction(tr("Chart as &SVG…"), this, [this] { chooseExport(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Table as &CSV…"), this, [this] { chooseExport(QStringLiteral("csv")); });
    exportButton->setMenu(exportMenu);
    auto* closeButton = buttons->addButton(QDialogButtonBox::Close);
    closeButton->setText(tr("Clo&se"));
    closeButton->setToolTip(tr("Hide this window; a running sweep continues (see the Jobs dock)"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QAbstractButton* b : buttons->buttons())
        if (auto* pb = qobject_cast<QPushButton*>(b)) pb->setAutoDefault(false);

    return buttons;
}

SweepDialog::~SweepDialog() {
    // The job posts rows to this dialog: stop it first.
    if (job_ && job_->isActive()) {
        job_->cancel();
        runner_->waitForDone();
    }
}

QChart* SweepDialog::chart() const {
    return chartView_->chart();
}

// ---------------------------------------------------------------------------------------------
// Form

void SweepDialog::rebuildOntologies() {
    const QVariant previous = ontology_->currentData();
    QSignalBlocker block(ontology_);
    ontology_->clear();
    if (ontologies_)
        for (int row = 0; row < ontologies_->ontologyCount(); ++row) {
            const OntologyPtr o = ontologies_->ontologyAt(row);
            ontology_->addItem(style()->standardIcon(QStyle::SP_FileDialogListView), o->name,
                               QVariant::fromValue(static_cast<qlonglong>(o->id)));
        }
    ontology_->addItem(style()->standardIcon(QStyle::SP_FileIcon), tr("Ontology file…"),
                       QVariant::fromValue(kOntologyFileItem));
    const int i = previous.isValid() ? ontology_->findData(previous) : -1;
    ontology_->setCurrentIndex(std::max(0, i));
    block.unblock();
    updateControls();
}

void SweepDialog::updateControls() {
    const bool file = ontology_->currentData().toLongLong() == kOntologyFileItem;
    ontologyFile_->setEnabled(file);
    ontologyButton_->setEnabled(file);
    const bool poolFile = pool_->currentData().toString() == QLatin1String("file");
    poolFile_->setEnabled(poolFile);
    poolButton_->setEnabled(poolFile);
    const bool sampled = testsFile_->text().trimmed().isEmpty();
    candidates_->setEnabled(sampled);
    testsSeed_->setEnabled(sampled);
    const bool running = job_ && job_->isActive();
    runButton_->setEnabled(!running);
    cancelButton_->setEnabled(running);
}

bool SweepDialog::selectOntology(quint64 ontologyId) {
    const int i = ontology_->findData(QVariant::fromValue(static_cast<qlonglong>(ontologyId)));
    if (i < 0) return false;
    ontology_->setCurrentIndex(i);
    return true;
}

void SweepDialog::setOntologyFile(const QString& path) {
    ontology_->setCurrentIndex(ontology_->findData(QVariant::fromValue(kOntologyFileItem)));
    ontologyFile_->setText(path);
}

bool SweepDialog::setModel(const QString& model) {
    return selectData(model_, model);
}

bool SweepDialog::setNormalForm(const QString& nf) {
    return selectData(nf_, nf);
}

void SweepDialog::setPBots(const QString& commaSeparated) {
    pBots_->setText(commaSeparated);
}
void SweepDialog::setSeeds(int seeds) {
    seeds_->setValue(seeds);
}
void SweepDialog::setEpochs(int epochs) {
    epochs_->setValue(epochs);
}
void SweepDialog::setDim(int dim) {
    dim_->setValue(dim);
}
void SweepDialog::setOutputFolder(const QString& dir) {
    outDir_->setText(dir);
}
QString SweepDialog::outputFolder() const {
    return outDir_->text().trimmed();
}
void SweepDialog::setLearningRate(double lr) {
    lr_->setValue(lr);
}
void SweepDialog::setBatch(int batch) {
    batch_->setValue(batch);
}
void SweepDialog::setNegatives(int neg) {
    neg_->setValue(neg);
}
void SweepDialog::setMargin(std::optional<double> margin) {
    setOptionalValue(margin_, margin);
}
void SweepDialog::setDelta(std::optional<double> delta) {
    setOptionalValue(delta_, delta);
}
void SweepDialog::setRegulariser(std::optional<double> reg) {
    setOptionalValue(reg_, reg);
}
void SweepDialog::setPool(const QString& source) {
    const int i = pool_->findData(source);
    if (i >= 0 && source != QLatin1String("file")) {
        pool_->setCurrentIndex(i);
    } else {
        pool_->setCurrentIndex(pool_->findData(QStringLiteral("file")));
        poolFile_->setText(source);
    }
}
void SweepDialog::setCandidatesPerStatus(int n) {
    candidates_->setValue(n);
}
void SweepDialog::setTestsSeed(int seed) {
    testsSeed_->setValue(seed);
}
void SweepDialog::setTestsFile(const QString& path) {
    testsFile_->setText(path);
}
void SweepDialog::setFirstSeed(int seed) {
    firstSeed_->setValue(seed);
}
void SweepDialog::setEvalEvery(int epochs) {
    evalEvery_->setValue(epochs);
}
void SweepDialog::setThreads(int threads) {
    threads_->setValue(threads);
}

void SweepDialog::setAdvancedVisible(bool visible) {
    {
        QSignalBlocker block(advancedToggle_);
        advancedToggle_->setChecked(visible);
    }
    advancedToggle_->setArrowType(visible ? Qt::DownArrow : Qt::RightArrow);
    for (int row = advancedFirstRow_; row < advancedEndRow_; ++row)
        form_->setRowVisible(row, visible);
}

bool SweepDialog::advancedVisible() const {
    return advancedToggle_->isChecked();
}

void SweepDialog::updateModelDefaults() {
    // "model default" names the value it stands for, so the user sees what the run will use.
    const QString model = model_->currentData().toString();
    variant_->clear();
    try {
        for (const embed::ElVariant v : embed::el_variants(embed::canonical_el_model_name(model.toStdString()))) {
            const bool sweepable = v == embed::ElVariant::Kbcx;
            const QString name = QString::fromLatin1(embed::el_variant_name(v));
            variant_->addItem(sweepable ? name : tr("%1 (no p⊥)").arg(name), name);
            if (auto* items = qobject_cast<QStandardItemModel*>(variant_->model()); items && !sweepable)
                items->item(variant_->count() - 1)->setEnabled(false);
        }
        variant_->setCurrentIndex(variant_->findData(QStringLiteral("kbcx")));
    } catch (const std::invalid_argument&) {
    }
    try {
        const embed::ElModelConfig d = embed::default_el_config(embed::canonical_el_model_name(model.toStdString()));
        margin_->setSpecialValueText(tr("model default (%1)").arg(static_cast<double>(d.margin)));
        delta_->setSpecialValueText(tr("model default (%1)").arg(static_cast<double>(d.delta)));
        reg_->setSpecialValueText(tr("model default (%1)").arg(static_cast<double>(d.reg)));
    } catch (const std::invalid_argument&) {
        for (QDoubleSpinBox* s : {margin_, delta_, reg_})
            s->setSpecialValueText(tr("model default"));
    }
}

bool SweepDialog::params(embed::SweepParams& sp, QString& error) const {
    sp = {};
    auto& job = sp.base;
    const QString model = model_->currentData().toString();
    try {
        job.model = embed::default_el_config(embed::canonical_el_model_name(model.toStdString()));
        job.model.variant = embed::parse_el_variant(variant_->currentData().toString().toStdString());
        if (job.model.variant != embed::ElVariant::Kbcx)
            throw std::invalid_argument("a p⊥ sweep trains the kbcx variant only");
        sp.p_bots = embed::parse_p_bot_list(pBots_->text().remove(QLatin1Char(' ')).toStdString());
    } catch (const std::invalid_argument& e) {
        error = QString::fromStdString(e.what());
        return false;
    }
    // The defaults of kbcx sweep, so a dialog sweep and a CLI sweep of the same settings agree.
    job.model.dim = dim_->value();
    if (const auto v = optionalValue(margin_)) job.model.margin = static_cast<float>(*v);
    if (const auto v = optionalValue(delta_)) job.model.delta = static_cast<float>(*v);
    if (const auto v = optionalValue(reg_)) job.model.reg = static_cast<float>(*v);
    auto& st = job.train;
    st.epochs = epochs_->value();
    st.batch = batch_->value();
    st.neg = neg_->value();
    st.lr = static_cast<float>(lr_->value());
    st.eval_every = evalEvery_->value();
    st.threads = threads_->value();
    if (pool_->currentData().toString() == QLatin1String("file")) {
        const QString path = poolFile_->text().trimmed();
        if (path.isEmpty() || !QFileInfo::exists(path)) {
            error = path.isEmpty() ? tr("Choose the tests TSV of the T⁻ pool (Advanced).")
                                   : tr("The T⁻ pool file %1 does not exist.").arg(path);
            return false;
        }
        job.pool = QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString();
    } else {
        job.pool = pool_->currentData().toString().toStdString();
    }
    const QString tests = testsFile_->text().trimmed();
    if (!tests.isEmpty()) {
        if (!QFileInfo::exists(tests)) {
            error = tr("The test set %1 does not exist.").arg(tests);
            return false;
        }
        job.tests = QFile::encodeName(QFileInfo(tests).absoluteFilePath()).toStdString();
    }
    sp.nf = nf_->currentData().toString().toStdString();
    sp.n = static_cast<std::size_t>(candidates_->value());
    sp.tests_seed = static_cast<std::uint64_t>(testsSeed_->value());
    sp.seeds = seeds_->value();
    sp.first_seed = static_cast<std::uint64_t>(firstSeed_->value());

    const qlonglong item = ontology_->currentData().toLongLong();
    if (item == kOntologyFileItem) {
        const QString path = ontologyFile_->text().trimmed();
        if (path.isEmpty() || !QFileInfo::exists(path)) {
            error = path.isEmpty() ? tr("Choose an ontology file (or load an ontology).")
                                   : tr("%1 does not exist.").arg(path);
            return false;
        }
        st.data = QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString();
    } else {
        OntologyPtr onto;
        for (int row = 0; ontologies_ && row < ontologies_->ontologyCount(); ++row)
            if (static_cast<qlonglong>(ontologies_->ontologyAt(row)->id) == item) onto = ontologies_->ontologyAt(row);
        if (!onto) {
            error = tr("Load an ontology or choose an ontology file.");
            return false;
        }
        st.data = (QStringLiteral("ontology:") + onto->name).toStdString();
        job.ontology = [original = onto->original] { return cloneOntology(*original); };
    }
    QString out = outputFolder();
    if (out.isEmpty()) {
        const QString settingsDir = qEnvironmentVariable(kSettingsDirEnv);
        const QString root = !settingsDir.isEmpty()
                                 ? QDir(settingsDir).filePath(QStringLiteral("sweeps"))
                                 : QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                       .filePath(QStringLiteral("sweeps"));
        out = QDir(root).filePath(QStringLiteral("%1-%2-%3")
                                      .arg(model, nf_->currentData().toString(),
                                           QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss"))));
    }
    sp.out_dir = QFile::encodeName(QDir::cleanPath(QFileInfo(out).absoluteFilePath())).toStdString();
    return true;
}

// ---------------------------------------------------------------------------------------------
// Jobs

JobHandle* SweepDialog::startSweep() {
    if (job_ && job_->isActive()) return nullptr;
    embed::SweepParams sp;
    QString error;
    if (!params(sp, error)) {
        showError(tr("Cannot Start the Sweep"), error);
        return nullptr;
    }
    const QString outDir = QFile::decodeName(sp.out_dir.c_str());
    outDir_->setText(outDir);
    const int planned = sp.seeds;
    title_ = QStringLiteral("%1 on %2, %3 seeds")
                 .arg(QString::fromStdString(sp.base.model.name), QString::fromStdString(sp.nf))
                 .arg(sp.seeds);
    table_->clear();
    runPoints_.clear();
    redrawChart();
    QPointer<SweepDialog> self(this);
    auto live = std::make_shared<embed::SweepResult>(); // GUI thread only
    JobRunner* runner = runner_;
    const QPointer<QObject> context(this);
    auto work = [sp, outDir, self, context, live, planned, runner](jobs::JobContext& ctx) -> std::any {
        SweepJobResult out;
        out.outDir = outDir;
        out.result = embed::run_sweep(sp, ctx, [&](const embed::SweepRun& run, std::size_t, std::size_t) {
            // Rows appear as runs finish (posted to the GUI thread in order with the job's end;
            // dropped if the dialog is gone).
            runner->post(context, [self, live, run, planned] {
                live->runs.push_back(run);
                self->setRunPoints(*live);
                self->table_->setRows(sweepRowsFromResult(*live, planned));
                self->redrawChart();
            });
        });
        // The files kbcx sweep writes, from the same core functions.
        const auto& metrics = embed::sweep_metrics();
        const std::string title = sp.base.model.name + " on " + sp.nf + ", " + std::to_string(sp.seeds) + " seeds";
        writeFile(sp.out_dir + "/runs.csv", embed::sweep_runs_csv(out.result, metrics));
        writeFile(sp.out_dir + "/summary.csv", embed::sweep_summary_csv(out.result, metrics));
        writeFile(sp.out_dir + "/summary.md", embed::sweep_summary_markdown(out.result, metrics, title));
        const std::vector<std::string> charted = {"fvr", "mrr"};
        writeFile(sp.out_dir + "/sweep.svg", embed::sweep_chart_svg(out.result, charted, title));
        embed::write_sweep_chart_png(sp.out_dir + "/sweep.png", out.result, charted, title);
        return out;
    };
    job_ = runner_->start(tr("Sweep %1").arg(title_), std::move(work), memoryLimit_->bytes());
    JobHandle* job = job_;
    progress_->setRange(0, static_cast<int>(sp.p_bots.size()) * sp.seeds);
    progress_->setValue(0);
    status_->setText(tr("Sweeping %1 into %2…").arg(title_, outDir));
    connect(job, &JobHandle::progress, this, [this](quint64 done, quint64 total, const QString& message) {
        if (total > 0) {
            progress_->setRange(0, static_cast<int>(total));
            setProgressValue(progress_, static_cast<int>(done));
        }
        status_->setText(tr("Run %1 of %2: %3").arg(std::min(done + 1, total)).arg(total).arg(message));
    });
    connect(job, &JobHandle::finished, this, [this, job, planned] {
        const auto& r = job->resultAs<SweepJobResult>();
        setRunPoints(r.result);
        table_->setRows(sweepRowsFromResult(r.result, planned));
        redrawChart();
        progress_->setValue(progress_->maximum());
        status_->setText(tr("Finished %1 runs in %2 s; wrote runs.csv, summary.csv, summary.md, sweep.svg and "
                            "sweep.png to %3.")
                             .arg(r.result.runs.size())
                             .arg(job->elapsedSeconds(), 0, 'f', 1)
                             .arg(r.outDir));
    });
    connect(job, &JobHandle::failed, this,
            [this](const QString& message, const QString& file, quint64 line, quint64 column) {
                const QString full = locatedMessage(message, file, line, column);
                status_->setText(tr("Failed: %1").arg(full));
                showError(tr("Sweep Failed"), full);
            });
    connect(job, &JobHandle::cancelled, this, [this] {
        status_->setText(tr("Cancelled; the finished runs stay in the folder and running again resumes."));
    });
    connect(job, &JobHandle::ended, this, &SweepDialog::updateControls);
    updateControls();
    return job;
}

void SweepDialog::cancelSweep() {
    if (job_ && job_->isActive()) job_->cancel();
}

JobHandle* SweepDialog::openFolder(const QString& dir) {
    const std::string summary = QFile::encodeName(QDir(dir).filePath(QStringLiteral("summary.csv"))).toStdString();
    JobHandle* job = runner_->start(tr("Open sweep %1").arg(QDir(dir).dirName()),
                                    [summary](jobs::JobContext&) -> std::any { return readSweepSummaryCsv(summary); });
    connect(job, &JobHandle::finished, this, [this, job, dir] {
        title_ = QDir(dir).dirName();
        runPoints_.clear(); // summary.csv has the means only
        table_->setRows(job->resultAs<QVector<SweepRow>>());
        redrawChart();
        outDir_->setText(dir);
        status_->setText(tr("Showing %1.").arg(QDir::toNativeSeparators(dir)));
    });
    connect(job, &JobHandle::failed, this,
            [this](const QString& message, const QString& file, quint64 line, quint64 column) {
                showError(tr("Cannot Open the Sweep Folder"), locatedMessage(message, file, line, column));
            });
    return job;
}

// ---------------------------------------------------------------------------------------------
// Chart

void SweepDialog::setRunPoints(const embed::SweepResult& result) {
    runPoints_ = sweepRunPoints(result);
}

void SweepDialog::redrawChart() {
    drawSweepChart(chart(), title_, table_->rows(), runPoints_);
}

// ---------------------------------------------------------------------------------------------
// Exports and dialogs

bool SweepDialog::exportPng(const QString& path, QString* error) {
    return exportWidgetPng(chartView_, path, error);
}

bool SweepDialog::exportSvg(const QString& path, QString* error) {
    return exportWidgetSvg(chartView_, path, tr("KBC Explorer negative-sampling sweep"),
                           tr("FVR and MRR against p⊥, mean ± sd over seeds: %1").arg(title_), error);
}

bool SweepDialog::exportCsv(const QString& path, QString* error) {
    return writeTextFile(path, table_->toCsv(), error);
}

void SweepDialog::chooseExport(const QString& format) {
    const QString filter = format == QLatin1String("png")   ? tr("PNG images (*.png)")
                           : format == QLatin1String("svg") ? tr("SVG images (*.svg)")
                                                            : tr("CSV tables (*.csv)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export Sweep"), QStringLiteral("sweep.") + format, filter);
    if (path.isEmpty()) return;
    QString error;
    const bool ok = format == QLatin1String("png")   ? exportPng(path, &error)
                    : format == QLatin1String("svg") ? exportSvg(path, &error)
                                                     : exportCsv(path, &error);
    if (!ok) showError(tr("Export Failed"), error);
}

void SweepDialog::chooseOutputFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Sweep Output Folder"), outDir_->text());
    if (!dir.isEmpty()) outDir_->setText(dir);
}

void SweepDialog::chooseOpenFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Sweep Folder"), outDir_->text());
    if (!dir.isEmpty()) openFolder(dir);
}

void SweepDialog::showError(const QString& title, const QString& message) {
    showWarning(this, title, message, QStringLiteral("sweepErrorBox")); // what is shown stays
    emit errorShown(message);
}

} // namespace kbcx::ui
