// A minimal fork-join helper for the rule engine: runs f(0..n-1) on a fixed number of threads
// that take indices from a shared counter; the first exception is rethrown on the caller.
#pragma once

#include "common/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>

namespace kbcx::rules {

using kbcx::resolve_threads;

/// Calls f(i) for every i in [0, n) from up to `threads` threads taking indexes from a shared
/// counter; after an exception no new index is taken, and the first one is rethrown.
template <class F> void parallel_for(std::size_t n, unsigned threads, F&& f) {
    if (n == 0) return;
    threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::min<std::size_t>(n, 1024))));
    std::atomic<std::size_t> next{0};
    run_workers(
        threads,
        [&](unsigned) {
            for (;;) {
                const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
                if (i >= n) return;
                f(i);
            }
        },
        [&] { next.store(n); });
}

/// Sorts [first, last) with up to `threads` threads (parallel sort of parts, then merges).
template <class It, class Less> void parallel_sort(It first, It last, unsigned threads, Less less) {
    const std::size_t n = static_cast<std::size_t>(last - first);
    if (threads <= 1 || n < (1u << 16)) {
        std::sort(first, last, less);
        return;
    }
    std::size_t parts = 1;
    while (parts < threads)
        parts *= 2;
    std::vector<std::size_t> cut(parts + 1);
    for (std::size_t i = 0; i <= parts; ++i)
        cut[i] = n * i / parts;
    parallel_for(parts, threads, [&](std::size_t i) { std::sort(first + cut[i], first + cut[i + 1], less); });
    for (std::size_t width = 1; width < parts; width *= 2) {
        const std::size_t merges = parts / (2 * width);
        parallel_for(merges, threads, [&](std::size_t m) {
            const std::size_t a = cut[2 * width * m], b = cut[2 * width * m + width], c = cut[2 * width * (m + 1)];
            std::inplace_merge(first + a, first + b, first + c, less);
        });
    }
}

} // namespace kbcx::rules
