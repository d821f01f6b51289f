// Support counting: closed forms for one-atom bodies and two-atom joins on one variable,
// parallel enumeration over chunks of the first join step otherwise; new conclusions by
// collecting distinct new heads per chunk (sorted, deduplicated) and merging them.
#include "rules/support.hpp"

#include "rules/matcher.hpp"
#include "rules/parallel.hpp"
#include "rules/patterns.hpp"

#include <algorithm>
#include <atomic>

namespace kbcx::rules {

namespace {

constexpr std::size_t kChunk = 256;

struct Chunking {
    Plan plan;
    std::size_t count = 0; // units of the first step
    std::size_t chunk = kChunk;
};

Chunking chunking(const Program& program, const CRule& rule, const FactAccess& facts) {
    Chunking c;
    std::vector<std::uint8_t> src(rule.body.size(), kFull);
    c.plan = make_plan(rule, src, rule.body.size(), facts);
    if (c.plan.never || c.plan.steps.empty()) return c;
    const PlanStep& s0 = c.plan.steps[0];
    const kg::FactStore& base = program.graph().facts;
    if (s0.unary) {
        c.count = s0.pred < base.num_types() ? base.instances(s0.pred).size() : 0;
        c.chunk = kChunk * 16;
    } else {
        c.count = s0.pred < base.num_relations() ? base.subjects_of(s0.pred).size() : 0;
    }
    return c;
}

std::uint64_t self_loops(const kg::FactStore& base, kg::Id r) {
    if (r >= base.num_relations()) return 0;
    std::uint64_t n = 0;
    for (kg::Id s : base.subjects_of(r))
        n += base.contains(s, r, s) ? 1 : 0;
    return n;
}

// Neighbours of y in a binary atom where y sits at position `pos` (0 = subject).
std::span<const kg::Id> neighbours(const kg::FactStore& base, kg::Id r, kg::Id y, int pos) {
    if (r >= base.num_relations()) return {};
    return pos == 0 ? base.objects(r, y) : base.subjects(r, y);
}

std::span<const kg::Id> keys(const kg::FactStore& base, kg::Id r, int pos) {
    if (r >= base.num_relations()) return {};
    return pos == 0 ? base.subjects_of(r) : base.objects_of(r);
}

std::uint64_t intersection_size(std::span<const kg::Id> a, std::span<const kg::Id> b) {
    std::uint64_t n = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] < b[j])
            ++i;
        else if (b[j] < a[i])
            ++j;
        else
            ++n, ++i, ++j;
    }
    return n;
}

bool same_pair(const std::pair<CTerm, CTerm>& q, const CTerm& a, const CTerm& b) {
    return (q.first == a && q.second == b) || (q.first == b && q.second == a);
}

/// Closed-form count if the rule's shape allows; returns false otherwise.
bool formula_count(const Program& program, const CRule& rule, unsigned threads, std::uint64_t& out) {
    const kg::FactStore& base = program.graph().facts;
    for (const auto& [a, b] : rule.inequalities)
        if (!a.var && !b.var) return false;
    if (rule.body.size() == 1) {
        const CAtom& a = rule.body[0];
        if (a.unary) {
            if (!a.t[0].var || !rule.inequalities.empty()) return false;
            out = a.pred < base.num_types() ? base.instances(a.pred).size() : 0;
            return true;
        }
        if (!a.t[0].var || !a.t[1].var) return false;
        const std::uint64_t size = a.pred < base.num_relations() ? base.relation_size(a.pred) : 0;
        if (a.t[0].id == a.t[1].id) {
            if (!rule.inequalities.empty()) return false;
            out = self_loops(base, a.pred);
            return true;
        }
        if (rule.inequalities.empty()) {
            out = size;
            return true;
        }
        for (const auto& q : rule.inequalities)
            if (!same_pair(q, a.t[0], a.t[1])) return false;
        out = size - self_loops(base, a.pred);
        return true;
    }
    if (rule.body.size() != 2) return false;
    const CAtom& a1 = rule.body[0];
    const CAtom& a2 = rule.body[1];
    if (a1.unary || a2.unary) return false;
    for (const CAtom* a : {&a1, &a2})
        if (!a->t[0].var || !a->t[1].var || a->t[0].id == a->t[1].id) return false;
    // Exactly one shared variable.
    int p1 = -1, p2 = -1, shared = 0;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            if (a1.t[i].id == a2.t[j].id) p1 = i, p2 = j, ++shared;
    if (shared != 1) return false;
    const CTerm x = a1.t[1 - p1], z = a2.t[1 - p2];
    bool x_ne_z = false;
    for (const auto& q : rule.inequalities) {
        if (same_pair(q, x, z))
            x_ne_z = true;
        else
            return false;
    }
    const auto k1 = keys(base, a1.pred, p1);
    const auto k2 = keys(base, a2.pred, p2);
    const bool first_smaller = k1.size() <= k2.size();
    const auto ys = first_smaller ? k1 : k2;
    const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(ys.size() / 4096 + 1, 256));
    std::vector<std::uint64_t> partial(parts, 0);
    parallel_for(parts, threads, [&](std::size_t p) {
        std::uint64_t sum = 0;
        for (std::size_t i = ys.size() * p / parts; i < ys.size() * (p + 1) / parts; ++i) {
            const kg::Id y = ys[i];
            const auto n1 = neighbours(base, a1.pred, y, p1);
            const auto n2 = neighbours(base, a2.pred, y, p2);
            sum += static_cast<std::uint64_t>(n1.size()) * n2.size();
            if (x_ne_z && !n1.empty() && !n2.empty()) sum -= intersection_size(n1, n2);
        }
        partial[p] = sum;
    });
    out = 0;
    for (auto v : partial)
        out += v;
    return true;
}

} // namespace

std::uint64_t count_supports(const Program& program, std::size_t r, unsigned threads, jobs::JobContext& ctx,
                             bool* by_formula) {
    const CRule& rule = program.rules().at(r);
    threads = resolve_threads(threads);
    std::uint64_t n = 0;
    if (formula_count(program, rule, threads, n)) {
        if (by_formula) *by_formula = true;
        return n;
    }
    if (by_formula) *by_formula = false;
    const FactAccess facts(program.graph().facts, nullptr);
    const Chunking c = chunking(program, rule, facts);
    if (c.plan.never) return 0;
    if (c.plan.steps.empty()) return 1;
    const std::size_t tasks = (c.count + c.chunk - 1) / c.chunk;
    std::vector<std::uint64_t> counts(tasks, 0);
    parallel_for(tasks, threads, [&](std::size_t t) {
        if (ctx.stop_requested()) return;
        Matcher m(c.plan, facts);
        std::uint64_t local = 0;
        m.run_chunk(nullptr, t * c.chunk, std::min(c.count, (t + 1) * c.chunk),
                    [&](const std::vector<kg::Id>&) { ++local; });
        counts[t] = local;
    });
    ctx.throw_if_stopped();
    for (auto v : counts)
        n += v;
    return n;
}

std::uint64_t count_new_conclusions(const Program& program, std::size_t r, unsigned threads, jobs::JobContext& ctx) {
    const CRule& rule = program.rules().at(r);
    threads = resolve_threads(threads);
    const FactAccess facts(program.graph().facts, nullptr);
    const Chunking c = chunking(program, rule, facts);
    if (c.plan.never) return 0;
    if (c.plan.steps.empty()) {
        std::vector<kg::Id> none;
        return facts.contains(ground(rule.head, none)) ? 0 : 1;
    }
    const std::size_t tasks = (c.count + c.chunk - 1) / c.chunk;
    std::vector<std::vector<std::uint64_t>> heads(tasks);
    parallel_for(tasks, threads, [&](std::size_t t) {
        if (ctx.stop_requested()) return;
        Matcher m(c.plan, facts);
        auto& out = heads[t];
        std::size_t limit = 1u << 20;
        m.run_chunk(nullptr, t * c.chunk, std::min(c.count, (t + 1) * c.chunk), [&](const std::vector<kg::Id>& b) {
            const GroundFact h = ground(rule.head, b);
            if (facts.contains(h)) return;
            out.push_back(pack(h.s, h.o));
            if (out.size() >= limit) {
                std::sort(out.begin(), out.end());
                out.erase(std::unique(out.begin(), out.end()), out.end());
                limit = std::max(limit, out.size() * 2);
            }
        });
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    });
    ctx.throw_if_stopped();
    std::vector<std::uint64_t> all;
    std::size_t total = 0;
    for (const auto& h : heads)
        total += h.size();
    all.reserve(total);
    for (auto& h : heads) {
        all.insert(all.end(), h.begin(), h.end());
        std::vector<std::uint64_t>().swap(h);
    }
    parallel_sort(all.begin(), all.end(), threads, std::less<>());
    return static_cast<std::uint64_t>(std::unique(all.begin(), all.end()) - all.begin());
}

std::vector<Support> enumerate_supports(const Program& program, std::size_t r, std::size_t limit, std::size_t offset) {
    const CRule& rule = program.rules().at(r);
    const FactAccess facts(program.graph().facts, nullptr);
    std::vector<std::uint8_t> src(rule.body.size(), kFull);
    const Plan plan = make_plan(rule, src, rule.body.size(), facts);
    std::vector<Support> out;
    struct Enough {};
    std::size_t seen = 0;
    Matcher m(plan, facts);
    try {
        m.run([&](const std::vector<kg::Id>& b) {
            if (seen++ < offset) return;
            if (out.size() >= limit) throw Enough{};
            Support s;
            for (const CAtom& a : rule.body)
                s.premises.push_back(ground(a, b));
            s.conclusion = ground(rule.head, b);
            s.conclusion_in_kg = facts.contains(s.conclusion);
            out.push_back(std::move(s));
        });
    } catch (const Enough&) {
    }
    return out;
}

std::vector<RuleScore> score_rules(const Program& program, unsigned threads, jobs::JobContext& ctx) {
    std::vector<RuleScore> rows;
    const std::size_t n = program.rules().size();
    for (std::size_t r = 0; r < n; ++r) {
        ctx.throw_if_stopped();
        ctx.report(r, n, "Scoring rule " + std::to_string(r + 1));
        RuleScore row;
        row.rule = r;
        row.pattern = program.rule_set().rules[r].pattern;
        if (row.pattern.empty())
            if (const auto p = recognise_pattern(program.rule_set().rules[r])) row.pattern = pattern_name(*p);
        row.support = count_supports(program, r, threads, ctx, &row.support_by_formula);
        row.new_conclusions = count_new_conclusions(program, r, threads, ctx);
        rows.push_back(std::move(row));
    }
    ctx.report(n, n, "Scored", true);
    return rows;
}

} // namespace kbcx::rules
