// UTF-8 validation (overlongs, surrogates and code points above U+10FFFF are invalid) with
// an eight-bytes-at-a-time ASCII fast path, since most KG files are pure ASCII.
#include "kg/text_scan.hpp"

#include <cstdint>
#include <cstring>

#include "common/error.hpp"

namespace kbcx::kg {

std::size_t find_invalid_utf8(std::string_view text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        if (i + 8 <= n) {
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            if ((w & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len;
        std::uint32_t cp;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else {
            return i;
        }
        if (i + len > n) return i;
        for (std::size_t k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        const bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
        i += len;
    }
    return std::string_view::npos;
}

std::size_t column_of(std::string_view line, std::size_t offset) {
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < line.size(); ++i)
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
    return column;
}

void check_text(std::string_view text, const std::string& file) {
    const std::size_t nul = text.find('\0');
    const std::size_t bad = find_invalid_utf8(text.substr(0, nul));
    const std::size_t at = bad != std::string_view::npos ? bad : nul;
    if (at == std::string_view::npos) return;
    const std::size_t line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t begin = line_start == std::string_view::npos || at == 0 ? 0 : line_start + 1;
    std::size_t line = 1;
    for (std::size_t i = 0; i < begin; ++i)
        if (text[i] == '\n') ++line;
    const std::size_t column = column_of(text.substr(begin), at - begin);
    if (bad != std::string_view::npos) throw InputError(file, line, column, "invalid UTF-8");
    throw InputError(file, line, column, "NUL byte: this looks like a binary file, not text");
}

} // namespace kbcx::kg
