// Exact L0–L3 checks by extreme values (max/min per band, a running maximum in P order for
// PLF) and a heap walk over two sorted lists for the largest violating pairs.
#include "eval/placement.hpp"

#include <algorithm>
#include <queue>
#include <tuple>

namespace kbcx::eval {

const char* level_name(Level level) {
    switch (level) {
    case Level::L0: return "L0";
    case Level::L1: return "L1";
    case Level::L2: return "L2";
    case Level::L3: return "L3";
    }
    return "?";
}

const char* level_title(Level level) {
    switch (level) {
    case Level::L0: return "discriminative";
    case Level::L1: return "logically admissible";
    case Level::L2: return "monotonically faithful (MLF)";
    case Level::L3: return "probabilistically faithful (PLF)";
    }
    return "?";
}

namespace {

struct Extreme {
    std::uint32_t index = 0;
    double value = 0.0;
};

/// First axiom (in list order) with the largest score.
Extreme arg_max(std::span<const double> f, std::span<const std::uint32_t> list) {
    Extreme e{list.front(), f[list.front()]};
    for (std::uint32_t a : list)
        if (f[a] > e.value) e = {a, f[a]};
    return e;
}

/// First axiom (in list order) with the smallest score.
Extreme arg_min(std::span<const double> f, std::span<const std::uint32_t> list) {
    Extreme e{list.front(), f[list.front()]};
    for (std::uint32_t a : list)
        if (f[a] < e.value) e = {a, f[a]};
    return e;
}

double positive_part(double x) {
    return x > 0 ? x : 0.0;
}

} // namespace

LevelCheck check_strictly_below(std::span<const double> f, std::span<const std::uint32_t> lower,
                                std::span<const std::uint32_t> higher) {
    LevelCheck c;
    if (lower.empty() || higher.empty()) {
        c.vacuous = true;
        return c;
    }
    const Extreme hi = arg_max(f, lower), lo = arg_min(f, higher);
    if (hi.value < lo.value) return c;
    c.holds = false;
    c.witness = {hi.index, lo.index};
    c.margin = score_gap(hi.value, lo.value);
    return c;
}

LevelCheck check_l0(std::span<const double> f, std::span<const std::uint32_t> entailed,
                    std::span<const std::uint32_t> contradictory) {
    return check_strictly_below(f, contradictory, entailed);
}

LevelCheck check_l1(std::span<const double> f, std::span<const std::uint32_t> entailed,
                    std::span<const std::uint32_t> undetermined, std::span<const std::uint32_t> contradictory) {
    std::vector<std::uint32_t> consistent(entailed.begin(), entailed.end());
    consistent.insert(consistent.end(), undetermined.begin(), undetermined.end());
    std::sort(consistent.begin(), consistent.end()); // index order decides among equal scores
    return check_strictly_below(f, contradictory, consistent);
}

LevelCheck check_l2(std::span<const double> f, std::span<const std::uint32_t> pos, std::span<const std::uint32_t> und,
                    std::span<const std::uint32_t> neg) {
    if (und.empty()) return check_strictly_below(f, neg, pos);
    if (pos.empty()) return check_strictly_below(f, neg, und);
    if (neg.empty()) return check_strictly_below(f, und, pos);
    const Extreme max_neg = arg_max(f, neg), min_pos = arg_min(f, pos);
    const Extreme min_und = arg_min(f, und), max_und = arg_max(f, und);
    // For a fixed α?, the worst triple takes the largest contradiction and the smallest
    // entailed axiom; the violation (M− − s)⁺ + (s − m+)⁺ is convex in s = f(α?), so its
    // maximum over T? is at the smallest or the largest undetermined score.
    LevelCheck c;
    bool found = false;
    for (const Extreme& mid : {min_und, max_und}) {
        const bool violating = max_neg.value >= mid.value || mid.value >= min_pos.value;
        if (!violating) continue;
        const double margin =
            positive_part(score_gap(max_neg.value, mid.value)) + positive_part(score_gap(mid.value, min_pos.value));
        if (!found || margin > c.margin) {
            found = true;
            c.holds = false;
            c.margin = margin;
            c.witness = {max_neg.index, mid.index, min_pos.index};
        }
    }
    return c;
}

LevelCheck check_l3(std::span<const double> f, std::span<const std::uint32_t> axioms,
                    std::span<const std::uint32_t> p_key) {
    LevelCheck c;
    std::vector<std::uint32_t> order(axioms.begin(), axioms.end());
    for (std::uint32_t a : order)
        if (p_key[a] == 0xFFFFFFFFu) {
            c.computable = false;
            c.holds = false;
            return c;
        }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return p_key[a] < p_key[b]; });
    bool have_prefix = false, constrained = false;
    Extreme prefix{};
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        Extreme group_min{order[i], f[order[i]]}, group_max = group_min;
        while (j < order.size() && p_key[order[j]] == p_key[order[i]]) {
            const std::uint32_t a = order[j++];
            if (f[a] < group_min.value) group_min = {a, f[a]};
            if (f[a] > group_max.value) group_max = {a, f[a]};
        }
        if (have_prefix) {
            constrained = true;
            if (prefix.value >= group_min.value) {
                const double margin = score_gap(prefix.value, group_min.value);
                if (c.holds || margin > c.margin) {
                    c.holds = false;
                    c.margin = margin;
                    c.witness = {prefix.index, group_min.index};
                }
            }
            if (group_max.value > prefix.value) prefix = group_max;
        } else {
            prefix = group_max;
            have_prefix = true;
        }
        i = j;
    }
    c.vacuous = !constrained;
    return c;
}

std::uint64_t count_violations(std::span<const double> f, std::span<const std::uint32_t> lower,
                               std::span<const std::uint32_t> higher) {
    std::vector<double> h;
    h.reserve(higher.size());
    for (std::uint32_t a : higher)
        h.push_back(f[a]);
    std::sort(h.begin(), h.end());
    std::uint64_t count = 0;
    for (std::uint32_t a : lower)
        count += static_cast<std::uint64_t>(std::upper_bound(h.begin(), h.end(), f[a]) - h.begin());
    return count;
}

std::vector<ViolatingPair> top_violations(std::span<const double> f, std::span<const std::uint32_t> lower,
                                          std::span<const std::uint32_t> higher, std::size_t k) {
    std::vector<ViolatingPair> out;
    if (lower.empty() || higher.empty() || k == 0) return out;
    std::vector<std::uint32_t> a(lower.begin(), lower.end()), b(higher.begin(), higher.end());
    std::stable_sort(a.begin(), a.end(), [&](std::uint32_t x, std::uint32_t y) { return f[x] > f[y]; });
    std::stable_sort(b.begin(), b.end(), [&](std::uint32_t x, std::uint32_t y) { return f[x] < f[y]; });
    using Cell = std::tuple<double, std::size_t, std::size_t>; // margin, i, j
    auto worse = [](const Cell& x, const Cell& y) {            // true if x comes after y
        if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) < std::get<0>(y);
        if (std::get<1>(x) != std::get<1>(y)) return std::get<1>(x) > std::get<1>(y);
        return std::get<2>(x) > std::get<2>(y);
    };
    std::priority_queue<Cell, std::vector<Cell>, decltype(worse)> heap(worse);
    auto push = [&](std::size_t i, std::size_t j) { heap.emplace(score_gap(f[a[i]], f[b[j]]), i, j); };
    push(0, 0);
    while (!heap.empty() && out.size() < k) {
        const auto [margin, i, j] = heap.top();
        heap.pop();
        if (!(f[a[i]] >= f[b[j]])) break; // the largest remaining pair is ordered: no more violations
        out.push_back({a[i], b[j], margin});
        if (j + 1 < b.size()) push(i, j + 1);
        if (j == 0 && i + 1 < a.size()) push(i + 1, 0);
    }
    return out;
}

} // namespace kbcx::eval
