// R-GCN: every hand-written gradient against finite differences for both decompositions, the
// encoder against a brute-force dense evaluation of the layer formula, learning a toy KG,
// determinism, checkpoint round trip and resume, version refusal, and the CLI end to end.
#include "common/error.hpp"
#include "embed/checkpoint.hpp"
#include "embed/evaluate.hpp"
#include "embed/rgcn.hpp"
#include "embed/train_kg.hpp"
#include "rgcn_test_util.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

using Dense = RgcnWorkspace::Dense;

std::vector<kg::Triple> random_triples(std::size_t n, std::size_t E, std::size_t R, std::mt19937_64& rng) {
    std::uniform_int_distribution<kg::Id> e(0, static_cast<kg::Id>(E - 1)), r(0, static_cast<kg::Id>(R - 1));
    std::vector<kg::Triple> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back({e(rng), r(rng), e(rng)});
    return out;
}

std::unique_ptr<RgcnModel> tiny_model(int blocks, int layers, float dropout, std::uint64_t seed,
                                      const std::vector<kg::Triple>& graph, std::size_t E, std::size_t R, int dim = 4,
                                      float spread = 2.0f) {
    KgModelConfig c;
    c.name = "rgcn";
    c.dim = dim;
    c.rgcn_layers = layers;
    c.rgcn_bases = 3;
    c.rgcn_blocks = blocks;
    c.rgcn_edge_dropout = dropout;
    auto base = make_kg_model(c, E, R);
    std::unique_ptr<RgcnModel> m(dynamic_cast<RgcnModel*>(base.release()));
    std::mt19937_64 rng(seed);
    m->init(rng);
    // Spread the weights so that messages matter as much as the self-loop (the Xavier init of the
    // coefficients makes them small) and ReLU kinks stay rare.
    for (std::size_t t = 2; t < m->tables().size(); ++t)
        m->tables()[t].values *= spread;
    m->set_graph(graph);
    return m;
}

/// u_i = h_i W₀ + Σ_q Σ_{j∈N_i^q} h_j W_q / |N_i^q| evaluated densely from the triple list.
Dense brute_force_encode(const RgcnModel& m, const std::vector<kg::Triple>& triples) {
    const std::size_t E = m.num_entities(), R = m.num_relations();
    const int d = m.config().dim, L = m.config().rgcn_layers;
    std::set<std::tuple<kg::Id, kg::Id, kg::Id>> uniq;
    for (const auto& t : triples)
        uniq.insert({t.s, t.r, t.o});
    // neighbours[q][i] = list of j
    std::vector<std::map<kg::Id, std::vector<kg::Id>>> nb(2 * R);
    for (const auto& [s, r, o] : uniq) {
        nb[r][o].push_back(s);
        nb[R + r][s].push_back(o);
    }
    Dense h = m.tables()[0].values.matrix();
    for (int l = 0; l < L; ++l) {
        const std::size_t t0 = m.layer_table(l);
        const Dense W0 = m.tables()[t0].values.matrix();
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
                for (int b = 0; b < m.config().rgcn_bases; ++b)
                    W[q] += m.tables()[t0 + 2].values(static_cast<Eigen::Index>(q), b) *
                            Dense(m.tables()[t0 + 1].values.middleRows(b * d, d).matrix());
            }
        }
        Dense u = h * W0;
        for (std::size_t q = 0; q < 2 * R; ++q)
            for (const auto& [i, js] : nb[q])
                for (kg::Id j : js)
                    u.row(i) += h.row(j) * W[q] / static_cast<float>(js.size());
        if (l + 1 < L) u = u.cwiseMax(0.0f);
        h = u;
    }
    (void)E;
    return h;
}

struct GradCase {
    std::unique_ptr<RgcnModel> model;
    std::vector<kg::Triple> graph, batch, pool;
    TrainSettings st;
    LossConfig loss;
};

GradCase grad_case(int blocks, float dropout, int threads) {
    GradCase c;
    const std::size_t E = 7, R = 2;
    std::mt19937_64 rng(21);
    c.graph = random_triples(14, E, R, rng);
    c.batch = random_triples(5, E, R, rng);
    c.pool = random_triples(3, E, R, rng);
    c.model = tiny_model(blocks, 2, dropout, 4, c.graph, E, R);
    c.model->set_threads(threads);
    c.st.neg = 4;
    c.st.chunk = 2;
    c.st.p_bot = 0.5f; // 2 of the 4 negatives from the explicit pool
    c.st.reg = 0.01f;
    c.st.threads = threads;
    c.loss = {LossKind::Logistic, 0.0f, 0.0f};
    return c;
}

double step_loss(GradCase& c, std::uint64_t seed, GradBuffer* grad = nullptr) {
    GradBuffer g;
    g.shape_like(c.model->tables());
    RgcnWorkspace ws;
    const double L = rgcn_batch_loss_grad(*c.model, c.batch, c.st, c.loss, c.pool, {}, seed, grad ? *grad : g, ws);
    return L;
}

using kbcx::test::load;
using kbcx::test::toy_folder;

KgTrainParams toy_params(int epochs, int blocks = 0) {
    KgTrainParams p;
    p.model.name = "rgcn";
    p.model.dim = 16;
    p.model.rgcn_layers = 2;
    p.model.rgcn_bases = 4;
    p.model.rgcn_blocks = blocks;
    p.model.rgcn_edge_dropout = 0.2f;
    p.train.epochs = epochs;
    p.train.batch = 16;
    p.train.neg = 8;
    p.train.chunk = 4;
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

} // namespace

class TestEmbedRgcn : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void modelId() {
        QCOMPARE(canonical_kg_model_name("rgcn"), std::string("rgcn"));
        QCOMPARE(canonical_kg_model_name("R-GCN"), std::string("rgcn"));
        QCOMPARE(canonical_kg_model_name("RGCN"), std::string("rgcn"));
        KgModelConfig c;
        c.name = "rgcn";
        c.dim = 10;
        c.rgcn_blocks = 3;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, make_kg_model(c, 4, 2));
    }

    void graphStructure() {
        // (0 r0 1), (2 r0 1), (1 r1 0): node 1 hears 0 and 2 under r0 (c = 2), node 0 hears 1
        // under r1 (c = 1); inverses: 0 and 2 hear 1 under r0⁻¹, 1 hears 0 under r1⁻¹.
        const std::vector<kg::Triple> t{{0, 0, 1}, {2, 0, 1}, {1, 1, 0}, {0, 0, 1}};
        const RgcnGraph g = RgcnGraph::build(t, 3, 2);
        QCOMPARE(g.num_triples, std::size_t{3});
        QCOMPARE(g.num_pairs(), std::size_t{5}); // (r0,1) (r1,0) (r0⁻¹,0) (r0⁻¹,2) (r1⁻¹,1)
        QCOMPARE(g.pair_begin, (std::vector<std::uint32_t>{0, 1, 2, 4, 5}));
        const Dense A = Dense(g.adjacency);
        QCOMPARE(A(0, 0), 0.5f);
        QCOMPARE(A(0, 2), 0.5f);
        QCOMPARE(A(1, 1), 1.0f);
        QCOMPARE(A(2, 1), 1.0f);
        QCOMPARE(A(3, 1), 1.0f);
        QCOMPARE(A(4, 0), 1.0f);
        QCOMPARE(A.sum(), 5.0f);
        QVERIFY(Dense(g.adjacency_t) == Dense(A.transpose()));
        for (std::size_t p = 0; p < g.num_pairs(); ++p)
            QCOMPARE(Dense(g.scatter)(g.pair_node[p], static_cast<Eigen::Index>(p)), 1.0f);
        QCOMPARE(Dense(g.scatter).sum(), 5.0f);
    }

    void encoderAgainstBruteForce_data() {
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("threads");
        QTest::newRow("basis/1 thread") << 0 << 1;
        QTest::newRow("basis/3 threads") << 0 << 3;
        QTest::newRow("block/1 thread") << 2 << 1;
        QTest::newRow("block/3 threads") << 2 << 3;
    }
    void encoderAgainstBruteForce() {
        QFETCH(int, blocks);
        QFETCH(int, threads);
        std::mt19937_64 rng(8);
        const std::size_t E = 12, R = 3;
        const auto triples = random_triples(40, E, R, rng);
        auto m = tiny_model(blocks, 3, 0.0f, 9, triples, E, R, 6);
        m->set_threads(threads);
        m->encode();
        const Dense expect = brute_force_encode(*m, triples);
        QVERIFY2(((m->encoding() - expect).cwiseAbs().array() <= 1e-4f * (1.0f + expect.cwiseAbs().array())).all(),
                 "encoder differs from the dense evaluation of the layer formula");
        // score = Σ e_h R_r e_t on the encoding
        const auto& e = m->encoding();
        const float s = (e.row(3).array() * m->tables()[1].values.row(2) * e.row(5).array()).sum();
        QCOMPARE(m->score(3, 2, 5), s);
        std::vector<kg::Id> cands{0, 5, 11};
        const std::vector<kg::Triple> pos{{3, 2, 7}, {1, 0, 4}};
        float out[6];
        m->score_chunk(Chunk{pos, Side::Head, cands}, out);
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j) {
                const float want = m->score(cands[static_cast<std::size_t>(j)], pos[static_cast<std::size_t>(i)].r,
                                            pos[static_cast<std::size_t>(i)].o);
                QVERIFY2(std::fabs(out[i * 3 + j] - want) <= 1e-5f * (1.0f + std::fabs(want)),
                         qPrintable(QString("%1 vs %2").arg(out[i * 3 + j]).arg(want)));
            }
    }

    void edgeDropoutRenormalises() {
        // With dropout, each row is the mean over the kept neighbours; a brute-force model on the
        // kept triples gives the same encoding (checked through the forward pass of one layer).
        std::mt19937_64 rng(3);
        const std::size_t E = 10, R = 2;
        const auto triples = random_triples(30, E, R, rng);
        auto m = tiny_model(0, 1, 0.5f, 2, triples, E, R);
        RgcnWorkspace ws;
        m->forward(ws, 0.5f, 77);
        QVERIFY(ws.dropout);
        // Recover the kept triples from the dropout adjacency.
        const RgcnGraph& g = m->graph();
        std::set<std::uint32_t> kept;
        for (Eigen::Index x = 0; x < ws.adjacency.nonZeros(); ++x)
            if (ws.adjacency.valuePtr()[x] != 0.0f) kept.insert(g.nnz_triple[static_cast<std::size_t>(x)]);
        QVERIFY(!kept.empty() && kept.size() < g.num_triples);
        // The graph's triples in index order are the sorted unique triples.
        std::set<std::tuple<kg::Id, kg::Id, kg::Id>> uniq;
        for (const auto& t : triples)
            uniq.insert({t.s, t.r, t.o});
        std::vector<kg::Triple> kept_triples;
        std::uint32_t k = 0;
        for (const auto& [s, r, o] : uniq)
            if (kept.count(k++)) kept_triples.push_back({s, r, o});
        const Dense expect = brute_force_encode(*m, kept_triples);
        QVERIFY(((ws.output() - expect).cwiseAbs().array() <= 1e-4f * (1.0f + expect.cwiseAbs().array())).all());
        // Both directions of a triple are dropped together.
        for (Eigen::Index x = 0; x < ws.adjacency.nonZeros(); ++x)
            QCOMPARE(ws.adjacency.valuePtr()[x] != 0.0f, kept.count(g.nnz_triple[static_cast<std::size_t>(x)]) == 1);
    }

    void gradientsAgainstFiniteDifferences_data() {
        QTest::addColumn<int>("blocks");
        QTest::addColumn<float>("dropout");
        QTest::addColumn<int>("threads");
        QTest::newRow("basis") << 0 << 0.0f << 1;
        QTest::newRow("block") << 2 << 0.0f << 1;
        QTest::newRow("basis/2 threads") << 0 << 0.0f << 2;
        QTest::newRow("block/dropout mask fixed by seed") << 2 << 0.3f << 1;
    }
    void gradientsAgainstFiniteDifferences() {
        QFETCH(int, blocks);
        QFETCH(float, dropout);
        QFETCH(int, threads);
        GradCase c = grad_case(blocks, dropout, threads);
        const std::uint64_t seed = 11;
        GradBuffer g;
        g.shape_like(c.model->tables());
        step_loss(c, seed, &g);
        std::size_t bad = 0, skipped = 0;
        for (std::size_t t = 0; t < c.model->tables().size(); ++t) {
            Matrix& m = c.model->tables()[t].values;
            std::size_t checked = 0, nonzero = 0;
            for (Eigen::Index i = 0; i < m.rows(); ++i)
                for (Eigen::Index k = 0; k < m.cols(); ++k) {
                    const float x0 = m(i, k);
                    auto central = [&](float h) {
                        m(i, k) = x0 + h;
                        const float up = m(i, k);
                        const double lp = step_loss(c, seed);
                        m(i, k) = x0 - h;
                        const float down = m(i, k);
                        const double lm = step_loss(c, seed);
                        m(i, k) = x0;
                        return (lp - lm) / (static_cast<double>(up) - static_cast<double>(down));
                    };
                    const double d1 = central(2e-3f), d2 = central(1e-3f);
                    if (std::fabs(d1 - d2) > 1e-3 + 1e-2 * std::fabs(d2)) { // a ReLU kink within ±h
                        ++skipped;
                        continue;
                    }
                    const double numeric = (4.0 * d2 - d1) / 3.0;
                    const double analytic = g.data(t, static_cast<std::uint32_t>(i))[k];
                    ++checked;
                    nonzero += std::fabs(analytic) > 1e-6;
                    if (std::fabs(numeric - analytic) > 2e-3 + 2e-2 * std::fabs(numeric)) {
                        ++bad;
                        if (bad <= 12)
                            qWarning("table %s row %ld col %ld: analytic %.6f numeric %.6f",
                                     c.model->tables()[t].name.c_str(), static_cast<long>(i), static_cast<long>(k),
                                     analytic, numeric);
                    }
                }
            // Every table (entities, relation diagonals, self-loops, bases/coefficients or blocks
            // of every layer) receives a gradient that the check actually exercised.
            QVERIFY2(nonzero > checked / 4, qPrintable(QString("table %1: %2 of %3 gradients nonzero")
                                                           .arg(QString::fromStdString(c.model->tables()[t].name))
                                                           .arg(nonzero)
                                                           .arg(checked)));
        }
        QVERIFY2(skipped <= 5, qPrintable(QString("%1 entries at ReLU kinks").arg(skipped)));
        QVERIFY2(bad == 0, qPrintable(QString("%1 entries disagree").arg(bad)));
    }

    void scoreGradientThroughEncoder() {
        // add_score_grad: ∂score(h, r, t)/∂θ through the whole encoder, against finite differences.
        std::mt19937_64 rng(5);
        const std::size_t E = 6, R = 2;
        const auto triples = random_triples(12, E, R, rng);
        for (int blocks : {0, 2}) {
            auto m = tiny_model(blocks, 2, 0.0f, 6, triples, E, R, 4, 1.0f);
            m->encode();
            GradBuffer g;
            g.shape_like(m->tables());
            m->add_score_grad(1, 1, 4, 1.0f, g);
            std::size_t bad = 0, nonzero = 0, checked = 0;
            for (std::size_t t = 0; t < m->tables().size(); ++t) {
                Matrix& v = m->tables()[t].values;
                for (Eigen::Index i = 0; i < v.rows(); ++i)
                    for (Eigen::Index k = 0; k < v.cols(); ++k) {
                        const float x0 = v(i, k), h = 1e-3f;
                        v(i, k) = x0 + h;
                        m->encode();
                        const double sp = m->score(1, 1, 4);
                        v(i, k) = x0 - h;
                        m->encode();
                        const double sm = m->score(1, 1, 4);
                        v(i, k) = x0;
                        const double numeric = (sp - sm) / (2.0 * h);
                        const double analytic = g.data(t, static_cast<std::uint32_t>(i))[k];
                        ++checked;
                        nonzero += std::fabs(analytic) > 1e-5;
                        if (std::fabs(numeric - analytic) > 5e-3 + 3e-2 * std::fabs(numeric)) {
                            ++bad;
                            qWarning("%s[%ld,%ld] analytic %g numeric %g (score %g)", m->tables()[t].name.c_str(),
                                     static_cast<long>(i), static_cast<long>(k), analytic, numeric, sp);
                        }
                    }
            }
            m->encode();
            QVERIFY(nonzero > checked / 5);
            QVERIFY2(bad == 0, qPrintable(QString("%1 of %2 entries disagree").arg(bad).arg(checked)));
        }
    }

    void lossDecreasesAndLearnsToyKg_data() {
        QTest::addColumn<int>("blocks");
        QTest::newRow("basis") << 0;
        QTest::newRow("block") << 4;
    }
    void lossDecreasesAndLearnsToyKg() {
        QFETCH(int, blocks);
        const TripleDataset data = load(toy_folder(dir_));
        KgTrainParams p = toy_params(120, blocks);
        std::vector<double> losses;
        p.hooks.on_epoch = [&](const EpochReport& r) { losses.push_back(r.loss); };
        std::unique_ptr<KgModel> trained;
        jobs::JobContext ctx;
        const TrainResult r = train_kg(data, p, ctx, &trained);
        QCOMPARE(losses.size(), std::size_t{120});
        const double first = losses.front(), last = (losses[117] + losses[118] + losses[119]) / 3;
        QVERIFY2(last < 0.5 * first, qPrintable(QString("loss %1 → %2").arg(first).arg(last)));
        // The held-out partner_of facts are answered through the graph.
        QVERIFY2(r.test.at("mrr") > 0.4, qPrintable(QString("test MRR %1").arg(r.test.at("mrr"))));
    }

    void deterministicWithSeed() {
        const TripleDataset data = load(toy_folder(dir_));
        for (int threads : {1, 2}) {
            KgTrainParams p = toy_params(6);
            p.train.threads = threads;
            std::vector<double> l1, l2;
            std::unique_ptr<KgModel> a, b;
            jobs::JobContext ctx;
            p.hooks.on_epoch = [&](const EpochReport& r) { l1.push_back(r.loss); };
            train_kg(data, p, ctx, &a);
            p.hooks.on_epoch = [&](const EpochReport& r) { l2.push_back(r.loss); };
            train_kg(data, p, ctx, &b);
            QCOMPARE(l1, l2);
            QVERIFY(same_tables(*a, *b));
            p.train.seed = 6;
            std::unique_ptr<KgModel> c;
            p.hooks.on_epoch = nullptr;
            train_kg(data, p, ctx, &c);
            QVERIFY(!same_tables(*a, *c));
        }
    }

    void checkpointRoundTripAndResume() {
        const TripleDataset data = load(toy_folder(dir_));
        QTemporaryDir runs;
        KgTrainParams p = toy_params(4, 4);
        p.train.run_dir = runs.filePath("r").toStdString();
        std::unique_ptr<KgModel> trained;
        jobs::JobContext ctx;
        train_kg(data, p, ctx, &trained);
        std::vector<std::string> ents;
        const auto loaded = load_kg_model(p.train.run_dir + "/checkpoint.bin", &ents);
        QCOMPARE(loaded->name(), std::string("rgcn"));
        QVERIFY(same_tables(*trained, *loaded));
        QCOMPARE(ents.size(), data.num_entities());
        for (kg::Id h = 0; h < data.num_entities(); ++h)
            for (kg::Id r = 0; r < data.num_relations(); ++r)
                for (kg::Id t = 0; t < data.num_entities(); ++t)
                    QCOMPARE(loaded->score(h, r, t), trained->score(h, r, t));
        // Same config and block decomposition survive the round trip.
        QCOMPARE(loaded->config().rgcn_blocks, 4);
        QCOMPARE(loaded->config().rgcn_layers, 2);
        // The loaded model (no graph) still evaluates like the trained one.
        const TrueFacts filter({data.train, data.valid, data.test});
        QCOMPARE(evaluate_ranking(*loaded, data.test, filter, 1).mrr,
                 evaluate_ranking(*trained, data.test, filter, 1).mrr);

        // Resume: 2 + 2 epochs equal 4 uninterrupted epochs.
        KgTrainParams q = toy_params(2, 4);
        q.train.run_dir = runs.filePath("s").toStdString();
        train_kg(data, q, ctx);
        q.train.epochs = 4;
        q.train.resume = true;
        std::unique_ptr<KgModel> resumed;
        const TrainResult rr = train_kg(data, q, ctx, &resumed);
        QCOMPARE(rr.first_epoch, 3);
        QVERIFY(same_tables(*trained, *resumed));
        // Resuming with other layers is refused.
        q.train.epochs = 5;
        q.model.rgcn_layers = 3;
        QVERIFY_THROWS_EXCEPTION(InputError, train_kg(data, q, ctx));
    }

    void wrongVersionRefused() {
        const TripleDataset data = load(toy_folder(dir_));
        QTemporaryDir runs;
        KgTrainParams p = toy_params(1);
        p.train.run_dir = runs.filePath("r").toStdString();
        jobs::JobContext ctx;
        train_kg(data, p, ctx);
        const std::string path = p.train.run_dir + "/checkpoint.bin";
        Checkpoint c = read_checkpoint(path);
        QCOMPARE(c.get("rgcn_format"), std::to_string(kRgcnFormatVersion));
        c.meta["rgcn_format"] = "2";
        const std::string bad = runs.filePath("bad.bin").toStdString();
        write_checkpoint(bad, c);
        try {
            load_kg_model(bad);
            QFAIL("a checkpoint of R-GCN format 2 was accepted");
        } catch (const InputError& e) {
            const std::string msg = e.message();
            QVERIFY2(msg.find("R-GCN checkpoint format version 2") != std::string::npos &&
                         msg.find("reads version 1") != std::string::npos,
                     msg.c_str());
        }
        // Resuming from it is refused with the same message.
        std::filesystem::copy_file(bad, path, std::filesystem::copy_options::overwrite_existing);
        p.train.resume = true;
        p.train.epochs = 2;
        try {
            train_kg(data, p, ctx);
            QFAIL("resume from a checkpoint of R-GCN format 2 was accepted");
        } catch (const InputError& e) {
            QVERIFY(e.message().find("R-GCN checkpoint format version 2") != std::string::npos);
        }
        // A checkpoint without the encoding is refused too.
        c.meta["rgcn_format"] = std::to_string(kRgcnFormatVersion);
        std::erase_if(c.tables, [](const ParamTable& t) { return t.name == "rgcn.encoded"; });
        write_checkpoint(bad, c);
        QVERIFY_THROWS_EXCEPTION(InputError, load_kg_model(bad));
    }

    void cliEndToEnd() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::string data = toy_folder(dir_);
        QTemporaryDir tmp;
        const QString run = tmp.filePath("run");
        auto r = test::run_kbcx({"train",          QString::fromStdString(data),
                                 "--model",        "rgcn",
                                 "--variant",      "kbcx",
                                 "--dim",          "8",
                                 "--blocks",       "2",
                                 "--layers",       "2",
                                 "--edge-dropout", "0.1",
                                 "--epochs",       "3",
                                 "--eval-every",   "1",
                                 "--run",          run,
                                 "--stats"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("epoch 3/3"));
        QVERIFY(r.out.contains("seconds per epoch"));
        std::ifstream pj((run + "/params.json").toStdString());
        std::stringstream ss;
        ss << pj.rdbuf();
        QVERIFY(ss.str().find("\"model\": \"rgcn\"") != std::string::npos ||
                ss.str().find("\"model\":\"rgcn\"") != std::string::npos);
        QVERIFY(ss.str().find("\"decomposition\"") != std::string::npos);
        std::ifstream mj((run + "/metrics.jsonl").toStdString());
        int lines = 0;
        for (std::string l; std::getline(mj, l);)
            lines += l.find("\"mrr\"") != std::string::npos;
        QCOMPARE(lines, 4); // 3 validation lines and the test line

        const std::string cands = test::write_file(tmp, "cands.tsv", "a1\tpartner\tb1\nb1\tpartner_of\ta1\n");
        r = test::run_kbcx(
            {"score", "--run", run, "--candidates", QString::fromStdString(cands), "--out", tmp.filePath("s.tsv")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto model = load_kg_model((run + "/checkpoint.bin").toStdString());
        const TripleDataset d = load(data);
        const auto& v = d.graph->vocab;
        std::ifstream sf(tmp.filePath("s.tsv").toStdString());
        std::string line;
        std::getline(sf, line);
        const float want =
            model->score(v.entities().find("a1"), v.relations().find("partner"), v.entities().find("b1"));
        char b[32];
        std::snprintf(b, sizeof b, "%.9g", static_cast<double>(want));
        QCOMPARE(line, std::string("a1\tpartner\tb1\t") + b);

        // Refusals: blocks not dividing the dimension, R-GCN options on other models, a damaged version.
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "rgcn", "--dim", "10", "--blocks", "3",
                            "--run", tmp.filePath("x")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--blocks must divide"));
        r = test::run_kbcx({"train", QString::fromStdString(data), "--model", "DistMult", "--layers", "3", "--run",
                            tmp.filePath("y")});
        QCOMPARE(r.code, 2);
        Checkpoint c = read_checkpoint((run + "/checkpoint.bin").toStdString());
        c.meta["rgcn_format"] = "7";
        write_checkpoint((run + "/checkpoint.bin").toStdString(), c);
        r = test::run_kbcx(
            {"score", "--run", run, "--candidates", QString::fromStdString(cands), "--out", tmp.filePath("s2.tsv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("R-GCN checkpoint format version 7, this build reads version 1"), qPrintable(r.err));
    }
};

QTEST_APPLESS_MAIN(TestEmbedRgcn)
#include "tst_embed_rgcn.moc"
