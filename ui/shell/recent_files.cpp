// Implementation of RecentFiles: an ordered, bounded list written through to QSettings on
// every change so that a crash does not lose it.
#include "ui/shell/recent_files.hpp"

#include "ui/common/app_settings.hpp"

#include <QFileInfo>

namespace kbcx::ui {

namespace {
constexpr auto kKey = "recentFiles";
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    files_ = openSettings()->value(QString::fromLatin1(kKey)).toStringList();
    while (files_.size() > kMaxEntries)
        files_.removeLast();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files_.removeAll(absolute);
    files_.prepend(absolute);
    while (files_.size() > kMaxEntries)
        files_.removeLast();
    save();
}

void RecentFiles::remove(const QString& path) {
    if (files_.removeAll(QFileInfo(path).absoluteFilePath()) > 0) save();
}

void RecentFiles::clear() {
    files_.clear();
    save();
}

void RecentFiles::save() {
    writeSettingLater(QString::fromLatin1(kKey), files_);
    emit changed();
}

} // namespace kbcx::ui
