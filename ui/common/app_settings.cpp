// Implementation of the settings location (honouring KBCX_SETTINGS_DIR) and of the
// registration of kbcx_ui's embedded resources.
#include "ui/common/app_settings.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QThreadPool>
#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void registerKbcxResources() {
    Q_INIT_RESOURCE(resources);
}

namespace kbcx::ui {

namespace {

std::unique_ptr<QSettings> openSettingsNow() {
    const QString dir = qEnvironmentVariable(kSettingsDirEnv);
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        return std::make_unique<QSettings>(QDir(dir).filePath(QStringLiteral("kbc-explorer.ini")),
                                           QSettings::IniFormat);
    }
    return std::make_unique<QSettings>(QString::fromLatin1(kOrganizationName), QString::fromLatin1(kApplicationName));
}

/// One thread, so that queued writes reach the file in the order they were queued. Never
/// destroyed: the program waits for it explicitly (waitForSettingWrites) while Qt still runs.
QThreadPool& settingsWriter() {
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(1);
        return p;
    }();
    return *pool;
}

} // namespace

std::unique_ptr<QSettings> openSettings() {
    waitForSettingWrites();
    return openSettingsNow();
}

void writeSettingLater(const QString& key, const QVariant& value) {
    settingsWriter().start([key, value] {
        auto settings = openSettingsNow();
        settings->setValue(key, value);
        settings->sync();
    });
}

QString settingsFolder() {
    const QString dir = QFileInfo(openSettings()->fileName()).absolutePath();
    QDir().mkpath(dir);
    return dir;
}

void writeFileLater(const QString& path, const QByteArray& bytes) {
    settingsWriter().start([path, bytes] {
        QSaveFile file(path);
        if (file.open(QIODevice::WriteOnly)) {
            file.write(bytes);
            file.commit();
        }
    });
}

void waitForSettingWrites() {
    settingsWriter().waitForDone();
}

void initResources() {
    static const bool done = [] {
        registerKbcxResources();
        return true;
    }();
    (void)done;
}

} // namespace kbcx::ui
