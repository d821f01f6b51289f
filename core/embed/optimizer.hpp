// Adam and Adagrad with lazy updates: only the rows a minibatch touched are read and written,
// so a step costs O(touched rows), as in PyTorch's SparseAdam and sparse Adagrad.
#pragma once

#include "embed/params.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace kbcx::embed {

enum class OptimizerKind : std::uint8_t { Adam = 0, Adagrad = 1 };

std::string_view optimizer_name(OptimizerKind kind);
/// "adam", "adagrad"; throws std::invalid_argument.
OptimizerKind parse_optimizer(std::string_view name);

/// Per-parameter state shaped like the model's tables.
/// Adam (lazy): for a touched row, m ← β₁m + (1−β₁)g, v ← β₂v + (1−β₂)g²,
///   θ ← θ − lr·m̂/(√v̂ + ε) with m̂ = m/(1−β₁ᵗ), v̂ = v/(1−β₂ᵗ) and t the global step count.
/// Adagrad: G ← G + g², θ ← θ − lr·g/(√G + ε).
class Optimizer {
  public:
    Optimizer(OptimizerKind kind, float lr, const std::vector<ParamTable>& tables);

    /// One step with the gradients of the touched rows of `grad` (same shape as tables).
    void step(std::vector<ParamTable>& tables, const GradBuffer& grad);
    /// One step with the sum of several workers' buffers, then clears them: a row's gradient is
    /// parts[0] + parts[1] + … in that order (so results do not depend on `threads`), the rows
    /// are split over `threads` threads, and each buffer row is zeroed as soon as it is read.
    /// Equivalent to parts[0].add(parts[w]) for w ≥ 1, step(tables, parts[0]), clear() all.
    void step_and_clear(std::vector<ParamTable>& tables, std::span<GradBuffer> parts, std::size_t threads);

    OptimizerKind kind() const noexcept { return kind_; }
    float lr() const noexcept { return lr_; }
    void set_lr(float lr) noexcept { lr_ = lr; }
    std::int64_t steps() const noexcept { return t_; }
    void set_steps(std::int64_t t) noexcept { t_ = t; }
    /// First and second moment tables (Adagrad uses only `second`).
    std::vector<Matrix>& first() noexcept { return m_; }
    std::vector<Matrix>& second() noexcept { return v_; }

    float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;

  private:
    /// Updates one row of table t with gradient g (width w).
    void update_row(std::vector<ParamTable>& tables, std::size_t t, std::uint32_t r, const float* g, std::size_t w,
                    float step, float eps_hat);
    OptimizerKind kind_;
    float lr_;
    std::int64_t t_ = 0;
    std::vector<Matrix> m_, v_;
    std::vector<std::uint32_t> rows_; ///< step_and_clear's sorted row list (kept to reuse its memory)
};

} // namespace kbcx::embed
