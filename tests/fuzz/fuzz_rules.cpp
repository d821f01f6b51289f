// libFuzzer target: the rule parser (plain syntax and RDFox .dlog, mixed) and the ground-atom parser.
#include "fuzz_common.hpp"
#include "rules/parser.hpp"

KBCX_FUZZ_TARGET({
    const kbcx::rules::RuleSet set = kbcx::rules::parse_rules(text, "fuzz.dlog");
    (void)set;
    kbcx::kg::PrefixMap prefixes;
    (void)kbcx::rules::parse_ground_atom(text.substr(0, 256), prefixes, "fuzz-atom");
})
