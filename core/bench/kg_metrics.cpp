// Classification, AUC and ranking metrics by their definitions (sorting where it keeps them
// exact), SimpBL by each entity's relation set (LogInfer's rule), and the eval-kg job over a folder.
#include "bench/kg_metrics.hpp"

#include "bench/joins.hpp"
#include "common/error.hpp"
#include "common/text.hpp"
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

const char* threshold_criterion_name(ThresholdCriterion c) {
    return c == ThresholdCriterion::Accuracy ? "accuracy" : "f1";
}

std::optional<ThresholdCriterion> parse_threshold_criterion(std::string_view name) {
    if (name == "f1") return ThresholdCriterion::F1;
    if (name == "accuracy") return ThresholdCriterion::Accuracy;
    return std::nullopt;
}

double best_threshold(std::span<const double> pos, std::span<const double> neg, ThresholdCriterion c) {
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
        const double value = c == ThresholdCriterion::Accuracy
                                 ? double(tp + (neg.size() - fp)) / double(all.size())
                                 : (tp == 0 ? 0.0 : 2.0 * double(tp) / double(2 * tp + fp + (pos.size() - tp)));
        if (value > best) best = value, tau = s;
    }
    return tau;
}

double best_f1_threshold(std::span<const double> pos, std::span<const double> neg) {
    return best_threshold(pos, neg, ThresholdCriterion::F1);
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

NegativeRanking rank_among_negatives(std::span<const GroundFact> queries, std::span<const double> query_scores,
                                     std::span<const GroundFact> negatives, std::span<const double> negative_scores) {
    // Negatives indexed by the two places they share with a query: (R, o) for head corruptions,
    // (s, R) for tail corruptions, (s, o) for relation corruptions, T for type facts.
    using Index = std::unordered_map<std::uint64_t, std::vector<std::size_t>>;
    Index by_ro, by_sr, by_so, by_type;
    auto pair_key = [](std::uint64_t x, std::uint64_t y) { return (x << 32) | y; };
    for (std::size_t j = 0; j < negatives.size(); ++j) {
        const GroundFact& n = negatives[j];
        if (n.unary) {
            by_type[n.pred].push_back(j);
            continue;
        }
        by_ro[pair_key(n.pred, n.o)].push_back(j);
        by_sr[pair_key(n.s, n.pred)].push_back(j);
        by_so[pair_key(n.s, n.o)].push_back(j);
    }
    std::vector<double> head, tail, rel, cons, type;
    std::vector<double> head_scores, tail_scores, rel_scores, both;
    // The scores of the negatives in `index` under `key` that differ from q (the others match it
    // in the indexed places, so "differ" means differ in the corrupted one).
    auto gather = [&](const Index& index, std::uint64_t key, const GroundFact& q, std::vector<double>& out) {
        out.clear();
        if (const auto it = index.find(key); it != index.end())
            for (std::size_t j : it->second)
                if (!(negatives[j] == q)) out.push_back(negative_scores[j]);
    };
    NegativeRanking r;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const GroundFact& q = queries[i];
        const double target = query_scores[i];
        if (q.unary) {
            gather(by_type, q.pred, q, both);
            if (both.empty()) {
                ++r.empty_type, ++r.empty_constant;
                continue;
            }
            const double rank = tie_rank(target, both);
            type.push_back(rank);
            cons.push_back(rank);
            continue;
        }
        gather(by_ro, pair_key(q.pred, q.o), q, head_scores);
        gather(by_sr, pair_key(q.s, q.pred), q, tail_scores);
        gather(by_so, pair_key(q.s, q.o), q, rel_scores);
        if (head_scores.empty())
            ++r.empty_head;
        else
            head.push_back(tie_rank(target, head_scores));
        if (tail_scores.empty())
            ++r.empty_tail;
        else
            tail.push_back(tie_rank(target, tail_scores));
        if (rel_scores.empty())
            ++r.empty_relation;
        else
            rel.push_back(tie_rank(target, rel_scores));
        both = head_scores;
        both.insert(both.end(), tail_scores.begin(), tail_scores.end());
        if (both.empty())
            ++r.empty_constant;
        else
            cons.push_back(tie_rank(target, both));
    }
    r.constant = summarize_ranks(cons);
    r.head = summarize_ranks(head);
    r.tail = summarize_ranks(tail);
    r.relation = summarize_ranks(rel);
    r.type = summarize_ranks(type);
    return r;
}

const char* ranking_mode_name(RankingMode m) {
    return m == RankingMode::Candidates ? "candidates" : "paper";
}

std::optional<RankingMode> parse_ranking_mode(std::string_view name) {
    if (name == "paper") return RankingMode::Paper;
    if (name == "candidates") return RankingMode::Candidates;
    return std::nullopt;
}

const char* simpbl_rule_name(SimpBLRule r) {
    switch (r) {
    case SimpBLRule::SimplePy: return "simple.py";
    case SimpBLRule::SharedNeighbour: return "shared-neighbour";
    case SimpBLRule::Paper: break;
    }
    return "paper";
}

std::optional<SimpBLRule> parse_simpbl_rule(std::string_view name) {
    for (SimpBLRule r : {SimpBLRule::Paper, SimpBLRule::SimplePy, SimpBLRule::SharedNeighbour})
        if (name == simpbl_rule_name(r)) return r;
    return std::nullopt;
}

SimpBL::SimpBL(const kg::FactStore& train, SimpBLRule rule, std::span<const GroundFact> valid)
    : rule_(rule), entities_(train.num_entities()), type_relation_(static_cast<kg::Id>(train.num_relations())) {
    std::size_t types = train.num_types();
    if (rule == SimpBLRule::SimplePy)
        for (const auto& f : valid) {
            entities_ = std::max<std::size_t>(entities_, std::size_t{f.s} + 1);
            if (f.unary) {
                types = std::max<std::size_t>(types, std::size_t{f.pred} + 1);
            } else {
                entities_ = std::max<std::size_t>(entities_, std::size_t{f.o} + 1);
                type_relation_ = std::max<kg::Id>(type_relation_, f.pred + 1);
            }
        }
    adj_.resize(entities_ + types);
    // One fact of P_train: relation `r` between nodes x and y.
    auto add = [&](std::size_t x, kg::Id r, std::size_t y) {
        if (rule_ == SimpBLRule::SharedNeighbour) {
            adj_[x].push_back(static_cast<kg::Id>(y));
            adj_[y].push_back(static_cast<kg::Id>(x));
        } else {
            adj_[x].push_back(r);
            adj_[y].push_back(r);
        }
    };
    train.for_each_fact([&](const kg::Triple& t) { add(t.s, t.r, t.o); });
    for (kg::Id t = 0; t < train.num_types(); ++t)
        for (kg::Id e : train.instances(t))
            add(e, type_relation_, entities_ + t);
    if (rule == SimpBLRule::SimplePy)
        for (const auto& f : valid)
            add(f.s, f.unary ? type_relation_ : f.pred, f.unary ? entities_ + f.pred : f.o);
    for (auto& a : adj_) {
        std::sort(a.begin(), a.end());
        a.erase(std::unique(a.begin(), a.end()), a.end());
    }
}

bool SimpBL::predict(const GroundFact& f) const {
    const std::size_t a = f.s, c = f.unary ? entities_ + f.pred : f.o;
    if (a >= entities_ || c >= adj_.size() || (!f.unary && f.o >= entities_)) return false;
    const auto &x = adj_[a], &y = adj_[c];
    if (rule_ != SimpBLRule::SharedNeighbour) {
        const kg::Id r = f.unary ? type_relation_ : f.pred;
        if (!f.unary && r >= type_relation_) return false; // a relation P_train never holds
        return std::binary_search(x.begin(), x.end(), r) && std::binary_search(y.begin(), y.end(), r);
    }
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
    std::unordered_map<joins::Key, double, joins::KeyHash> score;
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
            std::string_view l = trim_blanks(line);
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
                f[n++] = trim_blanks(l.substr(pos, end - pos));
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
            if (!score.emplace(joins::key_of(fact), s).second)
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
            const auto it = score.find(joins::key_of(f));
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
    res.threshold_by = params.threshold_by;
    res.threshold = best_threshold(vp, vn, params.threshold_by);
    res.valid = classify(vp, vn, res.threshold);
    res.test = classify(tp, tn, res.threshold);
    res.auc = roc_auc(tp, tn);

    res.ranking_mode = params.ranking_mode;
    if (!params.ranking) {
        res.ranking_problem = "not requested";
        return res;
    }
    if (params.ranking_mode == RankingMode::Paper) {
        // Among the test negatives, those that are positives of some split left out.
        std::vector<GroundFact> nf;
        std::vector<double> ns;
        const auto& all_neg = negs[2].facts;
        for (std::size_t j = 0; j < all_neg.size(); ++j) {
            if (b.is_positive(all_neg[j])) {
                ++res.negatives_as_positives;
                continue;
            }
            nf.push_back(all_neg[j]);
            ns.push_back(tn[j]);
        }
        const NegativeRanking nr = rank_among_negatives(b.pos[2].facts, tp, nf, ns);
        res.ranking_done = true;
        res.constant = nr.constant, res.head = nr.head, res.tail = nr.tail, res.relation = nr.relation,
        res.type = nr.type;
        res.empty_constant = nr.empty_constant, res.empty_head = nr.empty_head, res.empty_tail = nr.empty_tail,
        res.empty_relation = nr.empty_relation, res.empty_type = nr.empty_type;
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
