// Table model of one dataset's relations for the Overview tab: name, fact count and the
// numbers of distinct subjects and objects. Sort and filter it through a proxy.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QAbstractTableModel>

namespace kbcx::ui {

class RelationTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { NameColumn, FactsColumn, SubjectsColumn, ObjectsColumn, ColumnCount };
    enum Role { RelationIdRole = Qt::UserRole + 1 };

    explicit RelationTableModel(QObject* parent = nullptr);

    /// Shows `dataset`'s relations (null: none). Resets the model.
    void setDataset(DatasetPtr dataset);
    DatasetPtr dataset() const { return dataset_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Row of relation `id`, or -1. Rows are in relation id order.
    int rowOfRelation(kg::Id id) const;

  private:
    DatasetPtr dataset_;
};

} // namespace kbcx::ui
