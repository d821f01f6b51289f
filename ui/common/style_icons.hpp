// The style's standard icons, decoded once per program run: QStyle::standardIcon reads and
// decodes the icon files on every call, too slow for buttons that change with job progress.
#pragma once

#include <QStyle>

class QAbstractButton;
class QIcon;

namespace kbcx::ui {

/// QStyle::standardIcon(which) of `style`, decoded on the first call and kept (GUI thread only).
const QIcon& styleIcon(const QStyle* style, QStyle::StandardPixmap which);

/// Shows `which` on `button` unless `*shown` already says it does; updates `*shown`.
void setButtonStyleIcon(QAbstractButton* button, QStyle::StandardPixmap which, int* shown);

} // namespace kbcx::ui
