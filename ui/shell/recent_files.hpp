// The "Open Recent" list: most recent first, no duplicates, at most ten entries,
// persisted under the key "recentFiles" of the application settings.
#pragma once

#include <QObject>
#include <QStringList>

namespace kbcx::ui {

class RecentFiles : public QObject {
    Q_OBJECT
  public:
    static constexpr int kMaxEntries = 10;

    /// Reads the list from openSettings().
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return files_; }
    /// Moves `path` (made absolute) to the front, drops the oldest beyond kMaxEntries, saves.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

  signals:
    void changed();

  private:
    void save();
    QStringList files_;
};

} // namespace kbcx::ui
