// Qt Test driving the Training tab offscreen on the demo dataset with tiny runs: charts hold one
// point per evaluation equal to metrics.jsonl, two runs at once and overlay, pause/resume,
// cancel and resume from the checkpoint, error boxes, exports, model testers, a screenshot.
#include "common/error.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/jobs_panel.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/training/chart_data_model.hpp"
#include "ui/training/run_list_model.hpp"
#include "ui/training/training_charts.hpp"
#include "ui/training/training_form.hpp"
#include "ui/training/training_page.hpp"
#include "ui/training/training_run.hpp"

#include "embed/el_models.hpp"

#include "ui_test_util.hpp"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QMessageBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <memory>

using namespace kbcx;
using kbcx::ui::MetricRecord;
using kbcx::ui::TrainingConfig;
using kbcx::ui::TrainingPage;
using kbcx::ui::TrainingRun;

namespace {

using kbcx::test::screenshotDir;

/// metrics.jsonl read independently of the GUI's parser: one QJsonObject per line.
QList<QJsonObject> readJsonl(const QString& path) {
    QList<QJsonObject> lines;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return lines;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (!line.trimmed().isEmpty()) lines << QJsonDocument::fromJson(line).object();
    return lines;
}

QList<QJsonObject> validLines(const QString& folder) {
    QList<QJsonObject> out;
    for (const QJsonObject& o : readJsonl(QDir(folder).filePath(QStringLiteral("metrics.jsonl"))))
        if (o.value(QStringLiteral("split")).toString() == QLatin1String("valid")) out << o;
    return out;
}

TrainingConfig tinyConfig(const QString& model, int epochs, int evalEvery) {
    TrainingConfig c;
    c.model = model;
    c.dim = 8;
    c.epochs = epochs;
    c.evalEvery = evalEvery;
    c.batch = 32;
    c.neg = 4;
    c.chunk = 4;
    c.lr = 0.02;
    c.seed = 7;
    return c;
}

bool waitForRun(TrainingRun* run, int ms = 30000) {
    QElapsedTimer t;
    t.start();
    while (run->isActive() && t.elapsed() < ms)
        QTest::qWait(10);
    QCoreApplication::processEvents();
    return !run->isActive();
}

QMessageBox* takeErrorBox(TrainingPage* page) {
    auto* box = page->findChild<QMessageBox*>(QStringLiteral("trainingErrorBox"));
    if (box) {
        box->setObjectName(QString()); // the next lookup finds only a newer box
        box->close();
    }
    return box;
}

} // namespace

class TestTraining : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void cleanupTestCase();
    void runChartsMatchMetricsFile();
    void twoRunsAtOnceOverlayAndScreenshot();
    void pauseAndResume();
    void cancelKeepsEarlierRunsAndResumeFinishes();
    void errorsShowMessageAndKeepRuns();
    void exportsCsvPngSvg();
    void openedFolderShowsNewMetricsAutomatically();
    void longSeriesAreDrawnDecimatedWithTheirExtremes();
    void elModelsOnAnOntology();
    void elVariantsFollowTheModel();
    void runListSurvivesRestart();

  private:
    TrainingRun* start(const TrainingConfig& config, const QString& name);

    QTemporaryDir settingsDir_;
    QTemporaryDir work_;
    std::unique_ptr<ui::MainWindow> window_;
    TrainingPage* page_ = nullptr;
    std::unique_ptr<QAbstractItemModelTester> runTester_, dataTester_;
    TrainingRun* first_ = nullptr;
};

void TestTraining::initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QVERIFY(work_.isValid());
    qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
    window_ = std::make_unique<ui::MainWindow>();
    window_->resize(1500, 940);
    window_->show();
    page_ = window_->findChild<TrainingPage*>();
    QVERIFY(page_);
    QVERIFY(window_->showTab(QStringLiteral("Training")));
    QCOMPARE(page_->runsRoot(), QDir(settingsDir_.path()).filePath(QStringLiteral("runs")));
    runTester_ = std::make_unique<QAbstractItemModelTester>(page_->runModel(),
                                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
    dataTester_ = std::make_unique<QAbstractItemModelTester>(page_->dataModel(),
                                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
    ui::JobHandle* load = window_->openDemo();
    QVERIFY(load);
    QSignalSpy ended(load, &ui::JobHandle::ended);
    QVERIFY(ended.wait(30000));
    // The loaded dataset became the data source by itself.
    QCOMPARE(page_->dataSourceCombo()->currentText(), QStringLiteral("Demo university (188 facts)"));
}

void TestTraining::cleanupTestCase() {
    runTester_.reset();
    dataTester_.reset();
    window_.reset();
}

TrainingRun* TestTraining::start(const TrainingConfig& config, const QString& name) {
    page_->setConfig(config);
    page_->setRunFolder(work_.filePath(name));
    return page_->startRun();
}

void TestTraining::runChartsMatchMetricsFile() {
    TrainingRun* run = start(tinyConfig(QStringLiteral("TransE-L1"), 5, 2), QStringLiteral("first"));
    QVERIFY(run);
    QVERIFY(run->job());
    QVERIFY(window_->jobsPanel()->rowFor(run->job())); // a job in the jobs dock
    QVERIFY(waitForRun(run));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->epochsDone(), 5);
    first_ = run;

    // Evaluations after epochs 2, 4 and the last (5), each a line of metrics.jsonl.
    const QList<QJsonObject> lines = validLines(run->folder());
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0].value(QStringLiteral("epoch")).toInt(), 2);
    QCOMPARE(lines[2].value(QStringLiteral("epoch")).toInt(), 5);
    ui::TrainingCharts* charts = page_->charts();
    for (const QString& metric : {QStringLiteral("mrr"), QStringLiteral("hits@10")}) {
        QLineSeries* s = charts->series(metric, run->id());
        QVERIFY2(s, qPrintable(metric));
        QCOMPARE(s->count(), lines.size());
        for (int i = 0; i < lines.size(); ++i) {
            QCOMPARE(s->at(i).x(), lines[i].value(QStringLiteral("epoch")).toDouble());
            QCOMPARE(s->at(i).y(), lines[i].value(metric).toDouble());
        }
        QVERIFY(charts->isMetricVisible(metric));
    }
    QCOMPARE(charts->chart(QStringLiteral("mrr"))->title(), QStringLiteral("MRR"));
    // The loss chart has every epoch; at evaluated epochs it equals the file's loss.
    QLineSeries* loss = charts->series(QStringLiteral("loss"), run->id());
    QVERIFY(loss);
    QCOMPARE(loss->count(), 5);
    for (const QJsonObject& line : lines) {
        const int epoch = line.value(QStringLiteral("epoch")).toInt();
        QCOMPARE(loss->at(epoch - 1).x(), double(epoch));
        QCOMPARE(loss->at(epoch - 1).y(), line.value(QStringLiteral("loss")).toDouble());
    }
    // Secondary ranking metrics have charts too, hidden until chosen.
    QVERIFY(charts->metrics().contains(QStringLiteral("hits@1")));
    QVERIFY(!charts->isMetricVisible(QStringLiteral("hits@1")));

    // The data table is the MRR chart's numbers.
    QComboBox* combo = page_->dataMetricCombo();
    combo->setCurrentIndex(combo->findData(QStringLiteral("mrr")));
    ui::ChartDataModel* data = page_->dataModel();
    QCOMPARE(data->metric(), QStringLiteral("mrr"));
    QCOMPARE(data->rowCount(), lines.size());
    QCOMPARE(data->columnCount(), 2);
    QCOMPARE(data->headerData(1, Qt::Horizontal).toString(), run->name());
    for (int i = 0; i < lines.size(); ++i) {
        QCOMPARE(data->index(i, 0).data().toInt(), lines[i].value(QStringLiteral("epoch")).toInt());
        QCOMPARE(data->index(i, 1).data(Qt::EditRole).toDouble(), lines[i].value(QStringLiteral("mrr")).toDouble());
    }
    // The run list row.
    const int row = page_->runModel()->rowOf(run);
    QCOMPARE(page_->runModel()->index(row, ui::RunListModel::StatusColumn).data().toString(),
             QStringLiteral("Finished"));
    QCOMPARE(page_->runModel()->index(row, ui::RunListModel::EpochColumn).data().toString(), QStringLiteral("5 / 5"));
}

void TestTraining::twoRunsAtOnceOverlayAndScreenshot() {
    QVERIFY(first_);
    page_->runModel()->setChecked(first_, false);
    TrainingRun* a = start(tinyConfig(QStringLiteral("TransE-L2"), 40, 4), QStringLiteral("transe-l2"));
    TrainingRun* b = start(tinyConfig(QStringLiteral("DistMult"), 40, 4), QStringLiteral("distmult"));
    QVERIFY(a && b);
    QVERIFY(a->isActive() && b->isActive());
    QVERIFY(window_->jobRunner()->activeJobCount() >= 2);
    QVERIFY(waitForRun(a));
    QVERIFY(waitForRun(b));
    QCOMPARE(a->status(), TrainingRun::Status::Finished);
    QCOMPARE(b->status(), TrainingRun::Status::Finished);
    QVERIFY(a->color() != b->color());

    // Both checked runs are overlaid on every chart, each with its colour and a legend entry.
    ui::TrainingCharts* charts = page_->charts();
    QChart* mrr = charts->chart(QStringLiteral("mrr"));
    QCOMPARE(mrr->series().size(), 2);
    QVERIFY(!charts->series(QStringLiteral("mrr"), first_->id())); // unchecked: not drawn
    QCOMPARE(charts->series(QStringLiteral("mrr"), a->id())->color(), a->color());
    QCOMPARE(charts->series(QStringLiteral("mrr"), b->id())->count(), validLines(b->folder()).size());
    QCOMPARE(mrr->legend()->markers().size(), 2);
    QVERIFY(mrr->legend()->isVisible());
    QCOMPARE(page_->dataModel()->columnCount(), 3); // epoch + two runs

    page_->setCurrentRun(b);
    // Give the tab room, as a user would by narrowing the dataset explorer.
    if (auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("datasetDock")))
        window_->resizeDocks({dock}, {260}, Qt::Horizontal);
    QTest::qWait(50);
    const QString path = screenshotDir() + QStringLiteral("/training.png");
    QVERIFY(window_->saveScreenshot(path));
    QImage shot(path);
    QVERIFY(!shot.isNull());
    qInfo("screenshot: %s", qPrintable(path));
}

void TestTraining::pauseAndResume() {
    TrainingRun* run = start(tinyConfig(QStringLiteral("TransE-L1"), 1000, 0), QStringLiteral("paused"));
    QVERIFY(run);
    QTRY_VERIFY_WITH_TIMEOUT(run->epochsDone() >= 1, 20000);
    page_->pauseRun(run);
    QCOMPARE(run->status(), TrainingRun::Status::Paused);
    QTest::qWait(300); // an epoch in flight may still finish and report
    const int frozen = run->epochsDone();
    QTest::qWait(500);
    QCOMPARE(run->epochsDone(), frozen);
    QVERIFY(run->isActive());
    QVERIFY(run->job()->isActive());
    QVERIFY(frozen < 1000);
    // The chart grew live (through the throttled refresh, no explicit redraw) while the job runs.
    QTRY_VERIFY_WITH_TIMEOUT(page_->charts()->series(QStringLiteral("loss"), run->id()) &&
                                 page_->charts()->series(QStringLiteral("loss"), run->id())->count() == frozen,
                             5000);
    QVERIFY(run->job()->isActive());
    page_->resumeRun(run);
    QCOMPARE(run->status(), TrainingRun::Status::Running);
    QTRY_VERIFY_WITH_TIMEOUT(run->epochsDone() > frozen, 20000);
    QVERIFY(waitForRun(run, 120000));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->epochsDone(), 1000);
}

void TestTraining::cancelKeepsEarlierRunsAndResumeFinishes() {
    QVERIFY(first_);
    const QVector<MetricRecord> before = first_->records();
    const int runsBefore = page_->runModel()->count();
    TrainingRun* run = start(tinyConfig(QStringLiteral("RotatE"), 600, 300), QStringLiteral("cancelled"));
    QVERIFY(run);
    QTRY_VERIFY_WITH_TIMEOUT(run->epochsDone() >= 2, 20000);
    page_->cancelRun(run);
    QVERIFY(waitForRun(run));
    QCOMPARE(run->status(), TrainingRun::Status::Cancelled);
    QVERIFY(run->epochsDone() < 600);
    QVERIFY(QFile::exists(QDir(run->folder()).filePath(QStringLiteral("checkpoint.bin"))));
    // Earlier runs are untouched.
    QCOMPARE(page_->runModel()->count(), runsBefore + 1);
    QCOMPARE(first_->status(), TrainingRun::Status::Finished);
    QCOMPARE(first_->records().size(), before.size());
    QCOMPARE(first_->records().back().values, before.back().values);

    // Continue from the checkpoint: the same run object, to the planned epochs.
    QCOMPARE(page_->resumeFromFolder(run->folder()), run);
    QVERIFY(waitForRun(run, 120000));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->epochsDone(), 600);
    const QList<QJsonObject> lines = validLines(run->folder());
    QCOMPARE(lines.size(), 2); // epochs 300 and 600
    QCOMPARE(page_->charts()->series(QStringLiteral("mrr"), run->id())->count(), 2);
    QCOMPARE(page_->runModel()->count(), runsBefore + 1);
}

void TestTraining::errorsShowMessageAndKeepRuns() {
    QVERIFY(first_);
    const int runs = page_->runModel()->count();
    QSignalSpy errors(page_, &TrainingPage::errorShown);

    // A folder that is not a run folder.
    QTemporaryDir empty;
    ui::JobHandle* job = page_->openRunFolder(empty.path());
    QVERIFY(job);
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 10000);
    QVERIFY(errors.last().first().toString().contains(QStringLiteral("not a run folder")));
    QVERIFY(takeErrorBox(page_));
    QCOMPARE(page_->runModel()->count(), runs);

    // A checkpoint of another model: resume is refused, the folder's metrics stay.
    const QString dir = work_.filePath(QStringLiteral("mismatch"));
    QVERIFY(QDir().mkpath(dir));
    for (const QString& f :
         {QStringLiteral("params.json"), QStringLiteral("metrics.jsonl"), QStringLiteral("checkpoint.bin")})
        QVERIFY(QFile::copy(QDir(first_->folder()).filePath(f), QDir(dir).filePath(f)));
    QFile params(QDir(dir).filePath(QStringLiteral("params.json")));
    QVERIFY(params.open(QIODevice::ReadOnly));
    QJsonObject p = QJsonDocument::fromJson(params.readAll()).object();
    params.close();
    p.insert(QStringLiteral("model"), QStringLiteral("DistMult"));
    p.insert(QStringLiteral("epochs"), 8);
    QVERIFY(params.open(QIODevice::WriteOnly | QIODevice::Truncate));
    params.write(QJsonDocument(p).toJson());
    params.close();
    const QByteArray metricsBefore = [&] {
        QFile f(QDir(dir).filePath(QStringLiteral("metrics.jsonl")));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    TrainingRun* run = page_->resumeFromFolder(dir);
    QVERIFY(run);
    QVERIFY(waitForRun(run));
    QCOMPARE(run->status(), TrainingRun::Status::Failed);
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 2, 10000);
    const QString message = errors.last().first().toString();
    QVERIFY2(message.contains(QStringLiteral("checkpoint")) && message.contains(QStringLiteral("DistMult")),
             qPrintable(message));
    QMessageBox* box = page_->findChild<QMessageBox*>(QStringLiteral("trainingErrorBox"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("checkpoint")));
    takeErrorBox(page_);
    QCOMPARE(run->records().size(), validLines(dir).size() + 1); // the folder's lines (valid + test) are shown
    QFile after(QDir(dir).filePath(QStringLiteral("metrics.jsonl")));
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), metricsBefore);
    QCOMPARE(first_->status(), TrainingRun::Status::Finished);
    QVERIFY(page_->removeRun(run));
    QCOMPARE(page_->runModel()->count(), runs);

    // A form error: p⊥ on a loaded dataset (no explicit negatives).
    TrainingConfig c = tinyConfig(QStringLiteral("TransE-L1"), 2, 1);
    c.pBot = 0.5;
    page_->setConfig(c);
    QVERIFY(!page_->startRun());
    QCOMPARE(errors.size(), 3);
    takeErrorBox(page_);
    QCOMPARE(page_->runModel()->count(), runs);

    // Start into a folder that holds a trained run: refused, the run and its metrics stay.
    c.pBot = 0;
    page_->setConfig(c);
    page_->setRunFolder(first_->folder());
    const int records = static_cast<int>(first_->records().size());
    QVERIFY(!page_->startRun());
    QCOMPARE(errors.size(), 4);
    QVERIFY(errors.last().first().toString().contains(QStringLiteral("checkpoint.bin")));
    takeErrorBox(page_);
    QCOMPARE(first_->records().size(), records);
    QCOMPARE(first_->status(), TrainingRun::Status::Finished);
    page_->setRunFolder(QString());
}

void TestTraining::exportsCsvPngSvg() {
    QVERIFY(first_);
    auto* model = page_->runModel();
    for (TrainingRun* r : model->runs())
        model->setChecked(r, r == first_);
    const QString csv = work_.filePath(QStringLiteral("metrics.csv"));
    QVERIFY(page_->exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QList<QByteArray> rows = file.readAll().split('\n');
    while (!rows.isEmpty() && rows.back().isEmpty())
        rows.removeLast();
    const QList<QJsonObject> lines = readJsonl(QDir(first_->folder()).filePath(QStringLiteral("metrics.jsonl")));
    QCOMPARE(rows.size(), lines.size() + 1);
    const QList<QByteArray> header = rows[0].split(',');
    QCOMPARE(header.mid(0, 5), (QList<QByteArray>{"run", "epoch", "split", "loss", "seconds"}));
    for (int i = 0; i < lines.size(); ++i) {
        const QList<QByteArray> cells = rows[i + 1].split(',');
        QCOMPARE(cells.size(), header.size());
        QCOMPARE(QString::fromUtf8(cells[0]), first_->name());
        const QJsonObject& line = lines[i];
        // Every field of the line is in the CSV row with the same value, and nothing else.
        int filled = 0;
        for (int c = 1; c < header.size(); ++c) {
            const QString key = QString::fromUtf8(header[c]);
            if (cells[c].isEmpty()) {
                QVERIFY2(!line.contains(key), qPrintable(key));
                continue;
            }
            ++filled;
            if (key == QLatin1String("split"))
                QCOMPARE(QString::fromUtf8(cells[c]), line.value(key).toString());
            else
                QCOMPARE(cells[c].toDouble(), line.value(key).toDouble());
        }
        QCOMPARE(filled, line.size());
    }

    const QString png = work_.filePath(QStringLiteral("charts.png"));
    const QString svg = work_.filePath(QStringLiteral("charts.svg"));
    QVERIFY(page_->exportPng(png));
    QVERIFY(page_->exportPng(screenshotDir() + QStringLiteral("/training-charts.png")));
    QVERIFY(page_->exportSvg(svg));
    QVERIFY(QFileInfo(png).size() > 0);
    QVERIFY(QFileInfo(svg).size() > 0);
    const QImage image(png);
    QVERIFY(!image.isNull() && image.width() > 100 && image.height() > 100);
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("MRR"));
}

void TestTraining::openedFolderShowsNewMetricsAutomatically() {
    // A run folder as a faithfulness-evaluating run writes it, with metrics this GUI has no code for.
    const QString dir = work_.filePath(QStringLiteral("el-run"));
    QVERIFY(QDir().mkpath(dir));
    QFile params(QDir(dir).filePath(QStringLiteral("params.json")));
    QVERIFY(params.open(QIODevice::WriteOnly));
    params.write(R"({"model":"Box2EL","dim":16,"epochs":20,"data":"pizza.owl"})"
                 "\n");
    params.close();
    QFile metrics(QDir(dir).filePath(QStringLiteral("metrics.jsonl")));
    QVERIFY(metrics.open(QIODevice::WriteOnly));
    metrics.write(
        R"({"epoch":10,"split":"valid","loss":0.5,"seconds":1.5,"mrr":0.25,"fvr":0.4,"pair_fvr":0.3,"rho_p":0.8,"gci2_margin":1.25})"
        "\n"
        R"({"epoch":20,"split":"valid","loss":0.25,"seconds":1.5,"mrr":0.5,"fvr":0.2,"pair_fvr":0.1,"rho_p":0.9,"gci2_margin":1.5})"
        "\n"
        R"({"epoch":30,"split":"valid","loss":0.1)"); // cut by a kill: ignored
    metrics.close();
    ui::JobHandle* job = page_->openRunFolder(dir);
    QVERIFY(job);
    QSignalSpy ended(job, &ui::JobHandle::ended);
    QVERIFY(ended.wait(10000));
    TrainingRun* run = page_->runModel()->runForFolder(QFileInfo(dir).absoluteFilePath());
    QVERIFY(run);
    QCOMPARE(run->status(), TrainingRun::Status::Stored);
    QCOMPARE(run->statusText(), QStringLiteral("Finished"));
    QCOMPARE(run->config().model, QStringLiteral("Box2EL"));
    ui::TrainingCharts* charts = page_->charts();
    for (const QString& metric :
         {QStringLiteral("fvr"), QStringLiteral("pair_fvr"), QStringLiteral("rho_p"), QStringLiteral("gci2_margin")}) {
        QVERIFY2(charts->isMetricVisible(metric), qPrintable(metric));
        QLineSeries* s = charts->series(metric, run->id());
        QVERIFY(s);
        QCOMPARE(s->count(), 2);
    }
    QCOMPARE(charts->series(QStringLiteral("fvr"), run->id())->at(1), QPointF(20, 0.2));
    QCOMPARE(charts->chart(QStringLiteral("pair_fvr"))->title(), QStringLiteral("Pair-FVR"));
    QCOMPARE(charts->chart(QStringLiteral("rho_p"))->title(), QStringLiteral("ρ_P"));
    QCOMPARE(charts->chart(QStringLiteral("gci2_margin"))->title(), QStringLiteral("gci2_margin"));
    // Known metrics come first: loss, MRR, …, FVR, Pair-FVR, ρ_P, then new ones.
    const QStringList order = charts->metrics();
    QVERIFY(order.indexOf(QStringLiteral("loss")) < order.indexOf(QStringLiteral("mrr")));
    QVERIFY(order.indexOf(QStringLiteral("fvr")) < order.indexOf(QStringLiteral("pair_fvr")));
    QVERIFY(order.indexOf(QStringLiteral("rho_p")) < order.indexOf(QStringLiteral("gci2_margin")));
    QVERIFY(page_->dataMetricCombo()->findData(QStringLiteral("gci2_margin")) >= 0);

    // A malformed line in the middle is an error with its line number.
    bool threw = false;
    try {
        ui::parseMetricsJsonl("{\"epoch\":1,\"mrr\":0.5}\nnot json\n{\"epoch\":3}\n", QStringLiteral("m.jsonl"));
    } catch (const InputError& e) {
        threw = true;
        QCOMPARE(e.line(), std::size_t{2});
    }
    QVERIFY(threw);
}

void TestTraining::longSeriesAreDrawnDecimatedWithTheirExtremes() {
    // 5000 evaluations: the chart draws at most 1000 points (a chart is a few hundred pixels
    // wide) but keeps the first, the last, the lowest and the highest; the table keeps all.
    const QString dir = work_.filePath(QStringLiteral("long-run"));
    QVERIFY(QDir().mkpath(dir));
    QFile params(QDir(dir).filePath(QStringLiteral("params.json")));
    QVERIFY(params.open(QIODevice::WriteOnly));
    params.write(R"({"model":"TransE-L1","dim":8,"epochs":5000,"data":"x.tsv"})"
                 "\n");
    params.close();
    QFile metrics(QDir(dir).filePath(QStringLiteral("metrics.jsonl")));
    QVERIFY(metrics.open(QIODevice::WriteOnly));
    const int n = 5000, low = 1234, high = 3777;
    auto value = [&](int epoch) {
        if (epoch == low) return -5.0;
        if (epoch == high) return 7.0;
        return std::sin(epoch * 0.01);
    };
    for (int e = 1; e <= n; ++e)
        metrics.write(QStringLiteral("{\"epoch\":%1,\"split\":\"valid\",\"loss\":1,\"mrr\":%2}\n")
                          .arg(e)
                          .arg(value(e), 0, 'g', 17)
                          .toUtf8());
    metrics.close();
    ui::JobHandle* job = page_->openRunFolder(dir);
    QVERIFY(job);
    QSignalSpy ended(job, &ui::JobHandle::ended);
    QVERIFY(ended.wait(20000));
    TrainingRun* run = page_->runModel()->runForFolder(QFileInfo(dir).absoluteFilePath());
    QVERIFY(run);
    QLineSeries* s = page_->charts()->series(QStringLiteral("mrr"), run->id());
    QVERIFY(s);
    QVERIFY2(s->count() <= 1000 && s->count() >= 500, qPrintable(QString::number(s->count())));
    QCOMPARE(s->at(0), QPointF(1, value(1)));
    QCOMPARE(s->at(s->count() - 1), QPointF(n, value(n)));
    QVERIFY(s->points().contains(QPointF(low, -5.0)));
    QVERIFY(s->points().contains(QPointF(high, 7.0)));
    for (int i = 1; i < s->count(); ++i)
        QVERIFY(s->at(i).x() > s->at(i - 1).x());
    QVERIFY(!s->pointsVisible());
    QComboBox* combo = page_->dataMetricCombo();
    combo->setCurrentIndex(combo->findData(QStringLiteral("mrr")));
    int column = -1;
    for (int c = 1; c < page_->dataModel()->columnCount(); ++c)
        if (page_->dataModel()->headerData(c, Qt::Horizontal).toString() == run->name()) column = c;
    QVERIFY(column > 0);
    QVERIFY(page_->dataModel()->rowCount() >= n);
    QVERIFY(page_->removeRun(run));
}

void TestTraining::elModelsOnAnOntology() {
    // The model list follows the data: the KG models (R-GCN among them) for triples …
    QComboBox* model = page_->form()->modelCombo();
    QVERIFY(!page_->form()->elFamily());
    const int rgcn = model->findData(QStringLiteral("rgcn"));
    QVERIFY(rgcn >= 0);
    QCOMPARE(model->itemText(rgcn), QStringLiteral("R-GCN (DistMult decoder)")); // its variant in the Variant row
    QCOMPARE(model->findData(QStringLiteral("Box2EL")), -1);
    QVERIFY(!page_->form()->poolCombo()->isVisibleTo(page_));
    // … the EL models for an ontology, with the pool of p⊥ and the test set.
    page_->setOntologyFile(QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain.kbo"));
    QVERIFY(page_->form()->elFamily());
    QStringList ids;
    for (int i = 0; i < model->count(); ++i)
        ids << model->itemData(i).toString();
    QCOMPARE(ids, (QStringList{QStringLiteral("ELEmbeddings"), QStringLiteral("ELEmbeddings-iv"),
                               QStringLiteral("EmEL++"), QStringLiteral("ELBE"), QStringLiteral("Box2EL")}));
    QCOMPARE(model->itemText(1), QStringLiteral("ELEmbeddings with term (iv)"));
    QVERIFY(page_->form()->poolCombo()->isVisibleTo(page_));
    QVERIFY(page_->form()->testsEdit()->isVisibleTo(page_));
    QVERIFY(page_->config().isEl());
    QCOMPARE(page_->config().dim, 50); // the EL family's defaults came with the data

    TrainingConfig c = page_->config();
    c.model = QStringLiteral("Box2EL");
    c.variant = QStringLiteral("kbcx"); // p⊥ and its pool are this explorer's objective's
    c.dim = 8;
    c.epochs = 6;
    c.evalEvery = 2;
    c.pBot = 0.5;
    c.pool = QStringLiteral("disjoint");
    c.tests = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain_tests.tsv");
    c.seed = 3;
    c.threads = 1;
    TrainingRun* run = start(c, QStringLiteral("box2el"));
    QVERIFY(run);
    QVERIFY(waitForRun(run));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QCOMPARE(run->epochsDone(), 6);

    // Each evaluation on the test set is a "tests" line of metrics.jsonl and a chart point.
    QList<QJsonObject> lines;
    for (const QJsonObject& o : readJsonl(QDir(run->folder()).filePath(QStringLiteral("metrics.jsonl"))))
        if (o.value(QStringLiteral("split")).toString() == QLatin1String("tests")) lines << o;
    QCOMPARE(lines.size(), 3);
    ui::TrainingCharts* charts = page_->charts();
    for (const QString& metric : {QStringLiteral("fvr"), QStringLiteral("auc_pm"), QStringLiteral("pair_fvr")}) {
        QLineSeries* s = charts->series(metric, run->id());
        QVERIFY2(s, qPrintable(metric));
        QCOMPARE(s->count(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(s->at(i).x(), lines[i].value(QStringLiteral("epoch")).toDouble());
            QCOMPARE(s->at(i).y(), lines[i].value(metric).toDouble());
        }
    }
    QCOMPARE(charts->chart(QStringLiteral("fvr"))->title(), QStringLiteral("FVR"));
    QVERIFY(!charts->metrics().contains(QStringLiteral("GCI0/fvr"))); // per-form copies are not charted

    // params.json records what the form asked for, and reads back into the same form values.
    QFile paramsFile(QDir(run->folder()).filePath(QStringLiteral("params.json")));
    QVERIFY(paramsFile.open(QIODevice::ReadOnly));
    const QJsonObject params = QJsonDocument::fromJson(paramsFile.readAll()).object();
    QCOMPARE(params.value(QStringLiteral("model")).toString(), QStringLiteral("Box2EL"));
    QCOMPARE(params.value(QStringLiteral("p_bot")).toDouble(), 0.5);
    QCOMPARE(params.value(QStringLiteral("pool")).toString(), QStringLiteral("disjoint"));
    QVERIFY(params.value(QStringLiteral("pool_size")).toDouble() > 0);
    const TrainingConfig back = TrainingConfig::fromParamsJson(params);
    QVERIFY(back.isEl());
    QCOMPARE(back.pool, c.pool);
    QCOMPARE(back.tests, c.tests);
    QCOMPARE(back.dim, 8);

    // The run overlays with nothing else for the screenshot.
    for (TrainingRun* r : page_->runModel()->runs())
        page_->runModel()->setChecked(r, r == run);
    page_->setCurrentRun(run);
    page_->refreshCharts();
    QTest::qWait(50);
    const QString path = screenshotDir() + QStringLiteral("/training_el.png");
    QVERIFY(window_->saveScreenshot(path));
    qInfo("screenshot: %s", qPrintable(path));

    // Back to the loaded dataset: the KG models return.
    page_->dataSourceCombo()->setCurrentIndex(0);
    QVERIFY(!page_->form()->elFamily());
    QVERIFY(model->findData(QStringLiteral("TransE-L1")) >= 0);
}

void TestTraining::elVariantsFollowTheModel() {
    page_->setOntologyFile(QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain.kbo"));
    QVERIFY(page_->form()->elFamily());
    QComboBox* model = page_->form()->modelCombo();
    QComboBox* variant = page_->form()->variantCombo();
    auto ids = [](QComboBox* box) {
        QStringList out;
        for (int i = 0; i < box->count(); ++i)
            out << box->itemData(i).toString();
        return out;
    };
    auto chooseModel = [&](const QString& id) {
        model->setCurrentIndex(model->findData(id));
        QCOMPARE(model->currentData().toString(), id);
    };
    // ELEmbeddings: the paper's objective by default, then mOWL's, then ours, as on the command line.
    chooseModel(QStringLiteral("ELEmbeddings"));
    QVERIFY(variant->isVisibleTo(page_));
    QCOMPARE(ids(variant), (QStringList{QStringLiteral("paper"), QStringLiteral("mowl"), QStringLiteral("dele"),
                                        QStringLiteral("kbcx")}));
    variant->setCurrentIndex(0);
    TrainingConfig c = page_->config();
    QCOMPARE(c.variant, QStringLiteral("paper"));
    QCOMPARE(c.elVariant(), embed::default_el_variant("ELEmbeddings"));
    // The released variants train full batch with one corrupted filler and no p⊥.
    QVERIFY(!page_->findChild<QSpinBox*>(QStringLiteral("batch"))->isEnabled());
    QVERIFY(!page_->form()->findChild<QDoubleSpinBox*>(QStringLiteral("pBot"))->isEnabled());
    // Switching to kbcx moves the fields still at paper's defaults to kbcx's.
    const TrainingConfig paper =
        TrainingConfig::defaultsFor(true, QStringLiteral("ELEmbeddings"), QStringLiteral("paper"));
    const TrainingConfig kbcx =
        TrainingConfig::defaultsFor(true, QStringLiteral("ELEmbeddings"), QStringLiteral("kbcx"));
    QVERIFY(paper.epochs != kbcx.epochs && paper.lr != kbcx.lr);
    page_->form()->findChild<QSpinBox*>(QStringLiteral("epochs"))->setValue(paper.epochs);
    variant->setCurrentIndex(variant->findData(QStringLiteral("kbcx")));
    QCOMPARE(page_->config().epochs, kbcx.epochs);
    QVERIFY(page_->findChild<QSpinBox*>(QStringLiteral("batch"))->isEnabled());
    // EmEL++ offers the paper's losses first; ELBE keeps the kbcx chosen, and offers mOWL's first.
    chooseModel(QStringLiteral("EmEL++"));
    QCOMPARE(ids(variant), (QStringList{QStringLiteral("paper"), QStringLiteral("kracr"), QStringLiteral("kbcx")}));
    // kracr trains minibatches of its own size at its own rate, with its own negatives.
    variant->setCurrentIndex(variant->findData(QStringLiteral("kracr")));
    const embed::ElVariantTraining kracr = embed::el_variant_training(embed::ElVariant::Kracr);
    QVERIFY(page_->findChild<QSpinBox*>(QStringLiteral("batch"))->isEnabled());
    QVERIFY(!page_->findChild<QSpinBox*>(QStringLiteral("neg"))->isEnabled());
    QCOMPARE(page_->config().lr, kracr.lr);
    QCOMPARE(page_->config().batch, kracr.batch);
    variant->setCurrentIndex(variant->findData(QStringLiteral("kbcx")));
    chooseModel(QStringLiteral("ELBE"));
    QCOMPARE(ids(variant), (QStringList{QStringLiteral("mowl"), QStringLiteral("dele"), QStringLiteral("kbcx")}));
    QCOMPARE(variant->currentData().toString(), QStringLiteral("kbcx"));

    // A mowl run records its variant, reads back with it, and names it in the run list.
    c = page_->config();
    c.model = QStringLiteral("ELBE");
    c.variant = QStringLiteral("mowl");
    c.dim = 8;
    c.epochs = 5;
    c.evalEvery = 5;
    c.pBot = 0;
    c.tests = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain_tests.tsv");
    c.seed = 2;
    c.threads = 1;
    TrainingRun* run = start(c, QStringLiteral("elbe-mowl"));
    QVERIFY(run);
    QVERIFY(waitForRun(run));
    QCOMPARE(run->status(), TrainingRun::Status::Finished);
    QFile paramsFile(QDir(run->folder()).filePath(QStringLiteral("params.json")));
    QVERIFY(paramsFile.open(QIODevice::ReadOnly));
    const QJsonObject params = QJsonDocument::fromJson(paramsFile.readAll()).object();
    QCOMPARE(params.value(QStringLiteral("variant")).toString(), QStringLiteral("mowl"));
    QCOMPARE(TrainingConfig::fromParamsJson(params).variant, QStringLiteral("mowl"));
    const int row = page_->runModel()->runs().indexOf(run);
    QVERIFY(row >= 0);
    const QString shown = page_->runModel()->index(row, ui::RunListModel::ModelColumn).data().toString();
    QVERIFY2(shown.contains(QStringLiteral("(mowl)")), qPrintable(shown));

    page_->dataSourceCombo()->setCurrentIndex(0);
    QVERIFY(!page_->form()->elFamily());
    QVERIFY(!variant->isVisibleTo(page_));
}

void TestTraining::runListSurvivesRestart() {
    QStringList folders;
    for (const TrainingRun* r : page_->runModel()->runs())
        folders << r->folder();
    QVERIFY(folders.size() >= 5);
    // A second window reads the saved list (each folder's metrics.jsonl) in a job.
    ui::MainWindow second;
    auto* page = second.findChild<TrainingPage*>();
    QVERIFY(page);
    QTRY_COMPARE_WITH_TIMEOUT(page->runModel()->count(), folders.size(), 10000);
    for (int i = 0; i < folders.size(); ++i) {
        TrainingRun* r = page->runModel()->runForFolder(folders[i]);
        QVERIFY2(r, qPrintable(folders[i]));
        QCOMPARE(r->status(), TrainingRun::Status::Stored);
    }
    TrainingRun* restored = page->runModel()->runForFolder(first_->folder());
    QCOMPARE(restored->records().size(), first_->records().size());
    QCOMPARE(restored->records().front().values, first_->records().front().values);
}

QTEST_MAIN(TestTraining)
#include "tst_ui_training.moc"
