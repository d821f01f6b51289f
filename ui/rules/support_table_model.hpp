// Table model of one rule's supports in the Rules tab: premise facts σ(B1), …, σ(Bn), the
// conclusion σ(H), and whether the conclusion is new (not a fact of the KG) or existing.
#pragma once

#include "rules/rule_jobs.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace kbcx::ui {

class SupportTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { IndexColumn, PremisesColumn, ConclusionColumn, StatusColumn, ColumnCount };
    enum Role { ConclusionNewRole = Qt::UserRole + 1, SortRole };

    explicit SupportTableModel(QObject* parent = nullptr);

    /// Shows `supports` of program rule `rule`. Resets the model.
    void setSupports(std::size_t rule, std::vector<rules::SupportRow> supports);
    void clear();

    std::size_t rule() const { return rule_; }
    const std::vector<rules::SupportRow>& supports() const { return supports_; }
    const rules::SupportRow* supportAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::size_t rule_ = 0;
    std::vector<rules::SupportRow> supports_;
};

} // namespace kbcx::ui
