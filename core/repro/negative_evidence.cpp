// Counts over a generated benchmark's test negatives that LogInfer's released benchmarks were
// measured by (rule heads, negatives that are no one-constant corruption of a test positive, pa's swaps).
#include "repro/negative_evidence.hpp"

#include "bench/folder.hpp"

#include <set>
#include <utility>

namespace kbcx::repro {

NegativeEvidence negative_evidence(const KgBench& b, const std::string& pattern) {
    NegativeEvidence e;
    std::set<std::pair<bool, std::string>> heads;
    for (const bench::BenchRule& r : b.gen.rules) {
        if (r.pattern != pattern) continue;
        ++e.rules;
        heads.insert({r.rule.head.unary(), r.rule.head.predicate});
    }
    e.head_relations = heads.size();

    // (relation, constant) per position over all positives (pa); the pattern's test positives,
    // on which a negative is anchored as bench::anchoring counts it on a folder.
    std::set<std::pair<kg::Id, kg::Id>> subject_of, object_of;
    bench::AnchorSet test_positives;
    for (std::size_t s = 0; s < b.gen.positives.size(); ++s)
        for (const bench::Positive& p : b.gen.positives[s]) {
            if (!p.fact.unary) {
                subject_of.insert({p.fact.pred, p.fact.s});
                object_of.insert({p.fact.pred, p.fact.o});
            }
            if (s == bench::kTest && b.pattern_of(p) == pattern) test_positives.add(p.fact);
        }
    const kg::FactStore& K = b.graph().facts;
    auto in_k_as_subject = [&](kg::Id r, kg::Id c) {
        return r < K.num_relations() && c < K.num_entities() && !K.objects(r, c).empty();
    };
    auto in_k_as_object = [&](kg::Id r, kg::Id c) {
        return r < K.num_relations() && c < K.num_entities() && !K.subjects(r, c).empty();
    };

    const auto& positives = b.gen.positives[bench::kTest];
    for (const bench::Positive& p : positives)
        e.test_positives += b.pattern_of(p) == pattern;
    for (const bench::Negative& n : b.gen.negatives[bench::kTest]) {
        if (!b.negative_in_pattern(n, bench::kTest, pattern)) continue;
        ++e.test_negatives;
        e.unanchored += !test_positives.anchors(n.fact);
        if (n.method != bench::NegMethod::PA || n.fact.unary || n.target == bench::kNoIndex) continue;
        const rules::GroundFact& t = positives.at(n.target).fact;
        if (n.fact.s != t.s) {
            ++e.pa_heads;
            e.pa_heads_positive_only +=
                subject_of.count({n.fact.pred, n.fact.s}) && !in_k_as_subject(n.fact.pred, n.fact.s);
        } else if (n.fact.o != t.o) {
            ++e.pa_tails;
            e.pa_tails_positive_only +=
                object_of.count({n.fact.pred, n.fact.o}) && !in_k_as_object(n.fact.pred, n.fact.o);
        }
    }
    return e;
}

} // namespace kbcx::repro
