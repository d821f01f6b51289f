// Implementation of RuleTableModel: rows straight from score_rules_job's RuleRow values.
#include "ui/rules/rule_table_model.hpp"

#include <QLocale>

namespace kbcx::ui {

RuleTableModel::RuleTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RuleTableModel::setRules(std::shared_ptr<const rules::Program> program, std::vector<rules::RuleRow> rows) {
    beginResetModel();
    program_ = std::move(program);
    rows_ = std::move(rows);
    derived_.clear();
    endResetModel();
}

void RuleTableModel::clear() {
    setRules(nullptr, {});
}

void RuleTableModel::setDerivedCounts(std::vector<std::uint64_t> perRule) {
    derived_ = std::move(perRule);
    if (!rows_.empty()) emit dataChanged(index(0, DerivedColumn), index(rowCount() - 1, DerivedColumn));
}

int RuleTableModel::rowOfRule(std::size_t rule) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].rule == rule) return static_cast<int>(i);
    return -1;
}

int RuleTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RuleTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString RuleTableModel::columnDefinition(int column) {
    switch (column) {
    case IndexColumn: return tr("Rule number: position in the rule file, or in the list of pattern instances");
    case RuleColumn: return tr("The rule H :- B1, …, Bn in the plain syntax (IRIs compacted with the known prefixes)");
    case PatternColumn: return tr("The inference pattern the rule instantiates (empty for rules from a file)");
    case SupportColumn:
        return tr("Support: the number of substitutions σ that map every body atom Bi to a fact of the KG "
                  "(and satisfy the inequalities); each σ is one support, σ(Bi) its premises, σ(H) its conclusion");
    case NewColumn:
        return tr("New conclusions |T_r(K) \\ K|: distinct conclusions σ(H) over all supports σ that are not "
                  "facts of the KG (one application of the rule)");
    case DerivedColumn:
        return tr("Derived: facts of the materialisation (fixpoint of all rules) whose recorded derivation "
                  "uses this rule; empty until Materialise has run");
    default: return {};
    }
}

QVariant RuleTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const rules::RuleRow& r = rows_[static_cast<std::size_t>(index.row())];
    const bool haveDerived = r.rule < derived_.size();
    if (role == RuleIndexRole) return static_cast<qulonglong>(r.rule);
    if (role == Qt::TextAlignmentRole && index.column() != RuleColumn && index.column() != PatternColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (index.column() == RuleColumn) return QString::fromStdString(r.text);
        return columnDefinition(index.column());
    }
    if (role == SortRole) {
        switch (index.column()) {
        case IndexColumn: return static_cast<qulonglong>(r.rule);
        case RuleColumn: return QString::fromStdString(r.text);
        case PatternColumn: return QString::fromStdString(r.pattern);
        case SupportColumn: return static_cast<qulonglong>(r.support);
        case NewColumn: return static_cast<qulonglong>(r.new_conclusions);
        case DerivedColumn: return haveDerived ? static_cast<qlonglong>(derived_[r.rule]) : qlonglong{-1};
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case IndexColumn: return static_cast<qulonglong>(r.rule + 1);
    case RuleColumn: return QString::fromStdString(r.text);
    case PatternColumn: return QString::fromStdString(r.pattern);
    case SupportColumn: return QLocale().toString(static_cast<qulonglong>(r.support));
    case NewColumn: return QLocale().toString(static_cast<qulonglong>(r.new_conclusions));
    case DerivedColumn: return haveDerived ? QLocale().toString(static_cast<qulonglong>(derived_[r.rule])) : QString();
    default: return {};
    }
}

QVariant RuleTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) return columnDefinition(section);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case RuleColumn: return tr("Rule");
    case PatternColumn: return tr("Pattern");
    case SupportColumn: return tr("Support");
    case NewColumn: return tr("New conclusions");
    case DerivedColumn: return tr("Derived");
    default: return {};
    }
}

} // namespace kbcx::ui
