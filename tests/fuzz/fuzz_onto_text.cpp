// libFuzzer target: both readers of the axiom text syntax — the shared one of core/onto
// (text_syntax.hpp) and the counting module's own (count/axiom_text.hpp).
#include "count/axiom_text.hpp"
#include "fuzz_common.hpp"
#include "fuzz_onto_after.hpp"
#include "onto/text_syntax.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        kbcx::onto::Ontology onto = kbcx::onto::read_text(text, "fuzz.kbo");
        kbcx::fuzz::after_parse(onto);
    } catch (const kbcx::InputError&) {
    }
    try {
        kbcx::onto::Ontology onto = kbcx::count::read_axiom_text(text, "fuzz.txt");
        kbcx::fuzz::after_parse(onto);
    } catch (const kbcx::InputError&) {
    }
    return 0;
}
