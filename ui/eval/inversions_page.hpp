// The "Inversions" tab: the violating pairs of an evaluation (L0, L1 or Pair-FVR kind) sorted
// by margin with their exact total, filtered by normal form and text; the selected pair's two
// axioms side by side with status, score, P and the reasoner's proofs when an ontology is loaded.
#pragma once

#include "ui/eval/eval_workspace.hpp"
#include "ui/eval/evaluation.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QToolButton;

namespace kbcx::ui {

class InversionTableModel;
class JobHandle;

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
    /// The named classes of the shown axiom (roles, individuals, ⊤ and ⊥ left out), in order.
    QStringList classNames() const { return classes_; }

  signals:
    /// "Show in Ontology" was chosen for one of the axiom's classes.
    void showClassRequested(const QString& className);

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
    QPlainTextEdit* proof_;
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
    bool exportCsv(const QString& path) const;

  signals:
    void inversionsUpdated();
    /// Proofs for the selected pair were shown (or it was found that none can be).
    void detailsUpdated();
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

    EvalWorkspace* workspace_;
    std::vector<AxiomProof> proofs_;
    EvaluationPtr evaluation_;
    quint64 generation_ = 0, detailGeneration_ = 0;
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
};

} // namespace kbcx::ui
