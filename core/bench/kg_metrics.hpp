// Metrics of KG completion on an inferential benchmark: classification at a validation-tuned
// threshold, ROC AUC with ties ½, filtered C-/R- ranking (Hits@k, MRR), and the SimpBL baseline.
#pragma once

#include "bench/folder.hpp"
#include "common/job.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
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

/// The threshold τ that maximises F1 of "score ≥ τ" on (pos, neg): τ ranges over the distinct
/// scores of pos ∪ neg; among maximisers the largest τ. +infinity when pos ∪ neg is empty.
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

/// SimpBL: a fact (a, r, c) is predicted true iff some node b has a train triple with both a
/// and b and a train triple with both b and c (either direction, any relation). A type fact T(e)
/// is the triple (e, rdf:type, T) with the type T as a node of its own.
class SimpBL {
  public:
    explicit SimpBL(const kg::FactStore& train);
    bool predict(const GroundFact& f) const;

  private:
    std::size_t entities_ = 0;
    std::vector<std::vector<kg::Id>> adj_; ///< sorted distinct neighbours; types at entities_ + t
};

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
};

struct EvalKgResult {
    std::string method;
    double threshold = 0;                     ///< tuned on valid
    Classification valid, test;               ///< at the threshold
    std::optional<double> auc;                ///< test positives vs test negatives
    std::uint64_t scores = 0;                 ///< score lines read (run_dir: facts scored by the model)
    std::string model;                        ///< run_dir: the model's name
    std::uint64_t unknown_names = 0;          ///< lines naming something not in the benchmark (ignored)
    std::uint64_t missing_classification = 0; ///< valid/test facts scored -infinity for lack of a score
    bool ranking_done = false;
    std::string ranking_problem;                   ///< why ranking metrics are absent
    std::uint64_t missing_ranking = 0;             ///< ranking candidates without a score (when missing_lowest)
    std::uint64_t skipped_type_facts = 0;          ///< test type facts (not ranked)
    RankingSummary head, tail, constant, relation; ///< constant = head and tail queries together
};

/// Throws InputError for a malformed scores file, an unknown method, or (unless missing_lowest)
/// a valid/test fact without a score.
EvalKgResult eval_kg(const EvalKgParams& params, jobs::JobContext& ctx);

} // namespace kbcx::bench
