// Counting for the ontology overview; the normal-form counts come from the real normaliser so
// that `kbcx info` and `kbcx normalise` always agree.
#include "onto/summary.hpp"

namespace kbcx::onto {

OntologySummary summarise(Ontology& onto) {
    OntologySummary s;
    s.classes = onto.sig.concepts.size();
    s.object_properties = onto.sig.roles.size();
    s.individuals = onto.sig.individuals.size();
    for (const Axiom& a : onto.axioms) {
        ++s.logical_axioms;
        ++s.axioms_by_kind[a.kind == AxiomKind::NotEL ? a.construct : axiom_kind_name(a.kind)];
        if (a.kind == AxiomKind::SubClassOf) {
            const ConceptExpr& l = onto.pool.get(a.concepts[0]);
            const ConceptExpr& r = onto.pool.get(a.concepts[1]);
            if (l.kind == ConceptKind::Named && r.kind == ConceptKind::Named) ++s.subclass_atomic;
            if (l.kind == ConceptKind::Named && r.kind == ConceptKind::Exists &&
                onto.pool.get(r.args[0]).kind == ConceptKind::Named)
                ++s.subclass_existential;
        }
    }
    const NormalisedOntology n = normalise(onto);
    s.el_axioms = n.filter.kept;
    s.dropped_axioms = n.filter.dropped;
    s.dropped_constructs = n.filter.constructs;
    for (const NormalAxiom& a : n.axioms)
        ++s.normal_forms[static_cast<int>(a.nf)];
    s.fresh_concepts = onto.sig.concepts.size() - n.fresh_concepts_begin;
    return s;
}

} // namespace kbcx::onto
