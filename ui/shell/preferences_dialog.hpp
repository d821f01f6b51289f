// File → Preferences: the settings that are not a view's own, for now the memory limit every
// job runs under unless its dialog sets another.
#pragma once

#include <QDialog>

class QLabel;

namespace kbcx::ui {

class JobRunner;
class MemoryLimitField;

class PreferencesDialog : public QDialog {
    Q_OBJECT
  public:
    PreferencesDialog(JobRunner* runner, QWidget* parent = nullptr);
    MemoryLimitField* memoryLimitField() const { return memory_; }
    /// Saves the choices and hands the limit to the runner (what OK does).
    void apply();

  private:
    JobRunner* runner_;
    MemoryLimitField* memory_;
};

} // namespace kbcx::ui
