// Logical status of candidate axioms against an ontology: entailed, contradictory or
// undetermined, under the inconsistency or the incoherence reading, with proofs. Each check
// saturates only the candidate's delta on top of the saved closure and rolls it back.
#pragma once

#include "common/name_style.hpp"
#include "onto/ontology.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace kbcx::reason {

enum class Status { Entailed, Undetermined, Contradictory };
/// Inconsistency: α is contradictory when O ∪ {α} has no model. Incoherence: also when α
/// makes a satisfiable named class (or an individual, or ⊤) unsatisfiable.
enum class Reading { Inconsistency, Incoherence };
const char* status_name(Status s);
const char* reading_name(Reading r);

struct StatusResult {
    Status status = Status::Undetermined;
    Reading reading = Reading::Incoherence;
    std::vector<std::string> proof; ///< rendered steps (entailment or derivation of ⊥), if asked
    /// The candidate's individuals that the ontology does not mention (fresh individuals), in
    /// the order they appear; empty for most candidates.
    std::vector<onto::IndividualName> fresh_individuals;
    /// With StatusChecker::set_proofs_in_every_style: the proof in each NameStyle, indexed by
    /// static_cast<int>(style) (for views that switch styles without checking again).
    std::array<std::vector<std::string>, 3> proof_by_style;
};

class StatusChecker {
  public:
    /// Normalises and saturates `onto` (which must outlive the checker; candidates are parsed
    /// into its pool). Throws InputError if the ontology is inconsistent.
    StatusChecker(onto::Ontology& onto, jobs::JobContext& ctx);
    /// Uses an existing classification of `onto`.
    StatusChecker(onto::Ontology& onto, ClassifyResult classified);

    /// The reading used when none is given: inconsistency for ABox axioms, incoherence else.
    static Reading default_reading(const onto::Axiom& ax);
    /// Status of one axiom (built on onto's pool and names). Throws InputError naming the
    /// construct if it is not EL. An individual the ontology does not mention (parsed with
    /// TextParseOptions::allow_new_individuals) is a fresh individual: C(a) is then entailed
    /// iff ⊤ ⊑ C, contradictory iff C is unsatisfiable, and r(a,b) is never entailed (see
    /// status.cpp).
    StatusResult check(const onto::Axiom& ax, std::optional<Reading> reading = std::nullopt, bool proof = false);
    /// Convenience: parses `text` (text or functional syntax) with known class and property
    /// names; new individual names are fresh individuals.
    StatusResult check_text(const std::string& text, std::optional<Reading> reading = std::nullopt, bool proof = false);

    bool entailed(const onto::Axiom& ax, std::vector<std::string>* proof = nullptr);
    /// Is `a` an individual the ontology did not mention when the checker was built?
    bool fresh_individual(onto::IndividualName a) const { return a >= cls_.reasoner->num_individuals(); }
    const ClassifyResult& classification() const { return cls_; }
    Reasoner& reasoner() { return *cls_.reasoner; }
    onto::Ontology& ontology() { return onto_; }
    /// Is the normal form told (asserted, after normalisation)?
    bool told(const onto::NormalAxiom& n) const;
    /// Role axioms (r ⊑ s, chains r1∘…∘rn ⊑ s of any length, transitivity, equivalent roles,
    /// ranges) are checked as a delta on the saved closure (default), or, when off, by
    /// saturating O ∪ {α} afresh (the reference the tests and the benchmark compare with).
    void set_incremental_role_axioms(bool on) { incremental_roles_ = on; }
    /// How proofs name entities (default: short names, the stable form).
    void set_name_style(NameStyle style) { names_ = style; }
    NameStyle name_style() const { return names_; }
    /// Also render each proof in every style into StatusResult::proof_by_style.
    void set_proofs_in_every_style(bool on) { every_style_ = on; }
    /// How many contradiction checks saturated O ∪ {α} afresh (only with incremental role
    /// axioms off).
    std::size_t fresh_saturations() const { return fresh_saturations_; }

  private:
    std::vector<onto::NormalAxiom> normalise_delta(const onto::Axiom& ax);
    bool contradictory(const onto::Axiom& ax, Reading reading, std::vector<std::string>* proof);
    bool fresh_contradictory(const onto::Axiom& ax, Reading reading);
    std::vector<std::string> render(const std::vector<ProofStep>& steps) const;
    std::vector<std::string> render(const std::vector<ProofStep>& steps, const onto::TextWriter& w) const;
    const onto::TextWriter& writer(NameStyle style) const;
    std::string node_text(Node n, const onto::TextWriter& w) const;
    void init();

    onto::Ontology& onto_;
    ClassifyResult cls_;
    bool has_bottom_ = false;
    bool incremental_roles_ = true;
    NameStyle names_ = NameStyle::Short;
    bool every_style_ = false;
    mutable std::array<std::unique_ptr<onto::TextWriter>, 3> writers_; ///< built on first use
    mutable std::array<std::vector<std::string>, 3> styled_;           ///< the last proof, every style
    std::size_t fresh_saturations_ = 0;
    std::unordered_set<onto::NormalAxiom, onto::NormalAxiomHash, onto::NormalAxiomEq> told_;
};

} // namespace kbcx::reason
