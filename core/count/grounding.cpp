// Grounding of EL axioms over a bounded domain: atoms, expansion of left-hand sides into
// small DNFs, right-hand sides into clauses, and shared Tseitin gates with full equivalences.
#include "count/grounding.hpp"

#include "common/error.hpp"

#include <algorithm>

namespace kbcx::count {

namespace {
using onto::AxiomKind;
using onto::ConceptKind;

constexpr std::size_t kMaxTerms = 64;            // largest DNF of a left-hand side expanded inline
constexpr std::size_t kMaxTermLen = 24;          // longest conjunction in it
constexpr std::uint64_t kMaxTuples = 50'000'000; // role-chain groundings per axiom

const char* construct_name(ConceptKind k) {
    switch (k) {
    case ConceptKind::Not: return "ObjectComplementOf (not)";
    case ConceptKind::Or: return "ObjectUnionOf (or)";
    case ConceptKind::ForAll: return "ObjectAllValuesFrom (only)";
    case ConceptKind::MinCard: return "ObjectMinCardinality (min)";
    case ConceptKind::MaxCard: return "ObjectMaxCardinality (max)";
    case ConceptKind::ExactCard: return "ObjectExactCardinality (exactly)";
    case ConceptKind::HasValue: return "ObjectHasValue (value)";
    case ConceptKind::OneOf: return "ObjectOneOf";
    case ConceptKind::HasSelf: return "ObjectHasSelf (Self)";
    default: return "a non-EL construct";
    }
}
} // namespace

Grounder::Grounder(const onto::Ontology& onto, std::uint32_t domain_size)
    : o_(onto), n_(domain_size), individuals0_(onto.sig.individuals.size()) {
    if (n_ == 0) throw InputError("--domain", "the domain must have at least one element");
    if (n_ > 4096) throw InputError("--domain", "the domain is limited to 4096 elements");
}

std::string Grounder::element_name(std::uint32_t d) const {
    if (d < individuals0_) return std::string(o_.sig.individuals.name(d)); // fresh individuals: see ground()
    return "_" + std::to_string(d + 1);
}

std::uint32_t Grounder::new_var(Cnf& cnf, std::string name) {
    ++cnf.num_vars;
    names_.resize(cnf.num_vars + 1);
    names_[cnf.num_vars] = std::move(name);
    return cnf.num_vars;
}

void Grounder::extend_base(Cnf& cnf) {
    if (individuals0_ > n_)
        throw InputError("--domain", "the domain has " + std::to_string(n_) + " elements but the ontology names " +
                                         std::to_string(individuals0_) +
                                         " individuals, each of which takes its own element: use --domain " +
                                         std::to_string(individuals0_) + " or more");
    if (names_.size() < cnf.num_vars + 1) names_.resize(cnf.num_vars + 1);
    while (concept_base_.size() < o_.sig.concepts.size()) {
        const auto c = static_cast<std::uint32_t>(concept_base_.size());
        concept_base_.push_back(cnf.num_vars + 1);
        const std::string name(o_.sig.concepts.name(c));
        for (std::uint32_t d = 0; d < n_; ++d)
            new_var(cnf, name + "(" + element_name(d) + ")");
        atoms_ += n_;
    }
    while (role_base_.size() < o_.sig.roles.size()) {
        const auto r = static_cast<std::uint32_t>(role_base_.size());
        role_base_.push_back(cnf.num_vars + 1);
        const std::string name(o_.sig.roles.name(r));
        for (std::uint32_t d = 0; d < n_; ++d)
            for (std::uint32_t e = 0; e < n_; ++e)
                new_var(cnf, name + "(" + element_name(d) + "," + element_name(e) + ")");
        atoms_ += n_ * n_;
    }
}

std::string Grounder::lit_name(Lit l) const {
    if (l == kTrue) return "⊤";
    if (l == kFalse) return "⊥";
    const auto v = static_cast<std::uint32_t>(l < 0 ? -l : l);
    const std::string& n = v < names_.size() && !names_[v].empty() ? names_[v] : "x" + std::to_string(v);
    return l < 0 ? "¬" + n : n;
}

Lit Grounder::and_gate(std::vector<Lit> in, Cnf& cnf, bool is_or) {
    const Lit absorbing = is_or ? kTrue : kFalse, neutral = is_or ? kFalse : kTrue;
    std::vector<Lit> ops;
    for (Lit l : in) {
        if (l == absorbing) return absorbing;
        if (l != neutral) ops.push_back(l);
    }
    std::sort(ops.begin(), ops.end());
    ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
    for (Lit l : ops)
        if (std::binary_search(ops.begin(), ops.end(), -l)) return absorbing;
    if (ops.empty()) return neutral;
    if (ops.size() == 1) return ops[0];
    GateKey key;
    key.reserve(ops.size() + 1);
    key.push_back(is_or ? 2 : 1);
    key.insert(key.end(), ops.begin(), ops.end());
    if (auto it = gates_.find(key); it != gates_.end()) return it->second;
    std::string name = "(";
    for (std::size_t i = 0; i < ops.size(); ++i)
        name += (i ? (is_or ? " ∨ " : " ∧ ") : "") + lit_name(ops[i]);
    name += ")";
    if (name.size() > 160) name = std::string(is_or ? "OR" : "AND") + " of " + std::to_string(ops.size()) + " literals";
    const auto x = static_cast<Lit>(new_var(cnf, std::move(name)));
    // and: x → li, (∧ li) → x;  or: li → x, x → (∨ li)
    Clause back{is_or ? -x : x};
    for (Lit l : ops) {
        cnf.add(is_or ? Clause{x, -l} : Clause{-x, l});
        back.push_back(is_or ? l : -l);
    }
    cnf.add(std::move(back));
    gates_.emplace(key, x);
    gate_log_.push_back(std::move(key));
    return x;
}

void Grounder::rollback(const Mark& m) {
    for (std::size_t i = m.gates; i < gate_log_.size(); ++i)
        gates_.erase(gate_log_[i]);
    gate_log_.resize(m.gates);
    names_.resize(m.vars + 1);
}

Lit Grounder::lit(onto::ExprId c, std::uint32_t d, Cnf& cnf) {
    const onto::ConceptExpr& e = o_.pool.get(c);
    switch (e.kind) {
    case ConceptKind::Top: return kTrue;
    case ConceptKind::Bottom: return kFalse;
    case ConceptKind::Named: return static_cast<Lit>(concept_atom(e.name, d));
    case ConceptKind::And: {
        std::vector<Lit> in;
        for (onto::ExprId a : e.args)
            in.push_back(lit(a, d, cnf));
        return and_gate(std::move(in), cnf);
    }
    case ConceptKind::Exists: {
        std::vector<Lit> alternatives;
        for (std::uint32_t x = 0; x < n_; ++x) {
            const Lit f = lit(e.args[0], x, cnf);
            alternatives.push_back(and_gate({static_cast<Lit>(role_atom(e.name, d, x)), f}, cnf));
        }
        return and_gate(std::move(alternatives), cnf, true);
    }
    default: throw std::logic_error("Grounder::lit: non-EL expression");
    }
}

bool Grounder::dnf(onto::ExprId c, std::uint32_t d, std::vector<Term>& out, Cnf& cnf) {
    const onto::ConceptExpr& e = o_.pool.get(c);
    out.clear();
    switch (e.kind) {
    case ConceptKind::Top: out.push_back({}); return true;
    case ConceptKind::Bottom: return true;
    case ConceptKind::Named: out.push_back({static_cast<Lit>(concept_atom(e.name, d))}); return true;
    case ConceptKind::And: {
        out.push_back({});
        std::vector<Term> part, next;
        for (onto::ExprId a : e.args) {
            if (!dnf(a, d, part, cnf)) return false;
            if (out.size() * part.size() > kMaxTerms) return false;
            next.clear();
            for (const Term& t : out)
                for (const Term& u : part) {
                    Term v = t;
                    v.insert(v.end(), u.begin(), u.end());
                    if (v.size() > kMaxTermLen) return false;
                    next.push_back(std::move(v));
                }
            out.swap(next);
        }
        return true;
    }
    case ConceptKind::Exists: {
        std::vector<Term> part;
        for (std::uint32_t x = 0; x < n_; ++x) {
            if (!dnf(e.args[0], x, part, cnf)) return false;
            for (Term& t : part) {
                t.insert(t.begin(), static_cast<Lit>(role_atom(e.name, d, x)));
                if (t.size() > kMaxTermLen) return false;
                out.push_back(std::move(t));
            }
            if (out.size() > kMaxTerms) return false;
        }
        return true;
    }
    default: return false;
    }
}

void Grounder::cnf_parts(onto::ExprId c, std::uint32_t d, std::vector<Term>& parts, Cnf& cnf) {
    const onto::ConceptExpr& e = o_.pool.get(c);
    switch (e.kind) {
    case ConceptKind::Top: return;
    case ConceptKind::Bottom: parts.push_back({}); return;
    case ConceptKind::Named: parts.push_back({static_cast<Lit>(concept_atom(e.name, d))}); return;
    case ConceptKind::And:
        for (onto::ExprId a : e.args)
            cnf_parts(a, d, parts, cnf);
        return;
    case ConceptKind::Exists: {
        Term alternatives;
        for (std::uint32_t x = 0; x < n_; ++x) {
            const Lit f = lit(e.args[0], x, cnf);
            const Lit y = and_gate({static_cast<Lit>(role_atom(e.name, d, x)), f}, cnf);
            if (y == kTrue) return; // the conjunct always holds
            if (y != kFalse) alternatives.push_back(y);
        }
        parts.push_back(std::move(alternatives));
        return;
    }
    default: throw std::logic_error("Grounder::cnf_parts: non-EL expression");
    }
}

void Grounder::emit_clauses(const Term& lhs, const Term& rhs, Cnf& cnf) {
    Clause c;
    for (Lit l : lhs) {
        if (l == kFalse) return;
        if (l != kTrue) c.push_back(-l);
    }
    for (Lit l : rhs) {
        if (l == kTrue) return;
        if (l != kFalse) c.push_back(l);
    }
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    cnf.add(std::move(c));
}

void Grounder::subsumption(onto::ExprId sub, onto::ExprId sup, std::uint32_t d, Cnf& cnf) {
    std::vector<Term> parts;
    cnf_parts(sup, d, parts, cnf);
    if (parts.empty()) return; // C ⊑ ⊤
    std::vector<Term> terms;
    if (!dnf(sub, d, terms, cnf)) terms = {Term{lit(sub, d, cnf)}};
    for (const Term& t : terms)
        for (const Term& p : parts)
            emit_clauses(t, p, cnf);
}

void Grounder::check_el(onto::ExprId c, const onto::Axiom& a) const {
    std::vector<onto::ExprId> stack{c};
    while (!stack.empty()) {
        const onto::ConceptExpr& e = o_.pool.get(stack.back());
        stack.pop_back();
        switch (e.kind) {
        case ConceptKind::Top:
        case ConceptKind::Bottom:
        case ConceptKind::Named: break;
        case ConceptKind::And:
        case ConceptKind::Exists: stack.insert(stack.end(), e.args.begin(), e.args.end()); break;
        default: {
            std::string what =
                e.kind == ConceptKind::Other && !e.construct.empty() ? e.construct : construct_name(e.kind);
            throw InputError("", a.line, 0,
                             "the axiom uses " + what +
                                 ", which is outside EL: counting grounds only ⊤, ⊥, names, ⊓ (and) and ∃ (some)");
        }
        }
    }
}

void Grounder::ground(const onto::Axiom& a, Cnf& cnf) {
    extend_base(cnf);
    for (onto::ExprId c : a.concepts)
        check_el(c, a);
    // O's individuals are elements 0, 1, …; a fresh individual (a candidate's name that O does
    // not mention, interned after construction) takes the next free element, in the order of
    // the axiom. O names no element from individuals0_ on, so any of them gives the same count:
    // each candidate's fresh individuals start there, whatever other candidates introduced.
    std::vector<onto::IndividualName> fresh;
    for (onto::IndividualName x : a.individuals)
        if (x >= individuals0_ && std::find(fresh.begin(), fresh.end(), x) == fresh.end()) fresh.push_back(x);
    if (individuals0_ + fresh.size() > n_)
        throw InputError("--domain", "the domain has " + std::to_string(n_) + " elements but the ontology's " +
                                         std::to_string(individuals0_) + " individuals and the candidate's " +
                                         std::to_string(fresh.size()) +
                                         " fresh ones each take their own element: use --domain " +
                                         std::to_string(individuals0_ + fresh.size()) + " or more");
    auto elem = [&](std::size_t i) {
        const onto::IndividualName x = a.individuals.at(i);
        if (x < individuals0_) return static_cast<std::uint32_t>(x);
        return static_cast<std::uint32_t>(
            individuals0_ + static_cast<std::size_t>(std::find(fresh.begin(), fresh.end(), x) - fresh.begin()));
    };
    auto chain = [&](const std::vector<onto::RoleName>& roles, onto::RoleName sup) {
        const std::size_t k = roles.size();
        std::uint64_t tuples = 1;
        for (std::size_t i = 0; i <= k; ++i) {
            tuples *= n_;
            if (tuples > kMaxTuples)
                throw InputError("", a.line, 0,
                                 "a role chain of length " + std::to_string(k) +
                                     " is too large to ground over this domain");
        }
        std::vector<std::uint32_t> path(k + 1, 0);
        Term lhs(k);
        for (std::uint64_t t = 0; t < tuples; ++t) {
            std::uint64_t rest = t;
            for (std::size_t i = 0; i <= k; ++i) {
                path[i] = static_cast<std::uint32_t>(rest % n_);
                rest /= n_;
            }
            for (std::size_t i = 0; i < k; ++i)
                lhs[i] = static_cast<Lit>(role_atom(roles[i], path[i], path[i + 1]));
            emit_clauses(lhs, {static_cast<Lit>(role_atom(sup, path[0], path[k]))}, cnf);
        }
    };
    switch (a.kind) {
    case AxiomKind::SubClassOf:
        for (std::uint32_t d = 0; d < n_; ++d)
            subsumption(a.concepts.at(0), a.concepts.at(1), d, cnf);
        return;
    case AxiomKind::EquivalentClasses:
        for (std::size_t i = 0; i < a.concepts.size() && a.concepts.size() > 1; ++i)
            for (std::uint32_t d = 0; d < n_; ++d)
                subsumption(a.concepts[i], a.concepts[(i + 1) % a.concepts.size()], d, cnf);
        return;
    case AxiomKind::DisjointClasses:
        for (std::size_t i = 0; i < a.concepts.size(); ++i)
            for (std::size_t j = i + 1; j < a.concepts.size(); ++j)
                for (std::uint32_t d = 0; d < n_; ++d) {
                    std::vector<Term> ti, tj;
                    if (!dnf(a.concepts[i], d, ti, cnf)) ti = {Term{lit(a.concepts[i], d, cnf)}};
                    if (!dnf(a.concepts[j], d, tj, cnf)) tj = {Term{lit(a.concepts[j], d, cnf)}};
                    for (const Term& x : ti)
                        for (const Term& y : tj) {
                            Term both = x;
                            both.insert(both.end(), y.begin(), y.end());
                            emit_clauses(both, {}, cnf);
                        }
                }
        return;
    case AxiomKind::SubObjectPropertyOf:
        if (a.roles.size() < 2) throw InputError("", a.line, 0, "a role inclusion needs a sub-role and a super-role");
        chain(std::vector<onto::RoleName>(a.roles.begin(), a.roles.end() - 1), a.roles.back());
        return;
    case AxiomKind::EquivalentObjectProperties:
        for (std::size_t i = 0; i < a.roles.size() && a.roles.size() > 1; ++i)
            chain({a.roles[i]}, a.roles[(i + 1) % a.roles.size()]);
        return;
    case AxiomKind::TransitiveObjectProperty: chain({a.roles.at(0), a.roles.at(0)}, a.roles.at(0)); return;
    case AxiomKind::ReflexiveObjectProperty:
        for (std::uint32_t d = 0; d < n_; ++d)
            emit_clauses({}, {static_cast<Lit>(role_atom(a.roles.at(0), d, d))}, cnf);
        return;
    case AxiomKind::ObjectPropertyDomain:
    case AxiomKind::ObjectPropertyRange: {
        const bool domain = a.kind == AxiomKind::ObjectPropertyDomain;
        for (std::uint32_t d = 0; d < n_; ++d) {
            std::vector<Term> parts;
            cnf_parts(a.concepts.at(0), d, parts, cnf);
            for (std::uint32_t x = 0; x < n_; ++x) {
                const Lit r =
                    static_cast<Lit>(domain ? role_atom(a.roles.at(0), d, x) : role_atom(a.roles.at(0), x, d));
                for (const Term& p : parts)
                    emit_clauses({r}, p, cnf);
            }
        }
        return;
    }
    case AxiomKind::ClassAssertion: {
        std::vector<Term> parts;
        cnf_parts(a.concepts.at(0), elem(0), parts, cnf);
        for (const Term& p : parts)
            emit_clauses({}, p, cnf);
        return;
    }
    case AxiomKind::ObjectPropertyAssertion:
        emit_clauses({}, {static_cast<Lit>(role_atom(a.roles.at(0), elem(0), elem(1)))}, cnf);
        return;
    case AxiomKind::NotEL:
        throw InputError("", a.line, 0,
                         "the axiom type " + (a.construct.empty() ? std::string("?") : a.construct) +
                             " is outside EL and cannot be grounded for counting");
    }
}

} // namespace kbcx::count
