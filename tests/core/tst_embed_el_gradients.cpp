// Hand-written gradients of every EL model × normal form × loss part (positive loss, negative
// term, regulariser) and of the whole minibatch objective against central finite differences on
// random parameters; the samplers' p⊥ fraction and corruption; the model names.
#include "el_test_util.hpp"
#include "embed/el_data.hpp"
#include "embed/train_el.hpp"

#include <QTest>

#include <cmath>
#include <random>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

constexpr ElSizes kSizes{7, 3, 3}; // 7 concepts, 3 roles, 3 individuals

std::unique_ptr<ElModel> random_model(const std::string& name, std::uint64_t seed) {
    return test::random_el_model(name, ElVariant::Kbcx, seed, kSizes, 4);
}

/// A random axiom of `kind` with distinct names where the form has several.
NfAxiom random_axiom(NfKind kind, std::mt19937_64& rng) {
    std::vector<kg::Id> cs{0, 1, 2, 3, 4, 5, 6}, rs{0, 1, 2}, xs{0, 1, 2};
    std::shuffle(cs.begin(), cs.end(), rng);
    std::shuffle(rs.begin(), rs.end(), rng);
    std::shuffle(xs.begin(), xs.end(), rng);
    NfAxiom a;
    a.kind = kind;
    switch (kind) {
    case NfKind::GCI0:
    case NfKind::GCI1_BOT: a.a = cs[0], a.b = cs[1]; break;
    case NfKind::GCI0_BOT: a.a = cs[0]; break;
    case NfKind::GCI1: a.a = cs[0], a.b = cs[1], a.c = cs[2]; break;
    case NfKind::GCI2:
    case NfKind::GCI3: a.a = cs[0], a.r = rs[0], a.b = cs[1]; break;
    case NfKind::GCI3_BOT: a.r = rs[0], a.a = cs[0]; break;
    case NfKind::RI: a.r = rs[0], a.s = rs[1]; break;
    case NfKind::RC: a.r = rs[0], a.s = rs[1], a.t = rs[2]; break;
    case NfKind::ClassAssertion: a.a = cs[0], a.x = xs[0]; break;
    case NfKind::RoleAssertion: a.r = rs[0], a.x = xs[0], a.y = xs[1]; break;
    }
    return a;
}

/// Max over parameters of |analytic − numeric| / max(1, |numeric|), and the analytic norm.
/// Parameters at a kink of the loss (|ρ| at 0, a hinge at 0, a max/min switching), where the
/// left and right difference quotients disagree, are skipped; at most 3% of them may be.
template <class F, class G> std::pair<double, double> compare(ElModel& m, F value, G grad) {
    const test::GradientCheck c = test::check_gradient(m, [&](GradBuffer* g) {
        if (g) grad(*g);
        return value();
    });
    // too many kinks: the check would be void
    return {c.kinks * 33 > c.params ? std::max(c.worst, 1.0) : c.worst, std::sqrt(c.norm)};
}

} // namespace

class TestEmbedElGradients : public QObject {
    Q_OBJECT
  private slots:
    void modelNames() {
        QCOMPARE(canonical_el_model_name("box²el"), std::string("Box2EL"));
        QCOMPARE(canonical_el_model_name("elembeddings-IV"), std::string("ELEmbeddings-iv"));
        QVERIFY(is_el_model_name("EmEL++"));
        QVERIFY(!is_el_model_name("TransE"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, canonical_el_model_name("ELEmbedding"));
        for (const auto& n : el_model_names())
            QVERIFY(make_el_model(default_el_config(n), kSizes) != nullptr);
    }

    void partsAgainstFiniteDifferences_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("part");
        for (const auto& n : el_model_names())
            for (int k = 0; k < kNfKinds; ++k)
                for (int p = 0; p < 3; ++p) {
                    const char* pn[] = {"positive", "negative", "regulariser"};
                    QTest::addRow("%s/%s/%s", n.c_str(), std::string(nf_kind_name(static_cast<NfKind>(k))).c_str(),
                                  pn[p])
                        << QString::fromStdString(n) << k << p;
                }
    }
    void partsAgainstFiniteDifferences() {
        QFETCH(QString, model);
        QFETCH(int, kind);
        QFETCH(int, part);
        const auto nk = static_cast<NfKind>(kind);
        const auto lp = static_cast<LossPart>(part);
        int with_terms = 0, nonzero = 0;
        for (std::uint64_t trial = 0; trial < 10; ++trial) {
            auto m = random_model(model.toStdString(), 100 + trial * 7 + static_cast<std::uint64_t>(kind));
            if (trial % 2) // larger balls and boxes: activates the terms that need overlap
                for (auto& t : m->tables())
                    if (t.name == "class.radius" || t.name == "class.offset") t.values *= 3.0f;
            std::mt19937_64 rng(trial * 31 + static_cast<std::uint64_t>(kind));
            const NfAxiom a = random_axiom(nk, rng);
            TermList ts;
            m->terms(a, lp, ts);
            if (lp == LossPart::Positive) QCOMPARE(!ts.empty(), m->supports(nk));
            if (lp == LossPart::Negative && !m->has_negative(nk)) QVERIFY(ts.empty());
            if (ts.empty()) continue;
            ++with_terms;
            const auto [worst, norm] = compare(
                *m, [&] { return m->part_value(a, lp); }, [&](GradBuffer& g) { m->add_part_grad(a, lp, 1.0f, g); });
            if (worst > 2e-2)
                QFAIL(qPrintable(
                    QString("trial %1: gradient differs from finite differences by %2").arg(trial).arg(worst)));
            nonzero += norm > 1e-6;
            if (lp == LossPart::Positive) {
                QVERIFY(m->loss(a) >= 0);
                QCOMPARE(m->score(a), -m->loss(a));
            }
        }
        if (with_terms) QVERIFY2(nonzero > 0, "every gradient was zero: the check could not fail");
    }

    void batchObjectiveAgainstFiniteDifferences_data() {
        QTest::addColumn<QString>("model");
        for (const auto& n : el_model_names())
            QTest::newRow(n.c_str()) << QString::fromStdString(n);
    }
    void batchObjectiveAgainstFiniteDifferences() {
        QFETCH(QString, model);
        auto m = random_model(model.toStdString(), 7);
        std::mt19937_64 rng(3);
        std::vector<NfAxiom> batch, pool;
        for (int k = 0; k < kNfKinds; ++k)
            for (int i = 0; i < 2; ++i) {
                const NfAxiom a = random_axiom(static_cast<NfKind>(k), rng);
                if (m->supports(a.kind)) batch.push_back(a);
            }
        for (int i = 0; i < 4; ++i)
            pool.push_back(random_axiom(i % 2 ? NfKind::GCI0 : NfKind::GCI2, rng));
        TrainSettings st;
        st.neg = 4;
        st.p_bot = 0.5f;
        const auto w = el_batch_weights(batch);
        auto value = [&] {
            GradBuffer g;
            g.shape_like(m->tables());
            return el_batch_loss_grad(*m, batch, w, st, pool, 7, 99, 0, 0.5f, g);
        };
        const auto [worst, norm] =
            compare(*m, value, [&](GradBuffer& g) { el_batch_loss_grad(*m, batch, w, st, pool, 7, 99, 0, 0.5f, g); });
        QVERIFY2(worst < 2e-2, qPrintable(QString("worst relative error %1").arg(worst)));
        QVERIFY(norm > 1e-6);
    }

    void batchWeightsBalanceNormalForms() {
        std::vector<NfAxiom> b(5);
        b[0].kind = b[1].kind = b[2].kind = NfKind::GCI0;
        b[3].kind = b[4].kind = NfKind::GCI2;
        const auto w = el_batch_weights(b);
        QCOMPARE(w[0], 1.0f / 3);
        QCOMPARE(w[4], 0.5f);
    }

    void samplerFractionAndCorruption() {
        std::vector<NfAxiom> pool(3);
        for (std::size_t i = 0; i < pool.size(); ++i) {
            pool[i].kind = NfKind::GCI0;
            pool[i].a = 100 + static_cast<kg::Id>(i); // recognisable
            pool[i].b = 1;
        }
        NfAxiom pos;
        pos.kind = NfKind::GCI2;
        pos.a = 0, pos.r = 0, pos.b = 1;
        std::mt19937_64 rng(5);
        for (float p : {0.0f, 0.25f, 0.5f, 1.0f}) {
            std::vector<NfAxiom> out;
            const std::size_t K = 8;
            const std::size_t from_pool = draw_negatives(pos, K, p, pool, 10, 0, rng, out);
            QCOMPARE(from_pool, static_cast<std::size_t>(std::lround(p * K)));
            QCOMPARE(out.size(), K);
            std::size_t seen_pool = 0;
            for (const NfAxiom& n : out) {
                if (n.a >= 100) {
                    ++seen_pool;
                    continue;
                }
                QCOMPARE(n.kind, NfKind::GCI2);
                QCOMPARE(n.r, pos.r);
                QVERIFY((n.a != pos.a) != (n.b != pos.b)); // exactly one slot changed
                QVERIFY(n.a < 10 && n.b < 10);
            }
            QCOMPARE(seen_pool, from_pool);
        }
        // An empty pool: every negative by corruption; ⊥ forms are not corrupted.
        std::vector<NfAxiom> out;
        QCOMPARE(draw_negatives(pos, 4, 1.0f, {}, 10, 0, rng, out), std::size_t{0});
        QCOMPARE(out.size(), std::size_t{4});
        NfAxiom bot;
        bot.kind = NfKind::GCI0_BOT;
        bot.a = 1;
        NfAxiom n;
        QVERIFY(!corrupt(bot, 10, 0, rng, n));
        NfAxiom ra;
        ra.kind = NfKind::RoleAssertion;
        ra.r = 0, ra.x = 0, ra.y = 1;
        QVERIFY(corrupt(ra, 10, 3, rng, n));
        QVERIFY(n.y != 1 && n.y < 3 && n.x == 0);
    }

    void ballModelsFollowTheirFormulas() {
        // ELEm GCI0 on hand-set balls: [‖c_C − c_D‖ + r_C − r_D − γ]₊ (models.md §7).
        ElModelConfig c = default_el_config("ELEmbeddings");
        c.dim = 2;
        c.margin = 0.1f;
        auto m = make_el_model(c, {2, 1, 0});
        auto& C = m->tables()[0].values;
        auto& R = m->tables()[1].values;
        C.setZero();
        R.setZero();
        C(0, 0) = 3, C(1, 1) = 4;  // distance 5
        R(0, 0) = -1, R(1, 0) = 2; // r = |ρ|
        NfAxiom a;
        a.kind = NfKind::GCI0;
        a.a = 0, a.b = 1;
        QVERIFY(std::fabs(m->loss(a) - (5.0 + 1 - 2 - 0.1)) < 1e-6);
        // Term (iv) only in the -iv variant: [min(r_C, r_D) − r_E − γ]₊.
        auto iv = make_el_model(
            [&] {
                ElModelConfig k = c;
                k.name = "ELEmbeddings-iv";
                return k;
            }(),
            {3, 1, 0});
        auto plain = make_el_model(c, {3, 1, 0});
        for (auto* mm : {iv.get(), plain.get()}) {
            mm->tables()[0].values.setZero();
            mm->tables()[1].values << 2, 3, 0.5, 1; // r_A 2, r_B 3, r_E 0.5 (and ⊤); centres equal
        }
        NfAxiom g1;
        g1.kind = NfKind::GCI1;
        g1.a = 0, g1.b = 1, g1.c = 2;
        QVERIFY(std::fabs(iv->loss(g1) - plain->loss(g1) - (2 - 0.5 - 0.1)) < 1e-6);
        // RI has no loss in ELEmbeddings (NaN score), but in EmEL++ and Box2EL.
        NfAxiom ri;
        ri.kind = NfKind::RI;
        ri.r = 0, ri.s = 0;
        QVERIFY(std::isnan(plain->score(ri)));
    }

    void boxModelsFollowTheirFormulas() {
        // Box²EL inc(C, D) = ‖[|c_C − c_D| + o_C − o_D − γ]₊‖ (models.md §10), in one dimension.
        ElModelConfig c = default_el_config("Box2EL");
        c.dim = 1;
        c.margin = 0.0f;
        auto m = make_el_model(c, {2, 0, 0});
        auto& C = m->tables()[0].values;
        auto& O = m->tables()[1].values;
        C << 0, 0, 0; // rows: two concepts and ⊤
        O << 1, 2, 1;
        NfAxiom a;
        a.kind = NfKind::GCI0;
        a.a = 0, a.b = 1;
        QCOMPARE(m->loss(a), 0.0); // [0,1] half-width 1 inside half-width 2
        C << 3, 0, 0;              // |3 − 0| + 1 − 2 = 2
        QCOMPARE(m->loss(a), 2.0);
        // GCI1 with an empty intersection adds ‖[l − u]₊‖: boxes [−1,1] and [2,4] → l − u = 1.
        auto m3 = make_el_model(c, {3, 0, 0});
        m3->tables()[0].values << 0, 3, 0, 0;
        m3->tables()[1].values << 1, 1, 10, 1;
        NfAxiom g1;
        g1.kind = NfKind::GCI1;
        g1.a = 0, g1.b = 1, g1.c = 2;
        QCOMPARE(m3->loss(g1), 1.0); // intersection (centre 1.5, half-width 0.5) inside E; empty by 1
    }

    void formPoolsMatchThePositivesForm() {
        // A mixed pool: contradiction negatives for a GCI0 positive come from its GCI0 part only.
        std::vector<NfAxiom> pool;
        std::mt19937_64 g(9);
        std::size_t n0 = 0, n2 = 0;
        for (int i = 0; i < 50; ++i) {
            NfAxiom a;
            a.kind = g() % 3 == 0 ? NfKind::GCI0 : NfKind::GCI2;
            a.a = static_cast<kg::Id>(i);
            a.b = static_cast<kg::Id>(i + 1);
            (a.kind == NfKind::GCI0 ? n0 : n2)++;
            pool.push_back(a);
        }
        const FormPools pools(pool);
        QCOMPARE(pools.for_form(NfKind::GCI0).size(), n0);
        QCOMPARE(pools.for_form(NfKind::GCI2).size(), n2);
        for (const NfAxiom& a : pools.for_form(NfKind::GCI0))
            QCOMPARE(a.kind, NfKind::GCI0);
        QCOMPARE(pools.for_form(NfKind::GCI3).size(), pool.size()); // none of that form: the whole pool
        NfAxiom pos;
        pos.kind = NfKind::GCI0;
        pos.a = 0, pos.b = 1;
        std::mt19937_64 rng(2);
        std::vector<NfAxiom> out;
        QCOMPARE(draw_negatives(pos, 10, 1.0f, pools.for_form(pos.kind), 60, 0, rng, out), std::size_t{10});
        for (const NfAxiom& n : out)
            QCOMPARE(n.kind, NfKind::GCI0);
    }
};

QTEST_APPLESS_MAIN(TestEmbedElGradients)
#include "tst_embed_el_gradients.moc"
