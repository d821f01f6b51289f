// The Graph tab's background job: extract an entity's ego network, lay it out with Boost.Graph
// and prepare everything the scene shows (labels, types, highlighted facts), off the GUI thread.
#pragma once

#include "ui/dataset/graph_highlight.hpp"

#include "common/job.hpp"
#include "kg/ego_network.hpp"
#include "kg/graph_layout.hpp"
#include "kg/knowledge_graph.hpp"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace kbcx::ui {

struct EgoGraphParams {
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    kg::EgoParams ego; ///< ego.pinned is filled from the highlight by the job
    kg::LayoutParams layout;
    GraphHighlight highlight;
};

struct EgoGraphNode {
    kg::Id entity = kg::kNoId;
    QString label;           ///< display name
    QString toolTip;         ///< name, types, hops
    kg::Id type = kg::kNoId; ///< most specific type (fewest instances), kNoId if untyped
    int hops = 0;            ///< -1: pinned, outside the searched depth
    double x = 0.0, y = 0.0;
    bool highlighted = false; ///< an end of a highlighted fact
    QStringList markedTypes;  ///< highlighted unary facts T(this), e.g. a derived Person(x)
    bool markedNew = false;   ///< some marked type fact is not in the KG
};

struct EgoGraphEdge {
    std::uint32_t from = 0, to = 0;
    kg::Id relation = kg::kNoId; ///< program/KG relation id (colour key)
    QString relationName;
    bool inKg = true; ///< false: a highlighted fact that the KG does not hold
    bool highlighted = false;
    HighlightFact::Role role = HighlightFact::Role::Premise; ///< when highlighted
};

struct LegendEntry {
    kg::Id id = kg::kNoId;
    QString name;
    int count = 0;
};

struct EgoGraphResult {
    EgoGraphParams params;
    std::vector<EgoGraphNode> nodes; ///< nodes[0] is the centre
    std::vector<EgoGraphEdge> edges;
    bool capped = false;
    std::vector<LegendEntry> relations; ///< relations drawn, by decreasing edge count
    std::vector<LegendEntry> types;     ///< primary types drawn, by decreasing node count
    double seconds = 0.0;
};

/// Runs the job. Throws std::invalid_argument for a centre that is not an entity of the KG.
EgoGraphResult computeEgoGraph(const EgoGraphParams& params, jobs::JobContext& ctx);

} // namespace kbcx::ui
