// The exact band metrics: every count is made on sorted copies of the scores with binary
// searches, so n axioms per band cost O(n log n) and no pair or triple is enumerated.
#include "eval/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kbcx::eval {

namespace {

__extension__ typedef unsigned __int128 u128;

std::vector<double> sorted(std::span<const double> v) {
    std::vector<double> out(v.begin(), v.end());
    std::sort(out.begin(), out.end());
    return out;
}

std::uint64_t count_below(const std::vector<double>& sorted_values, double x) {
    return static_cast<std::uint64_t>(std::lower_bound(sorted_values.begin(), sorted_values.end(), x) -
                                      sorted_values.begin());
}

std::uint64_t count_above(const std::vector<double>& sorted_values, double x) {
    return static_cast<std::uint64_t>(sorted_values.end() -
                                      std::upper_bound(sorted_values.begin(), sorted_values.end(), x));
}

u128 ordered_triples_exact(std::span<const double> neg, std::span<const double> und, std::span<const double> pos) {
    const auto n = sorted(neg), p = sorted(pos);
    u128 total = 0;
    for (double s : und)
        total += static_cast<u128>(count_below(n, s)) * count_above(p, s);
    return total;
}

template <class Key> std::vector<double> ranks_of(std::span<const Key> keys) {
    std::vector<std::uint32_t> order(keys.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    std::vector<double> ranks(keys.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && !(keys[order[i]] < keys[order[j]]))
            ++j;
        // positions i..j-1 (0-based) share the rank ((i+1) + j) / 2
        const double r = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
        for (std::size_t t = i; t < j; ++t)
            ranks[order[t]] = r;
        i = j;
    }
    return ranks;
}

} // namespace

std::optional<double> auc_pm(std::span<const double> pos, std::span<const double> neg) {
    if (pos.empty() || neg.empty()) return std::nullopt;
    const auto n = sorted(neg);
    // twice the count: 2 per strictly-above pair, 1 per tie
    u128 twice = 0;
    for (double s : pos) {
        const auto lo = std::lower_bound(n.begin(), n.end(), s), hi = std::upper_bound(lo, n.end(), s);
        twice += 2 * static_cast<u128>(lo - n.begin()) + static_cast<u128>(hi - lo);
    }
    const long double denom = 2.0L * static_cast<long double>(pos.size()) * static_cast<long double>(neg.size());
    return static_cast<double>(static_cast<long double>(twice) / denom);
}

long double ordered_triples(std::span<const double> neg, std::span<const double> und, std::span<const double> pos) {
    return static_cast<long double>(ordered_triples_exact(neg, und, pos));
}

std::optional<double> fvr(std::span<const double> neg, std::span<const double> und, std::span<const double> pos) {
    if (neg.empty() || und.empty() || pos.empty()) return std::nullopt;
    const u128 good = ordered_triples_exact(neg, und, pos);
    const u128 total = static_cast<u128>(neg.size()) * und.size() * pos.size();
    // violations / total, with the subtraction done exactly in integers
    return static_cast<double>(static_cast<long double>(total - good) / static_cast<long double>(total));
}

std::uint64_t pair_violations(std::span<const double> und, std::span<const double> neg) {
    const auto n = sorted(neg);
    std::uint64_t count = 0;
    for (double s : und)
        count += n.size() - count_below(n, s); // f(α−) ≥ f(α?)
    return count;
}

std::optional<double> pair_fvr(std::span<const double> und, std::span<const double> neg) {
    if (und.empty() || neg.empty()) return std::nullopt;
    const long double denom = static_cast<long double>(und.size()) * static_cast<long double>(neg.size());
    return static_cast<double>(static_cast<long double>(pair_violations(und, neg)) / denom);
}

std::vector<double> average_ranks(std::span<const double> values) {
    return ranks_of(values);
}
std::vector<double> average_ranks(std::span<const std::uint32_t> keys) {
    return ranks_of(keys);
}

std::optional<double> pearson(std::span<const double> x, std::span<const double> y) {
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2) return std::nullopt;
    long double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i)
        mx += x[i], my += y[i];
    mx /= static_cast<long double>(n);
    my /= static_cast<long double>(n);
    long double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const long double dx = x[i] - mx, dy = y[i] - my;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (sxx <= 0 || syy <= 0) return std::nullopt;
    const long double r = sxy / std::sqrt(sxx * syy);
    return static_cast<double>(std::clamp(r, -1.0L, 1.0L));
}

std::optional<double> spearman(std::span<const double> scores, std::span<const std::uint32_t> p_keys) {
    if (scores.size() != p_keys.size() || scores.size() < 2) return std::nullopt;
    const auto rf = average_ranks(scores);
    const auto rp = average_ranks(p_keys);
    return pearson(rf, rp);
}

} // namespace kbcx::eval
