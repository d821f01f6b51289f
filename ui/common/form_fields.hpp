// Spin boxes built the same way by every form (Training tab, sweep dialog): range, value,
// tooltip and accelerated stepping in one call.
#pragma once

class QDoubleSpinBox;
class QSpinBox;
class QString;
class QWidget;

namespace kbcx::ui {

/// An integer spin box over [lo, hi] showing `value`, with `tip` as its tooltip.
QSpinBox* intSpin(int lo, int hi, int value, const QString& tip, QWidget* parent);

/// A real spin box over [lo, hi] with `decimals` digits and arrow steps of `step`.
QDoubleSpinBox* realSpin(double lo, double hi, int decimals, double step, double value, const QString& tip,
                         QWidget* parent);

} // namespace kbcx::ui
