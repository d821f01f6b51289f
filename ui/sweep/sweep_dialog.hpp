// Training → Negative-Sampling Sweep…: configures and runs the core sweep (embed::run_sweep, the
// job `kbcx sweep` runs) through JobRunner, fills a p⊥ table live and charts FVR and MRR vs p⊥
// with ± sd bands; opens sweep folders written by kbcx sweep; exports PNG, SVG and CSV.
#pragma once

#include "ui/sweep/sweep_table_model.hpp"

#include <QDialog>
#include <QPointer>

#include <array>
#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
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
class MemoryLimitField;
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
    // Advanced settings (kbcx sweep's --lr, --batch, --neg, --margin, --delta, --reg, --pool, --n,
    // --tests-seed, --tests, --seed, --eval-every, --threads; same defaults).
    void setLearningRate(double lr);
    void setBatch(int batch);
    void setNegatives(int neg);
    /// std::nullopt = the model's own default (the field shows "model default").
    void setMargin(std::optional<double> margin);
    void setDelta(std::optional<double> delta);
    void setRegulariser(std::optional<double> reg);
    /// "reason", "disjoint", or the path of a tests TSV whose T− lines form the pool.
    void setPool(const QString& source);
    void setCandidatesPerStatus(int n);
    void setTestsSeed(int seed);
    /// A test set used instead of sampling one ("" = sample DIR/tests_<NF>.tsv).
    void setTestsFile(const QString& path);
    /// The first training seed: each p⊥ runs seeds S … S+N−1 (kbcx sweep --seed).
    void setFirstSeed(int seed);
    /// Evaluations every N epochs besides the last (0 = the last only; kbcx sweep --eval-every).
    void setEvalEvery(int epochs);
    void setThreads(int threads);
    /// Expands or collapses the "Advanced" group of the form.
    void setAdvancedVisible(bool visible);
    bool advancedVisible() const;

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
    /// The limit the sweep job runs under (default: the Preferences' limit for jobs).
    MemoryLimitField* memoryLimitField() const { return memoryLimit_; }
    QPushButton* cancelButton() const { return cancelButton_; }
    QLabel* statusLabel() const { return status_; }
    /// The per-run points the chart shows: (p⊥, FVR, MRR) of each finished run (NaN when absent);
    /// empty for a folder opened from its summary.
    const QVector<std::array<double, 3>>& runPoints() const { return runPoints_; }

  signals:
    /// A message box was shown (object name "sweepErrorBox").
    void errorShown(const QString& message);

  private:
    // The parts the constructor builds, in order.
    void buildSweepRows(QGroupBox* formBox);
    void buildAdvancedRows(QGroupBox* formBox);
    QWidget* buildRunPane(QGroupBox* formBox);
    QWidget* buildResultsPane();
    QDialogButtonBox* buildButtons();
    void rebuildOntologies();
    void updateControls();
    void redrawChart();
    void showError(const QString& title, const QString& message);
    void chooseOutputFolder();
    void chooseOpenFolder();
    void chooseExport(const QString& format);
    void updateModelDefaults();
    void setRunPoints(const embed::SweepResult& result);

    JobRunner* runner_;
    OntologyListModel* ontologies_;
    MemoryLimitField* memoryLimit_ = nullptr;
    QPointer<JobHandle> job_;
    SweepTableModel* table_ = nullptr;
    QString title_;

    QComboBox* ontology_ = nullptr;
    QLineEdit* ontologyFile_ = nullptr;
    QToolButton* ontologyButton_ = nullptr;
    QComboBox* model_ = nullptr;
    QComboBox* variant_ = nullptr; ///< the model's variants; only kbcx has p⊥, the others are shown disabled
    QComboBox* nf_ = nullptr;
    QLineEdit* pBots_ = nullptr;
    QSpinBox* seeds_ = nullptr;
    QSpinBox* firstSeed_ = nullptr;
    QSpinBox* evalEvery_ = nullptr;
    QSpinBox* epochs_ = nullptr;
    QSpinBox* dim_ = nullptr;
    QLineEdit* outDir_ = nullptr;
    QToolButton* advancedToggle_ = nullptr;
    QFormLayout* form_ = nullptr;
    int advancedFirstRow_ = 0, advancedEndRow_ = 0; ///< the form rows the toggle shows and hides
    QDoubleSpinBox* lr_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QSpinBox* neg_ = nullptr;
    QDoubleSpinBox* margin_ = nullptr; ///< minimum = "model default"
    QDoubleSpinBox* delta_ = nullptr;  ///< minimum = "model default"
    QDoubleSpinBox* reg_ = nullptr;    ///< minimum = "model default"
    QComboBox* pool_ = nullptr;
    QLineEdit* poolFile_ = nullptr;
    QToolButton* poolButton_ = nullptr;
    QSpinBox* candidates_ = nullptr;
    QSpinBox* testsSeed_ = nullptr;
    QLineEdit* testsFile_ = nullptr;
    QSpinBox* threads_ = nullptr;
    /// Per-run final values (p⊥, FVR, MRR) of the sweep shown, drawn as points behind the means.
    QVector<std::array<double, 3>> runPoints_;
    QPushButton* runButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableView* tableView_ = nullptr;
    QChartView* chartView_ = nullptr;
};

} // namespace kbcx::ui
