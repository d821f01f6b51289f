// Joins over a knowledge graph for the benchmark generator (core/bench/generator.cpp): fact keys,
// each rule's new conclusions, grounding checks, support constants, random groundings, sampling.
#pragma once

#include "bench/generator.hpp"
#include "rules/support.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace kbcx::bench::joins {

using rules::CAtom;
using rules::CRule;
using rules::CTerm;
using rules::FactAccess;

/// splitmix64's finaliser: the hash behind every seeded choice of the generator.
inline std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/// A small portable generator (splitmix64 stream): the same numbers on every platform.
struct Rng {
    std::uint64_t state;
    std::uint64_t next() { return mix(state++); }
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }
};

/// A fact as a hashable key.
struct Key {
    std::uint64_t a = 0, b = 0;
    friend bool operator==(const Key&, const Key&) = default;
};

struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept { return static_cast<std::size_t>(mix(k.a ^ mix(k.b))); }
};

inline Key key_of(const GroundFact& f) {
    return {(std::uint64_t{f.unary} << 63) | (std::uint64_t{f.pred} << 32) | f.s, f.unary ? 0 : f.o};
}

/// A set of fact keys: open addressing with linear probing in one array (no node per key);
/// a.b = ~0 marks an empty slot (no fact key has it: b is an entity id or 0).
class KeySet {
  public:
    /// Inserts `k`; {_, false} when it was already there (the shape of std::unordered_set's).
    std::pair<std::size_t, bool> insert(const Key& k) {
        if ((size_ + 1) * 2 > slots_.size()) grow();
        std::size_t i = slot(k);
        while (slots_[i].b != kEmpty) {
            if (slots_[i] == k) return {i, false};
            i = (i + 1) & (slots_.size() - 1);
        }
        slots_[i] = k;
        ++size_;
        return {i, true};
    }
    std::size_t count(const Key& k) const {
        if (slots_.empty()) return 0;
        for (std::size_t i = slot(k);; i = (i + 1) & (slots_.size() - 1)) {
            if (slots_[i].b == kEmpty) return 0;
            if (slots_[i] == k) return 1;
        }
    }

  private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    std::size_t slot(const Key& k) const { return KeyHash{}(k) & (slots_.size() - 1); }
    void grow() {
        std::vector<Key> old = std::move(slots_);
        slots_.assign(old.empty() ? 1024 : old.size() * 2, Key{0, kEmpty});
        size_ = 0;
        for (const Key& k : old)
            if (k.b != kEmpty) insert(k);
    }
    std::vector<Key> slots_;
    std::size_t size_ = 0;
};

/// Packs the constants of a head instance (binary: s,o; unary: s).
inline std::uint64_t head_key(const GroundFact& f) {
    return f.unary ? f.s : rules::pack(f.s, f.o);
}

/// The head instance of `head` a head key packs (the inverse of head_key).
inline GroundFact from_head_key(const CAtom& head, std::uint64_t k) {
    if (head.unary) return {true, head.pred, static_cast<kg::Id>(k), 0};
    return {false, head.pred, rules::hi32(k), rules::lo32(k)};
}

/// Distinct head instances (as head keys) of the supports of `rule` that are not facts of K;
/// `constants` (if given) receives the values the variables in `var_mask` take in the supports.
std::vector<std::uint64_t> new_heads(const CRule& rule, const FactAccess& facts, unsigned threads,
                                     jobs::JobContext& ctx, std::vector<kg::Id>* constants,
                                     std::uint64_t var_mask = ~std::uint64_t{0});

/// Whether every inequality whose two sides are bound holds.
bool inequalities_hold(const CRule& r, const std::vector<kg::Id>& b);

/// Binds the terms of atom `a` to (s, o) in `b`, recording newly bound variables in `fresh`.
/// False (and nothing left bound) when a bound term or a constant disagrees.
bool bind_atom(const CAtom& a, kg::Id s, kg::Id o, std::vector<kg::Id>& b, std::array<std::uint32_t, 2>& fresh,
               int& nfresh);

/// Whether the body atoms in `pending` have a grounding over K extending the binding `b` (kNoId =
/// unbound) under the rule's inequalities: a backtracking join, most-bound atom first, stopping at
/// the first grounding. `b` is restored before returning.
bool exists_grounding(const kg::FactStore& K, const CRule& r, std::uint32_t pending, std::vector<kg::Id>& b);

/// derives() over K alone without building a join plan: one application of `r` derives `fact`.
/// `b` is scratch space (any content; left all unbound).
bool derives_in(const kg::FactStore& K, const CRule& r, const GroundFact& fact, std::vector<kg::Id>& b);

/// Whether body atom `i` has as argument variables exactly the head's distinct variables.
bool covers_head(const CRule& r, std::size_t i);

/// Index of a body atom whose two (one, for a unary head) argument variables are exactly the
/// head's distinct variables, or -1. The facts of such an atom give each head instance once, so
/// T_r(K) is those facts that extend to a support (a semi-join, no enumeration of all supports).
int head_cover_atom(const CRule& r);

/// Distinct new heads of `r` by the semi-join over its head-covering atom `cover` (see
/// head_cover_atom), in parallel chunks of that atom's subjects; sorted head keys.
std::vector<std::uint64_t> new_heads_semijoin(const CRule& r, int cover, const kg::FactStore& K, unsigned threads,
                                              jobs::JobContext& ctx);

/// The constants of the supports of `r` (every value a body variable in `var_mask` takes in some
/// support), sorted: per variable, each value of one of its atom positions in K that extends to a
/// support (an existence check per value instead of enumerating all supports).
std::vector<kg::Id> support_constants(const CRule& r, const kg::FactStore& K, unsigned threads, jobs::JobContext& ctx,
                                      std::uint64_t var_mask = ~std::uint64_t{0});

/// Uniform random fact ids per relation: the first fact id of each relation in K.
struct FactIndex {
    std::vector<std::size_t> first;
    explicit FactIndex(const kg::FactStore& K) : first(K.num_relations() + 1, 0) {
        for (kg::Id r = 0; r < K.num_relations(); ++r)
            first[r + 1] = first[r] + K.relation_size(r);
    }
};

/// One random grounding of the body of `r` extending `b`: each atom in turn (most-bound first)
/// takes a uniformly drawn fact consistent with the binding (among the neighbours of a bound
/// argument, or among all facts of its predicate); inequalities are checked as variables are
/// bound. False when a draw finds no candidate or breaks an inequality (the walk does not
/// backtrack: the caller retries within its attempt budget). On success `b` binds every body
/// variable, so ground(r.head, b) is a conclusion of `r` with this grounding as its support.
bool random_grounding(const kg::FactStore& K, const FactIndex& index, const CRule& r, std::vector<kg::Id>& b, Rng& rng);

/// The `k` keys of smallest hash under `salt` (ties by key), in that order.
std::vector<std::uint64_t> bottom_k(const std::vector<std::uint64_t>& keys, std::size_t k, std::uint64_t salt);

/// Above this many candidates a uniform draw rejects instead of listing them all.
constexpr std::uint64_t kListLimit = std::uint64_t{1} << 22;

/// Picks up to `n` of `cands` uniformly without replacement (a partial Fisher–Yates), in draw order.
template <class T> std::vector<T> pick(std::vector<T>& cands, std::size_t n, Rng& rng) {
    n = std::min(n, cands.size());
    for (std::size_t i = 0; i < n; ++i)
        std::swap(cands[i], cands[i + rng.below(cands.size() - i)]);
    return {cands.begin(), cands.begin() + static_cast<std::ptrdiff_t>(n)};
}

} // namespace kbcx::bench::joins
