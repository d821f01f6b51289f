// The fact store: binary facts in per-relation CSR indexes by subject and by object
// (sorted, deduplicated), unary facts per type. Built once from a FactStoreBuilder.
#pragma once

#include "kg/ids.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace kbcx::kg {

class FactStore;

/// Collects facts in any order, with duplicates; build() sorts and deduplicates them.
class FactStoreBuilder {
  public:
    void add(Id s, Id r, Id o) { triples_.push_back({s, r, o}); }
    void add_type(Id e, Id t) { types_.push_back({e, t}); }
    void reserve(std::size_t triples) { triples_.reserve(triples); }
    std::size_t pending_triples() const noexcept { return triples_.size(); }
    std::size_t pending_type_facts() const noexcept { return types_.size(); }
    const std::vector<Triple>& triples() const noexcept { return triples_; }
    const std::vector<TypeFact>& type_facts() const noexcept { return types_; }
    /// Builds the indexes in O(n log n). The id bounds must exceed every id added.
    FactStore build(std::size_t num_entities, std::size_t num_relations, std::size_t num_types) &&;

  private:
    std::vector<Triple> triples_;
    std::vector<TypeFact> types_;
};

/// Read-only indexed facts.
///
/// Binary facts are numbered 0..num_facts()-1 in (relation, subject, object) order; that
/// number is the fact's id (provenance refers to facts by it). For each relation r, the
/// subject index holds the distinct subjects of r in ascending order, each with the
/// ascending range of its objects; the object index is the mirror image.
class FactStore {
  public:
    FactStore() = default;

    std::size_t num_entities() const noexcept { return num_entities_; }
    std::size_t num_relations() const noexcept { return rel_begin_.empty() ? 0 : rel_begin_.size() - 1; }
    std::size_t num_types() const noexcept { return type_begin_.empty() ? 0 : type_begin_.size() - 1; }
    std::size_t num_facts() const noexcept { return objects_.size(); }
    std::size_t num_type_facts() const noexcept { return type_members_.size(); }

    /// Number of facts of relation r.
    std::size_t relation_size(Id r) const { return rel_begin_[r + 1] - rel_begin_[r]; }
    /// Objects o with r(s, o), ascending.
    std::span<const Id> objects(Id r, Id s) const;
    /// Subjects s with r(s, o), ascending.
    std::span<const Id> subjects(Id r, Id o) const;
    /// Distinct subjects of r, ascending.
    std::span<const Id> subjects_of(Id r) const;
    /// Distinct objects of r, ascending.
    std::span<const Id> objects_of(Id r) const;
    bool contains(Id s, Id r, Id o) const;
    /// Fact id of r(s, o), or kNoId.
    std::size_t fact_id(Id s, Id r, Id o) const;
    /// The fact with the given id.
    Triple fact(std::size_t id) const;

    /// Entities of type t, ascending.
    std::span<const Id> instances(Id t) const;
    bool has_type(Id e, Id t) const;

    /// Calls fn(Triple) for every binary fact in id order.
    template <class Fn> void for_each_fact(Fn&& fn) const {
        for (Id r = 0; r + 1 < rel_begin_.size(); ++r)
            for (std::size_t g = subj_group_begin_[r]; g < subj_group_begin_[r + 1]; ++g)
                for (std::size_t i = subj_offset_[g]; i < subj_offset_[g + 1]; ++i)
                    fn(Triple{subj_keys_[g], r, objects_[i]});
    }

    /// Bytes held by the indexes (not the vocabulary).
    std::size_t memory_bytes() const;

  private:
    friend class FactStoreBuilder;
    std::size_t num_entities_ = 0;
    // Binary facts, sorted by (r, s, o): objects_ holds o; groups of equal (r, s).
    std::vector<std::size_t> rel_begin_;          // per relation: first fact id; size R+1
    std::vector<std::uint32_t> subj_group_begin_; // per relation: first subject group; size R+1
    std::vector<Id> subj_keys_;                   // per group: the subject
    std::vector<std::uint32_t> subj_offset_;      // per group: first fact id; size G+1
    std::vector<Id> objects_;
    // Mirror index sorted by (r, o, s).
    std::vector<std::uint32_t> obj_group_begin_;
    std::vector<Id> obj_keys_;
    std::vector<std::uint32_t> obj_offset_;
    std::vector<Id> subjects_;
    // Unary facts: per type the ascending entity list.
    std::vector<std::uint32_t> type_begin_;
    std::vector<Id> type_members_;
};

} // namespace kbcx::kg
