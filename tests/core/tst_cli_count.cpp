// Runs the real kbcx binary: `kbcx count` on the paper's 576/425 example, the DIMACS files
// it writes (recounted here), the sample-TSV rewrite, the university fixture, and bad input.
#include "test_util.hpp"

#include "count/cnf.hpp"
#include "count/counter.hpp"

#include <QProcess>
#include <QTest>

#include <fstream>
#include <sstream>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 120000);
}

using kbcx::test::slurp;

const char* kExample = "# DESIGN.md §1\nClass: A B C\nObjectProperty: r\nA SubClassOf B\n";
} // namespace

class TestCliCount : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString file(const char* name, const std::string& content) {
        return QString::fromStdString(kbcx::test::write_file(dir_, name, content));
    }

  private slots:
    void workedExample() {
        const QString onto = file("ex.txt", kExample);
        const Run r = run_kbcx({"count", onto, "--domain", "2", "--candidate", "r some A SubClassOf C"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("models: 576\n"), qPrintable(r.out));
        QVERIFY(r.out.contains("candidate: r some A SubClassOf C\n"));
        QVERIFY(r.out.contains("P: 425/576 0.737847 undetermined (by count over Δ)\n"));
        // default domain is 2; the other endpoints
        const Run e = run_kbcx(
            {"count", onto, "--candidate", "A SubClassOf B", "--candidate", "Thing SubClassOf Nothing", "--stats"});
        QCOMPARE(e.code, 0);
        QVERIFY(e.out.contains("models: 576\n"));
        QVERIFY(e.out.contains("P: 1/1 1.000000 entailed (by count over Δ)\n"));
        QVERIFY(e.out.contains("P: 0/1 0.000000 contradictory (by count over Δ)\n"));
        QVERIFY(e.out.contains("peak memory:"));
        QVERIFY(e.out.contains("10 atoms"));
        // |Δ| = 1: 3 (A ⊑ B) · 2 (C) · 2 (r) = 12 models
        QVERIFY(run_kbcx({"count", onto, "--domain", "1"}).out.startsWith("models: 12\n"));
    }

    void dimacsFilesRecount() {
        const QString onto = file("d.txt", kExample);
        const std::string cnf = dir_.filePath("o.cnf").toStdString();
        const Run r = run_kbcx({"count", onto, "--candidate", "r some A SubClassOf C", "--candidate",
                                "r some D SubClassOf C", "--dimacs", QString::fromStdString(cnf)});
        QCOMPARE(r.code, 0);
        const auto o = kbcx::count::read_dimacs(slurp(cnf), cnf);
        QCOMPARE(o.num_vars, 10u);
        QCOMPARE(o.names[1], std::string("A(_1)"));
        QCOMPARE(o.names[8], std::string("r(_1,_2)"));
        QCOMPARE(kbcx::count::count_models(o).models, kbcx::count::Models(576));
        const std::string c1 = dir_.filePath("o.cand1.cnf").toStdString();
        // All candidates are parsed before counting, so every candidate's CNF holds the atoms of
        // every new name (D here: two atoms, free in O ∪ {α1}); its comment states the factor.
        const auto first = kbcx::count::read_dimacs(slurp(c1), c1);
        QCOMPARE(kbcx::count::count_models(first).models, kbcx::count::Models(425 * 4));
        bool factor_stated = false;
        for (const auto& c : first.comments)
            factor_stated = factor_stated || c.find("× 2^2)") != std::string::npos;
        QVERIFY(factor_stated);
        // the second candidate brings D: two more atoms, free in O, stated in a comment
        const std::string c2 = dir_.filePath("o.cand2.cnf").toStdString();
        const auto second = kbcx::count::read_dimacs(slurp(c2), c2);
        QCOMPARE(second.num_vars, 12u);
        bool stated = false;
        for (const auto& c : second.comments)
            stated = stated || c.find("× 2^2)") != std::string::npos;
        QVERIFY(stated);
        const QString line = r.out.split('\n').filter("P:").at(1);
        // P printed = #(cand2) / (576 · 4), reduced
        const kbcx::count::Models n = kbcx::count::count_models(second).models, d = 576 * 4;
        const kbcx::count::Models g = boost::multiprecision::gcd(n, d);
        QVERIFY2(line.startsWith(QString::fromStdString("P: " + kbcx::count::Models(n / g).str() + "/" +
                                                        kbcx::count::Models(d / g).str() + " ")),
                 qPrintable(line));
    }

    void candidatesTsv() {
        const QString onto = file("t.txt", kExample);
        const QString tsv = file("s.tsv", "status\tnf\taxiom\nundetermined\tGCI3\tr some A SubClassOf C\n"
                                          "entailed\tGCI0\tA SubClassOf B\n");
        Run r = run_kbcx({"count", onto, "--candidates", tsv});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("wrote P for 2 candidates"));
        const std::string expected = "status\tnf\taxiom\tP\tP_decimal\n"
                                     "undetermined\tGCI3\tr some A SubClassOf C\t425/576\t0.737847\n"
                                     "entailed\tGCI0\tA SubClassOf B\t1/1\t1.000000\n";
        QCOMPARE(slurp(tsv.toStdString()), expected);
        // a second run replaces the P columns instead of adding more
        r = run_kbcx({"count", onto, "--candidates", tsv});
        QCOMPARE(r.code, 0);
        QCOMPARE(slurp(tsv.toStdString()), expected);
    }

    void universityFixture() {
        const QString tbox = QString(KBCX_TEST_DATA) + "/count/university_tbox.txt";
        // local (components α touches) and whole-CNF counting print the same P for every candidate
        const QString a = file("a.tsv", slurp(std::string(KBCX_TEST_DATA) + "/count/university_candidates.tsv"));
        const QString b = file("b.tsv", slurp(std::string(KBCX_TEST_DATA) + "/count/university_candidates.tsv"));
        const Run local = run_kbcx({"count", tbox, "--domain", "3", "--candidates", a});
        const Run whole = run_kbcx({"count", tbox, "--domain", "3", "--candidates", b, "--whole", "--no-cache"});
        QCOMPARE(local.code, 0);
        QCOMPARE(whole.code, 0);
        QCOMPARE(local.out.count("\nP: "), 100);
        QCOMPARE(slurp(a.toStdString()), slurp(b.toStdString()));
        // told axioms are entailed
        const Run told = run_kbcx({"count", tbox, "--candidate", "PhDStudent SubClassOf GraduateStudent", "--candidate",
                                   "GraduateStudent SubClassOf advisor some Professor"});
        QCOMPARE(told.out.count("P: 1/1 1.000000 entailed"), 2);
        // with the ABox the three individuals need three elements
        const std::string full =
            slurp(tbox.toStdString()) + slurp(std::string(KBCX_TEST_DATA) + "/count/university_abox.txt");
        const QString f = file("full.txt", full);
        const Run small = run_kbcx({"count", f, "--domain", "2"});
        QCOMPARE(small.code, 2);
        QVERIFY2(small.err.contains("--domain 3"), qPrintable(small.err));
        const Run ok =
            run_kbcx({"count", f, "--domain", "3", "--candidate", "Student(alice)", "--candidate", "Professor(alice)"});
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.out.contains("P: 1/1 1.000000 entailed"));
        QVERIFY(ok.out.contains("P: 0/1 0.000000 contradictory"));
    }

    void badInput() {
        const QString onto = file("bad.txt", "Class: A\nA SubClassOf B C\n");
        Run r = run_kbcx({"count", onto});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("bad.txt:2:"), qPrintable(r.err));
        const QString good = file("good.txt", kExample);
        r = run_kbcx({"count", good, "--candidate", "A SubClassOf r only B"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("ObjectAllValuesFrom"), qPrintable(r.err));
        r = run_kbcx({"count", good, "--candidate", "A SubClassOf"});
        QCOMPARE(r.code, 2);
        QCOMPARE(run_kbcx({"count", good, "--domain", "0"}).code, 2);
        QCOMPARE(run_kbcx({"count", dir_.filePath("missing.txt")}).code, 2);
        const QString tsv = file("bad.tsv", "status\tnf\taxiom\nonly two\tfields\n");
        QCOMPARE(run_kbcx({"count", good, "--candidates", tsv}).code, 2);
        const Run h = run_kbcx({"count", "--help"});
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains("--domain"));
        QVERIFY(h.out.contains("P: 425/576 0.737847"));
    }

    void phdExampleAgreesWithTheReasoner() {
        // DESIGN.md §4: Student(alice) entailed, TeachingAssistant(alice) undetermined,
        // Professor(alice) contradictory — and the count's endpoints say the same.
        const QString onto = file("phd.kbo", "Class: Student Professor PhDStudent TeachingAssistant\n"
                                             "PhDStudent SubClassOf Student\nStudent and Professor SubClassOf Nothing\n"
                                             "PhDStudent(alice)\n");
        const Run r = run_kbcx({"count", onto, "--candidate", "Student(alice)", "--candidate",
                                "TeachingAssistant(alice)", "--candidate", "Professor(alice)"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("P: 1/1 1.000000 entailed (by count over Δ)\nstatus: entailed (reasoner, reading: "
                                "inconsistency)\n"),
                 qPrintable(r.out));
        // TeachingAssistant(alice) is one free atom: exactly half of the models
        QVERIFY(r.out.contains("P: 1/2 0.500000 undetermined (by count over Δ)\nstatus: undetermined (reasoner"));
        QVERIFY(r.out.contains("P: 0/1 0.000000 contradictory (by count over Δ)\nstatus: contradictory (reasoner"));
        QVERIFY(!r.out.contains("disagreement:"));
        QVERIFY(r.out.contains("agreement: 3 of 3 candidates agree with the status, 0 disagree"));
    }

    void disagreementsAreExplained() {
        // At |Δ| = 1, C needs an r-successor in B although C ⊑ A and A, B are disjoint: C is
        // empty in every Herbrand model over one element, but satisfiable with two.
        const QString onto = file("dis.kbo", "Class: A B C D\nObjectProperty: r\nA DisjointWith B\nC SubClassOf A\n"
                                             "C SubClassOf r some B\n");
        Run r = run_kbcx({"count", onto, "--domain", "1", "--candidate", "C SubClassOf D"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("P: 1/1 1.000000 entailed (by count over Δ)\nstatus: undetermined (reasoner"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("\ndisagreement: "));
        QVERIFY(r.out.contains("domain closure over |Δ| = 1 elements differs from open-domain semantics"));
        QVERIFY(r.out.contains("left-hand side C is empty in every Herbrand model of O over 1 elements"));
        QVERIFY(r.out.contains("0 of 1 candidates agree with the status, 1 disagree"));
        r = run_kbcx({"count", onto, "--domain", "2", "--candidate", "C SubClassOf D"});
        QVERIFY2(r.out.contains("undetermined (by count over Δ)\nstatus: undetermined"), qPrintable(r.out));
        QVERIFY(!r.out.contains("disagreement:"));

        // An individual in A with an r-successor in B needs a second element: P = 0 at |Δ| = 1.
        const QString ind = file("ind.kbo", "Class: A B\nObjectProperty: r\nA DisjointWith B\nA(a)\n");
        r = run_kbcx({"count", ind, "--domain", "1", "--candidate", "A SubClassOf r some B"});
        QVERIFY2(r.out.contains("P: 0/1 0.000000 contradictory (by count over Δ)\nstatus: undetermined"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("but P = 0: O ∪ {α} has open-domain models but no Herbrand model over 1 elements"));
        r = run_kbcx({"count", ind, "--domain", "2", "--candidate", "A SubClassOf r some B"});
        QVERIFY(!r.out.contains("disagreement:"));

        // Incoherence: A ⊑ B makes A unsatisfiable, yet models with A empty remain (0 < P < 1).
        r = run_kbcx({"count", ind, "--candidate", "B SubClassOf A"});
        QVERIFY2(r.out.contains("status: contradictory (reasoner, reading: incoherence)\ndisagreement: contradictory "
                                "under the incoherence reading"),
                 qPrintable(r.out));
        r = run_kbcx({"count", ind, "--candidate", "B SubClassOf A", "--reading", "inconsistency"});
        QVERIFY2(r.out.contains("status: undetermined (reasoner, reading: inconsistency)\n"), qPrintable(r.out));
        QVERIFY(!r.out.contains("disagreement:"));

        // A sample TSV keeps its own status column and is compared with P.
        const QString tsv = file("dis.tsv", "undetermined\tGCI0\tC SubClassOf D\nentailed\tGCI0\tC SubClassOf A\n");
        r = run_kbcx({"count", onto, "--domain", "1", "--candidates", tsv});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("status: undetermined (" + tsv + "'s status column)\ndisagreement:"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("1 of 2 candidates agree with the status, 1 disagree"));
        QCOMPARE(slurp(tsv.toStdString()),
                 std::string("undetermined\tGCI0\tC SubClassOf D\t1/1\t1.000000\nentailed\tGCI0\tC SubClassOf "
                             "A\t1/1\t1.000000\n"));
    }

    void otherFormatsAndTheElPart() {
        const char* ofn = "Prefix(:=<http://ex.org/>)\nOntology(<http://ex.org/o>\n"
                          "Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C))\n"
                          "Declaration(ObjectProperty(:r))\nSubClassOf(:A :B)\n"
                          "SubClassOf(:C ObjectAllValuesFrom(:r :A))\n)\n";
        const QString f = file("ex.ofn", ofn);
        Run r = run_kbcx({"count", f, "--candidate", "r some A SubClassOf C", "--stats"});
        QCOMPARE(r.code, 0);
        // the ∀ axiom is dropped and said so; the EL part is the 576/425 example
        QVERIFY2(r.out.startsWith("dropped: 1 of 2 axioms outside EL (ObjectAllValuesFrom 1); counting the EL part, "
                                  "1 axioms\nmodels: 576\n"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("P: 425/576 0.737847 undetermined"));
        QVERIFY(r.out.contains("ontology:    ofn, 1 axioms counted of 2"));
        r = run_kbcx({"count", f, "--strict"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("1 of 2 axioms are outside EL (ObjectAllValuesFrom 1); --strict refuses them"),
                 qPrintable(r.err));
        // the same ontology as OBO: is_a only
        const QString obo = file("ex.obo", "format-version: 1.2\n\n[Term]\nid: X:1\nname: a\nis_a: X:2\n\n[Term]\n"
                                           "id: X:2\nname: b\n\n[Term]\nid: X:3\nname: c\n");
        r = run_kbcx({"count", obo, "--domain", "1"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("models: 6\n"), qPrintable(r.out)); // 3 (a ⊑ b) · 2 (c)
    }

    void budgetExceededIsReported() {
        // many roles and existentials at |Δ| = 6 do not fit the search into 1 MB: the count stops
        // cleanly, the output is whole, and the command exits 3 (a limit was reached)
        const QString tbox = QString(KBCX_TEST_DATA) + "/count/university_tbox.txt";
        const Run r = run_kbcx({"count", tbox, "--domain", "6", "--memory-limit", "1", "--method", "propositional",
                                "--candidate", "Student SubClassOf Person"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.out.contains("budget exceeded (memory budget"), qPrintable(r.out));
        QVERIFY2(r.out.contains("candidate: Student SubClassOf Person"), qPrintable(r.out));
        QVERIFY2(r.err.contains("ran past --memory-limit 1 MB"), qPrintable(r.err));
        // the orbit sum counts one orbit at a time, each within the megabyte, and --stats says so
        const Run o = run_kbcx({"count", tbox, "--domain", "6", "--memory-limit", "1", "--method", "orbits",
                                "--candidate", "Student SubClassOf Person", "--stats", "--no-reasoner"});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains("P: 1/1 1.000000 entailed"), qPrintable(o.out));
        QVERIFY2(o.out.contains("method:      #(O) orbits ("), qPrintable(o.out));
        QVERIFY2(o.out.contains("candidates 1 by orbits"), qPrintable(o.out));
        const Run bad = run_kbcx({"count", tbox, "--method", "lifted"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--method must be auto, propositional or orbits"), qPrintable(bad.err));
    }
};

QTEST_GUILESS_MAIN(TestCliCount)
#include "tst_cli_count.moc"
