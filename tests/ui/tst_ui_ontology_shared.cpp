// Qt Test on shared data: the GUI opens ../shared/data/onto/pizza.owl (RDF/XML, with non-EL
// axioms) as an ontology, lists it with core's counts, reports the dropped constructs, shows
// the taxonomy's edges, and partitions GCI0 candidates.
#include "onto_ui_test_util.hpp"

#include "ui/dataset/dataset_model.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/class_hierarchy_model.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/partition_page.hpp"
#include "ui/shell/main_window.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QFileInfo>
#include <QTableWidget>

using namespace kbcx;

class TestUiOntologyShared : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }
    void pizzaLoads();
};

void TestUiOntologyShared::pizzaLoads() {
    const QString pizza = QStringLiteral(KBCX_SHARED_DATA "/onto/pizza.owl");
    if (!QFileInfo::exists(pizza)) QSKIP("shared data not available");
    ui::MainWindow window;
    ui::OntologyWorkspace* ws = window.ontologyWorkspace();
    QVERIFY(ui::isOntologyPath(pizza));
    QVERIFY(test::waitForEnd(window.openFiles({pizza}), 120000));
    QCOMPARE(ws->model()->ontologyCount(), 1);
    QCOMPARE(window.datasetModel()->datasetCount(), 0);
    const ui::OntologyPtr data = ws->currentOntology();

    jobs::JobContext ctx;
    onto::Ontology o = onto::load_ontology(pizza.toStdString(), ctx);
    onto::Ontology o2 = onto::load_ontology(pizza.toStdString(), ctx);
    const onto::OntologySummary s = onto::summarise(o);
    QCOMPARE(data->summary.classes, s.classes);
    QCOMPARE(data->summary.el_axioms, s.el_axioms);
    QCOMPARE(data->summary.dropped_axioms, s.dropped_axioms);
    QVERIFY(s.dropped_axioms > 0);
    QVERIFY(s.dropped_constructs.count("ObjectAllValuesFrom") == 1);
    QTableWidget* dropped = ws->ontologyPage()->droppedTable();
    QCOMPARE(static_cast<std::size_t>(dropped->rowCount()), s.dropped_constructs.size());

    const reason::ClassifyResult r = reason::classify(o2, ctx, true);
    QCOMPARE(data->namedClasses, r.named_classes);
    QCOMPARE(data->unsatisfiable, r.unsatisfiable);
    std::size_t edges = 0;
    for (onto::ConceptName c = 0; c < r.named_end; ++c)
        if (!r.taxonomy.unsatisfiable[c] && r.taxonomy.representative[c] == c)
            edges += r.taxonomy.direct_parents[c].size();
    QCOMPARE(data->inferred.edges, edges);

    // The automatic first partition (GCI0) ran on it.
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 60000);
    ui::PartitionPage* page = ws->partitionPage();
    QVERIFY(page->bandModel(reason::Status::Entailed)->rowCount() > 0);
    QVERIFY(page->bandModel(reason::Status::Undetermined)->rowCount() > 0);
}

QTEST_MAIN(TestUiOntologyShared)
#include "tst_ui_ontology_shared.moc"
