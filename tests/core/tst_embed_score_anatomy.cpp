// The anatomy of a score: for every EL model, variant and normal form on random parameters the
// terms add up to the loss and to the score `kbcx score` gives; the projection of two balls.
#include "common/error.hpp"
#include "el_test_util.hpp"
#include "embed/checkpoint.hpp"
#include "embed/score_anatomy.hpp"
#include "embed/score_axioms.hpp"
#include "embed/score_geometry.hpp"
#include "embed/train_el.hpp"
#include "embed/train_kg.hpp"
#include "embed/training.hpp"
#include "kg/vocabulary.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <random>
#include <tuple>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

constexpr ElSizes kSizes{7, 3, 3}; // 7 concepts, 3 roles, 3 individuals

std::unique_ptr<ElModel> random_model(const std::string& name, ElVariant v, std::uint64_t seed, ElSizes sizes) {
    return test::random_el_model(name, v, seed, sizes, 6);
}

ElNames toy_names() {
    ElNames n;
    n.concepts = {"A", "B", "C", "D", "E", "F", "G"};
    n.roles = {"r", "s", "t"};
    n.individuals = {"a", "b", "c"};
    n.named_concepts = 7;
    return n;
}

/// One axiom of every normal form in the text syntax, and one with two normal forms.
const std::vector<std::string>& axioms() {
    static const std::vector<std::string> a = {"A SubClassOf B",
                                               "A SubClassOf owl:Nothing",
                                               "A and B SubClassOf C",
                                               "A and B SubClassOf owl:Nothing",
                                               "A SubClassOf r some B",
                                               "r some A SubClassOf B",
                                               "r some A SubClassOf owl:Nothing",
                                               "r SubPropertyOf s",
                                               "A(a)",
                                               "r(a,b)",
                                               "r o s SubPropertyOf t",
                                               "A SubClassOf B and C",
                                               "owl:Thing SubClassOf D"};
    return a;
}

NfAxiom axiom_of(NfKind kind) {
    NfAxiom a;
    a.kind = kind;
    switch (kind) {
    case NfKind::GCI0: a.a = 0, a.b = 1; break;
    case NfKind::GCI0_BOT: a.a = 2; break;
    case NfKind::GCI1: a.a = 0, a.b = 3, a.c = 4; break;
    case NfKind::GCI1_BOT: a.a = 1, a.b = 5; break;
    case NfKind::GCI2: a.a = 6, a.r = 1, a.b = 2; break;
    case NfKind::GCI3: a.r = 2, a.a = 3, a.b = 0; break;
    case NfKind::GCI3_BOT: a.r = 0, a.a = 4; break;
    case NfKind::RI: a.r = 0, a.s = 2; break;
    case NfKind::ClassAssertion: a.a = 5, a.x = 1; break;
    case NfKind::RoleAssertion: a.r = 1, a.x = 0, a.y = 2; break;
    case NfKind::RC: a.r = 0, a.s = 1, a.t = 2; break;
    }
    return a;
}

double traced_value(const TermTrace& t) {
    return t.squared ? t.weight * t.raw * t.raw : t.weight * t.raw;
}

} // namespace

class TestEmbedScoreAnatomy : public QObject {
    Q_OBJECT

  private slots:
    void termsAddUpToTheLossForEveryModelVariantAndForm() {
        int checked = 0;
        for (const std::string& name : el_model_names())
            for (ElVariant v : el_variants(name))
                for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                    const auto m = random_model(name, v, seed, kSizes);
                    for (int k = 0; k < kNfKinds; ++k) {
                        const NfAxiom a = axiom_of(static_cast<NfKind>(k));
                        std::vector<TermTrace> tr;
                        const double l = m->explain(a, tr);
                        const double loss = m->loss(a);
                        const std::string what = name + "/" + std::string(el_variant_name(v)) + "/" +
                                                 std::string(nf_kind_name(a.kind)) + "/" + std::to_string(seed);
                        if (std::isnan(loss)) {
                            QVERIFY2(std::isnan(l) && tr.empty(), what.c_str());
                            continue;
                        }
                        QVERIFY2(!tr.empty(), what.c_str());
                        QVERIFY2(l == loss, what.c_str()); // the same evaluation
                        double sum = 0;
                        for (const TermTrace& t : tr) {
                            QVERIFY2(std::fabs(t.value - traced_value(t)) <= 1e-6 * std::max(1.0, std::fabs(t.value)),
                                     what.c_str());
                            if (t.hinged && (t.kind == TermTrace::Ball || t.kind == TermTrace::MinRad))
                                QVERIFY2(t.raw == std::max(t.hinge_arg, 0.0), what.c_str());
                            if (t.kind == TermTrace::Box) QVERIFY2((t.raw > 0) == (t.active_dims > 0), what.c_str());
                            sum += t.value;
                        }
                        // kbcx sums the terms themselves; mowl/paper sum them in float.
                        const double tol = v == ElVariant::Kbcx ? 0.0 : 1e-5 * std::max(1.0, std::fabs(loss));
                        QVERIFY2(std::fabs(sum - loss) <= tol,
                                 (what + ": " + std::to_string(sum) + " vs " + std::to_string(loss)).c_str());
                        ++checked;
                    }
                }
        QVERIFY(checked > 200);
    }

    void anatomyScoreIsTheScoreOfKbcxScore() {
        // Checkpoints with random parameters: ExplainModel::explain's score equals
        // score_el_candidates' (what `kbcx score` writes) for every model, variant and form.
        QTemporaryDir dir;
        int compared = 0;
        for (const std::string& name : el_model_names())
            for (ElVariant v : el_variants(name)) {
                const auto m = random_model(name, v, 7, kSizes);
                const std::string path =
                    dir.filePath(QString::fromStdString(name + "-" + std::string(el_variant_name(v)) + ".bin"))
                        .toStdString();
                TrainSettings st;
                save_el_checkpoint(path, *m, nullptr, toy_names(), {}, st);
                const ExplainModel ex(path);
                QCOMPARE(ex.model_name(), name);
                for (const std::string& ax : axioms()) {
                    double expected = 0;
                    bool scorable = true;
                    try {
                        expected = score_el_candidates(path, "c", ax + "\n").scores.at(0).second;
                    } catch (const InputError&) {
                        scorable = false;
                    }
                    const std::string what = name + "/" + std::string(el_variant_name(v)) + ": " + ax;
                    if (!scorable) {
                        QVERIFY_THROWS_EXCEPTION(InputError, ex.explain(ax));
                        continue;
                    }
                    const ScoreAnatomy a = ex.explain(ax);
                    QVERIFY2(a.score == expected,
                             (what + ": " + std::to_string(a.score) + " vs " + std::to_string(expected)).c_str());
                    QVERIFY(a.score == -a.loss);
                    double sum = 0;
                    for (const ScoreTerm& t : a.terms) {
                        sum += t.value;
                        QVERIFY2(!t.reads.empty() || t.trace.kind == TermTrace::Const, what.c_str());
                        QVERIFY2(t.name.find('\t') == std::string::npos, what.c_str());
                    }
                    QVERIFY2(std::fabs(sum - a.loss) <= 1e-5 * std::max(1.0, std::fabs(a.loss)), what.c_str());
                    QVERIFY(!a.normal_forms.empty());
                    // Every form draws (or says there is nothing to draw) with finite coordinates.
                    GeometryOptions go;
                    go.neighbours = nearest_neighbours(ex, anatomy_concepts(ex, a), 2);
                    const GeoScene scene = score_geometry(ex, a, go);
                    QVERIFY2(!scene.shapes.empty() || !scene.notes.empty(), what.c_str());
                    for (const GeoShape& g : scene.shapes)
                        QVERIFY2(std::isfinite(g.x + g.y + g.x2 + g.y2 + g.r), what.c_str());
                    QVERIFY2(std::isfinite(scene.distance_error), what.c_str());
                    const std::string svg = geometry_svg(scene);
                    QVERIFY2(svg.find("nan") == std::string::npos && svg.find("inf") == std::string::npos,
                             what.c_str());
                    ++compared;
                }
            }
        QVERIFY(compared > 40);
    }

    void termsNameTheParametersTheyRead() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("box2el.bin").toStdString();
        save_el_checkpoint(path, *random_model("Box2EL", ElVariant::Kbcx, 3, kSizes), nullptr, toy_names(), {}, {});
        const ExplainModel ex(path);
        const ScoreAnatomy a = ex.explain("A SubClassOf r some B");
        QCOMPARE(a.terms.size(), std::size_t(2)); // ½ inc(A + β(B), head(r)) + ½ inc(B + β(A), tail(r))
        const auto& r0 = a.terms[0].reads;
        const auto has = [](const std::vector<std::string>& v, const char* s) {
            return std::find(v.begin(), v.end(), s) != v.end();
        };
        QVERIFY(has(r0, "box(A)") && has(r0, "bump(B)") && has(r0, "box(r,head)"));
        QVERIFY(has(a.terms[1].reads, "box(r,tail)") && has(a.terms[1].reads, "bump(A)"));
        const std::string text = anatomy_text(a);
        QVERIFY(text.find("\nloss\t") != std::string::npos && text.find("\nscore\t") != std::string::npos);

        const std::string elem = dir.filePath("elem.bin").toStdString();
        save_el_checkpoint(elem, *random_model("ELEmbeddings", ElVariant::Kbcx, 3, kSizes), nullptr, toy_names(), {},
                           {});
        const ScoreAnatomy b = ExplainModel(elem).explain("A SubClassOf r some B");
        QCOMPARE(b.terms.size(), std::size_t(1));
        QVERIFY(has(b.terms[0].reads, "ball(A)") && has(b.terms[0].reads, "relation(r)") &&
                has(b.terms[0].reads, "ball(B)"));
        QVERIFY(b.terms[0].hinged);
        QCOMPARE(b.terms[0].active, b.terms[0].hinge_arg > 0);
    }

    void twoBallsKeepTheirDistanceAndRadii() {
        QTemporaryDir dir;
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const std::string path = dir.filePath(QString("two%1.bin").arg(seed)).toStdString();
            ElNames names;
            names.concepts = {"A", "B"};
            names.named_concepts = 2;
            const auto m = random_model("ELEmbeddings", ElVariant::Kbcx, seed, {2, 0, 0});
            save_el_checkpoint(path, *m, nullptr, names, {}, {});
            const ExplainModel ex(path);
            const ScoreAnatomy a = ex.explain("A SubClassOf B");
            const GeoScene s = score_geometry(ex, a);
            QCOMPARE(s.shapes.size(), std::size_t(2));
            const auto& C = m->tables()[0].values;
            const auto& R = m->tables()[1].values;
            const double d = (C.row(0).cast<double>() - C.row(1).cast<double>()).matrix().norm();
            const GeoShape &A = s.shapes[0], &B = s.shapes[1];
            QCOMPARE(A.kind, GeoShape::Ball);
            QCOMPARE(A.label, std::string("A"));
            QVERIFY(std::fabs(std::hypot(A.x - B.x, A.y - B.y) - d) <= 1e-9 * std::max(1.0, d));
            QVERIFY(std::fabs(A.r - std::fabs(R(0, 0))) <= 1e-7);
            QVERIFY(std::fabs(B.r - std::fabs(R(1, 0))) <= 1e-7);
            QVERIFY(s.distance_error <= 1e-9);
            QCOMPARE(s.radius_error, 0.0);
            const std::string svg = geometry_svg(s);
            QVERIFY(svg.find("<circle class=\"ball\"") != std::string::npos);
            QVERIFY(svg.find("</svg>") != std::string::npos);
        }
    }

    void threeCentresKeepTheirDistancesAndBoxesStayBoxes() {
        QTemporaryDir dir;
        const std::string elem = dir.filePath("elem.bin").toStdString();
        save_el_checkpoint(elem, *random_model("ELEmbeddings", ElVariant::Mowl, 5, kSizes), nullptr, toy_names(), {},
                           {});
        const ExplainModel ex(elem);
        // A ⊑ ∃r.B: A, A + v(r) and B lie in the plane drawn; neighbours are projected onto it.
        const ScoreAnatomy a = ex.explain("A SubClassOf r some B");
        GeometryOptions o;
        o.neighbours = {3, 4};
        const GeoScene s = score_geometry(ex, a, o);
        QVERIFY(s.axiom_distance_error <= 1e-9);
        QVERIFY(s.distance_error >= s.axiom_distance_error);
        int arrows = 0, neighbours = 0;
        for (const GeoShape& g : s.shapes)
            arrows += g.kind == GeoShape::Arrow, neighbours += g.role == GeoShape::Neighbour;
        QCOMPARE(arrows, 1);
        QCOMPARE(neighbours, 2);

        const std::string box = dir.filePath("box.bin").toStdString();
        const auto bm = random_model("Box2EL", ElVariant::Mowl, 5, kSizes);
        save_el_checkpoint(box, *bm, nullptr, toy_names(), {}, {});
        const ExplainModel bx(box);
        const GeoScene b = score_geometry(bx, bx.explain("A SubClassOf r some B"));
        QVERIFY(b.axis_x >= 0 && b.axis_y >= 0 && b.axis_x != b.axis_y);
        // Box A in the drawn dimensions: centre ± |offset| exactly.
        const auto& C = bm->tables()[0].values;
        const auto& O = bm->tables()[1].values;
        bool found = false;
        for (const GeoShape& g : b.shapes)
            if (g.kind == GeoShape::Box && g.label == "A") {
                found = true;
                QVERIFY(std::fabs(g.x - (C(0, b.axis_x) - std::fabs(O(0, b.axis_x)))) <= 1e-7);
                QVERIFY(std::fabs(g.y2 - (C(0, b.axis_y) + std::fabs(O(0, b.axis_y)))) <= 1e-7);
            }
        QVERIFY(found);
        const std::string svg = geometry_svg(b);
        QVERIFY(svg.find("<rect class=\"box\"") != std::string::npos);
    }

    void tripleModelsExplainTheirScore() {
        // Every shallow triple model: one term, −score(h, r, t), on a triple and on the graph
        // projection of an axiom; TransE also draws its translation.
        QTemporaryDir dir;
        kg::Vocabulary vocab;
        for (const char* e : {"A", "B", "C"})
            vocab.entities().intern(e);
        for (const char* r : {"SubClassOf", "r"})
            vocab.relations().intern(r);
        for (const std::string& name : kg_model_names()) {
            KgModelConfig c;
            c.name = name;
            c.dim = 8;
            c.p_norm = name == "TransE-L2" ? 2 : 1;
            auto m = make_kg_model(c, 3, 2);
            std::mt19937_64 rng(11);
            m->init(rng);
            const std::string path = dir.filePath(QString::fromStdString(name + ".bin")).toStdString();
            save_kg_checkpoint(path, *m, nullptr, vocab, {}, {});
            const ExplainModel ex(path);
            QVERIFY(!ex.is_el());
            for (const auto& [axiom, h, r, t] :
                 {std::tuple("A SubClassOf B", 0u, 0u, 1u), std::tuple("A SubClassOf r some C", 0u, 1u, 2u),
                  std::tuple("C\tr\tA", 2u, 1u, 0u)}) {
                const ScoreAnatomy a = ex.explain(axiom);
                QCOMPARE(a.terms.size(), std::size_t(1));
                QCOMPARE(a.score, static_cast<double>(m->score(h, r, t)));
                QCOMPARE(a.terms[0].value, a.loss);
                QVERIFY(a.score == -a.loss);
            }
            QVERIFY_THROWS_EXCEPTION(InputError, ex.explain("A SubClassOf Z"));
            if (name.rfind("TransE", 0) == 0) {
                const GeoScene s = score_geometry(ex, ex.explain("A SubClassOf r some C"));
                QVERIFY(s.axiom_distance_error <= 1e-9); // h, h + r and t span the plane drawn
                QVERIFY(geometry_svg(s).find("class=\"translation\"") != std::string::npos);
            } else {
                QVERIFY_THROWS_EXCEPTION(InputError, score_geometry(ex, ex.explain("A SubClassOf B")));
            }
        }
    }

    void replayOverTrainingSharesOneProjection() {
        // A run folder that kept three checkpoints (written here with different parameters).
        QTemporaryDir dir;
        const std::string run = dir.path().toStdString();
        const RunFolder folder(run);
        for (const char* model : {"ELEmbeddings", "Box2EL"}) {
            QDir(dir.path()).removeRecursively();
            QDir().mkpath(dir.path());
            for (int epoch : {10, 20, 30}) {
                const auto m = random_model(model, ElVariant::Kbcx, static_cast<std::uint64_t>(epoch), kSizes);
                ElCheckpointState state;
                state.epoch = epoch;
                save_el_checkpoint(folder.checkpoint_path(), *m, nullptr, toy_names(), state, {});
                folder.keep_checkpoint(epoch);
            }
            for (const char* stray : {"epoch-x.bin", "epoch-000040.bin.tmp", "notes.txt"})
                std::ofstream(folder.kept_checkpoint_dir() + "/" + stray) << "x";
            const auto kept = kept_checkpoints(run);
            QCOMPARE(kept.size(), std::size_t(3));
            QCOMPARE(kept.front().epoch, 10);
            QCOMPARE(kept.back().epoch, 30);
            const auto anatomies = anatomy_over_training(run, "A SubClassOf r some B");
            const auto frames = replay_over_training(run, "A SubClassOf r some B", 2);
            QCOMPARE(frames.size(), std::size_t(3));
            for (std::size_t i = 0; i < 3; ++i) {
                QCOMPARE(frames[i].epoch, kept[i].epoch);
                QCOMPARE(anatomies[i].epoch, kept[i].epoch);
                QVERIFY(frames[i].anatomy.score == anatomies[i].score);
                QVERIFY(frames[i].anatomy.score == ExplainModel(kept[i].path).explain("A SubClassOf r some B").score);
                QCOMPARE(frames[i].scene.axis_x, frames.back().scene.axis_x);
                QVERIFY(frames[i].scene.plane_u == frames.back().scene.plane_u);
            }
            QVERIFY(frames[0].anatomy.score != frames[2].anatomy.score);
            // One view shows every frame.
            std::vector<GeoScene> scenes;
            for (const auto& f : frames)
                scenes.push_back(f.scene);
            const GeoView all = union_view(scenes);
            for (const auto& sc : scenes) {
                const GeoView v = scene_view(sc);
                QVERIFY(all.x0 <= v.x0 && all.y0 <= v.y0 && all.x1 >= v.x1 && all.y1 >= v.y1);
                QVERIFY(geometry_svg(sc, &all).find("</svg>") != std::string::npos);
            }
        }
    }

    void foreignAndMissingCheckpointsAreMessages() {
        QTemporaryDir dir;
        QVERIFY_THROWS_EXCEPTION(InputError, run_checkpoint(dir.filePath("nothing").toStdString()));
        QVERIFY_THROWS_EXCEPTION(InputError, run_checkpoint(dir.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(InputError, ExplainModel{dir.filePath("none.bin").toStdString()});
        // A checkpoint of another format version.
        const std::string other = dir.filePath("v99.bin").toStdString();
        {
            std::ofstream f(other, std::ios::binary);
            const std::uint32_t v = 99, zero = 0;
            f.write("KBCXCKPT", 8);
            f.write(reinterpret_cast<const char*>(&v), 4);
            f.write(reinterpret_cast<const char*>(&zero), 4);
        }
        try {
            ExplainModel m(other);
            QFAIL("a checkpoint of version 99 was read");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("version") != std::string::npos, e.what());
        }
        // A checkpoint whose metadata lacks what the model needs (an older writer).
        Checkpoint c;
        c.meta["kind"] = "el-model";
        c.meta["model"] = "ELBE";
        const std::string old = dir.filePath("old.bin").toStdString();
        write_checkpoint(old, c);
        QVERIFY_THROWS_EXCEPTION(InputError, ExplainModel{old});
        QVERIFY(kept_checkpoints(dir.path().toStdString()).empty());
        QVERIFY_THROWS_EXCEPTION(InputError, anatomy_over_training(dir.path().toStdString(), "A SubClassOf B"));
    }
};

QTEST_APPLESS_MAIN(TestEmbedScoreAnatomy)
#include "tst_embed_score_anatomy.moc"
