// Runs the kbcx binary with --names and --entity-names: the GO example of the issue, each
// style on status/normalise/classify, bad values (exit 2), and KG entity names in explain.
#include "test_util.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 300000);
}

const char* kLabelled = R"(Prefix(:=<http://ex.org/>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Ontology(<http://ex.org/o>
Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C)) Declaration(Class(:T1)) Declaration(Class(:T2))
AnnotationAssertion(rdfs:label :A "Aa thing"@en)
AnnotationAssertion(rdfs:label :B "Bb")
AnnotationAssertion(rdfs:label :T1 "twin")
AnnotationAssertion(rdfs:label :T2 "twin")
SubClassOf(:A :B)
SubClassOf(:B :C)
SubClassOf(:T1 :T2)
)
)";
} // namespace

class TestCliNames : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString write(const char* name, const std::string& text) {
        return QString::fromStdString(kbcx::test::write_file(dir_, name, text));
    }

  private slots:
    void initTestCase() { KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN(); }

    void goExampleByLabel() {
        const QString go = QString(KBCX_SHARED_DATA) + "/onto/go-basic-2015-01-26.obo.gz";
        if (!QFile::exists(go)) QSKIP("shared data: go-basic-2015-01-26.obo.gz is not there");
        const Run r = run_kbcx({"status", go, "obo:GO_0005244 SubClassOf obo:GO_0022836", "--names", "label"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("entailed\t"), qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("'voltage-gated ion channel activity' SubClassOf 'gated channel activity'"),
                 qPrintable(r.out));
        // The label output is input again: the same answer, and short names on request.
        const Run back =
            run_kbcx({"status", go, "'voltage-gated ion channel activity' SubClassOf 'gated channel activity'",
                      "--names", "short"});
        QCOMPARE(back.code, 0);
        QVERIFY2(back.out.contains("entailed\t(reading: incoherence)\tobo:GO_0005244 SubClassOf obo:GO_0022836"),
                 qPrintable(back.out + back.err));
    }

    void eachStyleOnStatus() {
        const QString onto = write("l.ofn", kLabelled);
        const Run label = run_kbcx({"status", onto, ":A SubClassOf :C"});
        QCOMPARE(label.code, 0);
        QVERIFY2(label.out.endsWith("\t'Aa thing' SubClassOf :C\n"), qPrintable(label.out)); // the default
        const Run shortNames = run_kbcx({"status", onto, "'Aa thing' SubClassOf :C", "--names", "short"});
        QVERIFY2(shortNames.out.endsWith("\t:A SubClassOf :C\n"), qPrintable(shortNames.out));
        const Run iri = run_kbcx({"status", onto, "Bb SubClassOf :C", "--names", "iri"});
        QVERIFY2(iri.out.endsWith("\t<http://ex.org/B> SubClassOf <http://ex.org/C>\n"), qPrintable(iri.out));
        // A shared label: short names on output, an error naming both on input.
        const Run twins = run_kbcx({"status", onto, ":T1 SubClassOf :T2"});
        QVERIFY2(twins.out.endsWith("\t:T1 SubClassOf :T2\n"), qPrintable(twins.out));
        const Run ambiguous = run_kbcx({"status", onto, "twin SubClassOf :C"});
        QCOMPARE(ambiguous.code, 2);
        QVERIFY2(ambiguous.err.contains("axiom 1:1:1:") && ambiguous.err.contains(":T1") &&
                     ambiguous.err.contains(":T2"),
                 qPrintable(ambiguous.err));
    }

    void normaliseAndClassifyTakeNames() {
        const QString onto = write("n.ofn", kLabelled);
        const QString labelled = dir_.filePath("n.kbo");
        const Run n = run_kbcx({"normalise", onto, "--out", labelled});
        QCOMPARE(n.code, 0);
        QFile written(labelled);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(written.readAll());
        QVERIFY2(text.contains("'Aa thing' SubClassOf Bb\n"), qPrintable(text));
        // The label output reads back to the same names: its short-name form equals the original's.
        const Run again = run_kbcx({"normalise", labelled, "--names", "short"});
        const Run direct = run_kbcx({"normalise", onto, "--names", "short"});
        QCOMPARE(again.code, 0);
        auto body = [](const QString& s) { return s.section('\n', 1); }; // the header names the file
        QCOMPARE(body(again.out), body(direct.out));
        QVERIFY2(direct.out.contains(":A SubClassOf :B\n"), qPrintable(direct.out));
        const QString tax = dir_.filePath("tax.tsv");
        QCOMPARE(run_kbcx({"classify", onto, "--out", tax, "--names", "iri"}).code, 0);
        QFile f(tax);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString taxonomy = QString::fromUtf8(f.readAll());
        QVERIFY2(taxonomy.contains("<http://ex.org/A>\tparents: <http://ex.org/B>"), qPrintable(taxonomy));
    }

    void badStyleIsAUsageError() {
        const QString onto = write("b.ofn", kLabelled);
        for (const QStringList& args : {QStringList{"status", onto, ":A SubClassOf :B", "--names", "fancy"},
                                        QStringList{"sample", onto, "--nf", "GCI0", "--names", "Label"},
                                        QStringList{"normalise", onto, "--names", ""}}) {
            const Run r = run_kbcx(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("--names must be label, short or iri"), qPrintable(r.err));
        }
    }

    void helpListsNames() {
        for (const char* cmd :
             {"status", "sample", "classify", "count", "eval", "ladder", "normalise", "rules", "support", "explain"}) {
            const Run r = run_kbcx({cmd, "--help"});
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.contains("--names STYLE"), cmd);
        }
        QVERIFY(run_kbcx({"explain", "--help"}).out.contains("--entity-names FILE"));
    }

    void ladderWitnessesFollowNames() {
        const QString onto = write("phd.ofn", R"(Prefix(:=<http://ex.org/>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Ontology(<http://ex.org/phd>
Declaration(Class(:PhDStudent)) Declaration(Class(:Student)) Declaration(Class(:Professor))
Declaration(Class(:TeachingAssistant)) Declaration(Class(:GradStudent)) Declaration(NamedIndividual(:alice))
AnnotationAssertion(rdfs:label :TeachingAssistant "teaching assistant"@en)
SubClassOf(:PhDStudent :Student)
SubClassOf(ObjectIntersectionOf(:Student :Professor) owl:Nothing)
ClassAssertion(:PhDStudent :alice)
)
)");
        const QString data = QStringLiteral(KBCX_TEST_DATA "/eval/");
        const QStringList base{"ladder", "--tests", data + "phd_tests.tsv", "--scores", data + "phd_scores.tsv"};
        const Run asWritten = run_kbcx(base);
        QVERIFY2(asWritten.out.contains("`TeachingAssistant(alice)`"), qPrintable(asWritten.out));
        const Run label = run_kbcx(base + QStringList{"--onto", onto});
        QCOMPARE(label.code, 0);
        QVERIFY2(label.out.contains("`'teaching assistant'(:alice)`"), qPrintable(label.out + label.err));
        const Run iri = run_kbcx(base + QStringList{"--onto", onto, "--names", "iri"});
        QVERIFY2(iri.out.contains("`<http://ex.org/TeachingAssistant>(<http://ex.org/alice>)`"), qPrintable(iri.out));
    }

    void explainNamesKgEntities() {
        const QString kg = write("kg.tsv", "/m/01\t/r/born_in\t/m/02\n/m/02\t/r/part_of\t/m/03\n");
        const QString rules = write("r.rules", "</r/in>(x,z) :- </r/born_in>(x,y), </r/part_of>(y,z).\n");
        const QString names = write("names.txt", "/m/01\tAda Lovelace\n/m/02\tLondon\n/m/03\tEngland\n");
        const QString fact = "</r/in>(</m/01>,</m/03>)";
        const Run plain = run_kbcx({"explain", "--rules", rules, kg, fact});
        QVERIFY2(plain.code == 0 && plain.out.contains("</m/01>"), qPrintable(plain.out + plain.err));
        const Run named = run_kbcx({"explain", "--rules", rules, kg, fact, "--entity-names", names});
        QCOMPARE(named.code, 0);
        QVERIFY2(named.out.contains("'Ada Lovelace'") && named.out.contains("'England'") &&
                     named.out.contains("'London'") && !named.out.contains("</m/01>"),
                 qPrintable(named.out + named.err));
        const Run shortNames =
            run_kbcx({"explain", "--rules", rules, kg, fact, "--entity-names", names, "--names", "short"});
        QVERIFY2(shortNames.out.contains("</m/01>") && !shortNames.out.contains("Ada"), qPrintable(shortNames.out));
        const QString bad = write("bad.txt", "/m/01\tAda\n/m/02\n");
        const Run broken = run_kbcx({"explain", "--rules", rules, kg, fact, "--entity-names", bad});
        QCOMPARE(broken.code, 2);
        QVERIFY2(broken.err.contains(bad + ":2:6: expected id<TAB>name"), qPrintable(broken.err));
    }
};

QTEST_GUILESS_MAIN(TestCliNames)
#include "tst_cli_names.moc"
