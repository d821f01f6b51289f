// Line charts of the reproduction reports, drawn into a plot::Image without any GUI library:
// axes with "nice" ticks, titles, labels and a legend in plot/text's font, error bars.
#pragma once

#include "plot/image.hpp"
#include "plot/text.hpp"
#include "repro/report.hpp"

#include <string>
#include <string_view>

namespace kbcx::repro {

using plot::Image;
using plot::Rect;
using plot::Rgb;

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

} // namespace kbcx::repro
