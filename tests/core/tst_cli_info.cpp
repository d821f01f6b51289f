// Runs the real kbcx binary: `kbcx info` on good files (text and --json), and on each kind
// of bad input from the foundation issue, which must give exit code 2 and a one-line located error.
#include "test_util.hpp"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <fstream>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 60000);
}
} // namespace

class TestCliInfo : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const char* name) const { return dir_.filePath(name); }

  private slots:
    void textOutput() {
        const auto file = kbcx::test::write_file(dir_, "kg.tsv", "a\tr\tb\nb\tr\tc\nb\trdf:type\tT\n");
        const Run r = run_kbcx({"info", QString::fromStdString(file)});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("facts:       2"));
        QVERIFY(r.out.contains("entities:    3"));
        QVERIFY(r.out.contains("type facts:  1"));
        QVERIFY(r.out.contains("load time:"));
        QVERIFY(r.err.isEmpty()); // no progress bar when stderr is not a terminal
    }

    void jsonOutput() {
        const auto a = kbcx::test::write_file(dir_, "a.tsv", "a\tr\tb\nb\ts\tc\n");
        const auto b = kbcx::test::write_file(dir_, "b.txt", "a\tc\tr\n");
        const Run r = run_kbcx({"info", "--json", "--order", "htr", "--stats", QString::fromStdString(b)});
        QCOMPARE(r.code, 0);
        const Run both = run_kbcx({"info", "--json", QString::fromStdString(a), QString::fromStdString(b)});
        QCOMPARE(both.code, 0);
        const auto doc = QJsonDocument::fromJson(both.out.toUtf8()).object();
        QCOMPARE(doc["files"].toArray().size(), 2);
        QCOMPARE(doc["total"].toObject()["facts"].toInt(), 3);
        QCOMPARE(doc["total"].toObject()["relations"].toInt(), 3); // r, s and "c" from b.txt in hrt order
        const auto stats = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(stats["total"].toObject()["relations"].toInt(), 1);
        QVERIFY(stats["stats"].toObject()["peak_memory_bytes"].toDouble() > 0);
    }

    void helpAndVersion() {
        const Run h = run_kbcx({"info", "--help"});
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains("--order"));
        QVERIFY(h.out.contains("default: hrt"));
        const Run v = run_kbcx({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.contains("raptor2"));
        QCOMPARE(run_kbcx({"nonsense"}).code, 2);
        QCOMPARE(run_kbcx({"info", "--bogus", "x"}).code, 2);
        QCOMPARE(run_kbcx({"info"}).code, 2);
    }

    /// A benchmark folder that lacks a file is named with what it lacks, not "is a directory"; one
    /// without train.txt (as LogInfer's releases ship) is still summarised, with a warning.
    void benchmarkFolderMissingFile() {
        QTemporaryDir d;
        const QString noTrain = d.filePath("no_train"), noEval = d.filePath("no_eval");
        QVERIFY(QDir().mkpath(noTrain) && QDir().mkpath(noEval));
        std::ofstream((noTrain + "/valid.txt").toStdString()) << "a\tr\tb\n";
        std::ofstream((noTrain + "/test.txt").toStdString()) << "a\tr\tc\n";
        std::ofstream((noTrain + "/test_neg_pa.txt").toStdString()) << "a\tr\td\n";
        std::ofstream((noEval + "/train.txt").toStdString()) << "a\tr\tb\n";
        Run r = run_kbcx({"info", noTrain});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("warning: train.txt is missing"), qPrintable(r.out));
        QVERIFY2(r.out.contains("neg_pa"), qPrintable(r.out)); // the rest of the folder is read
        QVERIFY2(!r.out.contains("checks: all passed"), qPrintable(r.out));
        r = run_kbcx({"info", noEval});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(noEval + ": benchmark folder without valid.txt or test.txt"), qPrintable(r.err));
        // Beside other files too.
        const QString kg = d.filePath("kg.tsv");
        std::ofstream(kg.toStdString()) << "a\tr\tb\n";
        r = run_kbcx({"info", kg, noTrain});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("without train.txt"), qPrintable(r.err));
    }

    /// The release's defects that `kbcx info` can see, each planted in a hand-made folder: a
    /// negative that is a positive, negative files identical to a sibling folder's, more negatives
    /// than positives, duplicate lines. A clean sibling passes every check.
    void benchmarkFolderDefects() {
        QTemporaryDir d;
        const QString bad = d.filePath("bad"), clean = d.filePath("clean");
        QVERIFY(QDir().mkpath(bad) && QDir().mkpath(clean));
        auto put = [](const QString& dir, const char* name, const char* text) {
            std::ofstream((dir + "/" + name).toStdString(), std::ios::binary) << text;
        };
        for (const QString& dir : {bad, clean}) {
            put(dir, "train.txt", "a\tr\tb\nb\tr\tc\nc\tr\ta\n");
            put(dir, "valid.txt", "b\tr\ta\n");
            put(dir, "test.txt", "c\tr\tb\na\tr\tc\n");
            put(dir, "train_neg_pa.txt", "a\tr\ta\nb\tr\tb\nc\tr\tc\n");
        }
        put(clean, "valid_neg_pa.txt", "a\tr\td\n");
        put(clean, "test_neg_pa.txt", "d\tr\tb\nd\tr\tc\n");
        // bad: valid has two negatives for one positive; a test negative is a train positive and
        // a line repeats; train_neg_pa.txt is the clean folder's, byte for byte.
        put(bad, "valid_neg_pa.txt", "a\tr\td\nd\tr\ta\n");
        put(bad, "test_neg_pa.txt", "a\tr\tb\nd\tr\tc\nd\tr\tc\n");
        Run r = run_kbcx({"info", clean});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains("warning: test_neg_pa.txt") && !r.out.contains("warning: valid_neg_pa.txt"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("warning: train_neg_pa.txt is byte-identical to ../bad/train_neg_pa.txt"),
                 qPrintable(r.out));
        r = run_kbcx({"info", bad});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("warning: test_neg_pa.txt: 1 negatives are positives"), qPrintable(r.out));
        QVERIFY2(r.out.contains("warning: test_neg_pa.txt: 1 duplicate lines"), qPrintable(r.out));
        QVERIFY2(r.out.contains("warning: valid_neg_pa.txt: 2 negative lines for 1 positive lines: more negatives"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("warning: test_neg_pa.txt: 3 negative lines for 2 positive lines: more negatives"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("warning: train_neg_pa.txt is byte-identical to ../clean/train_neg_pa.txt"),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains("warning: train_neg_pa.txt: "), qPrintable(r.out)); // 3 lines for 3: fine
        // A fourth train negative is one more than train.txt's lines.
        put(bad, "train_neg_pa.txt", "a\tr\ta\nb\tr\tb\nc\tr\tc\nd\tr\td\n");
        r = run_kbcx({"info", bad});
        QVERIFY2(r.out.contains("warning: train_neg_pa.txt: 4 negative lines for 3 lines of train.txt"),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains("byte-identical to ../clean/train_neg_pa.txt"), qPrintable(r.out));
    }

    /// Anchoring: a test negative (s, R, o) is unanchored when no test positive is (s, R, x) or
    /// (x, R, o), a type fact T(e) when no test positive is T(x); valid and train positives and
    /// a constant shared in another position do not anchor.
    void benchmarkFolderAnchoring() {
        QTemporaryDir d;
        auto put = [&](const char* name, const char* text) {
            std::ofstream(d.filePath(name).toStdString(), std::ios::binary) << text;
        };
        put("train.txt", "e\tr\tf\na\tr\tb\n");
        put("valid.txt", "b\tr\tc\n");
        put("test.txt", "a\tr\tc\nc\trdf:type\tT\n");
        // anchored: (a r e) subject a, (x r c) object c, T(h) type T; unanchored: (e r f) train's,
        // (c r g) c only as an object, (b r x) valid's subject, T2(c) no test positive of T2.
        put("test_neg_qg.txt", "a\tr\te\ne\tr\tf\nc\tr\tg\nx\tr\tc\nb\tr\tx\nc\trdf:type\tT2\nh\trdf:type\tT\n");
        put("test_neg_rc.txt", "a\tr\tb\n");
        Run r = run_kbcx({"info", d.path()});
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.out.contains("unanchored test_neg_qg: 4 of 7 (57.1 %) are no one-constant corruption of a test positive"),
            qPrintable(r.out));
        QVERIFY2(r.out.contains("unanchored test_neg_rc: 0 of 1 (0.0 %)"), qPrintable(r.out));
        r = run_kbcx({"info", "--json", d.path()});
        QCOMPARE(r.code, 0);
        const auto qg = QJsonDocument::fromJson(r.out.toUtf8()).object()["unanchored_test"].toObject()["qg"].toObject();
        QCOMPARE(qg["negatives"].toInt(), 7);
        QCOMPARE(qg["unanchored"].toInt(), 4);
    }

    void badInput_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("location"); // expected "file:line:col" suffix or just the name
        std::ofstream(path("empty.tsv").toStdString());
        kbcx::test::write_file(dir_, "twofields.tsv", "a\tr\tb\nonly\ttwo\n");
        {
            std::string binary;
            for (int i = 0; i < 4096; ++i)
                binary += static_cast<char>((i * 7919) % 256);
            kbcx::test::write_file(dir_, "binary.tsv", binary);
        }
        {
            std::ofstream big(path("longline.tsv").toStdString(), std::ios::binary);
            const std::string block(1 << 20, 'x');
            for (int i = 0; i < 100; ++i)
                big << block; // one 100 MB line
            big << "\tr\tb\n";
        }
        kbcx::test::write_file(dir_, "latin1.tsv", "a\tr\tb\ncaf\xE9\tr\tb\n");
        kbcx::test::write_file(dir_, "secret.txt", "TOPSECRET");
        kbcx::test::write_file(dir_, "entity.rdf",
                               "<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [<!ENTITY e SYSTEM \"file://" +
                                   path("secret.txt").toStdString() +
                                   "\">]>\n"
                                   "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                                   "<rdf:Description rdf:about=\"http://a\">&e;</rdf:Description>\n</rdf:RDF>\n");
        QTest::newRow("empty file") << path("empty.tsv") << path("empty.tsv") + ":";
        QTest::newRow("two fields") << path("twofields.tsv") << path("twofields.tsv") + ":2:9:";
        QTest::newRow("binary file") << path("binary.tsv") << path("binary.tsv") + ":1:";
        QTest::newRow("100 MB line") << path("longline.tsv") << path("longline.tsv") + ":1:1048577:";
        QTest::newRow("invalid UTF-8") << path("latin1.tsv") << path("latin1.tsv") + ":2:4:";
        QTest::newRow("external entity") << path("entity.rdf") << path("entity.rdf");
        QTest::newRow("missing path") << path("nope.tsv") << path("nope.tsv") + ":";
        QTest::newRow("directory") << dir_.path() << dir_.path() + ":";
    }

    void badInput() {
        QFETCH(QString, file);
        QFETCH(QString, location);
        const Run r = run_kbcx({"info", file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(location), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1); // one line
        QVERIFY(!r.err.contains("TOPSECRET"));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
