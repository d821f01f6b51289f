// Shared by the reasoner tests: random EL axioms, role axioms and role candidates over a few
// names, and a reasoner's observable state as text (to compare incremental with fresh runs).
#pragma once

#include "reason/classify.hpp"

#include <initializer_list>
#include <random>
#include <string>

namespace kbcx::test {

using namespace kbcx::reason;

inline std::string cat(std::initializer_list<std::string> pieces) {
    std::string s;
    for (const auto& p : pieces)
        s += p;
    return s;
}

inline std::string random_axiom(std::mt19937& rng, bool allow_abox) {
    const char* C[] = {"A", "B", "C"};
    const char* R[] = {"r", "s"};
    auto pc = [&]() -> std::string {
        const int k = std::uniform_int_distribution<int>(0, 9)(rng);
        if (k < 5) return C[k % 3];
        if (k < 7) return std::string(R[k % 2]) + " some " + C[(k + 1) % 3];
        if (k < 8) return std::string(C[k % 3]) + " and " + C[(k + 1) % 3];
        if (k < 9) return std::string(R[k % 2]) + " some owl:Thing";
        return std::string("r some (") + C[k % 3] + " and " + C[(k + 2) % 3] + ")";
    };
    const int kind = std::uniform_int_distribution<int>(0, allow_abox ? 11 : 8)(rng);
    if (kind <= 4) return cat({pc(), " SubClassOf ", pc()});
    if (kind == 5) return cat({pc(), " SubClassOf owl:Nothing"});
    if (kind == 6) return cat({std::string(C[rng() % 3]), " DisjointWith ", C[rng() % 3]});
    if (kind == 7) return rng() % 2 ? "r SubPropertyOf s" : "s o r SubPropertyOf r";
    if (kind == 8) return cat({std::string(R[rng() % 2]), rng() % 2 ? " Domain " : " Range ", C[rng() % 3]});
    if (kind <= 10) return cat({std::string(C[rng() % 3]), "(a)"});
    return cat({std::string(R[rng() % 2]), "(a,a)"});
}

/// Role axioms over r, s, t: inclusions, chains of two and three roles, transitivity,
/// equivalence, ranges.
inline std::string random_role_axiom(std::mt19937& rng) {
    const char* R[] = {"r", "s", "t"};
    auto role = [&]() { return std::string(R[rng() % 3]); };
    switch (rng() % 7) {
    case 0:
    case 1: return cat({role(), " SubPropertyOf ", role()});
    case 2:
    case 3: return cat({role(), " o ", role(), " SubPropertyOf ", role()});
    case 4: return cat({"TransitiveObjectProperty(<", role(), ">)"});
    case 5: return cat({"EquivalentObjectProperties(<", role(), "> <", role(), ">)"});
    default:
        return rng() % 2 ? cat({role(), " o ", role(), " o ", role(), " SubPropertyOf ", role()})
                         : cat({role(), " Range ", std::string(1, static_cast<char>('A' + rng() % 3))});
    }
}

/// Role-axiom candidates over r, s, t: inclusions, chains of two, three and four roles (the
/// longer ones need fresh roles), transitivity, equivalence, and ranges of named and complex
/// classes.
inline std::string random_role_candidate(std::mt19937& rng) {
    const char* R[] = {"r", "s", "t"};
    const char* C[] = {"A", "B", "C"};
    auto role = [&]() { return std::string(R[rng() % 3]); };
    auto cls = [&]() { return std::string(C[rng() % 3]); };
    switch (rng() % 10) {
    case 0:
    case 1:
    case 2: return cat({role(), " SubPropertyOf ", role()});
    case 3: return cat({role(), " o ", role(), " SubPropertyOf ", role()});
    case 4: return cat({role(), " o ", role(), " o ", role(), " SubPropertyOf ", role()});
    case 5: return cat({role(), " o ", role(), " o ", role(), " o ", role(), " SubPropertyOf ", role()});
    case 6:
        return rng() % 2 ? cat({"TransitiveObjectProperty(<", role(), ">)"})
                         : cat({"EquivalentObjectProperties(<", role(), "> <", role(), ">)"});
    case 7:
    case 8: return cat({role(), " Range ", cls()});
    default:
        switch (rng() % 3) {
        case 0: return cat({role(), " Range ", cls(), " and ", cls()});
        case 1: return cat({role(), " Range ", role(), " some ", cls()});
        default: return cat({role(), " Range owl:Nothing"});
        }
    }
}

/// The observable state of a reasoner: every node's subsumers and links in derivation order,
/// range node parts, the role hierarchy (one role past the end too).
inline std::string reasoner_state(const Reasoner& R) {
    std::string s = std::to_string(R.num_nodes()) + " nodes, " + std::to_string(R.num_roles()) + " roles\n";
    for (Node n = 0; n < R.num_nodes(); ++n) {
        if (!R.has_context(n)) {
            s += "-\n";
            continue;
        }
        for (Node b : R.subsumers(n))
            s += std::to_string(b) + ",";
        s += "|";
        for (const auto& [q, d] : R.links(n))
            s += std::to_string(q) + ":" + std::to_string(d) + ",";
        s += "|";
        for (Node p : R.node_parts(n))
            s += std::to_string(p) + ",";
        s += "\n";
    }
    for (RoleName q = 0; q <= R.num_roles(); ++q)
        for (RoleName u = 0; u <= R.num_roles(); ++u)
            s += R.sub_role(q, u) ? '1' : '0';
    return s + "\n" + std::to_string(R.axioms().size()) + " axioms\n";
}

/// Concept axioms using r, s, t, with ⊥ often enough for contradictions.
inline std::string random_axiom3(std::mt19937& rng) {
    const char* C[] = {"A", "B", "C"};
    const char* R[] = {"r", "s", "t"};
    auto c = [&]() { return std::string(C[rng() % 3]); };
    auto r = [&]() { return std::string(R[rng() % 3]); };
    switch (rng() % 8) {
    case 0: return cat({c(), " SubClassOf ", r(), " some ", c()});
    case 1: return cat({r(), " some ", c(), " SubClassOf ", c()});
    case 2: return cat({r(), " some ", c(), " SubClassOf owl:Nothing"});
    case 3: return cat({c(), " DisjointWith ", c()});
    case 4: return cat({c(), "(a)"});
    case 5: return cat({r(), "(a,", rng() % 2 ? "a" : "b", ")"});
    case 6: return cat({c(), " SubClassOf ", c()});
    default: return random_role_axiom(rng);
    }
}

} // namespace kbcx::test
