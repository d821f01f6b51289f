// libFuzzer target: the DIMACS CNF reader of the model counter (count::read_dimacs).
#include "count/cnf.hpp"
#include "fuzz_common.hpp"

KBCX_FUZZ_TARGET({ (void)kbcx::count::read_dimacs(text, "fuzz.cnf"); })
