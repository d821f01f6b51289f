// A dataset as the GUI knows it: a loaded, immutable knowledge graph with where it came
// from and what loading it cost. Shared read-only between models and views.
#pragma once

#include "kg/knowledge_graph.hpp"
#include "kg/load_kg.hpp"
#include "kg/readers.hpp"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace kbcx::ui {

struct Dataset {
    quint64 id = 0;      ///< unique within the process; stable while rows move
    QString name;        ///< shown in the explorer and the window title
    QStringList sources; ///< file paths, or resource names for embedded data
    std::shared_ptr<const kg::KnowledgeGraph> graph;
    std::vector<kg::FileStats> files;
    quint64 bytes = 0;
    double readSeconds = 0.0;
    double indexSeconds = 0.0;
    double seconds = 0.0;
    QDateTime loadedAt;
    /// What was read (files, buffers, options, names file): File → Load Entity Names… reads it
    /// again with a names file.
    jobs::LoadKgParams loadParams;
    QString entityNames;           ///< names file whose names are the entities' labels (empty: none)
    std::size_t namedEntities = 0; ///< entities named by it

    std::size_t numFacts() const { return graph->facts.num_facts(); }
    std::size_t numTypeFacts() const { return graph->facts.num_type_facts(); }
    std::size_t numEntities() const { return graph->vocab.entities().size(); }
    std::size_t numRelations() const { return graph->vocab.relations().size(); }
    std::size_t numTypes() const { return graph->vocab.types().size(); }

    /// Builds a dataset from a finished load job; assigns a fresh id.
    static std::shared_ptr<const Dataset>
    fromLoadResult(QString name, QStringList sources, const jobs::LoadKgResult& result, jobs::LoadKgParams params = {});
};

using DatasetPtr = std::shared_ptr<const Dataset>;

/// A name for a dataset read from `paths`: the file name for one file, else
/// "first.txt + N more".
QString datasetNameForPaths(const QStringList& paths);

} // namespace kbcx::ui
