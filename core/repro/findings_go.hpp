// The second dataset of the faithfulness-hierarchy paper: a connected slice of GO with
// GO-plus-style axioms, built from the shared data, with the paper's Tables 5 and 11 beside ours.
#pragma once

#include "repro/registry.hpp"

#include <cstddef>
#include <map>
#include <string>

namespace kbcx::repro {

/// How the GO slice is built: its sources in the data folder, the root, and the OBO relations
/// mapped onto the OWL properties their typedefs cross-reference (go-basic's xref lines).
struct GoSliceRecipe {
    std::string extract = "onto/go-extract-asserted.owx";     ///< GO-plus-style logical axioms
    std::string backbone = "onto/go-basic-2015-01-26.obo.gz"; ///< GO's is_a / part_of / regulates
    std::string root = "GO:0005575";                          ///< cellular_component
    std::map<std::string, std::string> role_map;              ///< OBO relation IRI → OWL property IRI
    std::size_t size = 1000;
};
/// The recipe of a mode (quick mode uses a smaller slice, the rest is the same).
GoSliceRecipe go_slice_recipe(Mode m);

/// `kbcx reproduce go-slice`: builds the slice (written to work/go-slice.kbo), samples GCI0 and
/// GCI1_BOT with T+, T?, T− and GCI1, GCI2, GCI3 with T+ and T? only, counts P over |Δ| = 2,
/// trains the models of the Pizza findings and reports GCI0 and GCI1_BOT beside Tables 5 and 11.
Report go_slice(const Options& o, jobs::JobContext& ctx);
ModeDefaults go_mode_defaults(Mode m);

} // namespace kbcx::repro
