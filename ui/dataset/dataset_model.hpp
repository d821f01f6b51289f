// The dataset explorer's item model: one top-level row per loaded dataset with its counts,
// and under it groups of its files (with their read statistics), relations and types.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QAbstractItemModel>
#include <QIcon>

#include <memory>
#include <vector>

namespace kbcx::ui {

/// Tree:
///   dataset                 Name | Facts | Entities | Relations | Type facts | Types
///     Files (n)             one row per input file, its FileStats in the same columns
///     Relations (n)         name, fact count; ordered by fact count, largest first
///     Types (n)             name, instance count (Type facts column); largest first
/// Groups without rows (a KG without type facts) are left out. Counts are numbers in
/// Qt::DisplayRole so that proxies sort them numerically.
class DatasetModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column { NameColumn, FactsColumn, EntitiesColumn, RelationsColumn, TypeFactsColumn, TypesColumn, ColumnCount };
    enum class ItemKind { Dataset, FilesGroup, RelationsGroup, TypesGroup, File, Relation, Type };
    Q_ENUM(ItemKind)
    enum Role {
        KindRole = Qt::UserRole + 1, ///< ItemKind as int
        DatasetIdRole,               ///< Dataset::id of the row's dataset (every row)
        ItemIdRole,                  ///< relation or type id, file index; -1 elsewhere
    };

    explicit DatasetModel(QObject* parent = nullptr);
    ~DatasetModel() override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Appends a dataset; returns the index of its row.
    QModelIndex addDataset(DatasetPtr dataset);
    /// Removes the dataset with that id; false if there is none.
    bool removeDataset(quint64 id);
    void clear();

    int datasetCount() const { return static_cast<int>(entries_.size()); }
    DatasetPtr datasetAt(int row) const;
    /// The dataset an index belongs to (at any depth), or null.
    DatasetPtr datasetForIndex(const QModelIndex& index) const;
    ItemKind kind(const QModelIndex& index) const;

    QModelIndex indexOfDataset(quint64 id, int column = NameColumn) const;
    QModelIndex indexOfRelation(quint64 datasetId, kg::Id relation) const;
    QModelIndex indexOfType(quint64 datasetId, kg::Id type) const;

  private:
    struct Node;
    struct Group;
    struct Entry;

    QModelIndex indexOfLeaf(quint64 datasetId, ItemKind groupKind, kg::Id id) const;
    int rowOfEntry(const Entry* entry) const;
    QVariant datasetData(const Entry& entry, int column, int role) const;
    QVariant groupData(const Group& group, int column, int role) const;
    QVariant leafData(const Group& group, int row, int column, int role) const;

    std::vector<std::unique_ptr<Entry>> entries_;
    QIcon datasetIcon_, fileIcon_, groupIcon_, relationIcon_, typeIcon_;
};

} // namespace kbcx::ui
