// The experiment bench the KG reproductions of LogInfer share: a source KG loaded once,
// benchmarks generated in memory, "systems" (embedding models, the AnyBURL-style rule learner,
// SimpBL) trained on a benchmark's train split, and eval-kg's metrics computed in-process per pattern.
#pragma once

#include "bench/generator.hpp"
#include "bench/kg_metrics.hpp"
#include "common/job.hpp"
#include "embed/train_kg.hpp"
#include "kg/knowledge_graph.hpp"
#include "repro/registry.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace kbcx::repro {

/// One generated benchmark held in memory, with what the systems and the evaluation need.
struct KgBench {
    std::string kg_name;           ///< e.g. "FB15k-237"
    bench::Generated gen;          ///< rules, positives and negatives per split (K is gen.params.graph)
    std::vector<kg::Triple> train; ///< train.txt as triples: K's binary facts, then the train positives
    /// The train negatives the systems learn from: the binary ones of the benchmark's train split
    /// under the loginfer variant (one per train.txt line, drawn by the benchmark's method);
    /// empty under kbcx, whose systems draw all their negatives themselves.
    std::vector<kg::Triple> train_negatives;
    /// train.txt as a fact store over K's ids (K plus the train positives, types included).
    std::shared_ptr<const kg::FactStore> train_store;
    /// Every positive of every split (train.txt, valid.txt, test.txt): the ranking filter.
    struct FactKey {
        std::uint64_t a = 0, b = 0;
        friend bool operator==(const FactKey&, const FactKey&) = default;
    };
    struct FactKeyHash {
        std::size_t operator()(const FactKey& k) const noexcept;
    };
    static FactKey key_of(const rules::GroundFact& f);
    std::unordered_set<FactKey, FactKeyHash> positives;

    const kg::KnowledgeGraph& graph() const { return *gen.params.graph; }
    /// Whether `f` is in train.txt, valid.txt or test.txt.
    bool is_positive(const rules::GroundFact& f) const;
    /// The pattern name of a positive's rule.
    const std::string& pattern_of(const bench::Positive& p) const { return gen.rules.at(p.rule).pattern; }
    /// Whether a negative of `split` belongs to `pattern` (empty: to every one): through the
    /// positive it was drawn for, else the rule it is aimed at, else (loginfer's rb and qg, not
    /// aimed at a positive) through its predicate: it belongs to the patterns whose kept rules
    /// conclude that predicate.
    bool negative_in_pattern(const bench::Negative& n, int split, const std::string& pattern) const;
};

/// Generates a benchmark from `graph` (GenerateParams as given) and builds its train split.
KgBench make_kg_bench(const std::string& kg_name, const bench::GenerateParams& params, jobs::JobContext& ctx);

/// A trained system: a plausibility score for any fact over the benchmark's ids (higher = more
/// plausible). Facts the system cannot score get -infinity.
class KgScorer {
  public:
    virtual ~KgScorer() = default;
    virtual double score(const rules::GroundFact& f) const = 0;
    /// Scores of every corruption of `f` in one slot (0 head, 1 tail, 2 relation): out[c] = the
    /// score of f with that slot set to c, for c < n. The default calls score() n times; a system
    /// that answers whole queries at once (the rule learner) overrides it. Same values as score().
    virtual void score_slot(const rules::GroundFact& f, int slot, kg::Id n, std::vector<double>& out) const;
    /// One line about what training produced (e.g. the rule learner's rule and sample counts);
    /// empty when there is nothing to say.
    virtual std::string note() const { return {}; }
};

/// A system under evaluation: trains on a benchmark's train split (train.txt = K + train
/// positives; valid/test positives and every negative file are never shown to it) and returns a
/// scorer. `decides` = the system outputs yes/no itself (SimpBL; score 1 = yes, 0 = no): its
/// classification uses that decision instead of a validation-tuned threshold, and it is not
/// ranked. `kind` tells the findings which family the system belongs to (their checks compare
/// the embedding models among themselves and the rule learner against them).
enum class KgSystemKind { Embedding, RuleLearner, Baseline };
struct KgSystem {
    std::string name;
    bool decides = false;
    KgSystemKind kind = KgSystemKind::Embedding;
    std::function<std::unique_ptr<KgScorer>(const KgBench&, std::uint64_t seed, jobs::JobContext&)> train;
};

/// Embedding-model training settings (mode defaults, Options overrides).
struct KgTrainPlan {
    int epochs = 10;
    int dim = 32;
    int batch = 1024;
    int neg = 32;
    float lr = 0.01f;
    float gamma = 12.0f;
    int threads = 1;
    /// Batch, negatives and learning rate of one model: the plan's, except for R-GCN, which
    /// trains as `kbcx train --model rgcn` does by default: the authors' variant (30,000 sampled
    /// edges per step, ω = 10, Adam 0.01; embed::rgcn_variant_training).
    struct Sizes {
        int batch, neg;
        float lr;
    };
    Sizes sizes_for(const std::string& model) const;
    /// The training parameters of one model on a benchmark: the plan's, R-GCN the authors'
    /// variant with its own settings (embed::apply_rgcn_variant) and the plan's epochs; with
    /// `train_negatives` (the benchmark has its own, loginfer) one of each positive's negatives
    /// is drawn from them (p⊥ = 1/neg), except for R-GCN, which draws its own as released.
    embed::KgTrainParams params_for(const std::string& model, bool train_negatives, std::uint64_t seed) const;
};

/// An embedding model (canonical name: TransE-L1, DistMult, ComplEx, RotatE, BoxE, rgcn)
/// trained with core/embed's train_kg on train.txt, no validation, then scored with score(h,r,t).
KgSystem embedding_system(const std::string& model, const KgTrainPlan& plan);
/// SimpBL over train.txt (core/bench's SimpBL, the paper's rule: SimpBLRule::Paper).
KgSystem simpbl_system();

/// Budget of the rule learner. Learning stops after `samples_per_pattern` × (patterns of the
/// benchmark) sampled paths or after `seconds_per_pattern` × (patterns) wall seconds, whichever
/// comes first (the sample bound makes a run deterministic for a seed; the time bound caps it on
/// a loaded machine).
struct KgRulePlan {
    std::uint64_t samples_per_pattern = 1000;
    double seconds_per_pattern = 10.0;
    unsigned max_length = 3; ///< longest cyclic rule body (AnyBURL's default)
    int threads = 1;
};
/// The benchmark's budget of `plan`: {max_samples, seconds}.
std::pair<std::uint64_t, double> rule_budget(const KgRulePlan& plan, const KgBench& b);
/// The project's AnyBURL-style rule learner (core/learn, as `kbcx learn-rules` then `kbcx
/// apply-rules`, variant anyburl): learn_rules on train.txt with the seed, then every fact scored
/// by max aggregation of the confidences of the rules predicting it, in the whole order of the
/// confidence lists (0 when no rule predicts it). Name "AnyBURL-style".
KgSystem rule_learner_system(const KgRulePlan& plan);

/// eval-kg's metrics of one system on the facts of one pattern (or all).
struct KgEval {
    std::size_t valid_pos = 0, valid_neg = 0, test_pos = 0, test_neg = 0;
    double threshold = 0;
    bench::Classification test; ///< at the threshold tuned on valid (or the system's decision)
    double auc = std::numeric_limits<double>::quiet_NaN(); ///< ROC AUC, test positives vs test negatives
    bool ranked = false;
    bench::RankingMode ranking_mode = bench::RankingMode::Paper;
    std::size_t queries = 0;                  ///< test positives ranked (Paper: those with a C- rank)
    bench::RankingSummary constant, relation; ///< C- and R- ranking (see KgEvalPlan)
    /// Paper ranking: queries whose C- / R- negatives are empty (not ranked, counted).
    std::uint64_t empty_constant = 0, empty_relation = 0;
};

/// What to evaluate: the negatives of one benchmark (its own method), restricted to the
/// positives of `pattern` (empty = all) and to the negatives drawn for them. Ranking as eval-kg's
/// `--ranking`: Paper (the default) ranks every test positive of the pattern, type facts included,
/// among the benchmark's test negatives that differ from it in one place (bench::NegativeRanking;
/// all test negatives, not only the pattern's, as eval-kg on the written folder); Candidates ranks
/// up to `max_queries` binary test positives (0 = all) drawn with `seed` against every entity /
/// relation of K, filtered by every positive of the benchmark. Ties ½ in both.
struct KgEvalPlan {
    std::string pattern;
    std::size_t max_queries = 0;
    std::uint64_t seed = 1;
    bool ranking = true;
    bench::RankingMode mode = bench::RankingMode::Paper;
};
KgEval evaluate_system(const KgBench& b, const KgScorer& scorer, bool decides, const KgEvalPlan& plan,
                       jobs::JobContext& ctx);

/// The settings of the KG findings for a mode (Options overrides applied): training plan, k1,
/// k2 per KG, sampled candidate-ranking queries, the models, and whether quick mode's grouping applies
/// (several patterns in one benchmark, evaluated pattern by pattern).
struct KgFindingPlan {
    int seeds = 1;
    KgTrainPlan train;
    std::size_t k1 = 10, k2_fb = 200, k2_wn = 2000;
    std::size_t max_queries = 0; ///< Candidates ranking: queries per pattern (0 = all); the paper's ranks all
    bool grouped = false;
    std::vector<std::string> models;                   ///< canonical embedding-model names
    KgRulePlan rules;                                  ///< the rule learner's budget (pattern-difficulty)
    bench::Variant variant = bench::Variant::LogInfer; ///< the generator the benchmarks are drawn with
};
KgFindingPlan kg_finding_plan(const Options& o);

/// k1 and k2 of a benchmark (bench::kAll: no limit).
struct RuleLimits {
    std::size_t k1 = 10, k2 = 200;
};
/// The k1 and k2 of LogInfer's released FB15k-237 benchmark of one pattern, read back from its
/// files (LogInfer-benchmark/ @ 503086f); empty for a pattern whose benchmark shows neither.
/// FB-sym: 50 rules, 20 test lines each (k2 = 200), in our order of relations by size, its last
/// block the 50th (location/time_zones). FB-inter: every co-occurring pair of relations (336 on
/// train + valid + test, 171 distinct random heads) uncapped: its first rule's test block is 628
/// lines, a tenth of that pair's 6,276 new conclusions, and its last 163 rules give one line each.
/// FB-inver and FB-hier: 200 rules of up to 20 test lines (k1 = 200, k2 = 200): 3,946 and 3,934
/// test lines against our 3,956, with the same block sizes (179 and 176 full blocks; ours 182).
/// FB-comp, -trian and -diam are not read back yet (their test.txt is in the later layout).
std::optional<RuleLimits> loginfer_fb_release_limits(const std::string& pattern);
/// The k1 and k2 negative-difficulty generates a FB15k-237 benchmark of `group` with: under the
/// loginfer variant, a single pattern the release has a benchmark of takes the release's own;
/// otherwise the plan's k1 and k2_fb.
RuleLimits fb_rule_limits(const KgFindingPlan& p, const std::vector<std::string>& group);
/// Every setting of `p` a KG finding's results depend on, as one line: the fingerprint under
/// which its finished benchmarks are kept for --resume (PartialResults). Threads are left out:
/// they change speed, not the settings.
std::string kg_plan_fingerprint(const std::string& finding, const Options& o, const KgFindingPlan& p);
/// The generator settings the findings use: `patterns` (names), `neg`, k1, k2, seed 1, one
/// thread, the plan's variant.
bench::GenerateParams kg_generate_params(std::shared_ptr<const kg::KnowledgeGraph> graph,
                                         const std::vector<std::string>& patterns, bench::NegMethod neg, std::size_t k1,
                                         std::size_t k2, bench::Variant variant = bench::Variant::Kbcx);
/// The generator variant of Options::variant for the KG findings (empty = loginfer); throws
/// InputError naming the accepted values otherwise.
bench::Variant kg_variant(const Options& o);

/// Loads the source KG K: `data_dir`/kg/`name`/train.txt, and under the loginfer variant also
/// valid.txt and test.txt (the release's K is all three splits); throws InputError naming a
/// missing file.
std::shared_ptr<const kg::KnowledgeGraph> load_source_kg(const Options& o, const std::string& name,
                                                         jobs::JobContext& ctx,
                                                         bench::Variant variant = bench::Variant::Kbcx);
/// The path of K's training split (the file whose size the plan fingerprint records).
std::string source_kg_path(const Options& o, const std::string& name);

/// CPU seconds of this process so far (user + system, all threads).
double process_cpu_seconds();

} // namespace kbcx::repro
