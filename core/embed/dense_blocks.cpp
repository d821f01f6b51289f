// dense_blocks' dispatch: the variant for the best instruction set of this CPU, chosen once.
#include "embed/dense_blocks.hpp"

#if defined(KBCX_DENSE_MULTI_ISA)
#include <cpuid.h>
#endif

#include <atomic>
#include <string_view>

namespace kbcx::embed::dense {

#define KBCX_DENSE_DECLARE(V)                                                                                          \
    namespace V {                                                                                                      \
    void dot_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, float* out);           \
    void dot_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, const float* W,   \
                        float* gQ, float* gN);                                                                         \
    void matmul(const float* A, bool transpose_a, const float* B, bool transpose_b, std::size_t m, std::size_t k,      \
                std::size_t n, float* C, bool accumulate);                                                             \
    }
KBCX_DENSE_DECLARE(base)
#if defined(KBCX_DENSE_MULTI_ISA)
KBCX_DENSE_DECLARE(v3)
KBCX_DENSE_DECLARE(v4)
#endif
#undef KBCX_DENSE_DECLARE

namespace {

enum class Isa { Base, V3, V4 };

#if defined(KBCX_DENSE_MULTI_ISA)
/// The x86-64-v3 / v4 feature levels from CPUID and the OS's register-state flags (XGETBV):
/// v3 = AVX, AVX2, FMA, F16C, MOVBE, BMI1/2, LZCNT with YMM state enabled; v4 adds AVX-512
/// F, DQ, BW, VL with ZMM and mask state enabled.
Isa detect_from_cpuid() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return Isa::Base;
    const bool fma = c & (1u << 12), movbe = c & (1u << 22), osxsave = c & (1u << 27), avx = c & (1u << 28),
               f16c = c & (1u << 29);
    if (!osxsave || !avx) return Isa::Base;
    unsigned xcr0_lo = 0, xcr0_hi = 0;
    __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 0x6u) != 0x6u) return Isa::Base; // XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return Isa::Base;
    const bool bmi1 = b & (1u << 3), avx2 = b & (1u << 5), bmi2 = b & (1u << 8), f = b & (1u << 16),
               dq = b & (1u << 17), bw = b & (1u << 30), vl = b & (1u << 31);
    unsigned a8 = 0, b8 = 0, c8 = 0, d8 = 0;
    const bool lzcnt = __get_cpuid(0x80000001u, &a8, &b8, &c8, &d8) && (c8 & (1u << 5));
    if (!(fma && movbe && f16c && bmi1 && avx2 && bmi2 && lzcnt)) return Isa::Base;
    if (f && dq && bw && vl && (xcr0_lo & 0xE6u) == 0xE6u) return Isa::V4; // opmask, ZMM halves, ZMM16-31
    return Isa::V3;
}
#endif

Isa detect() {
#if defined(KBCX_DENSE_MULTI_ISA)
    return detect_from_cpuid();
#else
    return Isa::Base;
#endif
}

std::atomic<Isa>& current() {
    static std::atomic<Isa> isa{detect()};
    return isa;
}

Isa chosen() {
    return current().load(std::memory_order_relaxed);
}

} // namespace

void dot_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, float* out) {
    switch (chosen()) {
#if defined(KBCX_DENSE_MULTI_ISA)
    case Isa::V4: return v4::dot_block(Q, P, N, K, w, out);
    case Isa::V3: return v3::dot_block(Q, P, N, K, w, out);
#endif
    default: return base::dot_block(Q, P, N, K, w, out);
    }
}

void dot_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, const float* W,
                    float* gQ, float* gN) {
    switch (chosen()) {
#if defined(KBCX_DENSE_MULTI_ISA)
    case Isa::V4: return v4::dot_block_grad(Q, P, N, K, w, W, gQ, gN);
    case Isa::V3: return v3::dot_block_grad(Q, P, N, K, w, W, gQ, gN);
#endif
    default: return base::dot_block_grad(Q, P, N, K, w, W, gQ, gN);
    }
}

void matmul(const float* A, bool transpose_a, const float* B, bool transpose_b, std::size_t m, std::size_t k,
            std::size_t n, float* C, bool accumulate) {
    switch (chosen()) {
#if defined(KBCX_DENSE_MULTI_ISA)
    case Isa::V4: return v4::matmul(A, transpose_a, B, transpose_b, m, k, n, C, accumulate);
    case Isa::V3: return v3::matmul(A, transpose_a, B, transpose_b, m, k, n, C, accumulate);
#endif
    default: return base::matmul(A, transpose_a, B, transpose_b, m, k, n, C, accumulate);
    }
}

bool select_isa(const char* name) {
    const std::string_view n(name);
    const Isa want = n == "x86-64-v4" ? Isa::V4 : n == "x86-64-v3" ? Isa::V3 : Isa::Base;
    if (n != "x86-64-v4" && n != "x86-64-v3" && n != "baseline") return false;
    if (static_cast<int>(want) > static_cast<int>(detect())) return false;
    current().store(want);
    return true;
}

const char* isa() {
    switch (chosen()) {
    case Isa::V4: return "x86-64-v4";
    case Isa::V3: return "x86-64-v3";
    default: return "baseline";
    }
}

} // namespace kbcx::embed::dense
