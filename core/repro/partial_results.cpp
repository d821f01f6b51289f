// PartialResults: one file per finished unit of a reproduction, "kbcx-partial 1", the
// fingerprint line and the time it was written, then the unit's records.
#include "repro/partial_results.hpp"

#include "common/error.hpp"
#include "repro/registry.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace kbcx::repro {

namespace {

constexpr const char* kMagic = "kbcx-partial 1";
constexpr const char* kEnd = "end";

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

} // namespace

PartialResults::PartialResults(std::string folder, std::string fingerprint, bool resume)
    : folder_(std::move(folder)), fingerprint_(one_line(std::move(fingerprint))), resume_(resume) {}

std::string PartialResults::path_of(const std::string& unit) const {
    std::string safe;
    for (char c : unit)
        safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '+') ? c : '_';
    return (std::filesystem::path(folder_) / (safe + ".txt")).string();
}

std::optional<std::vector<std::string>> PartialResults::load(const std::string& unit) {
    if (!resume_) return std::nullopt;
    std::ifstream f(path_of(unit), std::ios::binary);
    if (!f) return std::nullopt;
    std::string magic, fp, when, line;
    if (!std::getline(f, magic) || magic != kMagic || !std::getline(f, fp) || !std::getline(f, when))
        return std::nullopt;
    if (fp != fingerprint_) {
        stale_.push_back(unit);
        return std::nullopt;
    }
    std::vector<std::string> records;
    bool ended = false;
    while (std::getline(f, line)) {
        if (line == kEnd) {
            ended = true;
            break;
        }
        records.push_back(line);
    }
    if (!ended) return std::nullopt; // truncated: compute the unit again
    reused_.push_back(unit + " (" + when + ")");
    return records;
}

void PartialResults::save(const std::string& unit, const std::vector<std::string>& records) const {
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    if (ec) throw InputError(folder_, "cannot create the folder of partial results: " + ec.message());
    const std::string path = path_of(unit), tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f << kMagic << "\n" << fingerprint_ << "\n" << utc_now() << "\n";
        for (const auto& r : records)
            f << one_line(r) << "\n";
        f << kEnd << "\n";
        f.flush();
        if (!f) throw InputError(tmp, "cannot write partial results");
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw InputError(path, "cannot rename the temporary file: " + ec.message());
}

std::string PartialResults::encode(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char b[64];
    std::snprintf(b, sizeof b, "%a", x);
    return b;
}

double PartialResults::decode(const std::string& s) {
    char* end = nullptr;
    const double x = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size()) throw std::invalid_argument("not a number: '" + s + "'");
    return x;
}

std::vector<std::string> PartialResults::fields(const std::string& record) {
    std::vector<std::string> out(1);
    for (char c : record)
        if (c == '\t')
            out.emplace_back();
        else
            out.back() += c;
    return out;
}

} // namespace kbcx::repro
