// Nesting limit of the recursive-descent parsers (class expressions, functional-syntax trees):
// input nested deeper is refused with an InputError instead of overflowing the stack later.
#pragma once

#include <cstddef>

namespace kbcx {

/// Deepest nesting of a class expression or syntax tree any reader accepts. Real ontologies
/// stay below 20 levels; the limit keeps the parsers and every recursive stage after them
/// (normaliser, writer, reasoner indexing) far from the stack's end, even under ASan.
inline constexpr std::size_t kMaxNesting = 1000;

/// Counts one level of recursion for as long as it lives (exception-safe).
class NestingGuard {
  public:
    explicit NestingGuard(std::size_t& depth) : depth_(depth) { ++depth_; }
    ~NestingGuard() { --depth_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;
    /// True when this level is beyond kMaxNesting.
    bool too_deep() const { return depth_ > kMaxNesting; }

  private:
    std::size_t& depth_;
};

} // namespace kbcx
