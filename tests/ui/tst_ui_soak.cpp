// Qt Test (issue 9): an offscreen soak of the whole window on the demo. For a bounded time
// (KBCX_SOAK_SECONDS, default 20) and a fixed seed it switches tabs, starts up to three trainings,
// cancels and restarts them, loads and closes datasets and ontologies, redraws the graph and imports
// scores; then checks: no crash, no job left running, bounded memory growth, no Qt warning about
// cross-thread object use, and that no event waited while the GUI thread worked over 100 ms.
#include "common/resources.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/graph/graph_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/training/run_list_model.hpp"
#include "ui/training/training_config.hpp"
#include "ui/training/training_page.hpp"
#include "ui/training/training_run.hpp"

#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHash>
#include <QMessageBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <QTimer>
#include <QTreeView>
#include <array>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <utility>

#include <pthread.h>
#include <time.h>

using namespace kbcx;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

/// Qt warnings that mean an object was used from the wrong thread.
std::mutex g_mutex;
QStringList g_threadWarnings;

/// CPU time of the calling thread in ms: what the GUI thread itself spent, whatever else the
/// machine (a loaded 2-core CI host running tests in parallel) gives other processes meanwhile.
double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// Times each event delivery on the GUI thread, in wall and in thread CPU time, and keeps the
/// outermost deliveries over 100 ms with their receiver.
class SlowEventApplication : public QApplication {
  public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (QThread::currentThread() != thread()) return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const double cpuStart = threadCpuMs();
        const QString what = QStringLiteral("%1 '%2' event %3 (depth %4)")
                                 .arg(QString::fromLatin1(receiver->metaObject()->className()), receiver->objectName())
                                 .arg(static_cast<int>(event->type()))
                                 .arg(depth_);
        // The tally's key is taken before delivery: the receiver may delete itself while handling
        // the event (a single-shot timer does).
        QString key;
        if (depth_ == 0) {
            key = QStringLiteral("%1 event %2")
                      .arg(QString::fromLatin1(receiver->metaObject()->className()))
                      .arg(static_cast<int>(event->type()));
            // A chart's scene is named after the view that shows it.
            if (auto* scene = qobject_cast<QGraphicsScene*>(receiver); scene && !scene->views().isEmpty())
                key += QStringLiteral(" of ") + scene->views().constFirst()->objectName();
            else if (auto* job = qobject_cast<JobHandle*>(receiver))
                key += QStringLiteral(" '") + job->title().section(QLatin1Char(' '), 0, 0) + QLatin1Char('\'');
        }
        ++depth_;
        const bool result = QApplication::notify(receiver, event);
        --depth_;
        const double ms = t.nsecsElapsed() / 1e6;
        const double cpuMs = threadCpuMs() - cpuStart;
        if (depth_ == 0 && cpuMs > maxCpuMs_) {
            maxCpuMs_ = cpuMs;
            maxCpuWhat_ = what;
        }
        if (depth_ == 0) {
            for (Tally* tally : {&sinceTick_, &sincePass_}) {
                auto& [count, cpu] = (*tally)[key];
                ++count;
                cpu += cpuMs;
            }
        }
        if ((ms > 100.0 || cpuMs > 100.0) && depth_ <= 1)
            slowest_.append({ms, what + QStringLiteral(", %1 ms CPU").arg(cpuMs, 0, 'f', 1)});
        return result;
    }
    /// The deliveries over 100 ms at depth 0 and 1, longest first.
    QStringList slowest(int n) const {
        auto sorted = slowest_;
        std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        QStringList out;
        for (int i = 0; i < std::min<int>(n, static_cast<int>(sorted.size())); ++i)
            out << QStringLiteral("%1 ms: %2").arg(sorted[i].first, 0, 'f', 1).arg(sorted[i].second);
        return out;
    }
    /// The most GUI-thread CPU time one outermost delivery took, and what it was.
    double maxCpuMs() const { return maxCpuMs_; }
    QString maxCpuWhat() const { return maxCpuWhat_; }
    /// The outermost deliveries since the last call by receiver class and event type, with
    /// their number and GUI-thread CPU time; starts a new tally.
    using Tally = QHash<QString, std::pair<int, double>>;
    Tally takeSinceTick() { return std::exchange(sinceTick_, {}); }
    /// The same since the last pass of the event loop began.
    Tally takeSincePass() { return std::exchange(sincePass_, {}); }
    /// A tally as lines, most CPU first.
    static QStringList describe(const Tally& tally) {
        QList<QPair<double, QString>> rows;
        for (auto it = tally.cbegin(); it != tally.cend(); ++it)
            rows.append({it->second, QStringLiteral("%1: %2 deliveries, %3 ms CPU")
                                         .arg(it.key())
                                         .arg(it->first)
                                         .arg(it->second, 0, 'f', 1)});
        std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
        QStringList out;
        for (const auto& r : rows)
            out << r.second;
        return out;
    }
    void resetMax() {
        maxCpuMs_ = 0;
        maxCpuWhat_.clear();
        slowest_.clear();
    }

  private:
    int depth_ = 0;
    double maxCpuMs_ = 0;
    QString maxCpuWhat_;
    QList<QPair<double, QString>> slowest_;
    Tally sinceTick_;
    Tally sincePass_;
};
/// Posts an event to the GUI thread every 5 ms from a thread of its own, stamped with the time
/// and the GUI thread's CPU clock. On delivery it knows how long the event waited (what a key
/// press or a paint request arriving then would have waited) and how much of that wait was the
/// GUI thread's own work rather than other processes holding the CPU.
class LatencyProbe : public QObject {
  public:
    ~LatencyProbe() override { stop(); }
    void start(pthread_t gui) {
        clockid_t guiClock{};
        if (pthread_getcpuclockid(gui, &guiClock) != 0) guiClock = CLOCK_THREAD_CPUTIME_ID;
        thread_ = std::thread([this, guiClock] {
            while (!stop_.load()) {
                timespec ts{};
                clock_gettime(guiClock, &ts);
                const double cpu = static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
                QCoreApplication::postEvent(this, new Stamp(nowMs(), cpu));
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
    }
    void stop() {
        if (!thread_.joinable()) return;
        stop_ = true;
        thread_.join();
        QCoreApplication::removePostedEvents(this, Stamp::kind());
    }
    bool event(QEvent* e) override {
        if (e->type() != Stamp::kind()) return QObject::event(e);
        const auto* stamp = static_cast<const Stamp*>(e);
        const double wait = nowMs() - stamp->postedMs;
        const double cpu = threadCpuMs() - stamp->guiCpuMs;
        ++delivered;
        if (wait > maxWaitMs) {
            maxWaitMs = wait;
            maxWaitCpuMs = cpu;
        }
        if (cpu > maxCpuMs) {
            maxCpuMs = cpu;
            maxCpuWaitMs = wait;
        }
        return true;
    }
    int delivered = 0;
    double maxWaitMs = 0, maxWaitCpuMs = 0; // the longest wait (wall) and the GUI's CPU time in it
    double maxCpuMs = 0, maxCpuWaitMs = 0;  // the wait with the most GUI CPU time, and its wall time

  private:
    struct Stamp : QEvent {
        Stamp(double ms, double cpu) : QEvent(kind()), postedMs(ms), guiCpuMs(cpu) {}
        static QEvent::Type kind() {
            static const auto type = static_cast<QEvent::Type>(QEvent::registerEventType());
            return type;
        }
        double postedMs, guiCpuMs;
    };
    static double nowMs() {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    std::thread thread_;
    std::atomic<bool> stop_{false};
};

QtMessageHandler g_previous = nullptr;

void recordThreadWarnings(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtDebugMsg && type != QtInfoMsg &&
        (message.contains(QLatin1String("thread"), Qt::CaseInsensitive) ||
         message.contains(QLatin1String("Cannot create children")) ||
         message.contains(QLatin1String("Timers cannot")) ||
         message.contains(QLatin1String("Cannot send events to objects owned by a different thread")))) {
        std::lock_guard lock(g_mutex);
        g_threadWarnings << message;
    }
    if (g_previous) g_previous(type, context, message);
}

ui::TrainingConfig soakConfig(int seed) {
    ui::TrainingConfig c;
    static const char* models[] = {"TransE-L1", "DistMult", "RotatE"};
    c.model = QString::fromLatin1(models[seed % 3]);
    c.dim = 16;
    c.epochs = 100000; // runs until cancelled
    c.evalEvery = 5;
    c.batch = 32;
    c.neg = 4;
    c.chunk = 4;
    c.lr = 0.02;
    c.seed = static_cast<quint64>(seed);
    return c;
}

} // namespace

class TestUiSoak : public QObject {
    Q_OBJECT
  private slots:
    void randomActionsAcrossAllTabs();
};

void TestUiSoak::randomActionsAcrossAllTabs() {
    QTemporaryDir settings, work;
    QVERIFY(settings.isValid() && work.isValid());
    qputenv(ui::kSettingsDirEnv, settings.path().toLocal8Bit());
    const double seconds =
        qEnvironmentVariableIsSet("KBCX_SOAK_SECONDS") ? qEnvironmentVariable("KBCX_SOAK_SECONDS").toDouble() : 20.0;
    std::mt19937 rng(20261129u);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };

    const QString smallKg = work.filePath(QStringLiteral("small.tsv"));
    {
        QFile f(smallKg);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 400; ++i)
            f.write(QStringLiteral("e%1\tr%2\te%3\n").arg(i).arg(i % 7).arg((i * 13 + 5) % 400).toUtf8());
    }
    const QString badKg = work.filePath(QStringLiteral("bad.tsv"));
    {
        QFile f(badKg);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a\tr\tb\nc\td\n");
    }

    g_previous = qInstallMessageHandler(recordThreadWarnings);
    auto window = std::make_unique<MainWindow>();
    window->resize(1300, 850);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    ui::JobRunner* runner = window->jobRunner();
    auto* training = window->findChild<ui::TrainingPage*>();
    auto* eval = window->findChild<ui::EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    QVERIFY(training && eval);
    JobHandle* demo = window->openDemo();
    QVERIFY(demo);
    QTRY_VERIFY_WITH_TIMEOUT(!demo->isActive(), 30000);
    QTRY_COMPARE_WITH_TIMEOUT(runner->activeJobCount(), 0, 30000);

    auto* timing = dynamic_cast<SlowEventApplication*>(QCoreApplication::instance());
    QVERIFY(timing);
    // Event-loop stalls: the gaps between ticks of a 5 ms timer, in wall time and in the GUI
    // thread's CPU time within them (what the program itself did while the loop was held).
    QElapsedTimer clock;
    qint64 lastTick = -1, maxGapNs = 0;
    double lastTickCpu = 0, maxGapCpuMs = 0;      // the largest wall-time gap, its CPU time,
    SlowEventApplication::Tally maxGapDeliveries; // and the event deliveries that filled it
    double maxCpuGapMs = 0, maxCpuGapWallMs = 0;  // the gap with the most CPU time, its wall time
    SlowEventApplication::Tally maxCpuGapDeliveries;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    connect(&ticker, &QTimer::timeout, this, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double cpu = threadCpuMs();
        SlowEventApplication::Tally deliveries = timing->takeSinceTick();
        if (lastTick >= 0) {
            const double cpuGap = cpu - lastTickCpu;
            if (now - lastTick > maxGapNs) {
                maxGapNs = now - lastTick;
                maxGapCpuMs = cpuGap;
                maxGapDeliveries = deliveries;
            }
            if (cpuGap > maxCpuGapMs) {
                maxCpuGapMs = cpuGap;
                maxCpuGapWallMs = static_cast<double>(now - lastTick) / 1e6;
                maxCpuGapDeliveries = std::move(deliveries);
            }
        }
        lastTick = now;
        lastTickCpu = cpu;
    });
    // Passes of the event loop: the dispatcher emits awake() as each pass begins, and input is
    // read once per pass; the GUI-thread CPU time from one awake() to the next is what one pass
    // held the loop for (a pass that slept in between counts only its work).
    double lastAwakeCpu = -1, maxPassCpuMs = 0;
    SlowEventApplication::Tally maxPassDeliveries;
    connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::awake, this, [&] {
        const double cpu = threadCpuMs();
        SlowEventApplication::Tally deliveries = timing->takeSincePass();
        if (lastAwakeCpu >= 0 && cpu - lastAwakeCpu > maxPassCpuMs) {
            maxPassCpuMs = cpu - lastAwakeCpu;
            maxPassDeliveries = std::move(deliveries);
        }
        lastAwakeCpu = cpu;
    });
    clock.start();
    ticker.start();

    QList<ui::TrainingRun*> active;
    int started = 0, cancelled = 0, removed = 0, loads = 0, closes = 0, switches = 0, imports = 0, redraws = 0,
        errors = 0;
    std::uint64_t rssWarm = 0;
    std::array<double, 10> slowestAction{};    // per kind of action, the longest call itself (wall)
    std::array<double, 10> slowestActionCpu{}; // and its GUI-thread CPU time
    timing->resetMax();                        // loading the demo before the soak is not part of it
    const qint64 end = static_cast<qint64>(seconds * 1000);
    QElapsedTimer soak;
    // The actions run from a single-shot timer inside QEventLoop::exec(), as the program runs
    // under QApplication::exec(): each action is one event delivery, the loop runs between them.
    QEventLoop loop;
    QTimer next;
    next.setSingleShot(true);
    auto act = [&] {
        if (soak.elapsed() >= end) {
            loop.quit();
            return;
        }
        if (rssWarm == 0 && soak.elapsed() > end / 4) rssWarm = current_memory_bytes();
        // Forget runs that ended (finished, failed or cancelled by a close).
        active.erase(std::remove_if(active.begin(), active.end(), [](ui::TrainingRun* r) { return !r->isActive(); }),
                     active.end());
        const int action = pick(10);
        QElapsedTimer actionClock;
        actionClock.start();
        const double actionCpuStart = threadCpuMs();
        switch (action) {
        case 0:
        case 1:
            window->tabs()->setCurrentIndex(pick(window->tabs()->count()));
            ++switches;
            break;
        case 2:
            if (active.size() < 3 && window->currentDataset()) {
                training->setConfig(soakConfig(started));
                if (!training->selectDataset(window->currentDataset()->id)) break;
                training->setRunFolder(work.filePath(QStringLiteral("run%1").arg(started)));
                if (ui::TrainingRun* run = training->startRun()) {
                    active << run;
                    ++started;
                }
            }
            break;
        case 3:
            if (!active.isEmpty()) {
                training->cancelRun(active[pick(static_cast<int>(active.size()))]);
                ++cancelled;
            }
            // Remove an ended run now and then, as a user tidies the run list (keeps about ten).
            if (const QVector<ui::TrainingRun*> runs = training->runModel()->runs(); runs.size() > 10) {
                ui::TrainingRun* victim = runs[pick(static_cast<int>(runs.size()))];
                if (!victim->isActive() && training->removeRun(victim)) ++removed;
            }
            break;
        case 4:
            // Open another dataset; a user with many open closes some (the soak keeps up to six,
            // so that memory growth measures leaks rather than what is deliberately kept open).
            if (window->datasetModel()->datasetCount() < 6) {
                window->openFiles({pick(4) == 0 ? badKg : smallKg});
                ++loads;
            } else {
                window->explorerView()->setCurrentIndex(window->datasetModel()->index(1 + pick(5), 0));
                window->closeCurrentDataset();
                ++closes;
            }
            break;
        case 5:
            if (window->datasetModel()->datasetCount() > 1) {
                const QModelIndex row = window->datasetModel()->index(pick(window->datasetModel()->datasetCount()), 0);
                window->explorerView()->setCurrentIndex(row);
                window->closeCurrentDataset();
                ++closes;
            }
            break;
        case 6:
            if (pick(2) == 0 && window->ontologyWorkspace()->model()->ontologyCount() < 4)
                window->openDemoOntology();
            else if (window->ontologyWorkspace()->model()->ontologyCount() > 1)
                window->ontologyWorkspace()->closeCurrentOntology();
            break;
        case 7:
            if (pick(3) == 0) {
                // Keep up to five imported evaluations: the oldest goes first.
                if (ui::EvaluationListModel* evaluations = eval->model(); evaluations->count() >= 5)
                    evaluations->removeEvaluation(evaluations->evaluationAt(0)->id);
                eval->importDemo();
                ++imports;
            } else if (JobHandle* j = window->graphPage()->redraw()) {
                (void)j;
                ++redraws;
            }
            break;
        case 8: {
            // Cancel any running job (loads, imports, redraws, trainings alike).
            const QList<JobHandle*> jobs = runner->jobs();
            QList<JobHandle*> running;
            for (JobHandle* j : jobs)
                if (j->isActive()) running << j;
            if (!running.isEmpty()) running[pick(static_cast<int>(running.size()))]->cancel();
            break;
        }
        case 9:
            // Close error boxes as a user would, and forget ended jobs.
            for (QMessageBox* box : window->findChildren<QMessageBox*>())
                if (box->isVisible()) {
                    box->close();
                    ++errors;
                }
            runner->clearFinished();
            break;
        }
        slowestAction[action] = std::max(slowestAction[action], actionClock.nsecsElapsed() / 1e6);
        slowestActionCpu[action] = std::max(slowestActionCpu[action], threadCpuMs() - actionCpuStart);
        next.start(5 + pick(40));
    };
    connect(&next, &QTimer::timeout, this, act);
    // The probe: another thread posts an event to the GUI thread every 5 ms, stamped with the
    // time and the GUI thread's CPU clock; its delivery measures how long anything arriving then
    // (a key press, a paint request) waited, and how much of that wait the program itself spent.
    LatencyProbe probe;
    probe.start(pthread_self());
    soak.start();
    next.start(0);
    loop.exec();
    probe.stop();
    for (int a = 0; a < 10; ++a)
        qInfo("action %d: longest %.1f ms on the GUI thread (%.1f ms CPU)", a, slowestAction[a], slowestActionCpu[a]);
    for (const QString& line : timing->slowest(8))
        qInfo("slow event delivery: %s", qPrintable(line));
    for (const QString& line : SlowEventApplication::describe(maxGapDeliveries).mid(0, 8))
        qInfo("in the largest gap: %s", qPrintable(line));
    for (const QString& line : SlowEventApplication::describe(maxCpuGapDeliveries).mid(0, 8))
        qInfo("in the gap with the most CPU: %s", qPrintable(line));
    for (const QString& line : SlowEventApplication::describe(maxPassDeliveries).mid(0, 8))
        qInfo("in the longest pass: %s", qPrintable(line));
    const double maxEventCpuMs = timing->maxCpuMs();
    const QString maxEventWhat = timing->maxCpuWhat();
    const double maxActionCpuMs = *std::max_element(slowestActionCpu.begin(), slowestActionCpu.end());
    const double maxStallMs = static_cast<double>(maxGapNs) / 1e6;

    // Wind down: cancel what runs, the pool drains, every handle ends.
    runner->cancelAll();
    QVERIFY(runner->waitForDone(10000));
    QTRY_COMPARE_WITH_TIMEOUT(runner->activeJobCount(), 0, 10000);
    for (ui::TrainingRun* run : active)
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 5000);
    for (QMessageBox* box : window->findChildren<QMessageBox*>())
        box->close();
    runner->clearFinished();
    QTest::qWait(50);
    const std::uint64_t rssEnd = current_memory_bytes();
    ticker.stop();

    // Still responsive.
    bool ran = false;
    QTimer::singleShot(0, this, [&] { ran = true; });
    QTRY_VERIFY_WITH_TIMEOUT(ran, 200);

    const double growthMb = (static_cast<double>(rssEnd) - static_cast<double>(rssWarm)) / 1e6;
    qInfo(
        "soak %.0f s: %d tab switches, %d trainings started, %d cancels, %d runs removed, %d loads, %d closes, %d "
        "imports, "
        "%d redraws, %d error boxes closed; resident %.1f MB after warm-up, %.1f MB at the end (%+.1f MB); "
        "largest event-loop gap %.1f ms (%.1f ms of it GUI-thread CPU); most GUI-thread CPU between two ticks %.1f ms "
        "(in a gap of %.1f ms)",
        seconds, switches, started, cancelled, removed, loads, closes, imports, redraws, errors, rssWarm / 1e6,
        rssEnd / 1e6, growthMb, maxStallMs, maxGapCpuMs, maxCpuGapMs, maxCpuGapWallMs);
    QVERIFY(started >= 3);
    QVERIFY(switches >= 10);
    QVERIFY2(growthMb < 150.0, qPrintable(QStringLiteral("resident memory grew %1 MB").arg(growthMb)));
    {
        std::lock_guard lock(g_mutex);
        QVERIFY2(g_threadWarnings.isEmpty(), qPrintable(g_threadWarnings.join(QLatin1Char('\n'))));
    }
    // Responsiveness: the event loop never stalls over 100 ms. Whatever arrives (a key press, a
    // paint request, the probe's event) waits at most for the pass of the loop under way and the
    // events queued before it; the probe measures that wait, and the GUI thread's CPU time within
    // it must stay at or under 100 ms, as must each pass of the loop, each event delivery and
    // each test action. CPU rather than wall time, so that time the scheduler gives other
    // processes on a shared 2-core host (the other tests, the trainings) does not count against
    // the program; the probe's longest wait in wall time is checked against
    // KBCX_SOAK_MAX_STALL_MS (for an idle machine; default 5 s, a freeze). The 5 ms timer's gaps
    // are printed only: under exec() Qt runs timers at idle priority once they have fired, so a
    // timer waits until the loop finds nothing else to do.
    qInfo("probe: %d events; longest wait %.1f ms (%.1f ms of it GUI-thread CPU); most GUI-thread CPU in one wait "
          "%.1f ms (in a wait of %.1f ms)",
          probe.delivered, probe.maxWaitMs, probe.maxWaitCpuMs, probe.maxCpuMs, probe.maxCpuWaitMs);
    qInfo("most GUI-thread CPU in one event delivery: %.1f ms (%s); in one test action: %.1f ms; in one pass of "
          "the event loop: %.1f ms",
          maxEventCpuMs, qPrintable(maxEventWhat), maxActionCpuMs, maxPassCpuMs);
    QVERIFY2(probe.delivered > 100, "the probe's events were not delivered");
    QVERIFY2(probe.maxCpuMs <= 100.0,
             qPrintable(QStringLiteral("the event loop stalled: an event waited while the GUI thread worked %1 ms")
                            .arg(probe.maxCpuMs)));
    QVERIFY2(
        maxPassCpuMs <= 100.0,
        qPrintable(
            QStringLiteral("the event loop stalled: one pass held the GUI thread for %1 ms of CPU").arg(maxPassCpuMs)));
    QVERIFY2(maxEventCpuMs <= 100.0,
             qPrintable(QStringLiteral("the GUI thread spent %1 ms in %2").arg(maxEventCpuMs).arg(maxEventWhat)));
    QVERIFY2(maxActionCpuMs <= 100.0,
             qPrintable(QStringLiteral("a test action held the GUI thread %1 ms").arg(maxActionCpuMs)));
    const double stallBound = qEnvironmentVariableIsSet("KBCX_SOAK_MAX_STALL_MS")
                                  ? qEnvironmentVariable("KBCX_SOAK_MAX_STALL_MS").toDouble()
                                  : 5000.0;
    QVERIFY2(probe.maxWaitMs <= stallBound, qPrintable(QStringLiteral("an event waited %1 ms").arg(probe.maxWaitMs)));

    window.reset();
    qInstallMessageHandler(g_previous);
}

// QTEST_MAIN with an application that times every event it delivers on the GUI thread, so
// that a long event-loop gap can be traced to the receiver that held the loop.
int main(int argc, char* argv[]) {
    SlowEventApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestUiSoak test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_ui_soak.moc"
