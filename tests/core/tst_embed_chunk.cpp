// The shared-negative (chunk) path of training against the per-positive path on the same
// negatives, the blocked L1 kernels and the dense products (every instruction set this CPU
// has) against brute force, and the merged optimiser step.
#include "embed/dense_blocks.hpp"
#include "embed/kernels.hpp"
#include "embed/loss.hpp"
#include "embed/optimizer.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

bool close(double a, double b, double tol = 1e-4) {
    return std::fabs(a - b) <= tol * (1.0 + std::fabs(b));
}

} // namespace

class TestEmbedChunk : public QObject {
    Q_OBJECT
  private slots:
    void l1BlockAgainstBruteForce() {
        std::mt19937_64 rng(5);
        // Values on a coarse grid so that Q_ik = N_jk happens often: sgn(0) = 0 must hold.
        std::uniform_int_distribution<int> grid(-3, 3);
        std::normal_distribution<float> wdist(0.0f, 1.0f);
        for (std::size_t d : {1u, 7u, 8u, 13u, 200u})
            for (std::size_t K : {1u, 3u, 4u, 9u})
                for (std::size_t P : {1u, 5u}) {
                    std::vector<float> Q(P * d), N(K * d), W(P * K), out(P * K);
                    for (auto& x : Q)
                        x = 0.5f * static_cast<float>(grid(rng));
                    for (auto& x : N)
                        x = 0.5f * static_cast<float>(grid(rng));
                    for (std::size_t x = 0; x < W.size(); ++x)
                        W[x] = x % 5 == 2 ? 0.0f : wdist(rng);
                    kernels::l1_block(Q.data(), P, N.data(), K, d, out.data());
                    std::vector<double> gQ(P * d, 0.0), gN(K * d, 0.0);
                    for (std::size_t i = 0; i < P; ++i)
                        for (std::size_t j = 0; j < K; ++j) {
                            double dist = 0;
                            for (std::size_t k = 0; k < d; ++k) {
                                const double u = Q[i * d + k] - N[j * d + k];
                                dist += std::fabs(u);
                                const double sg = (u > 0) - (u < 0);
                                gQ[i * d + k] -= W[i * K + j] * sg;
                                gN[j * d + k] += W[i * K + j] * sg;
                            }
                            QVERIFY2(close(out[i * K + j], dist, 1e-6),
                                     qPrintable(QString("d=%1 K=%2 P=%3").arg(d).arg(K).arg(P)));
                        }
                    std::vector<float> fQ(P * d, 0.0f), fN(K * d, 0.0f);
                    kernels::l1_block_grad(Q.data(), P, N.data(), K, d, W.data(), fQ.data(), fN.data());
                    for (std::size_t x = 0; x < fQ.size(); ++x)
                        QVERIFY2(close(fQ[x], gQ[x], 1e-5), qPrintable(QString("gQ d=%1 K=%2").arg(d).arg(K)));
                    for (std::size_t x = 0; x < fN.size(); ++x)
                        QVERIFY2(close(fN[x], gN[x], 1e-5), qPrintable(QString("gN d=%1 K=%2").arg(d).arg(K)));
                }
    }

    /// dense::dot_block / dot_block_grad against double-precision loops, for every variant the
    /// CPU runs (sizes around the vector widths and Eigen's blocking, 1-vs-all's long K).
    void denseBlocksAgainstBruteForce() {
        const std::string was = dense::isa();
        int variants = 0;
        for (const char* isa : {"baseline", "x86-64-v3", "x86-64-v4"}) {
            if (!dense::select_isa(isa)) continue;
            ++variants;
            QCOMPARE(std::string(dense::isa()), std::string(isa));
            std::mt19937_64 rng(9);
            std::normal_distribution<float> n(0.0f, 1.0f);
            for (std::size_t w : {1u, 7u, 16u, 33u, 128u})
                for (std::size_t K : {1u, 5u, 17u, 1500u})
                    for (std::size_t P : {1u, 3u, 64u}) {
                        std::vector<float> Q(P * w), N(K * w), W(P * K), out(P * K), gQ(P * w, 0.5f), gN(K * w, -0.25f);
                        for (auto* v : {&Q, &N, &W})
                            for (auto& x : *v)
                                x = n(rng);
                        dense::dot_block(Q.data(), P, N.data(), K, w, out.data());
                        dense::dot_block_grad(Q.data(), P, N.data(), K, w, W.data(), gQ.data(), gN.data());
                        // got (rows × cols) = start + A·B in double precision, A and B given by entry.
                        auto equals = [](const std::vector<float>& got, std::size_t rows, std::size_t cols,
                                         std::size_t inner, double start, auto a, auto b) {
                            for (std::size_t i = 0; i < rows; ++i)
                                for (std::size_t j = 0; j < cols; ++j) {
                                    double sum = start;
                                    for (std::size_t k = 0; k < inner; ++k)
                                        sum += double(a(i, k)) * double(b(k, j));
                                    if (!close(got[i * cols + j], sum, 1e-4)) return false;
                                }
                            return true;
                        };
                        auto q = [&](std::size_t i, std::size_t k) { return Q[i * w + k]; };
                        auto nT = [&](std::size_t k, std::size_t j) { return N[j * w + k]; };
                        auto nRow = [&](std::size_t j, std::size_t k) { return N[j * w + k]; };
                        auto wgt = [&](std::size_t i, std::size_t j) { return W[i * K + j]; };
                        auto wT = [&](std::size_t j, std::size_t i) { return W[i * K + j]; };
                        QVERIFY(equals(out, P, K, w, 0.0, q, nT));    // Q·Nᵀ
                        QVERIFY(equals(gQ, P, w, K, 0.5, wgt, nRow)); // 0.5 + W·N
                        QVERIFY(equals(gN, K, w, P, -0.25, wT, q));   // −0.25 + Wᵀ·Q
                    }
        }
        QVERIFY(variants >= 1);
        QVERIFY(!dense::select_isa("x86-64-v9"));
        QVERIFY(dense::select_isa(was.c_str()));
        qInfo("dense products checked with %d instruction set(s); this CPU runs %s", variants, dense::isa());
    }

    /// dense::matmul in its four transpose shapes, set and accumulated, against double-precision
    /// loops for every variant the CPU runs (R-GCN's sizes: a slice of rows times d × d).
    void denseMatmulAgainstBruteForce() {
        const std::string was = dense::isa();
        int variants = 0;
        for (const char* isa : {"baseline", "x86-64-v3", "x86-64-v4"}) {
            if (!dense::select_isa(isa)) continue;
            ++variants;
            std::mt19937_64 rng(11);
            std::normal_distribution<float> n(0.0f, 1.0f);
            for (std::size_t m : {1u, 6u, 300u})
                for (std::size_t k : {1u, 9u, 130u})
                    for (std::size_t c : {1u, 5u, 70u})
                        for (int shape = 0; shape < 8; ++shape) {
                            const bool ta = shape & 1, tb = shape & 2, acc = shape & 4;
                            std::vector<float> A(m * k), B(k * c), C(m * c, 0.75f);
                            for (auto* v : {&A, &B})
                                for (auto& x : *v)
                                    x = n(rng);
                            // op(A)(i, l) and op(B)(l, j) read from the stored layouts
                            auto a = [&](std::size_t i, std::size_t l) { return ta ? A[l * m + i] : A[i * k + l]; };
                            auto b = [&](std::size_t l, std::size_t j) { return tb ? B[j * k + l] : B[l * c + j]; };
                            dense::matmul(A.data(), ta, B.data(), tb, m, k, c, C.data(), acc);
                            for (std::size_t i = 0; i < m; ++i)
                                for (std::size_t j = 0; j < c; ++j) {
                                    double sum = acc ? 0.75 : 0.0;
                                    for (std::size_t l = 0; l < k; ++l)
                                        sum += double(a(i, l)) * double(b(l, j));
                                    QVERIFY2(close(C[i * c + j], sum, 1e-4),
                                             qPrintable(QString("%1 m=%2 k=%3 n=%4 shape=%5")
                                                            .arg(isa)
                                                            .arg(m)
                                                            .arg(k)
                                                            .arg(c)
                                                            .arg(shape)));
                                }
                        }
        }
        QVERIFY(variants >= 1);
        QVERIFY(dense::select_isa(was.c_str()));
    }

    void sharedNegativesEqualPerPositive_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("loss");
        QTest::addColumn<double>("adv");
        QTest::addColumn<int>("pnorm");    // BoxE: order of the distance norm
        QTest::addColumn<bool>("bounded"); // BoxE: tanh-bounded space
        for (const auto& m : kg_model_names())
            for (int l = 0; l < 3; ++l)
                QTest::newRow((m + "/" + std::string(loss_name(static_cast<LossKind>(l)))).c_str())
                    << QString::fromStdString(m) << l << (l == 1 ? 0.5 : 0.0) << 1 << true;
        for (int l = 0; l < 3; ++l)
            QTest::newRow(("BoxE-L2-unbounded/" + std::string(loss_name(static_cast<LossKind>(l)))).c_str())
                << QStringLiteral("BoxE") << l << (l == 1 ? 0.5 : 0.0) << 2 << false;
    }

    // One chunk: positives sharing candidates (with a repeated candidate and the positives' own
    // entities among them). The model's chunk path (dense gather, blocked kernel, scatter) must
    // give the per-triple scores, the same loss, and the same gradient rows as KgModel's
    // per-positive loops (score / add_score_grad for every positive × candidate).
    void sharedNegativesEqualPerPositive() {
        QFETCH(QString, model);
        QFETCH(int, loss);
        QFETCH(double, adv);
        QFETCH(int, pnorm);
        QFETCH(bool, bounded);
        KgModelConfig c;
        c.name = model.toStdString();
        c.dim = 13; // not a multiple of the kernels' 8 lanes
        c.gamma = 3.0f;
        if (c.name == "BoxE") {
            c.p_norm = pnorm;
            c.bounded = bounded;
        }
        const std::size_t E = 23, R = 4;
        auto m = make_kg_model(c, E, R);
        std::mt19937_64 rng(17);
        m->init(rng);
        std::uniform_int_distribution<kg::Id> e(0, E - 1), r(0, R - 1);
        std::vector<kg::Triple> pos;
        for (int i = 0; i < 6; ++i)
            pos.push_back({e(rng), r(rng), e(rng)});
        std::vector<kg::Id> cand;
        for (int j = 0; j < 10; ++j)
            cand.push_back(e(rng));
        cand.push_back(cand[3]);  // a repeated draw
        cand.push_back(pos[0].o); // the positive's own tail
        const LossConfig lc{static_cast<LossKind>(loss), 2.0f, static_cast<float>(adv)};
        const std::size_t P = pos.size(), K = cand.size();
        for (Side side : {Side::Tail, Side::Head}) {
            const Chunk chunk{pos, side, cand};
            std::vector<float> fast(P * K), ref(P * K);
            m->score_chunk(chunk, fast.data());
            m->KgModel::score_chunk(chunk, ref.data());
            for (std::size_t x = 0; x < P * K; ++x)
                QVERIFY2(close(fast[x], ref[x]),
                         qPrintable(QString("score %1: %2 vs %3").arg(x).arg(fast[x]).arg(ref[x])));
            // Loss and dL/ds on each path's own scores.
            auto loss_of = [&](const std::vector<float>& S, std::vector<float>& dS, GradBuffer& g) {
                double L = 0;
                dS.assign(P * K, 0.0f);
                for (std::size_t i = 0; i < P; ++i) {
                    float dpos = 0;
                    L += loss_and_grad(lc, m->score(pos[i].s, pos[i].r, pos[i].o), S.data() + i * K, K, dpos,
                                       dS.data() + i * K);
                    m->add_score_grad(pos[i].s, pos[i].r, pos[i].o, dpos, g);
                }
                return L;
            };
            GradBuffer gf, gr;
            gf.shape_like(m->tables());
            gr.shape_like(m->tables());
            std::vector<float> dF, dR;
            const double Lf = loss_of(fast, dF, gf), Lr = loss_of(ref, dR, gr);
            QVERIFY2(close(Lf, Lr), qPrintable(QString("loss %1 vs %2").arg(Lf).arg(Lr)));
            m->add_chunk_grad(chunk, dF.data(), gf);
            m->KgModel::add_chunk_grad(chunk, dR.data(), gr);
            std::size_t nonzero = 0;
            for (std::size_t t = 0; t < m->tables().size(); ++t) {
                auto rows_f = gf.touched(t), rows_r = gr.touched(t);
                std::sort(rows_f.begin(), rows_f.end());
                std::sort(rows_r.begin(), rows_r.end());
                QCOMPARE(rows_f, rows_r); // the same rows reach the lazy optimiser
                for (std::uint32_t row : rows_f)
                    for (std::size_t k = 0; k < gf.width(t); ++k) {
                        const float a = gf.data(t, row)[k], b = gr.data(t, row)[k];
                        nonzero += std::fabs(b) > 1e-6f;
                        QVERIFY2(std::fabs(a - b) <= 1e-4f + 1e-4f * std::fabs(b),
                                 qPrintable(
                                     QString("table %1 row %2 col %3: %4 vs %5").arg(t).arg(row).arg(k).arg(a).arg(b)));
                    }
            }
            QVERIFY(nonzero > 20); // the comparison is not vacuous
        }
    }

    // step_and_clear = add the thread buffers in order, step, clear — for any thread count.
    void mergedStepEqualsAddStepClear() {
        for (OptimizerKind kind : {OptimizerKind::Adam, OptimizerKind::Adagrad}) {
            std::mt19937_64 rng(9);
            std::normal_distribution<float> n(0.0f, 1.0f);
            std::vector<ParamTable> a{{"e", Matrix(1200, 9)}, {"r", Matrix(5, 3)}};
            for (auto& t : a)
                for (Eigen::Index x = 0; x < t.values.size(); ++x)
                    t.values.data()[x] = n(rng);
            std::vector<ParamTable> b = a;
            Optimizer oa(kind, 0.01f, a), ob(kind, 0.01f, b);
            std::vector<GradBuffer> parts(3);
            GradBuffer ref;
            ref.shape_like(a);
            for (auto& p : parts)
                p.shape_like(a);
            std::uniform_int_distribution<std::uint32_t> row(0, 1199);
            for (int step = 0; step < 3; ++step) {
                for (auto& p : parts) {
                    for (int i = 0; i < 700; ++i) {
                        float* g = p.row(0, row(rng));
                        for (int k = 0; k < 9; ++k)
                            g[k] += n(rng);
                    }
                    p.row(1, static_cast<std::uint32_t>(step))[1] += n(rng);
                }
                for (auto& p : parts)
                    ref.add(p);
                oa.step(a, ref);
                ref.clear();
                ob.step_and_clear(b, parts, static_cast<std::size_t>(step + 1));
                for (auto& p : parts)
                    for (std::size_t t = 0; t < 2; ++t)
                        QVERIFY(p.touched(t).empty());
            }
            for (std::size_t t = 0; t < a.size(); ++t)
                QVERIFY((a[t].values == b[t].values).all());
            // Buffers come back zeroed: a fresh gradient reads as itself.
            for (auto& p : parts)
                QCOMPARE(p.data(0, 5)[0], 0.0f);
        }
    }
};

QTEST_APPLESS_MAIN(TestEmbedChunk)
#include "tst_embed_chunk.moc"
