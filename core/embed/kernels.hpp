// Vectorised inner loops of the triple models (distances, dot products and their gradients),
// compiled for x86-64-v3 (AVX2+FMA) and plain x86-64 and chosen at run time (GCC target_clones).
#pragma once

#include <cstddef>

namespace kbcx::embed::kernels {

/// Σ_k |q_k − n_k|
float l1_distance(const float* q, const float* n, std::size_t d);
/// gq −= w·sgn(q − n); gn += w·sgn(q − n)   (the gradient of w·(−‖q − n‖₁))
void l1_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn);
/// ‖q − n‖₂
float l2_distance(const float* q, const float* n, std::size_t d);
/// gradient of w·(−‖q − n‖₂), with the subgradient 0 at q = n
void l2_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn);
/// Σ_k q_k n_k
float dot(const float* q, const float* n, std::size_t d);
/// gq += w·n; gn += w·q
void dot_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn);
/// Σ_k |q_k − n_k| over complex numbers stored [re(d) | im(d)]
float complex_l1_distance(const float* q, const float* n, std::size_t d);
/// gradient of w·(−Σ_k |q_k − n_k|) (complex moduli), 0 where a modulus is 0; gq and gn must not
/// overlap each other, q or n
void complex_l1_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn);

// ---- Blocks: P query rows Q (P×d) against K candidate rows N (K×d), both row-major and
// contiguous; the training chunk (shared negatives) and evaluation (all entities) use these.

/// out[i·K + j] = Σ_k |Q_ik − N_jk|
void l1_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d, float* out);
/// With W_ij the weight of pair (i, j) (the gradient of w·(−‖Q_i − N_j‖₁), summed over pairs):
/// gQ_i −= Σ_j W_ij·sgn(Q_i − N_j); gN_j += Σ_i W_ij·sgn(Q_i − N_j)   (sgn 0 = 0; W is P×K).
void l1_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d, const float* W,
                   float* gQ, float* gN);

// ---- BoxE's point-to-box distance (models.md §5), one point against one box of d dimensions.

/// A box's corners and what its distance function needs per dimension, precomputed from them:
/// mid = (lo + hi)/2, κ = hi − lo + 1, 1/κ, 1/κ², c0 = (w/2)(κ − 1/κ), c1 = (κ − 1/κ)/2 + (w/2)(1 + 1/κ²).
struct BoxRows {
    const float *lo, *hi, *mid, *kappa, *invk, *invk2, *c0, *c1;
};
/// Σ_k δ_k (squares = false) or Σ_k δ_k² (squares = true), with δ_k = |q_k|/κ_k inside the box
/// and κ_k|q_k| − c0_k outside, q = P − mid.
float box_distance(const float* P, const BoxRows& box, std::size_t d, bool squares);
/// With g_k = a + c·δ_k the weight of dimension k (a = dl for L1; c = dl/‖δ‖ for L2):
/// gP_k += g_k·∂δ_k/∂P_k·(1 − P_k² if bounded, the tanh that made P), and the corners' gradients
/// gLo_k += g_k·(−½∂δ_k/∂P_k − ∂δ_k/∂w_k), gHi_k += g_k·(−½∂δ_k/∂P_k + ∂δ_k/∂w_k).
void box_distance_grad(const float* P, const BoxRows& box, std::size_t d, float a, float c, bool bounded, float* gP,
                       float* gLo, float* gHi);

} // namespace kbcx::embed::kernels
