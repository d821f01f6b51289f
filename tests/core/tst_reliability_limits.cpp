// Resource limits (issue 9): the LimitWatchdog stops a job on time and on resident memory, and
// the long kbcx commands turn --time-limit/--max-memory into a clean exit code 3.
#include "common/error.hpp"
#include "common/job.hpp"
#include "common/limits.hpp"
#include "common/resources.hpp"
#include "test_util.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

struct Run {
    int code = -1;
    QString out, err;
    double seconds = 0;
};

Run run_kbcx(const QStringList& args) {
    QProcess p;
    const auto t = std::chrono::steady_clock::now();
    p.start(KBCX_CLI, args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.seconds = seconds_since(t);
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestReliabilityLimits : public QObject {
    Q_OBJECT

  private slots:
    void no_limit_never_stops() {
        std::stop_source src;
        {
            kbcx::jobs::LimitWatchdog w({}, src);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            QVERIFY(w.reached().empty());
        }
        QVERIFY(!src.stop_requested());
    }

    void time_limit_stops_the_job() {
        std::stop_source src;
        kbcx::jobs::ResourceLimits lim;
        lim.time_limit_seconds = 0.2;
        const auto t = std::chrono::steady_clock::now();
        kbcx::jobs::LimitWatchdog w(lim, src);
        kbcx::jobs::JobContext ctx(src.get_token());
        bool cancelled = false;
        try {
            for (;;) { // a job that would run forever
                ctx.throw_if_stopped();
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        } catch (const kbcx::Cancelled&) {
            cancelled = true;
        }
        const double s = seconds_since(t);
        QVERIFY(cancelled);
        QVERIFY2(s >= 0.2 && s < 0.5, qPrintable(QString::number(s)));
        QCOMPARE(QString::fromStdString(w.reached()), QString("time limit of 0.2 s reached"));
    }

    void memory_limit_stops_the_job() {
        std::stop_source src;
        kbcx::jobs::ResourceLimits lim;
        lim.max_memory_bytes = kbcx::current_memory_bytes() + 64u * 1000 * 1000;
        kbcx::jobs::LimitWatchdog w(lim, src);
        std::vector<std::unique_ptr<char[]>> blocks;
        const std::size_t block = 4u << 20;
        // Allocate and touch 4 MB at a time; the watchdog must stop us well before 512 MB.
        while (!src.stop_requested() && blocks.size() < 128) {
            blocks.emplace_back(new char[block]);
            std::memset(blocks.back().get(), 1, block);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        QVERIFY(src.stop_requested());
        QVERIFY2(blocks.size() < 128, "the memory limit did not fire");
        QVERIFY2(QString::fromStdString(w.reached()).startsWith("memory limit of"), w.reached().c_str());
    }

    void watchdog_destroyed_quickly() {
        std::stop_source src;
        kbcx::jobs::ResourceLimits lim;
        lim.time_limit_seconds = 1000;
        const auto t = std::chrono::steady_clock::now();
        { kbcx::jobs::LimitWatchdog w(lim, src); }
        QVERIFY(seconds_since(t) < 0.2);
        QVERIFY(!src.stop_requested());
    }

    /// One watchdog thread for many jobs: each ticket stops its own job at its own limit, a
    /// ticket without limits or one destroyed first stops nothing, and the same messages.
    void shared_watchdog_stops_each_job_at_its_limit() {
        kbcx::jobs::SharedLimitWatchdog watch;
        std::stop_source fast, slow, none, gone, memory;
        kbcx::jobs::ResourceLimits quick, long_, tiny;
        quick.time_limit_seconds = 0.1;
        long_.time_limit_seconds = 1000;
        tiny.max_memory_bytes = 1; // any process is over it
        const auto t = std::chrono::steady_clock::now();
        auto a = watch.watch(quick, fast);
        auto b = watch.watch(long_, slow);
        auto c = watch.watch({}, none);
        auto m = watch.watch(tiny, memory);
        { auto d = watch.watch(quick, gone); } // its job ended before the limit
        while (!fast.stop_requested() && seconds_since(t) < 2)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        const double s = seconds_since(t);
        QVERIFY(fast.stop_requested());
        QVERIFY2(s >= 0.1 && s < 0.5, qPrintable(QString::number(s)));
        QCOMPARE(QString::fromStdString(a->reached()), QString("time limit of 0.1 s reached"));
        QVERIFY(memory.stop_requested());
        QVERIFY2(QString::fromStdString(m->reached()).startsWith("memory limit of 1 B"), m->reached().c_str());
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(!slow.stop_requested());
        QVERIFY(b->reached().empty());
        QVERIFY(!none.stop_requested());
        QVERIFY(!gone.stop_requested());
    }

    /// A count that takes far longer than the limit: 5 names, 2 roles over a domain of 5 is a
    /// CNF of 75 atoms with little structure to exploit.
    void cli_time_limit_exit_3() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const QString onto = dir.path() + "/o.kbo";
        std::ofstream(onto.toStdString()) << "Class: A B C D E\nObjectProperty: r s\nA SubClassOf r some B\n"
                                             "B SubClassOf s some C\nr some C SubClassOf D\nC and D SubClassOf E\n"
                                             "s some E SubClassOf A\n";
        const Run r = run_kbcx({"count", onto, "--domain", "5", "--time-limit", "1"});
        if (r.code == 0) QSKIP("the count finished within 1 s on this machine; no limit to test");
        QVERIFY2(r.code == 3, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains("kbcx count: limit reached: time limit of 1 s reached"), qPrintable(r.err));
        QVERIFY2(r.seconds < 3.0, qPrintable(QString::number(r.seconds)));
    }

    void cli_memory_limit_exit_3() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const QString onto = dir.path() + "/o.kbo";
        std::ofstream(onto.toStdString()) << "Class: A B\nA SubClassOf B\n";
        // 1 MB is below any process's resident size: the job must stop at once, cleanly.
        const Run r = run_kbcx({"classify", onto, "--max-memory", "1"});
        QVERIFY2(r.code == 3 || r.code == 0, qPrintable(r.err));
        if (r.code == 0) QSKIP("classify finished before the first memory sample");
        QVERIFY2(r.err.contains("kbcx classify: limit reached: memory limit of 1.0 MB reached"), qPrintable(r.err));
    }

    void cli_limit_options_validated() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const Run r = run_kbcx({"materialise", "--rules", "x.rules", "y.tsv", "--time-limit", "soon"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--time-limit"), qPrintable(r.err));
        const Run h = run_kbcx({"train", "--help"});
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains("--max-memory") && h.out.contains("--time-limit") && h.out.contains("3 limit reached"));
    }
};

QTEST_GUILESS_MAIN(TestReliabilityLimits)
#include "tst_reliability_limits.moc"
