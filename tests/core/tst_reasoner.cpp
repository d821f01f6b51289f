// Tests of the EL++ reasoner: one hand example per completion rule, the PhD student example,
// and random tiny ontologies checked against a naive fixpoint (subsumption, consistency) and
// a brute-force finite-model checker (soundness of entailed / contradictory / undetermined).
#include "common/error.hpp"
#include "onto/normaliser.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/status.hpp"
#include "reasoner_test_util.hpp"

#include <QTest>

#include <array>
#include <map>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::onto;
using namespace kbcx::reason;
using namespace kbcx::test;

namespace {

struct Loaded {
    std::unique_ptr<Ontology> o;
    ClassifyResult r;
};

Loaded load(const std::string& text) {
    Loaded l;
    l.o = std::make_unique<Ontology>(read_text(text, "test"));
    jobs::JobContext ctx;
    l.r = classify(*l.o, ctx);
    return l;
}

bool sub(const Loaded& l, const std::string& a, const std::string& b) {
    const auto ca = l.o->sig.concepts.find(a), cb = l.o->sig.concepts.find(b);
    if (ca == kg::kNoId || cb == kg::kNoId) throw std::runtime_error("unknown name " + a + " or " + b);
    return l.r.reasoner->subsumes(l.r.reasoner->concept_node(ca), l.r.reasoner->concept_node(cb));
}

// ------------------------------------------------------------ naive fixpoint reference
// The completion calculus as a plain fixpoint over all concept pairs (Baader, Brandt, Lutz):
// S(X) ⊆ concepts, R(r) ⊆ concepts × concepts; every rule re-applied until nothing changes.
struct Naive {
    // 0 = ⊤, 1..nc = names, then individuals, then one node per (role, filler B) of a GCI2
    // whose role has ranges: B ⊓ the ranges of r (EL++'s treatment of range restrictions)
    std::size_t n;
    std::vector<std::set<std::uint32_t>> S;
    std::vector<std::set<std::pair<std::uint32_t, std::uint32_t>>> R;
    std::vector<char> bot;
    Naive(const NormalisedOntology& no, std::size_t nc, std::size_t nr, std::size_t ni) {
        n = 1 + nc + ni;
        S.assign(n, {});
        R.assign(nr, {});
        bot.assign(n, 0);
        auto c = [&](ConceptName x) -> std::uint32_t { return x == kThing ? 0 : x + 1; };
        auto ind = [&](IndividualName x) -> std::uint32_t { return static_cast<std::uint32_t>(1 + nc + x); };
        for (std::uint32_t x = 0; x < n; ++x)
            S[x] = {x, 0};
        std::vector<std::vector<char>> subr(nr, std::vector<char>(nr, 0));
        for (std::size_t r = 0; r < nr; ++r)
            subr[r][r] = 1;
        for (bool ch = true; ch;) {
            ch = false;
            for (const auto& a : no.axioms)
                if (a.nf == NormalForm::RI)
                    for (std::size_t r = 0; r < nr; ++r)
                        if (subr[r][a.r] && !subr[r][a.s]) subr[r][a.s] = ch = true;
        }
        // ranges[q]: the range classes of q's super-roles
        std::vector<std::set<std::uint32_t>> ranges(nr);
        for (const auto& a : no.axioms)
            if (a.nf == NormalForm::RANGE)
                for (std::size_t q = 0; q < nr; ++q)
                    if (subr[q][a.r]) ranges[q].insert(c(a.a));
        std::map<std::pair<std::size_t, std::uint32_t>, std::uint32_t> range_node;
        auto successor = [&](std::size_t r, std::uint32_t filler) -> std::uint32_t {
            if (ranges[r].empty()) return filler;
            auto [it, fresh] = range_node.emplace(std::pair{r, filler}, static_cast<std::uint32_t>(n));
            if (fresh) {
                std::set<std::uint32_t> start = ranges[r];
                start.insert({0, filler});
                S.push_back(start);
                bot.push_back(0);
                ++n;
            }
            return it->second;
        };
        for (bool ch = true; ch;) {
            ch = false;
            auto add = [&](std::uint32_t x, std::uint32_t y) {
                if (S[x].insert(y).second) ch = true;
            };
            auto addb = [&](std::uint32_t x) {
                if (!bot[x]) bot[x] = ch = true;
            };
            auto addr = [&](std::size_t r, std::uint32_t x, std::uint32_t y) {
                if (R[r].insert({x, y}).second) ch = true;
            };
            for (const auto& a : no.axioms) {
                for (std::uint32_t x = 0; x < n; ++x) {
                    const auto& s = S[x];
                    switch (a.nf) {
                    case NormalForm::GCI0:
                        if (s.count(c(a.a))) add(x, c(a.b));
                        break;
                    case NormalForm::GCI0_BOT:
                        if (s.count(c(a.a))) addb(x);
                        break;
                    case NormalForm::GCI1:
                        if (s.count(c(a.a)) && s.count(c(a.b))) add(x, c(a.c));
                        break;
                    case NormalForm::GCI1_BOT:
                        if (s.count(c(a.a)) && s.count(c(a.b))) addb(x);
                        break;
                    case NormalForm::GCI2:
                        if (s.count(c(a.a))) addr(a.r, x, successor(a.r, c(a.b)));
                        break;
                    default: break;
                    }
                }
                if (a.nf == NormalForm::GCI3 || a.nf == NormalForm::GCI3_BOT)
                    for (std::size_t q = 0; q < nr; ++q)
                        if (subr[q][a.r])
                            for (auto [x, y] : std::vector(R[q].begin(), R[q].end()))
                                if (S[y].count(c(a.a))) {
                                    if (a.nf == NormalForm::GCI3)
                                        add(x, c(a.b));
                                    else
                                        addb(x);
                                }
                if (a.nf == NormalForm::CA) add(ind(a.x), c(a.a));
                if (a.nf == NormalForm::RA) {
                    addr(a.r, ind(a.x), ind(a.y));
                    for (std::uint32_t cls : ranges[a.r])
                        add(ind(a.y), cls);
                }
                if (a.nf == NormalForm::RC)
                    for (std::size_t q1 = 0; q1 < nr; ++q1)
                        for (std::size_t q2 = 0; q2 < nr; ++q2)
                            if (subr[q1][a.r] && subr[q2][a.s])
                                for (auto [x, y] : std::vector(R[q1].begin(), R[q1].end()))
                                    for (auto [y2, z] : std::vector(R[q2].begin(), R[q2].end()))
                                        if (y == y2) addr(a.t, x, z);
            }
            for (std::size_t q = 0; q < nr; ++q)
                for (auto [x, y] : R[q])
                    if (bot[y]) addb(x);
        }
    }
};

// ------------------------------------------------------------ brute-force finite models
struct Interp {
    int d;
    std::vector<unsigned> conc;              // bitmask per concept name
    std::vector<std::vector<unsigned>> role; // role[r][x] = successor mask
    std::vector<int> ind;
};

unsigned eval(const Ontology& o, const Interp& I, ExprId e) {
    const unsigned all = (1u << I.d) - 1;
    const ConceptExpr& x = o.pool.get(e);
    switch (x.kind) {
    case ConceptKind::Top: return all;
    case ConceptKind::Bottom: return 0;
    case ConceptKind::Named: return I.conc[x.name];
    case ConceptKind::And: {
        unsigned m = all;
        for (auto a : x.args)
            m &= eval(o, I, a);
        return m;
    }
    case ConceptKind::Exists: {
        const unsigned f = eval(o, I, x.args[0]);
        unsigned m = 0;
        for (int i = 0; i < I.d; ++i)
            if (I.role[x.name][i] & f) m |= 1u << i;
        return m;
    }
    default: throw std::runtime_error("not EL");
    }
}

// pairs reachable by a role chain
std::vector<unsigned> chain_rel(const Interp& I, const std::vector<RoleName>& ch) {
    std::vector<unsigned> cur(I.d);
    for (int i = 0; i < I.d; ++i)
        cur[i] = 1u << i;
    for (RoleName r : ch) {
        std::vector<unsigned> nx(I.d, 0);
        for (int i = 0; i < I.d; ++i)
            for (int j = 0; j < I.d; ++j)
                if (cur[i] >> j & 1u) nx[i] |= I.role[r][j];
        cur = nx;
    }
    return cur;
}

bool holds(const Ontology& o, const Interp& I, const Axiom& a) {
    switch (a.kind) {
    case AxiomKind::SubClassOf: return (eval(o, I, a.concepts[0]) & ~eval(o, I, a.concepts[1])) == 0;
    case AxiomKind::EquivalentClasses: return eval(o, I, a.concepts[0]) == eval(o, I, a.concepts[1]);
    case AxiomKind::DisjointClasses: return (eval(o, I, a.concepts[0]) & eval(o, I, a.concepts[1])) == 0;
    case AxiomKind::SubObjectPropertyOf: {
        auto l = chain_rel(I, std::vector<RoleName>(a.roles.begin(), a.roles.end() - 1));
        for (int i = 0; i < I.d; ++i)
            if (l[i] & ~I.role[a.roles.back()][i]) return false;
        return true;
    }
    case AxiomKind::ObjectPropertyDomain: {
        const unsigned c = eval(o, I, a.concepts[0]);
        for (int i = 0; i < I.d; ++i)
            if (I.role[a.roles[0]][i] && !(c >> i & 1u)) return false;
        return true;
    }
    case AxiomKind::ObjectPropertyRange: {
        const unsigned c = eval(o, I, a.concepts[0]);
        for (int i = 0; i < I.d; ++i)
            if (I.role[a.roles[0]][i] & ~c) return false;
        return true;
    }
    case AxiomKind::ClassAssertion: return eval(o, I, a.concepts[0]) >> I.ind[a.individuals[0]] & 1u;
    case AxiomKind::ObjectPropertyAssertion:
        return I.role[a.roles[0]][I.ind[a.individuals[0]]] >> I.ind[a.individuals[1]] & 1u;
    default: throw std::runtime_error("unsupported in brute force");
    }
}

/// Calls f(I) for every interpretation over a domain of size d.
template <class F> void for_models(std::size_t nc, std::size_t nr, std::size_t ni, int d, F&& f) {
    Interp I;
    I.d = d;
    I.conc.assign(nc, 0);
    I.role.assign(nr, std::vector<unsigned>(d, 0));
    I.ind.assign(ni, 0);
    const std::size_t cbits = nc * d, rbits = nr * d * d;
    std::size_t ind_combos = 1;
    for (std::size_t k = 0; k < ni; ++k)
        ind_combos *= static_cast<std::size_t>(d);
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << (cbits + rbits)); ++m) {
        for (std::size_t c = 0; c < nc; ++c)
            I.conc[c] = static_cast<unsigned>(m >> (c * d)) & ((1u << d) - 1);
        for (std::size_t r = 0; r < nr; ++r)
            for (int x = 0; x < d; ++x)
                I.role[r][x] = static_cast<unsigned>(m >> (cbits + (r * d + x) * d)) & ((1u << d) - 1);
        for (std::size_t ic = 0; ic < ind_combos; ++ic) {
            std::size_t v = ic;
            for (std::size_t k = 0; k < ni; ++k) {
                I.ind[k] = static_cast<int>(v % d);
                v /= d;
            }
            f(I);
        }
    }
}

/// The pieces joined in order. The generators below draw inside the pieces, and the elements of a
/// braced list are evaluated left to right, where the operands of + are not: so every compiler
/// builds the same ontologies from a seed.
} // namespace

class TestReasoner : public QObject {
    Q_OBJECT
  private slots:
    void ruleTold() {
        auto l = load("A SubClassOf B\nB SubClassOf C\n");
        QVERIFY(sub(l, "A", "C"));
        QVERIFY(!sub(l, "C", "A"));
        QCOMPARE(l.r.entailed_subsumptions, std::size_t{3});
    }
    void ruleConjunction() {
        auto l = load("X SubClassOf A\nX SubClassOf B\nA and B SubClassOf C\nY SubClassOf A\n");
        QVERIFY(sub(l, "X", "C"));
        QVERIFY(!sub(l, "Y", "C"));
    }
    void ruleExistential() {
        auto l = load("A SubClassOf r some B\nB SubClassOf C\nr some C SubClassOf D\nE SubClassOf s some B\n");
        QVERIFY(sub(l, "A", "D"));
        QVERIFY(!sub(l, "E", "D")); // s is not below r
    }
    void ruleRoleHierarchy() {
        auto l = load("E SubClassOf s some B\ns SubPropertyOf r\nr some B SubClassOf D\n");
        QVERIFY(sub(l, "E", "D"));
    }
    void ruleChain() {
        auto l = load("A SubClassOf r some B\nB SubClassOf s some C\nr o s SubPropertyOf t\nt some C SubClassOf D\n"
                      "T SubClassOf p some U\nU SubClassOf p some V\np o p SubPropertyOf p\np some V SubClassOf W\n");
        QVERIFY(sub(l, "A", "D"));
        QVERIFY(sub(l, "T", "W")); // transitivity as p∘p ⊑ p
        QVERIFY(!sub(l, "B", "D"));
    }
    void ruleBottom() {
        auto l = load(
            "A SubClassOf r some B\nB SubClassOf C\nC and D SubClassOf owl:Nothing\nB SubClassOf D\nE SubClassOf B\n");
        QVERIFY(l.r.reasoner->unsatisfiable(l.r.reasoner->concept_node(l.o->sig.concepts.find("A"))));
        QCOMPARE(l.r.unsatisfiable, std::size_t{3}); // A, B, E
        QVERIFY(l.r.consistent);
    }
    void ruleDomainRange() {
        auto l = load("A SubClassOf r some B\nr Domain D\nr Range R\nR and B SubClassOf Q\nr some Q SubClassOf P\n");
        QVERIFY(sub(l, "A", "D"));
        QVERIFY(sub(l, "A", "P")); // range conjoined with the filler
        QVERIFY(!sub(l, "B", "Q"));
    }
    void ruleAbox() {
        auto l = load(
            "A(a)\nr(a,b)\nA SubClassOf B\nr some owl:Thing SubClassOf C\nr Range D\nB and C SubClassOf owl:Nothing\n");
        QVERIFY(!l.r.consistent);
        auto m = load("A(a)\nr(a,b)\nr some D SubClassOf E\nr Range D\n");
        QVERIFY(m.r.consistent);
        const Reasoner& R = *m.r.reasoner;
        QVERIFY(
            R.subsumes(R.individual_node(m.o->sig.individuals.find("a")), R.concept_node(m.o->sig.concepts.find("E"))));
        QVERIFY(
            R.subsumes(R.individual_node(m.o->sig.individuals.find("b")), R.concept_node(m.o->sig.concepts.find("D"))));
    }
    void taxonomy() {
        auto l = load("A SubClassOf B\nB SubClassOf C\nA SubClassOf C\nB EquivalentTo B2\nD SubClassOf C\n");
        const auto& t = l.r.taxonomy;
        const auto id = [&](const char* n) { return l.o->sig.concepts.find(n); };
        QCOMPARE(t.direct_parents[t.representative[id("A")]], std::vector<ConceptName>{t.representative[id("B")]});
        QCOMPARE(t.representative[id("B")], t.representative[id("B2")]);
        QCOMPARE(t.direct_parents[t.representative[id("D")]], std::vector<ConceptName>{id("C")});
    }
    void proofTree() {
        auto l = load("A SubClassOf r some B\nB SubClassOf C\nr some C SubClassOf D\n");
        const Reasoner& R = *l.r.reasoner;
        const auto steps =
            R.proof(R.concept_node(l.o->sig.concepts.find("A")), R.concept_node(l.o->sig.concepts.find("D")));
        QVERIFY(!steps.empty());
        QCOMPARE(steps.back().inf.rule, Rule::ExistsLeft);
        for (std::size_t i = 0; i < steps.size(); ++i)
            for (auto p : steps[i].premises)
                QVERIFY(p < i);
        bool has_link = false;
        for (const auto& s : steps)
            has_link = has_link || (s.link && s.inf.rule == Rule::Exists);
        QVERIFY(has_link);
    }
    void phdStudent() {
        Ontology o = read_text("PhDStudent SubClassOf Student\nStudent and Professor SubClassOf owl:Nothing\n"
                               "PhDStudent(alice)\nClass: TeachingAssistant\n",
                               "phd");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        QCOMPARE(chk.check_text("Student(alice)").status, Status::Entailed);
        QCOMPARE(chk.check_text("TeachingAssistant(alice)").status, Status::Undetermined);
        const auto c = chk.check_text("Professor(alice)", std::nullopt, true);
        QCOMPARE(c.status, Status::Contradictory);
        QCOMPARE(c.reading, Reading::Inconsistency);
        QVERIFY(!c.proof.empty());
        QCOMPARE(chk.check_text("PhDStudent SubClassOf Student").status, Status::Entailed);
        QCOMPARE(chk.check_text("PhDStudent SubClassOf TeachingAssistant").status, Status::Undetermined);
        const auto t = chk.check_text("PhDStudent SubClassOf Professor");
        QCOMPARE(t.status, Status::Contradictory);
        QCOMPARE(t.reading, Reading::Incoherence);
        // Without the individual, the TBox candidate is consistent: contradictory only by incoherence.
        Ontology o2 =
            read_text("PhDStudent SubClassOf Student\nStudent and Professor SubClassOf owl:Nothing\n", "phd2");
        StatusChecker chk2(o2, ctx);
        QCOMPARE(chk2.check_text("PhDStudent SubClassOf Professor", Reading::Inconsistency).status,
                 Status::Undetermined);
        QCOMPARE(chk2.check_text("PhDStudent SubClassOf Professor", Reading::Incoherence).status,
                 Status::Contradictory);
        // The checks left the closure as it was.
        QCOMPARE(chk2.check_text("PhDStudent SubClassOf Student").status, Status::Entailed);
    }
    void rangeCandidates() {
        Ontology o = read_text("r Range A\nA SubClassOf B\ns SubPropertyOf r\nA and C SubClassOf owl:Nothing\n"
                               "D SubClassOf t some E\nClass: F\nObjectProperty: t\n",
                               "ranges");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        QCOMPARE(chk.check_text("r Range A").status, Status::Entailed);
        QCOMPARE(chk.check_text("r Range B").status, Status::Entailed);       // via A ⊑ B
        QCOMPARE(chk.check_text("s Range B").status, Status::Entailed);       // via s ⊑ r
        QCOMPARE(chk.check_text("r Range A and B").status, Status::Entailed); // conjunction
        QCOMPARE(chk.check_text("r Range F").status, Status::Undetermined);
        QCOMPARE(chk.check_text("t Range F").status, Status::Undetermined);
        QCOMPARE(chk.check_text("t Range E").status, Status::Undetermined);
        // r's successors are in A, which is disjoint from C: no class has an r-successor, so this
        // is undetermined; for t, D's t-successor would be in ⊥, so D becomes unsatisfiable.
        QCOMPARE(chk.check_text("r Range C").status, Status::Undetermined);
        QCOMPARE(chk.check_text("t Range A and C", Reading::Incoherence).status, Status::Contradictory);
        // The checks leave the closure as it was.
        QCOMPARE(chk.check_text("r Range B").status, Status::Entailed);
        QCOMPARE(chk.check_text("D SubClassOf t some E").status, Status::Entailed);
    }
    void badCandidates() {
        Ontology o = read_text("A SubClassOf B\nA(a)\nClass: C\nObjectProperty: r\n", "t");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        try {
            chk.check_text("A SubClassOf r only B");
            QFAIL("non-EL accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.message()).find("ObjectAllValuesFrom") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, chk.check_text("A SubClassOf Unknown"));
        QVERIFY_THROWS_EXCEPTION(InputError, chk.check_text("A is a B"));
        Ontology bad = read_text("A(a)\nA SubClassOf owl:Nothing\n", "bad");
        QVERIFY_THROWS_EXCEPTION(InputError, StatusChecker(bad, ctx));
    }
    void randomAgainstNaive() {
        std::mt19937 rng(7);
        for (int round = 0; round < 300; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s\nIndividual: a\n";
            const int n = 2 + static_cast<int>(rng() % 6);
            for (int i = 0; i < n; ++i)
                text += random_axiom(rng, true) + "\n";
            Ontology o = read_text(text, "rand");
            const std::size_t nc0 = o.sig.concepts.size();
            jobs::JobContext ctx;
            ClassifyResult r = classify(o, ctx);
            Naive nv(r.normalised, o.sig.concepts.size(), o.sig.roles.size(), o.sig.individuals.size());
            const Reasoner& R = *r.reasoner;
            for (ConceptName a = 0; a < nc0; ++a)
                for (ConceptName b = 0; b < nc0; ++b) {
                    const bool naive = nv.bot[a + 1] || nv.S[a + 1].count(b + 1);
                    if (naive != R.subsumes(R.concept_node(a), R.concept_node(b)))
                        QFAIL(qPrintable(QString::fromStdString("subsumption mismatch in\n" + text)));
                }
            bool naive_cons = !nv.bot[0];
            for (std::size_t x = 0; x < o.sig.individuals.size(); ++x)
                naive_cons = naive_cons && !nv.bot[1 + o.sig.concepts.size() + x];
            QCOMPARE(r.consistent, naive_cons);
        }
    }
    void randomStatusAgainstModels() {
        std::mt19937 rng(11);
        int undetermined_witnessed = 0, undetermined = 0, checked = 0;
        for (int round = 0; round < 60; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s\nIndividual: a\n";
            const int n = 1 + static_cast<int>(rng() % 4);
            for (int i = 0; i < n; ++i)
                text += random_axiom(rng, true) + "\n";
            Ontology o = read_text(text, "rand");
            const std::size_t nc = o.sig.concepts.size(), nr = o.sig.roles.size(), ni = o.sig.individuals.size();
            const std::vector<Axiom> base = o.axioms;
            jobs::JobContext ctx;
            ClassifyResult r = classify(o, ctx);
            if (!r.consistent) {
                bool model = false;
                for_models(nc, nr, ni, 2, [&](const Interp& I) {
                    bool ok = true;
                    for (const auto& a : base)
                        ok = ok && holds(o, I, a);
                    model = model || ok;
                });
                QVERIFY2(!model, text.c_str());
                continue;
            }
            StatusChecker chk(o, ClassifyResult(std::move(r)));
            for (int k = 0; k < 6; ++k) {
                TextParser tp(o, "cand");
                const Axiom alpha = tp.parse_axiom(random_axiom(rng, true));
                if (alpha.kind == AxiomKind::SubObjectPropertyOf || alpha.kind == AxiomKind::ObjectPropertyDomain)
                    continue;
                for (Reading rd : {Reading::Inconsistency, Reading::Incoherence}) {
                    const Status st = chk.check(alpha, rd).status;
                    ++checked;
                    // Enumerate models of O (domain 2) and classify them by α.
                    bool o_model_violating = false, model_with_alpha = false;
                    std::vector<char> sat_before(nc, 0), sat_after(nc, 0);
                    for_models(nc, nr, ni, 2, [&](const Interp& I) {
                        for (const auto& a : base)
                            if (!holds(o, I, a)) return;
                        for (std::size_t c = 0; c < nc; ++c)
                            sat_before[c] |= I.conc[c] != 0;
                        if (holds(o, I, alpha)) {
                            model_with_alpha = true;
                            for (std::size_t c = 0; c < nc; ++c)
                                sat_after[c] |= I.conc[c] != 0;
                        } else {
                            o_model_violating = true;
                        }
                    });
                    if (st == Status::Entailed) QVERIFY2(!o_model_violating, text.c_str());
                    if (st == Status::Contradictory && rd == Reading::Inconsistency)
                        QVERIFY2(!model_with_alpha, text.c_str());
                    if (st == Status::Contradictory && rd == Reading::Incoherence) {
                        bool lost = !model_with_alpha;
                        for (std::size_t c = 0; c < nc; ++c)
                            lost = lost || (sat_before[c] && !sat_after[c]);
                        QVERIFY2(lost, text.c_str());
                    }
                    if (st == Status::Undetermined) {
                        ++undetermined;
                        if (o_model_violating && model_with_alpha) ++undetermined_witnessed;
                    }
                }
            }
        }
        QVERIFY(checked > 300);
        // Undetermined answers are confirmed by small models in most cases (some need larger domains).
        QVERIFY2(undetermined_witnessed * 10 >= undetermined * 7,
                 qPrintable(QString("%1 of %2").arg(undetermined_witnessed).arg(undetermined)));
    }
    void deltaMatchesFreshSaturation() {
        // Incremental status (delta + rollback) equals saturating O ∪ {α} from scratch.
        std::mt19937 rng(3);
        for (int round = 0; round < 80; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s\nIndividual: a\n";
            for (int i = 0; i < 4; ++i)
                text += random_axiom(rng, true) + "\n";
            Ontology o = read_text(text, "rand");
            jobs::JobContext ctx;
            ClassifyResult r = classify(o, ctx);
            if (!r.consistent) continue;
            StatusChecker chk(o, std::move(r));
            for (int k = 0; k < 5; ++k) {
                const std::string cand = random_axiom(rng, true);
                Ontology o2 = read_text(text + cand + "\n", "rand2");
                ClassifyResult r2 = classify(o2, ctx);
                TextParser tp(o, "cand");
                const Axiom alpha = tp.parse_axiom(cand);
                const Status st = chk.check(alpha, Reading::Inconsistency).status;
                if (st == Status::Contradictory)
                    QVERIFY2(!r2.consistent, (text + cand).c_str());
                else
                    QVERIFY2(r2.consistent, (text + cand).c_str());
            }
        }
    }
    void threadsSameClassification() {
        // Taxonomy, counts and closure lines do not depend on the thread count.
        std::mt19937 rng(31);
        for (int round = 0; round < 300; ++round) {
            std::string text = "Class: A B C D E F G H\nObjectProperty: r s t\nIndividual: a b\n";
            const int n = 3 + static_cast<int>(rng() % 10);
            for (int i = 0; i < n; ++i) {
                std::string ax = rng() % 2 ? random_axiom(rng, true) : random_axiom3(rng);
                // Spread over more classes (A..C → D..H as whole tokens), so that blocks differ.
                for (std::size_t k = 0; k < ax.size(); ++k) {
                    const bool alone = (k == 0 || ax[k - 1] == ' ' || ax[k - 1] == '(') &&
                                       (k + 1 == ax.size() || ax[k + 1] == ' ' || ax[k + 1] == ')');
                    if (alone && ax[k] >= 'A' && ax[k] <= 'C' && rng() % 2)
                        ax[k] = static_cast<char>(ax[k] + 3 + rng() % 3);
                }
                text += ax + "\n";
            }
            std::vector<std::string> outs;
            for (unsigned th : {1u, 2u, 4u}) {
                Ontology o = read_text(text, "rand");
                jobs::JobContext ctx;
                ClassifyResult r = classify(o, ctx, true, th);
                std::string out = std::to_string(r.unsatisfiable) + " " + std::to_string(r.entailed_subsumptions) +
                                  " " + std::to_string(r.consistent) + "\n";
                for (ConceptName c = 0; c < r.named_end; ++c) {
                    out += std::to_string(r.taxonomy.representative[c]) + ":";
                    for (auto p : r.taxonomy.direct_parents[c])
                        out += " " + std::to_string(p);
                    for (auto e : r.taxonomy.equivalents[c])
                        out += " =" + std::to_string(e);
                    out += "\n";
                }
                for (const auto& l : closure_lines(o, r, th))
                    out += l + "\n";
                outs.push_back(out);
            }
            QVERIFY2(outs[1] == outs[0] && outs[2] == outs[0], text.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestReasoner)
#include "tst_reasoner.moc"
