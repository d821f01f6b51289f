// Force-directed 2-D layouts of small graphs with Boost.Graph (Fruchterman–Reingold and
// Kamada–Kawai), deterministic for a seed, cancellable, normalised to a common scale.
#pragma once

#include "common/job.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace kbcx::kg {

enum class LayoutAlgorithm { FruchtermanReingold, KamadaKawai };

/// "fruchterman-reingold", "kamada-kawai".
std::string_view layout_name(LayoutAlgorithm a);

struct LayoutParams {
    LayoutAlgorithm algorithm = LayoutAlgorithm::FruchtermanReingold;
    std::uint64_t seed = 1;       ///< initial positions (random in the square, from this seed)
    std::size_t iterations = 300; ///< FR: cooling steps; KK: at most this many outer steps per node
    double spacing = 120.0;       ///< target distance between neighbouring nodes in the result
    double min_separation = 45.0; ///< least median distance from a node to its nearest other node
};

struct LayoutPoint {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const LayoutPoint&, const LayoutPoint&) = default;
};

/// Positions for nodes 0..num_nodes-1 linked by the undirected `edges` (self-loops and
/// repeated pairs are ignored). Same inputs and seed give the same coordinates.
///
/// The result is centred on (0, 0) and scaled so that the mean length of the edges is
/// params.spacing (for a graph without edges, so that the nodes spread over a square of side
/// spacing·√n), or more where needed so that the median distance from a node to its nearest
/// other node is at least params.min_separation (a large star would otherwise put its leaves on
/// top of each other). Kamada–Kawai needs a connected graph: each further component is tied to the
/// first by a hidden spring of length 2 from its first node to node 0. Throws kbcx::Cancelled
/// on a stop request (checked every iteration).
std::vector<LayoutPoint> layout_graph(std::size_t num_nodes,
                                      const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
                                      const LayoutParams& params, jobs::JobContext& ctx);

} // namespace kbcx::kg
