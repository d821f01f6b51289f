// Brute-force helpers of the benchmark tests (tst_bench, tst_bench_loginfer,
// tst_bench_rule_facts): random KGs as TSV, membership in K, and every support of a rule.
#pragma once

#include "bench/generator.hpp"
#include "kg/fact_store.hpp"
#include "rules/program.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace kbcx::test {

/// A random KG as TSV: entities e0..e{n-1}, relations r0..r{R-1}, types T0..T{T-1}.
inline std::string random_kg(std::mt19937& rng, int n, int R, int T, int facts, int type_facts) {
    std::string text;
    std::uniform_int_distribution<int> e(0, n - 1), r(0, R - 1), t(0, std::max(T - 1, 0));
    for (int i = 0; i < facts; ++i)
        text += "e" + std::to_string(e(rng)) + "\tr" + std::to_string(r(rng)) + "\te" + std::to_string(e(rng)) + "\n";
    for (int i = 0; i < type_facts; ++i)
        text += "e" + std::to_string(e(rng)) + "\trdf:type\tT" + std::to_string(t(rng)) + "\n";
    return text;
}

inline bool in_kg(const kg::FactStore& K, const bench::GroundFact& f) {
    if (f.unary) return f.pred < K.num_types() && K.has_type(f.s, f.pred);
    return f.pred < K.num_relations() && K.contains(f.s, f.pred, f.o);
}

inline bool holds(const kg::FactStore& K, const rules::CAtom& a, const std::vector<kg::Id>& b) {
    auto val = [&](const rules::CTerm& t) { return t.var ? b[t.id] : t.id; };
    if (a.unary) return a.pred < K.num_types() && K.has_type(val(a.t[0]), a.pred);
    return a.pred < K.num_relations() && K.contains(val(a.t[0]), a.pred, val(a.t[1]));
}

/// Every assignment over all entities of the variables of the body atoms in `atoms` that satisfies
/// them and the inequalities between those variables: fn(binding).
inline void brute_supports(const kg::FactStore& K, const rules::CRule& r, const std::vector<std::size_t>& atoms,
                           const std::function<void(const std::vector<kg::Id>&)>& fn) {
    std::vector<bool> used(r.num_vars, false);
    for (auto i : atoms)
        for (int j = 0; j < (r.body[i].unary ? 1 : 2); ++j)
            if (r.body[i].t[j].var) used[r.body[i].t[j].id] = true;
    std::vector<kg::Id> b(r.num_vars, 0);
    const kg::Id E = static_cast<kg::Id>(K.num_entities());
    std::function<void(std::uint32_t)> rec = [&](std::uint32_t v) {
        if (v == r.num_vars) {
            for (auto i : atoms)
                if (!holds(K, r.body[i], b)) return;
            for (const auto& [x, y] : r.inequalities) {
                if ((x.var && !used[x.id]) || (y.var && !used[y.id])) continue;
                if ((x.var ? b[x.id] : x.id) == (y.var ? b[y.id] : y.id)) return;
            }
            fn(b);
            return;
        }
        if (!used[v]) {
            b[v] = 0;
            rec(v + 1);
            return;
        }
        for (kg::Id e = 0; e < E; ++e) {
            b[v] = e;
            rec(v + 1);
        }
    };
    rec(0);
}

inline std::vector<std::size_t> all_atoms(const rules::CRule& r) {
    std::vector<std::size_t> a(r.body.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = i;
    return a;
}

} // namespace kbcx::test
