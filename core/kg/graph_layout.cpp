// Boost.Graph layouts behind layout_graph: seeded random start, FR with a linear cooling that
// honours the stop token, KK with hidden springs between components, then normalisation.
#include "kg/graph_layout.hpp"

// GCC's -Wmaybe-uninitialized reports false positives inside Boost's Johnson all-pairs shortest
// paths (used by Kamada–Kawai) once inlined here: boost::optional edge iterators. Silenced for
// this file only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/kamada_kawai_spring_layout.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

namespace kbcx::kg {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;
using Topology = boost::square_topology<boost::minstd_rand>;
using Point = Topology::point_type;
using PointDiff = Topology::point_difference_type;

/// Shared state of the cooling / done functors (Boost copies them by value).
struct Progress {
    jobs::JobContext* ctx = nullptr;
    std::size_t step = 0;
    std::size_t limit = 0;
    bool stopped = false;
};

/// FR temperature: linear from t0 down to 0 over `limit` steps; 0 (= stop) on a stop request.
struct Cooling {
    Progress* p;
    double t0;
    double operator()() const {
        if (p->step >= p->limit) return 0.0;
        if (p->ctx->stop_requested()) {
            p->stopped = true;
            return 0.0;
        }
        if (p->step % 16 == 0) p->ctx->report(p->step, p->limit, "Fruchterman–Reingold layout");
        const double t = t0 * (1.0 - static_cast<double>(p->step) / static_cast<double>(p->limit));
        ++p->step;
        return std::max(t, 1e-9);
    }
};

/// KK termination: the largest energy gradient fell below a fraction of its first value, or the
/// step budget is spent, or a stop was requested; inner (one-node) loops get at most 40 steps.
struct Done {
    Progress* p;
    double first = -1.0;
    std::size_t local = 0;
    template <class G>
    bool operator()(double delta_p, typename boost::graph_traits<G>::vertex_descriptor, const G&, bool global) {
        if (global) {
            local = 0;
            if (first < 0.0) first = delta_p;
            if (p->ctx->stop_requested()) {
                p->stopped = true;
                return true;
            }
            if (p->step % 64 == 0) p->ctx->report(p->step, p->limit, "Kamada–Kawai layout");
            ++p->step;
            return p->step > p->limit || delta_p <= 1e-4 * first || delta_p == 0.0;
        }
        return ++local > 40 || delta_p <= 1e-6 * std::max(first, 1e-12);
    }
};

double median_nearest_distance(const std::vector<LayoutPoint>& pts) {
    std::vector<double> nearest(pts.size(), std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < pts.size(); ++i)
        for (std::size_t j = i + 1; j < pts.size(); ++j) {
            const double d = std::hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
            nearest[i] = std::min(nearest[i], d);
            nearest[j] = std::min(nearest[j], d);
        }
    std::nth_element(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(nearest.size() / 2), nearest.end());
    return nearest[nearest.size() / 2];
}

void normalise(std::vector<LayoutPoint>& pts, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
               double spacing, double min_separation) {
    if (pts.empty()) return;
    double minx = pts[0].x, maxx = pts[0].x, miny = pts[0].y, maxy = pts[0].y;
    for (const auto& q : pts) {
        minx = std::min(minx, q.x);
        maxx = std::max(maxx, q.x);
        miny = std::min(miny, q.y);
        maxy = std::max(maxy, q.y);
    }
    const double cx = (minx + maxx) / 2, cy = (miny + maxy) / 2;
    double scale = 1.0;
    if (!edges.empty()) {
        double sum = 0.0;
        for (const auto& [a, b] : edges)
            sum += std::hypot(pts[a].x - pts[b].x, pts[a].y - pts[b].y);
        const double mean = sum / static_cast<double>(edges.size());
        if (mean > 1e-12) scale = spacing / mean;
    } else {
        const double extent = std::max(maxx - minx, maxy - miny);
        if (extent > 1e-12) scale = spacing * std::sqrt(static_cast<double>(pts.size())) / extent;
    }
    if (pts.size() >= 2 && min_separation > 0) {
        const double nn = median_nearest_distance(pts) * scale;
        if (nn > 1e-12 && nn < min_separation) scale *= min_separation / nn;
    }
    for (auto& q : pts) {
        q.x = (q.x - cx) * scale;
        q.y = (q.y - cy) * scale;
    }
}

} // namespace

std::string_view layout_name(LayoutAlgorithm a) {
    return a == LayoutAlgorithm::KamadaKawai ? "kamada-kawai" : "fruchterman-reingold";
}

std::vector<LayoutPoint> layout_graph(std::size_t num_nodes,
                                      const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
                                      const LayoutParams& params, jobs::JobContext& ctx) {
    std::vector<LayoutPoint> result(num_nodes);
    if (num_nodes <= 1) return result;

    // Undirected simple graph.
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (auto [a, b] : edges) {
        if (a >= num_nodes || b >= num_nodes) throw std::invalid_argument("layout_graph: edge end out of range");
        if (a == b) continue;
        pairs.insert({std::min(a, b), std::max(a, b)});
    }
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> simple(pairs.begin(), pairs.end());
    Graph g(num_nodes);
    for (auto [a, b] : simple)
        boost::add_edge(a, b, 1.0, g);

    const double spacing = params.spacing > 0 ? params.spacing : 120.0;
    const double side = spacing * std::sqrt(static_cast<double>(num_nodes)) * 1.5;
    boost::minstd_rand gen(static_cast<std::uint32_t>(params.seed % 2147483646u + 1u));
    Topology topology(gen, side);
    std::vector<Point> position(num_nodes);
    auto pos_map = boost::make_iterator_property_map(position.begin(), boost::get(boost::vertex_index, g));
    boost::random_graph_layout(g, pos_map, topology);

    Progress progress;
    progress.ctx = &ctx;
    if (params.algorithm == LayoutAlgorithm::FruchtermanReingold) {
        progress.limit = std::max<std::size_t>(params.iterations, 1);
        std::vector<PointDiff> displacement(num_nodes);
        auto disp_map = boost::make_iterator_property_map(displacement.begin(), boost::get(boost::vertex_index, g));
        const Cooling cool{&progress, side / 8.0};
        // Exact repulsion between all pairs for views of a few hundred nodes; the grid beyond.
        if (num_nodes <= 400)
            boost::fruchterman_reingold_force_directed_layout(
                g, pos_map, topology, boost::square_distance_attractive_force(),
                boost::square_distance_repulsive_force(), boost::all_force_pairs(), cool, disp_map);
        else
            boost::fruchterman_reingold_force_directed_layout(
                g, pos_map, topology, boost::square_distance_attractive_force(),
                boost::square_distance_repulsive_force(), boost::make_grid_force_pairs(topology, pos_map, g), cool,
                disp_map);
    } else {
        // Tie every further component to the first by a longer hidden spring.
        std::vector<int> component(num_nodes);
        const int count = boost::connected_components(g, component.data());
        if (count > 1) {
            std::vector<bool> tied(static_cast<std::size_t>(count), false);
            tied[static_cast<std::size_t>(component[0])] = true;
            for (std::size_t v = 0; v < num_nodes; ++v) {
                const auto c = static_cast<std::size_t>(component[v]);
                if (!tied[c]) {
                    tied[c] = true;
                    boost::add_edge(0, v, 2.0, g);
                }
            }
        }
        progress.limit = std::max<std::size_t>(params.iterations, 1) * std::max<std::size_t>(num_nodes / 8, 4);
        const bool ok = boost::kamada_kawai_spring_layout(g, pos_map, boost::get(boost::edge_weight, g), topology,
                                                          boost::edge_length(spacing), Done{&progress});
        if (!ok && !progress.stopped) throw std::runtime_error("Kamada–Kawai layout failed on a connected graph");
    }
    if (progress.stopped) ctx.throw_if_stopped();
    ctx.report(progress.limit, progress.limit, std::string(layout_name(params.algorithm)) + " layout done", true);

    for (std::size_t v = 0; v < num_nodes; ++v) {
        result[v] = {position[v][0], position[v][1]};
        if (!std::isfinite(result[v].x) || !std::isfinite(result[v].y)) result[v] = {0.0, 0.0};
    }
    normalise(result, simple, spacing, params.min_separation);
    return result;
}

} // namespace kbcx::kg
