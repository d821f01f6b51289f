// What `kbcx info` and the GUI's ontology overview show: signature sizes, logical axioms by
// kind, the EL part by normal form and every non-EL construct dropped with its count.
#pragma once

#include "onto/normaliser.hpp"
#include "onto/ontology.hpp"

#include <map>
#include <string>

namespace kbcx::onto {

struct OntologySummary {
    std::size_t classes = 0, object_properties = 0, individuals = 0; ///< before normalisation
    std::size_t logical_axioms = 0;
    std::map<std::string, std::size_t> axioms_by_kind; ///< SubClassOf, …, and non-EL axiom types
    std::size_t subclass_atomic = 0;                   ///< SubClassOf A ⊑ B between names
    std::size_t subclass_existential = 0;              ///< SubClassOf A ⊑ ∃r.B with names
    std::size_t el_axioms = 0, dropped_axioms = 0;
    std::map<std::string, std::size_t> dropped_constructs;
    std::size_t normal_forms[kNumNormalForms] = {};
    std::size_t fresh_concepts = 0;
};

/// Summarises and normalises `onto` (fresh names are added to it).
OntologySummary summarise(Ontology& onto);

} // namespace kbcx::onto
