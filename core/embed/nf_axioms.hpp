// Normal-form EL axioms with integer ids (concepts, roles, individuals), the candidates every
// embedding model scores, and the evaluation-hook interface through which the evaluation
// module (core/eval, FVR/AUC) plugs into training without the trainer knowing it.
#pragma once

#include "kg/ids.hpp"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::embed {

/// The normal forms named as in the literature (DESIGN.md §3 onto), plus ABox assertions.
enum class NfKind : std::uint8_t {
    GCI0 = 0,       ///< A ⊑ B                  (a, b)
    GCI0_BOT,       ///< A ⊑ ⊥                  (a)
    GCI1,           ///< A ⊓ B ⊑ C              (a, b, c)
    GCI1_BOT,       ///< A ⊓ B ⊑ ⊥ (disjoint)   (a, b)
    GCI2,           ///< A ⊑ ∃r.B               (a, r, b)
    GCI3,           ///< ∃r.A ⊑ B               (r, a, b)
    GCI3_BOT,       ///< ∃r.A ⊑ ⊥               (r, a)
    RI,             ///< r ⊑ s                  (r, s)
    ClassAssertion, ///< A(x)                 (a, x)
    RoleAssertion,  ///< r(x, y)              (r, x, y)
    RC,             ///< r ∘ s ⊑ t              (r, s, t)
};
inline constexpr int kNfKinds = 11;

/// ⊤ where a normal form expects a concept name (⊤ ⊑ B, A ⊑ ∃r.⊤); equals onto::kThing.
inline constexpr kg::Id kTopConcept = 0xFFFFFFFEu;

/// "GCI0", …, "RI", "CA", "RA", "RC" (the names core/onto's normaliser uses).
std::string_view nf_kind_name(NfKind kind);

/// One normal-form axiom; unused fields are kg::kNoId.
struct NfAxiom {
    NfKind kind = NfKind::GCI0;
    kg::Id a = kg::kNoId, b = kg::kNoId, c = kg::kNoId; ///< concepts
    kg::Id r = kg::kNoId, s = kg::kNoId, t = kg::kNoId; ///< roles
    kg::Id x = kg::kNoId, y = kg::kNoId;                ///< individuals
    friend bool operator==(const NfAxiom&, const NfAxiom&) = default;
};

/// Anything that scores candidate axioms, higher = more plausible: a native model being
/// trained, or imported scores. Must be callable from several threads at once.
class AxiomScorer {
  public:
    virtual ~AxiomScorer() = default;
    /// NaN when the scorer cannot score this kind of axiom.
    virtual double score(const NfAxiom& axiom) const = 0;
};

/// Metrics of one evaluation, by name ("mrr", "hits@10", "fvr", …).
using Metrics = std::map<std::string, double>;

/// Called at each evaluation of a training run with the current model as a scorer; adds its
/// metrics (e.g. AUC±, FVR, Pair-FVR, ρ_P from core/eval) to `out`. Runs on the training thread.
using EvalHook = std::function<void(const AxiomScorer& scorer, int epoch, Metrics& out)>;

} // namespace kbcx::embed
