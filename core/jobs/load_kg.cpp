// Implementation of the load job: sizes all inputs first so the progress bar covers the
// whole job, then reads each input and builds the indexes once at the end.
#include "jobs/load_kg.hpp"

#include "common/resources.hpp"

namespace kbcx::jobs {

LoadKgResult load_kg(const LoadKgParams& params, JobContext& ctx) {
    Stopwatch total_clock;
    LoadKgResult result;
    std::uint64_t total = 0;
    for (const auto& path : params.paths) total += kg::checked_file_size(path);
    for (const auto& buffer : params.buffers) total += buffer.data.size();

    kg::GraphBuilder builder(params.options.type_predicates);
    std::uint64_t base = 0;
    for (const auto& path : params.paths) {
        ctx.throw_if_stopped();
        result.files.push_back(kg::read_file(path, params.options, builder, ctx, base, total));
        base += kg::checked_file_size(path);
    }
    for (const auto& buffer : params.buffers) {
        ctx.throw_if_stopped();
        result.files.push_back(kg::read_buffer(buffer, params.options, builder, ctx));
    }
    for (const auto& file : result.files) result.bytes += file.bytes;
    result.read_seconds = total_clock.seconds();

    ctx.report(total, total, "Building indexes", true);
    Stopwatch index_clock;
    auto graph = std::make_shared<kg::KnowledgeGraph>(builder.finish());
    result.index_seconds = index_clock.seconds();
    result.graph = std::move(graph);
    result.seconds = total_clock.seconds();
    ctx.report(total, total, "Loaded", true);
    return result;
}

} // namespace kbcx::jobs
