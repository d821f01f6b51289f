// Tests of the negative-sampling sweep: p⊥ list parsing, mean ± sd against a brute-force
// computation, the CSV/Markdown tables, the PNG file's structure, and `kbcx sweep` end to end on
// the toy ontology (one run folder per p⊥ and seed, final metrics = each run's last metrics line,
// finished runs reused on a rerun).
#include "test_util.hpp"

#include "embed/sweep.hpp"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

#include <cmath>
#include <random>

using namespace kbcx;
using namespace kbcx::embed;
using kbcx::test::run_kbcx;

namespace {

std::uint32_t be32(const QByteArray& b, int at) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 24) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

QStringList lines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out = QString::fromUtf8(f.readAll()).split('\n');
    while (!out.isEmpty() && out.back().isEmpty())
        out.removeLast();
    return out;
}

} // namespace

class TestEmbedSweep : public QObject {
    Q_OBJECT
  private slots:
    void parsesPBotLists() {
        const auto v = parse_p_bot_list("0,0.25,1");
        QCOMPARE(v.size(), std::size_t{3});
        QCOMPARE(v[1], 0.25f);
        QCOMPARE(parse_p_bot_list("0.5,0.5").size(), std::size_t{1}); // duplicates dropped
        for (const char* bad : {"", "0,,1", "1.5", "-0.1", "x", "0.5x"})
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_p_bot_list(bad));
    }

    void summaryMatchesBruteForce() {
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> u(0, 1);
        SweepResult r;
        const std::vector<float> ps = {0.f, 0.5f, 1.f};
        for (int s = 0; s < 4; ++s)
            for (float p : ps) {
                SweepRun run;
                run.p_bot = p;
                run.seed = static_cast<std::uint64_t>(s);
                run.final["fvr"] = u(rng);
                if (s != 2) run.final["mrr"] = u(rng); // one seed without MRR
                r.runs.push_back(run);
            }
        const auto rows = sweep_summary(r, {"fvr", "mrr", "rho_p"});
        QCOMPARE(rows.size(), ps.size());
        for (std::size_t k = 0; k < ps.size(); ++k) {
            QCOMPARE(rows[k].first, ps[k]);
            for (int m = 0; m < 2; ++m) {
                const char* name = m == 0 ? "fvr" : "mrr";
                std::vector<double> v;
                for (const auto& run : r.runs)
                    if (run.p_bot == ps[k] && run.final.count(name)) v.push_back(run.final.at(name));
                double mean = 0;
                for (double x : v)
                    mean += x / static_cast<double>(v.size());
                double var = 0;
                for (double x : v)
                    var += (x - mean) * (x - mean) / static_cast<double>(v.size() - 1);
                const SweepStat& st = rows[k].second[static_cast<std::size_t>(m)];
                QCOMPARE(st.n, v.size());
                QVERIFY(std::abs(st.mean - mean) < 1e-12);
                QVERIFY(std::abs(st.sd - std::sqrt(var)) < 1e-12);
            }
            QCOMPARE(rows[k].second[2].n, std::size_t{0});
            QVERIFY(std::isnan(rows[k].second[2].mean));
        }
        // One run per value: sd 0, not NaN.
        SweepResult one;
        one.runs.push_back({0.5f, 1, "x", {{"fvr", 0.3}}, false});
        QCOMPARE(sweep_summary(one, {"fvr"})[0].second[0].sd, 0.0);

        const QStringList csv = QString::fromStdString(sweep_summary_csv(r, {"fvr", "mrr"})).split('\n');
        QCOMPARE(csv[0], QStringLiteral("p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd"));
        QVERIFY(csv[1].startsWith(QStringLiteral("0,4,")));
        QCOMPARE(csv[1].split(',')[2].toDouble(), rows[0].second[0].mean);
        const QString md = QString::fromStdString(sweep_summary_markdown(r, {"fvr", "mrr"}, "t"));
        QVERIFY(md.contains(QStringLiteral("| p⊥ | runs | FVR | MRR |")));
        QVERIFY(md.contains(QStringLiteral("| 0.5 | 4 | ") + QString::number(rows[1].second[0].mean, 'f', 3) +
                            QStringLiteral(" ± ")));
        const QStringList runs = QString::fromStdString(sweep_runs_csv(r, {"fvr", "mrr"})).split('\n');
        QCOMPARE(runs.size(), 12 + 2);                  // header, 12 runs, trailing empty
        QVERIFY(runs[7].endsWith(QStringLiteral(","))); // runs are added seed by seed: line 7 is seed 2, no MRR
    }

    void pngIsWellFormed() {
        SweepResult r;
        for (float p : {0.f, 0.25f, 1.f})
            for (int s = 0; s < 2; ++s)
                r.runs.push_back(
                    {p, static_cast<std::uint64_t>(s), "x", {{"fvr", 0.7 - 0.1 * p + 0.01 * s}, {"mrr", 0.2}}, false});
        QTemporaryDir dir;
        const std::string path = dir.filePath("c.png").toStdString();
        write_sweep_chart_png(path, r, {"fvr", "mrr"}, "Box2EL on GCI0");
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray b = f.readAll();
        QVERIFY(b.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
        QCOMPARE(b.mid(12, 4), QByteArray("IHDR"));
        const std::uint32_t w = be32(b, 16), h = be32(b, 20);
        QCOMPARE(w, 2u * 420u); // two panels
        QVERIFY(h > 200);
        // Every chunk's CRC is right, and the image data inflates to h rows of 1 + 3w bytes.
        QByteArray idat;
        for (int at = 8; at < b.size();) {
            const std::uint32_t len = be32(b, at);
            const QByteArray typeAndData = b.mid(at + 4, static_cast<int>(len) + 4);
            const auto crc = crc32(0, reinterpret_cast<const Bytef*>(typeAndData.constData()),
                                   static_cast<uInt>(typeAndData.size()));
            QCOMPARE(be32(b, at + 8 + static_cast<int>(len)), static_cast<std::uint32_t>(crc));
            if (typeAndData.startsWith("IDAT")) idat += typeAndData.mid(4);
            at += 12 + static_cast<int>(len);
        }
        std::vector<unsigned char> raw(static_cast<std::size_t>(h) * (1 + 3 * w) + 16);
        uLongf size = static_cast<uLongf>(raw.size());
        QCOMPARE(uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.constData()),
                            static_cast<uLong>(idat.size())),
                 Z_OK);
        QCOMPARE(static_cast<std::size_t>(size), static_cast<std::size_t>(h) * (1 + 3 * w));
        // Something was drawn in the line colour (#4e79a7).
        bool ink = false;
        for (std::size_t y = 0; y < h && !ink; ++y)
            for (std::size_t x = 0; x < w && !ink; ++x) {
                const unsigned char* px = &raw[y * (1 + 3 * w) + 1 + 3 * x];
                ink = px[0] == 0x4e && px[1] == 0x79 && px[2] == 0xa7;
            }
        QVERIFY(ink);
        const QString svg = QString::fromStdString(sweep_chart_svg(r, {"fvr"}, "t"));
        QVERIFY(svg.startsWith(QStringLiteral("<svg")));
        QCOMPARE(svg.count(QStringLiteral("<circle")), 3); // one dot per p⊥
    }

    void cliSweepOnToyOntology() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sweep"));
        const QString onto = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain.kbo");
        const QString tests = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain_tests.tsv");
        const QStringList args = {QStringLiteral("sweep"),    onto,
                                  QStringLiteral("--model"),  QStringLiteral("Box2EL"),
                                  QStringLiteral("--tests"),  tests,
                                  QStringLiteral("--pool"),   QStringLiteral("disjoint"),
                                  QStringLiteral("--p-bot"),  QStringLiteral("0,1"),
                                  QStringLiteral("--seeds"),  QStringLiteral("2"),
                                  QStringLiteral("--epochs"), QStringLiteral("20"),
                                  QStringLiteral("--dim"),    QStringLiteral("8"),
                                  QStringLiteral("--out"),    out};
        const auto r = run_kbcx(args);
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        for (const char* f : {"runs.csv", "summary.csv", "summary.md", "sweep.svg", "sweep.png"})
            QVERIFY2(QFile::exists(QDir(out).filePath(QString::fromLatin1(f))), f);
        const QStringList runs = lines(QDir(out).filePath(QStringLiteral("runs.csv")));
        QCOMPARE(runs.size(), 1 + 4);
        const QStringList header = runs[0].split(',');
        QCOMPARE(header.mid(0, 4), (QStringList{"p_bot", "seed", "run", "fvr"}));
        QList<double> fvrAt0, fvrAt1;
        for (int i = 1; i < runs.size(); ++i) {
            const QStringList cells = runs[i].split(',');
            const QString folder = QDir(out).filePath(cells[2]);
            // The final metrics are the run folder's last metrics line, read independently.
            const QStringList m = lines(QDir(folder).filePath(QStringLiteral("metrics.jsonl")));
            QVERIFY(!m.isEmpty());
            const QJsonObject last = QJsonDocument::fromJson(m.back().toUtf8()).object();
            QCOMPARE(last.value("epoch").toInt(), 20);
            QCOMPARE(cells[3].toDouble(), last.value("fvr").toDouble());
            QVERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("checkpoint.bin"))));
            const QJsonObject params = QJsonDocument::fromJson([&] {
                                           QFile f(QDir(folder).filePath(QStringLiteral("params.json")));
                                           return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
                                       }())
                                           .object();
            QCOMPARE(params.value("p_bot").toDouble(), cells[0].toDouble());
            QCOMPARE(params.value("seed").toInt(), cells[1].toInt());
            (cells[0] == QLatin1String("0") ? fvrAt0 : fvrAt1) << cells[3].toDouble();
        }
        QCOMPARE(fvrAt0.size(), 2);
        const QStringList summary = lines(QDir(out).filePath(QStringLiteral("summary.csv")));
        QCOMPARE(summary.size(), 3);
        const double mean0 = (fvrAt0[0] + fvrAt0[1]) / 2, sd0 = std::abs(fvrAt0[0] - fvrAt0[1]) / std::sqrt(2.0);
        QVERIFY(std::abs(summary[1].split(',')[2].toDouble() - mean0) < 1e-12);
        QVERIFY(std::abs(summary[1].split(',')[3].toDouble() - sd0) < 1e-12);

        // A rerun reuses the finished folders and writes the same summary.
        const auto again = run_kbcx(args);
        QCOMPARE(again.code, 0);
        QCOMPARE(again.out.count(QStringLiteral("(finished before)")), 4);
        QCOMPARE(lines(QDir(out).filePath(QStringLiteral("summary.csv"))), summary);

        // Bad input: an unknown model, and a p⊥ outside [0, 1].
        QStringList bad = args;
        bad[3] = QStringLiteral("TransE");
        QCOMPARE(run_kbcx(bad).code, 2);
        bad = args;
        bad[9] = QStringLiteral("0,2");
        QCOMPARE(run_kbcx(bad).code, 2);
    }
};

QTEST_APPLESS_MAIN(TestEmbedSweep)
#include "tst_embed_sweep.moc"
