// libFuzzer target: the run-folder readers — the Training tab's (ui/run_folder: params.json and
// metrics.jsonl with line positions) and the engine's (a sweep's finished-run check, --resume's
// metrics truncation). The input is split at its first NUL byte into params.json and
// metrics.jsonl (no NUL: metrics.jsonl only) and written into a scratch run folder.
#include "embed/sweep.hpp"
#include "embed/training.hpp"
#include "fuzz_common.hpp"
#include "ui/training/run_folder.hpp"

#include <unistd.h>

#include <QByteArray>
#include <QString>

#include <cstdio>
#include <filesystem>
#include <string>

namespace {

const std::string& scratch_dir() {
    static const std::string dir = [] {
        const std::string d = "/tmp/kbcx-fuzz-run-" + std::to_string(::getpid());
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

void write_file(const std::string& path, std::string_view bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) __builtin_trap();
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = input.find('\0');
    const std::string& dir = scratch_dir();
    const std::string params = dir + "/params.json", metrics = dir + "/metrics.jsonl";
    std::filesystem::remove(params);
    if (nul != std::string_view::npos) write_file(params, input.substr(0, nul));
    const std::string_view metrics_text = nul == std::string_view::npos ? input : input.substr(nul + 1);
    write_file(metrics, metrics_text);

    // The GUI's readers: InputError (with file:line) is their answer to bad input.
    try {
        (void)kbcx::ui::parseMetricsJsonl(QByteArray(metrics_text.data(), static_cast<qsizetype>(metrics_text.size())),
                                          QString::fromStdString(metrics));
    } catch (const kbcx::InputError&) {
    }
    try {
        (void)kbcx::ui::readRunFolder(QString::fromStdString(dir));
    } catch (const kbcx::InputError&) {
    }
    // The engine's: a sweep asking whether the run reached epoch 1, then --resume keeping the
    // complete lines up to epoch 1 and reading the result again.
    try {
        kbcx::embed::Metrics m;
        (void)kbcx::embed::finished_run_metrics(dir, 1, m);
        kbcx::embed::RunFolder(dir).truncate_metrics(1);
        (void)kbcx::embed::finished_run_metrics(dir, 1, m);
    } catch (const kbcx::InputError&) {
    }
    return 0;
}
