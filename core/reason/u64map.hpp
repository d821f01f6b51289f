// A small open-addressing hash map from 64-bit keys to 32-bit values (linear probing with
// backward-shift deletion), used for the per-context subsumer and link sets of the reasoner.
#pragma once

#include <cstdint>
#include <vector>

namespace kbcx::reason {

class U64Map {
  public:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    static constexpr std::uint32_t kMissing = ~std::uint32_t{0};

    /// Inserts key → value if absent; returns true if inserted.
    bool insert(std::uint64_t key, std::uint32_t value) {
        if ((size_ + 1) * 4 > slots_.size() * 3) grow();
        std::size_t i = slot(key);
        while (slots_[i].key != kEmpty) {
            if (slots_[i].key == key) return false;
            i = (i + 1) & mask_;
        }
        slots_[i] = {key, value};
        ++size_;
        return true;
    }
    std::uint32_t find(std::uint64_t key) const {
        if (slots_.empty()) return kMissing;
        std::size_t i = slot(key);
        while (slots_[i].key != kEmpty) {
            if (slots_[i].key == key) return slots_[i].value;
            i = (i + 1) & mask_;
        }
        return kMissing;
    }
    bool contains(std::uint64_t key) const { return find(key) != kMissing; }
    void erase(std::uint64_t key) {
        if (slots_.empty()) return;
        std::size_t i = slot(key);
        while (slots_[i].key != key) {
            if (slots_[i].key == kEmpty) return;
            i = (i + 1) & mask_;
        }
        // Backward-shift deletion keeps probe sequences intact without tombstones.
        std::size_t j = i;
        for (;;) {
            j = (j + 1) & mask_;
            if (slots_[j].key == kEmpty) break;
            const std::size_t home = slot(slots_[j].key);
            const bool movable = (j > i) ? (home <= i || home > j) : (home <= i && home > j);
            if (movable) {
                slots_[i] = slots_[j];
                i = j;
            }
        }
        slots_[i].key = kEmpty;
        --size_;
    }
    std::size_t size() const { return size_; }
    std::size_t memory_bytes() const { return slots_.capacity() * sizeof(Slot); }

  private:
    struct Slot {
        std::uint64_t key;
        std::uint32_t value;
    };
    std::size_t slot(std::uint64_t key) const {
        std::uint64_t h = key * 0x9E3779B97F4A7C15ull;
        return static_cast<std::size_t>(h >> 20) & mask_;
    }
    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        const std::size_t cap = old.empty() ? 8 : old.size() * 2;
        slots_.assign(cap, Slot{kEmpty, 0});
        mask_ = cap - 1;
        size_ = 0;
        for (const Slot& s : old)
            if (s.key != kEmpty) insert(s.key, s.value);
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

} // namespace kbcx::reason
