// File and memory byte sources. Files go through zlib's gzread, which passes plain files
// through unchanged, so every reader accepts .gz input without a separate code path.
#include "kg/byte_source.hpp"

#include "common/error.hpp"

#include <sys/stat.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

namespace kbcx::kg {

namespace {

class GzFileSource final : public ByteSource {
public:
    explicit GzFileSource(const std::string& path) {
        name_ = path;
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) throw InputError(path, std::string("cannot open: ") + std::strerror(errno));
        if (S_ISDIR(st.st_mode)) throw InputError(path, "is a directory, not a file");
        if (!S_ISREG(st.st_mode)) throw InputError(path, "not a regular file");
        file_ = gzopen(path.c_str(), "rb");
        if (!file_) throw InputError(path, std::string("cannot open: ") + std::strerror(errno ? errno : EIO));
        gzbuffer(file_, 256 * 1024);
        // zlib passes plain data through; a file named .gz must really be compressed.
        if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0 && st.st_size > 0) {
            const int first = gzgetc(file_);
            if (first != -1) gzungetc(first, file_);
            if (gzdirect(file_)) {
                gzclose(file_); // the destructor does not run when the constructor throws
                file_ = nullptr;
                throw InputError(path, "named .gz but not gzip-compressed");
            }
        }
    }
    ~GzFileSource() override {
        if (file_) gzclose(file_);
    }
    std::size_t read(char* dst, std::size_t n) override {
        if (!file_) return 0; // closed at the end of the data
        if (n > (1u << 30)) n = 1u << 30;
        const int got = gzread(file_, dst, static_cast<unsigned>(n));
        if (got < 0) {
            int code = 0;
            const char* msg = gzerror(file_, &code);
            throw InputError(name_, std::string("read error: ") + (msg ? msg : "unknown"));
        }
        if (got == 0) {
            // At the end, closing tells whether the last gzip member was complete.
            const auto offset = gzoffset(file_);
            end_offset_ = offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
            const int closed = gzclose_r(file_);
            file_ = nullptr;
            if (closed == Z_BUF_ERROR)
                throw InputError(name_, "truncated compressed data (unexpected end of the gzip stream)");
            if (closed != Z_OK) throw InputError(name_, "read error: corrupt compressed data");
            return 0;
        }
        // zlib reports a cut-off stream as a soft Z_BUF_ERROR next to the bytes it could decode.
        int code = Z_OK;
        gzerror(file_, &code);
        if (code == Z_BUF_ERROR) throw InputError(name_, "truncated compressed data (unexpected end of the gzip stream)");
        if (code != Z_OK) throw InputError(name_, "read error: corrupt compressed data");
        return static_cast<std::size_t>(got);
    }
    std::uint64_t position() const override {
        if (!file_) return end_offset_;
        const auto offset = gzoffset(file_);
        return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
    }

private:
    gzFile file_ = nullptr;
    std::uint64_t end_offset_ = 0; ///< bytes of the file, reported once it is closed
};

class MemorySource final : public ByteSource {
public:
    MemorySource(std::string name, std::string_view data) : data_(data) { name_ = std::move(name); }
    std::size_t read(char* dst, std::size_t n) override {
        const std::size_t k = std::min(n, data_.size() - pos_);
        std::memcpy(dst, data_.data() + pos_, k);
        pos_ += k;
        return k;
    }
    std::uint64_t position() const override { return pos_; }

private:
    std::string_view data_;
    std::size_t pos_ = 0;
};

} // namespace

std::unique_ptr<ByteSource> open_file_source(const std::string& path) { return std::make_unique<GzFileSource>(path); }

std::unique_ptr<ByteSource> open_memory_source(std::string name, std::string_view data) {
    return std::make_unique<MemorySource>(std::move(name), data);
}

std::string peek_file(const std::string& path, std::size_t n) {
    auto source = open_file_source(path);
    std::string head(n, '\0');
    std::size_t got = 0;
    while (got < n) {
        const std::size_t k = source->read(head.data() + got, n - got);
        if (k == 0) break;
        got += k;
    }
    head.resize(got);
    return head;
}

} // namespace kbcx::kg
