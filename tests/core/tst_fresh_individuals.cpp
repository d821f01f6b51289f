// Candidates naming individuals the ontology never mentions (fresh individuals): their statuses
// by the semantics, unknown class and property names still refused, and the CLI's notes.
#include "onto/text_syntax.hpp"
#include "reason/sampler.hpp"
#include "reason/status.hpp"
#include "test_util.hpp"

#include "common/error.hpp"

#include <QTest>

#include <random>

using namespace kbcx;
using onto::Ontology;
using onto::read_text;
using reason::Reading;
using reason::Status;
using reason::StatusChecker;

namespace {

const char* kUni = "owl:Thing SubClassOf Agent\n"
                   "Student and Professor SubClassOf owl:Nothing\n"
                   "Student(alice)\n"
                   "teaches Range Course\n"
                   "Class: Professor TeachingAssistant Lecture\n"
                   "ObjectProperty: knows\n";

onto::Axiom parse_candidate(Ontology& o, const std::string& text) {
    onto::TextParseOptions opt;
    opt.allow_new_names = false;
    opt.allow_new_individuals = true;
    onto::TextParser parser(o, "candidate", opt);
    return parser.parse_axiom(text);
}

std::string fresh_names(const Ontology& o, const reason::StatusResult& r) {
    std::string s;
    for (auto a : r.fresh_individuals)
        s += (s.empty() ? "" : ",") + std::string(o.sig.individuals.name(a));
    return s;
}

std::string message_of(Ontology& o, const std::string& text) {
    try {
        (void)parse_candidate(o, text);
    } catch (const InputError& e) {
        return e.message();
    }
    return "";
}

} // namespace

class TestFreshIndividuals : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    /// The three outcomes for C(bob): entailed via ⊤ ⊑ C, contradictory via an unsatisfiable C,
    /// undetermined otherwise; under both readings.
    void classAssertionStatuses() {
        Ontology o = read_text(kUni, "uni");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        for (Reading reading : {Reading::Inconsistency, Reading::Incoherence}) {
            const auto e = chk.check(parse_candidate(o, "Agent(bob)"), reading, true);
            QCOMPARE(e.status, Status::Entailed);
            QCOMPARE(fresh_names(o, e), std::string("bob"));
            QVERIFY(!e.proof.empty());
            const auto c = chk.check(parse_candidate(o, "(Student and Professor)(bob)"), reading, true);
            QCOMPARE(c.status, Status::Contradictory);
            QVERIFY(!c.proof.empty());
            QCOMPARE(chk.check(parse_candidate(o, "Nothing(bob)"), reading).status, Status::Contradictory);
            const auto u = chk.check(parse_candidate(o, "Professor(bob)"), reading);
            QCOMPARE(u.status, Status::Undetermined);
            QCOMPARE(fresh_names(o, u), std::string("bob"));
            QCOMPARE(chk.check(parse_candidate(o, "(teaches some Lecture)(bob)"), reading).status,
                     Status::Undetermined);
        }
        // A known individual is not fresh, and the checks left the closure as it was.
        const auto known = chk.check(parse_candidate(o, "Student(alice)"));
        QCOMPARE(known.status, Status::Entailed);
        QVERIFY(known.fresh_individuals.empty());
        QCOMPARE(chk.check_text("Professor(alice)").status, Status::Contradictory);
        // bob is now in the signature, but still fresh for the checker (it never saw him).
        QCOMPARE(chk.check_text("Agent(bob)").status, Status::Entailed);
        QCOMPARE(chk.check_text("Professor(bob)").fresh_individuals.size(), std::size_t{1});
        // The sampler draws ABox candidates over the ontology's own individuals only.
        reason::SampleParams sp;
        sp.nf = "CA";
        sp.n = 20;
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            sp.seed = seed;
            const reason::SampleResult sr = reason::sample(chk, sp, ctx);
            for (const auto& it : sr.items)
                QVERIFY2(it.axiom.find("bob") == std::string::npos, it.axiom.c_str());
        }
    }

    /// r(a,b) with a fresh individual: never entailed, contradictory when the edge clashes.
    void roleAssertionStatuses() {
        Ontology o = read_text(std::string(kUni) + "owl:Thing SubClassOf knows some Agent\n"
                                                   "Course and Student SubClassOf owl:Nothing\n"
                                                   "supervises Domain Professor\n",
                               "uni");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        // ⊤ ⊑ ∃knows.Agent does not make knows(bob, alice) entailed: bob's successor may be another.
        for (const char* c : {"knows(bob,alice)", "knows(alice,bob)", "knows(bob,bob)", "knows(bob,carol)"}) {
            const auto r = chk.check(parse_candidate(o, c));
            QVERIFY2(r.status == Status::Undetermined, c);
            QCOMPARE(r.reading, Reading::Inconsistency);
        }
        // teaches' range is Course, disjoint from Student: alice cannot be taught.
        const auto c = chk.check(parse_candidate(o, "teaches(bob,alice)"), std::nullopt, true);
        QCOMPARE(c.status, Status::Contradictory);
        QVERIFY(!c.proof.empty());
        QCOMPARE(chk.check(parse_candidate(o, "teaches(bob,carol)")).status, Status::Undetermined);
        // supervises' domain is Professor, disjoint from Student: alice cannot supervise anyone.
        QCOMPARE(chk.check(parse_candidate(o, "supervises(alice,bob)")).status, Status::Contradictory);
        QCOMPARE(chk.check(parse_candidate(o, "supervises(bob,alice)")).status, Status::Undetermined);
        QCOMPARE(chk.check(parse_candidate(o, "supervises(bob,carol)"), Reading::Incoherence).status,
                 Status::Undetermined);
        const auto two = chk.check(parse_candidate(o, "knows(carol,dave)"));
        QCOMPARE(fresh_names(o, two), std::string("carol,dave"));
    }

    /// A fresh individual behaves exactly like a declared individual with no assertions: the
    /// statuses on random ontologies equal those with `Individual: bob carol` declared.
    void freshEqualsDeclaredOnRandomOntologies() {
        std::mt19937 rng(2026);
        const char* cls[] = {"A", "B", "C"};
        const char* rol[] = {"r", "s"};
        auto C = [&] { return std::string(cls[rng() % 3]); };
        auto R = [&] { return std::string(rol[rng() % 2]); };
        int checked = 0, outcomes[3] = {0, 0, 0};
        for (int round = 0; round < 150; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s\nIndividual: a\n";
            const int n = 2 + static_cast<int>(rng() % 6);
            for (int i = 0; i < n; ++i) {
                switch (rng() % 12) {
                case 0: text += C() + " SubClassOf " + C(); break;
                case 1: text += C() + " and " + C() + " SubClassOf " + C(); break;
                case 2: text += C() + " SubClassOf " + R() + " some " + C(); break;
                case 3: text += R() + " some " + C() + " SubClassOf " + C(); break;
                case 4: text += C() + " and " + C() + " SubClassOf owl:Nothing"; break;
                case 5: text += R() + " some " + C() + " SubClassOf owl:Nothing"; break;
                case 6: text += "owl:Thing SubClassOf " + C(); break;
                case 7: text += R() + " Range " + C(); break;
                case 8: text += R() + " Domain " + C(); break;
                case 9: text += R() + " o " + R() + " SubPropertyOf " + R(); break;
                case 10: text += C() + "(a)"; break;
                default: text += R() + "(a,a)"; break;
                }
                text += "\n";
            }
            Ontology fresh = read_text(text, "fresh");
            Ontology declared = read_text(text + "Individual: bob carol\n", "declared");
            jobs::JobContext ctx;
            std::unique_ptr<StatusChecker> cf, cd;
            try {
                cf = std::make_unique<StatusChecker>(fresh, ctx);
            } catch (const InputError&) {
                continue; // inconsistent: refused either way
            }
            cd = std::make_unique<StatusChecker>(declared, ctx);
            for (int k = 0; k < 6; ++k) {
                std::string cand;
                switch (rng() % 7) {
                case 0: cand = C() + "(bob)"; break;
                case 1: cand = "(" + C() + " and " + C() + ")(bob)"; break;
                case 2: cand = "(" + R() + " some " + C() + ")(bob)"; break;
                case 3: cand = R() + "(bob,a)"; break;
                case 4: cand = R() + "(a,bob)"; break;
                case 5: cand = R() + "(bob,bob)"; break;
                default: cand = R() + "(bob,carol)"; break;
                }
                for (Reading reading : {Reading::Inconsistency, Reading::Incoherence}) {
                    const auto f = cf->check(parse_candidate(fresh, cand), reading);
                    const auto d = cd->check(parse_candidate(declared, cand), reading);
                    QVERIFY(!f.fresh_individuals.empty());
                    QVERIFY(d.fresh_individuals.empty());
                    if (f.status != d.status)
                        QFAIL(qPrintable(QString::fromStdString(cand + ": " + reason::status_name(f.status) +
                                                                " fresh, " + reason::status_name(d.status) +
                                                                " declared, in\n" + text)));
                    ++outcomes[static_cast<int>(f.status)];
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 800);
        for (int s = 0; s < 3; ++s)
            QVERIFY2(outcomes[s] > 10, qPrintable(QString("status %1 seen %2 times").arg(s).arg(outcomes[s])));
    }

    /// Only individuals may be new: unknown class and property names stay errors (typos).
    void unknownClassAndRoleRefused() {
        Ontology o = read_text(kUni, "uni");
        QCOMPARE(message_of(o, "Profesor(alice)"), std::string("unknown class name 'Profesor'"));
        QCOMPARE(message_of(o, "teachs(alice,bob)"), std::string("unknown object property name 'teachs'"));
        QCOMPARE(message_of(o, "(teachs some Course)(bob)"), std::string("unknown object property name 'teachs'"));
        QCOMPARE(message_of(o, "Studnt SubClassOf Agent"), std::string("unknown class name 'Studnt'"));
        QVERIFY(message_of(o, "Professor(bob)").empty());
        // Without allow_new_individuals the old refusal stands.
        onto::TextParseOptions strict;
        strict.allow_new_names = false;
        onto::TextParser parser(o, "candidate", strict);
        try {
            (void)parser.parse_axiom("Professor(zed)");
            QFAIL("a new individual accepted without allow_new_individuals");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.message()), std::string("unknown individual name 'zed'"));
        }
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        QVERIFY_THROWS_EXCEPTION(InputError, chk.check_text("Profesor(bob)"));
    }

    void cliStatus() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString onto = QString::fromStdString(kbcx::test::write_file(dir_, "uni.kbo", kUni));
        const auto r = kbcx::test::run_kbcx(
            {"status", onto, "Agent(bob)", "(Student and Professor)(bob)", "Professor(bob)", "Student(alice)"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QString("entailed\t(reading: inconsistency)\tAgent(bob)\t(fresh individual 'bob')"));
        QCOMPARE(lines[1], QString("contradictory\t(reading: inconsistency)\t(Student and Professor)(bob)\t(fresh "
                                   "individual 'bob')"));
        QCOMPARE(lines[2], QString("undetermined\t(reading: inconsistency)\tProfessor(bob)\t(fresh individual 'bob')"));
        QCOMPARE(lines[3], QString("entailed\t(reading: inconsistency)\tStudent(alice)"));
        const auto bad = kbcx::test::run_kbcx({"status", onto, "Profesor(bob)"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("unknown class name 'Profesor'"), qPrintable(bad.err));
        const auto badRole = kbcx::test::run_kbcx({"status", onto, "teachs(alice,bob)"});
        QCOMPARE(badRole.code, 2);
        QVERIFY2(badRole.err.contains("unknown object property name 'teachs'"), qPrintable(badRole.err));
    }

    void cliCount() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString onto =
            QString::fromStdString(kbcx::test::write_file(dir_, "c.kbo", "Class: A B\nA SubClassOf B\nA(a)\n"));
        const auto r = kbcx::test::run_kbcx({"count", onto, "--domain", "2", "--candidate", "B(bob)", "--candidate",
                                             "owl:Thing(bob)", "--threads", "1"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // #(O): a has A and B; the other element has 3 of 4 (A ⊑ B): 3 models. B(bob): 2 of them.
        QVERIFY2(r.out.contains("models: 3\n"), qPrintable(r.out));
        QVERIFY2(r.out.contains("candidate: B(bob)\nP: 2/3 0.666667 undetermined (by count over Δ)\n"
                                "status: undetermined (reasoner, reading: inconsistency)\n"
                                "note: fresh individual 'bob'"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("candidate: owl:Thing(bob)\nP: 1/1"), qPrintable(r.out));
        QVERIFY2(!r.out.contains("status: unknown"), qPrintable(r.out));
        // One more fresh individual than elements: the message says where the individuals come from.
        const auto full = kbcx::test::run_kbcx({"count", onto, "--domain", "1", "--candidate", "B(bob)"});
        QCOMPARE(full.code, 2);
        QVERIFY2(full.err.contains("1 fresh ones") && full.err.contains("--domain 2"), qPrintable(full.err));
    }
};

QTEST_GUILESS_MAIN(TestFreshIndividuals)
#include "tst_fresh_individuals.moc"
