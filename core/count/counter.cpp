// The exact #SAT search: propagation on occurrence lists, component splitting with a
// union-find, canonical component keys, and the budget and cancellation checks.
#include "count/counter.hpp"

#include "common/error.hpp"
#include "common/job.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace kbcx::count {

namespace {

/// Literal codes: 2*v for v, 2*v+1 for ¬v (v ≥ 1); 0 ends a clause in a flat formula.
using Code = std::uint32_t;
using Flat = std::vector<Code>;
/// Per variable of a formula (index 0 unused): 1 when the search branches on it first.
using Prio = std::vector<std::uint8_t>;

inline Code var_of(Code c) {
    return c >> 1;
}
inline Code negate(Code c) {
    return c ^ 1u;
}

struct FlatHash {
    std::size_t operator()(const Flat& f) const noexcept {
        std::uint64_t h = 0xcbf29ce484222325ull ^ f.size();
        for (Code c : f) {
            h ^= c;
            h *= 0x100000001b3ull;
            h ^= h >> 29;
        }
        return static_cast<std::size_t>(h);
    }
};

/// How a reason of the memory budget begins (memory_budget_exceeded() looks for it).
constexpr std::string_view kMemoryReason = "memory budget of ";

struct BudgetExceeded {
    std::string reason;
};

std::uint64_t models_bytes(const Models& m) {
    return sizeof(Models) + (m == 0 ? 0 : static_cast<std::uint64_t>(boost::multiprecision::msb(m)) / 8 + 8);
}

} // namespace

struct ModelCounter::Impl {
    CounterOptions opt;
    CounterStats totals;
    CounterStats call; // figures of the running call
    std::unordered_map<Flat, Models, FlatHash> cache;
    std::uint64_t cache_bytes = 0;
    std::uint64_t live_bytes = 0; // formulas on the search stack
    std::chrono::steady_clock::time_point deadline{};
    bool has_deadline = false;
    jobs::JobContext* ctx = nullptr;
    std::uint64_t nodes = 0;

    std::uint64_t cache_limit() const {
        if (opt.cache_limit_bytes) return opt.cache_limit_bytes;
        if (opt.budget.memory_bytes) return opt.budget.memory_bytes / 4 * 3;
        return 2'000'000'000ull;
    }

    void check(std::uint64_t extra_bytes) {
        ++nodes;
        if (ctx && ctx->stop_requested()) throw Cancelled();
        if (opt.budget.memory_bytes && live_bytes + extra_bytes + cache_bytes > opt.budget.memory_bytes)
            throw BudgetExceeded{std::string(kMemoryReason) + std::to_string(opt.budget.memory_bytes) +
                                 " bytes exceeded after " + std::to_string(call.decisions) + " decisions"};
        if (has_deadline && ((nodes & 63) == 0 || opt.budget.seconds <= 0.0 || nodes == 1) &&
            std::chrono::steady_clock::now() > deadline)
            throw BudgetExceeded{"time budget of " + std::to_string(opt.budget.seconds) + " s exceeded after " +
                                 std::to_string(call.decisions) + " decisions"};
    }

    // ---- propagation -------------------------------------------------------------------------

    /// Occurrence lists of a flat formula over variables 1..k (CSR by literal code).
    struct Occ {
        std::vector<std::uint32_t> clause_start; // start offset of clause i in the flat formula
        std::vector<std::uint32_t> offsets;      // per code (size 2k+3)
        std::vector<std::uint32_t> clauses;      // clause indices
    };

    static void build_occ(const Flat& f, Code k, Occ& occ) {
        occ.clause_start.clear();
        occ.offsets.assign(2 * static_cast<std::size_t>(k) + 3, 0);
        bool at_start = true;
        for (std::uint32_t i = 0; i < f.size(); ++i) {
            if (at_start) occ.clause_start.push_back(i);
            at_start = f[i] == 0;
            if (f[i]) ++occ.offsets[f[i] + 1];
        }
        for (std::size_t c = 1; c < occ.offsets.size(); ++c)
            occ.offsets[c] += occ.offsets[c - 1];
        occ.clauses.resize(occ.offsets.back());
        std::vector<std::uint32_t> fill(occ.offsets.begin(), occ.offsets.end() - 1);
        for (std::uint32_t ci = 0; ci < occ.clause_start.size(); ++ci)
            for (std::uint32_t i = occ.clause_start[ci]; f[i]; ++i)
                occ.clauses[fill[f[i]]++] = ci;
    }

    /// Assigns `decision` (0: none) and propagates units of f. On success writes the residual
    /// clauses (unassigned literals of unsatisfied clauses, still in f's numbering) to `out`
    /// and the number of variables it assigned to `assigned`; returns false on a conflict.
    struct PropScratch {
        std::vector<std::uint8_t> val, sat;
        std::vector<std::uint32_t> remaining;
        std::vector<Code> queue;
    };
    PropScratch prop_scratch; // propagate() never recurses: one set of buffers serves all calls

    static bool propagate(const Flat& f, Code k, const Occ& occ, Code decision, Flat& out, Code& assigned,
                          PropScratch& ps) {
        const std::size_t m = occ.clause_start.size();
        std::vector<std::uint8_t>& val = ps.val; // 0 free, 2 true, 3 false
        val.assign(static_cast<std::size_t>(k) + 1, 0);
        std::vector<std::uint8_t>& sat = ps.sat;
        sat.assign(m, 0);
        std::vector<std::uint32_t>& remaining = ps.remaining;
        remaining.resize(m);
        std::vector<Code>& queue = ps.queue;
        queue.clear();
        assigned = 0;
        auto value_of = [&](Code c) -> int { // 1 true, 0 unassigned, -1 false
            const std::uint8_t v = val[var_of(c)];
            if (!v) return 0;
            return ((v & 1u) == (c & 1u)) ? 1 : -1;
        };
        auto assign = [&](Code c) -> bool {
            const int v = value_of(c);
            if (v == 1) return true;
            if (v == -1) return false;
            val[var_of(c)] = static_cast<std::uint8_t>(2 | (c & 1u));
            ++assigned;
            queue.push_back(c);
            return true;
        };
        for (std::size_t ci = 0; ci < m; ++ci) {
            std::uint32_t len = 0;
            for (std::uint32_t i = occ.clause_start[ci]; f[i]; ++i)
                ++len;
            remaining[ci] = len;
            if (len == 1 && !assign(f[occ.clause_start[ci]])) return false;
        }
        if (decision && !assign(decision)) return false;
        for (std::size_t qi = 0; qi < queue.size(); ++qi) {
            const Code c = queue[qi];
            for (std::uint32_t j = occ.offsets[c]; j < occ.offsets[c + 1]; ++j)
                sat[occ.clauses[j]] = 1;
            const Code nc = negate(c);
            for (std::uint32_t j = occ.offsets[nc]; j < occ.offsets[nc + 1]; ++j) {
                const std::uint32_t ci = occ.clauses[j];
                if (sat[ci]) continue;
                if (--remaining[ci] > 1) continue;
                if (remaining[ci] == 0) return false;
                // exactly one literal left that is not false: it is unassigned (else sat)
                for (std::uint32_t i = occ.clause_start[ci]; f[i]; ++i)
                    if (value_of(f[i]) == 0) {
                        if (!assign(f[i])) return false;
                        break;
                    }
            }
        }
        out.clear();
        for (std::size_t ci = 0; ci < m; ++ci) {
            if (sat[ci]) continue;
            bool any = false;
            for (std::uint32_t i = occ.clause_start[ci]; f[i]; ++i)
                if (value_of(f[i]) == 0) {
                    out.push_back(f[i]);
                    any = true;
                }
            if (!any) return false; // cannot happen after complete propagation; kept for safety
            out.push_back(0);
        }
        return true;
    }

    // ---- components ----------------------------------------------------------------------------

    static Code find(std::vector<Code>& parent, Code x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /// Renumbers the variables of the clauses [begin, end) spans of `f` to 1..k in increasing
    /// order, sorts and deduplicates the clauses. Literals inside a clause stay sorted because
    /// the renaming preserves order.
    static Flat canonical(const Flat& f, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans,
                          std::vector<Code>& rank_scratch, Code& k, const Prio* prio, Prio& child_prio) {
        // rank_scratch is 0 for the variables of this component on entry (components are
        // variable-disjoint and the caller zeroes it once): it marks the variables met
        std::vector<Code> vars;
        for (auto [b, e] : spans)
            for (std::uint32_t i = b; i < e; ++i) {
                const Code v = var_of(f[i]);
                if (!rank_scratch[v]) {
                    rank_scratch[v] = 1;
                    vars.push_back(v);
                }
            }
        std::sort(vars.begin(), vars.end());
        for (std::size_t r = 0; r < vars.size(); ++r)
            rank_scratch[vars[r]] = static_cast<Code>(r + 1);
        k = static_cast<Code>(vars.size());
        child_prio.clear();
        if (prio) {
            bool any = false;
            for (Code v : vars)
                any = any || (*prio)[v];
            if (any) {
                child_prio.assign(vars.size() + 1, 0);
                for (std::size_t r = 0; r < vars.size(); ++r)
                    child_prio[r + 1] = (*prio)[vars[r]];
            }
        }
        // renamed clauses in one buffer, then sorted (lexicographically) and deduplicated as spans
        Flat buf;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> cs; // [begin, end) in buf
        cs.reserve(spans.size());
        for (auto [b, e] : spans) {
            const auto start = static_cast<std::uint32_t>(buf.size());
            for (std::uint32_t i = b; i < e; ++i)
                buf.push_back(2 * rank_scratch[var_of(f[i])] | (f[i] & 1u));
            cs.emplace_back(start, static_cast<std::uint32_t>(buf.size()));
        }
        auto less = [&](const std::pair<std::uint32_t, std::uint32_t>& x,
                        const std::pair<std::uint32_t, std::uint32_t>& y) {
            return std::lexicographical_compare(buf.begin() + x.first, buf.begin() + x.second, buf.begin() + y.first,
                                                buf.begin() + y.second);
        };
        auto same = [&](const std::pair<std::uint32_t, std::uint32_t>& x,
                        const std::pair<std::uint32_t, std::uint32_t>& y) {
            return std::equal(buf.begin() + x.first, buf.begin() + x.second, buf.begin() + y.first,
                              buf.begin() + y.second);
        };
        std::sort(cs.begin(), cs.end(), less);
        cs.erase(std::unique(cs.begin(), cs.end(), same), cs.end());
        Flat out;
        out.reserve(buf.size() + cs.size());
        for (auto [b, e] : cs) {
            out.insert(out.end(), buf.begin() + b, buf.begin() + e);
            out.push_back(0);
        }
        return out;
    }

    /// Counts the models of residual clauses `r` (numbered 1..k of the caller) over the
    /// `unassigned` variables left: free variables times the product of the components.
    Models count_residual(const Flat& r, Code k, Code unassigned, const Prio* prio) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> spans;
        for (std::uint32_t i = 0, b = 0; i < r.size(); ++i)
            if (r[i] == 0) {
                spans.emplace_back(b, i);
                b = i + 1;
            }
        std::vector<Code> parent(static_cast<std::size_t>(k) + 1);
        std::iota(parent.begin(), parent.end(), 0);
        std::vector<std::uint8_t> seen(static_cast<std::size_t>(k) + 1, 0);
        Code occurring = 0;
        for (auto [b, e] : spans)
            for (std::uint32_t i = b; i < e; ++i) {
                const Code v = var_of(r[i]);
                if (!seen[v]) {
                    seen[v] = 1;
                    ++occurring;
                }
                if (opt.components && i > b) {
                    const Code a = find(parent, var_of(r[b])), c = find(parent, v);
                    if (a != c) parent[a] = c;
                }
            }
        Models result = 1;
        if (!spans.empty()) {
            std::vector<Code> rank_scratch(static_cast<std::size_t>(k) + 1, 0);
            Prio child_prio;
            if (!opt.components) {
                Code ck = 0;
                Flat key = canonical(r, spans, rank_scratch, ck, prio, child_prio);
                result = count_component(key, ck, child_prio.empty() ? nullptr : &child_prio);
            } else {
                // group spans by component root, in order of first appearance
                std::vector<std::uint32_t> group_of_root(static_cast<std::size_t>(k) + 1, 0xFFFFFFFFu);
                std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> groups;
                for (auto sp : spans) {
                    const Code root = find(parent, var_of(r[sp.first]));
                    if (group_of_root[root] == 0xFFFFFFFFu) {
                        group_of_root[root] = static_cast<std::uint32_t>(groups.size());
                        groups.emplace_back();
                    }
                    groups[group_of_root[root]].push_back(sp);
                }
                for (const auto& g : groups) {
                    Code ck = 0;
                    Flat key = canonical(r, g, rank_scratch, ck, prio, child_prio);
                    Models c = count_component(key, ck, child_prio.empty() ? nullptr : &child_prio);
                    if (c == 0) return 0;
                    result *= c;
                }
            }
        }
        return result << static_cast<unsigned>(unassigned - occurring);
    }

    /// Models of a canonical formula f over exactly its variables 1..k.
    Models count_component(const Flat& f, Code k, const Prio* prio) {
        // one clause over k distinct variables: all assignments but one
        if (std::count(f.begin(), f.end(), Code{0}) == 1) return (Models(1) << static_cast<unsigned>(k)) - 1;
        if (opt.cache) {
            if (auto it = cache.find(f); it != cache.end()) {
                ++call.cache_hits;
                return it->second;
            }
        }
        const std::uint64_t bytes = (f.size() * 3 + static_cast<std::uint64_t>(k) * 8) * sizeof(Code);
        check(bytes);
        struct Live {
            std::uint64_t& live;
            std::uint64_t n;
            ~Live() { live -= n; }
        } live_guard{live_bytes, bytes};
        live_bytes += bytes;
        ++call.components;

        Occ occ;
        build_occ(f, k, occ);
        // DLCS: the variable with the most occurrences (ties: the smallest)
        Code best = 1;
        std::uint32_t best_score = 0;
        // with priority variables in the component: the best of them (conditioning on α)
        for (Code v = 1; v <= k; ++v) {
            if (prio && !(*prio)[v]) continue;
            const std::uint32_t s = occ.offsets[2 * v + 2] - occ.offsets[2 * v];
            if (s > best_score) {
                best_score = s;
                best = v;
            }
        }
        ++call.decisions;
        Models total = 0;
        Flat residual;
        for (Code lit : {2 * best, 2 * best + 1}) {
            Code assigned = 0;
            if (!propagate(f, k, occ, lit, residual, assigned, prop_scratch)) {
                ++call.conflicts;
                continue;
            }
            total += count_residual(residual, k, k - assigned, prio);
        }
        if (opt.cache) {
            const std::uint64_t entry = f.size() * sizeof(Code) + models_bytes(total) + 64;
            if (cache_bytes + entry > cache_limit()) {
                cache.clear();
                cache_bytes = 0;
                ++call.evictions;
            }
            cache.emplace(f, total);
            cache_bytes += entry;
        }
        return total;
    }
};

ModelCounter::ModelCounter(CounterOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->opt = options;
}
ModelCounter::~ModelCounter() = default;

const CounterOptions& ModelCounter::options() const {
    return impl_->opt;
}
void ModelCounter::set_budget(const Budget& budget) {
    impl_->opt.budget = budget;
}
void ModelCounter::set_cache_limit(std::uint64_t bytes) {
    impl_->opt.cache_limit_bytes = bytes;
}
void ModelCounter::clear_cache() {
    impl_->cache.clear();
    impl_->cache_bytes = 0;
}
const CounterStats& ModelCounter::totals() const {
    return impl_->totals;
}

CountResult ModelCounter::count(const Cnf& cnf, jobs::JobContext* ctx) {
    return count(cnf, {}, ctx);
}

CountResult ModelCounter::count(const Cnf& cnf, const std::vector<std::uint32_t>& first, jobs::JobContext* ctx) {
    Impl& s = *impl_;
    const auto start = std::chrono::steady_clock::now();
    s.call = {};
    s.ctx = ctx;
    s.nodes = 0;
    s.live_bytes = 0;
    s.has_deadline = s.opt.budget.seconds > 0 || s.opt.budget.seconds < 0;
    if (s.opt.budget.seconds != 0)
        s.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(std::max(0.0, s.opt.budget.seconds)));
    CountResult result;
    auto finish = [&]() {
        s.call.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        s.call.cache_entries = s.cache.size();
        s.call.cache_bytes = s.cache_bytes;
        s.totals.decisions += s.call.decisions;
        s.totals.conflicts += s.call.conflicts;
        s.totals.components += s.call.components;
        s.totals.cache_hits += s.call.cache_hits;
        s.totals.evictions += s.call.evictions;
        s.totals.seconds += s.call.seconds;
        s.totals.cache_entries = s.call.cache_entries;
        s.totals.cache_bytes = s.call.cache_bytes;
        result.stats = s.call;
        s.ctx = nullptr;
    };

    // Clauses as sorted code lists; tautologies dropped; an empty clause means no model.
    Flat f;
    f.reserve(cnf.num_literals() + cnf.clauses.size());
    Flat c;
    for (const auto& clause : cnf.clauses) {
        c.clear();
        for (Lit l : clause) {
            const std::int64_t v = l < 0 ? -static_cast<std::int64_t>(l) : l;
            if (v == 0 || v > cnf.num_vars)
                throw std::out_of_range("count: literal " + std::to_string(l) + " outside 1.." +
                                        std::to_string(cnf.num_vars));
            c.push_back(static_cast<Code>(2 * v) | (l < 0 ? 1u : 0u));
        }
        std::sort(c.begin(), c.end());
        c.erase(std::unique(c.begin(), c.end()), c.end());
        bool tautology = false;
        for (std::size_t i = 1; i < c.size(); ++i)
            if (var_of(c[i]) == var_of(c[i - 1])) tautology = true;
        if (tautology) continue;
        if (c.empty()) {
            result.models = 0;
            finish();
            return result;
        }
        f.insert(f.end(), c.begin(), c.end());
        f.push_back(0);
    }
    try {
        const Code k = cnf.num_vars;
        s.check(f.size() * sizeof(Code) * 3);
        Impl::Occ occ;
        Impl::build_occ(f, k, occ);
        Flat residual;
        Code assigned = 0;
        if (!Impl::propagate(f, k, occ, 0, residual, assigned, s.prop_scratch)) {
            result.models = 0;
        } else {
            f.clear();
            f.shrink_to_fit();
            Prio prio;
            for (std::uint32_t v : first)
                if (v >= 1 && v <= k) {
                    if (prio.empty()) prio.assign(static_cast<std::size_t>(k) + 1, 0);
                    prio[v] = 1;
                }
            result.models = s.count_residual(residual, k, k - assigned, prio.empty() ? nullptr : &prio);
        }
    } catch (const BudgetExceeded& e) {
        result.status = CountStatus::BudgetExceeded;
        result.reason = e.reason;
        result.models = 0;
    }
    finish();
    return result;
}

CountResult count_models(const Cnf& cnf, CounterOptions options, jobs::JobContext* ctx) {
    ModelCounter counter(options);
    return counter.count(cnf, ctx);
}

std::string to_string(const Models& m) {
    return m.str();
}

bool memory_budget_exceeded(const std::string& reason) {
    return reason.find(kMemoryReason) != std::string::npos;
}

} // namespace kbcx::count
