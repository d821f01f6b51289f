// kbc-explorer: starts the Qt application with KBC Explorer's main window; parses the command
// line (--demo, FILE…, --screenshot FILE, --tab NAME, --version) and renders screenshots.
#include "app_settings.hpp"
#include "build_info.hpp"
#include "help_extras.hpp"
#include "job_runner.hpp"
#include "main_window.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include <cstdio>

int main(int argc, char* argv[])
{
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
    const QCommandLineOption demoOption(QStringLiteral("demo"), QStringLiteral("Open the embedded demo knowledge graph."));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("Render the main window to a PNG once the startup loads have ended, then exit "
                       "(status 1 if a load failed)."),
        QStringLiteral("file"));
    QStringList tabNames{QStringLiteral("Overview")};
    for (const kbcx::ui::TourStep& step : kbcx::ui::tourSteps())
        if (!tabNames.contains(step.tab))
            tabNames << step.tab;
    const QCommandLineOption tabOption(
        QStringLiteral("tab"),
        QStringLiteral("Show the tab named <name> (case-insensitive): %1.").arg(tabNames.join(QStringLiteral(", "))),
        QStringLiteral("name"));
    const QCommandLineOption noTourOption(QStringLiteral("no-tour"),
                                          QStringLiteral("Do not show the tour of the tabs on this start (it is shown "
                                                         "on the first start until dismissed; Help → Tour reopens it)."));
    parser.addOption(demoOption);
    parser.addOption(noTourOption);
    parser.addOption(screenshotOption);
    parser.addOption(tabOption);
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("Files to open: knowledge graphs (TSV, N-Triples, Turtle, RDF/XML) "
                                                "load together as one dataset, ontologies (OWL functional syntax, "
                                                "OWL/XML, RDF/XML, OBO, .kbo text) one by one; optionally .gz."),
                                 QStringLiteral("[file…]"));
    parser.process(app);
    if (parser.isSet(versionOption)) {
        const std::string runtime = qVersion();
        const std::string note = runtime == kbcx::cli::configured_qt_version() ? "" : " (running with Qt " + runtime + ")";
        std::fputs(kbcx::cli::version_report("kbc-explorer", note).c_str(), stdout);
        return 0;
    }

    kbcx::ui::MainWindow window;
    if (parser.isSet(tabOption) && !window.showTab(parser.value(tabOption))) {
        std::fprintf(stderr, "kbc-explorer: no tab named '%s'\n", qPrintable(parser.value(tabOption)));
        return 2;
    }
    window.show();
    // The first start without files opens on the demo with the tour of the tabs; later starts
    // only when asked (--demo). Screenshot runs never show the tour.
    const bool firstRun = kbcx::ui::isFirstRun();
    if (parser.isSet(demoOption) ||
        (firstRun && parser.positionalArguments().isEmpty() && !parser.isSet(screenshotOption)))
        window.openDemo();
    if (firstRun && !parser.isSet(screenshotOption) && !parser.isSet(noTourOption))
        kbcx::ui::startTour(&window);
    if (!parser.positionalArguments().isEmpty())
        window.openFiles(parser.positionalArguments());

    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        auto takeScreenshot = [&window, &app, path] {
            // Let the window lay out the last results before grabbing it.
            QTimer::singleShot(50, &window, [&window, &app, path] {
                const bool saved = window.saveScreenshot(path);
                if (!saved)
                    std::fprintf(stderr, "kbc-explorer: could not write %s\n", qPrintable(path));
                app.exit(saved && !window.anyLoadFailed() ? 0 : 1);
            });
        };
        kbcx::ui::JobRunner* runner = window.jobRunner();
        if (runner->activeJobCount() == 0)
            takeScreenshot();
        else
            QObject::connect(runner, &kbcx::ui::JobRunner::idle, &window, takeScreenshot, Qt::SingleShotConnection);
    }
    return app.exec();
}
