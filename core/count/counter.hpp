// The exact model counter (#SAT) of the counting module: unit propagation, connected-component
// decomposition, a component cache keyed by the residual clauses, and arbitrary-precision counts.
#pragma once

#include "count/cnf.hpp"

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace kbcx::jobs {
class JobContext;
}

namespace kbcx::count {

/// A number of models: exact, unbounded.
using Models = boost::multiprecision::cpp_int;

/// Limits of one count() call; 0 means unlimited.
struct Budget {
    double seconds = 0;             ///< wall-clock time of the call
    std::uint64_t memory_bytes = 0; ///< cache plus the residual formulas on the search stack
};

struct CounterOptions {
    bool components = true; ///< split residual formulas into variable-disjoint components
    bool cache = true;      ///< remember the count of every component met (kept across count() calls)
    Budget budget;
    /// The cache is cleared when it grows past this size (0: 3/4 of the memory budget, or 2 GB
    /// without one). Clearing never changes a count, only the time to find it.
    std::uint64_t cache_limit_bytes = 0;
};

/// Work done; count() returns the figures of the call, totals() those of the counter's life.
struct CounterStats {
    std::uint64_t decisions = 0;  ///< branching variables tried (each costs two propagations)
    std::uint64_t conflicts = 0;  ///< branches closed by unit propagation
    std::uint64_t components = 0; ///< components counted (cache misses with two or more clauses)
    std::uint64_t cache_hits = 0;
    std::uint64_t cache_entries = 0; ///< after the call
    std::uint64_t cache_bytes = 0;   ///< after the call (keys, counts and an estimated node overhead)
    std::uint64_t evictions = 0;     ///< times the cache was cleared for exceeding its limit
    double seconds = 0;
};

enum class CountStatus : std::uint8_t { Exact, BudgetExceeded };

struct CountResult {
    CountStatus status = CountStatus::Exact;
    Models models = 0;  ///< the exact count when status is Exact
    std::string reason; ///< BudgetExceeded: which limit, after how much work
    CounterStats stats;
    bool exact() const { return status == CountStatus::Exact; }
};

/// Whether a BudgetExceeded reason (of a count, or of a P built from counts) names the memory
/// budget rather than the time budget: `kbcx count` ends with exit 3 after such a count.
bool memory_budget_exceeded(const std::string& reason);

/// Counts the models of a CNF over all its variables 1..num_vars exactly.
///
/// The search is DPLL-style without clause learning: at each node the formula is reduced by
/// unit propagation, split into components that share no variable (their counts multiply),
/// and each component is looked up in the cache before branching on the variable with the most
/// occurrences in it (the DLCS score; VSADS without conflict activity). Variables that no
/// longer occur in any clause are free and double the count. The cache key of a component is
/// its residual clause list with literals and clauses sorted and variables renumbered 1..k in
/// increasing order, so components that differ only by an order-preserving renaming of
/// variables (e.g. the same constraints on another domain element) share one entry; equal keys
/// mean isomorphic formulas, so a hit is always exact. The cache lives as long as the counter,
/// so counting O ∪ {α} for many α reuses the components that α leaves unchanged.
///
/// Cancellation: when the JobContext's stop token is triggered, count() throws kbcx::Cancelled.
/// Budget: when a limit is exceeded count() returns status BudgetExceeded (never a wrong count).
class ModelCounter {
  public:
    explicit ModelCounter(CounterOptions options = {});
    ~ModelCounter();
    ModelCounter(const ModelCounter&) = delete;
    ModelCounter& operator=(const ModelCounter&) = delete;

    CountResult count(const Cnf& cnf, jobs::JobContext* ctx = nullptr);
    /// The same count, but the search branches on the variables in `first` (when they still
    /// occur in the component at hand) before any other: conditioning on them. Used for
    /// O ∪ {α} with α's variables, so that once they are set the residual components are
    /// those of O under the assignment and can hit the cache across candidates. Only the order
    /// of decisions changes; cache keys and counts do not.
    CountResult count(const Cnf& cnf, const std::vector<std::uint32_t>& first, jobs::JobContext* ctx = nullptr);

    const CounterOptions& options() const;
    void set_budget(const Budget& budget);
    void clear_cache();
    /// Sets options().cache_limit_bytes (0: the default); a larger cache is cleared when it next grows.
    void set_cache_limit(std::uint64_t bytes);
    const CounterStats& totals() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Convenience: a fresh counter with the given options.
CountResult count_models(const Cnf& cnf, CounterOptions options = {}, jobs::JobContext* ctx = nullptr);

/// Decimal text of a count.
std::string to_string(const Models& m);

} // namespace kbcx::count
