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
    }
    ~GzFileSource() override {
        if (file_) gzclose(file_);
    }
    std::size_t read(char* dst, std::size_t n) override {
        if (n > (1u << 30)) n = 1u << 30;
        const int got = gzread(file_, dst, static_cast<unsigned>(n));
        if (got < 0) {
            int code = 0;
            const char* msg = gzerror(file_, &code);
            throw InputError(name_, std::string("read error: ") + (msg ? msg : "unknown"));
        }
        if (got == 0) {
            int code = 0;
            gzerror(file_, &code);
            if (code != Z_OK && code != Z_BUF_ERROR) throw InputError(name_, "read error: corrupt compressed data");
        }
        return static_cast<std::size_t>(got);
    }
    std::uint64_t position() const override {
        const auto offset = gzoffset(file_);
        return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
    }

private:
    gzFile file_ = nullptr;
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
