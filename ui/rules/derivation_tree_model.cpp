// Implementation of DerivationTreeModel: the depth-first rows of derivation_rows are turned
// into parent/child links; an index's internal id is its row number + 1 (0 = invisible root).
#include "ui/rules/derivation_tree_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace kbcx::ui {

DerivationTreeModel::DerivationTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void DerivationTreeModel::clear() {
    beginResetModel();
    closure_.reset();
    rows_.clear();
    parent_.clear();
    children_.assign(1, {});
    positionInParent_.clear();
    endResetModel();
}

void DerivationTreeModel::setFact(std::shared_ptr<const rules::Materialisation> closure, std::uint64_t id) {
    beginResetModel();
    closure_ = std::move(closure);
    root_ = id;
    rows_ = closure_ ? rules::derivation_rows(*closure_, id) : std::vector<rules::TreeRow>{};
    const int n = static_cast<int>(rows_.size());
    parent_.assign(static_cast<std::size_t>(n), -1);
    children_.assign(static_cast<std::size_t>(n) + 1, {});
    positionInParent_.assign(static_cast<std::size_t>(n), 0);
    std::vector<int> stack; // rows on the path from the root, by depth
    for (int i = 0; i < n; ++i) {
        const int depth = rows_[static_cast<std::size_t>(i)].depth;
        stack.resize(static_cast<std::size_t>(depth));
        const int p = depth == 0 ? -1 : stack.back();
        parent_[static_cast<std::size_t>(i)] = p;
        auto& siblings = children_[p < 0 ? static_cast<std::size_t>(n) : static_cast<std::size_t>(p)];
        positionInParent_[static_cast<std::size_t>(i)] = static_cast<int>(siblings.size());
        siblings.push_back(i);
        stack.push_back(i);
    }
    endResetModel();
}

int DerivationTreeModel::treeDepth() const {
    int depth = 0;
    for (const rules::TreeRow& r : rows_)
        depth = std::max(depth, r.depth);
    return depth;
}

QModelIndex DerivationTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= ColumnCount || row < 0) return {};
    const std::size_t slot = parent.isValid() ? static_cast<std::size_t>(parent.internalId() - 1) : rows_.size();
    if (slot >= children_.size() || row >= static_cast<int>(children_[slot].size())) return {};
    const int r = children_[slot][static_cast<std::size_t>(row)];
    return createIndex(row, column, static_cast<quintptr>(r) + 1);
}

QModelIndex DerivationTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const int p = parent_[static_cast<std::size_t>(child.internalId() - 1)];
    if (p < 0) return {};
    return createIndex(positionInParent_[static_cast<std::size_t>(p)], 0, static_cast<quintptr>(p) + 1);
}

int DerivationTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    const std::size_t slot = parent.isValid() ? static_cast<std::size_t>(parent.internalId() - 1) : rows_.size();
    return slot < children_.size() ? static_cast<int>(children_[slot].size()) : 0;
}

int DerivationTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DerivationTreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const rules::TreeRow& r = rows_[static_cast<std::size_t>(index.internalId() - 1)];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == FactColumn) return QString::fromStdString(r.fact_text);
        if (compact_) { // "rule N: text (shown above)" → "rule N"
            const QString full = QString::fromStdString(r.justification);
            const qsizetype colon = full.indexOf(QLatin1Char(':'));
            return colon < 0 ? full : full.left(colon);
        }
        return QString::fromStdString(r.justification);
    case Qt::ToolTipRole:
        return r.input ? tr("%1 is a fact of the KG").arg(QString::fromStdString(r.fact_text))
                       : tr("%1 was derived by %2")
                             .arg(QString::fromStdString(r.fact_text), QString::fromStdString(r.justification));
    case Qt::ForegroundRole:
        if (index.column() == JustificationColumn)
            return QBrush(r.input ? QColor(0x70, 0x70, 0x70) : QColor(0x1f, 0x4e, 0x8c));
        return {};
    case Qt::FontRole:
        if (index.column() == FactColumn && !r.input) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case FactIdRole: return static_cast<qulonglong>(r.fact_id);
    case InputRole: return r.input;
    case DepthRole: return r.depth;
    default: return {};
    }
}

QVariant DerivationTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == FactColumn ? tr("Fact") : tr("Justification");
}

} // namespace kbcx::ui
