// Help → Reproductions offscreen: the menu action opens the dialog, the list model passes
// QAbstractItemModelTester, a tiny registered reproduction runs as a job and its report (with a
// chart) is shown, Cancel stops a slow one, a missing data folder is reported without blocking,
// and a real quick reproduction (gci1-inversion, reduced) renders for the screenshot.
#include "onto_ui_test_util.hpp"

#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/shell/reproductions_dialog.hpp"

#include "embed/graph_training.hpp"
#include "onto/projection.hpp"
#include "repro/findings.hpp"
#include "repro/registry.hpp"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>

#include <atomic>
#include <optional>
#include <stdexcept>
#include <thread>

using namespace kbcx;
using kbcx::ui::ReproductionsDialog;

namespace {

repro::Report tinyReport() {
    repro::Report r;
    r.title = "Tiny finding";
    r.seeds = {1};
    repro::Section s;
    s.heading = "Numbers";
    s.tables.push_back({"Table", {"model", "AUC+/−"}, {{"A", "0.9"}, {"B", "0.4"}}});
    s.charts.push_back({"Curve", "x", "y", "curve.png", {{"A", {0, 1, 2}, {0.2, 0.5, 0.9}, {}}}});
    s.checks.push_back({"A beats B", true, "0.9 > 0.4"});
    r.sections.push_back(s);
    return r;
}

int imagesIn(QTextDocument* doc) {
    int n = 0;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            n += it.fragment().charFormat().isImageFormat();
    return n;
}

} // namespace

class TestUiReproductions : public QObject {
    Q_OBJECT
    QTemporaryDir out_;

  private slots:
    void initTestCase() {
        test::useTestSettings();
        repro::register_reproduction(
            {"tiny", "Tiny finding", "A test reproduction.", [](const repro::Options&, jobs::JobContext& ctx) {
                 ctx.report(1, 2, "half way", true);
                 return tinyReport();
             }});
        repro::register_reproduction({"slow", "Slow finding", "Runs until cancelled.",
                                      [](const repro::Options&, jobs::JobContext& ctx) -> repro::Report {
                                          for (std::uint64_t i = 0;; ++i) {
                                              ctx.throw_if_stopped();
                                              ctx.report(i % 100, 100, "spinning");
                                              std::this_thread::sleep_for(std::chrono::milliseconds(2));
                                          }
                                      }});
    }

    void menuActionOpensTheDialog() {
        ui::MainWindow window;
        auto* action = window.findChild<QAction*>(QStringLiteral("reproductionsAction"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<ReproductionsDialog*>(QStringLiteral("reproductionsDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        action->trigger(); // a second trigger reuses the dialog
        QCOMPARE(window.findChildren<ReproductionsDialog*>().size(), 1);
        QVERIFY(dialog->model()->rowOf(QStringLiteral("rank-vs-faithfulness")) >= 0);
        QVERIFY(dialog->model()->rowOf(QStringLiteral("contradiction-sweep")) >= 0);
    }

    void modelPassesTester() {
        ui::ReproductionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.rowCount() >= 5);
        const int row = model.rowOf(QStringLiteral("tiny"));
        QVERIFY(row >= 0);
        QCOMPARE(model.data(model.index(row), Qt::DisplayRole).toString(), QStringLiteral("Tiny finding"));
        model.setReport(QStringLiteral("tiny"), QStringLiteral("/x/report.md"));
        QCOMPARE(model.data(model.index(row), ui::ReproductionListModel::ReportRole).toString(),
                 QStringLiteral("/x/report.md"));
        model.reload();
    }

    void runsTinyAndShowsTheReport() {
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("tiny-run")));
        QVERIFY(d.select(QStringLiteral("tiny")));
        ui::JobHandle* job = d.runSelected();
        QVERIFY(job);
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.cancelButton()->isEnabled());
        QVERIFY(test::waitForEnd(job));
        QCOMPARE(job->state(), ui::JobHandle::State::Finished);
        QTRY_VERIFY(d.runButton()->isEnabled());
        const QString md = out_.filePath(QStringLiteral("tiny-run/tiny/report.md"));
        QVERIFY(QFile::exists(md));
        QVERIFY(QFile::exists(out_.filePath(QStringLiteral("tiny-run/tiny/curve.png"))));
        const QString text = d.browser()->toPlainText();
        QVERIFY(text.contains(QStringLiteral("Tiny finding")));
        QVERIFY(text.contains(QStringLiteral("A beats B")));
        QCOMPARE(imagesIn(d.browser()->document()), 1);
        // The image resource resolves to the PNG in the report folder.
        const QVariant img =
            d.browser()->document()->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("curve.png")));
        QVERIFY(img.isValid());
    }

    /// The "continue where an earlier run stopped" box is `kbcx reproduce --resume`: it reaches
    /// the finding's Options, and is off by default.
    void resumeBoxReachesTheRun() {
        static std::atomic<int> seen{-1};
        repro::Reproduction probe{"resume-probe", "Resume probe", "Records Options::resume.",
                                  [](const repro::Options& o, jobs::JobContext&) {
                                      seen = o.resume ? 1 : 0;
                                      return tinyReport();
                                  }};
        probe.resumable = true;
        repro::register_reproduction(probe);
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("resume-run")));
        // Only the findings that keep their parts offer it: the two KG findings, not the others.
        for (const char* name : {"negative-difficulty", "pattern-difficulty"}) {
            QVERIFY(d.select(QString::fromLatin1(name)));
            QVERIFY2(d.resumeBox()->isEnabled(), name);
        }
        QVERIFY(d.select(QStringLiteral("rank-vs-faithfulness")));
        QVERIFY(!d.resumeBox()->isEnabled());
        QVERIFY(d.select(QStringLiteral("resume-probe")));
        QVERIFY(!d.resumeBox()->isChecked());
        for (const bool resume : {false, true}) {
            d.resumeBox()->setChecked(resume);
            ui::JobHandle* job = d.runSelected();
            QVERIFY(job);
            QVERIFY(!d.resumeBox()->isEnabled()); // settings are fixed while a run goes
            QVERIFY(test::waitForEnd(job));
            QCOMPARE(seen.load(), resume ? 1 : 0);
            QTRY_VERIFY(d.resumeBox()->isEnabled());
        }
    }

    /// The Generator box is `kbcx reproduce --variant` of the KG findings: LogInfer's generator as
    /// released by default, this explorer's on request, fixed while a run goes, and disabled
    /// for a finding that takes no generator.
    void variantBoxReachesTheRun() {
        static std::string seen;
        repro::register_reproduction({"variant-probe",
                                      "Variant probe",
                                      "Records Options::variant.",
                                      [](const repro::Options& o, jobs::JobContext&) {
                                          seen = o.variant;
                                          return tinyReport();
                                      },
                                      {},
                                      repro::set_kg_variant});
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("variant-run")));
        // An ontology finding has no generator to choose.
        QVERIFY(d.select(QStringLiteral("construct-dependence")));
        QVERIFY(!d.variantBox()->isEnabled());
        QVERIFY(d.select(QStringLiteral("variant-probe")));
        QVERIFY(d.variantBox()->isEnabled());
        QCOMPARE(d.variantBox()->currentData().toString(), QStringLiteral("loginfer"));
        for (const char* v : {"loginfer", "kbcx"}) {
            d.variantBox()->setCurrentIndex(d.variantBox()->findData(QString::fromLatin1(v)));
            ui::JobHandle* job = d.runSelected();
            QVERIFY(job);
            QVERIFY(!d.variantBox()->isEnabled());
            QVERIFY(test::waitForEnd(job));
            QCOMPARE(seen, std::string(v));
            QTRY_VERIFY(d.variantBox()->isEnabled());
        }
    }

    /// The EL variant and sensitivity boxes are `kbcx reproduce --variant` / `--sensitivity` of the
    /// ontology findings: enabled only for a finding that takes an EL variant, passed through the
    /// finding's own check (a name it refuses does not start), fixed while a run goes.
    void elVariantBoxesReachTheRun() {
        static std::string seenVariant;
        static std::optional<bool> seenSensitivity;
        repro::Reproduction probe{"el-variant-probe", "EL variant probe", "Records Options::el_variant.",
                                  [](const repro::Options& o, jobs::JobContext&) {
                                      seenVariant = o.el_variant;
                                      seenSensitivity = o.sensitivity;
                                      return tinyReport();
                                  }};
        probe.set_variant = [](const std::string& name, repro::Options& o) {
            if (name != "kbcx" && name != "mowl") throw std::invalid_argument("no model of the probe has " + name);
            o.el_variant = name;
        };
        repro::register_reproduction(probe);
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("el-variant-run")));
        QVERIFY(d.select(QStringLiteral("negative-difficulty"))); // a KG finding: the generator's
        QVERIFY(!d.elVariantBox()->isEnabled());
        QVERIFY(d.select(QStringLiteral("el-variant-probe")));
        QVERIFY(d.elVariantBox()->isEnabled());
        QVERIFY(d.sensitivityBox()->isEnabled());
        QVERIFY(d.elVariantBox()->findData(QStringLiteral("mowl")) > 0);
        QVERIFY(d.elVariantBox()->findData(QStringLiteral("kracr")) > 0);
        QCOMPARE(d.elVariantBox()->currentData().toString(), QString()); // each model's default
        struct Case {
            const char* variant;
            const char* sensitivity;
            std::string wantVariant;
            std::optional<bool> wantSensitivity;
        };
        for (const Case& c :
             {Case{"", "", "", std::nullopt}, Case{"mowl", "on", "mowl", true}, Case{"kbcx", "off", "kbcx", false}}) {
            d.elVariantBox()->setCurrentIndex(d.elVariantBox()->findData(QString::fromLatin1(c.variant)));
            d.sensitivityBox()->setCurrentIndex(d.sensitivityBox()->findData(QString::fromLatin1(c.sensitivity)));
            seenVariant = "unset";
            ui::JobHandle* job = d.runSelected();
            QVERIFY(job);
            QVERIFY(!d.elVariantBox()->isEnabled());
            QVERIFY(test::waitForEnd(job));
            QCOMPARE(seenVariant, c.wantVariant);
            QCOMPARE(seenSensitivity, c.wantSensitivity);
            QTRY_VERIFY(d.elVariantBox()->isEnabled());
        }
        // A variant the finding refuses: nothing starts, and the status line says why.
        d.elVariantBox()->setCurrentIndex(d.elVariantBox()->findData(QStringLiteral("dele")));
        seenVariant = "unset";
        QVERIFY(!d.runSelected());
        QCOMPARE(seenVariant, std::string("unset"));
        auto* status = d.findChild<QLabel*>(QStringLiteral("reproductionStatus"));
        QVERIFY(status && status->text().contains(QStringLiteral("no model of the probe has dele")));
    }

    /// The graph baselines' projection and training reach Options::graph for the ontology
    /// findings, with core's defaults preselected; a KG finding has them disabled.
    void graphBaselineBoxesReachTheRun() {
        static repro::GraphBaselineOptions seen;
        repro::Reproduction probe{"graph-probe", "Graph probe", "Records Options::graph.",
                                  [](const repro::Options& o, jobs::JobContext&) {
                                      seen = o.graph;
                                      return tinyReport();
                                  }};
        probe.set_variant = [](const std::string& name, repro::Options& o) {
            if (name != "kbcx") throw std::invalid_argument("only kbcx");
            o.el_variant = name;
        };
        repro::register_reproduction(probe);
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("graph-run")));
        QVERIFY(d.select(QStringLiteral("pattern-difficulty")));
        QVERIFY(!d.projectionBox()->isEnabled());
        QVERIFY(!d.graphTrainingBox()->isEnabled());
        QVERIFY(d.select(QStringLiteral("graph-probe")));
        QVERIFY(d.projectionBox()->isEnabled() && d.graphTrainingBox()->isEnabled());
        QCOMPARE(d.projectionBox()->currentData().toString(),
                 QString::fromLatin1(onto::projection_name(onto::kDefaultProjection)));
        QCOMPARE(d.graphTrainingBox()->currentData().toString(),
                 QString::fromLatin1(embed::graph_training_name(embed::kDefaultGraphTraining)));
        QCOMPARE(d.projectionBox()->count(), 5);
        struct Case {
            const char* projection;
            const char* training;
        };
        for (const Case& c :
             {Case{"taxonomy-relations", "pykeen"}, Case{"dl2vec", "kbcx"}, Case{"owl2vec", "pykeen"}}) {
            const int pi = d.projectionBox()->findData(QString::fromLatin1(c.projection));
            const int ti = d.graphTrainingBox()->findData(QString::fromLatin1(c.training));
            QVERIFY(pi >= 0 && ti >= 0);
            d.projectionBox()->setCurrentIndex(pi);
            d.graphTrainingBox()->setCurrentIndex(ti);
            seen = {};
            ui::JobHandle* job = d.runSelected();
            QVERIFY(job);
            QVERIFY(!d.projectionBox()->isEnabled()); // not changed under a running job
            QVERIFY(test::waitForEnd(job));
            QCOMPARE(seen.projection, std::string(c.projection));
            QCOMPARE(seen.training, std::string(c.training));
            QTRY_VERIFY(d.projectionBox()->isEnabled());
        }
    }

    void cancelStopsARun() {
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.setOutputDir(out_.filePath(QStringLiteral("slow-run")));
        QVERIFY(d.select(QStringLiteral("slow")));
        ui::JobHandle* job = d.runSelected();
        QVERIFY(job);
        QVERIFY(!d.runSelected()); // one run at a time
        QTest::qWait(50);
        d.cancelButton()->click();
        QVERIFY(test::waitForEnd(job));
        QCOMPARE(job->state(), ui::JobHandle::State::Cancelled);
        QVERIFY(!QFile::exists(out_.filePath(QStringLiteral("slow-run/slow/report.md"))));
    }

    void missingDataIsReportedWithoutBlocking() {
        ui::JobRunner runner;
        ReproductionsDialog d(&runner);
        d.show();
        d.setOutputDir(out_.filePath(QStringLiteral("bad")));
        d.setDataDir(out_.filePath(QStringLiteral("no-such-data")));
        QVERIFY(d.select(QStringLiteral("gci1-inversion")));
        ui::JobHandle* job = d.runSelected();
        QVERIFY(test::waitForEnd(job));
        QCOMPARE(job->state(), ui::JobHandle::State::Failed);
        QVERIFY(job->errorLocation().file.endsWith(QStringLiteral("no-such-data"))); // named, not searched past
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = d.findChild<QMessageBox*>()) != nullptr);
        QVERIFY(!box->isModal() || box->windowModality() != Qt::ApplicationModal);
        box->close();
    }

    void quickReproductionScreenshot() {
        if (!QDir(QStringLiteral(KBCX_SHARED_DATA "/onto")).exists()) QSKIP("shared data folder absent");
        ui::MainWindow window;
        window.findChild<QAction*>(QStringLiteral("reproductionsAction"))->trigger();
        auto* d = window.findChild<ReproductionsDialog*>(QStringLiteral("reproductionsDialog"));
        QVERIFY(d);
        d->resize(1300, 900);
        d->setOutputDir(out_.filePath(QStringLiteral("real")));
        d->setDataDir(QStringLiteral(KBCX_SHARED_DATA));
        repro::Options reduce;
        reduce.epochs = 40;
        reduce.per_band = 15;
        reduce.seeds = 1;
        reduce.models = {"ELEmbeddings", "Box2EL", "ELEmbeddings-iv"};
        d->setOverrides(reduce);
        QVERIFY(d->select(QStringLiteral("gci1-inversion")));
        QCOMPARE(d->modeBox()->currentIndex(), 0); // quick
        ui::JobHandle* job = d->runSelected();
        QVERIFY(test::waitForEnd(job, 120000));
        QCOMPARE(job->state(), ui::JobHandle::State::Finished);
        QVERIFY(d->browser()->toPlainText().contains(QStringLiteral("AUC")));
        QCOMPARE(imagesIn(d->browser()->document()), 1);
        QTest::qWait(100);
        const QString path = test::screenshotDir() + QStringLiteral("/reproductions.png");
        QDir().mkpath(test::screenshotDir());
        QVERIFY(d->grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }
};

QTEST_MAIN(TestUiReproductions)
#include "tst_ui_reproductions.moc"
