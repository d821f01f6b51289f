// The `count` job shared by kbcx and the GUI: read an ontology in the axiom text syntax,
// count its Herbrand models over Δ, and P(α|O) for candidate axioms (given or from a TSV).
#pragma once

#include "count/relative_count.hpp"
#include "jobs/job.hpp"

#include <string>
#include <vector>

namespace kbcx::count {

struct CountJobParams {
    std::string ontology_path; ///< axiom text syntax (see axiom_text.hpp)
    std::uint32_t domain = 2;
    std::vector<std::string> candidates; ///< axioms in the text syntax
    /// TSV of `kbcx sample` (status<TAB>nf<TAB>axiom); rewritten in place with two more columns,
    /// P as a reduced fraction and as a decimal (columns 4 and 5 are replaced if present).
    std::string candidates_path;
    std::string dimacs_path; ///< CNF of O; O ∪ {αi} goes to <stem>.cand<i><ext>
    CounterOptions counter;
    bool local = true;
};

struct CandidateRow {
    std::string text;   ///< the axiom as given
    std::string source; ///< "--candidate 2" or "FILE:LINE"
    Probability probability;
};

struct CountJobResult {
    OntologyCount ontology;
    std::vector<CandidateRow> candidates;
    std::vector<std::string> dimacs_written;
    std::uint32_t domain = 0;
    std::size_t concept_names = 0, role_names = 0, individuals = 0, axioms = 0;
    double parse_seconds = 0, ground_seconds = 0, candidate_seconds = 0;
    CounterStats counter_totals;
};

/// Runs the whole count. Throws kbcx::InputError on unreadable or ill-formed input (the
/// ontology, a candidate, the TSV), a non-EL axiom, or a domain smaller than the number of
/// individuals; kbcx::Cancelled when stopped. Budget overruns are results, not errors.
CountJobResult run_count(const CountJobParams& params, jobs::JobContext& ctx);

/// "<stem>.cand<i><ext>" for --dimacs (i from 1).
std::string candidate_dimacs_path(const std::string& path, std::size_t i);

} // namespace kbcx::count
