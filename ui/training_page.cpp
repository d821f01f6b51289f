// Implementation of TrainingPage: the form, the run list and its buttons, the jobs that train
// (through JobRunner), the queued per-epoch reports, throttled chart refresh and the exports.
#include "training_page.hpp"

#include "app_settings.hpp"
#include "chart_data_model.hpp"
#include "dataset_model.hpp"
#include "job_handle.hpp"
#include "job_runner.hpp"
#include "run_list_model.hpp"
#include "training_charts.hpp"

#include "common/error.hpp"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
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
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <cmath>
#include <iterator>
#include <limits>
#include <stdexcept>

namespace kbcx::ui {

namespace {

constexpr int kFolderItem = -1;
constexpr const char* kRunListKey = "training/runFolders";

/// Tableau 10: distinct, colour-blind-aware line colours.
const QColor kRunColors[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
                             QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
                             QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                             QColor(0xba, 0xb0, 0xac)};

QSpinBox* intSpin(int lo, int hi, int value, const QString& tip, QWidget* parent)
{
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setValue(value);
    s->setToolTip(tip);
    s->setAccelerated(true);
    return s;
}

QDoubleSpinBox* realSpin(double lo, double hi, int decimals, double step, double value, const QString& tip,
                         QWidget* parent)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setSingleStep(step);
    s->setValue(value);
    s->setToolTip(tip);
    return s;
}

QComboBox* combo(const QList<QPair<QString, QString>>& items, const QString& tip, QWidget* parent)
{
    auto* c = new QComboBox(parent);
    for (const auto& [text, data] : items)
        c->addItem(text, data);
    c->setToolTip(tip);
    return c;
}

void selectData(QComboBox* c, const QString& data)
{
    const int i = c->findData(data, Qt::UserRole, Qt::MatchFixedString);
    if (i >= 0)
        c->setCurrentIndex(i);
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

/// The data source a run folder's "data" field names: "dataset:NAME" among `datasets`, else a path.
TrainingDataSource sourceFromLabel(const QString& label, const std::vector<DatasetPtr>& datasets,
                                   const TrainingConfig& config, const QString& dir)
{
    TrainingDataSource source;
    source.splitSeed = config.seed;
    if (label.startsWith(QLatin1String("dataset:"))) {
        const QString name = label.mid(8);
        for (const DatasetPtr& d : datasets)
            if (d->name == name) {
                source.kind = TrainingDataSource::Kind::LoadedDataset;
                source.dataset = d;
                return source;
            }
        throw InputError(QDir(dir).filePath(QStringLiteral("params.json")).toStdString(),
                         "this run was trained on the loaded dataset '" + name.toStdString() +
                             "': load it first (File → Open…), then resume");
    }
    if (label.isEmpty())
        throw InputError(QDir(dir).filePath(QStringLiteral("params.json")).toStdString(),
                         "params.json does not say which data the run was trained on");
    source.kind = TrainingDataSource::Kind::Folder;
    source.folder = label;
    if (config.pBot > 0)
        source.negatives = QStringLiteral("auto");
    return source;
}

} // namespace

TrainingPage::TrainingPage(JobRunner* runner, DatasetModel* datasets, QWidget* parent)
    : QWidget(parent), runner_(runner), datasets_(datasets)
{
    setObjectName(QStringLiteral("trainingPage"));
    const QString settingsDir = qEnvironmentVariable(kSettingsDirEnv);
    runsRoot_ = !settingsDir.isEmpty()
                    ? QDir(settingsDir).filePath(QStringLiteral("runs"))
                    : QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs"));

    runs_ = new RunListModel(this);
    dataModel_ = new ChartDataModel(this);
    refreshTimer_ = new QTimer(this);
    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(250); // at most four redraws a second, however fast epochs end
    connect(refreshTimer_, &QTimer::timeout, this, &TrainingPage::refreshCharts);

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(createRunsPanel());
    right->addWidget(createChartsPanel());
    right->setStretchFactor(0, 0);
    right->setStretchFactor(1, 1);
    right->setSizes({170, 600});

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("trainingSplitter"));
    split->addWidget(createForm());
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({330, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(runs_, &RunListModel::checkedRunsChanged, this, &TrainingPage::refreshCharts);
    connect(runs_, &QAbstractItemModel::dataChanged, this, &TrainingPage::updateRunButtons);
    connect(runs_, &QAbstractItemModel::rowsRemoved, this, &TrainingPage::updateRunButtons);
    connect(charts_, &TrainingCharts::metricsChanged, this, &TrainingPage::updateMetricChoices);
    if (datasets_) {
        connect(datasets_, &QAbstractItemModel::rowsInserted, this, &TrainingPage::rebuildDataSources);
        connect(datasets_, &QAbstractItemModel::rowsRemoved, this, &TrainingPage::rebuildDataSources);
        connect(datasets_, &QAbstractItemModel::modelReset, this, &TrainingPage::rebuildDataSources);
    }
    rebuildDataSources();
    updateRunButtons();
    restoreRunList();
}

TrainingPage::~TrainingPage()
{
    // Reports are posted to TrainingRun objects owned by this page: stop the jobs first.
    bool any = false;
    for (TrainingRun* run : runs_->runs())
        if (run->isActive() && run->job()) {
            if (run->control())
                run->control()->resume();
            run->job()->cancel();
            any = true;
        }
    if (any)
        runner_->waitForDone();
}

// ---------------------------------------------------------------------------------------------
// Layout

QWidget* TrainingPage::createForm()
{
    auto* panel = new QWidget;
    auto* v = new QVBoxLayout(panel);
    v->setContentsMargins(0, 0, 6, 0);
    const TrainingConfig d;

    // Data
    auto* dataBox = new QGroupBox(tr("Data"), panel);
    auto* dataForm = new QFormLayout(dataBox);
    dataSource_ = new QComboBox(dataBox);
    dataSource_->setObjectName(QStringLiteral("dataSource"));
    dataSource_->setToolTip(tr("A dataset loaded in the explorer (its relation facts, split at random — seeded by the "
                               "run's seed — into 80% train, 10% validation, 10% test), or a folder the engine "
                               "reads: train.txt with optional valid.txt and test.txt (FB15k-237, WN18RR, LogInfer "
                               "layout), or a single triple file used for training"));
    connect(dataSource_, &QComboBox::currentIndexChanged, this, &TrainingPage::updateDataControls);
    dataForm->addRow(tr("&Dataset:"), dataSource_);
    dataFolder_ = new QLineEdit(dataBox);
    dataFolder_->setObjectName(QStringLiteral("dataFolder"));
    dataFolder_->setPlaceholderText(tr("folder with train/valid/test.txt"));
    dataFolder_->setToolTip(dataSource_->toolTip());
    dataFolderButton_ = new QToolButton(dataBox);
    dataFolderButton_->setText(tr("…"));
    dataFolderButton_->setToolTip(tr("Choose the data folder"));
    connect(dataFolderButton_, &QToolButton::clicked, this, &TrainingPage::chooseDataFolder);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(dataFolder_);
    folderRow->addWidget(dataFolderButton_);
    dataForm->addRow(tr("Folder:"), folderRow);
    negatives_ = new QLineEdit(dataBox);
    negatives_->setObjectName(QStringLiteral("negatives"));
    negatives_->setPlaceholderText(tr("none"));
    negatives_->setToolTip(tr("Explicit negative triples for the p⊥ share of negatives: a file, or 'auto' for the "
                              "folder's single train_neg*.txt (benchmark layout). Empty = none; with p⊥ > 0 "
                              "'auto' is used"));
    dataForm->addRow(tr("Ne&gatives:"), negatives_);
    v->addWidget(dataBox);

    // Model
    auto* modelBox = new QGroupBox(tr("Model"), panel);
    auto* modelForm = new QFormLayout(modelBox);
    model_ = combo({{QStringLiteral("TransE (L1)"), QStringLiteral("TransE-L1")},
                    {QStringLiteral("TransE (L2)"), QStringLiteral("TransE-L2")},
                    {QStringLiteral("DistMult"), QStringLiteral("DistMult")},
                    {QStringLiteral("ComplEx"), QStringLiteral("ComplEx")},
                    {QStringLiteral("RotatE"), QStringLiteral("RotatE")},
                    {QStringLiteral("BoxE"), QStringLiteral("BoxE")}},
                   tr("The scoring function (higher = more plausible; distance models score γ − distance):\n"
                      "TransE ‖h + r − t‖ (L1 or L2), DistMult ⟨h, r, t⟩, ComplEx Re⟨h, r, t̄⟩,\n"
                      "RotatE ‖h ∘ r − t‖ with |rᵢ| = 1, BoxE points in relation boxes"),
                   modelBox);
    model_->setObjectName(QStringLiteral("model"));
    modelForm->addRow(tr("&Model:"), model_);
    dim_ = intSpin(1, 4096, d.dim, tr("Embedding dimension d (complex models: complex dimension)"), modelBox);
    modelForm->addRow(tr("D&imension:"), dim_);
    margin_ = realSpin(0, 1000, 2, 0.5, d.margin,
                       tr("Margin γ of the distance and margin losses (also sets the initialisation range "
                          "(γ + 2)/d)"),
                       modelBox);
    modelForm->addRow(tr("Ma&rgin γ:"), margin_);
    loss_ = combo({{tr("Model default"), QString()},
                   {tr("Logistic"), QStringLiteral("logistic")},
                   {tr("Distance"), QStringLiteral("distance")},
                   {tr("Margin"), QStringLiteral("margin")}},
                  tr("Training objective on scores s with negative weights p_j:\n"
                     "logistic  −log σ(s⁺) − Σ p_j log σ(−s⁻_j)\n"
                     "distance  the same on s + γ\n"
                     "margin    Σ p_j [γ − s⁺ + s⁻_j]₊\n"
                     "Model default: distance for TransE, RotatE, BoxE; logistic for DistMult, ComplEx"),
                  modelBox);
    modelForm->addRow(tr("&Loss:"), loss_);
    v->addWidget(modelBox);

    // Sampler
    auto* samplerBox = new QGroupBox(tr("Negative sampling"), panel);
    auto* samplerForm = new QFormLayout(samplerBox);
    sampler_ = combo({{tr("Uniform"), QStringLiteral("uniform")}, {tr("Bernoulli"), QStringLiteral("bernoulli")}},
                     tr("Which slot of a positive to corrupt: head or tail with probability ½ (uniform), or the "
                        "head with probability tph/(tph + hpt) of its relation (Bernoulli, Wang et al. 2014)"),
                     samplerBox);
    samplerForm->addRow(tr("&Sampler:"), sampler_);
    neg_ = intSpin(0, 100000, d.neg, tr("Negatives K drawn per positive"), samplerBox);
    samplerForm->addRow(tr("&Negatives per positive:"), neg_);
    chunk_ = intSpin(1, 100000, d.chunk,
                     tr("Positives sharing one draw of corrupting entities (1 = private negatives per positive)"),
                     samplerBox);
    samplerForm->addRow(tr("C&hunk:"), chunk_);
    advTemp_ = realSpin(0, 100, 2, 0.5, d.advTemp,
                        tr("Self-adversarial temperature α: negatives weighted by softmax(α s⁻); 0 = uniform "
                           "weights 1/K"),
                        samplerBox);
    samplerForm->addRow(tr("Adversarial &α:"), advTemp_);
    pBot_ = realSpin(0, 1, 2, 0.05, d.pBot,
                     tr("p⊥: the fraction of each positive's negatives drawn from the explicit negatives "
                        "(contradictions); the rest by random corruption. Needs explicit negatives"),
                     samplerBox);
    pBot_->setObjectName(QStringLiteral("pBot"));
    samplerForm->addRow(tr("&p⊥:"), pBot_);
    v->addWidget(samplerBox);

    // Optimisation
    auto* optBox = new QGroupBox(tr("Optimisation"), panel);
    auto* optForm = new QFormLayout(optBox);
    epochs_ = intSpin(1, 1000000, d.epochs, tr("Passes over the training triples"), optBox);
    epochs_->setObjectName(QStringLiteral("epochs"));
    optForm->addRow(tr("&Epochs:"), epochs_);
    batch_ = intSpin(1, 1000000, d.batch, tr("Positives per optimiser step"), optBox);
    optForm->addRow(tr("&Batch:"), batch_);
    lr_ = realSpin(1e-6, 10, 5, 0.001, d.lr, tr("Learning rate of the optimiser"), optBox);
    optForm->addRow(tr("Learning r&ate:"), lr_);
    optimizer_ = combo({{QStringLiteral("Adam"), QStringLiteral("adam")}, {QStringLiteral("Adagrad"), QStringLiteral("adagrad")}},
                       tr("Adam or Adagrad, both lazy: only the rows a minibatch touched are updated"), optBox);
    optForm->addRow(tr("O&ptimiser:"), optimizer_);
    threads_ = intSpin(1, 256, d.threads,
                       tr("Worker threads per minibatch; one thread and a fixed seed give bit-identical runs"),
                       optBox);
    optForm->addRow(tr("&Threads:"), threads_);
    seed_ = intSpin(0, std::numeric_limits<int>::max(), static_cast<int>(d.seed),
                    tr("Random seed of initialisation, shuffling, negatives and (for a loaded dataset) the "
                       "train/valid/test split"),
                    optBox);
    optForm->addRow(tr("See&d:"), seed_);
    evalEvery_ = intSpin(0, 1000000, d.evalEvery,
                         tr("Evaluate filtered MRR and Hits@k on the validation split every N epochs and after the "
                            "last; 0 = only after the last. Each evaluation is one point in the metric charts"),
                         optBox);
    evalEvery_->setObjectName(QStringLiteral("evalEvery"));
    optForm->addRow(tr("E&valuate every:"), evalEvery_);
    v->addWidget(optBox);

    // Run folder and buttons
    auto* runBox = new QGroupBox(tr("Run"));
    auto* runForm = new QVBoxLayout(runBox);
    runFolder_ = new QLineEdit(runBox);
    runFolder_->setObjectName(QStringLiteral("runFolder"));
    runFolder_->setPlaceholderText(tr("new folder under runs/"));
    runFolder_->setToolTip(tr("The run folder: params.json, metrics.jsonl (one line per evaluation) and "
                              "checkpoint.bin (every epoch). Empty = a fresh folder under %1")
                               .arg(QDir::toNativeSeparators(runsRoot_)));
    auto* runFolderButton = new QToolButton(runBox);
    runFolderButton->setText(tr("…"));
    runFolderButton->setToolTip(tr("Choose the run folder"));
    connect(runFolderButton, &QToolButton::clicked, this, &TrainingPage::chooseRunFolder);
    auto* rf = new QHBoxLayout;
    rf->addWidget(runFolder_);
    rf->addWidget(runFolderButton);
    runForm->addLayout(rf);
    startButton_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start Run"), runBox);
    startButton_->setObjectName(QStringLiteral("startButton"));
    startButton_->setToolTip(tr("Start training in the background (several runs may train at once)"));
    startButton_->setDefault(true);
    connect(startButton_, &QPushButton::clicked, this, [this] { startRun(); });
    auto* resumeButton = new QPushButton(tr("Resume from Folder…"), runBox);
    resumeButton->setToolTip(tr("Continue a run from its checkpoint.bin with the settings in its params.json"));
    connect(resumeButton, &QPushButton::clicked, this, &TrainingPage::chooseResumeFolder);
    auto* openButton = new QPushButton(tr("Open Run Folder…"), runBox);
    openButton->setToolTip(tr("Show the metrics of an existing run folder (metrics.jsonl)"));
    connect(openButton, &QPushButton::clicked, this, &TrainingPage::chooseOpenFolder);
    runForm->addWidget(startButton_);
    auto* more = new QHBoxLayout;
    more->addWidget(resumeButton);
    more->addWidget(openButton);
    runForm->addLayout(more);
    v->addStretch(1);

    // The settings scroll; the run folder and the buttons stay in view below them.
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("trainingForm"));
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(panel->sizeHint().width() + 20);
    auto* column = new QWidget;
    auto* cv = new QVBoxLayout(column);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->addWidget(scroll, 1);
    cv->addWidget(runBox);
    return column;
}

QWidget* TrainingPage::createRunsPanel()
{
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* title = new QLabel(tr("<b>Runs</b>"), box);
    bar->addWidget(title);
    bar->addSpacing(8);
    auto tool = [box](QStyle::StandardPixmap icon, const QString& text, const QString& tip) {
        auto* b = new QToolButton(box);
        b->setIcon(box->style()->standardIcon(icon));
        b->setText(text);
        b->setToolTip(tip);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setAutoRaise(true);
        return b;
    };
    pauseButton_ = tool(QStyle::SP_MediaPause, tr("Pause"), tr("Pause the selected run between minibatches, or resume it"));
    pauseButton_->setObjectName(QStringLiteral("pauseButton"));
    connect(pauseButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun())
            run->status() == TrainingRun::Status::Paused ? resumeRun(run) : pauseRun(run);
    });
    cancelButton_ = tool(QStyle::SP_MediaStop, tr("Cancel"),
                         tr("Stop the selected run; its folder keeps the checkpoint of the last finished epoch"));
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    connect(cancelButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun())
            cancelRun(run);
    });
    continueButton_ = tool(QStyle::SP_MediaSeekForward, tr("Continue"),
                           tr("Continue the selected stopped run from its checkpoint"));
    connect(continueButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun())
            resumeFromFolder(run->folder());
    });
    removeButton_ = tool(QStyle::SP_DialogDiscardButton, tr("Remove"),
                         tr("Remove the selected run from the list (its folder stays on disk)"));
    connect(removeButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun())
            removeRun(run);
    });
    metricsButton_ = tool(QStyle::SP_FileDialogDetailedView, tr("Charts"), tr("Choose which metrics have charts"));
    metricsButton_->setPopupMode(QToolButton::InstantPopup);
    metricsButton_->setMenu(new QMenu(metricsButton_));
    exportButton_ = tool(QStyle::SP_DialogSaveButton, tr("Export"),
                         tr("Save the charts of the checked runs as PNG or SVG, or their metrics as CSV"));
    exportButton_->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton_);
    exportMenu->addAction(tr("Charts as PNG…"), this, [this] { chooseExport(QStringLiteral("png")); });
    exportMenu->addAction(tr("Charts as SVG…"), this, [this] { chooseExport(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Metrics as CSV…"), this, [this] { chooseExport(QStringLiteral("csv")); });
    exportButton_->setMenu(exportMenu);
    for (QToolButton* b : {pauseButton_, cancelButton_, continueButton_, removeButton_})
        bar->addWidget(b);
    bar->addStretch(1);
    bar->addWidget(metricsButton_);
    bar->addWidget(exportButton_);
    v->addLayout(bar);

    runView_ = new QTreeView(box);
    runView_->setObjectName(QStringLiteral("runList"));
    runView_->setModel(runs_);
    runView_->setRootIsDecorated(false);
    runView_->setUniformRowHeights(true);
    runView_->setAlternatingRowColors(true);
    runView_->setSelectionMode(QAbstractItemView::SingleSelection);
    runView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    runView_->setAccessibleName(tr("Training runs"));
    runView_->header()->setStretchLastSection(true);
    runView_->header()->setSectionResizeMode(QHeaderView::Interactive);
    runView_->setColumnWidth(RunListModel::NameColumn, 150);
    runView_->setColumnWidth(RunListModel::ModelColumn, 125);
    runView_->setColumnWidth(RunListModel::DataColumn, 130);
    runView_->setColumnWidth(RunListModel::StatusColumn, 80);
    runView_->setColumnWidth(RunListModel::EpochColumn, 75);
    runView_->setColumnWidth(RunListModel::MrrColumn, 55);
    connect(runView_->selectionModel(), &QItemSelectionModel::currentChanged, this, &TrainingPage::updateRunButtons);
    v->addWidget(runView_);
    return box;
}

QWidget* TrainingPage::createChartsPanel()
{
    chartTabs_ = new QTabWidget;
    chartTabs_->setObjectName(QStringLiteral("chartTabs"));
    charts_ = new TrainingCharts(chartTabs_);
    chartTabs_->addTab(charts_, tr("Charts"));

    auto* data = new QWidget(chartTabs_);
    auto* v = new QVBoxLayout(data);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Chart:"), data);
    dataMetric_ = new QComboBox(data);
    dataMetric_->setObjectName(QStringLiteral("dataMetric"));
    dataMetric_->setToolTip(tr("The chart whose numbers the table lists"));
    dataMetric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    label->setBuddy(dataMetric_);
    connect(dataMetric_, &QComboBox::currentIndexChanged, this,
            [this] { dataModel_->setSource(dataMetric_->currentData().toString(), runs_->checkedRuns()); });
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
    chartTabs_->addTab(data, tr("Data"));
    return chartTabs_;
}

// ---------------------------------------------------------------------------------------------
// Form

TrainingConfig TrainingPage::config() const
{
    TrainingConfig c;
    c.model = model_->currentData().toString();
    c.dim = dim_->value();
    c.epochs = epochs_->value();
    c.batch = batch_->value();
    c.neg = neg_->value();
    c.chunk = chunk_->value();
    c.lr = lr_->value();
    c.margin = margin_->value();
    c.optimizer = optimizer_->currentData().toString();
    c.loss = loss_->currentData().toString();
    c.sampler = sampler_->currentData().toString();
    c.advTemp = advTemp_->value();
    c.pBot = pBot_->value();
    c.evalEvery = evalEvery_->value();
    c.threads = threads_->value();
    c.seed = static_cast<quint64>(seed_->value());
    return c;
}

void TrainingPage::setConfig(const TrainingConfig& c)
{
    QString model = c.model;
    if (model == QLatin1String("TransE"))
        model = QStringLiteral("TransE-L1");
    selectData(model_, model);
    dim_->setValue(c.dim);
    epochs_->setValue(c.epochs);
    batch_->setValue(c.batch);
    neg_->setValue(c.neg);
    chunk_->setValue(c.chunk);
    lr_->setValue(c.lr);
    margin_->setValue(c.margin);
    selectData(optimizer_, c.optimizer);
    loss_->setCurrentIndex(std::max(0, loss_->findData(c.loss)));
    selectData(sampler_, c.sampler);
    advTemp_->setValue(c.advTemp);
    pBot_->setValue(c.pBot);
    evalEvery_->setValue(c.evalEvery);
    threads_->setValue(c.threads);
    seed_->setValue(static_cast<int>(std::min<quint64>(c.seed, std::numeric_limits<int>::max())));
}

bool TrainingPage::selectDataset(quint64 datasetId)
{
    const int i = dataSource_->findData(QVariant::fromValue(static_cast<qlonglong>(datasetId)));
    if (i < 0)
        return false;
    dataSource_->setCurrentIndex(i);
    return true;
}

void TrainingPage::setDataFolder(const QString& path, const QString& negatives)
{
    dataSource_->setCurrentIndex(dataSource_->findData(QVariant::fromValue(static_cast<qlonglong>(kFolderItem))));
    dataFolder_->setText(path);
    negatives_->setText(negatives);
}

void TrainingPage::setRunFolder(const QString& dir)
{
    runFolder_->setText(dir);
}

void TrainingPage::rebuildDataSources()
{
    const QVariant previous = dataSource_->currentData();
    const bool hadDatasets = dataSource_->count() > 1;
    QSignalBlocker block(dataSource_);
    dataSource_->clear();
    if (datasets_)
        for (int row = 0; row < datasets_->datasetCount(); ++row) {
            const DatasetPtr d = datasets_->datasetAt(row);
            dataSource_->addItem(style()->standardIcon(QStyle::SP_DriveHDIcon),
                                 tr("%1 (%2 facts)").arg(d->name).arg(d->numFacts()),
                                 QVariant::fromValue(static_cast<qlonglong>(d->id)));
        }
    dataSource_->addItem(style()->standardIcon(QStyle::SP_DirIcon), tr("Folder…"),
                         QVariant::fromValue(static_cast<qlonglong>(kFolderItem)));
    int i = previous.isValid() ? dataSource_->findData(previous) : -1;
    // A newly loaded dataset is the natural choice when nothing was chosen yet.
    if ((i < 0 || (!hadDatasets && dataFolder_->text().isEmpty())) && dataSource_->count() > 1)
        i = 0;
    dataSource_->setCurrentIndex(std::max(0, i));
    block.unblock();
    updateDataControls();
}

void TrainingPage::updateDataControls()
{
    const bool folder = dataSource_->currentData().toLongLong() == kFolderItem;
    dataFolder_->setEnabled(folder);
    dataFolderButton_->setEnabled(folder);
    negatives_->setEnabled(folder);
}

QString TrainingPage::freshRunFolder(const QString& model) const
{
    const QString base = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-")) + model;
    QDir root(runsRoot_);
    QString name = base;
    for (int n = 2; QFileInfo::exists(root.filePath(name)) || runs_->runForFolder(root.absoluteFilePath(name)); ++n)
        name = base + QStringLiteral("-%1").arg(n);
    return root.absoluteFilePath(name);
}

// ---------------------------------------------------------------------------------------------
// Runs

TrainingRun* TrainingPage::newRun(const QString& folder)
{
    auto* run = new TrainingRun(nextRunId_++, folder, this);
    run->setColor(kRunColors[nextColor_++ % std::size(kRunColors)]);
    connect(run, &TrainingRun::metricsChanged, this, &TrainingPage::scheduleRefresh);
    runs_->addRun(run, true);
    saveRunList();
    emit runAdded(run);
    return run;
}

TrainingRun* TrainingPage::startRun()
{
    Launch l;
    l.config = config();
    const qlonglong item = dataSource_->currentData().toLongLong();
    if (item == kFolderItem) {
        const QString folder = dataFolder_->text().trimmed();
        if (folder.isEmpty() || !QFileInfo::exists(folder)) {
            showError(tr("Cannot Start Run"), folder.isEmpty() ? tr("Choose a data folder (or a loaded dataset).")
                                                               : tr("%1 does not exist.").arg(folder));
            return nullptr;
        }
        l.source.kind = TrainingDataSource::Kind::Folder;
        l.source.folder = QFileInfo(folder).absoluteFilePath();
        l.source.negatives = negatives_->text().trimmed();
        if (l.config.pBot > 0 && l.source.negatives.isEmpty())
            l.source.negatives = QStringLiteral("auto");
    } else {
        for (int row = 0; datasets_ && row < datasets_->datasetCount(); ++row)
            if (static_cast<qlonglong>(datasets_->datasetAt(row)->id) == item)
                l.source.dataset = datasets_->datasetAt(row);
        if (!l.source.dataset) {
            showError(tr("Cannot Start Run"), tr("Load a dataset (File → Open…) or choose a data folder."));
            return nullptr;
        }
        if (l.config.pBot > 0) {
            showError(tr("Cannot Start Run"),
                      tr("p⊥ > 0 draws negatives from explicit negatives, which a loaded dataset does not have. "
                         "Choose a benchmark folder with train_neg*.txt, or set p⊥ to 0."));
            return nullptr;
        }
        l.source.kind = TrainingDataSource::Kind::LoadedDataset;
    }
    l.source.splitSeed = l.config.seed;
    try {
        (void)l.config.toParams();
    } catch (const std::invalid_argument& e) {
        showError(tr("Cannot Start Run"), QString::fromUtf8(e.what()));
        return nullptr;
    }
    QString folder = runFolder_->text().trimmed();
    folder = folder.isEmpty() ? freshRunFolder(l.config.model) : QFileInfo(folder).absoluteFilePath();
    TrainingRun* run = runs_->runForFolder(folder);
    if (run && run->isActive()) {
        showError(tr("Cannot Start Run"), tr("%1 is being trained already.").arg(QDir::toNativeSeparators(folder)));
        return nullptr;
    }
    if (QFileInfo::exists(QDir(folder).filePath(QStringLiteral("checkpoint.bin")))) {
        showError(tr("Cannot Start Run"),
                  tr("%1 already holds a trained run (checkpoint.bin). Continue it with Resume from Folder, or "
                     "leave the run folder empty for a fresh one.")
                      .arg(QDir::toNativeSeparators(folder)));
        return nullptr;
    }
    if (!run)
        run = newRun(folder);
    run->clearMetrics();
    run->setConfig(l.config, l.source.label());
    runFolder_->clear(); // the next Start makes a fresh folder
    launch(run, std::move(l));
    return run;
}

TrainingRun* TrainingPage::resumeFromFolder(const QString& dir)
{
    const QString folder = QFileInfo(dir).absoluteFilePath();
    TrainingRun* run = runs_->runForFolder(folder);
    if (run && run->isActive()) {
        showError(tr("Cannot Resume Run"), tr("%1 is being trained already.").arg(QDir::toNativeSeparators(folder)));
        return nullptr;
    }
    if (!run)
        run = newRun(folder);
    Launch l;
    l.resume = true;
    l.config = run->config();
    if (datasets_)
        for (int row = 0; row < datasets_->datasetCount(); ++row)
            l.datasets.push_back(datasets_->datasetAt(row));
    launch(run, std::move(l));
    return run;
}

void TrainingPage::launch(TrainingRun* run, Launch l)
{
    auto control = std::make_shared<embed::TrainControl>();
    run->setControl(control);
    run->setStatus(TrainingRun::Status::Queued);
    const QString dir = run->folder();
    // The work runs on a pool thread: it touches no QObject except by posting queued calls to
    // `run`, which the page keeps alive while the job is active (~TrainingPage waits for it).
    auto work = [run, control, dir, l = std::move(l)](jobs::JobContext& ctx) -> std::any {
        TrainingConfig config = l.config;
        TrainingDataSource source = l.source;
        if (l.resume) {
            RunFolderContents before = readRunFolder(dir);
            if (!before.hasCheckpoint)
                throw InputError(QDir(dir).filePath(QStringLiteral("checkpoint.bin")).toStdString(),
                                 "no checkpoint to resume from");
            config = TrainingConfig::fromParamsJson(before.params);
            const QString label = before.params.value(QStringLiteral("data")).toString();
            source = sourceFromLabel(label, l.datasets, config, dir);
            QMetaObject::invokeMethod(
                run,
                [run, config, label, records = before.records] {
                    run->setConfig(config, label);
                    run->setRecords(records);
                },
                Qt::QueuedConnection);
        }
        embed::KgTrainParams params = config.toParams();
        params.train.run_dir = QFile::encodeName(dir).toStdString();
        params.train.resume = l.resume;
        params.train.data = source.label().toStdString();
        params.hooks.control = control;
        params.hooks.on_epoch = [run](const embed::EpochReport& report) {
            QMetaObject::invokeMethod(run, [run, report] { run->addReport(report); }, Qt::QueuedConnection);
        };
        const embed::TripleDataset data = loadTrainingData(source, ctx);
        embed::train_kg(data, params, ctx);
        return readRunFolder(dir); // the file is the record: the charts end on its exact values
    };
    JobHandle* job = runner_->start(tr("Train %1").arg(run->name()), std::move(work));
    run->setJob(job);
    connect(job, &JobHandle::stateChanged, run, [run](JobHandle::State state) {
        if (state == JobHandle::State::Running && run->status() == TrainingRun::Status::Queued)
            run->setStatus(TrainingRun::Status::Running);
    });
    connect(job, &JobHandle::finished, this, [this, run, job] {
        run->setRecords(job->resultAs<RunFolderContents>().records);
        run->setStatus(TrainingRun::Status::Finished);
        refreshCharts();
    });
    connect(job, &JobHandle::failed, this,
            [this, run](const QString& message, const QString& file, quint64 line, quint64 column) {
                QString location = file;
                if (line > 0)
                    location += QStringLiteral(":%1:%2").arg(line).arg(column);
                const QString full = location.isEmpty() ? message : location + QStringLiteral(": ") + message;
                run->setError(full);
                showError(tr("Training Failed"), tr("Run %1: %2").arg(run->name(), full));
            });
    connect(job, &JobHandle::cancelled, this, [run] { run->setStatus(TrainingRun::Status::Cancelled); });
    connect(job, &JobHandle::ended, this, [this, run] {
        run->setControl(nullptr);
        refreshCharts();
        updateRunButtons();
        emit runEnded(run);
    });
    updateRunButtons();
}

void TrainingPage::pauseRun(TrainingRun* run)
{
    if (!run || !run->control() || !run->isActive())
        return;
    run->control()->pause();
    run->setStatus(TrainingRun::Status::Paused);
    updateRunButtons();
}

void TrainingPage::resumeRun(TrainingRun* run)
{
    if (!run || !run->control() || run->status() != TrainingRun::Status::Paused)
        return;
    run->control()->resume();
    run->setStatus(run->job() && run->job()->state() == JobHandle::State::Queued ? TrainingRun::Status::Queued
                                                                                 : TrainingRun::Status::Running);
    updateRunButtons();
}

void TrainingPage::cancelRun(TrainingRun* run)
{
    if (!run || !run->isActive() || !run->job())
        return;
    run->job()->cancel(); // a paused job wakes on the stop request
}

bool TrainingPage::removeRun(TrainingRun* run)
{
    if (!run || run->isActive())
        return false;
    runs_->removeRun(run);
    saveRunList();
    run->deleteLater();
    refreshCharts();
    return true;
}

JobHandle* TrainingPage::openRunFolder(const QString& dir)
{
    const QString folder = QFileInfo(dir).absoluteFilePath();
    if (TrainingRun* existing = runs_->runForFolder(folder); existing && existing->isActive()) {
        setCurrentRun(existing);
        return nullptr;
    }
    JobHandle* job = runner_->start(tr("Open run %1").arg(QFileInfo(folder).fileName()),
                                    [folder](jobs::JobContext&) { return readRunFolder(folder); });
    connect(job, &JobHandle::finished, this, [this, job] { addStoredRun(job->resultAs<RunFolderContents>()); });
    connect(job, &JobHandle::failed, this,
            [this](const QString& message, const QString& file, quint64 line, quint64) {
                const QString where = line > 0 ? QStringLiteral("%1:%2").arg(file).arg(line) : file;
                showError(tr("Cannot Open Run Folder"), where.isEmpty() ? message : where + QStringLiteral(": ") + message);
            });
    return job;
}

void TrainingPage::addStoredRun(const RunFolderContents& contents)
{
    TrainingRun* run = runs_->runForFolder(contents.dir);
    if (run && run->isActive())
        return;
    if (!run)
        run = newRun(contents.dir);
    run->setConfig(TrainingConfig::fromParamsJson(contents.params),
                   contents.params.value(QStringLiteral("data")).toString());
    run->setRecords(contents.records);
    run->setStatus(TrainingRun::Status::Stored);
    setCurrentRun(run);
    refreshCharts();
}

TrainingRun* TrainingPage::currentRun() const
{
    return runs_->runForIndex(runView_->currentIndex());
}

void TrainingPage::setCurrentRun(TrainingRun* run)
{
    const int row = runs_->rowOf(run);
    if (row >= 0)
        runView_->setCurrentIndex(runs_->index(row, 0));
}

void TrainingPage::updateRunButtons()
{
    const TrainingRun* run = currentRun();
    const bool active = run && run->isActive();
    const bool paused = run && run->status() == TrainingRun::Status::Paused;
    pauseButton_->setEnabled(active);
    pauseButton_->setText(paused ? tr("Resume") : tr("Pause"));
    pauseButton_->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    cancelButton_->setEnabled(active);
    continueButton_->setEnabled(run && !active && run->status() != TrainingRun::Status::Finished &&
                                run->epochsDone() < run->epochsPlanned());
    removeButton_->setEnabled(run && !active);
}

// ---------------------------------------------------------------------------------------------
// Charts

void TrainingPage::scheduleRefresh()
{
    if (!refreshTimer_->isActive())
        refreshTimer_->start();
}

void TrainingPage::refreshCharts()
{
    refreshTimer_->stop();
    const QVector<TrainingRun*> checked = runs_->checkedRuns();
    charts_->setRuns(checked);
    charts_->refresh();
    updateMetricChoices();
    dataModel_->setSource(dataMetric_->currentData().toString(), checked);
}

void TrainingPage::updateMetricChoices()
{
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
    QMenu* menu = metricsButton_->menu();
    menu->clear();
    for (const QString& m : metrics) {
        QAction* a = menu->addAction(metricDisplayName(m));
        a->setCheckable(true);
        a->setChecked(charts_->isMetricVisible(m));
        connect(a, &QAction::toggled, this, [this, m](bool on) { charts_->setMetricVisible(m, on); });
    }
    metricsButton_->setEnabled(!metrics.isEmpty());
}

// ---------------------------------------------------------------------------------------------
// Export

bool TrainingPage::exportCsv(const QString& path, QString* error)
{
    QVector<TrainingRun*> runs = runs_->checkedRuns();
    QStringList metrics;
    for (const TrainingRun* run : runs)
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
    for (const TrainingRun* run : runs)
        for (const MetricRecord& r : run->records()) {
            text += csvField(run->name()) + QLatin1Char(',') + QString::number(r.epoch) + QLatin1Char(',') +
                    csvField(r.split) + QLatin1Char(',') + number(r.values, QStringLiteral("loss")) +
                    QLatin1Char(',') + number(r.values, QStringLiteral("seconds"));
            for (const QString& m : metrics)
                text += QLatin1Char(',') + number(r.values, m);
            text += QLatin1Char('\n');
        }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool TrainingPage::exportPng(const QString& path, QString* error)
{
    refreshCharts();
    return charts_->exportPng(path, error);
}

bool TrainingPage::exportSvg(const QString& path, QString* error)
{
    refreshCharts();
    return charts_->exportSvg(path, error);
}

void TrainingPage::chooseExport(const QString& format)
{
    const QString filter = format == QLatin1String("csv")   ? tr("CSV (*.csv)")
                           : format == QLatin1String("svg") ? tr("SVG (*.svg)")
                                                            : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export"),
                                                QDir(runsRoot_).filePath(QStringLiteral("training.") + format), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + format;
    QString error;
    const bool ok = format == QLatin1String("csv")   ? exportCsv(path, &error)
                    : format == QLatin1String("svg") ? exportSvg(path, &error)
                                                     : exportPng(path, &error);
    if (!ok)
        showError(tr("Export Failed"), error);
}

// ---------------------------------------------------------------------------------------------
// Dialogs, errors, persistence

void TrainingPage::chooseDataFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Data Folder"), dataFolder_->text());
    if (!dir.isEmpty())
        dataFolder_->setText(dir);
}

void TrainingPage::chooseRunFolder()
{
    QDir().mkpath(runsRoot_);
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Run Folder"), runsRoot_);
    if (!dir.isEmpty())
        runFolder_->setText(dir);
}

void TrainingPage::chooseResumeFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Resume Run"), runsRoot_);
    if (!dir.isEmpty())
        resumeFromFolder(dir);
}

void TrainingPage::chooseOpenFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Run Folder"), runsRoot_);
    if (!dir.isEmpty())
        openRunFolder(dir);
}

void TrainingPage::showError(const QString& title, const QString& message)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("trainingErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open(); // window-modal, non-blocking: runs keep training and reporting
    emit errorShown(message);
}

void TrainingPage::saveRunList() const
{
    QStringList folders;
    for (const TrainingRun* run : runs_->runs())
        folders << run->folder();
    openSettings()->setValue(QLatin1String(kRunListKey), folders);
}

void TrainingPage::restoreRunList()
{
    const QStringList folders = openSettings()->value(QLatin1String(kRunListKey)).toStringList();
    if (folders.isEmpty())
        return;
    JobHandle* job = runner_->start(tr("Open saved runs"), [folders](jobs::JobContext& ctx) {
        QVector<RunFolderContents> found;
        for (const QString& f : folders) {
            ctx.throw_if_stopped();
            try {
                found.append(readRunFolder(f));
            } catch (const InputError&) {
                // A folder deleted or damaged since: dropped from the list.
            }
        }
        return found;
    });
    connect(job, &JobHandle::finished, this, [this, job] {
        for (const RunFolderContents& c : job->resultAs<QVector<RunFolderContents>>())
            addStoredRun(c);
        saveRunList();
    });
}

} // namespace kbcx::ui
