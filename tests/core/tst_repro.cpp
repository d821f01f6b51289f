// The reproduction framework without data: the PNG writer (signature, chunks, CRCs, pixels
// back through zlib), the chart renderer (series inside the plot area), the Markdown and JSON
// renderers, the registry and the runner (folder layout, cancellation), and `kbcx reproduce`.
#include "plot/image.hpp"
#include "plot/text.hpp"
#include "repro/chart.hpp"
#include "repro/markdown.hpp"
#include "repro/registry.hpp"
#include "test_util.hpp"

#include "common/error.hpp"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <cmath>
#include <fstream>
#include <random>
#include <stop_token>

using namespace kbcx::plot;
using namespace kbcx::repro;

namespace {

std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::uint32_t be32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

Report sample_report() {
    Report r;
    r.name = "demo";
    r.title = "A demo finding";
    r.mode = "quick";
    r.seeds = {1, 2};
    r.wall_seconds = 1.25;
    r.commands = {"kbcx sample x.owl --nf GCI0", "kbcx train x.owl --model Box2EL"};
    Section s;
    s.heading = "Results";
    s.paragraphs = {"Some text."};
    s.tables.push_back({"Numbers", {"model", "AUC", "a|b"}, {{"ELEm", "0.70 ± 0.01", "x"}, {"Box2EL", "0.74"}}});
    s.charts.push_back({"FVR", "p", "FVR", "fvr.png", {{"ELEm", {0, 0.5, 1}, {0.8, 0.7, 0.75}, {0.01, 0.02, 0.01}}}});
    s.checks.push_back({"FVR falls", true, "0.80 → 0.75"});
    s.checks.push_back({"MRR rises", false, "0.1 → 0.09"});
    r.sections.push_back(s);
    return r;
}

} // namespace

class TestRepro : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void pngIsValidAndDecodesToThePixels() {
        std::mt19937 rng(7);
        Image img(37, 23);
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                img.set(x, y,
                        {static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                         static_cast<std::uint8_t>(rng())});
        const std::vector<std::uint8_t> b = encode_png(img);
        // Signature.
        const std::uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        QVERIFY(b.size() > 8 + 25);
        QVERIFY(std::equal(sig, sig + 8, b.begin()));
        // Walk the chunks independently of decode_png: lengths, types, CRCs; collect IDAT.
        std::size_t at = 8;
        std::vector<std::string> types;
        std::vector<std::uint8_t> idat;
        while (at < b.size()) {
            QVERIFY(at + 12 <= b.size());
            const std::uint32_t len = be32(&b[at]);
            const std::string type(reinterpret_cast<const char*>(&b[at + 4]), 4);
            types.push_back(type);
            const uLong crc = crc32(crc32(0L, Z_NULL, 0), &b[at + 4], 4 + len);
            QCOMPARE(be32(&b[at + 8 + len]), static_cast<std::uint32_t>(crc));
            if (type == "IHDR") {
                QCOMPARE(len, 13u);
                QCOMPARE(be32(&b[at + 8]), 37u);
                QCOMPARE(be32(&b[at + 12]), 23u);
                QCOMPARE(int(b[at + 16]), 8); // bit depth
                QCOMPARE(int(b[at + 17]), 2); // RGB
            }
            if (type == "IDAT") idat.insert(idat.end(), &b[at + 8], &b[at + 8 + len]);
            at += 12 + len;
        }
        QCOMPARE(at, b.size());
        QCOMPARE(types.front(), std::string("IHDR"));
        QCOMPARE(types.back(), std::string("IEND"));
        // Inflate with zlib: 23 rows of (filter byte + 37·3 bytes) equal to the pixels.
        std::vector<std::uint8_t> raw(23 * (1 + 37 * 3));
        uLongf n = raw.size();
        QCOMPARE(uncompress(raw.data(), &n, idat.data(), idat.size()), Z_OK);
        QCOMPARE(std::size_t(n), raw.size());
        for (int y = 0; y < 23; ++y) {
            QCOMPARE(int(raw[y * (1 + 111)]), 0);
            for (int x = 0; x < 37; ++x) {
                const Rgb c = img.get(x, y);
                QCOMPARE(raw[y * 112 + 1 + x * 3], c.r);
                QCOMPARE(raw[y * 112 + 1 + x * 3 + 1], c.g);
                QCOMPARE(raw[y * 112 + 1 + x * 3 + 2], c.b);
            }
        }
        // decode_png round trip, and a corrupted CRC is refused.
        Image back;
        std::string why;
        QVERIFY2(decode_png(b, back, &why), why.c_str());
        QVERIFY(back.pixels() == img.pixels());
        std::vector<std::uint8_t> bad = b;
        bad[8 + 8 + 3] ^= 1; // inside IHDR's data
        QVERIFY(!decode_png(bad, back, &why));
        QVERIFY(why.find("CRC") != std::string::npos);
    }

    void chartDrawsSeriesInsideThePlotArea() {
        Chart c{"Title", "x label", "y label", "c.png", {}};
        c.series.push_back({"up", {0, 1, 2, 3}, {0.1, 0.4, 0.2, 0.9}, {0.05, 0.1, 0.0, 0.02}});
        c.series.push_back({"down", {0, 1, 2, 3}, {0.9, 0.5, 0.3, std::nan("")}, {}});
        const RenderedChart rc = render_chart(c, 600, 400);
        QCOMPARE(rc.image.width(), 600);
        QVERIFY(rc.plot.left > 20 && rc.plot.right < 600 && rc.plot.top > 0 && rc.plot.bottom < 400);
        QVERIFY(rc.y_min <= 0.05 && rc.y_max >= 0.92); // error bars included
        QVERIFY(rc.legend.right > rc.legend.left);
        for (std::size_t si = 0; si < 2; ++si) {
            const Rgb col = series_colour(si);
            int inside = 0;
            for (int y = 0; y < 400; ++y)
                for (int x = 0; x < 600; ++x) {
                    if (!(rc.image.get(x, y) == col)) continue;
                    if (rc.plot.contains(x, y))
                        ++inside;
                    else
                        QVERIFY2(rc.legend.contains(x, y), "series colour outside plot area and legend");
                }
            QVERIFY(inside > 50);
        }
        // The first series' first point (0, 0.1) is drawn where the axis mapping puts it.
        const double fx = rc.plot.left + (0 - rc.x_min) / (rc.x_max - rc.x_min) * (rc.plot.right - rc.plot.left);
        const double fy = rc.plot.bottom - (0.1 - rc.y_min) / (rc.y_max - rc.y_min) * (rc.plot.bottom - rc.plot.top);
        QVERIFY(rc.image.get(int(std::lround(fx)) + 1, int(std::lround(fy))) == series_colour(0));
        // Text is drawn (dark pixels above the plot area: the title).
        int dark = 0;
        for (int y = 0; y < rc.plot.top; ++y)
            for (int x = 0; x < 600; ++x)
                dark += rc.image.get(x, y).r < 100;
        QVERIFY(dark > 30);
    }

    void niceTicksAndLabels() {
        const auto t = nice_ticks(0.03, 0.97);
        QVERIFY(t.front() <= 0.03 && t.back() >= 0.97);
        QVERIFY(t.size() >= 4 && t.size() <= 12);
        QCOMPARE(ascii_label("ρ_P at p⊥ ± 1"), std::string("rho_P at pbot +/- 1"));
        QCOMPARE(text_width("ab", 2), 2 * 12 - 2);
    }

    void markdownStructure() {
        const std::string md = render_markdown(sample_report());
        QVERIFY(md.rfind("# A demo finding\n", 0) == 0);
        QVERIFY(md.find("mode **quick**") != std::string::npos);
        QVERIFY(md.find("seeds 1, 2") != std::string::npos);
        QVERIFY(md.find("wall time 1.2") != std::string::npos || md.find("wall time 1.3") != std::string::npos);
        QVERIFY(md.find("```sh\nkbcx sample x.owl --nf GCI0\nkbcx train x.owl --model Box2EL\n```") !=
                std::string::npos);
        QVERIFY(md.find("## Results\n") != std::string::npos);
        QVERIFY(md.find("### Numbers\n\n| model | AUC | a\\|b |\n|---|---|---|\n| ELEm | 0.70 ± 0.01 | x |\n| Box2EL | "
                        "0.74 |  |\n") != std::string::npos);
        QVERIFY(md.find("![FVR](fvr.png)") != std::string::npos);
        QVERIFY(md.find("- ✔ FVR falls — 0.80 → 0.75\n") != std::string::npos);
        QVERIFY(md.find("- ✘ MRR rises — 0.1 → 0.09\n") != std::string::npos);
        // Sections render in order: commands before results.
        QVERIFY(md.find("## Commands") < md.find("## Results"));
        const QJsonDocument j = QJsonDocument::fromJson(QByteArray::fromStdString(render_json(sample_report())));
        QVERIFY(j.isObject());
        QCOMPARE(j["name"].toString(), QString("demo"));
        QCOMPARE(j["sections"][0]["checks"][1]["holds"].toBool(), false);
        QCOMPARE(j["sections"][0]["charts"][0]["series"][0]["y"].toArray().size(), 3);
    }

    void registryRunnerAndCancellation() {
        QVERIFY(find_reproduction("rank-vs-faithfulness").has_value());
        QVERIFY(find_reproduction("relative-count-ranking").has_value());
        QVERIFY(!find_reproduction("nope").has_value());
        int calls = 0;
        register_reproduction(
            {"tiny", "A tiny reproduction", "For tests.", [&calls](const Options& o, kbcx::jobs::JobContext& ctx) {
                 ++calls;
                 ctx.report(1, 2, "half");
                 ctx.throw_if_stopped();
                 Report r = sample_report();
                 r.seeds.assign(static_cast<std::size_t>(o.seeds), 9);
                 return r;
             }});
        const auto tiny = find_reproduction("tiny");
        QVERIFY(tiny.has_value());
        Options o;
        o.out_dir = dir_.filePath("out").toStdString();
        o.seeds = 3;
        std::vector<kbcx::jobs::Progress> seen;
        kbcx::jobs::JobContext ctx(
            {}, [&](const kbcx::jobs::Progress& p) { seen.push_back(p); }, std::chrono::milliseconds(0));
        const RunOutput out = run_reproduction(*tiny, o, ctx);
        QCOMPARE(calls, 1);
        QVERIFY(!seen.empty());
        QCOMPARE(out.report.name, std::string("tiny"));
        QCOMPARE(out.report.mode, std::string("quick"));
        QCOMPARE(out.report.seeds.size(), std::size_t(3));
        QVERIFY(out.folder.ends_with("/tiny"));
        Image img;
        QVERIFY(decode_png(read_bytes(out.folder + "/fvr.png"), img));
        QCOMPARE(img.width(), 820);
        std::ifstream md(out.markdown_path);
        std::string first;
        std::getline(md, first);
        QCOMPARE(first, std::string("# A demo finding"));
        QVERIFY(QFile::exists(QString::fromStdString(out.json_path)));
        // A stop request before the run: Cancelled, and no new folder.
        std::stop_source stop;
        stop.request_stop();
        kbcx::jobs::JobContext cancelled(stop.get_token());
        o.out_dir = dir_.filePath("cancelled").toStdString();
        QVERIFY_THROWS_EXCEPTION(kbcx::Cancelled, run_reproduction(*tiny, o, cancelled));
        QVERIFY(!QFile::exists(dir_.filePath("cancelled/tiny/report.md")));
    }

    void commandsNameTheShippedDataFiles() {
        // A data folder shipping train.txt compressed only, test.txt both ways, pizza.owl plain.
        const QString data = dir_.filePath("data-shipped");
        QVERIFY(QDir().mkpath(data + "/kg/K") && QDir().mkpath(data + "/onto"));
        for (const char* f : {"kg/K/train.txt.gz", "kg/K/test.txt", "kg/K/test.txt.gz", "onto/pizza.owl"}) {
            QFile file(data + "/" + f);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        const std::string d = data.toStdString();
        QCOMPARE(command_with_shipped_names("kbcx generate $DATA/kg/K/train.txt $DATA/kg/K/test.txt --out x", d),
                 std::string("kbcx generate $DATA/kg/K/train.txt.gz $DATA/kg/K/test.txt --out x"));
        // The last word, a word before `&&`, a missing file (named as asked) and one given as .gz.
        QCOMPARE(command_with_shipped_names("kbcx count $DATA/onto/pizza.owl&&kbcx info $DATA/kg/K/train.txt", d),
                 std::string("kbcx count $DATA/onto/pizza.owl&&kbcx info $DATA/kg/K/train.txt.gz"));
        QCOMPARE(command_with_shipped_names("kbcx info $DATA/kg/K/valid.txt $DATA/kg/K/train.txt.gz", d),
                 std::string("kbcx info $DATA/kg/K/valid.txt $DATA/kg/K/train.txt.gz"));
        // The runner rewrites every command of a report with the folder the run read.
        register_reproduction(
            {"tiny-data", "Commands naming data", "For tests.", [](const Options&, kbcx::jobs::JobContext&) {
                 Report r;
                 r.commands = {"kbcx info $DATA/kg/K/train.txt"};
                 return r;
             }});
        Options o;
        o.out_dir = dir_.filePath("out-data").toStdString();
        o.data_dir = d;
        kbcx::jobs::JobContext ctx;
        const RunOutput out = run_reproduction(*find_reproduction("tiny-data"), o, ctx);
        QCOMPARE(out.report.commands, std::vector<std::string>{"kbcx info $DATA/kg/K/train.txt.gz"});
        std::ifstream md(out.markdown_path);
        const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
        QVERIFY(text.find("`$DATA` is the data folder named above") != std::string::npos);
        QVERIFY(text.find("data `" + d + "`") != std::string::npos);
    }

    void cliListAndErrors() {
        auto r = kbcx::test::run_kbcx({"reproduce", "--list"});
        QCOMPARE(r.code, 0);
        for (const char* n : {"rank-vs-faithfulness", "gci1-inversion", "construct-dependence", "contradiction-sweep",
                              "relative-count-ranking"})
            QVERIFY2(r.out.contains(n), n);
        r = kbcx::test::run_kbcx({"reproduce", "no-such-finding", "--out", dir_.filePath("x")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown reproduction"));
        r = kbcx::test::run_kbcx({"reproduce", "gci1-inversion", "--quick", "--full"});
        QCOMPARE(r.code, 2);
        // --variant per finding family, refused before anything runs with the names it takes.
        r = kbcx::test::run_kbcx({"reproduce", "gci1-inversion", "--variant", "loginfer", "--out", dir_.filePath("v")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--variant loginfer: no EL model of gci1-inversion has it (ELEmbeddings: paper, mowl, "
                                "dele, kbcx; EmEL++: paper, kracr, kbcx; Box2EL: mowl, dele, kbcx; ELEmbeddings-iv: "
                                "kbcx)"),
                 qPrintable(r.err));
        r = kbcx::test::run_kbcx(
            {"reproduce", "contradiction-sweep", "--variant", "paper", "--out", dir_.filePath("v")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("sweeps p⊥, which only the kbcx objective has"), qPrintable(r.err));
        r = kbcx::test::run_kbcx({"reproduce", "all", "--variant", "mowl", "--out", dir_.filePath("v")});
        QCOMPARE(r.code, 2); // the sweep and the KG findings do not take it
        r = kbcx::test::run_kbcx({"reproduce", "pattern-difficulty", "--variant", "mowl", "--out", dir_.filePath("v")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--variant mowl: the KG findings run the generator loginfer or kbcx"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir_.filePath("v")));
        r = kbcx::test::run_kbcx({"reproduce", "gci1-inversion", "--sensitivity", "--no-sensitivity"});
        QCOMPARE(r.code, 2);
        r = kbcx::test::run_kbcx({"reproduce", "--help"});
        QVERIFY(r.out.contains("--sensitivity") && r.out.contains("for the EL models that have it"));
        QVERIFY(r.out.contains("kbcx only (p⊥ is that objective's)"));
        r = kbcx::test::run_kbcx(
            {"reproduce", "gci1-inversion", "--out", dir_.filePath("y"), "--data", dir_.filePath("no-data")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no-data")); // a folder given that is not there is named, not searched past
        QVERIFY(r.err.contains("not a folder"));
        // A data folder without Pizza names the file it lacks.
        QVERIFY(QDir().mkpath(dir_.filePath("empty-data")));
        r = kbcx::test::run_kbcx(
            {"reproduce", "gci1-inversion", "--out", dir_.filePath("z"), "--data", dir_.filePath("empty-data")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("pizza.owl"));
    }
};

QTEST_GUILESS_MAIN(TestRepro)
#include "tst_repro.moc"
