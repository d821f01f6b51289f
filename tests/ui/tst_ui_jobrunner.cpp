// Qt Test for the generic job adapter: progress delivery, results, cancellation (running and
// queued), input errors with their location, other failures, the ETA estimate and the jobs dock.
#include "ui/common/loop_pass.hpp"
#include "ui/common/progress_value.hpp"
#include "ui/jobs/eta_estimator.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_row_widget.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/jobs_panel.hpp"

#include "common/error.hpp"
#include "kg/load_kg.hpp"

#include <QAbstractEventDispatcher>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>

#include <time.h>

using namespace kbcx;
using kbcx::ui::JobHandle;
using kbcx::ui::JobRunner;

namespace {

/// A job that counts to `steps`, reporting each step, sleeping `pause` between steps.
JobRunner::Work counting(int steps, std::chrono::milliseconds pause = std::chrono::milliseconds(1)) {
    return [steps, pause](jobs::JobContext& ctx) -> std::any {
        for (int i = 0; i < steps; ++i) {
            ctx.throw_if_stopped();
            ctx.report(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(steps), "counting", i == 0);
            std::this_thread::sleep_for(pause);
        }
        ctx.report(static_cast<std::uint64_t>(steps), static_cast<std::uint64_t>(steps), "done", true);
        return steps;
    };
}

/// A job that loops until cancelled, checking the stop token between units of work.
JobRunner::Work untilCancelled(std::atomic<bool>* started) {
    return [started](jobs::JobContext& ctx) -> std::any {
        started->store(true);
        for (std::uint64_t i = 0;; ++i) {
            ctx.throw_if_stopped();
            ctx.report(i, 0, "spinning");
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    };
}

/// Keeps the calling thread busy for `ms` of its own CPU time.
void burnCpu(double ms) {
    const auto cpuMs = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
    };
    const double until = cpuMs() + ms;
    while (cpuMs() < until) {
    }
}

/// Counts the passes of the GUI thread's event loop (the dispatcher's awake()).
struct PassCounter {
    int passes = 0;
    QMetaObject::Connection connection;
    PassCounter() {
        connection = QObject::connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::awake,
                                      [this] { ++passes; });
    }
    ~PassCounter() { QObject::disconnect(connection); }
};

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT
  private slots:
    void progressAndResult();
    void cancelRunningJob();
    void cancelQueuedJob();
    void inputErrorCarriesLocation();
    void otherExceptionsFail();
    void clearFinishedKeepsActiveJobs();
    void etaEstimator();
    void jobsPanelRows();
    void progressValueRepaintsLater();
    void progressWaitsOncePerJob();
    void burstOfEndsRunsInSlices();
    void deferrableWorkWaitsForRoom();
    void jobsPanelShowsABurstOfRowsOverPasses();
};

void TestJobRunner::progressAndResult() {
    JobRunner runner;
    runner.setProgressInterval(std::chrono::milliseconds(5));
    QSignalSpy started(&runner, &JobRunner::jobStarted);
    QSignalSpy idle(&runner, &JobRunner::idle);
    JobHandle* job = runner.start(QStringLiteral("count"), counting(60, std::chrono::milliseconds(2)));
    QCOMPARE(started.count(), 1);
    QCOMPARE(job->title(), QStringLiteral("count"));
    QVERIFY(job->isActive());

    QSignalSpy progress(job, &JobHandle::progress);
    QSignalSpy finished(job, &JobHandle::finished);
    QSignalSpy ended(job, &JobHandle::ended);
    QVERIFY(finished.wait(10000));
    QVERIFY2(progress.count() >= 2, qPrintable(QString::number(progress.count())));
    // Reports arrive in order and never exceed the total.
    quint64 last = 0;
    for (const auto& args : progress) {
        const quint64 done = args.at(0).toULongLong();
        QVERIFY(done >= last);
        QCOMPARE(args.at(1).toULongLong(), 60ULL);
        last = done;
    }
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("done"));
    QCOMPARE(job->state(), JobHandle::State::Finished);
    QCOMPARE(job->resultAs<int>(), 60);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(idle.count(), 1);
    QCOMPARE(runner.activeJobCount(), 0);
    QVERIFY(job->stateText().startsWith(QStringLiteral("Finished")));
    QVERIFY_THROWS_EXCEPTION(std::bad_any_cast, job->resultAs<QString>());
}

void TestJobRunner::cancelRunningJob() {
    JobRunner runner;
    std::atomic<bool> running{false};
    JobHandle* job = runner.start(QStringLiteral("spin"), untilCancelled(&running));
    QSignalSpy cancelled(job, &JobHandle::cancelled);
    QSignalSpy finished(job, &JobHandle::finished);
    QTRY_VERIFY_WITH_TIMEOUT(running.load(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(job->state(), JobHandle::State::Running, 10000);
    job->cancel();
    QVERIFY(job->cancelRequested());
    QCOMPARE(job->stateText(), QStringLiteral("Cancelling…"));
    QVERIFY(cancelled.wait(10000));
    QCOMPARE(job->state(), JobHandle::State::Cancelled);
    QCOMPARE(finished.count(), 0);
    QVERIFY(!job->result().has_value());
}

void TestJobRunner::cancelQueuedJob() {
    JobRunner runner;
    runner.setMaxConcurrentJobs(1);
    std::atomic<bool> running{false};
    JobHandle* blocker = runner.start(QStringLiteral("blocker"), untilCancelled(&running));
    std::atomic<bool> ran{false};
    JobHandle* queued = runner.start(QStringLiteral("queued"), [&ran](jobs::JobContext&) -> std::any {
        ran = true;
        return {};
    });
    QTRY_VERIFY_WITH_TIMEOUT(running.load(), 10000);
    QCOMPARE(queued->state(), JobHandle::State::Queued);
    QSignalSpy cancelled(queued, &JobHandle::cancelled);
    queued->cancel();
    blocker->cancel();
    QVERIFY(cancelled.count() == 1 || cancelled.wait(10000));
    QVERIFY(!ran.load()); // the work function never ran
    QTRY_COMPARE_WITH_TIMEOUT(blocker->state(), JobHandle::State::Cancelled, 10000);
}

void TestJobRunner::inputErrorCarriesLocation() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.tsv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("a\tr\tb\nc\td\n"); // line 2 has two fields
    file.close();

    JobRunner runner;
    jobs::LoadKgParams params;
    params.paths.push_back(path.toStdString());
    JobHandle* job =
        runner.start(QStringLiteral("load"), [params](jobs::JobContext& ctx) { return jobs::load_kg(params, ctx); });
    QSignalSpy failed(job, &JobHandle::failed);
    QVERIFY(failed.wait(10000));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    const auto args = failed.takeFirst();
    QVERIFY2(args.at(0).toString().contains(QStringLiteral("fields")), qPrintable(args.at(0).toString()));
    QCOMPARE(args.at(1).toString(), path);
    QCOMPARE(args.at(2).toULongLong(), 2ULL);
    QCOMPARE(args.at(3).toULongLong(), 4ULL);
    QCOMPARE(job->errorLocation().line, 2ULL);
    QCOMPARE(job->errorLocation().file, path);
}

void TestJobRunner::otherExceptionsFail() {
    JobRunner runner;
    JobHandle* job = runner.start(QStringLiteral("throws"),
                                  [](jobs::JobContext&) -> std::any { throw std::runtime_error("disk on fire"); });
    QSignalSpy failed(job, &JobHandle::failed);
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.first().at(0).toString(), QStringLiteral("disk on fire"));
    QVERIFY(failed.first().at(1).toString().isEmpty());
    QCOMPARE(failed.first().at(2).toULongLong(), 0ULL);
}

void TestJobRunner::clearFinishedKeepsActiveJobs() {
    JobRunner runner;
    JobHandle* done = runner.start(QStringLiteral("quick"), counting(1));
    QSignalSpy finished(done, &JobHandle::finished);
    QVERIFY(finished.wait(10000));
    std::atomic<bool> running{false};
    JobHandle* spinning = runner.start(QStringLiteral("spin"), untilCancelled(&running));
    QCOMPARE(runner.jobs().size(), 2);

    QSignalSpy removed(&runner, &JobRunner::jobRemoved);
    QVERIFY(!runner.remove(spinning)); // active jobs cannot be removed
    runner.clearFinished();
    QCOMPARE(removed.count(), 1);
    QCOMPARE(runner.jobs(), QList<JobHandle*>{spinning});

    QSignalSpy idle(&runner, &JobRunner::idle);
    runner.cancelAll();
    QVERIFY(idle.wait(10000));
    runner.clearFinished();
    QVERIFY(runner.jobs().isEmpty());
}

void TestJobRunner::etaEstimator() {
    ui::EtaEstimator eta;
    QVERIFY(!eta.remainingSeconds());
    eta.add(0.0, 0, 1000);
    QVERIFY(!eta.remainingSeconds()); // no rate yet
    eta.add(1.0, 100, 1000);
    QVERIFY(eta.remainingSeconds());
    QCOMPARE(*eta.remainingSeconds(), 9.0); // 100 units/s, 900 left
    eta.add(2.0, 200, 1000);
    QCOMPARE(*eta.remainingSeconds(), 8.0);
    eta.add(3.0, 1000, 1000);
    QCOMPARE(*eta.remainingSeconds(), 0.0);
    eta.add(4.0, 0, 500); // a new phase restarts the estimate
    QVERIFY(!eta.remainingSeconds());
    eta.add(5.0, 0, 0);
    QVERIFY(!eta.remainingSeconds()); // unknown total

    QCOMPARE(ui::JobRowWidget::formatDuration(4.2), QStringLiteral("5 s"));
    QCOMPARE(ui::JobRowWidget::formatDuration(125), QStringLiteral("2 min 05 s"));
    QCOMPARE(ui::JobRowWidget::formatDuration(3720), QStringLiteral("1 h 02 min"));
}

void TestJobRunner::jobsPanelRows() {
    JobRunner runner;
    ui::JobsPanel panel(&runner);
    panel.resize(900, 120);
    panel.show();
    QCOMPARE(panel.rowCount(), 0);
    QVERIFY(!panel.clearFinishedButton()->isEnabled());

    std::atomic<bool> running{false};
    JobHandle* spinning = runner.start(QStringLiteral("spin"), untilCancelled(&running));
    JobHandle* counted = runner.start(QStringLiteral("count"), counting(5));
    QCOMPARE(panel.rowCount(), 2);
    QSignalSpy finished(counted, &JobHandle::finished);
    QVERIFY(finished.count() == 1 || finished.wait(10000));
    ui::JobRowWidget* countedRow = panel.rowFor(counted);
    QCOMPARE(countedRow->progressBar()->value(), countedRow->progressBar()->maximum());
    QVERIFY(countedRow->etaText().startsWith(QStringLiteral("Finished")));
    QVERIFY(panel.clearFinishedButton()->isEnabled());

    // The running job's button cancels it.
    QTRY_COMPARE_WITH_TIMEOUT(spinning->state(), JobHandle::State::Running, 10000);
    ui::JobRowWidget* spinningRow = panel.rowFor(spinning);
    QCOMPARE(spinningRow->actionButton()->objectName(), QStringLiteral("cancelButton"));
    QSignalSpy cancelled(spinning, &JobHandle::cancelled);
    QTest::mouseClick(spinningRow->actionButton(), Qt::LeftButton);
    QVERIFY(cancelled.wait(10000));
    QCOMPARE(spinningRow->etaText(), QStringLiteral("Cancelled"));
    QCOMPARE(spinningRow->actionButton()->objectName(), QStringLiteral("clearButton"));

    // An ended job's button clears its row; "Clear Finished" clears the rest.
    QTest::mouseClick(spinningRow->actionButton(), Qt::LeftButton);
    QCOMPARE(panel.rowCount(), 1);
    QTest::mouseClick(panel.clearFinishedButton(), Qt::LeftButton);
    QCOMPARE(panel.rowCount(), 0);
    QVERIFY(runner.jobs().isEmpty());
}

void TestJobRunner::progressWaitsOncePerJob() {
    // A job that reports unthrottled while the GUI thread is busy leaves one progress call
    // waiting, with its newest values, not one per report.
    JobRunner runner;
    runner.setProgressInterval(std::chrono::milliseconds(0));
    std::atomic<bool> reported{false};
    JobHandle* job = runner.start(QStringLiteral("burst"), [&reported](jobs::JobContext& ctx) -> std::any {
        for (std::uint64_t i = 1; i <= 500; ++i)
            ctx.report(i, 500, i == 250 ? "half" : "", true);
        reported = true;
        return 0;
    });
    QSignalSpy progress(job, &JobHandle::progress);
    QSignalSpy finished(job, &JobHandle::finished);
    // Stay out of the event loop until every report is in (the GUI thread is "busy").
    QElapsedTimer clock;
    clock.start();
    while (!reported && clock.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    QVERIFY(reported);
    QVERIFY(finished.count() == 1 || finished.wait(10000));
    QVERIFY2(progress.count() >= 1 && progress.count() <= 3, qPrintable(QString::number(progress.count())));
    QCOMPARE(progress.last().at(0).toULongLong(), 500ULL);
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("half")); // the last message given
    QCOMPARE(job->done(), 500ULL);
}

void TestJobRunner::burstOfEndsRunsInSlices() {
    // Twenty jobs end at once and each end costs the GUI thread 8 ms: their calls run in
    // posting order, a few per pass of the event loop, so that a zero timer (which fires
    // between passes) gets its turn in between rather than after all twenty.
    JobRunner runner;
    runner.setMaxConcurrentJobs(1); // the jobs end, and post, in the order they started
    QList<int> order;
    QList<int> perTick{0};
    for (int i = 0; i < 20; ++i) {
        JobHandle* job =
            runner.start(QStringLiteral("end %1").arg(i), [i](jobs::JobContext&) -> std::any { return i; });
        connect(job, &JobHandle::finished, this, [job, &order, &perTick] {
            QElapsedTimer busy;
            busy.start();
            while (busy.nsecsElapsed() < 8'000'000) {
            }
            order << job->resultAs<int>();
            ++perTick.back();
        });
    }
    QVERIFY(runner.waitForDone(10000)); // every call is queued before the loop runs
    QTimer ticker;
    ticker.setInterval(0);
    connect(&ticker, &QTimer::timeout, this, [&perTick] { perTick << 0; });
    ticker.start();
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), 20, 10000);
    ticker.stop();
    QList<int> expected;
    for (int i = 0; i < 20; ++i)
        expected << i;
    QCOMPARE(order, expected);
    const int most = *std::max_element(perTick.begin(), perTick.end());
    QVERIFY2(most <= 3, qPrintable(QStringLiteral("%1 job ends between two timer ticks").arg(most)));
}

void TestJobRunner::deferrableWorkWaitsForRoom() {
    // Twenty pieces of deferrable work of 5 ms of GUI-thread CPU each, handed over at once: they
    // run in order, each in a pass of the event loop with room for it, so no pass runs more than
    // the 12 ms budget allows (0, 5 and 10 ms spent: three) and the twenty take several passes.
    QTest::qWait(10); // the event loop has run: loop_pass follows its passes
    PassCounter counter;
    QObject context;
    QList<int> order;
    QHash<int, int> perPass; // pass number -> pieces run in it
    QTimer::singleShot(0, &context, [&] {
        for (int i = 0; i < 20; ++i)
            ui::loop_pass::whenRoom(&context, [i, &order, &perPass, &counter] {
                burnCpu(5);
                order << i;
                ++perPass[counter.passes];
            });
    });
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), 20, 10000);
    QList<int> expected;
    for (int i = 0; i < 20; ++i)
        expected << i;
    QCOMPARE(order, expected);
    int most = 0;
    for (int n : perPass)
        most = std::max(most, n);
    QVERIFY2(most >= 1 && most <= 3, qPrintable(QStringLiteral("%1 pieces in one pass").arg(most)));
    QVERIFY2(perPass.size() >= 7, qPrintable(QStringLiteral("%1 passes").arg(perPass.size())));

    // Work whose context is gone by the time the pass has room is dropped.
    bool ran = false;
    {
        QObject shortLived;
        QTimer::singleShot(0, &context, [&] {
            burnCpu(40); // this pass has no room left
            ui::loop_pass::whenRoom(&shortLived, [&ran] { ran = true; });
        });
        QTest::qWait(5);
    }
    QTest::qWait(50);
    QVERIFY(!ran);
}

/// Notes the pass of the event loop in which each watched widget is shown.
class ShowWatcher : public QObject {
  public:
    explicit ShowWatcher(const PassCounter& counter) : counter_(counter) {}
    QList<int> passes;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show) passes << counter_.passes;
        return QObject::eventFilter(watched, event);
    }

  private:
    const PassCounter& counter_;
};

void TestJobRunner::jobsPanelShowsABurstOfRowsOverPasses() {
    // Sixty jobs start at once: each has its row in the jobs dock at once (rowFor), and the rows
    // are shown in passes of the event loop with room for them. The next eight passes each spend
    // 20 ms of GUI-thread CPU first (over the 12 ms budget, under the 36 ms a pass's first
    // deferrable work may start within): they show one row each, where a layout alone would have
    // shown all sixty in the first of them.
    JobRunner runner;
    runner.setMaxConcurrentJobs(1);
    ui::JobsPanel panel(&runner);
    panel.resize(900, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    PassCounter counter;
    ShowWatcher watcher(counter);
    std::atomic<bool> release{false};
    QList<JobHandle*> jobs;
    int startPass = -1;
    const QMetaObject::Connection heavy =
        connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::awake, this, [&] {
            if (startPass >= 0 && counter.passes - startPass <= 8) burnCpu(20);
        });
    QTimer::singleShot(0, &panel, [&] {
        startPass = counter.passes;
        for (int i = 0; i < 60; ++i) {
            JobHandle* job =
                runner.start(QStringLiteral("burst %1").arg(i), [&release](jobs::JobContext& ctx) -> std::any {
                    while (!release.load() && !ctx.stop_requested())
                        std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    return {};
                });
            jobs << job;
            panel.rowFor(job)->installEventFilter(&watcher);
        }
    });
    QTRY_COMPARE_WITH_TIMEOUT(jobs.size(), 60, 10000);
    QCOMPARE(panel.rowCount(), 60);
    QTRY_COMPARE_WITH_TIMEOUT(watcher.passes.size(), 60, 10000);
    disconnect(heavy);
    for (JobHandle* job : jobs)
        QVERIFY(panel.rowFor(job)->isVisible());
    QHash<int, int> perPass;
    for (int pass : watcher.passes)
        ++perPass[pass];
    int inHeavyPasses = 0;
    for (int pass = startPass + 1; pass <= startPass + 8; ++pass) {
        QVERIFY2(perPass.value(pass) <= 1,
                 qPrintable(QStringLiteral("%1 rows shown in a pass that had spent 20 ms").arg(perPass.value(pass))));
        inHeavyPasses += perPass.value(pass);
    }
    QVERIFY2(inHeavyPasses >= 1, "no row was shown while the passes were busy");
    release = true;
    QVERIFY(runner.waitForDone(10000));
}

/// Counts the paint events a widget receives.
class PaintCounter : public QObject {
  public:
    int paints = 0;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint) ++paints;
        return QObject::eventFilter(watched, event);
    }
};

void TestJobRunner::progressValueRepaintsLater() {
    // A job row's bar takes a new value without painting the window there and then: the
    // paint comes with the next pass of the event loop, once for however many reports.
    QWidget window;
    auto* bar = new QProgressBar(&window);
    bar->setRange(0, 1000);
    bar->setTextVisible(true);
    bar->setGeometry(10, 10, 200, 24);
    window.resize(240, 60);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(20);
    PaintCounter counter;
    bar->installEventFilter(&counter);

    for (int v = 100; v <= 500; v += 100)
        ui::setProgressValue(bar, v); // each changes the text: QProgressBar::setValue would paint
    QCOMPARE(bar->value(), 500);
    QCOMPARE(counter.paints, 0);
    QTRY_VERIFY_WITH_TIMEOUT(counter.paints >= 1, 2000);
    QVERIFY(bar->updatesEnabled());
    QCOMPARE(counter.paints, 1); // the five values cost one paint

    // An unchanged value schedules nothing.
    QTest::qWait(20);
    const int before = counter.paints;
    ui::setProgressValue(bar, 500);
    QTest::qWait(20);
    QCOMPARE(counter.paints, before);
}

QTEST_MAIN(TestJobRunner)
#include "tst_ui_jobrunner.moc"
