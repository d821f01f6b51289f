// The data folder's search order (see data_dir.hpp). The source tree's folder and the build
// folder are compiled in (core/CMakeLists.txt), the installed one is found from the executable.
#include "common/data_dir.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef KBCX_SOURCE_DATA_DIR
#define KBCX_SOURCE_DATA_DIR ""
#endif
#ifndef KBCX_BUILD_DIR
#define KBCX_BUILD_DIR ""
#endif

namespace kbcx {

namespace fs = std::filesystem;

namespace {

bool is_dir(const std::string& p) {
    std::error_code ec;
    return !p.empty() && fs::is_directory(p, ec);
}

/// The running program's own path (Linux: /proc/self/exe), empty if unknown.
fs::path self_path() {
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : p;
}

/// True when `p` lies inside folder `dir` (both made canonical where they exist).
bool inside(const fs::path& p, const std::string& dir) {
    if (p.empty() || dir.empty()) return false;
    std::error_code ec;
    const fs::path d = fs::weakly_canonical(dir, ec);
    if (ec) return false;
    const fs::path q = fs::weakly_canonical(p, ec);
    if (ec) return false;
    auto [a, b] = std::mismatch(d.begin(), d.end(), q.begin(), q.end());
    return a == d.end();
}

} // namespace

std::vector<DataPlace> data_places(const std::string& explicit_dir) {
    std::vector<DataPlace> places;
    if (!explicit_dir.empty()) places.push_back({"--data", explicit_dir});
    if (const char* e = std::getenv("KBCX_DATA"); e && *e) places.push_back({"$KBCX_DATA", e});
    const fs::path self = self_path();
    if (inside(self, KBCX_BUILD_DIR) && *KBCX_SOURCE_DATA_DIR) places.push_back({"source tree", KBCX_SOURCE_DATA_DIR});
    if (!self.empty()) {
        const fs::path prefix = self.parent_path().parent_path();
        places.push_back({"installed", (prefix / "share" / "kbc-explorer" / "data").string()});
    }
    const std::string system = "/usr/share/kbc-explorer/data";
    if (places.empty() || places.back().path != system) places.push_back({"installed", system});
    return places;
}

std::string find_data_dir(const std::string& explicit_dir) {
    const std::vector<DataPlace> places = data_places(explicit_dir);
    // A folder the user named is the one to use: a wrong one is an error, not a fallback.
    if (!places.empty() && (places.front().what == "--data" || places.front().what == "$KBCX_DATA")) {
        if (is_dir(places.front().path)) return places.front().path;
        throw InputError(places.front().path, "the data folder given by " + places.front().what + " is not a folder");
    }
    std::string looked;
    for (const DataPlace& p : places) {
        if (is_dir(p.path)) return p.path;
        looked += (looked.empty() ? "" : ", ") + p.path + " (" + p.what + ")";
    }
    throw InputError("", "no data folder found; looked at " + looked +
                             ". Install the kbc-explorer-data package, or give --data DIR or $KBCX_DATA");
}

std::string data_file(const std::string& dir, const std::string& rel) {
    const fs::path plain = fs::path(dir) / rel;
    std::error_code ec;
    if (fs::exists(plain, ec)) return plain.string();
    fs::path gz = plain;
    gz += ".gz";
    if (fs::exists(gz, ec)) return gz.string();
    return plain.string();
}

} // namespace kbcx
