// The EL variants of the ontology reproductions on a tiny ontology: each model trains its default
// variant exactly as `kbcx train` does, --variant reaches the models that have it (read back from
// the trained models), a variant no model has is refused, and the variant-sensitivity table.
#include "common/error.hpp"
#include "embed/el_models.hpp"
#include "embed/train_el.hpp"
#include "repro/findings.hpp"
#include "repro/onto_lab.hpp"
#include "repro/registry.hpp"
#include "test_util.hpp"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <set>

using namespace kbcx;

namespace {

// A pizza-like ontology small enough to train every variant in seconds, with all three bands
// (entailed, undetermined, contradictory) for GCI0 and GCI1_BOT. It stands in for onto/pizza.owl
// of a data folder, which is where the findings read their ontology.
const char* kTiny = R"(Prefix(:=<http://ex.org/tiny#>)
Ontology(<http://ex.org/tiny>
SubClassOf(:Pizza :Food)
SubClassOf(:Topping :Food)
SubClassOf(:Margherita :Pizza)
SubClassOf(:Napoli :Pizza)
SubClassOf(:Hawaii :Pizza)
SubClassOf(:Margherita :VegPizza)
SubClassOf(:VegPizza :Pizza)
SubClassOf(:Tomato :Topping)
SubClassOf(:Cheese :Topping)
SubClassOf(:Anchovy :Topping)
SubClassOf(:Olive :Topping)
SubClassOf(:Pineapple :Topping)
DisjointClasses(:Pizza :Topping)
DisjointClasses(:Tomato :Cheese)
DisjointClasses(:Anchovy :Olive)
DisjointClasses(:Margherita :Napoli)
SubClassOf(:Margherita ObjectSomeValuesFrom(:hasTopping :Tomato))
SubClassOf(:Margherita ObjectSomeValuesFrom(:hasTopping :Cheese))
SubClassOf(:Napoli ObjectSomeValuesFrom(:hasTopping :Anchovy))
SubClassOf(:Hawaii ObjectSomeValuesFrom(:hasTopping :Pineapple))
SubClassOf(ObjectSomeValuesFrom(:hasTopping :Anchovy) :FishPizza)
SubClassOf(ObjectIntersectionOf(:Pizza :FishPizza) :NonVegPizza)
DisjointClasses(:VegPizza :NonVegPizza)
)
)";

const std::vector<std::string> kModels = {"ELEmbeddings", "ELEmbeddings-iv", "EmEL++", "ELBE", "Box2EL"};

const repro::Table* table_with(const repro::Report& r, const std::string& part) {
    for (const auto& s : r.sections)
        for (const auto& t : s.tables)
            if (t.title.find(part) != std::string::npos) return &t;
    return nullptr;
}

std::vector<const repro::Table*> tables_with(const repro::Report& r, const std::string& part) {
    std::vector<const repro::Table*> v;
    for (const auto& s : r.sections)
        for (const auto& t : s.tables)
            if (t.title.find(part) != std::string::npos) v.push_back(&t);
    return v;
}

std::size_t column(const repro::Table& t, const std::string& name) {
    for (std::size_t i = 0; i < t.header.size(); ++i)
        if (t.header[i] == name) return i;
    return t.header.size();
}

bool has_command(const repro::Report& r, const std::string& part) {
    for (const auto& c : r.commands)
        if (c.find(part) != std::string::npos) return true;
    return false;
}

} // namespace

class TestReproVariants : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string data_, onto_;

    repro::Options tiny_options(const std::string& out) const {
        repro::Options o;
        o.mode = repro::Mode::Quick;
        o.out_dir = (dir_.path() + "/" + QString::fromStdString(out)).toStdString();
        o.data_dir = data_;
        o.seeds = 1;
        o.per_band = 6;
        return o;
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(QDir(dir_.path()).mkpath("data/onto"));
        data_ = (dir_.path() + "/data").toStdString();
        onto_ = test::write_file(dir_, "data/onto/pizza.owl", kTiny);
    }

    void defaultsAreWhatKbcxTrainTrains() {
        // For every EL model, the plan's settings without --variant, --epochs or --dim are the ones
        // `kbcx train ONTO --model M` records in params.json: its default variant and that variant's
        // own dim, epochs, rate, negatives and loss constants.
        repro::TrainPlan plan; // mode sizes 100 epochs, dim 20: only kbcx takes them
        for (const std::string& m : kModels) {
            const embed::ElTrainParams p = repro::el_train_params(m, plan, 1);
            QCOMPARE(p.model.variant, embed::default_el_variant(m));
            const QString run = dir_.filePath(QString::fromStdString("cli-" + m));
            const auto r = test::run_kbcx({"train", QString::fromStdString(onto_), "--model", QString::fromStdString(m),
                                           "--seed", "1", "--run", run});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QFile f(run + "/params.json");
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
            QCOMPARE(j["variant"].toString().toStdString(), std::string(embed::el_variant_name(p.model.variant)));
            const bool kbcx = p.model.variant == embed::ElVariant::Kbcx;
            // kbcx is the one variant whose dim and epochs the mode sets; the others train as kbcx train.
            QCOMPARE(p.model.dim, kbcx ? plan.dim : j["dim"].toInt());
            QCOMPARE(p.train.epochs, kbcx ? plan.epochs : j["epochs"].toInt());
            if (kbcx) QVERIFY(j["dim"].toInt() != plan.dim); // the mode's setting is not kbcx train's
            QCOMPARE(j["neg"].toInt(), p.train.neg);
            QCOMPARE(static_cast<float>(j["lr"].toDouble()), p.train.lr);
            QCOMPARE(static_cast<float>(j["margin"].toDouble()), p.model.margin);
            QCOMPARE(static_cast<float>(j["delta"].toDouble()), p.model.delta);
            QCOMPARE(static_cast<float>(j["reg"].toDouble()), p.model.reg);
            if (kbcx || p.model.variant == embed::ElVariant::Kracr) QCOMPARE(j["batch"].toInt(), p.train.batch);
        }
    }

    void variantReachesTheModelsThatHaveIt() {
        // Read back from the trained models: mowl reaches ELEmbeddings, ELBE and Box2EL; EmEL++ and
        // ELEmbeddings-iv, which have no mowl, keep their defaults (paper, kbcx).
        jobs::JobContext ctx;
        repro::OntoLab lab(onto_, dir_.filePath("lab").toStdString(), ctx);
        auto [tests, path] = lab.tests("GCI0", 6, 1, 2, ctx);
        repro::TrainPlan plan;
        plan.variant = embed::ElVariant::Mowl;
        plan.epochs = 7;
        plan.dim = 6;
        plan.epochs_for_all = plan.dim_for_all = true;
        const std::map<std::string, std::string> want = {{"ELEmbeddings", "mowl"},
                                                         {"ELBE", "mowl"},
                                                         {"Box2EL", "mowl"},
                                                         {"EmEL++", "paper"},
                                                         {"ELEmbeddings-iv", "kbcx"}};
        for (const auto& [m, v] : want) {
            const repro::RunMetrics rm = lab.train_and_evaluate(m, 1, plan, {}, {&tests}, ctx);
            QCOMPARE(rm.variant, v);
            QCOMPARE(rm.dim, 6);
            QCOMPARE(rm.epochs_run, 7);
            QCOMPARE(rm.final_metrics.size(), std::size_t(1));
        }
        // Without --epochs/--dim a released variant keeps its own sizes, kbcx takes the plan's.
        repro::TrainPlan mode;
        mode.epochs = 9;
        mode.dim = 5;
        const repro::RunMetrics paper = lab.train_and_evaluate("ELEmbeddings", 1, mode, {}, {&tests}, ctx);
        QCOMPARE(paper.variant, std::string("paper"));
        QCOMPARE(paper.dim, embed::ElReleasedDefaults::dim);
        QCOMPARE(paper.epochs, embed::el_variant_training(embed::ElVariant::Paper).epochs);
        const repro::RunMetrics iv = lab.train_and_evaluate("ELEmbeddings-iv", 1, mode, {}, {&tests}, ctx);
        QCOMPARE(iv.variant, std::string("kbcx"));
        QCOMPARE(iv.dim, 5);
        QCOMPARE(iv.epochs_run, 9);
    }

    void variantNoModelHasIsRefused() {
        repro::Options o;
        const auto gci1 = repro::find_reproduction("gci1-inversion");
        const auto sweep = repro::find_reproduction("contradiction-sweep");
        const auto kg = repro::find_reproduction("negative-difficulty");
        QVERIFY(gci1 && sweep && kg);
        for (const char* bad : {"authors", "loginfer", "nonsense"}) {
            try {
                repro::apply_variant(*gci1, bad, o);
                QFAIL(bad);
            } catch (const std::invalid_argument& e) {
                const std::string msg = e.what();
                QCOMPARE(msg, "--variant " + std::string(bad) +
                                  ": no EL model of gci1-inversion has it (ELEmbeddings: paper, mowl, dele, kbcx; "
                                  "EmEL++: paper, kracr, kbcx; Box2EL: mowl, dele, kbcx; ELEmbeddings-iv: kbcx)");
            }
        }
        QVERIFY(o.el_variant.empty() || o.el_variant == "nonsense"); // nothing valid was taken
        // kracr is EmEL++'s only: refused when --models leaves EmEL++ out, taken when it is in.
        repro::Options without;
        without.models = {"ELEmbeddings", "Box2EL"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, repro::apply_variant(*gci1, "kracr", without));
        repro::Options with;
        repro::apply_variant(*gci1, "kracr", with);
        QCOMPARE(with.el_variant, std::string("kracr"));
        QVERIFY(with.variant.empty()); // the KG findings' field is left alone
        // The sweep takes kbcx only; the KG findings take their generators, not an EL variant.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, repro::apply_variant(*sweep, "mowl", o));
        repro::Options s;
        repro::apply_variant(*sweep, "kbcx", s);
        QCOMPARE(s.el_variant, std::string("kbcx"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, repro::apply_variant(*kg, "mowl", o));
        repro::Options k;
        repro::apply_variant(*kg, "kbcx", k);
        QCOMPARE(k.variant, std::string("kbcx"));
        QVERIFY(k.el_variant.empty());
        // Set directly (as the GUI could), the finding refuses it as bad input before any work.
        repro::Options direct = tiny_options("refused");
        direct.el_variant = "authors";
        jobs::JobContext ctx;
        QVERIFY_THROWS_EXCEPTION(InputError, repro::gci1_inversion(direct, ctx));
        // The CLI: exit 2, naming the valid ones.
        const auto r = test::run_kbcx({"reproduce", "construct-dependence", "--variant", "authors", "--out",
                                       dir_.filePath("cli-refused"), "--data", QString::fromStdString(data_)});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--variant authors: no EL model of construct-dependence has it (ELEmbeddings: paper, "
                                "mowl, dele, kbcx;"),
                 qPrintable(r.err));
    }

    void reportNamesEachModelsDefaultVariant() {
        // Quick mode without --variant: each model's default variant in the trained table, the
        // settings and the commands; the sensitivity section says how to run it, with no table.
        repro::Options o = tiny_options("defaults");
        o.models = {"ELEmbeddings", "EmEL++", "Box2EL"};
        jobs::JobContext ctx;
        const repro::Report r = repro::rank_vs_faithfulness(o, ctx);
        const repro::Table* trained = table_with(r, "What was trained");
        QVERIFY(trained);
        QCOMPARE(trained->rows.size(), std::size_t(3));
        for (const auto& row : trained->rows) {
            QCOMPARE(row[1], std::string(embed::el_variant_name(embed::default_el_variant(row[0]))));
            const embed::ElTrainParams own = embed::el_default_train_params(row[0], embed::default_el_variant(row[0]));
            QCOMPARE(row[2], std::to_string(own.model.dim)); // released: their own dim and epochs
            QCOMPARE(row[3], std::to_string(own.train.epochs));
            QVERIFY(has_command(r, "--model " + row[0] + " --variant " + row[1] + " --dim " + row[2] + " --epochs " +
                                       row[3]));
        }
        bool settings = false;
        for (const auto& s : r.sections)
            for (const auto& p : s.paragraphs)
                settings = settings || (p.find("ELEmbeddings paper — dim 50, 1000 epochs") != std::string::npos &&
                                        p.find("Box2EL mowl — ") != std::string::npos &&
                                        p.find("Each model trains its default variant") != std::string::npos);
        QVERIFY(settings);
        QVERIFY(tables_with(r, "Variant sensitivity").empty());
        bool not_run = false;
        for (const auto& s : r.sections)
            if (s.heading == "Variant sensitivity")
                for (const auto& p : s.paragraphs)
                    not_run = not_run || p.find("`--sensitivity`") != std::string::npos;
        QVERIFY(not_run);
    }

    void sensitivityTableHasOneRowPerModelAndVariant() {
        repro::Options o = tiny_options("sensitivity");
        o.models = {"ELEmbeddings", "EmEL++"};
        o.forms = {"GCI0", "GCI1_BOT"};
        o.sensitivity = true;
        const auto cd = repro::find_reproduction("construct-dependence");
        QVERIFY(cd);
        repro::apply_variant(*cd, "mowl", o);
        jobs::JobContext ctx;
        const repro::Report r = repro::construct_dependence(o, ctx);
        // What was trained: mowl where the model has it, EmEL++ on its default.
        const repro::Table* trained = table_with(r, "What was trained");
        QVERIFY(trained);
        QCOMPARE(trained->rows.size(), std::size_t(2));
        QCOMPARE(trained->rows[0][0], std::string("ELEmbeddings"));
        QCOMPARE(trained->rows[0][1], std::string("mowl"));
        QCOMPARE(trained->rows[1][0], std::string("EmEL++"));
        QCOMPARE(trained->rows[1][1], std::string("paper"));
        QVERIFY(has_command(r, "--model ELEmbeddings --variant mowl"));
        QVERIFY(has_command(r, "--model EmEL++ --variant paper"));
        bool says = false;
        for (const auto& s : r.sections)
            for (const auto& p : s.paragraphs)
                says = says || p.find("EmEL++ (paper) lacks it and keeps its default") != std::string::npos;
        QVERIFY(says);
        // One table per form, one row per (model, variant), finite means.
        const auto tables = tables_with(r, "Variant sensitivity on ");
        QCOMPARE(tables.size(), std::size_t(2));
        for (const repro::Table* t : tables) {
            std::set<std::pair<std::string, std::string>> seen;
            std::set<std::pair<std::string, std::string>> want;
            for (const std::string m : {"ELEmbeddings", "EmEL++"})
                for (auto v : embed::el_variants(m))
                    want.insert({m, std::string(embed::el_variant_name(v))});
            int marked = 0;
            for (const auto& row : t->rows) {
                QCOMPARE(row.size(), t->header.size());
                QVERIFY(seen.insert({row[0], row[1]}).second);
                for (const char* k : {"AUC+/−", "FVR", "Pair-FVR", "MRR"}) {
                    const std::size_t c = column(*t, k);
                    QVERIFY2(c < row.size() && std::isfinite(std::stod(row[c])),
                             qPrintable(QString::fromStdString(t->title + " " + row[0] + " " + row[1] + " " + k)));
                    QVERIFY(std::stod(row[c]) >= 0 && std::stod(row[c]) <= 1);
                }
                if (row[column(*t, "in the runs above")] == "yes") {
                    ++marked;
                    QVERIFY((row[0] == "ELEmbeddings" && row[1] == "mowl") ||
                            (row[0] == "EmEL++" && row[1] == "paper"));
                }
            }
            QCOMPARE(seen, want);
            QCOMPARE(marked, 2);
            QVERIFY(column(*t, "verdict") < t->header.size());
        }
        // The variant closest to each published figure: recomputed from the sensitivity tables
        // (a metric that could not be computed prints "–" and is no candidate).
        auto num = [](const std::string& x) {
            try {
                return std::stod(x);
            } catch (const std::exception&) {
                return std::numeric_limits<double>::quiet_NaN();
            }
        };
        const repro::Table* closest = table_with(r, "The variant closest to each published figure");
        QVERIFY(closest);
        QVERIFY(closest->rows.size() >= 2 * 2 * 3); // two forms × two models × several published metrics
        for (const auto& row : closest->rows) {
            const repro::Table* t = table_with(r, "Variant sensitivity on " + row[0] + " ");
            QVERIFY2(t, row[0].c_str());
            const std::size_t c = column(*t, row[2]);
            QVERIFY2(c < t->header.size(), row[2].c_str());
            const double paper = std::stod(row[3]);
            double best = INFINITY;
            std::string ran;
            for (const auto& v : t->rows) {
                if (v[0] != row[1]) continue;
                if (std::isfinite(num(v[c]))) best = std::min(best, std::abs(num(v[c]) - paper));
                if (v[column(*t, "in the runs above")] == "yes") ran = v[1];
            }
            // the table's values have 3 decimals, the paper's 2: the gap agrees to rounding
            QVERIFY2(std::abs(best - std::stod(row[6])) <= 0.0051, qPrintable(QString::fromStdString(row[0] + row[1])));
            QVERIFY(row[4].rfind(ran + " ", 0) == 0);
            const std::string closest_variant = row[5].substr(0, row[5].find(' '));
            for (const auto& v : t->rows)
                if (v[0] == row[1] && v[1] == closest_variant)
                    QVERIFY(std::abs(std::abs(num(v[c]) - paper) - best) <= 0.0051);
        }
        // The main table's ELEmbeddings row is the mowl row of the sensitivity table (same runs).
        const repro::Table* ours = table_with(r, "Our run");
        QVERIFY(ours);
        const std::string auc_main = ours->rows[0][1];
        QVERIFY(ours->rows[0][0].rfind("GCI0 ELEmbeddings", 0) == 0);
        for (const auto& row : tables.front()->rows)
            if (row[0] == "ELEmbeddings" && row[1] == "mowl")
                QVERIFY(std::abs(std::stod(row[2]) - std::stod(auc_main)) <= 0.0051); // 3 against 2 decimals
    }
};

QTEST_GUILESS_MAIN(TestReproVariants)
#include "tst_repro_variants.moc"
