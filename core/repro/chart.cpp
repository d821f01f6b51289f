// Line-chart rendering into a plot::Image with plot/text's bitmap font; see chart.hpp.
#include "repro/chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace kbcx::repro {

using plot::ascii_label;
using plot::nice_ticks;
using plot::text_width;

namespace {

/// 5×7 glyphs for ASCII 32…126, one byte per row (bit 4 = leftmost column).

const Rgb kBlack{0, 0, 0}, kGrid{226, 226, 226}, kAxis{60, 60, 60}, kText{30, 30, 30};

std::string format_tick(double v, double step) {
    int decimals = 0;
    while (decimals < 6 &&
           std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    if (std::abs(v) < step * 1e-9) v = 0;
    char b[32];
    std::snprintf(b, sizeof b, "%.*f", decimals, v);
    return b;
}

} // namespace

Rgb series_colour(std::size_t i) {
    static constexpr Rgb palette[8] = {{31, 119, 180},  {214, 39, 40}, {44, 160, 44},   {255, 127, 14},
                                       {148, 103, 189}, {140, 86, 75}, {227, 119, 194}, {23, 190, 207}};
    return palette[i % 8];
}

RenderedChart render_chart(const Chart& chart, int width, int height) {
    RenderedChart out;
    out.image = Image(width, height);
    Image& img = out.image;

    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
    for (const auto& s : chart.series)
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            const double e = i < s.y_err.size() && std::isfinite(s.y_err[i]) ? std::abs(s.y_err[i]) : 0.0;
            x_lo = std::min(x_lo, s.x[i]);
            x_hi = std::max(x_hi, s.x[i]);
            y_lo = std::min(y_lo, s.y[i] - e);
            y_hi = std::max(y_hi, s.y[i] + e);
        }
    if (!std::isfinite(x_lo)) x_lo = 0, x_hi = 1, y_lo = 0, y_hi = 1;
    auto widen = [](double& lo, double& hi) {
        if (hi > lo) return;
        const double d = lo == 0 ? 0.5 : std::abs(lo) / 10;
        lo -= d;
        hi += d;
    };
    widen(x_lo, x_hi);
    widen(y_lo, y_hi);
    const std::vector<double> xt = nice_ticks(x_lo, x_hi), yt = nice_ticks(y_lo, y_hi);
    out.x_min = std::min(x_lo, xt.front());
    out.x_max = std::max(x_hi, xt.back());
    out.y_min = std::min(y_lo, yt.front());
    out.y_max = std::max(y_hi, yt.back());
    const double x_step = xt.size() > 1 ? xt[1] - xt[0] : 1, y_step = yt.size() > 1 ? yt[1] - yt[0] : 1;

    // Layout: title on top, y label and tick labels on the left, legend on the right.
    int y_tick_w = 0;
    for (double v : yt)
        y_tick_w = std::max(y_tick_w, text_width(format_tick(v, y_step), 1));
    int legend_w = 0;
    const bool legend = chart.series.size() > 1 || (chart.series.size() == 1 && !chart.series[0].name.empty());
    if (legend)
        for (const auto& s : chart.series)
            legend_w = std::max(legend_w, 30 + text_width(s.name, 1));
    legend_w = std::min(legend_w, width / 3);
    out.plot.left = 14 + 10 + y_tick_w + 8;
    out.plot.top = chart.title.empty() ? 14 : 40;
    out.plot.right = width - 16 - (legend ? legend_w + 24 : 0);
    out.plot.bottom = height - 14 - 10 - 8 - 12;
    const Rect& P = out.plot;
    auto px = [&](double x) { return P.left + (x - out.x_min) / (out.x_max - out.x_min) * (P.right - P.left); };
    auto py = [&](double y) { return P.bottom - (y - out.y_min) / (out.y_max - out.y_min) * (P.bottom - P.top); };

    if (!chart.title.empty()) {
        const int tw = text_width(chart.title, 2);
        draw_text(img, std::max(4, (width - tw) / 2), 10, chart.title, kText, 2);
    }
    // Grid, ticks and tick labels.
    for (double v : xt) {
        const int x = static_cast<int>(std::lround(px(v)));
        for (int y = P.top; y <= P.bottom; ++y)
            img.set(x, y, kGrid);
        for (int y = P.bottom + 1; y <= P.bottom + 4; ++y)
            img.set(x, y, kAxis);
        const std::string l = format_tick(v, x_step);
        draw_text(img, x - text_width(l, 1) / 2, P.bottom + 7, l, kText, 1);
    }
    for (double v : yt) {
        const int y = static_cast<int>(std::lround(py(v)));
        for (int x = P.left; x <= P.right; ++x)
            img.set(x, y, kGrid);
        for (int x = P.left - 4; x < P.left; ++x)
            img.set(x, y, kAxis);
        const std::string l = format_tick(v, y_step);
        draw_text(img, P.left - 7 - text_width(l, 1), y - 3, l, kText, 1);
    }
    // Axes (left and bottom edges of the plot area).
    for (int y = P.top; y <= P.bottom; ++y)
        img.set(P.left, y, kAxis);
    for (int x = P.left; x <= P.right; ++x)
        img.set(x, P.bottom, kAxis);
    // Axis labels.
    if (!chart.x_label.empty())
        draw_text(img, (P.left + P.right - text_width(chart.x_label, 1)) / 2, height - 16, chart.x_label, kText, 1);
    if (!chart.y_label.empty())
        draw_text(img, 8, (P.top + P.bottom - text_width(chart.y_label, 1)) / 2, chart.y_label, kText, 1, true);

    // Series: error bars, lines, point markers.
    const Rect inner{P.left + 1, P.top, P.right, P.bottom - 1};
    for (std::size_t si = 0; si < chart.series.size(); ++si) {
        const Series& s = chart.series[si];
        const Rgb c = series_colour(si);
        const std::size_t n = std::min(s.x.size(), s.y.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            if (i < s.y_err.size() && std::isfinite(s.y_err[i]) && s.y_err[i] != 0) {
                const double e = std::abs(s.y_err[i]), x = px(s.x[i]);
                draw_line(img, x, py(s.y[i] - e), x, py(s.y[i] + e), c, 1, inner);
                draw_line(img, x - 4, py(s.y[i] - e), x + 4, py(s.y[i] - e), c, 1, inner);
                draw_line(img, x - 4, py(s.y[i] + e), x + 4, py(s.y[i] + e), c, 1, inner);
            }
            if (i + 1 < n && std::isfinite(s.x[i + 1]) && std::isfinite(s.y[i + 1]))
                draw_line(img, px(s.x[i]), py(s.y[i]), px(s.x[i + 1]), py(s.y[i + 1]), c, 2, inner);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            const int x = static_cast<int>(std::lround(px(s.x[i]))), y = static_cast<int>(std::lround(py(s.y[i])));
            for (int oy = -3; oy <= 3; ++oy)
                for (int ox = -3; ox <= 3; ++ox)
                    if (ox * ox + oy * oy <= 10 && inner.contains(x + ox, y + oy)) img.set(x + ox, y + oy, c);
        }
    }

    // Legend: a framed box right of the plot area, one swatch and name per series.
    if (legend) {
        const int lx = P.right + 14, ly = P.top;
        const int lh = 8 + 14 * static_cast<int>(chart.series.size());
        out.legend = {lx, ly, std::min(width - 2, lx + legend_w + 8), ly + lh};
        for (int x = out.legend.left; x <= out.legend.right; ++x) {
            img.set(x, out.legend.top, kGrid);
            img.set(x, out.legend.bottom, kGrid);
        }
        for (int y = out.legend.top; y <= out.legend.bottom; ++y) {
            img.set(out.legend.left, y, kGrid);
            img.set(out.legend.right, y, kGrid);
        }
        for (std::size_t si = 0; si < chart.series.size(); ++si) {
            const int y = ly + 6 + 14 * static_cast<int>(si);
            fill_rect(img, lx + 6, y + 2, lx + 24, y + 4, series_colour(si));
            std::string name = ascii_label(chart.series[si].name);
            const int max_chars = std::max(1, (legend_w - 30 + 1) / 6);
            if (static_cast<int>(name.size()) > max_chars) name = name.substr(0, static_cast<std::size_t>(max_chars));
            draw_text(img, lx + 30, y, name, kBlack, 1);
        }
    }
    return out;
}

void write_chart(const std::string& path, const Chart& chart, int width, int height) {
    write_png(path, render_chart(chart, width, height).image);
}

} // namespace kbcx::repro
