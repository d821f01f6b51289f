// The sweep's chart, mean ± sd of each metric against p⊥, as SVG text and as a PNG drawn by a
// small rasteriser (lines, dots, a 5×7 bitmap font) and written with zlib — the core links no Qt.
#include "embed/sweep.hpp"

#include "common/error.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace kbcx::embed {

namespace {

constexpr int kPanelW = 420, kPanelH = 300, kTitleH = 40;
constexpr int kLeft = 62, kRight = 16, kTop = 34, kBottom = 50;

struct Panel {
    std::string label;
    std::vector<std::array<double, 3>> points; ///< (p⊥, mean, sd)
    double xmin = 0, xmax = 1, ymin = 0, ymax = 1, ystep = 0.1;
};

double nice_step(double span) {
    if (!(span > 0)) return 0.1;
    const double raw = span / 5.0, mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 5.0, 10.0})
        if (raw <= f * mag) return f * mag;
    return 10 * mag;
}

std::vector<Panel> panels(const SweepResult& result, const std::vector<std::string>& metrics) {
    std::vector<Panel> out;
    const auto rows = sweep_summary(result, metrics);
    for (std::size_t m = 0; m < metrics.size(); ++m) {
        Panel p;
        p.label = sweep_metric_label(metrics[m]);
        double lo = INFINITY, hi = -INFINITY;
        for (const auto& [pb, stats] : rows) {
            if (!stats[m].n) continue;
            p.points.push_back({pb, stats[m].mean, stats[m].sd});
            lo = std::min(lo, stats[m].mean - stats[m].sd);
            hi = std::max(hi, stats[m].mean + stats[m].sd);
        }
        std::sort(p.points.begin(), p.points.end());
        if (p.points.empty()) continue;
        if (hi - lo < 1e-3) {
            lo -= 0.05;
            hi += 0.05;
        }
        p.ystep = nice_step(hi - lo);
        p.ymin = std::floor(lo / p.ystep) * p.ystep;
        p.ymax = std::ceil(hi / p.ystep) * p.ystep;
        p.xmin = std::min(0.0, p.points.front()[0]);
        p.xmax = std::max(1.0, p.points.back()[0]);
        out.push_back(std::move(p));
    }
    return out;
}

double px(const Panel& p, int ox, double x) {
    return ox + kLeft + (x - p.xmin) / (p.xmax - p.xmin) * (kPanelW - kLeft - kRight);
}
double py(const Panel& p, double y) {
    return kTitleH + kTop + (p.ymax - y) / (p.ymax - p.ymin) * (kPanelH - kTop - kBottom);
}

std::string fmt(double v, int decimals) {
    char b[32];
    std::snprintf(b, sizeof b, "%.*f", decimals, v);
    return b;
}
int decimals_for(double step) { return step >= 1 ? 0 : std::min(4, static_cast<int>(std::ceil(-std::log10(step)))); }

std::string xml_escape(const std::string& s) {
    std::string o;
    for (char c : s)
        o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return o;
}

// ---- raster -----------------------------------------------------------------------------

struct Image {
    int w, h;
    std::vector<std::uint8_t> rgb;
    Image(int w_, int h_) : w(w_), h(h_), rgb(static_cast<std::size_t>(w_) * h_ * 3, 255) {}
    void set(int x, int y, std::uint32_t c) {
        if (x < 0 || y < 0 || x >= w || y >= h) return;
        auto* p = &rgb[(static_cast<std::size_t>(y) * w + x) * 3];
        p[0] = static_cast<std::uint8_t>(c >> 16);
        p[1] = static_cast<std::uint8_t>(c >> 8);
        p[2] = static_cast<std::uint8_t>(c);
    }
    void dot(double cx, double cy, double r, std::uint32_t c) {
        for (int y = static_cast<int>(cy - r - 1); y <= static_cast<int>(cy + r + 1); ++y)
            for (int x = static_cast<int>(cx - r - 1); x <= static_cast<int>(cx + r + 1); ++x)
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) set(x, y, c);
    }
    void line(double x0, double y0, double x1, double y1, double width, std::uint32_t c) {
        const double len = std::hypot(x1 - x0, y1 - y0);
        const int steps = std::max(1, static_cast<int>(len * 2));
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            dot(x0 + t * (x1 - x0), y0 + t * (y1 - y0), width / 2, c);
        }
    }
    void hline(int x0, int x1, int y, std::uint32_t c) {
        for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x)
            set(x, y, c);
    }
    void vline(int x, int y0, int y1, std::uint32_t c) {
        for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y)
            set(x, y, c);
    }
};

/// 5×7 glyphs, rows top to bottom, '#' = ink. Lower-case letters use the capitals.
const char* glyph(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case '0': return " ### #   ##  ### # ###  ##   # ### ";
    case '1': return "  #   ##    #    #    #    #   ### ";
    case '2': return " ### #   #    #   #   #   #   #####";
    case '3': return "#####   #   #     #     ##   # ### ";
    case '4': return "   #   ##  # # #  # #####   #    # ";
    case '5': return "######    ####     #    ##   # ### ";
    case '6': return "  ##  #   #    #### #   ##   # ### ";
    case '7': return "#####    #   #   #   #    #    #   ";
    case '8': return " ### #   ##   # ### #   ##   # ### ";
    case '9': return " ### #   ##   # ####    #   #  ##  ";
    case 'A': return " ### #   ##   #######   ##   ##   #";
    case 'B': return "#### #   ##   ##### #   ##   ##### ";
    case 'C': return " ### #   ##    #    #    #   # ### ";
    case 'D': return "#### #   ##   ##   ##   ##   ##### ";
    case 'E': return "######    #    #### #    #    #####";
    case 'F': return "######    #    #### #    #    #    ";
    case 'G': return " ### #   ##    # ####   ##   # ####";
    case 'H': return "#   ##   ##   #######   ##   ##   #";
    case 'I': return " ###   #    #    #    #    #   ### ";
    case 'J': return "  ###   #    #    #    # #  #  ##  ";
    case 'K': return "#   ##  # # #  ##   # #  #  # #   #";
    case 'L': return "#    #    #    #    #    #    #####";
    case 'M': return "#   ### ### # ##   ##   ##   ##   #";
    case 'N': return "#   ##   ###  ## # ##  ###   ##   #";
    case 'O': return " ### #   ##   ##   ##   ##   # ### ";
    case 'P': return "#### #   ##   ##### #    #    #    ";
    case 'Q': return " ### #   ##   ##   ## # ##  #  ## #";
    case 'R': return "#### #   ##   ##### # #  #  # #   #";
    case 'S': return " ### #   ##     ###     ##   # ### ";
    case 'T': return "#####  #    #    #    #    #    #  ";
    case 'U': return "#   ##   ##   ##   ##   ##   # ### ";
    case 'V': return "#   ##   ##   ##   ##   # # #   #  ";
    case 'W': return "#   ##   ##   ## # ## # ## # # # # ";
    case 'X': return "#   ##   # # #   #   # # #   ##   #";
    case 'Y': return "#   ##   # # #   #    #    #    #  ";
    case 'Z': return "#####    #   #   #   #   #    #####";
    case '.': return "                          ##   ##  ";
    case ',': return "                     ##   ##  #    ";
    case '-': return "               #####               ";
    case '+': return "       #    #  #####  #    #       ";
    case '=': return "          #####     #####          ";
    case '/': return "    #    #   #   #   #   #    #    ";
    case '(': return "   #   #   #    #    #     #     # ";
    case ')': return " #     #     #    #    #   #   #   ";
    case '_': return "                              #####";
    case '@': return " ### #   ## ### # ## ### #     ### ";
    case ':': return "      ##   ##        ##   ##       ";
    case '%': return "##   ##  #   #   #   #   #  ##   ##";
    case '|': return "  #    #    #    #    #    #    #  ";
    default: return nullptr;
    }
}

void text(Image& img, double x, double y, const std::string& s, int scale, std::uint32_t c, int align = 0) {
    const int adv = 6 * scale;
    int count = 0;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++count; // UTF-8: one cell per code point
    double x0 = x - (align == 0 ? 0 : align == 1 ? count * adv / 2.0 : count * adv);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char u = static_cast<unsigned char>(s[i]);
        if ((u & 0xC0) == 0x80) continue;
        if (const char* g = u < 0x80 ? glyph(s[i]) : nullptr; g) {
            const std::size_t len = std::char_traits<char>::length(g);
            for (int r = 0; r < 7; ++r)
                for (int col = 0; col < 5; ++col) {
                    const std::size_t k = static_cast<std::size_t>(r * 5 + col);
                    if (k < len && g[k] == '#')
                        for (int dy = 0; dy < scale; ++dy)
                            for (int dx = 0; dx < scale; ++dx)
                                img.set(static_cast<int>(x0) + col * scale + dx,
                                        static_cast<int>(y - 7 * scale) + r * scale + dy, c);
                }
        }
        x0 += adv;
    }
}

void put_u32(std::string& s, std::uint32_t v) {
    for (int i = 3; i >= 0; --i)
        s += static_cast<char>((v >> (8 * i)) & 0xFF);
}

void chunk(std::string& png, const char* type, const std::string& data) {
    put_u32(png, static_cast<std::uint32_t>(data.size()));
    const std::string body = std::string(type, 4) + data;
    png += body;
    put_u32(png, static_cast<std::uint32_t>(
                     crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

constexpr std::uint32_t kInk = 0x303030, kGrid = 0xe4e4e4, kLine = 0x4e79a7, kBar = 0x9cb8d6;

} // namespace

std::string sweep_chart_svg(const SweepResult& result, const std::vector<std::string>& metrics,
                            const std::string& title) {
    const auto ps = panels(result, metrics);
    const int W = std::max<int>(1, static_cast<int>(ps.size())) * kPanelW, H = kTitleH + kPanelH;
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(W) + "\" height=\"" +
                    std::to_string(H) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    s += "<text x=\"" + std::to_string(W / 2) + "\" y=\"26\" text-anchor=\"middle\" font-size=\"16\">" +
         xml_escape(title) + "</text>\n";
    for (std::size_t k = 0; k < ps.size(); ++k) {
        const Panel& p = ps[k];
        const int ox = static_cast<int>(k) * kPanelW;
        const int dec = decimals_for(p.ystep);
        for (double y = p.ymin; y <= p.ymax + p.ystep / 2; y += p.ystep) {
            s += "<line x1=\"" + fmt(px(p, ox, p.xmin), 1) + "\" x2=\"" + fmt(px(p, ox, p.xmax), 1) + "\" y1=\"" +
                 fmt(py(p, y), 1) + "\" y2=\"" + fmt(py(p, y), 1) + "\" stroke=\"#e4e4e4\"/>\n";
            s += "<text x=\"" + fmt(px(p, ox, p.xmin) - 6, 1) + "\" y=\"" + fmt(py(p, y) + 4, 1) +
                 "\" text-anchor=\"end\">" + fmt(y, dec) + "</text>\n";
        }
        for (double x = p.xmin; x <= p.xmax + 1e-9; x += 0.25)
            s += "<text x=\"" + fmt(px(p, ox, x), 1) + "\" y=\"" + fmt(py(p, p.ymin) + 18, 1) +
                 "\" text-anchor=\"middle\">" + fmt(x, 2) + "</text>\n";
        s += "<text x=\"" + fmt(px(p, ox, (p.xmin + p.xmax) / 2), 1) + "\" y=\"" + std::to_string(H - 10) +
             "\" text-anchor=\"middle\">p⊥ (share of contradiction negatives)</text>\n";
        s += "<text x=\"" + fmt(px(p, ox, (p.xmin + p.xmax) / 2), 1) + "\" y=\"" + std::to_string(kTitleH + 20) +
             "\" text-anchor=\"middle\" font-weight=\"bold\">" + xml_escape(p.label) + " (mean ± sd)</text>\n";
        std::string path;
        for (const auto& [x, m, sd] : p.points) {
            s += "<line x1=\"" + fmt(px(p, ox, x), 1) + "\" x2=\"" + fmt(px(p, ox, x), 1) + "\" y1=\"" +
                 fmt(py(p, m - sd), 1) + "\" y2=\"" + fmt(py(p, m + sd), 1) + "\" stroke=\"#9cb8d6\" stroke-width=\"2\"/>\n";
            path += (path.empty() ? "M" : " L") + fmt(px(p, ox, x), 1) + " " + fmt(py(p, m), 1);
        }
        s += "<path d=\"" + path + "\" fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"2\"/>\n";
        for (const auto& [x, m, sd] : p.points)
            s += "<circle cx=\"" + fmt(px(p, ox, x), 1) + "\" cy=\"" + fmt(py(p, m), 1) +
                 "\" r=\"3.5\" fill=\"#4e79a7\"/>\n";
        s += "<rect x=\"" + fmt(px(p, ox, p.xmin), 1) + "\" y=\"" + fmt(py(p, p.ymax), 1) + "\" width=\"" +
             fmt(px(p, ox, p.xmax) - px(p, ox, p.xmin), 1) + "\" height=\"" + fmt(py(p, p.ymin) - py(p, p.ymax), 1) +
             "\" fill=\"none\" stroke=\"#303030\"/>\n";
    }
    s += "</svg>\n";
    return s;
}

void write_sweep_chart_png(const std::string& path, const SweepResult& result,
                           const std::vector<std::string>& metrics, const std::string& title) {
    const auto ps = panels(result, metrics);
    Image img(std::max<int>(1, static_cast<int>(ps.size())) * kPanelW, kTitleH + kPanelH);
    text(img, img.w / 2.0, 28, title, 2, kInk, 1);
    for (std::size_t k = 0; k < ps.size(); ++k) {
        const Panel& p = ps[k];
        const int ox = static_cast<int>(k) * kPanelW;
        const int dec = decimals_for(p.ystep);
        const int x0 = static_cast<int>(px(p, ox, p.xmin)), x1 = static_cast<int>(px(p, ox, p.xmax));
        const int y0 = static_cast<int>(py(p, p.ymax)), y1 = static_cast<int>(py(p, p.ymin));
        for (double y = p.ymin; y <= p.ymax + p.ystep / 2; y += p.ystep) {
            img.hline(x0, x1, static_cast<int>(py(p, y)), kGrid);
            text(img, x0 - 6, py(p, y) + 4, fmt(y, dec), 1, kInk, 2);
        }
        for (double x = p.xmin; x <= p.xmax + 1e-9; x += 0.25) {
            img.vline(static_cast<int>(px(p, ox, x)), y1, y1 + 4, kInk);
            text(img, px(p, ox, x), y1 + 16, fmt(x, 2), 1, kInk, 1);
        }
        text(img, (x0 + x1) / 2.0, img.h - 10, "p-bot (share of contradiction negatives)", 1, kInk, 1);
        text(img, (x0 + x1) / 2.0, kTitleH + 22, p.label + " (mean +- sd)", 2, kInk, 1);
        for (const auto& [x, m, sd] : p.points)
            img.line(px(p, ox, x), py(p, m - sd), px(p, ox, x), py(p, m + sd), 2, kBar);
        for (std::size_t i = 1; i < p.points.size(); ++i)
            img.line(px(p, ox, p.points[i - 1][0]), py(p, p.points[i - 1][1]), px(p, ox, p.points[i][0]),
                     py(p, p.points[i][1]), 2, kLine);
        for (const auto& [x, m, sd] : p.points)
            img.dot(px(p, ox, x), py(p, m), 3.5, kLine);
        img.hline(x0, x1, y0, kInk);
        img.hline(x0, x1, y1, kInk);
        img.vline(x0, y0, y1, kInk);
        img.vline(x1, y0, y1, kInk);
    }
    // PNG: 8-bit RGB, filter 0 on every row, one zlib stream.
    std::string raw;
    raw.reserve(static_cast<std::size_t>(img.h) * (img.w * 3 + 1));
    for (int y = 0; y < img.h; ++y) {
        raw += '\0';
        raw.append(reinterpret_cast<const char*>(&img.rgb[static_cast<std::size_t>(y) * img.w * 3]),
                   static_cast<std::size_t>(img.w) * 3);
    }
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::string z(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(z.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                  static_cast<uLong>(raw.size()), 9) != Z_OK)
        throw InputError(path, "cannot compress the chart");
    z.resize(size);
    std::string png("\x89PNG\r\n\x1a\n", 8), ihdr;
    put_u32(ihdr, static_cast<std::uint32_t>(img.w));
    put_u32(ihdr, static_cast<std::uint32_t>(img.h));
    ihdr += std::string("\x08\x02\x00\x00\x00", 5);
    chunk(png, "IHDR", ihdr);
    chunk(png, "IDAT", z);
    chunk(png, "IEND", "");
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "cannot open for writing");
    out.write(png.data(), static_cast<std::streamsize>(png.size()));
    out.close();
    if (!out) throw InputError(path, "cannot write");
}

} // namespace kbcx::embed
