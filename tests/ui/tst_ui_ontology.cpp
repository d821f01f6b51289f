// Qt Test of the Ontology tab and the explorer's Ontologies list, offscreen: the demo ontology
// and a fixture load through File → Open; the inferred tree against core's taxonomy; asserted
// edges; unsatisfiable classes; dropped constructs; normal-form filter; proofs; screenshot.
#include "onto_ui_test_util.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/class_hierarchy_model.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/proof_view.hpp"
#include "ui/shell/main_window.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>

#include <functional>
#include <set>

using namespace kbcx;
using kbcx::ui::ClassHierarchyModel;
using kbcx::ui::MainWindow;

namespace {

using Edge = std::pair<std::string, std::string>; // parent IRI (or owl:Thing / owl:Nothing), child IRI

/// Every (parent, child) edge of the model's tree, walking it completely.
std::set<Edge> modelEdges(const ClassHierarchyModel& m) {
    std::set<Edge> edges;
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int r = 0; r < m.rowCount(parent); ++r) {
            const QModelIndex child = m.index(r, 0, parent);
            if (parent.isValid())
                edges.insert({parent.data(ClassHierarchyModel::IriRole).toString().toStdString(),
                              child.data(ClassHierarchyModel::IriRole).toString().toStdString()});
            walk(child);
        }
    };
    walk({});
    return edges;
}

/// The same edges computed from core: the taxonomy's direct parents of representatives,
/// roots under owl:Thing, unsatisfiable classes under owl:Nothing.
std::set<Edge> taxonomyEdges(onto::Ontology& o) {
    jobs::JobContext ctx;
    const reason::ClassifyResult r = reason::classify(o, ctx, true);
    std::set<Edge> edges;
    auto iri = [&o](onto::ConceptName c) { return std::string(o.sig.concepts.name(c)); };
    for (onto::ConceptName c = 0; c < r.named_end; ++c) {
        if (r.taxonomy.unsatisfiable[c]) {
            edges.insert({onto::kOwlNothing, iri(c)});
            continue;
        }
        if (r.taxonomy.representative[c] != c) continue;
        if (r.taxonomy.direct_parents[c].empty()) edges.insert({onto::kOwlThing, iri(c)});
        for (auto p : r.taxonomy.direct_parents[c])
            edges.insert({iri(p), iri(c)});
    }
    return edges;
}

QModelIndex findChildNamed(const ClassHierarchyModel& m, const QModelIndex& parent, const QString& name) {
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        if (i.data().toString().startsWith(name)) return i;
    }
    return {};
}

} // namespace

class TestUiOntology : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void demoOntologyInExplorer();
    void inferredHierarchyMatchesTaxonomy();
    void fixtureUnsatisfiableEquivalentsAndDropped();
    void normalFormFilter();
    void proofOfSelectedSubsumption();
    void findClass();
    void badOntologyShowsErrorKeepsData();
    void screenshot();
};

void TestUiOntology::initTestCase() {
    test::useTestSettings();
}

void TestUiOntology::demoOntologyInExplorer() {
    MainWindow window;
    ui::OntologyWorkspace* ws = window.ontologyWorkspace();
    QAbstractItemModelTester listTester(ws->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester treeTester(ws->ontologyPage()->hierarchyModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester nfTester(ws->ontologyPage()->normalFormModel(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    QCOMPARE(ws->model()->ontologyCount(), 1);
    QCOMPARE(window.datasetModel()->datasetCount(), 0); // an ontology is not a KG dataset

    // Counts in the explorer equal core's summary of the same file.
    onto::Ontology o = onto::load_ontology_text("university.ofn", test::demoOntologyText());
    const onto::OntologySummary s = onto::summarise(o);
    const QModelIndex row = ws->model()->index(0, 0);
    QCOMPARE(ws->model()->index(0, ui::OntologyListModel::ClassesColumn).data().toULongLong(), s.classes);
    QCOMPARE(ws->model()->index(0, ui::OntologyListModel::PropertiesColumn).data().toULongLong(), s.object_properties);
    QCOMPARE(ws->model()->index(0, ui::OntologyListModel::AxiomsColumn).data().toULongLong(), s.logical_axioms);
    QCOMPARE(ws->model()->index(0, ui::OntologyListModel::ElColumn).data().toULongLong(), s.el_axioms);
    QCOMPARE(ws->model()->index(0, ui::OntologyListModel::DroppedColumn).data().toULongLong(), s.dropped_axioms);
    int nfRows = 0;
    for (int i = 0; i < onto::kNumNormalForms; ++i)
        nfRows += s.normal_forms[i] ? 1 : 0;
    QCOMPARE(ws->model()->rowCount(row), nfRows + static_cast<int>(s.dropped_constructs.size()));
    const QModelIndex firstNf = ws->model()->index(0, 0, row);
    QVERIFY(firstNf.data().toString().startsWith(QStringLiteral("GCI")));
    QCOMPARE(ws->model()->rowCount(), 1);

    // Opening a second ontology through File → Open's path (sniffed as an ontology).
    QVERIFY(test::waitForEnd(window.openFiles({QStringLiteral(KBCX_TEST_DATA "/ui/hierarchy.ofn")})));
    QCOMPARE(ws->model()->ontologyCount(), 2);
    QCOMPARE(window.datasetModel()->datasetCount(), 0);
    QCOMPARE(ws->currentOntology()->name, QStringLiteral("hierarchy.ofn"));
    // A KG triple file still loads as a KG dataset.
    QVERIFY(!ui::isOntologyPath(QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.tsv")));
    QVERIFY(ui::isOntologyPath(QStringLiteral(KBCX_TEST_DATA "/ui/partition.kbo")));
}

void TestUiOntology::inferredHierarchyMatchesTaxonomy() {
    for (const QString& file : {QStringLiteral("demo"), QStringLiteral(KBCX_TEST_DATA "/ui/hierarchy.ofn")}) {
        MainWindow window;
        ui::OntologyWorkspace* ws = window.ontologyWorkspace();
        const bool demo = file == QLatin1String("demo");
        QVERIFY(test::waitForEnd(demo ? window.openDemoOntology() : window.openFiles({file})));
        ui::OntologyPage* page = ws->ontologyPage();
        page->setInferred(true);
        QAbstractItemModelTester tester(page->hierarchyModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        onto::Ontology o = demo ? onto::load_ontology_text("university.ofn", test::demoOntologyText()) : [&] {
            jobs::JobContext ctx;
            return onto::load_ontology(file.toStdString(), ctx);
        }();
        const std::set<Edge> expected = taxonomyEdges(o);
        const std::set<Edge> shown = modelEdges(*page->hierarchyModel());
        QCOMPARE(shown.size(), expected.size());
        QVERIFY(shown == expected);
        QVERIFY(expected.size() > 5);
    }
}

void TestUiOntology::fixtureUnsatisfiableEquivalentsAndDropped() {
    MainWindow window;
    ui::OntologyWorkspace* ws = window.ontologyWorkspace();
    QVERIFY(test::waitForEnd(window.openFiles({QStringLiteral(KBCX_TEST_DATA "/ui/hierarchy.ofn")})));
    ui::OntologyPage* page = ws->ontologyPage();
    page->setInferred(true);
    ClassHierarchyModel* m = page->hierarchyModel();
    QCOMPARE(m->rowCount(), 2); // owl:Thing and owl:Nothing (DogCat is unsatisfiable)
    const QModelIndex nothing = m->index(1, 0);
    QCOMPARE(nothing.data().toString(), QStringLiteral("owl:Nothing"));
    QCOMPARE(m->rowCount(nothing), 1);
    const QModelIndex dogcat = m->index(0, 0, nothing);
    QCOMPARE(dogcat.data().toString(), QStringLiteral("DogCat"));
    QVERIFY(dogcat.data(ClassHierarchyModel::UnsatisfiableRole).toBool());
    QCOMPARE(dogcat.data(Qt::ForegroundRole).value<QBrush>().color(), QColor(0xc6, 0x28, 0x28));
    // Dog ≡ Hound merged into one node; Owned is under Dog and under Pet (inferred, not asserted).
    const QModelIndex thing = m->index(0, 0);
    const QModelIndex animal = findChildNamed(*m, thing, QStringLiteral("Animal"));
    QVERIFY(animal.isValid());
    const QModelIndex dog = findChildNamed(*m, animal, QStringLiteral("Dog"));
    QVERIFY(dog.isValid());
    QVERIFY(dog.data().toString().contains(QStringLiteral("≡ Hound")));
    const QModelIndex pet = findChildNamed(*m, animal, QStringLiteral("Pet"));
    QVERIFY(pet.isValid());
    QVERIFY(findChildNamed(*m, pet, QStringLiteral("Owned")).isValid());
    QVERIFY(findChildNamed(*m, dog, QStringLiteral("Owned")).isValid());

    // Asserted view: Owned only under Dog (told), Hound a root, DogCat under Dog and Cat.
    page->setInferred(false);
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QModelIndex athing = m->index(0, 0);
    QCOMPARE(m->rowCount(), 1);
    const QModelIndex aanimal = findChildNamed(*m, athing, QStringLiteral("Animal"));
    const QModelIndex apet = findChildNamed(*m, aanimal, QStringLiteral("Pet"));
    QVERIFY(apet.isValid());
    QVERIFY(!findChildNamed(*m, apet, QStringLiteral("Owned")).isValid());
    QVERIFY(findChildNamed(*m, findChildNamed(*m, aanimal, QStringLiteral("Dog")), QStringLiteral("Owned")).isValid());
    QVERIFY(findChildNamed(*m, athing, QStringLiteral("Hound")).isValid());

    // The non-EL axiom (∀) is reported, not lost.
    QTableWidget* dropped = page->droppedTable();
    QCOMPARE(dropped->rowCount(), 1);
    QCOMPARE(dropped->item(0, 0)->text(), QStringLiteral("ObjectAllValuesFrom"));
    QCOMPARE(dropped->item(0, 1)->data(Qt::DisplayRole).toULongLong(), 1ull);
    QCOMPARE(ws->currentOntology()->summary.dropped_axioms, std::size_t{1});
}

void TestUiOntology::normalFormFilter() {
    MainWindow window;
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    ui::OntologyPage* page = window.ontologyWorkspace()->ontologyPage();
    const auto& s = window.ontologyWorkspace()->currentOntology()->summary;
    std::size_t total = 0;
    for (int i = 0; i < onto::kNumNormalForms; ++i)
        total += s.normal_forms[i];
    QCOMPARE(static_cast<std::size_t>(page->normalFormProxy()->rowCount()), total);
    for (const char* nf : {"GCI0", "GCI2", "GCI1_BOT", "RI"}) {
        page->setNormalFormFilter(QString::fromLatin1(nf));
        onto::NormalForm f;
        QVERIFY(onto::parse_normal_form(nf, f));
        QCOMPARE(static_cast<std::size_t>(page->normalFormProxy()->rowCount()), s.normal_forms[static_cast<int>(f)]);
    }
    page->setNormalFormFilter({});
    QCOMPARE(static_cast<std::size_t>(page->normalFormProxy()->rowCount()), total);
}

void TestUiOntology::proofOfSelectedSubsumption() {
    MainWindow window;
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    ui::OntologyPage* page = window.ontologyWorkspace()->ontologyPage();
    page->setInferred(true);
    ClassHierarchyModel* m = page->hierarchyModel();
    // Thing > Person > Student > GraduateStudent > PhDStudent
    QModelIndex idx = m->index(0, 0);
    for (const char* name : {"Person", "Student", "GraduateStudent", "PhDStudent"}) {
        idx = findChildNamed(*m, idx, QString::fromLatin1(name));
        QVERIFY2(idx.isValid(), name);
    }
    QSignalSpy ready(page, &ui::OntologyPage::detailsReady);
    page->classView()->setCurrentIndex(idx);
    QVERIFY(ready.wait(20000));
    ui::ProofView* proof = page->proofView();
    QVERIFY(proof->stepCount() >= 1);
    QVERIFY(proof->headerItem()->text(0).contains(QStringLiteral("PhDStudent SubClassOf :GraduateStudent")));
    QVERIFY(proof->topLevelItem(0)->text(0).contains(QStringLiteral("PhDStudent")));
    QVERIFY(page->detailsView()->toPlainText().contains(QStringLiteral("Inferred direct superclasses")));
}

void TestUiOntology::findClass() {
    MainWindow window;
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    ui::OntologyPage* page = window.ontologyWorkspace()->ontologyPage();
    QVERIFY(page->findClass(QStringLiteral("phdstud")));
    QCOMPARE(page->classView()->currentIndex().data().toString(), QStringLiteral("PhDStudent"));
    QVERIFY(!page->findClass(QStringLiteral("NoSuchClassAnywhere")));
}

void TestUiOntology::badOntologyShowsErrorKeepsData() {
    MainWindow window;
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("broken.ofn"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Prefix(:=<http://e.org/#>)\nOntology(<http://e.org/>\nSubClassOf(:A\n");
    }
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    test::waitForEnd(window.openFiles({bad}));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("broken.ofn:")));
    QCOMPARE(window.ontologyWorkspace()->model()->ontologyCount(), 1);
}

void TestUiOntology::screenshot() {
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    QVERIFY(window.showTab(QStringLiteral("Ontology")));
    ui::OntologyPage* page = window.ontologyWorkspace()->ontologyPage();
    page->setInferred(true);
    page->classView()->expandToDepth(3);
    QSignalSpy ready(page, &ui::OntologyPage::detailsReady);
    QVERIFY(page->findClass(QStringLiteral("PhDStudent")));
    QVERIFY(ready.wait(20000));
    window.ontologyWorkspace()->explorerView()->expandAll();
    QTest::qWait(100);
    const QString path = test::screenshotDir() + QStringLiteral("/ontology.png");
    QVERIFY(window.saveScreenshot(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(TestUiOntology)
#include "tst_ui_ontology.moc"
