// Implementation of computeEgoGraph: ego network (core), highlighted facts merged in as marked
// or extra edges, primary types, Boost.Graph layout (core) and legend counts.
#include "ui/graph/ego_graph_job.hpp"

#include "common/resources.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace kbcx::ui {

namespace {

QString entityName(const kg::KnowledgeGraph& g, const EgoGraphParams& p, kg::Id e) {
    if (e < g.vocab.entities().size()) return QString::fromStdString(g.vocab.display(kg::Namespace::Entity, e));
    for (const HighlightFact& f : p.highlight.facts) {
        if (f.s == e) return f.subjectName;
        if (!f.unary && f.o == e) return f.objectName;
    }
    return QStringLiteral("#%1").arg(e);
}

std::vector<LegendEntry> sortedLegend(std::map<kg::Id, LegendEntry>& entries) {
    std::vector<LegendEntry> out;
    for (auto& [id, entry] : entries)
        out.push_back(entry);
    std::stable_sort(out.begin(), out.end(),
                     [](const LegendEntry& a, const LegendEntry& b) { return a.count > b.count; });
    return out;
}

} // namespace

EgoGraphResult computeEgoGraph(const EgoGraphParams& params, jobs::JobContext& ctx) {
    Stopwatch clock;
    const kg::KnowledgeGraph& g = *params.graph;
    EgoGraphResult res;
    res.params = params;

    kg::EgoParams ego = params.ego;
    if (ego.centre == kg::kNoId) {
        // No centre chosen yet: the entity with the most facts of the allowed relations.
        std::vector<std::uint32_t> degree(g.vocab.entities().size(), 0);
        for (kg::Id r = 0; r < g.facts.num_relations(); ++r) {
            if (ego.relations && std::find(ego.relations->begin(), ego.relations->end(), r) == ego.relations->end())
                continue;
            for (kg::Id s : g.facts.subjects_of(r))
                degree[s] += static_cast<std::uint32_t>(g.facts.objects(r, s).size());
            for (kg::Id o : g.facts.objects_of(r))
                degree[o] += static_cast<std::uint32_t>(g.facts.subjects(r, o).size());
        }
        if (degree.empty()) throw std::invalid_argument("the dataset has no entities");
        ego.centre = static_cast<kg::Id>(std::max_element(degree.begin(), degree.end()) - degree.begin());
        res.params.ego.centre = ego.centre;
    }
    for (const HighlightFact& f : params.highlight.facts) {
        ego.pinned.push_back(f.s);
        if (!f.unary) ego.pinned.push_back(f.o);
    }
    ctx.report(0, 0, "Extracting the ego network", true);
    const kg::EgoNetwork net = kg::ego_network(g.facts, ego);
    ctx.throw_if_stopped();
    res.capped = net.capped;

    for (std::size_t i = 0; i < net.nodes.size(); ++i) {
        EgoGraphNode node;
        node.entity = net.nodes[i];
        node.hops = net.hops[i];
        node.label = entityName(g, params, node.entity);
        QStringList typeNames;
        if (node.entity < g.vocab.entities().size()) {
            node.type = kg::primary_type(g.facts, node.entity);
            for (kg::Id t : kg::types_of(g.facts, node.entity))
                typeNames << QString::fromStdString(g.vocab.display(kg::Namespace::Type, t));
        }
        node.toolTip = QStringLiteral("<b>%1</b>").arg(node.label.toHtmlEscaped());
        if (!typeNames.isEmpty())
            node.toolTip += QStringLiteral("<br>types: %1").arg(typeNames.join(QStringLiteral(", ")).toHtmlEscaped());
        node.toolTip += node.hops >= 0 ? QStringLiteral("<br>%1 hop(s) from the centre").arg(node.hops)
                                       : QStringLiteral("<br>outside the searched depth (shown for the highlight)");
        res.nodes.push_back(std::move(node));
    }

    for (const kg::EgoEdge& e : net.edges) {
        EgoGraphEdge edge;
        edge.from = e.from;
        edge.to = e.to;
        edge.relation = e.relation;
        edge.relationName = QString::fromStdString(g.vocab.display(kg::Namespace::Relation, e.relation));
        res.edges.push_back(std::move(edge));
    }

    // Highlighted facts: mark the drawn edge, or add the fact as an extra edge (a new fact, or
    // one of a relation the filter hides); unary facts mark their node.
    for (const HighlightFact& f : params.highlight.facts) {
        const std::int64_t si = net.index_of(f.s);
        if (si < 0) continue;
        if (f.unary) {
            EgoGraphNode& node = res.nodes[static_cast<std::size_t>(si)];
            node.highlighted = true;
            if (!node.markedTypes.contains(f.predName)) node.markedTypes << f.predName;
            node.markedNew = node.markedNew || !f.inKg;
            continue;
        }
        const std::int64_t oi = net.index_of(f.o);
        if (oi < 0) continue;
        const auto from = static_cast<std::uint32_t>(si), to = static_cast<std::uint32_t>(oi);
        res.nodes[from].highlighted = true;
        res.nodes[to].highlighted = true;
        auto it = std::find_if(res.edges.begin(), res.edges.end(), [&](const EgoGraphEdge& e) {
            return e.from == from && e.to == to && e.relation == f.pred;
        });
        if (it == res.edges.end()) {
            EgoGraphEdge edge;
            edge.from = from;
            edge.to = to;
            edge.relation = f.pred;
            edge.relationName = f.predName;
            edge.inKg = f.inKg;
            res.edges.push_back(std::move(edge));
            it = res.edges.end() - 1;
        }
        // A fact can play several roles (premise of one step, conclusion of another): keep the strongest.
        if (!it->highlighted || f.role == HighlightFact::Role::Conclusion) it->role = f.role;
        it->highlighted = true;
    }

    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    pairs.reserve(res.edges.size());
    for (const EgoGraphEdge& e : res.edges)
        pairs.push_back({e.from, e.to});
    const std::vector<kg::LayoutPoint> points = kg::layout_graph(res.nodes.size(), pairs, params.layout, ctx);
    for (std::size_t i = 0; i < res.nodes.size(); ++i) {
        res.nodes[i].x = points[i].x;
        res.nodes[i].y = points[i].y;
    }

    std::map<kg::Id, LegendEntry> relations, types;
    for (const EgoGraphEdge& e : res.edges) {
        LegendEntry& entry = relations[e.relation];
        entry.id = e.relation;
        entry.name = e.relationName;
        ++entry.count;
    }
    for (const EgoGraphNode& n : res.nodes) {
        if (n.type == kg::kNoId) continue;
        LegendEntry& entry = types[n.type];
        entry.id = n.type;
        entry.name = QString::fromStdString(g.vocab.display(kg::Namespace::Type, n.type));
        ++entry.count;
    }
    res.relations = sortedLegend(relations);
    res.types = sortedLegend(types);
    res.seconds = clock.seconds();
    return res;
}

} // namespace kbcx::ui
