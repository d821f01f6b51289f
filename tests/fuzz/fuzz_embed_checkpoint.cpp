// libFuzzer target: the checkpoint reader (embed::read_checkpoint). The input is written twice
// to a temporary file: as is, and with a valid FNV-1a checksum appended, so the fuzzer reaches
// the structure behind the checksum instead of stopping at it.
#include "embed/checkpoint.hpp"
#include "fuzz_common.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace {

std::string temp_path() {
    static const std::string path = "/tmp/kbcx-fuzz-ckpt-" + std::to_string(::getpid()) + ".bin";
    return path;
}

void write_file(const std::string& path, const std::string& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) __builtin_trap();
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
}

void read_once(const std::string& bytes) {
    write_file(temp_path(), bytes);
    try {
        const kbcx::embed::Checkpoint c = kbcx::embed::read_checkpoint(temp_path());
        (void)c.get("model");
    } catch (const kbcx::InputError&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    read_once(bytes);
    std::uint64_t h = 14695981039346656037ull; // FNV-1a, as documented in checkpoint.hpp
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char tail[8];
    std::memcpy(tail, &h, 8);
    bytes.append(tail, 8);
    read_once(bytes);
    return 0;
}
