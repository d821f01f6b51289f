// Reading an inferential benchmark folder (ours or LogInfer's releases) into one vocabulary, with
// the checks a user wants before trusting it: overlaps, negatives that are positives, duplicates.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "rules/program.hpp"

#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kbcx::bench {

using rules::GroundFact;

/// The facts of one file of the folder, distinct and sorted, with what its text looked like.
struct FactList {
    std::string path;
    bool present = false;
    std::vector<GroundFact> facts;
    std::uint64_t lines = 0;      ///< fact lines read
    std::uint64_t duplicates = 0; ///< repeated lines dropped
    bool crlf = false;            ///< CRLF line ends seen
    bool no_final_newline = false;
    std::uint64_t bracket_type_tokens = 0; ///< `<rdf:type>` relation tokens (read as type facts)
};

/// A benchmark folder: train.txt, valid.txt, test.txt, {split}_neg_<m>.txt for any methods m,
/// and optionally rules.txt, candidate_entities.txt, candidate_relations.txt, summary.json.
struct BenchmarkFolder {
    std::string dir;
    /// Every name of every file (and of the candidate files) interned; facts: train.txt only.
    std::shared_ptr<const kg::KnowledgeGraph> train;
    std::array<FactList, 3> pos;                        ///< train, valid, test
    std::map<std::string, std::array<FactList, 3>> neg; ///< by method name, then split
    std::vector<kg::Id> candidate_entities;             ///< from candidate_entities.txt, else every entity
    std::vector<kg::Id> candidate_relations;            ///< from candidate_relations.txt, else every relation
    bool has_candidate_files = false;
    std::size_t rules = 0; ///< rule lines of rules.txt (comments and blank lines excluded)
    bool has_rules = false, has_summary = false;
    std::vector<std::string> notes;    ///< quirks that were handled (CRLF, <rdf:type>, …)
    std::vector<std::string> warnings; ///< failed checks

    /// Whether a fact is a positive of any split.
    bool is_positive(const GroundFact& f) const;
};

/// A folder with train.txt and at least one of valid.txt and test.txt.
bool is_benchmark_folder(const std::string& dir);
/// Why `dir` is not a benchmark folder, naming what is missing ("benchmark folder without
/// train.txt", …), or "" when it is one.
std::string benchmark_folder_problem(const std::string& dir);

/// Reads the folder and runs the checks (warnings): duplicate lines in a file; positives shared
/// by two splits; negatives that are positives of any split; negatives of one method repeated
/// across splits; more negative lines than positive lines in a split (train: than train.txt's
/// lines); fewer distinct valid/test negatives than positives; a negative file byte-identical to
/// the same-named file of a sibling folder (LogInfer's LUBM-no_type and LUBM-all share some).
/// `allow_missing_train`: a folder with valid.txt or test.txt but no train.txt is read, with a
/// warning (LogInfer's released folders ship without it), instead of rejected.
/// Throws InputError (file:line:column) on malformed lines.
BenchmarkFolder read_benchmark(const std::string& dir, jobs::JobContext& ctx, bool allow_missing_train = false);

/// How many of a split's negatives are no one-constant corruption of a positive of that split:
/// (s, R, o) is anchored when a positive of the split is (s, R, x) or (x, R, o), a type fact T(e)
/// when one is T(x) — the negative is then in some positive's C-ranking set. LogInfer's qg draws
/// its negatives over all of K, and most of them are unanchored (2,781 of FB-inter-qg's 3,126).
struct Anchoring {
    std::size_t negatives = 0;  ///< distinct negatives of the file
    std::size_t unanchored = 0; ///< …that are no one-constant corruption of a positive of the split
};
/// The positives a negative can be anchored on: add() each positive, then anchors(n) says whether
/// n is a one-constant corruption of one of them.
class AnchorSet {
  public:
    void add(const GroundFact& positive);
    bool anchors(const GroundFact& negative) const;

  private:
    std::set<std::pair<kg::Id, kg::Id>> subjects_, objects_; ///< (relation, constant) per position
    std::set<kg::Id> types_;                                 ///< types of the type facts
};
/// The anchoring of `method`'s negatives of `split` (0 train, 1 valid, 2 test) against that
/// split's positives; zeros for a method or file the folder lacks.
Anchoring anchoring(const BenchmarkFolder& b, const std::string& method, int split);

/// Size of the intersection of two sorted fact lists.
std::size_t overlap(const std::vector<GroundFact>& a, const std::vector<GroundFact>& b);

} // namespace kbcx::bench
