// Connected slices of an ontology: a breadth-first closure from a root class along the told
// taxonomy, chosen relations and logical definitions, keeping every axiom inside the slice.
#pragma once

#include "onto/ontology.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace kbcx::onto {

/// How a slice grows. The graph it walks has one hyperedge per EL SubClassOf axiom (A ⊑ B,
/// A ⊑ ∃r.B, C ⊑ D in general) and, with follow_equivalences, per EL EquivalentClasses axiom,
/// linking every class name the axiom mentions; an axiom that mentions a role outside
/// `relations` is no hyperedge. DisjointClasses, role axioms and non-EL axioms never pull a class
/// in; they are kept when their names fall inside (see extract_slice).
struct SliceParams {
    std::string root;                   ///< class: full IRI, prefix:local, OBO id (GO:0005575) or unique label
    std::size_t size = 1000;            ///< the slice has at most this many classes
    std::vector<std::string> relations; ///< role IRIs (or prefix:local) whose axioms are followed; empty = all
    bool follow_equivalences = true;
};

struct SliceStats {
    std::size_t source_classes = 0, source_axioms = 0;
    std::size_t classes = 0, roles = 0;
    std::size_t axioms = 0;                     ///< kept
    std::size_t dropped_outside = 0;            ///< a class or role outside the slice
    std::size_t dropped_not_el_kind = 0;        ///< axiom types outside EL the readers keep no content of
    std::size_t dropped_assertions = 0;         ///< ClassAssertion / ObjectPropertyAssertion (a slice is a TBox)
    std::size_t skipped_for_size = 0;           ///< hyperedges not taken because they would pass `size`
    std::size_t components = 0;                 ///< class_components of the slice (1 when connected)
    std::size_t depth = 0;                      ///< BFS level of the last class taken (root = 0)
    std::map<std::string, std::size_t> by_kind; ///< kept axioms by functional-syntax name
};

struct Slice {
    Ontology ontology;                    ///< names interned in IRI order, axioms in source order
    std::vector<std::string> class_order; ///< class IRIs in the order the walk took them (root first)
    SliceStats stats;
};

/// The class `name` names in `o` (full IRI with or without <>, prefix:local, OBO id such as
/// GO:0005575 → obo:GO_0005575, or a label no other class has). Throws InputError naming it.
ConceptName resolve_class(const Ontology& o, const std::string& name);
/// Same for a role (IRI, prefix:local or unique label).
RoleName resolve_role(const Ontology& o, const std::string& name);

/// The slice of `source` from params.root: a breadth-first walk over the hyperedges above. The
/// root's class is taken first; each class taken in turn (first in, first out) takes the
/// hyperedges it is in, ordered by the sorted IRIs of their classes, each whole (every class
/// it links that is not yet in) or not at all (when that would pass params.size; counted in
/// skipped_for_size); new classes enter in IRI order. Every class but the root entered with an
/// axiom whose classes are all in the slice, so the slice is connected. Kept: every class
/// axiom (SubClassOf, EquivalentClasses, DisjointClasses, EL or not) whose class names are all
/// in the slice; the roles those axioms use are the slice's roles; then every role axiom
/// (inclusion, chain, transitivity, domain, range, …) whose roles are all in (domain and range
/// also need their class in). Which classes and axioms are
/// taken depends only on the names and axioms of `source`, not on their order (the slice lists
/// its axioms in the source's order). A role inclusion through a role no kept class axiom uses
/// is not kept. Throws InputError for an unknown root or relation, or size 0.
Slice extract_slice(const Ontology& source, const SliceParams& params);

/// Appends every axiom of `src` to `dst`, names matched by IRI (the same IRI is the same name),
/// labels and prefixes merged (dst's labels win). `role_map` renames roles of `src` (IRI → IRI)
/// on the way, e.g. an OBO file's relation to the OWL property its typedef cross-references.
void append_ontology(Ontology& dst, const Ontology& src, const std::map<std::string, std::string>& role_map = {});

/// Connected components of the classes of `o`, two classes being linked when one axiom
/// mentions both; a class no axiom links is a component of its own.
std::size_t class_components(const Ontology& o);

/// Number of named classes an expression or axiom mentions, and the roles, in first-seen order.
void axiom_names(const Ontology& o, const Axiom& a, std::vector<ConceptName>& classes, std::vector<RoleName>& roles);

/// The ontology as an axiom text-syntax document (.kbo) that reads back to the same axioms and
/// labels: `header` as # comment lines, Prefix: lines, a declaration (and label) for every
/// class and role, then one axiom per line. The same ontology gives the same bytes.
std::string slice_document(const Ontology& o, const std::string& header);

} // namespace kbcx::onto
