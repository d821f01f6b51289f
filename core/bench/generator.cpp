// The benchmark generator: rule enumeration through core/rules, new conclusions per rule (the
// joins in bench/joins.hpp), seeded bottom-k sampling, split resolution, and the negative samplers
// (qg: random groundings of sub-rule bodies) with their P_all filter.
#include "bench/generator.hpp"

#include "bench/joins.hpp"
#include "common/error.hpp"
#include "common/resources.hpp"
#include "rules/parallel.hpp"
#include "rules/support.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <unordered_map>

namespace kbcx::bench {

using namespace joins;

namespace {

/// The negatives of the loginfer variant (LogInfer's negative_{rc,pa,rb,qg}.py, point by point
/// where they run; see GenerateParams::variant): |train.txt| train negatives, |valid| and |test|
/// for the other splits, a shortfall where a pool runs out (where the release's random.sample would
/// fail). `excluded(f)`: in the filter or already drawn; `used` takes every negative drawn.
template <class DrawRc, class Excluded>
void loginfer_negatives(Generated& out, const kg::FactStore& K, const std::vector<CRule>& crules, Rng& rng,
                        DrawRc&& draw_rc, Excluded&& excluded, KeySet& used, jobs::JobContext& ctx) {
    const GenerateParams& params = out.params;
    const std::array<std::size_t, 3> need{train_lines(out), out.positives[kValid].size(), out.positives[kTest].size()};
    auto push = [&](int s, const GroundFact& f, std::uint32_t target, std::uint32_t rule, NegMethod m) {
        out.negatives[static_cast<std::size_t>(s)].push_back({f, target, m, rule});
        used.insert(key_of(f));
        if (rule != kNoIndex) ++out.rules[rule].negatives[static_cast<std::size_t>(s)];
    };
    auto shortfall = [&](int s, const std::string& why) {
        const auto su = static_cast<std::size_t>(s);
        if (out.negatives[su].size() >= need[su]) return;
        out.shortfalls.push_back(std::string(split_name(s)) + ": " + std::to_string(out.negatives[su].size()) + " of " +
                                 std::to_string(need[su]) + " negatives (" + why + ")");
    };
    const std::string filter_text = effective_filter(params) == NegFilter::Positives ? "P_all" : "P_all and T_R(K)";
    const std::size_t ratio_sum = std::size_t{params.ratio[0]} + params.ratio[1] + params.ratio[2];

    switch (params.neg) {
    case NegMethod::RC: {
        // negative_rc.py: per line of train.txt, valid.txt, test.txt, the tail replaced by a
        // uniformly drawn entity until the fact is outside the filter.
        for (int s : {kTrain, kValid, kTest}) {
            auto one = [&](const GroundFact& f, std::uint32_t target, std::uint32_t rule) {
                for (unsigned a = 0; a < params.max_attempts; ++a) {
                    const GroundFact c = draw_rc(f);
                    if (c.pred == kg::kNoId) return;
                    if (!excluded(c)) {
                        push(s, c, target, rule, NegMethod::RC);
                        return;
                    }
                }
            };
            if (s == kTrain) {
                ctx.report(0, 1, "Drawing train negatives");
                K.for_each_fact([&](const kg::Triple& t) { one({false, t.r, t.s, t.o}, kNoIndex, kNoIndex); });
                for (kg::Id t = 0; t < K.num_types(); ++t)
                    for (kg::Id e : K.instances(t))
                        one({true, t, e, 0}, kNoIndex, kNoIndex);
                ctx.throw_if_stopped();
            }
            const auto& P = out.positives[static_cast<std::size_t>(s)];
            for (std::size_t i = 0; i < P.size(); ++i)
                one(P[i].fact, static_cast<std::uint32_t>(i), P[i].rule);
            shortfall(s, "no fact outside " + filter_text + " in " + std::to_string(params.max_attempts) +
                             " draws for some lines");
        }
        return;
    }
    case NegMethod::PA: {
        // negative_pa.py: position pools per relation from P_all (train.txt, valid.txt, test.txt);
        // a split's candidates are, over its positives (s, R, o), every (s', R, o) and (s, R, o')
        // with s' a subject and o' an object of R in P_all (type facts T(e): every T(e') with e'
        // typed in P_all), outside the filter; |split| of them drawn uniformly from their union.
        // Test first, then valid, then train; the train candidates come from the train shares in
        // a seeded order until they number 20·|train.txt| (counted as the sum of the distinct
        // candidate groups' sizes).
        struct Pools {
            std::vector<kg::Id> subs, objs;
        };
        std::unordered_map<kg::Id, Pools> pools;
        std::vector<kg::Id> typed;
        for (const auto& P : out.positives)
            for (const Positive& p : P) {
                if (p.fact.unary) {
                    typed.push_back(p.fact.s);
                    continue;
                }
                auto& pl = pools[p.fact.pred];
                pl.subs.push_back(p.fact.s);
                pl.objs.push_back(p.fact.o);
            }
        for (auto& [r, pl] : pools) {
            if (r < K.num_relations()) {
                const auto s = K.subjects_of(r), o = K.objects_of(r);
                pl.subs.insert(pl.subs.end(), s.begin(), s.end());
                pl.objs.insert(pl.objs.end(), o.begin(), o.end());
            }
            for (auto* v : {&pl.subs, &pl.objs}) {
                std::sort(v->begin(), v->end());
                v->erase(std::unique(v->begin(), v->end()), v->end());
            }
        }
        for (kg::Id t = 0; t < K.num_types(); ++t) {
            const auto m = K.instances(t);
            typed.insert(typed.end(), m.begin(), m.end());
        }
        std::sort(typed.begin(), typed.end());
        typed.erase(std::unique(typed.begin(), typed.end()), typed.end());

        // A group of candidates: one position of one positive's relation swapped over its pool.
        struct Group {
            bool unary, head; // head: the subject is swapped (type facts: the entity)
            kg::Id pred, fixed;
            const std::vector<kg::Id>* pool;
            std::uint32_t origin; // the first positive that gave the group
            GroundFact at(std::size_t i) const {
                const kg::Id x = (*pool)[i];
                if (unary) return {true, pred, x, 0};
                return head ? GroundFact{false, pred, x, fixed} : GroundFact{false, pred, fixed, x};
            }
        };
        auto group_key = [](bool unary, bool head, kg::Id pred, kg::Id fixed) {
            return (std::uint64_t{unary} << 63) | (std::uint64_t{head} << 62) | (std::uint64_t{pred} << 32) | fixed;
        };
        for (int s : {kTest, kValid, kTrain}) {
            const auto su = static_cast<std::size_t>(s);
            const auto& P = out.positives[su];
            std::vector<std::uint32_t> order(P.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                order[i] = static_cast<std::uint32_t>(i);
            if (s == kTrain)
                for (std::size_t i = order.size(); i > 1; --i)
                    std::swap(order[i - 1], order[rng.below(i)]);
            std::vector<Group> groups;
            std::unordered_map<std::uint64_t, std::uint32_t> index;
            std::uint64_t total = 0;
            auto add = [&](bool unary, bool head, kg::Id pred, kg::Id fixed, const std::vector<kg::Id>& pool,
                           std::uint32_t origin) {
                if (pool.empty() || !index.emplace(group_key(unary, head, pred, fixed), groups.size()).second) return;
                groups.push_back({unary, head, pred, fixed, &pool, origin});
                total += pool.size();
            };
            for (std::uint32_t i : order) {
                if (s == kTrain && total >= 20 * std::uint64_t{need[su]}) break;
                const GroundFact& f = P[i].fact;
                if (f.unary) {
                    add(true, true, f.pred, 0, typed, i);
                    continue;
                }
                const Pools& pl = pools.at(f.pred);
                add(false, true, f.pred, f.o, pl.subs, i);
                add(false, false, f.pred, f.s, pl.objs, i);
            }
            auto emit = [&](const GroundFact& f, std::uint32_t origin) {
                push(s, f, origin, P[origin].rule, NegMethod::PA);
            };
            ctx.report(0, 1, "Drawing " + std::string(split_name(s)) + " pa negatives");
            if (total <= kListLimit) {
                std::vector<std::pair<GroundFact, std::uint32_t>> cands;
                cands.reserve(static_cast<std::size_t>(total));
                for (const Group& g : groups)
                    for (std::size_t i = 0; i < g.pool->size(); ++i)
                        cands.push_back({g.at(i), g.origin});
                std::sort(cands.begin(), cands.end());
                cands.erase(std::unique(cands.begin(), cands.end(),
                                        [](const auto& a, const auto& b) { return a.first == b.first; }),
                            cands.end());
                std::erase_if(cands, [&](const auto& c) { return excluded(c.first); });
                for (const auto& [f, origin] : pick(cands, need[su], rng))
                    emit(f, origin);
            } else {
                // Rejection: a group by size, a member uniformly, kept with probability 1/m for a
                // fact in m groups (a subject swap of (s', R, o) is also the object swap of
                // (s', R, ·) when s' heads a positive of R): uniform over the union.
                std::vector<std::uint64_t> start(groups.size());
                std::uint64_t acc = 0;
                for (std::size_t g = 0; g < groups.size(); ++g) {
                    start[g] = acc;
                    acc += groups[g].pool->size();
                }
                const std::uint64_t cap = std::uint64_t{params.max_attempts} * need[su] + (std::uint64_t{1} << 20);
                for (std::uint64_t a = 0; a < cap && out.negatives[su].size() < need[su]; ++a) {
                    if ((a & 0xFFFF) == 0) ctx.throw_if_stopped();
                    const std::uint64_t x = rng.below(total);
                    const std::size_t g =
                        static_cast<std::size_t>(std::upper_bound(start.begin(), start.end(), x) - start.begin() - 1);
                    const Group& gr = groups[g];
                    const GroundFact f = gr.at(static_cast<std::size_t>(x - start[g]));
                    if (!gr.unary) {
                        const bool twice = gr.head ? index.count(group_key(false, false, f.pred, f.s))
                                                   : index.count(group_key(false, true, f.pred, f.o));
                        if (twice && rng.below(2) == 1) continue;
                    }
                    if (!excluded(f)) emit(f, gr.origin);
                }
            }
            shortfall(s, "pa pool exhausted: fewer candidates outside " + filter_text);
        }
        return;
    }
    case NegMethod::RB: {
        // negative_rb.py: candidate_entities × candidate_relations × candidate_entities outside
        // the filter, |train.txt| + |valid| + |test| drawn uniformly without replacement and cut
        // in that order. Here candidate_relations are the kept rules' heads (type heads T(a) over
        // the entity pool) and candidate_entities the pooled support constants.
        const auto& Ep = out.pool_entities;
        const std::uint64_t e = Ep.size();
        const std::uint64_t nb = e * e * out.pool_relations.size(), total = nb + e * out.pool_types.size();
        auto at = [&](std::uint64_t i) -> GroundFact {
            if (i < nb) {
                const std::uint64_t r = i / (e * e), rem = i % (e * e);
                return {false, out.pool_relations[static_cast<std::size_t>(r)], Ep[static_cast<std::size_t>(rem / e)],
                        Ep[static_cast<std::size_t>(rem % e)]};
            }
            const std::uint64_t j = i - nb;
            return {true, out.pool_types[static_cast<std::size_t>(j / e)], Ep[static_cast<std::size_t>(j % e)], 0};
        };
        for (int s : {kTrain, kValid, kTest}) {
            const auto su = static_cast<std::size_t>(s);
            ctx.report(0, 1, "Drawing " + std::string(split_name(s)) + " rb negatives");
            if (total <= kListLimit) {
                std::vector<GroundFact> cands;
                for (std::uint64_t i = 0; i < total; ++i) {
                    const GroundFact f = at(i);
                    if (!excluded(f)) cands.push_back(f);
                }
                for (const GroundFact& f : pick(cands, need[su], rng))
                    push(s, f, kNoIndex, kNoIndex, NegMethod::RB);
            } else {
                const std::uint64_t cap = std::uint64_t{params.max_attempts} * need[su] + (std::uint64_t{1} << 20);
                for (std::uint64_t a = 0; a < cap && out.negatives[su].size() < need[su]; ++a) {
                    if ((a & 0xFFFF) == 0) ctx.throw_if_stopped();
                    const GroundFact f = at(rng.below(total));
                    if (!excluded(f)) push(s, f, kNoIndex, kNoIndex, NegMethod::RB);
                }
            }
            shortfall(s, "rb pool exhausted: " + std::to_string(e) + " pooled constants, " +
                             std::to_string(out.pool_relations.size() + out.pool_types.size()) + " heads");
        }
        return;
    }
    case NegMethod::QG: {
        // negative_qg.py with the queries generate_query_qg.py meant to issue: per complex rule and
        // per body atom that carries the head's variables, the head instances of that atom's facts
        // in K that the rest of the body does not extend (intersection: R ∧ ¬S and S ∧ ¬R),
        // pooled over rules, outside the filter; the pool in a seeded order cut by the ratio
        // (int(n·0.8), int(n·0.9)), each part capped at its split's size. No pa fill.
        std::vector<std::pair<GroundFact, std::uint32_t>> pool;
        std::vector<kg::Id> b;
        for (std::size_t r = 0; r < crules.size(); ++r) {
            const CRule& cr = crules[r];
            if (cr.body.size() < 2) continue;
            const std::uint32_t all = cr.body.size() >= 32 ? ~0u : (1u << cr.body.size()) - 1;
            for (std::size_t i = 0; i < cr.body.size(); ++i) {
                if (!covers_head(cr, i)) continue;
                ctx.throw_if_stopped();
                const CAtom& a = cr.body[i];
                const std::uint32_t rest = all & ~(1u << i);
                auto one = [&](kg::Id s, kg::Id o) {
                    b.assign(cr.num_vars, kg::kNoId);
                    std::array<std::uint32_t, 2> fresh{};
                    int nfresh = 0;
                    if (!bind_atom(a, s, o, b, fresh, nfresh) || !inequalities_hold(cr, b)) return;
                    if (exists_grounding(K, cr, rest, b)) return;
                    pool.push_back({rules::ground(cr.head, b), static_cast<std::uint32_t>(r)});
                };
                if (a.unary) {
                    if (a.pred < K.num_types())
                        for (kg::Id x : K.instances(a.pred))
                            one(x, 0);
                } else if (a.pred < K.num_relations()) {
                    for (kg::Id x : K.subjects_of(a.pred))
                        for (kg::Id y : K.objects(a.pred, x))
                            one(x, y);
                }
            }
        }
        std::sort(pool.begin(), pool.end());
        pool.erase(
            std::unique(pool.begin(), pool.end(), [](const auto& x, const auto& y) { return x.first == y.first; }),
            pool.end());
        std::erase_if(pool, [&](const auto& c) { return excluded(c.first); });
        out.qg_pool = pool.size();
        for (std::size_t i = pool.size(); i > 1; --i)
            std::swap(pool[i - 1], pool[rng.below(i)]);
        const std::size_t n = pool.size();
        const std::size_t ntrain = n * params.ratio[0] / ratio_sum;
        const std::size_t nvalid = n * (params.ratio[0] + params.ratio[1]) / ratio_sum - ntrain;
        const std::array<std::size_t, 3> from{0, ntrain, ntrain + nvalid}, to{ntrain, ntrain + nvalid, n};
        for (int s : {kTrain, kValid, kTest}) {
            const auto su = static_cast<std::size_t>(s);
            const std::size_t end = std::min(to[su], from[su] + need[su]);
            for (std::size_t i = from[su]; i < end; ++i)
                push(s, pool[i].first, kNoIndex, pool[i].second, NegMethod::QG);
            out.qg_quota[su] = need[su];
            out.qg_drawn[su] = out.negatives[su].size();
            shortfall(s, "qg: " + std::to_string(to[su] - from[su]) + " of the " + std::to_string(n) +
                             " one-premise conclusions outside " + filter_text +
                             " fall to this split; the release caps, does not fill");
        }
        return;
    }
    }
}
} // namespace

std::string_view variant_name(Variant v) {
    return v == Variant::LogInfer ? "loginfer" : "kbcx";
}

std::optional<Variant> parse_variant(std::string_view name) {
    for (auto v : {Variant::LogInfer, Variant::Kbcx})
        if (variant_name(v) == name) return v;
    return std::nullopt;
}

std::string limit_text(std::size_t k) {
    return k == kAll ? std::string("all") : std::to_string(k);
}

std::string_view filter_name(NegFilter f) {
    return f == NegFilter::Positives ? "positives" : "conclusions";
}

std::optional<NegFilter> parse_filter(std::string_view name) {
    for (auto f : {NegFilter::Positives, NegFilter::Conclusions})
        if (filter_name(f) == name) return f;
    return std::nullopt;
}

NegFilter default_filter(Variant v) {
    return v == Variant::LogInfer ? NegFilter::Positives : NegFilter::Conclusions;
}

NegFilter effective_filter(const GenerateParams& params) {
    return params.filter.value_or(default_filter(params.variant));
}

std::size_t train_lines(const Generated& g) {
    const kg::FactStore& K = g.params.graph->facts;
    return K.num_facts() + K.num_type_facts() + g.positives[kTrain].size();
}

std::string_view neg_name(NegMethod m) {
    switch (m) {
    case NegMethod::RC: return "rc";
    case NegMethod::RB: return "rb";
    case NegMethod::PA: return "pa";
    case NegMethod::QG: return "qg";
    }
    return "?";
}

std::optional<NegMethod> parse_neg(std::string_view name) {
    for (auto m : {NegMethod::RC, NegMethod::RB, NegMethod::PA, NegMethod::QG})
        if (neg_name(m) == name) return m;
    return std::nullopt;
}

std::string_view split_name(int split) {
    static constexpr std::string_view names[] = {"train", "valid", "test"};
    return split >= 0 && split < 3 ? names[split] : "?";
}

std::vector<CRule> sub_rules(const CRule& rule) {
    std::vector<CRule> out;
    const std::size_t n = rule.body.size();
    if (n < 2 || n > 20) return out;
    for (std::uint32_t mask = 1; mask + 1 < (1u << n); ++mask) {
        std::vector<bool> bound(rule.num_vars, false);
        CRule sub;
        sub.num_vars = rule.num_vars;
        sub.var_names = rule.var_names;
        sub.head = rule.head;
        for (std::size_t i = 0; i < n; ++i) {
            if (!(mask >> i & 1u)) continue;
            sub.body.push_back(rule.body[i]);
            const int arity = rule.body[i].unary ? 1 : 2;
            for (int j = 0; j < arity; ++j)
                if (rule.body[i].t[j].var) bound[rule.body[i].t[j].id] = true;
        }
        auto ok = [&](const CTerm& t) { return !t.var || bound[t.id]; };
        if (!ok(sub.head.t[0]) || (!sub.head.unary && !ok(sub.head.t[1]))) continue;
        for (const auto& q : rule.inequalities)
            if (ok(q.first) && ok(q.second)) sub.inequalities.push_back(q);
        out.push_back(std::move(sub));
    }
    return out;
}

bool derives(const FactAccess& facts, const CRule& rule, const GroundFact& fact) {
    if (rule.head.unary != fact.unary || rule.head.pred != fact.pred) return false;
    std::vector<kg::Id> val(rule.num_vars, kg::kNoId);
    const int arity = fact.unary ? 1 : 2;
    for (int i = 0; i < arity; ++i) {
        const CTerm& t = rule.head.t[i];
        const kg::Id v = i == 0 ? fact.s : fact.o;
        if (!t.var) {
            if (t.id != v) return false;
        } else if (val[t.id] != kg::kNoId && val[t.id] != v) {
            return false;
        } else {
            val[t.id] = v;
        }
    }
    auto subst = [&](CTerm t) {
        if (t.var && val[t.id] != kg::kNoId) return CTerm{false, val[t.id]};
        return t;
    };
    CRule b;
    b.num_vars = rule.num_vars;
    b.head = rule.head;
    for (CAtom a : rule.body) {
        a.t[0] = subst(a.t[0]);
        if (!a.unary) a.t[1] = subst(a.t[1]);
        b.body.push_back(a);
    }
    for (const auto& [x, y] : rule.inequalities)
        b.inequalities.emplace_back(subst(x), subst(y));
    for (const auto& [x, y] : b.inequalities)
        if (!x.var && !y.var && x.id == y.id) return false;
    std::vector<std::uint8_t> src(b.body.size(), rules::kFull);
    const rules::Plan plan = rules::make_plan(b, src, b.body.size(), facts);
    if (plan.never) return false;
    struct Found {};
    rules::Matcher m(plan, facts);
    try {
        m.run([](const std::vector<kg::Id>&) { throw Found{}; });
    } catch (const Found&) {
        return true;
    }
    return false;
}

Generated generate_benchmark(const GenerateParams& params, jobs::JobContext& ctx) {
    if (!params.graph) throw InputError("", "generate: no knowledge graph");
    if (params.patterns.empty()) throw InputError("", "generate: no pattern given");
    const unsigned ratio_sum = params.ratio[0] + params.ratio[1] + params.ratio[2];
    if (ratio_sum == 0) throw InputError("", "generate: the split ratio sums to 0");
    const unsigned threads = rules::resolve_threads(params.threads);
    const kg::KnowledgeGraph& g = *params.graph;
    const kg::FactStore& K = g.facts;
    Generated out;
    out.params = params;

    // 1. Rules: k1 per pattern by support.
    Stopwatch clock;
    rules::RuleSet set;
    set.prefixes = g.vocab.prefixes();
    for (std::size_t pi = 0; pi < params.patterns.size(); ++pi) {
        const rules::Pattern p = params.patterns[pi];
        rules::PatternParams pp;
        pp.patterns = {p};
        pp.top_k = params.k1 == kAll                   ? std::numeric_limits<std::size_t>::max()
                   : p == rules::Pattern::Intersection ? params.k1 * 2
                                                       : params.k1;
        pp.seed = mix(params.seed ^ (pi + 1));
        pp.threads = threads;
        pp.new_conclusions = false;
        pp.composition_one_order = params.variant == Variant::LogInfer;
        auto found = rules::enumerate_patterns(params.graph, pp, ctx);
        std::set<std::pair<std::string, std::string>> seen_bodies;
        std::size_t kept = 0;
        for (auto& pr : found) {
            if (params.k1 != kAll && kept == params.k1) break;
            if (p == rules::Pattern::Intersection) {
                auto a = pr.rule.body[0].predicate, b = pr.rule.body[1].predicate;
                if (b < a) std::swap(a, b);
                if (!seen_bodies.insert({a, b}).second) continue;
            }
            BenchRule br;
            br.rule = pr.rule;
            br.pattern = pr.rule.pattern;
            br.support = pr.support;
            br.complex = pr.rule.body.size() >= 2;
            out.rules.push_back(std::move(br));
            set.rules.push_back(pr.rule);
            ++kept;
        }
    }
    auto program = std::make_shared<rules::Program>(params.graph, std::move(set));
    out.program = program;
    const auto& crules = program->rules();
    for (std::size_t r = 0; r < out.rules.size(); ++r) {
        out.rules[r].text = rules::to_string(out.rules[r].rule, program->prefixes());
        out.complex_rules += out.rules[r].complex ? 1 : 0;
    }
    out.seconds_rules = clock.seconds();
    clock.restart();

    // 2. Positives: per rule, T_r(K) \ K (materialise), then sample, resolve, split. One rule's
    // conclusions at a time, so memory holds the largest rule's, not all of them.
    const FactAccess facts(K, nullptr);
    const bool loginfer = params.variant == Variant::LogInfer;
    const bool want_consts = loginfer || params.neg == NegMethod::RB;
    std::vector<std::vector<kg::Id>> constants(out.rules.size());
    KeySet taken;
    std::array<std::vector<Positive>, 3> raw; // loginfer: every rule's shares, resolved below
    for (std::size_t r = 0; r < out.rules.size(); ++r) {
        ctx.report(r, out.rules.size(), "Computing new conclusions of rule " + std::to_string(r + 1), r == 0);
        BenchRule& br = out.rules[r];
        const CRule& cr = crules[r];
        Stopwatch phase;
        // The release reads the assignments of triangle and diamond rules at the head's variables
        // only: their rb pool holds those constants.
        std::uint64_t mask = ~std::uint64_t{0};
        if (loginfer && (br.pattern == "triangle" || br.pattern == "diamond")) {
            mask = 0;
            for (int j = 0; j < (cr.head.unary ? 1 : 2); ++j)
                if (cr.head.t[j].var && cr.head.t[j].id < 64) mask |= std::uint64_t{1} << cr.head.t[j].id;
        }
        // A rule with a head-covering body atom is a semi-join over that atom's facts (rb: and an
        // existence check per variable value for the support constants); otherwise the supports
        // are enumerated.
        const int cover = head_cover_atom(cr);
        const auto heads = cover >= 0 ? new_heads_semijoin(cr, cover, K, threads, ctx)
                                      : new_heads(cr, facts, threads, ctx, want_consts ? &constants[r] : nullptr, mask);
        if (cover >= 0 && want_consts) constants[r] = support_constants(cr, K, threads, ctx, mask);
        br.new_conclusions = heads.size();
        out.seconds_materialise += phase.seconds();
        phase.restart();
        const std::uint64_t salt = mix(params.seed ^ mix(0x5A3B'0000ull + r));
        const auto sample = bottom_k(heads, params.k2 == kAll ? heads.size() : params.k2, salt);
        br.sampled = sample.size();
        if (loginfer) {
            // split.py: the rule's sample split before any resolution, train int(n·0.8), valid
            // up to int(n·0.9), test the rest.
            const std::size_t n = sample.size();
            const std::size_t ntrain = n * params.ratio[0] / ratio_sum;
            const std::size_t nvalid = n * (params.ratio[0] + params.ratio[1]) / ratio_sum - ntrain;
            for (std::size_t i = 0; i < n; ++i) {
                const int s = i < ntrain ? kTrain : i < ntrain + nvalid ? kValid : kTest;
                raw[static_cast<std::size_t>(s)].push_back(
                    {from_head_key(cr.head, sample[i]), static_cast<std::uint32_t>(r)});
            }
            out.seconds_sample += phase.seconds();
            continue;
        }
        std::vector<GroundFact> mine;
        for (auto k : sample) {
            const GroundFact f = from_head_key(cr.head, k);
            if (!taken.insert(key_of(f)).second) {
                ++br.shared;
                continue;
            }
            mine.push_back(f);
        }
        const std::size_t n = mine.size();
        const std::size_t nv = n * params.ratio[1] / ratio_sum, nt = n * params.ratio[2] / ratio_sum;
        for (std::size_t i = 0; i < n; ++i) {
            const int s = i < nv ? kValid : i < nv + nt ? kTest : kTrain;
            out.positives[static_cast<std::size_t>(s)].push_back({mine[i], static_cast<std::uint32_t>(r)});
            ++out.rules[r].positives[static_cast<std::size_t>(s)];
        }
        out.seconds_sample += phase.seconds();
    }
    if (loginfer) {
        // split.py: train.txt holds every train share (a fact two rules drew, twice); a valid share
        // is kept unless train or an earlier valid line holds it; a test share unless train or
        // valid holds it (so repeated test lines stay).
        Stopwatch phase;
        auto keep = [&](int s, const Positive& p) {
            out.positives[static_cast<std::size_t>(s)].push_back(p);
            ++out.rules[p.rule].positives[static_cast<std::size_t>(s)];
        };
        for (const Positive& p : raw[kTrain]) {
            taken.insert(key_of(p.fact));
            keep(kTrain, p);
        }
        for (const Positive& p : raw[kValid]) {
            if (taken.insert(key_of(p.fact)).second)
                keep(kValid, p);
            else
                ++out.rules[p.rule].shared;
        }
        for (const Positive& p : raw[kTest]) {
            if (!taken.count(key_of(p.fact)))
                keep(kTest, p);
            else
                ++out.rules[p.rule].shared;
        }
        for (const Positive& p : out.positives[kTest])
            taken.insert(key_of(p.fact));
        // rb's pools, pooled over rules.
        for (const auto& c : constants)
            out.pool_entities.insert(out.pool_entities.end(), c.begin(), c.end());
        std::sort(out.pool_entities.begin(), out.pool_entities.end());
        out.pool_entities.erase(std::unique(out.pool_entities.begin(), out.pool_entities.end()),
                                out.pool_entities.end());
        for (const CRule& cr : crules)
            (cr.head.unary ? out.pool_types : out.pool_relations).push_back(cr.head.pred);
        for (auto* v : {&out.pool_relations, &out.pool_types}) {
            std::sort(v->begin(), v->end());
            v->erase(std::unique(v->begin(), v->end()), v->end());
        }
        out.pools = true;
        out.seconds_sample += phase.seconds();
    }
    out.seconds_positives = clock.seconds();
    clock.restart();

    // 3. Negatives.
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_head;
    for (std::size_t r = 0; r < crules.size(); ++r)
        by_head[(std::uint64_t{crules[r].head.unary} << 32) | crules[r].head.pred].push_back(
            static_cast<std::uint32_t>(r));
    const NegFilter filter = effective_filter(params);
    std::vector<kg::Id> scratch;
    auto in_p_all = [&](const GroundFact& f) {
        if (facts.contains(f) || taken.count(key_of(f))) return true;
        if (filter == NegFilter::Positives) return false;
        const auto it = by_head.find((std::uint64_t{f.unary} << 32) | f.pred);
        if (it == by_head.end()) return false;
        for (auto r : it->second)
            if (derives_in(K, crules[r], f, scratch)) return true;
        return false;
    };
    KeySet used;
    auto excluded = [&](const GroundFact& f) { return f.s == kg::kNoId || used.count(key_of(f)) || in_p_all(f); };
    auto accept = [&](const GroundFact& f) {
        if (excluded(f)) return false;
        used.insert(key_of(f));
        return true;
    };

    const std::size_t E = K.num_entities();
    std::vector<kg::Id> typed_entities, nonempty_types;
    for (kg::Id t = 0; t < K.num_types(); ++t) {
        const auto m = K.instances(t);
        if (!m.empty()) nonempty_types.push_back(t);
        typed_entities.insert(typed_entities.end(), m.begin(), m.end());
    }
    std::sort(typed_entities.begin(), typed_entities.end());
    typed_entities.erase(std::unique(typed_entities.begin(), typed_entities.end()), typed_entities.end());

    Rng rng{mix(params.seed ^ 0x4E47'5345'4544ull)};
    auto draw_rc = [&](const GroundFact& f) -> GroundFact {
        if (f.unary)
            return nonempty_types.empty() ? GroundFact{}
                                          : GroundFact{true, static_cast<kg::Id>(rng.below(K.num_types())), f.s, 0};
        return {false, f.pred, f.s, static_cast<kg::Id>(rng.below(E))};
    };
    if (loginfer) {
        loginfer_negatives(out, K, crules, rng, draw_rc, excluded, used, ctx);
        out.seconds_negatives = clock.seconds();
        ctx.report(1, 1, "Generated", true);
        return out;
    }
    auto draw_pa = [&](const GroundFact& f) -> GroundFact {
        const bool tail = rng.below(2) == 1;
        if (f.unary) {
            if (tail && !nonempty_types.empty())
                return {true, nonempty_types[rng.below(nonempty_types.size())], f.s, 0};
            if (typed_entities.empty()) return {};
            return {true, f.pred, typed_entities[rng.below(typed_entities.size())], 0};
        }
        if (f.pred >= K.num_relations()) return {};
        const auto objs = K.objects_of(f.pred), subs = K.subjects_of(f.pred);
        if (tail && !objs.empty()) return {false, f.pred, f.s, objs[rng.below(objs.size())]};
        if (!subs.empty()) return {false, f.pred, subs[rng.below(subs.size())], f.o};
        return {};
    };
    auto draw_rb = [&](const Positive& p) -> GroundFact {
        const auto& c = constants[p.rule];
        if (c.empty()) return {};
        const kg::Id a = c[rng.below(c.size())];
        if (p.fact.unary) return {true, p.fact.pred, a, 0};
        return {false, p.fact.pred, a, c[rng.below(c.size())]};
    };
    const NegMethod fill = params.neg == NegMethod::QG ? NegMethod::PA : params.neg;
    std::vector<std::vector<CRule>> subs_of(out.rules.size());
    if (params.neg == NegMethod::QG)
        for (std::size_t r = 0; r < crules.size(); ++r)
            subs_of[r] = sub_rules(crules[r]);
    const FactIndex fact_index(K);
    for (int s : {kValid, kTest, kTrain}) {
        const auto su = static_cast<std::size_t>(s);
        const auto& P = out.positives[su];
        auto& N = out.negatives[su];
        const std::size_t need = P.size();
        std::vector<bool> has(need, false);
        auto add = [&](const GroundFact& f, std::size_t i, NegMethod m) {
            N.push_back({f, static_cast<std::uint32_t>(i), m, P[i].rule});
            has[i] = true;
            ++out.rules[P[i].rule].negatives[su];
        };
        if (params.neg == NegMethod::QG && !out.rules.empty()) {
            // Sub-rule conclusions, sampled: per positive H(a,b) of a rule with sub-rules, up to
            // max_attempts random groundings of a random sub-rule's body with one head constant
            // of the positive kept (a or b, drawn) and the other found by the walk. Passes over
            // the positives repeat until the quota is met or a pass adds nothing; a positive
            // whose budget found nothing is not tried again.
            out.qg_quota[su] = need * out.complex_rules / out.rules.size();
            std::vector<bool> dry(need, false);
            std::vector<kg::Id> b;
            for (std::uint64_t pass = 0; out.qg_drawn[su] < out.qg_quota[su]; ++pass) {
                ctx.throw_if_stopped();
                bool progress = false;
                for (std::size_t i = 0; i < need && out.qg_drawn[su] < out.qg_quota[su]; ++i) {
                    const auto r = P[i].rule;
                    const auto& subs = subs_of[r];
                    if (subs.empty() || dry[i]) continue;
                    if ((i & 1023) == 0)
                        ctx.report(out.qg_drawn[su], out.qg_quota[su],
                                   "Drawing " + std::string(split_name(s)) + " qg negatives");
                    Rng qrng{mix(params.seed ^ mix((std::uint64_t{su} << 56) ^ (pass << 40) ^ i ^ 0x51C0ull))};
                    const GroundFact& pf = P[i].fact;
                    bool found = false;
                    for (unsigned a = 0; a < params.max_attempts && !found; ++a) {
                        const CRule& sub = subs[qrng.below(subs.size())];
                        b.assign(sub.num_vars, kg::kNoId);
                        // Keep one head constant when the head has two distinct variables.
                        const CAtom& h = sub.head;
                        if (!h.unary && h.t[0].var && h.t[1].var && h.t[0].id != h.t[1].id) {
                            if (qrng.below(2) == 0)
                                b[h.t[0].id] = pf.s;
                            else
                                b[h.t[1].id] = pf.o;
                        }
                        if (!random_grounding(K, fact_index, sub, b, qrng)) continue;
                        const GroundFact f = rules::ground(h, b);
                        if (accept(f)) {
                            add(f, i, NegMethod::QG);
                            ++out.qg_drawn[su];
                            found = progress = true;
                        }
                    }
                    if (!found) dry[i] = true;
                }
                if (!progress) break;
            }
        }
        for (int pass = 0; N.size() < need; ++pass) {
            ctx.throw_if_stopped();
            bool progress = false;
            for (std::size_t i = 0; i < need && N.size() < need; ++i) {
                if (pass == 0 && has[i]) continue;
                if ((i & 1023) == 0) ctx.report(N.size(), need, "Drawing " + std::string(split_name(s)) + " negatives");
                for (unsigned a = 0; a < params.max_attempts; ++a) {
                    const GroundFact f = fill == NegMethod::RC   ? draw_rc(P[i].fact)
                                         : fill == NegMethod::RB ? draw_rb(P[i])
                                                                 : draw_pa(P[i].fact);
                    if (f.pred == kg::kNoId) break;
                    if (accept(f)) {
                        add(f, i, fill);
                        progress = true;
                        break;
                    }
                }
            }
            if (!progress) break;
        }
        if (N.size() < need)
            out.shortfalls.push_back(std::string(split_name(s)) + ": " + std::to_string(N.size()) + " of " +
                                     std::to_string(need) + " negatives (" + std::string(neg_name(fill)) +
                                     " pool exhausted: no new negative outside P_all in " +
                                     std::to_string(params.max_attempts) + " draws per positive)");
    }
    if (params.neg == NegMethod::QG)
        for (int s : {kValid, kTest, kTrain}) {
            const auto su = static_cast<std::size_t>(s);
            bool any_sub = false;
            for (const auto& p : out.positives[su])
                any_sub = any_sub || !subs_of[p.rule].empty();
            if (out.qg_drawn[su] < out.qg_quota[su] && !any_sub)
                out.shortfalls.push_back(std::string(split_name(s)) + ": 0 of " + std::to_string(out.qg_quota[su]) +
                                         " qg negatives from sub-rules (no rule of this split's positives has a "
                                         "sub-rule that binds its head, e.g. composition; the rest from pa)");
            else if (out.qg_drawn[su] < out.qg_quota[su])
                out.shortfalls.push_back(
                    std::string(split_name(s)) + ": " + std::to_string(out.qg_drawn[su]) + " of " +
                    std::to_string(out.qg_quota[su]) + " qg negatives from sub-rules (no new sub-rule conclusion in " +
                    std::to_string(params.max_attempts) + " sampled groundings per positive; the rest from pa)");
        }
    out.seconds_negatives = clock.seconds();
    ctx.report(1, 1, "Generated", true);
    return out;
}

} // namespace kbcx::bench
