// The sampling loop of the rule learner: an undirected adjacency for random walks, batches of
// walks per worker thread, generalisation of each walk into rules, and rule evaluation.
#include "learn/learner.hpp"

#include "common/error.hpp"
#include "common/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace kbcx::learn {

namespace {

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t hash_key(const std::string& k) {
    std::uint64_t h = 1469598103934665603ULL;
    for (char c : k)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    return h;
}

/// Every edge of a node in both directions, sorted by neighbour.
struct Edge {
    kg::Id nbr;
    kg::Id rel;
    bool inverse;
};

class Adjacency {
  public:
    explicit Adjacency(const kg::FactStore& f) : begin_(f.num_entities() + 1, 0) {
        f.for_each_fact([&](const kg::Triple& t) {
            ++begin_[t.s + 1];
            ++begin_[t.o + 1];
        });
        for (std::size_t i = 1; i < begin_.size(); ++i)
            begin_[i] += begin_[i - 1];
        edges_.resize(begin_.back());
        std::vector<std::size_t> fill(begin_.begin(), begin_.end() - 1);
        f.for_each_fact([&](const kg::Triple& t) {
            edges_[fill[t.s]++] = {t.o, t.r, false};
            edges_[fill[t.o]++] = {t.s, t.r, true};
        });
        for (std::size_t v = 0; v + 1 < begin_.size(); ++v)
            std::sort(edges_.begin() + static_cast<std::ptrdiff_t>(begin_[v]),
                      edges_.begin() + static_cast<std::ptrdiff_t>(begin_[v + 1]), [](const Edge& a, const Edge& b) {
                          return std::tie(a.nbr, a.rel, a.inverse) < std::tie(b.nbr, b.rel, b.inverse);
                      });
    }
    std::span<const Edge> of(kg::Id v) const { return {edges_.data() + begin_[v], edges_.data() + begin_[v + 1]}; }
    std::span<const Edge> between(kg::Id v, kg::Id w) const {
        const auto all = of(v);
        const auto lo = std::lower_bound(all.begin(), all.end(), w, [](const Edge& e, kg::Id x) { return e.nbr < x; });
        auto hi = lo;
        while (hi != all.end() && hi->nbr == w)
            ++hi;
        return {lo, hi};
    }

  private:
    std::vector<std::size_t> begin_;
    std::vector<Edge> edges_;
};

bool is_head_edge(kg::Id cur, const Edge& e, const kg::Triple& head) {
    return e.rel == head.r &&
           ((!e.inverse && cur == head.s && e.nbr == head.o) || (e.inverse && cur == head.o && e.nbr == head.s));
}

struct Entry {
    PathRule rule;
    RuleStats stats;
};

} // namespace

NameTable names_of(const kg::KnowledgeGraph& graph) {
    NameTable t;
    for (kg::Id i = 0; i < graph.vocab.entities().size(); ++i)
        t.entities.emplace_back(graph.vocab.entities().name(i));
    for (kg::Id i = 0; i < graph.vocab.relations().size(); ++i)
        t.relations.emplace_back(graph.vocab.relations().name(i));
    return t;
}

LearnParams learn_defaults(RuleVariant v) {
    const VariantDefaults& d = defaults_of(v);
    LearnParams p;
    p.variant = v;
    p.max_length = d.max_length;
    p.max_acyclic_length = d.max_acyclic_length;
    p.grounded_cyclic_length = d.grounded_cyclic_length;
    p.object_identity = d.object_identity;
    p.both_directions = d.both_directions;
    p.pc_in_file = d.pc_in_file;
    p.sample_size = d.sample_size;
    p.acyclic_sample_size = d.acyclic_sample_size;
    return p;
}

RuleStats evaluate_rule(const PathWalker& walker, const PathRule& rule, double pc, std::size_t sample_size,
                        std::uint64_t work_budget, std::uint64_t seed) {
    LearnParams p = learn_defaults(RuleVariant::Kbcx);
    p.pc = pc;
    p.sample_size = sample_size;
    p.work_budget = work_budget;
    p.seed = seed;
    return evaluate_rule(walker, rule, p);
}

RuleStats evaluate_rule(const PathWalker& walker, const PathRule& rule, const LearnParams& params) {
    RuleStats st;
    const kg::FactStore& f = walker.facts();
    const bool oi = params.object_identity;
    std::uint64_t work = 0;
    const std::uint64_t rule_seed = splitmix(params.seed ^ hash_key(rule_key(rule)));
    auto finish = [&] {
        const double denom = static_cast<double>(st.predicted) + (params.pc_in_file ? params.pc : 0.0);
        st.confidence = denom > 0 ? static_cast<double>(st.support) / denom : 0.0;
        return st;
    };
    if (rule.kind == PathRule::Kind::Zero) {
        if (rule.head >= f.num_relations()) return finish();
        for (kg::Id x : rule.anchor_object ? f.objects_of(rule.head) : f.subjects_of(rule.head)) {
            if (x == rule.head_const) continue;
            ++st.predicted;
            if (rule.anchor_object ? f.contains(rule.head_const, rule.head, x)
                                   : f.contains(x, rule.head, rule.head_const))
                ++st.support;
        }
        return finish();
    }
    if (rule.path.empty()) return st;
    if (rule.kind == PathRule::Kind::Cyclic && params.both_directions) {
        // AnyBURL's beam sampling, from X and then from Y, the counts summed: random start
        // entities (with replacement) each give one random grounding, until sample_size
        // distinct groundings, kBeamRepetitions draws in a row of known ones, or kBeamAttempts.
        std::unordered_set<std::uint64_t> seen_pairs;
        for (int side = 0; side < 2; ++side) {
            const std::vector<Step> path = side == 0 ? rule.path : reversed(rule.path);
            const auto dom = walker.domain(path.front());
            if (dom.empty()) continue;
            std::mt19937_64 rng(splitmix(rule_seed + static_cast<std::uint64_t>(side)));
            seen_pairs.clear();
            unsigned repetitions = 0;
            std::size_t attempt = 0;
            for (; attempt < kBeamAttempts; ++attempt) {
                const kg::Id a = dom[rng() % dom.size()];
                const kg::Id b = walker.random_grounding(a, path, rng, oi);
                if (b == kg::kNoId) continue;
                const kg::Id x = side == 0 ? a : b, y = side == 0 ? b : a;
                if (seen_pairs.insert((std::uint64_t{x} << 32) | y).second) {
                    repetitions = 0;
                    ++st.predicted;
                    if (f.contains(x, rule.head, y)) ++st.support;
                } else if (++repetitions >= kBeamRepetitions) {
                    break;
                }
                if (seen_pairs.size() >= params.sample_size) break;
            }
            st.exact = false; // a sample, whatever it found
        }
        return finish();
    }
    if (rule.kind == PathRule::Kind::Cyclic) {
        const auto dom = walker.domain(rule.path.front());
        std::vector<kg::Id> anchors(dom.begin(), dom.end());
        if (anchors.size() > params.sample_size) {
            std::mt19937_64 rng(rule_seed);
            for (std::size_t i = 0; i < params.sample_size; ++i)
                std::swap(anchors[i], anchors[i + rng() % (anchors.size() - i)]);
            anchors.resize(params.sample_size);
            std::sort(anchors.begin(), anchors.end());
            st.exact = false;
        }
        std::vector<kg::Id> ys;
        for (kg::Id x : anchors) {
            if (oi)
                walker.reach_oi(x, rule.path, ys, &work);
            else
                ys = walker.reach(x, rule.path, &work);
            for (kg::Id y : ys) {
                if (y == x) continue;
                ++st.predicted;
                if (f.contains(x, rule.head, y)) ++st.support;
            }
            if (work > params.work_budget) {
                st.exact = false;
                break;
            }
        }
        return finish();
    }
    const kg::Id end = rule.kind == PathRule::Kind::AC1 ? rule.end_const : kg::kNoId;
    std::vector<kg::Id> xs =
        oi ? walker.anchors_oi(rule.path, end, rule.head_const, &work) : walker.anchors(rule.path, end, &work);
    if (params.acyclic_sample_size && xs.size() > params.acyclic_sample_size) {
        std::mt19937_64 rng(rule_seed);
        for (std::size_t i = 0; i < params.acyclic_sample_size; ++i)
            std::swap(xs[i], xs[i + rng() % (xs.size() - i)]);
        xs.resize(params.acyclic_sample_size);
        st.exact = false;
    }
    for (kg::Id x : xs) {
        ++st.predicted;
        if (rule.anchor_object ? f.contains(rule.head_const, rule.head, x) : f.contains(x, rule.head, rule.head_const))
            ++st.support;
    }
    return finish();
}

LearnResult learn_rules(const LearnParams& params, jobs::JobContext& ctx) {
    if (!params.graph) throw InputError("<learn>", "no training graph");
    if (params.max_length < 1) throw InputError("<learn>", "--max-length must be at least 1");
    const auto t0 = std::chrono::steady_clock::now();
    const kg::FactStore& facts = params.graph->facts;
    LearnResult res;
    if (facts.num_facts() == 0) return res;
    ctx.report(0, 0, "Indexing paths", true);
    const Adjacency adj(facts);
    const PathWalker walker(facts);
    const unsigned ac1_max =
        params.mode == LearnMode::RuleN ? 1u : std::max(1u, std::min(params.max_acyclic_length, params.max_length));
    constexpr std::uint64_t kBatch = 64;
    const auto deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(std::max(0.0, params.seconds)));
    const bool timed = params.seconds > 0;
    const std::uint64_t max_batches =
        params.max_samples ? (params.max_samples + kBatch - 1) / kBatch : std::numeric_limits<std::uint64_t>::max();
    if (!timed && !params.max_samples) throw InputError("<learn>", "give a time bound (--seconds) or --samples");

    std::mutex mu;
    std::unordered_map<std::string, Entry> seen; // every rule generalised so far, with its statistics
    std::atomic<std::uint64_t> next_batch{0}, samples{0};

    auto consider = [&](PathRule&& r) {
        std::string key = rule_key(r);
        {
            std::lock_guard lock(mu);
            if (!seen.emplace(key, Entry{r, {}}).second) return;
        }
        const RuleStats st = evaluate_rule(walker, r, params);
        std::lock_guard lock(mu);
        seen[key].stats = st;
    };

    auto walk_batch = [&](std::uint64_t b) {
        std::mt19937_64 rng(splitmix(params.seed * 0x100000001b3ULL + b));
        std::vector<kg::Id> nodes;
        for (std::uint64_t w = 0; w < kBatch; ++w) {
            if (params.max_samples && b * kBatch + w >= params.max_samples) break;
            samples.fetch_add(1, std::memory_order_relaxed);
            const kg::Triple head = facts.fact(rng() % facts.num_facts());
            const unsigned len = 1 + static_cast<unsigned>(rng() % params.max_length);
            // Cyclic: a walk a = n0 … n_len = b that does not use the head fact, nodes distinct.
            {
                nodes.assign({head.s});
                std::vector<Step> path;
                bool ok = true;
                for (unsigned i = 0; i < len && ok; ++i) {
                    const kg::Id cur = nodes.back();
                    const bool last = i + 1 == len;
                    if (last) {
                        const auto to_b = adj.between(cur, head.o);
                        std::vector<Edge> cand;
                        for (const Edge& e : to_b)
                            if (!is_head_edge(cur, e, head)) cand.push_back(e);
                        if (cand.empty()) {
                            ok = false;
                            break;
                        }
                        const Edge& e = cand[rng() % cand.size()];
                        path.push_back({e.rel, e.inverse});
                        nodes.push_back(e.nbr);
                    } else {
                        const auto all = adj.of(cur);
                        if (all.empty()) {
                            ok = false;
                            break;
                        }
                        const Edge& e = all[rng() % all.size()];
                        if (e.nbr == head.o || std::find(nodes.begin(), nodes.end(), e.nbr) != nodes.end()) {
                            ok = false;
                            break;
                        }
                        path.push_back({e.rel, e.inverse});
                        nodes.push_back(e.nbr);
                    }
                }
                if (ok && head.s != head.o) {
                    if (path.size() <= params.grounded_cyclic_length) {
                        // AnyBURL's grounded cyclic rules: one head argument kept as a constant
                        // that the body's path also ends in, h(X,o) <= path(X..o), h(s,Y) <= path(Y..s).
                        PathRule g;
                        g.kind = PathRule::Kind::AC1;
                        g.head = head.r;
                        g.head_const = g.end_const = head.o;
                        g.path = path;
                        consider(PathRule(g));
                        g.anchor_object = true;
                        g.head_const = g.end_const = head.s;
                        g.path = reversed(path);
                        consider(std::move(g));
                    }
                    PathRule r;
                    r.kind = PathRule::Kind::Cyclic;
                    r.head = head.r;
                    r.path = std::move(path);
                    consider(std::move(r));
                }
            }
            // Acyclic: a walk from one side of the head fact, not through the other side.
            {
                const bool from_object = rng() % 2 == 1;
                const kg::Id start = from_object ? head.o : head.s, other = from_object ? head.s : head.o;
                const unsigned alen = 1 + static_cast<unsigned>(rng() % ac1_max);
                if (params.zero_rules && start != other) {
                    PathRule z;
                    z.kind = PathRule::Kind::Zero;
                    z.head = head.r;
                    z.anchor_object = from_object;
                    z.head_const = other;
                    consider(std::move(z));
                }
                nodes.assign({start});
                std::vector<Step> path;
                for (unsigned i = 0; i < alen; ++i) {
                    const kg::Id cur = nodes.back();
                    const auto all = adj.of(cur);
                    if (all.empty()) break;
                    const Edge& e = all[rng() % all.size()];
                    if (is_head_edge(cur, e, head) || e.nbr == other ||
                        std::find(nodes.begin(), nodes.end(), e.nbr) != nodes.end())
                        break;
                    path.push_back({e.rel, e.inverse});
                    nodes.push_back(e.nbr);
                }
                if (!path.empty()) {
                    PathRule base;
                    base.head = head.r;
                    base.anchor_object = from_object;
                    base.head_const = other;
                    // AC1: the path ends in the constant it reached.
                    PathRule ac1 = base;
                    ac1.kind = PathRule::Kind::AC1;
                    ac1.path = path;
                    ac1.end_const = nodes.back();
                    consider(std::move(ac1));
                    // AC2: the first step, with a free end.
                    PathRule ac2 = base;
                    ac2.kind = PathRule::Kind::AC2;
                    ac2.path = {path.front()};
                    consider(std::move(ac2));
                }
            }
        }
    };

    auto worker = [&](unsigned) {
        for (;;) {
            if (ctx.stop_requested()) return;
            if (timed && std::chrono::steady_clock::now() >= deadline) return;
            const std::uint64_t b = next_batch.fetch_add(1);
            if (b >= max_batches) return;
            walk_batch(b);
            const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::size_t n;
            {
                std::lock_guard lock(mu);
                n = seen.size();
            }
            if (timed)
                ctx.report(static_cast<std::uint64_t>(el * 1000), static_cast<std::uint64_t>(params.seconds * 1000),
                           "Sampling paths: " + std::to_string(n) + " rules");
            else
                ctx.report(std::min<std::uint64_t>(samples.load(), params.max_samples), params.max_samples,
                           "Sampling paths: " + std::to_string(n) + " rules");
        }
    };
    // After an error the other workers draw no new batches.
    run_workers(resolve_threads(params.threads), worker, [&] { next_batch.store(max_batches); });
    ctx.throw_if_stopped();

    const NameTable names = names_of(*params.graph);
    std::vector<const Entry*> kept;
    for (const auto& [k, e] : seen)
        if (e.stats.support >= params.min_support && e.stats.confidence >= params.min_confidence) kept.push_back(&e);
    std::vector<std::pair<std::string, const Entry*>> keyed;
    keyed.reserve(kept.size());
    for (const Entry* e : kept)
        keyed.emplace_back(rule_key(e->rule), e);
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        if (a.second->stats.confidence != b.second->stats.confidence)
            return a.second->stats.confidence > b.second->stats.confidence;
        if (a.second->stats.support != b.second->stats.support)
            return a.second->stats.support > b.second->stats.support;
        return a.first < b.first;
    });
    for (const auto& [k, e] : keyed) {
        LearntRule lr;
        lr.rule = to_rule(e->rule, names);
        lr.predicted = e->stats.predicted;
        lr.support = e->stats.support;
        lr.confidence = e->stats.confidence;
        lr.has_stats = true;
        res.rules.push_back(std::move(lr));
        res.compiled.push_back(e->rule);
    }
    res.samples = samples.load();
    res.candidates = seen.size();
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ctx.report(1, 1, "Learnt " + std::to_string(res.rules.size()) + " rules", true);
    return res;
}

} // namespace kbcx::learn
