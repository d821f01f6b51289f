// Taxonomy from the saturated closure: equivalence classes by mutual subsumption, direct
// parents as the strict named subsumers not below another strict subsumer.
#include "reason/classify.hpp"

#include "common/resources.hpp"
#include "reason/parallel.hpp"

#include <algorithm>
#include <iterator>

namespace kbcx::reason {

ClassifyResult classify(onto::Ontology& onto, jobs::JobContext& ctx, bool taxonomy, unsigned threads) {
    if (threads == 0) threads = default_threads();
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
    // The passes below only read the closure; each writes the entries of its own classes
    // (and per-worker counters), so any number of threads gives the same result.
    const std::size_t kBlock = std::clamp<std::size_t>(r.named_end / (std::size_t{threads} * 16), 1, 512);
    std::vector<std::size_t> unsat(threads, 0), subs(threads, 0);
    parallel_blocks(r.named_end, threads, kBlock, [&](unsigned w, std::size_t b, std::size_t e) {
        if (w == 0) ctx.throw_if_stopped();
        for (ConceptName c = static_cast<ConceptName>(b); c < e; ++c) {
            const Node n = R.concept_node(c);
            if (R.unsatisfiable(n)) {
                t.unsatisfiable[c] = 1;
                ++unsat[w];
                continue;
            }
            for (Node x : R.subsumers(n)) {
                std::uint32_t id;
                if (x != n && R.node_kind(x, id) == 0 && id < r.named_end) ++subs[w];
            }
        }
    });
    for (unsigned w = 0; w < threads; ++w) {
        r.unsatisfiable += unsat[w];
        r.entailed_subsumptions += subs[w];
    }
    if (!taxonomy) return r;
    t.equivalents.assign(r.named_end, {});
    t.direct_parents.assign(r.named_end, {});
    t.instances.assign(r.named_end, {});
    parallel_blocks(r.named_end, threads, kBlock, [&](unsigned w, std::size_t b, std::size_t e) {
        if (w == 0) ctx.throw_if_stopped();
        for (ConceptName c = static_cast<ConceptName>(b); c < e; ++c) {
            t.representative[c] = c;
            if (t.unsatisfiable[c]) continue;
            const Node n = R.concept_node(c);
            for (Node x : R.subsumers(n)) {
                std::uint32_t id;
                if (R.node_kind(x, id) == 0 && id < c && !t.unsatisfiable[id] && R.subsumes(R.concept_node(id), n))
                    t.representative[c] = std::min(t.representative[c], id);
            }
        }
    });
    for (ConceptName c = 0; c < r.named_end; ++c)
        if (!t.unsatisfiable[c]) t.equivalents[t.representative[c]].push_back(c);
    std::vector<std::vector<ConceptName>> strict_of(threads);
    parallel_blocks(r.named_end, threads, kBlock, [&](unsigned w, std::size_t b, std::size_t e) {
        if (w == 0) ctx.throw_if_stopped();
        std::vector<ConceptName>& strict = strict_of[w];
        for (ConceptName c = static_cast<ConceptName>(b); c < e; ++c) {
            if (t.unsatisfiable[c] || t.representative[c] != c) continue;
            const Node n = R.concept_node(c);
            strict.clear();
            for (Node x : R.subsumers(n)) {
                std::uint32_t id;
                if (R.node_kind(x, id) != 0 || id >= r.named_end) continue;
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
    });
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

std::vector<std::string> closure_lines(const onto::Ontology& onto, const ClassifyResult& r, unsigned threads) {
    if (threads == 0) threads = default_threads();
    const Reasoner& R = *r.reasoner;
    // Blocks of classes render and sort their lines independently; the sorted blocks are then
    // merged, so the output is the same bytewise-sorted list for any thread count.
    const std::size_t kBlock = std::clamp<std::size_t>(r.named_end / (std::size_t{threads} * 16), 1, 1024);
    const std::size_t blocks = (static_cast<std::size_t>(r.named_end) + kBlock - 1) / kBlock;
    std::vector<std::vector<std::string>> parts(blocks);
    parallel_blocks(r.named_end, threads, kBlock, [&](unsigned, std::size_t b, std::size_t e) {
        std::vector<std::string>& lines = parts[b / kBlock];
        for (ConceptName c = static_cast<ConceptName>(b); c < e; ++c) {
            const Node n = R.concept_node(c);
            if (R.unsatisfiable(n)) continue;
            const std::string_view a = onto.sig.concepts.name(c);
            for (Node x : R.subsumers(n)) {
                std::uint32_t id;
                if (x == n || R.node_kind(x, id) != 0 || id >= r.named_end) continue;
                std::string line(a);
                line += '\t';
                line += onto.sig.concepts.name(id);
                lines.push_back(std::move(line));
            }
        }
        std::sort(lines.begin(), lines.end());
    });
    std::vector<std::string> lines;
    for (auto& p : parts) {
        const std::size_t mid = lines.size();
        lines.insert(lines.end(), std::make_move_iterator(p.begin()), std::make_move_iterator(p.end()));
        std::inplace_merge(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(mid), lines.end());
    }
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

} // namespace kbcx::reason
