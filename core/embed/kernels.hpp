// Vectorised inner loops of the triple models (distances, dot products and their gradients),
// compiled for AVX2 and plain x86-64 and chosen at run time (GCC target_clones).
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

} // namespace kbcx::embed::kernels
