// Sequential byte input for the readers: a file read through zlib (transparently plain or
// gzip-compressed) or an in-memory buffer, with a position for progress reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kbcx::kg {

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    /// Reads up to n bytes; returns 0 at the end. Throws InputError on a read error.
    virtual std::size_t read(char* dst, std::size_t n) = 0;
    /// Bytes consumed of the underlying storage (compressed bytes for .gz).
    virtual std::uint64_t position() const = 0;
    const std::string& name() const { return name_; }

  protected:
    std::string name_;
};

/// Opens a file (plain or gzip) for reading. Throws InputError naming the file if it does
/// not exist, is a directory or cannot be opened.
std::unique_ptr<ByteSource> open_file_source(const std::string& path);
/// The whole (decompressed) content of a file, plain or gzip. Throws InputError as open_file_source.
std::string read_file_text(const std::string& path);
/// A source over a buffer that must outlive it.
std::unique_ptr<ByteSource> open_memory_source(std::string name, std::string_view data);
/// Up to n first bytes of the (decompressed) content, for format sniffing.
std::string peek_file(const std::string& path, std::size_t n);

} // namespace kbcx::kg
