// Lazy Adam/Adagrad over GradBuffer's touched rows.
#include "embed/optimizer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace kbcx::embed {

std::string_view optimizer_name(OptimizerKind kind) {
    return kind == OptimizerKind::Adam ? "adam" : "adagrad";
}

OptimizerKind parse_optimizer(std::string_view name) {
    if (name == "adam") return OptimizerKind::Adam;
    if (name == "adagrad") return OptimizerKind::Adagrad;
    throw std::invalid_argument("unknown optimizer '" + std::string(name) + "' (known: adam, adagrad)");
}

Optimizer::Optimizer(OptimizerKind kind, float lr, const std::vector<ParamTable>& tables) : kind_(kind), lr_(lr) {
    for (const auto& t : tables) {
        if (kind == OptimizerKind::Adam) m_.push_back(Matrix::Zero(t.values.rows(), t.values.cols()));
        v_.push_back(Matrix::Zero(t.values.rows(), t.values.cols()));
    }
}

void Optimizer::update_row(std::vector<ParamTable>& tables, std::size_t t, std::uint32_t r, const float* g,
                           std::size_t w, float step, float eps_hat) {
    using Row = Eigen::Map<RowVec>;
    const auto n = static_cast<Eigen::Index>(w);
    const Eigen::Map<const RowVec> G(g, n);
    Row x(tables[t].values.row(r).data(), n);
    Row v(v_[t].row(r).data(), n);
    if (kind_ == OptimizerKind::Adam) {
        Row m(m_[t].row(r).data(), n);
        m = beta1 * m + (1 - beta1) * G;
        v = beta2 * v + (1 - beta2) * G.square();
        x -= step * m / (v.sqrt() + eps_hat);
    } else {
        v += G.square();
        x -= lr_ * G / (v.sqrt() + 1e-10f);
    }
}

namespace {
/// lr·√bc2/bc1 and ε·√bc2 for step t: θ −= lr·(m/bc1)/(√(v/bc2) + ε) = step·m/(√v + ε·√bc2).
std::pair<float, float> adam_factors(float lr, float beta1, float beta2, float eps, std::int64_t t) {
    const double bc1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(t));
    const double bc2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(t));
    return {static_cast<float>(lr * std::sqrt(bc2) / bc1), static_cast<float>(eps * std::sqrt(bc2))};
}
} // namespace

void Optimizer::step(std::vector<ParamTable>& tables, const GradBuffer& grad) {
    ++t_;
    const auto [step, eps_hat] = adam_factors(lr_, beta1, beta2, eps, t_);
    for (std::size_t t = 0; t < tables.size(); ++t)
        for (std::uint32_t r : grad.touched(t))
            update_row(tables, t, r, grad.data(t, r), grad.width(t), step, eps_hat);
}

void Optimizer::step_and_clear(std::vector<ParamTable>& tables, std::span<GradBuffer> parts, std::size_t threads) {
    ++t_;
    // Plain variables, not a structured binding: the worker lambda below captures them, which
    // clang before 16 refuses for bindings.
    const std::pair<float, float> factors = adam_factors(lr_, beta1, beta2, eps, t_);
    const float step = factors.first, eps_hat = factors.second;
    if (parts.empty()) return;
    GradBuffer& first = parts[0];
    for (std::size_t t = 0; t < tables.size(); ++t) {
        // parts[0]'s touched list becomes the union (rows untouched anywhere read as zero).
        for (std::size_t p = 1; p < parts.size(); ++p)
            for (std::uint32_t r : parts[p].touched(t))
                first.row(t, r);
        // Ascending rows turn the random row accesses into a forward sweep the hardware
        // prefetcher follows; rows are independent, so the order does not change the result.
        rows_ = first.touched(t);
        std::sort(rows_.begin(), rows_.end());
        const std::vector<std::uint32_t>& rows = rows_;
        const std::size_t w = first.width(t);
        constexpr std::size_t kAhead = 4;
        auto prefetch = [&](std::uint32_t r) {
            const std::size_t bytes = w * sizeof(float);
            const char* x = reinterpret_cast<const char*>(tables[t].values.row(r).data());
            const char* v = reinterpret_cast<const char*>(v_[t].row(r).data());
            const char* m = kind_ == OptimizerKind::Adam ? reinterpret_cast<const char*>(m_[t].row(r).data()) : nullptr;
            for (std::size_t b = 0; b < bytes; b += 64) {
                __builtin_prefetch(x + b, 1);
                __builtin_prefetch(v + b, 1);
                if (m) __builtin_prefetch(m + b, 1);
            }
        };
        auto work = [&](std::size_t lo, std::size_t hi) {
            for (std::size_t i = lo; i < hi; ++i) {
                if (i + kAhead < hi) prefetch(rows[i + kAhead]);
                const std::uint32_t r = rows[i];
                float* g = first.data(t, r);
                for (std::size_t p = 1; p < parts.size(); ++p) {
                    float* o = parts[p].data(t, r);
                    for (std::size_t k = 0; k < w; ++k)
                        g[k] += o[k];
                    std::fill_n(o, w, 0.0f);
                }
                update_row(tables, t, r, g, w, step, eps_hat);
                std::fill_n(g, w, 0.0f);
            }
        };
        // Rows are independent, so splitting them changes nothing but the time.
        const std::size_t T = rows.size() < 512 ? 1 : std::max<std::size_t>(1, threads);
        std::vector<std::thread> pool;
        for (std::size_t k = 1; k < T; ++k)
            pool.emplace_back(work, rows.size() * k / T, rows.size() * (k + 1) / T);
        work(0, rows.size() / T);
        for (auto& th : pool)
            th.join();
    }
    for (auto& p : parts)
        p.forget_zeroed_rows();
}

} // namespace kbcx::embed
