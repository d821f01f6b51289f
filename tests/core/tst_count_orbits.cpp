// The orbit method against the search and brute force: random ontologies, 576/425, individuals,
// auto's choice, Pizza's TBox up to |Δ| = 4, the orbit sum itself, its budget and cancellation.
#include "count_semantics.hpp"

#include "count/grounding.hpp"
#include "count/orbits.hpp"
#include "count/relative_count.hpp"
#include "onto/normaliser.hpp"
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"

#include "common/error.hpp"
#include "common/job.hpp"

#include <QFile>
#include <QTest>

#include <numeric>
#include <random>

using namespace kbcx;
using namespace kbcx::count;
using kbcx::count::test::brute_count;
using kbcx::count::test::RandomOntology;
using onto::Axiom;
using onto::AxiomKind;

namespace {

RelativeCountOptions options(std::uint32_t n, CountMethod m, bool local = true) {
    RelativeCountOptions o;
    o.domain = n;
    o.method = m;
    o.local = local;
    return o;
}

/// A random ontology over nc concepts, nr roles and ni individuals (ABox-free for ni = 0); with
/// `transitive`, role 0 is transitive (r0 ∘ r0 ⊑ r0), outside the two-variable fragment.
onto::Ontology random_tbox(std::mt19937& rng, std::uint32_t nc, std::uint32_t nr, int axioms, bool transitive,
                           std::uint32_t ni = 0) {
    onto::Ontology o;
    for (std::uint32_t i = 0; i < ni; ++i)
        o.sig.individuals.intern("a" + std::to_string(i));
    for (std::uint32_t i = 0; i < nc; ++i)
        o.sig.concepts.intern("C" + std::to_string(i));
    for (std::uint32_t i = 0; i < nr; ++i)
        o.sig.roles.intern("r" + std::to_string(i));
    RandomOntology gen{rng, o, nc, nr, ni};
    for (int i = 0; i < axioms; ++i)
        o.axioms.push_back(gen.axiom());
    if (transitive && nr > 0) {
        Axiom t;
        t.kind = AxiomKind::SubObjectPropertyOf;
        t.roles = {0, 0, 0};
        o.axioms.push_back(t);
    }
    return o;
}

} // namespace

class TestCountOrbits : public QObject {
    Q_OBJECT

  private slots:
    void methodNames() {
        for (CountMethod m : {CountMethod::Auto, CountMethod::Propositional, CountMethod::Orbits})
            QCOMPARE(parse_count_method(method_name(m)), std::optional<CountMethod>(m));
        QVERIFY(!parse_count_method("lifted"));
        QCOMPARE(multisets(3, 2), std::uint64_t{6});
        QCOMPARE(multisets(10, 5), std::uint64_t{2002});
        QCOMPARE(multisets(1, 6), std::uint64_t{1});
        QCOMPARE(multisets(0, 0), std::uint64_t{1});
    }

    /// The KBC paper's worked example, by orbits: #(O) = 576 and #(O ∪ {∃r.A ⊑ C}) = 425.
    void workedExample() {
        onto::Ontology o = onto::read_text("Class: A B C\nObjectProperty: r\nA SubClassOf B\n", "ex.kbo");
        RelativeCounter rc(o, options(2, CountMethod::Orbits));
        // O's components are one per element ({A(d), B(d)}), none mapped onto itself by Δ's
        // permutations: they are counted by the search; α's numerator spans Δ
        QCOMPARE(rc.count_ontology().models.str(), std::string("576"));
        onto::TextParser parser(o, "candidate");
        const Axiom alpha = parser.parse_axiom("r some A SubClassOf C");
        const Probability p = rc.probability(alpha);
        QCOMPARE(p.with_alpha.str(), std::string("425"));
        QCOMPARE(p.fraction(), std::string("425/576"));
        QCOMPARE(p.method, CountMethod::Orbits);
        QVERIFY(p.orbits.orbits > 0);
        // the whole CNFs, both by orbits
        RelativeCounter whole(o, options(2, CountMethod::Orbits, false));
        const Probability w = whole.probability(alpha);
        QCOMPARE(w.without_alpha.str(), std::string("576"));
        QCOMPARE(w.with_alpha.str(), std::string("425"));
        QCOMPARE(w.method, CountMethod::Orbits);
    }

    /// Random ontologies (a fifth with individuals) with role chains and transitivity: orbits agree with brute
    /// force (tiny domains) and with the propositional search (up to |Δ| = 4), for #(O) and for
    /// P(α|O) on the touched components and on the whole CNFs.
    void randomAgainstBruteForceAndPropositional() {
        std::mt19937 rng(777);
        int brute = 0, compared = 0, by_orbits = 0, undetermined = 0;
        for (int round = 0; round < 160; ++round) {
            const std::uint32_t n = 2 + static_cast<std::uint32_t>(round % 3); // 2, 3, 4
            const bool small = n == 2 || round % 2 == 0;
            const std::uint32_t nr = static_cast<std::uint32_t>(rng() % 3);
            const std::uint32_t nc = 1 + static_cast<std::uint32_t>(rng() % (small && n == 3 ? 2 : 4));
            // brute force needs nc·n + nr·n² ≤ 20 atoms
            const bool enumerate = nc * n + nr * n * n <= 20;
            // every fifth ontology names individuals: the orbits are then over the other elements
            const std::uint32_t ni = round % 5 == 4 ? 1 + static_cast<std::uint32_t>(rng() % 2) : 0;
            onto::Ontology o = random_tbox(rng, nc, nr, 1 + static_cast<int>(rng() % 5), round % 4 == 1, ni);
            RelativeCounter orb(o, options(n, CountMethod::Orbits)), prop(o, options(n, CountMethod::Propositional)),
                whole(o, options(n, CountMethod::Orbits, false));
            const OntologyCount oo = orb.count_ontology(), op = prop.count_ontology();
            QCOMPARE(oo.models.str(), op.models.str());
            if (enumerate) {
                QCOMPARE(oo.models.str(), std::to_string(brute_count(o, o.axioms, n)));
                ++brute;
            }
            RandomOntology gen{rng, o, nc, nr, ni};
            for (int c = 0; c < 3; ++c) {
                const Axiom alpha = gen.axiom();
                const Probability po = orb.probability(alpha), pp = prop.probability(alpha),
                                  pw = whole.probability(alpha);
                QCOMPARE(po.verdict, pp.verdict);
                QCOMPARE(pw.verdict, pp.verdict);
                if (pp.verdict == Verdict::Undefined) continue;
                QCOMPARE(po.fraction(), pp.fraction());
                QCOMPARE(pw.fraction(), pp.fraction());
                if (enumerate) {
                    std::vector<Axiom> with = o.axioms;
                    with.push_back(alpha);
                    const std::uint64_t num = brute_count(o, with, n), den = brute_count(o, o.axioms, n);
                    const std::uint64_t g = std::gcd(num, den);
                    QCOMPARE(po.fraction(), std::to_string(num / g) + "/" + std::to_string(den / g));
                }
                by_orbits += po.method == CountMethod::Orbits;
                undetermined += po.verdict == Verdict::Undetermined;
                ++compared;
            }
        }
        QVERIFY2(brute > 40, qPrintable(QString::number(brute)));
        QVERIFY(compared > 300);
        QVERIFY2(by_orbits > 150, qPrintable(QString::number(by_orbits)));
        QVERIFY(undetermined > 50);
    }

    /// Individuals take their own elements; the other elements stay interchangeable, and the
    /// orbits are over them: with fewer than two left, the search counts (and says so). A
    /// candidate's fresh individual takes one more element out of the orbits.
    void individualsLeaveTheOtherElements() {
        onto::Ontology o = onto::read_text("Class: A B\nObjectProperty: r\nA SubClassOf r some B\nA(a)\n", "i.kbo");
        onto::TextParser parser(o, "candidate");
        const Axiom alpha = parser.parse_axiom("B SubClassOf A");
        const Axiom about_a = parser.parse_axiom("B(a)");
        for (std::uint32_t n : {2u, 3u, 4u}) {
            RelativeCounter orb(o, options(n, CountMethod::Orbits)), prop(o, options(n, CountMethod::Propositional));
            const OntologyCount oc = orb.count_ontology();
            QCOMPARE(oc.method, n >= 3 ? CountMethod::Orbits : CountMethod::Propositional);
            QCOMPARE(oc.models.str(), prop.count_ontology().models.str());
            for (const Axiom& x : {alpha, about_a}) {
                const Probability p = orb.probability(x);
                QCOMPARE(p.method, n >= 3 ? CountMethod::Orbits : CountMethod::Propositional);
                QCOMPARE(p.fraction(), prop.probability(x).fraction());
            }
        }

        for (std::uint32_t n : {2u, 3u, 4u}) {
            // candidates are parsed after the counters are built, as `kbcx count` does: their new
            // individuals are fresh, not O's
            onto::Ontology t = onto::read_text("Class: A B\nObjectProperty: r\nA SubClassOf r some B\n", "t.kbo");
            RelativeCounter torb(t, options(n, CountMethod::Orbits)), tprop(t, options(n, CountMethod::Propositional));
            onto::TextParser tparser(t, "candidate");
            const Axiom fresh = tparser.parse_axiom("A(b)");
            const Axiom two = tparser.parse_axiom("r(b,c)");
            const Axiom tbox = tparser.parse_axiom("B SubClassOf A");
            const Probability pf = torb.probability(fresh), pt = torb.probability(tbox);
            QCOMPARE(pf.method, n >= 3 ? CountMethod::Orbits : CountMethod::Propositional);
            QCOMPARE(pt.method, CountMethod::Orbits);
            QCOMPARE(pf.fraction(), tprop.probability(fresh).fraction());
            QCOMPARE(pt.fraction(), tprop.probability(tbox).fraction());
            const Probability p2 = torb.probability(two);
            QCOMPARE(p2.method, n >= 4 ? CountMethod::Orbits : CountMethod::Propositional);
            QCOMPARE(p2.fraction(), tprop.probability(two).fraction());
        }
    }

    /// Auto: the search for small CNFs, whatever |Δ| (see also Pizza below).
    void autoKeepsTheSearchForSmallCnfs() {
        onto::Ontology o =
            onto::read_text("Class: A B C\nObjectProperty: r\nA SubClassOf r some B\nr some C SubClassOf A\n", "a.kbo");
        RelativeCounter low(o, options(kOrbitsFromDomain - 1, CountMethod::Auto)),
            high(o, options(kOrbitsFromDomain + 1, CountMethod::Auto)),
            high_orbits(o, options(kOrbitsFromDomain + 1, CountMethod::Orbits));
        QCOMPARE(low.count_ontology().method, CountMethod::Propositional);
        const OntologyCount h = high.count_ontology(), ho = high_orbits.count_ontology();
        QCOMPARE(h.method, CountMethod::Propositional);
        QCOMPARE(ho.method, CountMethod::Orbits);
        QCOMPARE(h.models.str(), ho.models.str());
    }

    /// Pizza's TBox (the repository's copy): orbits agree with the search for #(O) and for
    /// sampled kinds of candidates at |Δ| = 2, 3, 4.
    void pizzaAgreesWithPropositional() {
        const std::string path = std::string(KBCX_TEST_DATA) + "/../../data/onto/pizza.owl.gz";
        if (!QFile::exists(QString::fromStdString(path))) QSKIP("data/onto/pizza.owl.gz not present");
        jobs::JobContext ctx;
        onto::Ontology full = onto::load_ontology(path, ctx);
        onto::Ontology o;
        for (std::uint32_t c = 0; c < full.sig.concepts.size(); ++c)
            o.sig.concepts.intern(full.sig.concepts.name(c));
        for (std::uint32_t r = 0; r < full.sig.roles.size(); ++r)
            o.sig.roles.intern(full.sig.roles.name(r));
        o.pool = full.pool;
        for (const Axiom& a : full.axioms)
            if (a.kind != AxiomKind::ClassAssertion && a.kind != AxiomKind::ObjectPropertyAssertion &&
                onto::non_el_constructs(full, a).empty())
                o.axioms.push_back(a);
        const std::vector<std::string> candidates = {"Margherita SubClassOf CheeseyPizza",
                                                     "American SubClassOf SpicyPizza",
                                                     "MozzarellaTopping SubClassOf CheeseTopping",
                                                     "PizzaBase SubClassOf PizzaTopping",
                                                     "Pizza SubClassOf hasTopping some MozzarellaTopping",
                                                     "hasTopping some HamTopping SubClassOf MeatyPizza"};
        std::vector<Axiom> alphas;
        onto::TextParser parser(o, "candidate");
        for (const auto& c : candidates)
            alphas.push_back(parser.parse_axiom(c));
        for (std::uint32_t n : {2u, 3u, 4u}) {
            RelativeCounter orb(o, options(n, CountMethod::Orbits)), prop(o, options(n, CountMethod::Propositional)),
                automatic(o, options(n, CountMethod::Auto));
            const OntologyCount oo = orb.count_ontology();
            QCOMPARE(oo.method, CountMethod::Orbits);
            QCOMPARE(oo.models.str(), prop.count_ontology().models.str());
            // auto: orbits from |Δ| = 4 on for the large component (1,216 variables at 4)
            QCOMPARE(automatic.count_ontology().method,
                     n >= kOrbitsFromDomain ? CountMethod::Orbits : CountMethod::Propositional);
            for (const Axiom& a : alphas) {
                const Probability po = orb.probability(a), pp = prop.probability(a);
                QCOMPARE(po.method, CountMethod::Orbits);
                QCOMPARE(po.fraction(), pp.fraction());
            }
        }
    }

    /// count_by_orbits directly: any set of unary predicates gives the count of the search; a
    /// time budget ends it with BudgetExceeded; a stop request with Cancelled.
    void directSumBudgetAndCancellation() {
        onto::Ontology o = onto::read_text("Class: A B C D\nObjectProperty: r s\nA SubClassOf r some B\n"
                                           "r some C SubClassOf D\nr o r SubPropertyOf r\nB and C SubClassOf "
                                           "owl:Nothing\ns Range A\n",
                                           "d.kbo");
        const std::uint32_t n = 4;
        Grounder g(o, n);
        Cnf cnf;
        g.extend_base(cnf);
        for (const Axiom& a : o.axioms)
            g.ground(a, cnf);
        ModelCounter plain;
        const CountResult expected = plain.count(cnf);
        std::vector<std::vector<std::uint32_t>> all;
        for (std::uint32_t c = 0; c < 4; ++c) {
            all.emplace_back();
            for (std::uint32_t d = 0; d < n; ++d)
                all.back().push_back(g.concept_atom(c, d));
        }
        for (std::uint32_t mask = 1; mask < 16; ++mask) {
            std::vector<std::vector<std::uint32_t>> preds;
            for (std::uint32_t c = 0; c < 4; ++c)
                if ((mask >> c) & 1u) preds.push_back(all[c]);
            ModelCounter counter;
            OrbitStats st;
            const CountResult r = count_by_orbits(counter, cnf, preds, n, nullptr, &st);
            QVERIFY(r.exact());
            QCOMPARE(r.models.str(), expected.models.str());
            QVERIFY(st.orbits > 0 && st.orbits <= multisets(st.types, n));
        }
        // reflexive role atoms r(d, d) are unary predicates for the symmetry too
        std::vector<std::uint32_t> loops;
        for (std::uint32_t d = 0; d < n; ++d)
            loops.push_back(g.role_atom(0, d, d));
        ModelCounter counter;
        QCOMPARE(count_by_orbits(counter, cnf, {all[0], loops}, n).models.str(), expected.models.str());

        CounterOptions tight;
        tight.budget.seconds = -1; // already over
        ModelCounter limited(tight);
        const CountResult over = count_by_orbits(limited, cnf, {all[0]}, n);
        QCOMPARE(over.status, CountStatus::BudgetExceeded);
        QVERIFY(!over.reason.empty());

        std::stop_source stop;
        stop.request_stop();
        jobs::JobContext ctx(stop.get_token());
        ModelCounter cancelled;
        QVERIFY_THROWS_EXCEPTION(Cancelled, count_by_orbits(cancelled, cnf, {all[0]}, n, &ctx));
    }
};

QTEST_GUILESS_MAIN(TestCountOrbits)
#include "tst_count_orbits.moc"
