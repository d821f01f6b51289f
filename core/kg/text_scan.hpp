// Small text utilities shared by the line-based readers: UTF-8 validation and turning a
// byte offset in a line into the 1-based character column users see in error messages.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kbcx::kg {

/// Byte offset of the first invalid UTF-8 sequence in `text`, or npos if it is valid.
std::size_t find_invalid_utf8(std::string_view text);
/// 1-based column (in code points) of byte offset `offset` within `line`.
std::size_t column_of(std::string_view line, std::size_t offset);

/// Checks a whole text file held in memory: throws kbcx::InputError naming `file`, line and
/// column at the first NUL byte (a binary file) or invalid UTF-8 sequence.
void check_text(std::string_view text, const std::string& file);

} // namespace kbcx::kg
