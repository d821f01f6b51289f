// The "Overview" tab: for the selected dataset a summary (counts, load time, bytes per fact)
// and sortable, filterable tables of its relations by fact count and types by instance count.
#pragma once

#include "ui/dataset/dataset.hpp"

#include <QWidget>

class QGridLayout;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace kbcx::ui {

class RelationTableModel;
class TypeTableModel;

class OverviewPage : public QWidget {
    Q_OBJECT
  public:
    explicit OverviewPage(QWidget* parent = nullptr);

    /// Shows `dataset` (null: the empty-state hint). Keeps the filter text.
    void setDataset(DatasetPtr dataset);
    DatasetPtr dataset() const { return dataset_; }

    /// Selects and scrolls to a relation / type in its table (clearing a filter that hides it).
    void selectRelation(kg::Id relation);
    void selectType(kg::Id type);

    QTableView* relationView() const { return relationView_; }
    QTableView* typeView() const { return typeView_; }
    QLineEdit* filterEdit() const { return filter_; }
    QSortFilterProxyModel* relationProxy() const { return relationProxy_; }
    QSortFilterProxyModel* typeProxy() const { return typeProxy_; }
    /// The summary's value label for a key such as "facts" (object name "summary.facts").
    QLabel* summaryValue(const QString& key) const;

  private:
    void updateSummary();
    void updateTableTitles();
    void fitColumns();
    QLabel* addSummaryRow(QGridLayout* grid, int row, int column, const QString& key, const QString& title,
                          const QString& toolTip = {});

    DatasetPtr dataset_;
    QStackedWidget* stack_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* sources_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QLabel* relationsTitle_ = nullptr;
    QLabel* typesTitle_ = nullptr;
    QTableView* relationView_ = nullptr;
    QTableView* typeView_ = nullptr;
    RelationTableModel* relationModel_ = nullptr;
    TypeTableModel* typeModel_ = nullptr;
    QSortFilterProxyModel* relationProxy_ = nullptr;
    QSortFilterProxyModel* typeProxy_ = nullptr;
};

} // namespace kbcx::ui
