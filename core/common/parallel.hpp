// Fork-join on a fixed number of threads, shared by the parallel passes of the core (reasoner,
// rule engine, rule learner): the calling thread works too, and the first exception is rethrown.
#pragma once

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kbcx {

/// The thread count for a `--threads` value: `requested`, or with 0 every hardware thread (≥ 1).
inline unsigned resolve_threads(unsigned requested) {
    if (requested > 0) return requested;
    return std::max(1u, std::thread::hardware_concurrency());
}

/// Runs worker(w) for w in [0, threads): w = 0 on the calling thread, the others on threads of
/// their own, and returns when all have returned. A worker that throws does not stop the others
/// (workers that share a work counter should stop taking work: see `on_error`); the first
/// exception is rethrown here. on_error() is called (under a lock) when a worker throws.
template <class Worker, class OnError> void run_workers(unsigned threads, Worker&& worker, OnError&& on_error) {
    threads = std::max(1u, threads);
    std::exception_ptr error;
    std::mutex error_mutex;
    auto guarded = [&](unsigned w) {
        try {
            worker(w);
        } catch (...) {
            std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
            on_error();
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (unsigned w = 1; w < threads; ++w)
        pool.emplace_back(guarded, w);
    guarded(0);
    for (auto& t : pool)
        t.join();
    if (error) std::rethrow_exception(error);
}

template <class Worker> void run_workers(unsigned threads, Worker&& worker) {
    run_workers(threads, std::forward<Worker>(worker), [] {});
}

} // namespace kbcx
