// String interning with an arena (one allocation per 1 MiB of names, not one per name),
// prefix compaction for display, and labels.
#include "kg/vocabulary.hpp"

#include <algorithm>
#include <cstring>

namespace kbcx::kg {

namespace {
constexpr std::size_t kBlockBytes = 1u << 20;
}

std::size_t Interner::Hash::operator()(std::string_view s) const noexcept {
    // FNV-1a over 8-byte words then bytes: fast on the short names KGs are made of.
    std::uint64_t h = 1469598103934665603ull;
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
}

std::string_view Interner::store(std::string_view name) {
    if (name.size() > block_size_ - block_used_) {
        const std::size_t size = std::max(kBlockBytes, name.size());
        blocks_.emplace_back(new char[size]);
        block_size_ = size;
        block_used_ = 0;
        arena_bytes_ += size;
    }
    char* dst = blocks_.back().get() + block_used_;
    if (!name.empty()) std::memcpy(dst, name.data(), name.size());
    block_used_ += name.size();
    return {dst, name.size()};
}

Id Interner::intern(std::string_view name) {
    if (auto it = index_.find(name); it != index_.end()) return it->second;
    const Id id = static_cast<Id>(names_.size());
    const std::string_view stored = store(name);
    names_.push_back(stored);
    index_.emplace(stored, id);
    return id;
}

Id Interner::find(std::string_view name) const {
    auto it = index_.find(name);
    return it == index_.end() ? kNoId : it->second;
}

void Interner::reserve(std::size_t n) {
    names_.reserve(n);
    index_.reserve(n);
}

std::size_t Interner::memory_bytes() const {
    return arena_bytes_ + names_.capacity() * sizeof(std::string_view) +
           index_.bucket_count() * sizeof(void*) + index_.size() * (sizeof(std::string_view) + sizeof(Id) + 2 * sizeof(void*));
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
    for (const auto& space : spaces_) total += space.memory_bytes();
    for (const auto& map : labels_)
        for (const auto& [id, text] : map) total += sizeof(id) + text.capacity() + 4 * sizeof(void*);
    return total;
}

} // namespace kbcx::kg
