// Qt Test of the release experience, offscreen: the tour of the tabs (data-driven, dismissed
// once, reachable from Help), Help → Examples, keyboard access to every menu action, accessible
// names on every interactive widget of the main window, and text alternatives of the charts.
#include "ui/common/app_settings.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/candidate_table_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/teach_page.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/shell/help_extras.hpp"
#include "ui/shell/main_window.hpp"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>

#include <functional>

using namespace kbcx;
using kbcx::ui::MainWindow;

namespace {

QTemporaryDir& settingsDir() {
    static QTemporaryDir dir;
    return dir;
}

bool waitIdle(ui::JobRunner* runner, int timeoutMs = 60000) {
    if (runner->activeJobCount() == 0) return true;
    QSignalSpy idle(runner, &ui::JobRunner::idle);
    return idle.wait(timeoutMs) || runner->activeJobCount() == 0;
}

QStringList tabTitles(const MainWindow& window) {
    QStringList titles;
    for (int i = 0; i < window.tabs()->count(); ++i)
        titles << window.tabs()->tabText(i).remove(QLatin1Char('&'));
    return titles;
}

QString currentTab(const MainWindow& window) {
    return window.tabs()->tabText(window.tabs()->currentIndex()).remove(QLatin1Char('&'));
}

/// Whether `w` is a part of a compound widget (a spin box's editor, a view's scroll bar, a tab
/// bar's scroll arrows…) that assistive technology reaches through its owner.
bool isInternalPart(const QWidget* w) {
    if (qobject_cast<const QScrollBar*>(w)) return true;
    if (w->objectName().startsWith(QLatin1String("qt_"))) return true;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<const QAbstractSpinBox*>(p) || qobject_cast<const QComboBox*>(p) ||
            qobject_cast<const QTabBar*>(p) || qobject_cast<const QAbstractItemView*>(p) ||
            qobject_cast<const QMenu*>(p))
            return true;
    }
    return false;
}

bool isInteractive(const QWidget* w) {
    if (qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
        qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
        qobject_cast<const QAbstractItemView*>(w) || qobject_cast<const QPlainTextEdit*>(w))
        return true;
    if (const auto* slider = qobject_cast<const QAbstractSlider*>(w)) return !qobject_cast<const QScrollBar*>(slider);
    if (const auto* text = qobject_cast<const QTextEdit*>(w)) return !text->isReadOnly();
    return false;
}

QString describe(const QWidget* w) {
    QStringList path;
    for (const QWidget* p = w; p; p = p->parentWidget())
        path.prepend(QStringLiteral("%1(%2)").arg(QString::fromLatin1(p->metaObject()->className()), p->objectName()));
    return path.join(QStringLiteral(" > "));
}

} // namespace

class TestUiRelease : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsEmpty(ui::kSettingsDirEnv))
            qputenv(ui::kSettingsDirEnv, settingsDir().path().toLocal8Bit());
    }
    void tourIsDataDrivenAndRemembered();
    void tourReachableFromHelp();
    void examplesAreShipped();
    void phdAndCountingExamplesOpenInTeach();
    void patternsExampleOpensInRules();
    void unfaithfulExampleOpensInversions();
    void everyMenuActionReachableFromKeyboard();
    void everyInteractiveWidgetHasAnAccessibleName();
    void chartsHaveTables();
    void iconsAreSharpAtHighDpi();
};

void TestUiRelease::tourIsDataDrivenAndRemembered() {
    ui::setTourDismissed(false);
    QVERIFY(ui::isFirstRun());
    MainWindow window;
    const QStringList present = tabTitles(window);
    ui::TabTour tour(&window);
    QVERIFY(!tour.steps().isEmpty());
    // Exactly the tour's tabs that this build has, in the tour's order.
    QStringList expected;
    for (const ui::TourStep& step : ui::tourSteps())
        if (present.contains(step.tab, Qt::CaseInsensitive)) expected << step.tab;
    QStringList kept;
    for (const ui::TourStep& step : tour.steps())
        kept << step.tab;
    QCOMPARE(kept, expected);
    for (const char* tab : {"Graph", "Rules", "Ontology", "Partition", "Training", "Hierarchy", "Inversions", "Teach"})
        QVERIFY2(kept.contains(QString::fromLatin1(tab)), tab); // the tabs this version has
    // A tab the tour names but the build lacks is skipped, not shown empty.
    QVERIFY(!present.contains(QStringLiteral("Benchmark")) || kept.contains(QStringLiteral("Benchmark")));

    // Stepping switches the main window's tab.
    QCOMPARE(tour.currentStep(), 0);
    QCOMPARE(currentTab(window), kept.front());
    for (int i = 1; i < kept.size(); ++i) {
        tour.next();
        QCOMPARE(tour.currentStep(), i);
        QCOMPARE(currentTab(window), kept[i]);
    }
    tour.next(); // past the end: stays on the last step
    QCOMPARE(tour.currentStep(), kept.size() - 1);
    tour.back();
    QCOMPARE(currentTab(window), kept[kept.size() - 2]);
    QVERIFY(ui::isFirstRun()); // not dismissed yet
    tour.reject();             // Close / Esc
    QVERIFY(!ui::isFirstRun());
    QVERIFY(ui::openSettings()->value(QString::fromLatin1(ui::kTourDismissedKey)).toBool());
}

void TestUiRelease::tourReachableFromHelp() {
    MainWindow window;
    window.show();
    auto* action = window.findChild<QAction*>(QStringLiteral("tourAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    QVERIFY(!window.findChild<ui::TabTour*>());
    action->trigger();
    auto* tour = window.findChild<ui::TabTour*>(QStringLiteral("tabTour"));
    QVERIFY(tour);
    QVERIFY(tour->isVisible());
    QVERIFY(!tour->isModal()); // the window stays usable
    action->trigger();         // a second trigger raises the same tour
    QCOMPARE(window.findChildren<ui::TabTour*>().size(), 1);
    tour->close();
}

void TestUiRelease::examplesAreShipped() {
    ui::initResources();
    for (const char* path :
         {":/examples/phd_student.kbo", ":/examples/counting_576_425.kbo", ":/examples/loginfer_patterns.tsv",
          ":/examples/loginfer_patterns.rules", ":/examples/unfaithful/university_tests.tsv",
          ":/examples/unfaithful/university_unfaithful_scores.tsv", ":/examples/unfaithful/university.ofn"})
        QVERIFY2(QFile::exists(QString::fromLatin1(path)), path);
    QFile phd(QStringLiteral(":/examples/phd_student.kbo"));
    QVERIFY(phd.open(QIODevice::ReadOnly));
    QCOMPARE(ui::exampleCandidates(QString::fromUtf8(phd.readAll())), ui::TeachPage::phdCandidates());
    // The files are copied where kbcx can read them.
    const QString folder = ui::extractExamples();
    QVERIFY(!folder.isEmpty());
    QVERIFY(QFile::exists(folder + QStringLiteral("/loginfer_patterns.tsv")));
    QVERIFY(QFile::exists(folder + QStringLiteral("/unfaithful/university_unfaithful_scores.tsv")));
    // The Examples menu offers each example.
    MainWindow window;
    for (const ui::ShippedExample& example : ui::shippedExamples())
        QVERIFY(window.findChild<QAction*>(QStringLiteral("example_%1Action").arg(example.id)));
    QVERIFY(!ui::openExample(&window, QStringLiteral("no-such-example")));
}

void TestUiRelease::phdAndCountingExamplesOpenInTeach() {
    MainWindow window;
    ui::TeachPage* teach = window.ontologyWorkspace()->teachPage();
    QVERIFY(ui::openExample(&window, QStringLiteral("counting")));
    QCOMPARE(currentTab(window), QStringLiteral("Teach"));
    QSignalSpy updated(teach, &ui::TeachPage::updated);
    QVERIFY(updated.wait(30000));
    const ui::CandidateRow* counted = nullptr;
    for (const auto& row : teach->candidateModel()->rows())
        if (row.axiom == QLatin1String("r some A SubClassOf C")) counted = &row;
    QVERIFY(counted);
    QCOMPARE(counted->p.fraction, QStringLiteral("425/576"));
    QVERIFY(teach->modelsLabel()->text().contains(QStringLiteral("#(O) = 576")));

    QVERIFY(ui::openExample(&window, QStringLiteral("phd")));
    QVERIFY(updated.wait(30000));
    QCOMPARE(teach->candidates(), ui::TeachPage::phdCandidates());
    QMap<QString, reason::Status> status;
    for (const auto& row : teach->candidateModel()->rows())
        status[row.axiom] = row.status;
    QCOMPARE(status.value(QStringLiteral("Student(alice)")), reason::Status::Entailed);
    QCOMPARE(status.value(QStringLiteral("TeachingAssistant(alice)")), reason::Status::Undetermined);
    QCOMPARE(status.value(QStringLiteral("Professor(alice)")), reason::Status::Contradictory);
}

void TestUiRelease::patternsExampleOpensInRules() {
    MainWindow window;
    QVERIFY(ui::openExample(&window, QStringLiteral("patterns")));
    QVERIFY(waitIdle(window.jobRunner()));
    QVERIFY(waitIdle(window.jobRunner())); // the load, then the rule scoring it starts
    QCOMPARE(currentTab(window), QStringLiteral("Rules"));
    QVERIFY(window.currentDataset());
    QCOMPARE(window.currentDataset()->numFacts(), std::size_t(57));
    QVERIFY(window.rulesPage()->program());
    QCOMPARE(window.rulesPage()->program()->rules().size(), std::size_t(7));
}

void TestUiRelease::unfaithfulExampleOpensInversions() {
    MainWindow window;
    auto* workspace = window.findChild<ui::EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    QVERIFY(workspace);
    const int before = workspace->model()->count();
    QVERIFY(ui::openExample(&window, QStringLiteral("unfaithful")));
    QCOMPARE(currentTab(window), QStringLiteral("Inversions"));
    QVERIFY(waitIdle(window.jobRunner()));
    QCOMPARE(workspace->model()->count(), before + 1);
}

void TestUiRelease::everyMenuActionReachableFromKeyboard() {
    MainWindow window;
    window.show();
    QStringList missing;
    std::function<void(QMenu*, const QString&)> walk = [&](QMenu* menu, const QString& where) {
        for (QAction* action : menu->actions()) {
            if (action->isSeparator() || !action->isVisible()) continue;
            const QString path = where + QStringLiteral(" > ") + action->text();
            if (!action->text().contains(QLatin1Char('&')) && action->shortcut().isEmpty() && action->isEnabled())
                missing << path;
            if (action->menu()) walk(action->menu(), path);
        }
    };
    for (QAction* top : window.menuBar()->actions()) {
        if (!top->text().contains(QLatin1Char('&'))) missing << top->text();
        if (top->menu()) walk(top->menu(), top->text());
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("no mnemonic or shortcut: ") + missing.join(QStringLiteral("; "))));
    // The central tabs are reachable with Ctrl+Tab (QTabWidget) and the tab bar takes focus.
    QVERIFY(window.tabs()->tabBar()->focusPolicy() != Qt::NoFocus);
}

void TestUiRelease::everyInteractiveWidgetHasAnAccessibleName() {
    MainWindow window;
    window.show();
    window.openDemo();
    QVERIFY(waitIdle(window.jobRunner()));
    // Visit every tab so that pages that build widgets lazily have them.
    for (int i = 0; i < window.tabs()->count(); ++i) {
        window.tabs()->setCurrentIndex(i);
        QCoreApplication::processEvents();
    }
    QVERIFY(waitIdle(window.jobRunner()));
    QStringList unnamed;
    int checked = 0;
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!isInteractive(w) || isInternalPart(w)) continue;
        ++checked;
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
        const QString name = iface ? iface->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty()) unnamed << describe(w);
    }
    QVERIFY2(checked > 50, qPrintable(QString::number(checked)));
    QVERIFY2(unnamed.isEmpty(),
             qPrintable(QStringLiteral("%1 of %2 without accessible name:\n").arg(unnamed.size()).arg(checked) +
                        unnamed.join(QLatin1Char('\n'))));
}

void TestUiRelease::chartsHaveTables() {
    MainWindow window;
    window.show();
    const auto charts = window.findChildren<QChartView*>();
    QVERIFY(!charts.isEmpty());
    for (QChartView* chart : charts) {
        // The numbers behind the chart: a table in the same tab group (Chart | Data tabs) or panel.
        bool found = false;
        for (QWidget* p = chart->parentWidget(); p && !found && p != window.tabs(); p = p->parentWidget())
            for (QTableView* table : p->findChildren<QTableView*>())
                found = found || (table->model() && table->model()->columnCount() > 0);
        QVERIFY2(found, qPrintable(describe(chart)));
        QVERIFY2(!chart->accessibleName().isEmpty() || !chart->accessibleDescription().isEmpty() ||
                     !chart->toolTip().isEmpty(),
                 qPrintable(describe(chart)));
    }
}

void TestUiRelease::iconsAreSharpAtHighDpi() {
    // The application icon is the scalable SVG: at a device pixel ratio of 2 a 64 px icon is
    // rendered from vectors at 128 px, not upscaled from a small bitmap.
    MainWindow window;
    const QIcon icon = window.windowIcon();
    QVERIFY(!icon.isNull());
    const QPixmap pixmap = icon.pixmap(QSize(64, 64), 2.0);
    QCOMPARE(pixmap.size(), QSize(128, 128));
    QCOMPARE(pixmap.devicePixelRatio(), 2.0);
    const QImage image = pixmap.toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 20); // drawn, not empty
}

QTEST_MAIN(TestUiRelease)
#include "tst_ui_release.moc"
