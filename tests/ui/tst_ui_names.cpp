// Offscreen test of View → Names (Partition axioms and proofs, Ontology tree, normal forms, saved
// choice) and File → Load Entity Names… (names applied; a malformed file: file:line:col, no loss).
#include "onto_ui_test_util.hpp"

#include "ui/common/name_style_setting.hpp"
#include "ui/dataset/dataset.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/inversions_page.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/class_hierarchy_model.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/partition_page.hpp"
#include "ui/ontology/proof_view.hpp"
#include "ui/shell/main_window.hpp"

#include <QAction>
#include <QSortFilterProxyModel>
#include <QTreeView>

using namespace kbcx;
using kbcx::ui::CandidateTableModel;
using kbcx::ui::MainWindow;
using kbcx::ui::NameStyleSetting;
using reason::Status;

namespace {

const char* kLabelled = R"(Prefix(:=<http://ex.org/>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Ontology(<http://ex.org/o>
Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C))
AnnotationAssertion(rdfs:label :A "Aa thing"@en)
AnnotationAssertion(rdfs:label :B "Bb"@en)
SubClassOf(:A :B)
SubClassOf(:B :C)
)
)";

QString write(const QTemporaryDir& dir, const char* name, const QByteArray& text) {
    QFile f(dir.filePath(QString::fromLatin1(name)));
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return f.fileName();
}

void choose(MainWindow& window, const char* action) {
    QAction* a = window.findChild<QAction*>(QString::fromLatin1(action));
    QVERIFY2(a, action);
    a->trigger();
}

} // namespace

class TestUiNames : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void initTestCase() { test::useTestSettings(); }

    void partitionFollowsViewNames() {
        MainWindow window;
        const QString onto = write(dir_, "labelled.ofn", kLabelled);
        QVERIFY(test::waitForEnd(window.openFiles({onto})));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
        ui::PartitionPage* page = window.ontologyWorkspace()->partitionPage();
        CandidateTableModel* entailed = page->bandModel(Status::Entailed);
        const int before = entailed->rowCount();
        choose(window, "namesLabelAction");
        QVERIFY(test::waitForEnd(page->checkQuery(QStringLiteral("'Aa thing' SubClassOf :C"))));
        QTRY_COMPARE_WITH_TIMEOUT(entailed->rowCount(), before + 1, 5000);
        const QModelIndex cell = entailed->index(before, CandidateTableModel::AxiomColumn);
        QCOMPARE(cell.data().toString(), QStringLiteral("'Aa thing' SubClassOf :C"));

        choose(window, "namesShortAction");
        QCOMPARE(NameStyleSetting::instance().style(), NameStyle::Short);
        QCOMPARE(cell.data().toString(), QStringLiteral(":A SubClassOf :C"));
        const QStringList shortProof = entailed->data(cell, CandidateTableModel::ProofRole).toStringList();
        QVERIFY(!shortProof.isEmpty());
        QVERIFY2(shortProof.join('\n').contains(QStringLiteral(":A SubClassOf :B")), qPrintable(shortProof.join('\n')));

        choose(window, "namesIriAction");
        QCOMPARE(cell.data().toString(), QStringLiteral("<http://ex.org/A> SubClassOf <http://ex.org/C>"));
        QVERIFY(entailed->data(cell, CandidateTableModel::ProofRole)
                    .toStringList()
                    .join('\n')
                    .contains(QStringLiteral("<http://ex.org/B>")));
        // What is edited, checked again and exported stays the typed text.
        QCOMPARE(cell.data(Qt::EditRole).toString(), QStringLiteral("'Aa thing' SubClassOf :C"));

        choose(window, "namesLabelAction");
        QCOMPARE(cell.data().toString(), QStringLiteral("'Aa thing' SubClassOf :C"));
        QVERIFY(entailed->data(cell, CandidateTableModel::ProofRole)
                    .toStringList()
                    .join('\n')
                    .contains(QStringLiteral("'Aa thing' SubClassOf Bb")));
    }

    void ontologyTreeFollowsViewNames() {
        MainWindow window;
        const QString onto = write(dir_, "tree.ofn", kLabelled);
        QVERIFY(test::waitForEnd(window.openFiles({onto})));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
        auto* tree = window.findChild<QTreeView*>(QStringLiteral("classTree"));
        QAbstractItemModel* model = tree ? tree->model() : nullptr;
        if (!model) {
            for (auto* v : window.ontologyWorkspace()->ontologyPage()->findChildren<QTreeView*>())
                if (qobject_cast<ui::ClassHierarchyModel*>(v->model())) model = v->model();
        }
        QVERIFY(model);
        auto names = [&] {
            QStringList out;
            std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
                for (int r = 0; r < model->rowCount(parent); ++r) {
                    const QModelIndex i = model->index(r, 0, parent);
                    out << i.data().toString();
                    walk(i);
                }
            };
            walk({});
            return out;
        };
        QAbstractItemModel* forms = window.ontologyWorkspace()->ontologyPage()->normalFormModel();
        auto formTexts = [&] {
            QStringList out;
            for (int r = 0; r < forms->rowCount(); ++r)
                out << forms->index(r, 1).data().toString();
            return out;
        };
        choose(window, "namesLabelAction");
        QVERIFY2(names().contains(QStringLiteral("Aa thing")), qPrintable(names().join(", ")));
        QVERIFY2(formTexts().contains(QStringLiteral("'Aa thing' SubClassOf Bb")), qPrintable(formTexts().join(", ")));
        choose(window, "namesShortAction");
        QVERIFY2(names().contains(QStringLiteral("A")) && !names().contains(QStringLiteral("Aa thing")),
                 qPrintable(names().join(", ")));
        QVERIFY2(formTexts().contains(QStringLiteral(":A SubClassOf :B")), qPrintable(formTexts().join(", ")));
        choose(window, "namesLabelAction");
    }

    // The Inversions table writes its pairs' axioms as the ontology of the proofs names them.
    void inversionsTableFollowsViewNames() {
        MainWindow window;
        QVERIFY(test::waitForEnd(window.openDemo()));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 30000);
        auto* page = window.findChild<ui::InversionsPage*>();
        QVERIFY(page);
        QTRY_VERIFY_WITH_TIMEOUT(page->proxy()->rowCount() > 0, 30000);
        const QModelIndex cell = page->proxy()->index(0, ui::InversionTableModel::LowerAxiomColumn);
        const QString typed = cell.data(ui::InversionTableModel::LowerAxiomRole).toString();
        QVERIFY(!typed.contains(QStringLiteral("<http")));
        choose(window, "namesIriAction");
        QTRY_VERIFY_WITH_TIMEOUT(cell.data().toString().startsWith(QStringLiteral("<http")), 10000);
        QVERIFY2(cell.data().toString().contains(QStringLiteral(" SubClassOf <http")),
                 qPrintable(cell.data().toString()));
        // The role the cards and proofs read keeps the tests file's text.
        QCOMPARE(cell.data(ui::InversionTableModel::LowerAxiomRole).toString(), typed);
        choose(window, "namesLabelAction");
        QVERIFY(!cell.data().toString().contains(QStringLiteral("<http")));
    }

    void choiceIsSaved() {
        MainWindow window;
        choose(window, "namesIriAction");
        ui::waitForSettingWrites();
        QCOMPARE(ui::openSettings()->value(QStringLiteral("view/names")).toString(), QStringLiteral("iri"));
        QAction* iri = window.findChild<QAction*>(QStringLiteral("namesIriAction"));
        QAction* label = window.findChild<QAction*>(QStringLiteral("namesLabelAction"));
        QVERIFY(iri->isChecked() && !label->isChecked()); // exclusive
        choose(window, "namesLabelAction");
        ui::waitForSettingWrites();
        QCOMPARE(ui::openSettings()->value(QStringLiteral("view/names")).toString(), QStringLiteral("label"));
    }

    void loadEntityNames() {
        MainWindow window;
        const QString kg = write(dir_, "kg.tsv", "/m/01\t/r/born_in\t/m/02\n/m/02\t/r/part_of\t/m/03\n");
        QVERIFY(test::waitForEnd(window.openFiles({kg})));
        QTRY_VERIFY(window.currentDataset() != nullptr);
        const ui::DatasetPtr plain = window.currentDataset();
        QVERIFY(window.findChild<QAction*>(QStringLiteral("loadEntityNamesAction"))->isEnabled());

        // A malformed file: the error names file, line and column; the dataset is untouched.
        const QString bad = write(dir_, "bad.txt", "/m/01\tAda\n/m/02\n");
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        QVERIFY(test::waitForEnd(window.loadEntityNames(bad)));
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY2(failed.front().front().toString().startsWith(bad + QStringLiteral(":2:6: ")),
                 qPrintable(failed.front().front().toString()));
        QCOMPARE(window.datasetModel()->rowCount(), 1);
        QCOMPARE(window.currentDataset(), plain);

        const QString names = write(dir_, "names.txt", "/m/01\tAda Lovelace\n/m/03\tEngland\n");
        QVERIFY(test::waitForEnd(window.loadEntityNames(names)));
        QTRY_VERIFY(window.currentDataset() && window.currentDataset() != plain);
        const ui::DatasetPtr named = window.currentDataset();
        QCOMPARE(window.datasetModel()->rowCount(), 1);
        QCOMPARE(named->namedEntities, std::size_t(2));
        QCOMPARE(named->entityNames, names);
        const auto& v = named->graph->vocab;
        QCOMPARE(v.display(kg::Namespace::Entity, v.entities().find("/m/01")), std::string("Ada Lovelace"));
        QVERIFY(!v.label(kg::Namespace::Entity, v.entities().find("/m/02")));
        QCOMPARE(named->numFacts(), plain->numFacts());
    }
};

QTEST_MAIN(TestUiNames)
#include "tst_ui_names.moc"
