// Shared by the rule-learner tests: small graphs from fact sets, random base facts, rules from
// text, and the learner run with a fixed sample budget.
#pragma once

#include "learn/learner.hpp"
#include "rules/parser.hpp"

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace kbcx::test {

using Fact = std::tuple<std::string, std::string, std::string>;

inline std::shared_ptr<kg::KnowledgeGraph> make_graph(const std::set<Fact>& facts) {
    kg::GraphBuilder b;
    for (const auto& [h, r, t] : facts)
        b.add(h, r, t);
    return std::make_shared<kg::KnowledgeGraph>(b.finish());
}

inline std::string ent(int i) {
    return "e" + std::to_string(i);
}

/// Random base facts of the given relations over n entities.
inline std::set<Fact> random_facts(std::mt19937& rng, int n, const std::vector<std::string>& rels, int per_rel) {
    std::set<Fact> f;
    for (const auto& r : rels)
        while (static_cast<int>(std::count_if(f.begin(), f.end(), [&](const Fact& x) { return std::get<1>(x) == r; })) <
               per_rel) {
            const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
            if (a != b) f.insert({ent(a), r, ent(b)});
        }
    return f;
}

inline rules::Rule rule(const std::string& text) {
    return rules::parse_rule(text, {});
}

inline learn::LearnResult run_learner(std::shared_ptr<kg::KnowledgeGraph> g, unsigned threads, std::uint64_t samples,
                                      std::uint64_t seed = 7,
                                      learn::RuleVariant variant = learn::RuleVariant::AnyBURL) {
    learn::LearnParams p = learn::learn_defaults(variant);
    p.graph = std::move(g);
    p.seconds = 0;
    p.max_samples = samples;
    p.threads = threads;
    p.seed = seed;
    jobs::JobContext ctx;
    return learn::learn_rules(p, ctx);
}

} // namespace kbcx::test
