// Writing a KG or benchmark folder in the layout a distributed training engine reads (DGL-KE,
// PyKEEN, LibKGE), with a README naming the command that trains on it and the file of triples
// whose scores `kbcx eval-kg` needs back.
#pragma once

#include "common/job.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::bench {

enum class EngineFormat { DglKe, PyKeen, LibKge };

std::string_view engine_format_name(EngineFormat f);
/// "dglke", "pykeen", "libkge" (case-insensitive; "dgl-ke" too); nullopt otherwise.
std::optional<EngineFormat> parse_engine_format(std::string_view name);

struct EngineExportParams {
    std::string data_dir; ///< a KG or benchmark folder: train.txt, valid.txt and/or test.txt, {split}_neg_<m>.txt
    std::string out_dir;  ///< created if missing
    EngineFormat format = EngineFormat::DglKe;
    std::string neg_method; ///< negatives to include; "" = the folder's only method (none if it has none)
};

struct EngineExportResult {
    std::vector<std::string> files; ///< written, relative to out_dir
    std::size_t entities = 0, relations = 0;
    std::size_t train = 0, valid = 0, test = 0; ///< positives per split
    std::size_t valid_negatives = 0, test_negatives = 0;
    std::size_t to_score = 0;  ///< lines of to_score.tsv
    std::string neg_method;    ///< "" when no negatives were exported
    std::string train_command; ///< the command the README names
};

/// Writes the export. Every format gets:
///  - the splits in the engine's layout (DGL-KE raw_udd_hrt: train.tsv, valid.tsv, test.tsv of
///    names; PyKEEN: the same TSVs, read by TriplesFactory.from_path / pipeline(training=…);
///    LibKGE: entity_ids.del and relation_ids.del (index<TAB>name, dense from 0), train.del,
///    valid.del, test.del of indices, dataset.yaml, and valid_negatives.del / test_negatives.del
///    for its triple-classification evaluation when the folder has negatives);
///  - to_score.tsv: every valid/test positive and negative (names, h<TAB>r<TAB>t), the triples
///    whose scores `kbcx eval-kg DIR --scores FILE --no-ranking` reads; for DGL-KE also
///    head.list, rel.list, tail.list (the same triples for dglke_predict --exec_mode triplet_wise);
///  - README.md with the training command and how to bring scores back.
/// A type fact T(e) is written as the triple (e, rdf:type, T). Throws InputError on an unreadable
/// folder or an unknown negative method.
EngineExportResult export_for_engine(const EngineExportParams& params, jobs::JobContext& ctx);

} // namespace kbcx::bench
