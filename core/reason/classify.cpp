// Taxonomy from the saturated closure: equivalence classes by mutual subsumption, direct
// parents as the strict named subsumers not below another strict subsumer.
#include "reason/classify.hpp"

#include "common/resources.hpp"

#include <algorithm>

namespace kbcx::reason {

ClassifyResult classify(onto::Ontology& onto, jobs::JobContext& ctx, bool taxonomy) {
    ClassifyResult r;
    Stopwatch sw;
    r.named_end = static_cast<ConceptName>(onto.sig.concepts.size());
    r.normalised = onto::normalise(onto);
    r.named_end = r.normalised.fresh_concepts_begin;
    r.normalise_seconds = sw.seconds();
    sw.restart();
    r.reasoner = std::make_unique<Reasoner>(r.normalised.axioms, onto.sig.concepts.size(), onto.sig.roles.size(),
                                            onto.sig.individuals.size(), r.named_end);
    r.reasoner->saturate(ctx);
    r.saturate_seconds = sw.seconds();
    sw.restart();
    const Reasoner& R = *r.reasoner;
    r.consistent = R.consistent();
    r.named_classes = r.named_end;
    Taxonomy& t = r.taxonomy;
    t.unsatisfiable.assign(r.named_end, 0);
    t.representative.assign(r.named_end, 0);
    for (ConceptName c = 0; c < r.named_end; ++c) {
        const Node n = R.concept_node(c);
        if (R.unsatisfiable(n)) {
            t.unsatisfiable[c] = 1;
            ++r.unsatisfiable;
            continue;
        }
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (b != n && R.node_kind(b, id) == 0 && id < r.named_end) ++r.entailed_subsumptions;
        }
    }
    if (!taxonomy) return r;
    t.equivalents.assign(r.named_end, {});
    t.direct_parents.assign(r.named_end, {});
    t.instances.assign(r.named_end, {});
    for (ConceptName c = 0; c < r.named_end; ++c) {
        t.representative[c] = c;
        if (t.unsatisfiable[c]) continue;
        const Node n = R.concept_node(c);
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (R.node_kind(b, id) == 0 && id < c && !t.unsatisfiable[id] && R.subsumes(R.concept_node(id), n))
                t.representative[c] = std::min(t.representative[c], id);
        }
        t.equivalents[t.representative[c]].push_back(c);
    }
    std::vector<ConceptName> strict;
    for (ConceptName c = 0; c < r.named_end; ++c) {
        if (t.unsatisfiable[c] || t.representative[c] != c) continue;
        ctx.throw_if_stopped();
        const Node n = R.concept_node(c);
        strict.clear();
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (R.node_kind(b, id) != 0 || id >= r.named_end) continue;
            if (t.representative[id] == c || t.representative[id] != id) continue;
            strict.push_back(id);
        }
        for (ConceptName p : strict) {
            bool direct = true;
            for (ConceptName q : strict)
                if (q != p && R.subsumes(R.concept_node(q), R.concept_node(p))) {
                    direct = false;
                    break;
                }
            if (direct) t.direct_parents[c].push_back(p);
        }
        std::sort(t.direct_parents[c].begin(), t.direct_parents[c].end());
    }
    for (IndividualName a = 0; a < R.num_individuals(); ++a) {
        const Node n = R.individual_node(a);
        if (R.unsatisfiable(n)) continue;
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (R.node_kind(b, id) == 0 && id < r.named_end && t.representative[id] == id && !t.unsatisfiable[id])
                t.instances[id].push_back(a);
        }
    }
    r.taxonomy_seconds = sw.seconds();
    return r;
}

std::vector<std::string> closure_lines(const onto::Ontology& onto, const ClassifyResult& r) {
    std::vector<std::string> lines;
    const Reasoner& R = *r.reasoner;
    for (ConceptName c = 0; c < r.named_end; ++c) {
        const Node n = R.concept_node(c);
        if (R.unsatisfiable(n)) continue;
        const std::string_view a = onto.sig.concepts.name(c);
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (b == n || R.node_kind(b, id) != 0 || id >= r.named_end) continue;
            std::string line(a);
            line += '\t';
            line += onto.sig.concepts.name(id);
            lines.push_back(std::move(line));
        }
    }
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

} // namespace kbcx::reason
