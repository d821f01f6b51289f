// Line charts drawn into an Image without any GUI library: axes with "nice" ticks, a built-in
// 5×7 bitmap font for titles, labels and the legend, one colour per series, error bars.
#pragma once

#include "repro/png.hpp"
#include "repro/report.hpp"

#include <string>
#include <string_view>

namespace kbcx::repro {

/// A pixel rectangle, right and bottom inclusive.
struct Rect {
    int left = 0, top = 0, right = -1, bottom = -1;
    bool contains(int x, int y) const { return x >= left && x <= right && y >= top && y <= bottom; }
};

/// The drawn chart and where things went (for tests and for callers that annotate it).
struct RenderedChart {
    Image image;
    Rect plot;   ///< the plot area: every data point, line and error bar lies inside it
    Rect legend; ///< the legend box (right of the plot area); empty if there is one series
    double x_min = 0, x_max = 1, y_min = 0, y_max = 1; ///< the axis ranges drawn
};

/// Draws `chart` at width × height pixels. The axis ranges are the data's (error bars
/// included), widened to the enclosing tick marks; a flat range is widened by ±0.5 (±|v|/10).
/// Non-finite points are skipped (a line breaks there).
RenderedChart render_chart(const Chart& chart, int width = 820, int height = 480);
/// render_chart + write_png.
void write_chart(const std::string& path, const Chart& chart, int width = 820, int height = 480);

/// The colour of series i (a qualitative palette that repeats after 8).
Rgb series_colour(std::size_t i);

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

} // namespace kbcx::repro
