// libFuzzer target: test-set files of the faithfulness evaluation (eval::read_tests_text).
#include "eval/eval_input.hpp"
#include "fuzz_common.hpp"

KBCX_FUZZ_TARGET({
    kbcx::jobs::JobContext ctx;
    kbcx::eval::TestSet tests = kbcx::eval::read_tests_text("fuzz-tests.tsv", text, ctx);
    tests.finalise();
})
