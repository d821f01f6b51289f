// The hot loops of training and evaluation. Reductions keep 16 partial sums so GCC can
// vectorise them without -ffast-math; target_clones adds an x86-64-v3 (AVX2+FMA) version that
// the loader picks when the CPU has it (the rest of the project is built for baseline x86-64,
// so the binary stays portable). The block kernels use GCC vector extensions (8 floats).
#include "embed/kernels.hpp"

#include <cmath>
#include <cstdint>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define KBCX_MULTIVERSION __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define KBCX_MULTIVERSION
#endif

// 32-byte vector values in the baseline clone pass through memory; GCC warns about that ABI
// (-Wpsabi; clang says the same of its baseline build) although every helper below is
// inlined into its caller.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace kbcx::embed::kernels {

namespace {
constexpr std::size_t kLanes = 16;

inline float sgn(float x) {
    return static_cast<float>((x > 0.0f) - (x < 0.0f));
}
} // namespace

KBCX_MULTIVERSION float l1_distance(const float* q, const float* n, std::size_t d) {
    float acc[kLanes] = {};
    std::size_t k = 0;
    for (; k + kLanes <= d; k += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l)
            acc[l] += std::fabs(q[k + l] - n[k + l]);
    float s = 0.0f;
    for (; k < d; ++k)
        s += std::fabs(q[k] - n[k]);
    for (std::size_t l = 0; l < kLanes; ++l)
        s += acc[l];
    return s;
}

KBCX_MULTIVERSION void l1_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn) {
    for (std::size_t k = 0; k < d; ++k) {
        const float g = w * sgn(q[k] - n[k]);
        gq[k] -= g;
        gn[k] += g;
    }
}

KBCX_MULTIVERSION float l2_distance(const float* q, const float* n, std::size_t d) {
    float acc[kLanes] = {};
    std::size_t k = 0;
    for (; k + kLanes <= d; k += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l) {
            const float u = q[k + l] - n[k + l];
            acc[l] += u * u;
        }
    float s = 0.0f;
    for (; k < d; ++k)
        s += (q[k] - n[k]) * (q[k] - n[k]);
    for (std::size_t l = 0; l < kLanes; ++l)
        s += acc[l];
    return std::sqrt(s);
}

KBCX_MULTIVERSION void l2_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn) {
    const float dist = l2_distance(q, n, d);
    if (dist < 1e-12f) return;
    const float c = w / dist;
    for (std::size_t k = 0; k < d; ++k) {
        const float g = c * (q[k] - n[k]);
        gq[k] -= g;
        gn[k] += g;
    }
}

KBCX_MULTIVERSION float dot(const float* q, const float* n, std::size_t d) {
    float acc[kLanes] = {};
    std::size_t k = 0;
    for (; k + kLanes <= d; k += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l)
            acc[l] += q[k + l] * n[k + l];
    float s = 0.0f;
    for (; k < d; ++k)
        s += q[k] * n[k];
    for (std::size_t l = 0; l < kLanes; ++l)
        s += acc[l];
    return s;
}

KBCX_MULTIVERSION void dot_grad(const float* q, const float* n, std::size_t d, float w, float* gq, float* gn) {
    for (std::size_t k = 0; k < d; ++k) {
        gq[k] += w * n[k];
        gn[k] += w * q[k];
    }
}

KBCX_MULTIVERSION float complex_l1_distance(const float* q, const float* n, std::size_t d) {
    float acc[kLanes] = {};
    const float* qi = q + d;
    const float* ni = n + d;
    std::size_t k = 0;
    for (; k + kLanes <= d; k += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l) {
            const float u = q[k + l] - n[k + l], v = qi[k + l] - ni[k + l];
            acc[l] += std::sqrt(u * u + v * v);
        }
    float s = 0.0f;
    for (; k < d; ++k) {
        const float u = q[k] - n[k], v = qi[k] - ni[k];
        s += std::sqrt(u * u + v * v);
    }
    for (std::size_t l = 0; l < kLanes; ++l)
        s += acc[l];
    return s;
}

// gq and gn never overlap each other or q and n (rows of different gradient and parameter
// buffers); saying so lets GCC vectorise the four stores per element.
KBCX_MULTIVERSION void complex_l1_distance_grad(const float* q, const float* n, std::size_t d, float w,
                                                float* __restrict gq, float* __restrict gn) {
    for (std::size_t k = 0; k < d; ++k) {
        const float u = q[k] - n[k], v = q[d + k] - n[d + k];
        const float m = std::sqrt(u * u + v * v);
        const float c = m > 1e-12f ? w / m : 0.0f;
        gq[k] -= c * u;
        gq[d + k] -= c * v;
        gn[k] += c * u;
        gn[d + k] += c * v;
    }
}

namespace {
typedef float V8 __attribute__((vector_size(32)));
typedef std::int32_t I8 __attribute__((vector_size(32)));
typedef float V8u __attribute__((vector_size(32), aligned(4))); // unaligned loads and stores

inline V8 load8(const float* p) {
    return *reinterpret_cast<const V8u*>(p);
}
inline void store8(float* p, V8 x) {
    *reinterpret_cast<V8u*>(p) = x;
}
inline V8 abs8(V8 x) {
    return reinterpret_cast<V8>(reinterpret_cast<I8>(x) & 0x7fffffff);
}
inline float sum8(V8 x) {
    float s = 0.0f;
    for (int l = 0; l < 8; ++l)
        s += x[l];
    return s;
}
/// w·sgn(x) lane by lane, 0 where x = 0: w with its sign bit flipped by x's, masked by x ≠ 0.
inline V8 signed_weight8(V8 x, V8 w) {
    const I8 sign_bit = reinterpret_cast<I8>(x) & static_cast<std::int32_t>(0x80000000u);
    return reinterpret_cast<V8>((reinterpret_cast<I8>(w) ^ sign_bit) & (x != 0.0f));
}
inline float signed_weight(float x, float w) {
    return x > 0.0f ? w : (x < 0.0f ? -w : 0.0f);
}
} // namespace

// Four candidates per pass share each load of the query row; the four sums are independent
// dependency chains.
KBCX_MULTIVERSION void l1_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d,
                                float* out) {
    const std::size_t dv = d / 8 * 8;
    for (std::size_t i = 0; i < P; ++i) {
        const float* q = Q + i * d;
        float* o = out + i * K;
        std::size_t j = 0;
        for (; j + 4 <= K; j += 4) {
            const float *n0 = N + j * d, *n1 = n0 + d, *n2 = n1 + d, *n3 = n2 + d;
            V8 a0 = {}, a1 = {}, a2 = {}, a3 = {};
            for (std::size_t k = 0; k < dv; k += 8) {
                const V8 x = load8(q + k);
                a0 += abs8(x - load8(n0 + k));
                a1 += abs8(x - load8(n1 + k));
                a2 += abs8(x - load8(n2 + k));
                a3 += abs8(x - load8(n3 + k));
            }
            float s0 = sum8(a0), s1 = sum8(a1), s2 = sum8(a2), s3 = sum8(a3);
            for (std::size_t k = dv; k < d; ++k) {
                s0 += std::fabs(q[k] - n0[k]);
                s1 += std::fabs(q[k] - n1[k]);
                s2 += std::fabs(q[k] - n2[k]);
                s3 += std::fabs(q[k] - n3[k]);
            }
            o[j] = s0;
            o[j + 1] = s1;
            o[j + 2] = s2;
            o[j + 3] = s3;
        }
        for (; j < K; ++j)
            o[j] = l1_distance(q, N + j * d, d);
    }
}

// Tiles of four candidates: for each query row the four candidates' signed weights are summed
// into the query's gradient once, and each candidate's gradient row gets its own share.
KBCX_MULTIVERSION void l1_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t d,
                                     const float* W, float* gQ, float* gN) {
    const std::size_t dv = d / 8 * 8;
    std::size_t j = 0;
    for (; j + 4 <= K; j += 4) {
        const float *n0 = N + j * d, *n1 = n0 + d, *n2 = n1 + d, *n3 = n2 + d;
        float *h0 = gN + j * d, *h1 = h0 + d, *h2 = h1 + d, *h3 = h2 + d;
        for (std::size_t i = 0; i < P; ++i) {
            const float* w = W + i * K + j;
            if (w[0] == 0.0f && w[1] == 0.0f && w[2] == 0.0f && w[3] == 0.0f) continue;
            const float* q = Q + i * d;
            float* gq = gQ + i * d;
            const V8 w0 = V8{} + w[0], w1 = V8{} + w[1], w2 = V8{} + w[2], w3 = V8{} + w[3];
            for (std::size_t k = 0; k < dv; k += 8) {
                const V8 x = load8(q + k);
                const V8 a = signed_weight8(x - load8(n0 + k), w0), b = signed_weight8(x - load8(n1 + k), w1);
                const V8 c = signed_weight8(x - load8(n2 + k), w2), e = signed_weight8(x - load8(n3 + k), w3);
                store8(gq + k, load8(gq + k) - ((a + b) + (c + e)));
                store8(h0 + k, load8(h0 + k) + a);
                store8(h1 + k, load8(h1 + k) + b);
                store8(h2 + k, load8(h2 + k) + c);
                store8(h3 + k, load8(h3 + k) + e);
            }
            for (std::size_t k = dv; k < d; ++k) {
                const float x = q[k];
                const float a = signed_weight(x - n0[k], w[0]), b = signed_weight(x - n1[k], w[1]);
                const float c = signed_weight(x - n2[k], w[2]), e = signed_weight(x - n3[k], w[3]);
                gq[k] -= (a + b) + (c + e);
                h0[k] += a;
                h1[k] += b;
                h2[k] += c;
                h3[k] += e;
            }
        }
    }
    for (; j < K; ++j)
        for (std::size_t i = 0; i < P; ++i) {
            const float w = W[i * K + j];
            if (w != 0.0f) l1_distance_grad(Q + i * d, N + j * d, d, w, gQ + i * d, gN + j * d);
        }
}

// ---- BoxE: per dimension, with q = P − mid and the box's precomputed κ, 1/κ, c0, c1:
// δ = |q|/κ inside [lo, hi], κ|q| − c0 outside; ∂δ/∂P = ±1/κ or ±κ, ∂δ/∂w = −|q|/κ² or |q| − c1.

namespace {
/// One dimension's δ, for the scalar tails of the vector loops.
inline float box_delta1(const BoxRows& b, std::size_t k, float p) {
    const float aq = std::fabs(p - b.mid[k]);
    return (b.lo[k] <= p && p <= b.hi[k]) ? aq * b.invk[k] : b.kappa[k] * aq - b.c0[k];
}
} // namespace

KBCX_MULTIVERSION float box_distance(const float* P, const BoxRows& b, std::size_t d, bool squares) {
    V8 acc = {};
    std::size_t k = 0;
    for (; k + 8 <= d; k += 8) {
        const V8 p = load8(P + k), aq = abs8(p - load8(b.mid + k));
        const I8 in = (load8(b.lo + k) <= p) & (p <= load8(b.hi + k));
        const V8 delta = in ? aq * load8(b.invk + k) : load8(b.kappa + k) * aq - load8(b.c0 + k);
        acc += squares ? delta * delta : delta;
    }
    float s = sum8(acc);
    for (; k < d; ++k) {
        const float delta = box_delta1(b, k, P[k]);
        s += squares ? delta * delta : delta;
    }
    return s;
}

KBCX_MULTIVERSION void box_distance_grad(const float* P, const BoxRows& b, std::size_t d, float a, float c,
                                         bool bounded, float* gP, float* gLo, float* gHi) {
    const float bf = bounded ? 1.0f : 0.0f;
    std::size_t k = 0;
    const V8 zero = {}, one = zero + 1.0f;
    for (; k + 8 <= d; k += 8) {
        const V8 p = load8(P + k), q = p - load8(b.mid + k), aq = abs8(q);
        const I8 in = (load8(b.lo + k) <= p) & (p <= load8(b.hi + k));
        const V8 invk = load8(b.invk + k), kappa = load8(b.kappa + k);
        const V8 delta = in ? aq * invk : kappa * aq - load8(b.c0 + k);
        const V8 gd = a + c * delta;
        const V8 sg = (q > zero ? one : zero) - (q < zero ? one : zero);
        const V8 dp = sg * (in ? invk : kappa);
        const V8 dw = in ? -aq * load8(b.invk2 + k) : aq - load8(b.c1 + k);
        const V8 bound = one - bf * p * p;
        store8(gP + k, load8(gP + k) + gd * dp * bound);
        store8(gLo + k, load8(gLo + k) + gd * (-0.5f * dp - dw));
        store8(gHi + k, load8(gHi + k) + gd * (-0.5f * dp + dw));
    }
    for (; k < d; ++k) {
        const float p = P[k], q = p - b.mid[k], aq = std::fabs(q);
        const bool in = b.lo[k] <= p && p <= b.hi[k];
        const float delta = in ? aq * b.invk[k] : b.kappa[k] * aq - b.c0[k];
        const float gd = a + c * delta;
        const float dp = sgn(q) * (in ? b.invk[k] : b.kappa[k]);
        const float dw = in ? -aq * b.invk2[k] : aq - b.c1[k];
        gP[k] += gd * dp * (1.0f - bf * p * p);
        gLo[k] += gd * (-0.5f * dp - dw);
        gHi[k] += gd * (-0.5f * dp + dw);
    }
}

} // namespace kbcx::embed::kernels
