// Background work of the Partition and Teach tabs, in plain C++ called from JobRunner jobs:
// sampling with proofs, checking typed axioms, and P(α|O) through core/count's RelativeCounter.
#pragma once

#include "ui/common/name_style_setting.hpp"
#include "ui/ontology/onto_data.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace kbcx::ui {

/// P(α|O) of one candidate as the views show it.
struct PValue {
    bool computed = false; ///< false: not asked or failed (see error)
    count::Verdict verdict = count::Verdict::Undefined;
    QString fraction;      ///< "425/576"
    double decimal = -1.0; ///< the fraction as a double (NaN-free; −1 when undefined)
    QString decimalText;   ///< six digits, rounded half up, as `kbcx count` prints it
    QString error;         ///< why there is no value (parse error, budget, #(O) = 0)
};

/// One candidate with its logical status, proof and (optionally) P.
struct CandidateRow {
    reason::Status status = reason::Status::Undetermined;
    reason::Reading reading = reason::Reading::Incoherence;
    QString nf;
    QString axiom; ///< as typed or sampled (short names): what is checked again, counted and saved
    std::vector<std::string> proof;
    StyledText axiomIn;  ///< the parsed axiom in each NameStyle (empty: show `axiom`)
    StyledLines proofIn; ///< the proof in each NameStyle (empty: show `proof`)
    PValue p;
    QString error; ///< the candidate could not be checked (unknown name, not EL, …)
    /// "fresh individual 'bob'" when the candidate names individuals the ontology does not
    /// mention (accepted: the inductive case); empty otherwise.
    QString note;
};

/// The warning shown when the count's endpoints disagree with the reasoner's status
/// (P = 0 or 1 for an undetermined axiom, P ≠ 1 for an entailed one, P ≠ 0 for a contradiction);
/// empty when they agree or when P is not known.
QString countDisagreement(const CandidateRow& row, unsigned domain);

/// The row's axiom and proof as View → Names currently says.
QString shownAxiom(const CandidateRow& row);
QStringList shownProof(const CandidateRow& row);

struct SampleJobParams {
    reason::SampleParams sample;
};
struct SampleJobResult {
    std::vector<CandidateRow> rows;
    reason::Reading reading = reason::Reading::Incoherence;
    QString nf;
    QStringList notes;
    std::size_t attempts = 0;
    std::size_t counts[3] = {0, 0, 0};
};
/// Draws T+, T?, T− with the sampler and computes each item's proof (locks the analysis).
SampleJobResult runSampleJob(const OntologyPtr& data, const reason::SampleParams& params, jobs::JobContext& ctx);

/// Checks typed axioms (text syntax, known names only) under `reading` (default by kind).
std::vector<CandidateRow> runCheckJob(const OntologyPtr& data, const QStringList& axioms,
                                      std::optional<reason::Reading> reading, jobs::JobContext& ctx);

struct CountJobResult {
    std::vector<PValue> values; ///< one per axiom, same order
    unsigned domain = 2;
    QString models; ///< #(O) over the Herbrand base of O's names
    std::size_t atoms = 0, clauses = 0;
    double seconds = 0.0;
};
/// P(α|O) for each axiom over Δ of `domain` elements, on the EL part of the ontology as read.
/// Throws InputError when the domain is smaller than the number of individuals.
CountJobResult runCountJob(const OntologyPtr& data, const QStringList& axioms, unsigned domain, jobs::JobContext& ctx);

/// Converts a Probability into a PValue.
PValue toPValue(const count::Probability& p);

/// Teach: everything for one version of the editor's text.
struct TeachJobResult {
    std::vector<CandidateRow> rows;
    QString models;     ///< #(O), or empty when counting failed
    QString countError; ///< why no P (e.g. domain smaller than the individuals)
    unsigned domain = 2;
    std::size_t classes = 0, roles = 0, individuals = 0, axioms = 0;
};
/// Parses `text` (axiom text syntax), classifies it, and for each candidate computes its
/// status (default reading, with proof) and P at `domain`. A parse error or an inconsistent
/// ontology throws InputError (with line and column for parse errors).
TeachJobResult runTeachJob(const std::string& text, const QStringList& candidates, unsigned domain,
                           jobs::JobContext& ctx);

} // namespace kbcx::ui
