// Checkpoint files of training runs: a format version, string metadata (model, dimensions,
// training state), name lists (the vocabulary) and float tables, protected by a checksum and
// written atomically (temporary file, flush, rename), so a killed run never leaves half a file.
#pragma once

#include "embed/params.hpp"
#include "embed/variants.hpp"

#include <map>
#include <string>
#include <vector>

namespace kbcx::embed {

/// Current format version; files of any other version are refused.
inline constexpr std::uint32_t kCheckpointVersion = 1;

/// Layout (little-endian): "KBCXCKPT", u32 version, u32 #meta, (str key, str value)…,
/// u32 #lists, (str name, u32 n, str…)…, u32 #tables, (str name, u64 rows, u64 cols,
/// f32[rows·cols])…, u64 FNV-1a of every preceding byte. str = u32 length + bytes.
struct Checkpoint {
    std::map<std::string, std::string> meta;               ///< e.g. model, dim, epoch
    std::map<std::string, std::vector<std::string>> lists; ///< e.g. entities, relations
    std::vector<ParamTable> tables;                        ///< parameters and optimiser state

    const std::string& get(const std::string& key) const; ///< "" when absent
    const Matrix* table(const std::string& name) const;   ///< nullptr when absent
};

/// Writes `path` atomically (via path + ".tmp"). Throws InputError when it cannot.
void write_checkpoint(const std::string& path, const Checkpoint& ckpt);
/// Reads and verifies a checkpoint; throws InputError naming what is wrong (not a checkpoint,
/// other format version, damaged: checksum mismatch or truncated).
Checkpoint read_checkpoint(const std::string& path);

/// Compares the identity of a checkpoint (`keys` of meta) with what a run expects; returns ""
/// when they agree, else a message listing every difference ("model: checkpoint RotatE, run TransE-L1").
std::string describe_mismatch(const Checkpoint& ckpt, const std::map<std::string, std::string>& expected);

/// The variant a checkpoint was trained with (meta key "variant"; checkpoints from before
/// variants: kbcx). Throws InputError naming `path` for an unknown one.
ElVariant variant_of(const Checkpoint& ckpt, const std::string& path);
/// Resuming with another --variant than the checkpoint's is refused (InputError naming both).
void check_resume_variant(const Checkpoint& ckpt, const std::string& path, ElVariant wanted);

} // namespace kbcx::embed
