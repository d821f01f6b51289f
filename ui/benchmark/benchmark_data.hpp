// A benchmark folder as the Benchmark tab holds it (read off the GUI thread): the folder's files and
// checks, its rules, which facts belong to which rule, and its train KG as a dataset for the Graph tab.
#pragma once

#include "ui/dataset/dataset.hpp"

#include "bench/folder.hpp"
#include "bench/generator.hpp"
#include "bench/rule_facts.hpp"

#include <QString>
#include <QStringList>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::ui {

struct LoadedBenchmark {
    QString dir;
    std::shared_ptr<const bench::BenchmarkFolder> folder;
    std::vector<bench::FolderRule> rules; ///< rules.txt, in file order
    bench::RuleFacts ruleFacts;           ///< facts_by_rule.tsv (present = false for LogInfer's folders)
    DatasetPtr train;                     ///< train.txt as a dataset (ids of `folder`), for the Graph tab
    QString generatedFrom;                ///< the dataset it was generated from (empty: opened)
    QStringList shortfalls;               ///< pools that ran out during generation
    QString variant;                      ///< summary.json's generator variant ("" = not recorded)
    QString filter;                       ///< summary.json's negative filter ("" = not recorded)
    /// Per method: its test negatives that are no one-constant corruption of a test positive
    /// (bench::anchoring, as `kbcx info` prints it).
    std::map<std::string, bench::Anchoring> testAnchoring;
    double seconds = 0.0;

    /// Sampled positives of rule `r` per split: rules.txt counts, else facts_by_rule.tsv, else none.
    std::optional<std::array<std::uint64_t, 3>> positivesOf(std::size_t r) const;
    /// Negatives aimed at rule `r` per split (facts_by_rule.tsv only).
    std::optional<std::array<std::uint64_t, 3>> negativesOf(std::size_t r) const;
    /// `R(a,b)` / `T(a)` with the folder's names.
    QString factText(const bench::GroundFact& fact) const;
    /// Whether `fact` is in train.txt (K ∪ train positives).
    bool inTrain(const bench::GroundFact& fact) const;
};

using BenchmarkPtr = std::shared_ptr<const LoadedBenchmark>;

/// Reads `dir` (worker thread): read_benchmark, rules.txt, facts_by_rule.tsv, the train dataset.
/// Throws InputError on a malformed folder.
LoadedBenchmark loadBenchmark(const std::string& dir, jobs::JobContext& ctx);

/// Generates a benchmark from `params.graph` into `dir`, writes it and reads it back (worker thread).
LoadedBenchmark generateBenchmark(const bench::GenerateParams& params, const std::string& dir,
                                  const QString& datasetName, jobs::JobContext& ctx);

} // namespace kbcx::ui
