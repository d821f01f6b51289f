// Qt Test of the Hierarchy tab, offscreen: PhD and random fixtures imported through the
// workspace; ladder rungs against placement.hpp, histogram bins against a direct count, the
// scatter against T? with P, metrics, exports, item models, a bad scores file, screenshots.
#include "eval_test_support.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/hierarchy_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include <QAbstractItemModelTester>
#include <QAbstractSeries>
#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QFileInfo>
#include <QLineSeries>
#include <QMessageBox>
#include <QProcess>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kbcx;
using kbcx::ui::EvalWorkspace;
using kbcx::ui::HierarchyPage;
using kbcx::ui::JobHandle;
using kbcx::ui::LadderRung;
using kbcx::ui::MainWindow;

namespace {

using kbcx::test::waitForEnd;

/// Waits until the window's runner is idle (all chained jobs done).
bool waitIdle(MainWindow& w) {
    return QTest::qWaitFor([&] { return w.jobRunner()->activeJobCount() == 0; }, 30000);
}

LadderRung::State expectedState(const eval::LevelCheck& c) {
    if (!c.computable) return LadderRung::State::NotCheckable;
    if (c.holds) return c.vacuous ? LadderRung::State::Vacuous : LadderRung::State::Holds;
    return LadderRung::State::Fails;
}

} // namespace

class TestHierarchy : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void phdFixture();
    void randomFixture();
    void exports();
    void badScoresKeepsEvaluation();
    void trainedRunAsScorer();
    void demoScreenshot();
    void binaryRendersTab();

  private:
    void checkAgainstEngine(HierarchyPage* page, const eval::EvalResult& ref);
    JobHandle* import(const QString& tests, const QString& scores, bool missingLowest = false);

    std::unique_ptr<MainWindow> window_;
    EvalWorkspace* workspace_ = nullptr;
    HierarchyPage* page_ = nullptr;
    QTemporaryDir dir_;
};

void TestHierarchy::initTestCase() {
    QVERIFY(dir_.isValid());
    window_ = std::make_unique<MainWindow>();
    window_->resize(1400, 900);
    window_->show();
    workspace_ = window_->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    page_ = window_->findChild<HierarchyPage*>();
    QVERIFY(workspace_ && page_);
    QVERIFY(window_->showTab(QStringLiteral("Hierarchy")));
    QAbstractItemModelTester listTester(workspace_->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

JobHandle* TestHierarchy::import(const QString& tests, const QString& scores, bool missingLowest) {
    ui::ImportRequest r;
    r.testsPath = tests;
    r.scoresPath = scores;
    r.missingLowest = missingLowest;
    JobHandle* job = workspace_->importScores(r);
    waitForEnd(job);
    waitIdle(*window_);
    return job;
}

void TestHierarchy::checkAgainstEngine(HierarchyPage* page, const eval::EvalResult& ref) {
    for (int nfRow = 0; nfRow <= static_cast<int>(ref.tests.normal_forms.size()); ++nfRow) {
        page->setCurrentNormalForm(nfRow);
        QVERIFY(waitIdle(*window_));
        const std::optional<std::uint32_t> nf =
            nfRow == 0 ? std::nullopt : std::optional<std::uint32_t>(static_cast<std::uint32_t>(nfRow - 1));
        QCOMPARE(page->normalForm(), nf);
        QCOMPARE(page->data().nf, nf);
        const eval::Bands b = eval::bands(ref.tests, nf);

        // Ladder: each rung against placement.hpp's checks on the reference scores.
        std::vector<std::uint32_t> all;
        for (const auto* band : {&b.entailed, &b.undetermined, &b.contradictory})
            all.insert(all.end(), band->begin(), band->end());
        std::sort(all.begin(), all.end());
        const eval::LevelCheck checks[4] = {eval::check_l0(ref.f, b.entailed, b.contradictory),
                                            eval::check_l1(ref.f, b.entailed, b.undetermined, b.contradictory),
                                            eval::check_l2(ref.f, b.entailed, b.undetermined, b.contradictory),
                                            eval::check_l3(ref.f, all, ref.p_key)};
        for (int i = 0; i < 4; ++i) {
            LadderRung* rung = page->rung(static_cast<eval::Level>(i));
            QCOMPARE(rung->state(), expectedState(checks[i]));
            QVERIFY(!rung->toolTip().isEmpty());
            if (rung->state() == LadderRung::State::Fails) {
                QVERIFY2(rung->verdictText().contains(QString::number(checks[i].margin, 'g', 4)),
                         qPrintable(rung->verdictText()));
                for (std::uint32_t a : checks[i].witness) {
                    const QString text = QString::fromUtf8(ref.tests.axioms[a].axiom.data(),
                                                           static_cast<qsizetype>(ref.tests.axioms[a].axiom.size()));
                    QVERIFY2(rung->witnessText().contains(text.toHtmlEscaped()), qPrintable(rung->witnessText()));
                }
            }
        }

        // Metrics: counts and AUC/FVR/Pair-FVR against the metric functions on the bands.
        auto gather = [&](const std::vector<std::uint32_t>& idx) {
            std::vector<double> v;
            for (auto a : idx)
                v.push_back(ref.f[a]);
            return v;
        };
        const auto pos = gather(b.entailed), und = gather(b.undetermined), neg = gather(b.contradictory);
        auto* metrics = page->metricsModel();
        auto value = [&](const char* key) {
            const int row = metrics->rowOfKey(QString::fromLatin1(key));
            return metrics->index(row, ui::MetricsTableModel::ValueColumn).data().toString();
        };
        QCOMPARE(value("n_entailed"), QString::number(b.entailed.size()));
        QCOMPARE(value("n_undetermined"), QString::number(b.undetermined.size()));
        QCOMPARE(value("n_contradictory"), QString::number(b.contradictory.size()));
        QCOMPARE(value("auc_pm"), ui::metricText(eval::auc_pm(pos, neg)));
        QCOMPARE(value("fvr"), ui::metricText(eval::fvr(neg, und, pos)));
        QCOMPARE(value("pair_fvr"), ui::metricText(eval::pair_fvr(und, neg)));
        // Not computable values say why.
        for (int row = 0; row < metrics->rowCount(); ++row)
            if (metrics->index(row, 1).data().toString() == QLatin1String("n/a"))
                QVERIFY2(!metrics->index(row, 2).data().toString().isEmpty(),
                         qPrintable(metrics->index(row, 0).data().toString()));

        // Histogram: the bins hold exactly the scores of each band (direct count per bin).
        const ui::Histogram& h = page->data().histogram;
        QVERIFY(h.edges.size() >= 2);
        const std::vector<double>* bandScores[3] = {&pos, &und, &neg};
        for (int s = 0; s < 3; ++s) {
            std::uint64_t total = 0;
            for (std::size_t i = 0; i + 1 < h.edges.size(); ++i) {
                const bool last = i + 2 == h.edges.size();
                std::uint64_t direct = 0;
                for (double x : *bandScores[s])
                    direct += x >= h.edges[i] && (x < h.edges[i + 1] || (last && x <= h.edges[i + 1]));
                QCOMPARE(h.counts[s][i], direct);
                QCOMPARE(page->histogramModel()->index(static_cast<int>(i), 3 + s).data().toULongLong(), direct);
                total += direct;
            }
            QCOMPARE(total, static_cast<std::uint64_t>(bandScores[s]->size()));
        }
        // The charts are rebuilt over the next passes of the event loop, the scatter chart last.
        QTRY_VERIFY_WITH_TIMEOUT(!page->chartsPending(), 5000);
        QCOMPARE(page->histogramChart()->series().size(), 3);

        // Scatter: one point per undetermined axiom with P.
        int withP = 0;
        for (auto a : b.undetermined)
            withP += ref.tests.axioms[a].p != eval::kNoP;
        const auto series = page->scatterChart()->series();
        QCOMPARE(series.size(), 1);
        auto* scatter = qobject_cast<QScatterSeries*>(series.front());
        QVERIFY(scatter);
        QCOMPARE(scatter->count(), withP);
        QCOMPARE(page->scatterModel()->rowCount(), withP);
        for (int i = 0; i < scatter->count(); ++i) {
            QVERIFY(scatter->at(i).x() >= 0 && scatter->at(i).x() <= 1);
        }
        QVERIFY(page->scatterChart()->title().contains(
            ui::metricText(ref.by_nf.empty() || !nf ? ref.overall.rho_p : ref.by_nf[*nf].rho_p)));
    }
}

void TestHierarchy::phdFixture() {
    JobHandle* job = import(evaltest::phdTests(), evaltest::phdScores());
    QCOMPARE(job->state(), JobHandle::State::Finished);
    QCOMPARE(workspace_->model()->count(), 1);
    QVERIFY(page_->evaluation());
    QAbstractItemModelTester t1(page_->metricsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(page_->histogramModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(page_->scatterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t4(workspace_->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto ref = evaltest::reference(evaltest::phdTests(), evaltest::phdScores());
    checkAgainstEngine(page_, ref);
    // The PhD scorer puts TeachingAssistant(alice) (T?) above Student(alice) (T+): L2 fails overall.
    page_->setCurrentNormalForm(0);
    QVERIFY(waitIdle(*window_));
    QCOMPARE(page_->rung(eval::Level::L2)->state(), LadderRung::State::Fails);
}

void TestHierarchy::randomFixture() {
    for (quint32 seed : {7u, 11u}) {
        const QString sub = dir_.path() + QStringLiteral("/seed%1").arg(seed);
        QVERIFY(QDir().mkpath(sub));
        const auto [tests, scores] = evaltest::writeRandomFixture(sub, seed, 240);
        QVERIFY(!tests.isEmpty());
        JobHandle* job = import(tests, scores);
        QCOMPARE(job->state(), JobHandle::State::Finished);
        QAbstractItemModelTester t1(page_->metricsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(page_->histogramModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto ref = evaltest::reference(tests, scores);
        checkAgainstEngine(page_, ref);
        // Some undetermined axioms have no P: L3 is not checkable, the rest are.
        page_->setCurrentNormalForm(0);
        QVERIFY(waitIdle(*window_));
        QCOMPARE(page_->rung(eval::Level::L3)->state(), LadderRung::State::NotCheckable);
        page_->setBins(5);
        QVERIFY(waitIdle(*window_));
        QCOMPARE(page_->histogramModel()->rowCount(), 5);
        checkAgainstEngine(page_, ref);
        page_->setBins(24);
        QVERIFY(waitIdle(*window_));
    }
}

void TestHierarchy::exports() {
    const QString d = dir_.path();
    QVERIFY(page_->exportHistogram(d + QStringLiteral("/h.png")));
    QVERIFY(page_->exportHistogram(d + QStringLiteral("/h.svg")));
    QVERIFY(page_->exportScatter(d + QStringLiteral("/s.png")));
    QVERIFY(page_->exportScatter(d + QStringLiteral("/s.svg")));
    QVERIFY(page_->exportMetricsCsv(d + QStringLiteral("/m.csv")));
    QVERIFY(page_->exportHistogramCsv(d + QStringLiteral("/h.csv")));
    QVERIFY(page_->exportScatterCsv(d + QStringLiteral("/s.csv")));
    for (const char* f : {"/h.png", "/h.svg", "/s.png", "/s.svg", "/m.csv", "/h.csv", "/s.csv"})
        QVERIFY2(QFileInfo(d + QString::fromLatin1(f)).size() > 100, f);
    QFile csv(d + QStringLiteral("/h.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), page_->histogramModel()->rowCount() + 1);
    QVERIFY(lines.front().startsWith("Bin,From,To,T+"));
    QImage png(d + QStringLiteral("/h.png"));
    QVERIFY(!png.isNull());
}

void TestHierarchy::badScoresKeepsEvaluation() {
    const int before = workspace_->model()->count();
    const auto current = page_->evaluation();
    QVERIFY(current);
    const QString bad = dir_.path() + QStringLiteral("/bad_scores.tsv");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("Student(alice)\t0.9\nProfessor(alice)\tabc\n");
    f.close();
    JobHandle* job = import(evaltest::phdTests(), bad);
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QCOMPARE(job->errorLocation().line, quint64{2});
    QVERIFY(job->errorLocation().column > 0);
    auto* box = window_->findChild<QMessageBox*>(QStringLiteral("evalErrorBox"));
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY2(box->informativeText().contains(QStringLiteral("bad_scores.tsv:2:%1").arg(job->errorLocation().column)),
             qPrintable(box->informativeText()));
    QCOMPARE(workspace_->model()->count(), before);
    QCOMPARE(page_->evaluation(), current);
    box->close();
}

void TestHierarchy::trainedRunAsScorer() {
    // An EL run trained here by the CLI is chosen as the scorer: the evaluation must equal the
    // one of the scores file `kbcx score` writes from the same checkpoint.
    const QString run = dir_.filePath(QStringLiteral("run_el"));
    const QString ontology = QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn");
    const QString tests = QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university_tests.tsv");
    const QString scores = dir_.filePath(QStringLiteral("run_scores.tsv"));
    auto kbcx = [](const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(KBCX_CLI), args);
        const bool ok = p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        if (!ok) qWarning("%s", p.readAllStandardError().constData());
        return ok;
    };
    // The demo's test set holds class assertions: only this explorer's objective embeds individuals.
    QVERIFY(kbcx({QStringLiteral("train"), ontology, QStringLiteral("--model"), QStringLiteral("Box2EL"),
                  QStringLiteral("--variant"), QStringLiteral("kbcx"), QStringLiteral("--dim"), QStringLiteral("8"),
                  QStringLiteral("--epochs"), QStringLiteral("3"), QStringLiteral("--seed"), QStringLiteral("3"),
                  QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--run"), run}));
    // A run of mOWL's Box2EL (the default variant) cannot score them, and says which variant can.
    {
        const QString mowlRun = dir_.filePath(QStringLiteral("run_el_mowl"));
        QVERIFY(kbcx({QStringLiteral("train"), ontology, QStringLiteral("--model"), QStringLiteral("Box2EL"),
                      QStringLiteral("--dim"), QStringLiteral("8"), QStringLiteral("--epochs"), QStringLiteral("3"),
                      QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--run"), mowlRun}));
        QProcess p;
        p.start(QStringLiteral(KBCX_CLI),
                {QStringLiteral("score"), QStringLiteral("--run"), mowlRun, QStringLiteral("--candidates"), tests,
                 QStringLiteral("--out"), dir_.filePath(QStringLiteral("mowl_scores.tsv"))});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("university_tests.tsv:") && err.contains("--variant kbcx"), err.constData());
    }
    QVERIFY(kbcx({QStringLiteral("score"), QStringLiteral("--run"), run, QStringLiteral("--candidates"), tests,
                  QStringLiteral("--out"), scores}));
    const int before = workspace_->model()->count();
    JobHandle* job = import(tests, run);
    QCOMPARE(job->state(), JobHandle::State::Finished);
    QCOMPARE(workspace_->model()->count(), before + 1);
    const auto added = workspace_->model()->evaluationAt(before);
    QVERIFY(added && added->result);
    const eval::EvalResult ref = evaltest::reference(tests, scores);
    QCOMPARE(added->result->f.size(), ref.f.size());
    for (std::size_t i = 0; i < ref.f.size(); ++i)
        QVERIFY2(std::abs(added->result->f[i] - ref.f[i]) <= 1e-6 * (1 + std::abs(ref.f[i])),
                 qPrintable(QString::number(i)));
    QCOMPARE(added->result->overall.auc_pm, ref.overall.auc_pm);
    QCOMPARE(added->result->overall.fvr, ref.overall.fvr);
    QCOMPARE(added->result->overall.placement(), ref.overall.placement());
    // A folder without a checkpoint is an error that keeps the evaluations.
    const int count = workspace_->model()->count();
    import(tests, dir_.path());
    QCOMPARE(workspace_->model()->count(), count);
    QTRY_VERIFY(QApplication::activeModalWidget() || window_->findChild<QMessageBox*>(QStringLiteral("evalErrorBox")));
    for (auto* box : window_->findChildren<QMessageBox*>(QStringLiteral("evalErrorBox")))
        box->close();
}

void TestHierarchy::demoScreenshot() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1500, 940);
    window->show();
    auto* workspace = window->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    QVERIFY(window->openDemo());
    QVERIFY(QTest::qWaitFor(
        [&] { return workspace->model()->count() == 1 && window->jobRunner()->activeJobCount() == 0; }, 30000));
    QVERIFY(window->showTab(QStringLiteral("Hierarchy")));
    auto* page = window->findChild<HierarchyPage*>();
    QVERIFY(page->evaluation());
    // The demo scorer is deliberately unfaithful: it fails somewhere on the ladder.
    QCOMPARE(page->rung(eval::Level::L3)->state(), LadderRung::State::Fails);
    QTest::qWait(100);
    const QString path = evaltest::screenshotDir() + QStringLiteral("/hierarchy.png");
    QVERIFY(window->saveScreenshot(path));
    QVERIFY(QFileInfo(path).size() > 0);
}

void TestHierarchy::binaryRendersTab() {
    const QString path = dir_.path() + QStringLiteral("/cli-hierarchy.png");
    const test::GuiRun run = test::renderDemoTab(QStringLiteral("Hierarchy"), path);
    QVERIFY2(run.ok, run.stderrText.constData());
    QImage image(path);
    QVERIFY(!image.isNull());
}

QTEST_MAIN(TestHierarchy)
#include "tst_ui_hierarchy.moc"
