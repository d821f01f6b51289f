// Rule application: compiling rules for prediction, answering head and tail queries with cached
// path prefixes, and writing the scores file of a benchmark (grouped by query, multi-threaded).
#include "learn/apply.hpp"

#include "bench/folder.hpp"
#include "common/error.hpp"
#include "common/parallel.hpp"
#include "kg/byte_source.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

namespace kbcx::learn {

bool max_aggregation_less(std::span<const double> a, std::span<const double> b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return a[i] < b[i];
    return a.size() < b.size();
}

std::vector<double> order_scores(const std::vector<std::vector<double>>& lists, std::size_t* levels) {
    std::vector<std::size_t> idx(lists.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = i;
    std::sort(idx.begin(), idx.end(),
              [&](std::size_t x, std::size_t y) { return max_aggregation_less(lists[x], lists[y]); });
    std::vector<double> out(lists.size(), 0.0);
    // distinct non-empty lists, ascending: level k of n scores k / n
    std::vector<std::size_t> level(lists.size(), 0);
    std::size_t n = 0;
    for (std::size_t k = 0; k < idx.size(); ++k) {
        const auto& l = lists[idx[k]];
        if (l.empty()) continue;
        if (n == 0 || lists[idx[k - 1]].empty() || max_aggregation_less(lists[idx[k - 1]], l)) ++n;
        level[idx[k]] = n;
    }
    for (std::size_t i = 0; i < lists.size(); ++i)
        if (level[i]) out[i] = static_cast<double>(level[i]) / static_cast<double>(n);
    if (levels) *levels = n;
    return out;
}

double encode_confidences(std::span<const double> descending) {
    double score = 0;
    double unit = 1.0;
    for (std::size_t i = 0; i < descending.size() && i < 4; ++i) {
        unit /= 8192.0;
        const double c = std::clamp(descending[i], 0.0, 1.0);
        const double q = 1.0 + std::floor(c * 8190.0);
        score += q * unit;
    }
    return score;
}

bool ReachCache::enter(std::span<const Step> path) {
    if (cached_ids_ > kMaxCachedIds) {
        sets_.clear();
        oi_sets_.clear();
        cached_ids_ = 0;
    }
    bool cacheable = path.size() <= 4;
    for (const Step& s : path)
        cacheable = cacheable && s.rel < 32767;
    return cacheable;
}

namespace {
std::uint64_t step_code(const Step& s) {
    return s.rel * 2u + (s.inverse ? 1u : 0u) + 1u;
}
} // namespace

const std::vector<kg::Id>& ReachCache::stored(std::unordered_map<Key, std::vector<kg::Id>, KeyHash>& map,
                                              const Key& key, std::vector<kg::Id>&& ids) {
    cached_ids_ += ids.size() + 16; // an entry's own bookkeeping counts as about 16 ids
    return map.emplace(key, std::move(ids)).first->second;
}

const std::vector<kg::Id>& ReachCache::reach(const PathWalker& w, kg::Id start, std::span<const Step> path) {
    if (!enter(path)) {
        scratch_ = w.reach(start, path);
        return scratch_;
    }
    Key key{start, 0};
    const std::vector<kg::Id>* prev = nullptr;
    const std::vector<kg::Id> origin{start};
    for (std::size_t k = 0; k < path.size(); ++k) {
        key.path |= step_code(path[k]) << (16 * k);
        if (auto it = sets_.find(key); it != sets_.end()) {
            prev = &it->second;
            continue;
        }
        std::vector<kg::Id> out;
        w.step(prev ? std::span<const kg::Id>(*prev) : std::span<const kg::Id>(origin), path[k], out);
        prev = &stored(sets_, key, std::move(out)); // references into the map survive rehashing
    }
    return *prev;
}

const std::vector<kg::Id>& ReachCache::reach_oi(const PathWalker& w, kg::Id start, std::span<const Step> path) {
    if (!enter(path)) {
        w.reach_oi(start, path, scratch_);
        return scratch_;
    }
    Key key{start, 0};
    for (std::size_t k = 0; k < path.size(); ++k)
        key.path |= step_code(path[k]) << (16 * k);
    if (auto it = oi_sets_.find(key); it != oi_sets_.end()) return it->second;
    std::vector<kg::Id> out;
    w.reach_oi(start, path, out);
    return stored(oi_sets_, key, std::move(out));
}

RuleModel::RuleModel(std::shared_ptr<const kg::KnowledgeGraph> graph, const LearntRuleSet& rules, double min_confidence)
    : RuleModel(std::move(graph), rules, [&] {
          ApplyOptions o;
          o.min_confidence = min_confidence;
          return o;
      }()) {}

RuleModel::RuleModel(std::shared_ptr<const kg::KnowledgeGraph> graph, const LearntRuleSet& rules,
                     const ApplyOptions& options)
    : options_(options), graph_(std::move(graph)), walker_(graph_->facts) {
    const auto& v = graph_->vocab;
    const auto& facts = graph_->facts;
    by_head_.resize(facts.num_relations());
    bool unknown = false;
    auto fe = [&](const std::string& n) {
        const kg::Id id = v.entities().find(n);
        unknown = unknown || id == kg::kNoId;
        return id;
    };
    auto fr = [&](const std::string& n) {
        const kg::Id id = v.relations().find(n);
        unknown = unknown || id == kg::kNoId || id >= facts.num_relations();
        return id >= facts.num_relations() ? kg::kNoId : id;
    };
    auto head_present = [&](const rules::Rule& r) {
        const kg::Id id = r.head.unary() ? kg::kNoId : v.relations().find(r.head.predicate);
        return id != kg::kNoId && id < facts.num_relations() && !facts.subjects_of(id).empty();
    };
    const bool anyburl = options_.variant == RuleVariant::AnyBURL;
    for (const auto& lr : rules.rules) {
        double conf = lr.confidence;
        if (anyburl && lr.has_stats)
            conf = static_cast<double>(lr.support) / (static_cast<double>(lr.predicted) + options_.pc);
        if (lr.rule.body.empty()) {
            if (!anyburl) { // the kbcx variant has no zero rules
                ++skipped_;
                continue;
            }
            conf *= kZeroRuleWeight;
        }
        if (conf < options_.min_confidence) continue;
        if (!lr.rule.head.unary() && !head_present(lr.rule)) {
            ++skipped_;
            ++skipped_head_;
            continue;
        }
        unknown = false;
        auto pr = from_rule(lr.rule, fe, fr);
        if (!pr) {
            ++skipped_;
            if (unknown) ++skipped_names_;
            continue;
        }
        Compiled c;
        c.rule = std::move(*pr);
        c.back = reversed(c.rule.path);
        c.confidence = conf;
        const kg::Id end = c.rule.kind == PathRule::Kind::AC1 ? c.rule.end_const : kg::kNoId;
        if (c.rule.kind == PathRule::Kind::AC1 || (c.rule.kind == PathRule::Kind::AC2 && c.rule.path.size() > 1))
            c.anchors = options_.object_identity ? walker_.anchors_oi(c.rule.path, end, c.rule.head_const)
                                                 : walker_.anchors(c.rule.path, end);
        rules_.push_back(std::move(c));
    }
    for (std::size_t i = 0; i < rules_.size(); ++i)
        by_head_[rules_[i].rule.head].push_back(i);
    for (auto& list : by_head_)
        std::stable_sort(list.begin(), list.end(),
                         [&](std::size_t a, std::size_t b) { return rules_[a].confidence > rules_[b].confidence; });
}

std::span<const kg::Id> RuleModel::anchor_set(const Compiled& c) const {
    if (c.rule.kind == PathRule::Kind::AC2 && c.rule.path.size() == 1) return walker_.domain(c.rule.path.front());
    return c.anchors;
}

bool RuleModel::anchor_holds(const Compiled& c, kg::Id x) const {
    if (c.rule.kind == PathRule::Kind::Zero) return !options_.object_identity || x != c.rule.head_const;
    const auto set = anchor_set(c);
    if (!std::binary_search(set.begin(), set.end(), x)) return false;
    // AC2 of length 1 uses the relation's domain, a superset under OI
    if (options_.object_identity && c.rule.kind == PathRule::Kind::AC2 && c.rule.path.size() == 1)
        return walker_.holds_oi(x, c.rule.path, kg::kNoId, c.rule.head_const);
    return true;
}

const std::vector<kg::Id>& RuleModel::cyclic_reach(ReachCache& cache, kg::Id start, std::span<const Step> path) const {
    return options_.object_identity ? cache.reach_oi(walker_, start, path) : cache.reach(walker_, start, path);
}

RuleModel::Candidates RuleModel::tails(kg::Id h, kg::Id r, ReachCache& cache) const {
    Candidates out;
    if (r >= by_head_.size()) return out;
    for (std::size_t i : by_head_[r]) {
        const Compiled& c = rules_[i];
        if (c.rule.kind == PathRule::Kind::Cyclic) {
            for (kg::Id y : cyclic_reach(cache, h, c.rule.path))
                if (y != h) out[y].push_back(c.confidence);
            continue;
        }
        if (!c.rule.anchor_object) {
            if (anchor_holds(c, h)) out[c.rule.head_const].push_back(c.confidence);
        } else if (h == c.rule.head_const && c.rule.kind != PathRule::Kind::Zero) {
            // a zero rule h(c,Y) predicts no particular Y (AnyBURL: no results)
            for (kg::Id y : anchor_set(c))
                if (anchor_holds(c, y)) out[y].push_back(c.confidence);
        }
    }
    return out;
}

RuleModel::Candidates RuleModel::heads(kg::Id t, kg::Id r, ReachCache& cache) const {
    Candidates out;
    if (r >= by_head_.size()) return out;
    for (std::size_t i : by_head_[r]) {
        const Compiled& c = rules_[i];
        if (c.rule.kind == PathRule::Kind::Cyclic) {
            for (kg::Id x : cyclic_reach(cache, t, c.back))
                if (x != t) out[x].push_back(c.confidence);
            continue;
        }
        if (c.rule.anchor_object) {
            if (anchor_holds(c, t)) out[c.rule.head_const].push_back(c.confidence);
        } else if (t == c.rule.head_const && c.rule.kind != PathRule::Kind::Zero) {
            for (kg::Id x : anchor_set(c))
                if (anchor_holds(c, x)) out[x].push_back(c.confidence);
        }
    }
    return out;
}

std::vector<double> RuleModel::confidences(kg::Id h, kg::Id r, kg::Id t, ReachCache& from_h, ReachCache& from_t) const {
    std::vector<double> out;
    if (r >= by_head_.size()) return out;
    const bool oi = options_.object_identity;
    for (std::size_t i : by_head_[r]) {
        const Compiled& c = rules_[i];
        if (c.rule.kind == PathRule::Kind::Cyclic) {
            if (h == t) continue;
            const std::size_t n = c.rule.path.size();
            if (oi && n > 2) {
                const auto& a = from_h.reach_oi(walker_, h, c.rule.path);
                if (std::binary_search(a.begin(), a.end(), t)) out.push_back(c.confidence);
                continue;
            }
            const std::size_t k = (n + 1) / 2;
            const auto& a = from_h.reach(walker_, h, std::span<const Step>(c.rule.path).first(k));
            if (a.empty()) continue;
            bool hit;
            if (k == n) {
                hit = std::binary_search(a.begin(), a.end(), t);
            } else {
                const auto& b = from_t.reach(walker_, t, std::span<const Step>(c.back).first(n - k));
                // sorted sets: any common node (under OI, for length 2, one other than h and t)?
                hit = false;
                for (std::size_t x = 0, y = 0; x < a.size() && y < b.size();) {
                    if (a[x] == b[y]) {
                        if (!oi || (a[x] != h && a[x] != t)) {
                            hit = true;
                            break;
                        }
                        ++x;
                        ++y;
                    } else if (a[x] < b[y]) {
                        ++x;
                    } else {
                        ++y;
                    }
                }
            }
            if (hit) out.push_back(c.confidence);
            continue;
        }
        const kg::Id anchor = c.rule.anchor_object ? t : h, other = c.rule.anchor_object ? h : t;
        if (other == c.rule.head_const && anchor_holds(c, anchor)) out.push_back(c.confidence);
    }
    return out;
}

std::vector<std::pair<kg::Id, std::vector<double>>> RuleModel::ranked(const Candidates& c) {
    std::vector<std::pair<kg::Id, std::vector<double>>> v(c.begin(), c.end());
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
        if (max_aggregation_less(b.second, a.second)) return true;
        if (max_aggregation_less(a.second, b.second)) return false;
        return a.first < b.first;
    });
    return v;
}

namespace {

struct Need {
    kg::Id s, r, o;
    bool unary;
    friend bool operator<(const Need& a, const Need& b) {
        return std::tie(a.unary, a.r, a.s, a.o) < std::tie(b.unary, b.r, b.s, b.o);
    }
    friend bool operator==(const Need&, const Need&) = default;
};

std::vector<std::string> split_fields(const std::string& line) {
    std::vector<std::string> f;
    const bool tabs = line.find('\t') != std::string::npos;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == '\t' || (!tabs && line[i] == ' ')))
            ++i;
        if (i >= line.size()) break;
        std::size_t j = tabs ? line.find('\t', i) : line.find_first_of(" \t", i);
        if (j == std::string::npos) j = line.size();
        f.push_back(line.substr(i, j - i));
        i = j;
    }
    return f;
}

std::string unbracket(std::string s) {
    if (s.size() >= 2 && s.front() == '<' && s.back() == '>') return s.substr(1, s.size() - 2);
    return s;
}

} // namespace

ApplyResult apply_rules(const ApplyParams& params, jobs::JobContext& ctx) {
    const auto t0 = std::chrono::steady_clock::now();
    ApplyResult res;
    const LearntRuleSet rules =
        load_rule_set(params.rules_path, params.zero_rules && params.options.variant == RuleVariant::AnyBURL);
    std::shared_ptr<const kg::KnowledgeGraph> graph = params.graph;
    std::vector<Need> needs;
    std::vector<std::string> raw_lines; // --triples: the names as written, per need
    std::optional<bench::BenchmarkFolder> bf;
    if (!params.benchmark_dir.empty()) {
        bf = bench::read_benchmark(params.benchmark_dir, ctx);
        graph = bf->train;
    }
    if (!graph) throw InputError("<apply-rules>", "no training graph (give a benchmark folder or data files)");
    const auto& v = graph->vocab;
    if (!params.triples_path.empty()) {
        std::istringstream in(kg::read_file_text(params.triples_path)); // plain or gzip
        std::string line;
        std::size_t no = 0;
        while (std::getline(in, line)) {
            ++no;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty() || line[0] == '#') continue;
            const auto f = split_fields(line);
            if (f.size() < 3) throw InputError(params.triples_path, no, 1, "expected h r t");
            const std::string h = unbracket(f[0]), r = unbracket(f[1]), t = unbracket(f[2]);
            Need n{};
            if (r == "rdf:type" || r == kg::kRdfType) {
                n = {v.entities().find(h), v.types().find(t), 0, true};
            } else {
                n = {v.entities().find(h), v.relations().find(r), v.entities().find(t), false};
            }
            needs.push_back(n);
            raw_lines.push_back(f[0] + "\t" + f[1] + "\t" + f[2]);
        }
    } else if (bf) {
        auto add = [&](const std::vector<rules::GroundFact>& facts) {
            for (const auto& g : facts)
                needs.push_back({g.s, g.pred, g.o, g.unary});
        };
        for (int s : {1, 2}) {
            add(bf->pos[static_cast<std::size_t>(s)].facts);
            for (const auto& [m, lists] : bf->neg)
                add(lists[static_cast<std::size_t>(s)].facts);
        }
        if (params.ranking) {
            for (const auto& f : bf->pos[2].facts) {
                if (f.unary) continue;
                for (int slot = 0; slot < 3; ++slot) {
                    const auto& cands = slot == 2 ? bf->candidate_relations : bf->candidate_entities;
                    for (kg::Id c : cands) {
                        rules::GroundFact g = f;
                        (slot == 0 ? g.s : slot == 1 ? g.o : g.pred) = c;
                        if (g == f || bf->is_positive(g)) continue;
                        needs.push_back({g.s, g.pred, g.o, false});
                    }
                }
            }
        }
        std::sort(needs.begin(), needs.end());
        needs.erase(std::unique(needs.begin(), needs.end()), needs.end());
    } else {
        throw InputError("<apply-rules>", "give a benchmark folder or a triples file");
    }
    ctx.throw_if_stopped();
    ctx.report(0, needs.size(), "Compiling rules", true);
    const RuleModel model(graph, rules, params.options);
    res.rules = model.size();
    res.skipped_rules = model.skipped();
    res.skipped_head_absent = model.skipped_head_absent();
    res.skipped_unknown_names = model.skipped_unknown_names();
    res.skipped_outside = model.skipped_outside();
    const bool exact = params.exact_order.value_or(defaults_of(params.options.variant).exact_order);

    // Group the binary facts by query: tail queries (s, r, ?) or head queries (?, r, o), whichever
    // group is larger, so that one query answers many facts.
    const std::size_t nrel = graph->facts.num_relations();
    const std::size_t nent = graph->facts.num_entities();
    auto valid = [&](const Need& n) { return !n.unary && n.s < nent && n.o < nent && n.r < nrel; };
    std::unordered_map<std::uint64_t, std::uint32_t> tail_size, head_size;
    auto tkey = [](const Need& n) { return (std::uint64_t(n.r) << 32) | n.s; };
    auto hkey = [](const Need& n) { return (std::uint64_t(n.r) << 32) | n.o; };
    for (const Need& n : needs)
        if (valid(n)) {
            ++tail_size[tkey(n)];
            ++head_size[hkey(n)];
        }
    // anchor side (0 tail query from s, 1 head query from o), anchor, relation → fact indices
    std::map<std::tuple<int, kg::Id, kg::Id>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < needs.size(); ++i) {
        const Need& n = needs[i];
        if (!valid(n)) continue;
        if (tail_size[tkey(n)] >= head_size[hkey(n)])
            groups[{0, n.s, n.r}].push_back(i);
        else
            groups[{1, n.o, n.r}].push_back(i);
    }
    tail_size.clear();
    head_size.clear();
    std::vector<const std::pair<const std::tuple<int, kg::Id, kg::Id>, std::vector<std::size_t>>*> order;
    for (const auto& g : groups)
        order.push_back(&g);
    std::vector<double> scores(needs.size(), 0.0);
    // exact order: every fact's whole confidence list, interned (facts share few distinct
    // lists) and scored together after the workers; list_id 0 = no rule
    struct ListHash {
        std::size_t operator()(const std::vector<double>& l) const noexcept {
            std::uint64_t h = 1469598103934665603ULL ^ l.size();
            for (double d : l) {
                std::uint64_t b;
                std::memcpy(&b, &d, sizeof b);
                h = (h ^ b) * 1099511628211ULL;
                h ^= h >> 29;
            }
            return static_cast<std::size_t>(h);
        }
    };
    std::mutex intern_mu;
    std::unordered_map<std::vector<double>, std::uint32_t, ListHash> interned;
    std::vector<std::vector<double>> distinct;
    std::vector<std::uint32_t> list_id(exact ? needs.size() : 0, 0);
    auto put = [&](std::size_t i, const std::vector<double>& confs) {
        if (!exact) {
            scores[i] = encode_confidences(confs);
        } else if (!confs.empty()) {
            std::lock_guard lock(intern_mu);
            const auto [it, added] = interned.emplace(confs, static_cast<std::uint32_t>(distinct.size() + 1));
            if (added) distinct.push_back(confs);
            list_id[i] = it->second;
        }
    };
    // Work items: runs of groups with the same anchor (side, node) share one cache.
    std::vector<std::size_t> run_begin;
    for (std::size_t i = 0; i < order.size(); ++i)
        if (i == 0 || std::get<0>(order[i]->first) != std::get<0>(order[i - 1]->first) ||
            std::get<1>(order[i]->first) != std::get<1>(order[i - 1]->first))
            run_begin.push_back(i);
    run_begin.push_back(order.size());
    std::atomic<std::size_t> next_run{0}, done{0};
    constexpr std::size_t kPairLimit = 16;
    auto worker = [&](unsigned) {
        ReachCache cache, other;
        for (;;) {
            if (ctx.stop_requested()) return;
            const std::size_t k = next_run.fetch_add(1);
            if (k + 1 >= run_begin.size()) return;
            for (std::size_t gi = run_begin[k]; gi < run_begin[k + 1]; ++gi) {
                const auto& [key, idx] = *order[gi];
                const auto [side, anchor, rel] = key;
                if (idx.size() <= kPairLimit) {
                    // a few facts: check each (h, r, t) directly
                    for (std::size_t i : idx) {
                        const Need& n = needs[i];
                        const auto confs = side == 0 ? model.confidences(n.s, rel, n.o, cache, other)
                                                     : model.confidences(n.s, rel, n.o, other, cache);
                        put(i, confs);
                    }
                } else {
                    const auto cands = side == 0 ? model.tails(anchor, rel, cache) : model.heads(anchor, rel, cache);
                    for (std::size_t i : idx) {
                        const auto it = cands.find(side == 0 ? needs[i].o : needs[i].s);
                        if (it != cands.end()) put(i, it->second);
                    }
                }
                done.fetch_add(idx.size(), std::memory_order_relaxed);
            }
            ctx.report(done.load(), needs.size(), "Applying rules");
        }
    };
    // After an error the other workers take no new runs of groups.
    run_workers(resolve_threads(params.threads), worker, [&] { next_run.store(run_begin.size()); });
    ctx.throw_if_stopped();
    if (exact) {
        interned.clear();
        std::size_t levels = 0;
        const std::vector<double> by_id = order_scores(distinct, &levels);
        res.distinct_lists = levels;
        for (std::size_t i = 0; i < needs.size(); ++i)
            scores[i] = list_id[i] ? by_id[list_id[i] - 1] : 0.0;
    }

    ctx.report(needs.size(), needs.size(), "Writing scores", true);
    const std::string tmp = params.out_path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) throw InputError(params.out_path, "cannot write");
        std::string buf;
        char num[40];
        for (std::size_t i = 0; i < needs.size(); ++i) {
            const Need& n = needs[i];
            if (!raw_lines.empty()) {
                buf += raw_lines[i];
            } else if (n.unary) {
                buf += std::string(v.entities().name(n.s)) + "\trdf:type\t" + std::string(v.types().name(n.r));
            } else {
                buf += std::string(v.entities().name(n.s)) + "\t" + std::string(v.relations().name(n.r)) + "\t" +
                       std::string(v.entities().name(n.o));
            }
            std::snprintf(num, sizeof num, "\t%.17g\n", scores[i]);
            buf += num;
            if (scores[i] > 0) ++res.predicted;
            if (buf.size() > (1 << 20)) {
                out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
                buf.clear();
            }
        }
        out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
        if (!out) throw InputError(params.out_path, "write failed");
    }
    std::rename(tmp.c_str(), params.out_path.c_str());
    res.triples = needs.size();
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return res;
}

} // namespace kbcx::learn
