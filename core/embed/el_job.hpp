// The whole EL training job from files: load an ontology, normalise it, build the T− pool of
// the stratified sampler and the test-set evaluation hook, then train_el. Shared by the CLI
// (`kbcx train ONTO`), the sweep and the GUI's Training tab, so they all train the same way.
#pragma once

#include "embed/train_el.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace kbcx::embed {

/// What an EL run is made from. `train.data` is the ontology path.
struct ElJobParams {
    ElModelConfig model;
    TrainSettings train;
    /// T− pool of p⊥ (used only when train.p_bot > 0): "disjoint" (asserted disjointness,
    /// contradiction_pool_from_disjointness), "reason" (the reasoner's sampler: T− of GCI0, GCI2,
    /// GCI1), "tests" (the T− lines of `tests`: they leak into training), or a tests TSV path.
    std::string pool = "disjoint";
    std::size_t reason_pool_n = 1000; ///< "reason": candidates per normal form
    std::string tests;                ///< test-set TSV evaluated at every evaluation ("" = none)
    /// Variant dele: a test-set TSV whose entailed GCI0 axioms are the validation set of the
    /// plateau schedule and the early stop ("" = the training GCI0 axioms).
    std::string valid;
    std::string format = "auto"; ///< ontology format (onto::parse_onto_format)
    /// Makes a fresh copy of an ontology already in memory (as read, not normalised), used
    /// instead of reading train.data, which then only labels the run (params.json). The job
    /// normalises what it gets, so each call must return an unnormalised copy.
    std::function<onto::Ontology()> ontology;
    TrainHooks hooks; ///< on_epoch and control; the tests hook is added here
};

/// What the job found before training (for the CLI's summary lines and the GUI).
struct ElJobInfo {
    std::size_t axioms = 0;                     ///< distinct normal-form axioms
    std::map<std::string, std::size_t> by_form; ///< … by normal form name
    std::size_t concepts = 0, named_concepts = 0, roles = 0, individuals = 0;
    std::size_t dropped_non_el = 0;
    std::map<std::string, std::size_t> not_trained; ///< normal forms no model trains on
    std::size_t unsupported = 0;                    ///< axioms the chosen model has no loss for
    std::size_t pool = 0;                           ///< T− pool size (after holding test axioms out)
    std::size_t pool_held_out = 0;                  ///< pool axioms removed because they are test axioms
    std::size_t pool_skipped = 0;                   ///< pool lines needing fresh names
    bool pool_used = false;                         ///< p⊥ > 0
};

/// The job's ontology: a copy of `ontology`, or train.data read in `format`.
onto::Ontology load_el_job_ontology(const ElJobParams& params, jobs::JobContext& ctx);

/// Runs the job. `prepared` (optional) is called once the data, pool and hooks are ready,
/// before the first epoch. Throws InputError on bad files (with locations), Cancelled on stop.
TrainResult run_el_job(const ElJobParams& params, jobs::JobContext& ctx,
                       const std::function<void(const ElJobInfo&)>& prepared = {});

} // namespace kbcx::embed
