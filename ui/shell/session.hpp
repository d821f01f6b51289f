// Session restore: what the user has open (datasets and ontologies with their files, imported
// evaluations, the tab and dataset shown), saved to session.json beside the settings as it changes.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace kbcx::ui {

class JobHandle;
class MainWindow;

/// What a session holds, in the order it is restored (ontologies first: the demo dataset
/// brings the demo ontology only when none is open).
struct SessionState {
    struct KgEntry {
        QString name;
        QStringList sources; ///< file paths, or the demo's resource name
        QString entityNames; ///< names file (empty: none)
    };
    struct EvalEntry {
        QString testsPath, scoresPath; ///< files, or the demo's resource names
        bool lowerIsBetter = false;
        bool missingLowest = false;
        int k = 10;
    };
    QStringList ontologies; ///< file paths, or the demo's resource name
    QList<KgEntry> datasets;
    QList<EvalEntry> evaluations;
    QString tab;              ///< the current tab's title (without '&')
    QString dataset;          ///< the current dataset's name
    bool endedCleanly = true; ///< false while the window is open: true only after a clean quit

    bool isEmpty() const { return ontologies.isEmpty() && datasets.isEmpty() && evaluations.isEmpty(); }
    /// "2 datasets, 1 ontology, 1 evaluation".
    QString summary() const;
    QJsonObject toJson() const;
    static SessionState fromJson(const QJsonObject& json);
    bool operator==(const SessionState& other) const;
};

/// Keeps session.json (in settingsFolder()) up to date with a window: a change of the
/// datasets, ontologies, evaluations, current tab or dataset saves it within half a second,
/// off the GUI thread; the window's end marks it as ended cleanly.
class SessionKeeper : public QObject {
    Q_OBJECT
  public:
    explicit SessionKeeper(MainWindow* window);
    ~SessionKeeper() override;

    static QString sessionFilePath();
    /// The session saved last (by this or an earlier process); empty when there is none.
    static SessionState readSaved();
    /// The session as it was when this keeper started, before anything overwrote it.
    const SessionState& previous() const { return previous_; }
    /// Whether the previous session ended without a clean quit (a crash, a kill) with
    /// something open: the case in which the next start offers to restore it.
    bool previousCrashed() const { return !previous_.endedCleanly && !previous_.isEmpty(); }

    /// The window's session now.
    SessionState capture() const;
    /// Opens what `state` lists (in the background: the returned jobs) and, once they have
    /// ended, shows its tab and dataset. Nothing already open is closed.
    QList<JobHandle*> restore(const SessionState& state);
    /// Queues the write of the current session now (it is also saved after each change).
    void saveNow(bool endedCleanly = false);
    /// Asks (a non-modal box, object name "restoreSessionBox") whether to restore previous().
    void offerRestore();

  signals:
    /// restore()'s loads have all ended and the tab and dataset are shown.
    void restored();

  private:
    void scheduleSave();

    MainWindow* window_;
    SessionState previous_;
    QTimer saveTimer_;
    bool restoring_ = false;
    SessionState pendingSelection_;
    int pendingJobs_ = 0;
};

} // namespace kbcx::ui
