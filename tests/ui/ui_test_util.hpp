// Helpers every GUI test shares: waiting for a job to end, the screenshot folder, keeping the
// user's own settings out of reach, and running the kbc-explorer executable.
#pragma once

#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace kbcx::test {

/// True when `job` has ended (finished, failed or cancelled) within `ms`; false for no job.
inline bool waitForEnd(ui::JobHandle* job, int ms = 60000) {
    if (!job) return false;
    if (!job->isActive()) return true;
    QSignalSpy ended(job, &ui::JobHandle::ended);
    return ended.wait(ms);
}

/// $KBCX_SCREENSHOT_DIR (ctest sets it), else the build folder's screenshots/, then `sub`;
/// created when missing, so a test saving there never depends on another having run first.
inline QString screenshotDir(const QString& sub = QString()) {
    const QString env = qEnvironmentVariable("KBCX_SCREENSHOT_DIR");
    const QString base = env.isEmpty() ? QStringLiteral(KBCX_BINARY_DIR "/screenshots") : env;
    const QString dir = sub.isEmpty() ? base : base + QLatin1Char('/') + sub;
    QDir().mkpath(dir);
    return dir;
}

/// Never touch the user's settings: ctest sets KBCX_SETTINGS_DIR; a direct run gets a temp dir.
inline void useTestSettings() {
    static QTemporaryDir dir;
    if (qEnvironmentVariableIsEmpty(ui::kSettingsDirEnv)) qputenv(ui::kSettingsDirEnv, dir.path().toLocal8Bit());
}

#ifdef KBCX_GUI_EXE
/// How a run of the kbc-explorer executable ended.
struct GuiRun {
    bool ok = false;   ///< finished normally with exit code `expected`
    int exitCode = -1; ///< -1 when it did not finish in time or crashed
    QByteArray stdoutText;
    QByteArray stderrText;
};

/// Runs kbc-explorer offscreen with `args` and its settings in a fresh folder (never the
/// user's), waiting up to `ms`.
inline GuiRun runGui(const QStringList& args, int expected = 0, int ms = 120000) {
    QTemporaryDir settings;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QString::fromLatin1(ui::kSettingsDirEnv), settings.path());
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(KBCX_GUI_EXE), args);
    GuiRun run;
    if (process.waitForFinished(ms) && process.exitStatus() == QProcess::NormalExit) run.exitCode = process.exitCode();
    run.stdoutText = process.readAllStandardOutput();
    run.stderrText = process.readAllStandardError();
    run.ok = run.exitCode == expected;
    return run;
}

/// kbc-explorer --demo --tab TAB --screenshot PNG.
inline GuiRun renderDemoTab(const QString& tab, const QString& png) {
    return runGui({QStringLiteral("--demo"), QStringLiteral("--tab"), tab, QStringLiteral("--screenshot"), png});
}
#endif

} // namespace kbcx::test
