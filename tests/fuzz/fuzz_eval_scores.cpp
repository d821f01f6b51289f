// libFuzzer target: score files imported from other systems (eval::read_scores_text), both
// score directions.
#include "eval/eval_input.hpp"
#include "fuzz_common.hpp"

KBCX_FUZZ_TARGET({
    kbcx::jobs::JobContext ctx;
    (void)kbcx::eval::read_scores_text("fuzz-scores.tsv", text, size % 2 == 1, ctx);
})
