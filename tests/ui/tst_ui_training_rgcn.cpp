// Offscreen test of the Training form's model-specific options: R-GCN's (variant authors or kbcx,
// layers, basis/block decomposition, dropouts, decoder L2) and 1-vs-all for the shallow models —
// shown only where they apply, mapped onto the engine's settings, and written to params.json.
#include "embed/graph_training.hpp"
#include "embed/kg_models.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/training/training_form.hpp"
#include "ui/training/training_page.hpp"
#include "ui/training/training_run.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <stdexcept>

using namespace kbcx;
using ui::TrainingConfig;
using ui::TrainingForm;

class TestUiTrainingRgcn : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY(settings_.isValid());
        qputenv(ui::kSettingsDirEnv, settings_.path().toLocal8Bit());
    }

    void rowsFollowTheModel() {
        TrainingForm form(nullptr);
        form.show();
        form.setDataFolder(QStringLiteral(KBCX_TEST_DATA));
        QVERIFY(!form.elFamily());
        QComboBox* model = form.modelCombo();
        model->setCurrentIndex(model->findData(QStringLiteral("TransE-L1")));
        QVERIFY(!form.rgcnLayersSpin()->isVisibleTo(&form));
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        // The variant row offers R-GCN's variants, the authors' (the CLI's default) first.
        QComboBox* variant = form.variantCombo();
        QVERIFY(variant->isVisibleTo(&form));
        QCOMPARE(variant->count(), 2);
        QCOMPARE(variant->itemData(0).toString(), QStringLiteral("authors"));
        QCOMPARE(variant->currentData().toString(), QStringLiteral("authors"));
        QVERIFY(form.rgcnSelfDropoutSpin()->isVisibleTo(&form));
        QVERIFY(!form.rgcnDropoutSpin()->isVisibleTo(&form)); // authors drop self-loop messages, not edges
        variant->setCurrentIndex(variant->findData(QStringLiteral("kbcx")));
        QVERIFY(!form.rgcnSelfDropoutSpin()->isVisibleTo(&form));
        for (QWidget* w :
             {static_cast<QWidget*>(form.rgcnLayersSpin()), static_cast<QWidget*>(form.rgcnDecompositionCombo()),
              static_cast<QWidget*>(form.rgcnCountSpin()), static_cast<QWidget*>(form.rgcnDropoutSpin())}) {
            QVERIFY2(w->isVisibleTo(&form), qPrintable(w->objectName()));
            QVERIFY2(w->toolTip().contains(QStringLiteral("default")), qPrintable(w->objectName()));
        }
        // The defaults are the engine's (kbcx train --layers 2 --bases 10 --edge-dropout 0.4).
        const embed::KgModelConfig engine;
        const embed::KgTrainParams d = form.config().toParams();
        QCOMPARE(d.model.name, std::string("rgcn"));
        QCOMPARE(d.model.variant, embed::ElVariant::Kbcx);
        QCOMPARE(d.model.rgcn_layers, engine.rgcn_layers);
        QCOMPARE(d.model.rgcn_bases, engine.rgcn_bases);
        QCOMPARE(d.model.rgcn_blocks, 0);
        QCOMPARE(d.model.rgcn_edge_dropout, engine.rgcn_edge_dropout);

        form.rgcnLayersSpin()->setValue(3);
        form.rgcnCountSpin()->setValue(7);
        form.rgcnDropoutSpin()->setValue(0.25);
        embed::KgTrainParams p = form.config().toParams();
        QCOMPARE(p.model.rgcn_layers, 3);
        QCOMPARE(p.model.rgcn_bases, 7);
        QCOMPARE(p.model.rgcn_blocks, 0);
        QCOMPARE(p.model.rgcn_edge_dropout, 0.25f);

        // Block-diagonal: the count means blocks; switching back restores the bases.
        form.rgcnDecompositionCombo()->setCurrentIndex(
            form.rgcnDecompositionCombo()->findData(QStringLiteral("block")));
        form.rgcnCountSpin()->setValue(4);
        p = form.config().toParams();
        QCOMPARE(p.model.rgcn_blocks, 4);
        form.rgcnDecompositionCombo()->setCurrentIndex(
            form.rgcnDecompositionCombo()->findData(QStringLiteral("basis")));
        QCOMPARE(form.rgcnCountSpin()->value(), 7);
        QCOMPARE(form.config().toParams().model.rgcn_blocks, 0);

        // Blocks must divide the dimension.
        TrainingConfig bad = form.config();
        bad.dim = 30;
        bad.rgcnBlocks = 4;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bad.toParams());

        // setConfig / config round trip.
        TrainingConfig c = form.config();
        c.rgcnLayers = 1;
        c.rgcnBlocks = 8;
        c.rgcnEdgeDropout = 0.1;
        c.dim = 32;
        form.setConfig(c);
        QCOMPARE(form.config().rgcnLayers, 1);
        QCOMPARE(form.config().rgcnBlocks, 8);
        QCOMPARE(form.config().rgcnEdgeDropout, 0.1);

        model->setCurrentIndex(model->findData(QStringLiteral("DistMult")));
        QVERIFY(!form.rgcnCountSpin()->isVisibleTo(&form));
    }

    void variantsMoveTheirDefaults() {
        // What `kbcx train --model rgcn --variant V` starts from (core's one place), in the form.
        const embed::RgcnVariantTraining authors = embed::rgcn_variant_training(embed::ElVariant::Authors);
        const embed::RgcnVariantTraining kbcx = embed::rgcn_variant_training(embed::ElVariant::Kbcx);
        QVERIFY(authors.dim != kbcx.dim && authors.blocks > 0 && kbcx.blocks == 0);
        TrainingForm form(nullptr);
        form.show();
        form.setDataFolder(QStringLiteral(KBCX_TEST_DATA));
        QComboBox* model = form.modelCombo();
        model->setCurrentIndex(model->findData(QStringLiteral("TransE-L1")));
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        auto* reg = form.findChild<QDoubleSpinBox*>(QStringLiteral("reg"));
        QVERIFY(reg && reg->isVisibleTo(&form)); // the decoder L2
        embed::KgTrainParams p = form.config().toParams();
        QCOMPARE(p.model.variant, embed::ElVariant::Authors);
        QCOMPARE(p.model.dim, authors.dim);
        QCOMPARE(p.model.rgcn_blocks, authors.blocks);
        QCOMPARE(p.model.rgcn_self_dropout, authors.self_dropout);
        QCOMPARE(p.train.batch, authors.batch);
        QCOMPARE(p.train.neg, authors.neg);
        QCOMPARE(p.train.lr, authors.lr);
        QCOMPARE(p.train.reg, authors.reg);
        QCOMPARE(form.rgcnDecompositionCombo()->currentData().toString(), QStringLiteral("block"));

        // A field the user edited keeps its value when the variant changes; the others follow.
        form.findChild<QSpinBox*>(QStringLiteral("neg"))->setValue(3);
        form.variantCombo()->setCurrentIndex(form.variantCombo()->findData(QStringLiteral("kbcx")));
        p = form.config().toParams();
        QCOMPARE(p.model.variant, embed::ElVariant::Kbcx);
        QCOMPARE(p.model.dim, kbcx.dim);
        QCOMPARE(p.model.rgcn_blocks, 0);
        QCOMPARE(p.model.rgcn_bases, kbcx.bases);
        QCOMPARE(p.model.rgcn_edge_dropout, kbcx.edge_dropout);
        QCOMPARE(p.train.neg, 3);
        QCOMPARE(p.train.reg, 0.0f); // kbcx's R-GCN has no regulariser here
        QVERIFY(!reg->isVisibleTo(&form));
        QCOMPARE(form.rgcnDecompositionCombo()->currentData().toString(), QStringLiteral("basis"));
        form.variantCombo()->setCurrentIndex(form.variantCombo()->findData(QStringLiteral("authors")));
        p = form.config().toParams();
        QCOMPARE(p.model.dim, authors.dim);
        QCOMPARE(p.model.rgcn_blocks, authors.blocks);
        QCOMPARE(p.train.neg, 3);

        // A config round trip keeps the variant and the self-loop dropout.
        TrainingConfig c = form.config();
        c.rgcnSelfDropout = 0.35;
        form.setConfig(c);
        QCOMPARE(form.config().variant, QStringLiteral("authors"));
        QCOMPARE(form.config().rgcnSelfDropout, 0.35);
        // Leaving R-GCN restores the shallow models' defaults, variant row hidden.
        model->setCurrentIndex(model->findData(QStringLiteral("DistMult")));
        QCOMPARE(form.config().dim, TrainingConfig().dim);
        QVERIFY(!form.variantCombo()->isVisibleTo(&form));
        QVERIFY(form.config().variant.isEmpty());
        // An unknown variant in a config is refused with the valid ones named.
        TrainingConfig bad = TrainingConfig::defaultsFor(false, QStringLiteral("rgcn"));
        bad.variant = QStringLiteral("mowl");
        try {
            (void)bad.toParams();
            QFAIL("an R-GCN variant mowl was accepted");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("authors, kbcx")), e.what());
        }
    }

    void choosingRgcnSetsItsDefaults() {
        // What kbcx train --model rgcn uses when nothing is given, read from the params.json of a
        // one-epoch CLI run on a tiny triple folder.
        QTemporaryDir work;
        const QString data = work.filePath(QStringLiteral("kg"));
        QVERIFY(QDir().mkpath(data));
        auto write = [&](const char* name, const QByteArray& text) {
            QFile f(data + QLatin1Char('/') + QLatin1String(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write("train.txt", "a\tr\tb\nb\tr\tc\nc\tr\td\nd\ts\ta\na\ts\tc\nb\ts\td\nc\tr\ta\nd\tr\tb\n");
        write("valid.txt", "a\tr\tc\n");
        write("test.txt", "b\ts\ta\n");
        QProcess cli;
        // The CLI's default variant, the authors', is the Training tab's too.
        cli.start(QStringLiteral(KBCX_CLI), {QStringLiteral("train"), data, QStringLiteral("--model"),
                                             QStringLiteral("rgcn"), QStringLiteral("--epochs"), QStringLiteral("1"),
                                             QStringLiteral("--run"), work.filePath(QStringLiteral("cli"))});
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QFile cf(work.filePath(QStringLiteral("cli/params.json")));
        QVERIFY(cf.open(QIODevice::ReadOnly));
        const QJsonObject cliParams = QJsonDocument::fromJson(cf.readAll()).object();
        const int cliDim = cliParams.value(QStringLiteral("dim")).toInt();
        const int cliBatch = cliParams.value(QStringLiteral("batch")).toInt();
        const int cliNeg = cliParams.value(QStringLiteral("neg")).toInt();
        const double cliLr = cliParams.value(QStringLiteral("lr")).toDouble();
        QVERIFY(cliDim > 0 && cliBatch > 0 && cliNeg > 0);
        QCOMPARE(cliParams.value(QStringLiteral("variant")).toString(), QStringLiteral("authors"));

        // A form at its demo-sized defaults: choosing R-GCN moves them to R-GCN's.
        {
            TrainingForm form(nullptr);
            form.setDataFolder(data);
            QComboBox* model = form.modelCombo();
            model->setCurrentIndex(model->findData(QStringLiteral("TransE-L1")));
            QVERIFY(form.config().dim != cliDim || form.config().batch != cliBatch); // it has to change something
            model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
            const TrainingConfig c = form.config();
            QCOMPARE(c.dim, cliDim);
            QCOMPARE(c.batch, cliBatch);
            QCOMPARE(c.neg, cliNeg);
            QCOMPARE(float(c.lr), float(cliLr));
            QVERIFY(model->toolTip().contains(QStringLiteral("R-GCN sets its own defaults")));
            // Leaving R-GCN restores the form's defaults.
            model->setCurrentIndex(model->findData(QStringLiteral("DistMult")));
            const TrainingConfig back = form.config();
            const TrainingConfig demo;
            QCOMPARE(back.dim, demo.dim);
            QCOMPARE(back.batch, demo.batch);
            QCOMPARE(back.neg, demo.neg);
        }
        // A field the user changed keeps its value; the others still follow.
        {
            TrainingForm form(nullptr);
            form.setDataFolder(data);
            QComboBox* model = form.modelCombo();
            model->setCurrentIndex(model->findData(QStringLiteral("ComplEx")));
            TrainingConfig edited = form.config();
            edited.batch = 128;
            form.setConfig(edited);
            model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
            QCOMPARE(form.config().batch, 128);
            QCOMPARE(form.config().dim, cliDim);
            QCOMPARE(form.config().neg, cliNeg);
            form.findChild<QSpinBox*>(QStringLiteral("dim"))->setValue(24);
            model->setCurrentIndex(model->findData(QStringLiteral("RotatE")));
            QCOMPARE(form.config().dim, 24);
            QCOMPARE(form.config().batch, 128);
            QCOMPARE(form.config().neg, TrainingConfig().neg);
        }

        // Through the Training tab: the R-GCN defaults reach the run's params.json.
        ui::MainWindow window;
        window.show();
        auto* page = window.findChild<ui::TrainingPage*>();
        QVERIFY(page);
        QVERIFY(window.showTab(QStringLiteral("Training")));
        page->form()->setDataFolder(data);
        QComboBox* model = page->form()->modelCombo();
        model->setCurrentIndex(model->findData(QStringLiteral("TransE-L1")));
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        page->form()->findChild<QSpinBox*>(QStringLiteral("epochs"))->setValue(1);
        page->setRunFolder(work.filePath(QStringLiteral("gui")));
        ui::TrainingRun* run = page->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCOMPARE(run->status(), ui::TrainingRun::Status::Finished);
        QFile gf(work.filePath(QStringLiteral("gui/params.json")));
        QVERIFY(gf.open(QIODevice::ReadOnly));
        const QJsonObject params = QJsonDocument::fromJson(gf.readAll()).object();
        QCOMPARE(params.value(QStringLiteral("model")).toString(), QStringLiteral("rgcn"));
        QCOMPARE(params.value(QStringLiteral("dim")).toInt(), cliDim);
        QCOMPARE(params.value(QStringLiteral("batch")).toInt(), cliBatch);
        QCOMPARE(params.value(QStringLiteral("neg")).toInt(), cliNeg);
        QCOMPARE(params.value(QStringLiteral("lr")).toDouble(), cliLr);
        for (const char* key : {"variant", "blocks", "decomposition", "self_dropout", "decoder_l2", "reg"})
            QVERIFY2(params.value(QLatin1String(key)) == cliParams.value(QLatin1String(key)), key);
    }

    void optionsReachTheRun() {
        ui::MainWindow window;
        ui::TrainingPage* page = trainingPageOnDemo(window);
        QVERIFY(page);
        QComboBox* model = page->form()->modelCombo();
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        page->form()->variantCombo()->setCurrentIndex(page->form()->variantCombo()->findData(QStringLiteral("kbcx")));
        TrainingConfig c = page->config();
        QCOMPARE(c.variant, QStringLiteral("kbcx"));
        c.dim = 12;
        c.epochs = 2;
        c.batch = 64;
        c.neg = 2;
        c.evalEvery = 1;
        c.rgcnLayers = 1;
        c.rgcnBlocks = 3;
        c.rgcnEdgeDropout = 0.2;
        page->setConfig(c);
        QTemporaryDir work;
        page->setRunFolder(work.filePath(QStringLiteral("rgcn")));
        ui::TrainingRun* run = page->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCOMPARE(run->status(), ui::TrainingRun::Status::Finished);
        QFile f(work.filePath(QStringLiteral("rgcn/params.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject params = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(params.value(QStringLiteral("model")).toString(), QStringLiteral("rgcn"));
        QCOMPARE(params.value(QStringLiteral("layers")).toInt(), 1);
        QCOMPARE(params.value(QStringLiteral("decomposition")).toString(), QStringLiteral("block"));
        QCOMPARE(params.value(QStringLiteral("blocks")).toInt(), 3);
        QVERIFY(qAbs(params.value(QStringLiteral("edge_dropout")).toDouble() - 0.2) < 1e-6);
        QCOMPARE(params.value(QStringLiteral("variant")).toString(), QStringLiteral("kbcx"));
        // And the Training form reads them back (resume, open folder).
        const TrainingConfig back = TrainingConfig::fromParamsJson(params);
        QCOMPARE(back.rgcnLayers, 1);
        QCOMPARE(back.rgcnBlocks, 3);
        QVERIFY(qAbs(back.rgcnEdgeDropout - 0.2) < 1e-6);
        QCOMPARE(back.variant, QStringLiteral("kbcx"));

        // The authors' variant with its self-loop dropout and decoder L2 reaches the run too.
        c = back;
        c.variant = QStringLiteral("authors");
        c.rgcnBlocks = 4;
        c.rgcnSelfDropout = 0.3;
        c.reg = 0.05;
        page->setConfig(c);
        page->setRunFolder(work.filePath(QStringLiteral("authors")));
        run = page->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCOMPARE(run->status(), ui::TrainingRun::Status::Finished);
        QFile af(work.filePath(QStringLiteral("authors/params.json")));
        QVERIFY(af.open(QIODevice::ReadOnly));
        const QJsonObject ap = QJsonDocument::fromJson(af.readAll()).object();
        QCOMPARE(ap.value(QStringLiteral("variant")).toString(), QStringLiteral("authors"));
        QCOMPARE(ap.value(QStringLiteral("blocks")).toInt(), 4);
        QVERIFY(qAbs(ap.value(QStringLiteral("self_dropout")).toDouble() - 0.3) < 1e-6);
        QVERIFY(qAbs(ap.value(QStringLiteral("decoder_l2")).toDouble() - 0.05) < 1e-6);
        const TrainingConfig back2 = TrainingConfig::fromParamsJson(ap);
        QCOMPARE(back2.variant, QStringLiteral("authors"));
        QVERIFY(qAbs(back2.rgcnSelfDropout - 0.3) < 1e-6);
        QVERIFY(qAbs(back2.reg - 0.05) < 1e-6);
    }

    void oneVsAllReachesTheRun() {
        ui::MainWindow window;
        ui::TrainingPage* page = trainingPageOnDemo(window);
        QVERIFY(page);
        TrainingForm* form = page->form();
        auto* all = form->findChild<QCheckBox*>(QStringLiteral("oneVsAll"));
        auto* neg = form->findChild<QSpinBox*>(QStringLiteral("neg"));
        QVERIFY(all && neg);
        QComboBox* model = form->modelCombo();
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        QVERIFY(!all->isVisibleTo(form)); // R-GCN trains with sampled negatives only
        model->setCurrentIndex(model->findData(QStringLiteral("ComplEx")));
        QVERIFY(all->isVisibleTo(form));
        QVERIFY(!all->isChecked());
        all->setChecked(true);
        QVERIFY(!neg->isEnabled()); // the sample size does not apply
        // The step decay and the subsampling weights reach the run too.
        auto* subsampling = form->findChild<QCheckBox*>(QStringLiteral("subsampling"));
        auto* lrStep = form->findChild<QSpinBox*>(QStringLiteral("lrStep"));
        auto* lrDecay = form->findChild<QDoubleSpinBox*>(QStringLiteral("lrDecay"));
        QVERIFY(subsampling && lrStep && lrDecay);
        QVERIFY(subsampling->isVisibleTo(form));
        subsampling->setChecked(true);
        lrStep->setValue(1);
        lrDecay->setValue(0.5);
        TrainingConfig c = page->config();
        QVERIFY(c.oneVsAll);
        QVERIFY(c.subsampling);
        QCOMPARE(c.lrStep, 1);
        c.dim = 8;
        c.epochs = 2;
        c.evalEvery = 1;
        c.advTemp = 1.0; // disabled in the form and not passed on: 1-vs-all has no weights
        page->setConfig(c);
        QTemporaryDir work;
        page->setRunFolder(work.filePath(QStringLiteral("complex")));
        ui::TrainingRun* run = page->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCOMPARE(run->status(), ui::TrainingRun::Status::Finished);
        QFile f(work.filePath(QStringLiteral("complex/params.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject params = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(params.value(QStringLiteral("one_vs_all")).toBool(), true);
        QCOMPARE(params.value(QStringLiteral("loss")).toString(), QStringLiteral("ce"));
        QCOMPARE(params.value(QStringLiteral("adv_temp")).toDouble(), 0.0);
        QVERIFY(TrainingConfig::fromParamsJson(params).oneVsAll);
        QCOMPARE(params.value(QStringLiteral("lr_step")).toInt(), 1);
        QCOMPARE(params.value(QStringLiteral("lr_decay")).toDouble(), 0.5);
        QCOMPARE(params.value(QStringLiteral("subsampling")).toBool(), true);
        const TrainingConfig back = TrainingConfig::fromParamsJson(params);
        QVERIFY(back.subsampling);
        QCOMPARE(back.lrStep, 1);
        QCOMPARE(back.lrDecay, 0.5);
        // Switching to R-GCN drops both options from the configuration.
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        QVERIFY(!page->config().oneVsAll);
        QVERIFY(!page->config().subsampling);
        QVERIFY(!subsampling->isVisibleTo(form));
    }

    /// "Use PyKEEN's defaults" fills the fields with core's graph_training_settings for the model;
    /// the initialiser, entity norm, Lp weights and dense Adam reach the run's params.json and
    /// read back; models without PyKEEN's defaults (RotatE) and R-GCN do not offer them.
    void pykeenDefaultsReachTheRun() {
        ui::MainWindow window;
        ui::TrainingPage* page = trainingPageOnDemo(window);
        QVERIFY(page);
        TrainingForm* form = page->form();
        QComboBox* model = form->modelCombo();
        QPushButton* button = form->pykeenDefaultsButton();
        auto* init = form->findChild<QComboBox*>(QStringLiteral("init"));
        auto* unit = form->findChild<QCheckBox*>(QStringLiteral("unitEntities"));
        auto* dense = form->findChild<QCheckBox*>(QStringLiteral("denseOptimizer"));
        QVERIFY(button && init && unit && dense);
        model->setCurrentIndex(model->findData(QStringLiteral("RotatE")));
        QVERIFY(button->isVisibleTo(form) && !button->isEnabled());
        QVERIFY(!init->isEnabled());
        model->setCurrentIndex(model->findData(QStringLiteral("rgcn")));
        QVERIFY(!button->isVisibleTo(form) && !unit->isVisibleTo(form) && !dense->isVisibleTo(form));
        model->setCurrentIndex(model->findData(QStringLiteral("DistMult")));
        QVERIFY(button->isEnabled() && init->isEnabled());
        QVERIFY(!page->config().unitEntities);
        button->click();
        const auto want = embed::graph_training_settings(embed::GraphTraining::Pykeen, "DistMult", 0);
        TrainingConfig c = page->config();
        QCOMPARE(c.dim, want.dim);
        QCOMPARE(c.batch, want.batch);
        QCOMPARE(c.neg, want.neg);
        QCOMPARE(c.chunk, want.chunk);
        QCOMPARE(c.loss, QStringLiteral("margin"));
        QCOMPARE(c.margin, 1.0);
        QCOMPARE(c.init, QStringLiteral("pykeen"));
        QVERIFY(c.unitEntities && c.denseOptimizer && unit->isChecked() && dense->isChecked());
        QCOMPARE(c.lpEntity, 0.0);
        QVERIFY(std::fabs(c.lpRelation - static_cast<double>(want.lp_relation)) < 1e-6); // the spin box's 4 decimals
        const embed::KgTrainParams p = c.toParams();
        QVERIFY(p.model.init == embed::KgInit::Pykeen);
        QVERIFY(p.train.unit_entities && p.train.dense_optimizer);
        QVERIFY(std::fabs(p.train.lp_relation - want.lp_relation) < 1e-6f);
        QCOMPARE(p.train.lr, want.lr);
        c.dim = 8;
        c.epochs = 2;
        c.evalEvery = 1;
        page->setConfig(c);
        QTemporaryDir work;
        page->setRunFolder(work.filePath(QStringLiteral("distmult")));
        ui::TrainingRun* run = page->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCOMPARE(run->status(), ui::TrainingRun::Status::Finished);
        QFile f(work.filePath(QStringLiteral("distmult/params.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject params = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(params.value(QStringLiteral("init")).toString(), QStringLiteral("pykeen"));
        QVERIFY(params.value(QStringLiteral("unit_entities")).toBool());
        QVERIFY(params.value(QStringLiteral("dense_optimizer")).toBool());
        const TrainingConfig back = TrainingConfig::fromParamsJson(params);
        QCOMPARE(back.init, QStringLiteral("pykeen"));
        QVERIFY(back.unitEntities && back.denseOptimizer);
        QVERIFY(std::fabs(back.lpRelation - 0.1) < 1e-6);
        // Switching to RotatE falls back to this explorer's initialiser.
        model->setCurrentIndex(model->findData(QStringLiteral("RotatE")));
        QCOMPARE(page->config().init, QStringLiteral("kbcx"));
    }

  private:
    /// Shows `window`, loads the demo data and opens the Training tab; nullptr on failure.
    static ui::TrainingPage* trainingPageOnDemo(ui::MainWindow& window) {
        window.show();
        auto* page = window.findChild<ui::TrainingPage*>();
        ui::JobHandle* load = window.openDemo();
        if (!page || !load) return nullptr;
        QSignalSpy ended(load, &ui::JobHandle::ended);
        if (!ended.wait(30000) || !window.showTab(QStringLiteral("Training"))) return nullptr;
        return page;
    }

    QTemporaryDir settings_;
};

QTEST_MAIN(TestUiTrainingRgcn)
#include "tst_ui_training_rgcn.moc"
