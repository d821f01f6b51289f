// Shared by the tst_repro_quick_*_shared tests: runs one finding's quick mode on a reduced
// configuration over the shared data and checks the report folder's structure.
#pragma once

#include "plot/image.hpp"
#include "repro/registry.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

namespace kbcx::test {

inline bool shared_onto_present() {
    return QDir(QStringLiteral(KBCX_SHARED_DATA "/onto")).exists();
}

/// The reduced quick configuration: few epochs, small dimension and test sets, two seeds.
inline repro::Options reduced(const QTemporaryDir& dir) {
    repro::Options o;
    o.mode = repro::Mode::Quick;
    o.out_dir = dir.path().toStdString();
    o.data_dir = KBCX_SHARED_DATA;
    o.threads = 1;
    o.seeds = 2;
    o.epochs = 60;
    o.dim = 16;
    o.per_band = 20;
    return o;
}

inline repro::RunOutput run_finding(const std::string& name, const repro::Options& o) {
    const auto r = repro::find_reproduction(name);
    if (!r) throw std::runtime_error("unknown reproduction " + name);
    jobs::JobContext ctx;
    return repro::run_reproduction(*r, o, ctx);
}

/// Checks the files and the structure every report must have; returns "" when all is well.
inline std::string check_structure(const repro::RunOutput& out) {
    if (!QFile::exists(QString::fromStdString(out.markdown_path))) return "no report.md";
    if (!QFile::exists(QString::fromStdString(out.json_path))) return "no report.json";
    if (out.report.sections.empty()) return "no sections";
    if (out.report.commands.empty()) return "no commands";
    if (out.report.seeds.empty()) return "no seeds";
    if (!(out.report.wall_seconds > 0)) return "no wall time";
    std::size_t charts = 0, checks = 0;
    for (const auto& s : out.report.sections) {
        if (s.heading.empty()) return "a section without heading";
        for (const auto& t : s.tables)
            for (const auto& row : t.rows)
                if (row.size() != t.header.size()) return "table '" + t.title + "' has a ragged row";
        charts += s.charts.size();
        checks += s.checks.size();
        for (const auto& c : s.charts) {
            std::ifstream f(out.folder + "/" + c.file, std::ios::binary);
            const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
            plot::Image img;
            std::string why;
            if (!plot::decode_png(bytes, img, &why)) return c.file + ": " + why;
            if (img.width() < 100 || img.height() < 100) return c.file + ": too small";
        }
    }
    if (charts == 0) return "no charts";
    if (checks == 0) return "no checks";
    std::ifstream md(out.markdown_path);
    const std::string text{std::istreambuf_iterator<char>(md), std::istreambuf_iterator<char>()};
    if (text.find("## Commands") == std::string::npos) return "report.md has no Commands section";
    if (text.find("✔") == std::string::npos && text.find("✘") == std::string::npos) return "report.md has no checks";
    return {};
}

/// The table whose title contains `part` (nullptr if none).
inline const repro::Table* find_table(const repro::Report& r, const std::string& part) {
    for (const auto& s : r.sections)
        for (const auto& t : s.tables)
            if (t.title.find(part) != std::string::npos) return &t;
    return nullptr;
}

inline const repro::Check* find_check(const repro::Report& r, const std::string& part) {
    for (const auto& s : r.sections)
        for (const auto& c : s.checks)
            if (c.claim.find(part) != std::string::npos) return &c;
    return nullptr;
}

inline bool has_columns(const repro::Table& t, std::initializer_list<const char*> cols) {
    return std::all_of(cols.begin(), cols.end(), [&](const char* c) {
        return std::find(t.header.begin(), t.header.end(), std::string(c)) != t.header.end();
    });
}

} // namespace kbcx::test
