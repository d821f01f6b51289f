// Implementation of the shared spin- and combo-box builders: holding an arrow key speeds the
// stepping up (setAccelerated), as in the rest of the forms.
#include "ui/common/form_fields.hpp"

#include <QComboBox>
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

QComboBox* dataCombo(const QList<QPair<QString, QString>>& items, const QString& tip, QWidget* parent) {
    auto* c = new QComboBox(parent);
    for (const auto& [text, data] : items)
        c->addItem(text, data);
    c->setToolTip(tip);
    return c;
}

bool selectData(QComboBox* c, const QString& data) {
    const int i = c->findData(data, Qt::UserRole, Qt::MatchFixedString);
    if (i >= 0) c->setCurrentIndex(i);
    return i >= 0;
}

} // namespace kbcx::ui
