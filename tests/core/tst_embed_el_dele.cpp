// The dele variant (ELEmbeddings as DELE releases it), EmEL++'s paper and kracr variants: the lists,
// finite-difference gradients of their step objectives, the negatives their training loops draw,
// DELE's plateau schedule and best-epoch restore, and the CLI's refusals.
#include "common/error.hpp"
#include "el_test_util.hpp"
#include "embed/checkpoint.hpp"
#include "embed/train_el.hpp"
#include "test_util.hpp"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

/// Every SubClassOf normal form, a role inclusion and a chain.
const char* kToy = "Class: A B C D E F\n"
                   "ObjectProperty: r s t\n"
                   "A SubClassOf B\n"
                   "B SubClassOf C\n"
                   "F SubClassOf owl:Nothing\n"
                   "A and B SubClassOf D\n"
                   "A SubClassOf r some D\n"
                   "B SubClassOf s some E\n"
                   "C SubClassOf r some F\n"
                   "r some E SubClassOf F\n"
                   "s some F SubClassOf owl:Nothing\n"
                   "D DisjointWith E\n"
                   "r SubPropertyOf s\n"
                   "r o s SubPropertyOf t\n";

constexpr std::uint32_t kAllForms = (1u << static_cast<int>(NfKind::RI)) - 1; // GCI0 … GCI3_BOT

void perturb(ElModel& m, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    m.init(rng);
    std::normal_distribution<float> n(0.0f, 0.4f);
    for (auto& t : m.tables())
        for (Eigen::Index i = 0; i < t.values.size(); ++i)
            t.values.data()[i] += n(rng);
}

/// Worst relative error of the objective's gradient against central differences (kinks skipped).
double worst_gradient_error(ElReleasedModel& m, const std::vector<NfAxiom>& train,
                            const std::vector<std::uint32_t>& fillers, double* norm_out) {
    const test::GradientCheck c = test::check_released_gradient(m, train, fillers);
    *norm_out = c.norm;
    return c.worst;
}

std::vector<NfAxiom> every_form() {
    std::vector<NfAxiom> train = {{NfKind::GCI0, 0, 1},    {NfKind::GCI0, 2, 3},     {NfKind::GCI0_BOT, 4},
                                  {NfKind::GCI1, 0, 1, 2}, {NfKind::GCI1_BOT, 3, 4}, {NfKind::GCI1_BOT, 0, 5},
                                  {NfKind::GCI2, 0, 1},    {NfKind::GCI2, 2, 5},     {NfKind::GCI2, 3, 4},
                                  {NfKind::GCI3, 1, 2},    {NfKind::GCI3_BOT, 5}};
    train[6].r = 0, train[7].r = 1, train[8].r = 0, train[9].r = 1, train[10].r = 0;
    return train;
}

} // namespace

class TestEmbedElDele : public QObject {
    Q_OBJECT

  private slots:
    void variantsPerModel() {
        QCOMPARE(parse_el_variant("DELE"), ElVariant::Dele);
        QCOMPARE(el_variant_list("ELEmbeddings"), std::string("paper, mowl, dele, kbcx"));
        QCOMPARE(el_variant_list("EmEL++"), std::string("paper, kracr, kbcx"));
        QCOMPARE(parse_el_variant("kracr"), ElVariant::Kracr);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_el_config("ELEmbeddings", ElVariant::Kracr));
        QCOMPARE(default_el_variant("EmEL++"), ElVariant::Paper);
        QCOMPARE(default_el_variant("ELBE"), ElVariant::Mowl);
        QCOMPARE(el_variant_list("ELBE"), std::string("mowl, dele, kbcx"));
        QCOMPARE(default_el_config("ELBE", ElVariant::Dele).neg_forms, ElDeleDefaults::neg_forms);
        QCOMPARE(el_variant_list("Box2EL"), std::string("mowl, dele, kbcx"));
        const ElModelConfig b = default_el_config("Box2EL", ElVariant::Dele);
        QVERIFY(b.margin == 0.0f && b.delta == 2.0f && b.reg == 0.05f); // DELE's Box²EL defaults
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_el_config("ELEmbeddings-iv", ElVariant::Dele));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_el_config("EmEL++", ElVariant::Dele));
        const ElModelConfig d = default_el_config("ELEmbeddings", ElVariant::Dele);
        QCOMPARE(d.neg_forms, ElDeleDefaults::neg_forms);
        QCOMPARE(d.reg, 0.0f);
        QCOMPARE(neg_forms_text(d.neg_forms), std::string("gci2"));
        QCOMPARE(parse_neg_forms("GCI0,gci1_bot"),
                 (1u << static_cast<int>(NfKind::GCI0)) | (1u << static_cast<int>(NfKind::GCI1_BOT)));
        QCOMPARE(parse_neg_forms("none"), 0u);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_neg_forms("gci2,ri"));
        const ElVariantTraining kt = el_variant_training(ElVariant::Kracr);
        QVERIFY(kt.batch == 256 && kt.lr == 3e-4 && kt.batch_applies && !kt.neg_applies && kt.epochs == 1000);
        const ElVariantTraining dt = el_variant_training(ElVariant::Dele);
        QVERIFY(!dt.batch_applies && !dt.neg_applies && dt.lr == ElReleasedDefaults::lr);
        QVERIFY(el_variant_training(ElVariant::Kbcx).batch_applies);
        const ElModelConfig e = default_el_config("EmEL++", ElVariant::Paper);
        QCOMPARE(e.margin, 0.0f);
        auto m = make_el_model(e, ElSizes{3, 2, 0});
        QVERIFY(m->supports(NfKind::RI) && m->supports(NfKind::RC) && !m->supports(NfKind::ClassAssertion));
    }

    void objectiveAgainstFiniteDifferences_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("variant");
        QTest::addColumn<double>("reg");
        QTest::newRow("ELEmbeddings dele, no regulariser") << "ELEmbeddings" << int(ElVariant::Dele) << 0.0;
        QTest::newRow("ELEmbeddings dele, reg 0.3") << "ELEmbeddings" << int(ElVariant::Dele) << 0.3;
        QTest::newRow("ELBE dele") << "ELBE" << int(ElVariant::Dele) << 0.0;
        QTest::newRow("Box2EL dele, reg 0.05") << "Box2EL" << int(ElVariant::Dele) << 0.05;
        QTest::newRow("EmEL++ paper") << "EmEL++" << int(ElVariant::Paper) << 1.0;
    }
    /// The step objectives with every new term active: DELE's negative of every form (neg_forms =
    /// all), its per-occurrence regulariser and squared GCI2; EmEL++ paper's [ρ]₊ balls, RI and RC
    /// (ball + cosine) and [−ρ]₊.
    void objectiveAgainstFiniteDifferences() {
        QFETCH(QString, model);
        QFETCH(int, variant);
        QFETCH(double, reg);
        ElModelConfig cfg = default_el_config(model.toStdString(), static_cast<ElVariant>(variant));
        cfg.dim = 4;
        cfg.margin = 0.05f;
        cfg.reg = static_cast<float>(reg);
        if (cfg.variant == ElVariant::Dele) cfg.neg_forms = kAllForms;
        auto owned = make_el_model(cfg, ElSizes{6, 3, 0});
        auto& m = dynamic_cast<ElReleasedModel&>(*owned);
        perturb(m, 11);
        std::vector<NfAxiom> train = every_form();
        if (model == "EmEL++") {
            NfAxiom ri{NfKind::RI};
            ri.r = 0, ri.s = 1;
            NfAxiom rc{NfKind::RC};
            rc.r = 0, rc.s = 1, rc.t = 2;
            train.push_back(ri);
            train.push_back(rc);
        }
        std::vector<std::uint32_t> fillers;
        std::mt19937_64 rng(5);
        if (cfg.variant == ElVariant::Dele)
            draw_dele_negatives(m, train, rng, fillers);
        else
            draw_released_fillers(m, train, rng, fillers);
        std::size_t negs = 0;
        for (std::uint32_t f : fillers)
            negs += f != kg::kNoId;
        QCOMPARE(negs, cfg.variant == ElVariant::Dele ? std::size_t(11) : std::size_t(3));
        // The value: dele Σ_NF mean ℓ⁺ + mean ℓ⁻ with GCI2 squared (here without regulariser).
        if (cfg.variant == ElVariant::Dele && reg == 0 && model != "Box2EL") {
            std::map<NfKind, std::vector<double>> pos, neg;
            for (std::size_t i = 0; i < train.size(); ++i) {
                pos[train[i].kind].push_back(m.part_value(train[i], LossPart::Positive));
                neg[train[i].kind].push_back(m.part_value(m.corrupt(train[i], fillers[i]), LossPart::Negative));
            }
            double want = 0;
            for (const auto& [k, v] : pos)
                for (std::size_t i = 0; i < v.size(); ++i) {
                    const double p = v[i], n = neg[k][i];
                    const bool sq = k == NfKind::GCI2 || model == "ELBE"; // ELBE squares every form
                    want += (sq ? p * p + n * n : p + n) / static_cast<double>(v.size());
                }
            QVERIFY(std::fabs(m.objective(train, fillers, nullptr) - want) < 1e-5 * std::max(1.0, want));
        }
        double norm = 0;
        const double worst = worst_gradient_error(m, train, fillers, &norm);
        QVERIFY2(worst < 2e-2, qPrintable(QString("worst relative error %1").arg(worst)));
        QVERIFY(norm > 0);
    }

    /// Box²EL's dele objective: every form squared, the GCI2 and GCI3 negatives a mean squared once
    /// (its negative losses are means already), λ·mean ‖β‖ over every class.
    void box2elDeleObjectiveValue() {
        ElModelConfig cfg = default_el_config("Box2EL", ElVariant::Dele);
        cfg.dim = 4;
        cfg.neg_forms = parse_neg_forms("gci0,gci2,gci3");
        auto owned = make_el_model(cfg, ElSizes{6, 2, 0});
        auto& m = dynamic_cast<ElReleasedModel&>(*owned);
        perturb(m, 17);
        const std::vector<NfAxiom> train = every_form();
        std::vector<std::uint32_t> fillers;
        std::mt19937_64 rng(2);
        draw_dele_negatives(m, train, rng, fillers);
        std::map<NfKind, std::vector<double>> pos, neg;
        for (std::size_t i = 0; i < train.size(); ++i) {
            pos[train[i].kind].push_back(m.part_value(train[i], LossPart::Positive));
            if (fillers[i] != kg::kNoId)
                neg[train[i].kind].push_back(m.part_value(m.corrupt(train[i], fillers[i]), LossPart::Negative));
        }
        auto mean = [](const std::vector<double>& v, bool squares) {
            double s = 0;
            for (double x : v)
                s += squares ? x * x : x;
            return s / static_cast<double>(v.size());
        };
        double want = 0;
        for (const auto& [k, v] : pos)
            want += mean(v, true);
        want += mean(neg[NfKind::GCI0], true);
        want += std::pow(mean(neg[NfKind::GCI2], false), 2) + std::pow(mean(neg[NfKind::GCI3], false), 2);
        double reg = 0;
        const std::vector<Eigen::Index> classes = {0, 1, 2, 3, 4, 5, 6, 7}; // concepts, ⊤, ⊥
        for (Eigen::Index r : classes)
            reg += std::sqrt(static_cast<double>(m.tables()[2].values.row(r).square().sum()));
        want += cfg.reg * reg / static_cast<double>(classes.size());
        const double got = m.objective(train, fillers, nullptr);
        QVERIFY2(std::fabs(got - want) < 1e-5 * std::max(1.0, want),
                 qPrintable(QString("%1 vs %2").arg(got).arg(want)));
    }

    /// DELE's negatives: the tail of GCI0, GCI1, GCI2, GCI3 and the class of the ⊥ forms, the other
    /// columns kept.
    void deleCorruptsTheTail() {
        ElModelConfig cfg = default_el_config("ELEmbeddings", ElVariant::Dele);
        cfg.neg_forms = kAllForms;
        auto owned = make_el_model(cfg, ElSizes{6, 2, 0});
        const auto& m = dynamic_cast<const ElReleasedModel&>(*owned);
        for (const NfAxiom& a : every_form()) {
            const NfAxiom n = m.corrupt(a, 99);
            int changed = (n.a != a.a) + (n.b != a.b) + (n.c != a.c) + (n.r != a.r);
            QCOMPARE(changed, 1);
            switch (a.kind) {
            case NfKind::GCI1: QCOMPARE(n.c, 99u); break;
            case NfKind::GCI0_BOT:
            case NfKind::GCI1_BOT:
            case NfKind::GCI3_BOT: QCOMPARE(n.a, 99u); break;
            default: QCOMPARE(n.b, 99u); break;
            }
        }
    }

    /// The training loops on a toy ontology: dele draws one negative per axiom of the neg_forms
    /// forms only, in its corrupted column, the same at every epoch; mowl and paper (ELEm and
    /// EmEL++) one per GCI2 axiom in the filler, redrawn every epoch.
    void trainingLoopNegatives_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("forms");
        QTest::newRow("ELEmbeddings dele gci2") << "ELEmbeddings" << int(ElVariant::Dele) << "gci2";
        QTest::newRow("ELEmbeddings dele gci0,gci1,gci3_bot")
            << "ELEmbeddings" << int(ElVariant::Dele) << "gci0,gci1,gci3_bot";
        QTest::newRow("ELBE dele gci0,gci1_bot,gci2") << "ELBE" << int(ElVariant::Dele) << "gci0,gci1_bot,gci2";
        QTest::newRow("Box2EL dele gci1,gci3,gci3_bot") << "Box2EL" << int(ElVariant::Dele) << "gci1,gci3,gci3_bot";
        QTest::newRow("ELEmbeddings mowl") << "ELEmbeddings" << int(ElVariant::Mowl) << "";
        QTest::newRow("EmEL++ paper") << "EmEL++" << int(ElVariant::Paper) << "";
    }
    void trainingLoopNegatives() {
        QFETCH(QString, model);
        QFETCH(int, variant);
        QFETCH(QString, forms);
        QTemporaryDir dir;
        const std::string onto = test::write_file(dir, "toy.kbo", kToy);
        jobs::JobContext ctx;
        const ElDataset data = load_el_dataset(onto, ctx);
        ElTrainParams p;
        p.model = default_el_config(model.toStdString(), static_cast<ElVariant>(variant));
        const bool dele = p.model.variant == ElVariant::Dele;
        if (dele) p.model.neg_forms = parse_neg_forms(forms.toStdString());
        const std::uint32_t mask = dele ? p.model.neg_forms : 1u << static_cast<int>(NfKind::GCI2);
        p.model.dim = 5;
        p.train.epochs = 4;
        p.train.lr = 0.01f;
        p.train.eval_every = 0;
        p.train.seed = 3;
        std::vector<std::vector<NfAxiom>> seen;
        std::set<NfKind> trained_forms;
        p.on_negatives = [&](int, std::span<const NfAxiom> train, std::span<const NfAxiom> negs) {
            QCOMPARE(train.size(), negs.size());
            seen.emplace_back(negs.begin(), negs.end());
            for (std::size_t i = 0; i < train.size(); ++i) {
                const NfAxiom& a = train[i];
                const NfAxiom& n = negs[i];
                trained_forms.insert(a.kind);
                const bool has = n.a != kg::kNoId || n.b != kg::kNoId;
                QCOMPARE(has, bool(mask & (1u << static_cast<int>(a.kind))));
                if (!has) continue;
                QCOMPARE(n.kind, a.kind);
                QCOMPARE(n.r, a.r);
                const bool tail_c = a.kind == NfKind::GCI1;
                const bool head =
                    a.kind == NfKind::GCI0_BOT || a.kind == NfKind::GCI1_BOT || a.kind == NfKind::GCI3_BOT;
                if (!head) QCOMPARE(n.a, a.a);
                if (head || tail_c) QCOMPARE(n.b, a.b);
                if (!tail_c) QCOMPARE(n.c, a.c);
            }
        };
        train_el(data, p, ctx);
        QCOMPARE(seen.size(), std::size_t(4));
        QVERIFY(trained_forms.count(NfKind::GCI0) && trained_forms.count(NfKind::GCI1) &&
                trained_forms.count(NfKind::GCI3_BOT));
        QCOMPARE(trained_forms.count(NfKind::RI) > 0, model == "EmEL++");
        bool all_same = true;
        for (std::size_t e = 1; e < seen.size(); ++e)
            all_same = all_same && seen[e] == seen[0];
        if (dele)
            QVERIFY(all_same); // DELE's loader reseeds: the same negatives every epoch
        else
            QVERIFY(!all_same); // mOWL draws afresh at each step
    }

    /// ReduceLROnPlateau (relative threshold 1e-4, patience 10, factor 0.1) and the stop after 20
    /// epochs without a lower loss.
    void plateauSchedule() {
        DelePlateau p;
        p.lr = 1e-3;
        QVERIFY(p.update(1.0));
        QVERIFY(p.update(0.5));
        for (int i = 0; i < 10; ++i)
            QVERIFY(!p.update(0.5)); // not lower: 10 bad epochs, still within patience
        QCOMPARE(p.lr, 1e-3);
        QVERIFY(!p.update(0.6)); // the 11th: the rate drops
        QVERIFY(std::fabs(p.lr - 1e-4) < 1e-12);
        QVERIFY(p.update(0.49999)); // lower, but within the relative threshold: a plateau epoch
        QCOMPARE(p.plateau_bad, 1);
        QVERIFY(!p.stop());
        for (int i = 0; i < 19; ++i)
            QVERIFY(!p.update(0.7));
        QVERIFY(!p.stop());
        QVERIFY(!p.update(0.7));
        QVERIFY(p.stop());
    }

    /// A dele run ends with the best epoch's parameters (checkpoint and returned model) and keeps
    /// the last epoch's for a resume, which continues exactly as a run straight through.
    void deleRestoresTheBestEpoch() {
        QTemporaryDir dir;
        const std::string onto = test::write_file(dir, "toy.kbo", kToy);
        jobs::JobContext ctx;
        const ElDataset data = load_el_dataset(onto, ctx);
        ElTrainParams p;
        p.model = default_el_config("ELEmbeddings", ElVariant::Dele);
        p.model.dim = 5;
        p.train.epochs = 12;
        p.train.lr = 0.5f; // large: the validation loss goes up and down
        p.train.eval_every = 0;
        p.train.run_dir = dir.filePath("run").toStdString();
        std::vector<double> valid;
        p.hooks.on_epoch = [&](const EpochReport& r) { valid.push_back(r.metrics.at("valid_loss")); };
        std::unique_ptr<ElModel> trained;
        train_el(data, p, ctx, &trained);
        QCOMPARE(valid.size(), std::size_t(12));
        const auto& m = dynamic_cast<const ElReleasedModel&>(*trained);
        const double best = *std::min_element(valid.begin(), valid.end());
        QVERIFY(std::fabs(m.mean_loss(data.axioms, NfKind::GCI0) - best) < 1e-6 * std::max(1.0, best));
        const Checkpoint c = read_checkpoint(p.train.run_dir + "/checkpoint.bin");
        QCOMPARE(c.get("neg_forms"), std::string("gci2"));
        QVERIFY(c.table("best/class.centre") && c.table("last/class.centre"));
        const auto loaded = load_el_model(p.train.run_dir + "/checkpoint.bin");
        QVERIFY((loaded->tables()[0].values == trained->tables()[0].values).all());
        const std::string params = test::slurp(p.train.run_dir + "/params.json");
        QVERIFY2(params.find("\"validation\": \"training GCI0 axioms\"") != std::string::npos, params.c_str());
        // Resume to 14 epochs = 14 epochs straight.
        ElTrainParams again = p;
        again.train.resume = true;
        again.train.epochs = 14;
        again.hooks.on_epoch = {};
        std::unique_ptr<ElModel> resumed;
        train_el(data, again, ctx, &resumed);
        ElTrainParams straight = again;
        straight.train.resume = false;
        straight.train.run_dir.clear();
        std::unique_ptr<ElModel> direct;
        train_el(data, straight, ctx, &direct);
        for (std::size_t t = 0; t < direct->tables().size(); ++t)
            QVERIFY2((direct->tables()[t].values == resumed->tables()[t].values).all(),
                     direct->tables()[t].name.c_str());
    }

    /// kracr's step objective: mean over the slots of the squared sum of every form's loss (with
    /// term (iv), the SubClassOf vector, RI/RC, the unhinged GCI2 negative, ⊤'s radius target and
    /// [−ρ]₊), its value from the parts and its gradient.
    void kracrObjective() {
        ElModelConfig cfg = default_el_config("EmEL++", ElVariant::Kracr);
        cfg.dim = 4;
        cfg.margin = 0.05f;
        auto owned = make_el_model(cfg, ElSizes{6, 3, 0});
        auto& m = dynamic_cast<ElReleasedModel&>(*owned);
        QCOMPARE(m.tables().back().name, std::string("subclass"));
        perturb(m, 13);
        ElReleasedModel::KracrBatch b;
        b.size = 3;
        std::vector<NfAxiom> all = every_form();
        NfAxiom ri{NfKind::RI};
        ri.r = 0, ri.s = 1;
        NfAxiom rc{NfKind::RC};
        rc.r = 0, rc.s = 1, rc.t = 2;
        all.push_back(ri);
        all.push_back(rc);
        std::mt19937_64 rng(3);
        for (std::size_t s = 0; s < b.size; ++s)
            for (const NfAxiom& a : all) {
                const NfAxiom f = m.folded_rows(a);
                b.forms[static_cast<int>(f.kind)].push_back(f);
            }
        for (auto& f : b.forms) // one axiom of each form per slot
            if (f.size() > b.size) f.resize(b.size);
        std::vector<NfAxiom> negs;
        draw_kracr_negatives(m, all, rng, negs);
        QCOMPARE(negs.size(), std::size_t(6));
        b.negatives.assign(negs.begin(), negs.begin() + 3);
        b.radius_rows = {0, 1, 2};
        m.tables()[1].values(1, 0) = -0.3f; // one radius below 0: [−ρ]₊ active
        // The value from the parts.
        struct G {
            float* row(std::size_t, std::uint32_t) { return nullptr; }
        };
        double want = 0;
        for (std::size_t i = 0; i < b.size; ++i) {
            double row = std::fabs(std::max(m.tables()[1].values(m.concept_row(kTopConcept), 0), 0.0f) - 5.0f);
            row += std::max(-m.tables()[1].values(b.radius_rows[i], 0), 0.0f);
            for (const auto& f : b.forms)
                if (i < f.size()) {
                    row += m.part_value(f[i], LossPart::Positive);
                    const bool roles = f[i].kind == NfKind::RI || f[i].kind == NfKind::RC;
                    for (std::uint32_t r : roles ? std::vector<std::uint32_t>{f[i].r, f[i].s}
                                                 : std::vector<std::uint32_t>{f[i].a, f[i].b}) {
                        const auto& t = m.tables()[roles ? 2 : 0].values;
                        row += cfg.reg * std::fabs(std::sqrt(t.row(r).square().sum()) - 1.0f);
                    }
                    if (f[i].kind == NfKind::GCI1 || f[i].kind == NfKind::RC) {
                        const std::uint32_t r = roles ? f[i].t : f[i].c;
                        const auto& t = m.tables()[roles ? 2 : 0].values;
                        row += cfg.reg * std::fabs(std::sqrt(t.row(r).square().sum()) - 1.0f);
                    }
                }
            const NfAxiom& n = b.negatives[i];
            row += m.part_value(n, LossPart::Negative);
            for (std::uint32_t r : {n.a, n.b})
                row += cfg.reg * std::fabs(std::sqrt(m.tables()[0].values.row(r).square().sum()) - 1.0f);
            want += row * row / 3.0;
        }
        QVERIFY2(std::fabs(m.kracr_objective(b, nullptr) - want) < 1e-4 * std::max(1.0, want),
                 qPrintable(QString("%1 vs %2").arg(m.kracr_objective(b, nullptr)).arg(want)));
        // The negative is unhinged: it goes below 0 when the balls are far apart.
        NfAxiom far = b.negatives[0];
        m.tables()[0].values.row(far.b) += 10.0f;
        QVERIFY(m.part_value(far, LossPart::Negative) < 0);
        m.tables()[0].values.row(far.b) -= 10.0f;
        // Gradient against central differences.
        const test::GradientCheck c =
            test::check_gradient(m, [&](GradBuffer* grad) { return m.kracr_objective(b, grad); });
        QVERIFY2(c.worst < 2e-2, qPrintable(QString("worst relative error %1").arg(c.worst)));
        QVERIFY(c.norm > 0);
        GradBuffer g;
        g.shape_like(m.tables());
        m.kracr_objective(b, &g);
        QVERIFY(g.data(3, 0)[0] != 0.0f || g.data(3, 0)[1] != 0.0f); // the SubClassOf vector learns
    }

    /// kracr's loop: two negatives per GCI2 axiom (filler, then subject corrupted), the same every
    /// epoch, ceil(largest form / batch) steps per epoch.
    void kracrTrainingLoop() {
        QTemporaryDir dir;
        const std::string onto = test::write_file(dir, "toy.kbo", kToy);
        jobs::JobContext ctx;
        const ElDataset data = load_el_dataset(onto, ctx);
        ElTrainParams p;
        p.model = default_el_config("EmEL++", ElVariant::Kracr);
        p.model.dim = 5;
        p.train.epochs = 3;
        p.train.batch = 2;
        p.train.lr = 0.01f;
        p.train.eval_every = 0;
        p.train.run_dir = dir.filePath("run").toStdString();
        std::vector<std::vector<NfAxiom>> seen;
        p.on_negatives = [&](int, std::span<const NfAxiom> src, std::span<const NfAxiom> negs) {
            QCOMPARE(src.size(), negs.size());
            QCOMPARE(src.size(), 2 * data.count(NfKind::GCI2));
            for (std::size_t i = 0; i < src.size(); ++i) {
                QCOMPARE(src[i].kind, NfKind::GCI2);
                QCOMPARE(negs[i].r, src[i].r);
                if (i % 2 == 0)
                    QVERIFY(negs[i].a == src[i].a && negs[i].b != src[i].a);
                else
                    QVERIFY(negs[i].b == src[i].b && negs[i].a != src[i].b);
            }
            seen.emplace_back(negs.begin(), negs.end());
        };
        train_el(data, p, ctx);
        QCOMPARE(seen.size(), std::size_t(3));
        QVERIFY(seen[0] == seen[1] && seen[1] == seen[2]);
        // The largest set: 6 negatives (3 GCI2 axioms) → 3 steps of 2 per epoch.
        QCOMPARE(read_checkpoint(p.train.run_dir + "/checkpoint.bin").get("optimizer_steps"), std::string("9"));
    }

    void cliRefusals() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const QString onto = QString::fromStdString(test::write_file(dir, "toy.kbo", kToy));
        auto r = test::run_kbcx(
            {"train", onto, "--model", "ELEmbeddings-iv", "--variant", "dele", "--run", dir.filePath("a")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("valid: kbcx"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "EmEL++", "--variant", "mowl", "--run", dir.filePath("b")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("valid: paper, kracr, kbcx"), qPrintable(r.err));
        r = test::run_kbcx(
            {"train", onto, "--model", "EmEL++", "--variant", "kracr", "--neg", "3", "--run", dir.filePath("k")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--neg does not apply to --variant kracr"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "EmEL++", "--variant", "kracr", "--batch", "4", "--epochs", "2",
                            "--run", dir.filePath("k2")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject kp = QJsonDocument::fromJson(
                                   QByteArray::fromStdString(test::slurp(dir.filePath("k2/params.json").toStdString())))
                                   .object();
        QCOMPARE(kp["batch"].toInt(), 4);
        QCOMPARE(kp["lr"].toDouble(), static_cast<double>(static_cast<float>(ElKracrDefaults::lr)));
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "mowl", "--neg-types", "gci0",
                            "--run", dir.filePath("c")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--neg-types is for --variant dele"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "dele", "--neg-types", "gci9",
                            "--run", dir.filePath("d")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown normal form 'gci9'"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "dele", "--neg-types", "gci0,gci2",
                            "--epochs", "3", "--run", dir.filePath("e")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject params =
            QJsonDocument::fromJson(QByteArray::fromStdString(test::slurp(dir.filePath("e/params.json").toStdString())))
                .object();
        QCOMPARE(params["variant"].toString(), QString("dele"));
        QCOMPARE(params["neg_forms"].toString(), QString("gci0,gci2"));
        // --valid: its entailed A ⊑ B lines are the validation set; refused for other variants.
        const QString valid = QString::fromStdString(test::write_file(
            dir, "valid.tsv",
            "status\tnf\taxiom\nentailed\tGCI0\tA SubClassOf C\ncontradictory\tGCI0\tD SubClassOf E\n"));
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "dele", "--valid", valid, "--epochs",
                            "3", "--run", dir.filePath("v")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(
            QJsonDocument::fromJson(QByteArray::fromStdString(test::slurp(dir.filePath("v/params.json").toStdString())))
                .object()["validation"]
                .toString() == valid);
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "mowl", "--valid", valid, "--run",
                            dir.filePath("w")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--valid is for --variant dele"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "ELEmbeddings", "--variant", "paper", "--epochs", "4", "--run",
                            dir.filePath("e"), "--resume"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("trained with --variant dele"), qPrintable(r.err));
        r = test::run_kbcx({"train", onto, "--model", "EmEL++", "--epochs", "2", "--run", dir.filePath("f")});
        QVERIFY2(r.code == 0 && r.err.contains("variant paper"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestEmbedElDele)
#include "tst_embed_el_dele.moc"
