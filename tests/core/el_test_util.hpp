// Helpers the EL model tests share: the finite-difference check of a released variant's
// objective (mOWL, paper, DELE, kracr) against its analytic gradient.
#pragma once

#include "embed/el_models.hpp"
#include "embed/params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace kbcx::test {

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
