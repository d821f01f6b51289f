// The benchmark generator: rule enumeration through core/rules, parallel support enumeration per
// rule for new conclusions (and, for rb, support constants; for qg, sub-rule conclusions),
// seeded bottom-k sampling, split resolution, and the negative samplers with their P_all filter.
#include "bench/generator.hpp"
#include "bench/rule_facts.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "rules/parallel.hpp"
#include "rules/support.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace kbcx::bench {

namespace {

using rules::CAtom;
using rules::CRule;
using rules::CTerm;
using rules::FactAccess;

std::uint64_t mix(std::uint64_t x) {
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
Key key_of(const GroundFact& f) {
    return {(std::uint64_t{f.unary} << 63) | (std::uint64_t{f.pred} << 32) | f.s, f.unary ? 0 : f.o};
}
using KeySet = std::unordered_set<Key, KeyHash>;

/// Packs the constants of a head instance (binary: s,o; unary: s).
std::uint64_t head_key(const GroundFact& f) {
    return f.unary ? f.s : rules::pack(f.s, f.o);
}
GroundFact from_head_key(const CAtom& head, std::uint64_t k) {
    if (head.unary) return {true, head.pred, static_cast<kg::Id>(k), 0};
    return {false, head.pred, rules::hi32(k), rules::lo32(k)};
}

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

/// Distinct head instances (as head keys) of the supports of `rule` that are not facts of K.
std::vector<std::uint64_t> new_heads(const CRule& rule, const FactAccess& facts, unsigned threads,
                                     jobs::JobContext& ctx, std::vector<kg::Id>* constants) {
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
                for (kg::Id v : b)
                    if (v != kg::kNoId) c.push_back(v);
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

/// The `k` keys of smallest hash under `salt` (ties by key), in that order.
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

} // namespace

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
        pp.top_k = p == rules::Pattern::Intersection ? params.k1 * 2 : params.k1;
        pp.seed = mix(params.seed ^ (pi + 1));
        pp.threads = threads;
        pp.new_conclusions = false;
        auto found = rules::enumerate_patterns(params.graph, pp, ctx);
        std::set<std::pair<std::string, std::string>> seen_bodies;
        std::size_t kept = 0;
        for (auto& pr : found) {
            if (kept == params.k1) break;
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

    // 2. Positives: sample, resolve, split.
    const FactAccess facts(K, nullptr);
    const bool want_consts = params.neg == NegMethod::RB;
    const bool want_qg = params.neg == NegMethod::QG;
    std::vector<std::vector<kg::Id>> constants(out.rules.size());
    std::vector<std::vector<GroundFact>> qg_pool(out.rules.size());
    KeySet taken;
    for (std::size_t r = 0; r < out.rules.size(); ++r) {
        ctx.report(r, out.rules.size(), "Sampling conclusions of rule " + std::to_string(r + 1), r == 0);
        BenchRule& br = out.rules[r];
        const CRule& cr = crules[r];
        const auto heads = new_heads(cr, facts, threads, ctx, want_consts ? &constants[r] : nullptr);
        br.new_conclusions = heads.size();
        const std::uint64_t salt = mix(params.seed ^ mix(0x5A3B'0000ull + r));
        const auto sample = bottom_k(heads, params.k2, salt);
        br.sampled = sample.size();
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
            ++br.positives[static_cast<std::size_t>(s)];
        }
        if (want_qg && br.complex) {
            std::vector<std::uint64_t> pool;
            for (const CRule& sub : sub_rules(cr)) {
                auto h = new_heads(sub, facts, threads, ctx, nullptr);
                pool.insert(pool.end(), h.begin(), h.end());
            }
            sort_unique(pool);
            const auto picked = bottom_k(pool, 4 * br.sampled + 16, mix(salt ^ 0x9617ull));
            for (auto k : picked)
                qg_pool[r].push_back(from_head_key(cr.head, k));
        }
    }
    out.seconds_positives = clock.seconds();
    clock.restart();

    // 3. Negatives: valid, then test, then train.
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_head;
    for (std::size_t r = 0; r < crules.size(); ++r)
        by_head[(std::uint64_t{crules[r].head.unary} << 32) | crules[r].head.pred].push_back(
            static_cast<std::uint32_t>(r));
    auto in_p_all = [&](const GroundFact& f) {
        if (facts.contains(f) || taken.count(key_of(f))) return true;
        const auto it = by_head.find((std::uint64_t{f.unary} << 32) | f.pred);
        if (it == by_head.end()) return false;
        for (auto r : it->second)
            if (derives(facts, crules[r], f)) return true;
        return false;
    };
    KeySet used;
    auto accept = [&](const GroundFact& f) {
        if (f.s == kg::kNoId || used.count(key_of(f)) || in_p_all(f)) return false;
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
    std::vector<std::size_t> qg_cursor(out.rules.size(), 0);
    for (int s : {kValid, kTest, kTrain}) {
        const auto su = static_cast<std::size_t>(s);
        const auto& P = out.positives[su];
        auto& N = out.negatives[su];
        const std::size_t need = P.size();
        std::vector<bool> has(need, false);
        auto add = [&](const GroundFact& f, std::size_t i, NegMethod m) {
            N.push_back({f, static_cast<std::uint32_t>(i), m});
            has[i] = true;
            ++out.rules[P[i].rule].negatives[su];
        };
        if (params.neg == NegMethod::QG && !out.rules.empty()) {
            out.qg_quota[su] = need * out.complex_rules / out.rules.size();
            for (std::size_t i = 0; i < need && out.qg_drawn[su] < out.qg_quota[su]; ++i) {
                const auto r = P[i].rule;
                if (!out.rules[r].complex) continue;
                auto& cur = qg_cursor[r];
                while (cur < qg_pool[r].size()) {
                    const GroundFact f = qg_pool[r][cur++];
                    if (accept(f)) {
                        add(f, i, NegMethod::QG);
                        ++out.qg_drawn[su];
                        break;
                    }
                }
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
            if (out.qg_drawn[su] < out.qg_quota[su])
                out.shortfalls.push_back(
                    std::string(split_name(s)) + ": " + std::to_string(out.qg_drawn[su]) + " of " +
                    std::to_string(out.qg_quota[su]) +
                    " qg negatives from sub-rules (sub-rule conclusions exhausted; the rest from pa)");
        }
    out.seconds_negatives = clock.seconds();
    ctx.report(1, 1, "Generated", true);
    return out;
}

namespace {

std::string fact_line(const kg::Vocabulary& v, const GroundFact& f) {
    std::string line(v.entities().name(f.s));
    line += '\t';
    if (f.unary) {
        line += "rdf:type\t";
        line += v.types().name(f.pred);
    } else {
        line += v.relations().name(f.pred);
        line += '\t';
        line += v.entities().name(f.o);
    }
    line += '\n';
    return line;
}

class OutFile {
  public:
    OutFile(const std::filesystem::path& p) : path_(p.string()), out_(p, std::ios::binary | std::ios::trunc) {
        if (!out_) throw InputError(path_, "cannot write file");
    }
    void write(const std::string& s) {
        buf_ += s;
        if (buf_.size() > (1u << 20)) flush();
    }
    void close() {
        flush();
        out_.close();
        if (!out_) throw InputError(path_, "write failed");
    }

  private:
    void flush() {
        out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
        buf_.clear();
        if (!out_) throw InputError(path_, "write failed");
    }
    std::string path_;
    std::ofstream out_;
    std::string buf_;
};

} // namespace

void write_benchmark(const Generated& gen, const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw InputError(dir, "cannot create output folder: " + ec.message());
    const kg::KnowledgeGraph& g = *gen.params.graph;
    const kg::Vocabulary& v = g.vocab;
    const fs::path d(dir);
    {
        OutFile f(d / "train.txt");
        g.facts.for_each_fact([&](const kg::Triple& t) { f.write(fact_line(v, {false, t.r, t.s, t.o})); });
        for (kg::Id t = 0; t < g.facts.num_types(); ++t)
            for (kg::Id e : g.facts.instances(t))
                f.write(fact_line(v, {true, t, e, 0}));
        for (const auto& p : gen.positives[kTrain])
            f.write(fact_line(v, p.fact));
        f.close();
    }
    for (int s : {kValid, kTest}) {
        OutFile f(d / (std::string(split_name(s)) + ".txt"));
        for (const auto& p : gen.positives[static_cast<std::size_t>(s)])
            f.write(fact_line(v, p.fact));
        f.close();
    }
    const std::string m(neg_name(gen.params.neg));
    for (int s : {kTrain, kValid, kTest}) {
        OutFile f(d / (std::string(split_name(s)) + "_neg_" + m + ".txt"));
        for (const auto& n : gen.negatives[static_cast<std::size_t>(s)])
            f.write(fact_line(v, n.fact));
        f.close();
    }
    {
        OutFile f(d / "rules.txt");
        f.write("# pattern\tsupport\tnew\ttrain\tvalid\ttest\trule\n");
        for (const auto& r : gen.rules)
            f.write(r.pattern + "\t" + std::to_string(r.support) + "\t" + std::to_string(r.new_conclusions) + "\t" +
                    std::to_string(r.positives[kTrain]) + "\t" + std::to_string(r.positives[kValid]) + "\t" +
                    std::to_string(r.positives[kTest]) + "\t" + r.text + "\n");
        f.close();
    }
    {
        OutFile f(d / "candidate_entities.txt");
        for (kg::Id e = 0; e < g.facts.num_entities(); ++e)
            f.write(std::string(v.entities().name(e)) + "\n");
        f.close();
        OutFile r(d / "candidate_relations.txt");
        for (kg::Id x = 0; x < g.facts.num_relations(); ++x)
            r.write(std::string(v.relations().name(x)) + "\n");
        r.close();
    }
    JsonWriter j(true);
    const GenerateParams& p = gen.params;
    j.begin_object();
    j.field("generator", std::string("kbcx generate ") + KBCX_VERSION);
    j.key("parameters").begin_object();
    j.key("patterns").begin_array();
    for (auto pat : p.patterns)
        j.value(rules::pattern_name(pat));
    j.end_array();
    j.field("neg", m)
        .field("k1", static_cast<std::uint64_t>(p.k1))
        .field("k2", static_cast<std::uint64_t>(p.k2))
        .field("split",
               std::to_string(p.ratio[0]) + ":" + std::to_string(p.ratio[1]) + ":" + std::to_string(p.ratio[2]))
        .field("seed", p.seed)
        .field("max_attempts", static_cast<std::uint64_t>(p.max_attempts))
        .end_object();
    j.key("kg")
        .begin_object()
        .field("facts", static_cast<std::uint64_t>(g.facts.num_facts()))
        .field("type_facts", static_cast<std::uint64_t>(g.facts.num_type_facts()))
        .field("entities", static_cast<std::uint64_t>(g.facts.num_entities()))
        .field("relations", static_cast<std::uint64_t>(g.facts.num_relations()))
        .end_object();
    j.key("sizes").begin_object();
    for (int s : {kTrain, kValid, kTest}) {
        const auto su = static_cast<std::size_t>(s);
        j.key(split_name(s)).begin_object();
        if (s == kTrain)
            j.field("facts", static_cast<std::uint64_t>(g.facts.num_facts() + g.facts.num_type_facts() +
                                                        gen.positives[su].size()));
        j.field("positives", static_cast<std::uint64_t>(gen.positives[su].size()))
            .field("negatives", static_cast<std::uint64_t>(gen.negatives[su].size()));
        if (p.neg == NegMethod::QG)
            j.field("qg_quota", static_cast<std::uint64_t>(gen.qg_quota[su]))
                .field("qg_from_sub_rules", static_cast<std::uint64_t>(gen.qg_drawn[su]));
        j.end_object();
    }
    j.end_object();
    j.field("rules_kept", static_cast<std::uint64_t>(gen.rules.size()))
        .field("complex_rules", static_cast<std::uint64_t>(gen.complex_rules));
    j.key("shortfalls").begin_array();
    for (const auto& s : gen.shortfalls)
        j.value(s);
    j.end_array();
    j.key("rules").begin_array();
    for (const auto& r : gen.rules) {
        j.begin_object()
            .field("rule", r.text)
            .field("pattern", r.pattern)
            .field("support", r.support)
            .field("new_conclusions", r.new_conclusions)
            .field("sampled", static_cast<std::uint64_t>(r.sampled))
            .field("shared_with_earlier_rules", static_cast<std::uint64_t>(r.shared));
        for (const char* what : {"positives", "negatives"}) {
            const auto& a = what[0] == 'p' ? r.positives : r.negatives;
            j.key(what).begin_object();
            for (int s : {kTrain, kValid, kTest})
                j.field(split_name(s), static_cast<std::uint64_t>(a[static_cast<std::size_t>(s)]));
            j.end_object();
        }
        j.end_object();
    }
    j.end_array();
    j.end_object();
    OutFile f(d / "summary.json");
    f.write(j.str() + "\n");
    f.close();
    write_rule_facts(gen, dir);
}

} // namespace kbcx::bench
