// Prediction with a path-rule set, AnyBURL style: a candidate's rules ordered by confidence,
// candidates ordered by max aggregation, and scores that keep that order for `kbcx eval-kg`.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "learn/path_rule.hpp"
#include "learn/rule_io.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::learn {

/// Max aggregation: candidate a precedes b iff the descending list of confidences of the rules
/// predicting a is lexicographically larger than b's (a longer list wins a common prefix).
bool max_aggregation_less(std::span<const double> a, std::span<const double> b);

/// The score that encodes a descending confidence list: with q(c) = 1 + floor(c · 8190) ∈ [1, 8191]
/// for the first four confidences (0 for missing ones), score = Σ_{i<4} q(c_i) · 2^(−13(i+1)),
/// which a double holds exactly (52 bits). Score order = max-aggregation order of the quantised
/// lists; candidates predicted by no rule score 0. Confidences closer than 1/8190 may tie at one
/// position, where the next rules then decide; a fifth and later rule are not seen.
double encode_confidences(std::span<const double> descending);

/// Nodes reached from one anchor along path prefixes, cached (per anchor node).
class ReachCache {
  public:
    const std::vector<kg::Id>& reach(const PathWalker& w, kg::Id start, std::span<const Step> path);

  private:
    kg::Id start_ = kg::kNoId;
    std::unordered_map<std::uint64_t, std::vector<kg::Id>> sets_;
    std::vector<kg::Id> scratch_;
};

/// A rule set compiled against a training graph for prediction.
class RuleModel {
  public:
    /// Compiles the path rules of `rules` (others are counted in skipped()) with confidence ≥
    /// min_confidence. Rule names are matched against the graph's entity and relation names.
    RuleModel(std::shared_ptr<const kg::KnowledgeGraph> graph, const LearntRuleSet& rules, double min_confidence = 0);

    const kg::KnowledgeGraph& graph() const { return *graph_; }
    std::size_t size() const { return rules_.size(); }
    std::size_t skipped() const { return skipped_; }
    std::size_t skipped_unknown_names() const { return skipped_names_; }

    /// Candidate answers of (h, r, ?) with their descending confidence lists.
    using Candidates = std::unordered_map<kg::Id, std::vector<double>>;
    Candidates tails(kg::Id h, kg::Id r, ReachCache& cache) const;
    /// Candidate answers of (?, r, t).
    Candidates heads(kg::Id t, kg::Id r, ReachCache& cache) const;
    /// Descending confidences of the rules predicting (h, r, t): cyclic rules are checked by
    /// meeting in the middle (the first ⌈L/2⌉ steps from h, the rest backwards from t), so that
    /// one fact costs far less than a whole query. `from_h` caches paths from h, `from_t` from t.
    std::vector<double> confidences(kg::Id h, kg::Id r, kg::Id t, ReachCache& from_h, ReachCache& from_t) const;
    /// The candidates of a query sorted by max aggregation, best first (ties by id).
    static std::vector<std::pair<kg::Id, std::vector<double>>> ranked(const Candidates& c);

  private:
    struct Compiled {
        PathRule rule;
        std::vector<Step> back; ///< reversed path
        double confidence = 0;
        std::vector<kg::Id> anchors; ///< acyclic rules: the anchors satisfying the body (sorted)
    };
    std::shared_ptr<const kg::KnowledgeGraph> graph_;
    PathWalker walker_;
    std::vector<Compiled> rules_;
    std::vector<std::vector<std::size_t>> by_head_; ///< per relation: rules by descending confidence
    std::size_t skipped_ = 0, skipped_names_ = 0;
};

/// `kbcx apply-rules`: scores for a benchmark folder (every fact eval-kg reads: valid/test
/// positives and negatives of every method, and the head, tail and relation corruptions of the
/// binary test facts that eval-kg ranks), or for the triples of a file.
struct ApplyParams {
    std::string rules_path;
    std::string benchmark_dir;                        ///< graph = its train.txt
    std::shared_ptr<const kg::KnowledgeGraph> graph;  ///< used when benchmark_dir is empty
    std::string triples_path;                         ///< score these `h r t` lines instead
    std::string out_path;
    double min_confidence = 0;
    bool ranking = true; ///< include the ranking corruptions (benchmark mode)
    unsigned threads = 1;
};

struct ApplyResult {
    std::uint64_t rules = 0, skipped_rules = 0;
    std::uint64_t triples = 0;   ///< lines written
    std::uint64_t predicted = 0; ///< of which with a score > 0
    double seconds = 0;
};

ApplyResult apply_rules(const ApplyParams& params, jobs::JobContext& ctx);

} // namespace kbcx::learn
