// Bottom-up rule learning in the style of AnyBURL (and RuleN): sample paths from the training
// graph, generalise each into path rules, and estimate each rule's confidence on its groundings.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "learn/path_rule.hpp"
#include "learn/rule_io.hpp"
#include "learn/variant.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace kbcx::learn {

enum class LearnMode {
    AnyBURL, ///< cyclic rules of length 1..max_length; AC1 of length 1..max_acyclic_length; AC2 of length 1
    RuleN    ///< cyclic rules of length 1..max_length; AC1 and AC2 of length 1 only
};

/// Learning parameters. The learner runs until `seconds` have passed or `max_samples` paths
/// were sampled (0 = no such bound), whichever comes first, or until it is stopped. The
/// defaults are the anyburl variant's; learn_defaults() gives either variant's (variant.hpp).
struct LearnParams {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    RuleVariant variant = RuleVariant::AnyBURL;
    LearnMode mode = LearnMode::AnyBURL;
    double seconds = 10.0;
    std::uint64_t max_samples = 0;
    unsigned max_length = kAnyburlDefaults.max_length;                         ///< cyclic rules
    unsigned max_acyclic_length = kAnyburlDefaults.max_acyclic_length;         ///< AC1 rules (RuleN uses 1)
    unsigned grounded_cyclic_length = kAnyburlDefaults.grounded_cyclic_length; ///< h(X,c) <= path(X..c)
    bool zero_rules = false;                                                   ///< also learn h(X,c) <= (empty body)
    bool object_identity = kAnyburlDefaults.object_identity;
    bool both_directions = kAnyburlDefaults.both_directions;
    bool pc_in_file = kAnyburlDefaults.pc_in_file;
    unsigned threads = 1; ///< 0 = hardware concurrency
    std::uint64_t seed = 1;
    double pc = kUnseenNegatives;                           ///< pc_in_file: confidence = support / (predicted + pc)
    double min_confidence = 0.0001;                         ///< kept rules: the file's confidence ≥ this …
    std::uint64_t min_support = kMinSupport;                ///< … and support ≥ this
    std::size_t sample_size = kAnyburlDefaults.sample_size; ///< both_directions: groundings per direction;
                                                            ///< else anchors per cyclic rule (all when fewer)
    std::size_t acyclic_sample_size = kAnyburlDefaults.acyclic_sample_size; ///< 0 = all groundings
    std::uint64_t work_budget = 4000000; ///< edge visits per rule evaluation; counts stop there
};

/// The parameters of a variant (graph and bounds left empty).
LearnParams learn_defaults(RuleVariant v);

/// Exact or sampled statistics of one rule (see evaluate_rule).
struct RuleStats {
    std::uint64_t predicted = 0;
    std::uint64_t support = 0;
    double confidence = 0.0;
    bool exact = true; ///< all anchors were evaluated and the work budget was not exhausted
};

/// Statistics of a rule over `facts`. Groundings are distinct head instances:
///  cyclic h(X,Y) <= path: pairs (X,Y), X ≠ Y, with a path from X to Y;
///  AC1 h(X,c) <= path(X…d): the X whose path reaches d;  AC2 h(X,c) <= path(X…A): the X with a path;
///  Zero h(X,c) <=: the X ≠ c with an h edge;
///  support: the groundings whose head is a fact.
/// With object_identity the paths' nodes are pairwise distinct and differ from the rule's
/// constants (PathWalker::reach_oi, holds_oi). With both_directions (AnyBURL's beam sampling)
/// a cyclic rule is grounded from X and again from Y and the two counts are summed: start
/// entities drawn with replacement (with `seed`) give one random grounding each, until
/// sample_size distinct ones, kBeamRepetitions known ones in a row, or kBeamAttempts draws;
/// else the anchors X are the nodes with an edge of the first step, all of them or a sample of
/// sample_size, with every grounding from each. Acyclic
/// rules count at most acyclic_sample_size groundings (a sample), 0 = all.
/// confidence = support / (predicted + pc) when pc_in_file, else support / predicted.
RuleStats evaluate_rule(const PathWalker& walker, const PathRule& rule, const LearnParams& params);
/// The kbcx variant's evaluation (no OI, one direction, pc in the confidence).
RuleStats evaluate_rule(const PathWalker& walker, const PathRule& rule, double pc, std::size_t sample_size,
                        std::uint64_t work_budget, std::uint64_t seed);

struct LearnResult {
    std::vector<LearntRule> rules;  ///< kept rules by confidence, then support, descending
    std::vector<PathRule> compiled; ///< the same rules over the graph's ids
    std::uint64_t samples = 0;      ///< paths sampled
    std::uint64_t candidates = 0;   ///< distinct rules generalised (and evaluated)
    double seconds = 0.0;
};

/// Runs the learner. Deterministic for a given seed and number of samples (--samples), for
/// any number of threads: batch b of 64 paths is drawn with a generator seeded by (seed, b),
/// and a rule's statistics depend only on the rule and the seed. Under a time bound the
/// number of batches done depends on the machine. Throws Cancelled when stopped.
LearnResult learn_rules(const LearnParams& params, jobs::JobContext& ctx);

/// Names of the graph's entities and relations, for to_rule.
NameTable names_of(const kg::KnowledgeGraph& graph);

} // namespace kbcx::learn
