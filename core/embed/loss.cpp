// Losses in numerically safe form: log σ(x) = −softplus(−x), softmax with the max subtracted.
#include "embed/loss.hpp"

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
    }
    return "?";
}

LossKind parse_loss(std::string_view name) {
    if (name == "logistic") return LossKind::Logistic;
    if (name == "distance") return LossKind::Distance;
    if (name == "margin") return LossKind::Margin;
    throw std::invalid_argument("unknown loss '" + std::string(name) + "' (known: logistic, distance, margin)");
}

double loss_and_grad(const LossConfig& config, float spos, const float* sneg, std::size_t K, float& dpos, float* dneg,
                     const float* frozen_p, float* p_out) {
    thread_local std::vector<double> p;
    p.assign(K, K ? 1.0 / static_cast<double>(K) : 0.0);
    if (frozen_p) {
        for (std::size_t j = 0; j < K; ++j)
            p[j] = frozen_p[j];
    } else if (config.adv_temp > 0 && K > 0) {
        double mx = -INFINITY;
        for (std::size_t j = 0; j < K; ++j)
            mx = std::max(mx, static_cast<double>(config.adv_temp) * sneg[j]);
        double z = 0;
        for (std::size_t j = 0; j < K; ++j)
            z += p[j] = std::exp(config.adv_temp * sneg[j] - mx);
        for (std::size_t j = 0; j < K; ++j)
            p[j] /= z;
    }
    if (p_out)
        for (std::size_t j = 0; j < K; ++j)
            p_out[j] = static_cast<float>(p[j]);

    double L = 0;
    if (config.kind == LossKind::Margin) {
        double dp = 0;
        for (std::size_t j = 0; j < K; ++j) {
            const double z = config.margin - spos + sneg[j];
            if (z > 0) {
                L += p[j] * z;
                dp -= p[j];
                dneg[j] = static_cast<float>(p[j]);
            } else {
                dneg[j] = 0.0f;
            }
        }
        dpos = static_cast<float>(dp);
        return L;
    }
    const double shift = config.kind == LossKind::Distance ? config.margin : 0.0;
    const double xp = spos + shift;
    L = softplus(-xp);
    dpos = static_cast<float>(-sigmoid(-xp));
    for (std::size_t j = 0; j < K; ++j) {
        const double xn = sneg[j] + shift;
        L += p[j] * softplus(xn);
        dneg[j] = static_cast<float>(p[j] * sigmoid(xn));
    }
    return L;
}

} // namespace kbcx::embed
