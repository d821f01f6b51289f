// Where KBC Explorer keeps its settings (window layout, recent files), and the resources
// embedded in kbcx_ui. KBCX_SETTINGS_DIR redirects settings so tests never touch the user's.
#pragma once

#include <QSettings>

#include <memory>

namespace kbcx::ui {

inline constexpr const char* kOrganizationName = "KBC Explorer";
inline constexpr const char* kApplicationName = "kbc-explorer";
inline constexpr const char* kSettingsDirEnv = "KBCX_SETTINGS_DIR";

/// The application's settings: an INI file `kbc-explorer.ini` in $KBCX_SETTINGS_DIR when that
/// variable is set, else the platform's native store for organisation "KBC Explorer",
/// application "kbc-explorer".
/// Waits first for the writes queued by writeSettingLater(), so that what is read is what
/// was last written.
std::unique_ptr<QSettings> openSettings();

/// Stores `value` under `key` on a background thread. Writing the settings file ends with an
/// fsync (QSaveFile), which can take hundreds of milliseconds on a busy disk, so the GUI
/// thread queues the write instead; writes run one at a time in the order queued. Used for
/// the settings that change while the user works (recent files, the run list).
void writeSettingLater(const QString& key, const QVariant& value);

/// The folder the settings file lies in ($KBCX_SETTINGS_DIR when set); created if missing.
/// Other state files of the application (the session) are kept beside it.
QString settingsFolder();

/// Writes `bytes` to `path` (atomically, with QSaveFile) on the settings' writer thread, in
/// order with the setting writes queued before it.
void writeFileLater(const QString& path, const QByteArray& bytes);

/// Blocks until every queued write is on disk (called before reading settings and on exit).
void waitForSettingWrites();

/// Registers the resources compiled into kbcx_ui (demo data, icons). Idempotent; needed
/// because a static library's resource initialiser is not linked unless referenced.
void initResources();

} // namespace kbcx::ui
