// The table view and the bold title every tab builds its panes from, made in one place so
// that all tables look and select alike.
#pragma once

#include <QString>

class QLabel;
class QTableView;
class QWidget;

namespace kbcx::ui {

/// A data table: whole rows selected one at a time, alternating colours, no wrapping (long
/// cells elided on the right), compact rows sized from the font, no row header, no highlighted
/// header sections, user-resizable columns. Sorting is left to the caller.
QTableView* makeDataTable(QWidget* parent, const QString& objectName = QString());

/// A bold label: the title of a pane or section.
QLabel* boldLabel(const QString& text, QWidget* parent);

} // namespace kbcx::ui
