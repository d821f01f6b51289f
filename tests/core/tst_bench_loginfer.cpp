// The loginfer variant of the benchmark generator against brute force on random small KGs: pa's
// constants from P_all over the union of candidates, rb's pooled pools, qg's one-premise pool.
#include "bench/folder.hpp"
#include "bench/generator.hpp"
#include "bench_test_util.hpp"
#include "test_util.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <random>
#include <set>

using namespace kbcx;
using bench::GroundFact;

namespace {

using kbcx::test::all_atoms;
using kbcx::test::brute_supports;
using kbcx::test::holds;
using kbcx::test::in_kg;
using kbcx::test::random_kg;
using kbcx::test::slurp;
using P = rules::Pattern;

bench::Generated run(std::shared_ptr<const kg::KnowledgeGraph> g, std::vector<P> patterns, bench::NegMethod neg,
                     std::size_t k1, std::size_t k2, std::uint64_t seed, unsigned threads = 1) {
    bench::GenerateParams p;
    p.graph = std::move(g);
    p.patterns = std::move(patterns);
    p.neg = neg;
    p.k1 = k1;
    p.k2 = k2;
    p.seed = seed;
    p.threads = threads;
    p.variant = bench::Variant::LogInfer;
    jobs::JobContext ctx;
    return bench::generate_benchmark(p, ctx);
}

/// P_all: K and every split's positives.
std::set<GroundFact> p_all(const bench::Generated& gen) {
    const kg::FactStore& K = gen.params.graph->facts;
    std::set<GroundFact> out;
    K.for_each_fact([&](const kg::Triple& t) { out.insert({false, t.r, t.s, t.o}); });
    for (kg::Id t = 0; t < K.num_types(); ++t)
        for (kg::Id e : K.instances(t))
            out.insert({true, t, e, 0});
    for (const auto& split : gen.positives)
        for (const auto& p : split)
            out.insert(p.fact);
    return out;
}

bool shortfall_for(const bench::Generated& gen, int s) {
    for (const auto& line : gen.shortfalls)
        if (line.starts_with(std::string(bench::split_name(s)) + ":")) return true;
    return false;
}

/// The positives as the release's split.py leaves them: train lines may repeat, valid lines
/// neither repeat nor meet train, test lines never meet train or valid; each is a new conclusion of
/// its rule; the rule counts add up.
void check_positives(const bench::Generated& gen) {
    const kg::FactStore& K = gen.params.graph->facts;
    const auto& crules = gen.program->rules();
    std::vector<std::set<GroundFact>> conclusions(crules.size());
    for (std::size_t r = 0; r < crules.size(); ++r)
        brute_supports(K, crules[r], all_atoms(crules[r]), [&](const std::vector<kg::Id>& b) {
            const GroundFact h = rules::ground(crules[r].head, b);
            if (!in_kg(K, h)) conclusions[r].insert(h);
        });
    std::array<std::set<GroundFact>, 3> seen;
    std::vector<std::size_t> per_rule(crules.size(), 0);
    for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
        const auto su = static_cast<std::size_t>(s);
        std::set<GroundFact> here;
        for (const auto& p : gen.positives[su]) {
            QVERIFY(conclusions[p.rule].count(p.fact));
            if (s == bench::kValid) {
                QVERIFY2(!seen[bench::kTrain].count(p.fact), "a valid positive in train");
                QVERIFY2(here.insert(p.fact).second, "a repeated valid line");
            }
            if (s == bench::kTest)
                QVERIFY2(!seen[bench::kTrain].count(p.fact) && !seen[bench::kValid].count(p.fact),
                         "a test positive in train or valid");
            seen[su].insert(p.fact);
            ++per_rule[p.rule];
        }
    }
    for (std::size_t r = 0; r < crules.size(); ++r) {
        const auto& br = gen.rules[r];
        QCOMPARE(br.positives[0] + br.positives[1] + br.positives[2], per_rule[r]);
        QCOMPARE(per_rule[r] + br.shared, br.sampled);
        // split.py's cut of the rule's own sample: int(n·0.8) train.
        QCOMPARE(br.positives[0], br.sampled * 8 / 10);
    }
}

std::map<std::string, std::string> folder_bytes(const std::string& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        out[e.path().filename().string()] = slurp(e.path().string());
    return out;
}

std::size_t count_lines(const std::string& path) {
    const std::string text = slurp(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

} // namespace

class TestBenchLogInfer : public QObject {
    Q_OBJECT

  private slots:
    void paConstantsComeFromPAll() {
        // Each pa negative swaps one constant of a positive of its split (type facts: the
        // entity) for one seen in that position of the relation in P_all; the test split, drawn
        // first, is min(|test|, |U|) facts of the union U of its positives' candidates outside P_all.
        std::mt19937 rng(3);
        std::size_t negatives = 0, only_in_positives = 0, head_swaps = 0, tail_swaps = 0, type_swaps = 0;
        for (int round = 0; round < 40; ++round) {
            const int n = 6 + static_cast<int>(rng() % 8);
            const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 2 + static_cast<int>(rng() % 3), 2, n * 3, n));
            const auto gen = run(kg.graph, {P::Symmetry, P::Inversion, P::Intersection, P::Domain},
                                 bench::NegMethod::PA, 1 + rng() % 3, 2 + rng() % 20, rng());
            check_positives(gen);
            const kg::FactStore& K = kg.graph->facts;
            const auto all = p_all(gen);
            std::map<kg::Id, std::set<kg::Id>> subs, objs;
            std::set<kg::Id> typed;
            for (const auto& f : all) {
                if (f.unary) {
                    typed.insert(f.s);
                } else {
                    subs[f.pred].insert(f.s);
                    objs[f.pred].insert(f.o);
                }
            }
            std::set<GroundFact> drawn;
            for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
                const auto su = static_cast<std::size_t>(s);
                const auto& Ps = gen.positives[su];
                const std::size_t need = s == bench::kTrain ? bench::train_lines(gen) : Ps.size();
                if (gen.negatives[su].size() != need) QVERIFY2(shortfall_for(gen, s), "short without a shortfall");
                for (const auto& ng : gen.negatives[su]) {
                    ++negatives;
                    QCOMPARE(ng.method, bench::NegMethod::PA);
                    QVERIFY2(!all.count(ng.fact), "a pa negative in P_all");
                    QVERIFY2(drawn.insert(ng.fact).second, "a pa negative repeated");
                    QVERIFY(ng.target < Ps.size());
                    const GroundFact& t = Ps[ng.target].fact;
                    QCOMPARE(ng.rule, Ps[ng.target].rule);
                    QCOMPARE(ng.fact.unary, t.unary);
                    QCOMPARE(ng.fact.pred, t.pred); // the type or the relation is kept
                    if (t.unary) {
                        QVERIFY2(typed.count(ng.fact.s), "a type fact's entity not typed in P_all");
                        ++type_swaps;
                        continue;
                    }
                    const bool head = ng.fact.o == t.o && subs[t.pred].count(ng.fact.s);
                    const bool tail = ng.fact.s == t.s && objs[t.pred].count(ng.fact.o);
                    QVERIFY2(head || tail, "a pa negative whose swapped constant is not in P_all's position");
                    head_swaps += head ? 1 : 0;
                    tail_swaps += tail ? 1 : 0;
                    // The swapped-in constant seen in that position of R only among the positives.
                    auto in_k_position = [&](bool subject, kg::Id x) {
                        if (t.pred >= K.num_relations()) return false;
                        const auto v = subject ? K.subjects_of(t.pred) : K.objects_of(t.pred);
                        return std::find(v.begin(), v.end(), x) != v.end();
                    };
                    if ((head && !in_k_position(true, ng.fact.s)) || (tail && !in_k_position(false, ng.fact.o)))
                        ++only_in_positives;
                }
                if (s != bench::kTest) continue;
                // The union of the test positives' candidates, outside P_all.
                std::set<GroundFact> U;
                for (const auto& p : Ps) {
                    const GroundFact& t = p.fact;
                    if (t.unary) {
                        for (kg::Id e : typed)
                            U.insert({true, t.pred, e, 0});
                        continue;
                    }
                    for (kg::Id x : subs[t.pred])
                        U.insert({false, t.pred, x, t.o});
                    for (kg::Id x : objs[t.pred])
                        U.insert({false, t.pred, t.s, x});
                }
                std::erase_if(U, [&](const GroundFact& f) { return all.count(f) > 0; });
                QCOMPARE(gen.negatives[su].size(), std::min(U.size(), Ps.size()));
                for (const auto& ng : gen.negatives[su])
                    QVERIFY2(U.count(ng.fact), "a test pa negative outside the union of candidates");
            }
            if (QTest::currentTestFailed()) {
                qWarning("round %d", round);
                return;
            }
        }
        QVERIFY2(negatives > 500, std::to_string(negatives).c_str());
        QVERIFY2(
            head_swaps > 20 && tail_swaps > 20 && type_swaps > 5,
            (std::to_string(head_swaps) + " " + std::to_string(tail_swaps) + " " + std::to_string(type_swaps)).c_str());
        // Constants that only P_all's positives put in that position (never drawn from a K-only pool).
        QVERIFY2(only_in_positives > 10, std::to_string(only_in_positives).c_str());
    }

    void rbDrawsFromPooledHeadsAndConstants() {
        std::mt19937 rng(5);
        std::size_t negatives = 0, exhausted = 0;
        for (int round = 0; round < 30; ++round) {
            const int n = 6 + static_cast<int>(rng() % 6);
            const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 2 + static_cast<int>(rng() % 3), 2, n * 4, n));
            const std::vector<P> pats = round % 2 ? std::vector<P>{P::Symmetry, P::Composition, P::Range}
                                                  : std::vector<P>{P::Intersection, P::Triangle, P::Hierarchy};
            const auto gen = run(kg.graph, pats, bench::NegMethod::RB, 1 + rng() % 3, 2 + rng() % 20, rng());
            check_positives(gen);
            const kg::FactStore& K = kg.graph->facts;
            const auto& crules = gen.program->rules();
            // Brute-force pools: the constants of every rule's supports (triangle, diamond: at the
            // head's variables), and the heads.
            std::set<kg::Id> pool;
            std::set<std::pair<bool, kg::Id>> heads;
            for (std::size_t r = 0; r < crules.size(); ++r) {
                const auto& cr = crules[r];
                heads.insert({cr.head.unary, cr.head.pred});
                const bool head_only = gen.rules[r].pattern == "triangle" || gen.rules[r].pattern == "diamond";
                brute_supports(K, cr, all_atoms(cr), [&](const std::vector<kg::Id>& b) {
                    for (const auto& a : cr.body)
                        for (int j = 0; j < (a.unary ? 1 : 2); ++j) {
                            const auto& t = a.t[static_cast<std::size_t>(j)];
                            if (!t.var) continue;
                            const bool in_head = cr.head.t[0].var && cr.head.t[0].id == t.id;
                            const bool in_head2 = !cr.head.unary && cr.head.t[1].var && cr.head.t[1].id == t.id;
                            if (!head_only || in_head || in_head2) pool.insert(b[t.id]);
                        }
                });
            }
            QCOMPARE(std::vector<kg::Id>(pool.begin(), pool.end()), gen.pool_entities);
            std::set<std::pair<bool, kg::Id>> gen_heads;
            for (kg::Id r : gen.pool_relations)
                gen_heads.insert({false, r});
            for (kg::Id t : gen.pool_types)
                gen_heads.insert({true, t});
            QCOMPARE(gen_heads, heads);
            // The universe E × H × E (type heads T(a)) outside P_all.
            const auto all = p_all(gen);
            std::size_t universe = 0;
            for (const auto& [unary, pred] : heads)
                for (kg::Id a : pool) {
                    if (unary) {
                        universe += all.count({true, pred, a, 0}) ? 0 : 1;
                        continue;
                    }
                    for (kg::Id b : pool)
                        universe += all.count({false, pred, a, b}) ? 0 : 1;
                }
            std::set<GroundFact> drawn;
            std::size_t need = 0;
            for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
                const auto su = static_cast<std::size_t>(s);
                need += s == bench::kTrain ? bench::train_lines(gen) : gen.positives[su].size();
                for (const auto& ng : gen.negatives[su]) {
                    ++negatives;
                    QCOMPARE(ng.method, bench::NegMethod::RB);
                    QVERIFY(heads.count({ng.fact.unary, ng.fact.pred}));
                    QVERIFY2(pool.count(ng.fact.s) && (ng.fact.unary || pool.count(ng.fact.o)),
                             "an rb constant outside the pooled support constants");
                    QVERIFY2(!all.count(ng.fact), "an rb negative in P_all");
                    QVERIFY2(drawn.insert(ng.fact).second, "an rb negative repeated");
                }
            }
            // Drawn without replacement until the splits are full or the universe is spent.
            QCOMPARE(drawn.size(), std::min(need, universe));
            exhausted += drawn.size() < need ? 1 : 0;
            // candidate_entities.txt / candidate_relations.txt hold the pools.
            QTemporaryDir dir;
            const std::string path = dir.filePath("b").toStdString();
            bench::write_benchmark(gen, path);
            QCOMPARE(count_lines(path + "/candidate_entities.txt"), pool.size());
            QCOMPARE(count_lines(path + "/candidate_relations.txt"),
                     gen.pool_relations.size() + (gen.pool_types.empty() ? 0u : 1u));
            if (QTest::currentTestFailed()) {
                qWarning("round %d", round);
                return;
            }
        }
        QVERIFY2(negatives > 500, std::to_string(negatives).c_str());
        QVERIFY(exhausted < 30); // some rounds filled every split
    }

    void oneTrainNegativePerLineOfTrainTxt() {
        std::mt19937 rng(9);
        std::size_t exact = 0;
        for (int round = 0; round < 12; ++round)
            for (auto neg : {bench::NegMethod::RC, bench::NegMethod::PA, bench::NegMethod::RB, bench::NegMethod::QG}) {
                const int n = 30 + static_cast<int>(rng() % 20);
                const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 3, 2, n * 3, n / 2));
                const auto gen = run(kg.graph, {P::Symmetry, P::Intersection, P::Domain}, neg, 2, 20, rng());
                QTemporaryDir dir;
                const std::string path = dir.filePath("b").toStdString();
                bench::write_benchmark(gen, path);
                const std::string m(bench::neg_name(neg));
                const std::size_t lines = count_lines(path + "/train.txt");
                QCOMPARE(lines, bench::train_lines(gen));
                const std::size_t train_neg = count_lines(path + "/train_neg_" + m + ".txt");
                QCOMPARE(train_neg, gen.negatives[bench::kTrain].size());
                if (neg == bench::NegMethod::QG) {
                    QVERIFY(train_neg <= lines); // capped, never filled
                    continue;
                }
                if (train_neg == lines)
                    ++exact;
                else
                    QVERIFY2(shortfall_for(gen, bench::kTrain), "fewer train negatives than lines, unreported");
                for (int s : {bench::kValid, bench::kTest}) {
                    const std::string name = std::string(bench::split_name(s));
                    const std::size_t got = count_lines(path + "/" + name + "_neg_" + m + ".txt");
                    if (got != count_lines(path + "/" + name + ".txt")) QVERIFY(shortfall_for(gen, s));
                }
            }
        QVERIFY2(exact >= 20, std::to_string(exact).c_str()); // most runs fill train exactly
    }

    void qgNegativesAreOnePremiseConclusions() {
        // The qg pool is the union over complex rules and their head-covering body atoms A of
        // {head of A's facts} \ T_r(K), outside P_all; each split gets its share of it, capped.
        std::mt19937 rng(13);
        std::size_t qg = 0;
        for (int round = 0; round < 25; ++round) {
            const int n = 7 + static_cast<int>(rng() % 5);
            const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 2 + static_cast<int>(rng() % 2), 0, n * 5, 0));
            const auto gen = run(kg.graph, {P::Intersection, P::Triangle, P::Diamond, P::Symmetry},
                                 bench::NegMethod::QG, 1 + rng() % 3, 3 + rng() % 20, rng());
            check_positives(gen);
            const kg::FactStore& K = kg.graph->facts;
            const auto& crules = gen.program->rules();
            const auto all = p_all(gen);
            std::vector<std::set<GroundFact>> one_premise(crules.size());
            std::set<GroundFact> pool;
            for (std::size_t r = 0; r < crules.size(); ++r) {
                const auto& cr = crules[r];
                if (cr.body.size() < 2) continue;
                std::set<GroundFact> derived;
                brute_supports(K, cr, all_atoms(cr),
                               [&](const std::vector<kg::Id>& b) { derived.insert(rules::ground(cr.head, b)); });
                for (std::size_t i = 0; i < cr.body.size(); ++i) {
                    const auto& a = cr.body[i];
                    const auto& h = cr.head;
                    const bool covers =
                        !a.unary && !h.unary && a.t[0].var && a.t[1].var && h.t[0].var && h.t[1].var &&
                        h.t[0].id != h.t[1].id &&
                        std::set<std::uint32_t>{a.t[0].id, a.t[1].id} == std::set<std::uint32_t>{h.t[0].id, h.t[1].id};
                    if (!covers) continue;
                    brute_supports(K, cr, {i}, [&](const std::vector<kg::Id>& b) {
                        const GroundFact f = rules::ground(h, b);
                        if (!derived.count(f)) one_premise[r].insert(f);
                    });
                }
                for (const auto& f : one_premise[r])
                    if (!all.count(f)) pool.insert(f);
            }
            QCOMPARE(gen.qg_pool, pool.size());
            std::set<GroundFact> drawn;
            std::size_t total = 0;
            for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
                const auto su = static_cast<std::size_t>(s);
                const std::size_t need = s == bench::kTrain ? bench::train_lines(gen) : gen.positives[su].size();
                QVERIFY(gen.negatives[su].size() <= need);
                for (const auto& ng : gen.negatives[su]) {
                    ++qg;
                    QCOMPARE(ng.method, bench::NegMethod::QG);
                    QVERIFY(ng.rule < crules.size());
                    QVERIFY2(one_premise[ng.rule].count(ng.fact), "a qg negative that is not a one-premise conclusion");
                    QVERIFY2(!all.count(ng.fact), "a qg negative in P_all");
                    QVERIFY2(drawn.insert(ng.fact).second, "a qg negative repeated");
                }
                total += gen.negatives[su].size();
            }
            // The ratio's cut of the pool, each part capped at its split: train int(n·0.8).
            const std::size_t cut = pool.size() * 8 / 10;
            QCOMPARE(gen.negatives[bench::kTrain].size(), std::min(cut, bench::train_lines(gen)));
            QVERIFY(total <= pool.size());
            if (QTest::currentTestFailed()) {
                qWarning("round %d", round);
                return;
            }
        }
        QVERIFY2(qg > 200, std::to_string(qg).c_str());
    }

    void compositionOneOrderPerPair() {
        // r0 ∘ r0 is the densest composition body; the release never enumerates R ∘ R, nor S ∘ R
        // after R ∘ S.
        std::string text;
        for (int i = 0; i < 20; ++i)
            for (int j = 1; j <= 3; ++j)
                text += "e" + std::to_string(i) + "\tr0\te" + std::to_string((i + j) % 20) + "\n";
        for (int i = 0; i < 20; i += 3)
            text += "e" + std::to_string(i) + "\tr1\te" + std::to_string((i + 5) % 20) + "\n" + "e" +
                    std::to_string(i) + "\tr2\te" + std::to_string((i + 7) % 20) + "\n";
        const auto kg = test::load_text("kg.tsv", text);
        const auto gen = run(kg.graph, {P::Composition}, bench::NegMethod::PA, 10, 10, 1);
        QVERIFY(!gen.rules.empty());
        for (const auto& cr : gen.program->rules())
            QVERIFY2(cr.body[0].pred < cr.body[1].pred, "a composition body out of the release's order");
        bench::GenerateParams p = gen.params;
        p.variant = bench::Variant::Kbcx;
        jobs::JobContext ctx;
        const auto kbcx = bench::generate_benchmark(p, ctx);
        QVERIFY(!kbcx.rules.empty());
        const auto& first = kbcx.program->rules()[0];
        QCOMPARE(first.body[0].pred, first.body[1].pred); // kbcx keeps r0 ∘ r0, the largest support
        QVERIFY(gen.rules.size() < kbcx.rules.size());
    }

    // k1 = k2 = kAll (`--k1 all --k2 all`), as the release built FB-inter: every co-occurring pair
    // of relations is a rule (brute force), every new conclusion is sampled, and the folder is
    // the one a k1 and k2 above every count gives, its summary saying "all".
    void allKeepsEveryRuleAndConclusion() {
        std::mt19937 rng(23);
        const auto kg = test::load_text("kg.tsv", random_kg(rng, 16, 7, 0, 500, 0));
        const kg::FactStore& K = kg.graph->facts;
        std::set<std::pair<kg::Id, kg::Id>> pairs; // R < S with R(x,y) and S(x,y) for some (x,y)
        K.for_each_fact([&](const kg::Triple& a) {
            K.for_each_fact([&](const kg::Triple& b) {
                if (a.s == b.s && a.o == b.o && a.r < b.r) pairs.insert({a.r, b.r});
            });
        });
        QVERIFY(pairs.size() > 10);
        const auto all =
            run(kg.graph, {P::Intersection, P::Symmetry}, bench::NegMethod::RB, bench::kAll, bench::kAll, 5);
        const auto big = run(kg.graph, {P::Intersection, P::Symmetry}, bench::NegMethod::RB, 1000, 1000000, 5);
        std::size_t inter = 0, sym = 0, sampled = 0;
        for (const auto& br : all.rules) {
            inter += br.pattern == "intersection";
            sym += br.pattern == "symmetry";
            QCOMPARE(static_cast<std::uint64_t>(br.sampled), br.new_conclusions);
            sampled += br.sampled;
        }
        QCOMPARE(inter, pairs.size());
        QVERIFY(sym > 0 && sampled > 0);
        const auto capped = run(kg.graph, {P::Intersection, P::Symmetry}, bench::NegMethod::RB, 3, 2, 5);
        QVERIFY(capped.rules.size() < all.rules.size());
        QTemporaryDir dir;
        bench::write_benchmark(all, dir.filePath("all").toStdString());
        bench::write_benchmark(big, dir.filePath("big").toStdString());
        auto a = folder_bytes(dir.filePath("all").toStdString()), b = folder_bytes(dir.filePath("big").toStdString());
        QVERIFY(a["summary.json"].find("\"k1\": \"all\"") != std::string::npos);
        QVERIFY(a["summary.json"].find("\"k2\": \"all\"") != std::string::npos);
        QVERIFY(b["summary.json"].find("\"k1\": 1000,") != std::string::npos);
        a.erase("summary.json");
        b.erase("summary.json");
        QVERIFY(a == b);
    }

    void sameSeedSameBytes() {
        std::mt19937 rng(17);
        const auto kg = test::load_text("kg.tsv", random_kg(rng, 30, 4, 3, 150, 30));
        QTemporaryDir dir;
        for (auto neg : {bench::NegMethod::RC, bench::NegMethod::RB, bench::NegMethod::PA, bench::NegMethod::QG}) {
            std::vector<std::map<std::string, std::string>> outputs;
            for (unsigned threads : {1u, 3u, 1u}) {
                const auto gen = run(kg.graph, rules::all_patterns(), neg, 3, 20, 42, threads);
                const std::string path = dir.filePath(QString::number(outputs.size()) + "-" +
                                                      QString::fromStdString(std::string(bench::neg_name(neg))))
                                             .toStdString();
                bench::write_benchmark(gen, path);
                outputs.push_back(folder_bytes(path));
            }
            QCOMPARE(outputs[0].size(), std::size_t{11});
            QVERIFY(outputs[0] == outputs[1]);
            QVERIFY(outputs[0] == outputs[2]);
            QVERIFY2(outputs[0]["summary.json"].find("\"variant\": \"loginfer\"") != std::string::npos,
                     outputs[0]["summary.json"].c_str());
            const auto other = run(kg.graph, rules::all_patterns(), neg, 3, 20, 43);
            const std::string path = dir.filePath("other-" + QString::number(static_cast<int>(neg))).toStdString();
            bench::write_benchmark(other, path);
            QVERIFY(folder_bytes(path) != outputs[0]);
        }
    }

    void severalFilesAreOneK() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        // `kbcx generate A B` builds the benchmark of the one K = A ∪ B, byte for byte that of the
        // concatenated file (FB15k-237's train, valid and test as LogInfer's K).
        std::mt19937 rng(23);
        const std::string a = random_kg(rng, 25, 3, 2, 90, 10), b = random_kg(rng, 25, 3, 2, 60, 5);
        QTemporaryDir dir;
        const auto fa = test::write_file(dir, "a.tsv", a), fb = test::write_file(dir, "b.tsv", b),
                   fab = test::write_file(dir, "ab.tsv", a + b);
        const QString one = dir.filePath("one"), two = dir.filePath("two");
        auto gen = [&](QStringList files, const QString& out) {
            files << "--pattern"
                  << "symmetry,intersection"
                  << "--neg"
                  << "pa"
                  << "--k2"
                  << "15"
                  << "--out" << out;
            files.prepend("generate");
            return test::run_kbcx(files);
        };
        const auto r1 = gen({QString::fromStdString(fab)}, one);
        QVERIFY2(r1.code == 0, qPrintable(r1.err));
        const auto r2 = gen({QString::fromStdString(fa), QString::fromStdString(fb)}, two);
        QVERIFY2(r2.code == 0, qPrintable(r2.err));
        const auto x = folder_bytes(one.toStdString()), y = folder_bytes(two.toStdString());
        QCOMPARE(x.size(), y.size());
        for (const auto& [name, bytes] : x)
            if (name != "summary.json") QVERIFY2(y.at(name) == bytes, name.c_str());
        const auto k = test::load_text("ab.tsv", a + b);
        const std::size_t facts = k.graph->facts.num_facts() + k.graph->facts.num_type_facts();
        jobs::JobContext ctx;
        const auto folder = bench::read_benchmark(two.toStdString(), ctx);
        QVERIFY(folder.pos[0].lines >= facts); // K's lines, then the train shares
        QVERIFY(y.at("summary.json").find("\"variant\": \"loginfer\"") != std::string::npos);
        // --variant kbcx is recorded too.
        QStringList args{
            "generate", QString::fromStdString(fa), "--pattern", "symmetry", "--neg", "rc", "--variant", "kbcx",
            "--out",    dir.filePath("k")};
        const auto r3 = test::run_kbcx(args);
        QVERIFY2(r3.code == 0, qPrintable(r3.err));
        QVERIFY(slurp(dir.filePath("k/summary.json").toStdString()).find("\"variant\": \"kbcx\"") != std::string::npos);
        QCOMPARE(test::run_kbcx({"generate", QString::fromStdString(fa), "--pattern", "symmetry", "--neg", "rc",
                                 "--variant", "nope", "--out", dir.filePath("n")})
                     .code,
                 2);
    }
};

QTEST_APPLESS_MAIN(TestBenchLogInfer)
#include "tst_bench_loginfer.moc"
