// Implementation of the shared spin-box builders: holding an arrow key speeds the stepping up
// (setAccelerated), as in the rest of the forms.
#include "ui/common/form_fields.hpp"

#include <QDoubleSpinBox>
#include <QSpinBox>

namespace kbcx::ui {

QSpinBox* intSpin(int lo, int hi, int value, const QString& tip, QWidget* parent) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setValue(value);
    s->setToolTip(tip);
    s->setAccelerated(true);
    return s;
}

QDoubleSpinBox* realSpin(double lo, double hi, int decimals, double step, double value, const QString& tip,
                         QWidget* parent) {
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setSingleStep(step);
    s->setValue(value);
    s->setToolTip(tip);
    s->setAccelerated(true);
    return s;
}

} // namespace kbcx::ui
