// A minimal parallel loop for the read-only passes over a saturated closure (taxonomy, closure
// lines): blocks of indexes handed out by an atomic counter, exceptions carried to the caller.
#pragma once

#include "common/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>

namespace kbcx::reason {

/// The thread count for `--threads 0`: the number of hardware threads (at least 1).
inline unsigned default_threads() {
    return resolve_threads(0);
}

/// Calls f(worker, begin, end) on disjoint blocks covering [0, n), from `threads` workers
/// (worker in [0, threads)); with one thread, in order on the calling thread. f must only
/// write state owned by its worker or by the indexes of its block. The first exception
/// thrown by any call stops the hand-out of blocks and is rethrown here.
template <class F> void parallel_blocks(std::size_t n, unsigned threads, std::size_t block, F&& f) {
    if (threads <= 1 || n <= block) {
        for (std::size_t b = 0; b < n; b += block)
            f(0u, b, std::min(n, b + block));
        return;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    run_workers(
        threads,
        [&](unsigned w) {
            for (;;) {
                if (failed.load(std::memory_order_relaxed)) return;
                const std::size_t b = next.fetch_add(block, std::memory_order_relaxed);
                if (b >= n) return;
                f(w, b, std::min(n, b + block));
            }
        },
        [&] { failed = true; });
}

} // namespace kbcx::reason
