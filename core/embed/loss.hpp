// Training objectives on scores (higher = more plausible): logistic / negative sampling, its
// distance form with margin γ, and margin ranking; uniform or self-adversarial negative weights.
#pragma once

#include "embed/kg_models.hpp"

#include <string_view>

namespace kbcx::embed {

/// L for one positive s⁺ and its negatives s⁻_1..s⁻_K, with weights p_j (models.md §0):
/// - Logistic: L = −log σ(s⁺) − Σ_j p_j log σ(−s⁻_j)
/// - Distance: the same on s + γ (for s = −ℓ this is −log σ(γ − ℓ⁺) − Σ p_j log σ(ℓ⁻_j − γ))
/// - Margin:   L = Σ_j p_j [γ − s⁺ + s⁻_j]₊
/// - CrossEntropy: L = −s⁺ + log(e^{s⁺} + Σ_j e^{s⁻_j}) (softmax over the positive and its
///   negatives; with every entity as a candidate this is 1-vs-all training; no weights p)
/// p_j = 1/K, or with adv_temp α > 0 the self-adversarial p = softmax_j(α s⁻_j), held constant
/// (no gradient flows through p).
struct LossConfig {
    LossKind kind = LossKind::Logistic;
    float margin = 12.0f;
    float adv_temp = 0.0f;
};

std::string_view loss_name(LossKind kind);
/// "logistic", "distance", "margin", "ce"; throws std::invalid_argument.
LossKind parse_loss(std::string_view name);

/// Returns L and writes dL/ds⁺ to dpos and dL/ds⁻_j to dneg[j]. If `frozen_p` is given it is
/// used as the weights instead of computing them; `p_out` (if given) receives the weights
/// (CrossEntropy: the softmax among the negatives; it takes no weights and ignores frozen_p).
double loss_and_grad(const LossConfig& config, float spos, const float* sneg, std::size_t K, float& dpos, float* dneg,
                     const float* frozen_p = nullptr, float* p_out = nullptr);

} // namespace kbcx::embed
