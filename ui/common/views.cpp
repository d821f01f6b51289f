// The shared data table and bold title of views.hpp: one place for how every tab's tables look
// and select.
#include "ui/common/views.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>

namespace kbcx::ui {

QTableView* makeDataTable(QWidget* parent, const QString& objectName) {
    auto* view = new QTableView(parent);
    if (!objectName.isEmpty()) view->setObjectName(objectName);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setStretchLastSection(false);
    return view;
}

QLabel* boldLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace kbcx::ui
