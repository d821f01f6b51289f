// Setting a progress bar's value without painting the window on the spot: QProgressBar repaints
// synchronously when its text would change, which paints every dirty widget of the window.
#pragma once

class QProgressBar;

namespace kbcx::ui {

/// Sets `bar`'s value and schedules its repaint with the window's next one, instead of the
/// synchronous repaint QProgressBar::setValue does; reports arriving many times a second from
/// several jobs then cost one paint per event-loop pass, not one whole-window paint each.
void setProgressValue(QProgressBar* bar, int value);

} // namespace kbcx::ui
