// The Herbrand semantics evaluated directly (not via CNF) for the counting tests: brute-force
// model counts over a tiny domain, and a generator of random tiny EL ontologies.
#pragma once

#include "onto/ontology.hpp"

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace kbcx::count::test {

using onto::Axiom;
using onto::AxiomKind;
using onto::ConceptKind;
using onto::ExprId;

/// Direct evaluation of the Herbrand semantics over Δ = {0..n-1} for one interpretation given
/// as a bit vector: concept atom (c, d) at c*n + d, role atom (r, d, e) after all concept atoms.
struct Semantics {
    const onto::Ontology& o;
    std::uint32_t n, nc, nr;
    std::uint64_t bits = 0;
    bool concept_atom(std::uint32_t c, std::uint32_t d) const { return (bits >> (c * n + d)) & 1u; }
    bool role_atom(std::uint32_t r, std::uint32_t d, std::uint32_t e) const {
        return (bits >> (nc * n + r * n * n + d * n + e)) & 1u;
    }
    std::uint32_t ext(ExprId id) const {
        const auto& e = o.pool.get(id);
        const std::uint32_t all = (1u << n) - 1;
        switch (e.kind) {
        case ConceptKind::Top: return all;
        case ConceptKind::Bottom: return 0;
        case ConceptKind::Named: {
            std::uint32_t m = 0;
            for (std::uint32_t d = 0; d < n; ++d)
                m |= concept_atom(e.name, d) ? 1u << d : 0;
            return m;
        }
        case ConceptKind::And: {
            std::uint32_t m = all;
            for (ExprId a : e.args)
                m &= ext(a);
            return m;
        }
        case ConceptKind::Exists: {
            const std::uint32_t f = ext(e.args[0]);
            std::uint32_t m = 0;
            for (std::uint32_t d = 0; d < n; ++d)
                for (std::uint32_t x = 0; x < n; ++x)
                    if (role_atom(e.name, d, x) && ((f >> x) & 1u)) m |= 1u << d;
            return m;
        }
        default: throw std::logic_error("non-EL in test");
        }
    }
    bool chain_holds(const std::vector<std::uint32_t>& roles, std::uint32_t sup) const {
        const std::size_t k = roles.size();
        std::vector<std::uint32_t> path(k + 1);
        std::uint64_t tuples = 1;
        for (std::size_t i = 0; i <= k; ++i)
            tuples *= n;
        for (std::uint64_t t = 0; t < tuples; ++t) {
            std::uint64_t rest = t;
            for (auto& p : path) {
                p = static_cast<std::uint32_t>(rest % n);
                rest /= n;
            }
            bool body = true;
            for (std::size_t i = 0; i < k; ++i)
                body = body && role_atom(roles[i], path[i], path[i + 1]);
            if (body && !role_atom(sup, path[0], path[k])) return false;
        }
        return true;
    }
    bool holds(const Axiom& a) const {
        switch (a.kind) {
        case AxiomKind::SubClassOf: return (ext(a.concepts[0]) & ~ext(a.concepts[1])) == 0;
        case AxiomKind::EquivalentClasses:
            for (ExprId c : a.concepts)
                if (ext(c) != ext(a.concepts[0])) return false;
            return true;
        case AxiomKind::DisjointClasses:
            for (std::size_t i = 0; i < a.concepts.size(); ++i)
                for (std::size_t j = i + 1; j < a.concepts.size(); ++j)
                    if (ext(a.concepts[i]) & ext(a.concepts[j])) return false;
            return true;
        case AxiomKind::SubObjectPropertyOf:
            return chain_holds(std::vector<std::uint32_t>(a.roles.begin(), a.roles.end() - 1), a.roles.back());
        case AxiomKind::ObjectPropertyDomain:
        case AxiomKind::ObjectPropertyRange: {
            const std::uint32_t c = ext(a.concepts[0]);
            for (std::uint32_t d = 0; d < n; ++d)
                for (std::uint32_t x = 0; x < n; ++x)
                    if (role_atom(a.roles[0], d, x) &&
                        !((c >> (a.kind == AxiomKind::ObjectPropertyDomain ? d : x)) & 1u))
                        return false;
            return true;
        }
        case AxiomKind::ClassAssertion: return (ext(a.concepts[0]) >> a.individuals[0]) & 1u;
        case AxiomKind::ObjectPropertyAssertion: return role_atom(a.roles[0], a.individuals[0], a.individuals[1]);
        default: throw std::logic_error("axiom kind not generated");
        }
    }
};

/// Models of `axioms` over the full signature of o (every name now in it).
inline std::uint64_t brute_count(const onto::Ontology& o, const std::vector<Axiom>& axioms, std::uint32_t n) {
    Semantics s{o, n, static_cast<std::uint32_t>(o.sig.concepts.size()),
                static_cast<std::uint32_t>(o.sig.roles.size())};
    const std::uint32_t atoms = s.nc * n + s.nr * n * n;
    std::uint64_t count = 0;
    for (std::uint64_t b = 0; b < (std::uint64_t{1} << atoms); ++b) {
        s.bits = b;
        bool ok = true;
        for (const Axiom& a : axioms)
            if (!s.holds(a)) {
                ok = false;
                break;
            }
        count += ok;
    }
    return count;
}

struct RandomOntology {
    std::mt19937& rng;
    onto::Ontology& o;
    std::uint32_t nc, nr, ni;
    std::uint32_t pick(std::uint32_t k) { return static_cast<std::uint32_t>(rng() % k); }
    ExprId expr(int depth) {
        const std::uint32_t roll = pick(10);
        if (roll == 0) return o.pool.top();
        if (roll == 1) return o.pool.bottom();
        if (depth > 0 && roll <= 3) return o.pool.conj({expr(depth - 1), expr(depth - 1)});
        if (depth > 0 && roll <= 5 && nr > 0) return o.pool.exists(pick(nr), expr(depth - 1));
        return o.pool.named(pick(nc));
    }
    Axiom axiom() {
        Axiom a;
        for (;;) {
            const std::uint32_t kind = pick(10);
            if (kind <= 3) {
                a.kind = AxiomKind::SubClassOf;
                a.concepts = {expr(2), expr(2)};
            } else if (kind == 4) {
                a.kind = AxiomKind::EquivalentClasses;
                a.concepts = {expr(1), expr(1)};
            } else if (kind == 5) {
                a.kind = AxiomKind::DisjointClasses;
                a.concepts = {expr(1), expr(1), expr(0)};
            } else if (kind == 6 && nr > 0) {
                a.kind = AxiomKind::SubObjectPropertyOf;
                a.roles = {pick(nr)};
                if (pick(2)) a.roles.push_back(pick(nr));
                a.roles.push_back(pick(nr));
            } else if (kind == 7 && nr > 0) {
                a.kind = pick(2) ? AxiomKind::ObjectPropertyDomain : AxiomKind::ObjectPropertyRange;
                a.roles = {pick(nr)};
                a.concepts = {expr(1)};
            } else if (kind == 8 && ni > 0) {
                a.kind = AxiomKind::ClassAssertion;
                a.concepts = {expr(1)};
                a.individuals = {pick(ni)};
            } else if (kind == 9 && ni > 0 && nr > 0) {
                a.kind = AxiomKind::ObjectPropertyAssertion;
                a.roles = {pick(nr)};
                a.individuals = {pick(ni), pick(ni)};
            } else {
                continue;
            }
            return a;
        }
    }
};

} // namespace kbcx::count::test
