// Errors on bad input: every reader throws InputError with the file, line and column it
// stopped at, so the CLI can print one line and the GUI can show it and keep its state.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace kbcx {

/// An error caused by the user's input (file content, path, option value).
/// line and column are 1-based; 0 means "not applicable" and is left out of the message.
class InputError : public std::runtime_error {
  public:
    InputError(std::string file, std::size_t line, std::size_t column, std::string message);
    InputError(std::string file, std::string message) : InputError(std::move(file), 0, 0, std::move(message)) {}

    const std::string& file() const noexcept { return file_; }
    std::size_t line() const noexcept { return line_; }
    std::size_t column() const noexcept { return column_; }
    /// The message without the "file:line:column: " location prefix.
    const std::string& message() const noexcept { return message_; }

  private:
    std::string file_;
    std::size_t line_;
    std::size_t column_;
    std::string message_;
};

/// Thrown by a job when its stop token was triggered; never shown as an error.
class Cancelled : public std::runtime_error {
  public:
    Cancelled() : std::runtime_error("cancelled") {}
};

} // namespace kbcx
