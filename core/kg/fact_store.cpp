// Building and querying the CSR fact indexes. Sorting is a two-pass counting sort by
// relation followed by per-relation std::sort, which keeps the build O(n log n) and cache-friendly.
#include "kg/fact_store.hpp"

#include <algorithm>
#include <stdexcept>

namespace kbcx::kg {

namespace {

// Groups sorted (key, value) pairs of one relation into CSR form: appends one key and one
// offset per distinct key, and the values in order.
template <class Pairs>
void append_groups(const Pairs& pairs, std::vector<Id>& keys, std::vector<std::uint32_t>& offsets,
                   std::vector<Id>& values) {
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i == 0 || pairs[i].first != pairs[i - 1].first) {
            keys.push_back(pairs[i].first);
            offsets.push_back(static_cast<std::uint32_t>(values.size()));
        }
        values.push_back(pairs[i].second);
    }
}

std::span<const Id> lookup(std::span<const Id> keys, std::size_t key_base, const std::vector<std::uint32_t>& offsets,
                           const std::vector<Id>& values, Id key) {
    auto it = std::lower_bound(keys.begin(), keys.end(), key);
    if (it == keys.end() || *it != key) return {};
    const std::size_t g = key_base + static_cast<std::size_t>(it - keys.begin());
    return {values.data() + offsets[g], values.data() + offsets[g + 1]};
}

} // namespace

FactStore FactStoreBuilder::build(std::size_t num_entities, std::size_t num_relations, std::size_t num_types) && {
    FactStore store;
    store.num_entities_ = num_entities;
    if (triples_.size() >= 0xFFFFFFFFu) throw std::length_error("more than 4 billion facts");

    // Bucket triples by relation (counting sort), then sort each bucket.
    std::vector<std::size_t> count(num_relations + 1, 0);
    for (const Triple& t : triples_) {
        if (t.r >= num_relations || t.s >= num_entities || t.o >= num_entities)
            throw std::out_of_range("fact id out of the declared bounds");
        ++count[t.r + 1];
    }
    for (std::size_t r = 0; r < num_relations; ++r)
        count[r + 1] += count[r];
    std::vector<std::pair<Id, Id>> by_rel(triples_.size());
    {
        std::vector<std::size_t> cursor(count.begin(), count.end() - 1);
        for (const Triple& t : triples_)
            by_rel[cursor[t.r]++] = {t.s, t.o};
    }
    triples_.clear();
    triples_.shrink_to_fit();

    store.rel_begin_.assign(num_relations + 1, 0);
    store.subj_group_begin_.assign(num_relations + 1, 0);
    store.obj_group_begin_.assign(num_relations + 1, 0);
    std::vector<std::pair<Id, Id>> mirror;
    for (std::size_t r = 0; r < num_relations; ++r) {
        std::span<std::pair<Id, Id>> bucket(by_rel.data() + count[r], by_rel.data() + count[r + 1]);
        std::sort(bucket.begin(), bucket.end());
        auto last = std::unique(bucket.begin(), bucket.end());
        std::span<std::pair<Id, Id>> facts(bucket.begin(), last);

        store.rel_begin_[r] = store.objects_.size();
        store.subj_group_begin_[r] = static_cast<std::uint32_t>(store.subj_keys_.size());
        append_groups(facts, store.subj_keys_, store.subj_offset_, store.objects_);

        mirror.assign(facts.begin(), facts.end());
        for (auto& p : mirror)
            std::swap(p.first, p.second);
        std::sort(mirror.begin(), mirror.end());
        store.obj_group_begin_[r] = static_cast<std::uint32_t>(store.obj_keys_.size());
        append_groups(mirror, store.obj_keys_, store.obj_offset_, store.subjects_);
    }
    store.rel_begin_[num_relations] = store.objects_.size();
    store.subj_group_begin_[num_relations] = static_cast<std::uint32_t>(store.subj_keys_.size());
    store.obj_group_begin_[num_relations] = static_cast<std::uint32_t>(store.obj_keys_.size());
    store.subj_offset_.push_back(static_cast<std::uint32_t>(store.objects_.size()));
    store.obj_offset_.push_back(static_cast<std::uint32_t>(store.subjects_.size()));
    store.objects_.shrink_to_fit();
    store.subjects_.shrink_to_fit();
    store.subj_keys_.shrink_to_fit();
    store.obj_keys_.shrink_to_fit();
    store.subj_offset_.shrink_to_fit();
    store.obj_offset_.shrink_to_fit();

    // Unary facts: sort by (type, entity), deduplicate, CSR by type.
    for (const TypeFact& f : types_)
        if (f.t >= num_types || f.e >= num_entities) throw std::out_of_range("type fact id out of bounds");
    std::sort(types_.begin(), types_.end(),
              [](const TypeFact& a, const TypeFact& b) { return a.t != b.t ? a.t < b.t : a.e < b.e; });
    types_.erase(std::unique(types_.begin(), types_.end()), types_.end());
    store.type_begin_.assign(num_types + 1, 0);
    store.type_members_.reserve(types_.size());
    for (const TypeFact& f : types_) {
        ++store.type_begin_[f.t + 1];
        store.type_members_.push_back(f.e);
    }
    for (std::size_t t = 0; t < num_types; ++t)
        store.type_begin_[t + 1] += store.type_begin_[t];
    types_.clear();
    types_.shrink_to_fit();
    return store;
}

std::span<const Id> FactStore::objects(Id r, Id s) const {
    if (r >= num_relations()) return {};
    const std::span<const Id> keys(subj_keys_.data() + subj_group_begin_[r],
                                   subj_keys_.data() + subj_group_begin_[r + 1]);
    return lookup(keys, subj_group_begin_[r], subj_offset_, objects_, s);
}

std::span<const Id> FactStore::subjects(Id r, Id o) const {
    if (r >= num_relations()) return {};
    const std::span<const Id> keys(obj_keys_.data() + obj_group_begin_[r], obj_keys_.data() + obj_group_begin_[r + 1]);
    return lookup(keys, obj_group_begin_[r], obj_offset_, subjects_, o);
}

std::span<const Id> FactStore::subjects_of(Id r) const {
    if (r >= num_relations()) return {};
    return {subj_keys_.data() + subj_group_begin_[r], subj_keys_.data() + subj_group_begin_[r + 1]};
}

std::span<const Id> FactStore::objects_of(Id r) const {
    if (r >= num_relations()) return {};
    return {obj_keys_.data() + obj_group_begin_[r], obj_keys_.data() + obj_group_begin_[r + 1]};
}

bool FactStore::contains(Id s, Id r, Id o) const {
    return fact_id(s, r, o) != kNoId;
}

std::size_t FactStore::fact_id(Id s, Id r, Id o) const {
    const auto objs = objects(r, s);
    auto it = std::lower_bound(objs.begin(), objs.end(), o);
    if (it == objs.end() || *it != o) return kNoId;
    return static_cast<std::size_t>(&*it - objects_.data());
}

Triple FactStore::fact(std::size_t id) const {
    const auto r_it = std::upper_bound(rel_begin_.begin(), rel_begin_.end(), id) - 1;
    const Id r = static_cast<Id>(r_it - rel_begin_.begin());
    const auto g_first = subj_offset_.begin() + subj_group_begin_[r];
    const auto g_last = subj_offset_.begin() + subj_group_begin_[r + 1];
    const auto g_it = std::upper_bound(g_first, g_last, static_cast<std::uint32_t>(id)) - 1;
    return Triple{subj_keys_[static_cast<std::size_t>(g_it - subj_offset_.begin())], r, objects_[id]};
}

std::span<const Id> FactStore::instances(Id t) const {
    if (t >= num_types()) return {};
    return {type_members_.data() + type_begin_[t], type_members_.data() + type_begin_[t + 1]};
}

bool FactStore::has_type(Id e, Id t) const {
    const auto members = instances(t);
    return std::binary_search(members.begin(), members.end(), e);
}

std::size_t FactStore::memory_bytes() const {
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return bytes(rel_begin_) + bytes(subj_group_begin_) + bytes(subj_keys_) + bytes(subj_offset_) + bytes(objects_) +
           bytes(obj_group_begin_) + bytes(obj_keys_) + bytes(obj_offset_) + bytes(subjects_) + bytes(type_begin_) +
           bytes(type_members_);
}

} // namespace kbcx::kg
