// Scoring candidate axioms with a trained EL model's checkpoint: the one routine behind
// `kbcx score` on EL runs and the GUI's "evaluate a trained run" (Hierarchy, Inversions).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kbcx::embed {

class ElModel;

/// Scores of candidate axioms by one EL model (higher = more plausible).
struct ScoredAxioms {
    std::string model_name;
    /// (axiom in the normalised text syntax of eval::normalise_axiom, score), in input order.
    std::vector<std::pair<std::string, double>> scores;

    /// The scores file `kbcx eval` reads: a header line, then `axiom<TAB>score` (%.9g).
    std::string to_tsv() const;
};

/// Scores every candidate of `content` with the EL checkpoint at `checkpoint`. Each line is an
/// axiom in the text syntax, `axiom<TAB>anything`, or a tests-TSV line status<TAB>nf<TAB>axiom[<TAB>P]
/// (header lines and `#` comments are skipped). score = −(sum of the losses of the axiom's
/// normal forms). Throws kbcx::InputError naming `name`, the line and the column for an axiom
/// whose normal forms need names the model has no embedding for, or that the model has no loss for.
ScoredAxioms score_el_candidates(const std::string& checkpoint, const std::string& name, std::string_view content);

/// The message for an axiom `norm` of a kind `model` has no loss for (the released variants embed
/// no individuals and no role axioms).
std::string no_loss_message(const ElModel& model, const std::string& norm);

/// True when the checkpoint holds an EL model (kind "el-model"), false for a triple model.
bool is_el_checkpoint(const std::string& checkpoint);

} // namespace kbcx::embed
