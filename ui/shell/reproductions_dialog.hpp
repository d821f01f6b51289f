// Help → Reproductions: lists the papers' findings (core/repro's registry), runs one in quick
// or full mode as a background job (progress, Cancel) and shows its Markdown report with charts.
#pragma once

#include "repro/registry.hpp"

#include <QAbstractListModel>
#include <QDialog>
#include <QPointer>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class MemoryLimitField;

/// One row per reproduction of repro::reproductions(). Display: the title; ToolTip: the
/// summary; NameRole: the command-line name; SummaryRole: the summary; ReportRole: the path of
/// the last report written for it in this session (empty until one is).
class ReproductionListModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role { NameRole = Qt::UserRole + 1, SummaryRole, ReportRole };
    explicit ReproductionListModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    /// Re-reads the registry (after register_reproduction).
    void reload();
    /// Records the report path of a reproduction; emits dataChanged for its row.
    void setReport(const QString& name, const QString& path);
    const repro::Reproduction* at(int row) const;
    int rowOf(const QString& name) const;

  private:
    std::vector<repro::Reproduction> items_;
    QHash<QString, QString> reports_;
};

class ReproductionsDialog : public QDialog {
    Q_OBJECT
  public:
    ReproductionsDialog(JobRunner* runner, QWidget* parent = nullptr);

    /// Output and data folders (defaults: <app data>/reproductions and repro::default_data_dir()).
    void setOutputDir(const QString& dir);
    void setDataDir(const QString& dir);
    /// Reductions applied to every run (epochs, models, …; mode, folders and threads are the
    /// dialog's own). For tests and for users who want a smaller run.
    void setOverrides(const repro::Options& o) { overrides_ = o; }

    /// Selects a reproduction by name; returns false if there is none.
    bool select(const QString& name);
    /// Starts the selected reproduction in the chosen mode; nullptr if one is running.
    JobHandle* runSelected();
    /// Shows a report folder's report.md (images resolved in the folder).
    bool showReport(const QString& markdownPath);

    ReproductionListModel* model() const { return model_; }
    QTextBrowser* browser() const { return browser_; }
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QComboBox* modeBox() const { return mode_; }
    QCheckBox* resumeBox() const { return resume_; }
    QComboBox* variantBox() const { return variant_; }
    /// The EL variant of the ontology findings (`--variant` there; "" = each model's default).
    QComboBox* elVariantBox() const { return elVariant_; }
    /// The variant-sensitivity runs (`--sensitivity` / `--no-sensitivity`; "" = the mode's default).
    QComboBox* sensitivityBox() const { return sensitivity_; }
    /// The graph the triple baselines of the ontology findings train on (`--projection`).
    QComboBox* projectionBox() const { return projection_; }
    /// How those baselines train (`--graph-training`: pykeen or kbcx).
    QComboBox* graphTrainingBox() const { return graphTraining_; }
    /// The limit the reproduction job runs under (default: the Preferences' limit for jobs).
    MemoryLimitField* memoryLimitField() const { return memoryLimit_; }
    JobHandle* currentJob() const { return job_; }

  private:
    void updateSelection();
    void setRunning(bool running);

    JobRunner* runner_;
    ReproductionListModel* model_;
    QListView* list_;
    QLabel* title_;
    QLabel* summary_;
    QComboBox* mode_;
    QCheckBox* resume_;
    QComboBox* variant_;
    QComboBox* elVariant_;
    QComboBox* sensitivity_;
    QComboBox* projection_;
    QComboBox* graphTraining_;
    MemoryLimitField* memoryLimit_;
    QLineEdit* data_;
    QLineEdit* out_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* bar_;
    QLabel* status_;
    QTextBrowser* browser_;
    QPointer<JobHandle> job_;
    repro::Options overrides_;
};

} // namespace kbcx::ui
