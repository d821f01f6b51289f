// Helpers shared by the core tests: temporary files with given content and running the
// load job on a string, so each test states its input inline.
#pragma once

#include "jobs/load_kg.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <string>

namespace kbcx::test {

inline std::string write_file(const QTemporaryDir& dir, const std::string& name, const std::string& content) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

inline jobs::LoadKgResult load_text(const std::string& name, const std::string& content,
                                    kg::ReadOptions options = {}) {
    jobs::LoadKgParams params;
    params.buffers.push_back({name, content});
    params.options = std::move(options);
    jobs::JobContext ctx;
    return jobs::load_kg(params, ctx);
}

} // namespace kbcx::test
