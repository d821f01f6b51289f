// libFuzzer target: the reader of the axiom text syntax (core/onto/text_syntax.hpp), used by
// the CLI, the test-set files, kbcx count and the Teach editor.
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
    return 0;
}
