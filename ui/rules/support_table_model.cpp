// Implementation of SupportTableModel: texts come from supports_for_display (engine spelling).
#include "ui/rules/support_table_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace kbcx::ui {

SupportTableModel::SupportTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SupportTableModel::setSupports(std::size_t rule, std::vector<rules::SupportRow> supports) {
    beginResetModel();
    rule_ = rule;
    supports_ = std::move(supports);
    endResetModel();
}

void SupportTableModel::clear() {
    setSupports(0, {});
}

const rules::SupportRow* SupportTableModel::supportAt(int row) const {
    return row >= 0 && row < rowCount() ? &supports_[static_cast<std::size_t>(row)] : nullptr;
}

int SupportTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(supports_.size());
}

int SupportTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SupportTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const rules::SupportRow& s = supports_[static_cast<std::size_t>(index.row())];
    QStringList premises;
    for (const std::string& p : s.premise_text)
        premises << QString::fromStdString(p);
    const QString status = s.conclusion_new ? tr("new") : tr("existing");
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return index.row() + 1;
        case PremisesColumn: return premises.join(QStringLiteral(" ∧ "));
        case ConclusionColumn: return QString::fromStdString(s.conclusion_text);
        case StatusColumn: return status;
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case IndexColumn: return index.row();
        case PremisesColumn: return premises.join(QStringLiteral(" ∧ "));
        case ConclusionColumn: return QString::fromStdString(s.conclusion_text);
        case StatusColumn: return s.conclusion_new ? 1 : 0;
        default: return {};
        }
    case Qt::ToolTipRole:
        return tr("Premises σ(Bi):\n  %1\nConclusion σ(H): %2 (%3)")
            .arg(premises.join(QStringLiteral("\n  ")), QString::fromStdString(s.conclusion_text),
                 s.conclusion_new ? tr("new: not a fact of the KG") : tr("existing: already a fact of the KG"));
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn)
            return QBrush(s.conclusion_new ? QColor(0x1b, 0x7a, 0x35) : QColor(0x70, 0x70, 0x70));
        return {};
    case Qt::FontRole:
        if (index.column() == StatusColumn && s.conclusion_new) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IndexColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ConclusionNewRole: return s.conclusion_new;
    default: return {};
    }
}

QVariant SupportTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PremisesColumn: return tr("σ(B1) ∧ … ∧ σ(Bn): the facts of the KG the body atoms are mapped to");
        case ConclusionColumn: return tr("σ(H): the head instance the support concludes");
        case StatusColumn: return tr("new: σ(H) is not a fact of the KG; existing: it already is");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case PremisesColumn: return tr("Premises");
    case ConclusionColumn: return tr("Conclusion");
    case StatusColumn: return tr("Conclusion is");
    default: return {};
    }
}

} // namespace kbcx::ui
