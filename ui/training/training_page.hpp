// The "Training" tab: the settings form (training_form.hpp) with the run folder and buttons,
// the list of runs (several at once, pause/resume/cancel, resume from a checkpoint, open a
// folder; run_list_model.hpp) and the live charts with exports (training_chart_panel.hpp).
#pragma once

#include "ui/dataset/dataset.hpp"
#include "ui/training/training_config.hpp"
#include "ui/training/training_run.hpp"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QToolButton;
class QTreeView;

namespace kbcx::ui {

class ChartDataModel;
class DatasetModel;
class JobHandle;
class JobRunner;
class OntologyListModel;
class RunListModel;
class TrainingChartPanel;
class TrainingCharts;
class TrainingForm;
class TrainingRun;

/// Every training job runs through the JobRunner (it shows in the jobs dock with progress in
/// minibatches over all epochs, and an ETA); its per-epoch reports reach the GUI thread as
/// queued calls, and the charts redraw at most four times a second.
class TrainingPage : public QWidget {
    Q_OBJECT
  public:
    TrainingPage(JobRunner* runner, DatasetModel* datasets, QWidget* parent = nullptr);
    /// Cancels this page's active runs and waits for them (their checkpoints stay).
    ~TrainingPage() override;

    /// Offers the explorer's loaded ontologies as data for the EL models.
    void setOntologies(OntologyListModel* ontologies);

    // --- the form (see TrainingForm) ---
    TrainingConfig config() const;
    void setConfig(const TrainingConfig& config);
    bool selectDataset(quint64 datasetId);
    bool selectOntology(quint64 ontologyId);
    void setDataFolder(const QString& path, const QString& negatives = {});
    void setOntologyFile(const QString& path);
    /// The run folder of the next Start ("" = a fresh folder under runsRoot()).
    void setRunFolder(const QString& dir);
    /// Where fresh run folders are made: $KBCX_SETTINGS_DIR/runs when that variable is set
    /// (tests), else the application data location's runs/.
    QString runsRoot() const { return runsRoot_; }
    void setRunsRoot(const QString& dir) { runsRoot_ = dir; }

    // --- actions (what the buttons do) ---
    /// Starts a run from the form; on a form error shows a message box and returns null.
    TrainingRun* startRun();
    /// Continues the run in `dir` from its checkpoint with its params.json settings. A loaded
    /// dataset it was trained on must be loaded under the same name. Errors (no checkpoint, a
    /// checkpoint of another model or data) end the job with a message box; the folder is kept.
    TrainingRun* resumeFromFolder(const QString& dir);
    /// Reads a run folder (params.json, metrics.jsonl) in a job and lists it; null if it is
    /// being trained here already.
    JobHandle* openRunFolder(const QString& dir);
    void pauseRun(TrainingRun* run);
    void resumeRun(TrainingRun* run);
    void cancelRun(TrainingRun* run);
    /// Removes an ended run from the list (its folder stays on disk).
    bool removeRun(TrainingRun* run);

    /// Writes the checked runs' metrics (every metrics.jsonl line) as CSV:
    /// run,epoch,split,loss,seconds,<metric>… with values at full precision.
    bool exportCsv(const QString& path, QString* error = nullptr);
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);

    /// Redraws charts and the data table now (normally throttled).
    void refreshCharts();
    /// Redraws them with the next throttled refresh (at most four a second).
    void refreshChartsSoon();

    TrainingForm* form() const { return form_; }
    RunListModel* runModel() const { return runs_; }
    TrainingCharts* charts() const;
    ChartDataModel* dataModel() const;
    QComboBox* dataMetricCombo() const;
    QTableView* dataView() const;
    QTreeView* runView() const { return runView_; }
    QTabWidget* chartTabs() const;
    QComboBox* dataSourceCombo() const;
    QPushButton* startButton() const { return startButton_; }
    QToolButton* pauseButton() const { return pauseButton_; }
    QToolButton* cancelButton() const { return cancelButton_; }
    /// The run of the current row of the runs list, or null.
    TrainingRun* currentRun() const;
    void setCurrentRun(TrainingRun* run);

  signals:
    void runAdded(kbcx::ui::TrainingRun* run);
    /// A run's job ended (finished, failed or cancelled).
    void runEnded(kbcx::ui::TrainingRun* run);
    /// An error was shown in the message box (object name "trainingErrorBox").
    void errorShown(const QString& message);

  private:
    struct Launch {
        bool resume = false;
        TrainingConfig config;
        TrainingDataSource source;
        std::vector<DatasetPtr> datasets;    ///< resume: the loaded datasets to find the run's data in
        std::vector<OntologyPtr> ontologies; ///< resume: the loaded ontologies to find it in
    };
    QWidget* createForm();
    QWidget* createRunsPanel();
    void updateRunButtons();
    TrainingRun* newRun(const QString& folder);
    void connectRun(TrainingRun* run, JobHandle* job);
    void launch(TrainingRun* run, Launch launch);
    void addStoredRun(const RunFolderContents& contents);
    void showError(const QString& title, const QString& message);
    QString freshRunFolder(const QString& model) const;
    void saveRunList() const;
    void saveActiveRuns() const;
    void restoreRunList();
    void chooseRunFolder();
    void chooseResumeFolder();
    void chooseOpenFolder();
    void chooseExport(const QString& format);

    JobRunner* runner_;
    DatasetModel* datasets_;
    QString runsRoot_;
    quint64 nextRunId_ = 1;
    int nextColor_ = 0;

    // form
    TrainingForm* form_ = nullptr;
    OntologyListModel* ontologies_ = nullptr;
    QLineEdit* runFolder_ = nullptr;
    QPushButton* startButton_ = nullptr;

    // runs
    RunListModel* runs_ = nullptr;
    QTreeView* runView_ = nullptr;
    QToolButton* pauseButton_ = nullptr;
    QToolButton* cancelButton_ = nullptr;
    QToolButton* continueButton_ = nullptr;
    QToolButton* removeButton_ = nullptr;
    QToolButton* metricsButton_ = nullptr;
    QToolButton* exportButton_ = nullptr;

    // charts
    TrainingChartPanel* chartPanel_ = nullptr;
    int pauseIcon_ = -1; ///< the QStyle::StandardPixmap the pause button shows (-1: none yet)
};

} // namespace kbcx::ui
