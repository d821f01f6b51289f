// Training data of the EL models: an ontology (any format core/onto reads) normalised by
// core/onto's normaliser into NfAxioms, the translation of axiom text into NfAxioms (the
// shared text parser and normaliser), negative samplers and the contradiction (T−) pools.
#pragma once

#include "common/job.hpp"
#include "embed/el_models.hpp"
#include "onto/ontology.hpp"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::embed {

/// The names of an embedded signature (ids are positions), with the prefixes that axiom text
/// may use. Stored in checkpoints so that `kbcx score` parses candidates without the ontology.
struct ElNames {
    std::vector<std::string> concepts, roles, individuals;
    std::vector<std::pair<std::string, std::string>> prefixes; ///< (prefix, IRI)
    std::size_t named_concepts = 0; ///< concepts [named_concepts, …) are fresh names of the normaliser
    ElSizes sizes() const { return {concepts.size(), roles.size(), individuals.size()}; }
};

/// The normalised EL part of an ontology as training axioms.
struct ElDataset {
    ElNames names;
    std::vector<NfAxiom> axioms;                ///< distinct normal forms (RANGE left out)
    std::map<std::string, std::size_t> skipped; ///< normal forms that no model trains on, by name
    std::size_t dropped_non_el = 0;             ///< axioms outside EL (reported by the EL filter)
    std::map<std::string, std::size_t> non_el;  ///< … by construct
    std::size_t count(NfKind kind) const;
};

/// Normalises `onto` (core/onto/normaliser.hpp) and converts its normal forms; the ontology
/// gains the normaliser's fresh names.
ElDataset make_el_dataset(onto::Ontology& onto);
/// Loads (any format of core/onto/readers.hpp) and converts.
ElDataset load_el_dataset(const std::string& path, jobs::JobContext& ctx);

/// Turns axiom text (the text syntax or OWL functional syntax, as `kbcx sample` writes it)
/// into the NfAxioms of its normal forms over a fixed signature. Thread-safe (one lock),
/// results cached by text.
class AxiomTranslator {
  public:
    explicit AxiomTranslator(const ElNames& names);
    ~AxiomTranslator();
    /// The normal forms of the axiom; throws InputError(file, line, column, …) on text that
    /// does not parse or uses unknown names, and on axioms outside EL. An axiom whose
    /// normalisation needs fresh names (complex fillers) gives nullopt: the model has no
    /// embedding for them.
    std::optional<std::vector<NfAxiom>> translate(std::string_view text, const std::string& file = "<axiom>",
                                                  std::size_t line = 1) const;
    /// The same, never throwing: nullopt for text it cannot use.
    std::optional<std::vector<NfAxiom>> try_translate(std::string_view text) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Sum of the scorer over the normal forms (an axiom with several normal forms scores the sum
/// of −losses); NaN when any part is NaN; 0 for an axiom with no normal form (a tautology).
double score_axiom_parts(const AxiomScorer& scorer, std::span<const NfAxiom> parts);

/// Random corruption of a normal-form axiom: one class slot (GCI0: a or b; GCI1: c; GCI2,
/// GCI3: a or b; CA: the class) replaced by a uniformly drawn named concept other than the
/// current one, or RA's object by another individual. Returns false for kinds it does not
/// corrupt (⊥ forms, role axioms) or when there is nothing else to draw.
bool corrupt(const NfAxiom& positive, std::size_t named_concepts, std::size_t individuals, std::mt19937_64& rng,
             NfAxiom& out);

/// The stratified sampler: for one positive, K negatives of which round(p⊥·K) are drawn
/// uniformly from `pool` (contradictions; none if the pool is empty) and the rest by
/// corruption. Appends to `out`; returns how many came from the pool.
std::size_t draw_negatives(const NfAxiom& positive, std::size_t K, float p_bot, std::span<const NfAxiom> pool,
                           std::size_t named_concepts, std::size_t individuals, std::mt19937_64& rng,
                           std::vector<NfAxiom>& out);

/// The T− pool split by normal form. The stratified sampler draws a positive's contradiction
/// negatives from the pool axioms of the positive's own normal form (a GCI0 axiom gets
/// contradictory GCI0 axioms), and from the whole pool when it holds none of that form.
class FormPools {
  public:
    explicit FormPools(std::span<const NfAxiom> pool);
    /// The pool axioms of `kind`'s normal form, or the whole pool if there are none.
    std::span<const NfAxiom> for_form(NfKind kind) const;

  private:
    std::vector<NfAxiom> sorted_; ///< stable-sorted by kind
    std::array<std::pair<std::size_t, std::size_t>, kNfKinds> range_{};
};

/// T− pools for the stratified sampler.
/// From a tests TSV (`status<TAB>nf<TAB>axiom…`, as `kbcx sample`/`kbcx count` write it): its
/// contradictory lines, translated (lines needing fresh names are skipped and counted).
std::vector<NfAxiom> contradiction_pool_from_tests(const std::string& path, const AxiomTranslator& tr,
                                                   jobs::JobContext& ctx, std::size_t* skipped = nullptr);
/// The cheap shortcut from asserted disjointness A ⊓ B ⊑ ⊥: A ⊑ B, B ⊑ A, and C ⊑ B (C ⊑ A)
/// for every told C ⊑ A (C ⊑ B), C ≠ A, B — each contradictory under the incoherence reading
/// as long as the classes involved are satisfiable.
std::vector<NfAxiom> contradiction_pool_from_disjointness(const ElDataset& data);
/// From the reasoner's test-set sampler (core/reason/sampler.hpp): the T− candidates of GCI0,
/// GCI2 and GCI1 (up to n per form, seeded) over `onto` (normalised and saturated here).
std::vector<NfAxiom> contradiction_pool_from_reasoner(onto::Ontology& onto, const AxiomTranslator& tr, std::size_t n,
                                                      std::uint64_t seed, jobs::JobContext& ctx);

} // namespace kbcx::embed
