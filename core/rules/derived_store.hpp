// Growable storage for derived facts beside the immutable input FactStore: per predicate,
// sorted key arrays (an "old" part and the last round's "delta") with fact ids, ≈ 20 bytes a fact.
#pragma once

#include "kg/fact_store.hpp"
#include "rules/program.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace kbcx::rules {

/// Derived facts of one binary relation: `so` sorted (s<<32|o) with the fact id of each entry
/// in `so_id`, and the mirror `os` sorted (o<<32|s) for lookups by object.
struct BinaryPart {
    std::vector<std::uint64_t> so;
    std::vector<std::uint32_t> so_id;
    std::vector<std::uint64_t> os;
    std::size_t size() const noexcept { return so.size(); }
    std::size_t bytes() const noexcept { return so.capacity() * 8 + so_id.capacity() * 4 + os.capacity() * 8; }
};

/// Derived facts of one type: sorted entities with their fact ids.
struct UnaryPart {
    std::vector<std::uint32_t> m;
    std::vector<std::uint32_t> id;
    std::size_t size() const noexcept { return m.size(); }
    std::size_t bytes() const noexcept { return m.capacity() * 4 + id.capacity() * 4; }
};

inline std::uint64_t pack(kg::Id hi, kg::Id lo) {
    return (std::uint64_t{hi} << 32) | lo;
}
inline kg::Id lo32(std::uint64_t k) {
    return static_cast<kg::Id>(k & 0xFFFFFFFFu);
}
inline kg::Id hi32(std::uint64_t k) {
    return static_cast<kg::Id>(k >> 32);
}

/// Range of the entries of a sorted packed array whose high half equals `hi`.
inline std::span<const std::uint64_t> key_range(const std::vector<std::uint64_t>& v, kg::Id hi) {
    const auto b = std::lower_bound(v.begin(), v.end(), pack(hi, 0));
    auto e = b;
    // Most groups are short: scan a few entries before falling back to binary search.
    int steps = 0;
    while (e != v.end() && hi32(*e) == hi && steps < 16)
        ++e, ++steps;
    if (e != v.end() && hi32(*e) == hi) e = std::upper_bound(e, v.end(), pack(hi, 0xFFFFFFFFu));
    return {v.data() + (b - v.begin()), static_cast<std::size_t>(e - b)};
}

/// The derived facts of a materialisation in progress or finished. Fact ids: the input's
/// binary facts keep their FactStore ids [0, Nb); its type facts are Nb + position in the
/// type index [Nb, Nb+Nt); derived facts follow from Nb+Nt in derivation order.
struct DerivedStore {
    std::vector<BinaryPart> bin_old, bin_delta;
    std::vector<UnaryPart> un_old, un_delta;

    void resize(std::size_t relations, std::size_t types) {
        bin_old.resize(relations);
        bin_delta.resize(relations);
        un_old.resize(types);
        un_delta.resize(types);
    }
    std::size_t bytes() const {
        std::size_t b = 0;
        for (const auto& p : bin_old)
            b += p.bytes();
        for (const auto& p : bin_delta)
            b += p.bytes();
        for (const auto& p : un_old)
            b += p.bytes();
        for (const auto& p : un_delta)
            b += p.bytes();
        return b;
    }
};

/// Which facts an atom of a join may match: the input plus facts derived before the last
/// round (Old), the last round's new facts (Delta), or both (Full).
enum Source : std::uint8_t { kOld = 1, kDelta = 2, kFull = 3 };

/// Read access to input + derived facts, with the lookups a join needs.
class FactAccess {
  public:
    FactAccess(const kg::FactStore& base, const DerivedStore* derived) : base_(&base), d_(derived) {
        nb_ = base.num_facts();
        nt_ = base.num_type_facts();
        type_base_ = nt_ > 0 ? base.instances(0).data() : nullptr;
    }

    const kg::FactStore& base() const { return *base_; }
    std::uint64_t num_base_facts() const { return nb_ + nt_; }

    template <class F> void for_objects(kg::Id r, kg::Id s, std::uint8_t src, F&& f) const {
        if (src & kOld) {
            if (r < base_->num_relations())
                for (kg::Id o : base_->objects(r, s))
                    f(o);
            if (d_ && r < d_->bin_old.size())
                for (std::uint64_t k : key_range(d_->bin_old[r].so, s))
                    f(lo32(k));
        }
        if ((src & kDelta) && d_ && r < d_->bin_delta.size())
            for (std::uint64_t k : key_range(d_->bin_delta[r].so, s))
                f(lo32(k));
    }
    template <class F> void for_subjects(kg::Id r, kg::Id o, std::uint8_t src, F&& f) const {
        if (src & kOld) {
            if (r < base_->num_relations())
                for (kg::Id s : base_->subjects(r, o))
                    f(s);
            if (d_ && r < d_->bin_old.size())
                for (std::uint64_t k : key_range(d_->bin_old[r].os, o))
                    f(lo32(k));
        }
        if ((src & kDelta) && d_ && r < d_->bin_delta.size())
            for (std::uint64_t k : key_range(d_->bin_delta[r].os, o))
                f(lo32(k));
    }
    template <class F> void for_pairs(kg::Id r, std::uint8_t src, F&& f) const {
        if (src & kOld) {
            if (r < base_->num_relations())
                for (kg::Id s : base_->subjects_of(r))
                    for (kg::Id o : base_->objects(r, s))
                        f(s, o);
            if (d_ && r < d_->bin_old.size())
                for (std::uint64_t k : d_->bin_old[r].so)
                    f(hi32(k), lo32(k));
        }
        if ((src & kDelta) && d_ && r < d_->bin_delta.size())
            for (std::uint64_t k : d_->bin_delta[r].so)
                f(hi32(k), lo32(k));
    }
    template <class F> void for_members(kg::Id t, std::uint8_t src, F&& f) const {
        if (src & kOld) {
            if (t < base_->num_types())
                for (kg::Id e : base_->instances(t))
                    f(e);
            if (d_ && t < d_->un_old.size())
                for (kg::Id e : d_->un_old[t].m)
                    f(e);
        }
        if ((src & kDelta) && d_ && t < d_->un_delta.size())
            for (kg::Id e : d_->un_delta[t].m)
                f(e);
    }

    bool contains2(kg::Id r, kg::Id s, kg::Id o, std::uint8_t src) const {
        if (src & kOld) {
            if (r < base_->num_relations() && base_->contains(s, r, o)) return true;
            if (d_ && r < d_->bin_old.size() && sorted_has(d_->bin_old[r].so, pack(s, o))) return true;
        }
        return (src & kDelta) && d_ && r < d_->bin_delta.size() && sorted_has(d_->bin_delta[r].so, pack(s, o));
    }
    bool contains1(kg::Id t, kg::Id e, std::uint8_t src) const {
        if (src & kOld) {
            if (t < base_->num_types() && base_->has_type(e, t)) return true;
            if (d_ && t < d_->un_old.size() && sorted_has(d_->un_old[t].m, e)) return true;
        }
        return (src & kDelta) && d_ && t < d_->un_delta.size() && sorted_has(d_->un_delta[t].m, e);
    }
    bool contains(const GroundFact& f) const {
        return f.unary ? contains1(f.pred, f.s, kFull) : contains2(f.pred, f.s, f.o, kFull);
    }

    /// Fact id of a fact present in input or derived facts, else UINT64_MAX.
    std::uint64_t id_of(const GroundFact& f) const {
        if (f.unary) {
            if (f.pred < base_->num_types()) {
                const auto m = base_->instances(f.pred);
                auto it = std::lower_bound(m.begin(), m.end(), f.s);
                if (it != m.end() && *it == f.s) return nb_ + static_cast<std::uint64_t>(&*it - type_base_);
            }
            if (d_ && f.pred < d_->un_old.size()) {
                for (const UnaryPart* p : {&d_->un_old[f.pred], &d_->un_delta[f.pred]}) {
                    auto it = std::lower_bound(p->m.begin(), p->m.end(), f.s);
                    if (it != p->m.end() && *it == f.s) return p->id[static_cast<std::size_t>(it - p->m.begin())];
                }
            }
            return UINT64_MAX;
        }
        if (f.pred < base_->num_relations()) {
            const std::size_t id = base_->fact_id(f.s, f.pred, f.o);
            if (id != kg::kNoId) return id;
        }
        if (d_ && f.pred < d_->bin_old.size()) {
            for (const BinaryPart* p : {&d_->bin_old[f.pred], &d_->bin_delta[f.pred]}) {
                const std::uint64_t k = pack(f.s, f.o);
                auto it = std::lower_bound(p->so.begin(), p->so.end(), k);
                if (it != p->so.end() && *it == k) return p->so_id[static_cast<std::size_t>(it - p->so.begin())];
            }
        }
        return UINT64_MAX;
    }

    /// The input fact with id < num_base_facts().
    GroundFact base_fact(std::uint64_t id) const {
        if (id < nb_) {
            const kg::Triple t = base_->fact(id);
            return {false, t.r, t.s, t.o};
        }
        const std::size_t pos = id - nb_;
        // Find the type whose member range holds pos.
        std::size_t lo = 0, hi = base_->num_types();
        while (hi - lo > 1) {
            const std::size_t mid = (lo + hi) / 2;
            if (static_cast<std::size_t>(base_->instances(static_cast<kg::Id>(mid)).data() - type_base_) <= pos)
                lo = mid;
            else
                hi = mid;
        }
        // Skip empty types that share the same start.
        kg::Id t = static_cast<kg::Id>(lo);
        while (base_->instances(t).empty() ||
               static_cast<std::size_t>(base_->instances(t).data() - type_base_) + base_->instances(t).size() <= pos)
            ++t;
        return {true, t, type_base_[pos], 0};
    }

    /// Size estimate of a predicate for join ordering.
    std::size_t size(bool unary, kg::Id p, std::uint8_t src) const {
        std::size_t n = 0;
        if (unary) {
            if (src & kOld) {
                if (p < base_->num_types()) n += base_->instances(p).size();
                if (d_ && p < d_->un_old.size()) n += d_->un_old[p].size();
            }
            if ((src & kDelta) && d_ && p < d_->un_delta.size()) n += d_->un_delta[p].size();
        } else {
            if (src & kOld) {
                if (p < base_->num_relations()) n += base_->relation_size(p);
                if (d_ && p < d_->bin_old.size()) n += d_->bin_old[p].size();
            }
            if ((src & kDelta) && d_ && p < d_->bin_delta.size()) n += d_->bin_delta[p].size();
        }
        return n;
    }

  private:
    template <class T> static bool sorted_has(const std::vector<T>& v, T x) {
        return std::binary_search(v.begin(), v.end(), x);
    }
    const kg::FactStore* base_;
    const DerivedStore* d_;
    std::uint64_t nb_ = 0, nt_ = 0;
    const kg::Id* type_base_ = nullptr;
};

} // namespace kbcx::rules
