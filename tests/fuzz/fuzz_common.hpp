// Shared scaffolding of the libFuzzer targets: every target feeds one input to one reader and
// accepts only kbcx::InputError as an outcome; any other exception, crash or sanitizer report is a finding.
#pragma once

#include "common/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

/// Defines LLVMFuzzerTestOneInput around `body`, which sees `text` (a std::string_view of the
/// input). InputError is the readers' documented answer to bad input and is swallowed;
/// everything else propagates, so libFuzzer reports it as a crash ("deadly signal").
#define KBCX_FUZZ_TARGET(body)                                                                                         \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {                                \
        const std::string_view text(reinterpret_cast<const char*>(data), size);                                        \
        try {                                                                                                          \
            body;                                                                                                      \
        } catch (const kbcx::InputError&) {                                                                            \
        }                                                                                                              \
        return 0;                                                                                                      \
    }
