// String interning with an arena (one allocation per 1 MiB of names, not one per name),
// prefix compaction for display, and labels.
#include "kg/vocabulary.hpp"

#include <algorithm>
#include <cstring>

namespace kbcx::kg {

namespace {
constexpr std::size_t kBlockBytes = 1u << 20;
}

std::uint64_t Interner::hash(std::string_view s) noexcept {
    // FNV-1a over 8-byte words then bytes, with a final avalanche: fast on short names.
    std::uint64_t h = 1469598103934665603ull;
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < s.size(); ++i)
        h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ull;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

std::string_view Interner::store(std::string_view name) {
    if (name.empty()) return {}; // needs no storage (and there may be no block yet)
    if (name.size() > block_size_ - block_used_) {
        const std::size_t size = std::max(kBlockBytes, name.size());
        blocks_.emplace_back(new char[size]);
        block_size_ = size;
        block_used_ = 0;
        arena_bytes_ += size;
    }
    char* dst = blocks_.back().get() + block_used_;
    std::memcpy(dst, name.data(), name.size());
    block_used_ += name.size();
    return {dst, name.size()};
}

Id Interner::intern(std::string_view name) {
    if (2 * (names_.size() + 1) > slots_.size()) grow();
    const std::uint64_t h = hash(name);
    const std::uint64_t tag = h >> 32 << 32;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = slots_[i];
        if (slot == 0) {
            const Id id = static_cast<Id>(names_.size());
            names_.push_back(store(name));
            slots_[i] = tag | (static_cast<std::uint64_t>(id) + 1);
            return id;
        }
        if ((slot & ~0xFFFFFFFFull) == tag) {
            const Id id = static_cast<Id>((slot & 0xFFFFFFFFull) - 1);
            if (names_[id] == name) return id;
        }
    }
}

Id Interner::find(std::string_view name) const {
    if (slots_.empty()) return kNoId;
    const std::uint64_t h = hash(name);
    const std::uint64_t tag = h >> 32 << 32;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = slots_[i];
        if (slot == 0) return kNoId;
        if ((slot & ~0xFFFFFFFFull) == tag) {
            const Id id = static_cast<Id>((slot & 0xFFFFFFFFull) - 1);
            if (names_[id] == name) return id;
        }
    }
}

void Interner::grow() {
    std::size_t capacity = slots_.empty() ? 64 : slots_.size() * 2;
    while (capacity < 2 * (names_.size() + 1))
        capacity *= 2;
    std::vector<std::uint64_t> fresh(capacity, 0);
    const std::size_t mask = capacity - 1;
    for (std::size_t id = 0; id < names_.size(); ++id) {
        const std::uint64_t h = hash(names_[id]);
        std::size_t i = h & mask;
        while (fresh[i] != 0)
            i = (i + 1) & mask;
        fresh[i] = (h >> 32 << 32) | (static_cast<std::uint64_t>(id) + 1);
    }
    slots_ = std::move(fresh);
}

void Interner::reserve(std::size_t n) {
    names_.reserve(n);
    if (2 * n > slots_.size()) {
        std::size_t capacity = 64;
        while (capacity < 2 * n)
            capacity *= 2;
        slots_.reserve(capacity);
    }
}

std::size_t Interner::memory_bytes() const {
    return arena_bytes_ + names_.capacity() * sizeof(std::string_view) + slots_.capacity() * sizeof(std::uint64_t);
}

PrefixMap::PrefixMap() {
    add("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
    add("rdfs", "http://www.w3.org/2000/01/rdf-schema#");
    add("owl", "http://www.w3.org/2002/07/owl#");
    add("xsd", "http://www.w3.org/2001/XMLSchema#");
}

void PrefixMap::add(std::string prefix, std::string iri) {
    if (iri.empty()) return;
    for (auto& entry : entries_) {
        if (entry.first == prefix) {
            entry.second = std::move(iri);
            return;
        }
    }
    entries_.emplace_back(std::move(prefix), std::move(iri));
}

std::string PrefixMap::compact(std::string_view iri) const {
    const std::pair<std::string, std::string>* best = nullptr;
    for (const auto& entry : entries_) {
        if (iri.size() > entry.second.size() && iri.starts_with(entry.second) &&
            (!best || entry.second.size() > best->second.size()))
            best = &entry;
    }
    if (!best) return std::string(iri);
    std::string out = best->first;
    out += ':';
    out += iri.substr(best->second.size());
    return out;
}

std::optional<std::string> PrefixMap::expand(std::string_view prefixed) const {
    const auto colon = prefixed.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const std::string_view prefix = prefixed.substr(0, colon);
    for (const auto& entry : entries_) {
        if (entry.first == prefix) return entry.second + std::string(prefixed.substr(colon + 1));
    }
    return std::nullopt;
}

void Vocabulary::set_label(Namespace ns, Id id, std::string label) {
    labels_[static_cast<int>(ns)][id] = std::move(label);
}

std::optional<std::string_view> Vocabulary::label(Namespace ns, Id id) const {
    const auto& map = labels_[static_cast<int>(ns)];
    auto it = map.find(id);
    if (it == map.end()) return std::nullopt;
    return std::string_view(it->second);
}

std::string Vocabulary::display(Namespace ns, Id id) const {
    if (auto l = label(ns, id)) return std::string(*l);
    return prefixes_.compact(names(ns).name(id));
}

std::size_t Vocabulary::memory_bytes() const {
    std::size_t total = 0;
    for (const auto& space : spaces_)
        total += space.memory_bytes();
    for (const auto& map : labels_)
        for (const auto& [id, text] : map)
            total += sizeof(id) + text.capacity() + 4 * sizeof(void*);
    return total;
}

} // namespace kbcx::kg
