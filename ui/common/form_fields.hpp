// Spin and combo boxes built the same way by every form (Training tab, sweep dialog): range,
// value, items, tooltip and accelerated stepping in one call.
#pragma once

#include <QList>
#include <QPair>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QWidget;

namespace kbcx::ui {

/// An integer spin box over [lo, hi] showing `value`, with `tip` as its tooltip.
QSpinBox* intSpin(int lo, int hi, int value, const QString& tip, QWidget* parent);

/// A real spin box over [lo, hi] with `decimals` digits and arrow steps of `step`.
QDoubleSpinBox* realSpin(double lo, double hi, int decimals, double step, double value, const QString& tip,
                         QWidget* parent);

/// A combo box of (text, data) items with `tip` as its tooltip.
QComboBox* dataCombo(const QList<QPair<QString, QString>>& items, const QString& tip, QWidget* parent);

/// Selects the item of `c` whose data is `data` (case-insensitive); false, and `c` left as it
/// is, when no item has it.
bool selectData(QComboBox* c, const QString& data);

} // namespace kbcx::ui
