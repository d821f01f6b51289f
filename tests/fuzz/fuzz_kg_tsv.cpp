// libFuzzer target: the TSV triple reader (kg::read_buffer with a .tsv name, both column orders).
// Seeds: cuts of FB15k-237 / WN18RR / LogInfer triple files.
#include "fuzz_common.hpp"
#include "kg/readers.hpp"

KBCX_FUZZ_TARGET({
    kbcx::jobs::JobContext ctx;
    kbcx::kg::ReadOptions options;
    options.max_line_bytes = 4096;
    options.order = (size % 2) ? kbcx::kg::TripleOrder::HeadTailRelation : kbcx::kg::TripleOrder::HeadRelationTail;
    kbcx::kg::GraphBuilder builder;
    kbcx::kg::read_buffer({"fuzz.tsv", std::string(text)}, options, builder, ctx);
    (void)builder.finish();
})
