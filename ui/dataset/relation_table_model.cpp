// Implementation of RelationTableModel: rows are relation ids; counts come straight from the
// fact store's CSR indexes, so there is nothing to precompute.
#include "ui/dataset/relation_table_model.hpp"

namespace kbcx::ui {

RelationTableModel::RelationTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RelationTableModel::setDataset(DatasetPtr dataset) {
    beginResetModel();
    dataset_ = std::move(dataset);
    endResetModel();
}

int RelationTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !dataset_) return 0;
    return static_cast<int>(dataset_->numRelations());
}

int RelationTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RelationTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto r = static_cast<kg::Id>(index.row());
    const auto& facts = dataset_->graph->facts;
    const bool indexed = r < facts.num_relations();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Relation, r));
        case FactsColumn: return QVariant::fromValue<qulonglong>(indexed ? facts.relation_size(r) : 0);
        case SubjectsColumn: return QVariant::fromValue<qulonglong>(indexed ? facts.subjects_of(r).size() : 0);
        case ObjectsColumn: return QVariant::fromValue<qulonglong>(indexed ? facts.objects_of(r).size() : 0);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == NameColumn) {
            const auto name = dataset_->graph->vocab.relations().name(r);
            return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case RelationIdRole: return QVariant::fromValue<uint>(r);
    }
    return {};
}

QVariant RelationTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Relation");
        case FactsColumn: return tr("Facts");
        case SubjectsColumn: return tr("Subjects");
        case ObjectsColumn: return tr("Objects");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SubjectsColumn: return tr("Distinct subjects s of facts r(s, o)");
        case ObjectsColumn: return tr("Distinct objects o of facts r(s, o)");
        }
    }
    return {};
}

int RelationTableModel::rowOfRelation(kg::Id id) const {
    return dataset_ && id < dataset_->numRelations() ? static_cast<int>(id) : -1;
}

} // namespace kbcx::ui
