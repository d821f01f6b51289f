// Implementation of MainWindow: wires the explorer, Overview tab and jobs dock to the
// JobRunner-driven load jobs; handles menus, recent files, drag and drop and QSettings.
#include "ui/shell/main_window.hpp"
#include "ui/common/column_chooser.hpp"

#include "ui/benchmark/benchmark_page.hpp"
#include "ui/benchmark/engine_export_dialog.hpp"
#include "ui/common/accessibility.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/name_style_setting.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/dataset/overview_page.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/hierarchy_page.hpp"
#include "ui/eval/inversions_page.hpp"
#include "ui/graph/graph_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/jobs_panel.hpp"
#include "ui/jobs/memory_limit.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/shell/help_extras.hpp"
#include "ui/shell/preferences_dialog.hpp"
#include "ui/shell/recent_files.hpp"
#include "ui/shell/reproductions_dialog.hpp"
#include "ui/shell/session.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/training/training_page.hpp"

#include "common/error.hpp"
#include "common/limits.hpp"
#include "common/resources.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHeaderView>
#include <QIcon>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUrl>

#include <algorithm>

namespace kbcx::ui {

namespace {

QStringList localFiles(const QMimeData* mime) {
    QStringList paths;
    if (!mime || !mime->hasUrls()) return paths;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) return {};
        paths << url.toLocalFile();
    }
    return paths;
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/kbc-explorer.svg")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    runner_ = new JobRunner(this);
    runner_->setDefaultMemoryLimit(savedJobMemoryLimit());
    datasets_ = new DatasetModel(this);
    recent_ = new RecentFiles(this);

    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("centralTabs"));
    tabs_->setDocumentMode(true);
    // The ten tabs, left to right.
    createKnowledgeGraphTabs();
    createBenchmarkTab();
    createOntologyTabs();
    createTrainingTab();
    createEvaluationTabs();
    setCentralWidget(tabs_);

    makePagesScrollable();
    createDocks();
    createActions();
    createStatusBar();
    restoreLayout();
    updateWindowTitle();
    updateStatus();
    session_ = new SessionKeeper(this); // reads the last session before anything overwrites it
    // Accessible names for controls built now, on a tab's first showing, and after jobs.
    nameUnlabelledControls(this);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { nameUnlabelledControls(this); });
    connect(runner_, &JobRunner::idle, this, [this] { nameUnlabelledControls(this); });
}

// Overview, Rules and Graph: a support or derived fact picked in Rules is shown in Graph; the
// demo opens with its pattern rules scored, so the Rules tab has something to show.
void MainWindow::createKnowledgeGraphTabs() {
    overview_ = new OverviewPage(tabs_);
    tabs_->addTab(overview_, style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("Overview"));
    rules_ = new RulesPage(runner_, tabs_);
    tabs_->addTab(rules_, style()->standardIcon(QStyle::SP_FileDialogListView), tr("Rules"));
    graph_ = new GraphPage(runner_, tabs_);
    tabs_->addTab(graph_, style()->standardIcon(QStyle::SP_DriveNetIcon), tr("Graph"));
    connect(rules_, &RulesPage::supportSelected, this, [this](const GraphHighlight& highlight) {
        graph_->showHighlight(highlight);
        if (rules_->followsGraph()) showTab(QStringLiteral("Graph"));
    });
    connect(rules_, &RulesPage::derivedFactSelected, graph_, &GraphPage::showDerivation);
    connect(this, &MainWindow::datasetAdded, rules_, [this](const DatasetPtr& dataset) {
        if (!dataset || dataset->name != demoDatasetName() || rules_->ruleView()->model()->rowCount() > 0) return;
        rules_->setDataset(dataset);
        rules_->setPatterns(QStringLiteral("all"), 3, 1);
        if (JobHandle* job = rules_->scoreRules())
            connect(job, &JobHandle::finished, rules_, [this] { rules_->selectRule(0); });
    });
}

// Benchmark: its facts open in the Graph tab on the benchmark's own train KG; the demo dataset
// brings a small generated benchmark with it.
void MainWindow::createBenchmarkTab() {
    auto* benchmark = new BenchmarkPage(runner_, datasets_, tabs_);
    benchmark->setCurrentDatasetSource([this] { return currentDataset(); });
    tabs_->addTab(benchmark, style()->standardIcon(QStyle::SP_FileDialogContentsView), tr("Benchmark"));
    connect(benchmark, &BenchmarkPage::factActivated, this, [this](const DatasetPtr& train, const GraphHighlight& h) {
        graph_->setDataset(train);
        graph_->showHighlight(h);
        showTab(QStringLiteral("Graph"));
    });
    connect(this, &MainWindow::datasetAdded, benchmark, [benchmark](const DatasetPtr& dataset) {
        if (dataset && dataset->name == demoDatasetName() && !benchmark->benchmark() && !benchmark->currentJob())
            benchmark->generateDemo(dataset);
    });
}

// Ontology, Partition and Teach, created by the ontology workspace; its load errors use the
// dataset error box.
void MainWindow::createOntologyTabs() {
    ontologies_ = new OntologyWorkspace(runner_, this);
    ontologies_->addTabs(tabs_);
    connect(ontologies_, &OntologyWorkspace::loadFailed, this,
            [this](const QString& name, const QString& message, const QString& file, quint64 line, quint64 column) {
                showLoadError(name, message, file, line, column);
            });
    connect(ontologies_, &OntologyWorkspace::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
}

// Training: KG and EL runs, on loaded datasets and ontologies.
void MainWindow::createTrainingTab() {
    auto* training = new TrainingPage(runner_, datasets_, tabs_);
    training->setOntologies(ontologies_->model());
    tabs_->addTab(training, style()->standardIcon(QStyle::SP_MediaPlay), tr("Training"));
}

// Hierarchy and Inversions share the imported evaluations (File → Import Scores…); the demo
// dataset brings a demo evaluation with it.
void MainWindow::createEvaluationTabs() {
    auto* evalWorkspace = new EvalWorkspace(runner_, this, this);
    evalWorkspace->setObjectName(QStringLiteral("evalWorkspace"));
    tabs_->addTab(new HierarchyPage(evalWorkspace, tabs_), style()->standardIcon(QStyle::SP_ArrowUp), tr("Hierarchy"));
    auto* inversions = new InversionsPage(evalWorkspace, tabs_);
    tabs_->addTab(inversions, style()->standardIcon(QStyle::SP_BrowserReload), tr("Inversions"));
    connect(inversions, &InversionsPage::showClassRequested, this, [this](const QString& name) {
        if (ontologies_->ontologyPage()->findClass(name))
            showTab(QStringLiteral("Ontology"));
        else
            statusBar()->showMessage(
                tr("%1 is not a class of the ontology shown in the Ontology tab: open the test set's ontology there.")
                    .arg(name),
                8000);
    });
    connect(this, &MainWindow::datasetAdded, evalWorkspace, [evalWorkspace](const DatasetPtr& dataset) {
        if (dataset && dataset->name == demoDatasetName() && evalWorkspace->model()->count() == 0)
            evalWorkspace->importDemo();
    });
}

MainWindow::~MainWindow() {
    // Stop background work before the models it reports to go away.
    runner_->cancelAll();
    runner_->waitForDone();
    session_->saveNow(true); // an end without a crash: the next start does not offer to restore
    waitForSettingWrites();  // recent files and the run list, queued off the GUI thread
}

QString MainWindow::openFileFilter() {
    return tr("Knowledge graphs and ontologies (*.tsv *.txt *.nt *.ttl *.owl *.rdf *.xml *.ofn *.owx *.obo *.kbo "
              "*.tsv.gz *.txt.gz *.nt.gz *.ttl.gz *.owl.gz *.rdf.gz *.xml.gz *.ofn.gz *.owx.gz *.obo.gz *.gz);;"
              "Ontologies (*.owl *.ofn *.owx *.obo *.kbo *.ttl *.nt *.owl.gz *.ofn.gz *.owx.gz *.obo.gz *.ttl.gz "
              "*.nt.gz);;"
              "Tab-separated triples (*.tsv *.txt *.tsv.gz *.txt.gz);;"
              "N-Triples (*.nt *.nt.gz);;Turtle (*.ttl *.ttl.gz);;"
              "RDF/XML (*.owl *.rdf *.xml *.owl.gz *.rdf.gz *.xml.gz);;All files (*)");
}

void MainWindow::createDocks() {
    explorer_ = new QTreeView(this);
    explorer_->setObjectName(QStringLiteral("datasetExplorer"));
    explorer_->setModel(datasets_);
    explorer_->setUniformRowHeights(true);
    explorer_->setAlternatingRowColors(true);
    // Long names lose their middle, not their distinguishing end; the tooltip has them whole.
    explorer_->setTextElideMode(Qt::ElideMiddle);
    explorer_->setSelectionMode(QAbstractItemView::SingleSelection);
    explorer_->setContextMenuPolicy(Qt::ActionsContextMenu);
    explorer_->header()->setStretchLastSection(false);
    explorer_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    explorer_->header()->setSectionResizeMode(DatasetModel::NameColumn, QHeaderView::Stretch);
    explorer_->header()->setMinimumSectionSize(40);
    // A narrow dock shows names and sizes; the other counts are a right-click on the header
    // away (and in each row's tooltip).
    installColumnChooser(explorer_,
                         {DatasetModel::RelationsColumn, DatasetModel::TypeFactsColumn, DatasetModel::TypesColumn});
    connect(explorer_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onCurrentExplorerIndexChanged);
    // Keep title and tabs in step when the current row is removed.
    connect(datasets_, &QAbstractItemModel::rowsRemoved, this, [this] {
        onCurrentExplorerIndexChanged(explorer_->currentIndex());
        updateStatus();
    });

    auto* explorerDock = new QDockWidget(tr("Datasets"), this);
    explorerDock->setObjectName(QStringLiteral("datasetDock"));
    // Knowledge graphs above, ontologies below (an ontology is not a KG: it has its own list).
    auto* explorerSplit = new QSplitter(Qt::Vertical, explorerDock);
    explorerSplit->setObjectName(QStringLiteral("explorerSplit"));
    explorerSplit->addWidget(explorer_);
    explorerSplit->addWidget(ontologies_->explorerView());
    explorerDock->setWidget(explorerSplit);
    explorerDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, explorerDock);

    jobsPanel_ = new JobsPanel(runner_, this);
    auto* jobsDock = new QDockWidget(tr("Jobs"), this);
    jobsDock->setObjectName(QStringLiteral("jobsDock"));
    jobsDock->setWidget(jobsPanel_);
    jobsDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, jobsDock);
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));

    QAction* open = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this,
                                    &MainWindow::chooseFiles);
    open->setObjectName(QStringLiteral("openAction"));
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Load one or more knowledge-graph files as a dataset"));

    recentMenu_ = file->addMenu(tr("Open &Recent"));
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    connect(recent_, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    QAction* demo =
        file->addAction(style()->standardIcon(QStyle::SP_DirHomeIcon), tr("Open &Demo"), this, [this] { openDemo(); });
    demo->setObjectName(QStringLiteral("openDemoAction"));
    demo->setStatusTip(tr("Load the embedded university knowledge graph and its ontology"));

    QAction* demoOnto = file->addAction(style()->standardIcon(QStyle::SP_DirHomeIcon), tr("Open Demo &Ontology"), this,
                                        [this] { openDemoOntology(); });
    demoOnto->setObjectName(QStringLiteral("openDemoOntologyAction"));
    demoOnto->setStatusTip(tr("Load the embedded university ontology (EL, OWL 2 functional syntax)"));

    QAction* importScores = file->addAction(tr("Import &Scores…"), this, [this] {
        if (auto* workspace = findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"))) workspace->showImportDialog();
    });
    importScores->setObjectName(QStringLiteral("importScoresAction"));
    importScores->setStatusTip(tr("Evaluate a scores file against a test set (Hierarchy and Inversions tabs)"));

    loadEntityNamesAction_ = file->addAction(tr("Load Entity &Names…"), this, &MainWindow::chooseEntityNames);
    loadEntityNamesAction_->setObjectName(QStringLiteral("loadEntityNamesAction"));
    loadEntityNamesAction_->setStatusTip(
        tr("Name the current dataset's entities from a file of id<TAB>name lines (as shipped beside FB15k-237)"));
    loadEntityNamesAction_->setEnabled(false);

    file->addSeparator();
    closeDatasetAction_ = file->addAction(style()->standardIcon(QStyle::SP_DialogCloseButton), tr("&Close Dataset"),
                                          this, &MainWindow::closeCurrentDataset);
    closeDatasetAction_->setObjectName(QStringLiteral("closeDatasetAction"));
    closeDatasetAction_->setShortcut(QKeySequence::Close);
    closeDatasetAction_->setEnabled(false);
    explorer_->addAction(closeDatasetAction_);

    file->addSeparator();
    QAction* preferences = file->addAction(tr("&Preferences…"), this, [this] {
        auto* dialog = findChild<PreferencesDialog*>(QStringLiteral("preferencesDialog"));
        if (!dialog) dialog = new PreferencesDialog(runner_, this);
        dialog->memoryLimitField()->setBytes(runner_->defaultMemoryLimit());
        dialog->open();
    });
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setStatusTip(tr("The memory limit every job runs under"));

    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->setMenuRole(QAction::QuitRole);

    createViewMenu();

    if (auto* benchmark = findChild<BenchmarkPage*>()) {
        QMenu* benchMenu = menuBar()->addMenu(tr("&Benchmark"));
        QAction* generate = benchMenu->addAction(style()->standardIcon(QStyle::SP_MediaPlay),
                                                 tr("&Generate Benchmark…"), this, [this, benchmark] {
                                                     showTab(QStringLiteral("Benchmark"));
                                                     benchmark->showGenerateDialog();
                                                 });
        generate->setObjectName(QStringLiteral("generateBenchmarkAction"));
        generate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
        generate->setStatusTip(tr("Build an inferential benchmark from a loaded knowledge graph"));
        QAction* openBench = benchMenu->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon),
                                                  tr("&Open Benchmark Folder…"), this, [this, benchmark] {
                                                      showTab(QStringLiteral("Benchmark"));
                                                      benchmark->chooseFolder();
                                                  });
        openBench->setObjectName(QStringLiteral("openBenchmarkAction"));
        openBench->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
        openBench->setStatusTip(tr("Open a benchmark folder (ours or LogInfer's)"));
    }

    QMenu* trainingMenu = menuBar()->addMenu(tr("&Training"));
    QAction* sweep = trainingMenu->addAction(style()->standardIcon(QStyle::SP_MediaSeekForward),
                                             tr("&Negative-Sampling Sweep…"), this, [this] {
                                                 auto* dialog = findChild<SweepDialog*>(QStringLiteral("sweepDialog"));
                                                 if (!dialog)
                                                     dialog = new SweepDialog(runner_, ontologies_->model(), this);
                                                 dialog->show();
                                                 dialog->raise();
                                             });
    sweep->setObjectName(QStringLiteral("sweepAction"));
    sweep->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    sweep->setStatusTip(tr("Train one EL model per p⊥ and seed and chart FVR and MRR against p⊥ (kbcx sweep)"));
    QAction* engineExport = trainingMenu->addAction(
        style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Export for a Training Engine…"), this, [this] {
            auto* dialog = findChild<EngineExportDialog*>(QStringLiteral("engineExportDialog"));
            if (!dialog) dialog = new EngineExportDialog(runner_, this);
            dialog->show();
            dialog->raise();
        });
    engineExport->setObjectName(QStringLiteral("engineExportAction"));
    engineExport->setStatusTip(tr("Write a KG or benchmark folder for DGL-KE, PyKEEN or LibKGE (kbcx export)"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(windowIcon(), tr("&About KBC Explorer"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    addHelpActions(this, help); // tour (F1) and the shipped examples
    QAction* repro = help->addAction(tr("&Reproductions…"), this, [this] {
        auto* dialog = findChild<ReproductionsDialog*>(QStringLiteral("reproductionsDialog"));
        if (!dialog) dialog = new ReproductionsDialog(runner_, this);
        dialog->show();
        dialog->raise();
    });
    repro->setObjectName(QStringLiteral("reproductionsAction"));
    repro->setStatusTip(tr("Run the papers' findings on real data and read the reports beside the published numbers"));
}

void MainWindow::createViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QMenu* names = view->addMenu(tr("&Names"));
    names->setObjectName(QStringLiteral("namesMenu"));
    names->setToolTipsVisible(true);
    auto* group = new QActionGroup(names);
    group->setExclusive(true);
    struct Choice {
        NameStyle style;
        const char* objectName;
        QString text, tip;
    };
    const Choice choices[] = {
        {NameStyle::Label, "namesLabelAction", tr("&Label"),
         tr("rdfs:label, skos:prefLabel or OBO name (English first); the short name where there is none or it is "
            "shared")},
        {NameStyle::Short, "namesShortAction", tr("&Short Name"), tr("prefix:local, e.g. obo:GO_0005244")},
        {NameStyle::Iri, "namesIriAction", tr("Full &IRI"), tr("the whole IRI in angle brackets")},
    };
    NameStyleSetting& setting = NameStyleSetting::instance();
    for (const Choice& c : choices) {
        QAction* a = names->addAction(c.text);
        a->setObjectName(QString::fromLatin1(c.objectName));
        a->setToolTip(c.tip);
        a->setStatusTip(c.tip);
        a->setCheckable(true);
        a->setChecked(setting.style() == c.style);
        group->addAction(a);
        const NameStyle style = c.style;
        connect(a, &QAction::triggered, this, [style] { NameStyleSetting::instance().setStyle(style); });
        connect(&setting, &NameStyleSetting::changed, a,
                [a, style] { a->setChecked(NameStyleSetting::instance().style() == style); });
    }
}

void MainWindow::createStatusBar() {
    datasetCountLabel_ = new QLabel(this);
    datasetCountLabel_->setObjectName(QStringLiteral("datasetCountLabel"));
    memoryLabel_ = new QLabel(this);
    memoryLabel_->setObjectName(QStringLiteral("memoryLabel"));
    memoryLabel_->setToolTip(tr("Resident memory of this process (peak in parentheses)"));
    // Fixed widths: the texts change every two seconds, and a label whose size hint changes
    // makes the whole window lay itself out again.
    const QFontMetrics metrics(memoryLabel_->font());
    datasetCountLabel_->setFixedWidth(metrics.horizontalAdvance(tr("%1 datasets").arg(9999)) + 8);
    memoryLabel_->setFixedWidth(
        metrics.horizontalAdvance(
            tr("Memory: %1 (peak %2)").arg(QStringLiteral("999.9 MB"), QStringLiteral("999.9 MB"))) +
        8);
    memoryWarningLabel_ = new QLabel(this);
    memoryWarningLabel_->setObjectName(QStringLiteral("memoryWarningLabel"));
    memoryWarningLabel_->setStyleSheet(QStringLiteral("color: #b02020; font-weight: bold;"));
    memoryWarningLabel_->setVisible(false);
    statusBar()->addPermanentWidget(datasetCountLabel_);
    statusBar()->addPermanentWidget(memoryWarningLabel_);
    statusBar()->addPermanentWidget(memoryLabel_);
    memoryTimer_ = new QTimer(this);
    memoryTimer_->setObjectName(QStringLiteral("statusTimer"));
    memoryTimer_->setInterval(2000);
    connect(memoryTimer_, &QTimer::timeout, this, &MainWindow::updateStatus);
    memoryTimer_->start();
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList files = recent_->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* action = recentMenu_->addAction(
            tr("&%1 %2").arg(i + 1 < 10 ? QString::number(i + 1) : QStringLiteral("1&0"), QFileInfo(path).fileName()),
            this, [this, path] { openFiles({path}); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setData(path);
    }
    if (files.isEmpty()) {
        QAction* none = recentMenu_->addAction(tr("No recent files"));
        none->setEnabled(false);
    }
    recentMenu_->addSeparator();
    QAction* clear = recentMenu_->addAction(tr("&Clear Menu"), recent_, &RecentFiles::clear);
    clear->setObjectName(QStringLiteral("clearRecentAction"));
    clear->setEnabled(!files.isEmpty());
}

namespace {

/// The largest size the window opens at on a real screen (a laptop's is filled).
constexpr QSize kPreferredWindowSize(1440, 900);
/// The size offscreen renders (screenshots, tests) use: they have no real screen.
constexpr QSize kOffscreenWindowSize(1280, 800);
/// Room left for the window manager's frame and title bar, which are not known before the
/// window is shown (typical X11 and Wayland decorations are 20 to 40 px high).
constexpr QMargins kFrameAllowance(8, 40, 8, 8);

} // namespace

void MainWindow::restoreLayout() {
    auto settings = openSettings();
    // Offscreen rendering (screenshots, tests) has no real screen to fit: its nominal 800×600
    // would only shrink the window, so there the window renders at kOffscreenWindowSize.
    const QString platform = QGuiApplication::platformName();
    const bool realScreen = platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
    QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const QRect available = realScreen && screen ? screen->availableGeometry()
                                                 : QRect(QPoint(0, 0), kOffscreenWindowSize.grownBy(kFrameAllowance));
    // A saved geometry is used only if the window it describes, frame included, still lies
    // on the current screen (a layout saved on a large monitor must not open off a laptop's).
    const QByteArray geometry = settings->value(QStringLiteral("mainWindow/geometry")).toByteArray();
    const bool restored = !geometry.isEmpty() && restoreGeometry(geometry) &&
                          (!realScreen || available.contains(this->geometry().marginsAdded(kFrameAllowance)));
    if (!restored) {
        const QRect room = available.marginsRemoved(kFrameAllowance);
        const QSize size = kPreferredWindowSize.boundedTo(room.size());
        setWindowState(Qt::WindowNoState);
        resize(size);
        // Centred in the room, frame included.
        move(available.topLeft() +
             QPoint((available.width() - size.width() - kFrameAllowance.left() - kFrameAllowance.right()) / 2,
                    (available.height() - size.height() - kFrameAllowance.top() - kFrameAllowance.bottom()) / 2));
    }
    restoreState(settings->value(QStringLiteral("mainWindow/state")).toByteArray());
    if (!restored) shareDockWidths();
}

void MainWindow::shareDockWidths() {
    // The Datasets dock gets two sevenths of the width (260 to 440 px), the Jobs dock about a
    // seventh of the height.
    auto* datasetDock = findChild<QDockWidget*>(QStringLiteral("datasetDock"));
    auto* jobsDock = findChild<QDockWidget*>(QStringLiteral("jobsDock"));
    const QSize size = this->size();
    if (datasetDock) resizeDocks({datasetDock}, {std::clamp(size.width() * 2 / 7, 260, 440)}, Qt::Horizontal);
    if (jobsDock) resizeDocks({jobsDock}, {std::clamp(size.height() / 7, 90, 140)}, Qt::Vertical);
}

void MainWindow::saveLayout() {
    auto settings = openSettings();
    settings->setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings->setValue(QStringLiteral("mainWindow/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveLayout();
    runner_->cancelAll();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    openFiles(paths);
}

void MainWindow::chooseFiles() {
    const QString start = recent_->files().isEmpty() ? QDir::homePath() : QFileInfo(recent_->files().front()).path();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Knowledge Graph"), start, openFileFilter());
    if (!paths.isEmpty()) openFiles(paths);
}

JobHandle* MainWindow::openFiles(const QStringList& paths) {
    // Ontologies (as core's sniffing says) load one by one into the Ontologies list; the
    // remaining paths load together as one KG dataset, exactly as before.
    QStringList kgPaths;
    JobHandle* last = nullptr;
    for (const QString& path : paths) {
        if (isOntologyPath(path)) {
            last = ontologies_->openOntology(path);
            const QString absolutePath = QFileInfo(path).absoluteFilePath();
            connect(last, &JobHandle::finished, this, [this, absolutePath] { recent_->add(absolutePath); });
        } else {
            kgPaths << path;
        }
    }
    if (kgPaths.isEmpty()) return last;
    jobs::LoadKgParams params;
    QStringList absolute;
    for (const QString& path : kgPaths) {
        absolute << QFileInfo(path).absoluteFilePath();
        params.paths.push_back(QFile::encodeName(absolute.back()).toStdString());
    }
    return startLoad(datasetNameForPaths(absolute), absolute, params, absolute);
}

JobHandle* MainWindow::openDemoOntology() {
    return ontologies_->openDemoOntology();
}

JobHandle* MainWindow::openDemo() {
    // The demo is the university KG together with its TBox, so every tab has something to show.
    if (ontologies_->model()->ontologyCount() == 0) openDemoOntology();
    jobs::LoadKgParams params;
    try {
        params = demoLoadParams();
    } catch (const InputError& e) {
        showLoadError(demoDatasetName(), QString::fromStdString(e.message()), QString::fromStdString(e.file()), 0, 0);
        return nullptr;
    }
    return startLoad(demoDatasetName(), {QString::fromLatin1(kDemoResourcePath)}, params, {});
}

JobHandle* MainWindow::startLoad(const QString& name, const QStringList& sources, const jobs::LoadKgParams& params,
                                 const QStringList& recentPaths) {
    JobHandle* job =
        runner_->start(tr("Load %1").arg(name), [params](jobs::JobContext& ctx) { return jobs::load_kg(params, ctx); });
    connect(job, &JobHandle::finished, this, [this, job, name, sources, recentPaths, params] {
        addLoadedDataset(Dataset::fromLoadResult(name, sources, job->resultAs<jobs::LoadKgResult>(), params));
        for (const QString& path : recentPaths)
            recent_->add(path);
    });
    connect(job, &JobHandle::failed, this,
            [this, name](const QString& message, const QString& file, quint64 line, quint64 column) {
                showLoadError(name, message, file, line, column);
            });
    connect(job, &JobHandle::cancelled, this,
            [this, name] { statusBar()->showMessage(tr("Loading %1 cancelled").arg(name), 5000); });
    statusBar()->showMessage(tr("Loading %1…").arg(name));
    return job;
}

void MainWindow::addLoadedDataset(DatasetPtr dataset) {
    const QModelIndex index = datasets_->addDataset(dataset);
    explorer_->expand(index);
    explorer_->selectionModel()->setCurrentIndex(index,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    statusBar()->showMessage(tr("Loaded %1: %2 facts, %3 type facts in %4 s")
                                 .arg(dataset->name)
                                 .arg(dataset->numFacts())
                                 .arg(dataset->numTypeFacts())
                                 .arg(dataset->seconds, 0, 'f', 2),
                             8000);
    updateStatus();
    emit datasetAdded(dataset);
}

void MainWindow::showLoadError(const QString& datasetName, const QString& message, const QString& file, quint64 line,
                               quint64 column) {
    ++loadFailures_;
    // window-modal but non-blocking: no nested event loop
    showInputError(this, {tr("Could Not Load Dataset"), tr("Could not load %1.").arg(datasetName), message, file, line,
                          column, tr("Datasets loaded before are unchanged."), QStringLiteral("loadErrorBox")});
    const QString full = locatedMessage(message, file, line, column);
    statusBar()->showMessage(tr("Loading %1 failed: %2").arg(datasetName, full), 10000);
    emit loadFailed(full);
}

JobHandle* MainWindow::loadEntityNames(const QString& path) {
    const DatasetPtr dataset = currentDataset();
    if (!dataset) {
        statusBar()->showMessage(tr("Select a knowledge-graph dataset to name its entities"), 5000);
        return nullptr;
    }
    // The KG is immutable and shared with running jobs: the dataset is read again with the
    // names file, and replaces the old one only when that succeeded.
    jobs::LoadKgParams params = dataset->loadParams;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    params.entity_names_path = QFile::encodeName(absolute).toStdString();
    const QString fileName = QFileInfo(path).fileName();
    JobHandle* job = runner_->start(tr("Load entity names %1 for %2").arg(fileName, dataset->name),
                                    [params](jobs::JobContext& ctx) { return jobs::load_kg(params, ctx); });
    connect(job, &JobHandle::finished, this, [this, job, dataset, params, fileName] {
        const auto& result = job->resultAs<jobs::LoadKgResult>();
        DatasetPtr named = Dataset::fromLoadResult(dataset->name, dataset->sources, result, params);
        datasets_->removeDataset(dataset->id);
        addLoadedDataset(named);
        statusBar()->showMessage(tr("%1 names %2 of %3 entities of %4")
                                     .arg(fileName)
                                     .arg(named->namedEntities)
                                     .arg(named->numEntities())
                                     .arg(named->name),
                                 8000);
    });
    connect(job, &JobHandle::failed, this,
            [this, fileName](const QString& message, const QString& file, quint64 line, quint64 column) {
                showLoadError(fileName, message, file, line, column);
            });
    return job;
}

void MainWindow::chooseEntityNames() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Load Entity Names"), QDir::homePath(),
                                     tr("Entity names (id<TAB>name) (*.txt *.tsv *.gz);;All files (*)"));
    if (!path.isEmpty()) loadEntityNames(path);
}

DatasetPtr MainWindow::currentDataset() const {
    return datasets_->datasetForIndex(explorer_->currentIndex());
}

void MainWindow::closeCurrentDataset() {
    const DatasetPtr dataset = currentDataset();
    if (dataset) datasets_->removeDataset(dataset->id);
}

void MainWindow::onCurrentExplorerIndexChanged(const QModelIndex& current) {
    const DatasetPtr dataset = datasets_->datasetForIndex(current);
    if (overview_->dataset() != dataset) overview_->setDataset(dataset);
    rules_->setDataset(dataset);
    graph_->setDataset(dataset);
    if (dataset && current.isValid()) {
        const auto id = static_cast<kg::Id>(current.siblingAtColumn(0).data(DatasetModel::ItemIdRole).toLongLong());
        switch (datasets_->kind(current)) {
        case DatasetModel::ItemKind::Relation: overview_->selectRelation(id); break;
        case DatasetModel::ItemKind::Type: overview_->selectType(id); break;
        default: break;
        }
    }
    closeDatasetAction_->setEnabled(dataset != nullptr);
    loadEntityNamesAction_->setEnabled(dataset != nullptr);
    updateWindowTitle();
}

void MainWindow::updateWindowTitle() {
    const DatasetPtr dataset = currentDataset();
    // The window system appends the application's display name ("— KBC Explorer"), so the
    // title names the dataset alone; with none, the display name is the whole title.
    setWindowTitle(dataset ? dataset->name : QString());
}

void MainWindow::updateStatus() {
    const int n = datasets_->datasetCount();
    datasetCountLabel_->setText(n == 1 ? tr("1 dataset") : tr("%1 datasets").arg(n));
    // The two figures come from different sources (statm, getrusage); never show peak < current.
    const std::uint64_t current = current_memory_bytes();
    const std::uint64_t peak = std::max(current, peak_memory_bytes());
    memoryLabel_->setText(
        tr("Memory: %1 (peak %2)")
            .arg(QString::fromStdString(human_bytes(current)), QString::fromStdString(human_bytes(peak))));
    // Warn before the machine runs short (the kernel would swap, then kill the largest
    // process: this one), and before this process reaches the jobs' limit.
    const std::uint64_t physical = physical_memory_bytes();
    const std::uint64_t available = available_memory_bytes();
    const std::uint64_t limit = runner_->defaultMemoryLimit();
    QString warning, tip;
    if (memoryShortForTest_ || jobs::memory_running_short(available, physical)) {
        warning = tr("Memory low: %1 free").arg(QString::fromStdString(human_bytes(available)));
        tip = tr("The machine has %1 of its %2 left. Close datasets or ontologies, or cancel a job, before the "
                 "system starts swapping or stops a program.")
                  .arg(QString::fromStdString(human_bytes(available)), QString::fromStdString(human_bytes(physical)));
    } else if (limit > 0 && current > limit / 10 * 9) {
        warning = tr("Near the job limit (%1)").arg(QString::fromStdString(human_bytes(limit)));
        tip = tr("KBC Explorer uses %1 of the %2 its jobs may reach: a job that passes it is stopped. File → "
                 "Preferences raises the limit.")
                  .arg(QString::fromStdString(human_bytes(current)), QString::fromStdString(human_bytes(limit)));
    }
    if (memoryWarningLabel_->text() != warning) memoryWarningLabel_->setText(warning);
    memoryWarningLabel_->setToolTip(tip);
    memoryWarningLabel_->setVisible(!warning.isEmpty());
}

void MainWindow::makePagesScrollable() {
    // On a small screen a page gets less room than its controls need: it scrolls instead of
    // pushing the window past the screen (each page's own tables still scroll themselves).
    for (int i = 0; i < tabs_->count(); ++i) {
        QWidget* page = tabs_->widget(i);
        const QIcon icon = tabs_->tabIcon(i);
        const QString text = tabs_->tabText(i);
        const QString tip = tabs_->tabToolTip(i);
        const QString whatsThis = tabs_->tabWhatsThis(i);
        tabs_->removeTab(i);
        auto* scroll = new QScrollArea;
        scroll->setObjectName(page->objectName().isEmpty() ? QStringLiteral("pageScroll")
                                                           : page->objectName() + QStringLiteral("Scroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(page);
        tabs_->insertTab(i, scroll, icon, text);
        tabs_->setTabToolTip(i, tip);
        tabs_->setTabWhatsThis(i, whatsThis);
    }
}

QWidget* MainWindow::currentPage() const {
    QWidget* current = tabs_->currentWidget();
    if (auto* scroll = qobject_cast<QScrollArea*>(current)) return scroll->widget();
    return current;
}

bool MainWindow::showTab(const QString& name) {
    for (int i = 0; i < tabs_->count(); ++i) {
        if (tabs_->tabText(i).remove(QLatin1Char('&')).compare(name, Qt::CaseInsensitive) == 0) {
            tabs_->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

bool MainWindow::saveScreenshot(const QString& path) {
    const QFileInfo info(path);
    QDir().mkpath(info.absolutePath());
    return grab().save(path, "PNG");
}

void MainWindow::showAbout() {
    auto* box = new QMessageBox(this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowTitle(tr("About KBC Explorer"));
    box->setIconPixmap(windowIcon().pixmap(64, 64));
    box->setText(tr("<h3>KBC Explorer %1</h3>").arg(QStringLiteral(KBCX_VERSION)));
    box->setInformativeText(
        tr("A workbench for knowledge-graph and EL-ontology completion: load knowledge graphs and EL "
           "ontologies, see which rules hold and what they derive, classify candidate axioms with proofs and "
           "relative model counts, generate inferential benchmarks, and train and evaluate embedding models "
           "against the faithfulness ladder.<br><br>Built with Qt %1.")
            .arg(QString::fromLatin1(qVersion())));
    box->setStandardButtons(QMessageBox::Ok);
    box->open();
}

} // namespace kbcx::ui
