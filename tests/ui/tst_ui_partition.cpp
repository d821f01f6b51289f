// Qt Test of the Partition tab, offscreen: band counts equal core's sampler, P equals
// count::run_count's fraction on the same file, the reading in force and its switch, count-vs-
// status warnings, typed queries, TSV export, the model tester and a screenshot.
#include "onto_ui_test_util.hpp"

#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/partition_page.hpp"
#include "ui/ontology/proof_view.hpp"
#include "ui/shell/main_window.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

#include <map>
#include <set>

using namespace kbcx;
using kbcx::ui::CandidateTableModel;
using kbcx::ui::MainWindow;
using kbcx::ui::PartitionPage;
using reason::Status;

namespace {

const QString kFixture = QStringLiteral(KBCX_TEST_DATA "/ui/partition.kbo");

/// Core's sampler on a fresh load of the fixture (not the GUI's copy).
reason::SampleResult coreSample(const std::string& nf, std::size_t n, std::uint64_t seed,
                                std::optional<reason::Reading> reading = std::nullopt) {
    jobs::JobContext ctx;
    onto::Ontology o = onto::load_ontology(kFixture.toStdString(), ctx);
    reason::StatusChecker checker(o, ctx);
    reason::SampleParams p;
    p.nf = nf;
    p.n = n;
    p.seed = seed;
    p.reading = reading;
    return reason::sample(checker, p, ctx);
}

std::set<std::string> bandAxioms(const CandidateTableModel* m) {
    std::set<std::string> out;
    for (const auto& r : m->rows())
        out.insert(r.axiom.toStdString());
    return out;
}

bool waitSampled(PartitionPage* page, ui::JobHandle* job) {
    QSignalSpy spy(page, &PartitionPage::sampled);
    if (!test::waitForEnd(job)) return false;
    return spy.count() > 0 || spy.wait(5000);
}

} // namespace

class TestUiPartition : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }
    void bandsEqualSampler_data();
    void bandsEqualSampler();
    void pEqualsRunCount();
    void readingSwitch();
    void queryAndExport();
    void freshIndividualQuery();
    void screenshot();
};

void TestUiPartition::bandsEqualSampler_data() {
    QTest::addColumn<QString>("nf");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("seed");
    QTest::newRow("GCI0") << QStringLiteral("GCI0") << 10 << 1;
    QTest::newRow("GCI2") << QStringLiteral("GCI2") << 6 << 7;
    QTest::newRow("CA") << QStringLiteral("CA") << 5 << 3;
    QTest::newRow("GCI1_BOT") << QStringLiteral("GCI1_BOT") << 4 << 2;
}

void TestUiPartition::bandsEqualSampler() {
    QFETCH(QString, nf);
    QFETCH(int, n);
    QFETCH(int, seed);
    MainWindow window;
    ui::OntologyWorkspace* ws = window.ontologyWorkspace();
    PartitionPage* page = ws->partitionPage();
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    for (Status s : {Status::Entailed, Status::Undetermined, Status::Contradictory})
        testers.push_back(std::make_unique<QAbstractItemModelTester>(
            page->bandModel(s), QAbstractItemModelTester::FailureReportingMode::QtTest));
    QVERIFY(test::waitForEnd(window.openFiles({kFixture})));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000); // the automatic first sample
    page->setNormalForm(nf);
    page->setSampleSize(n);
    page->setSeed(seed);
    QVERIFY(waitSampled(page, page->sample()));

    const reason::SampleResult expected =
        coreSample(nf.toStdString(), static_cast<std::size_t>(n), static_cast<std::uint64_t>(seed));
    std::map<Status, std::set<std::string>> want;
    for (const auto& it : expected.items)
        want[it.status].insert(it.axiom);
    for (Status s : {Status::Entailed, Status::Undetermined, Status::Contradictory}) {
        QCOMPARE(static_cast<std::size_t>(page->bandModel(s)->rowCount()), expected.counts[static_cast<int>(s)]);
        QVERIFY(bandAxioms(page->bandModel(s)) == want[s]);
        for (const auto& r : page->bandModel(s)->rows()) {
            QCOMPARE(r.status, s);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            if (s != Status::Undetermined)
                QVERIFY2(!r.proof.empty(), qPrintable(r.axiom)); // every entailment and contradiction has a proof
        }
    }
    QCOMPARE(page->readingInForce(), QString::fromLatin1(reason::reading_name(expected.reading)));
    QVERIFY(page->readingLabel()->text().contains(page->readingInForce()));
}

void TestUiPartition::pEqualsRunCount() {
    MainWindow window;
    PartitionPage* page = window.ontologyWorkspace()->partitionPage();
    QVERIFY(test::waitForEnd(window.openFiles({kFixture})));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
    page->setNormalForm(QStringLiteral("GCI0"));
    page->setSampleSize(8);
    QVERIFY(waitSampled(page, page->sample()));
    page->setDomain(2);
    QSignalSpy counted(page, &PartitionPage::countsReady);
    QVERIFY(test::waitForEnd(page->computeP()));
    QVERIFY(counted.count() > 0 || counted.wait(5000));

    // Independent: the count job of core on the same file with every band's axioms as candidates.
    count::CountJobParams params;
    params.ontology_path = kFixture.toStdString();
    params.domain = 2;
    std::vector<const ui::CandidateRow*> rows;
    for (Status s : {Status::Entailed, Status::Undetermined, Status::Contradictory})
        for (const auto& r : page->bandModel(s)->rows()) {
            params.candidates.push_back(r.axiom.toStdString());
            rows.push_back(&r);
        }
    QVERIFY(!rows.empty());
    jobs::JobContext ctx;
    const count::CountJobResult expected = count::run_count(params, ctx);
    QVERIFY(page->modelsLabel()->text().contains(QString::fromStdString(expected.ontology.models.str())));
    int warnings = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& p = expected.candidates[i].probability;
        QVERIFY2(rows[i]->p.computed, qPrintable(rows[i]->axiom));
        QCOMPARE(rows[i]->p.fraction, QString::fromStdString(p.fraction()));
        QCOMPARE(rows[i]->p.decimalText, QString::fromStdString(p.decimal()));
        // The disagreement rule, restated: endpoints must match the status.
        const bool disagree = (rows[i]->status == Status::Entailed && p.verdict != count::Verdict::Entailed) ||
                              (rows[i]->status == Status::Undetermined && p.verdict != count::Verdict::Undetermined) ||
                              (rows[i]->status == Status::Contradictory && p.verdict != count::Verdict::Contradictory);
        QCOMPARE(!ui::countDisagreement(*rows[i], 2).isEmpty(), disagree);
        warnings += disagree ? 1 : 0;
    }
    // Under the incoherence reading a contradiction only empties a class: P > 0 must be flagged.
    QVERIFY(page->bandModel(Status::Contradictory)->rowCount() > 0);
    QVERIFY(warnings > 0);
    QVERIFY(!page->warningLabel()->isHidden());
    QVERIFY(page->warningLabel()->text().contains(QString::number(warnings)));
    // P columns shown, sortable numerically.
    QTableView* view = page->bandView(Status::Undetermined);
    QVERIFY(!view->isColumnHidden(CandidateTableModel::PColumn));
    view->sortByColumn(CandidateTableModel::PDecimalColumn, Qt::DescendingOrder);
    for (int r = 1; r < view->model()->rowCount(); ++r)
        QVERIFY(view->model()->index(r - 1, CandidateTableModel::PDecimalColumn).data().toDouble() >=
                view->model()->index(r, CandidateTableModel::PDecimalColumn).data().toDouble());
}

void TestUiPartition::readingSwitch() {
    MainWindow window;
    PartitionPage* page = window.ontologyWorkspace()->partitionPage();
    QVERIFY(test::waitForEnd(window.openFiles({kFixture})));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
    page->setNormalForm(QStringLiteral("GCI0"));
    page->setSampleSize(20);
    QVERIFY(waitSampled(page, page->sample()));
    QCOMPARE(page->readingInForce(), QStringLiteral("incoherence"));
    QSignalSpy spy(page, &PartitionPage::sampled);
    page->setReading(QStringLiteral("inconsistency")); // re-samples
    QVERIFY(spy.wait(20000));
    QCOMPARE(page->readingInForce(), QStringLiteral("inconsistency"));
    QVERIFY(page->readingLabel()->text().contains(QStringLiteral("inconsistency")));
    const reason::SampleResult expected = coreSample("GCI0", 20, 1, reason::Reading::Inconsistency);
    for (Status s : {Status::Entailed, Status::Undetermined, Status::Contradictory})
        QCOMPARE(static_cast<std::size_t>(page->bandModel(s)->rowCount()), expected.counts[static_cast<int>(s)]);
}

void TestUiPartition::queryAndExport() {
    MainWindow window;
    PartitionPage* page = window.ontologyWorkspace()->partitionPage();
    QVERIFY(test::waitForEnd(window.openFiles({kFixture})));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
    const int before = page->bandModel(Status::Contradictory)->rowCount();
    QVERIFY(test::waitForEnd(page->checkQuery(QStringLiteral("Professor(alice); Student(alice)"))));
    QTRY_COMPARE(page->bandModel(Status::Contradictory)->rowCount(), before + 1);
    const auto& added = page->bandModel(Status::Contradictory)->rows().back();
    QCOMPARE(added.axiom, QStringLiteral("Professor(alice)"));
    QCOMPARE(added.reading, reason::Reading::Inconsistency); // ABox default
    QVERIFY(!added.proof.empty());
    // Selecting it shows its proof (derivation of ⊥).
    QTableView* view = page->bandView(Status::Contradictory);
    view->selectRow(view->model()->rowCount() - 1);
    QVERIFY(page->proofView()->stepCount() > 0);
    QVERIFY(page->proofView()->headerItem()->text(0).contains(QStringLiteral("Professor(alice)")));

    QVERIFY(test::waitForEnd(page->computeP()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bands.tsv"));
    QVERIFY(page->exportTsv(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    int total = 0;
    for (Status s : {Status::Entailed, Status::Undetermined, Status::Contradictory})
        total += page->bandModel(s)->rowCount();
    QCOMPARE(lines.size(), total);
    bool sawProfessor = false;
    for (const QString& l : lines) {
        const QStringList f5 = l.split(QLatin1Char('\t'));
        QCOMPARE(f5.size(), 5);
        QVERIFY(f5[0] == QLatin1String("entailed") || f5[0] == QLatin1String("undetermined") ||
                f5[0] == QLatin1String("contradictory"));
        if (f5[2] == QLatin1String("Professor(alice)")) {
            sawProfessor = true;
            QCOMPARE(f5[3], QStringLiteral("0/1"));
            QCOMPARE(f5[4], QStringLiteral("0.000000"));
        }
    }
    QVERIFY(sawProfessor);
}

/// The query box accepts an individual the ontology never mentions (carol) and says so; an unknown
/// class name is still refused.
void TestUiPartition::freshIndividualQuery() {
    MainWindow window;
    PartitionPage* page = window.ontologyWorkspace()->partitionPage();
    QVERIFY(test::waitForEnd(window.openFiles({kFixture})));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
    CandidateTableModel* und = page->bandModel(Status::Undetermined);
    CandidateTableModel* con = page->bandModel(Status::Contradictory);
    CandidateTableModel* ent = page->bandModel(Status::Entailed);
    const int u0 = und->rowCount(), c0 = con->rowCount(), e0 = ent->rowCount();
    QVERIFY(test::waitForEnd(
        page->checkQuery(QStringLiteral("Student(carol); (Student and Professor)(carol); owl:Thing(carol)"))));
    QTRY_COMPARE(und->rowCount(), u0 + 1);
    QCOMPARE(con->rowCount(), c0 + 1);
    QCOMPARE(ent->rowCount(), e0 + 1);
    const QString note = QStringLiteral("fresh individual 'carol'");
    QCOMPARE(und->rows().back().axiom, QStringLiteral("Student(carol)"));
    QCOMPARE(und->rows().back().note, note);
    QCOMPARE(con->rows().back().axiom, QStringLiteral("(Student and Professor)(carol)"));
    QCOMPARE(con->rows().back().note, note);
    QVERIFY(!con->rows().back().proof.empty());
    QCOMPARE(ent->rows().back().note, note);
    // The table shows the note beside the axiom, and the page's notes line names it.
    const QString shown = und->index(u0, CandidateTableModel::AxiomColumn).data().toString();
    QVERIFY2(shown.startsWith(QStringLiteral("Student(carol)")) && shown.contains(note), qPrintable(shown));
    auto* notes = page->findChild<QLabel*>(QStringLiteral("partitionNotes"));
    QVERIFY(notes);
    QVERIFY(!notes->isHidden());
    QVERIFY2(notes->text().contains(note), qPrintable(notes->text()));
    // A known individual carries no note.
    QVERIFY(test::waitForEnd(page->checkQuery(QStringLiteral("Student(alice)"))));
    QTRY_COMPARE(ent->rowCount(), e0 + 2);
    QVERIFY(ent->rows().back().note.isEmpty());
    // Unknown class names are typos: refused, nothing added.
    QVERIFY(test::waitForEnd(page->checkQuery(QStringLiteral("Profesor(carol)"))));
    QTRY_VERIFY(notes->text().contains(QStringLiteral("unknown class name 'Profesor'")));
    QCOMPARE(und->rowCount() + con->rowCount() + ent->rowCount(), u0 + c0 + e0 + 4);
    QAbstractItemModelTester tester(und, QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestUiPartition::screenshot() {
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(test::waitForEnd(window.openDemoOntology()));
    QTRY_VERIFY_WITH_TIMEOUT(window.jobRunner()->activeJobCount() == 0, 20000);
    QVERIFY(window.showTab(QStringLiteral("Partition")));
    PartitionPage* page = window.ontologyWorkspace()->partitionPage();
    page->setSampleSize(12);
    QVERIFY(waitSampled(page, page->sample()));
    QVERIFY(test::waitForEnd(page->computeP()));
    QTRY_VERIFY(!page->modelsLabel()->text().isEmpty());
    QTableView* view = page->bandView(Status::Contradictory);
    if (view->model()->rowCount() > 0) view->selectRow(0);
    window.jobRunner()->clearFinished();
    QTest::qWait(100);
    const QString path = test::screenshotDir() + QStringLiteral("/partition.png");
    QVERIFY(window.saveScreenshot(path));
    qInfo("screenshot: %s", qPrintable(path));

    // In a narrow window the controls wrap: every button stays inside the page.
    window.resize(760, 900);
    QTest::qWait(100);
    for (const char* name : {"computePButton", "exportButton"}) {
        auto* button = page->findChild<QPushButton*>(QLatin1String(name));
        QVERIFY(button && button->isVisible());
        const QRect r(button->mapTo(page, QPoint(0, 0)), button->size());
        QVERIFY2(r.right() <= page->width(),
                 qPrintable(
                     QStringLiteral("%1 ends at %2 of %3").arg(QLatin1String(name)).arg(r.right()).arg(page->width())));
    }
    QVERIFY(window.saveScreenshot(test::screenshotDir() + QStringLiteral("/partition_narrow.png")));
}

QTEST_MAIN(TestUiPartition)
#include "tst_ui_partition.moc"
