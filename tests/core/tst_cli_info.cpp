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

Run run_kbcx(const QStringList& args) { return kbcx::test::run_kbcx(args, 60000); }
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

    /// A benchmark folder that lacks a file is named with what it lacks, not "is a directory".
    void benchmarkFolderMissingFile() {
        QTemporaryDir d;
        const QString noTrain = d.filePath("no_train"), noEval = d.filePath("no_eval");
        QVERIFY(QDir().mkpath(noTrain) && QDir().mkpath(noEval));
        std::ofstream((noTrain + "/valid.txt").toStdString()) << "a\tr\tb\n";
        std::ofstream((noTrain + "/test.txt").toStdString()) << "a\tr\tc\n";
        std::ofstream((noEval + "/train.txt").toStdString()) << "a\tr\tb\n";
        Run r = run_kbcx({"info", noTrain});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(noTrain + ": benchmark folder without train.txt"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("is a directory"), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
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

    void badInput_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("location"); // expected "file:line:col" suffix or just the name
        std::ofstream(path("empty.tsv").toStdString());
        kbcx::test::write_file(dir_, "twofields.tsv", "a\tr\tb\nonly\ttwo\n");
        {
            std::string binary;
            for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) % 256);
            kbcx::test::write_file(dir_, "binary.tsv", binary);
        }
        {
            std::ofstream big(path("longline.tsv").toStdString(), std::ios::binary);
            const std::string block(1 << 20, 'x');
            for (int i = 0; i < 100; ++i) big << block; // one 100 MB line
            big << "\tr\tb\n";
        }
        kbcx::test::write_file(dir_, "latin1.tsv", "a\tr\tb\ncaf\xE9\tr\tb\n");
        kbcx::test::write_file(dir_, "secret.txt", "TOPSECRET");
        kbcx::test::write_file(dir_, "entity.rdf",
                               "<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [<!ENTITY e SYSTEM \"file://" +
                                   path("secret.txt").toStdString() + "\">]>\n"
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
