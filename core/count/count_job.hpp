// The `count` job shared by kbcx and the GUI: read an ontology in any format of core/onto,
// count the Herbrand models of its EL part over Δ, P(α|O) for candidate axioms (given or
// from a TSV), and the reasoner's status of each candidate beside the count's endpoints.
#pragma once

#include "common/job.hpp"
#include "count/relative_count.hpp"
#include "onto/readers.hpp"
#include "reason/status.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::count {

struct CountJobParams {
    std::string ontology_path; ///< any format of onto::load_ontology (functional, OWL/XML, RDF, OBO, text)
    onto::OntoFormat format = onto::OntoFormat::Auto;
    /// Refuse (InputError) an ontology with axioms outside EL instead of counting its EL part.
    bool strict = false;
    /// Count the TBox only: drop class and role assertions and the individuals, which would
    /// otherwise each take their own domain element (Pizza names five countries).
    bool tbox_only = false;
    std::uint32_t domain = 2;
    std::vector<std::string> candidates; ///< axioms in the text syntax (or functional syntax)
    /// TSV of `kbcx sample` (status<TAB>nf<TAB>axiom); rewritten in place with two more columns,
    /// P as a reduced fraction and as a decimal (columns 4 and 5 are replaced if present).
    /// The file's own status column is kept and compared with P.
    std::string candidates_path;
    std::string dimacs_path; ///< CNF of O; O ∪ {α} goes to <stem>.cand<i><ext>
    CounterOptions counter;
    /// How the counts are computed (all methods give the same numbers; see CountMethod).
    CountMethod method = CountMethod::Auto;
    bool local = true;
    /// Ask the EL++ reasoner for the status of each candidate (not needed for TSV rows whose
    /// status column is a status name). With nullopt, the reading is chosen per axiom kind.
    bool reasoner = true;
    std::optional<reason::Reading> reading;
    /// Worker threads computing the candidates' P (0: all cores; never more than candidates).
    /// Each worker has its own RelativeCounter (grounding copy, component cache); the output
    /// does not depend on the number, except which counts run past a time or memory budget
    /// (a memory budget includes the cache, whose contents depend on the worker's history).
    /// The caches share one limit: counter.cache_limit_bytes, else 3/4 of the memory budget,
    /// else min(2 GB × workers, physical memory / 4), split evenly between the workers; the
    /// memory budget itself stays per count.
    unsigned threads = 0;
    /// How CandidateRow::shown names entities.
    NameStyle names = NameStyle::Short;
};

/// How the reasoner's status and the count's endpoints relate.
enum class Agreement : std::uint8_t {
    Agree,       ///< entailed ↔ P = 1, contradictory ↔ P = 0, undetermined ↔ 0 < P < 1
    Disagree,    ///< they differ: `disagreement` says how and why
    NotCompared, ///< no status (reasoner unavailable) or no P (undefined, budget exceeded)
};

struct CandidateRow {
    std::string text;   ///< the axiom as given
    std::string shown;  ///< the axiom as parsed, written with CountJobParams::names
    std::string source; ///< "--candidate 2" or "FILE:LINE"
    Probability probability;
    /// The open-domain status: from the reasoner, or from the TSV's status column.
    std::optional<reason::Status> status;
    std::optional<reason::Reading> reading; ///< the reasoner's reading (nullopt for a file's status)
    std::string status_from;                ///< "reasoner" or "FILE's status column"
    std::string status_note;                ///< why there is no status
    /// "fresh individual 'bob'" (comma-separated) for individuals O does not mention; each takes
    /// its own element of Δ after O's individuals. Empty for most candidates.
    std::string fresh;
    Agreement agreement = Agreement::NotCompared;
    std::string disagreement; ///< one explanatory sentence when agreement is Disagree
};

struct CountJobResult {
    OntologyCount ontology;
    std::vector<CandidateRow> candidates;
    std::vector<std::string> dimacs_written;
    std::uint32_t domain = 0;
    std::string format; ///< the format read ("rdfxml", "text", …)
    std::size_t concept_names = 0, role_names = 0, individuals = 0;
    std::size_t axioms = 0;                        ///< axioms counted (the EL part)
    std::size_t logical_axioms = 0;                ///< axioms read
    std::size_t dropped = 0;                       ///< axioms outside EL, not counted
    std::size_t abox_dropped = 0;                  ///< assertions dropped by tbox_only
    std::map<std::string, std::size_t> constructs; ///< per non-EL construct, the dropped axioms using it
    std::string reasoner_note;                     ///< why the reasoner gave no statuses (empty when it did)
    std::size_t disagreements = 0;
    double parse_seconds = 0, ground_seconds = 0, candidate_seconds = 0, reasoner_seconds = 0;
    CounterStats counter_totals;        ///< summed over the workers (cache entries and bytes too)
    unsigned threads = 1;               ///< workers used for the candidates
    std::uint64_t cache_limit_each = 0; ///< each worker's cache limit in bytes
};

/// Runs the whole count. Throws kbcx::InputError on unreadable or ill-formed input (the
/// ontology, a candidate, the TSV), a non-EL candidate, a non-EL ontology with `strict`, or a
/// domain smaller than the number of individuals; kbcx::Cancelled when stopped. Budget
/// overruns are results, not errors.
CountJobResult run_count(const CountJobParams& params, jobs::JobContext& ctx);

/// Compares an open-domain status with P's endpoints; returns Disagree with an explanation
/// naming |Δ| in `why`, Agree, or NotCompared when P is undefined or over budget.
Agreement compare_status(reason::Status status, std::optional<reason::Reading> reading, const Probability& p,
                         std::uint32_t domain, std::string& why);

/// "<stem>.cand<i><ext>" for --dimacs (i from 1).
std::string candidate_dimacs_path(const std::string& path, std::size_t i);

} // namespace kbcx::count
