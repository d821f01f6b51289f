// Dense block products of the dot-product models (DistMult, ComplEx) and of R-GCN's layers: a
// chunk of queries against its candidates, 1-vs-all, and the encoder's weights are matrix products.
#pragma once

#include <cstddef>

namespace kbcx::embed::dense {

/// out = Q·Nᵀ: Q is P×w, N is K×w, out is P×K, all row-major and contiguous.
void dot_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, float* out);
/// gQ += W·N and gN += Wᵀ·Q (W is P×K): the gradients of Σ_ij W_ij ⟨Q_i, N_j⟩.
void dot_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, const float* W,
                    float* gQ, float* gN);
/// C = op(A)·op(B), or C += op(A)·op(B) with `accumulate`; op(A) is m×k (A stored m×k, or k×m
/// with `transpose_a`), op(B) is k×n (B stored k×n, or n×k with `transpose_b`), C is m×n; all
/// row-major and contiguous. R-GCN's self-loop and per-relation products run through it.
void matmul(const float* A, bool transpose_a, const float* B, bool transpose_b, std::size_t m, std::size_t k,
            std::size_t n, float* C, bool accumulate = false);

/// The instruction set the products run with on this CPU: "x86-64-v4" (AVX-512), "x86-64-v3"
/// (AVX2 + FMA) or "baseline". The project is built for baseline x86-64 so that the binary runs
/// anywhere; these products are also built for v3 and v4 and chosen at run time (Eigen's matrix
/// product is 2–3× faster with them).
const char* isa();
/// Runs the products with `name` (one of isa()'s values) from now on, if this CPU has its
/// instructions; returns false (and changes nothing) otherwise. For tests and comparisons.
bool select_isa(const char* name);

} // namespace kbcx::embed::dense
