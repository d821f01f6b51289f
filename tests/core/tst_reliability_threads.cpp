// Threads (issue 9): progress sinks are called one at a time even when parallel workers of one job
// report together, and a parallel materialisation stops promptly when cancelled. Also run under
// ThreadSanitizer (-DKBCX_TSAN=ON), where any unsynchronised access here is reported.
#include "test_util.hpp"

#include "common/error.hpp"
#include "common/job.hpp"
#include "rules/materialise.hpp"
#include "rules/parser.hpp"
#include "rules/program.hpp"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <stop_token>
#include <thread>
#include <vector>

using namespace kbcx;

class TestReliabilityThreads : public QObject {
    Q_OBJECT
  private slots:
    void sinkCallsAreSerialised() {
        // The sink is deliberately not thread-safe (plain ints), like the terminal progress bar:
        // JobContext must never run two calls of it at once.
        std::atomic<int> in_flight{0}, most{0};
        long calls = 0, sum_done = 0;
        jobs::JobContext ctx({}, [&](const jobs::Progress& p) {
            const int now = ++in_flight;
            int m = most.load();
            while (now > m && !most.compare_exchange_weak(m, now)) {
            }
            ++calls;
            sum_done += static_cast<long>(p.done);
            for (int spin = 0; spin < 200; ++spin) {
                asm volatile("" ::: "memory");
            }
            --in_flight;
        });
        constexpr int kThreads = 4, kReports = 3000;
        std::vector<std::thread> pool;
        for (int t = 0; t < kThreads; ++t)
            pool.emplace_back([&ctx] {
                for (int i = 1; i <= kReports; ++i)
                    ctx.report(static_cast<std::uint64_t>(i), kReports, "work", true);
            });
        for (auto& th : pool)
            th.join();
        QCOMPARE(most.load(), 1);
        QCOMPARE(calls, long{kThreads} * kReports);
        QCOMPARE(sum_done, long{kThreads} * kReports * (kReports + 1) / 2); // no lost update
    }

    void parallelMaterialiseStopsWhenCancelled() {
        // A 2000-edge chain with the linear ancestor rule: 2000 rounds, 2 M derived facts.
        std::string tsv;
        for (int i = 0; i < 2000; ++i)
            tsv += "n" + std::to_string(i) + "\tparent\tn" + std::to_string(i + 1) + "\n";
        auto graph = test::load_text("chain.tsv", tsv).graph;
        auto program = std::make_shared<rules::Program>(
            graph, rules::parse_rules("anc(x,y) :- parent(x,y).\nanc(x,z) :- anc(x,y), parent(y,z).\n"));
        std::stop_source stop;
        std::atomic<std::uint64_t> reports{0};
        jobs::JobContext ctx(
            stop.get_token(), [&](const jobs::Progress&) { ++reports; }, std::chrono::milliseconds(1));
        rules::MaterialiseOptions options;
        options.threads = 3;
        std::atomic<bool> cancelled{false}, finished{false};
        std::chrono::steady_clock::time_point ended;
        std::thread worker([&] {
            try {
                (void)rules::Materialisation::run(program, options, ctx);
                finished = true;
            } catch (const Cancelled&) {
                cancelled = true;
            }
            ended = std::chrono::steady_clock::now();
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        const auto asked = std::chrono::steady_clock::now();
        stop.request_stop();
        worker.join();
        const double ms = std::chrono::duration<double, std::milli>(ended - asked).count();
        qInfo("parallel materialisation (3 threads) ended %.1f ms after the stop request, %llu progress reports", ms,
              static_cast<unsigned long long>(reports.load()));
        QVERIFY2(!finished, "the materialisation finished within 300 ms: make the input larger");
        QVERIFY(cancelled);
        QVERIFY(reports > 0);
        // The bound is 200 ms; sanitizers and a shared machine get some slack.
        QVERIFY2(ms < 1000, qPrintable(QString("took %1 ms").arg(ms)));
    }
};

QTEST_GUILESS_MAIN(TestReliabilityThreads)
#include "tst_reliability_threads.moc"
