// Implementation of EntityNameModel: display names straight from the vocabulary.
#include "ui/graph/entity_name_model.hpp"

namespace kbcx::ui {

EntityNameModel::EntityNameModel(QObject* parent) : QAbstractListModel(parent) {}

void EntityNameModel::setDataset(DatasetPtr dataset) {
    beginResetModel();
    dataset_ = std::move(dataset);
    endResetModel();
}

int EntityNameModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !dataset_ ? 0 : static_cast<int>(dataset_->numEntities());
}

QVariant EntityNameModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto id = static_cast<kg::Id>(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return QString::fromStdString(dataset_->graph->vocab.display(kg::Namespace::Entity, id));
    case Qt::ToolTipRole: return QString::fromStdString(std::string(dataset_->graph->vocab.entities().name(id)));
    case EntityIdRole: return static_cast<qulonglong>(id);
    default: return {};
    }
}

kg::Id EntityNameModel::resolve(const QString& text) const {
    if (!dataset_) return kg::kNoId;
    const kg::Vocabulary& vocab = dataset_->graph->vocab;
    const std::string name = text.trimmed().toStdString();
    if (name.empty()) return kg::kNoId;
    if (const kg::Id id = vocab.entities().find(name); id != kg::kNoId) return id;
    if (const auto expanded = vocab.prefixes().expand(name))
        if (const kg::Id id = vocab.entities().find(*expanded); id != kg::kNoId) return id;
    // A display name (label or compacted IRI): one linear scan of the vocabulary.
    for (kg::Id id = 0; id < vocab.entities().size(); ++id)
        if (vocab.display(kg::Namespace::Entity, id) == name) return id;
    return kg::kNoId;
}

} // namespace kbcx::ui
