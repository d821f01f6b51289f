// Grounding and P(α|O) against the semantics: the paper's 576/425 example, random tiny
// ontologies checked by enumerating every interpretation (evaluated directly, not via CNF).
#include "count_semantics.hpp"

#include "count/relative_count.hpp"
#include "onto/text_syntax.hpp"

#include "common/error.hpp"

#include <QTest>

#include <numeric>
#include <random>

using namespace kbcx;
using namespace kbcx::count;
using kbcx::count::test::brute_count;
using kbcx::count::test::RandomOntology;
using kbcx::count::test::Semantics;
using onto::Axiom;
using onto::AxiomKind;
using onto::ConceptKind;
using onto::ExprId;

namespace {

onto::Ontology parse(const std::string& text) {
    return onto::read_text(text, "test.txt");
}

Axiom axiom(onto::Ontology& o, const std::string& text) {
    onto::TextParser parser(o, "candidate");
    return parser.parse_axiom(text, 1);
}

std::string axiom_to_text(const Axiom& a, const onto::Ontology& o) {
    return onto::TextWriter(o, NameStyle::Short).axiom(a);
}

} // namespace

class TestCountGrounding : public QObject {
    Q_OBJECT

  private slots:
    void workedExample() {
        // DESIGN.md §1: O = {A ⊑ B}, names A, B, C, role r, |Δ| = 2
        onto::Ontology o = parse("Class: A B C\nObjectProperty: r\nA SubClassOf B\n");
        for (bool local : {true, false}) {
            RelativeCountOptions opt;
            opt.local = local;
            RelativeCounter rc(o, opt);
            const OntologyCount oc = rc.count_ontology();
            QCOMPARE(oc.models.str(), std::string("576"));
            QCOMPARE(oc.atoms, 10u);
            const Probability p = rc.probability(axiom(o, "r some A SubClassOf C"));
            QCOMPARE(p.verdict, Verdict::Undetermined);
            QCOMPARE(p.p.str(), std::string("425"));
            QCOMPARE(p.q.str(), std::string("576"));
            QCOMPARE(p.fraction(), std::string("425/576"));
            QCOMPARE(p.decimal(), std::string("0.737847"));
        }
        // the same with the names only used, not declared, and α's names outside O
        onto::Ontology used = parse("A SubClassOf B\n");
        RelativeCounter rc(used, {});
        QCOMPARE(rc.count_ontology().models.str(), std::string("9")); // 3 of 4 per element for A ⊑ B
        const Probability p = rc.probability(axiom(used, "r some A SubClassOf C"));
        QCOMPARE(p.fraction(), std::string("425/576")); // C and r are free in O: the ratio is unchanged
    }

    void entailedAndContradictory() {
        // DESIGN.md §4, PhD student example: classical and Herbrand readings agree here
        onto::Ontology o = parse("Class: TeachingAssistant\nPhDStudent SubClassOf Student\n"
                                 "Student and Professor SubClassOf Nothing\nPhDStudent(alice)\n");
        for (std::uint32_t n : {1u, 2u, 3u}) {
            RelativeCountOptions opt;
            opt.domain = n;
            RelativeCounter rc(o, opt);
            QVERIFY(rc.count_ontology().models > 0);
            QCOMPARE(rc.probability(axiom(o, "Student(alice)")).verdict, Verdict::Entailed);
            QCOMPARE(rc.probability(axiom(o, "Professor(alice)")).verdict, Verdict::Contradictory);
            const Probability ta = rc.probability(axiom(o, "TeachingAssistant(alice)"));
            QCOMPARE(ta.verdict, Verdict::Undetermined);
            QCOMPARE(ta.fraction(), std::string("1/2"));
        }
        onto::Ontology t = parse("A SubClassOf B\nB SubClassOf C\nr some C SubClassOf D\nD and E SubClassOf Nothing\n");
        RelativeCounter rc(t, {});
        QCOMPARE(rc.probability(axiom(t, "A SubClassOf C")).verdict, Verdict::Entailed);
        QCOMPARE(rc.probability(axiom(t, "r some A SubClassOf D")).verdict, Verdict::Entailed);
        QCOMPARE(rc.probability(axiom(t, "r some B SubClassOf C")).verdict, Verdict::Undetermined);
        QCOMPARE(rc.probability(axiom(t, "Thing SubClassOf D and E")).verdict, Verdict::Contradictory);
        QCOMPARE(rc.probability(axiom(t, "E SubClassOf r some A")).verdict, Verdict::Undetermined);
    }

    void undefinedWhenNoModel() {
        onto::Ontology o = parse("Thing SubClassOf Nothing\n");
        RelativeCounter rc(o, {});
        QCOMPARE(rc.count_ontology().models.str(), std::string("0"));
        QCOMPARE(rc.probability(axiom(o, "A SubClassOf B")).verdict, Verdict::Undefined);
    }

    void randomOntologiesAgainstEnumeration() {
        std::mt19937 rng(4242);
        int cases = 0, undetermined = 0, extremes = 0;
        for (int round = 0; round < 260; ++round) {
            const std::uint32_t n = 1 + round % 2;
            onto::Ontology o;
            const std::uint32_t nr = static_cast<std::uint32_t>(rng() % (n == 1 ? 4 : 3));
            const std::uint32_t nc = 1 + static_cast<std::uint32_t>(rng() % (n == 1 ? 5 : (nr == 2 ? 3 : 4)));
            const std::uint32_t ni = static_cast<std::uint32_t>(rng() % (n + 1));
            for (std::uint32_t i = 0; i < nc; ++i)
                o.sig.concepts.intern("C" + std::to_string(i));
            for (std::uint32_t i = 0; i < nr; ++i)
                o.sig.roles.intern("r" + std::to_string(i));
            for (std::uint32_t i = 0; i < ni; ++i)
                o.sig.individuals.intern("a" + std::to_string(i));
            RandomOntology gen{rng, o, nc, nr, ni};
            const int axioms = 1 + static_cast<int>(rng() % 5);
            for (int i = 0; i < axioms; ++i)
                o.axioms.push_back(gen.axiom());
            const std::uint64_t expected_o = brute_count(o, o.axioms, n);

            RelativeCountOptions local_opt, whole_opt, plain_opt;
            local_opt.domain = whole_opt.domain = plain_opt.domain = n;
            whole_opt.local = false;
            plain_opt.alpha_first = !local_opt.alpha_first; // the other decision order
            RelativeCounter local(o, local_opt), whole(o, whole_opt), plain(o, plain_opt);
            QCOMPARE(local.count_ontology().models.str(), std::to_string(expected_o));
            // α sometimes brings a new concept name, which must count on both sides
            if (rng() % 4 == 0) gen.nc = static_cast<std::uint32_t>(o.sig.concepts.intern("New")) + 1;
            for (int c = 0; c < 3; ++c) {
                const Axiom alpha = gen.axiom();
                std::vector<Axiom> with = o.axioms;
                with.push_back(alpha);
                const std::uint64_t base = brute_count(o, o.axioms, n);
                const std::uint64_t num = brute_count(o, with, n);
                const Probability pl = local.probability(alpha), pw = whole.probability(alpha),
                                  pp = plain.probability(alpha);
                if (base == 0) {
                    QCOMPARE(pl.verdict, Verdict::Undefined);
                    QCOMPARE(pw.verdict, Verdict::Undefined);
                    continue;
                }
                const std::uint64_t g = std::gcd(num, base);
                if (pl.p.str() != std::to_string(num / g) || pl.q.str() != std::to_string(base / g))
                    qWarning("round %d: %s vs %llu/%llu for %s", round, pl.fraction().c_str(),
                             static_cast<unsigned long long>(num), static_cast<unsigned long long>(base),
                             axiom_to_text(alpha, o).c_str());
                QCOMPARE(pl.p.str(), std::to_string(num / g));
                QCOMPARE(pl.q.str(), std::to_string(base / g));
                QCOMPARE(pw.fraction(), pl.fraction()); // the component shortcut changes nothing
                QCOMPARE(pp.fraction(), pl.fraction()); // nor does the decision order
                (pl.verdict == Verdict::Undetermined ? undetermined : extremes)++;
                ++cases;
            }
        }
        QVERIFY(cases > 500);
        QVERIFY(undetermined > 50);
        QVERIFY(extremes > 50);
    }

    /// Candidates about fresh individuals (names O never mentions, added after the counter was
    /// built, as `kbcx count` parses candidates): each is one more named element, the first free
    /// ones in the order of the axiom whatever other candidates introduced, and P(α|O) equals
    /// enumeration over Δ with them there.
    void freshIndividualAgainstBruteForce() {
        std::mt19937 rng(77);
        int cases = 0, undetermined = 0, two = 0;
        for (int round = 0; round < 80; ++round) {
            const std::uint32_t n = 2 + round % 2;
            onto::Ontology o;
            const std::uint32_t nc = 1 + static_cast<std::uint32_t>(rng() % 2), nr = 1;
            const std::uint32_t ni = static_cast<std::uint32_t>(rng() % (n - 1)); // room for two fresh ones
            for (std::uint32_t i = 0; i < nc; ++i)
                o.sig.concepts.intern("C" + std::to_string(i));
            o.sig.roles.intern("r0");
            for (std::uint32_t i = 0; i < ni; ++i)
                o.sig.individuals.intern("a" + std::to_string(i));
            RandomOntology gen{rng, o, nc, nr, ni};
            const int axioms = 1 + static_cast<int>(rng() % 4);
            for (int i = 0; i < axioms; ++i)
                o.axioms.push_back(gen.axiom());
            RelativeCountOptions opt;
            opt.domain = n;
            RelativeCounter rc(o, opt);
            const std::uint64_t base = brute_count(o, o.axioms, n);
            QCOMPARE(rc.count_ontology().models.str(), std::to_string(base));
            if (base == 0) continue;
            // Through the parser (as the CLI and the GUI read candidates): dave first, so bob's id
            // is not the element he takes.
            onto::TextParseOptions popt;
            popt.allow_new_names = false;
            popt.allow_new_individuals = true;
            onto::TextParser parser(o, "candidate", popt);
            std::vector<Axiom> cands{parser.parse_axiom("C0(dave)"), parser.parse_axiom("(r0 some C0)(bob)"),
                                     parser.parse_axiom("r0(bob,dave)")};
            const onto::IndividualName bob = cands[1].individuals[0], dave = cands[0].individuals[0];
            QCOMPARE(dave, static_cast<onto::IndividualName>(ni));
            for (int c = 0; c < 4; ++c) {
                Axiom a;
                const std::uint32_t k = static_cast<std::uint32_t>(rng() % 4);
                const onto::IndividualName x = rng() % 2 ? bob : dave;
                if (k == 0) {
                    a.kind = AxiomKind::ClassAssertion;
                    a.concepts = {gen.expr(1)};
                    a.individuals = {x};
                } else {
                    a.kind = AxiomKind::ObjectPropertyAssertion;
                    a.roles = {0};
                    const onto::IndividualName other = k == 1 && ni > 0 ? static_cast<onto::IndividualName>(rng() % ni)
                                                       : k == 2         ? x
                                                                        : bob + dave - x;
                    a.individuals = rng() % 2 ? std::vector<onto::IndividualName>{x, other}
                                              : std::vector<onto::IndividualName>{other, x};
                }
                cands.push_back(a);
            }
            QCOMPARE(brute_count(o, o.axioms, n), base); // names more change no count of O
            for (const Axiom& alpha : cands) {
                // The enumeration puts the fresh individuals on elements ni, ni+1, … in order.
                Axiom mapped = alpha;
                std::vector<onto::IndividualName> fresh;
                for (auto& x : mapped.individuals) {
                    if (x < ni) continue;
                    auto it = std::find(fresh.begin(), fresh.end(), x);
                    if (it == fresh.end()) it = fresh.insert(fresh.end(), x);
                    x = ni + static_cast<onto::IndividualName>(it - fresh.begin());
                }
                two += fresh.size() == 2;
                std::vector<Axiom> with = o.axioms;
                with.push_back(mapped);
                const std::uint64_t num = brute_count(o, with, n);
                const std::uint64_t g = std::gcd(num, base);
                const Probability p = rc.probability(alpha);
                QVERIFY2(p.p.str() == std::to_string(num / g) && p.q.str() == std::to_string(base / g),
                         qPrintable(QString::fromStdString(p.fraction() + " vs " + std::to_string(num) + "/" +
                                                           std::to_string(base) + " for " + axiom_to_text(alpha, o))));
                undetermined += p.verdict == Verdict::Undetermined;
                ++cases;
            }
        }
        QVERIFY(cases > 300);
        QVERIFY(undetermined > 50);
        QVERIFY(two > 50);
        // More fresh individuals than free elements: refused, naming the domain needed.
        onto::Ontology o = parse("Class: A\nObjectProperty: r\nIndividual: a\n");
        RelativeCountOptions opt;
        opt.domain = 2;
        RelativeCounter rc(o, opt);
        onto::TextParseOptions popt;
        popt.allow_new_names = false;
        popt.allow_new_individuals = true;
        onto::TextParser parser(o, "candidate", popt);
        const Axiom one = parser.parse_axiom("A(bob)"), pair = parser.parse_axiom("r(bob,carol)");
        QCOMPARE(rc.probability(one).verdict, Verdict::Undetermined);
        try {
            rc.probability(pair);
            QFAIL("two fresh individuals on one free element accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("--domain 3") != std::string::npos, e.what());
        }
        QCOMPARE(rc.probability(parser.parse_axiom("A(carol)")).fraction(), std::string("1/2"));
    }

    void refusals() {
        onto::Ontology o = parse("Individual: a b c\nA(a)\n");
        RelativeCountOptions opt;
        opt.domain = 2;
        opt.source = "o.txt";
        try {
            RelativeCounter rc(o, opt);
            QFAIL("domain smaller than the individuals accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("--domain 3") != std::string::npos);
        }
        onto::Ontology t = parse("A SubClassOf B\n");
        RelativeCounter rc(t, opt);
        try {
            rc.probability(axiom(t, "A SubClassOf r only B"));
            QFAIL("non-EL candidate accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("ObjectAllValuesFrom") != std::string::npos);
        }
        try {
            rc.probability(axiom(t, "A SubClassOf B or C"));
            QFAIL("non-EL candidate accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("ObjectUnionOf") != std::string::npos);
        }
        // a refused candidate leaves the counter usable
        QCOMPARE(rc.probability(axiom(t, "A SubClassOf B")).verdict, Verdict::Entailed);
        onto::Ontology nonel = parse("A SubClassOf not B\n");
        QVERIFY_THROWS_EXCEPTION(InputError, RelativeCounter(nonel, opt));
    }

    void textSyntax() {
        onto::Ontology o = parse("# comment\nClass: A 'big cat' <http://x.org/C>\nObjectProperty: r s t\n"
                                 "Individual: a b\n"
                                 "A and r some (B and s some Thing) SubClassOf 'big cat'   # trailing\n"
                                 "A EquivalentTo B and r some C\nA DisjointWith B\nr SubPropertyOf s\n"
                                 "r o s SubPropertyOf t\nr Domain A\nr Range owl:Thing\nA(a)\nr(a,b)\n"
                                 "A SubClassOf owl:Nothing\n(r some A) and B SubClassOf Nothing\n");
        QCOMPARE(o.axioms.size(), std::size_t(11));
        // A, 'big cat', the IRI, B; the bare C is the IRI's unique local name (onto::TextParser's
        // resolution order)
        QCOMPARE(o.sig.concepts.size(), std::size_t(4));
        QVERIFY(o.sig.concepts.find("http://x.org/C") != kg::kNoId);
        QCOMPARE(o.axioms[3].kind, AxiomKind::SubObjectPropertyOf);
        QCOMPARE(o.axioms[4].roles.size(), std::size_t(3));
        // printing and parsing again gives the same axioms
        for (const Axiom& a : o.axioms) {
            const std::string text = axiom_to_text(a, o);
            const Axiom b = axiom(o, text);
            QCOMPARE(static_cast<int>(b.kind), static_cast<int>(a.kind));
            QVERIFY2(b.concepts == a.concepts, text.c_str());
            QVERIFY(b.roles == a.roles);
            QVERIFY(b.individuals == a.individuals);
        }
        // `some` takes a primary: r some A and B = (r some A) and B
        onto::Ontology p = parse("r some A and B SubClassOf C\n");
        QCOMPARE(p.pool.get(p.axioms[0].concepts[0]).kind, ConceptKind::And);
    }

    void writerOutputParsesToTheSameModels() {
        // Every axiom kind the grounder handles, printed by onto::TextWriter and parsed back by
        // onto::TextParser, has the same Herbrand models (checked by enumeration).
        std::mt19937 rng(99);
        int checked = 0;
        for (int round = 0; round < 400; ++round) {
            onto::Ontology o;
            for (const char* c : {"A", "B", "C"})
                o.sig.concepts.intern(c);
            o.sig.roles.intern("r");
            o.sig.individuals.intern("a");
            o.sig.individuals.intern("b");
            RandomOntology gen{rng, o, 3, 1, 2};
            const Axiom a = gen.axiom();
            const std::string text = axiom_to_text(a, o);
            const std::size_t before = o.axioms.size();
            try {
                onto::TextParser(o, "round-trip").parse_document(text);
            } catch (const InputError& e) {
                QFAIL(qPrintable(QString::fromStdString(text + ": " + e.what())));
            }
            const std::vector<Axiom> back(o.axioms.begin() + static_cast<long>(before), o.axioms.end());
            QVERIFY2(!back.empty(), text.c_str());
            QCOMPARE(o.sig.concepts.size(), std::size_t(3)); // no new names
            QCOMPARE(brute_count(o, back, 2), brute_count(o, {a}, 2));
            ++checked;
        }
        QCOMPARE(checked, 400);
    }

    void textSyntaxErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("missing rhs") << "Class: A\nA SubClassOf\n" << 2 << 13;
        QTest::newRow("junk after") << "A SubClassOf B C\n" << 1 << 16;
        QTest::newRow("unbalanced") << "(A and B SubClassOf C\n" << 1 << 1;
        QTest::newRow("no keyword") << "A B\n" << 1 << 1;
        QTest::newRow("unterminated quote") << "\n\n'A SubClassOf B\n" << 3 << 1;
        QTest::newRow("bad chain") << "r s SubPropertyOf t\n" << 1 << 3;
        QTest::newRow("assertion arity") << "A(a,b,c)\n" << 1 << 6;
    }
    void textSyntaxErrors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        try {
            parse(text.toStdString());
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), std::string("test.txt"));
            QCOMPARE(static_cast<int>(e.line()), line);
            if (static_cast<int>(e.column()) != column) qWarning("%s", e.what());
            QCOMPARE(static_cast<int>(e.column()), column);
        }
    }
};

QTEST_APPLESS_MAIN(TestCountGrounding)
#include "tst_count_grounding.moc"
