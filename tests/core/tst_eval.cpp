// Tests of the faithfulness evaluation engine: every metric and every ladder level against its
// direct definition (all pairs/triples) on random inputs full of ties, the hierarchy's strictness
// examples, ranking queries, exact P, input errors, and a 10^5-per-band timing run.
#include "eval/evaluate.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::eval;

namespace {

// ---- direct definitions -------------------------------------------------------------------

std::optional<double> brute_auc(const std::vector<double>& pos, const std::vector<double>& neg) {
    if (pos.empty() || neg.empty()) return std::nullopt;
    double s = 0;
    for (double p : pos)
        for (double n : neg)
            s += p > n ? 1.0 : p == n ? 0.5 : 0.0;
    return s / static_cast<double>(pos.size() * neg.size());
}

std::optional<double> brute_fvr(const std::vector<double>& neg, const std::vector<double>& und,
                                const std::vector<double>& pos) {
    if (neg.empty() || und.empty() || pos.empty()) return std::nullopt;
    double good = 0;
    for (double n : neg)
        for (double u : und)
            for (double p : pos)
                good += (n < u && u < p);
    return 1.0 - good / static_cast<double>(neg.size() * und.size() * pos.size());
}

std::optional<double> brute_pair_fvr(const std::vector<double>& und, const std::vector<double>& neg) {
    if (und.empty() || neg.empty()) return std::nullopt;
    double bad = 0;
    for (double u : und)
        for (double n : neg)
            bad += u <= n;
    return bad / static_cast<double>(und.size() * neg.size());
}

template <class T> std::vector<double> brute_ranks(const std::vector<T>& x) {
    std::vector<double> r(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        double less = 0, equal = 0;
        for (std::size_t j = 0; j < x.size(); ++j) {
            if (x[j] < x[i])
                ++less;
            else if (j != i && x[j] == x[i])
                ++equal;
        }
        r[i] = 1 + less + equal / 2;
    }
    return r;
}

std::optional<double> brute_spearman(const std::vector<double>& f, const std::vector<std::uint32_t>& p) {
    if (f.size() < 2) return std::nullopt;
    const auto a = brute_ranks(f), b = brute_ranks(p);
    const double n = static_cast<double>(f.size());
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < f.size(); ++i)
        ma += a[i] / n, mb += b[i] / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < f.size(); ++i)
        sab += (a[i] - ma) * (b[i] - mb), saa += (a[i] - ma) * (a[i] - ma), sbb += (b[i] - mb) * (b[i] - mb);
    if (saa <= 1e-12 || sbb <= 1e-12) return std::nullopt;
    return sab / std::sqrt(saa * sbb);
}

bool close(const std::optional<double>& a, const std::optional<double>& b, double tol = 1e-12) {
    if (a.has_value() != b.has_value()) return false;
    return !a || std::fabs(*a - *b) <= tol;
}

/// All pairs (l, h) of lower × higher with f(l) >= f(h): the largest f(l) − f(h), or nullopt.
std::optional<double> brute_pair_violation(const std::vector<double>& f, const std::vector<std::uint32_t>& lower,
                                           const std::vector<std::uint32_t>& higher) {
    std::optional<double> best;
    for (auto l : lower)
        for (auto h : higher)
            if (f[l] >= f[h]) best = std::max(best.value_or(-1e300), f[l] - f[h]);
    return best;
}

double pos_part(double x) {
    return x > 0 ? x : 0;
}

std::string name(std::uint32_t i) {
    return "x" + std::to_string(i);
}

/// A test set of `GCI0` axioms "x<i>" with the given bands and P keys (kNoP: none), scored by f.
struct Fixture {
    TestSet tests;
    std::shared_ptr<ScoreTable> scores = std::make_shared<ScoreTable>();
};

Fixture make_fixture(const std::vector<Status>& status, const std::vector<double>& f,
                     const std::vector<std::string>& p = {}) {
    Fixture fx;
    for (std::uint32_t i = 0; i < status.size(); ++i) {
        std::optional<ProbValue> pv;
        if (i < p.size() && !p[i].empty()) pv = parse_probability(p[i]);
        fx.tests.add(name(i), "GCI0", status[i], pv, i + 1);
        fx.scores->add(name(i), f[i]);
    }
    return fx;
}

EvalResult run(Fixture fx, EvalOptions options = {}) {
    jobs::JobContext ctx;
    options.ranking = false;
    return evaluate(std::move(fx.tests), fx.scores, options, ctx);
}

std::vector<std::uint32_t> idx(std::initializer_list<std::uint32_t> l) {
    return l;
}

} // namespace

class TestEval : public QObject {
    Q_OBJECT

  private slots:
    // ---- metrics ----------------------------------------------------------------------------

    void metricsAgainstDefinitions() {
        std::mt19937 rng(7);
        for (int trial = 0; trial < 400; ++trial) {
            std::uniform_int_distribution<int> size(0, trial < 40 ? 3 : 9), value(0, trial % 3 == 0 ? 2 : 5);
            std::vector<double> pos(size(rng)), und(size(rng)), neg(size(rng));
            for (auto* v : {&pos, &und, &neg})
                for (double& x : *v)
                    x = value(rng);
            if (trial % 7 == 0 && !neg.empty()) neg[0] = -std::numeric_limits<double>::infinity();
            if (trial % 5 == 0 && !und.empty()) und[0] = -std::numeric_limits<double>::infinity();
            QVERIFY(close(auc_pm(pos, neg), brute_auc(pos, neg)));
            QVERIFY(close(fvr(neg, und, pos), brute_fvr(neg, und, pos)));
            QVERIFY(close(pair_fvr(und, neg), brute_pair_fvr(und, neg)));
            std::vector<std::uint32_t> p(und.size());
            for (auto& x : p)
                x = static_cast<std::uint32_t>(value(rng));
            std::vector<double> finite = und;
            for (double& x : finite)
                if (std::isinf(x)) x = -100;
            QVERIFY2(close(spearman(finite, p), brute_spearman(finite, p), 1e-9), qPrintable(QString::number(trial)));
        }
        // Spot values by hand: AUC with one tie, FVR with a tie on each side.
        QCOMPARE(*auc_pm(std::vector<double>{1, 2}, std::vector<double>{1}), 0.75);
        QCOMPARE(*fvr(std::vector<double>{0, 1}, std::vector<double>{1}, std::vector<double>{1, 2}), 1.0 - 1.0 / 4);
        QCOMPARE(*pair_fvr(std::vector<double>{1, 2}, std::vector<double>{1}), 0.5);
        QVERIFY(!spearman(std::vector<double>{1, 1, 1}, std::vector<std::uint32_t>{1, 2, 3}));
        QCOMPARE(*spearman(std::vector<double>{1, 2, 3}, std::vector<std::uint32_t>{7, 8, 9}), 1.0);
        const auto r = average_ranks(std::vector<double>{5, 1, 5, 3});
        QCOMPARE(r, (std::vector<double>{3.5, 1, 3.5, 2}));
    }

    void placementAgainstDefinitions() {
        std::mt19937 rng(11);
        const std::vector<std::string> pvals = {"0", "1/4", "0.25", "1/2", "3/4", "1"};
        for (int trial = 0; trial < 600; ++trial) {
            std::uniform_int_distribution<int> n(1, 10), band(0, trial % 4 == 0 ? 1 : 2), value(0, 4), pick(0, 5);
            const int count = n(rng);
            std::vector<Status> st(count);
            std::vector<double> f(count);
            std::vector<std::string> p(count);
            for (int i = 0; i < count; ++i) {
                st[i] = static_cast<Status>(band(rng));
                f[i] = value(rng);
                // P: T+ 1 (or omitted), T− 0 (or omitted), T? anything in between (or omitted rarely)
                if (st[i] == Status::Undetermined)
                    p[i] = trial % 9 == 0 && i == 0 ? "" : pvals[1 + pick(rng) % 4];
                else if (pick(rng) < 2)
                    p[i] = st[i] == Status::Entailed ? "1" : "0";
            }
            const EvalResult r = run(make_fixture(st, f, p));
            const Bands b = bands(r.tests);
            const auto& m = r.overall;
            std::vector<std::uint32_t> consistent = b.entailed;
            consistent.insert(consistent.end(), b.undetermined.begin(), b.undetermined.end());

            // L0, L1: holds iff no violating pair; witness margin = largest violation.
            const auto v0 = brute_pair_violation(f, b.contradictory, b.entailed);
            QCOMPARE(m.levels[0].holds, !v0.has_value());
            if (v0) QCOMPARE(m.levels[0].margin, *v0);
            const auto v1 = brute_pair_violation(f, b.contradictory, consistent);
            QCOMPARE(m.levels[1].holds, !v1.has_value());
            if (v1) QCOMPARE(m.levels[1].margin, *v1);
            for (int l : {0, 1}) {
                const auto& w = m.levels[l].witness;
                if (m.levels[l].holds) continue;
                QCOMPARE(w.size(), std::size_t{2});
                QCOMPARE(r.tests.axioms[w[0]].status, Status::Contradictory);
                QVERIFY(l == 1 || r.tests.axioms[w[1]].status == Status::Entailed);
                QVERIFY(r.tests.axioms[w[1]].status != Status::Contradictory);
                QCOMPARE(f[w[0]] - f[w[1]], m.levels[l].margin);
            }

            // L2: the triple condition when all bands are non-empty.
            if (!b.entailed.empty() && !b.undetermined.empty() && !b.contradictory.empty()) {
                std::optional<double> worst;
                for (auto x : b.contradictory)
                    for (auto y : b.undetermined)
                        for (auto z : b.entailed)
                            if (!(f[x] < f[y] && f[y] < f[z]))
                                worst = std::max(worst.value_or(-1.0), pos_part(f[x] - f[y]) + pos_part(f[y] - f[z]));
                QCOMPARE(m.levels[2].holds, !worst.has_value());
                if (worst) {
                    QCOMPARE(m.levels[2].margin, *worst);
                    const auto& w = m.levels[2].witness;
                    QCOMPARE(w.size(), std::size_t{3});
                    QVERIFY(!(f[w[0]] < f[w[1]] && f[w[1]] < f[w[2]]));
                    QCOMPARE(pos_part(f[w[0]] - f[w[1]]) + pos_part(f[w[1]] - f[w[2]]), *worst);
                    QCOMPARE(r.tests.axioms[w[0]].status, Status::Contradictory);
                    QCOMPARE(r.tests.axioms[w[1]].status, Status::Undetermined);
                    QCOMPARE(r.tests.axioms[w[2]].status, Status::Entailed);
                }
                // the chain of the hierarchy on these definitions
                if (m.levels[2].holds) QVERIFY(m.levels[1].holds);
            } else {
                const auto& lower = b.undetermined.empty() || b.entailed.empty() ? b.contradictory : b.undetermined;
                const auto& higher = b.entailed.empty() ? b.undetermined : b.entailed;
                const auto v = brute_pair_violation(f, lower, higher);
                QCOMPARE(m.levels[2].holds, !v.has_value());
            }
            if (m.levels[1].holds) QVERIFY(m.levels[0].holds);

            // L3: all pairs with P1 > P2 need f1 > f2; P of T+/T− without one is 1/0.
            bool all_p = true;
            for (int i = 0; i < count; ++i)
                all_p &= r.p_key[i] != kNoP;
            QCOMPARE(m.levels[3].computable, all_p);
            if (all_p) {
                std::optional<double> worst;
                for (int i = 0; i < count; ++i)
                    for (int j = 0; j < count; ++j)
                        if (r.p_key[i] > r.p_key[j] && !(f[i] > f[j]))
                            worst = std::max(worst.value_or(-1.0), f[j] - f[i]);
                QCOMPARE(m.levels[3].holds, !worst.has_value());
                if (worst) {
                    const auto& w = m.levels[3].witness;
                    QCOMPARE(m.levels[3].margin, *worst);
                    QVERIFY(r.p_key[w[0]] < r.p_key[w[1]]);
                    QCOMPARE(f[w[0]] - f[w[1]], *worst);
                }
                if (m.levels[3].holds) QVERIFY(m.levels[2].holds);
            }
        }
    }

    void violatingPairsAgainstDefinitions() {
        std::mt19937 rng(5);
        for (int trial = 0; trial < 200; ++trial) {
            std::uniform_int_distribution<int> n(0, 12), value(0, 4);
            std::vector<double> f;
            std::vector<std::uint32_t> lower, higher;
            for (int i = n(rng); i > 0; --i)
                lower.push_back(static_cast<std::uint32_t>(f.size())), f.push_back(value(rng));
            for (int i = n(rng); i > 0; --i)
                higher.push_back(static_cast<std::uint32_t>(f.size())), f.push_back(value(rng));
            std::vector<double> margins;
            for (auto l : lower)
                for (auto h : higher)
                    if (f[l] >= f[h]) margins.push_back(f[l] - f[h]);
            std::sort(margins.rbegin(), margins.rend());
            QCOMPARE(count_violations(f, lower, higher), static_cast<std::uint64_t>(margins.size()));
            const std::size_t k = trial % 3 == 0 ? 1000 : static_cast<std::size_t>(trial % 7);
            const auto top = top_violations(f, lower, higher, k);
            QCOMPARE(top.size(), std::min(k, margins.size()));
            std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
            for (std::size_t i = 0; i < top.size(); ++i) {
                QCOMPARE(top[i].margin, margins[i]);
                QCOMPARE(f[top[i].lower] - f[top[i].higher], top[i].margin);
                QVERIFY(std::find(lower.begin(), lower.end(), top[i].lower) != lower.end());
                QVERIFY(std::find(higher.begin(), higher.end(), top[i].higher) != higher.end());
                QVERIFY(seen.insert({top[i].lower, top[i].higher}).second);
            }
        }
    }

    // ---- the hierarchy's strictness ---------------------------------------------------------

    void discriminativeButNotAdmissible() {
        // Entailed above every contradiction, but a contradiction above an undetermined axiom.
        const auto r =
            run(make_fixture({Status::Entailed, Status::Entailed, Status::Undetermined, Status::Contradictory},
                             {3, 4, 0, 1}, {"", "", "1/2", ""}));
        QVERIFY(r.overall.levels[0].holds);
        QVERIFY(!r.overall.levels[1].holds);
        QCOMPARE(r.overall.levels[1].witness, idx({3, 2}));
        QCOMPARE(r.overall.levels[1].margin, 1.0);
        QCOMPARE(r.overall.placement(), 0);
    }

    void admissibleButNotMonotone() {
        // Contradictions lowest, but an undetermined axiom above an entailed one.
        const auto r =
            run(make_fixture({Status::Contradictory, Status::Undetermined, Status::Entailed, Status::Entailed},
                             {0, 2, 1, 5}, {"", "1/2", "", ""}));
        QVERIFY(r.overall.levels[0].holds);
        QVERIFY(r.overall.levels[1].holds);
        QVERIFY(!r.overall.levels[2].holds);
        QCOMPARE(r.overall.levels[2].witness, idx({0, 1, 2}));
        QCOMPARE(r.overall.levels[2].margin, 1.0);
        QCOMPARE(r.overall.placement(), 1);
    }

    void monotoneButNotProbabilistic() {
        // T− < T? < T+, but the undetermined axioms are ordered against P.
        const auto r =
            run(make_fixture({Status::Contradictory, Status::Undetermined, Status::Undetermined, Status::Entailed},
                             {0, 2, 1, 3}, {"", "0.3", "0.6", ""}));
        QVERIFY(r.overall.levels[2].holds);
        QVERIFY(!r.overall.levels[3].holds);
        QCOMPARE(r.overall.levels[3].witness, idx({1, 2})); // P 0.3 (f 2) should be below P 0.6 (f 1)
        QCOMPARE(r.overall.levels[3].margin, 1.0);
        QCOMPARE(r.overall.placement(), 2);
    }

    void perfectAndReversedScorers() {
        std::mt19937 rng(3);
        const std::vector<std::string> pv = {"1/5", "2/5", "1/2", "2/5", "3/5", "0.6"};
        std::vector<Status> st;
        std::vector<double> f, g;
        std::vector<std::string> p;
        for (int i = 0; i < 30; ++i) {
            st.push_back(static_cast<Status>(i % 3));
            p.push_back(st.back() == Status::Entailed        ? "1"
                        : st.back() == Status::Contradictory ? "0"
                                                             : pv[rng() % pv.size()]);
            f.push_back(parse_probability(p.back())->approx);
            g.push_back(-f.back());
        }
        const auto perfect = run(make_fixture(st, f, p));
        QCOMPARE(perfect.overall.placement(), 3);
        QCOMPARE(*perfect.overall.fvr, 0.0);
        QCOMPARE(*perfect.overall.auc_pm, 1.0);
        QCOMPARE(*perfect.overall.rho_p, 1.0);
        const auto reversed = run(make_fixture(st, g, p));
        QVERIFY(!reversed.overall.levels[0].holds);
        QCOMPARE(reversed.overall.placement(), -1);
        QCOMPARE(*reversed.overall.auc_pm, 0.0);
        QCOMPARE(*reversed.overall.fvr, 1.0);
        QCOMPARE(*reversed.overall.rho_p, -1.0);
    }

    void invarianceUnderIncreasingTransform() {
        std::mt19937 rng(9);
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<Status> st;
            std::vector<double> f, g;
            std::vector<std::string> p;
            for (int i = 0; i < 25; ++i) {
                st.push_back(static_cast<Status>(rng() % 3));
                const double x = static_cast<double>(rng() % 7) - 3;
                f.push_back(x);
                g.push_back(x * x * x + 2 * x + 5); // strictly increasing, exact on these integers
                p.push_back(st.back() == Status::Undetermined ? std::to_string(rng() % 5 + 1) + "/7" : "");
            }
            const auto a = run(make_fixture(st, f, p)), b = run(make_fixture(st, g, p));
            QCOMPARE(a.overall.auc_pm, b.overall.auc_pm);
            QCOMPARE(a.overall.fvr, b.overall.fvr);
            QCOMPARE(a.overall.pair_fvr, b.overall.pair_fvr);
            QCOMPARE(a.overall.rho_p, b.overall.rho_p);
            for (int l = 0; l < 4; ++l) {
                QCOMPARE(a.overall.levels[l].holds, b.overall.levels[l].holds);
                if (l != 2) QCOMPARE(a.overall.levels[l].witness, b.overall.levels[l].witness); // L2 margin is a sum
            }
        }
    }

    // ---- ranking ----------------------------------------------------------------------------

    void querySlots() {
        auto slot = [](const char* axiom) {
            const std::string a = normalise_axiom(axiom);
            const auto s = query_slot(a);
            return s ? a.substr(s->begin, s->end - s->begin) + "/" + kind_name(s->kind) : std::string("-");
        };
        QCOMPARE(slot("A SubClassOf B"), std::string("B/class"));
        QCOMPARE(slot("A and B SubClassOf C"), std::string("C/class"));
        QCOMPARE(slot("A SubClassOf r some B"), std::string("B/class"));
        QCOMPARE(slot("r some A SubClassOf B"), std::string("B/class"));
        QCOMPARE(slot("A and B SubClassOf owl:Nothing"), std::string("B/class"));
        QCOMPARE(slot("r some A SubClassOf Nothing"), std::string("A/class"));
        QCOMPARE(slot("Student(alice)"), std::string("Student/class"));
        QCOMPARE(slot("teaches( bob ,alice )"), std::string("alice/individual"));
        QCOMPARE(slot("r o s SubPropertyOf t"), std::string("t/role"));
        QCOMPARE(slot("'pizza base'  SubClassOf   'food item'"), std::string("'food item'/class"));
        QCOMPARE(slot("<http://x/A> SubClassOf ex:B"), std::string("ex:B/class"));
        QCOMPARE(slot("r some Thing SubClassOf Nothing"), std::string("-"));
        QCOMPARE(slot("SubClassOf(A B)"), std::string("-"));
        QCOMPARE(normalise_axiom("  A \t SubClassOf\f  B  "), std::string("A SubClassOf B"));
    }

    void rankingHandExample() {
        // Classes A, B, C, D. T+: A⊑B (0.9), A⊑C (0.5); T−: A⊑D (0.9); A⊑A scored 0.5.
        jobs::JobContext ctx;
        TestSet t;
        t.add("A SubClassOf B", "GCI0", Status::Entailed, {}, 1);
        t.add("A SubClassOf C", "GCI0", Status::Entailed, {}, 2);
        t.add("A SubClassOf D", "GCI0", Status::Contradictory, {}, 3);
        auto s = std::make_shared<ScoreTable>();
        s->add("A SubClassOf B", 0.9);
        s->add("A SubClassOf C", 0.5);
        s->add("A SubClassOf D", 0.9);
        s->add("A  SubClassOf A", 0.5);
        EvalOptions o;
        o.k = 2;
        auto r = evaluate(t, s, o, ctx);
        // A⊑B: others A (0.5), D (0.9 tie), C filtered → rank 1.5. A⊑C: A tie, D better → 2.5.
        QCOMPARE(r.queries.size(), std::size_t{2});
        QCOMPARE(r.queries[0].rank, 1.5);
        QCOMPARE(r.queries[1].rank, 2.5);
        QCOMPARE(r.queries[0].filtered_out, 1u);
        QCOMPARE(*r.overall.mrr, (1 / 1.5 + 1 / 2.5) / 2);
        QCOMPARE(*r.overall.hits_at_1, 0.0);
        QCOMPARE(*r.overall.hits_at_3, 1.0);
        // top 2 of {B .9, D .9 (contradictory), A .5, C .5} = {B, D} → 1/2 in both queries
        QCOMPARE(*r.overall.adm_at_k, 0.5);
        o.k = 3; // third place shared by A and C (both admissible) → (1 + 0 + 1) / 3
        r = evaluate(t, s, o, ctx);
        QCOMPARE(*r.overall.adm_at_k, 2.0 / 3);
        QCOMPARE(r.overall.adm_unknown_top_k, 2 * 0.5); // A is not in the tests: half a place per query
        // Missing candidate: not computable, never a subset.
        auto s2 = std::make_shared<ScoreTable>(*s);
        s2->add("B SubClassOf E", 0.1); // introduces classes B, E: now A⊑E has no score
        r = evaluate(t, s2, o, ctx);
        QVERIFY(!r.overall.mrr && !r.overall.hits_at_10 && !r.overall.adm_at_k);
        QVERIFY(QString::fromStdString(r.overall.ranking_note).contains("`A SubClassOf E`"));
    }

    void rankingAgainstDefinition() {
        std::mt19937 rng(21);
        for (int trial = 0; trial < 40; ++trial) {
            const int nc = 3 + trial % 5;
            auto cls = [](int i) { return "C" + std::to_string(i); };
            auto ax = [&](int i, int j) { return cls(i) + " SubClassOf r some " + cls(j); };
            TestSet t;
            auto s = std::make_shared<ScoreTable>();
            std::map<std::pair<int, int>, Status> status;
            std::map<std::pair<int, int>, double> score;
            for (int i = 0; i < nc; ++i)
                for (int j = 0; j < nc; ++j) {
                    score[{i, j}] = static_cast<double>(rng() % 4);
                    s->add(ax(i, j), score[{i, j}]);
                    if (rng() % 3 == 0) {
                        status[{i, j}] = static_cast<Status>(rng() % 3);
                        t.add(ax(i, j), "GCI2", status[{i, j}], {});
                    }
                }
            const std::size_t k = 1 + trial % 4;
            EvalOptions o;
            o.k = k;
            jobs::JobContext ctx;
            const auto r = evaluate(t, s, o, ctx);
            double mrr = 0, h1 = 0, adm = 0, n = 0;
            for (const auto& [key, st] : status) {
                if (st != Status::Entailed) continue;
                const auto [i, j] = key;
                double better = 0, tied = 0;
                std::vector<std::pair<double, bool>> all; // score, contradictory
                for (int c = 0; c < nc; ++c) {
                    const auto it = status.find({i, c});
                    all.push_back({score[{i, c}], it != status.end() && it->second == Status::Contradictory});
                    if (c == j || (it != status.end() && it->second == Status::Entailed)) continue;
                    better += score[{i, c}] > score[{i, j}];
                    tied += score[{i, c}] == score[{i, j}];
                }
                const double rank = 1 + better + tied / 2;
                mrr += 1 / rank;
                h1 += rank <= 1;
                // Adm@k as the expectation over a uniformly random order of tied candidates:
                // average over all permutations consistent with the scores = pro-rata sharing.
                std::sort(all.begin(), all.end(), [](auto& a, auto& b) { return a.first > b.first; });
                const std::size_t kk = std::min(k, all.size());
                const double v = all[kk - 1].first;
                double above = 0, above_ok = 0, eq = 0, eq_ok = 0;
                for (auto& [sc, contra] : all) {
                    if (sc > v) above++, above_ok += !contra;
                    if (sc == v) eq++, eq_ok += !contra;
                }
                adm += (above_ok + (static_cast<double>(kk) - above) * eq_ok / eq) / static_cast<double>(kk);
                ++n;
            }
            if (n == 0) {
                QVERIFY(!r.overall.mrr);
                continue;
            }
            QVERIFY(r.overall.mrr);
            QVERIFY(std::fabs(*r.overall.mrr - mrr / n) < 1e-12);
            QVERIFY(std::fabs(*r.overall.hits_at_1 - h1 / n) < 1e-12);
            QVERIFY(std::fabs(*r.overall.adm_at_k - adm / n) < 1e-12);
        }
    }

    // ---- input ------------------------------------------------------------------------------

    void exactProbabilities() {
        QCOMPARE(parse_probability("0.25")->text, std::string("1/4"));
        QCOMPARE(parse_probability("2/8")->text, std::string("1/4"));
        QCOMPARE(parse_probability("0.08")->text, std::string("2/25")); // no octal reading of "008"
        QCOMPARE(parse_probability("025/100")->text, std::string("1/4"));
        QCOMPARE(parse_probability("25e-2")->text, std::string("1/4"));
        QCOMPARE(parse_probability("1")->text, std::string("1/1"));
        QVERIFY(std::fabs(parse_probability("425/576")->approx - 0.737847222) < 1e-9);
        for (const char* bad : {"1/0", "abc", "1.5", "-0.1", "3/2", "0.5x", "", "1e", "/2"})
            QVERIFY2(!parse_probability(bad), bad);
        // Two values closer than a double can tell apart are still ordered exactly, and
        // equal values written differently tie.
        const std::string big = "1" + std::string(30, '0');
        TestSet t;
        t.add("a", "X", Status::Undetermined, parse_probability(big + "1/2" + big.substr(1) + "0"));
        t.add("b", "X", Status::Undetermined, parse_probability("1/2"));
        t.add("c", "X", Status::Undetermined, parse_probability("0.5"));
        t.finalise();
        QCOMPARE(t.p_values[t.axioms[0].p].approx, t.p_values[t.axioms[1].p].approx);
        QVERIFY(t.p_rank[t.axioms[0].p] > t.p_rank[t.axioms[1].p]);
        QCOMPARE(t.axioms[1].p, t.axioms[2].p);
    }

    void readers() {
        jobs::JobContext ctx;
        const auto t = read_tests_text("t.tsv",
                                       "status\tnf\taxiom\tP\n# comment\n\nentailed\tGCI0\tA SubClassOf B\r\n"
                                       "Undetermined\tGCI2\t A  SubClassOf r some C \t425/576 0.737847\n"
                                       "contradictory\tGCI0\tA SubClassOf D\t0\t0.0\n",
                                       ctx);
        QCOMPARE(t.axioms.size(), std::size_t{3});
        QCOMPARE(t.axioms[1].axiom, std::string_view("A SubClassOf r some C"));
        QCOMPARE(t.axioms[1].status, Status::Undetermined);
        QCOMPARE(t.p_values[t.axioms[1].p].text, std::string("425/576"));
        QCOMPARE(t.axioms[1].line, 5u);
        QCOMPARE(t.normal_forms, (std::vector<std::string>{"GCI0", "GCI2"}));
        const auto s = read_scores_text(
            "s.tsv", "axiom\tscore\nA SubClassOf B\t+1.5\nA  SubClassOf B\t1.5\nB SubClassOf C\t-2e3\n", true, ctx);
        QCOMPARE(s.size(), std::size_t{2});
        QCOMPARE(*s.score("A SubClassOf B"), -1.5); // lower is better: stored negated
        QCOMPARE(s.display(*s.score("B SubClassOf C")), -2000.0);
    }

    void badInput_data() {
        QTest::addColumn<bool>("tests");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown status") << true
                                        << QByteArray("entailed\tGCI0\tA SubClassOf B\nmaybe\tGCI0\tA SubClassOf C\n")
                                        << 2 << 1 << QString("unknown status 'maybe'");
        QTest::newRow("two columns") << true << QByteArray("entailed\tGCI0\n") << 1 << 14 << QString("found 2 columns");
        QTest::newRow("malformed P") << true << QByteArray("undetermined\tGCI0\tA SubClassOf B\t0.3.1\n") << 1 << 34
                                     << QString("neither a decimal");
        QTest::newRow("P over 1") << true << QByteArray("undetermined\tGCI0\tA SubClassOf B\t7/5\n") << 1 << 34
                                  << QString("greater than 1");
        QTest::newRow("zero denominator")
            << true << QByteArray("undetermined\tGCI0\tA SubClassOf B\t1/0\n") << 1 << 34 << QString("denominator 0");
        QTest::newRow("decimal disagrees")
            << true << QByteArray("undetermined\tGCI0\tA\t1/3\t0.5\n") << 1 << 25 << QString("does not agree");
        QTest::newRow("axiom twice") << true
                                     << QByteArray("entailed\tGCI0\tA SubClassOf B\nentailed\tGCI0\tA  SubClassOf B\n")
                                     << 2 << 15 << QString("already listed at line 1");
        QTest::newRow("empty axiom") << true << QByteArray("entailed\tGCI0\t \n") << 1 << 15 << QString("empty axiom");
        QTest::newRow("NaN score") << false << QByteArray("A SubClassOf B\t0.5\nB SubClassOf C\tnan\n") << 2 << 16
                                   << QString("not a finite number");
        QTest::newRow("infinite score") << false << QByteArray("A SubClassOf B\t-inf\n") << 1 << 16
                                        << QString("not a finite number");
        QTest::newRow("overflowing score")
            << false << QByteArray("A SubClassOf B\t1e999\n") << 1 << 16 << QString("not a finite number");
        QTest::newRow("not a number") << false << QByteArray("A SubClassOf B\thigh\n") << 1 << 16
                                      << QString("not a number");
        QTest::newRow("no score column") << false << QByteArray("A SubClassOf B\n") << 1 << 15
                                         << QString("found 1 column");
        QTest::newRow("extra column") << false << QByteArray("A SubClassOf B\t1\t2\n") << 1 << 18
                                      << QString("more columns");
        QTest::newRow("scored twice") << false
                                      << QByteArray("A SubClassOf B\t1\nC SubClassOf D\t1\nA SubClassOf  B\t2\n") << 3
                                      << 17 << QString("scored differently at line 1");
        QTest::newRow("invalid UTF-8") << false << QByteArray("caf\xC3 SubClassOf B\t1\n") << 1 << 4
                                       << QString("invalid UTF-8");
    }

    void badInput() {
        QFETCH(bool, tests);
        QFETCH(QByteArray, content);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        jobs::JobContext ctx;
        const std::string text = content.toStdString();
        try {
            if (tests)
                read_tests_text("t.tsv", text, ctx);
            else
                read_scores_text("s.tsv", text, false, ctx);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(static_cast<int>(e.line()), line);
            QCOMPARE(static_cast<int>(e.column()), column);
            QVERIFY2(QString::fromStdString(e.message()).contains(message), e.what());
        }
    }

    void missingScores() {
        jobs::JobContext ctx;
        TestSet t;
        for (int i = 0; i < 5; ++i)
            t.add("A SubClassOf X" + std::to_string(i), "GCI0", static_cast<Status>(i % 3), {}, i + 10);
        auto s = std::make_shared<ScoreTable>();
        s->add("A SubClassOf X0", 1.0);
        try {
            evaluate(t, s, {}, ctx);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), std::size_t{11});
            QVERIFY(QString::fromStdString(e.message())
                        .startsWith("4 test axioms have no score: `A SubClassOf X1` (line 11)"));
            QVERIFY(QString::fromStdString(e.message()).contains("--missing lowest"));
        }
        EvalOptions o;
        o.missing_lowest = true;
        const auto r = evaluate(t, s, o, ctx);
        QCOMPARE(r.overall.n_missing_scores, 4u);
        // X0 (entailed, 1.0) above X2 (contradictory, lowest); X3 (entailed, lowest) ties X2 → L0 fails, margin 0
        QVERIFY(!r.overall.levels[0].holds);
        QCOMPARE(r.overall.levels[0].margin, 0.0);
        QCOMPARE(*r.overall.auc_pm, (1.0 + 0.5) / 2);
    }

    void scalesTo1e5PerBand() {
        const std::uint32_t n = 100000;
        std::mt19937 rng(1);
        std::string tests, scores;
        tests.reserve(n * 3 * 48);
        scores.reserve(n * 3 * 40);
        for (std::uint32_t i = 0; i < 3 * n; ++i) {
            const auto st = static_cast<Status>(i % 3);
            const std::string ax = "C" + std::to_string(i) + " SubClassOf r some D" + std::to_string(i % 1000);
            tests += std::string(status_name(st)) + "\tGCI2\t" + ax;
            if (st == Status::Undetermined) tests += "\t" + std::to_string(rng() % 1000 + 1) + "/1001";
            tests += "\n";
            scores += ax + "\t" +
                      std::to_string(static_cast<int>(rng() % 10000) - 5000 + 3000 * (2 - static_cast<int>(i % 3))) +
                      "\n";
        }
        Stopwatch clock;
        jobs::JobContext ctx;
        TestSet t = read_tests_text("big.tsv", tests, ctx);
        auto s = std::make_shared<ScoreTable>(read_scores_text("big-scores.tsv", scores, false, ctx));
        const double read = clock.seconds();
        const auto r = evaluate(std::move(t), s, {}, ctx);
        qInfo("3 x %u axioms: read %.3f s, evaluate %.3f s (ranking %.3f s), peak memory %s", n, read,
              clock.seconds() - read, r.ranking_seconds, human_bytes(peak_memory_bytes()).c_str());
        QCOMPARE(r.overall.n_entailed, std::uint64_t{n});
        QVERIFY(r.overall.fvr && r.overall.rho_p && r.overall.auc_pm);
        QVERIFY(!r.overall.mrr); // candidates C<i> SubClassOf r some D<j> are not all scored
        // spot-check the pair counts against an independent count on a sample
        const Bands b = bands(r.tests);
        QCOMPARE(count_inversions(r, Inversion::UndeterminedNotAboveContradiction),
                 static_cast<std::uint64_t>(std::llround(*r.overall.pair_fvr * double(n) * double(n))));
        const auto top = top_inversions(r, Inversion::EntailedNotAboveContradiction, 100);
        QVERIFY(!top.empty());
        for (std::size_t i = 1; i < top.size(); ++i)
            QVERIFY(top[i - 1].margin >= top[i].margin);
        QVERIFY(b.entailed.size() == n);
    }
};

QTEST_APPLESS_MAIN(TestEval)
#include "tst_eval.moc"
