// The graph projections (taxonomy, taxonomy-relations, dl2vec, owl2vec, kbcx) against edge sets
// worked out by hand from mOWL's projector rules, the candidate triples, the pykeen training.
#include "embed/graph_training.hpp"
#include "onto/normaliser.hpp"
#include "onto/projection.hpp"
#include "onto/readers.hpp"
#include "repro/onto_lab.hpp"
#include "test_util.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

using namespace kbcx;

namespace {

// Each axiom tells the projections apart (which of them make which edges is worked out in
// expected() from the projectors' rules, not from this code).
const char* kOfn = R"(Prefix(:=<http://ex.org/>)
Ontology(<http://ex.org/o>
Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C)) Declaration(Class(:D))
Declaration(Class(:E)) Declaration(Class(:F)) Declaration(Class(:G)) Declaration(Class(:H))
Declaration(Class(:K)) Declaration(Class(:L)) Declaration(Class(:M)) Declaration(Class(:N))
Declaration(Class(:P))
Declaration(ObjectProperty(:r)) Declaration(ObjectProperty(:s))
SubClassOf(:A :B)
SubClassOf(:A ObjectSomeValuesFrom(:r :C))
EquivalentClasses(:D ObjectIntersectionOf(:B :E))
EquivalentClasses(:F :G)
SubClassOf(:H ObjectAllValuesFrom(:r ObjectUnionOf(:B :C)))
SubClassOf(ObjectSomeValuesFrom(:s :B) :K)
SubClassOf(:L ObjectSomeValuesFrom(:r ObjectSomeValuesFrom(:s :C)))
SubClassOf(:M ObjectIntersectionOf(:B ObjectSomeValuesFrom(:r :E)))
SubClassOf(:N ObjectMinCardinality(2 :r :C))
SubClassOf(:P ObjectExactCardinality(1 :r :C))
DisjointClasses(:B :C)
ObjectPropertyDomain(:r :A)
ObjectPropertyRange(:r :B)
)
)";

using EdgeKey = std::tuple<std::string, std::string, std::string>;
using EdgeSet = std::set<EdgeKey>;

EdgeKey edge(const std::string& h, const std::string& r, const std::string& t) {
    auto iri = [](const std::string& n) { return "http://ex.org/" + n; };
    return {iri(h), r == "sub" ? std::string(onto::kSubClassRelation) : iri(r), iri(t)};
}

EdgeSet as_set(const onto::ProjectedGraph& g) {
    EdgeSet s;
    for (const auto& e : g.edges)
        s.insert({e.head, e.relation, e.tail});
    return s;
}

/// The edges by hand. TaxonomyProjector: SubClassOf(named, named) only. TaxonomyWithRels: also
/// SubClassOf(A, ∃r.B) with B named. DL2Vec: for each named class, its SubClassOf and the other
/// operands of its EquivalentClasses; a restriction ∃/∀/≥/≤ gives one edge per role of the
/// nested chain to each named class of the (⊓/⊔-split) filler; ⊓/⊔ operands are projected one by
/// one; ObjectExactCardinality is not a restriction to it. OWL2Vec*: every SubClassOf with a name
/// on one side and a name or a restriction with a named filler on the other ((name, r, filler)
/// either way round); EquivalentClasses(X, Y₁ ⊓ …) as X ⊑ Yᵢ; EquivalentClasses(F, G) nothing.
/// kbcx: the normal forms GCI0 and GCI2 between named classes. None uses disjointness, domain
/// or range.
EdgeSet expected(onto::ProjectionKind k) {
    using K = onto::ProjectionKind;
    switch (k) {
    case K::Taxonomy: return {edge("A", "sub", "B")};
    case K::TaxonomyRelations: return {edge("A", "sub", "B"), edge("A", "r", "C")};
    case K::DL2Vec:
        return {edge("A", "sub", "B"), edge("A", "r", "C"),   edge("D", "sub", "B"), edge("D", "sub", "E"),
                edge("F", "sub", "G"), edge("G", "sub", "F"), edge("H", "r", "B"),   edge("H", "r", "C"),
                edge("L", "r", "C"),   edge("L", "s", "C"),   edge("M", "sub", "B"), edge("M", "r", "E"),
                edge("N", "r", "C")};
    case K::OWL2Vec:
        return {edge("A", "sub", "B"), edge("A", "r", "C"), edge("D", "sub", "B"),
                edge("D", "sub", "E"), edge("K", "s", "B"), edge("N", "r", "C")};
    case K::Kbcx:
        return {edge("A", "sub", "B"), edge("A", "r", "C"),   edge("D", "sub", "B"), edge("D", "sub", "E"),
                edge("F", "sub", "G"), edge("G", "sub", "F"), edge("M", "sub", "B"), edge("M", "r", "E")};
    }
    return {};
}

std::string show(const EdgeSet& s) {
    std::ostringstream o;
    for (const auto& [h, r, t] : s)
        o << "(" << h.substr(h.rfind('/') + 1) << ", " << r.substr(r.rfind('/') + 1) << ", "
          << t.substr(t.rfind('/') + 1) << ") ";
    return o.str();
}

constexpr onto::ProjectionKind kAll[] = {onto::ProjectionKind::Taxonomy, onto::ProjectionKind::TaxonomyRelations,
                                         onto::ProjectionKind::DL2Vec, onto::ProjectionKind::OWL2Vec,
                                         onto::ProjectionKind::Kbcx};

} // namespace

class TestOntoProjection : public QObject {
    Q_OBJECT
  private slots:
    void edgeSetsMatchTheHandComputedOnes() {
        for (auto k : kAll) {
            onto::Ontology o = onto::load_ontology_text("hand.ofn", kOfn);
            const onto::ProjectedGraph g = onto::project(o, k);
            const EdgeSet got = as_set(g), want = expected(k);
            QVERIFY2(
                got == want,
                (std::string(onto::projection_name(k)) + ": got " + show(got) + "; expected " + show(want)).c_str());
            QCOMPARE(g.edges.size(), got.size()); // each edge once
            // The entities are the ontology's named classes, never a fresh name of the normaliser.
            QCOMPARE(g.classes.size(), std::size_t{13});
            for (const auto& c : g.classes)
                QVERIFY(c.rfind("http://ex.org/", 0) == 0);
        }
    }

    // OWL2Vec* adds (B, r⁻, A) beside (A, r, B) when InverseObjectProperties(r, r⁻) is told; the
    // other projections ignore it. The same from functional syntax, OWL/XML and Turtle.
    void owl2vecAddsInverseEdges() {
        std::string with = kOfn;
        const std::string decl = "Declaration(ObjectProperty(:s))\n";
        const auto at = with.find(decl);
        QVERIFY(at != std::string::npos);
        with.insert(at + decl.size(), "Declaration(ObjectProperty(:rinv))\nInverseObjectProperties(:r :rinv)\n");
        EdgeSet want = expected(onto::ProjectionKind::OWL2Vec);
        want.insert(edge("C", "rinv", "A"));
        want.insert(edge("C", "rinv", "N"));
        for (auto k : kAll) {
            onto::Ontology o = onto::load_ontology_text("inv.ofn", with);
            const EdgeSet got = as_set(onto::project(o, k));
            const EdgeSet w = k == onto::ProjectionKind::OWL2Vec ? want : expected(k);
            QVERIFY2(got == w,
                     (std::string(onto::projection_name(k)) + ": got " + show(got) + "; expected " + show(w)).c_str());
        }
        // owl:inverseOf in Turtle, stated from the inverse's side; and OWL/XML
        const char* ttl = "@prefix : <http://ex.org/> .\n"
                          "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
                          "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                          ":A a owl:Class . :C a owl:Class .\n"
                          ":r a owl:ObjectProperty . :rinv a owl:ObjectProperty ; owl:inverseOf :r .\n"
                          ":A rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :r ; owl:someValuesFrom :C ] .\n";
        const char* owx =
            "<?xml version=\"1.0\"?>\n"
            "<Ontology xmlns=\"http://www.w3.org/2002/07/owl#\" ontologyIRI=\"http://ex.org/o\">\n"
            "<Declaration><Class IRI=\"http://ex.org/A\"/></Declaration>\n"
            "<Declaration><Class IRI=\"http://ex.org/C\"/></Declaration>\n"
            "<Declaration><ObjectProperty IRI=\"http://ex.org/r\"/></Declaration>\n"
            "<Declaration><ObjectProperty IRI=\"http://ex.org/rinv\"/></Declaration>\n"
            "<InverseObjectProperties><ObjectProperty IRI=\"http://ex.org/r\"/>"
            "<ObjectProperty IRI=\"http://ex.org/rinv\"/></InverseObjectProperties>\n"
            "<SubClassOf><Class IRI=\"http://ex.org/A\"/><ObjectSomeValuesFrom><ObjectProperty "
            "IRI=\"http://ex.org/r\"/><Class IRI=\"http://ex.org/C\"/></ObjectSomeValuesFrom></SubClassOf>\n"
            "</Ontology>\n";
        for (const auto& [name, text] : {std::pair{"inv.ttl", ttl}, std::pair{"inv.owx", owx}}) {
            onto::Ontology o = onto::load_ontology_text(name, text);
            const EdgeSet got = as_set(onto::project(o, onto::ProjectionKind::OWL2Vec));
            const EdgeSet w = {edge("A", "r", "C"), edge("C", "rinv", "A")};
            QVERIFY2(got == w, (std::string(name) + ": got " + show(got)).c_str());
        }
    }

    void theCasesThatDistinguishThemDo() {
        // A ≡ B ⊓ E: only the projections that read equivalences (dl2vec, owl2vec, kbcx) see it.
        // Disjointness, domain and range add no edge anywhere (checked on the whole sets above);
        // here: removing them changes no projection.
        std::string without = kOfn;
        for (const char* line :
             {"DisjointClasses(:B :C)\n", "ObjectPropertyDomain(:r :A)\n", "ObjectPropertyRange(:r :B)\n"}) {
            const auto at = without.find(line);
            QVERIFY(at != std::string::npos);
            without.erase(at, std::string(line).size());
        }
        for (auto k : kAll) {
            onto::Ontology a = onto::load_ontology_text("hand.ofn", kOfn);
            onto::Ontology b = onto::load_ontology_text("hand.ofn", without);
            QVERIFY(as_set(onto::project(a, k)) == as_set(onto::project(b, k)));
        }
        // Each pair of projections differs on this ontology.
        for (auto x : kAll)
            for (auto y : kAll)
                if (x != y) QVERIFY(expected(x) != expected(y));
    }

    void candidateTriples() {
        onto::Ontology o = onto::load_ontology_text("hand.ofn", kOfn);
        for (auto k : kAll) {
            onto::Ontology ok = onto::load_ontology_text("hand.ofn", kOfn);
            const onto::ProjectedGraph g = onto::project(ok, k);
            const onto::ProjectedEdge e0 = g.gci0("x", "y");
            QCOMPARE(e0.head, std::string("x"));
            QCOMPARE(e0.relation, std::string(onto::kSubClassRelation));
            QCOMPARE(e0.tail, std::string("y"));
            const auto e2 = g.gci2("x", "r", "y");
            QCOMPARE(e2.has_value(), k != onto::ProjectionKind::Taxonomy);
            if (e2) QVERIFY((*e2 == onto::ProjectedEdge{"x", "r", "y"}));
        }
        // Every told A ⊑ B and A ⊑ ∃r.B of taxonomy-relations, and every GCI0/GCI2 normal form of
        // kbcx, is scored through an edge of its own graph (training axioms are edges).
        const onto::ProjectedGraph tr = onto::project(o, onto::ProjectionKind::TaxonomyRelations);
        const EdgeSet trs = as_set(tr);
        std::size_t told = 0;
        for (const auto& ax : o.axioms) {
            if (ax.kind != onto::AxiomKind::SubClassOf) continue;
            const auto& sub = o.pool.get(ax.concepts[0]);
            const auto& sup = o.pool.get(ax.concepts[1]);
            if (sub.kind != onto::ConceptKind::Named) continue;
            const std::string a(o.sig.concepts.name(sub.name));
            if (sup.kind == onto::ConceptKind::Named) {
                const auto e = tr.gci0(a, o.sig.concepts.name(sup.name));
                QVERIFY(trs.count({e.head, e.relation, e.tail}));
                ++told;
            } else if (sup.kind == onto::ConceptKind::Exists &&
                       o.pool.get(sup.args[0]).kind == onto::ConceptKind::Named) {
                const auto e =
                    tr.gci2(a, o.sig.roles.name(sup.name), o.sig.concepts.name(o.pool.get(sup.args[0]).name));
                QVERIFY(e && trs.count({e->head, e->relation, e->tail}));
                ++told;
            }
        }
        QCOMPARE(told, trs.size());

        onto::Ontology on = onto::load_ontology_text("hand.ofn", kOfn);
        const onto::ProjectedGraph kb = onto::project(on, onto::ProjectionKind::Kbcx);
        const EdgeSet kbs = as_set(kb);
        onto::Ontology on2 = onto::load_ontology_text("hand.ofn", kOfn);
        const onto::NormalisedOntology n = onto::normalise(on2);
        std::size_t forms = 0;
        for (const auto& a : n.axioms) {
            auto named = [&](onto::ConceptName c) { return c != onto::kThing && c < n.fresh_concepts_begin; };
            if (!named(a.a) || !named(a.b)) continue;
            if (a.nf == onto::NormalForm::GCI0) {
                const auto e = kb.gci0(on2.sig.concepts.name(a.a), on2.sig.concepts.name(a.b));
                QVERIFY(kbs.count({e.head, e.relation, e.tail}));
                ++forms;
            } else if (a.nf == onto::NormalForm::GCI2) {
                const auto e = kb.gci2(on2.sig.concepts.name(a.a), on2.sig.roles.name(a.r), on2.sig.concepts.name(a.b));
                QVERIFY(e && kbs.count({e->head, e->relation, e->tail}));
                ++forms;
            }
        }
        QCOMPARE(forms, kbs.size());
    }

    void namesParse() {
        for (auto k : kAll) {
            QCOMPARE(onto::parse_projection(onto::projection_name(k)), std::optional<onto::ProjectionKind>(k));
            QVERIFY(onto::projection_list().find(onto::projection_name(k)) != std::string::npos);
        }
        QVERIFY(!onto::parse_projection("taxonomy_rels"));
        try {
            onto::projection_or_throw("owl2vec*");
            QFAIL("no exception");
        } catch (const std::invalid_argument& e) {
            QVERIFY(std::string(e.what()).find(onto::projection_list()) != std::string::npos);
        }
    }

    void pykeenSettingsAreTheLibraryDefaults() {
        using embed::GraphTraining;
        using embed::LossKind;
        // PyKEEN: TransE/DistMult dim 50, MarginRankingLoss margin 1; ComplEx dim 200, SoftplusLoss;
        // BoxE dim 256, p 2, NSSALoss margin 3 temperature 2. mOWL's KGEModel: Adam 1e-3, batch 32;
        // the SLCWA loop's BasicNegativeSampler: 1 negative per positive; inverse triples.
        struct Want {
            const char* model;
            int dim;
            LossKind loss;
            float margin;
        };
        for (const Want& w : {Want{"TransE-L1", 50, LossKind::Margin, 1}, Want{"DistMult", 50, LossKind::Margin, 1},
                              Want{"ComplEx", 200, LossKind::Logistic, 0}, Want{"BoxE", 256, LossKind::Distance, 3}}) {
            const auto s = embed::graph_training_settings(GraphTraining::Pykeen, w.model, 7);
            QCOMPARE(s.dim, w.dim);
            QVERIFY(s.loss && *s.loss == w.loss);
            if (w.loss != LossKind::Logistic) QCOMPARE(s.margin, w.margin);
            QCOMPARE(s.neg, 1);
            QCOMPARE(s.chunk, 1);
            QCOMPARE(s.batch, 32);
            QCOMPARE(s.lr, 1e-3f);
            QVERIFY(s.optimizer == embed::OptimizerKind::Adam);
            QVERIFY(s.inverse_triples);
        }
        // Initialisers, constraint, regulariser and torch's dense Adam, per model: TransE and DistMult
        // normalise entities; DistMult's LpRegularizer 0.1 on relations only, ComplEx's 0.01 on both.
        struct Extra {
            const char* model;
            bool unit;
            float lp_entity, lp_relation;
        };
        for (const Extra& x : {Extra{"TransE-L1", true, 0, 0}, Extra{"DistMult", true, 0, 0.1f},
                               Extra{"ComplEx", false, 0.01f, 0.01f}, Extra{"BoxE", false, 0, 0}}) {
            const auto s = embed::graph_training_settings(GraphTraining::Pykeen, x.model, 7);
            QVERIFY(s.init == embed::KgInit::Pykeen);
            QVERIFY(s.dense_optimizer);
            QCOMPARE(s.unit_entities, x.unit);
            QCOMPARE(s.lp_entity, x.lp_entity);
            QCOMPARE(s.lp_relation, x.lp_relation);
            const auto k = embed::graph_training_settings(GraphTraining::Kbcx, x.model, 7);
            QVERIFY(k.init == embed::KgInit::Kbcx && !k.dense_optimizer && !k.unit_entities);
            QCOMPARE(k.lp_entity + k.lp_relation, 0.0f);
        }
        QVERIFY(embed::graph_training_settings(GraphTraining::Pykeen, "DistMult", 7)
                    .text()
                    .find("Lp regulariser (p 2, normalised) 0.1 on relations") != std::string::npos);
        QCOMPARE(embed::graph_training_settings(GraphTraining::Pykeen, "BoxE", 7).p_norm, 2);
        QCOMPARE(embed::graph_training_settings(GraphTraining::Pykeen, "BoxE", 7).adv_temp, 2.0f);
        // kbcx keeps the finding's dimension and its own sizes.
        const auto k = embed::graph_training_settings(GraphTraining::Kbcx, "TransE-L1", 7);
        QCOMPARE(k.dim, 7);
        QCOMPARE(k.neg, 32);
        QCOMPARE(k.batch, 128);
        QVERIFY(!k.loss);
        QVERIFY(!k.inverse_triples);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 embed::graph_training_settings(GraphTraining::Pykeen, "RotatE", 7));
        QCOMPARE(embed::parse_graph_training("PyKEEN"), std::optional<GraphTraining>(GraphTraining::Pykeen));
        QVERIFY(!embed::parse_graph_training("mowl"));
    }

    void ontoLabTrainsWithTheChosenProjectionAndSettings() {
        // The run's params.json records what OntoLab handed to the trainer.
        QTemporaryDir dir;
        const std::string path = test::write_file(dir, "hand.ofn", kOfn);
        jobs::JobContext ctx;
        repro::OntoLab lab(path, dir.filePath("work").toStdString(), ctx);
        for (auto training : {embed::GraphTraining::Pykeen, embed::GraphTraining::Kbcx})
            for (auto k : {onto::ProjectionKind::DL2Vec, onto::ProjectionKind::Taxonomy}) {
                repro::TrainPlan plan;
                plan.epochs = 1;
                plan.dim = 6;
                plan.graph = {k, training};
                lab.train_and_evaluate("TransE", 1, plan, {}, {}, ctx);
                const std::string run = dir.filePath("work/runs").toStdString() + "/TransE-L1-" +
                                        onto::projection_name(k) + "-" + embed::graph_training_name(training) + "-s1";
                const std::string params = test::slurp(run + "/params.json");
                QVERIFY2(!params.empty(), run.c_str());
                const auto s = embed::graph_training_settings(training, "TransE-L1", plan.dim);
                auto has = [&](const std::string& key, const std::string& value) {
                    return params.find("\"" + key + "\": " + value) != std::string::npos;
                };
                QVERIFY2(has("dim", std::to_string(s.dim)), params.c_str());
                QVERIFY2(has("batch", std::to_string(s.batch)), params.c_str());
                QVERIFY2(has("neg", std::to_string(s.neg)), params.c_str());
                QVERIFY2(has("unit_entities", s.unit_entities ? "true" : "false"), params.c_str());
                QVERIFY2(has("dense_optimizer", s.dense_optimizer ? "true" : "false"), params.c_str());
                QVERIFY2(has("init", std::string("\"") + embed::kg_init_name(s.init) + "\""), params.c_str());
                QVERIFY2(has("loss", s.loss ? "\"" + std::string(embed::loss_name(*s.loss)) + "\"" : "\"distance\""),
                         params.c_str());
                const std::size_t edges = expected(k).size();
                QVERIFY2(params.find(std::string(onto::projection_name(k)) + " projection, " + std::to_string(edges) +
                                     " edges") != std::string::npos,
                         params.c_str());
                QCOMPARE(lab.projected_triples(k), edges);
            }
    }

    void cliNamesTheValidProjections() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        const std::string path = test::write_file(dir, "hand.ofn", kOfn);
        const auto bad = test::run_kbcx({"project", QString::fromStdString(path), "--projection", "owl2vecstar"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QString::fromStdString(onto::projection_list())), qPrintable(bad.err));
        const auto rep =
            test::run_kbcx({"reproduce", "rank-vs-faithfulness", "--out", dir.path(), "--projection", "taxonomy-rels"});
        QCOMPARE(rep.code, 2);
        QVERIFY2(rep.err.contains(QString::fromStdString(onto::projection_list())), qPrintable(rep.err));
        const auto tr =
            test::run_kbcx({"reproduce", "rank-vs-faithfulness", "--out", dir.path(), "--graph-training", "mowl"});
        QCOMPARE(tr.code, 2);
        QVERIFY2(tr.err.contains("pykeen, kbcx"), qPrintable(tr.err));
        // The TSV is the projection's edges, one a line; --inverse doubles it.
        const std::string out = dir.filePath("g.tsv").toStdString();
        const auto ok = test::run_kbcx(
            {"project", QString::fromStdString(path), "--projection", "dl2vec", "--out", QString::fromStdString(out)});
        QCOMPARE(ok.code, 0);
        EdgeSet lines;
        std::istringstream in(test::slurp(out));
        std::string line;
        std::size_t n = 0;
        while (std::getline(in, line)) {
            const auto a = line.find('\t'), b = line.find('\t', a + 1);
            lines.insert({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
            ++n;
        }
        QCOMPARE(n, expected(onto::ProjectionKind::DL2Vec).size());
        QVERIFY(lines == expected(onto::ProjectionKind::DL2Vec));
        const auto inv = test::run_kbcx({"project", QString::fromStdString(path), "--projection", "dl2vec", "--inverse",
                                         "--out", QString::fromStdString(out)});
        QCOMPARE(inv.code, 0);
        const std::string all = test::slurp(out);
        QCOMPARE(static_cast<std::size_t>(std::count(all.begin(), all.end(), '\n')), 2 * n);
    }
};

QTEST_GUILESS_MAIN(TestOntoProjection)
#include "tst_onto_projection.moc"
