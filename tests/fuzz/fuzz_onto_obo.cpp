// libFuzzer target: the OBO ontology reader (onto::read_obo), followed by the EL filter and
// normaliser on whatever it accepted.
#include "fuzz_common.hpp"
#include "fuzz_onto_after.hpp"
#include "onto/readers.hpp"

KBCX_FUZZ_TARGET({
    kbcx::onto::Ontology onto;
    kbcx::onto::read_obo(text, "fuzz.obo", onto);
    kbcx::fuzz::after_parse(onto);
})
