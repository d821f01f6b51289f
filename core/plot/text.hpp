// Text drawn into an Image without any font library: a built-in 5×7 bitmap font of printable
// ASCII, the papers' symbols spelled out in it, and "nice" tick positions for chart axes.
#pragma once

#include "plot/image.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace kbcx::plot {

/// Text as the bitmap font can draw it: printable ASCII kept, common symbols of the papers
/// spelled out (⊥ → "bot", ρ → "rho", ± → "+/-", ⊑ → "<=", ⊓ → "and", ∃ → "E", … ), anything
/// else becomes '?'.
std::string ascii_label(std::string_view utf8);
/// Width in pixels of ascii_label(text) at `scale` (6·scale per character, less one column).
int text_width(std::string_view text, int scale = 1);
/// Draws text with its top-left corner at (x, y); `vertical` runs it bottom-to-top (rotated
/// 90° anticlockwise) with (x, y) the top-left of the rotated box.
void draw_text(Image& img, int x, int y, std::string_view text, Rgb colour, int scale = 1, bool vertical = false);

/// "Nice" tick positions covering [lo, hi] (steps 1, 2, 2.5 or 5 × 10^k), about `target` of them.
std::vector<double> nice_ticks(double lo, double hi, int target = 6);

} // namespace kbcx::plot
