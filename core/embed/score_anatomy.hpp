// The anatomy of a score: the loss terms that make up a trained model's score of one axiom,
// with their values, hinges and the parameters they read, for `kbcx score --explain` and the GUI.
#pragma once

#include "embed/el_data.hpp"
#include "embed/el_models.hpp"
#include "embed/kg_models.hpp"
#include "embed/term_trace.hpp"
#include "kg/vocabulary.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::embed {

/// One term of a score's loss. The terms of an anatomy add up to its loss, and score = −loss is
/// the number `kbcx score` gives the axiom: EL models sum the very terms their loss evaluates
/// (ElModel::explain), triple models have one term, −score(h, r, t).
struct ScoreTerm {
    std::string name; ///< the normal form and the term's formula with names: "GCI0 [‖c(A) − c(B)‖ + |ρ(A)| − |ρ(B)|]₊"
    std::string formula;  ///< the formula alone
    std::size_t part = 0; ///< which normal form of ScoreAnatomy::normal_forms it belongs to
    double value = 0;     ///< contribution to the loss
    double raw = 0;       ///< the formula's value before weight and square (value = weight·raw or weight·raw²)
    bool hinged = false;  ///< the formula has a hinge [·]₊
    bool active = false;  ///< … and it is active (the term pushes; an inactive hinge contributes 0)
    /// The hinge's argument: > 0 active by that much, ≤ 0 inactive with that much to spare (box
    /// terms: the largest per-dimension argument).
    double hinge_arg = 0;
    int active_dims = 0, dims = 0;  ///< box terms: dimensions whose hinge is active, of dims (else 0, 0)
    std::vector<std::string> reads; ///< parameters read: "ball(A)", "box(A)", "bump(A)", "relation(r)",
                                    ///< "box(r,head)", "box(r,tail)", "entity(h)", "encoding(h)" (R-GCN)
    TermTrace trace;                ///< EL models: the rows read (table, row, sign), for score_geometry.hpp
};

/// The anatomy of one axiom's score under one checkpoint.
struct ScoreAnatomy {
    std::string model;                     ///< canonical model name
    std::string variant;                   ///< "kbcx", "mowl", "paper", "authors"
    int epoch = 0;                         ///< the checkpoint's epoch
    std::string axiom;                     ///< as given, blanks collapsed
    std::vector<std::string> normal_forms; ///< "GCI0: A SubClassOf B" (EL); "(h, r, t)" (triple models)
    std::vector<NfAxiom> parts;            ///< EL: the normal forms explained
    std::vector<ScoreTerm> terms;
    double loss = 0;  ///< Σ terms' values (EL kbcx: exactly; EL mowl/paper: the loss the model computes, which
                      ///< the terms' sum matches to float rounding)
    double score = 0; ///< −loss
};

/// A run's checkpoint loaded to explain axioms: an EL model with its signature, or a triple model
/// with its entities and relations. Read-only after construction; explain() may run on several
/// threads at once.
class ExplainModel {
  public:
    /// Loads `checkpoint` (a run's checkpoint.bin or one kept per evaluation). Throws InputError
    /// naming the file for a missing, damaged or foreign checkpoint, or one of another version.
    explicit ExplainModel(const std::string& checkpoint);
    ~ExplainModel();
    ExplainModel(const ExplainModel&) = delete;
    ExplainModel& operator=(const ExplainModel&) = delete;

    bool is_el() const { return el_ != nullptr; }
    const ElModel* el_model() const { return el_.get(); }
    const ElNames& el_names() const { return names_; }
    const KgModel* kg_model() const { return kg_.get(); }
    const std::vector<std::string>& entities() const { return entities_; }
    const std::vector<std::string>& relations() const { return relations_; }
    const std::string& model_name() const { return model_name_; }
    const std::string& variant() const { return variant_; }
    int epoch() const { return epoch_; }
    const std::string& path() const { return path_; }

    /// The anatomy of `axiom`'s score. EL models: an axiom in the text syntax (its normal forms
    /// are explained and summed, as `kbcx score` sums them). Triple models, on the graph
    /// projection: `A SubClassOf B` as (A, SubClassOf, B), `A SubClassOf r some B` as (A, r, B),
    /// or a triple `h r t` (tab- or blank-separated). Throws InputError ("<axiom>", column) for
    /// text that does not parse, names the model has not embedded, or kinds it has no loss for.
    ScoreAnatomy explain(std::string_view axiom) const;

    /// The name of a class row of the EL model: a concept (prefixed), {x} for an individual,
    /// ⊤, ⊥; and of a role.
    std::string class_row_name(std::uint32_t row) const;
    std::string role_name(std::uint32_t role) const;

  private:
    std::string path_, model_name_, variant_;
    int epoch_ = 0;
    std::unique_ptr<ElModel> el_;
    ElNames names_;
    kg::PrefixMap prefixes_;
    std::unique_ptr<AxiomTranslator> translator_;
    std::unique_ptr<KgModel> kg_;
    std::vector<std::string> entities_, relations_;
};

/// One checkpoint kept by `kbcx train --keep-checkpoints` (one per evaluation).
struct KeptCheckpoint {
    int epoch = 0;
    std::string path;
};

/// The run folder's checkpoint.bin; throws InputError naming the folder when it has none.
std::string run_checkpoint(const std::string& run_dir);
/// The checkpoints a run kept, by epoch (empty when it kept none).
std::vector<KeptCheckpoint> kept_checkpoints(const std::string& run_dir);
/// The anatomy of `axiom` at each kept checkpoint of the run, by epoch (the GUI's replay over
/// training). Throws InputError when the run kept none, or as ExplainModel does.
std::vector<ScoreAnatomy> anatomy_over_training(const std::string& run_dir, std::string_view axiom);

/// `kbcx score --explain`'s text: per term `NAME<TAB>VALUE` then a `#` line with its hinge and
/// the parameters it reads, then `loss<TAB>VALUE` and `score<TAB>VALUE` (%.9g), after a `#` header.
std::string anatomy_text(const ScoreAnatomy& a);

} // namespace kbcx::embed
