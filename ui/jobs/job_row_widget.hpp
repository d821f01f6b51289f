// One row of the jobs dock: a job's title, progress bar, latest message, ETA or final state,
// and a button that cancels it while it runs and clears it once it has ended.
#pragma once

#include <QWidget>

class QLabel;
class QTimer;
class QProgressBar;
class QToolButton;

namespace kbcx::ui {

class JobHandle;

class JobRowWidget : public QWidget {
    Q_OBJECT
  public:
    JobRowWidget(JobHandle* job, QWidget* parent = nullptr);

    JobHandle* job() const { return job_; }
    QProgressBar* progressBar() const { return bar_; }
    QToolButton* actionButton() const { return button_; }
    QString etaText() const;
    QString stateText() const;
    /// The memory column: "1.2 GB of 12.9 GB" (the process's resident memory against the
    /// job's limit) while it runs, "peak 1.2 GB" once it has ended.
    QString memoryText() const;

    /// "3 s", "2 min 05 s", "1 h 02 min".
    static QString formatDuration(double seconds);

  signals:
    /// The user asked to clear this ended job from the list.
    void clearRequested(kbcx::ui::JobHandle* job);

  private:
    void refresh();
    /// Progress reports arrive as often as a job sends them: the row redraws at most every
    /// kProgressRefreshMs (state changes redraw at once).
    void refreshSoon();
    void refreshMemory();

    JobHandle* job_;
    QLabel* title_ = nullptr;
    QProgressBar* bar_ = nullptr;
    QLabel* message_ = nullptr;
    QLabel* eta_ = nullptr;
    QLabel* memory_ = nullptr;
    QTimer* refreshTimer_ = nullptr;
    QToolButton* button_ = nullptr;
    int buttonIcon_ = -1; ///< the QStyle::StandardPixmap shown on button_, -1 before the first
};

} // namespace kbcx::ui
