// Helpers shared by the core tests: temporary files with given content and running the
// load job on a string, so each test states its input inline.
#pragma once

#include "kg/load_kg.hpp"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <fstream>
#include <sstream>
#include <string>

// ThreadSanitizer of clang 14 cannot start child processes: its clone() interceptor fails a
// CHECK (tsan_rtl.cpp:234, "!thr->slot") after QProcess forks. In that build the test functions
// that run the kbcx binary skip themselves; their threaded code is covered in process.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KBCX_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(KBCX_UNDER_TSAN)
#define KBCX_UNDER_TSAN 1
#endif
#ifdef KBCX_UNDER_TSAN
#define KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN()                                                                         \
    QSKIP("starts a child process (kbcx or /bin/sh): child processes cannot start under TSan")
#else
#define KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN() static_cast<void>(0)
#endif

namespace kbcx::test {

/// The whole content of a file ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string write_file(const QTemporaryDir& dir, const std::string& name, const std::string& content) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

/// Writes `content` gzip-compressed; returns the path ("" when zlib failed).
inline std::string write_gzip_file(const QTemporaryDir& dir, const std::string& name, const std::string& content) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    gzFile gz = gzopen(path.c_str(), "wb");
    if (!gz) return {};
    const bool ok =
        gzwrite(gz, content.data(), static_cast<unsigned>(content.size())) == static_cast<int>(content.size());
    return gzclose(gz) == Z_OK && ok ? path : std::string{};
}

inline jobs::LoadKgResult load_text(const std::string& name, const std::string& content, kg::ReadOptions options = {}) {
    jobs::LoadKgParams params;
    params.buffers.push_back({name, content});
    params.options = std::move(options);
    jobs::JobContext ctx;
    return jobs::load_kg(params, ctx);
}

/// The outcome of one run of the kbcx binary: exit code (-2 if it crashed, -1 if it timed
/// out and was killed), standard output and standard error.
struct CliRun {
    int code = -1;
    QString out, err;
};

/// Runs `kbcx ARGS…` (the binary the tests were built with) and waits up to `timeout_ms`.
inline CliRun run_kbcx(const QStringList& args, int timeout_ms = 120000) {
    QProcess p;
    p.start(KBCX_CLI, args);
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    CliRun r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace kbcx::test
