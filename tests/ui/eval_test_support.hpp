// Shared helpers of the Hierarchy and Inversions UI tests: waiting for jobs, an independent
// evaluation of the same files through the engine, and a random fixture with many ties.
#pragma once

#include "ui_test_util.hpp"

#include "eval/evaluate.hpp"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QString>
#include <QTest>

namespace evaltest {

using kbcx::test::screenshotDir;

inline QString phdTests() {
    return QStringLiteral(KBCX_TEST_DATA "/eval/phd_tests.tsv");
}
inline QString phdScores() {
    return QStringLiteral(KBCX_TEST_DATA "/eval/phd_scores.tsv");
}

/// The engine's evaluation of the files, computed here in the test (the reference).
inline kbcx::eval::EvalResult reference(const QString& tests, const QString& scores, bool missingLowest = false) {
    kbcx::jobs::JobContext ctx;
    kbcx::eval::EvalParams p;
    p.tests_path = tests.toStdString();
    p.scores_path = scores.toStdString();
    p.options.missing_lowest = missingLowest;
    return kbcx::eval::run_eval(p, ctx);
}

/// Writes a random test set over three normal forms with P fractions for most undetermined
/// axioms and scores drawn from a small set (many ties). Returns {tests, scores} paths.
inline std::pair<QString, QString> writeRandomFixture(const QString& dir, quint32 seed, int n) {
    QRandomGenerator rng(seed);
    const char* nfs[] = {"GCI0", "GCI1", "GCI2"};
    const char* statuses[] = {"entailed", "undetermined", "contradictory"};
    QByteArray tests = "status\tnf\taxiom\tP\n", scores;
    for (int i = 0; i < n; ++i) {
        const int s = static_cast<int>(rng.bounded(3));
        const int nf = static_cast<int>(rng.bounded(3));
        const QByteArray axiom = nf == 0   ? QByteArray("A%1 SubClassOf B%2")
                                 : nf == 1 ? QByteArray("A%1 and C SubClassOf B%2")
                                           : QByteArray("A%1 SubClassOf r some B%2");
        const QByteArray text = QString::fromLatin1(axiom).arg(i).arg(i % 7).toUtf8();
        tests += QByteArray(statuses[s]) + '\t' + nfs[nf] + '\t' + text;
        if (s == 1 && rng.bounded(10) != 0) tests += '\t' + QByteArray::number(1 + rng.bounded(7)) + "/8";
        tests += '\n';
        scores += text + '\t' + QByteArray::number(static_cast<double>(rng.bounded(9)) / 4.0) + '\n';
    }
    const QString t = dir + QStringLiteral("/random_tests.tsv"), sc = dir + QStringLiteral("/random_scores.tsv");
    QFile ft(t), fs(sc);
    if (!ft.open(QIODevice::WriteOnly) || !fs.open(QIODevice::WriteOnly)) return {};
    ft.write(tests);
    fs.write(scores);
    return {t, sc};
}

} // namespace evaltest
