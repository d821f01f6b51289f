// Table model of one dataset's types for the Overview tab: name, instance count and the
// share of the dataset's entities that have the type. Sort and filter it through a proxy.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QAbstractTableModel>

namespace kbcx::ui {

class TypeTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { NameColumn, InstancesColumn, ShareColumn, ColumnCount };
    enum Role {
        TypeIdRole = Qt::UserRole + 1,
        SortRole, ///< the value to sort by: the share as a number, else as DisplayRole
    };

    explicit TypeTableModel(QObject* parent = nullptr);

    /// Shows `dataset`'s types (null: none). Resets the model.
    void setDataset(DatasetPtr dataset);
    DatasetPtr dataset() const { return dataset_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Row of type `id`, or -1. Rows are in type id order.
    int rowOfType(kg::Id id) const;

  private:
    double share(std::size_t instances) const;
    DatasetPtr dataset_;
};

} // namespace kbcx::ui
