// Binary checkpoint reader/writer with a checksum over the whole payload.
#include "embed/checkpoint.hpp"

#include "common/error.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kbcx::embed {

namespace {
constexpr char kMagic[8] = {'K', 'B', 'C', 'X', 'C', 'K', 'P', 'T'};

std::uint64_t fnv1a(const char* data, std::size_t n) {
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 1099511628211ull;
    }
    return h;
}

struct Writer {
    std::string buf;
    template <class T> void pod(T v) {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        buf.append(b, sizeof(T));
    }
    void str(const std::string& s) {
        pod(static_cast<std::uint32_t>(s.size()));
        buf += s;
    }
};

struct Reader {
    const std::string& buf;
    std::size_t pos;
    const std::string& path;
    [[noreturn]] void damaged() const { throw InputError(path, "checkpoint is damaged (truncated or malformed)"); }
    template <class T> T pod() {
        if (buf.size() - pos < sizeof(T)) damaged();
        T v;
        std::memcpy(&v, buf.data() + pos, sizeof(T));
        pos += sizeof(T);
        return v;
    }
    std::string str() {
        const auto n = pod<std::uint32_t>();
        if (buf.size() - pos < n) damaged();
        std::string s = buf.substr(pos, n);
        pos += n;
        return s;
    }
};
} // namespace

const std::string& Checkpoint::get(const std::string& key) const {
    static const std::string empty;
    auto it = meta.find(key);
    return it == meta.end() ? empty : it->second;
}

const Matrix* Checkpoint::table(const std::string& name) const {
    for (const auto& t : tables)
        if (t.name == name) return &t.values;
    return nullptr;
}

void write_checkpoint(const std::string& path, const Checkpoint& ckpt) {
    Writer w;
    w.buf.append(kMagic, 8);
    w.pod(kCheckpointVersion);
    w.pod(static_cast<std::uint32_t>(ckpt.meta.size()));
    for (const auto& [k, v] : ckpt.meta) {
        w.str(k);
        w.str(v);
    }
    w.pod(static_cast<std::uint32_t>(ckpt.lists.size()));
    for (const auto& [k, v] : ckpt.lists) {
        w.str(k);
        w.pod(static_cast<std::uint32_t>(v.size()));
        for (const auto& s : v)
            w.str(s);
    }
    w.pod(static_cast<std::uint32_t>(ckpt.tables.size()));
    for (const auto& t : ckpt.tables) {
        w.str(t.name);
        w.pod(static_cast<std::uint64_t>(t.values.rows()));
        w.pod(static_cast<std::uint64_t>(t.values.cols()));
        w.buf.append(reinterpret_cast<const char*>(t.values.data()),
                     static_cast<std::size_t>(t.values.size()) * sizeof(float));
    }
    w.pod(fnv1a(w.buf.data(), w.buf.size()));

    const std::string tmp = path + ".tmp";
    {
        std::FILE* f = std::fopen(tmp.c_str(), "wb");
        if (!f) throw InputError(tmp, "cannot write checkpoint");
        const bool ok = std::fwrite(w.buf.data(), 1, w.buf.size(), f) == w.buf.size() && std::fflush(f) == 0;
        std::fclose(f);
        if (!ok) throw InputError(tmp, "cannot write checkpoint (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw InputError(path, "cannot rename checkpoint into place: " + ec.message());
}

Checkpoint read_checkpoint(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open checkpoint");
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string buf = ss.str();
    if (buf.size() < 12 || std::memcmp(buf.data(), kMagic, 8) != 0)
        throw InputError(path, "not a kbcx checkpoint (bad magic bytes)");
    std::uint32_t version;
    std::memcpy(&version, buf.data() + 8, 4);
    if (version != kCheckpointVersion)
        throw InputError(path, "checkpoint format version " + std::to_string(version) + ", this build reads version " +
                                   std::to_string(kCheckpointVersion));
    if (buf.size() < 20) throw InputError(path, "checkpoint is damaged (truncated)");
    std::uint64_t stored;
    std::memcpy(&stored, buf.data() + buf.size() - 8, 8);
    if (stored != fnv1a(buf.data(), buf.size() - 8))
        throw InputError(path, "checkpoint is damaged (checksum mismatch)");

    const std::string body = buf.substr(0, buf.size() - 8);
    Reader r{body, 12, path};
    Checkpoint c;
    for (auto n = r.pod<std::uint32_t>(); n > 0; --n) {
        std::string k = r.str();
        c.meta[k] = r.str();
    }
    for (auto n = r.pod<std::uint32_t>(); n > 0; --n) {
        std::string k = r.str();
        auto& list = c.lists[k];
        const auto m = r.pod<std::uint32_t>();
        if (m > body.size()) r.damaged();
        list.reserve(m);
        for (std::uint32_t i = 0; i < m; ++i)
            list.push_back(r.str());
    }
    for (auto n = r.pod<std::uint32_t>(); n > 0; --n) {
        ParamTable t;
        t.name = r.str();
        const auto rows = r.pod<std::uint64_t>(), cols = r.pod<std::uint64_t>();
        // Both dimensions must fit an Eigen::Index and the data must be in the file (a table of
        // 2^63 rows and 0 columns would otherwise become a matrix of negative size).
        if (rows > 0x7FFFFFFFu || cols > 0x7FFFFFFFu) r.damaged();
        if (cols != 0 && rows > (body.size() - r.pos) / sizeof(float) / cols) r.damaged();
        t.values.resize(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
        const std::size_t bytes = rows * cols * sizeof(float);
        if (bytes > 0) std::memcpy(t.values.data(), body.data() + r.pos, bytes); // data() is null when empty
        r.pos += bytes;
        c.tables.push_back(std::move(t));
    }
    if (r.pos != body.size()) r.damaged();
    return c;
}

std::string describe_mismatch(const Checkpoint& ckpt, const std::map<std::string, std::string>& expected) {
    std::string out;
    for (const auto& [k, v] : expected) {
        const std::string& have = ckpt.get(k);
        if (have != v) {
            if (!out.empty()) out += "; ";
            out += k + ": checkpoint " + (have.empty() ? "(none)" : have) + ", this run " + v;
        }
    }
    return out;
}

ElVariant variant_of(const Checkpoint& c, const std::string& path) {
    if (c.get("variant").empty()) return ElVariant::Kbcx;
    try {
        return parse_el_variant(c.get("variant"));
    } catch (const std::invalid_argument& e) {
        throw InputError(path, e.what());
    }
}

void check_resume_variant(const Checkpoint& c, const std::string& path, ElVariant wanted) {
    const ElVariant was = variant_of(c, path);
    if (was != wanted)
        throw InputError(path, "checkpoint was trained with --variant " + std::string(el_variant_name(was)) +
                                   "; this run asks for --variant " + std::string(el_variant_name(wanted)) +
                                   " (resume with the same variant, or start a new run)");
}

} // namespace kbcx::embed
