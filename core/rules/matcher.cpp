// Greedy join ordering: after the (optional) fixed first atom, repeatedly take the atom with the
// most bound arguments, breaking ties by the smaller number of facts it may match.
#include "rules/matcher.hpp"

#include <limits>

namespace kbcx::rules {

Plan make_plan(const CRule& rule, const std::vector<std::uint8_t>& sources, std::size_t first,
               const FactAccess& facts) {
    Plan plan;
    plan.num_vars = rule.num_vars;
    const std::size_t n = rule.body.size();
    std::vector<bool> bound(rule.num_vars, false), used(n, false);
    auto is_bound = [&](const CTerm& t) { return !t.var || bound[t.id]; };

    for (const auto& [a, b] : rule.inequalities)
        if (!a.var && !b.var && a.id == b.id) plan.never = true;

    std::vector<bool> check_done(rule.inequalities.size(), false);
    for (std::size_t k = 0; k < n; ++k) {
        std::size_t pick = n;
        if (k == 0 && first < n) {
            pick = first;
        } else {
            int best_bound = -1;
            std::size_t best_size = std::numeric_limits<std::size_t>::max();
            for (std::size_t i = 0; i < n; ++i) {
                if (used[i]) continue;
                const CAtom& a = rule.body[i];
                const int nargs = a.unary ? 1 : 2;
                int nb = 0;
                for (int j = 0; j < nargs; ++j)
                    nb += is_bound(a.t[j]) ? 1 : 0;
                // Score: fully bound (a check) first, then by bound count; ties by size.
                const int score = nb == nargs ? 3 : nb;
                const std::size_t size = facts.size(a.unary, a.pred, sources[i]);
                if (score > best_bound || (score == best_bound && size < best_size)) {
                    best_bound = score;
                    best_size = size;
                    pick = i;
                }
            }
        }
        used[pick] = true;
        const CAtom& a = rule.body[pick];
        PlanStep s;
        s.atom = static_cast<std::uint32_t>(pick);
        s.src = sources[pick];
        s.unary = a.unary;
        s.pred = a.pred;
        s.term[0] = a.t[0];
        s.term[1] = a.t[1];
        const int nargs = a.unary ? 1 : 2;
        for (int j = 0; j < nargs; ++j) {
            if (is_bound(a.t[j]))
                s.mode[j] = 0;
            else if (j == 1 && a.t[1].var && a.t[0].var && a.t[0].id == a.t[1].id)
                s.mode[j] = 2;
            else
                s.mode[j] = 1;
        }
        for (int j = 0; j < nargs; ++j)
            if (a.t[j].var) bound[a.t[j].id] = true;
        for (std::size_t q = 0; q < rule.inequalities.size(); ++q) {
            if (check_done[q]) continue;
            const auto& [x, y] = rule.inequalities[q];
            if (is_bound(x) && is_bound(y)) {
                check_done[q] = true;
                if (!x.var && !y.var) continue; // constants: decided above
                s.checks.emplace_back(x, y);
            }
        }
        plan.steps.push_back(std::move(s));
    }
    return plan;
}

} // namespace kbcx::rules
