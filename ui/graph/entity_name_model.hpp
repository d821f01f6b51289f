// All entity names of a dataset as a flat list model for the Graph tab's completer; rows are
// entity ids and names are read from the vocabulary on demand (no copy of the name table).
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QAbstractListModel>

namespace kbcx::ui {

class EntityNameModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role { EntityIdRole = Qt::UserRole + 1 };

    explicit EntityNameModel(QObject* parent = nullptr);
    void setDataset(DatasetPtr dataset);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    /// The entity a user typed: its exact name, its display name (compact IRI or label) or a
    /// prefixed name; kNoId if none.
    kg::Id resolve(const QString& text) const;

  private:
    DatasetPtr dataset_;
};

} // namespace kbcx::ui
