// The evaluations of this session (File → Import Scores…): a list model of imported
// evaluations, the import job with non-blocking errors, and an optional ontology for proofs.
#pragma once

#include "ui/common/name_style_setting.hpp"
#include "ui/eval/evaluation.hpp"

#include <QAbstractListModel>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

#include <memory>
#include <vector>

class QWidget;

namespace kbcx::ui {

class JobHandle;
class JobRunner;

/// The imported evaluations, newest last. Display: the name; tooltip: files and options.
class EvaluationListModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role {
        EvaluationIdRole = Qt::UserRole + 1, ///< Evaluation::id
        PlacementRole,                       ///< highest level that holds overall (-1: below L0)
        AxiomCountRole,                      ///< number of test axioms
    };
    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    QModelIndex addEvaluation(EvaluationPtr evaluation);
    bool removeEvaluation(quint64 id);
    EvaluationPtr evaluationAt(int row) const;
    int rowOf(quint64 id) const;
    int count() const { return static_cast<int>(items_.size()); }

  private:
    std::vector<EvaluationPtr> items_;
};

/// A loaded ontology with its saturated closure (reason::StatusChecker), for proofs of
/// entailment and contradiction. Opaque here: the engine's headers use `emit` as a name, which
/// Qt defines as a macro, so they are included only in eval_workspace.cpp, before any Qt header.
/// The checker saturates a candidate's delta and rolls it back, so one check at a time (mutex).
struct OntologySession;
using OntologySessionPtr = std::shared_ptr<OntologySession>;
QString ontologyName(const OntologySession& session);

/// The reasoner's verdict on one test axiom, with its proof.
struct AxiomProof {
    bool checked = false; ///< false when the axiom could not be checked (see error)
    QString status;       ///< "entailed", "undetermined" or "contradictory"
    QString reading;      ///< "inconsistency" or "incoherence"
    QStringList proof;    ///< rendered steps of the entailment or of the derivation of ⊥
    StyledText axiomIn;   ///< the axiom in each NameStyle (empty where it could not be parsed)
    StyledLines proofIn;  ///< the proof in each NameStyle
    QString error;
};

/// What File → Import Scores… asks for.
struct ImportRequest {
    QString testsPath, scoresPath;
    bool lowerIsBetter = false;
    bool missingLowest = false;
    int k = 10;
    QString ontologyPath; ///< optional: loaded for proofs after the evaluation
};

class EvalWorkspace : public QObject {
    Q_OBJECT
  public:
    /// `dialogParent` parents the error boxes.
    EvalWorkspace(JobRunner* runner, QWidget* dialogParent, QObject* parent = nullptr);

    EvaluationListModel* model() const { return model_; }
    JobRunner* runner() const { return runner_; }

    /// Evaluates a scores file against a tests file as a background job. On success the
    /// evaluation is appended to model() and evaluationAdded() is emitted; on an input error a
    /// non-modal box (object name "evalErrorBox") shows file:line:column and nothing is lost.
    JobHandle* importScores(const ImportRequest& request);
    /// The demo: university test set (statuses and P from kbcx sample / kbcx count on the demo
    /// ontology) with a deliberately unfaithful scorer, and the demo ontology for proofs.
    JobHandle* importDemo();
    /// Loads an ontology (any format the onto readers know) and saturates it, as a job.
    JobHandle* loadOntology(const QString& path);
    OntologySessionPtr ontology() const { return ontology_; }

    /// Opens the Import Scores dialog (non-modal) and imports on OK.
    void showImportDialog();

    /// Checks both axioms' status with proofs against the ontology (a job; null without one).
    JobHandle* prove(const QStringList& axioms);
    /// Writes each axiom in every NameStyle against the ontology (a job whose result is a
    /// std::vector<StyledText>, empty entries for an axiom it cannot read; null without one).
    JobHandle* render(const QStringList& axioms);

    int failures() const { return failures_; }

  signals:
    void evaluationAdded(int row);
    void importFailed(const QString& message);
    void ontologyChanged();

  private:
    JobHandle* startEvaluation(const QString& name, const ImportRequest& request,
                               std::function<eval::EvalResult(jobs::JobContext&)> work);
    /// `load` returns the ontology's text and file name (text: read from memory) or a path (file).
    JobHandle* startOntology(const QString& name, std::string path, std::string text);
    void showError(const QString& title, const QString& what, const QString& message, const QString& file, quint64 line,
                   quint64 column);

    JobRunner* runner_;
    QPointer<QWidget> dialogParent_;
    EvaluationListModel* model_;
    OntologySessionPtr ontology_;
    quint64 nextId_ = 1;
    int failures_ = 0;
};

} // namespace kbcx::ui
