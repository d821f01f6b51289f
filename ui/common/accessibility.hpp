// Accessible names for the controls of the main window: each interactive widget without an
// explicit name gets one from the label or context a sighted user reads next to it.
#pragma once

#include <QString>

class QWidget;

namespace kbcx::ui {

/// The accessible name a screen reader announces for `widget` (explicit name, button text,
/// buddy label…), empty when it has none.
QString accessibleNameOf(const QWidget* widget);

/// Gives every interactive widget under `root` that has no accessible name one derived, in this
/// order, from: the label of its QFormLayout row, a QLabel just before it in its layout, its
/// placeholder text, its tool tip, the title of its group box or dock, or the tab it fills.
/// Widgets that already have a name (explicit, button text, buddy label) are left alone.
/// Returns how many names were set. Idempotent; call again after building widgets lazily.
int nameUnlabelledControls(QWidget* root);

} // namespace kbcx::ui
