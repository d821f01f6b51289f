// Qt Test for the dataset explorer's item model and the Overview tables: counts of the demo
// KG, tree structure, lookups, and QAbstractItemModelTester while datasets come and go.
#include "ui/dataset/dataset_model.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/dataset/relation_table_model.hpp"
#include "ui/dataset/type_table_model.hpp"

#include "kg/load_kg.hpp"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace kbcx;
using kbcx::ui::DatasetModel;

namespace {

ui::DatasetPtr loadSync(const QString& name, jobs::LoadKgParams params) {
    jobs::JobContext ctx;
    const jobs::LoadKgResult result = jobs::load_kg(params, ctx);
    return ui::Dataset::fromLoadResult(name, {name}, result);
}

ui::DatasetPtr demo() {
    return loadSync(ui::demoDatasetName(), ui::demoLoadParams());
}

/// A small KG without type facts, as FB15k-237-style TSV in memory.
ui::DatasetPtr untyped() {
    jobs::LoadKgParams params;
    params.buffers.push_back({"small.tsv", "a\tr1\tb\nb\tr1\tc\na\tr2\tc\n"});
    return loadSync(QStringLiteral("small.tsv"), params);
}

qulonglong cell(const QAbstractItemModel& model, const QModelIndex& index, int column) {
    return model.data(index.siblingAtColumn(column)).toULongLong();
}

} // namespace

class TestDatasetModel : public QObject {
    Q_OBJECT
  private slots:
    void demoCounts();
    void treeStructure();
    void lookups();
    void testerWhileAddingAndRemoving();
    void relationAndTypeTables();
    void namesForPaths();
};

void TestDatasetModel::demoCounts() {
    DatasetModel model;
    const QModelIndex row = model.addDataset(demo());
    QCOMPARE(model.datasetCount(), 1);
    QCOMPARE(row.data().toString(), QStringLiteral("Demo university"));
    // university.tsv: 266 lines, 78 of them rdf:type → 188 binary facts and 78 type facts.
    QCOMPARE(cell(model, row, DatasetModel::FactsColumn), 188ULL);
    QCOMPARE(cell(model, row, DatasetModel::TypeFactsColumn), 78ULL);
    QCOMPARE(cell(model, row, DatasetModel::EntitiesColumn), 78ULL);
    QCOMPARE(cell(model, row, DatasetModel::RelationsColumn), 12ULL);
    QCOMPARE(cell(model, row, DatasetModel::TypesColumn), 11ULL);
    QCOMPARE(model.kind(row), DatasetModel::ItemKind::Dataset);
}

void TestDatasetModel::treeStructure() {
    DatasetModel model;
    const QModelIndex row = model.addDataset(demo());
    QCOMPARE(model.rowCount(row), 3);
    const QModelIndex files = model.index(0, 0, row);
    const QModelIndex relations = model.index(1, 0, row);
    const QModelIndex types = model.index(2, 0, row);
    QCOMPARE(model.kind(files), DatasetModel::ItemKind::FilesGroup);
    QCOMPARE(model.kind(relations), DatasetModel::ItemKind::RelationsGroup);
    QCOMPARE(model.kind(types), DatasetModel::ItemKind::TypesGroup);
    QCOMPARE(files.data().toString(), QStringLiteral("Files (1)"));
    QCOMPARE(relations.data().toString(), QStringLiteral("Relations (12)"));
    QCOMPARE(types.data().toString(), QStringLiteral("Types (11)"));

    // The file row carries the file's FileStats.
    QCOMPARE(model.rowCount(files), 1);
    const QModelIndex file = model.index(0, 0, files);
    QCOMPARE(file.data().toString(), QStringLiteral("university.tsv"));
    QCOMPARE(cell(model, file, DatasetModel::FactsColumn), 188ULL);
    QCOMPARE(cell(model, file, DatasetModel::TypeFactsColumn), 78ULL);
    QVERIFY(file.data(Qt::ToolTipRole).toString().contains(QStringLiteral("tsv")));

    // Relations: largest first, counts add up to the dataset's facts.
    QCOMPARE(model.rowCount(relations), 12);
    qulonglong sum = 0, previous = ~0ULL;
    for (int r = 0; r < model.rowCount(relations); ++r) {
        const QModelIndex rel = model.index(r, 0, relations);
        QCOMPARE(model.kind(rel), DatasetModel::ItemKind::Relation);
        const qulonglong n = cell(model, rel, DatasetModel::FactsColumn);
        QVERIFY(n <= previous);
        previous = n;
        sum += n;
        QCOMPARE(model.rowCount(rel), 0);
    }
    QCOMPARE(sum, 188ULL);
    QCOMPARE(model.index(0, 0, relations).data().toString(), QStringLiteral("takesCourse"));

    // Types: instance counts in the Type facts column add up to the type facts.
    sum = 0;
    for (int t = 0; t < model.rowCount(types); ++t)
        sum += cell(model, model.index(t, 0, types), DatasetModel::TypeFactsColumn);
    QCOMPARE(sum, 78ULL);

    // Every row knows its dataset.
    const auto id = model.datasetAt(0)->id;
    QCOMPARE(model.index(3, 0, types).data(DatasetModel::DatasetIdRole).toULongLong(), id);
    QCOMPARE(model.datasetForIndex(model.index(3, 2, types)), model.datasetAt(0));
}

void TestDatasetModel::lookups() {
    DatasetModel model;
    model.addDataset(untyped());
    const ui::DatasetPtr d = demo();
    model.addDataset(d);
    // A KG without type facts has no Types group.
    QCOMPARE(model.rowCount(model.index(0, 0)), 2);

    const kg::Id advisor = d->graph->vocab.relations().find("advisor");
    QVERIFY(advisor != kg::kNoId);
    const QModelIndex rel = model.indexOfRelation(d->id, advisor);
    QVERIFY(rel.isValid());
    QCOMPARE(rel.data().toString(), QStringLiteral("advisor"));
    QCOMPARE(rel.data(DatasetModel::ItemIdRole).toLongLong(), qlonglong{advisor});
    QCOMPARE(cell(model, rel, DatasetModel::FactsColumn), qulonglong{d->graph->facts.relation_size(advisor)});

    const kg::Id course = d->graph->vocab.types().find("Course");
    QVERIFY(course != kg::kNoId);
    const QModelIndex type = model.indexOfType(d->id, course);
    QCOMPARE(type.data().toString(), QStringLiteral("Course"));
    QCOMPARE(cell(model, type, DatasetModel::TypeFactsColumn), qulonglong{d->graph->facts.instances(course).size()});

    QVERIFY(!model.indexOfRelation(d->id + 1000, advisor).isValid());
    QVERIFY(!model.indexOfType(model.datasetAt(0)->id, 0).isValid());
}

void TestDatasetModel::testerWhileAddingAndRemoving() {
    DatasetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setRecursiveFilteringEnabled(true);
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(DatasetModel::FactsColumn, Qt::DescendingOrder);

    const ui::DatasetPtr first = demo();
    const ui::DatasetPtr second = untyped();
    const ui::DatasetPtr third = demo();
    model.addDataset(first);
    model.addDataset(second);
    model.addDataset(third);
    QCOMPARE(model.datasetCount(), 3);
    proxy.setFilterFixedString(QStringLiteral("advisor"));
    QCOMPARE(proxy.rowCount(), 2); // both demo copies contain the relation
    proxy.setFilterFixedString({});

    QVERIFY(model.removeDataset(first->id));
    QVERIFY(!model.removeDataset(first->id));
    QCOMPARE(model.datasetCount(), 2);
    QCOMPARE(model.datasetAt(0), second);
    QCOMPARE(model.indexOfDataset(third->id).row(), 1);
    QVERIFY(model.removeDataset(third->id));
    model.addDataset(first);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestDatasetModel::relationAndTypeTables() {
    const ui::DatasetPtr d = demo();
    ui::RelationTableModel relations;
    ui::TypeTableModel types;
    QAbstractItemModelTester relationTester(&relations, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester typeTester(&types, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel relationProxy;
    relationProxy.setSourceModel(&relations);
    relationProxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QAbstractItemModelTester proxyTester(&relationProxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    QCOMPARE(relations.rowCount(), 0);
    relations.setDataset(d);
    types.setDataset(d);
    QCOMPARE(relations.rowCount(), 12);
    QCOMPARE(types.rowCount(), 11);

    // Sorting by fact count descending puts takesCourse (36 facts) first.
    relationProxy.sort(ui::RelationTableModel::FactsColumn, Qt::DescendingOrder);
    QCOMPARE(relationProxy.index(0, 0).data().toString(), QStringLiteral("takesCourse"));
    QCOMPARE(relationProxy.index(0, ui::RelationTableModel::FactsColumn).data().toULongLong(), 36ULL);
    QCOMPARE(relationProxy.index(11, ui::RelationTableModel::FactsColumn).data().toULongLong(), 4ULL);

    relationProxy.setFilterFixedString(QStringLiteral("DEGREE"));
    QCOMPARE(relationProxy.rowCount(), 2); // doctoralDegreeFrom, undergraduateDegreeFrom

    // Types: instances and share of entities.
    const kg::Id university = d->graph->vocab.types().find("University");
    const int row = types.rowOfType(university);
    QCOMPARE(types.index(row, ui::TypeTableModel::InstancesColumn).data().toULongLong(), 2ULL);
    QCOMPARE(types.index(row, ui::TypeTableModel::ShareColumn).data(ui::TypeTableModel::SortRole).toDouble(),
             100.0 * 2 / 78);

    relations.setDataset(untyped());
    types.setDataset(untyped());
    QCOMPARE(relations.rowCount(), 2);
    QCOMPARE(types.rowCount(), 0);
    relations.setDataset({});
    QCOMPARE(relations.rowCount(), 0);
}

void TestDatasetModel::namesForPaths() {
    QCOMPARE(ui::datasetNameForPaths({QStringLiteral("/data/FB15k-237/train.txt")}), QStringLiteral("train.txt"));
    QCOMPARE(ui::datasetNameForPaths(
                 {QStringLiteral("/d/train.txt"), QStringLiteral("/d/valid.txt"), QStringLiteral("/d/test.txt")}),
             QStringLiteral("train.txt + 2 more"));
}

QTEST_MAIN(TestDatasetModel)
#include "tst_ui_datasetmodel.moc"
