// List model of a materialisation's derived facts for the Rules tab, read lazily from the
// Materialisation (no copy per fact): the fact, and the rule of its recorded derivation.
#pragma once

#include "rules/materialise.hpp"

#include <QAbstractTableModel>

#include <memory>

namespace kbcx::ui {

class DerivedFactModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { FactColumn, RuleColumn, ColumnCount };
    enum Role { FactIdRole = Qt::UserRole + 1, RuleIndexRole };

    explicit DerivedFactModel(QObject* parent = nullptr);

    /// Shows the derived facts of `closure` (null: none), in derivation order. Resets the model.
    void setClosure(std::shared_ptr<const rules::Materialisation> closure);
    std::shared_ptr<const rules::Materialisation> closure() const { return closure_; }
    /// Row of fact id `id`, or -1.
    int rowOfFact(std::uint64_t id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::shared_ptr<const rules::Materialisation> closure_;
};

} // namespace kbcx::ui
