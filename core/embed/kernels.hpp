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
/// gradient of w·(−Σ_k |q_k − n_k|) (complex moduli), 0 where a modulus is 0
void complex_l1_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn);

// ---- Blocks: P query rows Q (P×d) against K candidate rows N (K×d), both row-major and
// contiguous; the training chunk (shared negatives) and evaluation (all entities) use these.

/// out[i·K + j] = Σ_k |Q_ik − N_jk|
void l1_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d, float* out);
/// With W_ij the weight of pair (i, j) (the gradient of w·(−‖Q_i − N_j‖₁), summed over pairs):
/// gQ_i −= Σ_j W_ij·sgn(Q_i − N_j); gN_j += Σ_i W_ij·sgn(Q_i − N_j)   (sgn 0 = 0; W is P×K).
void l1_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d, const float* W,
                   float* gQ, float* gN);

} // namespace kbcx::embed::kernels
