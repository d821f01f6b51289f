// One evaluated term of an EL model's positive loss, as the scoring code computed it: its
// shape, the parameter rows it read, its value and the state of its hinge (score_anatomy.hpp).
#pragma once

#include <cstdint>
#include <vector>

namespace kbcx::embed {

/// How a ball's radius is read from its parameter ρ: |ρ|, [ρ]₊ or ρ itself.
enum class RadFn : std::uint8_t { Abs, Relu, Raw };

/// A parameter row a term reads (table index of the model's tables(), row), with the sign it
/// enters the term's sum with.
struct TracedRef {
    std::uint32_t table = 0, row = 0;
    float sign = 1.0f;
};

/// One term of a positive loss as evaluated. Shapes (x = Σ sign·vecs, ρ_j = rads):
///   Ball   h(s1·‖x‖ + Σ_j sign_j·f(ρ_j) + κ)            f = rad_fn, h = [·]₊ if hinged
///   Box    ‖[s1·|x| + Σ_j sign_j·|ρ_j| + κ]₊‖₂           per dimension
///   Inter  ‖[|c_I − c_E| + s1·o_I − o_E + κ]₊‖₂ (+ ‖[l − u]₊‖₂ if `empty`), I = box(vecs[0]) ∩ box(vecs[1])
///   Cos    1 − cos(x, Σ sign·rads)
///   Norm   |‖x‖₂ − 1|
///   MinRad h(min(f(ρ_0), f(ρ_1)) − f(ρ_2) + κ)
///   Const  κ (a constant the loss adds)
/// value = weight·raw, or weight·raw² when `squared`: the term's contribution to the loss.
struct TermTrace {
    enum Kind : std::uint8_t { Ball, Box, Inter, Cos, Norm, MinRad, Const } kind = Ball;
    std::vector<TracedRef> vecs, rads;
    double s1 = 1, kappa = 0;
    RadFn rad_fn = RadFn::Abs;
    bool hinged = false; ///< Ball, MinRad: [·]₊ applied; Box, Inter: always (per dimension)
    bool empty = false;  ///< Inter: includes the emptiness term
    double weight = 1;
    bool squared = false;
    double raw = 0;   ///< the shape's value
    double value = 0; ///< contribution to the loss
    /// The hinge's argument: Ball and MinRad the number inside [·]₊ (> 0: active, by that much;
    /// ≤ 0: inactive, with that much to spare); Box and Inter the largest per-dimension argument.
    double hinge_arg = 0;
    int active_dims = 0, dims = 0; ///< Box, Inter: dimensions whose [·]₊ is active, of `dims`
    double empty_part = 0;         ///< Inter with `empty`: ‖[l − u]₊‖₂ (part of raw)
};

} // namespace kbcx::embed
