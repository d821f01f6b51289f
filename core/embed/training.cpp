// Shared training plumbing: pause control, the run folder and metrics lines.
#include "embed/training.hpp"

#include "common/error.hpp"
#include "common/json.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kbcx::embed {

namespace fs = std::filesystem;

float lr_at_epoch(const TrainSettings& st, int epoch) {
    if (st.lr_step <= 0 || epoch <= 1) return st.lr;
    const int drops = (epoch - 1) / st.lr_step;
    return static_cast<float>(static_cast<double>(st.lr) * std::pow(static_cast<double>(st.lr_decay), drops));
}

void check_lr_schedule(const TrainSettings& st) {
    if (st.lr_step < 0) throw InputError("train", "--lr-step must be ≥ 0");
    if (!(st.lr_decay > 0 && st.lr_decay <= 1)) throw InputError("train", "--lr-decay must be in (0, 1]");
}

void TrainControl::pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}
void TrainControl::resume() {
    {
        std::lock_guard lock(mutex_);
        paused_ = false;
    }
    cv_.notify_all();
}
bool TrainControl::paused() const {
    std::lock_guard lock(mutex_);
    return paused_;
}
void TrainControl::wait_while_paused(std::stop_token stop) const {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, stop, [&] { return !paused_; });
}

RunFolder::RunFolder(std::string dir) : dir_(std::move(dir)) {}
std::string RunFolder::checkpoint_path() const {
    return (fs::path(dir_) / "checkpoint.bin").string();
}
std::string RunFolder::metrics_path() const {
    return (fs::path(dir_) / "metrics.jsonl").string();
}
std::string RunFolder::params_path() const {
    return (fs::path(dir_) / "params.json").string();
}
std::string RunFolder::kept_checkpoint_dir() const {
    return (fs::path(dir_) / "checkpoints").string();
}
std::string RunFolder::kept_checkpoint_path(int epoch) const {
    char name[32];
    std::snprintf(name, sizeof name, "epoch-%06d.bin", epoch);
    return (fs::path(kept_checkpoint_dir()) / name).string();
}
void RunFolder::keep_checkpoint(int epoch) const {
    if (!enabled()) return;
    std::error_code ec;
    fs::create_directories(kept_checkpoint_dir(), ec);
    if (ec) throw InputError(kept_checkpoint_dir(), "cannot create: " + ec.message());
    const std::string dst = kept_checkpoint_path(epoch), tmp = dst + ".tmp";
    fs::copy_file(checkpoint_path(), tmp, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::rename(tmp, dst, ec);
    if (ec) throw InputError(dst, "cannot keep the checkpoint: " + ec.message());
}
bool RunFolder::has_checkpoint() const {
    return enabled() && fs::is_regular_file(checkpoint_path());
}

void RunFolder::prepare(bool resume) const {
    if (!enabled()) {
        if (resume) throw InputError("--run", "--resume needs a run folder");
        return;
    }
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) throw InputError(dir_, "cannot create run folder: " + ec.message());
    if (resume && !has_checkpoint()) throw InputError(checkpoint_path(), "no checkpoint to resume from");
    if (!resume && has_checkpoint())
        throw InputError(checkpoint_path(), "run folder already holds a checkpoint; add --resume to continue it or "
                                            "choose another --run folder");
    if (!resume) {
        fs::remove(metrics_path(), ec);
    }
}

void RunFolder::write_params(const std::string& json) const {
    if (!enabled()) return;
    const std::string tmp = params_path() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << json << "\n";
        if (!out.flush()) throw InputError(tmp, "cannot write");
    }
    fs::rename(tmp, params_path());
}

namespace {
/// The value of "epoch" in a metrics line, or -1.
long epoch_of(const std::string& line) {
    const auto p = line.find("\"epoch\":");
    if (p == std::string::npos) return -1;
    return std::strtol(line.c_str() + p + 8, nullptr, 10);
}
} // namespace

void RunFolder::truncate_metrics(int last_epoch) const {
    if (!enabled() || !fs::is_regular_file(metrics_path())) return;
    std::ifstream in(metrics_path(), std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string all = ss.str();
    std::string kept;
    std::size_t start = 0;
    while (true) {
        const auto nl = all.find('\n', start);
        if (nl == std::string::npos) break; // an unterminated last line was cut by a kill
        const std::string line = all.substr(start, nl - start);
        start = nl + 1;
        const long e = epoch_of(line);
        const bool valid_line = line.size() > 2 && line.front() == '{' && line.back() == '}';
        if (valid_line && e >= 0 && e <= last_epoch && line.find("\"split\":\"test\"") == std::string::npos)
            kept += line + "\n";
    }
    const std::string tmp = metrics_path() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << kept;
        if (!out.flush()) throw InputError(tmp, "cannot write");
    }
    fs::rename(tmp, metrics_path());
}

void RunFolder::append_metrics(const std::string& json_line) const {
    if (!enabled()) return;
    std::FILE* f = std::fopen(metrics_path().c_str(), "ab");
    if (!f) throw InputError(metrics_path(), "cannot append");
    const std::string line = json_line + "\n";
    const bool ok = std::fwrite(line.data(), 1, line.size(), f) == line.size() && std::fflush(f) == 0;
    std::fclose(f);
    if (!ok) throw InputError(metrics_path(), "cannot append (disk full?)");
}

std::string metrics_line(int epoch, const std::string& split, double loss, double seconds, const Metrics& m) {
    JsonWriter j;
    j.begin_object().field("epoch", epoch).field("split", split).field("loss", loss).field("seconds", seconds);
    for (const auto& [k, v] : m)
        j.field(k, v);
    j.end_object();
    return j.str();
}

std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
    auto sm = [](std::uint64_t x) {
        x += 0x9e3779b97f4a7c15ull;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    };
    return sm(sm(sm(sm(a) ^ b) ^ c) ^ d);
}

} // namespace kbcx::embed
