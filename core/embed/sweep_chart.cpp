// The sweep's chart, mean ± sd of each metric against p⊥, as SVG text and as a PNG drawn with
// plot/ (the reports' raster canvas, font and PNG writer) — the core links no Qt.
#include "embed/sweep.hpp"

#include "plot/image.hpp"
#include "plot/text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

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
int decimals_for(double step) {
    return step >= 1 ? 0 : std::min(4, static_cast<int>(std::ceil(-std::log10(step))));
}

std::string xml_escape(const std::string& s) {
    std::string o;
    for (char c : s)
        o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return o;
}

/// Text at (x, baseline y) in plot/text's font: align 0 left, 1 centred, 2 right.
void text(plot::Image& img, double x, double y, const std::string& s, int scale, plot::Rgb c, int align = 0) {
    const int w = plot::text_width(s, scale);
    const double left = x - (align == 0 ? 0 : align == 1 ? w / 2.0 : w);
    plot::draw_text(img, static_cast<int>(left), static_cast<int>(y) - 7 * scale, s, c, scale);
}

constexpr plot::Rgb kInk{0x30, 0x30, 0x30}, kGrid{0xe4, 0xe4, 0xe4}, kLine{0x4e, 0x79, 0xa7}, kBar{0x9c, 0xb8, 0xd6};

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
                 fmt(py(p, m - sd), 1) + "\" y2=\"" + fmt(py(p, m + sd), 1) +
                 "\" stroke=\"#9cb8d6\" stroke-width=\"2\"/>\n";
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

void write_sweep_chart_png(const std::string& path, const SweepResult& result, const std::vector<std::string>& metrics,
                           const std::string& title) {
    const auto ps = panels(result, metrics);
    plot::Image img(std::max<int>(1, static_cast<int>(ps.size())) * kPanelW, kTitleH + kPanelH);
    const plot::Rect all{0, 0, img.width() - 1, img.height() - 1};
    text(img, img.width() / 2.0, 28, title, 2, kInk, 1);
    for (std::size_t k = 0; k < ps.size(); ++k) {
        const Panel& p = ps[k];
        const int ox = static_cast<int>(k) * kPanelW;
        const int dec = decimals_for(p.ystep);
        const int x0 = static_cast<int>(px(p, ox, p.xmin)), x1 = static_cast<int>(px(p, ox, p.xmax));
        const int y0 = static_cast<int>(py(p, p.ymax)), y1 = static_cast<int>(py(p, p.ymin));
        for (double y = p.ymin; y <= p.ymax + p.ystep / 2; y += p.ystep) {
            plot::fill_rect(img, x0, static_cast<int>(py(p, y)), x1, static_cast<int>(py(p, y)), kGrid);
            text(img, x0 - 6, py(p, y) + 4, fmt(y, dec), 1, kInk, 2);
        }
        for (double x = p.xmin; x <= p.xmax + 1e-9; x += 0.25) {
            plot::fill_rect(img, static_cast<int>(px(p, ox, x)), y1, static_cast<int>(px(p, ox, x)), y1 + 4, kInk);
            text(img, px(p, ox, x), y1 + 16, fmt(x, 2), 1, kInk, 1);
        }
        text(img, (x0 + x1) / 2.0, img.height() - 10, "p-bot (share of contradiction negatives)", 1, kInk, 1);
        text(img, (x0 + x1) / 2.0, kTitleH + 22, p.label + " (mean +- sd)", 2, kInk, 1);
        for (const auto& [x, m, sd] : p.points)
            plot::draw_line(img, px(p, ox, x), py(p, m - sd), px(p, ox, x), py(p, m + sd), kBar, 2, all);
        for (std::size_t i = 1; i < p.points.size(); ++i)
            plot::draw_line(img, px(p, ox, p.points[i - 1][0]), py(p, p.points[i - 1][1]), px(p, ox, p.points[i][0]),
                            py(p, p.points[i][1]), kLine, 2, all);
        for (const auto& [x, m, sd] : p.points)
            plot::fill_disc(img, px(p, ox, x), py(p, m), 3.5, kLine);
        plot::fill_rect(img, x0, y0, x1, y0, kInk);
        plot::fill_rect(img, x0, y1, x1, y1, kInk);
        plot::fill_rect(img, x0, y0, x0, y1, kInk);
        plot::fill_rect(img, x1, y0, x1, y1, kInk);
    }
    plot::write_png(path, img);
}

} // namespace kbcx::embed
