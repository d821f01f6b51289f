// Small string helpers shared by core's parsers of names and lines: ASCII lower case, blanks
// trimmed, <IRI> brackets stripped. Readers that report columns use kg/text_scan.hpp.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace kbcx {

/// `s` with the ASCII letters in lower case (names of models, variants, formats compared
/// without regard to case).
inline std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// `s` without leading spaces and tabs and without trailing spaces, tabs and '\r' (a CRLF
/// line's end).
inline std::string_view trim_blanks(std::string_view s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    return s;
}

/// `s` without one pair of enclosing angle brackets ("<IRI>" -> "IRI"); otherwise `s`.
inline std::string_view unbracket(std::string_view s) {
    if (s.size() >= 2 && s.front() == '<' && s.back() == '>') return s.substr(1, s.size() - 2);
    return s;
}

} // namespace kbcx
