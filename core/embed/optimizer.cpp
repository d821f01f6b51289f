// Lazy Adam/Adagrad over GradBuffer's touched rows.
#include "embed/optimizer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

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

void Optimizer::step(std::vector<ParamTable>& tables, const GradBuffer& grad) {
    ++t_;
    const double bc1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(t_));
    const double bc2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(t_));
    // θ −= lr·(m/bc1)/(√(v/bc2) + ε) = step·m/(√v + ε·√bc2) with step = lr·√bc2/bc1
    const float step = static_cast<float>(lr_ * std::sqrt(bc2) / bc1);
    const float eps_hat = static_cast<float>(eps * std::sqrt(bc2));
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const std::size_t w = grad.width(t);
        for (std::uint32_t r : grad.touched(t)) {
            const float* g = grad.data(t, r);
            float* x = tables[t].values.row(r).data();
            float* v = v_[t].row(r).data();
            if (kind_ == OptimizerKind::Adam) {
                float* m = m_[t].row(r).data();
                for (std::size_t k = 0; k < w; ++k) {
                    m[k] = beta1 * m[k] + (1 - beta1) * g[k];
                    v[k] = beta2 * v[k] + (1 - beta2) * g[k] * g[k];
                    x[k] -= step * m[k] / (std::sqrt(v[k]) + eps_hat);
                }
            } else {
                for (std::size_t k = 0; k < w; ++k) {
                    v[k] += g[k] * g[k];
                    x[k] -= lr_ * g[k] / (std::sqrt(v[k]) + 1e-10f);
                }
            }
        }
    }
}

} // namespace kbcx::embed
