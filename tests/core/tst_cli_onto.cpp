// Runs the real kbcx binary on the ontology commands: info (ontology detection without
// breaking KG files), normalise (round trip), classify (--closure sorted), status, sample.
#include "test_util.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 120000);
}

const char* kPhd = "PhDStudent SubClassOf Student\nStudent and Professor SubClassOf owl:Nothing\nPhDStudent(alice)\n"
                   "Class: TeachingAssistant\nGradStudent SubClassOf Student\nPostDoc SubClassOf Researcher\n";
} // namespace

class TestCliOnto : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString write(const char* name, const std::string& text) {
        return QString::fromStdString(kbcx::test::write_file(dir_, name, text));
    }

  private slots:
    void infoOntologyAndKg() {
        const QString onto = write("phd.kbo", kPhd);
        Run r = run_kbcx({"info", onto});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("classes:") && r.out.contains("GCI1_BOT:"), qPrintable(r.out));
        const QString ofn = QString(KBCX_TEST_DATA) + "/onto/family.ofn";
        r = run_kbcx({"info", ofn});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("ObjectAllValuesFrom:"));
        const QString kg = write("kg.tsv", "a\tr\tb\nb\tr\tc\n");
        r = run_kbcx({"info", kg});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("facts:") && r.out.contains("2"), qPrintable(r.out));
    }
    void normaliseRoundTrip() {
        const QString onto = write("n.kbo", "A EquivalentTo B and r some (C and s some D)\n");
        const QString out = dir_.filePath("n.out.kbo");
        Run r = run_kbcx({"normalise", onto, "--out", out});
        QCOMPARE(r.code, 0);
        Run r2 = run_kbcx({"normalise", out});
        QCOMPARE(r2.code, 0);
        std::ifstream f(out.toStdString());
        std::string first((std::istreambuf_iterator<char>(f)), {});
        // Same axioms (the header comment names the file).
        auto body = [](const QString& s) { return s.section('\n', 1); };
        QCOMPARE(body(r2.out), body(QString::fromStdString(first)));
        QVERIFY(!first.empty() && first.find("D SubClassOf C") == std::string::npos);
    }
    void classifyClosure() {
        const QString onto = write("c.kbo", "Class: Z\nA SubClassOf B\nB SubClassOf C\nD SubClassOf owl:Nothing\n");
        const QString out = dir_.filePath("closure.tsv");
        Run r = run_kbcx({"classify", onto, "--out", out, "--closure", "--stats"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("unsatisfiable:  1"));
        QVERIFY(r.out.contains("subsumptions:   3"));
        std::ifstream f(out.toStdString());
        std::string s((std::istreambuf_iterator<char>(f)), {});
        QCOMPARE(s, std::string("A\tB\nA\tC\nB\tC\n"));
    }
    void statusPhd() {
        const QString onto = write("phd2.kbo", kPhd);
        Run r = run_kbcx({"status", onto, "Student(alice)", "TeachingAssistant(alice)", "Professor(alice)",
                          "PhDStudent SubClassOf Professor", "--proof"});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split('\n');
        QVERIFY(lines[0].startsWith("entailed\t(reading: inconsistency)"));
        QVERIFY(r.out.contains("undetermined\t(reading: inconsistency)\tTeachingAssistant(alice)"));
        QVERIFY(r.out.contains("contradictory\t(reading: inconsistency)\tProfessor(alice)"));
        QVERIFY(r.out.contains("contradictory\t(reading: incoherence)\tPhDStudent SubClassOf Professor"));
        QVERIFY(r.out.contains("by conjunction"));
        Run bad = run_kbcx({"status", onto, "PhDStudent SubClassOf Student or Professor"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("ObjectUnionOf"), qPrintable(bad.err));
        const QString inc = write("inc.kbo", "A(a)\nA SubClassOf owl:Nothing\n");
        Run r3 = run_kbcx({"status", inc, "A(a)"});
        QCOMPARE(r3.code, 2);
        QVERIFY(r3.err.contains("inconsistent"));
    }
    void sample() {
        const QString onto = write("s.kbo", kPhd);
        const QString out = dir_.filePath("s.tsv");
        Run r = run_kbcx({"sample", onto, "--nf", "GCI0", "--n", "3", "--seed", "4", "--out", out});
        QCOMPARE(r.code, 0);
        std::ifstream f(out.toStdString());
        std::string line;
        int n = 0;
        while (std::getline(f, line)) {
            ++n;
            QVERIFY(line.starts_with("entailed\tGCI0\t") || line.starts_with("undetermined\tGCI0\t") ||
                    line.starts_with("contradictory\tGCI0\t"));
        }
        QVERIFY(n >= 3);
        const QString go = write("go.kbo", "A SubClassOf B\nC SubClassOf A\n");
        Run r2 = run_kbcx({"sample", go, "--nf", "GCI0", "--n", "2"});
        QCOMPARE(r2.code, 0);
        QVERIFY2(r2.err.contains("no contradictory candidates"), qPrintable(r2.err));
        // --non-vacuous is GCI1's; there a note counts the vacuous candidates left out.
        QCOMPARE(run_kbcx({"sample", onto, "--nf", "GCI0", "--non-vacuous"}).code, 2);
        Run r3 = run_kbcx({"sample", onto, "--nf", "GCI1", "--n", "3", "--non-vacuous"});
        QCOMPARE(r3.code, 0);
        QVERIFY2(r3.err.contains("vacuous (A ⊓ B unsatisfiable) and left out"), qPrintable(r3.err));
    }
};

QTEST_GUILESS_MAIN(TestCliOnto)
#include "tst_cli_onto.moc"
