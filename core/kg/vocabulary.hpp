// Names of a KG: one string interner per namespace (entities, relations, types), optional
// human labels, and the IRI prefixes used to display long IRIs compactly (rdf:type, ub:Course).
#pragma once

#include "kg/ids.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kbcx::kg {

/// Maps strings to dense ids 0..size()-1 and back. Strings live in an append-only arena,
/// so the string_views handed out stay valid for the interner's lifetime.
class Interner {
  public:
    Interner() = default;
    Interner(Interner&&) noexcept = default;
    Interner& operator=(Interner&&) noexcept = default;
    Interner(const Interner&) = delete;
    Interner& operator=(const Interner&) = delete;

    /// Returns the id of `name`, adding it if new.
    Id intern(std::string_view name);
    /// Returns the id of `name`, or kNoId.
    Id find(std::string_view name) const;
    std::string_view name(Id id) const { return names_[id]; }
    std::size_t size() const noexcept { return names_.size(); }
    void reserve(std::size_t n);
    /// Bytes held by the arena, the name table and the hash index.
    std::size_t memory_bytes() const;

  private:
    std::string_view store(std::string_view name);
    static std::uint64_t hash(std::string_view s) noexcept;
    void grow();

    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t block_used_ = 0;
    std::size_t block_size_ = 0;
    std::size_t arena_bytes_ = 0;
    std::vector<std::string_view> names_;
    // Open addressing with linear probing: each slot is (high 32 bits of the hash) << 32 |
    // (id + 1); 0 marks an empty slot. Kept at most half full.
    std::vector<std::uint64_t> slots_;
};

/// IRI prefixes (`rdf:` → `http://www.w3.org/1999/02/22-rdf-syntax-ns#`) for display and for
/// expanding prefixed names. Longest namespace wins when compacting.
class PrefixMap {
  public:
    PrefixMap(); ///< starts with rdf, rdfs, owl and xsd
    void add(std::string prefix, std::string iri);
    std::string compact(std::string_view iri) const;
    std::optional<std::string> expand(std::string_view prefixed) const;
    const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

  private:
    std::vector<std::pair<std::string, std::string>> entries_;
};

inline constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
inline constexpr std::string_view kRdfsLabel = "http://www.w3.org/2000/01/rdf-schema#label";

class Vocabulary {
  public:
    Interner& names(Namespace ns) { return spaces_[static_cast<int>(ns)]; }
    const Interner& names(Namespace ns) const { return spaces_[static_cast<int>(ns)]; }
    Interner& entities() { return names(Namespace::Entity); }
    Interner& relations() { return names(Namespace::Relation); }
    Interner& types() { return names(Namespace::Type); }
    const Interner& entities() const { return names(Namespace::Entity); }
    const Interner& relations() const { return names(Namespace::Relation); }
    const Interner& types() const { return names(Namespace::Type); }

    PrefixMap& prefixes() { return prefixes_; }
    const PrefixMap& prefixes() const { return prefixes_; }

    void set_label(Namespace ns, Id id, std::string label);
    /// The label if one is known, else nullopt.
    std::optional<std::string_view> label(Namespace ns, Id id) const;
    /// What to show a user: the label if any, else the name with IRI prefixes compacted.
    std::string display(Namespace ns, Id id) const;
    std::size_t memory_bytes() const;

  private:
    Interner spaces_[3];
    std::unordered_map<Id, std::string> labels_[3];
    PrefixMap prefixes_;
};

} // namespace kbcx::kg
