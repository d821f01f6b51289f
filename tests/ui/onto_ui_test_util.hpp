// Helpers shared by the ontology GUI tests (Ontology, Partition, Teach tabs): waiting for
// jobs, the screenshot folder, and an independent load + classification through core.
#pragma once

#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"

#include "common/job.hpp"
#include "ui/ontology/core_onto.hpp"

#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <stop_token>
#include <string>

namespace kbcx::test {

inline bool waitForEnd(ui::JobHandle* job, int ms = 60000) {
    if (!job) return false;
    if (!job->isActive()) return true;
    QSignalSpy ended(job, &ui::JobHandle::ended);
    return ended.wait(ms);
}

inline QString screenshotDir() {
    const QString dir = qEnvironmentVariable("KBCX_SCREENSHOT_DIR");
    return dir.isEmpty() ? QStringLiteral(KBCX_BINARY_DIR "/screenshots") : dir;
}

/// Never touch the user's settings: ctest sets KBCX_SETTINGS_DIR; a direct run gets a temp dir.
inline void useTestSettings() {
    static QTemporaryDir dir;
    if (qEnvironmentVariableIsEmpty(ui::kSettingsDirEnv)) qputenv(ui::kSettingsDirEnv, dir.path().toLocal8Bit());
}

/// The embedded demo ontology, read straight from the source tree (not through the GUI).
inline std::string demoOntologyText() {
    QFile f(QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

} // namespace kbcx::test
