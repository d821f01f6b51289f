// The slice extraction on the shared GO files (go-basic merged with the GO-plus-style extract):
// connected, bounded, deterministic, every kept axiom inside; `kbcx slice` writes the same bytes.
#include "common/job.hpp"
#include "onto/readers.hpp"
#include "onto/slice.hpp"
#include "reason/status.hpp"
#include "repro/findings_go.hpp"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <iterator>
#include <set>

using namespace kbcx;

namespace {

bool shared_present() {
    return QDir(QStringLiteral(KBCX_SHARED_DATA "/onto")).exists();
}

std::string shared(const std::string& rel) {
    return std::string(KBCX_SHARED_DATA) + "/" + rel;
}

onto::Ontology merged_go(const repro::GoSliceRecipe& r) {
    jobs::JobContext ctx;
    onto::Ontology m;
    onto::append_ontology(m, onto::load_ontology(shared(r.extract), ctx));
    onto::append_ontology(m, onto::load_ontology(shared(r.backbone), ctx), r.role_map);
    return m;
}

} // namespace

class TestOntoSliceShared : public QObject {
    Q_OBJECT
  private slots:
    void go_slice() {
        if (!shared_present()) QSKIP("shared data folder absent");
        const auto recipe = repro::go_slice_recipe(repro::Mode::Full);
        const onto::Ontology m = merged_go(recipe);
        onto::SliceParams p;
        p.root = recipe.root;
        p.size = recipe.size;
        const onto::Slice s = onto::extract_slice(m, p);
        QCOMPARE(s.stats.classes, recipe.size); // GO's cellular_component part has far more classes
        QCOMPARE(s.stats.components, std::size_t(1));
        QCOMPARE(onto::class_components(s.ontology), std::size_t(1));
        QCOMPARE(s.class_order.front(), std::string("http://purl.obolibrary.org/obo/GO_0005575"));
        // Every kept axiom's classes and roles are the slice's.
        const std::set<std::string> in(s.class_order.begin(), s.class_order.end());
        for (const auto& a : s.ontology.axioms) {
            std::vector<onto::ConceptName> cs;
            std::vector<onto::RoleName> rs;
            onto::axiom_names(s.ontology, a, cs, rs);
            for (auto c : cs)
                QVERIFY(in.count(std::string(s.ontology.sig.concepts.name(c))));
        }
        QCOMPARE(s.ontology.sig.concepts.size(), in.size());
        // The merge kept GO-plus's disjointness, and the renamed part_of joins the two files.
        QVERIFY(s.stats.by_kind.count("DisjointClasses") && s.stats.by_kind.at("DisjointClasses") > 0);
        QVERIFY(s.ontology.sig.roles.find("http://purl.obolibrary.org/obo/BFO_0000050") != kg::kNoId);
        QCOMPARE(s.ontology.sig.roles.find("http://purl.obolibrary.org/obo/go#part_of"), kg::kNoId);
        // Deterministic: a second extraction gives the same document.
        const std::string doc = onto::slice_document(s.ontology, "go");
        QCOMPARE(onto::slice_document(onto::extract_slice(m, p).ontology, "go"), doc);
        // The document reads back as the same ontology, and the reasoner finds it coherent.
        onto::Ontology back = onto::load_ontology_text("go-slice.kbo", doc);
        QCOMPARE(back.axioms.size(), s.ontology.axioms.size());
        jobs::JobContext ctx;
        reason::StatusChecker checker(back, ctx);
        std::size_t unsat = 0;
        for (onto::ConceptName c = 0; c < back.sig.concepts.size(); ++c) {
            onto::Axiom ax;
            ax.concepts = {back.pool.named(c), back.pool.bottom()};
            unsat += checker.entailed(ax);
        }
        QCOMPARE(unsat, std::size_t(0));
        qInfo("GO slice: %zu classes, %zu roles, %zu axioms, %zu DisjointClasses, %zu EquivalentClasses, depth %zu",
              s.stats.classes, s.stats.roles, s.stats.axioms, s.stats.by_kind.at("DisjointClasses"),
              s.stats.by_kind.at("EquivalentClasses"), s.stats.depth);
    }

    void cli_writes_the_same_slice() {
        if (!shared_present()) QSKIP("shared data folder absent");
        const auto recipe = repro::go_slice_recipe(repro::Mode::Quick);
        QTemporaryDir dir;
        const QString out = dir.filePath("slice.kbo");
        QStringList args{"slice", QString::fromStdString(shared(recipe.extract)),
                         QString::fromStdString(shared(recipe.backbone))};
        for (const auto& [from, to] : recipe.role_map)
            args << "--map-role" << QString::fromStdString(from + "=" + to);
        args << "--root" << QString::fromStdString(recipe.root) << "--size" << QString::number(recipe.size) << "--out"
             << out;
        QProcess proc;
        proc.start(KBCX_CLI, args);
        QVERIFY(proc.waitForFinished(120000));
        QCOMPARE(proc.exitCode(), 0);
        std::ifstream f(out.toStdString(), std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
        jobs::JobContext ctx;
        onto::Ontology back = onto::load_ontology(out.toStdString(), ctx);
        QCOMPARE(back.sig.concepts.size(), recipe.size);
        QCOMPARE(onto::class_components(back), std::size_t(1));
        // The library on the same merge gives the same axioms (the CLI's header line differs).
        const onto::Ontology m = merged_go(recipe);
        onto::SliceParams p;
        p.root = recipe.root;
        p.size = recipe.size;
        const std::string doc = onto::slice_document(onto::extract_slice(m, p).ontology, "x");
        QCOMPARE(text.substr(text.find('\n') + 1), doc.substr(doc.find('\n') + 1));
        // A root that is not in the files is a clear error.
        QProcess bad;
        bad.start(KBCX_CLI, {"slice", QString::fromStdString(shared(recipe.extract)), "--root", "GO:9999999"});
        QVERIFY(bad.waitForFinished(60000));
        QVERIFY(bad.exitCode() != 0);
        QVERIFY2(bad.readAllStandardError().contains("GO:9999999"), "the message names the root");
    }
};

QTEST_GUILESS_MAIN(TestOntoSliceShared)
#include "tst_onto_slice_shared.moc"
