// The hot loops of training and evaluation. Reductions keep 16 partial sums so GCC can
// vectorise them without -ffast-math; target_clones adds an AVX2+FMA version used when the
// CPU has it (the rest of the project is built for baseline x86-64).
#include "embed/kernels.hpp"

#include <cmath>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define KBCX_MULTIVERSION __attribute__((target_clones("avx2,fma", "default")))
#else
#define KBCX_MULTIVERSION
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

KBCX_MULTIVERSION void complex_l1_distance_grad(const float* q, const float* n, std::size_t d, float w, float* gq,
                                                float* gn) {
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

} // namespace kbcx::embed::kernels
