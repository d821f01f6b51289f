// Qt Test of session restore: what a window has open is saved to session.json as it changes,
// and a new window restores the same datasets, ontologies, evaluations, tab and dataset.
#include "ui/dataset/dataset_model.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/shell/main_window.hpp"
#include "ui/shell/session.hpp"

#include "ui_test_util.hpp"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace kbcx;
using ui::SessionKeeper;
using ui::SessionState;

namespace {

bool waitIdle(ui::JobRunner* runner, int ms = 120000) {
    QElapsedTimer t;
    t.start();
    QTest::qWait(50);
    while (runner->activeJobCount() > 0 && t.elapsed() < ms)
        QTest::qWait(20);
    return runner->activeJobCount() == 0;
}

/// "name: source, source" per dataset, sorted.
QStringList sortedDatasets(const SessionState& s) {
    QStringList out;
    for (const SessionState::KgEntry& d : s.datasets)
        out << d.name + QStringLiteral(": ") + d.sources.join(QStringLiteral(", "));
    out.sort();
    return out;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }
    void init() { QFile::remove(SessionKeeper::sessionFilePath()); }

    void jsonRoundTrip() {
        SessionState s;
        s.ontologies = {QStringLiteral("/data/onto/pizza.owl.gz")};
        s.datasets.append({QStringLiteral("train.txt"), {QStringLiteral("/a/train.txt")}, QString()});
        SessionState::EvalEntry e;
        e.testsPath = QStringLiteral("/t.tsv");
        e.scoresPath = QStringLiteral("/s.tsv");
        e.k = 5;
        e.lowerIsBetter = true;
        s.evaluations.append(e);
        s.tab = QStringLiteral("Ontology");
        s.dataset = QStringLiteral("train.txt");
        s.endedCleanly = false;
        const SessionState back = SessionState::fromJson(s.toJson());
        QVERIFY(back == s);
        QVERIFY(!back.endedCleanly);
        QCOMPARE(back.summary(), QStringLiteral("1 dataset, 1 ontology, 1 evaluation"));
        SessionState other = s;
        other.tab = QStringLiteral("Rules");
        QVERIFY(!(other == s));
    }

    void savedAsTheUserWorksAndRestored() {
        const QString kg = QStringLiteral(KBCX_TEST_DATA "/bad/good/kg.tsv");
        SessionState saved;
        {
            ui::MainWindow window;
            auto* keeper = window.findChild<SessionKeeper*>(QStringLiteral("sessionKeeper"));
            QVERIFY(keeper);
            QVERIFY(test::waitForEnd(window.openDemo()));
            QVERIFY(waitIdle(window.jobRunner()));
            QVERIFY(test::waitForEnd(window.openFiles({kg})));
            QVERIFY(test::waitForEnd(window.openFiles({QStringLiteral(KBCX_TEST_DATA "/bad/good/onto.kbo")})));
            QVERIFY(window.showTab(QStringLiteral("Ontology")));
            // Saved within half a second of the last change, without quitting.
            QTRY_VERIFY_WITH_TIMEOUT(SessionKeeper::readSaved() == keeper->capture(), 5000);
            saved = SessionKeeper::readSaved();
            QVERIFY(!saved.endedCleanly); // the window is still open: a crash now would leave this
            QVERIFY(saved.datasets.size() >= 1);
            QVERIFY(saved.ontologies.size() >= 1);
            QVERIFY(saved.evaluations.size() >= 1);
            QCOMPARE(saved.tab, QStringLiteral("Ontology"));
            QCOMPARE(saved.dataset, window.currentDataset()->name);
        }
        QVERIFY(SessionKeeper::readSaved().endedCleanly); // the window's end marks a clean end
        {
            ui::MainWindow window;
            auto* keeper = window.findChild<SessionKeeper*>(QStringLiteral("sessionKeeper"));
            QVERIFY(keeper);
            QVERIFY(!keeper->previousCrashed());
            QSignalSpy restored(keeper, &SessionKeeper::restored);
            const auto jobs = keeper->restore(SessionKeeper::readSaved());
            QVERIFY(!jobs.isEmpty());
            QVERIFY(restored.wait(120000));
            QVERIFY(waitIdle(window.jobRunner()));
            // The same things, in the order their loads ended (they run side by side).
            const SessionState now = keeper->capture();
            QCOMPARE(sortedDatasets(now), sortedDatasets(saved));
            QStringList ontologiesNow = now.ontologies, ontologiesSaved = saved.ontologies;
            ontologiesNow.sort();
            ontologiesSaved.sort();
            QCOMPARE(ontologiesNow, ontologiesSaved);
            QCOMPARE(now.evaluations.size(), saved.evaluations.size());
            for (qsizetype i = 0; i < saved.evaluations.size(); ++i)
                QCOMPARE(now.evaluations[i].testsPath, saved.evaluations[i].testsPath);
            QCOMPARE(now.tab, saved.tab);
            QCOMPARE(now.dataset, saved.dataset);
        }
    }

    void crashedSessionIsOffered() {
        SessionState s;
        s.datasets.append({QStringLiteral("gone.tsv"), {QStringLiteral("/nonexistent/gone.tsv")}, QString()});
        s.endedCleanly = false;
        QFile f(SessionKeeper::sessionFilePath());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(s.toJson()).toJson());
        f.close();
        ui::MainWindow window;
        auto* keeper = window.findChild<SessionKeeper*>(QStringLiteral("sessionKeeper"));
        QVERIFY(keeper->previousCrashed());
        keeper->offerRestore();
        QVERIFY(window.findChild<QWidget*>(QStringLiteral("restoreSessionBox")));
        // A file gone since is skipped (named in the status bar), nothing else fails.
        QSignalSpy restored(keeper, &SessionKeeper::restored);
        QVERIFY(keeper->restore(keeper->previous()).isEmpty());
        QCOMPARE(restored.count(), 1);
        QCOMPARE(window.datasetModel()->datasetCount(), 0);
    }

#ifdef KBCX_GUI_EXE
    void restoreOptionRestoresWithoutAsking() {
        const QString kg = QStringLiteral(KBCX_TEST_DATA "/bad/good/kg.tsv");
        if (!QFileInfo::exists(kg)) QSKIP("tests/data/bad/good/kg.tsv missing");
        QTemporaryDir settings;
        SessionState s;
        s.datasets.append({QFileInfo(kg).fileName(), {QFileInfo(kg).absoluteFilePath()}, QString()});
        s.tab = QStringLiteral("Rules");
        s.dataset = QFileInfo(kg).fileName();
        s.endedCleanly = false;
        QFile f(settings.filePath(QStringLiteral("session.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(s.toJson()).toJson());
        f.close();
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QString::fromLatin1(ui::kSettingsDirEnv), settings.path());
        gui.setProcessEnvironment(env);
        gui.start(QStringLiteral(KBCX_GUI_EXE),
                  {QStringLiteral("--restore"), QStringLiteral("--no-tour"), QStringLiteral("--screenshot"),
                   settings.filePath(QStringLiteral("shot.png"))});
        QVERIFY(gui.waitForFinished(120000));
        QCOMPARE(gui.exitCode(), 0);
        QFile back(settings.filePath(QStringLiteral("session.json")));
        QVERIFY(back.open(QIODevice::ReadOnly));
        const SessionState after = SessionState::fromJson(QJsonDocument::fromJson(back.readAll()).object());
        QCOMPARE(after.datasets.size(), 1);
        QCOMPARE(after.datasets[0].sources, s.datasets[0].sources);
        QCOMPARE(after.tab, QStringLiteral("Rules"));
        QVERIFY(after.endedCleanly);
    }
#endif
};

QTEST_MAIN(TestSession)
#include "tst_ui_session.moc"
