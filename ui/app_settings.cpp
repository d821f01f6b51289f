// Implementation of the settings location (honouring KBCX_SETTINGS_DIR) and of the
// registration of kbcx_ui's embedded resources.
#include "app_settings.hpp"

#include <QDir>
#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void registerKbcxResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace kbcx::ui {

std::unique_ptr<QSettings> openSettings()
{
    const QString dir = qEnvironmentVariable(kSettingsDirEnv);
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        return std::make_unique<QSettings>(QDir(dir).filePath(QStringLiteral("kbc-explorer.ini")),
                                           QSettings::IniFormat);
    }
    return std::make_unique<QSettings>(QString::fromLatin1(kOrganizationName), QString::fromLatin1(kApplicationName));
}

void initResources()
{
    static const bool done = [] {
        registerKbcxResources();
        return true;
    }();
    (void)done;
}

} // namespace kbcx::ui
