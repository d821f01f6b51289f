// Bounded Herbrand grounding of an EL ontology into CNF: one variable per atom C(d), r(d,e)
// over a domain of N elements, and Tseitin auxiliaries (full equivalences) only where needed.
#pragma once

#include "count/cnf.hpp"
#include "onto/ontology.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kbcx::count {

/// Grounds axioms of one ontology over Δ = {0, …, N−1}. Named individuals take the first
/// elements in the order of their ids (so distinct names denote distinct elements); the other
/// elements are anonymous and written _k (1-based) in variable names.
///
/// Semantics (the paper's Herbrand reading): an interpretation is any set of atoms; ⊤ holds
/// everywhere, ⊥ nowhere, (C ⊓ D)(d) iff C(d) and D(d), (∃r.C)(d) iff r(d,e) and C(e) for some e.
/// Axioms: C ⊑ D for every d; C ≡ D as C ⊑ D and D ⊑ C; DisjointClasses as Ci ⊓ Cj ⊑ ⊥;
/// r1∘…∘rk ⊑ s for all paths; domain/range; transitive (r∘r ⊑ r) and reflexive roles; C(a), r(a,b).
///
/// Encoding: the base atoms are variables 1…; a left-hand side is expanded into a
/// disjunction of conjunctions of literals when small (so ∃r.A ⊑ B gives N clauses and no
/// auxiliary), a right-hand side ∃r.C into a disjunction; anything else gets an auxiliary
/// variable x ↔ l1 ∧ … ∧ ln (or ∨) with both directions of the equivalence, so each auxiliary
/// is a function of the atoms and the model count equals the number of Herbrand models.
/// Auxiliaries are shared by identical gates (same operation on the same literals).
class Grounder {
  public:
    /// Throws kbcx::InputError when N is 0 or smaller than the number of individuals.
    Grounder(const onto::Ontology& onto, std::uint32_t domain_size);

    std::uint32_t domain_size() const { return n_; }
    /// Adds a free variable for every atom of every name now in the signature that has none
    /// yet (call it again after names were added, e.g. by parsing a candidate).
    void extend_base(Cnf& cnf);
    /// Concept names with atoms in the base (ids 0 … num_concepts() − 1).
    std::uint32_t num_concepts() const { return static_cast<std::uint32_t>(concept_base_.size()); }
    /// Number of atom variables allocated (concept and role atoms).
    std::uint32_t num_atoms() const { return atoms_; }
    std::uint32_t concept_atom(onto::ConceptName c, std::uint32_t d) const { return concept_base_.at(c) + d; }
    std::uint32_t role_atom(onto::RoleName r, std::uint32_t d, std::uint32_t e) const {
        return role_base_.at(r) + d * n_ + e;
    }
    std::string element_name(std::uint32_t d) const;

    /// Appends the clauses of `axiom` to `cnf`, allocating auxiliaries in `cnf`. Throws
    /// kbcx::InputError naming the construct when the axiom is outside EL.
    void ground(const onto::Axiom& axiom, Cnf& cnf);

    /// Auxiliaries created after a mark can be forgotten with rollback(), so that a candidate
    /// can be grounded into a copy of the ontology's CNF and its gates not reused afterwards.
    struct Mark {
        std::size_t gates = 0;
        std::uint32_t vars = 0;
    };
    Mark mark() const { return {gate_log_.size(), static_cast<std::uint32_t>(names_.size() - 1)}; }
    void rollback(const Mark& mark);

    /// Names of all variables created so far (index 0 unused): "A(_1)", "r(alice,_2)", and for
    /// auxiliaries their definition, e.g. "(r(_1,_2) ∧ A(_2))".
    const std::vector<std::string>& names() const { return names_; }

  private:
    using GateKey = std::vector<Lit>; // kind tag first, then the sorted inputs
    Lit atom_or_const(onto::ExprId c, std::uint32_t d);
    Lit lit(onto::ExprId c, std::uint32_t d, Cnf& cnf);
    Lit and_gate(std::vector<Lit> in, Cnf& cnf, bool is_or = false);
    using Term = std::vector<Lit>; // conjunction
    /// C(d) as a disjunction of conjunctions, or false if it would exceed the size limits.
    bool dnf(onto::ExprId c, std::uint32_t d, std::vector<Term>& out, Cnf& cnf);
    /// D(d) as a conjunction of disjunctions (each part one clause tail).
    void cnf_parts(onto::ExprId c, std::uint32_t d, std::vector<Term>& parts, Cnf& cnf);
    void subsumption(onto::ExprId sub, onto::ExprId sup, std::uint32_t d, Cnf& cnf);
    void emit_clauses(const Term& lhs_conj, const Term& rhs_disj, Cnf& cnf);
    void check_el(onto::ExprId c, const onto::Axiom& a) const;
    std::string lit_name(Lit l) const;
    std::uint32_t new_var(Cnf& cnf, std::string name);

    const onto::Ontology& o_;
    std::uint32_t n_;
    std::size_t individuals0_; ///< individuals at construction; later ones are candidates' fresh individuals
    std::uint32_t atoms_ = 0;
    std::vector<std::uint32_t> concept_base_, role_base_;
    std::map<GateKey, Lit> gates_;
    std::vector<GateKey> gate_log_;
    std::vector<std::string> names_{std::string()};
};

/// Literal constants used during grounding (never in a finished clause).
inline constexpr Lit kTrue = 0x7FFFFFFF;
inline constexpr Lit kFalse = -0x7FFFFFFF;

} // namespace kbcx::count
