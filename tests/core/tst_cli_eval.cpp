// Runs the real kbcx binary: `kbcx eval` and `kbcx ladder` on committed fixtures (text and
// --json, --lower-is-better, --missing lowest) and on bad input (exit 2, one located line).
#include "test_util.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 60000);
}

const QString kData = QStringLiteral(KBCX_TEST_DATA "/eval/");
} // namespace

class TestCliEval : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString write(const char* name, const std::string& content) {
        return QString::fromStdString(kbcx::test::write_file(dir_, name, content));
    }

  private slots:
    void jsonShape() {
        const Run r =
            run_kbcx({"eval", "--tests", kData + "phd_tests.tsv", "--scores", kData + "phd_scores.tsv", "--json"});
        QCOMPARE(r.code, 0);
        const auto doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(doc.contains("overall") && doc.contains("by_nf"));
        const auto by_nf = doc["by_nf"].toObject();
        QCOMPARE(by_nf.keys(), (QStringList{"CA", "GCI0"}));
        for (const auto& m : {doc["overall"].toObject(), by_nf["CA"].toObject(), by_nf["GCI0"].toObject()}) {
            for (const char* key : {"n_entailed", "n_undetermined", "n_contradictory", "auc_pm", "adm_at_k", "fvr",
                                    "pair_fvr", "rho_p", "mrr", "hits_at_1", "hits_at_3", "hits_at_10", "levels"})
                QVERIFY2(m.contains(key), key);
            const auto levels = m["levels"].toObject();
            QCOMPARE(levels.keys(), (QStringList{"L0", "L1", "L2", "L3"}));
            for (const auto& l : levels)
                QVERIFY(l.toObject().contains("holds") && l.toObject()["witness"].isArray());
        }
        // CA band (PhD student example): Student(alice) +, TeachingAssistant(alice) ?, Professor(alice) −,
        // scored 0.9 / 0.95 / 0.1: admissible (L1) but an undetermined axiom outranks the entailed one.
        const auto ca = by_nf["CA"].toObject();
        QCOMPARE(ca["n_entailed"].toInt(), 1);
        QCOMPARE(ca["auc_pm"].toDouble(), 1.0);
        QCOMPARE(ca["fvr"].toDouble(), 1.0);
        QCOMPARE(ca["pair_fvr"].toDouble(), 0.0);
        QVERIFY(ca["rho_p"].isNull()); // one undetermined axiom
        const auto ca_levels = ca["levels"].toObject();
        QCOMPARE(ca_levels["L1"].toObject()["holds"].toBool(), true);
        QCOMPARE(ca_levels["L2"].toObject()["holds"].toBool(), false);
        QCOMPARE(ca_levels["L2"].toObject()["witness"].toArray(),
                 (QJsonArray{"Professor(alice)", "TeachingAssistant(alice)", "Student(alice)"}));
        QCOMPARE(ca["placement"].toString(), QString("L1"));
        // Ranking over classes {Professor, Student, TeachingAssistant, ...}: every CA candidate is scored.
        QCOMPARE(ca["mrr"].toDouble(), 0.5); // TeachingAssistant(alice) 0.95 above Student(alice) 0.9: rank 2
        // GCI0: a candidate (PhDStudent SubClassOf PhDStudent) has no score → null, with the reason.
        const auto gci0 = by_nf["GCI0"].toObject();
        QVERIFY(gci0["mrr"].isNull() && gci0["hits_at_10"].isNull() && gci0["adm_at_k"].isNull());
        QVERIFY(gci0["notes"].toObject()["ranking"].toString().contains("lack candidate scores"));
        QVERIFY(doc["overall"].toObject()["mrr"].isNull());
        QCOMPARE(gci0["rho_p"].toDouble(), -1.0);
    }

    void textAndLadder() {
        const Run r =
            run_kbcx({"eval", "--tests", kData + "phd_tests.tsv", "--scores", kData + "phd_scores.tsv", "--k", "2"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Adm@2"));
        QVERIFY(r.out.contains("L2 monotonically faithful (MLF)"));
        QVERIFY(r.out.contains("`TeachingAssistant(alice)`"));
        QVERIFY(r.out.contains("overall"));
        const Run l = run_kbcx({"ladder", "--tests", kData + "phd_tests.tsv", "--scores", kData + "phd_scores.tsv"});
        QCOMPARE(l.code, 0);
        QVERIFY(l.out.contains("placed at L1"));
        QVERIFY(!l.out.contains("AUC"));
        const Run lj =
            run_kbcx({"ladder", "--json", "--tests", kData + "phd_tests.tsv", "--scores", kData + "phd_scores.tsv"});
        const auto doc = QJsonDocument::fromJson(lj.out.toUtf8()).object();
        QVERIFY(doc["overall"].toObject()["levels"].toObject().contains("L3"));
        const Run h = run_kbcx({"eval", "--help"});
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains("1 - #{(a-,a?,a+)"));
        QVERIFY(h.out.contains("#tied/2"));
    }

    void lowerIsBetterAndMissing() {
        // Negated scores as a loss give identical metrics.
        const auto tests = kData + "phd_tests.tsv";
        QFile in(kData + "phd_scores.tsv");
        QVERIFY(in.open(QIODevice::ReadOnly));
        std::string loss;
        for (const auto& line : QString::fromUtf8(in.readAll()).split('\n', Qt::SkipEmptyParts)) {
            const auto parts = line.split('\t');
            loss += parts[0].toStdString() + "\t" + QString::number(-parts[1].toDouble(), 'g', 17).toStdString() + "\n";
        }
        const Run a = run_kbcx({"eval", "--json", "--tests", tests, "--scores", kData + "phd_scores.tsv"});
        const Run b =
            run_kbcx({"eval", "--json", "--lower-is-better", "--tests", tests, "--scores", write("loss.tsv", loss)});
        QCOMPARE(b.code, 0);
        auto strip = [](QJsonObject o) {
            // witness_detail shows the user's scores, which differ in sign; compare the rest
            auto m = o["overall"].toObject();
            auto levels = m["levels"].toObject();
            for (const auto& k : levels.keys()) {
                auto l = levels[k].toObject();
                l.remove("witness_detail");
                levels[k] = l;
            }
            m["levels"] = levels;
            return m;
        };
        QCOMPARE(strip(QJsonDocument::fromJson(a.out.toUtf8()).object()),
                 strip(QJsonDocument::fromJson(b.out.toUtf8()).object()));

        const auto partial = write("partial.tsv", "Student(alice)\t0.9\n");
        const Run m = run_kbcx({"eval", "--tests", tests, "--scores", partial});
        QCOMPARE(m.code, 2);
        QVERIFY2(m.err.contains("phd_tests.tsv:"), qPrintable(m.err));
        QVERIFY(m.err.contains("have no score"));
        QVERIFY(m.err.contains("--missing lowest"));
        const Run ok = run_kbcx({"eval", "--json", "--missing", "lowest", "--tests", tests, "--scores", partial});
        QCOMPARE(ok.code, 0);
        const auto ca = QJsonDocument::fromJson(ok.out.toUtf8()).object()["by_nf"].toObject()["CA"].toObject();
        QCOMPARE(ca["auc_pm"].toDouble(), 1.0); // Student(alice) 0.9 above the unscored Professor(alice)
        QCOMPARE(run_kbcx({"eval", "--missing", "zero", "--tests", tests, "--scores", partial}).code, 2);
    }

    void badInput_data() {
        QTest::addColumn<QString>("tests");
        QTest::addColumn<QString>("scores");
        QTest::addColumn<QString>("location");
        const auto good_scores = write("good_scores.tsv", "A SubClassOf B\t1\n");
        const auto good_tests = write("good_tests.tsv", "entailed\tGCI0\tA SubClassOf B\n");
        QTest::newRow("NaN score") << good_tests << write("nan.tsv", "A SubClassOf B\t1\nA SubClassOf C\tNaN\n")
                                   << "nan.tsv:2:16:";
        QTest::newRow("unknown status") << write("status.tsv",
                                                 "entailed\tGCI0\tA SubClassOf B\nwrong\tGCI0\tC SubClassOf B\n")
                                        << good_scores << "status.tsv:2:1:";
        QTest::newRow("malformed P") << write("p.tsv", "undetermined\tGCI0\tA SubClassOf B\t1/2/3\n") << good_scores
                                     << "p.tsv:1:34:";
        QTest::newRow("missing columns") << write("cols.tsv", "entailed A SubClassOf B\n") << good_scores
                                         << "cols.tsv:1:24:";
        QTest::newRow("conflicting scores")
            << good_tests << write("dup.tsv", "A SubClassOf B\t1\nA SubClassOf B\t2\n") << "dup.tsv:2:16:";
        QTest::newRow("missing file") << good_tests << dir_.filePath("nope.tsv") << "nope.tsv:";
    }

    void badInput() {
        QFETCH(QString, tests);
        QFETCH(QString, scores);
        QFETCH(QString, location);
        const Run r = run_kbcx({"eval", "--tests", tests, "--scores", scores});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(location), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliEval)
#include "tst_cli_eval.moc"
