// A header context menu that shows or hides a view's columns, for narrow docks that show
// only the most telling columns by default and keep the others one right-click away.
#pragma once

#include <QList>

class QTreeView;

namespace kbcx::ui {

/// Hides `hiddenByDefault` and lets the user toggle every column but the first from the
/// header's context menu.
void installColumnChooser(QTreeView* view, const QList<int>& hiddenByDefault);

} // namespace kbcx::ui
