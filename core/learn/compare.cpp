// ε_ent and ε_cont: containment by matching body permutations under a bijective variable map,
// entailment through rules::entails on the learnt rules that can fire on the frozen body.
#include "learn/compare.hpp"

#include "common/error.hpp"
#include "kg/byte_source.hpp"
#include "rules/entails.hpp"
#include "rules/parser.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <unordered_map>

namespace kbcx::learn {

namespace {

std::string pred_key(const rules::Atom& a) {
    return (a.unary() ? "u:" : "b:") + a.predicate;
}

std::string shape(const rules::Rule& r) {
    std::vector<std::string> b;
    for (const auto& a : r.body)
        b.push_back(pred_key(a));
    std::sort(b.begin(), b.end());
    std::string s = pred_key(r.head);
    for (const auto& x : b)
        s += "|" + x;
    return s;
}

struct VarMap {
    std::unordered_map<std::string, std::string> ab, ba;
    bool bind(const rules::Term& a, const rules::Term& b) {
        if (a.is_var() != b.is_var()) return false;
        if (!a.is_var()) return a.name == b.name;
        auto i = ab.find(a.name);
        auto j = ba.find(b.name);
        if (i == ab.end() && j == ba.end()) {
            ab.emplace(a.name, b.name);
            ba.emplace(b.name, a.name);
            return true;
        }
        return i != ab.end() && j != ba.end() && i->second == b.name && j->second == a.name;
    }
};

bool match_atom(const rules::Atom& a, const rules::Atom& b, VarMap& m) {
    if (a.predicate != b.predicate || a.args.size() != b.args.size()) return false;
    for (std::size_t i = 0; i < a.args.size(); ++i)
        if (!m.bind(a.args[i], b.args[i])) return false;
    return true;
}

bool match_body(const rules::Rule& a, const rules::Rule& b, std::size_t i, std::vector<bool>& used, VarMap& m) {
    if (i == a.body.size()) return true;
    for (std::size_t j = 0; j < b.body.size(); ++j) {
        if (used[j]) continue;
        VarMap saved = m;
        if (match_atom(a.body[i], b.body[j], m)) {
            used[j] = true;
            if (match_body(a, b, i + 1, used, m)) return true;
            used[j] = false;
        }
        m = std::move(saved);
    }
    return false;
}

void collect_rules(const rules::DerivationNode& n, std::set<std::size_t>& out) {
    if (n.rule >= 0) out.insert(static_cast<std::size_t>(n.rule));
    for (const auto& p : n.premises)
        collect_rules(p, out);
}

} // namespace

std::vector<BenchmarkRule> load_benchmark_rules(const std::string& path_in) {
    std::string path = path_in;
    if (std::filesystem::is_directory(path)) path = (std::filesystem::path(path) / "rules.txt").string();
    const std::string text = kg::read_file_text(path);
    std::vector<BenchmarkRule> out;
    // rules.txt lines have ≥ 6 tabs; anything else is read as a rule file.
    bool table = false;
    {
        std::size_t pos = 0;
        while (pos < text.size()) {
            const std::size_t nl = std::min(text.find('\n', pos), text.size());
            const std::string_view l(text.data() + pos, nl - pos);
            pos = nl + 1;
            if (l.empty() || l[0] == '#' || l.find_first_not_of(" \t\r") == std::string_view::npos) continue;
            table = std::count(l.begin(), l.end(), '\t') >= 6;
            break;
        }
    }
    if (!table) {
        for (auto& r : rules::parse_rules(text, path).rules)
            out.push_back({r.pattern, std::move(r)});
        return out;
    }
    std::size_t pos = 0, no = 0;
    while (pos < text.size()) {
        const std::size_t nl = std::min(text.find('\n', pos), text.size());
        std::string line = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t") == std::string::npos) continue;
        std::vector<std::size_t> tabs;
        for (std::size_t i = 0; i < line.size(); ++i)
            if (line[i] == '\t') tabs.push_back(i);
        if (tabs.size() < 6)
            throw InputError(path, no, line.size() + 1,
                             "expected pattern<TAB>support<TAB>new<TAB>train<TAB>valid<TAB>test<TAB>rule");
        const std::size_t rule_col = tabs[5] + 1;
        BenchmarkRule br;
        br.pattern = line.substr(0, tabs[0]);
        try {
            br.rule = rules::parse_rule(std::string_view(line).substr(rule_col), {}, path);
        } catch (const InputError& e) {
            throw InputError(path, no, rule_col + (e.column() ? e.column() - 1 : 0), e.message());
        }
        br.rule.pattern = br.pattern;
        br.rule.loc = {no, rule_col + 1};
        out.push_back(std::move(br));
    }
    return out;
}

bool same_up_to_renaming(const rules::Rule& a, const rules::Rule& b) {
    if (a.body.size() != b.body.size()) return false;
    VarMap m;
    if (!match_atom(a.head, b.head, m)) return false;
    std::vector<bool> used(b.body.size(), false);
    return match_body(a, b, 0, used, m);
}

rules::Rule with_object_identity(const rules::Rule& rule) {
    rules::Rule out = rule;
    if (rule.body.empty()) return out;
    std::vector<rules::Term> vars, consts;
    auto add = [&](const rules::Term& t) {
        auto& list = t.is_var() ? vars : consts;
        for (const auto& u : list)
            if (u.name == t.name) return;
        list.push_back(t);
    };
    for (const auto& t : rule.head.args)
        add(t);
    for (const auto& a : rule.body)
        for (const auto& t : a.args)
            add(t);
    auto present = [&](const rules::Term& a, const rules::Term& b) {
        for (const auto& q : out.inequalities)
            if ((q.lhs == a && q.rhs == b) || (q.lhs == b && q.rhs == a)) return true;
        return false;
    };
    for (std::size_t i = 0; i < vars.size(); ++i) {
        for (std::size_t j = i + 1; j < vars.size(); ++j)
            if (!present(vars[i], vars[j])) out.inequalities.push_back({vars[i], vars[j], {}});
        for (const auto& c : consts)
            if (!present(vars[i], c)) out.inequalities.push_back({vars[i], c, {}});
    }
    return out;
}

std::vector<rules::Rule> sub_rules(const rules::Rule& rule) {
    std::vector<rules::Rule> out;
    const std::size_t n = rule.body.size();
    if (n < 2 || n > 16) return out;
    for (std::uint32_t mask = 1; mask + 1 < (1u << n); ++mask) { // mask = atoms kept, not all, not none
        rules::Rule s;
        s.head = rule.head;
        s.pattern = rule.pattern;
        s.loc = rule.loc;
        std::set<std::string> vars;
        for (std::size_t i = 0; i < n; ++i)
            if (mask & (1u << i)) {
                s.body.push_back(rule.body[i]);
                for (const auto& t : rule.body[i].args)
                    if (t.is_var()) vars.insert(t.name);
            }
        bool safe = true;
        for (const auto& t : s.head.args)
            safe = safe && (!t.is_var() || vars.count(t.name));
        if (!safe) continue;
        for (const auto& q : rule.inequalities)
            if ((!q.lhs.is_var() || vars.count(q.lhs.name)) && (!q.rhs.is_var() || vars.count(q.rhs.name)))
                s.inequalities.push_back(q);
        out.push_back(std::move(s));
    }
    return out;
}

LearntIndex::LearntIndex(std::vector<LearntRule> rules, bool object_identity) : rules_(std::move(rules)) {
    for (std::size_t i = 0; i < rules_.size(); ++i) {
        by_shape_.emplace(shape(rules_[i].rule), i);
        engine_rules_.push_back(object_identity ? with_object_identity(rules_[i].rule) : rules_[i].rule);
    }
}

std::optional<std::size_t> LearntIndex::contains(const rules::Rule& r) const {
    const auto [lo, hi] = by_shape_.equal_range(shape(r));
    for (auto it = lo; it != hi; ++it)
        if (same_up_to_renaming(r, rules_[it->second].rule)) return it->second;
    return std::nullopt;
}

LearntIndex::Verdict LearntIndex::check(const rules::Rule& r, jobs::JobContext& ctx, std::vector<std::size_t>* used,
                                        double seconds) const {
    // Forward: rules that can fire on the frozen body, to a fixpoint over predicates and constants.
    std::set<std::string> preds, consts;
    for (const auto& a : r.body) {
        preds.insert(pred_key(a));
        for (const auto& t : a.args)
            if (!t.is_var()) consts.insert(t.name);
    }
    std::vector<bool> in(rules_.size(), false);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < rules_.size(); ++i) {
            if (in[i]) continue;
            const auto& lr = rules_[i].rule;
            bool ok = !lr.body.empty();
            for (const auto& a : lr.body) {
                ok = ok && preds.count(pred_key(a));
                for (const auto& t : a.args)
                    ok = ok && (t.is_var() || consts.count(t.name));
                if (!ok) break;
            }
            if (!ok) continue;
            in[i] = true;
            changed = true;
            preds.insert(pred_key(lr.head));
            for (const auto& t : lr.head.args)
                if (!t.is_var()) consts.insert(t.name);
        }
    }
    // Backward: rules whose head predicate is r's head predicate or a body predicate of a rule kept.
    std::set<std::string> wanted{pred_key(r.head)};
    std::vector<bool> relevant(rules_.size(), false);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < rules_.size(); ++i) {
            if (!in[i] || relevant[i] || !wanted.count(pred_key(rules_[i].rule.head))) continue;
            relevant[i] = true;
            changed = true;
            for (const auto& a : rules_[i].rule.body)
                wanted.insert(pred_key(a));
        }
    }
    auto has_constant = [](const rules::Rule& x) {
        for (const auto& t : x.head.args)
            if (!t.is_var()) return true;
        for (const auto& a : x.body)
            for (const auto& t : a.args)
                if (!t.is_var()) return true;
        return false;
    };
    std::vector<std::size_t> plain, all;
    for (std::size_t i = 0; i < rules_.size(); ++i)
        if (relevant[i]) {
            all.push_back(i);
            if (!has_constant(rules_[i].rule)) plain.push_back(i);
        }
    auto run = [&](const std::vector<std::size_t>& chosen, jobs::JobContext& c) {
        rules::RuleSet rs;
        for (std::size_t i : chosen)
            rs.rules.push_back(engine_rules_[i]);
        rules::MaterialiseOptions opt;
        opt.threads = 1;
        opt.provenance = used != nullptr;
        const auto res = rules::entails(rs, r, opt, c);
        if (res.entailed && used) {
            used->clear();
            if (res.head_id != UINT64_MAX && !res.closure->is_input(res.head_id)) {
                std::set<std::size_t> ids;
                collect_rules(res.closure->explain(res.head_id), ids);
                for (std::size_t k : ids)
                    used->push_back(chosen[k]);
            }
        }
        return res.entailed;
    };
    if (run(plain, ctx)) return Verdict::Yes;
    if (plain.size() == all.size()) return Verdict::No;
    // Second stage with a time limit: a stop source of our own, triggered by the caller's stop
    // or by the deadline.
    std::stop_source stop;
    std::mutex m;
    std::condition_variable cv;
    bool finished = false;
    std::thread watchdog([&] {
        std::unique_lock lock(m);
        const auto deadline =
            std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
        while (!finished && std::chrono::steady_clock::now() < deadline && !ctx.stop_requested())
            cv.wait_for(lock, std::chrono::milliseconds(20));
        if (!finished) stop.request_stop();
    });
    auto stop_watchdog = [&] {
        {
            std::lock_guard lock(m);
            finished = true;
        }
        cv.notify_all();
        watchdog.join();
    };
    jobs::JobContext limited(stop.get_token());
    bool yes = false;
    try {
        yes = run(all, limited);
    } catch (const Cancelled&) {
        stop_watchdog();
        ctx.throw_if_stopped();
        return Verdict::Undecided;
    } catch (...) {
        stop_watchdog();
        throw;
    }
    stop_watchdog();
    return yes ? Verdict::Yes : Verdict::No;
}

CompareResult compare_rules(const CompareParams& params, jobs::JobContext& ctx) {
    const auto t0 = std::chrono::steady_clock::now();
    CompareResult res;
    const auto bench = load_benchmark_rules(params.benchmark_rules);
    LearntRuleSet ls = params.learnt_path.empty() ? (params.learnt ? *params.learnt : LearntRuleSet{})
                                                  : load_rule_set(params.learnt_path);
    std::vector<LearntRule> kept;
    for (auto& r : ls.rules)
        if (r.confidence >= params.min_confidence) kept.push_back(std::move(r));
    res.learnt_rules = kept.size();
    const LearntIndex index(std::move(kept), params.object_identity);
    kg::PrefixMap none;
    auto verdict = [&](const rules::Rule& r, const std::string& pattern) {
        RuleVerdict v;
        v.pattern = pattern;
        v.text = rules::to_string(r, none);
        v.containing = index.contains(r);
        v.contained = v.containing.has_value();
        const auto outcome = index.check(r, ctx, &v.entailing, params.entail_seconds);
        v.entailed = outcome == LearntIndex::Verdict::Yes;
        v.undecided = outcome == LearntIndex::Verdict::Undecided;
        return v;
    };
    auto count = [](Percentages& p, const RuleVerdict& v) {
        ++p.rules;
        p.entailed += v.entailed;
        p.contained += v.contained;
        p.undecided += v.undecided;
    };
    std::size_t done = 0;
    for (const auto& br : bench) {
        ctx.throw_if_stopped();
        ctx.report(done++, bench.size(), "Checking rules");
        RuleVerdict v = verdict(br.rule, br.pattern);
        count(res.all, v);
        count(res.by_pattern[br.pattern], v);
        const int parent = static_cast<int>(res.rules.size());
        res.rules.push_back(std::move(v));
        if (br.rule.body.size() >= 2) {
            count(res.complex, res.rules.back());
            for (const auto& s : sub_rules(br.rule)) {
                RuleVerdict sv = verdict(s, br.pattern);
                sv.parent = parent;
                count(res.sub_all, sv);
                count(res.sub_by_pattern[br.pattern], sv);
                res.sub.push_back(std::move(sv));
            }
        }
    }
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return res;
}

} // namespace kbcx::learn
