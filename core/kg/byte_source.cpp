// File and memory byte sources. Files go through zlib's gzread, which passes plain files
// through unchanged, so every reader accepts .gz input without a separate code path.
#include "kg/byte_source.hpp"

#include "common/error.hpp"

#include <sys/stat.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

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
        if (code == Z_BUF_ERROR)
            throw InputError(name_, "truncated compressed data (unexpected end of the gzip stream)");
        if (code != Z_OK) throw InputError(name_, "read error: corrupt compressed data");
        return static_cast<std::size_t>(got);
    }
    std::uint64_t position() const override {
        if (!file_) return end_offset_;
        const auto offset = gzoffset(file_);
        return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
    }
    /// True when the data is gzip-compressed (zlib inflates it rather than passing it through).
    bool compressed() {
        if (!file_) return false;
        const int first = gzgetc(file_);
        if (first == -1) return false;
        gzungetc(first, file_);
        return gzdirect(file_) == 0;
    }

  private:
    gzFile file_ = nullptr;
    std::uint64_t end_offset_ = 0; ///< bytes of the file, reported once it is closed
};

/// Inflates a compressed file on a second thread, a few blocks ahead of the reader, so that
/// decompression and parsing overlap (go-basic's 30 MB inflate in about 0.1 s, as long as the
/// OBO reader takes to parse them). Bytes, errors and their order are exactly those of the
/// inner source: an error is thrown to the reader after every byte decoded before it.
class PrefetchSource final : public ByteSource {
  public:
    explicit PrefetchSource(std::unique_ptr<GzFileSource> inner) : inner_(std::move(inner)) {
        name_ = inner_->name();
        worker_ = std::thread([this] { produce(); });
    }
    ~PrefetchSource() override {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        space_.notify_all();
        worker_.join();
    }
    std::size_t read(char* dst, std::size_t n) override {
        std::size_t copied = 0;
        while (copied < n) {
            if (offset_ == current_.bytes.size()) {
                if (current_.last) break;
                if (copied > 0) break; // hand over what is here rather than wait for more
                next_block();
                continue;
            }
            const std::size_t k = std::min(n - copied, current_.bytes.size() - offset_);
            std::memcpy(dst + copied, current_.bytes.data() + offset_, k);
            offset_ += k;
            copied += k;
        }
        if (copied == 0 && current_.error) std::rethrow_exception(current_.error);
        return copied;
    }
    std::uint64_t position() const override { return current_.position; }

  private:
    struct Block {
        std::vector<char> bytes;
        std::uint64_t position = 0; ///< compressed bytes consumed once this block was decoded
        bool last = false;          ///< nothing follows (end of data or error)
        std::exception_ptr error;   ///< thrown once the bytes before it are read
    };
    static constexpr std::size_t kBlockBytes = 1u << 20;
    static constexpr std::size_t kBlocksAhead = 4;

    void next_block() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !queue_.empty(); });
        current_ = std::move(queue_.front());
        queue_.pop_front();
        offset_ = 0;
        lock.unlock();
        space_.notify_one();
    }
    void produce() {
        for (;;) {
            Block block;
            block.bytes.resize(kBlockBytes);
            std::size_t filled = 0;
            try {
                while (filled < kBlockBytes) {
                    const std::size_t got = inner_->read(block.bytes.data() + filled, kBlockBytes - filled);
                    if (got == 0) {
                        block.last = true;
                        break;
                    }
                    filled += got;
                }
            } catch (...) {
                block.error = std::current_exception();
                block.last = true;
            }
            block.bytes.resize(filled);
            block.position = inner_->position();
            const bool last = block.last;
            {
                std::unique_lock lock(mutex_);
                space_.wait(lock, [this] { return stop_ || queue_.size() < kBlocksAhead; });
                if (stop_) return;
                queue_.push_back(std::move(block));
            }
            ready_.notify_one();
            if (last) return;
        }
    }

    std::unique_ptr<GzFileSource> inner_; ///< used by the worker thread only, once started
    std::thread worker_;
    std::mutex mutex_;
    std::condition_variable ready_, space_;
    std::deque<Block> queue_;
    bool stop_ = false;
    Block current_;          ///< the block being read (reader thread only)
    std::size_t offset_ = 0; ///< next byte of current_
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

std::unique_ptr<ByteSource> open_file_source(const std::string& path) {
    auto source = std::make_unique<GzFileSource>(path);
    // A second thread pays off only when there is real inflating to overlap with parsing.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && st.st_size >= (1 << 20) && source->compressed())
        return std::make_unique<PrefetchSource>(std::move(source));
    return source;
}

std::string read_file_text(const std::string& path) {
    auto src = open_file_source(path);
    std::string text;
    char buf[1 << 16];
    while (const std::size_t n = src->read(buf, sizeof buf))
        text.append(buf, n);
    return text;
}

std::unique_ptr<ByteSource> open_memory_source(std::string name, std::string_view data) {
    return std::make_unique<MemorySource>(std::move(name), data);
}

std::string peek_file(const std::string& path, std::size_t n) {
    auto source = std::make_unique<GzFileSource>(path); // a few bytes: no read-ahead thread
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
