// Names files for knowledge graphs whose entities are opaque ids (FB15k-237's /m/… ids):
// one `id<TAB>name` per line, read into a table and attached to a vocabulary as labels.
#pragma once

#include "kg/vocabulary.hpp"

#include <string>
#include <string_view>
#include <unordered_map>

namespace kbcx::kg {

/// id → name, in the order of first appearance (a later line for an id already named is
/// ignored: files like FB15k's mid2name give several names per id, the first is kept).
struct EntityNames {
    std::unordered_map<std::string, std::string> by_id;
    std::size_t lines = 0; ///< id/name lines read (duplicates included)
};

/// Parses `id<TAB>name` lines (CRLF accepted, blank lines skipped). Throws InputError
/// (file:line:column) for a line without a tab, with an empty id or with an empty name.
EntityNames parse_entity_names(std::string_view text, const std::string& file);
/// Reads a names file (plain or gzip). Throws InputError naming the file.
EntityNames read_entity_names(const std::string& path);
/// Sets the name of every entity of `vocab` the table knows as its label; returns how many.
std::size_t attach_entity_names(const EntityNames& names, Vocabulary& vocab);

} // namespace kbcx::kg
