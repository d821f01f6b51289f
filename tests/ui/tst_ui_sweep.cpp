// Offscreen tests of Training → Negative-Sampling Sweep…: a tiny sweep on the demo ontology whose
// table equals the core job's own summary, cancel within a second, the table model, folders.
#include "onto_ui_test_util.hpp"
#include "ui/common/accessibility.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/sweep/sweep_table_model.hpp"

#include "embed/el_models.hpp"
#include "embed/sweep.hpp"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAbstractSpinBox>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kbcx;
using ui::SweepDialog;
using ui::SweepRow;
using ui::SweepTableModel;

namespace {

/// Opens the demo ontology and the dialog through Training → Negative-Sampling Sweep….
SweepDialog* openDialog(ui::MainWindow& window) {
    if (!test::waitForEnd(window.openDemoOntology())) return nullptr;
    auto* action = window.findChild<QAction*>(QStringLiteral("sweepAction"));
    if (!action) return nullptr;
    action->trigger();
    return window.findChild<SweepDialog*>(QStringLiteral("sweepDialog"));
}

void writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

} // namespace

class TestUiSweep : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }

    void menuActionHasMnemonicAndShortcut() {
        ui::MainWindow window;
        auto* action = window.findChild<QAction*>(QStringLiteral("sweepAction"));
        QVERIFY(action);
        QVERIFY(action->text().contains(QLatin1Char('&')));
        QVERIFY(!action->shortcut().isEmpty());
    }

    void tinySweepMatchesCoreJob() {
        ui::MainWindow window;
        window.show();
        SweepDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        QTemporaryDir out;
        dialog->setModel(QStringLiteral("Box2EL"));
        dialog->setNormalForm(QStringLiteral("GCI0"));
        dialog->setPBots(QStringLiteral("0, 1"));
        dialog->setSeeds(1);
        dialog->setEpochs(4);
        dialog->setDim(8);
        dialog->setOutputFolder(out.filePath(QStringLiteral("gui")));
        // Rows appear while the job runs (live), not only at its end.
        int rowsWhileRunning = 0;
        connect(dialog->tableModel(), &QAbstractItemModel::rowsInserted, this, [&] {
            if (dialog->currentJob() && dialog->currentJob()->isActive()) ++rowsWhileRunning;
        });
        ui::JobHandle* job = dialog->startSweep();
        QVERIFY(job);
        QVERIFY(!dialog->runButton()->isEnabled());
        QVERIFY(test::waitForEnd(job, 120000));
        QCOMPARE(job->state(), ui::JobHandle::State::Finished);
        QVERIFY(rowsWhileRunning >= 1);

        // The same core job, run here independently with the dialog's parameters.
        embed::SweepParams sp;
        QString error;
        QVERIFY2(dialog->params(sp, error), qPrintable(error));
        sp.out_dir = out.filePath(QStringLiteral("core")).toStdString();
        std::stop_source stop;
        jobs::JobContext ctx(stop.get_token(), {});
        const embed::SweepResult core = embed::run_sweep(sp, ctx);
        QCOMPARE(core.runs.size(), std::size_t(2));
        const auto summary = embed::sweep_summary(core, {"fvr", "mrr"});
        const auto& rows = dialog->tableModel()->rows();
        QCOMPARE(rows.size(), qsizetype(summary.size()));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].pBot, double(summary[std::size_t(i)].first));
            QCOMPARE(rows[i].runs, 1);
            QCOMPARE(rows[i].fvrMean, summary[std::size_t(i)].second[0].mean);
            QCOMPARE(rows[i].mrrMean, summary[std::size_t(i)].second[1].mean);
            QCOMPARE(rows[i].fvrSd, 0.0);
            QVERIFY(rows[i].fvrMean >= 0 && rows[i].fvrMean <= 1);
        }
        // The result the job handed back is the table's source too.
        const auto& result = job->resultAs<ui::SweepJobResult>().result;
        QCOMPARE(result.runs.size(), core.runs.size());
        for (std::size_t i = 0; i < core.runs.size(); ++i)
            QCOMPARE(result.runs[i].final.at("fvr"), core.runs[i].final.at("fvr"));
        // Display: "mean ± sd" with three decimals.
        const QModelIndex fvr = dialog->tableModel()->index(0, SweepTableModel::FvrColumn);
        QCOMPARE(fvr.data().toString(), QStringLiteral("%1 ± 0.000").arg(rows[0].fvrMean, 0, 'f', 3));
        QCOMPARE(dialog->tableModel()->index(0, SweepTableModel::RunsColumn).data().toString(),
                 QStringLiteral("1 / 1"));

        // The chart: a mean line per metric with one point per p⊥.
        int lines = 0;
        for (QAbstractSeries* s : dialog->chart()->series())
            if (auto* line = qobject_cast<QLineSeries*>(s); line && !line->name().isEmpty()) {
                ++lines;
                QCOMPARE(line->count(), 2);
            }
        QCOMPARE(lines, 2);
        // … and each run's own value as a point at its p⊥ (the core runs are the same runs).
        for (const auto& [name, key] :
             {std::pair{QStringLiteral("FVR per seed"), "fvr"}, std::pair{QStringLiteral("MRR per seed"), "mrr"}}) {
            QScatterSeries* points = nullptr;
            for (QAbstractSeries* s : dialog->chart()->series())
                if (s->name() == name) points = qobject_cast<QScatterSeries*>(s);
            QVERIFY2(points, qPrintable(name));
            QCOMPARE(points->count(), int(core.runs.size()));
            for (std::size_t i = 0; i < core.runs.size(); ++i) {
                QCOMPARE(points->at(int(i)).x(), double(core.runs[i].p_bot));
                QCOMPARE(points->at(int(i)).y(), core.runs[i].final.at(key));
            }
        }

        // The files kbcx sweep writes, and reading them back gives the same table.
        const QString gui = out.filePath(QStringLiteral("gui"));
        for (const char* f : {"runs.csv", "summary.csv", "summary.md", "sweep.svg", "sweep.png"})
            QVERIFY2(QFile::exists(gui + QLatin1Char('/') + QLatin1String(f)), f);
        const auto before = rows;
        dialog->tableModel()->clear();
        QVERIFY(test::waitForEnd(dialog->openFolder(gui)));
        const auto& reread = dialog->tableModel()->rows();
        QCOMPARE(reread.size(), before.size());
        for (qsizetype i = 0; i < reread.size(); ++i) {
            QCOMPARE(reread[i].pBot, before[i].pBot);
            QCOMPARE(reread[i].fvrMean, before[i].fvrMean); // %.17g round-trips exactly
            QCOMPARE(reread[i].mrrMean, before[i].mrrMean);
        }

        // Exports through the shared chart-export code.
        for (const QString& ext : {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("csv")}) {
            const QString path = out.filePath(QStringLiteral("export.") + ext);
            QString err;
            const bool ok = ext == QLatin1String("png")   ? dialog->exportPng(path, &err)
                            : ext == QLatin1String("svg") ? dialog->exportSvg(path, &err)
                                                          : dialog->exportCsv(path, &err);
            QVERIFY2(ok, qPrintable(err));
            QVERIFY(QFileInfo(path).size() > 0);
        }
        QFile csv(out.filePath(QStringLiteral("export.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readLine(), QByteArray("p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd\n"));
        QCOMPARE(csv.readAll().count('\n'), 2);
    }

    void advancedSettingsReachTheRuns() {
        ui::MainWindow window;
        window.show();
        SweepDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        QTemporaryDir out;
        // The form starts at kbcx sweep's own defaults: a default dialog and the CLI write the
        // same hyperparameters into a run's params.json.
        {
            const QString cliDir = out.filePath(QStringLiteral("cli"));
            const QString onto =
                QFileInfo(QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn")).absoluteFilePath();
            QProcess cli;
            cli.start(QStringLiteral(KBCX_CLI),
                      {QStringLiteral("sweep"), onto, QStringLiteral("--model"), QStringLiteral("Box2EL"),
                       QStringLiteral("--p-bot"), QStringLiteral("0"), QStringLiteral("--seeds"), QStringLiteral("1"),
                       QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--dim"), QStringLiteral("4"),
                       QStringLiteral("--out"), cliDir});
            QVERIFY(cli.waitForFinished(60000));
            QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
            QFile f(cliDir + QStringLiteral("/p0-s0/params.json"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject cliParams = QJsonDocument::fromJson(f.readAll()).object();
            embed::SweepParams sp;
            QString error;
            dialog->setModel(QStringLiteral("Box2EL"));
            QVERIFY2(dialog->params(sp, error), qPrintable(error));
            QCOMPARE(double(sp.base.train.lr), cliParams.value(QStringLiteral("lr")).toDouble());
            QCOMPARE(sp.base.train.batch, cliParams.value(QStringLiteral("batch")).toInt());
            QCOMPARE(sp.base.train.neg, cliParams.value(QStringLiteral("neg")).toInt());
            QCOMPARE(sp.base.train.threads, cliParams.value(QStringLiteral("threads")).toInt());
            QCOMPARE(double(sp.base.model.margin), cliParams.value(QStringLiteral("margin")).toDouble());
            QCOMPARE(double(sp.base.model.delta), cliParams.value(QStringLiteral("delta")).toDouble());
            QCOMPARE(double(sp.base.model.reg), cliParams.value(QStringLiteral("reg")).toDouble());
            QCOMPARE(sp.base.pool, std::string("reason"));
            QVERIFY(sp.base.tests.empty());
            QCOMPARE(sp.n, std::size_t(100));
            QCOMPARE(sp.tests_seed, std::uint64_t(1));
            QCOMPARE(sp.base.train.eval_every, cliParams.value(QStringLiteral("eval_every")).toInt());
            QCOMPARE(double(sp.first_seed), cliParams.value(QStringLiteral("seed")).toDouble());
            QCOMPARE(QString::fromLatin1(embed::el_variant_name(sp.base.model.variant)),
                     cliParams.value(QStringLiteral("variant")).toString());
        }

        // An external test set, drawn here by kbcx sample (not what the sweep would sample).
        const QString ext = out.filePath(QStringLiteral("external_tests.tsv"));
        {
            QProcess sample;
            sample.start(QStringLiteral(KBCX_CLI),
                         {QStringLiteral("sample"),
                          QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn"), QStringLiteral("--nf"),
                          QStringLiteral("GCI0"), QStringLiteral("--n"), QStringLiteral("6"), QStringLiteral("--seed"),
                          QStringLiteral("7"), QStringLiteral("--out"), ext});
            QVERIFY(sample.waitForFinished(60000));
            QVERIFY2(sample.exitCode() == 0, sample.readAllStandardError().constData());
        }
        dialog->setModel(QStringLiteral("Box2EL"));
        dialog->setNormalForm(QStringLiteral("GCI0"));
        dialog->setPBots(QStringLiteral("0.5"));
        dialog->setSeeds(1);
        dialog->setEpochs(2);
        dialog->setDim(8);
        dialog->setLearningRate(0.0037);
        dialog->setBatch(17);
        dialog->setNegatives(3);
        dialog->setMargin(0.07);
        dialog->setDelta(1.5);
        dialog->setRegulariser(std::nullopt);
        dialog->setPool(QStringLiteral("disjoint"));
        dialog->setTestsFile(ext);
        dialog->setThreads(2);
        dialog->setFirstSeed(5);
        dialog->setEvalEvery(1);
        dialog->setAdvancedVisible(true);
        QVERIFY(dialog->advancedVisible());
        const QString folder = out.filePath(QStringLiteral("advanced"));
        dialog->setOutputFolder(folder);

        // Closing and reopening the dialog (Training → Negative-Sampling Sweep…) keeps the form.
        dialog->close();
        window.findChild<QAction*>(QStringLiteral("sweepAction"))->trigger();
        QCOMPARE(window.findChild<SweepDialog*>(QStringLiteral("sweepDialog")), dialog);
        QVERIFY(dialog->isVisible());

        embed::SweepParams sp;
        QString error;
        QVERIFY2(dialog->params(sp, error), qPrintable(error));
        QCOMPARE(sp.base.train.lr, 0.0037f);
        QCOMPARE(sp.base.train.batch, 17);
        QCOMPARE(sp.base.train.neg, 3);
        QCOMPARE(sp.base.train.threads, 2);
        QCOMPARE(sp.first_seed, std::uint64_t(5));
        QCOMPARE(sp.base.train.eval_every, 1);
        QCOMPARE(sp.base.model.margin, 0.07f);
        QCOMPARE(sp.base.model.delta, 1.5f);
        const embed::ElModelConfig box2el = embed::default_el_config("Box2EL");
        QCOMPARE(sp.base.model.reg, box2el.reg); // "model default"
        QCOMPARE(sp.base.pool, std::string("disjoint"));
        QCOMPARE(QString::fromStdString(sp.base.tests), QFileInfo(ext).absoluteFilePath());

        ui::JobHandle* job = dialog->startSweep();
        QVERIFY(job);
        QVERIFY(test::waitForEnd(job, 120000));
        QCOMPARE(job->state(), ui::JobHandle::State::Finished);
        const auto& result = job->resultAs<ui::SweepJobResult>().result;
        QCOMPARE(QString::fromStdString(result.tests_path), QFileInfo(ext).absoluteFilePath());
        QVERIFY(!QFile::exists(folder + QStringLiteral("/tests_GCI0.tsv"))); // nothing was sampled
        QCOMPARE(result.runs.size(), std::size_t(1));
        QFile f(QString::fromStdString(result.runs[0].run_dir) + QStringLiteral("/params.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject params = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(params.value(QStringLiteral("lr")).toDouble(), double(0.0037f));
        QCOMPARE(params.value(QStringLiteral("batch")).toInt(), 17);
        QCOMPARE(params.value(QStringLiteral("neg")).toInt(), 3);
        QCOMPARE(params.value(QStringLiteral("threads")).toInt(), 2);
        QCOMPARE(params.value(QStringLiteral("margin")).toDouble(), double(0.07f));
        QCOMPARE(params.value(QStringLiteral("delta")).toDouble(), 1.5);
        QCOMPARE(params.value(QStringLiteral("reg")).toDouble(), double(box2el.reg));
        QCOMPARE(params.value(QStringLiteral("pool")).toString(), QStringLiteral("disjoint"));
        QCOMPARE(params.value(QStringLiteral("tests")).toString(), QFileInfo(ext).absoluteFilePath());
        // The first seed names the run and seeds it; --eval-every 1 evaluates both epochs.
        QCOMPARE(params.value(QStringLiteral("seed")).toInt(), 5);
        QVERIFY2(result.runs[0].run_dir.ends_with("-s5"), result.runs[0].run_dir.c_str());
        {
            QFile metrics(QString::fromStdString(result.runs[0].run_dir) + QStringLiteral("/metrics.jsonl"));
            QVERIFY(metrics.open(QIODevice::ReadOnly));
            QCOMPARE(metrics.readAll().count('\n'), 2);
        }

        // Without a test-set file the sampler's N and seed are the form's; a pool file is made
        // absolute; missing files are form errors.
        dialog->setTestsFile(QString());
        dialog->setCandidatesPerStatus(9);
        dialog->setTestsSeed(4);
        dialog->setPool(ext);
        QVERIFY2(dialog->params(sp, error), qPrintable(error));
        QCOMPARE(sp.n, std::size_t(9));
        QCOMPARE(sp.tests_seed, std::uint64_t(4));
        QVERIFY(sp.base.tests.empty());
        QCOMPARE(QString::fromStdString(sp.base.pool), QFileInfo(ext).absoluteFilePath());
        dialog->setPool(out.filePath(QStringLiteral("no_such_pool.tsv")));
        QVERIFY(!dialog->params(sp, error));
        QVERIFY2(error.contains(QStringLiteral("no_such_pool.tsv")), qPrintable(error));
        dialog->setPool(QStringLiteral("reason"));
        dialog->setTestsFile(out.filePath(QStringLiteral("no_such_tests.tsv")));
        QVERIFY(!dialog->params(sp, error));
        QVERIFY2(error.contains(QStringLiteral("no_such_tests.tsv")), qPrintable(error));
    }

    // The Variant row lists the model's variants; only kbcx (the objective with p⊥) can be chosen.
    void variantRowOffersOnlyKbcx() {
        ui::MainWindow window;
        window.show();
        SweepDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        auto* models = dialog->findChild<QComboBox*>(QStringLiteral("sweepModel"));
        auto* variants = dialog->findChild<QComboBox*>(QStringLiteral("sweepVariant"));
        QVERIFY(models && variants);
        QVERIFY(models->count() >= 4);
        for (int i = 0; i < models->count(); ++i) {
            const QString model = models->itemData(i).toString();
            dialog->setModel(model);
            QStringList want, got;
            for (const embed::ElVariant v : embed::el_variants(embed::canonical_el_model_name(model.toStdString())))
                want << QString::fromLatin1(embed::el_variant_name(v));
            auto* items = qobject_cast<QStandardItemModel*>(variants->model());
            QVERIFY(items);
            for (int k = 0; k < variants->count(); ++k) {
                got << variants->itemData(k).toString();
                QCOMPARE(items->item(k)->isEnabled(), variants->itemData(k).toString() == QLatin1String("kbcx"));
            }
            QCOMPARE(got, want);
            QCOMPARE(variants->currentData().toString(), QStringLiteral("kbcx"));
            embed::SweepParams sp;
            QString error;
            QVERIFY2(dialog->params(sp, error), qPrintable(error));
            QCOMPARE(sp.base.model.variant, embed::ElVariant::Kbcx);
        }
    }

    void cancelStopsWithinASecond() {
        ui::MainWindow window;
        SweepDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        QTemporaryDir out;
        dialog->setPBots(QStringLiteral("0,0.5,1"));
        dialog->setSeeds(3);
        dialog->setEpochs(1000000);
        dialog->setOutputFolder(out.path());
        ui::JobHandle* job = dialog->startSweep();
        QVERIFY(job);
        QSignalSpy progress(job, &ui::JobHandle::progress);
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 2, 30000); // training has begun
        QVERIFY(dialog->cancelButton()->isEnabled());
        QElapsedTimer clock;
        clock.start();
        dialog->cancelButton()->click();
        QVERIFY(test::waitForEnd(job, 5000));
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(job->state(), ui::JobHandle::State::Cancelled);
        QVERIFY(dialog->runButton()->isEnabled());
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")));
    }

    void tableModelPassesTester() {
        SweepTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SweepRow a{0.0, 1, 3, 0.5, 0.1, 0.2, 0.01};
        SweepRow b{0.5, 2, 3, 0.4, NAN, NAN, NAN};
        model.setRows({a});
        QCOMPARE(model.rowCount(), 1);
        model.setRows({a, b}); // append
        QCOMPARE(model.rowCount(), 2);
        a.runs = 2;
        model.setRows({a, b}); // change
        QCOMPARE(model.index(0, SweepTableModel::RunsColumn).data().toString(), QStringLiteral("2 / 3"));
        QCOMPARE(model.index(1, SweepTableModel::MrrColumn).data().toString(), QStringLiteral("–"));
        QCOMPARE(model.index(0, SweepTableModel::FvrColumn).data(SweepTableModel::SdRole).toDouble(), 0.1);
        model.setRows({b}); // reset
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, 0).data(SweepTableModel::ValueRole).toDouble(), 0.5);
        QVERIFY(!model.headerData(SweepTableModel::FvrColumn, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void malformedFolderKeepsTable_data() {
        QTest::addColumn<QByteArray>("summary");
        QTest::addColumn<QString>("location");
        const QByteArray header = "p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd\n";
        QTest::newRow("not a number") << header + "0,1,0.5,0,0.2,0\n0.5,1,zero,0,0.2,0\n"
                                      << QStringLiteral("summary.csv:3:7: ");
        QTest::newRow("short line") << header + "0,1,0.5,0\n" << QStringLiteral("summary.csv:2:10: ");
        QTest::newRow("no mrr") << QByteArray("p_bot,runs,fvr_mean,fvr_sd\n0,1,0.5,0\n")
                                << QStringLiteral("summary.csv:1:27: ");
        QTest::newRow("p out of range") << header + "1.5,1,0.5,0,0.2,0\n" << QStringLiteral("summary.csv:2:1: ");
        QTest::newRow("missing file") << QByteArray() << QStringLiteral("summary.csv: ");
    }

    void malformedFolderKeepsTable() {
        QFETCH(QByteArray, summary);
        QFETCH(QString, location);
        ui::JobRunner runner;
        SweepDialog dialog(&runner, nullptr);
        QTemporaryDir good, bad;
        writeText(good.filePath(QStringLiteral("summary.csv")),
                  "p_bot,runs,fvr_mean,fvr_sd,pair_fvr_mean,pair_fvr_sd,mrr_mean,mrr_sd\n"
                  "0,3,0.6,0.05,0.2,0.01,0.25,0.02\n1,3,0.4,0.04,,,0.3,0.03\n");
        QVERIFY(test::waitForEnd(dialog.openFolder(good.path())));
        QCOMPARE(dialog.tableModel()->rowCount(), 2);
        QCOMPARE(dialog.tableModel()->rows()[1].mrrSd, 0.03);
        if (!summary.isEmpty()) writeText(bad.filePath(QStringLiteral("summary.csv")), summary);
        QSignalSpy shown(&dialog, &SweepDialog::errorShown);
        ui::JobHandle* job = dialog.openFolder(bad.path());
        QVERIFY(test::waitForEnd(job));
        QCOMPARE(job->state(), ui::JobHandle::State::Failed);
        QCOMPARE(shown.count(), 1);
        const QString message = shown.at(0).at(0).toString();
        QVERIFY2(message.contains(location), qPrintable(message));
        auto* box = dialog.findChild<QMessageBox*>(QStringLiteral("sweepErrorBox"));
        QVERIFY(box);
        QVERIFY(box->isVisible() || !dialog.isVisible()); // non-blocking (open(), not exec())
        // What was shown stays.
        QCOMPARE(dialog.tableModel()->rowCount(), 2);
        QCOMPARE(dialog.tableModel()->rows()[0].fvrMean, 0.6);
    }

    void everyControlNamedAndScreenshot() {
        ui::MainWindow window;
        window.show();
        SweepDialog* dialog = openDialog(window);
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QVERIFY(!dialog->advancedVisible()); // collapsed at first: the form stays short
        QDir().mkpath(test::screenshotDir());
        QVERIFY(dialog->grab().save(test::screenshotDir() + QStringLiteral("/sweep_collapsed.png")));
        dialog->setAdvancedVisible(true); // its controls are checked and shown too
        for (QWidget* w : dialog->findChildren<QWidget*>()) {
            const bool interactive = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                                     qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
                                     qobject_cast<QTableView*>(w);
            if (!interactive || !w->isVisibleTo(dialog) || qobject_cast<QLineEdit*>(w->parentWidget()) ||
                qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget()))
                continue;
            QVERIFY2(!ui::accessibleNameOf(w).isEmpty(),
                     qPrintable(w->metaObject()->className() + QStringLiteral(" ") + w->objectName()));
        }
        // A demo sweep with bands: five p⊥ values, two seeds.
        QTemporaryDir out;
        dialog->setModel(QStringLiteral("Box2EL"));
        dialog->setSeeds(2);
        dialog->setEpochs(60);
        dialog->setDim(16);
        dialog->setOutputFolder(out.path());
        QVERIFY(test::waitForEnd(dialog->startSweep(), 180000));
        QCOMPARE(dialog->tableModel()->rowCount(), 5);
        QCoreApplication::processEvents();
        QDir().mkpath(test::screenshotDir());
        const QString png = test::screenshotDir() + QStringLiteral("/sweep.png");
        QVERIFY(dialog->grab().save(png));
        QVERIFY(!QImage(png).isNull());
        qInfo("screenshot: %s", qPrintable(png));
    }
};

QTEST_MAIN(TestUiSweep)
#include "tst_ui_sweep.moc"
