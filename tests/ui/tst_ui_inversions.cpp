// Qt Test of the Inversions tab, offscreen: the pair list of each kind and normal form against
// the engine's exact count and top-k (and a brute-force count), the selected pair's details and
// proofs from an ontology, the geometry note, CSV export, item models and a screenshot.
#include "eval_test_support.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/inversions_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kbcx;
using kbcx::ui::EvalWorkspace;
using kbcx::ui::InversionKind;
using kbcx::ui::InversionsPage;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

bool waitIdle(MainWindow& w) {
    return QTest::qWaitFor([&] { return w.jobRunner()->activeJobCount() == 0; }, 30000);
}

QString text(const eval::EvalResult& r, std::uint32_t a) {
    return QString::fromUtf8(r.tests.axioms[a].axiom.data(), static_cast<qsizetype>(r.tests.axioms[a].axiom.size()));
}

} // namespace

class TestInversions : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void listsMatchEngine_data();
    void listsMatchEngine();
    void selectedPairDetails();
    void proofsFromOntology();
    void filterAndExport();
    void demoScreenshot();

  private:
    void importFiles(const QString& tests, const QString& scores, const QString& ontology = {});

    std::unique_ptr<MainWindow> window_;
    EvalWorkspace* workspace_ = nullptr;
    InversionsPage* page_ = nullptr;
    QTemporaryDir dir_;
    QString randomTests_, randomScores_, phdInverted_;
};

void TestInversions::initTestCase() {
    QVERIFY(dir_.isValid());
    window_ = std::make_unique<MainWindow>();
    window_->resize(1400, 900);
    window_->show();
    workspace_ = window_->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    page_ = window_->findChild<InversionsPage*>();
    QVERIFY(workspace_ && page_);
    QVERIFY(window_->showTab(QStringLiteral("Inversions")));
    std::tie(randomTests_, randomScores_) = evaltest::writeRandomFixture(dir_.path(), 3, 300);
    QVERIFY(!randomTests_.isEmpty());
    // The PhD scores with Professor(alice) (T−) moved above Student(alice) (T+) and
    // TeachingAssistant(alice) (T?): one L0 pair and one Pair-FVR pair.
    QFile in(evaltest::phdScores());
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray scores = in.readAll();
    scores.replace("Professor(alice)\t0.1", "Professor(alice)\t0.96");
    phdInverted_ = dir_.path() + QStringLiteral("/phd_inverted_scores.tsv");
    QFile out(phdInverted_);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(scores);
}

void TestInversions::importFiles(const QString& tests, const QString& scores, const QString& ontology) {
    ui::ImportRequest r;
    r.testsPath = tests;
    r.scoresPath = scores;
    r.ontologyPath = ontology;
    workspace_->importScores(r);
    QVERIFY(waitIdle(*window_));
}

void TestInversions::listsMatchEngine_data() {
    QTest::addColumn<bool>("random");
    QTest::addColumn<int>("limit");
    QTest::newRow("phd") << false << 1000;
    QTest::newRow("phd inverted") << false << 1;
    QTest::newRow("random top 1000") << true << 1000;
    QTest::newRow("random top 25") << true << 25;
}

void TestInversions::listsMatchEngine() {
    QFETCH(bool, random);
    QFETCH(int, limit);
    const QString tests = random ? randomTests_ : evaltest::phdTests();
    const QString scores = random ? randomScores_ : limit == 1 ? phdInverted_ : evaltest::phdScores();
    importFiles(tests, scores);
    const auto ref = evaltest::reference(tests, scores);
    QAbstractItemModelTester t1(page_->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(page_->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page_->setLimit(limit);
    QVERIFY(waitIdle(*window_));
    for (InversionKind kind : {InversionKind::L0, InversionKind::L1, InversionKind::PairFvr}) {
        page_->setKind(kind);
        for (int nfRow = 0; nfRow <= static_cast<int>(ref.tests.normal_forms.size()); ++nfRow) {
            page_->setNormalFormRow(nfRow);
            QVERIFY(waitIdle(*window_));
            const std::optional<std::uint32_t> nf =
                nfRow == 0 ? std::nullopt : std::optional<std::uint32_t>(static_cast<std::uint32_t>(nfRow - 1));
            const eval::Bands b = eval::bands(ref.tests, nf);
            // The engine's answer and a brute-force count of the pairs.
            std::vector<std::uint32_t> higher = kind == InversionKind::L0        ? b.entailed
                                                : kind == InversionKind::PairFvr ? b.undetermined
                                                                                 : b.entailed;
            if (kind == InversionKind::L1) {
                higher.insert(higher.end(), b.undetermined.begin(), b.undetermined.end());
                std::sort(higher.begin(), higher.end());
            }
            std::uint64_t brute = 0;
            for (auto lo : b.contradictory)
                for (auto hi : higher)
                    brute += ref.f[lo] >= ref.f[hi];
            std::uint64_t total = 0;
            std::vector<eval::ViolatingPair> top;
            if (kind == InversionKind::L1) {
                total = eval::count_violations(ref.f, b.contradictory, higher);
                top = eval::top_violations(ref.f, b.contradictory, higher, static_cast<std::size_t>(limit));
            } else {
                const auto which = kind == InversionKind::L0 ? eval::Inversion::EntailedNotAboveContradiction
                                                             : eval::Inversion::UndeterminedNotAboveContradiction;
                total = eval::count_inversions(ref, which, nf);
                top = eval::top_inversions(ref, which, static_cast<std::size_t>(limit), nf);
            }
            QCOMPARE(total, brute);
            const ui::InversionList& list = page_->model()->inversions();
            QCOMPARE(list.total, total);
            QCOMPARE(list.kind, kind);
            QCOMPARE(list.nf, nf);
            QCOMPARE(page_->model()->rowCount(), static_cast<int>(std::min<std::uint64_t>(total, limit)));
            QCOMPARE(static_cast<std::size_t>(page_->model()->rowCount()), top.size());
            for (int i = 0; i < page_->model()->rowCount(); ++i) {
                const auto& p = top[static_cast<std::size_t>(i)];
                const QModelIndex row = page_->proxy()->index(i, 0);
                QCOMPARE(row.data(ui::InversionTableModel::LowerAxiomRole).toString(), text(ref, p.lower));
                QCOMPARE(row.data(ui::InversionTableModel::HigherAxiomRole).toString(), text(ref, p.higher));
                if (i > 0) QVERIFY(top[static_cast<std::size_t>(i) - 1].margin >= p.margin);
            }
            if (total > 0)
                QVERIFY2(page_->countLabel()->text().contains(QLocale().toString(static_cast<qulonglong>(total))),
                         qPrintable(page_->countLabel()->text()));
        }
    }
    page_->setKind(InversionKind::L0);
    page_->setNormalFormRow(0);
    page_->setLimit(1000);
    QVERIFY(waitIdle(*window_));
}

void TestInversions::selectedPairDetails() {
    importFiles(evaltest::phdTests(), phdInverted_);
    const auto ref = evaltest::reference(evaltest::phdTests(), phdInverted_);
    page_->setKind(InversionKind::PairFvr);
    QVERIFY(waitIdle(*window_));
    QVERIFY(page_->model()->rowCount() > 0);
    page_->selectRow(0);
    QVERIFY(waitIdle(*window_));
    const auto top = eval::top_inversions(ref, eval::Inversion::UndeterminedNotAboveContradiction, 1);
    const auto& p = top.front();
    QCOMPARE(page_->lowerCard()->axiomText(), text(ref, p.lower));
    QCOMPARE(page_->higherCard()->axiomText(), text(ref, p.higher));
    QVERIFY(page_->lowerCard()->field(QStringLiteral("status")).contains(QStringLiteral("contradictory")));
    QVERIFY(page_->higherCard()->field(QStringLiteral("status")).contains(QStringLiteral("undetermined")));
    QCOMPARE(page_->lowerCard()->field(QStringLiteral("score")), QString::number(ref.f[p.lower], 'g', 6));
    QCOMPARE(page_->higherCard()->field(QStringLiteral("score")), QString::number(ref.f[p.higher], 'g', 6));
    QCOMPARE(page_->higherCard()->field(QStringLiteral("p")), ui::pText(ref, p.higher));
    QVERIFY(page_->higherCard()->field(QStringLiteral("p")) != QStringLiteral("\u2014"));
    QCOMPARE(page_->lowerCard()->field(QStringLiteral("line")), QString::number(ref.tests.axioms[p.lower].line));
    // Imported scores have no geometry: a clear note instead of an empty widget.
    QVERIFY(page_->geometryNote()->isVisible());
    QVERIFY(page_->geometryNote()->text().contains(QStringLiteral("not available")));
}

void TestInversions::proofsFromOntology() {
    // The PhD student ontology of DESIGN.md §4 in the text syntax.
    const QString onto = dir_.path() + QStringLiteral("/phd.kbo");
    QFile f(onto);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("Class: PhDStudent Student Professor TeachingAssistant\nIndividual: alice\n"
            "PhDStudent SubClassOf Student\nStudent and Professor SubClassOf owl:Nothing\nPhDStudent(alice)\n");
    f.close();
    importFiles(evaltest::phdTests(), phdInverted_, onto);
    QVERIFY(workspace_->ontology());
    page_->setKind(InversionKind::L0);
    page_->setNormalFormRow(0);
    QVERIFY(waitIdle(*window_));
    // Find the pair (Professor(alice), Student(alice)) if listed; else take row 0.
    int row = 0;
    for (int i = 0; i < page_->proxy()->rowCount(); ++i)
        if (page_->proxy()->index(i, 0).data(ui::InversionTableModel::LowerAxiomRole).toString() ==
            QLatin1String("Professor(alice)"))
            row = i;
    QVERIFY(page_->proxy()->rowCount() > 0);
    page_->selectRow(row);
    QVERIFY(waitIdle(*window_));
    QVERIFY(QTest::qWaitFor([&] { return !page_->lowerCard()->proofText().startsWith(QStringLiteral("Computing")); }));
    const QString lower = page_->lowerCard()->proofText();
    const QString higher = page_->higherCard()->proofText();
    QVERIFY2(lower.contains(QStringLiteral("contradictory")), qPrintable(lower));
    QVERIFY2(lower.count(QLatin1Char('\n')) >= 1, qPrintable(lower)); // a proof, not just the verdict
    QVERIFY2(higher.contains(QStringLiteral("entailed")), qPrintable(higher));
    QVERIFY2(higher.count(QLatin1Char('\n')) >= 1, qPrintable(higher));
}

void TestInversions::filterAndExport() {
    importFiles(randomTests_, randomScores_);
    page_->setKind(InversionKind::L1);
    QVERIFY(waitIdle(*window_));
    const int all = page_->proxy()->rowCount();
    QVERIFY(all > 0);
    page_->filterEdit()->setText(QStringLiteral("r some"));
    const int filtered = page_->proxy()->rowCount();
    QVERIFY(filtered < all);
    for (int i = 0; i < filtered; ++i) {
        const QModelIndex idx = page_->proxy()->index(i, 0);
        QVERIFY(idx.data(ui::InversionTableModel::LowerAxiomRole).toString().contains(QStringLiteral("r some")) ||
                idx.data(ui::InversionTableModel::HigherAxiomRole).toString().contains(QStringLiteral("r some")));
    }
    const QString csv = dir_.path() + QStringLiteral("/inv.csv");
    QVERIFY(page_->exportCsv(csv));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll().trimmed().split('\n').size(), filtered + 1);
    page_->filterEdit()->clear();
}

void TestInversions::demoScreenshot() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1500, 940);
    window->show();
    auto* workspace = window->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    QVERIFY(window->openDemo());
    QVERIFY(
        QTest::qWaitFor([&] { return workspace->ontology() && window->jobRunner()->activeJobCount() == 0; }, 30000));
    QVERIFY(window->showTab(QStringLiteral("Inversions")));
    auto* page = window->findChild<InversionsPage*>();
    QVERIFY(page->model()->rowCount() > 0);
    QVERIFY(
        QTest::qWaitFor([&] { return page->lowerCard()->proofText().contains(QStringLiteral("Reasoner")); }, 30000));
    QTest::qWait(100);
    const QString path = evaltest::screenshotDir() + QStringLiteral("/inversions.png");
    QVERIFY(window->saveScreenshot(path));
    QVERIFY(QFileInfo(path).size() > 0);
}

QTEST_MAIN(TestInversions)
#include "tst_ui_inversions.moc"
