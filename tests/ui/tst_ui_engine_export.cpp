// Offscreen test of Training → Export for a Training Engine…: the dialog exports a benchmark for
// LibKGE through the background job (files on disk, the training command shown), reports a
// malformed file with its line and stays usable, and is captured for the screenshots folder.
#include "onto_ui_test_util.hpp"
#include "ui/benchmark/engine_export_dialog.hpp"
#include "ui/shell/main_window.hpp"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace kbcx;
using ui::EngineExportDialog;

namespace {

void writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

} // namespace

class TestUiEngineExport : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }

    void exportsThroughTheDialog() {
        QTemporaryDir work;
        QDir(work.path()).mkpath(QStringLiteral("bench"));
        writeText(work.filePath("bench/train.txt"), "a\tknows\tb\nb\tknows\tc\nc\tlikes\ta\n");
        writeText(work.filePath("bench/valid.txt"), "a\tlikes\tc\n");
        writeText(work.filePath("bench/test.txt"), "b\tlikes\ta\n");
        writeText(work.filePath("bench/valid_neg_rc.txt"), "c\tknows\ta\n");
        writeText(work.filePath("bench/test_neg_rc.txt"), "a\tknows\tc\n");

        ui::MainWindow window;
        auto* action = window.findChild<QAction*>(QStringLiteral("engineExportAction"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<EngineExportDialog*>(QStringLiteral("engineExportDialog"));
        QVERIFY(dialog);
        auto* button = dialog->findChild<QPushButton*>(QStringLiteral("exportButton"));
        QVERIFY(button && !button->isEnabled()); // nothing to export yet
        QVERIFY(!dialog->startExport());

        dialog->setDataFolder(work.filePath("bench"));
        dialog->setOutputFolder(work.filePath("out"));
        QVERIFY(dialog->setFormat(QStringLiteral("libkge")));
        QVERIFY(!dialog->setFormat(QStringLiteral("caffe")));
        QVERIFY(button->isEnabled());
        QVERIFY(dialog->startExport());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 30000);
        QVERIFY2(dialog->resultText().contains("to_score.tsv"), qPrintable(dialog->resultText()));
        QVERIFY(dialog->resultText().contains("(rc)"));
        QVERIFY(
            dialog->findChild<QPlainTextEdit*>(QStringLiteral("trainCommand"))->toPlainText().contains("kge start"));
        for (const char* f :
             {"dataset.yaml", "entity_ids.del", "train.del", "test_negatives.del", "to_score.tsv", "README.md"})
            QVERIFY2(QFile::exists(work.filePath(QStringLiteral("out/") + QLatin1String(f))), f);

        QDir().mkpath(test::screenshotDir());
        QVERIFY(dialog->grab().save(test::screenshotDir() + QStringLiteral("/engine_export.png")));

        // A malformed line: the dialog names file and line, and can export again afterwards.
        writeText(work.filePath("bench/test.txt"), "b\tlikes\ta\nonly two\n");
        QVERIFY(dialog->startExport());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 30000);
        QVERIFY2(dialog->resultText().contains("Export failed") && dialog->resultText().contains("test.txt:2"),
                 qPrintable(dialog->resultText()));
        QVERIFY(button->isEnabled());
        writeText(work.filePath("bench/test.txt"), "b\tlikes\ta\n");
        QVERIFY(dialog->setFormat(QStringLiteral("dglke")));
        QVERIFY(dialog->startExport());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 30000);
        QVERIFY(dialog->resultText().contains("dglke_train"));
        QVERIFY(QFile::exists(work.filePath(QStringLiteral("out/head.list"))));
    }
};

QTEST_MAIN(TestUiEngineExport)
#include "tst_ui_engine_export.moc"
