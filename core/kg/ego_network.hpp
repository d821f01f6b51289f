// Ego networks of a KG: the entities within a few hops of one entity over chosen relations,
// with the facts among them, capped in size so that a view never draws a large graph whole.
#pragma once

#include "kg/fact_store.hpp"
#include "kg/ids.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace kbcx::kg {

struct EgoParams {
    Id centre = kNoId;
    /// Hops from the centre; a fact r(s, o) links s and o in both directions.
    int depth = 1;
    /// Relations followed and drawn, ascending or not; nullopt = every relation.
    std::optional<std::vector<Id>> relations;
    /// At most this many nodes from the search (the centre included); 0 = no cap. Pinned
    /// nodes come on top, so a network has at most max(max_nodes, 1) + |pinned| nodes.
    std::size_t max_nodes = 150;
    /// Entities always included (e.g. the ends of facts to highlight), even beyond the depth.
    /// Ids at or above the store's entity count are allowed (names only a rule knows).
    std::vector<Id> pinned;
};

/// One drawn fact r(s, o) between two nodes (indexes into EgoNetwork::nodes).
struct EgoEdge {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    Id relation = kNoId;
    friend bool operator==(const EgoEdge&, const EgoEdge&) = default;
};

struct EgoNetwork {
    /// nodes[0] is the centre; then breadth-first order (per node: relations ascending, for
    /// each the objects then the subjects ascending); then pinned nodes not reached.
    std::vector<Id> nodes;
    /// Hop distance from the centre over the allowed relations; -1 for a pinned node that
    /// the search did not reach.
    std::vector<int> hops;
    /// Every fact of an allowed relation between two nodes (the induced subgraph), ordered by
    /// (from node, relation, to node).
    std::vector<EgoEdge> edges;
    /// True when some entity within `depth` hops was left out because of the node cap.
    bool capped = false;

    /// Index of entity `e` in nodes, or -1.
    std::int64_t index_of(Id e) const;
};

/// Breadth-first search from params.centre. Throws std::invalid_argument when the centre is
/// not an entity of the store or depth is negative. Work is bounded by the cap: the search
/// stops at the first entity it cannot take.
EgoNetwork ego_network(const FactStore& facts, const EgoParams& params);

/// The types of entity e, ascending (by scanning the type indexes; O(types · log n)).
std::vector<Id> types_of(const FactStore& facts, Id e);

/// The most specific type of e: among its types, the one with the fewest instances (ties: the
/// smaller id); kNoId for an untyped entity.
Id primary_type(const FactStore& facts, Id e);

} // namespace kbcx::kg
