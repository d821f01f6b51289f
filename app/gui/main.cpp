// kbc-explorer: starts the Qt application with KBC Explorer's main window; parses the command
// line (--demo, FILE…, --screenshot FILE, --tab NAME, --version) and renders screenshots.
#include "build_info.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/help_extras.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/shell/session.hpp"
#include "ui/training/training_page.hpp"
#include "ui/training/training_run.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QPointer>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QString::fromLatin1(kbcx::ui::kOrganizationName));
    QApplication::setApplicationName(QString::fromLatin1(kbcx::ui::kApplicationName));
    QApplication::setApplicationDisplayName(QStringLiteral("KBC Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(KBCX_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.kbcexplorer.KbcExplorer"));
    kbcx::ui::initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/kbc-explorer.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("KBC Explorer — a workbench for knowledge-graph and EL-ontology completion.\n"
                       "The first start without files opens the demo with a tour of the tabs; Help → Examples "
                       "opens the shipped examples. KBCX_SETTINGS_DIR=DIR keeps the settings in DIR."));
    parser.addHelpOption();
    // Our own --version: it names the libraries too (Qt, Eigen, Boost, raptor2), like kbcx's.
    const QCommandLineOption versionOption({QStringLiteral("V"), QStringLiteral("version")},
                                           QStringLiteral("Print the version and the versions of the libraries it "
                                                          "was built with, then exit."));
    parser.addOption(versionOption);
    const QCommandLineOption demoOption(QStringLiteral("demo"),
                                        QStringLiteral("Open the embedded demo knowledge graph."));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("Render the main window to a PNG once the startup loads have ended, then exit "
                       "(status 1 if a load failed)."),
        QStringLiteral("file"));
    QStringList tabNames{QStringLiteral("Overview")};
    for (const kbcx::ui::TourStep& step : kbcx::ui::tourSteps())
        if (!tabNames.contains(step.tab)) tabNames << step.tab;
    const QCommandLineOption tabOption(
        QStringLiteral("tab"),
        QStringLiteral("Show the tab named <name> (case-insensitive): %1.").arg(tabNames.join(QStringLiteral(", "))),
        QStringLiteral("name"));
    const QCommandLineOption noTourOption(
        QStringLiteral("no-tour"), QStringLiteral("Do not show the tour of the tabs on this start (it is shown "
                                                  "on the first start until dismissed; Help → Tour reopens it)."));
    const QCommandLineOption demoRunOption(
        QStringLiteral("demo-run"),
        QStringLiteral("With --demo: also train a short demo run in the Training tab (TransE L1, d = 32, 40 "
                       "epochs, seed 0, one thread: the same numbers every time); --screenshot waits for it. "
                       "Implied by --demo --tab Training --screenshot FILE."));
    parser.addOption(demoOption);
    parser.addOption(demoRunOption);
    parser.addOption(noTourOption);
    parser.addOption(screenshotOption);
    parser.addOption(tabOption);
    const QCommandLineOption restoreOption(
        QStringLiteral("restore"),
        QStringLiteral("Restore the last session (its datasets, ontologies, evaluations, tab and dataset) without "
                       "asking. Without it, a start after a crash or a kill offers to restore it."));
    parser.addOption(restoreOption);
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("Files to open: knowledge graphs (TSV, N-Triples, Turtle, RDF/XML) "
                                                "load together as one dataset, ontologies (OWL functional syntax, "
                                                "OWL/XML, RDF/XML, OBO, .kbo text) one by one; optionally .gz."),
                                 QStringLiteral("[file…]"));
    parser.process(app);
    if (parser.isSet(versionOption)) {
        const std::string runtime = qVersion();
        const std::string note =
            runtime == kbcx::cli::configured_qt_version() ? "" : " (running with Qt " + runtime + ")";
        std::fputs(kbcx::cli::version_report("kbc-explorer", note).c_str(), stdout);
        return 0;
    }

    kbcx::ui::MainWindow window;
    if (parser.isSet(tabOption) && !window.showTab(parser.value(tabOption))) {
        std::fprintf(stderr, "kbc-explorer: no tab named '%s'\n", qPrintable(parser.value(tabOption)));
        return 2;
    }
    window.show();
    // The Training tab's screenshot shows a finished run's charts, not an empty form.
    const bool screenshot = parser.isSet(screenshotOption);
    const bool demoRun =
        parser.isSet(demoOption) &&
        (parser.isSet(demoRunOption) ||
         (screenshot && parser.value(tabOption).compare(QStringLiteral("training"), Qt::CaseInsensitive) == 0));
    QTemporaryDir demoRunDir; // a screenshot's run is not kept
    kbcx::ui::TrainingPage* trainingPage = window.findChild<kbcx::ui::TrainingPage*>();
    QPointer<kbcx::ui::TrainingRun> demoTrainingRun;
    if (demoRun && trainingPage) {
        // Started from datasetAdded, inside the load job's finish: the runner never goes idle
        // between the demo load and this run, so --screenshot waits for the run too.
        QObject::connect(&window, &kbcx::ui::MainWindow::datasetAdded, trainingPage,
                         [&, trainingPage](const kbcx::ui::DatasetPtr& dataset) {
                             if (!dataset || dataset->name != kbcx::ui::demoDatasetName() || demoTrainingRun) return;
                             trainingPage->selectDataset(dataset->id);
                             kbcx::ui::TrainingConfig c = kbcx::ui::TrainingConfig::defaultsFor(false);
                             c.model = QStringLiteral("TransE-L1");
                             c.epochs = 40;
                             c.evalEvery = 2;
                             c.threads = 1;
                             c.seed = 0;
                             trainingPage->setConfig(c);
                             if (screenshot)
                                 trainingPage->setRunFolder(demoRunDir.filePath(QStringLiteral("demo-transe")));
                             demoTrainingRun = trainingPage->startRun();
                             trainingPage->setRunFolder(QString());
                         });
    }
    // The first start without files opens on the demo with the tour of the tabs; later starts
    // only when asked (--demo). Screenshot runs never show the tour.
    const bool firstRun = kbcx::ui::isFirstRun();
    if (parser.isSet(demoOption) || (firstRun && parser.positionalArguments().isEmpty() &&
                                     !parser.isSet(screenshotOption) && !parser.isSet(restoreOption)))
        window.openDemo();
    if (firstRun && !parser.isSet(screenshotOption) && !parser.isSet(noTourOption)) kbcx::ui::startTour(&window);
    if (!parser.positionalArguments().isEmpty()) window.openFiles(parser.positionalArguments());
    kbcx::ui::SessionKeeper* session = window.sessionKeeper();
    if (parser.isSet(restoreOption))
        session->restore(session->previous());
    else if (session->previousCrashed() && !parser.isSet(screenshotOption))
        session->offerRestore();

    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        auto takeScreenshot = [&, path] {
            // Let the window lay out the last results before grabbing it.
            QTimer::singleShot(50, &window, [&, path] {
                const bool saved = window.saveScreenshot(path);
                // The screenshot's run lived in a temporary folder: keep it out of the run list.
                if (demoTrainingRun) trainingPage->removeRun(demoTrainingRun);
                if (!saved) std::fprintf(stderr, "kbc-explorer: could not write %s\n", qPrintable(path));
                app.exit(saved && !window.anyLoadFailed() ? 0 : 1);
            });
        };
        kbcx::ui::JobRunner* runner = window.jobRunner();
        if (runner->activeJobCount() == 0)
            takeScreenshot();
        else
            QObject::connect(runner, &kbcx::ui::JobRunner::idle, &window, takeScreenshot, Qt::SingleShotConnection);
    }
    const int code = app.exec();
    kbcx::ui::waitForSettingWrites();
    return code;
}
