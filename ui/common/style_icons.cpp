// Implementation of the standard-icon cache: one table per style object, keyed by the
// pixmap's enum value.
#include "ui/common/style_icons.hpp"

#include <QAbstractButton>
#include <QHash>
#include <QIcon>
#include <QPair>

namespace kbcx::ui {

const QIcon& styleIcon(const QStyle* style, QStyle::StandardPixmap which) {
    static QHash<QPair<const QStyle*, int>, QIcon> cache; // GUI thread only
    const QPair<const QStyle*, int> key(style, static_cast<int>(which));
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.insert(key, style->standardIcon(which));
    return *it;
}

void setButtonStyleIcon(QAbstractButton* button, QStyle::StandardPixmap which, int* shown) {
    if (*shown == static_cast<int>(which) && !button->icon().isNull()) return;
    *shown = static_cast<int>(which);
    button->setIcon(styleIcon(button->style(), which));
}

} // namespace kbcx::ui
