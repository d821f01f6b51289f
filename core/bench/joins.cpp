// Joins over a knowledge graph for the benchmark generator: support enumeration in parallel
// chunks, a semi-join over a head-covering atom, backtracking grounding checks, random walks.
#include "bench/joins.hpp"

#include "rules/parallel.hpp"

#include <span>

namespace kbcx::bench::joins {

namespace {

void sort_unique(std::vector<std::uint64_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

/// Enumerates every support of `rule` over K on `threads` threads; per task, calls
/// sink(task, binding). Returns the number of tasks (sinks index their buffers by task).
template <class Init, class Sink>
void for_supports(const CRule& rule, const FactAccess& facts, unsigned threads, jobs::JobContext& ctx, Init&& init,
                  Sink&& sink) {
    std::vector<std::uint8_t> src(rule.body.size(), rules::kFull);
    const rules::Plan plan = rules::make_plan(rule, src, rule.body.size(), facts);
    if (plan.never || plan.steps.empty()) {
        init(0);
        return;
    }
    const rules::PlanStep& s0 = plan.steps[0];
    const kg::FactStore& base = facts.base();
    std::size_t count = 0, chunk = 256;
    if (s0.unary) {
        count = s0.pred < base.num_types() ? base.instances(s0.pred).size() : 0;
        chunk = 4096;
    } else {
        count = s0.pred < base.num_relations() ? base.subjects_of(s0.pred).size() : 0;
    }
    const std::size_t tasks = (count + chunk - 1) / chunk;
    init(tasks);
    rules::parallel_for(tasks, threads, [&](std::size_t t) {
        if (ctx.stop_requested()) return;
        rules::Matcher m(plan, facts);
        std::uint64_t seen = 0;
        m.run_chunk(nullptr, t * chunk, std::min(count, (t + 1) * chunk), [&](const std::vector<kg::Id>& b) {
            // One chunk of a large join can hold billions of supports: honour a stop inside it.
            if ((++seen & 0xFFFFF) == 0) ctx.throw_if_stopped();
            sink(t, b);
        });
    });
    ctx.throw_if_stopped();
}

kg::Id term_value(const CTerm& t, const std::vector<kg::Id>& b) {
    return t.var ? b[t.id] : t.id;
}

/// Number of facts of an atom's predicate in K (0 for predicates only rules use).
std::size_t atom_facts(const kg::FactStore& K, const CAtom& a) {
    if (a.unary) return a.pred < K.num_types() ? K.instances(a.pred).size() : 0;
    return a.pred < K.num_relations() ? K.relation_size(a.pred) : 0;
}

/// The next atom of `pending` (a bit mask over the body) to match: most arguments bound, then fewest
/// facts, then lowest index. Returns -1 when some remaining atom has no fact at all.
int next_atom(const kg::FactStore& K, const CRule& r, std::uint32_t pending, const std::vector<kg::Id>& b) {
    int best = -1, best_bound = -1;
    std::size_t best_size = 0;
    for (std::size_t i = 0; i < r.body.size(); ++i) {
        if (!(pending >> i & 1u)) continue;
        const CAtom& a = r.body[i];
        const std::size_t size = atom_facts(K, a);
        if (size == 0) return -1;
        int bound = term_value(a.t[0], b) != kg::kNoId ? 1 : 0;
        if (!a.unary && term_value(a.t[1], b) != kg::kNoId) ++bound;
        if (bound > best_bound || (bound == best_bound && size < best_size)) {
            best = static_cast<int>(i);
            best_bound = bound;
            best_size = size;
        }
    }
    return best;
}

/// Binds the head of `r` to `fact` in `b` (all unbound on entry); false when a constant or a
/// repeated variable disagrees.
bool bind_head(const CRule& r, const GroundFact& fact, std::vector<kg::Id>& b) {
    if (r.head.unary != fact.unary || r.head.pred != fact.pred) return false;
    std::array<std::uint32_t, 2> fresh{};
    int nfresh = 0;
    return bind_atom(r.head, fact.s, fact.o, b, fresh, nfresh);
}

} // namespace

std::vector<std::uint64_t> new_heads(const CRule& rule, const FactAccess& facts, unsigned threads,
                                     jobs::JobContext& ctx, std::vector<kg::Id>* constants, std::uint64_t var_mask) {
    std::vector<std::vector<std::uint64_t>> heads;
    std::vector<std::vector<std::uint64_t>> consts;
    // Per task: compaction thresholds, doubled after a compaction that leaves more than half
    // (so buffers holding many distinct values are sorted O(log n) times, not once per push).
    std::vector<std::array<std::size_t, 2>> limits;
    auto compact = [](std::vector<std::uint64_t>& v, std::size_t& limit) {
        if (v.size() <= limit) return;
        sort_unique(v);
        limit = std::max(limit, v.size() * 2);
    };
    for_supports(
        rule, facts, threads, ctx,
        [&](std::size_t tasks) {
            heads.resize(tasks);
            limits.assign(tasks, {std::size_t{1} << 16, std::size_t{1} << 20});
            if (constants) consts.resize(tasks);
        },
        [&](std::size_t t, const std::vector<kg::Id>& b) {
            if (constants) {
                auto& c = consts[t];
                for (std::size_t v = 0; v < b.size(); ++v)
                    if (b[v] != kg::kNoId && (v >= 64 || (var_mask >> v & 1u))) c.push_back(b[v]);
                compact(c, limits[t][0]);
            }
            const GroundFact h = rules::ground(rule.head, b);
            if (facts.contains(h)) return;
            auto& out = heads[t];
            out.push_back(head_key(h));
            compact(out, limits[t][1]);
        });
    std::vector<std::uint64_t> all;
    for (auto& h : heads) {
        sort_unique(h);
        all.insert(all.end(), h.begin(), h.end());
        std::vector<std::uint64_t>().swap(h);
    }
    sort_unique(all);
    if (constants) {
        std::vector<std::uint64_t> c;
        for (auto& v : consts) {
            sort_unique(v);
            c.insert(c.end(), v.begin(), v.end());
        }
        sort_unique(c);
        constants->assign(c.begin(), c.end());
    }
    return all;
}

bool inequalities_hold(const CRule& r, const std::vector<kg::Id>& b) {
    for (const auto& [p, q] : r.inequalities) {
        const kg::Id x = term_value(p, b), y = term_value(q, b);
        if (x != kg::kNoId && x == y) return false;
    }
    return true;
}

bool bind_atom(const CAtom& a, kg::Id s, kg::Id o, std::vector<kg::Id>& b, std::array<std::uint32_t, 2>& fresh,
               int& nfresh) {
    nfresh = 0;
    const int arity = a.unary ? 1 : 2;
    for (int j = 0; j < arity; ++j) {
        const CTerm& t = a.t[j];
        const kg::Id v = j == 0 ? s : o;
        if (!t.var) {
            if (t.id == v) continue;
        } else if (b[t.id] == kg::kNoId) {
            b[t.id] = v;
            fresh[static_cast<std::size_t>(nfresh++)] = t.id;
            continue;
        } else if (b[t.id] == v) {
            continue;
        }
        for (int k = 0; k < nfresh; ++k)
            b[fresh[static_cast<std::size_t>(k)]] = kg::kNoId;
        nfresh = 0;
        return false;
    }
    return true;
}

bool exists_grounding(const kg::FactStore& K, const CRule& r, std::uint32_t pending, std::vector<kg::Id>& b) {
    if (pending == 0) return true;
    const int i = next_atom(K, r, pending, b);
    if (i < 0) return false;
    const CAtom& a = r.body[static_cast<std::size_t>(i)];
    const std::uint32_t rest = pending & ~(1u << i);
    auto go = [&](kg::Id s, kg::Id o) {
        std::array<std::uint32_t, 2> fresh{};
        int nfresh = 0;
        if (!bind_atom(a, s, o, b, fresh, nfresh)) return false;
        const bool ok = inequalities_hold(r, b) && exists_grounding(K, r, rest, b);
        for (int k = 0; k < nfresh; ++k)
            b[fresh[static_cast<std::size_t>(k)]] = kg::kNoId;
        return ok;
    };
    const kg::Id s = term_value(a.t[0], b);
    if (a.unary) {
        if (s != kg::kNoId) return K.has_type(s, a.pred) && go(s, 0);
        for (kg::Id e : K.instances(a.pred))
            if (go(e, 0)) return true;
        return false;
    }
    const kg::Id o = term_value(a.t[1], b);
    if (s != kg::kNoId && o != kg::kNoId) return K.contains(s, a.pred, o) && go(s, o);
    if (s != kg::kNoId) {
        for (kg::Id x : K.objects(a.pred, s))
            if (go(s, x)) return true;
        return false;
    }
    if (o != kg::kNoId) {
        for (kg::Id x : K.subjects(a.pred, o))
            if (go(x, o)) return true;
        return false;
    }
    for (kg::Id x : K.subjects_of(a.pred))
        for (kg::Id y : K.objects(a.pred, x))
            if (go(x, y)) return true;
    return false;
}

bool derives_in(const kg::FactStore& K, const CRule& r, const GroundFact& fact, std::vector<kg::Id>& b) {
    b.assign(r.num_vars, kg::kNoId);
    if (!bind_head(r, fact, b) || !inequalities_hold(r, b)) return false;
    const std::uint32_t all = r.body.size() >= 32 ? ~0u : (1u << r.body.size()) - 1;
    const bool ok = exists_grounding(K, r, all, b);
    b.assign(r.num_vars, kg::kNoId);
    return ok;
}

bool covers_head(const CRule& r, std::size_t i) {
    const CAtom& h = r.head;
    if (!h.t[0].var) return false;
    if (!h.unary && (!h.t[1].var || h.t[1].id == h.t[0].id)) return false;
    const CAtom& a = r.body[i];
    if (a.unary != h.unary || !a.t[0].var) return false;
    if (h.unary) return a.t[0].id == h.t[0].id;
    if (!a.t[1].var) return false;
    const bool same = a.t[0].id == h.t[0].id && a.t[1].id == h.t[1].id;
    const bool swapped = a.t[0].id == h.t[1].id && a.t[1].id == h.t[0].id;
    return same || swapped;
}

int head_cover_atom(const CRule& r) {
    for (std::size_t i = 0; i < r.body.size(); ++i)
        if (covers_head(r, i)) return static_cast<int>(i);
    return -1;
}

std::vector<std::uint64_t> new_heads_semijoin(const CRule& r, int cover, const kg::FactStore& K, unsigned threads,
                                              jobs::JobContext& ctx) {
    const CAtom& a = r.body[static_cast<std::size_t>(cover)];
    const std::uint32_t all = r.body.size() >= 32 ? ~0u : (1u << r.body.size()) - 1;
    const std::uint32_t rest = all & ~(1u << cover);
    const std::size_t count = a.unary ? (a.pred < K.num_types() ? K.instances(a.pred).size() : 0)
                                      : (a.pred < K.num_relations() ? K.subjects_of(a.pred).size() : 0);
    const std::size_t chunk = a.unary ? 4096 : 256;
    const std::size_t tasks = (count + chunk - 1) / chunk;
    std::vector<std::vector<std::uint64_t>> heads(tasks);
    rules::parallel_for(tasks, threads, [&](std::size_t t) {
        if (ctx.stop_requested()) return;
        std::vector<kg::Id> b(r.num_vars, kg::kNoId);
        auto& out = heads[t];
        auto one = [&](kg::Id s, kg::Id o) {
            std::array<std::uint32_t, 2> fresh{};
            int nfresh = 0;
            if (!bind_atom(a, s, o, b, fresh, nfresh)) return;
            if (inequalities_hold(r, b)) {
                const GroundFact h = rules::ground(r.head, b);
                const bool in_k = h.unary ? (h.pred < K.num_types() && K.has_type(h.s, h.pred))
                                          : (h.pred < K.num_relations() && K.contains(h.s, h.pred, h.o));
                if (!in_k && exists_grounding(K, r, rest, b)) out.push_back(head_key(h));
            }
            for (int k = 0; k < nfresh; ++k)
                b[fresh[static_cast<std::size_t>(k)]] = kg::kNoId;
        };
        const std::size_t end = std::min(count, (t + 1) * chunk);
        if (a.unary) {
            const auto m = K.instances(a.pred);
            for (std::size_t i = t * chunk; i < end; ++i)
                one(m[i], 0);
        } else {
            const auto subj = K.subjects_of(a.pred);
            for (std::size_t i = t * chunk; i < end; ++i)
                for (kg::Id o : K.objects(a.pred, subj[i]))
                    one(subj[i], o);
        }
    });
    ctx.throw_if_stopped();
    std::vector<std::uint64_t> all_heads;
    for (auto& h : heads)
        all_heads.insert(all_heads.end(), h.begin(), h.end());
    sort_unique(all_heads);
    return all_heads;
}

std::vector<kg::Id> support_constants(const CRule& r, const kg::FactStore& K, unsigned threads, jobs::JobContext& ctx,
                                      std::uint64_t var_mask) {
    const std::uint32_t all = r.body.size() >= 32 ? ~0u : (1u << r.body.size()) - 1;
    std::vector<kg::Id> out;
    for (std::uint32_t v = 0; v < r.num_vars; ++v) {
        if (v < 64 && !(var_mask >> v & 1u)) continue;
        std::span<const kg::Id> values;
        bool found = false;
        for (const CAtom& a : r.body) {
            for (int j = 0; j < (a.unary ? 1 : 2) && !found; ++j)
                if (a.t[j].var && a.t[j].id == v) {
                    found = true;
                    if (a.unary)
                        values = a.pred < K.num_types() ? K.instances(a.pred) : std::span<const kg::Id>{};
                    else
                        values = j == 0 ? K.subjects_of(a.pred) : K.objects_of(a.pred);
                }
            if (found) break;
        }
        const std::size_t chunk = 512, tasks = (values.size() + chunk - 1) / chunk;
        std::vector<std::vector<kg::Id>> parts(tasks);
        rules::parallel_for(tasks, threads, [&](std::size_t t) {
            if (ctx.stop_requested()) return;
            std::vector<kg::Id> b(r.num_vars, kg::kNoId);
            for (std::size_t i = t * chunk; i < std::min(values.size(), (t + 1) * chunk); ++i) {
                b[v] = values[i];
                if (exists_grounding(K, r, all, b)) parts[t].push_back(values[i]);
            }
        });
        ctx.throw_if_stopped();
        for (const auto& part : parts)
            out.insert(out.end(), part.begin(), part.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool random_grounding(const kg::FactStore& K, const FactIndex& index, const CRule& r, std::vector<kg::Id>& b,
                      Rng& rng) {
    std::uint32_t pending = r.body.size() >= 32 ? ~0u : (1u << r.body.size()) - 1;
    while (pending != 0) {
        const int i = next_atom(K, r, pending, b);
        if (i < 0) return false;
        pending &= ~(1u << i);
        const CAtom& a = r.body[static_cast<std::size_t>(i)];
        const kg::Id s = term_value(a.t[0], b);
        kg::Id ns = s, no = 0;
        if (a.unary) {
            if (s != kg::kNoId) {
                if (!K.has_type(s, a.pred)) return false;
            } else {
                const auto m = K.instances(a.pred);
                ns = m[rng.below(m.size())];
            }
        } else {
            const kg::Id o = term_value(a.t[1], b);
            no = o;
            if (s != kg::kNoId && o != kg::kNoId) {
                if (!K.contains(s, a.pred, o)) return false;
            } else if (s != kg::kNoId) {
                const auto objs = K.objects(a.pred, s);
                if (objs.empty()) return false;
                no = objs[rng.below(objs.size())];
            } else if (o != kg::kNoId) {
                const auto subs = K.subjects(a.pred, o);
                if (subs.empty()) return false;
                ns = subs[rng.below(subs.size())];
            } else {
                const std::size_t n = K.relation_size(a.pred);
                const kg::Triple f = K.fact(index.first[a.pred] + rng.below(n));
                ns = f.s;
                no = f.o;
            }
        }
        std::array<std::uint32_t, 2> fresh{};
        int nfresh = 0;
        if (!bind_atom(a, ns, no, b, fresh, nfresh) || !inequalities_hold(r, b)) return false;
    }
    return true;
}

std::vector<std::uint64_t> bottom_k(const std::vector<std::uint64_t>& keys, std::size_t k, std::uint64_t salt) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> h;
    h.reserve(keys.size());
    for (auto x : keys)
        h.push_back({mix(salt ^ mix(x)), x});
    k = std::min(k, h.size());
    std::partial_sort(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(k), h.end());
    std::vector<std::uint64_t> out;
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i)
        out.push_back(h[i].second);
    return out;
}

} // namespace kbcx::bench::joins
