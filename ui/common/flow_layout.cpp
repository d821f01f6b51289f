// FlowLayout: rows filled greedily by the items' size hints; a row's items share its height and
// are centred vertically in it.
#include "ui/common/flow_layout.hpp"

#include <QWidget>

namespace kbcx::ui {

FlowLayout::FlowLayout(QWidget* parent, int hSpacing, int vSpacing)
    : QLayout(parent), hSpacing_(hSpacing), vSpacing_(vSpacing) {
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout() {
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem* item) {
    items_.append(item);
}

QLayoutItem* FlowLayout::itemAt(int index) const {
    return index >= 0 && index < items_.size() ? items_.at(index) : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index) {
    return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr;
}

QSize FlowLayout::minimumSize() const {
    QSize size;
    for (const QLayoutItem* item : items_)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
    // One row when there is room for it.
    int width = 0, height = 0;
    for (const QLayoutItem* item : items_) {
        if (item->isEmpty()) continue;
        const QSize s = item->sizeHint();
        width += (width > 0 ? hSpacing_ : 0) + s.width();
        height = std::max(height, s.height());
    }
    const QMargins m = contentsMargins();
    return QSize(width + m.left() + m.right(), height + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect& rect) {
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool apply) const {
    const QRect area = rect.marginsRemoved(contentsMargins());
    int y = area.y();
    int i = 0;
    const int n = static_cast<int>(items_.size());
    while (i < n) {
        // Take items into the row while they fit (at least one per row).
        int rowWidth = 0, rowHeight = 0, end = i;
        while (end < n) {
            const QLayoutItem* item = items_.at(end);
            if (item->isEmpty()) {
                ++end;
                continue;
            }
            const QSize s = item->sizeHint();
            const int next = rowWidth + (rowWidth > 0 ? hSpacing_ : 0) + s.width();
            if (rowWidth > 0 && next > area.width()) break;
            rowWidth = next;
            rowHeight = std::max(rowHeight, s.height());
            ++end;
        }
        if (apply) {
            int x = area.x();
            for (int k = i; k < end; ++k) {
                QLayoutItem* item = items_.at(k);
                if (item->isEmpty()) continue;
                const QSize s = item->sizeHint();
                const int w = std::min(s.width(), area.width());
                item->setGeometry(QRect(x, y + (rowHeight - s.height()) / 2, w, s.height()));
                x += w + hSpacing_;
            }
        }
        y += rowHeight + vSpacing_;
        i = end;
    }
    const QMargins m = contentsMargins();
    return std::max(0, y - vSpacing_ - area.y()) + m.top() + m.bottom();
}

} // namespace kbcx::ui
