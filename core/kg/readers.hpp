// Readers that turn files into facts: tab-separated triples (LogInfer, FB15k-237, WN18RR
// layouts) and RDF (N-Triples, Turtle, RDF/XML via raptor2). Any input may be gzip-compressed.
#pragma once

#include "common/job.hpp"
#include "kg/knowledge_graph.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::kg {

enum class TripleOrder { HeadRelationTail, HeadTailRelation };
enum class Format { Auto, Tsv, NTriples, Turtle, RdfXml };

std::string_view format_name(Format f);
/// Parses "auto", "tsv", "nt"/"ntriples", "ttl"/"turtle", "rdfxml"/"xml"; throws InputError.
Format parse_format(std::string_view name);

struct ReadOptions {
    TripleOrder order = TripleOrder::HeadRelationTail; ///< TSV column order
    Format format = Format::Auto;                      ///< Auto: by extension, then by content
    std::vector<std::string> type_predicates;          ///< extra names read as rdf:type
    std::size_t max_line_bytes = std::size_t{1} << 20; ///< longer TSV lines are an error
    /// Fill FileStats' distinct counts (facts, entities, …) per file. The load job turns this
    /// off for a single input and takes the counts from the finished graph instead.
    bool per_file_counts = true;
};

/// What one file contributed. Counts of facts are distinct facts within the file.
struct FileStats {
    std::string path;
    Format format = Format::Auto;
    std::uint64_t bytes = 0;            ///< bytes read (uncompressed)
    std::uint64_t lines = 0;            ///< lines (TSV) or statements (RDF) read
    std::uint64_t facts = 0;            ///< distinct binary facts
    std::uint64_t type_facts = 0;       ///< distinct type facts
    std::uint64_t duplicates = 0;       ///< repeated facts dropped
    std::uint64_t entities = 0;         ///< distinct entities mentioned
    std::uint64_t relations = 0;        ///< distinct relations of binary facts
    std::uint64_t types = 0;            ///< distinct types
    std::uint64_t literals_skipped = 0; ///< RDF statements with a literal object (labels kept)
    double seconds = 0.0;
};

/// An in-memory input (embedded demo data, tests). `name` is used in messages and for
/// format detection by extension.
struct NamedBuffer {
    std::string name;
    std::string data;
};

/// Resolves Format::Auto for a file name and its first bytes.
Format detect_format(std::string_view name, std::string_view head);

/// Reads one file (optionally .gz) into the builder. Throws InputError on bad input and
/// kbcx::Cancelled when ctx's stop token fires; on error the builder may hold part of the file.
/// `progress_base`/`progress_total` place this file's bytes in an overall progress bar.
FileStats read_file(const std::string& path, const ReadOptions& options, GraphBuilder& builder, jobs::JobContext& ctx,
                    std::uint64_t progress_base = 0, std::uint64_t progress_total = 0);
FileStats read_buffer(const NamedBuffer& input, const ReadOptions& options, GraphBuilder& builder,
                      jobs::JobContext& ctx);

/// Size of a file on disk; throws InputError if it does not exist, is a directory or unreadable.
std::uint64_t checked_file_size(const std::string& path);

} // namespace kbcx::kg
