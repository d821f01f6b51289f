// One band of the Partition tab (or the Teach tab's candidates): candidate axioms with their
// status, P(α|O) as an exact fraction and a decimal, and the count-vs-status check.
#pragma once

#include "ui/ontology/onto_jobs.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace kbcx::ui {

/// Columns: Axiom | Form | Status | P | P (decimal) | Check. Qt::DisplayRole of the decimal
/// column is a double (sortable); P is the reduced fraction. Rows whose P disagrees with the
/// status carry the warning text in the Check column and a warning tint.
class CandidateTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { AxiomColumn, FormColumn, StatusColumn, PColumn, PDecimalColumn, CheckColumn, ColumnCount };
    enum Role { StatusRole = Qt::UserRole + 1, WarningRole, ProofRole };

    explicit CandidateTableModel(QObject* parent = nullptr);

    void setRows(std::vector<CandidateRow> rows);
    void appendRows(std::vector<CandidateRow> rows);
    const std::vector<CandidateRow>& rows() const { return rows_; }
    const CandidateRow& row(int i) const { return rows_[static_cast<std::size_t>(i)]; }
    /// Sets P for row i (the domain is used for the disagreement text).
    void setP(int i, PValue p, unsigned domain);
    void clearP();
    /// Greys every row (results of an older text, kept visible while a parse error stands).
    void setStale(bool stale);
    bool stale() const { return stale_; }
    /// Rows whose P disagrees with their status.
    int warningCount() const;
    /// The Axiom column is editable when set (Teach's candidate list).
    void setAxiomsEditable(bool editable) { editable_ = editable; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    bool insertRows(int row, int count, const QModelIndex& parent = {}) override;
    bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

  signals:
    /// An axiom text was edited, added or removed by the user (Teach recomputes).
    void axiomsEdited();

  private:
    std::vector<CandidateRow> rows_;
    std::vector<QString> warnings_;
    std::vector<unsigned> domains_;
    bool stale_ = false;
    bool editable_ = false;
};

} // namespace kbcx::ui
