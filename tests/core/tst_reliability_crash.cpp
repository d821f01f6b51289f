// Crash safety of training runs (issue 9): `kbcx train` is killed with SIGKILL at random moments
// (at least 20 times); every time the checkpoint must be whole, metrics.jsonl must parse and
// lose at most the evaluation in flight, and `--resume` must continue from the checkpoint.
#include "common/error.hpp"
#include "embed/checkpoint.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace {

/// A small KG with a learnable structure: r is a permutation, s its inverse.
void write_kg(const QString& dir) {
    std::ofstream train((dir + "/train.txt").toStdString()), valid((dir + "/valid.txt").toStdString()),
        test((dir + "/test.txt").toStdString());
    const int n = 60;
    for (int i = 0; i < n; ++i) {
        const int j = (i * 7 + 3) % n;
        std::ostream& out = i % 10 == 0 ? static_cast<std::ostream&>(valid) : i % 10 == 1 ? test : train;
        out << "e" << i << "\tr\te" << j << "\n";
        train << "e" << j << "\ts\te" << i << "\n";
        train << "e" << i << "\tt\te" << (i + 1) % n << "\n";
    }
}

struct Metrics {
    std::vector<int> valid_epochs; ///< epochs of complete "valid" lines, in file order
    bool partial_tail = false;     ///< a last line without '\n' (cut by the kill)
};

/// Parses metrics.jsonl; fails the test on any complete line that is not a JSON object.
Metrics read_metrics(const QString& path) {
    Metrics m;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return m;
    const QByteArray all = f.readAll();
    const QList<QByteArray> lines = all.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray& line = lines[i];
        if (i + 1 == lines.size()) { // after the last '\n'
            m.partial_tail = !line.isEmpty();
            break;
        }
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            QTest::qFail(qPrintable("metrics.jsonl line " + QString::number(i + 1) + " does not parse: " + line),
                         __FILE__, __LINE__);
            return m;
        }
        const QJsonObject o = doc.object();
        if (o.value("split").toString() == "valid") m.valid_epochs.push_back(o.value("epoch").toInt());
    }
    return m;
}

} // namespace

class TestReliabilityCrash : public QObject {
    Q_OBJECT

  private slots:
    void kill_and_resume() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        write_kg(dir.path());
        const QString run = dir.path() + "/run";
        const std::string ckpt = (run + "/checkpoint.bin").toStdString();
        const QStringList base{"train",        dir.path(), "--model", "TransE", "--dim", "16",   "--epochs",
                               "100000",       "--batch",  "32",      "--neg",  "8",     "--lr", "0.01",
                               "--eval-every", "1",        "--seed",  "7",      "--run", run};
        std::mt19937 rng(20240611);
        int kills = 0, resumes = 0, last_epoch = 0;
        for (int round = 0; kills < 24 && round < 200; ++round) {
            const bool resume = std::filesystem::exists(ckpt);
            int ckpt_epoch = 0;
            if (resume) ckpt_epoch = std::stoi(kbcx::embed::read_checkpoint(ckpt).get("epoch"));
            QProcess proc;
            proc.start(KBCX_CLI, resume ? base + QStringList{"--resume"} : base);
            QVERIFY(proc.waitForStarted());
            QThread::msleep(std::uniform_int_distribution<int>(20, 600)(rng));
            proc.kill(); // SIGKILL
            QVERIFY(proc.waitForFinished(30000));
            if (proc.exitStatus() != QProcess::CrashExit)
                QFAIL(qPrintable("train ended by itself: " + proc.readAllStandardError()));
            ++kills;
            // A killed process loses its buffered output, so what it printed is not evidence;
            // the checkpoint and metrics checks below are. Count kills of resumed runs.
            if (resume) {
                ++resumes;
                QVERIFY(ckpt_epoch >= 0);
            }

            // The checkpoint is never half-written: if it exists, it reads back whole.
            int epoch = 0;
            if (std::filesystem::exists(ckpt)) {
                try {
                    epoch = std::stoi(kbcx::embed::read_checkpoint(ckpt).get("epoch"));
                } catch (const kbcx::InputError& e) {
                    QFAIL(qPrintable(QString("checkpoint damaged after kill %1: %2").arg(kills).arg(e.what())));
                }
            }
            QVERIFY2(epoch >= last_epoch, "a checkpoint went backwards");
            last_epoch = epoch;

            // metrics.jsonl: complete lines parse, cover every finished epoch 1..epoch, and at
            // most one evaluation beyond the checkpoint (the one in flight) is present or cut.
            const Metrics m = read_metrics(run + "/metrics.jsonl");
            if (QTest::currentTestFailed()) return;
            for (std::size_t i = 0; i < m.valid_epochs.size(); ++i)
                QCOMPARE(m.valid_epochs[i], static_cast<int>(i) + 1);
            const int evaluated = static_cast<int>(m.valid_epochs.size());
            QVERIFY2(evaluated >= epoch,
                     qPrintable(QString("metrics lost: %1 lines, checkpoint epoch %2").arg(evaluated).arg(epoch)));
            QVERIFY2(evaluated <= epoch + 1,
                     qPrintable(QString("%1 lines beyond checkpoint epoch %2").arg(evaluated).arg(epoch)));
        }
        QVERIFY2(kills >= 20, "fewer than 20 kills");
        QVERIFY2(resumes >= 5, qPrintable(QString("only %1 kills happened after a resume had started").arg(resumes)));
        QVERIFY2(last_epoch >= 5, "training made no progress across the kills");

        // A final resume under --time-limit ends cleanly with exit code 3, keeping the checkpoint.
        QProcess last;
        last.start(KBCX_CLI, base + QStringList{"--resume", "--time-limit", "1"});
        QVERIFY(last.waitForFinished(60000));
        const QString err = QString::fromUtf8(last.readAllStandardError());
        QCOMPARE(last.exitStatus(), QProcess::NormalExit);
        QVERIFY2(last.exitCode() == 3, qPrintable(err));
        QVERIFY2(err.contains("limit reached: time limit of 1 s reached"), qPrintable(err));
        const int final_epoch = std::stoi(kbcx::embed::read_checkpoint(ckpt).get("epoch"));
        QVERIFY(final_epoch > last_epoch);
        const Metrics m = read_metrics(run + "/metrics.jsonl");
        QVERIFY(!m.partial_tail);
        QCOMPARE(static_cast<int>(m.valid_epochs.size()), final_epoch);
        qInfo("%d kills (%d after a resume), checkpoint epoch %d before the final run, %d after it", kills, resumes,
              last_epoch, final_epoch);
    }
};

QTEST_GUILESS_MAIN(TestReliabilityCrash)
#include "tst_reliability_crash.moc"
