// The jobs' memory limit setting (jobs/memoryLimitMB, written off the GUI thread) and the
// spin box in GB that edits a limit.
#include "ui/jobs/memory_limit.hpp"

#include "ui/common/app_settings.hpp"

#include "common/limits.hpp"
#include "common/resources.hpp"

#include <algorithm>
#include <cmath>

namespace kbcx::ui {

std::uint64_t savedJobMemoryLimit() {
    const QVariant saved = openSettings()->value(QString::fromLatin1(kJobMemoryLimitKey));
    bool ok = false;
    const qulonglong mb = saved.toULongLong(&ok);
    if (ok && mb > 0) return std::uint64_t{mb} * 1000000u;
    return jobs::default_memory_limit_bytes();
}

void saveJobMemoryLimit(std::uint64_t bytes) {
    const qulonglong mb = (bytes + 500000u) / 1000000u;
    writeSettingLater(QString::fromLatin1(kJobMemoryLimitKey), bytes == 0 ? QVariant() : QVariant(mb));
}

MemoryLimitField::MemoryLimitField(QWidget* parent) : QDoubleSpinBox(parent) {
    setObjectName(QStringLiteral("memoryLimitField"));
    setDecimals(2);
    setSingleStep(0.5);
    const double machine = static_cast<double>(physical_memory_bytes()) / 1e9;
    setRange(0.05, std::max(1.0, machine));
    setSuffix(tr(" GB"));
    setToolTip(tr("Stop the job when KBC Explorer's resident memory passes this many GB (10^9 bytes). The "
                  "process's memory counts as a whole: loaded datasets and other running jobs too."));
    setBytes(savedJobMemoryLimit());
}

std::uint64_t MemoryLimitField::bytes() const {
    return static_cast<std::uint64_t>(std::llround(value() * 1e9));
}

void MemoryLimitField::setBytes(std::uint64_t bytes) {
    setValue(static_cast<double>(bytes) / 1e9);
}

} // namespace kbcx::ui
