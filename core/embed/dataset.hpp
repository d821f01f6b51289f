// Triple data for training: a KG folder (train/valid/test.txt, as FB15k-237, WN18RR and
// LogInfer lay them out) or one file, read into one vocabulary, plus the filter of true facts.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "kg/readers.hpp"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace kbcx::embed {

/// Train/valid/test triples over one vocabulary (ids index the graph's vocabulary).
struct TripleDataset {
    std::shared_ptr<const kg::KnowledgeGraph> graph; ///< vocabulary and the union of all splits
    std::vector<kg::Triple> train, valid, test;
    std::vector<kg::Triple> negatives; ///< explicit training negatives (benchmark files), may be empty
    std::vector<std::string> paths;    ///< files read, in order
    std::size_t num_entities() const { return graph ? graph->vocab.entities().size() : 0; }
    std::size_t num_relations() const { return graph ? graph->vocab.relations().size() : 0; }
};

struct LoadTriplesParams {
    /// A folder with train.txt and optionally valid.txt, test.txt (each may be .gz), or one
    /// triple file used as the training split.
    std::string path;
    /// Replaces the folder's test split when set.
    std::string test_path;
    /// Explicit training negatives; "" = none, "auto" = the folder's single train_neg*.txt.
    std::string negatives_path;
    kg::ReadOptions options;
};

/// Reads the splits with the project's readers into one vocabulary; each split is sorted and
/// deduplicated. Throws InputError (no train triples, unreadable files) or Cancelled.
TripleDataset load_triple_dataset(const LoadTriplesParams& params, jobs::JobContext& ctx);

/// The known true triples (train ∪ valid ∪ test) for filtered ranking.
class TrueFacts {
  public:
    TrueFacts() = default;
    explicit TrueFacts(std::vector<std::span<const kg::Triple>> splits);
    /// Tails t with (h, r, t) known, ascending.
    std::span<const kg::Id> tails(kg::Id h, kg::Id r) const;
    /// Heads h with (h, r, t) known, ascending.
    std::span<const kg::Id> heads(kg::Id r, kg::Id t) const;
    bool contains(const kg::Triple& x) const;

  private:
    // (h, r) → tails and (r, t) → heads as sorted key arrays with CSR offsets.
    std::vector<std::uint64_t> hr_keys_, rt_keys_;
    std::vector<std::uint32_t> hr_off_, rt_off_;
    std::vector<kg::Id> tails_, heads_;
};

} // namespace kbcx::embed
