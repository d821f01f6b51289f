// Implementation of DerivedFactModel: row i is fact id num_input_facts() + i.
#include "ui/rules/derived_fact_model.hpp"

#include "rules/rule.hpp"

#include <climits>

namespace kbcx::ui {

DerivedFactModel::DerivedFactModel(QObject* parent) : QAbstractTableModel(parent) {}

void DerivedFactModel::setClosure(std::shared_ptr<const rules::Materialisation> closure) {
    beginResetModel();
    closure_ = std::move(closure);
    endResetModel();
}

int DerivedFactModel::rowOfFact(std::uint64_t id) const {
    if (!closure_ || closure_->is_input(id) || id >= closure_->num_facts()) return -1;
    return static_cast<int>(id - closure_->num_input_facts());
}

int DerivedFactModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !closure_) return 0;
    return static_cast<int>(std::min<std::uint64_t>(closure_->num_derived(), INT_MAX));
}

int DerivedFactModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DerivedFactModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const std::uint64_t id = closure_->num_input_facts() + static_cast<std::uint64_t>(index.row());
    const bool prov = closure_->has_provenance();
    switch (role) {
    case FactIdRole: return static_cast<qulonglong>(id);
    case RuleIndexRole: return prov ? QVariant(static_cast<qulonglong>(closure_->derivation(id).rule)) : QVariant();
    case Qt::DisplayRole:
        if (index.column() == FactColumn)
            return QString::fromStdString(closure_->program().display(closure_->fact(id)));
        if (index.column() == RuleColumn) return prov ? tr("rule %1").arg(closure_->derivation(id).rule + 1) : tr("—");
        return {};
    case Qt::ToolTipRole:
        if (index.column() == RuleColumn && prov) {
            const auto& rule = closure_->program().rule_set().rules[closure_->derivation(id).rule];
            return QString::fromStdString(rules::to_string(rule, closure_->program().prefixes()));
        }
        return tr("Select to see the derivation tree");
    default: return {};
    }
}

QVariant DerivedFactModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return section == FactColumn ? tr("A fact of the materialisation that is not a fact of the KG")
                                     : tr("The rule of the derivation recorded for the fact (one per fact)");
    if (role != Qt::DisplayRole) return {};
    return section == FactColumn ? tr("Derived fact") : tr("Derived by");
}

} // namespace kbcx::ui
