// The RGB canvas, its drawing primitives, and PNG encoding and decoding with zlib; see
// image.hpp.
#include "plot/image.hpp"

#include "common/error.hpp"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace kbcx::plot {

Image::Image(int width, int height, Rgb fill) : width_(std::max(0, width)), height_(std::max(0, height)) {
    pixels_.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 3);
    for (std::size_t i = 0; i < pixels_.size(); i += 3) {
        pixels_[i] = fill.r;
        pixels_[i + 1] = fill.g;
        pixels_[i + 2] = fill.b;
    }
}

void Image::set(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
    const std::size_t i =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)) * 3;
    pixels_[i] = c.r;
    pixels_[i + 1] = c.g;
    pixels_[i + 2] = c.b;
}

void Image::blend(int x, int y, Rgb c, double alpha) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
    alpha = std::clamp(alpha, 0.0, 1.0);
    const Rgb o = get(x, y);
    auto mix = [alpha](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(a * (1 - alpha) + b * alpha));
    };
    set(x, y, {mix(o.r, c.r), mix(o.g, c.g), mix(o.b, c.b)});
}

Rgb Image::get(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return {};
    const std::size_t i =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)) * 3;
    return {pixels_[i], pixels_[i + 1], pixels_[i + 2]};
}

namespace {

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    out.push_back(static_cast<std::uint8_t>(v >> 24));
    out.push_back(static_cast<std::uint8_t>(v >> 16));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
    out.push_back(static_cast<std::uint8_t>(v));
}

std::uint32_t get_u32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

/// Appends a chunk: length, type, data, CRC-32 of type + data.
void put_chunk(std::vector<std::uint8_t>& out, const char type[4], const std::vector<std::uint8_t>& data) {
    put_u32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t type_at = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, out.data() + type_at, static_cast<uInt>(4 + data.size()));
    put_u32(out, static_cast<std::uint32_t>(crc));
}

constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

} // namespace

void fill_rect(Image& img, int x0, int y0, int x1, int y1, Rgb c) {
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            img.set(x, y, c);
}

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

void fill_disc(Image& img, double cx, double cy, double r, Rgb c) {
    for (int y = static_cast<int>(cy - r - 1); y <= static_cast<int>(cy + r + 1); ++y)
        for (int x = static_cast<int>(cx - r - 1); x <= static_cast<int>(cx + r + 1); ++x)
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) img.set(x, y, c);
}

std::vector<std::uint8_t> encode_png(const Image& image) {
    std::vector<std::uint8_t> out(kSignature, kSignature + 8);
    std::vector<std::uint8_t> ihdr;
    put_u32(ihdr, static_cast<std::uint32_t>(image.width()));
    put_u32(ihdr, static_cast<std::uint32_t>(image.height()));
    ihdr.push_back(8); // bit depth
    ihdr.push_back(2); // colour type: RGB
    ihdr.push_back(0); // compression: deflate
    ihdr.push_back(0); // filter method 0
    ihdr.push_back(0); // no interlace
    put_chunk(out, "IHDR", ihdr);

    const std::size_t row = static_cast<std::size_t>(image.width()) * 3;
    std::vector<std::uint8_t> raw;
    raw.reserve((row + 1) * static_cast<std::size_t>(image.height()));
    for (int y = 0; y < image.height(); ++y) {
        raw.push_back(0); // filter type None
        const auto* p = image.pixels().data() + static_cast<std::size_t>(y) * row;
        raw.insert(raw.end(), p, p + row);
    }
    uLongf bound = compressBound(static_cast<uLong>(raw.size()));
    std::vector<std::uint8_t> z(bound);
    if (compress2(z.data(), &bound, raw.data(), static_cast<uLong>(raw.size()), 6) != Z_OK)
        throw std::runtime_error("zlib compress2 failed");
    z.resize(bound);
    put_chunk(out, "IDAT", z);
    put_chunk(out, "IEND", {});
    return out;
}

void write_png(const std::string& path, const Image& image) {
    const std::vector<std::uint8_t> bytes = encode_png(image);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) throw InputError(path, "cannot open for writing");
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        if (!f) throw InputError(path, "cannot write");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw InputError(path, "cannot rename the temporary file: " + ec.message());
}

bool decode_png(const std::vector<std::uint8_t>& bytes, Image& out, std::string* why) {
    auto fail = [why](const std::string& w) {
        if (why) *why = w;
        return false;
    };
    if (bytes.size() < 8 || std::memcmp(bytes.data(), kSignature, 8) != 0) return fail("no PNG signature");
    std::size_t at = 8;
    int width = -1, height = -1;
    std::vector<std::uint8_t> idat;
    bool ended = false;
    while (at + 12 <= bytes.size()) {
        const std::uint32_t len = get_u32(bytes.data() + at);
        if (at + 12 + std::size_t{len} > bytes.size()) return fail("chunk runs past the end");
        const std::uint8_t* type = bytes.data() + at + 4;
        const std::uint8_t* data = type + 4;
        uLong crc = crc32(0L, Z_NULL, 0);
        crc = crc32(crc, type, 4 + len);
        if (static_cast<std::uint32_t>(crc) != get_u32(data + len)) return fail("CRC mismatch");
        const std::string t(reinterpret_cast<const char*>(type), 4);
        if (t == "IHDR") {
            if (len != 13) return fail("IHDR length");
            width = static_cast<int>(get_u32(data));
            height = static_cast<int>(get_u32(data + 4));
            if (data[8] != 8 || data[9] != 2 || data[10] != 0 || data[11] != 0 || data[12] != 0)
                return fail("only 8-bit RGB, deflate, filter method 0, no interlace");
        } else if (t == "IDAT") {
            idat.insert(idat.end(), data, data + len);
        } else if (t == "IEND") {
            ended = true;
            break;
        }
        at += 12 + len;
    }
    if (width < 0) return fail("no IHDR");
    if (!ended) return fail("no IEND");
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    std::vector<std::uint8_t> raw((row + 1) * static_cast<std::size_t>(height));
    uLongf raw_len = static_cast<uLongf>(raw.size());
    if (uncompress(raw.data(), &raw_len, idat.data(), static_cast<uLong>(idat.size())) != Z_OK || raw_len != raw.size())
        return fail("IDAT does not inflate to the image size");
    Image img(width, height);
    std::vector<std::uint8_t> prev(row, 0), cur(row);
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* src = raw.data() + static_cast<std::size_t>(y) * (row + 1);
        const std::uint8_t filter = src[0];
        for (std::size_t i = 0; i < row; ++i) {
            const int a = i >= 3 ? cur[i - 3] : 0, b = prev[i], c = i >= 3 ? prev[i - 3] : 0;
            int pred = 0;
            switch (filter) {
            case 0: pred = 0; break;
            case 1: pred = a; break;
            case 2: pred = b; break;
            case 3: pred = (a + b) / 2; break;
            case 4: {
                const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
                pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
                break;
            }
            default: return fail("unknown filter type");
            }
            cur[i] = static_cast<std::uint8_t>(src[1 + i] + pred);
        }
        for (int x = 0; x < width; ++x)
            img.set(x, y,
                    {cur[static_cast<std::size_t>(x) * 3], cur[static_cast<std::size_t>(x) * 3 + 1],
                     cur[static_cast<std::size_t>(x) * 3 + 2]});
        std::swap(prev, cur);
    }
    out = std::move(img);
    return true;
}

} // namespace kbcx::plot
