// Implementation of RelationFilterModel: rows are relation ids; check states in a byte vector.
#include "ui/graph/relation_filter_model.hpp"

#include "ui/graph/graph_style.hpp"

#include <QLocale>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace kbcx::ui {

namespace {
QPixmap swatch(const QColor& colour) {
    QPixmap pm(18, 10);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(colour, 3, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(2, 5), QPointF(16, 5));
    return pm;
}
} // namespace

RelationFilterModel::RelationFilterModel(QObject* parent) : QAbstractListModel(parent) {}

void RelationFilterModel::setDataset(DatasetPtr dataset) {
    beginResetModel();
    dataset_ = std::move(dataset);
    checked_.assign(dataset_ ? dataset_->numRelations() : 0, 1);
    endResetModel();
    emit checkedChanged();
}

int RelationFilterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(checked_.size());
}

QVariant RelationFilterModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !dataset_) return {};
    const auto r = static_cast<kg::Id>(index.row());
    const auto facts = static_cast<qulonglong>(dataset_->graph->facts.relation_size(r));
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1 (%2)").arg(
            QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Relation, r)),
            QLocale().toString(facts));
    case Qt::ToolTipRole:
        return tr("%1: %2 facts; edges of this relation are drawn in this colour")
            .arg(QString::fromStdString(std::string(dataset_->graph->vocab.relations().name(r))))
            .arg(facts);
    case Qt::CheckStateRole: return checked_[r] ? Qt::Checked : Qt::Unchecked;
    case Qt::DecorationRole: return swatch(graph_style::relationColour(r));
    case RelationIdRole: return static_cast<qulonglong>(r);
    case FactCountRole: return facts;
    default: return {};
    }
}

bool RelationFilterModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::CheckStateRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const char v = value.value<Qt::CheckState>() == Qt::Checked ? 1 : 0;
    if (checked_[static_cast<std::size_t>(index.row())] == v) return true;
    checked_[static_cast<std::size_t>(index.row())] = v;
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checkedChanged();
    return true;
}

Qt::ItemFlags RelationFilterModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

std::vector<kg::Id> RelationFilterModel::checkedRelations() const {
    std::vector<kg::Id> out;
    for (std::size_t r = 0; r < checked_.size(); ++r)
        if (checked_[r]) out.push_back(static_cast<kg::Id>(r));
    return out;
}

bool RelationFilterModel::allChecked() const {
    return std::all_of(checked_.begin(), checked_.end(), [](char c) { return c != 0; });
}

void RelationFilterModel::setChecked(kg::Id relation, bool checked) {
    if (relation < checked_.size())
        setData(index(static_cast<int>(relation)), checked ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
}

void RelationFilterModel::setAllChecked(bool checked) {
    if (checked_.empty()) return;
    std::fill(checked_.begin(), checked_.end(), checked ? 1 : 0);
    emit dataChanged(index(0), index(rowCount() - 1), {Qt::CheckStateRole});
    emit checkedChanged();
}

} // namespace kbcx::ui
