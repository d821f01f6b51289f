// Rule body matching: a join plan in greedy most-selective-first order (checks, then index
// lookups, then scans; smaller relations first) with inequalities applied as soon as bound.
#pragma once

#include "rules/derived_store.hpp"
#include "rules/program.hpp"

#include <cstdint>
#include <vector>

namespace kbcx::rules {

/// One step of a join plan: match body atom `atom` against `src`.
struct PlanStep {
    std::uint32_t atom = 0;
    std::uint8_t src = kFull;
    bool unary = false;
    kg::Id pred = 0;
    // Per argument: 0 = known (constant or bound variable), 1 = fresh variable, 2 = the same
    // fresh variable as the first argument (R(x,x)).
    std::uint8_t mode[2] = {0, 0};
    CTerm term[2];
    std::vector<std::pair<CTerm, CTerm>> checks; ///< inequalities whose terms are all bound after this step
};

struct Plan {
    std::vector<PlanStep> steps;
    bool never = false; ///< an inequality between equal constants: no match
    std::uint32_t num_vars = 0;
};

/// Builds a plan. `sources[i]` is the source of body atom i; if `first` is a valid index, that
/// atom goes first (the delta atom of semi-naive evaluation), else the greedy choice does.
Plan make_plan(const CRule& rule, const std::vector<std::uint8_t>& sources, std::size_t first, const FactAccess& facts);

/// Runs a plan. The first step enumerates either all its facts or a chunk (see run_chunk).
class Matcher {
  public:
    Matcher(const Plan& plan, const FactAccess& facts) : plan_(plan), facts_(facts), b_(plan.num_vars, kg::kNoId) {}

    /// Calls sink(binding) for every match. binding[v] is the value of variable v.
    template <class Sink> void run(Sink&& sink) {
        if (plan_.never) return;
        if (plan_.steps.empty()) {
            sink(b_);
            return;
        }
        step(0, sink);
    }

    /// Like run, but the first step only enumerates a chunk: for a Delta source the entries
    /// [begin, end) of the delta arrays; otherwise the subject groups (binary) or members
    /// (unary) [begin, end) of the input FactStore.
    template <class Sink> void run_chunk(const DerivedStore* d, std::size_t begin, std::size_t end, Sink&& sink) {
        if (plan_.never || plan_.steps.empty()) return;
        const PlanStep& s0 = plan_.steps[0];
        if (s0.src == kDelta) {
            if (s0.unary) {
                const auto& m = d->un_delta[s0.pred].m;
                for (std::size_t i = begin; i < end; ++i)
                    bind1(s0, m[i], sink);
            } else {
                const auto& so = d->bin_delta[s0.pred].so;
                for (std::size_t i = begin; i < end; ++i)
                    bind2(s0, hi32(so[i]), lo32(so[i]), sink);
            }
            return;
        }
        const kg::FactStore& base = facts_.base();
        if (s0.unary) {
            const auto m = base.instances(s0.pred);
            for (std::size_t i = begin; i < end; ++i)
                bind1(s0, m[i], sink);
        } else {
            const auto subj = base.subjects_of(s0.pred);
            for (std::size_t i = begin; i < end; ++i)
                for (kg::Id o : base.objects(s0.pred, subj[i]))
                    bind2(s0, subj[i], o, sink);
        }
    }

    const std::vector<kg::Id>& binding() const { return b_; }

  private:
    kg::Id value(const CTerm& t) const { return t.var ? b_[t.id] : t.id; }

    bool checks_ok(const PlanStep& s) const {
        for (const auto& [a, b] : s.checks)
            if (value(a) == value(b)) return false;
        return true;
    }

    template <class Sink> void next(std::size_t k, Sink& sink) {
        if (!checks_ok(plan_.steps[k])) return;
        if (k + 1 == plan_.steps.size())
            sink(b_);
        else
            step(k + 1, sink);
    }

    template <class Sink> void bind1(const PlanStep& s, kg::Id e, Sink& sink) {
        if (s.mode[0] == 0) {
            if (value(s.term[0]) != e) return;
        } else {
            b_[s.term[0].id] = e;
        }
        std::size_t k = static_cast<std::size_t>(&s - plan_.steps.data());
        next(k, sink);
    }

    template <class Sink> void bind2(const PlanStep& s, kg::Id a, kg::Id c, Sink& sink) {
        if (s.mode[0] == 0) {
            if (value(s.term[0]) != a) return;
        } else {
            b_[s.term[0].id] = a;
        }
        if (s.mode[1] == 0) {
            if (value(s.term[1]) != c) return;
        } else if (s.mode[1] == 2) {
            if (a != c) return;
        } else {
            b_[s.term[1].id] = c;
        }
        std::size_t k = static_cast<std::size_t>(&s - plan_.steps.data());
        next(k, sink);
    }

    template <class Sink> void step(std::size_t k, Sink& sink) {
        const PlanStep& s = plan_.steps[k];
        if (s.unary) {
            if (s.mode[0] == 0) {
                if (facts_.contains1(s.pred, value(s.term[0]), s.src)) next(k, sink);
            } else {
                facts_.for_members(s.pred, s.src, [&](kg::Id e) {
                    b_[s.term[0].id] = e;
                    next(k, sink);
                });
            }
            return;
        }
        if (s.mode[0] == 0 && s.mode[1] == 0) {
            if (facts_.contains2(s.pred, value(s.term[0]), value(s.term[1]), s.src)) next(k, sink);
        } else if (s.mode[0] == 0) {
            facts_.for_objects(s.pred, value(s.term[0]), s.src, [&](kg::Id o) {
                b_[s.term[1].id] = o;
                next(k, sink);
            });
        } else if (s.mode[1] == 0) {
            facts_.for_subjects(s.pred, value(s.term[1]), s.src, [&](kg::Id sub) {
                b_[s.term[0].id] = sub;
                next(k, sink);
            });
        } else {
            const bool same = s.mode[1] == 2;
            facts_.for_pairs(s.pred, s.src, [&](kg::Id a, kg::Id c) {
                if (same && a != c) return;
                b_[s.term[0].id] = a;
                if (!same) b_[s.term[1].id] = c;
                next(k, sink);
            });
        }
    }

    const Plan& plan_;
    const FactAccess& facts_;
    std::vector<kg::Id> b_;
};

/// Ground atom under a binding.
inline GroundFact ground(const CAtom& a, const std::vector<kg::Id>& b) {
    auto v = [&](const CTerm& t) { return t.var ? b[t.id] : t.id; };
    return {a.unary, a.pred, v(a.t[0]), a.unary ? 0 : v(a.t[1])};
}

} // namespace kbcx::rules
