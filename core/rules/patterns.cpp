// Candidate enumeration per pattern. Counting works on adjacency built once from the CSR
// indexes: per node the relations entering and leaving it (composition), per pair of nodes
// the relations between them (intersection, triangle, diamond). Only tuples met in the data count.
#include "rules/patterns.hpp"

#include "common/error.hpp"
#include "rules/parallel.hpp"
#include "rules/program.hpp"
#include "rules/support.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <unordered_map>

namespace kbcx::rules {

namespace {

struct PatternInfo {
    Pattern p;
    std::string_view name;
    std::string_view tmpl;
};

constexpr PatternInfo kPatterns[] = {
    {Pattern::Symmetry, "symmetry", "R(x,y) -> R(y,x)"},
    {Pattern::Inversion, "inversion", "R(x,y) -> S(y,x)"},
    {Pattern::Hierarchy, "hierarchy", "R(x,y) -> S(x,y)"},
    {Pattern::Intersection, "intersection", "R(x,y), S(x,y) -> T(x,y)"},
    {Pattern::Composition, "composition", "R(x,y), S(y,z) -> T(x,z)"},
    {Pattern::Triangle, "triangle", "R(x,y), S(x,z), T(y,z), x!=y, y!=z, x!=z -> P(x,y)"},
    {Pattern::Diamond, "diamond", "R(x,y), S(x,z), T(y,w), P(z,w), all distinct -> Q(x,y)"},
    {Pattern::TypeHierarchy, "type-hierarchy", "A(x) -> B(x)"},
    {Pattern::Domain, "domain", "R(x,y) -> A(x)"},
    {Pattern::Range, "range", "R(x,y) -> A(y)"},
};

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

using Tuple = std::array<kg::Id, 4>;

struct Candidate {
    Tuple preds{};
    std::uint64_t support = 0;
};

/// Per node: (neighbour, relation) pairs sorted, as CSR.
struct Adjacency {
    std::vector<std::uint64_t> begin;
    std::vector<std::pair<kg::Id, kg::Id>> items;
    std::span<const std::pair<kg::Id, kg::Id>> of(kg::Id v) const {
        return {items.data() + begin[v], items.data() + begin[v + 1]};
    }
};

Adjacency adjacency(const kg::FactStore& f, bool outgoing) {
    Adjacency a;
    const std::size_t n = f.num_entities();
    a.begin.assign(n + 1, 0);
    f.for_each_fact([&](const kg::Triple& t) { ++a.begin[(outgoing ? t.s : t.o) + 1]; });
    for (std::size_t i = 0; i < n; ++i)
        a.begin[i + 1] += a.begin[i];
    a.items.resize(f.num_facts());
    std::vector<std::uint64_t> cur(a.begin.begin(), a.begin.end() - 1);
    f.for_each_fact([&](const kg::Triple& t) {
        if (outgoing)
            a.items[cur[t.s]++] = {t.o, t.r};
        else
            a.items[cur[t.o]++] = {t.s, t.r};
    });
    for (std::size_t v = 0; v < n; ++v)
        std::sort(a.items.begin() + static_cast<std::ptrdiff_t>(a.begin[v]),
                  a.items.begin() + static_cast<std::ptrdiff_t>(a.begin[v + 1]));
    return a;
}

/// Merges two sorted (neighbour, relation) lists on the neighbour; calls fn(v, groupA, groupB).
template <class Fn>
void join_on_neighbour(std::span<const std::pair<kg::Id, kg::Id>> a, std::span<const std::pair<kg::Id, kg::Id>> b,
                       Fn&& fn) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].first < b[j].first)
            ++i;
        else if (b[j].first < a[i].first)
            ++j;
        else {
            const kg::Id v = a[i].first;
            std::size_t i2 = i, j2 = j;
            while (i2 < a.size() && a[i2].first == v)
                ++i2;
            while (j2 < b.size() && b[j2].first == v)
                ++j2;
            fn(v, a.subspan(i, i2 - i), b.subspan(j, j2 - j));
            i = i2;
            j = j2;
        }
    }
}

/// Counts per 64-bit key in one open-addressing table (linear probing, power-of-two size, key
/// ~0 marks an empty slot); far fewer allocations and cache misses than a node-based map.
class FlatCount {
  public:
    void add(std::uint64_t key, std::uint64_t delta) {
        if ((size_ + 1) * 4 > keys_.size() * 3) grow();
        std::size_t i = slot(key);
        while (keys_[i] != kEmpty && keys_[i] != key)
            i = (i + 1) & (keys_.size() - 1);
        if (keys_[i] == kEmpty) {
            keys_[i] = key;
            ++size_;
        }
        values_[i] += delta;
    }
    template <class Fn> void for_each(Fn&& fn) const {
        for (std::size_t i = 0; i < keys_.size(); ++i)
            if (keys_[i] != kEmpty) fn(keys_[i], values_[i]);
    }

  private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    std::size_t slot(std::uint64_t key) const { return splitmix(key) & (keys_.size() - 1); }
    void grow() {
        std::vector<std::uint64_t> keys = std::move(keys_), values = std::move(values_);
        const std::size_t cap = keys.empty() ? 1024 : keys.size() * 2;
        keys_.assign(cap, kEmpty);
        values_.assign(cap, 0);
        size_ = 0;
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (keys[i] != kEmpty) {
                std::size_t j = slot(keys[i]);
                while (keys_[j] != kEmpty)
                    j = (j + 1) & (cap - 1);
                keys_[j] = keys[i];
                values_[j] = values[i];
                ++size_;
            }
    }
    std::vector<std::uint64_t> keys_, values_;
    std::size_t size_ = 0;
};

using CountMap = std::unordered_map<std::uint64_t, std::uint64_t>;

std::vector<Candidate> from_map(const CountMap& m, int arity, int bits) {
    std::vector<Candidate> out;
    out.reserve(m.size());
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    for (const auto& [k, v] : m) {
        Candidate c;
        for (int i = 0; i < arity; ++i)
            c.preds[static_cast<std::size_t>(i)] = static_cast<kg::Id>((k >> (bits * (arity - 1 - i))) & mask);
        c.support = v;
        out.push_back(c);
    }
    return out;
}

CountMap merge_maps(std::vector<CountMap>& maps) {
    CountMap total;
    for (auto& m : maps)
        for (const auto& [k, v] : m)
            total[k] += v;
    return total;
}

std::vector<Candidate> candidates(const kg::KnowledgeGraph& g, Pattern p, unsigned threads, jobs::JobContext& ctx) {
    const kg::FactStore& f = g.facts;
    const std::size_t R = f.num_relations();
    std::vector<Candidate> out;
    switch (p) {
    case Pattern::Symmetry:
    case Pattern::Inversion:
    case Pattern::Hierarchy:
    case Pattern::Domain:
    case Pattern::Range:
        for (kg::Id r = 0; r < R; ++r)
            if (f.relation_size(r) > 0) out.push_back({{r, 0, 0, 0}, f.relation_size(r)});
        return out;
    case Pattern::TypeHierarchy:
        for (kg::Id t = 0; t < f.num_types(); ++t)
            if (!f.instances(t).empty()) out.push_back({{t, 0, 0, 0}, f.instances(t).size()});
        return out;
    case Pattern::Intersection: {
        std::vector<std::pair<std::uint64_t, kg::Id>> pairs;
        pairs.reserve(f.num_facts());
        f.for_each_fact([&](const kg::Triple& t) { pairs.push_back({(std::uint64_t{t.s} << 32) | t.o, t.r}); });
        parallel_sort(pairs.begin(), pairs.end(), threads, std::less<>());
        CountMap m;
        for (std::size_t i = 0; i < pairs.size();) {
            std::size_t j = i;
            while (j < pairs.size() && pairs[j].first == pairs[i].first)
                ++j;
            for (std::size_t a = i; a < j; ++a)
                for (std::size_t b = i; b < j; ++b)
                    if (a != b) ++m[(std::uint64_t{pairs[a].second} << 32) | pairs[b].second];
            i = j;
        }
        return from_map(m, 2, 32);
    }
    case Pattern::Composition: {
        // Per middle node y: relations entering y × relations leaving y, weighted by degrees.
        const Adjacency in = adjacency(f, false), outa = adjacency(f, true);
        const std::size_t n = f.num_entities();
        const bool dense = R <= 2048;
        const std::size_t parts =
            std::min<std::size_t>(std::max<std::size_t>(threads, 1) * 8, std::max<std::size_t>(n, 1));
        std::vector<std::vector<std::uint64_t>> mats(dense ? parts : 0);
        std::vector<CountMap> maps(dense ? 0 : parts);
        parallel_for(parts, threads, [&](std::size_t part) {
            std::vector<std::pair<kg::Id, std::uint32_t>> ins, outs;
            if (dense) mats[part].assign(R * R, 0);
            for (std::size_t y = n * part / parts; y < n * (part + 1) / parts; ++y) {
                if ((y & 4095) == 0 && ctx.stop_requested()) return;
                // Relation degrees at y (items are sorted by neighbour, so count per relation).
                auto degrees = [](std::span<const std::pair<kg::Id, kg::Id>> items,
                                  std::vector<std::pair<kg::Id, std::uint32_t>>& d) {
                    d.clear();
                    for (const auto& it : items)
                        d.push_back({it.second, 1});
                    std::sort(d.begin(), d.end());
                    std::size_t w = 0;
                    for (std::size_t i = 0; i < d.size(); ++i) {
                        if (w > 0 && d[w - 1].first == d[i].first)
                            ++d[w - 1].second;
                        else
                            d[w++] = d[i];
                    }
                    d.resize(w);
                };
                const auto iy = in.of(static_cast<kg::Id>(y));
                const auto oy = outa.of(static_cast<kg::Id>(y));
                if (iy.empty() || oy.empty()) continue;
                degrees(iy, ins);
                degrees(oy, outs);
                for (const auto& [r, dr] : ins)
                    for (const auto& [s, ds] : outs) {
                        const std::uint64_t w = std::uint64_t{dr} * ds;
                        if (dense)
                            mats[part][std::size_t{r} * R + s] += w;
                        else
                            maps[part][(std::uint64_t{r} << 32) | s] += w;
                    }
            }
        });
        ctx.throw_if_stopped();
        if (dense) {
            for (std::size_t i = 0; i < R * R; ++i) {
                std::uint64_t sum = 0;
                for (const auto& m : mats)
                    sum += m[i];
                if (sum) out.push_back({{static_cast<kg::Id>(i / R), static_cast<kg::Id>(i % R), 0, 0}, sum});
            }
            return out;
        }
        CountMap total = merge_maps(maps);
        return from_map(total, 2, 32);
    }
    case Pattern::Triangle: {
        if (R >= (1u << 21)) throw InputError("", "triangle pattern: more than 2^21 relations");
        const Adjacency in = adjacency(f, false);
        std::vector<kg::Triple> facts;
        facts.reserve(f.num_facts());
        f.for_each_fact([&](const kg::Triple& t) { facts.push_back(t); });
        const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(facts.size() / 512 + 1, 4096));
        std::vector<CountMap> maps(parts);
        std::atomic<std::size_t> done{0};
        parallel_for(parts, threads, [&](std::size_t part) {
            if (ctx.stop_requested()) return;
            CountMap& m = maps[part];
            for (std::size_t i = facts.size() * part / parts; i < facts.size() * (part + 1) / parts; ++i) {
                const kg::Triple& t = facts[i]; // T(y, z)
                if (t.s == t.o) continue;
                join_on_neighbour(in.of(t.s), in.of(t.o), [&](kg::Id x, auto ga, auto gb) {
                    if (x == t.s || x == t.o) return;
                    for (const auto& [x1, r] : ga)
                        for (const auto& [x2, s] : gb)
                            m[(std::uint64_t{r} << 42) | (std::uint64_t{s} << 21) | t.r]++;
                });
            }
            ctx.report(done.fetch_add(1) + 1, parts, "Counting triangles");
        });
        ctx.throw_if_stopped();
        CountMap total = merge_maps(maps);
        return from_map(total, 3, 21);
    }
    case Pattern::Diamond: {
        if (R >= (1u << 16)) throw InputError("", "diamond pattern: more than 65536 relations");
        // Per (x, w): A[(r,t)] = #{y ∉ {x,w} : r(x,y), t(y,w)}. Then the diamonds of (r,s,t,q)
        // through x and w number A[(r,t)]·A[(s,q)] − #{y : both label pairs through y} (y = z
        // excluded), so work is per distinct label pair, not per pair of 2-paths.
        const Adjacency outa = adjacency(f, true);
        const std::size_t n = f.num_entities();
        const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(n / 64 + 1, 4096));
        std::vector<FlatCount> pool;
        std::vector<std::size_t> free_maps;
        std::mutex pool_mutex;
        const unsigned workers = std::max(1u, threads);
        pool.resize(workers);
        for (std::size_t i = 0; i < workers; ++i)
            free_maps.push_back(i);
        std::atomic<std::size_t> done{0};
        parallel_for(parts, threads, [&](std::size_t part) {
            if (ctx.stop_requested()) return;
            std::size_t slot = 0;
            {
                std::lock_guard<std::mutex> lock(pool_mutex);
                slot = free_maps.back();
                free_maps.pop_back();
            }
            FlatCount& m = pool[slot];
            struct Path {
                kg::Id w, y;
                std::uint32_t label; // r << 16 | t
            };
            std::vector<Path> paths;
            std::vector<std::pair<std::uint32_t, std::uint64_t>> a;
            std::vector<std::uint32_t> labels;
            for (std::size_t xi = n * part / parts; xi < n * (part + 1) / parts; ++xi) {
                const kg::Id x = static_cast<kg::Id>(xi);
                paths.clear();
                for (const auto& [y, r] : outa.of(x)) {
                    if (y == x) continue;
                    for (const auto& [w, t] : outa.of(y))
                        if (w != x && w != y) paths.push_back({w, y, (std::uint32_t{r} << 16) | t});
                }
                std::sort(paths.begin(), paths.end(), [](const Path& p1, const Path& p2) {
                    if (p1.w != p2.w) return p1.w < p2.w;
                    if (p1.y != p2.y) return p1.y < p2.y;
                    return p1.label < p2.label;
                });
                auto key = [](std::uint32_t rt, std::uint32_t sq) {
                    return (std::uint64_t{rt >> 16} << 48) | (std::uint64_t{sq >> 16} << 32) |
                           (std::uint64_t{rt & 0xFFFFu} << 16) | (sq & 0xFFFFu);
                };
                for (std::size_t i = 0; i < paths.size();) {
                    std::size_t j = i;
                    while (j < paths.size() && paths[j].w == paths[i].w)
                        ++j;
                    // A over the group, and the y = z corrections per middle node.
                    labels.clear();
                    for (std::size_t k = i; k < j; ++k)
                        labels.push_back(paths[k].label);
                    std::sort(labels.begin(), labels.end());
                    a.clear();
                    for (auto l : labels) {
                        if (!a.empty() && a.back().first == l)
                            ++a.back().second;
                        else
                            a.push_back({l, 1});
                    }
                    for (const auto& [l1, c1] : a)
                        for (const auto& [l2, c2] : a)
                            m.add(key(l1, l2), c1 * c2);
                    for (std::size_t k = i; k < j;) {
                        std::size_t k2 = k;
                        while (k2 < j && paths[k2].y == paths[k].y)
                            ++k2;
                        // Unsigned wrap-around: every subtracted pair was added above.
                        for (std::size_t u = k; u < k2; ++u)
                            for (std::size_t v2 = k; v2 < k2; ++v2)
                                m.add(key(paths[u].label, paths[v2].label), ~std::uint64_t{0});
                        k = k2;
                    }
                    i = j;
                }
                if (ctx.stop_requested()) break;
            }
            {
                std::lock_guard<std::mutex> lock(pool_mutex);
                free_maps.push_back(slot);
            }
            ctx.report(done.fetch_add(1) + 1, parts, "Counting diamonds");
        });
        ctx.throw_if_stopped();
        FlatCount total;
        for (auto& m : pool) {
            m.for_each([&](std::uint64_t k, std::uint64_t v) { total.add(k, v); });
            m = FlatCount();
        }
        const std::uint64_t mask = 0xFFFF;
        total.for_each([&](std::uint64_t k, std::uint64_t v) {
            if (v == 0) return;
            Candidate c;
            for (int i = 0; i < 4; ++i)
                c.preds[static_cast<std::size_t>(i)] = static_cast<kg::Id>((k >> (16 * (3 - i))) & mask);
            c.support = v;
            out.push_back(c);
        });
        return out;
    }
    }
    return out;
}

int body_arity(Pattern p) {
    switch (p) {
    case Pattern::Intersection:
    case Pattern::Composition: return 2;
    case Pattern::Triangle: return 3;
    case Pattern::Diamond: return 4;
    default: return 1;
    }
}

Term v(const char* n) {
    return Term::var(n);
}

Atom atom2(std::string pred, const char* a, const char* b) {
    return Atom{std::move(pred), {v(a), v(b)}, {}};
}
Atom atom1(std::string pred, const char* a) {
    return Atom{std::move(pred), {v(a)}, {}};
}

} // namespace

std::string_view pattern_name(Pattern p) {
    for (const auto& i : kPatterns)
        if (i.p == p) return i.name;
    return "?";
}

std::string_view pattern_template(Pattern p) {
    for (const auto& i : kPatterns)
        if (i.p == p) return i.tmpl;
    return "?";
}

std::optional<Pattern> parse_pattern(std::string_view name) {
    for (const auto& i : kPatterns)
        if (i.name == name) return i.p;
    return std::nullopt;
}

namespace {

/// A template atom: predicate placeholder (0 = the head's) and variables 0..3 (x, y, z, w).
struct TAtom {
    int pred;
    std::array<int, 2> v;
    int arity;
};
struct Template {
    Pattern p;
    TAtom head;
    std::vector<TAtom> body;
};

const std::vector<Template>& templates() {
    static const std::vector<Template> t = {
        {Pattern::Symmetry, {1, {1, 0}, 2}, {{1, {0, 1}, 2}}},
        {Pattern::Inversion, {0, {1, 0}, 2}, {{1, {0, 1}, 2}}},
        {Pattern::Hierarchy, {0, {0, 1}, 2}, {{1, {0, 1}, 2}}},
        {Pattern::Intersection, {0, {0, 1}, 2}, {{1, {0, 1}, 2}, {2, {0, 1}, 2}}},
        {Pattern::Composition, {0, {0, 2}, 2}, {{1, {0, 1}, 2}, {2, {1, 2}, 2}}},
        {Pattern::Triangle, {0, {0, 1}, 2}, {{1, {0, 1}, 2}, {2, {0, 2}, 2}, {3, {1, 2}, 2}}},
        {Pattern::Diamond, {0, {0, 1}, 2}, {{1, {0, 1}, 2}, {2, {0, 2}, 2}, {3, {1, 3}, 2}, {4, {2, 3}, 2}}},
        {Pattern::TypeHierarchy, {0, {0, -1}, 1}, {{1, {0, -1}, 1}}},
        {Pattern::Domain, {0, {0, -1}, 1}, {{1, {0, 1}, 2}}},
        {Pattern::Range, {0, {1, -1}, 1}, {{1, {0, 1}, 2}}},
    };
    return t;
}

/// Extends the variable bijection `map` (template var → rule var name) with atom `a` ≙ `t`.
bool bind(const TAtom& t, const Atom& a, std::array<std::string, 4>& map, std::array<bool, 4>& bound) {
    if (static_cast<int>(a.args.size()) != t.arity) return false;
    for (int i = 0; i < t.arity; ++i) {
        const Term& term = a.args[static_cast<std::size_t>(i)];
        if (term.kind != Term::Kind::Variable) return false;
        const int v = t.v[static_cast<std::size_t>(i)];
        if (bound[static_cast<std::size_t>(v)]) {
            if (map[static_cast<std::size_t>(v)] != term.name) return false;
        } else {
            for (int u = 0; u < 4; ++u)
                if (bound[static_cast<std::size_t>(u)] && map[static_cast<std::size_t>(u)] == term.name) return false;
            bound[static_cast<std::size_t>(v)] = true;
            map[static_cast<std::size_t>(v)] = term.name;
        }
    }
    return true;
}

bool matches(const Template& t, const Rule& r) {
    if (r.body.size() != t.body.size()) return false;
    std::vector<std::size_t> order(r.body.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    do {
        std::array<std::string, 4> map;
        std::array<bool, 4> bound{};
        bool ok = true;
        for (std::size_t i = 0; ok && i < order.size(); ++i)
            ok = bind(t.body[i], r.body[order[i]], map, bound);
        if (!ok || !bind(t.head, r.head, map, bound)) continue;
        // Predicate placeholders: equal where the template repeats one; for single-atom binary
        // templates, head and body predicates differ unless the template says they are equal.
        if (t.body.size() == 1 && t.head.arity == 2 && t.body[0].arity == 2) {
            const bool same = r.head.predicate == r.body[0].predicate;
            if (same != (t.head.pred == t.body[0].pred)) continue;
        }
        return true;
    } while (std::next_permutation(order.begin(), order.end()));
    return false;
}

} // namespace

std::optional<Pattern> recognise_pattern(const Rule& rule) {
    for (const Template& t : templates())
        if (matches(t, rule)) return t.p;
    return std::nullopt;
}

std::vector<Pattern> all_patterns() {
    std::vector<Pattern> out;
    for (const auto& i : kPatterns)
        out.push_back(i.p);
    return out;
}

std::vector<PatternRule> enumerate_patterns(std::shared_ptr<const kg::KnowledgeGraph> graph,
                                            const PatternParams& params, jobs::JobContext& ctx) {
    const kg::KnowledgeGraph& g = *graph;
    const unsigned threads = resolve_threads(params.threads);
    const auto rel = [&](kg::Id r) { return std::string(g.vocab.relations().name(r)); };
    const auto typ = [&](kg::Id t) { return std::string(g.vocab.types().name(t)); };
    const std::size_t R = g.facts.num_relations(), T = g.facts.num_types();

    RuleSet set;
    set.prefixes = g.vocab.prefixes();
    std::vector<PatternRule> result;
    for (std::size_t pi = 0; pi < params.patterns.size(); ++pi) {
        const Pattern p = params.patterns[pi];
        ctx.report(pi, params.patterns.size(), "Enumerating " + std::string(pattern_name(p)), true);
        std::vector<Candidate> cands = candidates(g, p, threads, ctx);
        if (p == Pattern::Composition && params.composition_one_order)
            std::erase_if(cands, [](const Candidate& c) { return !(c.preds[0] < c.preds[1]); });
        const int arity = body_arity(p);
        auto better = [&](const Candidate& a, const Candidate& b) {
            if (a.support != b.support) return a.support > b.support;
            return a.preds < b.preds;
        };
        const std::size_t keep = std::min(params.top_k, cands.size());
        std::partial_sort(cands.begin(), cands.begin() + static_cast<std::ptrdiff_t>(keep), cands.end(), better);
        cands.resize(keep);
        for (const Candidate& c : cands) {
            // Head predicate: random among the KG's predicates of the head's arity, not in the body.
            const bool unary_head = p == Pattern::TypeHierarchy || p == Pattern::Domain || p == Pattern::Range;
            const std::size_t pool = unary_head ? T : R;
            kg::Id head = c.preds[0];
            if (p != Pattern::Symmetry) {
                std::uint64_t h = splitmix(params.seed ^ (static_cast<std::uint64_t>(pi + 1) << 56));
                for (int i = 0; i < arity; ++i)
                    h = splitmix(h ^ c.preds[static_cast<std::size_t>(i)]);
                auto in_body = [&](kg::Id x) {
                    if (unary_head) return p == Pattern::TypeHierarchy && x == c.preds[0];
                    for (int i = 0; i < arity; ++i)
                        if (c.preds[static_cast<std::size_t>(i)] == x) return true;
                    return false;
                };
                std::size_t allowed = 0;
                for (kg::Id x = 0; x < pool; ++x)
                    allowed += in_body(x) ? 0 : 1;
                if (allowed == 0) continue;
                std::size_t pick = h % allowed;
                for (kg::Id x = 0; x < pool; ++x) {
                    if (in_body(x)) continue;
                    if (pick-- == 0) {
                        head = x;
                        break;
                    }
                }
            }
            Rule r;
            r.pattern = std::string(pattern_name(p));
            const auto& q = c.preds;
            switch (p) {
            case Pattern::Symmetry:
                r.body = {atom2(rel(q[0]), "x", "y")};
                r.head = atom2(rel(head), "y", "x");
                break;
            case Pattern::Inversion:
                r.body = {atom2(rel(q[0]), "x", "y")};
                r.head = atom2(rel(head), "y", "x");
                break;
            case Pattern::Hierarchy:
                r.body = {atom2(rel(q[0]), "x", "y")};
                r.head = atom2(rel(head), "x", "y");
                break;
            case Pattern::Intersection:
                r.body = {atom2(rel(q[0]), "x", "y"), atom2(rel(q[1]), "x", "y")};
                r.head = atom2(rel(head), "x", "y");
                break;
            case Pattern::Composition:
                r.body = {atom2(rel(q[0]), "x", "y"), atom2(rel(q[1]), "y", "z")};
                r.head = atom2(rel(head), "x", "z");
                break;
            case Pattern::Triangle:
                r.body = {atom2(rel(q[0]), "x", "y"), atom2(rel(q[1]), "x", "z"), atom2(rel(q[2]), "y", "z")};
                r.inequalities = {{v("x"), v("y"), {}}, {v("y"), v("z"), {}}, {v("x"), v("z"), {}}};
                r.head = atom2(rel(head), "x", "y");
                break;
            case Pattern::Diamond:
                r.body = {atom2(rel(q[0]), "x", "y"), atom2(rel(q[1]), "x", "z"), atom2(rel(q[2]), "y", "w"),
                          atom2(rel(q[3]), "z", "w")};
                r.inequalities = {{v("x"), v("y"), {}}, {v("x"), v("z"), {}}, {v("x"), v("w"), {}},
                                  {v("y"), v("z"), {}}, {v("y"), v("w"), {}}, {v("z"), v("w"), {}}};
                r.head = atom2(rel(head), "x", "y");
                break;
            case Pattern::TypeHierarchy:
                r.body = {atom1(typ(q[0]), "x")};
                r.head = atom1(typ(head), "x");
                break;
            case Pattern::Domain:
                r.body = {atom2(rel(q[0]), "x", "y")};
                r.head = atom1(typ(head), "x");
                break;
            case Pattern::Range:
                r.body = {atom2(rel(q[0]), "x", "y")};
                r.head = atom1(typ(head), "y");
                break;
            }
            result.push_back({std::move(r), c.support, 0});
        }
    }
    if (params.new_conclusions && !result.empty()) {
        RuleSet rs;
        rs.prefixes = g.vocab.prefixes();
        for (const auto& pr : result)
            rs.rules.push_back(pr.rule);
        const Program program(graph, std::move(rs));
        for (std::size_t i = 0; i < result.size(); ++i) {
            ctx.report(i, result.size(), "Counting new conclusions", i == 0);
            result[i].new_conclusions = count_new_conclusions(program, i, threads, ctx);
        }
    }
    ctx.report(1, 1, "Done", true);
    return result;
}

} // namespace kbcx::rules
