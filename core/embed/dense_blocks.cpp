// dense_blocks' dispatch: the variant for the best instruction set of this CPU, chosen once.
#include "embed/dense_blocks.hpp"

#include <atomic>
#include <string_view>

namespace kbcx::embed::dense {

#define KBCX_DENSE_DECLARE(V)                                                                                   \
    namespace V {                                                                                               \
    void dot_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, float* out);   \
    void dot_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w,           \
                        const float* W, float* gQ, float* gN);                                                  \
    }
KBCX_DENSE_DECLARE(base)
#if defined(KBCX_DENSE_MULTI_ISA)
KBCX_DENSE_DECLARE(v3)
KBCX_DENSE_DECLARE(v4)
#endif
#undef KBCX_DENSE_DECLARE

namespace {

enum class Isa { Base, V3, V4 };

Isa detect() {
#if defined(KBCX_DENSE_MULTI_ISA)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2"))
        return Isa::V4;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("f16c") && __builtin_cpu_supports("movbe"))
        return Isa::V3;
#endif
    return Isa::Base;
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
