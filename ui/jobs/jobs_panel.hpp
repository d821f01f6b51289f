// The content of the jobs dock: one JobRowWidget per job of a JobRunner, newest last, with
// a "Clear Finished" action for jobs that have finished, failed or been cancelled.
#pragma once

#include <QHash>
#include <QWidget>

class QLabel;
class QToolButton;
class QVBoxLayout;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class JobRowWidget;

class JobsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit JobsPanel(JobRunner* runner, QWidget* parent = nullptr);

    JobRowWidget* rowFor(JobHandle* job) const { return rows_.value(job); }
    int rowCount() const { return static_cast<int>(rows_.size()); }
    QToolButton* clearFinishedButton() const { return clearButton_; }

  private:
    void addRow(JobHandle* job);
    void removeRow(JobHandle* job);
    void updateControls();

    JobRunner* runner_;
    QVBoxLayout* rowsLayout_ = nullptr;
    QLabel* emptyLabel_ = nullptr;
    QToolButton* clearButton_ = nullptr;
    QHash<JobHandle*, JobRowWidget*> rows_;
};

} // namespace kbcx::ui
