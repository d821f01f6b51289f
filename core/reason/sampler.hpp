// The test-set sampler: draws up to N candidates each of T+ (entailed, not told, not trivial),
// T? (undetermined) and T− (contradictory) for one normal form or ABox form, with a seed.
#pragma once

#include "reason/status.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::reason {

/// Forms the sampler draws: GCI0 A ⊑ B, GCI1 A ⊓ B ⊑ C, GCI1_BOT A ⊓ B ⊑ ⊥, GCI2 A ⊑ ∃r.B,
/// GCI3 ∃r.A ⊑ B, CA A(a), RA r(a,b); names are the ontology's own (no fresh names).
struct SampleParams {
    std::string nf = "GCI0";
    std::size_t n = 100;
    std::uint64_t seed = 1;
    std::optional<Reading> reading; ///< default: StatusChecker::default_reading of the form
    std::size_t max_attempts = 0;   ///< 0: 200·n + 20000 candidates checked at most
    /// How the axiom texts name entities; short names by default, the form other tools match.
    NameStyle names = NameStyle::Short;
    /// GCI1: leave out entailed A ⊓ B ⊑ C whose A ⊓ B is unsatisfiable (entailed vacuously,
    /// whatever C is); they are counted in SampleResult::vacuous either way.
    bool non_vacuous = false;
};

struct SampleItem {
    Status status = Status::Undetermined;
    std::string nf;
    std::string axiom; ///< text syntax
};

struct SampleResult {
    std::vector<SampleItem> items;     ///< T+ first, then T?, then T−
    std::size_t counts[3] = {0, 0, 0}; ///< indexed by Status
    std::size_t attempts = 0;
    Reading reading = Reading::Incoherence;
    std::vector<std::string> notes; ///< e.g. why a class is empty
    /// GCI1: entailed candidates whose A ⊓ B ⊑ ⊥ is entailed — kept in T+ (non_vacuous false)
    /// or left out (non_vacuous true).
    std::size_t vacuous = 0;
};

/// Throws InputError for an unknown form name or a form the ontology has no names for.
SampleResult sample(StatusChecker& checker, const SampleParams& params, jobs::JobContext& ctx);

} // namespace kbcx::reason
