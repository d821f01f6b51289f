// The semi-naive loop. Each round splits the work into tasks (rule × delta atom × chunk of that
// atom's delta facts), runs them on all threads into per-task sorted buffers, and merges them
// in task order, so the derived facts, their ids and their recorded derivations never depend
// on the number of threads or on scheduling.
#include "rules/materialise.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "rules/matcher.hpp"
#include "rules/parallel.hpp"

#include <ctime>
#include <numeric>

namespace kbcx::rules {

namespace {

double process_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

constexpr std::size_t kDeltaChunk = 1024; // delta facts per task
constexpr std::size_t kBaseChunk = 256;   // input subject groups / members per task
constexpr std::uint64_t kUnaryBit = std::uint64_t{1} << 63;

inline std::uint64_t head_key(const GroundFact& f) {
    return (f.unary ? kUnaryBit : 0) | (std::uint64_t{f.pred} << 32) | f.s;
}

struct Task {
    std::uint32_t rule = 0;
    std::uint32_t plan = 0;
    std::size_t begin = 0, end = 0;
    bool whole = false; // run the plan without chunking (empty body)
};

struct TaskOut {
    std::vector<std::uint64_t> k1;
    std::vector<std::uint32_t> o;
    std::vector<std::uint32_t> vars; // num_vars per candidate when provenance is on
    std::uint64_t raw = 0;
};

struct Winner {
    std::uint64_t k1;
    std::uint32_t o;
    std::uint32_t seq; // global candidate number: task order, then order within the task
};

bool winner_less(const Winner& a, const Winner& b) {
    if (a.k1 != b.k1) return a.k1 < b.k1;
    if (a.o != b.o) return a.o < b.o;
    return a.seq < b.seq;
}

template <class T> void merge_into(std::vector<T>& old, const std::vector<T>& add) {
    if (add.empty()) return;
    std::vector<T> out(old.size() + add.size());
    std::merge(old.begin(), old.end(), add.begin(), add.end(), out.begin());
    old.swap(out);
}

// Merges (key, id) pairs of two sorted arrays.
template <class K>
void merge_with_ids(std::vector<K>& keys, std::vector<std::uint32_t>& ids, const std::vector<K>& add_keys,
                    const std::vector<std::uint32_t>& add_ids) {
    if (add_keys.empty()) return;
    std::vector<K> k(keys.size() + add_keys.size());
    std::vector<std::uint32_t> v(k.size());
    std::size_t i = 0, j = 0, w = 0;
    while (i < keys.size() && j < add_keys.size()) {
        if (keys[i] < add_keys[j])
            k[w] = keys[i], v[w++] = ids[i++];
        else
            k[w] = add_keys[j], v[w++] = add_ids[j++];
    }
    while (i < keys.size())
        k[w] = keys[i], v[w++] = ids[i++];
    while (j < add_keys.size())
        k[w] = add_keys[j], v[w++] = add_ids[j++];
    keys.swap(k);
    ids.swap(v);
}

} // namespace

double MaterialiseStats::bytes_per_fact() const {
    const std::uint64_t n = input_facts + derived;
    return n == 0 ? 0.0
                  : static_cast<double>(input_store_bytes + derived_store_bytes + provenance_bytes) /
                        static_cast<double>(n);
}

std::shared_ptr<Materialisation> Materialisation::run(std::shared_ptr<const Program> program,
                                                      const MaterialiseOptions& options, jobs::JobContext& ctx) {
    Stopwatch clock;
    const double cpu0 = process_cpu_seconds();
    std::shared_ptr<Materialisation> m(new Materialisation());
    m->program_ = program;
    m->provenance_ = options.provenance;
    const Program& prog = *program;
    const kg::FactStore& base = prog.graph().facts;
    m->first_derived_ = base.num_facts() + base.num_type_facts();
    m->stats_.input_facts = m->first_derived_;
    m->stats_.derived_per_rule.assign(prog.rules().size(), 0);
    DerivedStore& store = m->store_;
    store.resize(prog.num_relations(), prog.num_types());
    const unsigned threads = resolve_threads(options.threads);
    const auto& rules = prog.rules();
    std::uint64_t next_id = m->first_derived_;
    if (next_id >= 0xFFFFFFF0u) throw std::length_error("too many facts for 32-bit fact ids");

    for (std::size_t round = 0;; ++round) {
        if (options.max_rounds && round >= options.max_rounds) break;
        ctx.throw_if_stopped();
        const FactAccess facts(base, &store);

        // 1. Plans and tasks of this round.
        std::vector<Plan> plans;
        std::vector<Task> tasks;
        for (std::uint32_t r = 0; r < rules.size(); ++r) {
            const CRule& rule = rules[r];
            const std::size_t n = rule.body.size();
            if (round == 0) {
                std::vector<std::uint8_t> src(n, kFull);
                plans.push_back(make_plan(rule, src, n, facts));
                const Plan& p = plans.back();
                const auto pi = static_cast<std::uint32_t>(plans.size() - 1);
                if (p.never) continue;
                if (p.steps.empty()) {
                    tasks.push_back({r, pi, 0, 0, true});
                    continue;
                }
                const PlanStep& s0 = p.steps[0];
                std::size_t count = 0, chunk = s0.unary ? kBaseChunk * 16 : kBaseChunk;
                if (s0.unary)
                    count = s0.pred < base.num_types() ? base.instances(s0.pred).size() : 0;
                else
                    count = s0.pred < base.num_relations() ? base.subjects_of(s0.pred).size() : 0;
                for (std::size_t b = 0; b < count; b += chunk)
                    tasks.push_back({r, pi, b, std::min(count, b + chunk), false});
                continue;
            }
            for (std::size_t i = 0; i < n; ++i) {
                const CAtom& a = rule.body[i];
                const std::size_t dsize = a.unary ? store.un_delta[a.pred].size() : store.bin_delta[a.pred].size();
                if (dsize == 0) continue;
                std::vector<std::uint8_t> src(n, kFull);
                for (std::size_t j = 0; j < i; ++j)
                    src[j] = kOld;
                src[i] = kDelta;
                plans.push_back(make_plan(rule, src, i, facts));
                const auto pi = static_cast<std::uint32_t>(plans.size() - 1);
                if (plans.back().never) continue;
                for (std::size_t b = 0; b < dsize; b += kDeltaChunk)
                    tasks.push_back({r, pi, b, std::min(dsize, b + kDeltaChunk), false});
            }
        }
        if (tasks.empty()) break;

        // 2. Run the tasks; each keeps its new heads sorted and unique (first match wins).
        std::vector<TaskOut> outs(tasks.size());
        std::atomic<std::size_t> done{0};
        parallel_for(tasks.size(), threads, [&](std::size_t t) {
            if (ctx.stop_requested()) return;
            const Task& task = tasks[t];
            const CRule& rule = rules[task.rule];
            TaskOut& out = outs[t];
            Matcher matcher(plans[task.plan], facts);
            // A direct-mapped cache of heads already seen in this task: repeated heads (most
            // emits of joins such as transitivity) cost one probe instead of a store lookup.
            // Per-thread arrays stamped with the task number, so no clearing between tasks.
            constexpr std::size_t kCache = 1u << 13;
            struct Slot {
                std::uint64_t k;
                std::uint32_t o;
                std::uint32_t stamp;
            };
            thread_local std::vector<Slot> cache;
            thread_local std::uint32_t stamp = 0;
            if (cache.empty()) cache.assign(kCache, Slot{0, 0, 0});
            if (++stamp == 0) {
                cache.assign(kCache, Slot{0, 0, 0});
                stamp = 1;
            }
            const std::uint32_t my_stamp = stamp;
            auto emit = [&](const std::vector<kg::Id>& b) {
                const GroundFact h = ground(rule.head, b);
                const std::uint64_t k = head_key(h);
                std::uint64_t hash = (k ^ (std::uint64_t{h.o} * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
                const std::size_t slot = static_cast<std::size_t>(hash >> 51) & (kCache - 1);
                Slot& sl = cache[slot];
                if (sl.stamp == my_stamp && sl.k == k && sl.o == h.o) return;
                sl = Slot{k, h.o, my_stamp};
                if (facts.contains(h)) return;
                out.k1.push_back(k);
                out.o.push_back(h.o);
                if (options.provenance) out.vars.insert(out.vars.end(), b.begin(), b.end());
            };
            if (task.whole)
                matcher.run(emit);
            else
                matcher.run_chunk(&store, task.begin, task.end, emit);
            out.raw = out.k1.size();
            // Sort and deduplicate within the task, keeping the first candidate of each fact.
            const std::size_t c = out.k1.size();
            if (c > 1) {
                std::vector<std::uint32_t> perm(c);
                std::iota(perm.begin(), perm.end(), 0u);
                std::sort(perm.begin(), perm.end(), [&](std::uint32_t x, std::uint32_t y) {
                    if (out.k1[x] != out.k1[y]) return out.k1[x] < out.k1[y];
                    if (out.o[x] != out.o[y]) return out.o[x] < out.o[y];
                    return x < y;
                });
                std::vector<std::uint64_t> k1;
                std::vector<std::uint32_t> o, vars;
                const std::size_t nv = rule.num_vars;
                for (std::size_t i = 0; i < c; ++i) {
                    const std::uint32_t x = perm[i];
                    if (i > 0 && out.k1[x] == k1.back() && out.o[x] == o.back()) continue;
                    k1.push_back(out.k1[x]);
                    o.push_back(out.o[x]);
                    if (options.provenance)
                        vars.insert(vars.end(), out.vars.begin() + static_cast<std::ptrdiff_t>(x * nv),
                                    out.vars.begin() + static_cast<std::ptrdiff_t>((x + 1) * nv));
                }
                out.k1.swap(k1);
                out.o.swap(o);
                out.vars.swap(vars);
            }
            const std::size_t d = done.fetch_add(1) + 1;
            ctx.report(d, tasks.size(), "Round " + std::to_string(round + 1));
        });
        ctx.throw_if_stopped();

        // 3. Merge in task order: global sort by (fact, candidate number), first one wins.
        std::vector<std::size_t> task_start(tasks.size() + 1, 0);
        for (std::size_t t = 0; t < tasks.size(); ++t) {
            task_start[t + 1] = task_start[t] + outs[t].k1.size();
            m->stats_.candidates += outs[t].raw;
        }
        const std::size_t total = task_start.back();
        if (total >= 0xFFFFFFFFu) throw std::length_error("too many candidates in one round");
        std::vector<Winner> cand(total);
        parallel_for(tasks.size(), threads, [&](std::size_t t) {
            for (std::size_t i = 0; i < outs[t].k1.size(); ++i)
                cand[task_start[t] + i] = {outs[t].k1[i], outs[t].o[i], static_cast<std::uint32_t>(task_start[t] + i)};
        });
        parallel_sort(cand.begin(), cand.end(), threads, winner_less);
        std::size_t w = 0;
        for (std::size_t i = 0; i < cand.size(); ++i)
            if (w == 0 || cand[i].k1 != cand[w - 1].k1 || cand[i].o != cand[w - 1].o) cand[w++] = cand[i];
        cand.resize(w);
        cand.shrink_to_fit();
        if (w == 0) break;
        if (next_id + w >= 0xFFFFFFF0u) throw std::length_error("too many facts for 32-bit fact ids");

        // 4. Provenance of the winners: premise fact ids from the stored bindings.
        auto task_of = [&](std::uint32_t seq) {
            return static_cast<std::size_t>(std::upper_bound(task_start.begin(), task_start.end(), seq) -
                                            task_start.begin() - 1);
        };
        if (options.provenance) {
            const std::size_t first = m->prov_rule_.size();
            m->prov_rule_.resize(first + w);
            if (m->prov_offset_.empty()) m->prov_offset_.push_back(0);
            std::size_t pos = m->prov_premises_.size();
            for (std::size_t i = 0; i < w; ++i) {
                const std::size_t t = task_of(cand[i].seq);
                m->prov_rule_[first + i] = tasks[t].rule;
                pos += rules[tasks[t].rule].body.size();
                if (pos >= 0xFFFFFFFFu) throw std::length_error("provenance larger than 4 billion premises");
                m->prov_offset_.push_back(static_cast<std::uint32_t>(pos));
            }
            m->prov_premises_.resize(pos);
            const std::size_t chunks = (w + 4095) / 4096;
            parallel_for(chunks, threads, [&](std::size_t c) {
                std::vector<kg::Id> b;
                for (std::size_t i = c * 4096; i < std::min(w, (c + 1) * 4096); ++i) {
                    const std::size_t t = task_of(cand[i].seq);
                    const CRule& rule = rules[tasks[t].rule];
                    const std::size_t local = cand[i].seq - task_start[t];
                    const auto& vars = outs[t].vars;
                    b.assign(vars.begin() + static_cast<std::ptrdiff_t>(local * rule.num_vars),
                             vars.begin() + static_cast<std::ptrdiff_t>((local + 1) * rule.num_vars));
                    std::uint32_t* dst = m->prov_premises_.data() + m->prov_offset_[first + i];
                    for (std::size_t a = 0; a < rule.body.size(); ++a) {
                        const std::uint64_t id = facts.id_of(ground(rule.body[a], b));
                        dst[a] = static_cast<std::uint32_t>(id);
                    }
                }
            });
        }
        for (std::size_t i = 0; i < w; ++i)
            ++m->stats_.derived_per_rule[tasks[task_of(cand[i].seq)].rule];
        outs.clear();
        outs.shrink_to_fit();

        // 5. Old ← old ∪ delta; delta ← the winners (ids in sorted order).
        parallel_for(store.bin_old.size() + store.un_old.size(), threads, [&](std::size_t p) {
            if (p < store.bin_old.size()) {
                BinaryPart& o = store.bin_old[p];
                BinaryPart& d = store.bin_delta[p];
                merge_with_ids(o.so, o.so_id, d.so, d.so_id);
                merge_into(o.os, d.os);
                d = BinaryPart();
            } else {
                const std::size_t t = p - store.bin_old.size();
                UnaryPart& o = store.un_old[t];
                UnaryPart& d = store.un_delta[t];
                merge_with_ids(o.m, o.id, d.m, d.id);
                d = UnaryPart();
            }
        });
        std::size_t i = 0;
        while (i < w) {
            const bool unary = (cand[i].k1 & kUnaryBit) != 0;
            const kg::Id pred = static_cast<kg::Id>((cand[i].k1 & ~kUnaryBit) >> 32);
            std::size_t j = i;
            while (j < w && (cand[j].k1 >> 32) == (cand[i].k1 >> 32))
                ++j;
            if (unary) {
                UnaryPart& d = store.un_delta[pred];
                d.m.resize(j - i);
                d.id.resize(j - i);
                for (std::size_t k = i; k < j; ++k) {
                    d.m[k - i] = lo32(cand[k].k1);
                    d.id[k - i] = static_cast<std::uint32_t>(next_id + k);
                }
            } else {
                BinaryPart& d = store.bin_delta[pred];
                d.so.resize(j - i);
                d.so_id.resize(j - i);
                d.os.resize(j - i);
                for (std::size_t k = i; k < j; ++k) {
                    d.so[k - i] = pack(lo32(cand[k].k1), cand[k].o);
                    d.so_id[k - i] = static_cast<std::uint32_t>(next_id + k);
                    d.os[k - i] = pack(cand[k].o, lo32(cand[k].k1));
                }
                std::sort(d.os.begin(), d.os.end());
            }
            i = j;
        }
        next_id += w;
        m->stats_.derived += w;
        m->stats_.derived_per_round.push_back(w);
        m->stats_.rounds = round + 1;
        ctx.report(round + 1, 0, "Round " + std::to_string(round + 1) + ": " + std::to_string(w) + " new facts", true);
    }
    // Fold the last delta into the sorted arrays so the store is one part per predicate.
    for (std::size_t p = 0; p < store.bin_old.size(); ++p) {
        BinaryPart& o = store.bin_old[p];
        BinaryPart& d = store.bin_delta[p];
        merge_with_ids(o.so, o.so_id, d.so, d.so_id);
        merge_into(o.os, d.os);
        d = BinaryPart();
        o.so.shrink_to_fit();
        o.so_id.shrink_to_fit();
        o.os.shrink_to_fit();
    }
    for (std::size_t t = 0; t < store.un_old.size(); ++t) {
        merge_with_ids(store.un_old[t].m, store.un_old[t].id, store.un_delta[t].m, store.un_delta[t].id);
        store.un_delta[t] = UnaryPart();
        store.un_old[t].m.shrink_to_fit();
        store.un_old[t].id.shrink_to_fit();
    }
    m->prov_rule_.shrink_to_fit();
    m->prov_offset_.shrink_to_fit();
    m->prov_premises_.shrink_to_fit();
    m->stats_.input_store_bytes = base.memory_bytes();
    m->stats_.derived_store_bytes = store.bytes();
    m->stats_.provenance_bytes =
        (m->prov_rule_.capacity() + m->prov_offset_.capacity() + m->prov_premises_.capacity()) * sizeof(std::uint32_t);
    m->stats_.seconds = clock.seconds();
    m->stats_.cpu_seconds = process_cpu_seconds() - cpu0;
    return m;
}

void Materialisation::build_inverse() const {
    std::call_once(inverse_once_, [this] {
        inverse_.assign(stats_.derived, 0);
        for (std::size_t p = 0; p < store_.bin_old.size(); ++p) {
            const auto& ids = store_.bin_old[p].so_id;
            for (std::size_t i = 0; i < ids.size(); ++i)
                inverse_[ids[i] - first_derived_] = (std::uint64_t{p} << 32) | i;
        }
        for (std::size_t t = 0; t < store_.un_old.size(); ++t) {
            const auto& ids = store_.un_old[t].id;
            for (std::size_t i = 0; i < ids.size(); ++i)
                inverse_[ids[i] - first_derived_] = (std::uint64_t{1} << 63) | (std::uint64_t{t} << 32) | i;
        }
    });
}

std::optional<std::uint64_t> Materialisation::find(const GroundFact& f) const {
    if (f.pred == kg::kNoId) return std::nullopt;
    if (f.unary ? f.pred >= store_.un_old.size() : f.pred >= store_.bin_old.size()) return std::nullopt;
    const std::uint64_t id = access().id_of(f);
    if (id == UINT64_MAX) return std::nullopt;
    return id;
}

GroundFact Materialisation::fact(std::uint64_t id) const {
    if (id < first_derived_) return access().base_fact(id);
    build_inverse();
    const std::uint64_t v = inverse_.at(id - first_derived_);
    const bool unary = (v >> 63) != 0;
    const kg::Id pred = static_cast<kg::Id>((v >> 32) & 0x7FFFFFFFu);
    const std::size_t i = v & 0xFFFFFFFFu;
    if (unary) return {true, pred, store_.un_old[pred].m[i], 0};
    const std::uint64_t k = store_.bin_old[pred].so[i];
    return {false, pred, hi32(k), lo32(k)};
}

Materialisation::Derivation Materialisation::derivation(std::uint64_t id) const {
    if (!provenance_) throw std::logic_error("materialisation was run without provenance");
    if (id < first_derived_ || id >= num_facts()) throw std::out_of_range("not a derived fact id");
    const std::size_t k = id - first_derived_;
    return {prov_rule_[k], {prov_premises_.data() + prov_offset_[k], prov_premises_.data() + prov_offset_[k + 1]}};
}

DerivationNode::~DerivationNode() {
    // Tear the tree down level by level from a worklist: the implicit recursive destruction
    // would use one stack frame per level of a derivation that can be arbitrarily deep.
    std::vector<DerivationNode> work = std::move(premises);
    while (!work.empty()) {
        DerivationNode last = std::move(work.back());
        work.pop_back();
        for (DerivationNode& p : last.premises)
            work.push_back(std::move(p));
        last.premises.clear();
    }
}

DerivationNode Materialisation::explain(std::uint64_t id) const {
    if (id >= num_facts()) throw std::out_of_range("fact id out of range");
    std::vector<bool> seen(stats_.derived, false);
    // Depth first with an explicit stack (a derivation can be deeper than the call stack):
    // a frame is a node whose premises are being built, the next one at premises.size().
    struct Frame {
        DerivationNode node;
        Derivation d;
    };
    std::vector<Frame> stack;
    // Starts the node of fact `f`; returns true when it has premises to build (frame pushed).
    auto start = [&](std::uint64_t f, DerivationNode& leaf) {
        leaf.fact_id = f;
        leaf.fact = fact(f);
        if (f < first_derived_) {
            leaf.input = true;
            return false;
        }
        if (seen[f - first_derived_]) {
            leaf.repeated = true;
            leaf.rule = derivation(f).rule;
            return false;
        }
        seen[f - first_derived_] = true;
        const Derivation d = derivation(f);
        leaf.rule = d.rule;
        if (d.premises.empty()) return false;
        stack.push_back(Frame{std::move(leaf), d});
        return true;
    };
    DerivationNode root;
    if (!start(id, root)) return root;
    for (;;) {
        Frame& top = stack.back();
        const std::size_t k = top.node.premises.size();
        if (k < top.d.premises.size()) {
            DerivationNode child;
            if (!start(top.d.premises[k], child)) top.node.premises.push_back(std::move(child));
            continue;
        }
        DerivationNode done = std::move(top.node);
        stack.pop_back();
        if (stack.empty()) return done;
        stack.back().node.premises.push_back(std::move(done));
    }
}

std::string format_tree(const Materialisation& m, const DerivationNode& node) {
    // Pre-order with an explicit stack (children pushed in reverse) instead of recursion.
    std::string out;
    std::vector<std::pair<const DerivationNode*, std::size_t>> stack{{&node, 0}};
    while (!stack.empty()) {
        const auto [np, depth] = stack.back();
        stack.pop_back();
        const DerivationNode& n = *np;
        out.append(depth * 2, ' ');
        out += m.program().display(n.fact);
        if (n.input)
            out += "  [input]";
        else {
            out += "  [rule " + std::to_string(n.rule + 1) + ": " +
                   m.program().display(m.program().rule_set().rules[static_cast<std::size_t>(n.rule)]) + "]";
            if (n.repeated) out += "  (derivation shown above)";
        }
        out += '\n';
        for (auto it = n.premises.rbegin(); it != n.premises.rend(); ++it)
            stack.emplace_back(&*it, depth + 1);
    }
    return out;
}

} // namespace kbcx::rules
