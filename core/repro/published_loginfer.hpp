// The published figures of the inferential-benchmark paper (LogInfer), carried as data (from
// shared/papers/faithfulness-tables.md) so the KG reports can put them beside our numbers. They
// are never used to choose settings.
#pragma once

#include <string>
#include <vector>

namespace kbcx::repro {

/// Mean ROC AUC (percent) over the evaluated systems for one pattern and negative method
/// (LogInfer's Table 5).
struct PublishedNegAuc {
    std::string pattern; ///< "symmetry" or "intersection"
    std::string method;  ///< "rc", "rb", "pa", "qg"
    double auc_percent = 0;
};
const std::vector<PublishedNegAuc>& published_negative_auc();
/// The value for (pattern, method), or NaN when the paper has none.
double published_negative_auc(const std::string& pattern, const std::string& method);
/// How far (AUC points) a method's mean may lie from Table 5's for negative-difficulty's targets.
inline constexpr double kTable5Tolerance = 5.0;

/// The paper's qualitative statements on per-pattern difficulty, in its words.
const std::vector<std::string>& published_pattern_claims();

} // namespace kbcx::repro
