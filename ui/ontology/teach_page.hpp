// The "Teach" tab: a small ontology editor (axiom text syntax) with candidate axioms whose
// status (with proof) and P(α|O) are recomputed in the background ~300 ms after each edit.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "ui/ontology/candidate_table_model.hpp"
#include <QPointer>

#include <QStringList>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableView;
class QTimer;
class QToolButton;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class ProofView;
class TeachModelPanel;

class TeachPage : public QWidget {
    Q_OBJECT
  public:
    explicit TeachPage(JobRunner* runner, QWidget* parent = nullptr);

    /// The PhD student example of DESIGN.md §4 (the tab opens on it).
    static QString phdExampleText();
    static QStringList phdCandidates();
    /// O = {A ⊑ B} over A, B, C and r: #(O) = 576 at |Δ| = 2, P(∃r.A ⊑ C | O) = 425/576.
    static QString countExampleText();
    static QStringList countCandidates();

    /// Replaces editor text, candidates and domain, then recomputes (debounced).
    void loadExample(const QString& text, const QStringList& candidates, int domain = 2);
    void loadPhdExample();
    void loadCountExample();
    void setCandidates(const QStringList& candidates);
    QStringList candidates() const;
    void setDomain(int n);
    /// Starts the recomputation now (skipping the debounce); returns the job.
    JobHandle* recompute();

    QPlainTextEdit* editor() const { return editor_; }
    CandidateTableModel* candidateModel() const { return model_; }
    QTableView* candidateView() const { return view_; }
    QLabel* errorLabel() const { return error_; }
    QLabel* modelsLabel() const { return models_; }
    ProofView* proofView() const { return proof_; }
    /// The small embedding model trained on the editor's ontology, with its geometry.
    TeachModelPanel* modelPanel() const { return modelPanel_; }
    QToolButton* examplesButton() const { return examples_; }
    /// The parse error shown, if any: 1-based line and column (0 when none).
    int errorLine() const { return errorLine_; }
    int errorColumn() const { return errorColumn_; }

  signals:
    /// A recomputation for the current text ended (results applied, or an error shown).
    void updated();

  private:
    void scheduleRecompute();
    void showError(const QString& message, quint64 line, quint64 column);
    void showProofOf(const QModelIndex& index);

    JobRunner* runner_;
    QPlainTextEdit* editor_ = nullptr;
    QSpinBox* domain_ = nullptr;
    QToolButton* examples_ = nullptr;
    QLabel* error_ = nullptr;
    QLabel* models_ = nullptr;
    QTableView* view_ = nullptr;
    CandidateTableModel* model_ = nullptr;
    ProofView* proof_ = nullptr;
    TeachModelPanel* modelPanel_ = nullptr;
    QTimer* debounce_ = nullptr;
    QPointer<JobHandle> job_; // null once the jobs dock clears the finished job
    quint64 generation_ = 0;
    int errorLine_ = 0, errorColumn_ = 0;
    bool applying_ = false;
};

} // namespace kbcx::ui
