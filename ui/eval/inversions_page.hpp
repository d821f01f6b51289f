// The "Inversions" tab: the violating pairs of an evaluation (L0, L1 or Pair-FVR kind) sorted
// by margin with their exact total, filtered by normal form and text; the selected pair's two
// axioms side by side with status, score, P and the reasoner's proofs when an ontology is loaded,
// and, for a trained run, each score's anatomy and the geometry behind it, epoch by epoch.
#pragma once

#include "embed/score_geometry.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/evaluation.hpp"

#include <QPointer>
#include <QWidget>

#include <array>
#include <memory>

class QComboBox;
class QSlider;
class QTabWidget;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QToolButton;

namespace kbcx::ui {

class GeometryView;
class InversionTableModel;
class JobHandle;
class ScoreAnatomyView;

/// What a trained run makes of the selected pair: per side (lower, higher) the anatomy and the
/// scene at each checkpoint the run kept (`kbcx train --keep-checkpoints`), else at its final
/// checkpoint only; each side's frames share one view region.
struct PairModelFrames {
    struct Side {
        std::vector<embed::EpochGeometry> frames;
        embed::GeoView view;
        QString error;         ///< no anatomy (the model has no loss for the axiom, a damaged run …)
        QString geometryError; ///< anatomy, but nothing to draw
    };
    std::array<Side, 2> side;
    QString neighbours; ///< where the neighbours drawn come from
};
/// Computes PairModelFrames for the axioms (lower, higher) of a run folder (a job's body).
PairModelFrames computePairModel(const QString& runDir, const std::array<QString, 2>& axioms, jobs::JobContext& ctx);

/// One side of the selected pair.
class AxiomCard : public QWidget {
    Q_OBJECT
  public:
    explicit AxiomCard(const QString& objectName, QWidget* parent = nullptr);
    void setAxiom(const Evaluation* evaluation, std::optional<std::uint32_t> axiom, const QString& role);
    void setProof(const QString& text);
    /// Shows the axiom as `text` (another naming of the same axiom); axiomText() is unchanged.
    void setShownAxiom(const QString& text);
    QString axiomText() const; ///< as written in the tests file
    QString shownAxiomText() const;
    QString field(const QString& key) const; ///< "status", "score", "p", "nf", "line"
    QString proofText() const;
    /// The tabs under the fields: the proof, and for evaluations of a trained run the anatomy
    /// of the axiom's score and the geometry behind it.
    static constexpr int kProofTab = 0, kAnatomyTab = 1, kGeometryTab = 2;
    ScoreAnatomyView* anatomyView() const { return anatomy_; }
    GeometryView* geometryView() const { return geometry_; }
    QLabel* geometryCaption() const { return caption_; }
    void setModelTabsVisible(bool visible);
    void setDetailTab(int index);
    int detailTab() const;
    /// The named classes of the shown axiom (roles, individuals, ⊤ and ⊥ left out), in order.
    QStringList classNames() const { return classes_; }

  signals:
    /// "Show in Ontology" was chosen for one of the axiom's classes.
    void showClassRequested(const QString& className);
    void detailTabChanged(int index);
    void exportGeometryRequested();

  private:
    QLabel* role_;
    QToolButton* showClass_;
    QStringList classes_;
    QLabel* axiom_;
    QString text_; ///< the axiom as written in the tests file
    QLabel* status_;
    QLabel* score_;
    QLabel* p_;
    QLabel* nf_;
    QLabel* line_;
    ScoreAnatomyView* anatomy_;
    GeometryView* geometry_;
    QLabel* caption_;
    QPlainTextEdit* proof_;
    QTabWidget* details_;
};

class InversionsPage : public QWidget {
    Q_OBJECT
  public:
    explicit InversionsPage(EvalWorkspace* workspace, QWidget* parent = nullptr);

    void setCurrentEvaluation(int row);
    void setKind(InversionKind kind);
    void setNormalFormRow(int row); ///< 0 = all normal forms
    void setLimit(int k);
    /// Selects row `row` of the (filtered) table.
    void selectRow(int row);

    EvaluationPtr evaluation() const { return evaluation_; }
    InversionTableModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }
    QLineEdit* filterEdit() const { return filter_; }
    QLabel* countLabel() const { return count_; }
    AxiomCard* lowerCard() const { return lowerCard_; }
    AxiomCard* higherCard() const { return higherCard_; }
    QLabel* geometryNote() const { return geometry_; }
    /// The drawings of the lower and the higher axiom (the cards' Geometry tabs), and the epoch
    /// slider of a replay.
    GeometryView* lowerGeometry() const { return geometryViews_[0]; }
    GeometryView* higherGeometry() const { return geometryViews_[1]; }
    QSlider* epochSlider() const { return epochSlider_; }
    QWidget* modelPanel() const { return modelPanel_; }
    /// The frames of the selected pair (empty sides when the evaluation is not a run's).
    const PairModelFrames& pairModel() const { return pairModel_; }
    /// Shows frame `index` of the replay (both sides: anatomy and geometry).
    void showFrame(int index);
    bool exportCsv(const QString& path) const;

  signals:
    void inversionsUpdated();
    /// Proofs for the selected pair were shown (or it was found that none can be).
    void detailsUpdated();
    /// The anatomy and geometry of the selected pair were shown (or why not).
    void modelUpdated();
    /// The user asked to see one of the selected axioms' classes in the Ontology tab.
    void showClassRequested(const QString& className);

  private:
    void refresh();
    void showSelection();
    void updateOntologyLabel();
    /// Shows proofs_ (the selected pair's axioms and proofs) as View → Names says.
    void showProofs();
    /// Writes the listed pairs' axioms as the ontology names them (View → Names), off the GUI thread.
    void renderListedAxioms();
    /// Starts the job of the selected pair's anatomy and geometry (evaluations of a run).
    void explainSelection(const EvaluationPtr& e);
    QWidget* buildModelPanel();
    void exportGeometry(int side);

    EvalWorkspace* workspace_;
    std::vector<AxiomProof> proofs_;
    EvaluationPtr evaluation_;
    quint64 generation_ = 0, detailGeneration_ = 0, modelGeneration_ = 0;
    QPointer<JobHandle> modelJob_; ///< the selected pair's anatomy job, cancelled by the next selection
    PairModelFrames pairModel_;
    QComboBox* evaluationBox_;
    QComboBox* kindBox_;
    QComboBox* nfBox_;
    QSpinBox* limit_;
    QLineEdit* filter_;
    QLabel* count_;
    QLabel* ontologyLabel_;
    InversionTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* view_;
    AxiomCard* lowerCard_;
    AxiomCard* higherCard_;
    QLabel* geometry_;
    QWidget* modelPanel_; ///< the checkpoint row, shown for evaluations of a trained run
    bool showedRun_ = false;
    QSlider* epochSlider_;
    QLabel* epochLabel_;
    std::array<GeometryView*, 2> geometryViews_{};
    std::array<QLabel*, 2> geometryCaptions_{};
};

} // namespace kbcx::ui
