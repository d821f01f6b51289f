// Training → Negative-Sampling Sweep…: configures and runs the core sweep (embed::run_sweep, the
// job `kbcx sweep` runs) through JobRunner, fills a p⊥ table live and charts FVR and MRR vs p⊥
// with ± sd bands; opens sweep folders written by kbcx sweep; exports PNG, SVG and CSV.
#pragma once

#include "sweep_table_model.hpp"

#include <QDialog>
#include <QPointer>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QToolButton;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class OntologyListModel;

/// What a sweep job returns to the GUI thread: the core result and its output folder.
struct SweepJobResult {
    embed::SweepResult result;
    QString outDir;
};

class SweepDialog : public QDialog {
    Q_OBJECT
  public:
    SweepDialog(JobRunner* runner, OntologyListModel* ontologies, QWidget* parent = nullptr);
    /// Cancels a running sweep and waits for it (its run folders stay and resume next time).
    ~SweepDialog() override;

    // --- the form ---
    bool selectOntology(quint64 ontologyId);
    void setOntologyFile(const QString& path);
    /// Model id: ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL.
    bool setModel(const QString& model);
    bool setNormalForm(const QString& nf);
    void setPBots(const QString& commaSeparated);
    void setSeeds(int seeds);
    void setEpochs(int epochs);
    void setDim(int dim);
    void setOutputFolder(const QString& dir);
    QString outputFolder() const;

    /// The core parameters the form describes (the ontology in memory or the file); false with a
    /// message for the user on a form error.
    bool params(embed::SweepParams& out, QString& error) const;

    // --- actions ---
    /// Starts the sweep in the background; on a form error shows a message box and returns null.
    JobHandle* startSweep();
    /// Cancels the running sweep (it stops within about a second: the training loop checks the
    /// stop token every minibatch).
    void cancelSweep();
    /// Reads DIR/summary.csv in a job and shows it; a malformed file leaves the table as it is
    /// and shows file:line:column in a message box (object name "sweepErrorBox").
    JobHandle* openFolder(const QString& dir);

    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);
    /// The table: p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd.
    bool exportCsv(const QString& path, QString* error = nullptr);

    SweepTableModel* tableModel() const { return table_; }
    QTableView* tableView() const { return tableView_; }
    QChartView* chartView() const { return chartView_; }
    QChart* chart() const;
    JobHandle* currentJob() const { return job_; }
    QPushButton* runButton() const { return runButton_; }
    QPushButton* cancelButton() const { return cancelButton_; }
    QLabel* statusLabel() const { return status_; }

  signals:
    /// A message box was shown (object name "sweepErrorBox").
    void errorShown(const QString& message);

  private:
    void rebuildOntologies();
    void updateControls();
    void redrawChart();
    void showError(const QString& title, const QString& message);
    void chooseOutputFolder();
    void chooseOpenFolder();
    void chooseExport(const QString& format);

    JobRunner* runner_;
    OntologyListModel* ontologies_;
    QPointer<JobHandle> job_;
    SweepTableModel* table_ = nullptr;
    QString title_;

    QComboBox* ontology_ = nullptr;
    QLineEdit* ontologyFile_ = nullptr;
    QToolButton* ontologyButton_ = nullptr;
    QComboBox* model_ = nullptr;
    QComboBox* nf_ = nullptr;
    QLineEdit* pBots_ = nullptr;
    QSpinBox* seeds_ = nullptr;
    QSpinBox* epochs_ = nullptr;
    QSpinBox* dim_ = nullptr;
    QLineEdit* outDir_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableView* tableView_ = nullptr;
    QChartView* chartView_ = nullptr;
};

} // namespace kbcx::ui
