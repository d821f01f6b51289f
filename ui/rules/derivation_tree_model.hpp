// Tree model of one fact's derivation: the fact, the rule that derived it and, below it, the
// derivations of its premises, down to input facts (from rules::derivation_rows).
#pragma once

#include "rules/materialise.hpp"
#include "rules/rule_jobs.hpp"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace kbcx::ui {

class DerivationTreeModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column { FactColumn, JustificationColumn, ColumnCount };
    enum Role { FactIdRole = Qt::UserRole + 1, InputRole, DepthRole };

    explicit DerivationTreeModel(QObject* parent = nullptr);

    /// Shows the derivation tree of fact `id` of `closure` (which must have provenance for a
    /// derived fact). A bounded walk over the recorded provenance: no re-materialisation.
    void setFact(std::shared_ptr<const rules::Materialisation> closure, std::uint64_t id);
    void clear();
    /// Compact justifications ("rule 13", "input"; the rule text in the tooltip) for narrow panels.
    void setCompact(bool compact) { compact_ = compact; }

    std::shared_ptr<const rules::Materialisation> closure() const { return closure_; }
    std::uint64_t rootFact() const { return root_; }
    const std::vector<rules::TreeRow>& rows() const { return rows_; }
    /// Depth of the tree: 0 for an input fact, 1 for a fact derived from input facts only, …
    int treeDepth() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::shared_ptr<const rules::Materialisation> closure_;
    std::uint64_t root_ = 0;
    bool compact_ = false;
    std::vector<rules::TreeRow> rows_;
    std::vector<int> parent_;                // row → parent row (-1 for the root)
    std::vector<std::vector<int>> children_; // row → child rows; children_.back() = top level
    std::vector<int> positionInParent_;
};

} // namespace kbcx::ui
