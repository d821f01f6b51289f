// Breadth-first ego-network extraction over the CSR indexes (both directions per relation),
// with a node cap, pinned nodes and the induced edges among the nodes taken.
#include "kg/ego_network.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

namespace kbcx::kg {

std::int64_t EgoNetwork::index_of(Id e) const {
    const auto it = std::find(nodes.begin(), nodes.end(), e);
    return it == nodes.end() ? -1 : static_cast<std::int64_t>(it - nodes.begin());
}

EgoNetwork ego_network(const FactStore& facts, const EgoParams& params) {
    if (params.centre >= facts.num_entities()) throw std::invalid_argument("ego network: centre is not an entity");
    if (params.depth < 0) throw std::invalid_argument("ego network: negative depth");

    std::vector<Id> relations;
    if (params.relations) {
        for (Id r : *params.relations)
            if (r < facts.num_relations()) relations.push_back(r);
        std::sort(relations.begin(), relations.end());
        relations.erase(std::unique(relations.begin(), relations.end()), relations.end());
    } else {
        relations.resize(facts.num_relations());
        for (Id r = 0; r < relations.size(); ++r)
            relations[r] = r;
    }

    // Pinned entities other than the centre take their room first, so the search gets the rest.
    std::vector<Id> pinned;
    for (Id p : params.pinned)
        if (p != params.centre && std::find(pinned.begin(), pinned.end(), p) == pinned.end()) pinned.push_back(p);
    const std::size_t search_cap =
        params.max_nodes == 0
            ? SIZE_MAX
            : std::max<std::size_t>(1, params.max_nodes > pinned.size() ? params.max_nodes - pinned.size() : 1);

    EgoNetwork net;
    std::unordered_map<Id, std::uint32_t> index;
    auto add = [&](Id e, int hop) {
        index.emplace(e, static_cast<std::uint32_t>(net.nodes.size()));
        net.nodes.push_back(e);
        net.hops.push_back(hop);
    };
    add(params.centre, 0);

    // Breadth-first: nodes[head..] is the queue, in hop order.
    bool stop = false;
    for (std::size_t head = 0; head < net.nodes.size() && !stop; ++head) {
        const Id u = net.nodes[head];
        const int hop = net.hops[head];
        if (hop >= params.depth) break; // every later node is at least as far
        auto visit = [&](Id v) {
            if (index.count(v)) return;
            if (net.nodes.size() >= search_cap) {
                net.capped = true;
                stop = true;
                return;
            }
            add(v, hop + 1);
        };
        for (Id r : relations) {
            for (Id o : facts.objects(r, u)) {
                visit(o);
                if (stop) break;
            }
            if (stop) break;
            for (Id s : facts.subjects(r, u)) {
                visit(s);
                if (stop) break;
            }
            if (stop) break;
        }
    }

    for (Id p : pinned)
        if (!index.count(p)) add(p, -1);

    for (std::uint32_t i = 0; i < net.nodes.size(); ++i) {
        const Id u = net.nodes[i];
        if (u >= facts.num_entities()) continue;
        for (Id r : relations)
            for (Id o : facts.objects(r, u)) {
                const auto it = index.find(o);
                if (it != index.end()) net.edges.push_back({i, it->second, r});
            }
    }
    // Objects come ascending by id, not by node index: order by (from, relation, to node).
    std::sort(net.edges.begin(), net.edges.end(), [](const EgoEdge& a, const EgoEdge& b) {
        return std::tie(a.from, a.relation, a.to) < std::tie(b.from, b.relation, b.to);
    });
    return net;
}

std::vector<Id> types_of(const FactStore& facts, Id e) {
    std::vector<Id> types;
    if (e >= facts.num_entities()) return types;
    for (Id t = 0; t < facts.num_types(); ++t)
        if (facts.has_type(e, t)) types.push_back(t);
    return types;
}

Id primary_type(const FactStore& facts, Id e) {
    Id best = kNoId;
    std::size_t best_size = SIZE_MAX;
    for (Id t : types_of(facts, e)) {
        const std::size_t n = facts.instances(t).size();
        if (n < best_size) {
            best = t;
            best_size = n;
        }
    }
    return best;
}

} // namespace kbcx::kg
