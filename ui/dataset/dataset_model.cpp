// Implementation of DatasetModel: a three-level tree addressed by internal pointers — top-level
// rows carry none, group rows point at their dataset entry, leaf rows point at their group.
#include "ui/dataset/dataset_model.hpp"

#include "common/resources.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QFont>
#include <QLocale>
#include <QStyle>

#include <algorithm>

namespace kbcx::ui {

struct DatasetModel::Node {
    bool isGroup = false;
};

struct DatasetModel::Group : Node {
    Entry* owner = nullptr;
    ItemKind kind = ItemKind::FilesGroup;
    int row = 0;                  ///< row under the dataset
    std::vector<std::size_t> ids; ///< per leaf row: file index, relation id or type id
};

struct DatasetModel::Entry : Node {
    DatasetPtr dataset;
    std::vector<std::unique_ptr<Group>> groups;
};

namespace {

QString groupTitle(DatasetModel::ItemKind kind, std::size_t n) {
    switch (kind) {
    case DatasetModel::ItemKind::FilesGroup: return DatasetModel::tr("Files (%1)").arg(n);
    case DatasetModel::ItemKind::RelationsGroup: return DatasetModel::tr("Relations (%1)").arg(n);
    case DatasetModel::ItemKind::TypesGroup: return DatasetModel::tr("Types (%1)").arg(n);
    default: return {};
    }
}

QVariant count(std::uint64_t n) {
    return QVariant::fromValue<qulonglong>(n);
}

QString formatName(kg::Format format) {
    return QString::fromLatin1(kg::format_name(format).data(), static_cast<qsizetype>(kg::format_name(format).size()));
}

} // namespace

DatasetModel::DatasetModel(QObject* parent) : QAbstractItemModel(parent) {
    if (qobject_cast<QApplication*>(QCoreApplication::instance())) {
        QStyle* style = QApplication::style();
        datasetIcon_ = style->standardIcon(QStyle::SP_DriveHDIcon);
        fileIcon_ = style->standardIcon(QStyle::SP_FileIcon);
        groupIcon_ = style->standardIcon(QStyle::SP_DirIcon);
        relationIcon_ = style->standardIcon(QStyle::SP_ArrowRight);
        typeIcon_ = style->standardIcon(QStyle::SP_FileDialogInfoView);
    }
}

DatasetModel::~DatasetModel() = default;

QModelIndex DatasetModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) {
        if (row >= datasetCount()) return {};
        return createIndex(row, column, static_cast<const void*>(nullptr));
    }
    if (parent.column() != NameColumn) return {};
    const auto* node = static_cast<const Node*>(parent.internalPointer());
    if (!node) {
        const Entry* entry = entries_[static_cast<std::size_t>(parent.row())].get();
        if (row >= static_cast<int>(entry->groups.size())) return {};
        return createIndex(row, column, static_cast<const void*>(static_cast<const Node*>(entry)));
    }
    if (!node->isGroup) {
        const auto* entry = static_cast<const Entry*>(node);
        const Group* group = entry->groups[static_cast<std::size_t>(parent.row())].get();
        if (row >= static_cast<int>(group->ids.size())) return {};
        return createIndex(row, column, static_cast<const void*>(static_cast<const Node*>(group)));
    }
    return {}; // leaves have no children
}

QModelIndex DatasetModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const auto* node = static_cast<const Node*>(child.internalPointer());
    if (!node) return {};
    if (!node->isGroup) {
        const auto* entry = static_cast<const Entry*>(node);
        return createIndex(rowOfEntry(entry), NameColumn, static_cast<const void*>(nullptr));
    }
    const auto* group = static_cast<const Group*>(node);
    return createIndex(group->row, NameColumn, static_cast<const void*>(static_cast<const Node*>(group->owner)));
}

int DatasetModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return datasetCount();
    if (parent.column() != NameColumn) return 0;
    const auto* node = static_cast<const Node*>(parent.internalPointer());
    if (!node) return static_cast<int>(entries_[static_cast<std::size_t>(parent.row())]->groups.size());
    if (!node->isGroup)
        return static_cast<int>(
            static_cast<const Entry*>(node)->groups[static_cast<std::size_t>(parent.row())]->ids.size());
    return 0;
}

int DatasetModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DatasetModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto* node = static_cast<const Node*>(index.internalPointer());
    if (!node) {
        const Entry& entry = *entries_[static_cast<std::size_t>(index.row())];
        return datasetData(entry, index.column(), role);
    }
    if (!node->isGroup) {
        const auto* entry = static_cast<const Entry*>(node);
        return groupData(*entry->groups[static_cast<std::size_t>(index.row())], index.column(), role);
    }
    return leafData(*static_cast<const Group*>(node), index.row(), index.column(), role);
}

QVariant DatasetModel::datasetData(const Entry& entry, int column, int role) const {
    const Dataset& d = *entry.dataset;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return d.name;
        case FactsColumn: return count(d.numFacts());
        case EntitiesColumn: return count(d.numEntities());
        case RelationsColumn: return count(d.numRelations());
        case TypeFactsColumn: return count(d.numTypeFacts());
        case TypesColumn: return count(d.numTypes());
        }
        break;
    case Qt::DecorationRole:
        if (column == NameColumn) return datasetIcon_;
        break;
    case Qt::FontRole:
        if (column == NameColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case Qt::ToolTipRole: {
        QStringList sources;
        for (const QString& source : d.sources)
            sources << source.toHtmlEscaped();
        return tr("<b>%1</b><br>%2<br>Loaded %3 in %4 s")
            .arg(d.name.toHtmlEscaped(), sources.join(QStringLiteral("<br>")),
                 QLocale().toString(d.loadedAt, QLocale::ShortFormat))
            .arg(d.seconds, 0, 'f', 2);
    }
    case KindRole: return static_cast<int>(ItemKind::Dataset);
    case DatasetIdRole: return QVariant::fromValue<qulonglong>(d.id);
    case ItemIdRole: return -1;
    }
    if (role == Qt::TextAlignmentRole && column != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant DatasetModel::groupData(const Group& group, int column, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn) return groupTitle(group.kind, group.ids.size());
        break;
    case Qt::DecorationRole:
        if (column == NameColumn) return groupIcon_;
        break;
    case KindRole: return static_cast<int>(group.kind);
    case DatasetIdRole: return QVariant::fromValue<qulonglong>(group.owner->dataset->id);
    case ItemIdRole: return -1;
    }
    return {};
}

QVariant DatasetModel::leafData(const Group& group, int row, int column, int role) const {
    const Dataset& d = *group.owner->dataset;
    const std::size_t id = group.ids[static_cast<std::size_t>(row)];
    const auto& vocab = d.graph->vocab;
    const auto& facts = d.graph->facts;
    const auto kg_id = static_cast<kg::Id>(id);

    if (role == KindRole) {
        switch (group.kind) {
        case ItemKind::FilesGroup: return static_cast<int>(ItemKind::File);
        case ItemKind::RelationsGroup: return static_cast<int>(ItemKind::Relation);
        default: return static_cast<int>(ItemKind::Type);
        }
    }
    if (role == DatasetIdRole) return QVariant::fromValue<qulonglong>(d.id);
    if (role == ItemIdRole) return QVariant::fromValue<qlonglong>(static_cast<qlonglong>(id));
    if (role == Qt::TextAlignmentRole && column != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);

    if (group.kind == ItemKind::FilesGroup) {
        const kg::FileStats& f = d.files[id];
        const QString path = QString::fromStdString(f.path);
        switch (role) {
        case Qt::DisplayRole:
            switch (column) {
            case NameColumn: return QFileInfo(path).fileName();
            case FactsColumn: return count(f.facts);
            case EntitiesColumn: return count(f.entities);
            case RelationsColumn: return count(f.relations);
            case TypeFactsColumn: return count(f.type_facts);
            case TypesColumn: return count(f.types);
            }
            break;
        case Qt::DecorationRole:
            if (column == NameColumn) return fileIcon_;
            break;
        case Qt::ToolTipRole:
            return tr("%1\nFormat: %2\n%3 read, %4 lines in %5 s\n%6 duplicate facts dropped, %7 literals skipped")
                .arg(path, formatName(f.format), QString::fromStdString(human_bytes(f.bytes)))
                .arg(f.lines)
                .arg(f.seconds, 0, 'f', 3)
                .arg(f.duplicates)
                .arg(f.literals_skipped);
        }
        return {};
    }

    const bool isRelation = group.kind == ItemKind::RelationsGroup;
    const kg::Namespace ns = isRelation ? kg::Namespace::Relation : kg::Namespace::Type;
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn) return QString::fromStdString(vocab.display(ns, kg_id));
        if (isRelation && column == FactsColumn) return count(facts.relation_size(kg_id));
        if (!isRelation && column == TypeFactsColumn) return count(facts.instances(kg_id).size());
        break;
    case Qt::DecorationRole:
        if (column == NameColumn) return isRelation ? relationIcon_ : typeIcon_;
        break;
    case Qt::ToolTipRole: {
        const auto raw = vocab.names(ns).name(kg_id);
        const QString name = QString::fromUtf8(raw.data(), static_cast<qsizetype>(raw.size()));
        if (isRelation)
            return tr("%1\n%2 facts, %3 distinct subjects, %4 distinct objects")
                .arg(name)
                .arg(facts.relation_size(kg_id))
                .arg(facts.subjects_of(kg_id).size())
                .arg(facts.objects_of(kg_id).size());
        return tr("%1\n%2 instances").arg(name).arg(facts.instances(kg_id).size());
    }
    }
    return {};
}

QVariant DatasetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Name");
        case FactsColumn: return tr("Facts");
        case EntitiesColumn: return tr("Entities");
        case RelationsColumn: return tr("Relations");
        case TypeFactsColumn: return tr("Type facts");
        case TypesColumn: return tr("Types");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case FactsColumn: return tr("Distinct binary facts r(s, o)");
        case TypeFactsColumn: return tr("Distinct unary facts T(e), read from rdf:type; for a type, its instances");
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && section != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QHash<int, QByteArray> DatasetModel::roleNames() const {
    auto names = QAbstractItemModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(DatasetIdRole, "datasetId");
    names.insert(ItemIdRole, "itemId");
    return names;
}

QModelIndex DatasetModel::addDataset(DatasetPtr dataset) {
    Q_ASSERT(dataset && dataset->graph);
    auto entry = std::make_unique<Entry>();
    entry->isGroup = false;
    entry->dataset = std::move(dataset);
    const Dataset& d = *entry->dataset;

    auto addGroup = [&entry](ItemKind kind, std::vector<std::size_t> ids) {
        if (ids.empty()) return;
        auto group = std::make_unique<Group>();
        group->isGroup = true;
        group->owner = entry.get();
        group->kind = kind;
        group->row = static_cast<int>(entry->groups.size());
        group->ids = std::move(ids);
        entry->groups.push_back(std::move(group));
    };
    // Largest first, ties by name, so the explorer reads like a histogram.
    auto byCountThenName = [&d](kg::Namespace ns, auto countOf) {
        std::vector<std::size_t> ids(d.graph->vocab.names(ns).size());
        for (std::size_t i = 0; i < ids.size(); ++i)
            ids[i] = i;
        std::stable_sort(ids.begin(), ids.end(), [&](std::size_t a, std::size_t b) {
            const auto ca = countOf(static_cast<kg::Id>(a));
            const auto cb = countOf(static_cast<kg::Id>(b));
            if (ca != cb) return ca > cb;
            return d.graph->vocab.names(ns).name(static_cast<kg::Id>(a)) <
                   d.graph->vocab.names(ns).name(static_cast<kg::Id>(b));
        });
        return ids;
    };

    std::vector<std::size_t> files(d.files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        files[i] = i;
    addGroup(ItemKind::FilesGroup, std::move(files));
    addGroup(ItemKind::RelationsGroup, byCountThenName(kg::Namespace::Relation, [&d](kg::Id r) {
                 return r < d.graph->facts.num_relations() ? d.graph->facts.relation_size(r) : std::size_t{0};
             }));
    addGroup(ItemKind::TypesGroup, byCountThenName(kg::Namespace::Type, [&d](kg::Id t) {
                 return t < d.graph->facts.num_types() ? d.graph->facts.instances(t).size() : std::size_t{0};
             }));

    const int row = datasetCount();
    beginInsertRows({}, row, row);
    entries_.push_back(std::move(entry));
    endInsertRows();
    return index(row, NameColumn);
}

bool DatasetModel::removeDataset(quint64 id) {
    const QModelIndex idx = indexOfDataset(id);
    if (!idx.isValid()) return false;
    beginRemoveRows({}, idx.row(), idx.row());
    entries_.erase(entries_.begin() + idx.row());
    endRemoveRows();
    return true;
}

void DatasetModel::clear() {
    if (entries_.empty()) return;
    beginResetModel();
    entries_.clear();
    endResetModel();
}

DatasetPtr DatasetModel::datasetAt(int row) const {
    if (row < 0 || row >= datasetCount()) return {};
    return entries_[static_cast<std::size_t>(row)]->dataset;
}

DatasetPtr DatasetModel::datasetForIndex(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this) return {};
    QModelIndex top = index;
    while (top.parent().isValid())
        top = top.parent();
    return datasetAt(top.row());
}

DatasetModel::ItemKind DatasetModel::kind(const QModelIndex& index) const {
    return static_cast<ItemKind>(data(index, KindRole).toInt());
}

QModelIndex DatasetModel::indexOfDataset(quint64 id, int column) const {
    for (std::size_t row = 0; row < entries_.size(); ++row)
        if (entries_[row]->dataset->id == id) return index(static_cast<int>(row), column);
    return {};
}

QModelIndex DatasetModel::indexOfRelation(quint64 datasetId, kg::Id relation) const {
    return indexOfLeaf(datasetId, ItemKind::RelationsGroup, relation);
}

QModelIndex DatasetModel::indexOfType(quint64 datasetId, kg::Id type) const {
    return indexOfLeaf(datasetId, ItemKind::TypesGroup, type);
}

QModelIndex DatasetModel::indexOfLeaf(quint64 datasetId, ItemKind groupKind, kg::Id id) const {
    const QModelIndex datasetIndex = indexOfDataset(datasetId);
    if (!datasetIndex.isValid()) return {};
    const Entry& entry = *entries_[static_cast<std::size_t>(datasetIndex.row())];
    for (const auto& group : entry.groups) {
        if (group->kind != groupKind) continue;
        const auto it = std::find(group->ids.begin(), group->ids.end(), std::size_t{id});
        if (it == group->ids.end()) return {};
        return index(static_cast<int>(it - group->ids.begin()), NameColumn,
                     index(group->row, NameColumn, datasetIndex));
    }
    return {};
}

int DatasetModel::rowOfEntry(const Entry* entry) const {
    for (std::size_t row = 0; row < entries_.size(); ++row)
        if (entries_[row].get() == entry) return static_cast<int>(row);
    return -1;
}

} // namespace kbcx::ui
