// Losses in numerically safe form: log σ(x) = −softplus(−x), softmax with the max subtracted.
#include "embed/loss.hpp"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace kbcx::embed {

namespace {
double softplus(double x) {
    return x > 30 ? x : (x < -30 ? std::exp(x) : std::log1p(std::exp(x)));
}
double sigmoid(double x) {
    return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x));
}
} // namespace

std::string_view loss_name(LossKind kind) {
    switch (kind) {
    case LossKind::Logistic: return "logistic";
    case LossKind::Distance: return "distance";
    case LossKind::Margin: return "margin";
    case LossKind::CrossEntropy: return "ce";
    }
    return "?";
}

LossKind parse_loss(std::string_view name) {
    if (name == "logistic") return LossKind::Logistic;
    if (name == "distance") return LossKind::Distance;
    if (name == "margin") return LossKind::Margin;
    if (name == "ce" || name == "cross-entropy") return LossKind::CrossEntropy;
    throw std::invalid_argument("unknown loss '" + std::string(name) + "' (known: logistic, distance, margin, ce)");
}

double loss_and_grad(const LossConfig& config, float spos, const float* sneg, std::size_t K, float& dpos, float* dneg,
                     const float* frozen_p, float* p_out) {
    // float arrays: K is the number of negatives (hundreds per positive on big KGs), and the
    // exp/log1p of every negative is evaluated with Eigen's vectorised functions.
    using A = Eigen::ArrayXf;
    thread_local A p, x, e;
    const auto n = static_cast<Eigen::Index>(K);
    const Eigen::Map<const A> s(sneg, n);
    if (config.kind == LossKind::CrossEntropy) {
        // log(e^{s⁺} + Σ e^{s⁻_j}) with the largest score subtracted; ∂/∂s = softmax − [positive].
        const float m = K ? std::max(spos, s.maxCoeff()) : spos;
        e = (s - m).exp();
        const double ep = std::exp(static_cast<double>(spos - m));
        const double z = ep + e.cast<double>().sum();
        dpos = static_cast<float>(ep / z - 1.0);
        Eigen::Map<A>(dneg, n) = e / static_cast<float>(z);
        if (p_out && K) Eigen::Map<A>(p_out, n) = e / e.sum(); // the negatives' share of the softmax
        return static_cast<double>(m) + std::log(z) - static_cast<double>(spos);
    }
    if (frozen_p) {
        p = Eigen::Map<const A>(frozen_p, n);
    } else if (config.adv_temp > 0 && K > 0) {
        x = config.adv_temp * s;
        p = (x - x.maxCoeff()).exp();
        p /= p.sum();
    } else {
        p.setConstant(n, K ? 1.0f / static_cast<float>(K) : 0.0f);
    }
    if (p_out) Eigen::Map<A>(p_out, n) = p;

    Eigen::Map<A> dn(dneg, n);
    if (config.kind == LossKind::Margin) {
        // [γ − s⁺ + s⁻_j]₊ with weight p_j; ∂/∂s⁻_j = p_j where active, ∂/∂s⁺ = −Σ active p_j.
        x = (config.margin - spos) + s;
        dn = (x > 0.0f).select(p, 0.0f);
        dpos = -dn.sum();
        return (dn * x).cast<double>().sum();
    }
    const double shift = config.kind == LossKind::Distance ? config.margin : 0.0;
    const double xp = spos + shift;
    double L = softplus(-xp);
    dpos = static_cast<float>(-sigmoid(-xp));
    if (K == 0) return L;
    // softplus(x) = max(x, 0) + log(1 + e^{−|x|}); σ(x) = (x ≥ 0 ? 1 : e^{−|x|}) / (1 + e^{−|x|}).
    // log(1 + e) rather than log1p(e): Eigen vectorises log but not log1p for float, and with
    // e ≤ 1 the absolute error is below 6e-8 per term.
    x = s + static_cast<float>(shift);
    e = (-x.abs()).exp();
    dn = p * (x >= 0.0f).select(A::Ones(n), e) / (1.0f + e);
    x = p * (x.max(0.0f) + (1.0f + e).log()); // a float pass first: a double cast here stops vectorisation
    L += x.cast<double>().sum();
    return L;
}

} // namespace kbcx::embed
