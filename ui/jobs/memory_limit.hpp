// The memory limit of GUI jobs: the default kept in the settings (File → Preferences) and
// the field the Preferences and the dialogs that start long jobs use to choose one.
#pragma once

#include <QDoubleSpinBox>

#include <cstdint>

namespace kbcx::ui {

/// The settings key of the jobs' default memory limit, in MB (10^6 bytes; absent = the core's
/// default_memory_limit_bytes()).
inline constexpr const char* kJobMemoryLimitKey = "jobs/memoryLimitMB";

/// The limit jobs get when their dialog sets none: the saved one, else the core's default
/// (three quarters of physical memory, leaving at least 1 GiB; common/limits.hpp).
std::uint64_t savedJobMemoryLimit();
/// Saves `bytes` as the default (rounded to MB); 0 = back to the core's default.
void saveJobMemoryLimit(std::uint64_t bytes);

/// A limit in GB (10^9 bytes) with two decimals, from 0.05 GB to the machine's memory.
class MemoryLimitField : public QDoubleSpinBox {
    Q_OBJECT
  public:
    explicit MemoryLimitField(QWidget* parent = nullptr);
    std::uint64_t bytes() const;
    void setBytes(std::uint64_t bytes);
};

} // namespace kbcx::ui
