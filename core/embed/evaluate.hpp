// Filtered link-prediction metrics of a triple model: for each query triple, the rank of the
// true head and of the true tail among all entities, other known true triples filtered out.
#pragma once

#include "embed/dataset.hpp"
#include "embed/kg_models.hpp"

#include <span>

namespace kbcx::embed {

/// Mean over 2·|queries| rankings (tail and head). rank = 1 + #better + #tied/2, where
/// #better and #tied count candidates with a strictly higher and an equal score, excluding
/// the target and every candidate that forms a known true triple (train ∪ valid ∪ test).
/// A NaN score for the target ranks it last.
struct RankingMetrics {
    double mrr = 0, mean_rank = 0, hits1 = 0, hits3 = 0, hits10 = 0;
    std::size_t rankings = 0;
};

/// The filtered rank of `target` given the scores of every entity for one query and the
/// entities to filter (ascending; may contain the target).
double filtered_rank(std::span<const float> scores, kg::Id target, std::span<const kg::Id> known);

/// Evaluates `queries` with `threads` worker threads (results do not depend on it).
RankingMetrics evaluate_ranking(const KgModel& model, std::span<const kg::Triple> queries, const TrueFacts& filter,
                                int threads, jobs::JobContext* ctx = nullptr);

} // namespace kbcx::embed
