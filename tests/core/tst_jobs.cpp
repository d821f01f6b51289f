// Tests of the job API: throttled progress, forced reports, cancellation through the stop
// token, and the load job's progress covering all of its input.
#include "common/error.hpp"
#include "kg/load_kg.hpp"
#include "test_util.hpp"

#include <QTest>

#include <thread>

using namespace kbcx;

class TestJobs : public QObject {
    Q_OBJECT
  private slots:
    void throttlesReports() {
        int calls = 0;
        jobs::JobContext ctx(
            {}, [&](const jobs::Progress&) { ++calls; }, std::chrono::milliseconds(10000));
        for (int i = 0; i < 1000; ++i)
            ctx.report(i, 1000, "x");
        QCOMPARE(calls, 1);
        ctx.report(1000, 1000, "done", true);
        QCOMPARE(calls, 2);
    }

    void noSinkIsFine() {
        jobs::JobContext ctx;
        ctx.report(1, 2, "nobody listens");
        QVERIFY(!ctx.stop_requested());
        ctx.throw_if_stopped();
    }

    void stopTokenCancels() {
        std::stop_source source;
        jobs::JobContext ctx(source.get_token());
        QVERIFY(!ctx.stop_requested());
        source.request_stop();
        QVERIFY(ctx.stop_requested());
        QVERIFY_THROWS_EXCEPTION(Cancelled, ctx.throw_if_stopped());
    }

    void loadJobCanBeCancelled() {
        std::string big;
        for (int i = 0; i < 400000; ++i)
            big += "e" + std::to_string(i) + "\tr\te" + std::to_string(i + 1) + "\n";
        jobs::LoadKgParams params;
        params.buffers.push_back({"big.tsv", big});
        std::stop_source source;
        source.request_stop();
        jobs::JobContext ctx(source.get_token());
        QVERIFY_THROWS_EXCEPTION(Cancelled, jobs::load_kg(params, ctx));
    }

    void loadJobReportsUpToTotal() {
        QTemporaryDir dir;
        std::string text;
        for (int i = 0; i < 200000; ++i)
            text += "e" + std::to_string(i) + "\tr\te" + std::to_string(i % 97) + "\n";
        jobs::LoadKgParams params;
        params.paths = {test::write_file(dir, "a.tsv", text), test::write_file(dir, "b.tsv", text)};
        std::vector<jobs::Progress> seen;
        jobs::JobContext ctx(
            {}, [&](const jobs::Progress& p) { seen.push_back(p); }, std::chrono::milliseconds(0));
        const auto result = jobs::load_kg(params, ctx);
        QVERIFY(seen.size() >= 3);
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY(seen[i].done >= seen[i - 1].done);
        QCOMPARE(seen.back().done, std::uint64_t{2 * text.size()});
        QCOMPARE(seen.back().total, std::uint64_t{2 * text.size()});
        QCOMPARE(result.bytes, std::uint64_t{2 * text.size()});
        QCOMPARE(result.graph->facts.num_facts(), std::size_t{200000});
        QCOMPARE(result.files[1].duplicates, std::uint64_t{0});
    }
};

QTEST_APPLESS_MAIN(TestJobs)
#include "tst_jobs.moc"
