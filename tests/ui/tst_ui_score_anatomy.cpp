// Qt Test of the Inversions tab's model view, offscreen: for a ball model (ELEmbeddings, with kept
// checkpoints) and a box model (Box2EL) trained by `kbcx train`, each selected pair's anatomy adds up to
// the score the evaluation shows, the geometry draws balls or boxes, exports, and replays epochs.
#include "eval_test_support.hpp"
#include "ui_test_util.hpp"

#include "ui/common/geometry_view.hpp"
#include "ui/eval/eval_table_models.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/inversions_page.hpp"
#include "ui/eval/score_anatomy_view.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace kbcx;
using kbcx::ui::EvalWorkspace;
using kbcx::ui::InversionKind;
using kbcx::ui::InversionsPage;
using kbcx::ui::MainWindow;

namespace {

/// The demo ontology and its test set; KBCX_ANATOMY_ONTOLOGY and KBCX_ANATOMY_TESTS run the same
/// checks (and print the same timings) on other data, e.g. Pizza and a `kbcx sample` test set.
const QString kOntology = qEnvironmentVariable("KBCX_ANATOMY_ONTOLOGY",
                                               QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn"));
const QString kTests = qEnvironmentVariable(
    "KBCX_ANATOMY_TESTS", QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university_tests.tsv"));

/// `kbcx train` on the demo ontology; returns the run folder (empty on failure, with a warning).
QString train(const QString& dir, const QString& model, const QString& variant, bool keep) {
    const QString run = dir + QLatin1Char('/') + model;
    QStringList args = {QStringLiteral("train"),        kOntology,
                        QStringLiteral("--model"),      model,
                        QStringLiteral("--variant"),    variant,
                        QStringLiteral("--epochs"),     QStringLiteral("60"),
                        QStringLiteral("--dim"),        QStringLiteral("8"),
                        QStringLiteral("--eval-every"), QStringLiteral("20"),
                        QStringLiteral("--tests"),      kTests,
                        QStringLiteral("--seed"),       QStringLiteral("1"),
                        QStringLiteral("--run"),        run};
    if (keep) args << QStringLiteral("--keep-checkpoints");
    QProcess p;
    p.start(QStringLiteral(KBCX_CLI), args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        qWarning("kbcx train failed: %s", p.readAllStandardError().constData());
        return {};
    }
    return run;
}

} // namespace

class TestScoreAnatomy : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void anatomyAndGeometry_data();
    void anatomyAndGeometry();
    void importedScoresHaveNoModelPanel();

  private:
    QTemporaryDir dir_;
    QString ballRun_, boxRun_;
};

void TestScoreAnatomy::initTestCase() {
    QVERIFY(dir_.isValid());
    test::useTestSettings();
    ballRun_ = train(dir_.path(), QStringLiteral("ELEmbeddings"), QStringLiteral("kbcx"), true);
    boxRun_ = train(dir_.path(), QStringLiteral("Box2EL"), QStringLiteral("kbcx"), false);
    QVERIFY(!ballRun_.isEmpty() && !boxRun_.isEmpty());
}

void TestScoreAnatomy::anatomyAndGeometry_data() {
    QTest::addColumn<bool>("balls");
    QTest::newRow("ELEmbeddings (balls, kept checkpoints)") << true;
    QTest::newRow("Box2EL (boxes)") << false;
}

void TestScoreAnatomy::anatomyAndGeometry() {
    QFETCH(bool, balls);
    MainWindow window;
    window.resize(1500, 1000);
    window.show();
    auto* workspace = window.findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    auto* page = window.findChild<InversionsPage*>();
    QVERIFY(workspace && page);
    QVERIFY(window.showTab(QStringLiteral("Inversions")));
    ui::ImportRequest r;
    r.testsPath = kTests;
    r.scoresPath = balls ? ballRun_ : boxRun_;
    r.ontologyPath = kOntology;
    workspace->importScores(r);
    QVERIFY(QTest::qWaitFor([&] { return window.jobRunner()->activeJobCount() == 0 && page->evaluation(); }, 60000));
    // The kind with the most pairs (a short training leaves some of each, at least Pair-FVR ones).
    int best = -1;
    for (InversionKind k : {InversionKind::PairFvr, InversionKind::L1, InversionKind::L0}) {
        page->setKind(k);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return window.jobRunner()->activeJobCount() == 0 &&
                       !page->countLabel()->text().contains(QStringLiteral("Computing"));
            },
            30000));
        best = std::max(best, page->model()->rowCount());
        if (best > 0) break;
    }
    QVERIFY2(best > 0, "the short training left no violating pair to explain");
    QVERIFY(page->modelPanel()->isVisible());
    QVERIFY(!page->geometryNote()->isVisible());

    const int rows = std::min(3, page->model()->rowCount());
    for (int row = 0; row < rows; ++row) {
        page->view()->selectionModel()->clearCurrentIndex(); // so that selecting the row is a change
        QSignalSpy shown(page, &InversionsPage::modelUpdated);
        QElapsedTimer clock;
        clock.start();
        page->selectRow(row);
        QVERIFY(QTest::qWaitFor([&] { return shown.count() > 0; }, 30000));
        qInfo("pair %d: anatomy and geometry of both axioms shown %.1f ms after the selection", row,
              static_cast<double>(clock.nsecsElapsed()) / 1e6);
        QVERIFY(QTest::qWaitFor([&] { return window.jobRunner()->activeJobCount() == 0; }, 30000));
        QTRY_VERIFY(page->pairModel().side[0].frames.size() > 0 && page->pairModel().side[1].frames.size() > 0);
        for (ui::AxiomCard* card : {page->lowerCard(), page->higherCard()}) {
            ui::ScoreAnatomyModel* m = card->anatomyView()->model();
            QVERIFY(m->anatomy().has_value());
            const embed::ScoreAnatomy& a = *m->anatomy();
            QVERIFY(m->rowCount() > 0);
            // The terms add up to the loss, the score is −loss, and it is the score the
            // evaluation shows for the axiom (the final checkpoint, the slider's default).
            double sum = 0, largest = 0;
            int decisive = -1;
            for (int i = 0; i < m->rowCount(); ++i) {
                const double v = m->index(i, ui::ScoreAnatomyModel::ValueColumn).data(Qt::UserRole).toDouble();
                sum += v;
                if (v > largest) largest = v, decisive = i;
            }
            QVERIFY2(std::abs(sum - a.loss) <= 1e-5 * std::max(1.0, std::abs(a.loss)),
                     qPrintable(QStringLiteral("terms %1, loss %2").arg(sum).arg(a.loss)));
            QCOMPARE(a.score, -a.loss);
            const double shownScore = card->field(QStringLiteral("score")).toDouble();
            QVERIFY2(std::abs(shownScore - a.score) <= 1e-5 * std::max(1.0, std::abs(a.score)),
                     qPrintable(QStringLiteral("card %1, anatomy %2").arg(shownScore).arg(a.score)));
            QCOMPARE(m->decisiveRow(), decisive);
            if (decisive >= 0)
                QVERIFY(m->index(decisive, 0).data(Qt::DisplayRole).toString().contains(QStringLiteral("decisive")));
            QVERIFY(card->anatomyView()->summaryText().contains(QStringLiteral("score")));
        }
        for (ui::GeometryView* g : {page->lowerGeometry(), page->higherGeometry()}) {
            QVERIFY(g->geoScene().has_value());
            if (balls)
                QVERIFY(g->ballCount() >= 1 && g->boxCount() == 0);
            else
                QVERIFY(g->boxCount() >= 1 && g->ballCount() == 0);
        }
    }

    // Export: SVG with circles (balls) or rectangles (boxes), and a PNG.
    const QString svg = dir_.filePath(balls ? QStringLiteral("balls.svg") : QStringLiteral("boxes.svg"));
    QString error;
    QVERIFY2(page->lowerGeometry()->exportSvg(svg, &error), qPrintable(error));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray doc = f.readAll();
    QVERIFY(doc.startsWith("<?xml") || doc.startsWith("<svg"));
    QVERIFY(doc.contains(balls ? "<circle" : "<rect"));
    const QString png =
        test::screenshotDir() + (balls ? QStringLiteral("/geometry_balls.png") : QStringLiteral("/geometry_boxes.png"));
    QVERIFY2(page->lowerGeometry()->exportPng(png, &error), qPrintable(error));
    QVERIFY(QFileInfo(png).size() > 0);

    // Replay over training: the ball run kept its checkpoints at epochs 20, 40, 60.
    QSlider* slider = page->epochSlider();
    if (balls) {
        QVERIFY(slider->isEnabled());
        QCOMPARE(slider->maximum(), 2);
        QCOMPARE(page->lowerCard()->anatomyView()->model()->anatomy()->epoch, 60);
        slider->setValue(0);
        QCOMPARE(page->lowerCard()->anatomyView()->model()->anatomy()->epoch, 20);
        QCOMPARE(page->higherCard()->anatomyView()->model()->anatomy()->epoch, 20);
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("epochLabel"))->text().contains(QStringLiteral("20")));
        slider->setValue(2);
    } else {
        QVERIFY(!slider->isEnabled());
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("epochLabel"))->text().contains(QStringLiteral("--keep")));
    }
    // Both cards show the same aspect: the anatomy first, then the geometry side by side.
    QCOMPARE(page->lowerCard()->detailTab(), ui::AxiomCard::kAnatomyTab);
    QCOMPARE(page->higherCard()->detailTab(), ui::AxiomCard::kAnatomyTab);
    const QString tag = balls ? QStringLiteral("balls") : QStringLiteral("boxes");
    QTest::qWait(100);
    QVERIFY(window.saveScreenshot(test::screenshotDir() + QStringLiteral("/inversions_anatomy_%1.png").arg(tag)));
    page->higherCard()->setDetailTab(ui::AxiomCard::kGeometryTab);
    QCOMPARE(page->lowerCard()->detailTab(), ui::AxiomCard::kGeometryTab);
    QVERIFY(page->lowerGeometry()->isVisible() && page->higherGeometry()->isVisible());
    QTest::qWait(100);
    QVERIFY(window.saveScreenshot(test::screenshotDir() + QStringLiteral("/inversions_geometry_%1.png").arg(tag)));
}

void TestScoreAnatomy::importedScoresHaveNoModelPanel() {
    MainWindow window;
    window.show();
    auto* workspace = window.findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
    auto* page = window.findChild<InversionsPage*>();
    QVERIFY(window.showTab(QStringLiteral("Inversions")));
    ui::ImportRequest r;
    r.testsPath = QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university_tests.tsv");
    r.scoresPath = QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university_unfaithful_scores.tsv");
    workspace->importScores(r);
    QVERIFY(QTest::qWaitFor([&] { return window.jobRunner()->activeJobCount() == 0 && page->evaluation(); }, 60000));
    QVERIFY(page->model()->rowCount() > 0);
    page->selectRow(0);
    QVERIFY(!page->modelPanel()->isVisible());
    QVERIFY(!page->lowerCard()->anatomyView()->isVisible());
    QVERIFY(page->geometryNote()->isVisible());
    QVERIFY(page->pairModel().side[0].frames.empty());
}

QTEST_MAIN(TestScoreAnatomy)
#include "tst_ui_score_anatomy.moc"
