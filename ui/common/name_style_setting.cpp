// NameStyleSetting: the View → Names choice, read from and saved to the settings file, and
// the signal that tells the views to repaint their names.
#include "ui/common/name_style_setting.hpp"

#include "ui/common/app_settings.hpp"

namespace kbcx::ui {

namespace {
const QString kKey = QStringLiteral("view/names");
}

NameStyleSetting& NameStyleSetting::instance() {
    static NameStyleSetting* setting = new NameStyleSetting; // lives as long as the application
    return *setting;
}

NameStyleSetting::NameStyleSetting() {
    const QString saved = openSettings()->value(kKey).toString();
    if (const auto s = parse_name_style(saved.toStdString())) style_ = *s;
}

void NameStyleSetting::setStyle(NameStyle style) {
    if (style == style_) return;
    style_ = style;
    writeSettingLater(kKey, QString::fromLatin1(name_style_name(style)));
    emit changed();
}

} // namespace kbcx::ui
