// Metrics of KG completion on an inferential benchmark: classification at a validation-tuned
// threshold, ROC AUC with ties ½, C-/R- ranking (LogInfer's among the negatives, or filtered over
// every candidate), Hits@k and MRR, and the SimpBL baseline.
#pragma once

#include "bench/folder.hpp"
#include "common/job.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::bench {

/// Counts and rates of "predict positive iff score ≥ threshold" (or of any prediction).
/// precision = TP/(TP+FP), recall = TP/(TP+FN), F1 = 2PR/(P+R), accuracy = (TP+TN)/(TP+FP+TN+FN);
/// a rate whose denominator is 0 is 0.
struct Classification {
    double threshold = 0;
    std::uint64_t tp = 0, fp = 0, tn = 0, fn = 0;
    double precision = 0, recall = 0, f1 = 0, accuracy = 0;
};
Classification from_counts(std::uint64_t tp, std::uint64_t fp, std::uint64_t tn, std::uint64_t fn);
Classification classify(std::span<const double> pos, std::span<const double> neg, double threshold);

/// What the validation-tuned threshold maximises. LogInfer tunes its threshold on valid without
/// naming a criterion; F1 is this project's default.
enum class ThresholdCriterion { F1, Accuracy };
const char* threshold_criterion_name(ThresholdCriterion c); ///< "f1", "accuracy"
std::optional<ThresholdCriterion> parse_threshold_criterion(std::string_view name);

/// The threshold τ that maximises the criterion of "score ≥ τ" on (pos, neg): τ ranges over the
/// distinct scores of pos ∪ neg; among maximisers the largest τ. +infinity when pos ∪ neg is empty.
double best_threshold(std::span<const double> pos, std::span<const double> neg, ThresholdCriterion c);
/// best_threshold(pos, neg, ThresholdCriterion::F1).
double best_f1_threshold(std::span<const double> pos, std::span<const double> neg);

/// ROC AUC = Pr[f(p) > f(n)] + ½ Pr[f(p) = f(n)] over pos × neg; nullopt if either is empty.
std::optional<double> roc_auc(std::span<const double> pos, std::span<const double> neg);

/// rank = 1 + #{c : f(c) > f(target)} + #{c : f(c) = f(target)} / 2 over the other candidates.
double tie_rank(double target, std::span<const double> others);

struct RankingSummary {
    std::uint64_t queries = 0;
    double mrr = 0, hits1 = 0, hits3 = 0, hits10 = 0; ///< Hits@k = fraction of queries with rank ≤ k
};
RankingSummary summarize_ranks(std::span<const double> ranks);

/// LogInfer's ranking of a test positive λ = (s, R, o) among the test negatives of the chosen
/// method that differ from it in one place: N_λ^C = {(s′, R, o)} ∪ {(s, R, o′)} (C-; the two
/// parts alone are C-head and C-tail), N_λ^R = {(s, R′, o)} (R-). A type fact T(e) is ranked by
/// corrupting its entity (the paper's extension to unary facts): N_λ = {T(e′)}, counted in C- and
/// on its own as C-type; it has no R- query. rank = 1 + #better + #tied/2 within {λ} ∪ N_λ; a
/// query whose N_λ is empty is not ranked but counted (the `empty_*` fields).
struct NegativeRanking {
    RankingSummary constant, head, tail, relation, type;
    std::uint64_t empty_constant = 0, empty_head = 0, empty_tail = 0, empty_relation = 0, empty_type = 0;
};
/// queries[i] scores query_scores[i]; negatives[j] scores negative_scores[j]. A negative equal to
/// the query itself is ignored; the caller drops negatives that are positives beforehand.
NegativeRanking rank_among_negatives(std::span<const GroundFact> queries, std::span<const double> query_scores,
                                     std::span<const GroundFact> negatives, std::span<const double> negative_scores);

/// Which SimpBL. `Paper` (LogInfer's definition, the default): (a, b, c) is true iff P_train, the
/// facts of train.txt, holds a triple involving both a and the relation b (a in either position)
/// and one involving both b and c. `SimplePy`: the same over train.txt and valid.txt, as the
/// release's simple.py reads both. `SharedNeighbour`: this project's earlier rule, true iff some
/// node n has a train triple with both a and n and one with both n and c (any relation, either
/// direction). A type fact T(e) is the triple (e, rdf:type, T), with rdf:type a relation of its
/// own and T a node.
enum class SimpBLRule { Paper, SimplePy, SharedNeighbour };
const char* simpbl_rule_name(SimpBLRule r); ///< "paper", "simple.py", "shared-neighbour"
std::optional<SimpBLRule> parse_simpbl_rule(std::string_view name);

class SimpBL {
  public:
    /// `valid`: the facts SimplePy adds to train (ignored by the other rules); ids as in `train`.
    explicit SimpBL(const kg::FactStore& train, SimpBLRule rule = SimpBLRule::Paper,
                    std::span<const GroundFact> valid = {});
    bool predict(const GroundFact& f) const;
    SimpBLRule rule() const { return rule_; }

  private:
    SimpBLRule rule_ = SimpBLRule::Paper;
    std::size_t entities_ = 0;
    kg::Id type_relation_ = 0; ///< the relation id rdf:type takes (one past train's relations)
    /// Paper, SimplePy: the sorted distinct relations each node occurs with. SharedNeighbour:
    /// sorted distinct neighbours. Nodes: entities, then types at entities_ + t.
    std::vector<std::vector<kg::Id>> adj_;
};

/// How eval-kg ranks: `Paper` (LogInfer: among the test negatives, NegativeRanking, the
/// default) or `Candidates` (filtered over every entry of candidate_entities.txt /
/// candidate_relations.txt, type facts not ranked).
enum class RankingMode { Paper, Candidates };
const char* ranking_mode_name(RankingMode m); ///< "paper", "candidates"
std::optional<RankingMode> parse_ranking_mode(std::string_view name);

/// `kbcx eval-kg`: scores `h r t score` against a benchmark folder.
struct EvalKgParams {
    std::string dir;
    std::string scores_path;
    /// A run folder of `kbcx train` with a triple model's checkpoint.bin: when set, scores come
    /// from the model's score(h, r, t) (names matched to the model's vocabulary) instead of
    /// scores_path. Type facts and names the model never saw have no score (see missing_lowest).
    std::string run_dir;
    std::string method;          ///< negatives to use; empty: the folder's only method
    bool missing_lowest = false; ///< a fact without a score scores -infinity (else: error)
    bool ranking = true;
    RankingMode ranking_mode = RankingMode::Paper;
    ThresholdCriterion threshold_by = ThresholdCriterion::F1;
};

struct EvalKgResult {
    std::string method;
    ThresholdCriterion threshold_by = ThresholdCriterion::F1; ///< what the threshold maximises on valid
    double threshold = 0;                                     ///< tuned on valid
    Classification valid, test;                               ///< at the threshold
    std::optional<double> auc;                                ///< test positives vs test negatives
    std::uint64_t scores = 0;                                 ///< score lines read (run_dir: facts scored by the model)
    std::string model;                                        ///< run_dir: the model's name
    std::uint64_t unknown_names = 0;                          ///< lines naming something not in the benchmark (ignored)
    std::uint64_t missing_classification = 0;                 ///< valid/test facts scored -infinity for lack of a score
    RankingMode ranking_mode = RankingMode::Paper;
    bool ranking_done = false;
    std::string ranking_problem;          ///< why ranking metrics are absent
    std::uint64_t missing_ranking = 0;    ///< Candidates: ranking candidates without a score (when missing_lowest)
    std::uint64_t skipped_type_facts = 0; ///< Candidates: test type facts (not ranked)
    /// Paper: test negatives left out of the ranking because they are positives of some split.
    std::uint64_t negatives_as_positives = 0;
    /// Candidates: constant = head and tail queries together (two ranks per fact). Paper: the
    /// NegativeRanking fields (one C- rank per fact over head and tail negatives together).
    RankingSummary head, tail, constant, relation, type;
    std::uint64_t empty_constant = 0, empty_head = 0, empty_tail = 0, empty_relation = 0, empty_type = 0; ///< Paper
};

/// Throws InputError for a malformed scores file, an unknown method, or (unless missing_lowest)
/// a valid/test fact without a score.
EvalKgResult eval_kg(const EvalKgParams& params, jobs::JobContext& ctx);

} // namespace kbcx::bench
