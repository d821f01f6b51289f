// R-GCN --variant authors (RelationPrediction 98dcdf4): finite differences for the input transform,
// per-direction bases and blocks, BCE and L2; the sampler, the split, clipping, steps and determinism.
#include "common/error.hpp"
#include "embed/checkpoint.hpp"
#include "embed/rgcn.hpp"
#include "embed/train_kg.hpp"
#include "rgcn_test_util.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

using Dense = RgcnWorkspace::Dense;

std::vector<kg::Triple> random_triples(std::size_t n, std::size_t E, std::size_t R, std::mt19937_64& rng) {
    std::uniform_int_distribution<kg::Id> e(0, static_cast<kg::Id>(E - 1)), r(0, static_cast<kg::Id>(R - 1));
    std::set<std::tuple<kg::Id, kg::Id, kg::Id>> seen;
    std::vector<kg::Triple> out;
    while (out.size() < n) {
        const kg::Triple t{e(rng), r(rng), e(rng)};
        if (seen.insert({t.s, t.r, t.o}).second) out.push_back(t);
    }
    return out;
}

std::unique_ptr<RgcnModel> authors_model(int blocks, int layers, std::uint64_t seed, std::size_t E, std::size_t R,
                                         int dim = 4, float self_dropout = 0.0f) {
    KgModelConfig c;
    c.name = "rgcn";
    c.variant = ElVariant::Authors;
    c.dim = dim;
    c.rgcn_layers = layers;
    c.rgcn_bases = 2;
    c.rgcn_blocks = blocks;
    c.rgcn_self_dropout = self_dropout;
    auto base = make_kg_model(c, E, R);
    std::unique_ptr<RgcnModel> m(dynamic_cast<RgcnModel*>(base.release()));
    std::mt19937_64 rng(seed);
    m->init(rng);
    // A bias away from 0 keeps the input ReLU off its kink for most entries.
    m->tables()[2].values.setConstant(0.3f);
    return m;
}

/// The authors' encoder evaluated densely from the triple list: h⁰ = ReLU(x + b), then
/// u_i = h_i W₀ + Σ_{(j,r,i)} h_j W_r / indeg(i) + Σ_{(i,r,j)} h_j W_{r⁻¹} / outdeg(i).
Dense brute_force_authors(const RgcnModel& m, const std::vector<kg::Triple>& triples) {
    const std::size_t E = m.num_entities(), R = m.num_relations();
    const int d = m.config().dim, L = m.config().rgcn_layers, B = m.config().rgcn_bases;
    std::vector<int> indeg(E, 0), outdeg(E, 0);
    for (const auto& t : triples) {
        ++indeg[t.o];
        ++outdeg[t.s];
    }
    Dense h = (m.tables()[0].values.rowwise() + m.tables()[2].values.row(0)).max(0.0f).matrix();
    for (int l = 0; l < L; ++l) {
        const std::size_t t0 = m.layer_table(l);
        std::vector<Dense> W(2 * R, Dense::Zero(d, d));
        for (std::size_t q = 0; q < 2 * R; ++q) {
            if (m.block_decomposition()) {
                const int k = m.config().rgcn_blocks, s = d / k;
                for (int b = 0; b < k; ++b)
                    for (int i = 0; i < s; ++i)
                        for (int j = 0; j < s; ++j)
                            W[q](b * s + i, b * s + j) =
                                m.tables()[t0 + 1].values(static_cast<Eigen::Index>(q), b * s * s + i * s + j);
            } else {
                const int dir = q < R ? 0 : 1;
                for (int b = 0; b < B; ++b)
                    W[q] += m.tables()[t0 + 2].values(static_cast<Eigen::Index>(q), b) *
                            Dense(m.tables()[t0 + 1].values.middleRows((dir * B + b) * d, d).matrix());
            }
        }
        Dense u = h * m.tables()[t0].values.matrix();
        for (const auto& t : triples) {
            u.row(t.o) += h.row(t.s) * W[t.r] / static_cast<float>(indeg[t.o]);
            u.row(t.s) += h.row(t.o) * W[R + t.r] / static_cast<float>(outdeg[t.s]);
        }
        if (l + 1 < L) u = u.cwiseMax(0.0f);
        h = u;
    }
    return h;
}

using kbcx::test::load;
using kbcx::test::toy_folder;

KgTrainParams toy_params(int epochs, int batch) {
    KgTrainParams p;
    p.model.name = "rgcn";
    p.model.variant = ElVariant::Authors;
    p.model.dim = 8;
    p.model.rgcn_layers = 2;
    p.model.rgcn_blocks = 4;
    p.train.epochs = epochs;
    p.train.batch = batch;
    p.train.neg = 10;
    p.train.reg = 0.01f;
    p.train.lr = 0.01f;
    p.train.eval_every = 0;
    p.train.seed = 5;
    return p;
}

bool same_tables(const KgModel& a, const KgModel& b) {
    if (a.tables().size() != b.tables().size()) return false;
    for (std::size_t t = 0; t < a.tables().size(); ++t)
        if (!(a.tables()[t].values == b.tables()[t].values).all()) return false;
    return true;
}

double softplus(double x) {
    return x > 30 ? x : std::log1p(std::exp(x));
}

} // namespace

class TestEmbedRgcnAuthors : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void variantsAndTables() {
        QCOMPARE(default_el_variant("rgcn"), ElVariant::Authors);
        QCOMPARE(parse_el_variant("Authors"), ElVariant::Authors);
        QCOMPARE(el_variant_list("rgcn"), std::string("authors, kbcx"));
        // The authors' model has the input bias and two sets of bases (forward, inverse).
        auto m = authors_model(0, 2, 1, 5, 3, 4);
        QCOMPARE(m->tables()[2].name, std::string("input.bias"));
        QCOMPARE(m->tables()[m->layer_table(0) + 1].values.rows(), Eigen::Index{2 * 2 * 4});
        QCOMPARE(m->tables()[m->layer_table(1)].name, std::string("layer1.self"));
    }

    void perDirectionNormalisation() {
        // (0 r0 1), (2 r1 1), (1 r0 0): node 1 receives 2 forward edges over r0 and r1, so each has
        // 1/2 (per relation it would be 1); node 0 sends one edge (1/1) and receives one (1/1).
        const std::vector<kg::Triple> t{{0, 0, 1}, {2, 1, 1}, {1, 0, 0}};
        const RgcnGraph g = RgcnGraph::build(t, 3, 2, true);
        const Dense A = Dense(g.adjacency);
        // pairs: (r0,0) (r0,1) (r1,1) (r0⁻¹,0) (r0⁻¹,1) (r1⁻¹,2)
        QCOMPARE(g.num_pairs(), std::size_t{6});
        QCOMPARE(A(1, 0), 0.5f); // r0 into 1 from 0
        QCOMPARE(A(2, 2), 0.5f); // r1 into 1 from 2
        QCOMPARE(A(0, 1), 1.0f); // r0 into 0 from 1
        QCOMPARE(A(3, 1), 1.0f); // r0⁻¹: 0 hears 1 (0 sends one edge)
        QCOMPARE(A(4, 0), 1.0f); // r0⁻¹: 1 hears 0 (1 sends one edge)
        const RgcnGraph per_relation = RgcnGraph::build(t, 3, 2, false);
        QCOMPARE(Dense(per_relation.adjacency)(1, 0), 1.0f);
    }

    void encoderAgainstBruteForce_data() {
        QTest::addColumn<int>("blocks");
        QTest::newRow("basis, separate per direction") << 0;
        QTest::newRow("block") << 2;
    }
    void encoderAgainstBruteForce() {
        QFETCH(int, blocks);
        std::mt19937_64 rng(8);
        const std::size_t E = 12, R = 3;
        const auto triples = random_triples(40, E, R, rng);
        auto m = authors_model(blocks, 2, 9, E, R, 6);
        m->set_graph(triples);
        m->encode();
        const Dense expect = brute_force_authors(*m, triples);
        QVERIFY2(((m->encoding() - expect).cwiseAbs().array() <= 1e-4f * (1.0f + expect.cwiseAbs().array())).all(),
                 "encoder differs from the dense evaluation of the authors' layer formula");
    }

    void gradientsAgainstFiniteDifferences_data() {
        QTest::addColumn<int>("blocks");
        QTest::addColumn<float>("self_dropout");
        QTest::addColumn<int>("threads");
        QTest::newRow("basis") << 0 << 0.0f << 1;
        QTest::newRow("block") << 2 << 0.0f << 1;
        QTest::newRow("block/self-loop mask fixed by seed") << 2 << 0.5f << 1;
        QTest::newRow("basis/self-loop mask/2 threads") << 0 << 0.3f << 2;
    }
    void gradientsAgainstFiniteDifferences() {
        // Every table of the authors' step — input embeddings and bias (input transform), relation
        // diagonals, self-loops, per-direction bases and coefficients or blocks — against central
        // differences of rgcn_authors_loss_grad (BCE over (1+ω)N examples + decoder L2).
        QFETCH(int, blocks);
        QFETCH(float, self_dropout);
        QFETCH(int, threads);
        const std::size_t E = 7, R = 2;
        std::mt19937_64 rng(21);
        const auto edges = random_triples(14, E, R, rng);
        const std::vector<kg::Triple> positives(edges.begin(), edges.begin() + 8);
        const std::vector<kg::Triple> messages(edges.begin() + 3, edges.end());
        auto m = authors_model(blocks, 2, 4, E, R, 4, self_dropout);
        m->set_threads(threads);
        if (blocks == 0) // N(0, 1) coefficients on N(0, 1) bases: smaller, so central differences stay accurate
            for (std::size_t t = 3; t < m->tables().size(); ++t)
                m->tables()[t].values *= 0.5f;
        TrainSettings st;
        st.neg = 3;
        st.reg = 0.05f;
        st.threads = threads;
        const std::uint64_t seed = 11;
        auto loss = [&](GradBuffer* out) {
            GradBuffer g;
            g.shape_like(m->tables());
            RgcnWorkspace ws;
            return rgcn_authors_loss_grad(*m, positives, messages, st, seed, out ? *out : g, ws);
        };
        GradBuffer g;
        g.shape_like(m->tables());
        loss(&g);
        std::size_t bad = 0, skipped = 0;
        for (std::size_t t = 0; t < m->tables().size(); ++t) {
            Matrix& v = m->tables()[t].values;
            std::size_t checked = 0, nonzero = 0;
            for (Eigen::Index i = 0; i < v.rows(); ++i)
                for (Eigen::Index k = 0; k < v.cols(); ++k) {
                    const float x0 = v(i, k);
                    auto central = [&](float h) {
                        v(i, k) = x0 + h;
                        const float up = v(i, k);
                        const double lp = loss(nullptr);
                        v(i, k) = x0 - h;
                        const float down = v(i, k);
                        const double lm = loss(nullptr);
                        v(i, k) = x0;
                        return (lp - lm) / (static_cast<double>(up) - static_cast<double>(down));
                    };
                    const double d1 = central(2e-3f), d2 = central(1e-3f);
                    if (std::fabs(d1 - d2) > 1e-4 + 1e-2 * std::fabs(d2)) { // a ReLU kink within ±h
                        ++skipped;
                        continue;
                    }
                    const double numeric = (4.0 * d2 - d1) / 3.0;
                    const double analytic = g.data(t, static_cast<std::uint32_t>(i))[k];
                    ++checked;
                    nonzero += std::fabs(analytic) > 1e-7;
                    if (std::fabs(numeric - analytic) > 2e-4 + 2e-2 * std::fabs(numeric)) {
                        ++bad;
                        if (bad <= 12)
                            qWarning("table %s row %ld col %ld: analytic %.7f numeric %.7f",
                                     m->tables()[t].name.c_str(), static_cast<long>(i), static_cast<long>(k), analytic,
                                     numeric);
                    }
                }
            QVERIFY2(nonzero > checked / 4, qPrintable(QString("table %1: %2 of %3 gradients nonzero")
                                                           .arg(QString::fromStdString(m->tables()[t].name))
                                                           .arg(nonzero)
                                                           .arg(checked)));
        }
        QVERIFY2(skipped <= 8, qPrintable(QString("%1 entries at ReLU kinks").arg(skipped)));
        QVERIFY2(bad == 0, qPrintable(QString("%1 entries disagree").arg(bad)));
    }

    void negativesWeighOne() {
        // The step's loss is the plain mean of the BCE of all (1+ω)N examples plus the L2 term,
        // recomputed here from the encoding of the same forward pass; with the 1/ω weighting of
        // the kbcx objective it would be a different number.
        const std::size_t E = 9, R = 2;
        std::mt19937_64 rng(3);
        const auto edges = random_triples(16, E, R, rng);
        const std::vector<kg::Triple> positives(edges.begin(), edges.begin() + 10);
        auto m = authors_model(2, 2, 6, E, R, 4, 0.0f);
        TrainSettings st;
        st.neg = 10;
        st.reg = 0.01f;
        const std::uint64_t seed = 77;
        GradBuffer g;
        g.shape_like(m->tables());
        RgcnWorkspace ws;
        const double L = rgcn_authors_loss_grad(*m, positives, edges, st, seed, g, ws);
        const auto ex = rgcn_authors_examples(positives, 10, E, mix_seed(seed, 0x4E47));
        QCOMPARE(ex.size(), std::size_t{110});
        const Dense& e = ws.output();
        const auto& rel = m->tables()[1].values;
        double bce_pos = 0, bce_neg = 0, l2 = 0;
        std::size_t corrupted_head = 0;
        for (std::size_t x = 0; x < ex.size(); ++x) {
            const auto t = ex[x];
            const double s = (e.row(t.s).array() * rel.row(t.r) * e.row(t.o).array()).sum();
            (x < 10 ? bce_pos : bce_neg) += x < 10 ? softplus(-s) : softplus(s);
            l2 += (e.row(t.s).squaredNorm() + rel.row(t.r).matrix().squaredNorm() + e.row(t.o).squaredNorm()) / 4.0;
            if (x >= 10) {
                const auto& p = positives[(x - 10) / 10];
                QVERIFY((t.r == p.r) && (t.s == p.s || t.o == p.o)); // one side of its positive replaced
                corrupted_head += t.o == p.o && t.s != p.s;
            }
        }
        QVERIFY(corrupted_head > 20 && corrupted_head < 80); // both sides get corrupted
        const double want = (bce_pos + bce_neg) / 110.0 + 0.01 * l2 / 110.0;
        QVERIFY2(std::fabs(L - want) < 1e-6 * (1 + want), qPrintable(QString("loss %1, want %2").arg(L).arg(want)));
        const double one_over_k = (bce_pos + bce_neg / 10.0) / 110.0 + 0.01 * l2 / 110.0;
        QVERIFY(std::fabs(L - one_over_k) > 1e-3);
        // Every relation row is touched (the reference's Adam updates all of them).
        QCOMPARE(g.touched(1).size(), R);
    }

    void clippingByGlobalNorm() {
        // clip_global_norm scales the whole gradient (every table together) to the norm bound and
        // leaves a smaller one alone; the clipped step's gradient is the finite-difference gradient
        // times max_norm / ‖∇L‖.
        const std::size_t E = 6, R = 2;
        std::mt19937_64 rng(4);
        const auto edges = random_triples(12, E, R, rng);
        auto m = authors_model(2, 1, 3, E, R, 4);
        for (std::size_t t = 0; t < m->tables().size(); ++t)
            m->tables()[t].values *= 3.0f; // a large gradient
        TrainSettings st;
        st.neg = 2;
        st.reg = 0.01f;
        GradBuffer g;
        g.shape_like(m->tables());
        RgcnWorkspace ws;
        rgcn_authors_loss_grad(*m, edges, edges, st, 1, g, ws);
        // the numeric gradient of the loss and its norm
        std::vector<std::vector<double>> numeric(m->tables().size());
        double sq = 0;
        for (std::size_t t = 0; t < m->tables().size(); ++t) {
            Matrix& v = m->tables()[t].values;
            for (Eigen::Index i = 0; i < v.size(); ++i) {
                const float x0 = v.data()[i], h = 1e-3f;
                GradBuffer scratch;
                scratch.shape_like(m->tables());
                v.data()[i] = x0 + h;
                const double lp = rgcn_authors_loss_grad(*m, edges, edges, st, 1, scratch, ws);
                v.data()[i] = x0 - h;
                const double lm = rgcn_authors_loss_grad(*m, edges, edges, st, 1, scratch, ws);
                v.data()[i] = x0;
                numeric[t].push_back((lp - lm) / (2.0 * h));
                sq += numeric[t].back() * numeric[t].back();
            }
        }
        const double norm = std::sqrt(sq);
        const float max_norm = static_cast<float>(norm / 4); // clipping active
        QVERIFY2(std::fabs(g.global_norm() - norm) < 2e-2 * norm,
                 qPrintable(QString("%1 vs %2").arg(g.global_norm()).arg(norm)));
        const double before = g.clip_global_norm(max_norm);
        QVERIFY(std::fabs(before - norm) < 2e-2 * norm);
        QVERIFY(std::fabs(g.global_norm() - max_norm) < 1e-4 * max_norm);
        std::size_t bad = 0;
        for (std::size_t t = 0; t < m->tables().size(); ++t) {
            const auto cols = static_cast<std::size_t>(m->tables()[t].values.cols());
            for (std::size_t i = 0; i < numeric[t].size(); ++i) {
                const double want = numeric[t][i] * max_norm / norm;
                const double have = g.data(t, static_cast<std::uint32_t>(i / cols))[i % cols];
                bad += std::fabs(have - want) > 1e-3 + 3e-2 * std::fabs(want);
            }
        }
        QVERIFY2(bad <= 2, qPrintable(QString("%1 clipped entries disagree").arg(bad)));
        // Below the bound nothing changes.
        const double now = g.global_norm();
        g.clip_global_norm(static_cast<float>(10 * now));
        QVERIFY(std::fabs(g.global_norm() - now) < 1e-9 * now);
    }

    void edgeSamplerAndSplit() {
        std::mt19937_64 rng(12);
        const std::size_t E = 40, R = 3;
        auto edges = random_triples(120, E, R, rng);
        // an isolated component: the sampler falls back to a uniform vertex once the first is used up
        edges.push_back({38, 0, 39});
        const RgcnEdgeSampler sampler(edges, E);
        QCOMPARE(sampler.num_edges(), edges.size());
        for (std::size_t n : {std::size_t{1}, std::size_t{50}, std::size_t{121}, std::size_t{500}}) {
            std::mt19937_64 r(n);
            const auto ids = sampler.sample(n, r);
            QCOMPARE(ids.size(), std::min(n, edges.size()));
            QCOMPARE(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size()); // distinct
            for (std::uint32_t i : ids)
                QVERIFY(i < edges.size()); // indices of real graph edges
            // Neighbourhood sampling: an edge touches a vertex already seen unless every seen vertex
            // has no unpicked edge left.
            std::set<kg::Id> seen;
            std::map<kg::Id, int> left;
            for (const auto& t : edges) {
                ++left[t.s];
                ++left[t.o];
            }
            for (std::uint32_t i : ids) {
                const auto& t = edges[i];
                bool frontier_open = false;
                for (kg::Id v : seen)
                    frontier_open |= left[v] > 0;
                if (frontier_open) QVERIFY(seen.count(t.s) || seen.count(t.o));
                seen.insert(t.s);
                seen.insert(t.o);
                --left[t.s];
                --left[t.o];
            }
            // The split: ⌊n/2⌋ distinct edges of the sample.
            const auto msg = rgcn_message_split(ids, 0.5f, r);
            QCOMPARE(msg.size(), ids.size() / 2);
            const std::set<std::uint32_t> in(ids.begin(), ids.end());
            QCOMPARE(std::set<std::uint32_t>(msg.begin(), msg.end()).size(), msg.size());
            for (std::uint32_t i : msg)
                QVERIFY(in.count(i));
        }
        // FB15k-237's regime: 30,000 edges, 15,000 passing messages.
        std::vector<std::uint32_t> big(30000);
        std::iota(big.begin(), big.end(), 0u);
        QCOMPARE(rgcn_message_split(big, RgcnAuthorsDefaults::message_fraction, rng).size(), std::size_t{15000});
    }

    void stepsPerEpochAndDeterminism() {
        // 41 training triples, 10 edges per step: ⌈41/10⌉ = 5 steps per epoch.
        const TripleDataset data = load(toy_folder(dir_));
        QCOMPARE(data.train.size(), std::size_t{41});
        QTemporaryDir runs;
        KgTrainParams p = toy_params(3, 10);
        p.train.run_dir = runs.filePath("a").toStdString();
        std::unique_ptr<KgModel> a;
        jobs::JobContext ctx;
        std::vector<double> la, lb;
        p.hooks.on_epoch = [&](const EpochReport& r) { la.push_back(r.loss); };
        train_kg(data, p, ctx, &a);
        const Checkpoint c = read_checkpoint(p.train.run_dir + "/checkpoint.bin");
        QCOMPARE(c.get("optimizer_steps"), std::string("15"));
        QCOMPARE(c.get("variant"), std::string("authors"));
        const std::string params = test::slurp(p.train.run_dir + "/params.json");
        QVERIFY(params.find("\"variant\": \"authors\"") != std::string::npos);
        QVERIFY(params.find("\"negative_weight\": 1") != std::string::npos);
        // One thread and a seed: identical runs; another seed differs.
        KgTrainParams q = p;
        q.train.run_dir.clear();
        std::unique_ptr<KgModel> b;
        q.hooks.on_epoch = [&](const EpochReport& r) { lb.push_back(r.loss); };
        train_kg(data, q, ctx, &b);
        QCOMPARE(la, lb);
        QVERIFY(same_tables(*a, *b));
        q.train.seed = 6;
        q.hooks.on_epoch = nullptr;
        std::unique_ptr<KgModel> other;
        train_kg(data, q, ctx, &other);
        QVERIFY(!same_tables(*a, *other));
        // The checkpoint reloads as an authors model that scores like the trained one.
        const auto loaded = load_kg_model(p.train.run_dir + "/checkpoint.bin");
        QCOMPARE(loaded->config().variant, ElVariant::Authors);
        QVERIFY(same_tables(*a, *loaded));
        QCOMPARE(loaded->score(0, 1, 2), a->score(0, 1, 2));
        // Resuming as kbcx is refused with both variants named.
        KgTrainParams r = p;
        r.model.variant = ElVariant::Kbcx;
        r.train.resume = true;
        r.train.epochs = 4;
        try {
            train_kg(data, r, ctx);
            QFAIL("resume with another variant was accepted");
        } catch (const InputError& e) {
            QVERIFY2(e.message().find("--variant authors") != std::string::npos &&
                         e.message().find("--variant kbcx") != std::string::npos,
                     e.message().c_str());
        }
    }

    void learnsToyKg() {
        // The authors' regime still learns: the loss falls over the epochs.
        const TripleDataset data = load(toy_folder(dir_));
        KgTrainParams p = toy_params(60, 20);
        p.model.dim = 16;
        std::vector<double> losses;
        p.hooks.on_epoch = [&](const EpochReport& r) { losses.push_back(r.loss); };
        jobs::JobContext ctx;
        train_kg(data, p, ctx);
        QCOMPARE(losses.size(), std::size_t{60});
        const double first = (losses[0] + losses[1]) / 2, last = (losses[57] + losses[58] + losses[59]) / 3;
        QVERIFY2(last < 0.7 * first, qPrintable(QString("loss %1 → %2").arg(first).arg(last)));
    }

    void cliVariant() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::string data = toy_folder(dir_);
        QTemporaryDir tmp;
        auto r = test::run_kbcx({"train", "--help"});
        QVERIFY(r.out.contains("--variant") && r.out.contains("rgcn authors, kbcx") &&
                r.out.contains("--self-dropout"));
        // The default variant is authors, with the reference's sizes unless given.
        const QString run = tmp.filePath("run");
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "rgcn", "--dim", "8", "--blocks", "2",
                            "--batch", "20", "--epochs", "2", "--eval-every", "1", "--run", run, "--stats"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("variant authors"));
        const std::string params = test::slurp((run + "/params.json").toStdString());
        QVERIFY(params.find("\"variant\": \"authors\"") != std::string::npos);
        QVERIFY(params.find("\"neg\": 10") != std::string::npos);
        QVERIFY(params.find("\"reg\": 0.0099999") != std::string::npos);
        // Resuming with the other variant is refused; options of the other variant too.
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "rgcn", "--variant", "kbcx", "--dim", "8",
                            "--blocks", "2", "--epochs", "3", "--run", run, "--resume"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--variant authors"), qPrintable(r.err));
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "rgcn", "--edge-dropout", "0.1", "--run",
                            tmp.filePath("x")});
        QCOMPARE(r.code, 2);
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "DistMult", "--variant", "authors",
                            "--run", tmp.filePath("y")});
        QCOMPARE(r.code, 2);
        r = test::run_kbcx(
            {"train", QString::fromStdString(data), "--model", "rgcn", "--dim", "8", "--run", tmp.filePath("z")});
        QCOMPARE(r.code, 2); // the default 100 blocks do not divide 8
        QVERIFY(r.err.contains("--blocks"));
    }
};

QTEST_APPLESS_MAIN(TestEmbedRgcnAuthors)
#include "tst_embed_rgcn_authors.moc"
