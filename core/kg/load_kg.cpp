// Implementation of the load job: sizes all inputs first so the progress bar covers the
// whole job, then reads each input and builds the indexes once at the end.
#include "kg/load_kg.hpp"

#include "kg/entity_names.hpp"

#include "common/resources.hpp"

namespace kbcx::jobs {

LoadKgResult load_kg(const LoadKgParams& params, JobContext& ctx) {
    Stopwatch total_clock;
    LoadKgResult result;
    std::uint64_t total = 0;
    for (const auto& path : params.paths)
        total += kg::checked_file_size(path);
    for (const auto& buffer : params.buffers)
        total += buffer.data.size();

    const kg::EntityNames names =
        params.entity_names_path.empty() ? kg::EntityNames{} : kg::read_entity_names(params.entity_names_path);
    kg::GraphBuilder builder(params.options.type_predicates);
    // With one input, its distinct counts are the graph's: skip the per-file recount.
    const bool single_input = params.paths.size() + params.buffers.size() == 1;
    kg::ReadOptions options = params.options;
    if (single_input) options.per_file_counts = false;
    std::uint64_t base = 0;
    for (const auto& path : params.paths) {
        ctx.throw_if_stopped();
        result.files.push_back(kg::read_file(path, options, builder, ctx, base, total));
        base += kg::checked_file_size(path);
    }
    for (const auto& buffer : params.buffers) {
        ctx.throw_if_stopped();
        result.files.push_back(kg::read_buffer(buffer, options, builder, ctx));
    }
    for (const auto& file : result.files)
        result.bytes += file.bytes;
    result.read_seconds = total_clock.seconds();

    const std::uint64_t builder_raw_facts =
        builder.pending().pending_triples() + builder.pending().pending_type_facts();
    ctx.report(total, total, "Building indexes", true);
    Stopwatch index_clock;
    auto graph = std::make_shared<kg::KnowledgeGraph>(builder.finish());
    result.index_seconds = index_clock.seconds();
    if (!names.by_id.empty()) result.named_entities = kg::attach_entity_names(names, graph->vocab);
    if (single_input) {
        kg::FileStats& f = result.files.front();
        f.facts = graph->facts.num_facts();
        f.type_facts = graph->facts.num_type_facts();
        f.entities = graph->vocab.entities().size();
        f.relations = graph->vocab.relations().size();
        f.types = graph->vocab.types().size();
        f.duplicates = builder_raw_facts - f.facts - f.type_facts;
    }
    result.graph = std::move(graph);
    result.seconds = total_clock.seconds();
    ctx.report(total, total, "Loaded", true);
    return result;
}

} // namespace kbcx::jobs
