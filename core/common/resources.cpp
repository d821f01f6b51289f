// Peak and current memory of the process, for the `--stats` figures of every kbcx command.
// Linux only (getrusage and /proc), which is what the project targets.
#include "common/resources.hpp"

#include <sys/resource.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

namespace kbcx {

std::uint64_t peak_memory_bytes() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024u; // kilobytes on Linux
}

std::uint64_t current_memory_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    if (!(statm >> size >> resident)) return 0;
    return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

namespace {

/// The cgroup v2 value in `file` ("max" or a byte count); 0 = no limit or not readable.
std::uint64_t cgroup_value(const char* file) {
    std::ifstream in(file);
    std::string text;
    if (!(in >> text) || text == "max") return 0;
    try {
        return std::stoull(text);
    } catch (const std::exception&) {
        return 0;
    }
}

} // namespace

std::uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    std::uint64_t bytes =
        pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
    const std::uint64_t cgroup = cgroup_value("/sys/fs/cgroup/memory.max");
    if (cgroup > 0 && (bytes == 0 || cgroup < bytes)) bytes = cgroup;
    return bytes;
}

std::uint64_t available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key, unit;
    std::uint64_t value = 0, available = 0;
    while (meminfo >> key >> value) {
        std::getline(meminfo, unit);
        if (key == "MemAvailable:") {
            available = value * 1024u; // kB
            break;
        }
    }
    const std::uint64_t limit = cgroup_value("/sys/fs/cgroup/memory.max");
    if (limit > 0) {
        const std::uint64_t used = cgroup_value("/sys/fs/cgroup/memory.current");
        const std::uint64_t left = used < limit ? limit - used : 0;
        if (available == 0 || left < available) available = left;
    }
    return available;
}

void release_free_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

std::string human_bytes(std::uint64_t bytes) {
    const char* units[] = {"B", "kB", "MB", "GB", "TB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1000.0 && unit < 4) {
        value /= 1000.0;
        ++unit;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return buffer;
}

void tune_allocator_for_batch() {
#if defined(__GLIBC__)
    // Blocks up to 32 MiB (glibc's largest accepted value) come from the heap rather than
    // from their own mapping, the heap is trimmed only when 1 GiB lies free at its top, and
    // it grows 64 MiB at a time: growing arrays (vectors doubling, hash tables rehashing)
    // then reuse pages instead of faulting in fresh ones. On galen-el.nt this cut classification from 1.45 s to 1.13 s
    // (sys 0.25 → 0.12 s).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}

} // namespace kbcx
