// Benchmark generator, folder reader and KG metrics: every generator invariant on random small
// KGs against brute-force rule application, sampler definitions, metrics against definitions.
#include "bench/folder.hpp"
#include "bench/generate_command.hpp"
#include "bench/generator.hpp"
#include "bench/kg_metrics.hpp"
#include "bench_test_util.hpp"
#include "test_util.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace kbcx;
using bench::GroundFact;

namespace {

using kbcx::test::all_atoms;
using kbcx::test::brute_supports;
using kbcx::test::holds;
using kbcx::test::in_kg;
using kbcx::test::random_kg;

using kbcx::test::slurp;

bench::Generated run_generate(std::shared_ptr<const kg::KnowledgeGraph> g, std::vector<rules::Pattern> patterns,
                              bench::NegMethod neg, std::size_t k1, std::size_t k2, std::uint64_t seed,
                              unsigned threads = 1) {
    bench::GenerateParams p;
    p.graph = std::move(g);
    p.patterns = std::move(patterns);
    p.neg = neg;
    p.k1 = k1;
    p.k2 = k2;
    p.seed = seed;
    p.threads = threads;
    p.variant = bench::Variant::Kbcx; // the invariants below are the kbcx variant's
    jobs::JobContext ctx;
    return bench::generate_benchmark(p, ctx);
}

/// Checks every invariant of a generated benchmark against brute force.
void check_invariants(const bench::Generated& gen, const kg::KnowledgeGraph& g) {
    const kg::FactStore& K = g.facts;
    const auto& crules = gen.program->rules();
    // Brute-force T_r(K) \ K and support constants per rule.
    std::vector<std::set<GroundFact>> conclusions(crules.size());
    std::vector<std::set<kg::Id>> constants(crules.size());
    std::set<GroundFact> t_all;
    for (std::size_t r = 0; r < crules.size(); ++r) {
        brute_supports(K, crules[r], all_atoms(crules[r]), [&](const std::vector<kg::Id>& b) {
            const GroundFact h = rules::ground(crules[r].head, b);
            for (const auto& a : crules[r].body) {
                constants[r].insert(a.t[0].var ? b[a.t[0].id] : a.t[0].id);
                if (!a.unary) constants[r].insert(a.t[1].var ? b[a.t[1].id] : a.t[1].id);
            }
            if (!in_kg(K, h)) conclusions[r].insert(h);
            t_all.insert(h);
        });
        QCOMPARE(gen.rules[r].new_conclusions, conclusions[r].size());
        QCOMPARE(gen.rules[r].sampled, std::min(gen.params.k2, conclusions[r].size()));
        QVERIFY(gen.rules[r].positives[0] + gen.rules[r].positives[1] + gen.rules[r].positives[2] <= gen.params.k2);
    }
    // k1 per pattern.
    std::map<std::string, std::size_t> per_pattern;
    for (const auto& r : gen.rules)
        ++per_pattern[r.pattern];
    for (const auto& [pat, n] : per_pattern)
        QVERIFY(n <= gen.params.k1);
    // Positives: new facts, conclusions of their rule, disjoint across splits, split sizes per rule.
    std::set<GroundFact> all_pos;
    std::array<std::set<GroundFact>, 3> split_pos;
    for (int s = 0; s < 3; ++s)
        for (const auto& p : gen.positives[static_cast<std::size_t>(s)]) {
            QVERIFY(!in_kg(K, p.fact));
            QVERIFY(conclusions[p.rule].count(p.fact));
            QVERIFY2(all_pos.insert(p.fact).second, "a positive in two splits or twice");
            split_pos[static_cast<std::size_t>(s)].insert(p.fact);
        }
    for (const auto& r : gen.rules) {
        const std::size_t n = r.positives[0] + r.positives[1] + r.positives[2];
        QCOMPARE(n + r.shared, r.sampled);
        QCOMPARE(r.positives[1], n * 1 / 10);
        QCOMPARE(r.positives[2], n * 1 / 10);
    }
    // Negatives.
    std::set<GroundFact> all_neg;
    for (int s = 0; s < 3; ++s) {
        const auto su = static_cast<std::size_t>(s);
        const auto& N = gen.negatives[su];
        const auto& P = gen.positives[su];
        if (N.size() != P.size()) {
            QVERIFY(N.size() < P.size());
            bool reported = false;
            for (const auto& line : gen.shortfalls)
                reported = reported || line.starts_with(std::string(bench::split_name(s)) + ":");
            QVERIFY2(reported, "a short split without a shortfall line");
        }
        for (const auto& n : N) {
            QVERIFY(!in_kg(K, n.fact));
            QVERIFY(!all_pos.count(n.fact));
            QVERIFY2(!t_all.count(n.fact), "a negative that a kept rule derives");
            QVERIFY2(all_neg.insert(n.fact).second, "a negative repeated");
            QVERIFY(n.target < P.size());
            const GroundFact& t = P[n.target].fact;
            const auto rule = P[n.target].rule;
            switch (n.method) {
            case bench::NegMethod::RC:
                QCOMPARE(n.fact.unary, t.unary);
                QCOMPARE(n.fact.s, t.s);
                if (!t.unary) QCOMPARE(n.fact.pred, t.pred);
                break;
            case bench::NegMethod::PA:
                QCOMPARE(n.fact.unary, t.unary);
                if (t.unary) {
                    // (e, rdf:type, T): the type or the entity replaced by one seen in that position.
                    if (n.fact.pred == t.pred) {
                        bool typed = false;
                        for (kg::Id ty = 0; ty < K.num_types(); ++ty)
                            typed = typed || K.has_type(n.fact.s, ty);
                        QVERIFY(typed);
                    } else {
                        QCOMPARE(n.fact.s, t.s);
                        QVERIFY(!K.instances(n.fact.pred).empty());
                    }
                } else {
                    QCOMPARE(n.fact.pred, t.pred);
                    QVERIFY(n.fact.s == t.s || n.fact.o == t.o);
                    if (n.fact.s == t.s) {
                        QVERIFY(!K.subjects(t.pred, n.fact.o).empty()); // o seen as an object of the predicate
                    } else {
                        QVERIFY(!K.objects(t.pred, n.fact.s).empty()); // s seen as a subject
                    }
                }
                break;
            case bench::NegMethod::RB:
                QCOMPARE(n.fact.pred, crules[rule].head.pred);
                QCOMPARE(n.fact.unary, crules[rule].head.unary);
                QVERIFY(constants[rule].count(n.fact.s));
                if (!n.fact.unary) QVERIFY(constants[rule].count(n.fact.o));
                break;
            case bench::NegMethod::QG: {
                QVERIFY(gen.rules[rule].complex);
                // A conclusion of some sub-rule: a non-empty proper subset of the body binding the head.
                bool found = false;
                const auto& cr = crules[rule];
                const std::size_t nb = cr.body.size();
                for (std::uint32_t mask = 1; mask + 1 < (1u << nb) && !found; ++mask) {
                    std::vector<std::size_t> atoms;
                    for (std::size_t i = 0; i < nb; ++i)
                        if (mask >> i & 1u) atoms.push_back(i);
                    brute_supports(K, cr, atoms, [&](const std::vector<kg::Id>& b) {
                        found = found || rules::ground(cr.head, b) == n.fact;
                    });
                }
                QVERIFY2(found, "a qg negative that no sub-rule derives");
                break;
            }
            }
        }
    }
    if (gen.params.neg == bench::NegMethod::QG && !gen.rules.empty())
        for (int s = 0; s < 3; ++s) {
            const auto su = static_cast<std::size_t>(s);
            QCOMPARE(gen.qg_quota[su], gen.positives[su].size() * gen.complex_rules / gen.rules.size());
            std::size_t qg = 0;
            for (const auto& n : gen.negatives[su])
                qg += n.method == bench::NegMethod::QG ? 1 : 0;
            QCOMPARE(qg, gen.qg_drawn[su]);
            QVERIFY(qg <= gen.qg_quota[su]);
        }
}

std::map<std::string, std::string> folder_bytes(const std::string& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        out[e.path().filename().string()] = slurp(e.path().string());
    return out;
}

} // namespace

class TestBench : public QObject {
    Q_OBJECT

  private slots:
    void invariantsOnRandomKgs() {
        using P = rules::Pattern;
        const std::vector<std::vector<P>> pattern_sets = {
            {P::Symmetry},
            {P::Intersection},
            {P::Composition, P::Inversion},
            {P::Triangle},
            {P::Hierarchy, P::Intersection},
            {P::Domain, P::Range, P::TypeHierarchy},
        };
        std::mt19937 rng(7);
        int generated = 0;
        std::map<bench::NegMethod, std::size_t> drawn; // negatives per method actually drawn
        for (int round = 0; round < 12; ++round)
            for (const auto& pats : pattern_sets)
                for (auto neg :
                     {bench::NegMethod::RC, bench::NegMethod::RB, bench::NegMethod::PA, bench::NegMethod::QG}) {
                    const int n = 5 + static_cast<int>(rng() % 5);
                    const auto kg =
                        test::load_text("kg.tsv", random_kg(rng, n, 2 + static_cast<int>(rng() % 3), 2, n * 3, n));
                    const std::size_t k1 = 1 + rng() % 3, k2 = 1 + rng() % 25;
                    const auto gen = run_generate(kg.graph, pats, neg, k1, k2, rng());
                    check_invariants(gen, *kg.graph);
                    for (const auto& split : gen.negatives)
                        for (const auto& neg_fact : split)
                            ++drawn[neg_fact.method];
                    if (QTest::currentTestFailed()) {
                        qWarning("round %d, neg %s", round, std::string(bench::neg_name(neg)).c_str());
                        return;
                    }
                    ++generated;
                }
        QCOMPARE(generated, 12 * 6 * 4);
        for (auto m : {bench::NegMethod::RC, bench::NegMethod::RB, bench::NegMethod::PA, bench::NegMethod::QG})
            QVERIFY2(drawn[m] > 20, std::string(bench::neg_name(m)).c_str()); // the checks above saw each kind
    }

    void qgNegativesAreSubRuleConclusions() {
        // The sampled qg negatives (random groundings of sub-rule bodies) on random KGs dense
        // enough for diamonds: each is a conclusion of a sub-rule (brute force, in
        // check_invariants), keeps a head constant of its positive, and the draw does not depend
        // on the thread count.
        using P = rules::Pattern;
        std::mt19937 rng(19);
        std::size_t qg = 0, checked = 0;
        for (int round = 0; round < 20; ++round) {
            const int n = 8 + static_cast<int>(rng() % 4);
            const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 2 + static_cast<int>(rng() % 2), 0, n * 5, 0));
            const std::size_t k1 = 2 + rng() % 2, k2 = 5 + rng() % 30;
            const std::uint64_t seed = rng();
            const auto gen =
                run_generate(kg.graph, {P::Diamond, P::Triangle, P::Intersection}, bench::NegMethod::QG, k1, k2, seed);
            check_invariants(gen, *kg.graph);
            if (QTest::currentTestFailed()) {
                qWarning("round %d", round);
                return;
            }
            const auto again = run_generate(kg.graph, {P::Diamond, P::Triangle, P::Intersection}, bench::NegMethod::QG,
                                            k1, k2, seed, 3);
            for (std::size_t s = 0; s < 3; ++s) {
                QCOMPARE(again.negatives[s].size(), gen.negatives[s].size());
                for (std::size_t i = 0; i < gen.negatives[s].size(); ++i) {
                    const auto& neg = gen.negatives[s][i];
                    QVERIFY(again.negatives[s][i].fact == neg.fact);
                    if (neg.method != bench::NegMethod::QG) continue;
                    ++qg;
                    const GroundFact& t = gen.positives[s][neg.target].fact;
                    QVERIFY2(neg.fact.s == t.s || neg.fact.o == t.o, "a qg negative shares no head constant");
                }
                checked += gen.negatives[s].size();
            }
        }
        QVERIFY2(qg > 100, std::to_string(qg).c_str()); // the checks above saw many sampled qg negatives
        QVERIFY(checked >= qg);
    }

    void exactCountsWhenPoolsAreLarge() {
        // 40 entities and a dense symmetric-free relation: every split can be filled exactly.
        std::string text;
        for (int i = 0; i < 40; ++i)
            for (int j = 1; j <= 3; ++j)
                text += "e" + std::to_string(i) + "\tr\te" + std::to_string((i + j) % 40) + "\n";
        for (int i = 0; i < 40; i += 2)
            text += "e" + std::to_string(i) + "\ts\te" + std::to_string((i + 1) % 40) + "\n";
        const auto kg = test::load_text("kg.tsv", text);
        for (auto neg : {bench::NegMethod::RC, bench::NegMethod::PA, bench::NegMethod::RB}) {
            const auto gen = run_generate(kg.graph, {rules::Pattern::Symmetry}, neg, 2, 100, 3);
            QVERIFY(gen.shortfalls.empty());
            QVERIFY(gen.positives[1].size() > 0);
            for (int s = 0; s < 3; ++s)
                QCOMPARE(gen.negatives[static_cast<std::size_t>(s)].size(),
                         gen.positives[static_cast<std::size_t>(s)].size());
            check_invariants(gen, *kg.graph);
        }
    }

    void topK1BySupport() {
        // Relation sizes 5, 4, 3, 2: symmetry keeps the largest k1, in order of support.
        std::string text;
        for (int r = 0; r < 4; ++r)
            for (int i = 0; i < 5 - r; ++i)
                text += "e" + std::to_string(i) + "\tr" + std::to_string(r) + "\te" + std::to_string(i + 1) + "\n";
        const auto kg = test::load_text("kg.tsv", text);
        const auto gen = run_generate(kg.graph, {rules::Pattern::Symmetry}, bench::NegMethod::PA, 2, 10, 1);
        QCOMPARE(gen.rules.size(), std::size_t{2});
        QCOMPARE(gen.rules[0].support, std::uint64_t{5});
        QCOMPARE(gen.rules[1].support, std::uint64_t{4});
        QCOMPARE(gen.rules[0].new_conclusions, std::uint64_t{5});
    }

    void intersectionBodiesCountOnce() {
        std::string text;
        for (int i = 0; i < 6; ++i)
            text += "e" + std::to_string(i) + "\ta\te" + std::to_string(i + 1) + "\ne" + std::to_string(i) + "\tb\te" +
                    std::to_string(i + 1) + "\ne" + std::to_string(i) + "\tc\te" + std::to_string(i + 2) + "\n";
        const auto kg = test::load_text("kg.tsv", text);
        const auto gen = run_generate(kg.graph, {rules::Pattern::Intersection}, bench::NegMethod::QG, 5, 10, 1);
        QCOMPARE(gen.rules.size(), std::size_t{1}); // a∧b only; b∧a is the same body
        check_invariants(gen, *kg.graph);
    }

    void deterministicAndThreadIndependent() {
        std::mt19937 rng(11);
        const auto kg = test::load_text("kg.tsv", random_kg(rng, 30, 4, 3, 150, 30));
        QTemporaryDir dir;
        std::vector<std::map<std::string, std::string>> outputs;
        for (unsigned threads : {1u, 4u, 1u}) {
            for (auto neg : {bench::NegMethod::QG}) {
                const auto gen = run_generate(kg.graph, rules::all_patterns(), neg, 3, 20, 42, threads);
                const std::string path = dir.filePath(QString::number(outputs.size())).toStdString();
                bench::write_benchmark(gen, path);
                outputs.push_back(folder_bytes(path));
            }
        }
        QCOMPARE(outputs[0].size(), std::size_t{11}); // LogInfer's ten files + facts_by_rule.tsv
        QVERIFY(outputs[0] == outputs[1]);
        QVERIFY(outputs[0] == outputs[2]);
        // Another seed gives another benchmark.
        const auto other = run_generate(kg.graph, rules::all_patterns(), bench::NegMethod::QG, 3, 20, 43);
        const std::string path = dir.filePath("other").toStdString();
        bench::write_benchmark(other, path);
        QVERIFY(folder_bytes(path) != outputs[0]);
    }

    void writtenFolderReadsBackClean() {
        std::mt19937 rng(5);
        const auto kg = test::load_text("kg.tsv", random_kg(rng, 25, 3, 2, 120, 20));
        const auto gen =
            run_generate(kg.graph, {rules::Pattern::Symmetry, rules::Pattern::Composition, rules::Pattern::Domain},
                         bench::NegMethod::PA, 3, 30, 9);
        QTemporaryDir dir;
        const std::string path = dir.filePath("b").toStdString();
        bench::write_benchmark(gen, path);
        jobs::JobContext ctx;
        const auto b = bench::read_benchmark(path, ctx);
        QCOMPARE(b.pos[1].facts.size(), gen.positives[1].size());
        QCOMPARE(b.pos[2].facts.size(), gen.positives[2].size());
        QCOMPARE(b.pos[0].facts.size(),
                 kg.graph->facts.num_facts() + kg.graph->facts.num_type_facts() + gen.positives[0].size());
        QCOMPARE(b.neg.size(), std::size_t{1});
        QCOMPARE(b.neg.at("pa")[2].facts.size(), gen.negatives[2].size());
        QCOMPARE(b.rules, gen.rules.size());
        if (gen.shortfalls.empty()) QVERIFY2(b.warnings.empty(), b.warnings.empty() ? "" : b.warnings[0].c_str());
        QVERIFY(b.notes.empty());
    }

    void subRules() {
        rules::CRule r;
        r.num_vars = 3; // R(x,y), S(x,z), T(y,z) -> P(x,y), x != z
        r.body = {
            {false, 0, {{true, 0}, {true, 1}}}, {false, 1, {{true, 0}, {true, 2}}}, {false, 2, {{true, 1}, {true, 2}}}};
        r.head = {false, 3, {{true, 0}, {true, 1}}};
        r.inequalities = {{{true, 0}, {true, 2}}};
        const auto subs = bench::sub_rules(r);
        // Subsets binding x and y: {R}, {R,S}, {R,T}, {S,T}; {S} and {T} leave y or x unbound.
        QCOMPARE(subs.size(), std::size_t{4});
        for (const auto& s : subs) {
            QVERIFY(s.body.size() < 3);
            const bool has_z =
                std::any_of(s.body.begin(), s.body.end(), [](const rules::CAtom& a) { return a.t[1].id == 2; });
            QCOMPARE(s.inequalities.size(), std::size_t{has_z ? 1u : 0u});
        }
    }

    void metricsAgainstDefinitions() {
        std::mt19937 rng(3);
        for (int round = 0; round < 300; ++round) {
            std::uniform_int_distribution<int> val(0, 4), size(0, 7);
            std::vector<double> pos(static_cast<std::size_t>(size(rng))), neg(static_cast<std::size_t>(size(rng)));
            for (auto& x : pos)
                x = val(rng) * 0.5;
            for (auto& x : neg)
                x = val(rng) * 0.5;
            // AUC by pairs.
            if (!pos.empty() && !neg.empty()) {
                double sum = 0;
                for (double p : pos)
                    for (double n : neg)
                        sum += p > n ? 1.0 : p == n ? 0.5 : 0.0;
                QCOMPARE(*bench::roc_auc(pos, neg), sum / double(pos.size() * neg.size()));
            } else {
                QVERIFY(!bench::roc_auc(pos, neg));
            }
            // Threshold: the largest τ among the scores that maximises F1.
            double best_f1 = -1, best_tau = std::numeric_limits<double>::infinity();
            std::set<double> cands(pos.begin(), pos.end());
            cands.insert(neg.begin(), neg.end());
            for (double tau : cands) {
                double tp = 0, fp = 0;
                for (double p : pos)
                    tp += p >= tau;
                for (double n : neg)
                    fp += n >= tau;
                const double prec = tp + fp > 0 ? tp / (tp + fp) : 0, rec = pos.empty() ? 0 : tp / double(pos.size());
                const double f1 = prec + rec > 0 ? 2 * prec * rec / (prec + rec) : 0;
                if (f1 > best_f1 + 1e-12 || (std::abs(f1 - best_f1) <= 1e-12 && tau > best_tau)) {
                    best_f1 = f1;
                    best_tau = tau;
                }
            }
            const double tau = bench::best_f1_threshold(pos, neg);
            QCOMPARE(tau, best_tau);
            if (!cands.empty()) QVERIFY(std::abs(bench::classify(pos, neg, tau).f1 - best_f1) < 1e-12);
            // Counts and rates.
            const auto c = bench::classify(pos, neg, 1.0);
            std::uint64_t tp = 0, tn = 0;
            for (double p : pos)
                tp += p >= 1.0;
            for (double n : neg)
                tn += n < 1.0;
            QCOMPARE(c.tp, tp);
            QCOMPARE(c.tn, tn);
            QCOMPARE(c.fn, pos.size() - tp);
            QCOMPARE(c.fp, neg.size() - tn);
            if (!pos.empty() || !neg.empty()) QCOMPARE(c.accuracy, double(tp + tn) / double(pos.size() + neg.size()));
            // Rank with ties.
            if (!pos.empty()) {
                double better = 0, tied = 0;
                for (double n : neg)
                    better += n > pos[0], tied += n == pos[0];
                QCOMPARE(bench::tie_rank(pos[0], neg), 1 + better + tied / 2);
            }
        }
        const double ranks[] = {1, 1.5, 3, 10.5, 2};
        const auto s = bench::summarize_ranks(ranks);
        QCOMPARE(s.queries, std::uint64_t{5});
        QCOMPARE(s.hits1, 0.2);
        QCOMPARE(s.hits3, 0.8);
        QCOMPARE(s.hits10, 0.8);
        QCOMPARE(s.mrr, (1 + 1 / 1.5 + 1 / 3.0 + 1 / 10.5 + 0.5) / 5);
    }

    /// SimpBL on random small folders against its definitions evaluated on the files' text: the
    /// paper's rule over train.txt, simple.py's over train.txt + valid.txt, and the shared-
    /// neighbour rule; `kbcx baseline` counts the same TP and FP (not under TSan: no child processes).
    void simpBLAgainstBruteForce() {
#ifdef KBCX_UNDER_TSAN
        constexpr bool cli = false;
#else
        constexpr bool cli = true;
#endif
        std::mt19937 rng(9);
        int agree_paper_neighbour = 0, differ_paper_neighbour = 0, differ_paper_simple = 0;
        for (int round = 0; round < 30; ++round) {
            QTemporaryDir tmp;
            const std::string train = random_kg(rng, 7, 3, 2, 8, 2), valid = random_kg(rng, 7, 3, 2, 4, 1);
            const std::string test = random_kg(rng, 7, 3, 2, 10, 2), neg = random_kg(rng, 7, 3, 2, 12, 2);
            test::write_file(tmp, "train.txt", train);
            test::write_file(tmp, "valid.txt", valid);
            test::write_file(tmp, "test.txt", test);
            test::write_file(tmp, "test_neg_x.txt", neg);
            using Line = std::array<std::string, 3>;
            auto lines = [](const std::string& text) {
                std::set<Line> out;
                std::istringstream in(text);
                for (std::string l; std::getline(in, l);) {
                    const auto a = l.find('\t'), b = l.find('\t', a + 1);
                    out.insert({l.substr(0, a), l.substr(a + 1, b - a - 1), l.substr(b + 1)});
                }
                return out;
            };
            // The relations each name occurs with, and its neighbours, in the given files.
            auto index = [&](const std::vector<std::string>& texts, std::map<std::string, std::set<std::string>>& rels,
                             std::map<std::string, std::set<std::string>>& nb) {
                for (const auto& t : texts)
                    for (const auto& [h, r, o] : lines(t)) {
                        rels[h].insert(r), rels[o].insert(r);
                        nb[h].insert(o), nb[o].insert(h);
                    }
            };
            std::map<std::string, std::set<std::string>> rel_train, nb_train, rel_tv, nb_tv;
            index({train}, rel_train, nb_train);
            index({train, valid}, rel_tv, nb_tv);
            auto has_rel = [](auto& rels, const std::string& x, const std::string& r) { return rels[x].count(r) > 0; };
            auto brute = [&](bench::SimpBLRule rule, const Line& l) {
                const auto& [h, r, o] = l;
                if (rule == bench::SimpBLRule::SharedNeighbour) {
                    for (const auto& n : nb_train[h])
                        if (nb_train[o].count(n)) return true;
                    return false;
                }
                auto& rels = rule == bench::SimpBLRule::Paper ? rel_train : rel_tv;
                return has_rel(rels, h, r) && has_rel(rels, o, r);
            };

            jobs::JobContext ctx;
            const auto b = bench::read_benchmark(tmp.path().toStdString(), ctx);
            const kg::Vocabulary& v = b.train->vocab;
            auto line_of = [&](const GroundFact& f) -> Line {
                if (f.unary)
                    return {std::string(v.entities().name(f.s)), "rdf:type", std::string(v.types().name(f.pred))};
                return {std::string(v.entities().name(f.s)), std::string(v.relations().name(f.pred)),
                        std::string(v.entities().name(f.o))};
            };
            for (auto rule :
                 {bench::SimpBLRule::Paper, bench::SimpBLRule::SimplePy, bench::SimpBLRule::SharedNeighbour}) {
                const bench::SimpBL bl(b.train->facts, rule, b.pos[1].facts);
                std::uint64_t tp = 0, fp = 0;
                for (const auto* list : {&b.pos[2].facts, &b.neg.at("x")[2].facts})
                    for (const auto& f : *list) {
                        const bool want = brute(rule, line_of(f));
                        QCOMPARE(bl.predict(f), want);
                        (list == &b.pos[2].facts ? tp : fp) += want;
                        if (rule == bench::SimpBLRule::Paper) {
                            const bool other = brute(bench::SimpBLRule::SharedNeighbour, line_of(f));
                            (want == other ? agree_paper_neighbour : differ_paper_neighbour) += 1;
                            differ_paper_simple += want != brute(bench::SimpBLRule::SimplePy, line_of(f));
                        }
                    }
                if (cli && round % 10 == 0) {
                    const auto r =
                        test::run_kbcx({"baseline", tmp.path(), "--rule", bench::simpbl_rule_name(rule), "--json"});
                    QVERIFY2(r.code == 0, qPrintable(r.err));
                    QVERIFY2(r.out.contains(QString("\"tp\": %1,").arg(tp)), qPrintable(r.out));
                    QVERIFY2(r.out.contains(QString("\"fp\": %1,").arg(fp)), qPrintable(r.out));
                    QVERIFY(r.out.contains(QString("\"rule\": \"%1\"").arg(bench::simpbl_rule_name(rule))));
                }
            }
        }
        // The three rules are different rules on these folders.
        QVERIFY(agree_paper_neighbour > 0 && differ_paper_neighbour > 0 && differ_paper_simple > 0);
        if (!cli) return;
        // The default is the paper's rule; an unknown rule is a usage error.
        const QString dir = QString(KBCX_TEST_DATA) + "/bench/loginfer_quirks";
        const auto def = test::run_kbcx({"baseline", dir, "--json"});
        QVERIFY2(def.out.contains("\"rule\": \"paper\""), qPrintable(def.out));
        QCOMPARE(test::run_kbcx({"baseline", dir, "--rule", "nope"}).code, 2);
    }

    void logInferFolderWithQuirks() {
        const std::string dir = std::string(KBCX_TEST_DATA) + "/bench/loginfer_quirks";
        QVERIFY(bench::is_benchmark_folder(dir));
        jobs::JobContext ctx;
        const auto b = bench::read_benchmark(dir, ctx);
        QCOMPARE(b.pos[0].facts.size(), std::size_t{6}); // 7 lines, one duplicate; <rdf:type> is a type fact
        QCOMPARE(b.pos[0].duplicates, std::uint64_t{1});
        QCOMPARE(b.pos[1].facts.size(), std::size_t{2}); // no final newline: the last line still counts
        QCOMPARE(b.pos[2].facts.size(), std::size_t{3});
        QCOMPARE(b.train->facts.num_type_facts(), std::size_t{1});
        QVERIFY(b.pos[0].crlf && b.pos[2].crlf && !b.pos[1].crlf);
        QVERIFY(b.pos[1].no_final_newline);
        QCOMPARE(b.pos[2].bracket_type_tokens, std::uint64_t{1});
        QCOMPARE(b.neg.size(), std::size_t{1});
        QCOMPARE(b.rules, std::size_t{2});
        QCOMPARE(b.candidate_entities.size(), std::size_t{5});
        QCOMPARE(b.candidate_relations.size(), std::size_t{2});
        auto has = [&](const std::string& needle) {
            for (const auto& w : b.warnings)
                if (w.find(needle) != std::string::npos) return true;
            return false;
        };
        QVERIFY(has("train.txt: 1 duplicate lines"));
        QVERIFY(has("test.txt: 1 duplicate lines"));
        QVERIFY(has("test_neg_pa.txt: 1 negatives are positives"));
        QCOMPARE(b.warnings.size(), std::size_t{3});
    }

    void cliOnLogInferFolder() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::string dir = std::string(KBCX_TEST_DATA) + "/bench/loginfer_quirks";
        QProcess info;
        info.start(KBCX_CLI, {"info", QString::fromStdString(dir)});
        QVERIFY(info.waitForFinished(30000));
        QCOMPARE(info.exitCode(), 0);
        const QString text = info.readAllStandardOutput();
        QVERIFY2(text.contains("warning: test_neg_pa.txt: 1 negatives are positives"), qPrintable(text));
        QVERIFY(text.contains("note: valid.txt: no newline at the end of the last line"));

        // Scores: the test positive (e s c) high, ties elsewhere; check eval-kg against hand counts.
        QTemporaryDir tmp;
        std::string scores;
        const char* ents[] = {"a", "b", "c", "d", "e"};
        const char* rels[] = {"r", "s"};
        for (auto h : ents)
            for (auto r : rels)
                for (auto t : ents) {
                    const std::string tr = std::string(h) + " " + r + " " + t;
                    double s = 0.0;
                    if (tr == "e s c") s = 1.0;
                    if (tr == "c s e") s = 0.25;                 // ties with the rest of the row
                    if (tr == "d r c" || tr == "e r d") s = 0.9; // valid positives
                    if (tr == "d r a") s = 0.95;                 // a valid negative above them
                    scores += tr + "\t" + std::to_string(s) + "\n";
                }
        for (auto e : ents)
            scores += std::string(e) + "\t<rdf:type>\tT\t0.5\n";
        const std::string path = test::write_file(tmp, "scores.tsv", scores);
        QProcess ev;
        ev.start(KBCX_CLI,
                 {"eval-kg", QString::fromStdString(dir), "--scores", QString::fromStdString(path), "--json"});
        QVERIFY(ev.waitForFinished(30000));
        const QString out = ev.readAllStandardOutput();
        QVERIFY2(ev.exitCode() == 0, qPrintable(ev.readAllStandardError()));
        // valid: pos {0.9, 0.9}, neg {0.95, 0}: τ = 0.9 gives P = 2/3, R = 1 (best F1 0.8).
        QVERIFY2(out.contains("\"threshold\": 0.9"), qPrintable(out));
        // test at τ = 0.9: positives e s c (1.0), c s e (0.25), T(b) (0.5) -> TP 1; negatives all 0 -> TN 3.
        QVERIFY(out.contains("\"tp\": 1"));
        QVERIFY(out.contains("\"tn\": 3"));
        // AUC: each positive beats each negative (0.0 or 0.0), except none tie: 1.0.
        QVERIFY(out.contains("\"roc_auc\": 1"));
        QVERIFY(out.contains("\"threshold_by\": \"f1\""));
        QVERIFY(out.contains("\"ranking_mode\": \"paper\""));
        // The full-candidate ranking, by name, leaves the type fact out.
        QProcess cand;
        cand.start(KBCX_CLI, {"eval-kg", QString::fromStdString(dir), "--scores", QString::fromStdString(path),
                              "--ranking", "candidates", "--json"});
        QVERIFY(cand.waitForFinished(30000));
        QCOMPARE(cand.exitCode(), 0);
        const QString cout_ = cand.readAllStandardOutput();
        QVERIFY2(cout_.contains("\"type_facts_not_ranked\": 1"), qPrintable(cout_));
        QVERIFY(cout_.contains("\"ranking_mode\": \"candidates\""));

        QProcess bl;
        bl.start(KBCX_CLI, {"baseline", QString::fromStdString(dir), "--json"});
        QVERIFY(bl.waitForFinished(30000));
        QCOMPARE(bl.exitCode(), 0);
        QVERIFY(QString(bl.readAllStandardOutput()).contains("\"precision\""));
    }

    void evalKgRunMatchesScoresFile() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        // A tiny benchmark, a briefly trained model: eval-kg --run (the model scored in process)
        // against eval-kg --scores on the TSV that `kbcx score` writes for every needed fact.
        std::mt19937 rng(23);
        QTemporaryDir tmp;
        const std::string data = test::write_file(tmp, "kg.tsv", random_kg(rng, 30, 4, 0, 220, 0));
        const QString bench_dir = tmp.filePath("bench"), run = tmp.filePath("run");
        auto r = test::run_kbcx({"generate", QString::fromStdString(data), "--pattern", "symmetry,composition,triangle",
                                 "--neg", "pa", "--k1", "3", "--k2", "30", "--seed", "2", "--out", bench_dir});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = test::run_kbcx({"train", bench_dir, "--model", "distmult", "--dim", "8", "--epochs", "3", "--batch", "64",
                            "--neg", "4", "--seed", "1", "--run", run});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // Candidates: valid/test positives and negatives, and every head, tail and relation
        // corruption of the test facts.
        const std::string dir = bench_dir.toStdString();
        auto lines = [&](const std::string& file) {
            std::vector<std::string> out;
            std::istringstream in(slurp(dir + "/" + file));
            for (std::string l; std::getline(in, l);)
                if (!l.empty()) out.push_back(l);
            return out;
        };
        const auto ents = lines("candidate_entities.txt"), rels = lines("candidate_relations.txt");
        std::set<std::string> cands;
        for (const char* f : {"valid.txt", "test.txt", "valid_neg_pa.txt", "test_neg_pa.txt"})
            for (const auto& l : lines(f))
                cands.insert(l);
        const auto tests = lines("test.txt");
        QVERIFY(!tests.empty());
        for (const auto& l : tests) {
            const auto t1 = l.find('\t'), t2 = l.find('\t', t1 + 1);
            const std::string h = l.substr(0, t1), rel = l.substr(t1 + 1, t2 - t1 - 1), t = l.substr(t2 + 1);
            for (const auto& e : ents) {
                cands.insert(e + "\t" + rel + "\t" + t);
                cands.insert(h + "\t" + rel + "\t" + e);
            }
            for (const auto& x : rels)
                cands.insert(h + "\t" + x + "\t" + t);
        }
        std::string text;
        for (const auto& c : cands)
            text += c + "\n";
        const std::string cand_path = test::write_file(tmp, "cands.tsv", text);
        const QString scores = tmp.filePath("scores.tsv");
        r = test::run_kbcx({"score", "--run", run, "--candidates", QString::fromStdString(cand_path), "--out", scores});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        jobs::JobContext ctx;
        bench::EvalKgParams from_file, from_run;
        from_file.dir = from_run.dir = dir;
        from_file.scores_path = scores.toStdString();
        from_run.run_dir = run.toStdString();
        const auto a = bench::eval_kg(from_file, ctx), b = bench::eval_kg(from_run, ctx);
        QVERIFY(a.ranking_done && b.ranking_done);
        QCOMPARE(b.model, std::string("DistMult"));
        // The TSV holds each float score to 9 significant digits, which keeps every order and tie.
        QVERIFY(std::abs(a.threshold - b.threshold) <= 1e-6 * std::max(1.0, std::abs(a.threshold)));
        for (auto [x, y] : {std::pair{a.valid, b.valid}, std::pair{a.test, b.test}}) {
            QCOMPARE(x.tp, y.tp);
            QCOMPARE(x.fp, y.fp);
            QCOMPARE(x.tn, y.tn);
            QCOMPARE(x.fn, y.fn);
            QCOMPARE(x.f1, y.f1);
            QCOMPARE(x.accuracy, y.accuracy);
        }
        QVERIFY(a.auc && b.auc);
        QCOMPARE(*a.auc, *b.auc);
        for (auto [x, y] : {std::pair{a.head, b.head}, std::pair{a.tail, b.tail}, std::pair{a.constant, b.constant},
                            std::pair{a.relation, b.relation}}) {
            QCOMPARE(x.queries, y.queries);
            QCOMPARE(x.mrr, y.mrr);
            QCOMPARE(x.hits1, y.hits1);
            QCOMPARE(x.hits3, y.hits3);
            QCOMPARE(x.hits10, y.hits10);
        }
        QVERIFY(a.constant.queries > 0);
        // The CLI prints the same metrics; exactly one score source is required.
        const auto cli_run = test::run_kbcx({"eval-kg", bench_dir, "--run", run});
        const auto cli_file = test::run_kbcx({"eval-kg", bench_dir, "--scores", scores});
        QVERIFY2(cli_run.code == 0, qPrintable(cli_run.err));
        QVERIFY(cli_run.out.startsWith("model: DistMult"));
        QCOMPARE(cli_run.out.section('\n', 1), cli_file.out);
        QCOMPARE(test::run_kbcx({"eval-kg", bench_dir}).code, 2);
        QCOMPARE(test::run_kbcx({"eval-kg", bench_dir, "--run", run, "--scores", scores}).code, 2);
        QCOMPARE(test::run_kbcx({"eval-kg", bench_dir, "--run", tmp.filePath("nope")}).code, 2);
    }

    void cliGenerateAndInfo() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        std::mt19937 rng(21);
        QTemporaryDir tmp;
        const std::string data = test::write_file(tmp, "kg.tsv", random_kg(rng, 30, 4, 2, 160, 20));
        const QString out = tmp.filePath("bench");
        QProcess gen;
        gen.start(KBCX_CLI, {"generate", QString::fromStdString(data), "--pattern", "symmetry,intersection", "--neg",
                             "qg", "--k1", "3", "--k2", "20", "--seed", "5", "--out", out, "--stats"});
        QVERIFY(gen.waitForFinished(60000));
        QVERIFY2(gen.exitCode() == 0, qPrintable(gen.readAllStandardError()));
        const QString text = gen.readAllStandardOutput();
        QVERIFY2(text.contains("peak memory"), qPrintable(text));
        for (const char* f :
             {"train.txt", "valid.txt", "test.txt", "train_neg_qg.txt", "valid_neg_qg.txt", "test_neg_qg.txt",
              "rules.txt", "candidate_entities.txt", "candidate_relations.txt", "summary.json"})
            QVERIFY2(QFile::exists(out + "/" + f), f);
        QProcess info;
        info.start(KBCX_CLI, {"info", out});
        QVERIFY(info.waitForFinished(30000));
        QCOMPARE(info.exitCode(), 0);
        QVERIFY(QString(info.readAllStandardOutput()).contains("neg_qg"));
        QProcess bad;
        bad.start(KBCX_CLI,
                  {"generate", QString::fromStdString(data), "--pattern", "nope", "--neg", "pa", "--out", out});
        QVERIFY(bad.waitForFinished(30000));
        QCOMPARE(bad.exitCode(), 2);
        // --k1 all / --k2 all: no limit (summary.json says so); 0 is a usage error naming the option
        const QString all = out + "-all";
        QProcess unlimited;
        unlimited.start(KBCX_CLI, {"generate", QString::fromStdString(data), "--pattern", "symmetry", "--neg", "rc",
                                   "--k1", "all", "--k2", "all", "--out", all});
        QVERIFY(unlimited.waitForFinished(30000));
        QCOMPARE(unlimited.exitCode(), 0);
        QFile summary(all + "/summary.json");
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QByteArray json = summary.readAll();
        QVERIFY2(json.contains("\"k1\": \"all\"") && json.contains("\"k2\": \"all\""), json.constData());
        QProcess zero;
        zero.start(KBCX_CLI, {"generate", QString::fromStdString(data), "--pattern", "symmetry", "--neg", "rc", "--k1",
                              "0", "--out", all});
        QVERIFY(zero.waitForFinished(30000));
        QCOMPARE(zero.exitCode(), 2);
        QVERIFY(QString(zero.readAllStandardError()).contains("--k1 must be at least 1, or all"));
    }

    // shell_line's quoting: plain words stay bare, everything else is single-quoted.
    void shellLineQuotesOnlyWhatNeedsIt() {
        QCOMPARE(bench::shell_line({"kbcx", "x=1,2", "a/b.tsv"}), std::string("kbcx x=1,2 a/b.tsv"));
        QCOMPARE(bench::shell_line({"a b", "", "$HOME"}), std::string("'a b' '' '$HOME'"));
        QCOMPARE(bench::shell_line({"it's"}), std::string("'it'\\''s'"));
    }

    // shell_line's quoting, read back by a POSIX shell: every word comes back whole and unchanged.
    void shellLineSurvivesAShell() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::vector<std::string> words = {"kbcx", "a b", "it's", "",  "ü.tsv", "x=1,2",    "$HOME",
                                                "*",    "~",   "a\tb", "-", "\"q\"", "new\nline"};
        const std::string line = bench::shell_line(words);
        QProcess sh;
        sh.start("/bin/sh", {"-c", QString::fromStdString("for w in " + line + "; do printf '%s\\0' \"$w\"; done")});
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(sh.exitCode(), 0);
        const QByteArray out = sh.readAllStandardOutput();
        std::vector<std::string> back;
        std::string cur;
        for (char c : out)
            if (c == '\0') {
                back.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        QCOMPARE(back, words);
    }
};

QTEST_APPLESS_MAIN(TestBench)
#include "tst_bench.moc"
