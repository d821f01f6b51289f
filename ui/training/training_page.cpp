// Implementation of TrainingPage: the run box and run list with its buttons, the jobs that train
// (through JobRunner; KG models by train_kg, EL models by run_el_job), the queued per-epoch
// reports, the export dialogs and the persisted run list.
#include "ui/training/training_page.hpp"
#include "ui/common/flow_layout.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/style_icons.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/training/chart_data_model.hpp"
#include "ui/training/run_list_model.hpp"
#include "ui/training/training_chart_panel.hpp"
#include "ui/training/training_charts.hpp"
#include "ui/training/training_form.hpp"

#include "embed/el_job.hpp"

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
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace kbcx::ui {

namespace {

constexpr const char* kRunListKey = "training/runFolders";
/// The folders of the runs training right now: what a start after a crash lists as interrupted.
constexpr const char* kActiveRunsKey = "training/activeRunFolders";

/// Tableau 10: distinct, colour-blind-aware line colours.
const QColor kRunColors[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
                             QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
                             QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                             QColor(0xba, 0xb0, 0xac)};

/// The data source a run folder's "data" field names: "dataset:NAME" among `datasets`, else a path.
TrainingDataSource sourceFromLabel(const QString& label, const std::vector<DatasetPtr>& datasets,
                                   const std::vector<OntologyPtr>& ontologies, const TrainingConfig& config,
                                   const QString& dir) {
    TrainingDataSource source;
    source.splitSeed = config.seed;
    if (label.startsWith(QLatin1String("ontology:"))) {
        const QString name = label.mid(9);
        for (const OntologyPtr& o : ontologies)
            if (o->name == name) {
                source.kind = TrainingDataSource::Kind::LoadedOntology;
                source.ontology = o;
                return source;
            }
        throw InputError(QDir(dir).filePath(QStringLiteral("params.json")).toStdString(),
                         "this run was trained on the loaded ontology '" + name.toStdString() +
                             "': load it first (File → Open Ontology…), then resume");
    }
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
    source.folder = label;
    if (config.isEl()) {
        source.kind = TrainingDataSource::Kind::OntologyFile;
        return source;
    }
    source.kind = TrainingDataSource::Kind::Folder;
    if (config.pBot > 0) source.negatives = QStringLiteral("auto");
    return source;
}

} // namespace

TrainingPage::TrainingPage(JobRunner* runner, DatasetModel* datasets, QWidget* parent)
    : QWidget(parent), runner_(runner), datasets_(datasets) {
    setObjectName(QStringLiteral("trainingPage"));
    const QString settingsDir = qEnvironmentVariable(kSettingsDirEnv);
    runsRoot_ =
        !settingsDir.isEmpty()
            ? QDir(settingsDir).filePath(QStringLiteral("runs"))
            : QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs"));

    runs_ = new RunListModel(this);
    chartPanel_ = new TrainingChartPanel;

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(createRunsPanel());
    right->addWidget(chartPanel_);
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

    connect(runs_, &RunListModel::checkedRunsChanged, this, &TrainingPage::refreshChartsSoon);
    connect(runs_, &QAbstractItemModel::dataChanged, this, &TrainingPage::updateRunButtons);
    connect(runs_, &QAbstractItemModel::rowsRemoved, this, &TrainingPage::updateRunButtons);
    connect(chartPanel_, &TrainingChartPanel::metricChoicesChanged, this,
            [this](bool any) { metricsButton_->setEnabled(any); });
    updateRunButtons();
    restoreRunList();
}

TrainingPage::~TrainingPage() {
    // Reports are posted to TrainingRun objects owned by this page: stop the jobs first.
    bool any = false;
    for (TrainingRun* run : runs_->runs())
        if (run->isActive() && run->job()) {
            if (run->control()) run->control()->resume();
            run->job()->cancel();
            any = true;
        }
    if (any) runner_->waitForDone();
}

// ---------------------------------------------------------------------------------------------
// Layout

QWidget* TrainingPage::createForm() {
    form_ = new TrainingForm(datasets_);
    auto* panel = form_;

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

QWidget* TrainingPage::createRunsPanel() {
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    // The buttons wrap onto a second row when the panel is narrow (a laptop's screen).
    auto* bar = new FlowLayout(nullptr, 4, 2);
    auto* title = new QLabel(tr("<b>Runs</b>"), box);
    bar->addWidget(title);
    auto tool = [box](QStyle::StandardPixmap icon, const QString& text, const QString& tip) {
        auto* b = new QToolButton(box);
        b->setIcon(box->style()->standardIcon(icon));
        b->setText(text);
        b->setToolTip(tip);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setAutoRaise(true);
        return b;
    };
    pauseButton_ =
        tool(QStyle::SP_MediaPause, tr("Pause"), tr("Pause the selected run between minibatches, or resume it"));
    pauseButton_->setObjectName(QStringLiteral("pauseButton"));
    connect(pauseButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun())
            run->status() == TrainingRun::Status::Paused ? resumeRun(run) : pauseRun(run);
    });
    cancelButton_ = tool(QStyle::SP_MediaStop, tr("Cancel"),
                         tr("Stop the selected run; its folder keeps the checkpoint of the last finished epoch"));
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    connect(cancelButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun()) cancelRun(run);
    });
    continueButton_ =
        tool(QStyle::SP_MediaSeekForward, tr("Continue"), tr("Continue the selected stopped run from its checkpoint"));
    connect(continueButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun()) resumeFromFolder(run->folder());
    });
    removeButton_ = tool(QStyle::SP_DialogDiscardButton, tr("Remove"),
                         tr("Remove the selected run from the list (its folder stays on disk)"));
    connect(removeButton_, &QToolButton::clicked, this, [this] {
        if (TrainingRun* run = currentRun()) removeRun(run);
    });
    metricsButton_ = tool(QStyle::SP_FileDialogDetailedView, tr("Charts"), tr("Choose which metrics have charts"));
    metricsButton_->setPopupMode(QToolButton::InstantPopup);
    metricsButton_->setMenu(chartPanel_->metricsMenu());
    metricsButton_->setEnabled(false);
    exportButton_ = tool(QStyle::SP_DialogSaveButton, tr("Export"),
                         tr("Save the charts of the checked runs as PNG or SVG, or their metrics as CSV"));
    exportButton_->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton_);
    exportMenu->addAction(tr("Charts as PNG…"), this, [this] { chooseExport(QStringLiteral("png")); });
    exportMenu->addAction(tr("Charts as SVG…"), this, [this] { chooseExport(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Metrics as CSV…"), this, [this] { chooseExport(QStringLiteral("csv")); });
    exportButton_->setMenu(exportMenu);
    for (QToolButton* b : {pauseButton_, cancelButton_, continueButton_, removeButton_, metricsButton_, exportButton_})
        bar->addWidget(b);
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

void TrainingPage::setOntologies(OntologyListModel* ontologies) {
    ontologies_ = ontologies;
    form_->setOntologies(ontologies);
}

TrainingConfig TrainingPage::config() const {
    return form_->config();
}

void TrainingPage::setConfig(const TrainingConfig& config) {
    form_->setConfig(config);
}

bool TrainingPage::selectDataset(quint64 datasetId) {
    return form_->selectDataset(datasetId);
}

bool TrainingPage::selectOntology(quint64 ontologyId) {
    return form_->selectOntology(ontologyId);
}

void TrainingPage::setDataFolder(const QString& path, const QString& negatives) {
    form_->setDataFolder(path, negatives);
}

void TrainingPage::setOntologyFile(const QString& path) {
    form_->setOntologyFile(path);
}

void TrainingPage::setRunFolder(const QString& dir) {
    runFolder_->setText(dir);
}

TrainingCharts* TrainingPage::charts() const {
    return chartPanel_->charts();
}

ChartDataModel* TrainingPage::dataModel() const {
    return chartPanel_->dataModel();
}

QComboBox* TrainingPage::dataMetricCombo() const {
    return chartPanel_->dataMetricCombo();
}

QTableView* TrainingPage::dataView() const {
    return chartPanel_->dataView();
}

QTabWidget* TrainingPage::chartTabs() const {
    return chartPanel_;
}

QComboBox* TrainingPage::dataSourceCombo() const {
    return form_->dataSourceCombo();
}

QString TrainingPage::freshRunFolder(const QString& model) const {
    const QString base = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-")) + model;
    QDir root(runsRoot_);
    QString name = base;
    for (int n = 2; QFileInfo::exists(root.filePath(name)) || runs_->runForFolder(root.absoluteFilePath(name)); ++n)
        name = base + QStringLiteral("-%1").arg(n);
    return root.absoluteFilePath(name);
}

// ---------------------------------------------------------------------------------------------
// Runs

TrainingRun* TrainingPage::newRun(const QString& folder) {
    auto* run = new TrainingRun(nextRunId_++, folder, this);
    run->setColor(kRunColors[nextColor_++ % std::size(kRunColors)]);
    connect(run, &TrainingRun::metricsChanged, chartPanel_, &TrainingChartPanel::scheduleRefresh);
    runs_->addRun(run, true);
    saveRunList();
    emit runAdded(run);
    return run;
}

TrainingRun* TrainingPage::startRun() {
    Launch l;
    l.config = config();
    QString error;
    if (!form_->source(l.source, error)) {
        showError(tr("Cannot Start Run"), error);
        return nullptr;
    }
    try {
        if (l.config.isEl())
            (void)l.config.toElParams();
        else
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
    if (!run) run = newRun(folder);
    run->clearMetrics();
    run->setConfig(l.config, l.source.label());
    runFolder_->clear(); // the next Start makes a fresh folder
    launch(run, std::move(l));
    return run;
}

TrainingRun* TrainingPage::resumeFromFolder(const QString& dir) {
    const QString folder = QFileInfo(dir).absoluteFilePath();
    TrainingRun* run = runs_->runForFolder(folder);
    if (run && run->isActive()) {
        showError(tr("Cannot Resume Run"), tr("%1 is being trained already.").arg(QDir::toNativeSeparators(folder)));
        return nullptr;
    }
    if (!run) run = newRun(folder);
    Launch l;
    l.resume = true;
    l.config = run->config();
    if (datasets_)
        for (int row = 0; row < datasets_->datasetCount(); ++row)
            l.datasets.push_back(datasets_->datasetAt(row));
    if (ontologies_)
        for (int row = 0; row < ontologies_->ontologyCount(); ++row)
            l.ontologies.push_back(ontologies_->ontologyAt(row));
    launch(run, std::move(l));
    return run;
}

namespace {

/// The epoch callback of a run's job. Small datasets finish hundreds of epochs a second: reports
/// wait in a mailbox, and at most one delivery is queued at a time, so while the GUI thread is
/// busy they collect and it applies them in one go (one chart and run-list update).
std::function<void(const embed::EpochReport&)> epochMailbox(TrainingRun* run, JobRunner* runner,
                                                            const QPointer<QObject>& runGuard) {
    struct Mailbox {
        std::mutex mutex;
        std::vector<embed::EpochReport> pending;
        bool queued = false;
    };
    auto mailbox = std::make_shared<Mailbox>();
    return [run, runner, runGuard, mailbox](const embed::EpochReport& report) {
        {
            std::lock_guard lock(mailbox->mutex);
            mailbox->pending.push_back(report);
            if (mailbox->queued) return;
            mailbox->queued = true;
        }
        runner->post(runGuard, [run, mailbox] {
            std::vector<embed::EpochReport> reports;
            {
                std::lock_guard lock(mailbox->mutex);
                reports.swap(mailbox->pending);
                mailbox->queued = false;
            }
            run->addReports(reports);
        });
    };
}

/// Trains `config` on `source` into `dir` on the job's thread, through the core job of its family.
void trainRun(const TrainingConfig& config, const TrainingDataSource& source, const QString& dir, bool resume,
              const std::shared_ptr<embed::TrainControl>& control,
              const std::function<void(const embed::EpochReport&)>& onEpoch, jobs::JobContext& ctx) {
    if (config.isEl()) {
        if (!source.isOntology())
            throw InputError(source.label().toStdString(), "the EL models train on an ontology, not on triples");
        embed::ElJobParams params = config.toElParams();
        params.train.run_dir = QFile::encodeName(dir).toStdString();
        params.train.resume = resume;
        params.train.data = source.kind == TrainingDataSource::Kind::OntologyFile
                                ? QFile::encodeName(source.folder).toStdString()
                                : source.label().toStdString();
        if (source.kind == TrainingDataSource::Kind::LoadedOntology)
            params.ontology = [original = source.ontology->original] { return cloneOntology(*original); };
        params.hooks.control = control;
        params.hooks.on_epoch = onEpoch;
        embed::run_el_job(params, ctx);
    } else {
        if (source.isOntology())
            throw InputError(source.label().toStdString(), "the KG models train on triples, not on an ontology");
        embed::KgTrainParams params = config.toParams();
        params.train.run_dir = QFile::encodeName(dir).toStdString();
        params.train.resume = resume;
        params.train.data = source.label().toStdString();
        params.hooks.control = control;
        params.hooks.on_epoch = onEpoch;
        const embed::TripleDataset data = loadTrainingData(source, ctx);
        embed::train_kg(data, params, ctx);
    }
}

} // namespace

void TrainingPage::launch(TrainingRun* run, Launch l) {
    auto control = std::make_shared<embed::TrainControl>();
    run->setControl(control);
    run->setStatus(TrainingRun::Status::Queued);
    const QString dir = run->folder();
    // The work runs on a pool thread: it touches no QObject except by posting calls to `run`
    // through the runner (so they run in order with the job's own calls: the last epoch's
    // report before the end), which the page keeps alive while the job is active.
    JobRunner* runner = runner_;
    const QPointer<QObject> runGuard(run);
    auto work = [run, runner, runGuard, control, dir, l = std::move(l)](jobs::JobContext& ctx) -> std::any {
        TrainingConfig config = l.config;
        TrainingDataSource source = l.source;
        if (l.resume) {
            RunFolderContents before = readRunFolder(dir);
            if (!before.hasCheckpoint)
                throw InputError(QDir(dir).filePath(QStringLiteral("checkpoint.bin")).toStdString(),
                                 "no checkpoint to resume from");
            config = TrainingConfig::fromParamsJson(before.params);
            const QString label = before.params.value(QStringLiteral("data")).toString();
            source = sourceFromLabel(label, l.datasets, l.ontologies, config, dir);
            runner->post(runGuard, [run, config, label, records = before.records] {
                run->setConfig(config, label);
                run->setRecords(records);
            });
        }
        const auto onEpoch = epochMailbox(run, runner, runGuard);
        trainRun(config, source, dir, l.resume, control, onEpoch, ctx);
        return readRunFolder(dir); // the file is the record: the charts end on its exact values
    };
    JobHandle* job = runner_->start(tr("Train %1").arg(run->name()), std::move(work));
    run->setJob(job);
    connectRun(run, job);
    updateRunButtons();
}

// The run follows its job: running, finished (the charts end on the run folder's values),
// failed (the error on the run and in a box), cancelled; the buttons when it ends.
void TrainingPage::connectRun(TrainingRun* run, JobHandle* job) {
    connect(job, &JobHandle::stateChanged, run, [this, run](JobHandle::State state) {
        if (state == JobHandle::State::Running && run->status() == TrainingRun::Status::Queued) {
            run->setStatus(TrainingRun::Status::Running);
            saveActiveRuns();
        }
    });
    connect(job, &JobHandle::finished, this, [this, run, job] {
        run->setRecords(job->resultAs<RunFolderContents>().records);
        run->setStatus(TrainingRun::Status::Finished);
        refreshCharts(); // once per run: its charts end on the file's exact values right away
    });
    connect(job, &JobHandle::failed, this,
            [this, run](const QString& message, const QString& file, quint64 line, quint64 column) {
                const QString full = locatedMessage(message, file, line, column);
                run->setError(full);
                showError(tr("Training Failed"), tr("Run %1: %2").arg(run->name(), full));
            });
    connect(job, &JobHandle::cancelled, this, [run] { run->setStatus(TrainingRun::Status::Cancelled); });
    connect(job, &JobHandle::ended, this, [this, run] {
        saveActiveRuns();
        run->setControl(nullptr);
        refreshChartsSoon();
        updateRunButtons();
        emit runEnded(run);
    });
}

void TrainingPage::pauseRun(TrainingRun* run) {
    if (!run || !run->control() || !run->isActive()) return;
    run->control()->pause();
    run->setStatus(TrainingRun::Status::Paused);
    updateRunButtons();
}

void TrainingPage::resumeRun(TrainingRun* run) {
    if (!run || !run->control() || run->status() != TrainingRun::Status::Paused) return;
    run->control()->resume();
    run->setStatus(run->job() && run->job()->state() == JobHandle::State::Queued ? TrainingRun::Status::Queued
                                                                                 : TrainingRun::Status::Running);
    updateRunButtons();
}

void TrainingPage::cancelRun(TrainingRun* run) {
    if (!run || !run->isActive() || !run->job()) return;
    run->job()->cancel(); // a paused job wakes on the stop request
}

bool TrainingPage::removeRun(TrainingRun* run) {
    if (!run || run->isActive()) return false;
    runs_->removeRun(run);
    saveRunList();
    run->deleteLater();
    refreshChartsSoon();
    return true;
}

JobHandle* TrainingPage::openRunFolder(const QString& dir) {
    const QString folder = QFileInfo(dir).absoluteFilePath();
    if (TrainingRun* existing = runs_->runForFolder(folder); existing && existing->isActive()) {
        setCurrentRun(existing);
        return nullptr;
    }
    JobHandle* job = runner_->start(tr("Open run %1").arg(QFileInfo(folder).fileName()),
                                    [folder](jobs::JobContext&) { return readRunFolder(folder); });
    connect(job, &JobHandle::finished, this, [this, job] { addStoredRun(job->resultAs<RunFolderContents>()); });
    connect(job, &JobHandle::failed, this, [this](const QString& message, const QString& file, quint64 line, quint64) {
        const QString where = line > 0 ? QStringLiteral("%1:%2").arg(file).arg(line) : file;
        showError(tr("Cannot Open Run Folder"), where.isEmpty() ? message : where + QStringLiteral(": ") + message);
    });
    return job;
}

void TrainingPage::addStoredRun(const RunFolderContents& contents) {
    TrainingRun* run = runs_->runForFolder(contents.dir);
    if (run && run->isActive()) return;
    if (!run) run = newRun(contents.dir);
    run->setConfig(TrainingConfig::fromParamsJson(contents.params),
                   contents.params.value(QStringLiteral("data")).toString());
    run->setRecords(contents.records);
    run->setStatus(TrainingRun::Status::Stored);
    setCurrentRun(run);
    refreshCharts(); // the user asked for this run: show it at once
}

TrainingRun* TrainingPage::currentRun() const {
    return runs_->runForIndex(runView_->currentIndex());
}

void TrainingPage::setCurrentRun(TrainingRun* run) {
    const int row = runs_->rowOf(run);
    if (row >= 0) runView_->setCurrentIndex(runs_->index(row, 0));
}

void TrainingPage::updateRunButtons() {
    const TrainingRun* run = currentRun();
    const bool active = run && run->isActive();
    const bool paused = run && run->status() == TrainingRun::Status::Paused;
    pauseButton_->setEnabled(active);
    pauseButton_->setText(paused ? tr("Resume") : tr("Pause"));
    // This runs on every epoch report: the icon is set only when it changes.
    setButtonStyleIcon(pauseButton_, paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause, &pauseIcon_);
    cancelButton_->setEnabled(active);
    continueButton_->setEnabled(run && !active && run->status() != TrainingRun::Status::Finished &&
                                run->epochsDone() < run->epochsPlanned());
    removeButton_->setEnabled(run && !active);
}

// ---------------------------------------------------------------------------------------------
// Charts

void TrainingPage::refreshCharts() {
    chartPanel_->setRuns(runs_->checkedRuns());
}

void TrainingPage::refreshChartsSoon() {
    // Runs start, end and get checked in bursts; one redraw covers a burst.
    chartPanel_->setRunsLater(runs_->checkedRuns());
}

bool TrainingPage::exportCsv(const QString& path, QString* error) {
    refreshCharts();
    return chartPanel_->exportCsv(path, error);
}

bool TrainingPage::exportPng(const QString& path, QString* error) {
    refreshCharts();
    return chartPanel_->exportPng(path, error);
}

bool TrainingPage::exportSvg(const QString& path, QString* error) {
    refreshCharts();
    return chartPanel_->exportSvg(path, error);
}

void TrainingPage::chooseExport(const QString& format) {
    const QString filter = format == QLatin1String("csv")   ? tr("CSV (*.csv)")
                           : format == QLatin1String("svg") ? tr("SVG (*.svg)")
                                                            : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export"),
                                                QDir(runsRoot_).filePath(QStringLiteral("training.") + format), filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + format;
    QString error;
    const bool ok = format == QLatin1String("csv")   ? exportCsv(path, &error)
                    : format == QLatin1String("svg") ? exportSvg(path, &error)
                                                     : exportPng(path, &error);
    if (!ok) showError(tr("Export Failed"), error);
}

// ---------------------------------------------------------------------------------------------
// Dialogs, errors, persistence

void TrainingPage::chooseRunFolder() {
    QDir().mkpath(runsRoot_);
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Run Folder"), runsRoot_);
    if (!dir.isEmpty()) runFolder_->setText(dir);
}

void TrainingPage::chooseResumeFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Resume Run"), runsRoot_);
    if (!dir.isEmpty()) resumeFromFolder(dir);
}

void TrainingPage::chooseOpenFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Run Folder"), runsRoot_);
    if (!dir.isEmpty()) openRunFolder(dir);
}

void TrainingPage::showError(const QString& title, const QString& message) {
    showWarning(this, title, message, QStringLiteral("trainingErrorBox")); // runs keep training and reporting
    emit errorShown(message);
}

void TrainingPage::saveRunList() const {
    QStringList folders;
    for (const TrainingRun* run : runs_->runs())
        folders << run->folder();
    writeSettingLater(QLatin1String(kRunListKey), folders);
}

void TrainingPage::saveActiveRuns() const {
    QStringList folders;
    for (const TrainingRun* run : runs_->runs())
        if (run->isActive()) folders << run->folder();
    writeSettingLater(QLatin1String(kActiveRunsKey), folders);
}

void TrainingPage::restoreRunList() {
    auto settings = openSettings();
    const QStringList folders = settings->value(QLatin1String(kRunListKey)).toStringList();
    const QStringList wereTraining = settings->value(QLatin1String(kActiveRunsKey)).toStringList();
    if (folders.isEmpty()) return;
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
    connect(job, &JobHandle::finished, this, [this, job, wereTraining] {
        for (const RunFolderContents& c : job->resultAs<QVector<RunFolderContents>>()) {
            addStoredRun(c);
            if (TrainingRun* run = runs_->runForFolder(c.dir); run && wereTraining.contains(c.dir))
                run->setInterrupted(true);
        }
        saveRunList();
        saveActiveRuns();
    });
}

} // namespace kbcx::ui
