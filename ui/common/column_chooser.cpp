// A header context menu that shows or hides a view's columns, for narrow docks that show
// only the most telling columns by default and keep the others one right-click away.
#include "ui/common/column_chooser.hpp"

#include <QAbstractItemModel>
#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QTreeView>

namespace kbcx::ui {

void installColumnChooser(QTreeView* view, const QList<int>& hiddenByDefault) {
    for (int column : hiddenByDefault)
        view->setColumnHidden(column, true);
    QHeaderView* header = view->header();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QHeaderView::customContextMenuRequested, view, [view, header](const QPoint& at) {
        QMenu menu(view);
        const QAbstractItemModel* model = view->model();
        for (int column = 1; model && column < model->columnCount(); ++column) {
            QAction* action = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!view->isColumnHidden(column));
            QObject::connect(action, &QAction::toggled, view,
                             [view, column](bool shown) { view->setColumnHidden(column, !shown); });
        }
        menu.exec(header->mapToGlobal(at));
    });
}

} // namespace kbcx::ui
