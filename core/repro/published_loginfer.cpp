// The published figures of LogInfer as data; see published_loginfer.hpp. Transcribed from the
// "inferential-benchmark paper" section of shared/papers/faithfulness-tables.md.
#include "repro/published_loginfer.hpp"

#include <limits>

namespace kbcx::repro {

const std::vector<PublishedNegAuc>& published_negative_auc() {
    static const std::vector<PublishedNegAuc> rows = {
        {"symmetry", "rc", 90.9},     {"symmetry", "rb", 88.0},     {"symmetry", "pa", 85.5},
        {"intersection", "rc", 96.0}, {"intersection", "rb", 91.7}, {"intersection", "pa", 89.3},
        {"intersection", "qg", 85.6},
    };
    return rows;
}

double published_negative_auc(const std::string& pattern, const std::string& method) {
    for (const auto& r : published_negative_auc())
        if (r.pattern == pattern && r.method == method) return r.auc_percent;
    return std::numeric_limits<double>::quiet_NaN();
}

const std::vector<std::string>& published_pattern_claims() {
    static const std::vector<std::string> claims = {
        "all systems beat SimpBL",
        "BoxE and RotatE best among embeddings",
        "simple patterns (symmetry, inversion, hierarchy) easier than complex ones (composition, triangle, diamond)",
        "TransE weak on symmetry, DistMult weak on inversion",
        "R-GCN strong on R-MRR, weaker on C-MRR",
        "rule learners: over 95% of benchmark rules for the simple patterns are syntactically contained in AnyBURL's "
        "and RuleN's output",
        "split ratio 8:1:1; FB benchmarks use k2 = 200 facts per rule, WN benchmarks k2 = 2000 (inferred from the "
        "released data)",
    };
    return claims;
}

} // namespace kbcx::repro
