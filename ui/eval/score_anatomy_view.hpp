// The anatomy of one axiom's score in the Inversions tab: the loss terms a trained EL model adds
// up for it (value, hinge, parameters read), the decisive term highlighted, loss and score below.
#pragma once

#include "embed/score_anatomy.hpp"

#include <QAbstractTableModel>
#include <QWidget>

#include <optional>

class QLabel;
class QTableView;

namespace kbcx::ui {

/// The terms of one anatomy as a table: Term, Value (its contribution to the loss), Hinge, Reads.
class ScoreAnatomyModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { TermColumn, ValueColumn, HingeColumn, ReadsColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setAnatomy(std::optional<embed::ScoreAnatomy> anatomy);
    const std::optional<embed::ScoreAnatomy>& anatomy() const { return anatomy_; }
    /// The row of the decisive term: the largest contribution to the loss (-1 when every term is 0).
    int decisiveRow() const { return decisive_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  private:
    std::optional<embed::ScoreAnatomy> anatomy_;
    int decisive_ = -1;
};

/// A title line (model, variant, epoch), the terms' table and the loss = Σ terms, score = −loss line.
class ScoreAnatomyView : public QWidget {
    Q_OBJECT
  public:
    explicit ScoreAnatomyView(const QString& objectName, QWidget* parent = nullptr);
    void setAnatomy(const embed::ScoreAnatomy& anatomy);
    /// No anatomy: `message` says why (no run, an axiom the model has no loss for, computing…).
    void setMessage(const QString& message);

    ScoreAnatomyModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    QString summaryText() const; ///< the loss and score line, as shown

  private:
    QLabel* title_;
    ScoreAnatomyModel* model_;
    QTableView* view_;
    QLabel* summary_;
};

/// "0.125" — the numbers of an anatomy as the views and tooltips print them (%.6g).
QString anatomyNumber(double v);

} // namespace kbcx::ui
