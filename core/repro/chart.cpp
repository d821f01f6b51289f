// Line-chart rendering into a raster Image with a built-in bitmap font; see chart.hpp.
#include "repro/chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace kbcx::repro {

namespace {

/// 5×7 glyphs for ASCII 32…126, one byte per row (bit 4 = leftmost column).
constexpr std::array<std::array<std::uint8_t, 7>, 95> kFont = {{
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04}, // space !
    {0x0A, 0x0A, 0x0A, 0x00, 0x00, 0x00, 0x00}, {0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A}, // " #
    {0x04, 0x0F, 0x14, 0x0E, 0x05, 0x1E, 0x04}, {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03}, // $ %
    {0x0C, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0D}, {0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00}, // & '
    {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02}, {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08}, // ( )
    {0x00, 0x04, 0x15, 0x0E, 0x15, 0x04, 0x00}, {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00}, // * +
    {0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08}, {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}, // , -
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}, {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00}, // . /
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}, // 0 1
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}, // 2 3
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}, // 4 5
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}, // 6 7
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}, // 8 9
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x04, 0x08}, // : ;
    {0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02}, {0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00}, // < =
    {0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08}, {0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04}, // > ?
    {0x0E, 0x11, 0x01, 0x0D, 0x15, 0x15, 0x0E}, {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11}, // @ A
    {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}, {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}, // B C
    {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}, {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}, // D E
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}, {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}, // F G
    {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, // H I
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}, {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, // J K
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}, {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}, // L M
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, // N O
    {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}, {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}, // P Q
    {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}, {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}, // R S
    {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, // T U
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}, {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}, // V W
    {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}, {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04}, // X Y
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}, {0x0E, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0E}, // Z [
    {0x00, 0x10, 0x08, 0x04, 0x02, 0x01, 0x00}, {0x0E, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0E}, // \ ]
    {0x04, 0x0A, 0x11, 0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F}, // ^ _
    {0x08, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F}, // ` a
    {0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E}, {0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E}, // b c
    {0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F}, {0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E}, // d e
    {0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08}, {0x00, 0x0F, 0x11, 0x11, 0x0F, 0x01, 0x0E}, // f g
    {0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11}, {0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E}, // h i
    {0x02, 0x00, 0x06, 0x02, 0x02, 0x12, 0x0C}, {0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12}, // j k
    {0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, {0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11}, // l m
    {0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11}, {0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E}, // n o
    {0x00, 0x00, 0x1E, 0x11, 0x1E, 0x10, 0x10}, {0x00, 0x00, 0x0D, 0x13, 0x0F, 0x01, 0x01}, // p q
    {0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10}, {0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E}, // r s
    {0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06}, {0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0D}, // t u
    {0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04}, {0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A}, // v w
    {0x00, 0x00, 0x11, 0x0A, 0x04, 0x0A, 0x11}, {0x00, 0x00, 0x11, 0x11, 0x0F, 0x01, 0x0E}, // x y
    {0x00, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F}, {0x02, 0x04, 0x04, 0x08, 0x04, 0x04, 0x02}, // z {
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, {0x08, 0x04, 0x04, 0x02, 0x04, 0x04, 0x08}, // | }
    {0x00, 0x00, 0x08, 0x15, 0x02, 0x00, 0x00},                                             // ~
}};

const Rgb kBlack{0, 0, 0}, kGrid{226, 226, 226}, kAxis{60, 60, 60}, kText{30, 30, 30};

void fill_rect(Image& img, int x0, int y0, int x1, int y1, Rgb c) {
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            img.set(x, y, c);
}

/// A line of the given width (a square brush along Bresenham's path), clipped to `clip`.
void draw_line(Image& img, double fx0, double fy0, double fx1, double fy1, Rgb c, int width, const Rect& clip) {
    int x0 = static_cast<int>(std::lround(fx0)), y0 = static_cast<int>(std::lround(fy0));
    const int x1 = static_cast<int>(std::lround(fx1)), y1 = static_cast<int>(std::lround(fy1));
    const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    const int lo = -(width - 1) / 2, hi = width / 2;
    for (;;) {
        for (int oy = lo; oy <= hi; ++oy)
            for (int ox = lo; ox <= hi; ++ox)
                if (clip.contains(x0 + ox, y0 + oy)) img.set(x0 + ox, y0 + oy, c);
        if (x0 == x1 && y0 == y1) break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

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

std::string ascii_label(std::string_view s) {
    static const std::pair<const char*, const char*> map[] = {
        {"⊥", "bot"}, {"⊤", "top"},   {"ρ", "rho"}, {"±", "+/-"}, {"⊑", "<="}, {"⊓", "and"}, {"∃", "E"},
        {"α", "a"},   {"Δ", "D"},     {"≤", "<="},  {"≥", ">="},  {"−", "-"},  {"–", "-"},   {"—", "-"},
        {"ᐟ", "/"},   {"⁺", "+"},     {"⁻", "-"},   {"²", "2"},   {"×", "x"},  {"→", "->"},  {"·", "."},
        {"μ", "mu"},  {"σ", "sigma"}, {"…", "..."}, {"✔", "ok"},  {"✘", "x"}};
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
            ++i;
            continue;
        }
        bool hit = false;
        for (const auto& [from, to] : map) {
            const std::string_view f(from);
            if (s.substr(i, f.size()) == f) {
                out += to;
                i += f.size();
                hit = true;
                break;
            }
        }
        if (hit) continue;
        out += '?';
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80)
            ++i;
    }
    return out;
}

int text_width(std::string_view text, int scale) {
    const std::size_t n = ascii_label(text).size();
    return n == 0 ? 0 : static_cast<int>(n) * 6 * scale - scale;
}

void draw_text(Image& img, int x, int y, std::string_view text, Rgb colour, int scale, bool vertical) {
    const std::string a = ascii_label(text);
    const int len = text_width(text, scale);
    for (std::size_t k = 0; k < a.size(); ++k) {
        const auto& g = kFont[static_cast<std::size_t>(a[k] - 32)];
        for (int row = 0; row < 7; ++row)
            for (int col = 0; col < 5; ++col) {
                if (!(g[static_cast<std::size_t>(row)] & (0x10 >> col))) continue;
                const int gx = static_cast<int>(k) * 6 * scale + col * scale, gy = row * scale;
                for (int sy = 0; sy < scale; ++sy)
                    for (int sx = 0; sx < scale; ++sx) {
                        if (!vertical)
                            img.set(x + gx + sx, y + gy + sy, colour);
                        else // rotate 90° anticlockwise: text runs upwards from (x, y + len)
                            img.set(x + gy + sy, y + len - 1 - (gx + sx), colour);
                    }
            }
    }
}

std::vector<double> nice_ticks(double lo, double hi, int target) {
    if (!(hi > lo)) return {lo};
    const double raw = (hi - lo) / std::max(1, target - 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    std::vector<double> t;
    const double first = std::floor(lo / step + 1e-9) * step;
    for (double v = first; v <= hi + step * 0.999; v += step) {
        t.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
        if (t.size() > 100) break;
    }
    return t;
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
            const int max_chars = std::max(1, (legend_w - 30) / 6);
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
