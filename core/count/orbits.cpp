// The orbit sum: types of one element kept by unit propagation, a depth-first walk over
// non-decreasing type sequences with propagation and undo, one counter call per orbit.
#include "count/orbits.hpp"

#include "common/error.hpp"
#include "common/job.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

namespace kbcx::count {

namespace {

/// Unit propagation with a trail, for the walk over orbits: clause counters of satisfied and
/// false literals, undone in reverse order.
class Propagator {
  public:
    explicit Propagator(const Cnf& cnf) : cnf_(cnf), val_(static_cast<std::size_t>(cnf.num_vars) + 1, 0) {
        occ_.assign(2 * (static_cast<std::size_t>(cnf.num_vars) + 1), {});
        sat_.assign(cnf.clauses.size(), 0);
        false_.assign(cnf.clauses.size(), 0);
        for (std::uint32_t ci = 0; ci < cnf.clauses.size(); ++ci)
            for (Lit l : cnf.clauses[ci])
                occ_[code(l)].push_back(ci);
        for (std::uint32_t ci = 0; ci < cnf.clauses.size(); ++ci)
            if (cnf.clauses[ci].empty()) conflict_at_root_ = true;
        // the formula's own units first
        if (!conflict_at_root_)
            for (const Clause& c : cnf.clauses)
                if (c.size() == 1 && !assign(c[0])) {
                    conflict_at_root_ = true;
                    break;
                }
    }

    bool root_conflict() const { return conflict_at_root_; }
    std::size_t mark() const { return trail_.size(); }

    /// Makes l true and propagates; false on a conflict (the caller then undoes to its mark).
    /// Invariant: the clause counters hold the literals trail_[0, propagated_), each fully.
    bool assign(Lit l) {
        if (!set(l)) return false;
        bool ok = true;
        while (ok && propagated_ < trail_.size()) {
            const Lit t = trail_[propagated_++];
            for (std::uint32_t ci : occ_[code(t)])
                ++sat_[ci];
            for (std::uint32_t ci : occ_[code(-t)]) {
                const std::uint32_t f = ++false_[ci];
                if (!ok || sat_[ci]) continue;
                const std::size_t len = cnf_.clauses[ci].size();
                if (f == len) {
                    ok = false;
                } else if (f + 1 == len) {
                    for (Lit x : cnf_.clauses[ci])
                        if (value(x) == 0) {
                            set(x);
                            break;
                        }
                }
            }
        }
        return ok;
    }

    void undo(std::size_t m) {
        while (trail_.size() > m) {
            const Lit t = trail_.back();
            trail_.pop_back();
            if (trail_.size() < propagated_) {
                for (std::uint32_t ci : occ_[code(t)])
                    --sat_[ci];
                for (std::uint32_t ci : occ_[code(-t)])
                    --false_[ci];
            }
            val_[static_cast<std::size_t>(std::abs(t))] = 0;
        }
        propagated_ = std::min(propagated_, trail_.size());
    }

  private:
    static std::size_t code(Lit l) { return 2 * static_cast<std::size_t>(std::abs(l)) + (l < 0 ? 1 : 0); }
    int value(Lit l) const {
        const std::int8_t v = val_[static_cast<std::size_t>(std::abs(l))];
        return l < 0 ? -v : v;
    }
    bool set(Lit l) {
        const int v = value(l);
        if (v == 1) return true;
        if (v == -1) return false;
        val_[static_cast<std::size_t>(std::abs(l))] = static_cast<std::int8_t>(l < 0 ? -1 : 1);
        trail_.push_back(l);
        return true;
    }
    const Cnf& cnf_;
    std::vector<std::int8_t> val_;
    std::vector<std::vector<std::uint32_t>> occ_;
    std::vector<std::uint32_t> sat_, false_;
    std::vector<Lit> trail_;
    std::size_t propagated_ = 0;
    bool conflict_at_root_ = false;
};

} // namespace

std::uint64_t multisets(std::uint64_t k, std::uint64_t n) {
    if (k == 0) return n == 0 ? 1 : 0;
    // C(k + n − 1, n) = Π_{i=1..n} (k − 1 + i) / i, exact at every step
    Models c = 1;
    const Models cap = std::numeric_limits<std::uint64_t>::max();
    for (std::uint64_t i = 1; i <= n; ++i) {
        c = c * (k - 1 + i) / i;
        if (c > cap) return std::numeric_limits<std::uint64_t>::max();
    }
    return static_cast<std::uint64_t>(c);
}

namespace {
/// Extends `types` (assignments of the predicates so far to element 0, bit p for predicate p,
/// each kept by propagation) by predicate `vars` as bit `bit`: the extensions propagation keeps.
std::vector<std::uint64_t> extend_types(Propagator& prop, const std::vector<std::vector<std::uint32_t>>& preds,
                                        const std::vector<std::uint64_t>& types, const std::vector<std::uint32_t>& vars,
                                        std::uint32_t bit) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t t : types)
        for (std::uint64_t b : {std::uint64_t{0}, std::uint64_t{1}}) {
            const std::uint64_t u = t | (b << bit);
            const std::size_t mk = prop.mark();
            bool ok = true;
            for (std::uint32_t p = 0; p < bit && ok; ++p) {
                const auto v = static_cast<Lit>(preds[p][0]);
                ok = prop.assign((u >> p) & 1u ? v : -v);
            }
            if (ok) {
                const auto v = static_cast<Lit>(vars[0]);
                ok = prop.assign(b ? v : -v);
            }
            prop.undo(mk);
            if (ok) out.push_back(u);
        }
    return out;
}
} // namespace

std::vector<std::size_t> choose_orbit_predicates(const Cnf& cnf,
                                                 const std::vector<std::vector<std::uint32_t>>& candidates,
                                                 std::uint32_t n, std::uint64_t max_orbits) {
    std::vector<std::size_t> out;
    Propagator prop(cnf);
    if (prop.root_conflict() || n < 2) return out;
    std::vector<std::vector<std::uint32_t>> preds;
    std::vector<std::uint64_t> types{0};
    for (std::size_t i = 0; i < candidates.size() && preds.size() < kMaxOrbitPredicates; ++i) {
        if (multisets(types.size() + 1, n) > max_orbits) break; // no predicate fits any more
        if (candidates[i].size() != n) continue;
        std::vector<std::uint64_t> next =
            extend_types(prop, preds, types, candidates[i], static_cast<std::uint32_t>(preds.size()));
        if (next.size() == types.size()) continue; // the predicate is fixed by the others: no split
        preds.push_back(candidates[i]);
        if (multisets(next.size(), n) > max_orbits) {
            preds.pop_back();
            continue;
        }
        types = std::move(next);
        out.push_back(i);
    }
    return out;
}

CountResult count_by_orbits(ModelCounter& counter, const Cnf& cnf,
                            const std::vector<std::vector<std::uint32_t>>& predicates, std::uint32_t n,
                            jobs::JobContext* ctx, OrbitStats* stats, bool progress) {
    const auto start = std::chrono::steady_clock::now();
    OrbitStats st;
    st.predicates = static_cast<std::uint32_t>(predicates.size());
    CountResult out;
    auto finish = [&]() {
        out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        out.stats.cache_entries = counter.totals().cache_entries;
        out.stats.cache_bytes = counter.totals().cache_bytes;
        if (stats) *stats = st;
        return out;
    };
    for (const auto& p : predicates)
        if (p.size() != n) throw std::invalid_argument("count_by_orbits: a predicate needs one variable per element");
    if (predicates.size() > kMaxOrbitPredicates)
        throw std::invalid_argument("count_by_orbits: at most " + std::to_string(kMaxOrbitPredicates) + " predicates");

    Propagator prop(cnf);
    if (prop.root_conflict()) {
        out.models = 0;
        return finish();
    }
    const std::uint32_t m = st.predicates;
    // the types one element can take: assignments of the m predicates that propagation keeps
    std::vector<std::uint64_t> types{0};
    for (std::uint32_t p = 0; p < m; ++p)
        types = extend_types(prop, predicates, types, predicates[p], p);
    st.types = static_cast<std::uint32_t>(types.size());

    const Budget budget = counter.options().budget;
    struct Restore {
        ModelCounter& c;
        Budget b;
        ~Restore() { c.set_budget(b); }
    } restore{counter, budget};

    Models n_fact = 1;
    for (std::uint32_t i = 2; i <= n; ++i)
        n_fact *= i;
    std::vector<std::uint32_t> chosen(n, 0); // type index per element
    Models total = 0;
    Cnf leaf = cnf;
    const std::size_t base_clauses = cnf.clauses.size();
    const std::uint64_t expected = multisets(types.size(), n);

    // depth-first over elements 0..n−1 with non-decreasing type indices
    auto walk = [&](auto&& self, std::uint32_t d, std::uint32_t from) -> void {
        if (d == n) {
            ++st.orbits;
            if (ctx && progress) ctx->report(st.orbits, expected, "counting orbits of Δ");
            Models mult = n_fact;
            for (std::uint32_t i = 0, j = 0; i < n; i = j) {
                j = i;
                Models f = 1;
                while (j < n && chosen[j] == chosen[i]) {
                    ++j;
                    f *= (j - i);
                }
                mult /= f;
            }
            leaf.clauses.resize(base_clauses);
            for (std::uint32_t e = 0; e < n; ++e)
                for (std::uint32_t p = 0; p < m; ++p) {
                    const auto v = static_cast<Lit>(predicates[p][e]);
                    leaf.clauses.push_back({(types[chosen[e]] >> p) & 1u ? v : -v});
                }
            if (budget.seconds > 0) {
                const double left =
                    budget.seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                if (left <= 0) throw CountResult{CountStatus::BudgetExceeded, 0, "time budget exceeded", {}};
                counter.set_budget({left, budget.memory_bytes});
            }
            CountResult r = counter.count(leaf, ctx);
            out.stats.decisions += r.stats.decisions;
            out.stats.conflicts += r.stats.conflicts;
            out.stats.components += r.stats.components;
            out.stats.cache_hits += r.stats.cache_hits;
            out.stats.evictions += r.stats.evictions;
            if (!r.exact()) throw r;
            total += mult * r.models;
            return;
        }
        for (std::uint32_t i = from; i < types.size(); ++i) {
            const std::size_t mk = prop.mark();
            bool ok = true;
            for (std::uint32_t p = 0; p < m && ok; ++p) {
                const auto v = static_cast<Lit>(predicates[p][d]);
                ok = prop.assign((types[i] >> p) & 1u ? v : -v);
            }
            if (ok) {
                chosen[d] = i;
                self(self, d + 1, i);
            } else {
                ++st.pruned;
            }
            prop.undo(mk);
        }
    };
    try {
        walk(walk, 0, 0);
    } catch (const CountResult& r) {
        out.status = CountStatus::BudgetExceeded;
        out.reason = r.reason + " (after " + std::to_string(st.orbits) + " orbits of Δ)";
        out.models = 0;
        return finish();
    }
    out.models = total;
    return finish();
}

} // namespace kbcx::count
