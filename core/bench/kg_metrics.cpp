// Classification, AUC and ranking metrics by their definitions (sorting where it keeps them
// exact), SimpBL by neighbour-set intersection, and the eval-kg job over a benchmark folder.
#include "bench/kg_metrics.hpp"

#include "common/error.hpp"
#include "embed/train_kg.hpp"
#include "eval/metrics.hpp"
#include "eval/rank.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <unordered_map>

namespace kbcx::bench {

Classification from_counts(std::uint64_t tp, std::uint64_t fp, std::uint64_t tn, std::uint64_t fn) {
    Classification c;
    c.tp = tp, c.fp = fp, c.tn = tn, c.fn = fn;
    auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
    c.precision = ratio(double(tp), double(tp + fp));
    c.recall = ratio(double(tp), double(tp + fn));
    c.f1 = ratio(2.0 * c.precision * c.recall, c.precision + c.recall);
    c.accuracy = ratio(double(tp + tn), double(tp + fp + tn + fn));
    return c;
}

Classification classify(std::span<const double> pos, std::span<const double> neg, double threshold) {
    std::uint64_t tp = 0, fp = 0;
    for (double s : pos)
        tp += s >= threshold ? 1 : 0;
    for (double s : neg)
        fp += s >= threshold ? 1 : 0;
    Classification c = from_counts(tp, fp, neg.size() - fp, pos.size() - tp);
    c.threshold = threshold;
    return c;
}

double best_f1_threshold(std::span<const double> pos, std::span<const double> neg) {
    // Sweep the distinct scores from the largest down: at τ = s, everything ≥ s is predicted positive.
    std::vector<std::pair<double, int>> all;
    for (double s : pos)
        all.push_back({s, 1});
    for (double s : neg)
        all.push_back({s, 0});
    if (all.empty()) return std::numeric_limits<double>::infinity();
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::uint64_t tp = 0, fp = 0;
    double best = -1, tau = all.front().first;
    for (std::size_t i = 0; i < all.size();) {
        const double s = all[i].first;
        for (; i < all.size() && all[i].first == s; ++i)
            (all[i].second ? tp : fp) += 1;
        const double f1 = tp == 0 ? 0.0 : 2.0 * double(tp) / double(2 * tp + fp + (pos.size() - tp));
        if (f1 > best) best = f1, tau = s;
    }
    return tau;
}

std::optional<double> roc_auc(std::span<const double> pos, std::span<const double> neg) {
    return eval::auc_pm(pos, neg);
}

double tie_rank(double target, std::span<const double> others) {
    double better = 0, tied = 0;
    for (double s : others) {
        if (s > target)
            better += 1;
        else if (s == target)
            tied += 1;
    }
    return eval::tie_averaged_rank(better, tied);
}

RankingSummary summarize_ranks(std::span<const double> ranks) {
    RankingSummary r;
    r.queries = ranks.size();
    if (ranks.empty()) return r;
    for (double x : ranks) {
        r.mrr += 1.0 / x;
        r.hits1 += x <= 1 ? 1 : 0;
        r.hits3 += x <= 3 ? 1 : 0;
        r.hits10 += x <= 10 ? 1 : 0;
    }
    const double n = double(ranks.size());
    r.mrr /= n, r.hits1 /= n, r.hits3 /= n, r.hits10 /= n;
    return r;
}

SimpBL::SimpBL(const kg::FactStore& train) : entities_(train.num_entities()) {
    adj_.resize(entities_ + train.num_types());
    train.for_each_fact([&](const kg::Triple& t) {
        adj_[t.s].push_back(t.o);
        adj_[t.o].push_back(t.s);
    });
    for (kg::Id t = 0; t < train.num_types(); ++t)
        for (kg::Id e : train.instances(t)) {
            adj_[e].push_back(static_cast<kg::Id>(entities_ + t));
            adj_[entities_ + t].push_back(e);
        }
    for (auto& a : adj_) {
        std::sort(a.begin(), a.end());
        a.erase(std::unique(a.begin(), a.end()), a.end());
    }
}

bool SimpBL::predict(const GroundFact& f) const {
    const std::size_t a = f.s, c = f.unary ? entities_ + f.pred : f.o;
    if (a >= adj_.size() || c >= adj_.size()) return false;
    const auto &x = adj_[a], &y = adj_[c];
    std::size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        if (x[i] < y[j])
            ++i;
        else if (y[j] < x[i])
            ++j;
        else
            return true;
    }
    return false;
}

namespace {

struct Key {
    std::uint64_t a = 0, b = 0;
    friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept {
        std::uint64_t x = k.a * 0x9E3779B97F4A7C15ull ^ (k.b + 0x632BE59BD9B4E019ull);
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        return static_cast<std::size_t>(x ^ (x >> 31));
    }
};
Key key_of(const GroundFact& f) {
    return {(std::uint64_t{f.unary} << 63) | (std::uint64_t{f.pred} << 32) | f.s, f.unary ? 0 : f.o};
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    return s;
}
std::string_view unbracket(std::string_view s) {
    if (s.size() >= 2 && s.front() == '<' && s.back() == '>') return s.substr(1, s.size() - 2);
    return s;
}

} // namespace

EvalKgResult eval_kg(const EvalKgParams& params, jobs::JobContext& ctx) {
    const BenchmarkFolder b = read_benchmark(params.dir, ctx);
    EvalKgResult res;
    if (params.method.empty()) {
        if (b.neg.size() != 1)
            throw InputError(params.dir, b.neg.empty()
                                             ? "the benchmark has no negative files"
                                             : "the benchmark has several negative methods: choose one with --neg");
        res.method = b.neg.begin()->first;
    } else {
        res.method = params.method;
        if (!b.neg.count(res.method)) throw InputError(params.dir, "no negatives of method '" + res.method + "'");
    }
    const auto& negs = b.neg.at(res.method);
    const kg::Vocabulary& v = b.train->vocab;

    // Scores: from a run's model, or from the scores file.
    std::unordered_map<Key, double, KeyHash> score;
    std::unique_ptr<embed::KgModel> model;
    std::vector<kg::Id> model_entity, model_relation; // benchmark id -> model id (kNoId: unknown)
    if (!params.run_dir.empty()) {
        std::vector<std::string> ents, rels;
        model = embed::load_kg_model(params.run_dir + "/checkpoint.bin", &ents, &rels);
        res.model = model->name();
        auto map_names = [](const kg::Interner& names, const std::vector<std::string>& model_names) {
            std::vector<kg::Id> out(names.size(), kg::kNoId);
            for (kg::Id i = 0; i < model_names.size(); ++i) {
                const kg::Id mine = names.find(model_names[i]);
                if (mine != kg::kNoId) out[mine] = i;
            }
            return out;
        };
        model_entity = map_names(v.entities(), ents);
        model_relation = map_names(v.relations(), rels);
    } else {
        std::ifstream in(params.scores_path, std::ios::binary);
        if (!in) throw InputError(params.scores_path, "cannot open");
        std::string line;
        std::size_t no = 0;
        while (std::getline(in, line)) {
            ++no;
            if ((no & 65535) == 0) ctx.throw_if_stopped();
            std::string_view l = trim(line);
            if (l.empty() || l.front() == '#') continue;
            // Tab-separated when the line has three tabs (names may hold spaces), else any blanks separate.
            const bool tabs = std::count(l.begin(), l.end(), '\t') >= 3;
            std::string_view f[4];
            std::size_t cols[4] = {0, 0, 0, 0};
            std::size_t n = 0, pos = 0;
            while (pos < l.size()) {
                while (pos < l.size() && (l[pos] == ' ' || (!tabs && l[pos] == '\t')))
                    ++pos;
                if (pos >= l.size()) break;
                std::size_t end = tabs ? l.find('\t', pos) : l.find_first_of(" \t", pos);
                if (end == std::string_view::npos) end = l.size();
                if (n == 4) throw InputError(params.scores_path, no, pos + 1, "expected 4 fields: h r t score");
                cols[n] = pos + 1;
                f[n++] = trim(l.substr(pos, end - pos));
                pos = end + 1;
            }
            if (n != 4) throw InputError(params.scores_path, no, l.size() + 1, "expected 4 fields: h r t score");
            double s = 0;
            const auto [ptr, ec] = std::from_chars(f[3].data(), f[3].data() + f[3].size(), s);
            if (ec != std::errc() || ptr != f[3].data() + f[3].size() || std::isnan(s))
                throw InputError(params.scores_path, no, cols[3], "not a number: '" + std::string(f[3]) + "'");
            ++res.scores;
            const std::string_view h = unbracket(f[0]), r = unbracket(f[1]), t = unbracket(f[2]);
            GroundFact fact;
            if (r == "rdf:type" || r == kg::kRdfType) {
                fact = {true, v.types().find(t), v.entities().find(h), 0};
            } else {
                fact = {false, v.relations().find(r), v.entities().find(h), v.entities().find(t)};
            }
            if (fact.pred == kg::kNoId || fact.s == kg::kNoId || fact.o == kg::kNoId) {
                ++res.unknown_names;
                continue;
            }
            if (!score.emplace(key_of(fact), s).second)
                throw InputError(params.scores_path, no, 1, "a second score for the same triple");
        }
    }
    // The score of a fact, if any: a type fact or a name the model never saw has none.
    std::function<std::optional<double>(const GroundFact&)> lookup;
    if (model) {
        lookup = [&](const GroundFact& f) -> std::optional<double> {
            if (f.unary) return std::nullopt;
            const kg::Id h = model_entity[f.s], r = model_relation[f.pred], t = model_entity[f.o];
            if (h == kg::kNoId || r == kg::kNoId || t == kg::kNoId) return std::nullopt;
            ++res.scores;
            return static_cast<double>(model->score(h, r, t));
        };
    } else {
        lookup = [&](const GroundFact& f) -> std::optional<double> {
            const auto it = score.find(key_of(f));
            if (it == score.end()) return std::nullopt;
            return it->second;
        };
    }
    const std::string source = model ? params.run_dir : params.scores_path;
    const double lowest = -std::numeric_limits<double>::infinity();
    auto scores_of = [&](const std::vector<GroundFact>& facts, const std::string& file) {
        std::vector<double> out;
        for (const auto& f : facts) {
            if (const auto sc = lookup(f)) {
                out.push_back(*sc);
                continue;
            }
            if (!params.missing_lowest) {
                std::string text =
                    std::string(v.entities().name(f.s)) + " " +
                    (f.unary ? std::string("rdf:type ") + std::string(v.types().name(f.pred))
                             : std::string(v.relations().name(f.pred)) + " " + std::string(v.entities().name(f.o)));
                throw InputError(source, "no score for '" + text + "' of " + file +
                                             (model ? " (a type fact or a name the model never saw)" : "") +
                                             " (use --missing lowest to score it -infinity)");
            }
            ++res.missing_classification;
            out.push_back(lowest);
        }
        return out;
    };
    const auto vp = scores_of(b.pos[1].facts, "valid.txt"), vn = scores_of(negs[1].facts, "valid negatives");
    const auto tp = scores_of(b.pos[2].facts, "test.txt"), tn = scores_of(negs[2].facts, "test negatives");
    res.threshold = best_f1_threshold(vp, vn);
    res.valid = classify(vp, vn, res.threshold);
    res.test = classify(tp, tn, res.threshold);
    res.auc = roc_auc(tp, tn);

    if (!params.ranking) {
        res.ranking_problem = "not requested";
        return res;
    }
    // Filtered ranking of each binary test fact: head, tail (C-) and relation (R-) queries.
    std::vector<double> head_ranks, tail_ranks, rel_ranks;
    std::vector<double> others;
    std::uint64_t missing = 0;
    auto candidate_score = [&](const GroundFact& c, bool& ok) {
        if (const auto sc = lookup(c)) return *sc;
        ++missing;
        ok = params.missing_lowest;
        return lowest;
    };
    bool complete = true;
    const auto& tests = b.pos[2].facts;
    for (std::size_t qi = 0; qi < tests.size(); ++qi) {
        const GroundFact& f = tests[qi];
        if (f.unary) {
            ++res.skipped_type_facts;
            continue;
        }
        if ((qi & 63) == 0) {
            ctx.throw_if_stopped();
            ctx.report(qi, tests.size(), "Ranking");
        }
        const double target = lookup(f).value_or(lowest); // missing only under --missing lowest
        for (int slot = 0; slot < 3; ++slot) {
            others.clear();
            const auto& cands = slot == 2 ? b.candidate_relations : b.candidate_entities;
            for (kg::Id c : cands) {
                GroundFact g = f;
                if (slot == 0)
                    g.s = c;
                else if (slot == 1)
                    g.o = c;
                else
                    g.pred = c;
                if (g == f || b.is_positive(g)) continue;
                bool ok = true;
                others.push_back(candidate_score(g, ok));
                complete = complete && ok;
            }
            (slot == 0 ? head_ranks : slot == 1 ? tail_ranks : rel_ranks).push_back(tie_rank(target, others));
        }
    }
    res.missing_ranking = missing;
    if (!complete) {
        res.ranking_problem = std::to_string(missing) +
                              " ranking candidates have no score (score every corruption, or use --missing lowest)";
        return res;
    }
    res.ranking_done = true;
    res.head = summarize_ranks(head_ranks);
    res.tail = summarize_ranks(tail_ranks);
    std::vector<double> both = head_ranks;
    both.insert(both.end(), tail_ranks.begin(), tail_ranks.end());
    res.constant = summarize_ranks(both);
    res.relation = summarize_ranks(rel_ranks);
    return res;
}

} // namespace kbcx::bench
