// A deterministic LUBM-like KG generator (univ-bench vocabulary, counts per university after
// LUBM's UBA generator), written as LogInfer-style TSV so materialisation can be measured at any size.
#pragma once

#include "common/job.hpp"

#include <cstdint>
#include <ostream>
#include <string>

namespace kbcx::rules {

inline constexpr const char* kUnivBench = "http://swat.cse.lehigh.edu/onto/univ-bench.owl#";

struct LubmParams {
    std::size_t universities = 1;
    std::uint64_t seed = 0;
};

struct LubmStats {
    std::uint64_t facts = 0; ///< lines written (binary and type facts)
    std::uint64_t type_facts = 0;
    std::uint64_t departments = 0;
    double seconds = 0.0;
};

/// Writes the KG: one `<s>\t<p>\t<o>` line per fact, IRIs in angle brackets, `<rdf:type>` for
/// types, literal values (names, e-mail addresses, telephone numbers) as bare quoted terms.
/// Per university, as UBA: 15–25 departments; per department 7–10 full, 10–14 associate and
/// 8–11 assistant professors and 5–7 lecturers, one full professor heading the department;
/// 8–14 undergraduates and 3–4 graduate students per faculty member; every faculty member
/// teaches 1–2 courses and professors 1–2 graduate courses; undergraduates take 2–4 courses
/// and graduate students 1–3 graduate courses; every fifth undergraduate and every graduate
/// student has a professor as advisor; a quarter of graduate students are teaching assistants
/// and a quarter research assistants; 10–20 research groups; publications per author as UBA.
/// Output depends only on (universities, seed). Throws kbcx::Cancelled on a stop request.
LubmStats generate_lubm(const LubmParams& params, std::ostream& out, jobs::JobContext& ctx);

} // namespace kbcx::rules
