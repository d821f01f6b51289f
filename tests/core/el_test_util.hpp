// Helpers the EL model tests share: models with random parameters, and the finite-difference
// check of an objective (kbcx, mOWL, paper, DELE, kracr) against its analytic gradient.
#pragma once

#include "embed/el_models.hpp"
#include "embed/params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace kbcx::test {

/// A model of `variant` with random parameters: its init, then every value spread by N(0, 0.6),
/// so that some hinges are active and some are not. Dimension `dim`; the kbcx objective gets
/// γ 0.1, δ 1.5 and regulariser 0.3 (the released variants keep their own).
inline std::unique_ptr<embed::ElModel> random_el_model(const std::string& name, embed::ElVariant variant,
                                                       std::uint64_t seed, embed::ElSizes sizes, int dim) {
    embed::ElModelConfig c = embed::default_el_config(name, variant);
    c.dim = dim;
    if (variant == embed::ElVariant::Kbcx) c.margin = 0.1f, c.delta = 1.5f, c.reg = 0.3f;
    auto m = embed::make_el_model(c, sizes);
    std::mt19937_64 rng(seed);
    m->init(rng);
    std::normal_distribution<float> n(0.0f, 0.6f);
    for (auto& t : m->tables())
        for (Eigen::Index i = 0; i < t.values.size(); ++i)
            t.values.data()[i] += n(rng);
    return m;
}

/// What a gradient check found: the worst relative error |analytic − numeric| / max(1, |numeric|)
/// over the parameters checked, the squared norm of the analytic gradient there, how many
/// parameters sit on a kink (the one-sided slopes differ; skipped) and how many there are.
struct GradientCheck {
    double worst = 0, norm = 0;
    std::size_t kinks = 0, params = 0;
};

/// Central differences in float (h = 1e-3) of objective(nullptr) in every parameter of
/// m.tables(), against the gradient objective(&g) writes.
template <class Model, class Objective> GradientCheck check_gradient(Model& m, Objective&& objective) {
    embed::GradBuffer g;
    g.shape_like(m.tables());
    objective(&g);
    GradientCheck c;
    const double h = 1e-3;
    const double f0 = objective(nullptr);
    for (std::size_t t = 0; t < m.tables().size(); ++t) {
        embed::Matrix& v = m.tables()[t].values;
        for (Eigen::Index r = 0; r < v.rows(); ++r)
            for (Eigen::Index k = 0; k < v.cols(); ++k) {
                const float keep = v(r, k);
                v(r, k) = keep + static_cast<float>(h);
                const double up = objective(nullptr);
                v(r, k) = keep - static_cast<float>(h);
                const double down = objective(nullptr);
                v(r, k) = keep;
                ++c.params;
                const double right = (up - f0) / h, left = (f0 - down) / h;
                if (std::fabs(right - left) > 5e-2 * std::max(1.0, std::fabs(right))) {
                    ++c.kinks;
                    continue;
                }
                const double num = (up - down) / (2 * h);
                const double ana = g.data(t, static_cast<std::uint32_t>(r))[k];
                c.worst = std::max(c.worst, std::fabs(ana - num) / std::max(1.0, std::fabs(num)));
                c.norm += ana * ana;
            }
    }
    return c;
}

/// The same for m.objective(train, fillers), a released variant's whole objective.
inline GradientCheck check_released_gradient(embed::ElReleasedModel& m, const std::vector<embed::NfAxiom>& train,
                                             const std::vector<std::uint32_t>& fillers) {
    return check_gradient(m, [&](embed::GradBuffer* g) { return m.objective(train, fillers, g); });
}

} // namespace kbcx::test
