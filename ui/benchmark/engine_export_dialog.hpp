// Training → Export for a Training Engine…: writes a KG or benchmark folder for DGL-KE, PyKEEN or
// LibKGE through the same core call as `kbcx export`, as a background job, and shows the command.
#pragma once

#include <QDialog>
#include <QPointer>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace kbcx::ui {

class JobHandle;
class JobRunner;

class EngineExportDialog : public QDialog {
    Q_OBJECT
  public:
    explicit EngineExportDialog(JobRunner* runner, QWidget* parent = nullptr);

    void setDataFolder(const QString& dir);
    void setOutputFolder(const QString& dir);
    /// "dglke", "pykeen" or "libkge"; false for another name.
    bool setFormat(const QString& format);
    void setNegativeMethod(const QString& method);

    /// Starts the export job (the Export button); false when the form is incomplete.
    bool startExport();
    bool isRunning() const { return !job_.isNull(); }
    /// What the last export said: a summary and the training command, or the error.
    QString resultText() const;

  private:
    void finishExport();
    void updateButtons();

    JobRunner* runner_;
    QLineEdit* data_ = nullptr;
    QComboBox* format_ = nullptr;
    QLineEdit* neg_ = nullptr;
    QLineEdit* out_ = nullptr;
    QLabel* status_ = nullptr;
    QPlainTextEdit* command_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    QPointer<JobHandle> job_;
};

} // namespace kbcx::ui
