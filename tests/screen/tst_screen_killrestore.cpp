// Crash test in a real window (run by xvfb_wm.sh): a GUI training from the Training tab is
// killed with SIGKILL mid-run; the next start restores the session, lists the run as
// interrupted with its metrics so far, and Continue ends on the same checkpoint as an
// uninterrupted run with the same seed.
#include "ui/dataset/dataset.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/shell/session.hpp"
#include "ui/training/run_list_model.hpp"
#include "ui/training/training_config.hpp"
#include "ui/training/training_page.hpp"
#include "ui/training/training_run.hpp"

#include "../ui/ui_test_util.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace kbcx;
using ui::TrainingConfig;
using ui::TrainingPage;
using ui::TrainingRun;

namespace {

constexpr int kEpochs = 6000;
constexpr int kEvalEvery = 300;

TrainingConfig config() {
    TrainingConfig c = TrainingConfig::defaultsFor(false);
    c.model = QStringLiteral("TransE-L1");
    c.dim = 16;
    c.epochs = kEpochs;
    c.evalEvery = kEvalEvery;
    c.threads = 1;
    c.seed = 3;
    return c;
}

/// Lines of a run folder's metrics.jsonl (0 when absent).
int metricLines(const QString& dir) {
    QFile f(QDir(dir).filePath(QStringLiteral("metrics.jsonl")));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    return static_cast<int>(f.readAll().count('\n'));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool waitForRun(TrainingRun* run, int ms) {
    QElapsedTimer t;
    t.start();
    while (run->isActive() && t.elapsed() < ms)
        QTest::qWait(10);
    QCoreApplication::processEvents();
    return !run->isActive();
}

/// The child: kbc-explorer's window with the demo, training one run into `folder` until killed.
int runChild(const QString& folder) {
    ui::MainWindow window;
    window.show();
    auto* page = window.findChild<TrainingPage*>();
    if (!page) return 2;
    QObject::connect(&window, &ui::MainWindow::datasetAdded, page, [&window, page, folder](const ui::DatasetPtr& d) {
        if (!d || d->name != ui::demoDatasetName() || page->runModel()->count() > 0) return;
        window.showTab(QStringLiteral("Training"));
        page->selectDataset(d->id);
        page->setConfig(config());
        page->setRunFolder(folder);
        page->startRun();
    });
    window.openDemo();
    return QApplication::exec();
}

} // namespace

class TestKillRestore : public QObject {
    Q_OBJECT
  private slots:
    void killedTrainingIsInterruptedAndResumes();
};

void TestKillRestore::killedTrainingIsInterruptedAndResumes() {
    QTemporaryDir settings;
    QVERIFY(settings.isValid());
    qputenv(ui::kSettingsDirEnv, settings.path().toLocal8Bit());
    const QString killed = settings.filePath(QStringLiteral("runs/killed"));

    // 1. The GUI trains; SIGKILL once two evaluations and a checkpoint are on disk.
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child"), killed});
    QVERIFY(child.waitForStarted());
    QElapsedTimer t;
    t.start();
    // (and once the session, saved half a second after a change, names the Training tab)
    const auto ready = [&] {
        return metricLines(killed) >= 2 && QFile::exists(QDir(killed).filePath(QStringLiteral("checkpoint.bin"))) &&
               ui::SessionKeeper::readSaved().tab == QStringLiteral("Training");
    };
    while (!ready() && t.elapsed() < 120000 && child.state() == QProcess::Running)
        QTest::qWait(5);
    child.kill(); // SIGKILL: no destructor, no clean end
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    const int linesAtKill = metricLines(killed);
    QVERIFY2(linesAtKill >= 2, "the child trained too little before the timeout");
    QVERIFY2(linesAtKill < kEpochs / kEvalEvery, "the run ended before it was killed: raise kEpochs");

    // 2. The next start offers the session; restoring it brings the demo back.
    ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ui::SessionKeeper* keeper = window.sessionKeeper();
    QVERIFY2(keeper->previousCrashed(), QJsonDocument(keeper->previous().toJson()).toJson().constData());
    QCOMPARE(keeper->previous().tab, QStringLiteral("Training"));
    QSignalSpy restored(keeper, &ui::SessionKeeper::restored);
    keeper->restore(keeper->previous());
    QVERIFY(restored.wait(60000));
    QCOMPARE(window.datasetModel()->datasetCount(), 1);
    QCOMPARE(window.tabs()->tabText(window.tabs()->currentIndex()).remove(QLatin1Char('&')),
             QStringLiteral("Training"));

    // 3. The run is listed as interrupted with the metrics it had.
    auto* page = window.findChild<TrainingPage*>();
    QVERIFY(page);
    TrainingRun* run = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((run = page->runModel()->runForFolder(QFileInfo(killed).absoluteFilePath())), 20000);
    QVERIFY(run->interrupted());
    QVERIFY2(run->statusText().startsWith(QStringLiteral("Interrupted at epoch")), qPrintable(run->statusText()));
    QVERIFY(!run->records().isEmpty());
    QVERIFY(run->epochsDone() < kEpochs);

    // 4. Continue finishes it; an uninterrupted run with the same seed ends on the same checkpoint.
    QCOMPARE(page->resumeFromFolder(run->folder()), run);
    QVERIFY(waitForRun(run, 300000));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->epochsDone(), kEpochs);
    QVERIFY(!run->interrupted());

    const QString whole = settings.filePath(QStringLiteral("runs/whole"));
    page->setConfig(config());
    page->setRunFolder(whole);
    TrainingRun* reference = page->startRun();
    QVERIFY(reference);
    QVERIFY(waitForRun(reference, 300000));
    QCOMPARE(reference->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->records().back().values, reference->records().back().values);
    const QByteArray resumed = readAll(QDir(killed).filePath(QStringLiteral("checkpoint.bin")));
    QVERIFY(!resumed.isEmpty());
    QVERIFY(resumed == readAll(QDir(whole).filePath(QStringLiteral("checkpoint.bin"))));
}

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    if (argc == 3 && std::strcmp(argv[1], "--child") == 0) return runChild(QString::fromLocal8Bit(argv[2]));
    TestKillRestore test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_screen_killrestore.moc"
