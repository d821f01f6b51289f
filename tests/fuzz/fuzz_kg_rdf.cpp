// libFuzzer target: KG reading of RDF through raptor2 (RDF/XML, Turtle, N-Triples) with the
// format detected from the content, as for a file without a known extension.
#include "fuzz_common.hpp"
#include "kg/readers.hpp"

KBCX_FUZZ_TARGET({
    kbcx::jobs::JobContext ctx;
    kbcx::kg::ReadOptions options;
    options.max_line_bytes = 4096;
    kbcx::kg::GraphBuilder builder;
    kbcx::kg::read_buffer({"fuzz-input", std::string(text)}, options, builder, ctx);
    (void)builder.finish();
})
