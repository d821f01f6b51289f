// Qt Test driving KBC Explorer's main window offscreen: demo load and counts, a malformed
// file's error box, drag and drop, recent files and layout in a private settings dir,
// cancel, a screenshot, and the real kbc-explorer binary's --demo --screenshot.
#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/dataset/overview_page.hpp"
#include "ui/eval/inversions_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_row_widget.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/jobs_panel.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/shell/recent_files.hpp"

#include "ui_test_util.hpp"

#include <QAbstractItemModelTester>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>

#include <atomic>
#include <thread>

using namespace kbcx;
using kbcx::ui::DatasetModel;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;
using kbcx::test::waitForEnd;

void writeFile(const QString& path, const QByteArray& content) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

/// Waits until `job` has ended (finished, failed or cancelled).
QMessageBox* findErrorBox(const MainWindow& window) {
    return window.findChild<QMessageBox*>(QStringLiteral("loadErrorBox"));
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void openDemoShowsCounts();
    void malformedFileShowsErrorAndKeepsData();
    void dropOpensFiles();
    void recentFilesPersist();
    void cancelLeavesDatasetsIntact();
    void inversionShowsClassInOntology();
    void closeDatasetAndLayoutPersist();
    void screenshotWithRelationSelected();
    void executableDemoScreenshot();
    void executableFailsOnBadInput();

  private:
    QTemporaryDir settingsDir_;
    QTemporaryDir dataDir_;
    QString goodFile_;
    QString badFile_;
};

void TestMainWindow::initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QVERIFY(dataDir_.isValid());
    // Never touch the user's settings.
    qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
    goodFile_ = dataDir_.filePath(QStringLiteral("family.tsv"));
    writeFile(goodFile_, "alice\tparentOf\tbob\nbob\tparentOf\tcarol\nalice\tmarriedTo\tdave\nbob\trdf:type\tPerson\n");
    badFile_ = dataDir_.filePath(QStringLiteral("broken.tsv"));
    writeFile(badFile_, "a\tr\tb\nc\td\n"); // line 2: two fields
}

void TestMainWindow::openDemoShowsCounts() {
    MainWindow window;
    QAbstractItemModelTester tester(window.datasetModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.show();
    // The window system appends "— KBC Explorer" (tst_screen_fit reads the real title).
    QCOMPARE(window.windowTitle(), QString());
    JobHandle* job = window.openDemo();
    QVERIFY(job);
    QVERIFY(window.jobsPanel()->rowFor(job));
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);

    DatasetModel* model = window.datasetModel();
    QCOMPARE(model->datasetCount(), 1);
    const QModelIndex row = model->index(0, 0);
    QCOMPARE(row.data().toString(), QStringLiteral("Demo university"));
    QCOMPARE(model->index(0, DatasetModel::FactsColumn).data().toULongLong(), 188ULL);
    QCOMPARE(model->index(0, DatasetModel::TypeFactsColumn).data().toULongLong(), 78ULL);
    QCOMPARE(model->index(0, DatasetModel::RelationsColumn).data().toULongLong(), 12ULL);
    QCOMPARE(model->index(0, DatasetModel::TypesColumn).data().toULongLong(), 11ULL);

    // The new dataset is selected and shown.
    QCOMPARE(window.explorerView()->currentIndex(), row);
    QVERIFY(window.explorerView()->isExpanded(row));
    QCOMPARE(window.windowTitle(), QStringLiteral("Demo university"));
    ui::OverviewPage* overview = window.overviewPage();
    QCOMPARE(overview->summaryValue(QStringLiteral("facts"))->text(), QLocale().toString(188));
    QCOMPARE(overview->summaryValue(QStringLiteral("typeFacts"))->text(), QLocale().toString(78));
    QCOMPARE(overview->relationView()->model()->rowCount(), 12);
    QCOMPARE(overview->typeView()->model()->rowCount(), 11);
    // Tables come sorted by count, largest first.
    QCOMPARE(overview->relationView()->model()->index(0, 0).data().toString(), QStringLiteral("takesCourse"));
    overview->filterEdit()->setText(QStringLiteral("course"));
    QCOMPARE(overview->relationView()->model()->rowCount(), 1);
    QCOMPARE(overview->typeView()->model()->rowCount(), 2); // Course, GraduateCourse
    overview->filterEdit()->clear();
    // Only real tabs: Overview, Rules, Graph, Benchmark, Ontology, Partition, Teach, Training, Hierarchy,
    // Inversions.
    QCOMPARE(window.tabs()->tabText(0).remove(QLatin1Char('&')), QStringLiteral("Overview"));
    QCOMPARE(window.tabs()->count(), 10);
    QVERIFY(window.showTab(QStringLiteral("rules")));
    QVERIFY(window.showTab(QStringLiteral("graph")));
    QVERIFY(window.showTab(QStringLiteral("training")));
    QVERIFY(window.showTab(QStringLiteral("hierarchy")));
    QVERIFY(window.showTab(QStringLiteral("teach")));
    QVERIFY(window.showTab(QStringLiteral("overview")));
    QVERIFY(!window.showTab(QStringLiteral("No such tab")));
}

void TestMainWindow::malformedFileShowsErrorAndKeepsData() {
    MainWindow window;
    QAbstractItemModelTester tester(window.datasetModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.show();
    QVERIFY(waitForEnd(window.openDemo()));
    QCOMPARE(window.datasetModel()->datasetCount(), 1);

    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    JobHandle* job = window.openFiles({badFile_});
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QCOMPARE(loadFailed.count(), 1);

    QMessageBox* box = findErrorBox(window);
    QVERIFY(box);
    QVERIFY(box->isVisible());
    const QString expected = badFile_ + QStringLiteral(":2:4");
    QVERIFY2(box->informativeText().contains(expected), qPrintable(box->informativeText()));
    QVERIFY(box->text().contains(QStringLiteral("broken.tsv")));
    QVERIFY(window.anyLoadFailed());

    // What was loaded before stays loaded and selected.
    QCOMPARE(window.datasetModel()->datasetCount(), 1);
    QCOMPARE(window.currentDataset()->name, QStringLiteral("Demo university"));
    QCOMPARE(window.datasetModel()->index(0, DatasetModel::FactsColumn).data().toULongLong(), 188ULL);

    // The job row shows the failure with its location.
    QCOMPARE(window.jobsPanel()->rowFor(job)->etaText(), QStringLiteral("Failed"));
    box->accept();
    QTRY_VERIFY(!findErrorBox(window)); // deleted on close
}

void TestMainWindow::dropOpensFiles() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(goodFile_)});
    const QPoint pos = window.rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());

    QSignalSpy added(&window, &MainWindow::datasetAdded);
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(added.wait(30000));
    QCOMPARE(window.datasetModel()->datasetCount(), 1);
    const ui::DatasetPtr dataset = window.datasetModel()->datasetAt(0);
    QCOMPARE(dataset->name, QStringLiteral("family.tsv"));
    QCOMPARE(dataset->numFacts(), std::size_t{3});
    QCOMPARE(dataset->numTypeFacts(), std::size_t{1});
    QCOMPARE(window.windowTitle(), QStringLiteral("family.tsv"));

    // Non-file drops are refused.
    QMimeData web;
    web.setUrls({QUrl(QStringLiteral("https://example.org/kg.nt"))});
    QDragEnterEvent refused(pos, Qt::CopyAction, &web, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::recentFilesPersist() {
    {
        MainWindow window;
        window.recentFiles()->clear();
        QVERIFY(waitForEnd(window.openFiles({goodFile_})));
        QCOMPARE(window.recentFiles()->files(), QStringList{goodFile_});
        // A failed load is not remembered.
        QVERIFY(waitForEnd(window.openFiles({badFile_})));
        QCOMPARE(window.recentFiles()->files(), QStringList{goodFile_});
        // The Open Recent menu lists it, then a separator and Clear Menu.
        const auto actions = window.recentMenu()->actions();
        QVERIFY(actions.size() >= 3);
        QCOMPARE(actions.first()->data().toString(), goodFile_);
    }
    // Written to the test settings dir, not to the user's.
    const QString ini = settingsDir_.filePath(QStringLiteral("kbc-explorer.ini"));
    QVERIFY(QFile::exists(ini));
    QSettings settings(ini, QSettings::IniFormat);
    QCOMPARE(settings.value(QStringLiteral("recentFiles")).toStringList(), QStringList{goodFile_});

    // Bounded to ten, most recent first, no duplicates.
    ui::RecentFiles recent;
    QCOMPARE(recent.files(), QStringList{goodFile_});
    for (int i = 0; i < 12; ++i)
        recent.add(dataDir_.filePath(QStringLiteral("f%1.tsv").arg(i)));
    recent.add(dataDir_.filePath(QStringLiteral("f5.tsv")));
    QCOMPARE(recent.files().size(), ui::RecentFiles::kMaxEntries);
    QCOMPARE(recent.files().front(), dataDir_.filePath(QStringLiteral("f5.tsv")));
    QCOMPARE(recent.files().count(dataDir_.filePath(QStringLiteral("f5.tsv"))), 1);
    QVERIFY(!recent.files().contains(goodFile_));
    QCOMPARE(ui::RecentFiles().files(), recent.files());
    recent.clear();
    QVERIFY(ui::RecentFiles().files().isEmpty());
}

void TestMainWindow::cancelLeavesDatasetsIntact() {
    MainWindow window;
    window.show();
    QVERIFY(waitForEnd(window.openDemo()));

    // Hold the pool's only thread so that the next load is still queued when it is cancelled,
    // then cancel a running load too.
    ui::JobRunner* runner = window.jobRunner();
    runner->setMaxConcurrentJobs(1);
    std::atomic<bool> holding{false};
    JobHandle* blocker = runner->start(QStringLiteral("hold"), [&holding](jobs::JobContext& ctx) -> std::any {
        holding = true;
        while (!ctx.stop_requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        ctx.throw_if_stopped();
        return {};
    });
    QTRY_VERIFY_WITH_TIMEOUT(holding.load(), 10000);
    JobHandle* load = window.openFiles({goodFile_});
    QCOMPARE(load->state(), JobHandle::State::Queued);
    QTest::mouseClick(window.jobsPanel()->rowFor(load)->actionButton(), Qt::LeftButton);
    QTest::mouseClick(window.jobsPanel()->rowFor(blocker)->actionButton(), Qt::LeftButton);
    QVERIFY(waitForEnd(load));
    QVERIFY(waitForEnd(blocker));
    QCOMPARE(load->state(), JobHandle::State::Cancelled);
    QCOMPARE(window.datasetModel()->datasetCount(), 1);
    QCOMPARE(window.currentDataset()->name, QStringLiteral("Demo university"));
    QVERIFY(!findErrorBox(window));
    QVERIFY(!window.anyLoadFailed());
}

void TestMainWindow::inversionShowsClassInOntology() {
    // The demo brings an ontology and an unfaithful evaluation on it: a class of a violating
    // pair's axiom is selected in the Ontology tab's hierarchy.
    MainWindow window;
    window.show();
    QVERIFY(waitForEnd(window.openDemo()));
    auto* inversions = window.findChild<ui::InversionsPage*>();
    auto* ontology = window.findChild<ui::OntologyPage*>();
    QVERIFY(inversions && ontology);
    QTRY_VERIFY_WITH_TIMEOUT(inversions->proxy()->rowCount() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(ontology->classView()->model()->rowCount() > 0, 20000);
    QVERIFY(window.showTab(QStringLiteral("Inversions")));
    inversions->selectRow(0);
    ui::AxiomCard* card = inversions->lowerCard();
    const QStringList classes = card->classNames();
    QVERIFY2(!classes.isEmpty(), qPrintable(card->axiomText()));
    for (const QString& name : classes) {
        QVERIFY2(card->axiomText().contains(name), qPrintable(name));
        QVERIFY(name != QStringLiteral("\u22a5") && name != QStringLiteral("\u22a4"));
        QVERIFY2(name != QStringLiteral("SubClassOf") && name != QStringLiteral("some"), qPrintable(name));
        // Roles (r some C) are not offered as classes.
        QVERIFY2(!card->axiomText().contains(name + QStringLiteral(" some")), qPrintable(name));
    }
    auto* button = card->findChild<QToolButton*>(QStringLiteral("showClassButton"));
    QVERIFY(button && button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(8, button->height() / 2));
    QCOMPARE(window.tabs()->tabText(window.tabs()->currentIndex()).remove(QLatin1Char('&')),
             QStringLiteral("Ontology"));
    const QModelIndex current = ontology->classView()->currentIndex();
    QVERIFY(current.isValid());
    QVERIFY2(current.data().toString().contains(classes.front(), Qt::CaseInsensitive),
             qPrintable(current.data().toString() + QStringLiteral(" vs ") + classes.front()));
    // A name the ontology does not have leaves the tab alone.
    QVERIFY(window.showTab(QStringLiteral("Inversions")));
    emit inversions->showClassRequested(QStringLiteral("NoSuchClassAnywhere"));
    QCOMPARE(window.tabs()->tabText(window.tabs()->currentIndex()).remove(QLatin1Char('&')),
             QStringLiteral("Inversions"));
}

void TestMainWindow::closeDatasetAndLayoutPersist() {
    const QString ini = settingsDir_.filePath(QStringLiteral("kbc-explorer.ini"));
    {
        MainWindow window;
        QAbstractItemModelTester tester(window.datasetModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.show();
        QVERIFY(waitForEnd(window.openDemo()));
        QVERIFY(waitForEnd(window.openFiles({goodFile_})));
        QCOMPARE(window.datasetModel()->datasetCount(), 2);
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("datasetCountLabel"))->text(), QStringLiteral("2 datasets"));
        window.closeCurrentDataset(); // family.tsv, selected last
        QCOMPARE(window.datasetModel()->datasetCount(), 1);
        window.explorerView()->setCurrentIndex(window.datasetModel()->index(0, 0));
        QCOMPARE(window.windowTitle(), QStringLiteral("Demo university"));
        window.closeCurrentDataset();
        QCOMPARE(window.windowTitle(), QString());
        QVERIFY(!window.overviewPage()->dataset());
        window.resize(1111, 777);
        window.close();
    }
    QSettings settings(ini, QSettings::IniFormat);
    QVERIFY(!settings.value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());
    QVERIFY(!settings.value(QStringLiteral("mainWindow/state")).toByteArray().isEmpty());
    MainWindow restored;
    QCOMPARE(restored.size(), QSize(1111, 777));
    // Leave a default size for the tests and runs that follow.
    QFile::remove(ini);
}

void TestMainWindow::screenshotWithRelationSelected() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(waitForEnd(window.openDemo()));

    DatasetModel* model = window.datasetModel();
    const ui::DatasetPtr demo = model->datasetAt(0);
    const kg::Id advisor = demo->graph->vocab.relations().find("advisor");
    const QModelIndex relation = model->indexOfRelation(demo->id, advisor);
    QVERIFY(relation.isValid());
    window.explorerView()->expand(relation.parent());
    window.explorerView()->setCurrentIndex(relation);
    window.explorerView()->scrollTo(relation);
    // Selecting a relation in the explorer selects it in the Overview's table.
    const QModelIndex selected = window.overviewPage()->relationView()->currentIndex();
    QCOMPARE(selected.siblingAtColumn(0).data().toString(), QStringLiteral("advisor"));
    QCOMPARE(window.windowTitle(), QStringLiteral("Demo university"));

    QTest::qWait(100);
    const QString path = screenshotDir() + QStringLiteral("/main-window.png");
    QVERIFY(window.saveScreenshot(path));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.height() >= 600);
    qInfo("screenshot: %s", qPrintable(path));
}

void TestMainWindow::executableDemoScreenshot() {
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString png = out.filePath(QStringLiteral("demo.png"));
    const test::GuiRun run = test::renderDemoTab(QStringLiteral("Overview"), png);
    QVERIFY2(run.ok, run.stderrText.constData());
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY2(image.width() >= 800 && image.height() >= 500,
             qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
    QFile::copy(png, screenshotDir() + QStringLiteral("/kbc-explorer-demo.png"));

    const test::GuiRun version = test::runGui({QStringLiteral("--version")});
    QVERIFY2(version.ok, version.stderrText.constData());
    QVERIFY(version.stdoutText.contains(KBCX_VERSION));
}

void TestMainWindow::executableFailsOnBadInput() {
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString png = out.filePath(QStringLiteral("bad.png"));
    const test::GuiRun run = test::runGui({QStringLiteral("--screenshot"), png, badFile_}, 1);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(QFile::exists(png)); // the window (with its error) is still rendered
}

QTEST_MAIN(TestMainWindow)
#include "tst_ui_mainwindow.moc"
