// Classification of an ontology's EL part: normalise, saturate, and read off the taxonomy
// (equivalence classes, direct parents), unsatisfiable classes, consistency and instances.
#pragma once

#include "common/job.hpp"
#include "onto/normaliser.hpp"
#include "onto/ontology.hpp"
#include "reason/reasoner.hpp"

#include <memory>
#include <string>
#include <vector>

namespace kbcx::reason {

/// The class hierarchy between named classes (fresh names of the normaliser excluded).
struct Taxonomy {
    std::vector<char> unsatisfiable;                      ///< per concept name < named_end
    std::vector<ConceptName> representative;              ///< smallest id of its equivalence class
    std::vector<std::vector<ConceptName>> equivalents;    ///< per representative: the class, sorted
    std::vector<std::vector<ConceptName>> direct_parents; ///< per representative: parent representatives
    std::vector<std::vector<IndividualName>> instances;   ///< per representative: individuals
};

struct ClassifyResult {
    onto::NormalisedOntology normalised;
    std::unique_ptr<Reasoner> reasoner;
    Taxonomy taxonomy;
    ConceptName named_end = 0; ///< concept ids below are user names
    std::size_t named_classes = 0;
    std::size_t unsatisfiable = 0;
    bool consistent = true;
    std::size_t entailed_subsumptions = 0; ///< A ⊑ B, A ≠ B named, B ≠ ⊤, A satisfiable
    double normalise_seconds = 0.0, saturate_seconds = 0.0, taxonomy_seconds = 0.0;
};

/// Normalises `onto` (adding fresh names to it) and saturates. Builds the taxonomy too unless
/// `taxonomy` is false (the status checker does not need it). `threads` (0: one per hardware
/// thread) is used by the passes over the closure (counts, equivalence classes, direct
/// parents); the saturation itself runs on the calling thread. Results do not depend on it.
ClassifyResult classify(onto::Ontology& onto, jobs::JobContext& ctx, bool taxonomy = true, unsigned threads = 1);

/// Every entailed A<TAB>B between named classes (full IRIs, A ≠ B, B not owl:Thing, A
/// satisfiable), sorted bytewise without duplicates, one per line.
/// `threads` as for classify (rendering and sorting by blocks of classes, then a merge).
std::vector<std::string> closure_lines(const onto::Ontology& onto, const ClassifyResult& r, unsigned threads = 1);

} // namespace kbcx::reason
