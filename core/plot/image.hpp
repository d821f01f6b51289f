// A small RGB raster canvas (pixels, rectangles, lines, discs) and its PNG encoder and decoder
// (zlib deflate, CRC-32 per chunk): what the reports' and the sweeps' charts are drawn into.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kbcx::plot {

/// An sRGB colour.
struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// A width × height RGB image, row-major, 3 bytes per pixel, origin at the top left.
class Image {
  public:
    Image() = default;
    Image(int width, int height, Rgb fill = {255, 255, 255});
    int width() const noexcept { return width_; }
    int height() const noexcept { return height_; }
    /// Sets a pixel; coordinates outside the image are ignored (drawing is clipped).
    void set(int x, int y, Rgb c);
    /// Blends `c` over the pixel with opacity alpha ∈ [0, 1].
    void blend(int x, int y, Rgb c, double alpha);
    Rgb get(int x, int y) const;
    const std::vector<std::uint8_t>& pixels() const noexcept { return pixels_; }

  private:
    int width_ = 0, height_ = 0;
    std::vector<std::uint8_t> pixels_;
};

/// A pixel rectangle, right and bottom inclusive.
struct Rect {
    int left = 0, top = 0, right = -1, bottom = -1;
    bool contains(int x, int y) const { return x >= left && x <= right && y >= top && y <= bottom; }
};

/// Fills the rectangle [x0, x1] × [y0, y1] (inclusive, clipped to the image).
void fill_rect(Image& img, int x0, int y0, int x1, int y1, Rgb c);
/// A line of the given width (a square brush along Bresenham's path), clipped to `clip`.
void draw_line(Image& img, double x0, double y0, double x1, double y1, Rgb c, int width, const Rect& clip);
/// A filled disc of radius r centred at (cx, cy).
void fill_disc(Image& img, double cx, double cy, double r, Rgb c);

/// The PNG file of an image: signature, IHDR (8-bit RGB, no interlace), one IDAT holding the
/// zlib stream of the filtered scanlines (filter type 0 on every row), IEND.
std::vector<std::uint8_t> encode_png(const Image& image);
/// Writes encode_png(image) to `path` (temporary file + rename); throws InputError if it cannot.
void write_png(const std::string& path, const Image& image);

/// What decode_png understands: exactly the files encode_png writes (8-bit RGB, filter 0..4,
/// no interlace). Returns false with `why` set on anything else or on a CRC mismatch. Used by
/// the tests and by readers of a report folder to check a chart.
bool decode_png(const std::vector<std::uint8_t>& bytes, Image& out, std::string* why = nullptr);

} // namespace kbcx::plot
