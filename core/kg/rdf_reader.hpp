// RDF input through raptor2 (N-Triples, Turtle, RDF/XML) with network access, file access
// and external XML entities switched off: a file can only ever read itself.
#pragma once

#include "common/job.hpp"
#include "kg/byte_source.hpp"
#include "kg/knowledge_graph.hpp"
#include "kg/readers.hpp"

namespace kbcx::kg {

/// Streams `source` through raptor2 into the builder: IRI/blank-node objects become binary
/// facts, rdf:type becomes type facts, rdfs:label literals become labels, other literals are
/// counted in stats.literals_skipped. Throws InputError with raptor's line and column.
void read_rdf(ByteSource& source, Format format, GraphBuilder& builder, jobs::JobContext& ctx, FileStats& stats,
              std::uint64_t progress_base, std::uint64_t progress_total);

/// The raptor2 version this build uses (for `kbcx --version`).
std::string raptor_version();

} // namespace kbcx::kg
