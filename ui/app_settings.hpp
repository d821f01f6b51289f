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
std::unique_ptr<QSettings> openSettings();

/// Registers the resources compiled into kbcx_ui (demo data, icons). Idempotent; needed
/// because a static library's resource initialiser is not linked unless referenced.
void initResources();

} // namespace kbcx::ui
