// Measurements for `--stats`: wall-clock timing and the process's peak resident memory,
// read from the operating system rather than estimated.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace kbcx {

class Stopwatch {
  public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
    void restart() { start_ = std::chrono::steady_clock::now(); }

  private:
    std::chrono::steady_clock::time_point start_;
};

/// Peak resident set size of this process in bytes (getrusage ru_maxrss).
std::uint64_t peak_memory_bytes();
/// Current resident set size in bytes (from /proc/self/statm; 0 where unavailable).
std::uint64_t current_memory_bytes();
/// Physical memory of the machine in bytes (sysconf), or the memory cgroup's limit
/// (/sys/fs/cgroup/memory.max) where that is lower, as in a container; 0 where unknown.
std::uint64_t physical_memory_bytes();
/// Memory the machine can still give out without swapping (/proc/meminfo MemAvailable, capped
/// by what the memory cgroup has left); 0 where unknown.
std::uint64_t available_memory_bytes();
/// Returns the free pages of the C allocator's heaps to the system (glibc's malloc_trim), so
/// that the resident size falls back after a job that allocated much has ended; a no-op where
/// the allocator is not glibc's.
void release_free_memory();
/// Tunes the C allocator for a batch process that builds large arrays and then exits: freed
/// memory is kept for reuse instead of being unmapped and page-faulted in again (glibc's
/// mmap, trim and top-pad thresholds). Called once by `kbcx` before any work; a no-op where
/// the allocator is not glibc's. The GUI does not call it, so that it returns memory after a
/// dataset is closed.
void tune_allocator_for_batch();
/// "12.3 MB"-style rendering with decimal units.
std::string human_bytes(std::uint64_t bytes);

} // namespace kbcx
