// The published figures of the faithfulness-hierarchy paper, carried as data (from
// shared/papers/faithfulness-tables.md) so reports can put them beside our numbers. They are
// never used to choose settings.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::repro {

/// One row of a published table: mean and std per metric in the order of kMetricKeys
/// (AUC+/−, Adm@10, FVR, Pair-FVR, ρ_P, MRR, Hits@10).
struct PublishedRow {
    std::string table;  ///< e.g. "Pizza GCI0"
    std::string source; ///< e.g. "Table 4"
    std::string model;  ///< our canonical model name (ELEmbeddings, EmEL++, Box2EL, TransE-L1, …)
    std::array<double, 7> mean{}, std{};
};

/// Every published row.
const std::vector<PublishedRow>& published_rows();
/// The row of `model` in `table` ("Pizza GCI0", "Pizza GCI1", "Pizza GCI1_BOT", "Pizza GCI2",
/// "Pizza GCI3", "GO-plus GCI0", "GO-plus GCI1_BOT"), if the paper has one.
std::optional<PublishedRow> published(const std::string& table, const std::string& model);

/// The paper's intervention sweep, as stated in its text.
struct PublishedSweep {
    int settings = 12;               ///< 3 models × GCI0, GCI2, GCI1_BOT, GCI3
    int fvr_lower_at_one = 12;       ///< settings with FVR(p⊥ = 1) < FVR(p⊥ = 0)
    double largest_reduction = 0.13; ///< absolute, Box2EL on GCI3
    double fvr_floor = 0.43;         ///< FVR at p⊥ = 1 stays above this in most settings
    int mrr_opposite = 6;            ///< settings where MRR moves the opposite way
};
PublishedSweep published_sweep();

} // namespace kbcx::repro
