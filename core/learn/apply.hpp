// Prediction with a path-rule set, AnyBURL style: a candidate's rules ordered by confidence,
// candidates ordered by max aggregation, and scores that keep that order for `kbcx eval-kg`.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "learn/path_rule.hpp"
#include "learn/rule_io.hpp"
#include "learn/variant.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace kbcx::learn {

/// Max aggregation: candidate a precedes b iff the descending list of confidences of the rules
/// predicting a is lexicographically larger than b's (a longer list wins a common prefix).
bool max_aggregation_less(std::span<const double> a, std::span<const double> b);

/// Scores that keep the whole max-aggregation order of a set of descending confidence lists:
/// the distinct lists are sorted by max_aggregation_less and list k of n (k = 1 … n, ascending)
/// scores k / n; an empty list (no rule) scores 0. Equal lists score equally, and a < b in max
/// aggregation iff score(a) < score(b), over the whole set; `levels` receives n.
std::vector<double> order_scores(const std::vector<std::vector<double>>& lists, std::size_t* levels = nullptr);

/// The kbcx variant's score of one descending confidence list: with q(c) = 1 + floor(c · 8190) ∈ [1, 8191]
/// for the first four confidences (0 for missing ones), score = Σ_{i<4} q(c_i) · 2^(−13(i+1)),
/// which a double holds exactly (52 bits). Score order = max-aggregation order of the quantised
/// lists; candidates predicted by no rule score 0. Confidences closer than 1/8190 may tie at one
/// position, where the next rules then decide; a fifth and later rule are not seen.
double encode_confidences(std::span<const double> descending);

/// Nodes reached from anchor nodes along path prefixes, cached per (anchor, path): the sets of
/// several anchors are kept at once (queries rarely come grouped by anchor), up to
/// kMaxCachedIds node ids in all (an entry's bookkeeping counted as 16), after which the cache
/// starts empty again.
class ReachCache {
  public:
    static constexpr std::size_t kMaxCachedIds = std::size_t{1} << 22; // 16 MB of ids
    const std::vector<kg::Id>& reach(const PathWalker& w, kg::Id start, std::span<const Step> path);
    /// PathWalker::reach_oi, cached the same way.
    const std::vector<kg::Id>& reach_oi(const PathWalker& w, kg::Id start, std::span<const Step> path);

  private:
    struct Key {
        kg::Id start;
        std::uint64_t path; ///< four steps of 16 bits
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept {
            return std::hash<std::uint64_t>()(k.path * 0x9E3779B97F4A7C15ULL ^ k.start);
        }
    };
    /// True when `path` is short enough and its relations small enough to be a cache key (four
    /// steps of 16 bits); empties the cache first when it holds more than kMaxCachedIds ids.
    bool enter(std::span<const Step> path);
    const std::vector<kg::Id>& stored(std::unordered_map<Key, std::vector<kg::Id>, KeyHash>& map, const Key& key,
                                      std::vector<kg::Id>&& ids);
    std::unordered_map<Key, std::vector<kg::Id>, KeyHash> sets_, oi_sets_;
    std::size_t cached_ids_ = 0;
    std::vector<kg::Id> scratch_;
};

/// How rules are applied. anyburl: a rule with statistics applies with confidence
/// support / (predicted + pc) (AnyBURL's and SAFRAN's applied confidence; the file's third column
/// is support / predicted), zero rules with kZeroRuleWeight times that, under object identity.
/// kbcx: the file's confidence as it stands, without object identity.
struct ApplyOptions {
    RuleVariant variant = RuleVariant::AnyBURL;
    double pc = kUnseenNegatives;
    double min_confidence = 0; ///< rules whose applied confidence is below are not compiled
    bool object_identity = defaults_of(RuleVariant::AnyBURL).object_identity;
    static ApplyOptions of(RuleVariant v, double pc = kUnseenNegatives) {
        ApplyOptions o;
        o.variant = v;
        o.pc = pc;
        o.object_identity = defaults_of(v).object_identity;
        return o;
    }
};

/// A rule set compiled against a training graph for prediction.
class RuleModel {
  public:
    /// Compiles the path rules of `rules` (others are counted in skipped()) with applied
    /// confidence ≥ min_confidence. Rule names are matched against the graph's entity and
    /// relation names. This constructor applies the anyburl variant's options.
    RuleModel(std::shared_ptr<const kg::KnowledgeGraph> graph, const LearntRuleSet& rules, double min_confidence = 0);
    RuleModel(std::shared_ptr<const kg::KnowledgeGraph> graph, const LearntRuleSet& rules, const ApplyOptions& options);

    const kg::KnowledgeGraph& graph() const { return *graph_; }
    std::size_t size() const { return rules_.size(); }
    /// Rules not compiled: skipped_head_absent() + skipped_unknown_names() + skipped_outside().
    std::size_t skipped() const { return skipped_; }
    /// Rules whose head relation has no fact in the training graph (nothing to predict for).
    std::size_t skipped_head_absent() const { return skipped_head_; }
    /// Rules naming an entity or a body relation the training graph does not have.
    std::size_t skipped_unknown_names() const { return skipped_names_; }
    /// Rules outside the path language (branching bodies, unary atoms, inequalities, …).
    std::size_t skipped_outside() const { return skipped_ - skipped_head_ - skipped_names_; }
    const ApplyOptions& options() const { return options_; }

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
    std::span<const kg::Id> anchor_set(const Compiled& c) const;
    bool anchor_holds(const Compiled& c, kg::Id x) const;
    const std::vector<kg::Id>& cyclic_reach(ReachCache& cache, kg::Id start, std::span<const Step> path) const;
    ApplyOptions options_;
    std::shared_ptr<const kg::KnowledgeGraph> graph_;
    PathWalker walker_;
    std::vector<Compiled> rules_;
    std::vector<std::vector<std::size_t>> by_head_; ///< per relation: rules by descending confidence
    std::size_t skipped_ = 0, skipped_names_ = 0, skipped_head_ = 0;
};

/// `kbcx apply-rules`: scores for a benchmark folder (every fact eval-kg reads: valid/test
/// positives and negatives of every method, and the head, tail and relation corruptions of the
/// binary test facts that eval-kg ranks), or for the triples of a file.
struct ApplyParams {
    std::string rules_path;
    std::string benchmark_dir;                       ///< graph = its train.txt
    std::shared_ptr<const kg::KnowledgeGraph> graph; ///< used when benchmark_dir is empty
    std::string triples_path;                        ///< score these `h r t` lines instead
    std::string out_path;
    ApplyOptions options;   ///< variant, pc, min_confidence
    bool zero_rules = true; ///< anyburl: read and apply rules with an empty body (kbcx never does)
    /// Scores keeping the whole max-aggregation order (order_scores) or the first four
    /// confidences (encode_confidences, what kg_lab's one-fact-at-a-time scorer computes);
    /// unset: the variant's default (VariantDefaults::exact_order).
    std::optional<bool> exact_order;
    bool ranking = true; ///< include the ranking corruptions (benchmark mode)
    unsigned threads = 1;
};

struct ApplyResult {
    std::uint64_t rules = 0, skipped_rules = 0;
    std::uint64_t skipped_head_absent = 0, skipped_unknown_names = 0, skipped_outside = 0;
    std::uint64_t distinct_lists = 0; ///< exact order: distinct confidence lists (score levels)
    std::uint64_t triples = 0;        ///< lines written
    std::uint64_t predicted = 0;      ///< of which with a score > 0
    double seconds = 0;
};

ApplyResult apply_rules(const ApplyParams& params, jobs::JobContext& ctx);

} // namespace kbcx::learn
