// The "load a knowledge graph" job: reads one or more triple files (or in-memory buffers)
// into a single indexed KnowledgeGraph, with per-file and total statistics.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"
#include "kg/readers.hpp"

#include <memory>
#include <string>
#include <vector>

// The namespace stays kbcx::jobs (jobs::load_kg), as its callers name it.
namespace kbcx::jobs {

struct LoadKgParams {
    std::vector<std::string> paths;       ///< files, read in order
    std::vector<kg::NamedBuffer> buffers; ///< in-memory inputs, read after the files
    kg::ReadOptions options;
    /// A names file (id<TAB>name) whose names become the entities' labels; read before the
    /// triples, so a malformed file fails fast. Empty: none.
    std::string entity_names_path;
};

struct LoadKgResult {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    std::vector<kg::FileStats> files;
    std::size_t named_entities = 0; ///< entities that got a name from entity_names_path
    std::uint64_t bytes = 0;        ///< bytes read, all inputs
    double read_seconds = 0.0;      ///< parsing and interning
    double index_seconds = 0.0;     ///< sorting and building the CSR indexes
    double seconds = 0.0;           ///< total
};

/// Runs the job. Throws kbcx::InputError on the first bad input (nothing is returned, so a
/// caller's previously loaded graph stays untouched) and kbcx::Cancelled on a stop request.
LoadKgResult load_kg(const LoadKgParams& params, JobContext& ctx);

} // namespace kbcx::jobs
