// The Graph tab's predicate filter: one checkable row per relation of the dataset, with its
// edge colour as decoration (so the list doubles as a colour key) and its fact count.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QAbstractListModel>

#include <vector>

namespace kbcx::ui {

class RelationFilterModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role { RelationIdRole = Qt::UserRole + 1, FactCountRole };

    explicit RelationFilterModel(QObject* parent = nullptr);

    /// Lists `dataset`'s relations, all checked. Resets the model.
    void setDataset(DatasetPtr dataset);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// Relations checked, ascending; all of them when every row is checked.
    std::vector<kg::Id> checkedRelations() const;
    bool allChecked() const;
    void setChecked(kg::Id relation, bool checked);
    void setAllChecked(bool checked);

  signals:
    void checkedChanged();

  private:
    DatasetPtr dataset_;
    std::vector<char> checked_;
};

} // namespace kbcx::ui
