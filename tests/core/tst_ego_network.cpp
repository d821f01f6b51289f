// Tests of ego-network extraction against a direct computation (hop distances by relaxation over
// all facts) on random KGs and the demo data, and of the Boost.Graph layouts' determinism.
#include "kg/ego_network.hpp"
#include "kg/graph_layout.hpp"

#include "common/error.hpp"
#include "test_util.hpp"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <tuple>

using namespace kbcx;
using namespace kbcx::kg;

namespace {

struct Fact {
    Id s, r, o;
};

struct RandomKg {
    std::vector<Fact> facts;
    std::vector<TypeFact> types;
    FactStore store;
    std::size_t entities = 0;
};

RandomKg random_kg(unsigned seed, std::size_t entities, std::size_t relations, std::size_t n, std::size_t types = 0) {
    std::mt19937 rng(seed);
    RandomKg kg;
    kg.entities = entities;
    FactStoreBuilder b;
    std::set<std::tuple<Id, Id, Id>> seen;
    for (std::size_t i = 0; i < n; ++i) {
        const Id s = rng() % entities, r = rng() % relations, o = rng() % entities;
        b.add(s, r, o);
        if (seen.insert({s, r, o}).second) kg.facts.push_back({s, r, o});
    }
    for (std::size_t i = 0; types && i < entities; ++i) {
        const Id e = rng() % entities, t = rng() % types;
        b.add_type(e, t);
        kg.types.push_back({e, t});
    }
    kg.store = std::move(b).build(entities, relations, types);
    return kg;
}

/// Hop distance from `centre` treating every allowed fact as an undirected edge (relaxation
/// until nothing changes; -1 = unreachable).
std::vector<int> distances(const std::vector<Fact>& facts, std::size_t entities, Id centre,
                           const std::optional<std::set<Id>>& allowed) {
    std::vector<int> d(entities, -1);
    d[centre] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (const Fact& f : facts) {
            if (allowed && !allowed->count(f.r)) continue;
            for (auto [a, b] : {std::pair{f.s, f.o}, std::pair{f.o, f.s}})
                if (d[a] >= 0 && (d[b] < 0 || d[b] > d[a] + 1)) {
                    d[b] = d[a] + 1;
                    changed = true;
                }
        }
    }
    return d;
}

/// Checks `net` against the direct computation; `cap` 0 = none.
void check_network(const RandomKg& kg, const EgoParams& p, const EgoNetwork& net) {
    std::optional<std::set<Id>> allowed;
    if (p.relations) allowed = std::set<Id>(p.relations->begin(), p.relations->end());
    const std::vector<int> d = distances(kg.facts, kg.entities, p.centre, allowed);
    std::size_t within = 0;
    for (int x : d)
        if (x >= 0 && x <= p.depth) ++within;

    QCOMPARE(net.nodes.size(), net.hops.size());
    QVERIFY(!net.nodes.empty());
    QCOMPARE(net.nodes[0], p.centre);
    std::set<Id> nodes(net.nodes.begin(), net.nodes.end());
    QCOMPARE(nodes.size(), net.nodes.size()); // no duplicates
    int maxHop = 0;
    for (std::size_t i = 0; i < net.nodes.size(); ++i) {
        QCOMPARE(net.hops[i], d[net.nodes[i]]); // true hop distances
        QVERIFY(net.hops[i] <= p.depth);
        QVERIFY2(net.hops[i] >= maxHop, "nodes come in breadth-first order");
        maxHop = net.hops[i];
    }
    if (p.max_nodes == 0 || within <= p.max_nodes) {
        QCOMPARE(net.nodes.size(), within);
        QVERIFY(!net.capped);
    } else {
        QCOMPARE(net.nodes.size(), p.max_nodes);
        QVERIFY(net.capped);
        // A breadth-first prefix: everything closer than the farthest node taken is in.
        for (Id e = 0; e < kg.entities; ++e)
            if (d[e] >= 0 && d[e] < maxHop) QVERIFY(nodes.count(e));
    }
    // Edges: exactly the allowed facts among the nodes.
    std::multiset<std::tuple<Id, Id, Id>> expected, got;
    for (const Fact& f : kg.facts)
        if ((!allowed || allowed->count(f.r)) && nodes.count(f.s) && nodes.count(f.o)) expected.insert({f.s, f.r, f.o});
    for (const EgoEdge& e : net.edges) {
        QVERIFY(e.from < net.nodes.size() && e.to < net.nodes.size());
        got.insert({net.nodes[e.from], e.relation, net.nodes[e.to]});
    }
    QCOMPARE(got.size(), expected.size());
    QVERIFY(got == expected);
}

double dist(const LayoutPoint& a, const LayoutPoint& b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

} // namespace

class TestEgoNetwork : public QObject {
    Q_OBJECT
  private slots:
    void matchesDirectComputation_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("entities");
        QTest::addColumn<int>("relations");
        QTest::addColumn<int>("facts");
        QTest::newRow("sparse") << 1 << 60 << 3 << 70;
        QTest::newRow("dense") << 2 << 15 << 4 << 90;
        QTest::newRow("one relation") << 3 << 40 << 1 << 50;
        QTest::newRow("many relations") << 4 << 80 << 9 << 150;
    }

    void matchesDirectComputation() {
        QFETCH(int, seed);
        QFETCH(int, entities);
        QFETCH(int, relations);
        QFETCH(int, facts);
        const RandomKg kg = random_kg(static_cast<unsigned>(seed), static_cast<std::size_t>(entities),
                                      static_cast<std::size_t>(relations), static_cast<std::size_t>(facts));
        std::mt19937 rng(static_cast<unsigned>(seed) * 7u);
        for (int trial = 0; trial < 40; ++trial) {
            EgoParams p;
            p.centre = rng() % static_cast<unsigned>(entities);
            p.depth = static_cast<int>(rng() % 4);
            p.max_nodes = trial % 3 == 0 ? 0 : 1 + rng() % 30;
            if (trial % 2) {
                std::vector<Id> rels;
                for (Id r = 0; r < static_cast<Id>(relations); ++r)
                    if (rng() % 2) rels.push_back(r);
                p.relations = rels;
            }
            const EgoNetwork net = ego_network(kg.store, p);
            check_network(kg, p, net);
            if (QTest::currentTestFailed()) {
                qWarning("trial %d: centre %u depth %d cap %zu", trial, p.centre, p.depth, p.max_nodes);
                return;
            }
        }
    }

    void depthGrowsMonotonically() {
        const RandomKg kg = random_kg(11, 50, 3, 80);
        std::size_t last = 0;
        for (int depth = 0; depth <= 3; ++depth) {
            EgoParams p;
            p.centre = 0;
            p.depth = depth;
            p.max_nodes = 0;
            const EgoNetwork net = ego_network(kg.store, p);
            QVERIFY(net.nodes.size() >= last);
            last = net.nodes.size();
            if (depth == 0) QCOMPARE(net.nodes.size(), std::size_t{1});
        }
    }

    void pinnedNodesAlwaysIncluded() {
        const RandomKg kg = random_kg(5, 100, 2, 120);
        EgoParams p;
        p.centre = 3;
        p.depth = 1;
        p.max_nodes = 4;
        const std::vector<int> d = distances(kg.facts, kg.entities, 3, std::nullopt);
        // A far or unreachable entity, and a name only rules know (id beyond the store).
        Id far = 0;
        for (Id e = 0; e < 100; ++e)
            if (d[e] < 0 || d[e] > 1) far = e;
        p.pinned = {far, 1000, far};
        const EgoNetwork net = ego_network(kg.store, p);
        QVERIFY(net.nodes.size() <= p.max_nodes + 2);
        QVERIFY(net.index_of(far) >= 0);
        QCOMPARE(net.hops[static_cast<std::size_t>(net.index_of(far))], -1);
        QVERIFY(net.index_of(1000) >= 0);
        QCOMPARE(net.nodes[0], Id{3});
        for (const EgoEdge& e : net.edges) // no fact touches the rule-only name
            QVERIFY(net.nodes[e.from] != 1000 && net.nodes[e.to] != 1000);
    }

    void badCentreThrows() {
        const RandomKg kg = random_kg(6, 10, 1, 10);
        EgoParams p;
        p.centre = 10;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ego_network(kg.store, p));
    }

    void typesAgainstBruteForce() {
        const RandomKg kg = random_kg(7, 30, 2, 20, 5);
        std::set<std::pair<Id, Id>> typeFacts; // (entity, type), deduplicated
        for (const TypeFact& t : kg.types)
            typeFacts.insert({t.e, t.t});
        for (Id e = 0; e < 30; ++e) {
            std::set<Id> expected;
            for (auto [x, t] : typeFacts)
                if (x == e) expected.insert(t);
            const std::vector<Id> got = types_of(kg.store, e);
            QCOMPARE(std::set<Id>(got.begin(), got.end()), expected);
            QVERIFY(std::is_sorted(got.begin(), got.end()));
            Id best = kNoId;
            std::size_t bestSize = SIZE_MAX;
            for (Id t : expected) { // ascending, so ties keep the smaller id
                const auto n = static_cast<std::size_t>(
                    std::count_if(typeFacts.begin(), typeFacts.end(), [t](const auto& f) { return f.second == t; }));
                if (n < bestSize) {
                    best = t;
                    bestSize = n;
                }
            }
            QCOMPARE(primary_type(kg.store, e), best);
        }
    }

    void demoDataset() {
        QFile file(QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.tsv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto loaded = test::load_text("university.tsv", file.readAll().toStdString());
        const KnowledgeGraph& g = *loaded.graph;
        const Id dept = g.vocab.entities().find("Univ0_Dept0");
        QVERIFY(dept != kNoId);
        // Direct computation from the TSV's own triples.
        RandomKg kg;
        kg.entities = g.vocab.entities().size();
        g.facts.for_each_fact([&](const Triple& t) { kg.facts.push_back({t.s, t.r, t.o}); });
        for (int depth = 1; depth <= 3; ++depth) {
            EgoParams p;
            p.centre = dept;
            p.depth = depth;
            p.max_nodes = 0;
            kg.store = FactStore(); // check_network reads only facts and entities
            const EgoNetwork net = ego_network(g.facts, p);
            check_network(kg, p, net);
            p.max_nodes = 20;
            check_network(kg, p, ego_network(g.facts, p));
        }
        // Depth 1 around the department: its 3 faculty (worksFor), head, members, research group,
        // university and its courses? Only facts touching it count; check one known neighbour.
        EgoParams p;
        p.centre = dept;
        const EgoNetwork net = ego_network(g.facts, p);
        QVERIFY(net.index_of(g.vocab.entities().find("Univ0")) > 0);
        QVERIFY(net.index_of(g.vocab.entities().find("Univ0_Dept0_GraduateStudent0")) > 0);
        QCOMPARE(net.index_of(g.vocab.entities().find("Univ1_Dept1")), std::int64_t{-1});
    }

    void layoutIsDeterministic_data() {
        QTest::addColumn<int>("algorithm");
        QTest::newRow("fruchterman-reingold") << static_cast<int>(LayoutAlgorithm::FruchtermanReingold);
        QTest::newRow("kamada-kawai") << static_cast<int>(LayoutAlgorithm::KamadaKawai);
    }

    void layoutIsDeterministic() {
        QFETCH(int, algorithm);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
        std::mt19937 rng(3);
        for (int i = 0; i < 60; ++i)
            edges.push_back({rng() % 40, rng() % 40});
        LayoutParams p;
        p.algorithm = static_cast<LayoutAlgorithm>(algorithm);
        jobs::JobContext ctx;
        const auto a = layout_graph(40, edges, p, ctx);
        const auto b = layout_graph(40, edges, p, ctx);
        QCOMPARE(a.size(), std::size_t{40});
        QVERIFY(a == b);
        for (const auto& q : a)
            QVERIFY(std::isfinite(q.x) && std::isfinite(q.y));
        p.seed = 99;
        const auto c = layout_graph(40, edges, p, ctx);
        QVERIFY(a != c);
        // Normalised: centred; mean edge length = spacing unless the separation floor scaled it up,
        // and then the median nearest-neighbour distance is exactly that floor.
        double sum = 0;
        std::size_t n = 0;
        std::set<std::pair<std::uint32_t, std::uint32_t>> simple;
        for (auto [u, v] : edges)
            if (u != v) simple.insert({std::min(u, v), std::max(u, v)});
        for (auto [u, v] : simple) {
            sum += dist(a[u], a[v]);
            ++n;
        }
        std::vector<double> nearest;
        for (std::size_t i = 0; i < a.size(); ++i) {
            double best = 1e300;
            for (std::size_t j = 0; j < a.size(); ++j)
                if (i != j) best = std::min(best, dist(a[i], a[j]));
            nearest.push_back(best);
        }
        std::sort(nearest.begin(), nearest.end());
        const double median = nearest[nearest.size() / 2];
        const double mean = sum / static_cast<double>(n);
        QVERIFY(mean >= p.spacing * (1 - 1e-9));
        QVERIFY(median >= p.min_separation * (1 - 1e-9));
        QVERIFY(std::abs(mean - p.spacing) < 1e-6 * p.spacing ||
                std::abs(median - p.min_separation) < 1e-6 * p.min_separation);
        double minx = 1e300, maxx = -1e300;
        for (const auto& q : a) {
            minx = std::min(minx, q.x);
            maxx = std::max(maxx, q.x);
        }
        QVERIFY(std::abs(minx + maxx) < 1e-6 * (maxx - minx));
    }

    void layoutSeparatesClusters_data() { layoutIsDeterministic_data(); }

    void layoutSeparatesClusters() {
        // Two 6-cliques joined by one bridge: members of a clique end up closer to each other
        // than to members of the other clique.
        QFETCH(int, algorithm);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
        for (std::uint32_t base : {0u, 6u})
            for (std::uint32_t i = 0; i < 6; ++i)
                for (std::uint32_t j = i + 1; j < 6; ++j)
                    edges.push_back({base + i, base + j});
        edges.push_back({0, 6});
        LayoutParams p;
        p.algorithm = static_cast<LayoutAlgorithm>(algorithm);
        jobs::JobContext ctx;
        const auto pts = layout_graph(12, edges, p, ctx);
        double intra = 0, inter = 0;
        int ni = 0, nx = 0;
        for (std::uint32_t i = 0; i < 12; ++i)
            for (std::uint32_t j = i + 1; j < 12; ++j) {
                if ((i < 6) == (j < 6)) {
                    intra += dist(pts[i], pts[j]);
                    ++ni;
                } else {
                    inter += dist(pts[i], pts[j]);
                    ++nx;
                }
            }
        QVERIFY2(intra / ni < 0.7 * (inter / nx),
                 qPrintable(QStringLiteral("intra %1 inter %2").arg(intra / ni).arg(inter / nx)));
        // No two nodes on top of each other.
        for (std::uint32_t i = 0; i < 12; ++i)
            for (std::uint32_t j = i + 1; j < 12; ++j)
                QVERIFY(dist(pts[i], pts[j]) > 0.05 * p.spacing);
    }

    void largeStarIsSpreadOut() {
        // 120 leaves around one hub: the leaves must not sit on top of each other.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
        for (std::uint32_t i = 1; i <= 120; ++i)
            edges.push_back({0, i});
        LayoutParams p;
        jobs::JobContext ctx;
        const auto pts = layout_graph(121, edges, p, ctx);
        std::vector<double> nearest;
        for (std::size_t i = 1; i < pts.size(); ++i) {
            double best = 1e300;
            for (std::size_t j = 0; j < pts.size(); ++j)
                if (i != j) best = std::min(best, dist(pts[i], pts[j]));
            nearest.push_back(best);
        }
        std::sort(nearest.begin(), nearest.end());
        QVERIFY2(nearest[nearest.size() / 2] >= p.min_separation * 0.99,
                 qPrintable(QString::number(nearest[nearest.size() / 2])));
    }

    void kamadaKawaiHandlesComponents() {
        // Two paths and an isolated node: still a layout (hidden springs), all points distinct.
        const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges{{0, 1}, {1, 2}, {3, 4}, {4, 5}};
        LayoutParams p;
        p.algorithm = LayoutAlgorithm::KamadaKawai;
        jobs::JobContext ctx;
        const auto pts = layout_graph(7, edges, p, ctx);
        for (std::uint32_t i = 0; i < 7; ++i)
            for (std::uint32_t j = i + 1; j < 7; ++j)
                QVERIFY(dist(pts[i], pts[j]) > 1.0);
        // A path is laid out stretched: its ends are farther apart than neighbours.
        QVERIFY(dist(pts[0], pts[2]) > 1.5 * dist(pts[0], pts[1]));
    }

    void layoutIsCancellable() {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
        for (std::uint32_t i = 0; i + 1 < 100; ++i)
            edges.push_back({i, i + 1});
        std::stop_source stop;
        stop.request_stop();
        jobs::JobContext ctx(stop.get_token());
        for (auto a : {LayoutAlgorithm::FruchtermanReingold, LayoutAlgorithm::KamadaKawai}) {
            LayoutParams p;
            p.algorithm = a;
            QVERIFY_THROWS_EXCEPTION(kbcx::Cancelled, layout_graph(100, edges, p, ctx));
        }
    }

    void trivialSizes() {
        jobs::JobContext ctx;
        QVERIFY(layout_graph(0, {}, {}, ctx).empty());
        const auto one = layout_graph(1, {}, {}, ctx);
        QCOMPARE(one.size(), std::size_t{1});
        QCOMPARE(one[0].x, 0.0);
        const auto loops = layout_graph(3, {{0, 0}, {1, 1}}, {}, ctx); // self-loops only
        QCOMPARE(loops.size(), std::size_t{3});
        QVERIFY(dist(loops[0], loops[1]) > 1.0);
    }
};

QTEST_APPLESS_MAIN(TestEgoNetwork)
#include "tst_ego_network.moc"
