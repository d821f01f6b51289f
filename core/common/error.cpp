// Formats InputError messages as "file:line:column: message", the form compilers use,
// which terminals and editors already know how to jump to.
#include "common/error.hpp"

namespace kbcx {
namespace {
std::string format_location(const std::string& file, std::size_t line, std::size_t column, const std::string& message) {
    std::string out = file.empty() ? std::string("<input>") : file;
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (column > 0) out += ':' + std::to_string(column);
    }
    out += ": ";
    out += message;
    return out;
}
} // namespace

InputError::InputError(std::string file, std::size_t line, std::size_t column, std::string message)
    : std::runtime_error(format_location(file, line, column, message)), file_(std::move(file)), line_(line),
      column_(column), message_(std::move(message)) {}

} // namespace kbcx
