// The EL models as mOWL releases them (--variant mowl, paper): every per-axiom loss of mOWL's own
// functions on its seeded tables (el-losses-mowl-golden.json), finite-difference gradients of each
// term and of the step objective, the ⊥-form scores, and the training loop on a toy ontology
// (negatives only for GCI2, one optimiser step per epoch, variant in params.json and checkpoints).
#include "common/error.hpp"
#include "el_test_util.hpp"
#include "embed/checkpoint.hpp"
#include "embed/train_el.hpp"
#include "test_util.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

// A copy of ../shared/references/el-losses-mowl-golden.json, so that the check runs without the
// shared folder.
const QString kGolden = QString(KBCX_TEST_DATA) + "/embed/el-losses-mowl-golden.json";

/// Dense double tables and a gradient sink of the same shape.
struct Tables {
    std::vector<std::vector<double>> data;
    std::vector<std::size_t> width;
    mowl::View<double> view() const {
        mowl::View<double> v;
        for (std::size_t t = 0; t < data.size(); ++t) {
            v.data[t] = data[t].data();
            v.width[t] = width[t];
        }
        return v;
    }
};
struct DenseGrad {
    std::vector<std::vector<double>> g;
    std::vector<std::size_t> width;
    explicit DenseGrad(const Tables& t) : width(t.width) {
        for (const auto& d : t.data)
            g.emplace_back(d.size(), 0.0);
    }
    double* row(std::size_t t, std::uint32_t r) { return g[t].data() + static_cast<std::size_t>(r) * width[t]; }
};

mowl::Geometry geometry_of(const QString& model) {
    if (model == "ELEmbeddings") return mowl::Geometry::ELEm;
    if (model == "ELBE") return mowl::Geometry::ELBE;
    return mowl::Geometry::Box2EL;
}

/// The case's tables in the layout of el_mowl_losses.hpp.
Tables tables_of(const QJsonObject& c) {
    const QJsonObject t = c["tables"].toObject();
    std::vector<const char*> names;
    switch (geometry_of(c["model"].toString())) {
    case mowl::Geometry::ELEm: names = {"class_centre", "class_radius_raw", "relation"}; break;
    case mowl::Geometry::ELBE: names = {"class_centre", "class_offset_raw", "relation"}; break;
    case mowl::Geometry::Box2EL:
        names = {"class_centre",    "class_offset_raw", "class_bump",     "head_centre",
                 "head_offset_raw", "tail_centre",      "tail_offset_raw"};
        break;
    }
    Tables out;
    for (const char* n : names) {
        const QJsonArray rows = t[n].toArray();
        if (rows.isEmpty()) qFatal("golden table %s missing", n);
        out.width.push_back(static_cast<std::size_t>(rows[0].toArray().size()));
        std::vector<double> d;
        for (const auto& r : rows)
            for (const auto& x : r.toArray())
                d.push_back(x.toDouble());
        out.data.push_back(std::move(d));
    }
    return out;
}

/// The golden layouts ("gci0 [C,D]; gci0_bot [C,bot]; gci1 [C,D,E]; gci1_bot [C,D,bot];
/// gci2 [C,r,D]; gci3 [r,C,D]; gci3_bot [r,C,bot]") as normal-form axioms over class rows.
NfAxiom axiom_of(const QString& form, const QJsonArray& ids) {
    auto id = [&](int i) { return static_cast<kg::Id>(ids[i].toInt()); };
    NfAxiom a;
    if (form == "gci0")
        a.kind = NfKind::GCI0, a.a = id(0), a.b = id(1);
    else if (form == "gci0_bot")
        a.kind = NfKind::GCI0_BOT, a.a = id(0);
    else if (form == "gci1")
        a.kind = NfKind::GCI1, a.a = id(0), a.b = id(1), a.c = id(2);
    else if (form == "gci1_bot")
        a.kind = NfKind::GCI1_BOT, a.a = id(0), a.b = id(1);
    else if (form == "gci2" || form == "gci2_neg")
        a.kind = NfKind::GCI2, a.a = id(0), a.r = id(1), a.b = id(2);
    else if (form == "gci3")
        a.kind = NfKind::GCI3, a.r = id(0), a.a = id(1), a.b = id(2);
    else if (form == "gci3_bot")
        a.kind = NfKind::GCI3_BOT, a.r = id(0), a.a = id(1);
    else
        qFatal("unknown golden form %s", qPrintable(form));
    return a;
}

QJsonObject golden() {
    QFile f(kGolden);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(kGolden));
    return QJsonDocument::fromJson(f.readAll()).object();
}

mowl::Options<double> options_of(const QJsonObject& c) {
    mowl::Options<double> o;
    o.gamma = c["margin"].toDouble();
    if (c.contains("delta")) o.delta = c["delta"].toDouble();
    return o;
}

/// Max over all table entries of |analytic − central difference| / max(1, |numeric|); entries at
/// a kink (one-sided quotients disagree) are skipped and counted.
double fd_worst(Tables& T, const std::function<double(const Tables&)>& value,
                const std::function<void(const Tables&, DenseGrad&)>& grad, std::size_t* kinks, double* norm) {
    DenseGrad g(T);
    grad(T, g);
    const double h = 1e-6, f0 = value(T);
    double worst = 0;
    for (std::size_t t = 0; t < T.data.size(); ++t)
        for (std::size_t i = 0; i < T.data[t].size(); ++i) {
            const double keep = T.data[t][i];
            T.data[t][i] = keep + h;
            const double up = value(T);
            T.data[t][i] = keep - h;
            const double down = value(T);
            T.data[t][i] = keep;
            const double right = (up - f0) / h, left = (f0 - down) / h;
            if (std::fabs(right - left) > 1e-4 * std::max(1.0, std::fabs(right))) {
                ++*kinks;
                continue;
            }
            const double num = (up - down) / (2 * h);
            worst = std::max(worst, std::fabs(g.g[t][i] - num) / std::max(1.0, std::fabs(num)));
            *norm += g.g[t][i] * g.g[t][i];
        }
    return worst;
}

const char* kToy = "# GCI2 and GCI3 axioms for the released variants' training loop\n"
                   "Class: A B C D E F\n"
                   "ObjectProperty: r s\n"
                   "A SubClassOf B\n"
                   "B SubClassOf C\n"
                   "A SubClassOf r some D\n"
                   "B SubClassOf s some E\n"
                   "C SubClassOf r some F\n"
                   "r some E SubClassOf F\n"
                   "D DisjointWith E\n";

} // namespace

class TestEmbedElMowl : public QObject {
    Q_OBJECT
  private slots:
    void goldenLosses_data() {
        QTest::addColumn<int>("index");
        const QJsonArray cases = golden()["cases"].toArray();
        QCOMPARE(cases.size(), 9);
        for (int i = 0; i < cases.size(); ++i) {
            const QJsonObject c = cases[i].toObject();
            QTest::addRow("%s seed %d margin %g", qPrintable(c["model"].toString()), c["seed"].toInt(),
                          c["margin"].toDouble())
                << i;
        }
    }
    /// Every number of the case: the positives of each form, the GCI2 negative (on the axioms as
    /// given, their filler playing the corrupted one) and the regulariser.
    void goldenLosses() {
        QFETCH(int, index);
        const QJsonObject g = golden();
        const QJsonObject c = g["cases"].toArray()[index].toObject();
        const QJsonObject axioms = g["axioms"].toObject();
        const mowl::Geometry m = geometry_of(c["model"].toString());
        const Tables T = tables_of(c);
        const mowl::View<double> V = T.view();
        const std::size_t d = T.width[0];
        const mowl::Options<double> o = options_of(c);
        const QJsonObject loss = c["loss"].toObject();
        std::size_t expected = 0, checked = 0;
        for (auto it = loss.begin(); it != loss.end(); ++it)
            expected += it.value().isArray() ? static_cast<std::size_t>(it.value().toArray().size()) : 1;
        for (auto it = loss.begin(); it != loss.end(); ++it) {
            const QString form = it.key();
            if (!it.value().isArray()) {
                // ELEm: mean |‖c‖ − 1| over all class rows (weight 1); Box2EL: reg_factor · mean ‖β‖.
                const double factor = m == mowl::Geometry::Box2EL ? c["reg_factor"].toDouble() : 1.0;
                std::vector<std::uint32_t> all(T.data[0].size() / d);
                std::iota(all.begin(), all.end(), 0u);
                const double ours = mowl::regulariser<double, DenseGrad>(m, all, factor, V, d, nullptr, 0.0);
                QVERIFY2(
                    std::fabs(ours - it.value().toDouble()) < 1e-9,
                    qPrintable(
                        form +
                        QString(": ours %1, mOWL %2").arg(ours, 0, 'g', 17).arg(it.value().toDouble(), 0, 'g', 17)));
                ++checked;
                continue;
            }
            const QJsonArray want = it.value().toArray();
            const QJsonArray rows = axioms[form == "gci2_neg" ? QString("gci2") : form].toArray();
            if (m == mowl::Geometry::ELBE && form == "gci1") {
                // mOWL adds the inclusion column to the emptiness row: n × n values, row-major.
                QCOMPARE(want.size(), rows.size() * rows.size());
                for (int i = 0; i < rows.size(); ++i)
                    for (int j = 0; j < rows.size(); ++j) {
                        const auto pi = mowl::elbe_gci1_parts(axiom_of(form, rows[i].toArray()), V, d, o.gamma);
                        const auto pj = mowl::elbe_gci1_parts(axiom_of(form, rows[j].toArray()), V, d, o.gamma);
                        const double v = want[i * rows.size() + j].toDouble();
                        QVERIFY2(std::fabs(pi.first + pj.second - v) < 1e-9,
                                 qPrintable(QString("ELBE gci1 [%1][%2]: ours %3, mOWL %4")
                                                .arg(i)
                                                .arg(j)
                                                .arg(pi.first + pj.second, 0, 'g', 17)
                                                .arg(v, 0, 'g', 17)));
                        ++checked;
                    }
                // Each axiom's own loss is the diagonal.
                for (int i = 0; i < rows.size(); ++i) {
                    const double ours =
                        mowl::positive<double, DenseGrad>(m, o, axiom_of(form, rows[i].toArray()), V, d, nullptr, 0.0);
                    QVERIFY(std::fabs(ours - want[i * rows.size() + i].toDouble()) < 1e-9);
                }
                continue;
            }
            QCOMPARE(want.size(), rows.size());
            for (int i = 0; i < rows.size(); ++i) {
                const NfAxiom a = axiom_of(form, rows[i].toArray());
                const double ours = form == "gci2_neg"
                                        ? mowl::gci2_negative<double, DenseGrad>(m, o, a, V, d, nullptr, 0.0)
                                        : mowl::positive<double, DenseGrad>(m, o, a, V, d, nullptr, 0.0);
                QVERIFY2(std::fabs(ours - want[i].toDouble()) < 1e-9,
                         qPrintable(QString("%1 #%2: ours %3, mOWL %4")
                                        .arg(form)
                                        .arg(i)
                                        .arg(ours, 0, 'g', 17)
                                        .arg(want[i].toDouble(), 0, 'g', 17)));
                ++checked;
            }
        }
        QCOMPARE(checked, expected);
        QVERIFY(checked >= 23);
    }

    void gradientsAgainstFiniteDifferences_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("form");
        QTest::addColumn<bool>("inside");
        const QJsonArray cases = golden()["cases"].toArray();
        for (int i = 0; i < cases.size(); ++i) {
            const QJsonObject c = cases[i].toObject();
            const QString model = c["model"].toString();
            QStringList forms = {"gci0", "gci0_bot", "gci1", "gci1_bot", "gci2", "gci2_neg", "gci3", "gci3_bot"};
            if (model != "ELBE") forms << "regulariser";
            for (const QString& f : forms)
                QTest::addRow("%s seed %d/%s", qPrintable(model), c["seed"].toInt(), qPrintable(f)) << i << f << false;
            if (model == "ELEmbeddings") // the paper's inside GCI3
                QTest::addRow("%s seed %d/gci3 inside", qPrintable(model), c["seed"].toInt())
                    << i << QString("gci3") << true;
        }
    }
    /// Each term's gradient in double on mOWL's tables, spread so that most hinges are active.
    void gradientsAgainstFiniteDifferences() {
        QFETCH(int, index);
        QFETCH(QString, form);
        QFETCH(bool, inside);
        const QJsonObject g = golden();
        const QJsonObject c = g["cases"].toArray()[index].toObject();
        const mowl::Geometry m = geometry_of(c["model"].toString());
        mowl::Options<double> o = options_of(c);
        o.gci3_inside = inside;
        const QJsonArray rows = g["axioms"].toObject()[form == "gci2_neg" ? QString("gci2") : form].toArray();
        std::size_t kinks = 0, params = 0;
        double worst = 0, norm = 0;
        for (int trial = 0; trial < 4; ++trial) {
            Tables T = tables_of(c);
            const std::size_t d = T.width[0];
            std::mt19937_64 rng(static_cast<std::uint64_t>(index * 100 + trial));
            std::normal_distribution<double> n(0.0, trial % 2 ? 0.8 : 0.3);
            for (auto& t : T.data)
                for (double& x : t)
                    x += n(rng);
            if (trial >= 2) // larger balls and boxes: activates the terms that need overlap
                for (double& x : T.data[1])
                    x *= 3;
            for (const auto& t : T.data)
                params += t.size();
            for (int i = 0; i < (form == "regulariser" ? 1 : rows.size()); ++i) {
                const NfAxiom a = form == "regulariser" ? NfAxiom{} : axiom_of(form, rows[i].toArray());
                const double factor = m == mowl::Geometry::Box2EL ? 0.2 : 1.0;
                auto eval = [&](const Tables& X, DenseGrad* gr) {
                    const mowl::View<double> V = X.view();
                    if (form == "regulariser") {
                        std::vector<std::uint32_t> all(X.data[0].size() / d);
                        std::iota(all.begin(), all.end(), 0u);
                        return mowl::regulariser(m, std::span<const std::uint32_t>(all), factor, V, d, gr, 1.0);
                    }
                    if (form == "gci2_neg") return mowl::gci2_negative(m, o, a, V, d, gr, 1.0);
                    return mowl::positive(m, o, a, V, d, gr, 1.0);
                };
                worst = std::max(worst, fd_worst(
                                            T, [&](const Tables& X) { return eval(X, nullptr); },
                                            [&](const Tables& X, DenseGrad& gr) { eval(X, &gr); }, &kinks, &norm));
            }
        }
        QVERIFY2(worst < 1e-6, qPrintable(QString("worst relative error %1").arg(worst)));
        QVERIFY2(kinks * 20 < params, qPrintable(QString("%1 kinks of %2 parameters").arg(kinks).arg(params)));
        // ELEm's ⊥ forms are the raw ρ and always have a gradient; a zero gradient everywhere would
        // make the check void.
        QVERIFY2(norm > 0, "every gradient was zero");
    }

    /// The paper's GCI3 differs from mOWL's by the sign of r_C: [‖c − v_r − d‖ + r_C − r_D − γ]₊.
    void paperGci3IsTheInsideForm() {
        const QJsonObject g = golden();
        const QJsonObject c = g["cases"].toArray()[0].toObject();
        QCOMPARE(c["model"].toString(), QString("ELEmbeddings"));
        const Tables T = tables_of(c);
        const std::size_t d = T.width[0];
        mowl::Options<double> o = options_of(c);
        o.gci3_inside = true;
        int positive = 0;
        for (const auto& r : g["axioms"].toObject()["gci3"].toArray()) {
            const NfAxiom a = axiom_of("gci3", r.toArray());
            double s = 0;
            for (std::size_t k = 0; k < d; ++k) {
                const double x = T.data[0][a.a * d + k] - T.data[2][a.r * d + k] - T.data[0][a.b * d + k];
                s += x * x;
            }
            const double want =
                std::max(0.0, std::sqrt(s) + std::fabs(T.data[1][a.a]) - std::fabs(T.data[1][a.b]) - o.gamma);
            const double ours =
                mowl::positive<double, DenseGrad>(mowl::Geometry::ELEm, o, a, T.view(), d, nullptr, 0.0);
            QVERIFY(std::fabs(ours - want) < 1e-12);
            positive += want > 0;
        }
        QVERIFY(positive > 0);
    }

    void variantsPerModel() {
        QCOMPARE(default_el_variant("ELEmbeddings"), ElVariant::Paper);
        QCOMPARE(default_el_variant("ELBE"), ElVariant::Mowl);
        QCOMPARE(default_el_variant("Box2EL"), ElVariant::Mowl);
        QCOMPARE(default_el_variant("EmEL++"), ElVariant::Paper);
        QCOMPARE(parse_el_variant("MOWL"), ElVariant::Mowl);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_el_variant("dele++"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_el_config("EmEL++", ElVariant::Mowl));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_el_config("ELBE", ElVariant::Paper));
        ElModelConfig bad = default_el_config("EmEL++");
        bad.variant = ElVariant::Mowl;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, make_el_model(bad, ElSizes{3, 1, 0}));
        const ElModelConfig box = default_el_config("Box2EL", ElVariant::Mowl);
        QCOMPARE(box.margin, 0.02f);
        QCOMPARE(box.delta, 2.5f);
        QCOMPARE(box.reg, 0.2f);
        QCOMPARE(box.dim, ElReleasedDefaults::dim);
    }

    /// mOWL's init: ELEm centres of norm 1 and |ρ| = 1 separately; the other tables row-normalised.
    void initAsReleased() {
        for (const char* name : {"ELEmbeddings", "ELBE", "Box2EL"}) {
            auto m = make_el_model(default_el_config(name, ElVariant::Mowl), ElSizes{5, 2, 1});
            std::mt19937_64 rng(4);
            m->init(rng);
            QCOMPARE(static_cast<std::size_t>(m->tables()[0].values.rows()), m->sizes().class_rows() + 1); // + ⊥
            for (const auto& t : m->tables())
                for (Eigen::Index r = 0; r < t.values.rows(); ++r)
                    QVERIFY2(std::fabs(std::sqrt(t.values.row(r).square().sum()) - 1.0f) < 1e-5f, t.name.c_str());
        }
    }

    /// The score of the ⊥ forms (`extended = False`): A ⊓ B ⊑ ⊥ by GCI1 with E = owl:Nothing, A ⊑ ⊥
    /// by GCI0 with D = owl:Nothing, ∃r.A ⊑ ⊥ by GCI3 with D = owl:Nothing; training keeps the ⊥ losses.
    void bottomFormsScoredWithNothing() {
        for (const char* name : {"ELEmbeddings", "ELBE", "Box2EL"}) {
            auto model = make_el_model(default_el_config(name, ElVariant::Mowl), ElSizes{5, 2, 0});
            std::mt19937_64 rng(9);
            model->init(rng);
            auto& m = dynamic_cast<ElReleasedModel&>(*model);
            mowl::View<float> V;
            for (std::size_t t = 0; t < m.tables().size(); ++t) {
                V.data[t] = m.tables()[t].values.data();
                V.width[t] = static_cast<std::size_t>(m.tables()[t].values.cols());
            }
            mowl::Options<float> o;
            o.gamma = m.config().margin;
            o.delta = m.config().delta;
            const std::size_t d = static_cast<std::size_t>(m.config().dim);
            const std::uint32_t bot = m.bottom_row();
            struct G {
                float* row(std::size_t, std::uint32_t) { return nullptr; }
            };
            NfAxiom dis{NfKind::GCI1_BOT, 1, 2};
            NfAxiom as_gci1{NfKind::GCI1, 1, 2, bot};
            QCOMPARE(m.loss(dis),
                     static_cast<double>(mowl::positive<float, G>(m.geometry(), o, as_gci1, V, d, nullptr, 0)));
            QVERIFY(m.loss(dis) != m.part_value(dis, LossPart::Positive));
            NfAxiom unsat{NfKind::GCI0_BOT, 3};
            NfAxiom as_gci0{NfKind::GCI0, 3, bot};
            QCOMPARE(m.loss(unsat),
                     static_cast<double>(mowl::positive<float, G>(m.geometry(), o, as_gci0, V, d, nullptr, 0)));
            NfAxiom ex{NfKind::GCI3_BOT, 4};
            ex.r = 1;
            NfAxiom as_gci3{NfKind::GCI3, 4, bot};
            as_gci3.r = 1;
            QCOMPARE(m.loss(ex),
                     static_cast<double>(mowl::positive<float, G>(m.geometry(), o, as_gci3, V, d, nullptr, 0)));
            QVERIFY(std::isnan(m.loss(NfAxiom{NfKind::RI, kg::kNoId, kg::kNoId})));
        }
    }

    void objectiveAgainstFiniteDifferences_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("variant");
        QTest::newRow("ELEmbeddings mowl") << "ELEmbeddings" << int(ElVariant::Mowl);
        QTest::newRow("ELEmbeddings paper") << "ELEmbeddings" << int(ElVariant::Paper);
        QTest::newRow("ELBE mowl") << "ELBE" << int(ElVariant::Mowl);
        QTest::newRow("Box2EL mowl") << "Box2EL" << int(ElVariant::Mowl);
    }
    /// The step objective's aggregation (Σ_NF mean, ELBE's squared means, the negatives, the
    /// regulariser over all class rows): its value from the parts, and its gradient (float, FD).
    void objectiveAgainstFiniteDifferences() {
        QFETCH(QString, model);
        QFETCH(int, variant);
        ElModelConfig cfg = default_el_config(model.toStdString(), static_cast<ElVariant>(variant));
        cfg.dim = 4;
        cfg.margin = 0.05f;
        auto owned = make_el_model(cfg, ElSizes{6, 2, 2}); // two nominal rows, outside mOWL's classes
        auto& m = dynamic_cast<ElReleasedModel&>(*owned);
        std::mt19937_64 rng(11);
        m.init(rng);
        std::normal_distribution<float> n(0.0f, 0.4f);
        for (auto& t : m.tables())
            for (Eigen::Index i = 0; i < t.values.size(); ++i)
                t.values.data()[i] += n(rng);
        std::vector<NfAxiom> train = {{NfKind::GCI0, 0, 1},    {NfKind::GCI0, 2, 3},     {NfKind::GCI0_BOT, 4},
                                      {NfKind::GCI1, 0, 1, 2}, {NfKind::GCI1_BOT, 3, 4}, {NfKind::GCI1_BOT, 0, 5},
                                      {NfKind::GCI2, 0, 1},    {NfKind::GCI2, 2, 5},     {NfKind::GCI2, 3, 4},
                                      {NfKind::GCI3, 1, 2},    {NfKind::GCI3_BOT, 5}};
        train[6].r = 0, train[7].r = 1, train[8].r = 0, train[9].r = 1, train[10].r = 0;
        std::vector<std::uint32_t> fillers;
        std::mt19937_64 frng(5);
        draw_released_fillers(m, train, frng, fillers);
        // The value from the parts, aggregated as mOWL's train().
        std::map<NfKind, std::vector<double>> pos;
        std::vector<double> neg;
        for (std::size_t i = 0; i < train.size(); ++i) {
            pos[train[i].kind].push_back(m.part_value(train[i], LossPart::Positive));
            if (fillers[i] != kg::kNoId) {
                // The filler is a row; ids < concepts are rows of themselves, ⊤/⊥ go through the
                // model's loss functions directly.
                mowl::View<float> V;
                for (std::size_t t = 0; t < m.tables().size(); ++t) {
                    V.data[t] = m.tables()[t].values.data();
                    V.width[t] = static_cast<std::size_t>(m.tables()[t].values.cols());
                }
                mowl::Options<float> o;
                o.gamma = cfg.margin;
                o.delta = cfg.delta;
                struct G {
                    float* row(std::size_t, std::uint32_t) { return nullptr; }
                };
                NfAxiom a = train[i];
                a.b = fillers[i];
                neg.push_back(mowl::gci2_negative<float, G>(m.geometry(), o, a, V, 4, nullptr, 0));
            }
        }
        auto mean = [](const std::vector<double>& v) {
            double s = 0;
            for (double x : v)
                s += x;
            return s / static_cast<double>(v.size());
        };
        const bool elbe = model == "ELBE";
        double want = 0;
        for (const auto& [k, v] : pos)
            want += elbe ? mean(v) * mean(v) : mean(v);
        want += elbe ? (mean(neg) - 1) * (mean(neg) - 1) : mean(neg);
        if (!elbe) {
            // Concepts 0–5, ⊤ (row 8) and ⊥ (row 9); the nominal rows 6, 7 are not classes.
            const auto& C = m.tables()[model == "Box2EL" ? 2 : 0].values;
            QCOMPARE(C.rows(), Eigen::Index(10));
            double r = 0;
            for (Eigen::Index i : {0, 1, 2, 3, 4, 5, 8, 9}) {
                const double nr = std::sqrt(static_cast<double>(C.row(i).square().sum()));
                r += model == "Box2EL" ? nr : std::fabs(nr - 1);
            }
            want += cfg.reg * r / 8.0;
        }
        QCOMPARE(neg.size(), std::size_t(3));
        QVERIFY(std::fabs(m.objective(train, fillers, nullptr) - want) < 1e-5 * std::max(1.0, want));

        // Gradient: central differences in float (h = 1e-3), kinks skipped.
        const test::GradientCheck c = test::check_released_gradient(m, train, fillers);
        QVERIFY2(c.worst < 2e-2, qPrintable(QString("worst relative error %1").arg(c.worst)));
        QVERIFY(c.kinks * 20 < c.params);
        QVERIFY(c.norm > 0);
    }

    /// The sampler of the released variants: one filler for each GCI2 axiom and none elsewhere,
    /// drawn from every concept, ⊤ and ⊥ (never a nominal row).
    void negativesOnlyForGci2FromAnyClass() {
        auto owned = make_el_model(default_el_config("ELEmbeddings", ElVariant::Mowl), ElSizes{4, 1, 2});
        const auto& m = dynamic_cast<const ElReleasedModel&>(*owned);
        std::vector<NfAxiom> train;
        for (int k = 0; k < 7; ++k) {
            NfAxiom a;
            a.kind = static_cast<NfKind>(k);
            a.a = 0, a.b = 1, a.c = 2, a.r = 0;
            train.push_back(a);
            train.push_back(a);
        }
        std::set<std::uint32_t> seen;
        std::mt19937_64 rng(1);
        std::vector<std::uint32_t> fillers;
        for (int draw = 0; draw < 200; ++draw) {
            draw_released_fillers(m, train, rng, fillers);
            QCOMPARE(fillers.size(), train.size());
            for (std::size_t i = 0; i < train.size(); ++i) {
                QCOMPARE(fillers[i] != kg::kNoId, train[i].kind == NfKind::GCI2);
                if (fillers[i] != kg::kNoId) seen.insert(fillers[i]);
            }
        }
        // Concepts 0–3 (rows 0–3), ⊤ (row 6, after the two nominal rows 4, 5) and ⊥ (row 7).
        QCOMPARE(seen, (std::set<std::uint32_t>{0, 1, 2, 3, 6, 7}));
        QCOMPARE(m.bottom_row(), 7u);
    }

    /// train_el with a released variant: one optimiser step per epoch whatever the batch setting,
    /// the variant in params.json and the checkpoint, resume with another variant refused.
    void trainingLoopOneStepPerEpoch() {
        QTemporaryDir dir;
        const std::string onto = test::write_file(dir, "toy.kbo", kToy);
        jobs::JobContext ctx;
        const ElDataset data = load_el_dataset(onto, ctx);
        QVERIFY(data.count(NfKind::GCI2) == 3 && data.count(NfKind::GCI3) == 1);
        for (const char* name : {"ELEmbeddings", "ELBE", "Box2EL"}) {
            ElTrainParams p;
            p.model = default_el_config(name, default_el_variant(name));
            p.model.dim = 6;
            p.train.epochs = 7;
            p.train.batch = 2; // does not apply: the whole set is one step
            p.train.lr = static_cast<float>(ElReleasedDefaults::lr);
            p.train.eval_every = 0;
            p.train.seed = 2;
            p.train.run_dir = dir.filePath(QString("run_") + name).toStdString();
            std::vector<double> losses;
            p.hooks.on_epoch = [&](const EpochReport& r) { losses.push_back(r.loss); };
            std::unique_ptr<ElModel> trained;
            const TrainResult res = train_el(data, p, ctx, &trained);
            QCOMPARE(res.last_epoch, 7);
            QCOMPARE(losses.size(), std::size_t(7));
            const Checkpoint c = read_checkpoint(p.train.run_dir + "/checkpoint.bin");
            QCOMPARE(c.get("optimizer_steps"), std::string("7"));
            QCOMPARE(c.get("variant"), std::string(el_variant_name(p.model.variant)));
            const std::string params = test::slurp(p.train.run_dir + "/params.json");
            QVERIFY2(params.find("\"variant\": \"" + std::string(el_variant_name(p.model.variant)) + "\"") !=
                         std::string::npos,
                     params.c_str());
            // The reported loss is the step objective before the step.
            QVERIFY(std::isfinite(losses.front()) && losses.front() > 0);
            const auto loaded = load_el_model(p.train.run_dir + "/checkpoint.bin");
            QCOMPARE(loaded->config().variant, p.model.variant);
            QVERIFY(dynamic_cast<const ElReleasedModel*>(loaded.get()) != nullptr);
            // Resuming as kbcx is refused with the two variants named.
            ElTrainParams again = p;
            again.model.variant = ElVariant::Kbcx;
            again.train.resume = true;
            again.train.epochs = 8;
            try {
                train_el(data, again, ctx);
                QFAIL("resume with another variant was accepted");
            } catch (const InputError& e) {
                const std::string msg = e.what();
                QVERIFY2(msg.find("--variant " + std::string(el_variant_name(p.model.variant))) != std::string::npos &&
                             msg.find("--variant kbcx") != std::string::npos,
                         msg.c_str());
            }
            // … and with the same variant it continues: one more step, the same as 8 epochs in one go
            // (the fillers of each epoch come from (seed, epoch), Adam's moments from the checkpoint).
            again.model.variant = p.model.variant;
            train_el(data, again, ctx);
            QCOMPARE(read_checkpoint(p.train.run_dir + "/checkpoint.bin").get("optimizer_steps"), std::string("8"));
            const auto resumed = load_el_model(p.train.run_dir + "/checkpoint.bin");
            ElTrainParams straight = p;
            straight.train.epochs = 8;
            straight.train.run_dir.clear();
            straight.hooks.on_epoch = {};
            std::unique_ptr<ElModel> direct;
            train_el(data, straight, ctx, &direct);
            for (std::size_t t = 0; t < direct->tables().size(); ++t)
                QVERIFY2((direct->tables()[t].values == resumed->tables()[t].values).all(),
                         direct->tables()[t].name.c_str());
            // Another seed (its own init and fillers) gives other parameters: the comparison can fail.
            straight.train.seed = 3;
            std::unique_ptr<ElModel> other;
            train_el(data, straight, ctx, &other);
            QVERIFY(!(other->tables()[0].values == direct->tables()[0].values).all());
        }
    }

    void cliVariantOption() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const QString onto = QString::fromStdString(test::write_file(dir, "toy.kbo", kToy));
        auto r = test::run_kbcx({"train", "--help"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("--variant") && r.out.contains("ELBE mowl, dele, kbcx") &&
                     r.out.contains("Box2EL mowl, dele, kbcx") &&
                     r.out.contains("ELEmbeddings paper, mowl, dele, kbcx") &&
                     r.out.contains("EmEL++ paper, kracr, kbcx"),
                 qPrintable(r.out));
        r = test::run_kbcx({"train", onto, "--model", "EmEL++", "--variant", "mowl", "--run", dir.filePath("a")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("valid: paper, kracr, kbcx"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "ELBE", "--neg", "4", "--run", dir.filePath("b")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--neg does not apply to --variant mowl"), qPrintable(r.err));
        r = test::run_kbcx(
            {"train", onto, "--model", "Box2EL", "--epochs", "3", "--run", dir.filePath("c"), "--stats"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("variant mowl"), qPrintable(r.err));
        const QJsonObject params =
            QJsonDocument::fromJson(QByteArray::fromStdString(test::slurp(dir.filePath("c/params.json").toStdString())))
                .object();
        QCOMPARE(params["variant"].toString(), QString("mowl"));
        QCOMPARE(params["lr"].toDouble(), static_cast<double>(static_cast<float>(ElReleasedDefaults::lr)));
        r = test::run_kbcx({"train", onto, "--model", "Box2EL", "--variant", "kbcx", "--epochs", "4", "--run",
                            dir.filePath("c"), "--resume"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("trained with --variant mowl"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestEmbedElMowl)
#include "tst_embed_el_mowl.moc"
