// Implementation of setProgressValue: setValue with updates disabled (so QWidget::repaint does
// nothing), then an ordinary update() when updates are enabled again.
#include "ui/common/progress_value.hpp"

#include <QProgressBar>

namespace kbcx::ui {

void setProgressValue(QProgressBar* bar, int value) {
    if (bar->value() == value) return;
    if (!bar->updatesEnabled()) { // a caller has already frozen it: leave its state alone
        bar->setValue(value);
        return;
    }
    bar->setUpdatesEnabled(false);
    bar->setValue(value);
    bar->setUpdatesEnabled(true); // calls update()
}

} // namespace kbcx::ui
