// Implementation of TypeTableModel: rows are type ids; instance lists come from the fact
// store's per-type index.
#include "ui/dataset/type_table_model.hpp"

namespace kbcx::ui {

TypeTableModel::TypeTableModel(QObject* parent) : QAbstractTableModel(parent) {}

double TypeTableModel::share(std::size_t instances) const {
    const std::size_t entities = dataset_ ? dataset_->numEntities() : 0;
    return entities == 0 ? 0.0 : 100.0 * static_cast<double>(instances) / static_cast<double>(entities);
}

void TypeTableModel::setDataset(DatasetPtr dataset) {
    beginResetModel();
    dataset_ = std::move(dataset);
    endResetModel();
}

int TypeTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !dataset_) return 0;
    return static_cast<int>(dataset_->numTypes());
}

int TypeTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TypeTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto t = static_cast<kg::Id>(index.row());
    const auto& facts = dataset_->graph->facts;
    const std::size_t instances = t < facts.num_types() ? facts.instances(t).size() : 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Type, t));
        case InstancesColumn: return QVariant::fromValue<qulonglong>(instances);
        case ShareColumn: return QStringLiteral("%1 %").arg(share(instances), 0, 'f', 1);
        }
        break;
    case SortRole:
        if (index.column() == ShareColumn) return share(instances);
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        if (index.column() == NameColumn) {
            const auto name = dataset_->graph->vocab.types().name(t);
            return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case TypeIdRole: return QVariant::fromValue<uint>(t);
    }
    return {};
}

QVariant TypeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Type");
        case InstancesColumn: return tr("Instances");
        case ShareColumn: return tr("% of entities");
        }
    }
    if (role == Qt::ToolTipRole && section == ShareColumn)
        return tr("Instances as a percentage of all entities of the dataset");
    return {};
}

int TypeTableModel::rowOfType(kg::Id id) const {
    return dataset_ && id < dataset_->numTypes() ? static_cast<int>(id) : -1;
}

} // namespace kbcx::ui
