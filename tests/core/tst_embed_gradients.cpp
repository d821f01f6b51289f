// Hand-written gradients of every triple model under every loss (and 1-vs-all training) against
// central finite differences of the minibatch loss, on random parameters; plus the losses' own
// derivatives (self-adversarial weights held constant) and the filtered rank against brute force.
#include "embed/evaluate.hpp"
#include "embed/train_kg.hpp"

#include <QTest>

#include <cmath>
#include <random>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

struct Setup {
    std::unique_ptr<KgModel> model;
    std::vector<kg::Triple> batch, pool;
    TrainSettings st;
    LossConfig loss;
    std::vector<float> weights; ///< per-positive weights (subsampling); empty = all 1
};

/// `mode` 0–3: the LossKind with sampled negatives; 4: 1-vs-all (cross-entropy over every entity).
Setup make_setup(const std::string& name, int mode, std::uint64_t seed) {
    const LossKind kind = mode == 4 ? LossKind::CrossEntropy : static_cast<LossKind>(mode);
    Setup s;
    KgModelConfig c;
    c.name = name;
    c.dim = 5;
    c.gamma = 3.0f; // init range (γ+2)/d = 1
    const std::size_t E = 7, R = 3;
    s.model = make_kg_model(c, E, R);
    std::mt19937_64 rng(seed);
    s.model->init(rng);
    std::uniform_int_distribution<kg::Id> e(0, E - 1), r(0, R - 1);
    for (int i = 0; i < 6; ++i)
        s.batch.push_back({e(rng), r(rng), e(rng)});
    for (int i = 0; i < 3; ++i)
        s.pool.push_back({e(rng), r(rng), e(rng)});
    s.st.neg = 5;
    s.st.chunk = 2;
    s.st.p_bot = 0.4f; // 2 of the 5 negatives from the pool
    s.st.reg = 0.01f;
    s.loss = {kind, kind == LossKind::Logistic ? 0.0f : 2.0f, 0.0f};
    if (mode == 4) {
        s.st.one_vs_all = true;
        s.st.p_bot = 0.0f;
    }
    return s;
}

double batch_loss(const Setup& s, std::uint64_t seed) {
    GradBuffer g;
    g.shape_like(s.model->tables());
    return kg_batch_loss_grad(*s.model, s.batch, s.st, s.loss, s.pool, {}, seed, 1.0f, g, s.weights);
}

} // namespace

class TestEmbedGradients : public QObject {
    Q_OBJECT
  private slots:
    void modelsAgainstFiniteDifferences_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("loss");
        QTest::addColumn<bool>("weighted");
        QTest::addColumn<bool>("lpReg");
        for (const auto& m : kg_model_names())
            for (int l = 0; l < 5; ++l)
                for (bool weighted : {false, true})
                    QTest::newRow(
                        (m + "/" +
                         (l == 4 ? std::string("1-vs-all") : std::string(loss_name(static_cast<LossKind>(l)))) +
                         (weighted ? "/weighted" : ""))
                            .c_str())
                        << QString::fromStdString(m) << l << weighted << false;
        // PyKEEN's Lp regulariser on the rows of the positives and of their negatives.
        for (const char* m : {"TransE-L1", "DistMult", "ComplEx", "BoxE"})
            for (int l : {0, 2})
                QTest::newRow((std::string(m) + "/" + std::string(loss_name(static_cast<LossKind>(l))) + "/lp").c_str())
                    << QString(m) << l << true << true;
    }

    void modelsAgainstFiniteDifferences() {
        QFETCH(QString, model);
        QFETCH(int, loss);
        QFETCH(bool, weighted);
        QFETCH(bool, lpReg);
        const std::uint64_t seed = 42;
        Setup s = make_setup(model.toStdString(), loss, 12);
        if (weighted) s.weights = {0.5f, 1.5f, 0.25f, 2.0f, 1.0f, 0.75f};
        if (lpReg) {
            s.st.lp_entity = 0.3f;
            s.st.lp_relation = 0.2f;
        }
        GradBuffer g;
        g.shape_like(s.model->tables());
        kg_batch_loss_grad(*s.model, s.batch, s.st, s.loss, s.pool, {}, seed, 1.0f, g, s.weights);
        std::size_t checked = 0, bad = 0, nonzero = 0, skipped = 0;
        // BoxE has more kinks (|q| at box centres, the inside/outside switch at box edges): smaller steps.
        const float h = model == "BoxE" ? 4e-4f : 1e-3f;
        for (std::size_t t = 0; t < s.model->tables().size(); ++t) {
            Matrix& m = s.model->tables()[t].values;
            for (Eigen::Index i = 0; i < m.rows(); ++i)
                for (Eigen::Index k = 0; k < m.cols(); ++k) {
                    const float x0 = m(i, k);
                    // Central difference with one Richardson step (cancels the h² error term,
                    // which matters where BoxE's shape normalisation is strongly curved).
                    auto central = [&](float step) {
                        m(i, k) = x0 + step;
                        const double lp = batch_loss(s, seed);
                        m(i, k) = x0 - step;
                        const double lm = batch_loss(s, seed);
                        m(i, k) = x0;
                        return (lp - lm) / (static_cast<double>(m(i, k) + step) - static_cast<double>(m(i, k) - step));
                    };
                    const double d1 = central(h), d2 = central(h / 2);
                    // Where the two steps disagree, a kink of |x| or [x]₊ (or BoxE's inside/outside
                    // switch) lies within ±h: finite differences say nothing there, so skip the entry.
                    if (std::fabs(d1 - d2) > 1e-3 + 1e-2 * std::fabs(d2)) {
                        ++skipped;
                        continue;
                    }
                    const double numeric = (4.0 * d2 - d1) / 3.0;
                    const double analytic = g.data(t, static_cast<std::uint32_t>(i))[k];
                    ++checked;
                    nonzero += std::fabs(analytic) > 1e-6;
                    if (std::fabs(numeric - analytic) > 3e-3 + 2e-2 * std::fabs(numeric)) {
                        ++bad;
                        if (bad <= 12)
                            qWarning("%s table %s row %ld col %ld: analytic %.6f numeric %.6f", qPrintable(model),
                                     s.model->tables()[t].name.c_str(), static_cast<long>(i), static_cast<long>(k),
                                     analytic, numeric);
                    }
                }
        }
        QVERIFY(nonzero > checked / 4); // the check is not vacuous
        QVERIFY2(skipped <= checked / 20, qPrintable(QString("%1 of %2 entries at kinks").arg(skipped).arg(checked)));
        QVERIFY2(bad == 0, qPrintable(QString("%1 of %2 entries disagree").arg(bad).arg(checked)));
    }

    /// PyKEEN's LpRegularizer term by hand: weight·‖x‖₂/√d, a mean over the positives' rows plus a
    /// mean over the negatives' rows. Relation rows: a negative keeps its positive's relation, so
    /// the term is 2·w/√d·Σ‖r_i‖ over the batch; entity rows at unit norm: 4·w/√d per positive,
    /// whichever entities the negatives drew.
    void lpRegulariserIsPykeensTerm() {
        for (const char* name : {"DistMult", "ComplEx", "TransE-L1"}) {
            Setup s = make_setup(name, 2, 8);
            s.st.p_bot = 0; // corrupted entities only, so negatives keep their positive's relation
            s.st.reg = 0;
            const double base = batch_loss(s, 4);
            const float d = static_cast<float>(s.model->config().dim);
            s.st.lp_relation = 0.25f;
            double want = 0;
            for (const auto& p : s.batch)
                want += 2.0 * 0.25 * s.model->tables()[1].values.row(p.r).matrix().norm() / std::sqrt(d);
            QVERIFY2(std::fabs(batch_loss(s, 4) - base - want) < 1e-5 * (1 + want), name);
            s.st.lp_relation = 0;
            normalise_rows(s.model->tables()[0].values);
            const double unit_base = batch_loss(s, 4);
            s.st.lp_entity = 0.5f;
            const double want_e = 4.0 * 0.5 / std::sqrt(d) * static_cast<double>(s.batch.size());
            QVERIFY2(std::fabs(batch_loss(s, 4) - unit_base - want_e) < 1e-5 * (1 + want_e), name);
        }
    }

    /// PyKEEN's initialisers: unit-norm relation rows for TransE and DistMult, complex normal
    /// entries for ComplEx, unit-norm non-negative pieces and sizes in [0, 1) for BoxE; other
    /// models are refused.
    void pykeenInitialisers() {
        std::mt19937_64 rng(11);
        auto make = [](const char* name) {
            KgModelConfig c;
            c.name = name;
            c.dim = 20;
            return make_kg_model(c, 400, 50);
        };
        auto unit_pieces = [](const Matrix& m, Eigen::Index w) {
            for (Eigen::Index r = 0; r < m.rows(); ++r)
                for (Eigen::Index c = 0; c < m.cols(); c += w)
                    if (std::fabs(m.row(r).segment(c, w).matrix().norm() - 1.0f) > 1e-5f) return false;
            return true;
        };
        for (const char* name : {"TransE-L1", "DistMult"}) {
            auto m = make(name);
            init_like_pykeen(*m, rng);
            QVERIFY2(unit_pieces(m->tables()[1].values, 20), name);
            QVERIFY(!unit_pieces(m->tables()[0].values, 20)); // entities: the trainer's constraint normalises
            QVERIFY(m->tables()[0].values.abs().maxCoeff() <= 1.0f);
            auto k = make(name);
            k->init(rng);
            QVERIFY(!unit_pieces(k->tables()[1].values, 20)); // this project's initialiser differs
        }
        {
            auto m = make("ComplEx");
            init_like_pykeen(*m, rng);
            for (const auto& t : m->tables()) {
                const double mean = t.values.cast<double>().mean(), sq = t.values.cast<double>().square().mean();
                QVERIFY2(std::fabs(mean) < 0.03 && std::fabs(sq - 0.5) < 0.04, t.name.c_str());
            }
        }
        {
            auto m = make("BoxE");
            init_like_pykeen(*m, rng);
            for (std::size_t t = 0; t < 4; ++t) {
                QVERIFY2(unit_pieces(m->tables()[t].values, 20), m->tables()[t].name.c_str());
                QVERIFY(m->tables()[t].values.minCoeff() >= 0.0f);
            }
            QVERIFY(m->tables()[4].values.minCoeff() >= 0.0f && m->tables()[4].values.maxCoeff() < 1.0f);
        }
        auto r = make("RotatE");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, init_like_pykeen(*r, rng));
    }

    /// Weights scale each positive's loss: all 1 is the unweighted loss, all c is c times it,
    /// and weighting one positive moves the loss by exactly its share.
    void subsamplingWeightsScaleTheLoss() {
        for (int mode : {0, 1, 4}) {
            Setup s = make_setup("RotatE", mode, 5);
            const double plain = batch_loss(s, 9);
            s.weights.assign(s.batch.size(), 1.0f);
            QCOMPARE(batch_loss(s, 9), plain);
            s.weights.assign(s.batch.size(), 3.0f);
            QVERIFY(std::fabs(batch_loss(s, 9) - 3.0 * plain) < 1e-4 * std::fabs(plain));
            s.weights.assign(s.batch.size(), 1.0f);
            s.weights[2] = 0.0f;
            const double without = batch_loss(s, 9);
            s.weights[2] = 2.0f;
            const double doubled = batch_loss(s, 9);
            // loss(w₂ = 2) − loss(w₂ = 1) = loss(w₂ = 1) − loss(w₂ = 0) = the positive's own term.
            QVERIFY(std::fabs((doubled - plain) - (plain - without)) < 1e-4 * std::fabs(plain));
            QVERIFY(plain - without > 0);
        }
    }

    void lossesAgainstFiniteDifferences() {
        std::mt19937_64 rng(3);
        std::normal_distribution<float> n(0.0f, 2.0f);
        for (int kind = 0; kind < 4; ++kind)
            for (float adv : {0.0f, 1.5f}) {
                const LossConfig c{static_cast<LossKind>(kind), 1.5f, adv};
                const std::size_t K = 6;
                std::vector<float> neg(K), dneg(K), p(K), d2(K);
                for (auto& x : neg)
                    x = n(rng);
                float pos = n(rng), dpos = 0, dummy = 0;
                loss_and_grad(c, pos, neg.data(), K, dpos, dneg.data(), nullptr, p.data());
                double sum = 0;
                for (float w : p)
                    sum += w;
                QVERIFY(std::fabs(sum - 1.0) < 1e-5);
                const float h = 1e-3f;
                auto L = [&](float sp, const std::vector<float>& sn) {
                    return loss_and_grad(c, sp, sn.data(), K, dummy, d2.data(), p.data()); // p held constant
                };
                QVERIFY(std::fabs((L(pos + h, neg) - L(pos - h, neg)) / (2 * h) - dpos) < 1e-3);
                for (std::size_t j = 0; j < K; ++j) {
                    auto a = neg, b = neg;
                    a[j] += h;
                    b[j] -= h;
                    QVERIFY(std::fabs((L(pos, a) - L(pos, b)) / (2 * h) - dneg[j]) < 1e-3);
                }
                if (adv > 0 ||
                    kind == 3) { // weights follow softmax(α s⁻) (CE: softmax(s⁻)): the top negative weighs most
                    const auto top = std::max_element(neg.begin(), neg.end()) - neg.begin();
                    QCOMPARE(std::max_element(p.begin(), p.end()) - p.begin(), top);
                }
            }
    }

    /// 1-vs-all's loss is the cross-entropy of the softmax over every entity: brute force on a
    /// tiny model (every score computed one by one) gives the same number.
    void oneVsAllLossIsCrossEntropyOverEveryEntity() {
        for (const auto& name : kg_model_names()) {
            Setup s = make_setup(name, 4, 5);
            s.st.reg = 0.0f;
            double brute = 0;
            const auto E = static_cast<kg::Id>(s.model->num_entities());
            for (const auto& p : s.batch)
                for (int side = 0; side < 2; ++side) {
                    double z = 0;
                    for (kg::Id e = 0; e < E; ++e)
                        z += std::exp(
                            static_cast<double>(side ? s.model->score(p.s, p.r, e) : s.model->score(e, p.r, p.o)));
                    brute += std::log(z) - s.model->score(p.s, p.r, p.o);
                }
            const double got = batch_loss(s, 1);
            QVERIFY2(
                std::fabs(got - brute) < 1e-4 * std::max(1.0, std::fabs(brute)),
                qPrintable(QString("%1: %2 vs brute force %3").arg(QString::fromStdString(name)).arg(got).arg(brute)));
        }
    }

    // BoxE's score against models.md §5 written out in double precision from the tables: the
    // per-triple path and the chunk path share their pieces, so this is their independent check.
    void boxeScoreIsTheFormula() {
        for (bool bounded : {true, false})
            for (int o : {1, 2}) {
                KgModelConfig c;
                c.name = "BoxE";
                c.dim = 11;
                c.p_norm = o;
                c.bounded = bounded;
                const std::size_t E = 9, R = 3;
                auto m = make_kg_model(c, E, R);
                std::mt19937_64 rng(5 + static_cast<unsigned>(o));
                m->init(rng);
                const auto& T = m->tables(); // base, centre [1|2], bump, shape [1|2], scale
                const auto n = static_cast<Eigen::Index>(c.dim);
                auto squash = [&](double x) { return bounded ? std::tanh(x) : x; };
                for (kg::Id h = 0; h < E; ++h)
                    for (kg::Id t = 0; t < E; t += 2)
                        for (kg::Id r = 0; r < R; ++r) {
                            double ell = 0;
                            for (Eigen::Index pos = 0; pos < 2; ++pos) {
                                const double scale = T[4].values(r, pos);
                                const double A = (scale > 0 ? scale : std::expm1(scale)) + 1;
                                double logsum = 0;
                                for (Eigen::Index k = 0; k < n; ++k)
                                    logsum += std::log(std::fabs(double(T[3].values(r, pos * n + k))) + 1e-8);
                                const double G = std::exp(logsum / double(n));
                                double sum = 0;
                                for (Eigen::Index k = 0; k < n; ++k) {
                                    const double D = A * T[3].values(r, pos * n + k) / G;
                                    const double cen = T[1].values(r, pos * n + k);
                                    const double l = squash(std::min(cen - D / 2, cen + D / 2));
                                    const double u = squash(std::max(cen - D / 2, cen + D / 2));
                                    const kg::Id e = pos == 0 ? h : t, b = pos == 0 ? t : h;
                                    const double p = squash(double(T[0].values(e, k)) + T[2].values(b, k));
                                    const double w = u - l, kappa = w + 1, q = std::fabs(p - (l + u) / 2);
                                    const double delta =
                                        (l <= p && p <= u) ? q / kappa : kappa * q - (w / 2) * (kappa - 1 / kappa);
                                    sum += o == 2 ? delta * delta : delta;
                                }
                                ell += o == 2 ? std::sqrt(sum) : sum;
                            }
                            const double got = m->score(h, r, t);
                            QVERIFY2(std::fabs(got + ell) < 1e-4 * std::max(1.0, ell),
                                     qPrintable(QString("bounded %1 o %2 (%3,%4,%5): %6 vs −%7")
                                                    .arg(bounded)
                                                    .arg(o)
                                                    .arg(h)
                                                    .arg(r)
                                                    .arg(t)
                                                    .arg(got)
                                                    .arg(ell)));
                        }
            }
    }

    void filteredRankAgainstBruteForce() {
        std::mt19937_64 rng(11);
        std::uniform_int_distribution<int> val(0, 4); // many ties
        for (int round = 0; round < 200; ++round) {
            const std::size_t E = 12;
            std::vector<float> s(E);
            for (auto& x : s)
                x = static_cast<float>(val(rng));
            const kg::Id target = static_cast<kg::Id>(rng() % E);
            std::vector<kg::Id> known;
            for (kg::Id e = 0; e < E; ++e)
                if (rng() % 3 == 0) known.push_back(e);
            double better = 0, tied = 0;
            for (kg::Id e = 0; e < E; ++e) {
                if (e == target || std::find(known.begin(), known.end(), e) != known.end()) continue;
                better += s[e] > s[target];
                tied += s[e] == s[target];
            }
            QCOMPARE(filtered_rank(s, target, known), 1.0 + better + tied / 2.0);
        }
    }
};

QTEST_APPLESS_MAIN(TestEmbedGradients)
#include "tst_embed_gradients.moc"
