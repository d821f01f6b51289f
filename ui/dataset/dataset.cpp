// Implementation of Dataset construction from a load job's result and of dataset naming.
#include "ui/dataset/dataset.hpp"

#include <QCoreApplication>
#include <QFileInfo>

#include <atomic>

namespace kbcx::ui {

std::shared_ptr<const Dataset> Dataset::fromLoadResult(QString name, QStringList sources,
                                                       const jobs::LoadKgResult& result, jobs::LoadKgParams params) {
    static std::atomic<quint64> nextId{1};
    auto dataset = std::make_shared<Dataset>();
    dataset->id = nextId++;
    dataset->name = std::move(name);
    dataset->sources = std::move(sources);
    dataset->graph = result.graph;
    dataset->files = result.files;
    dataset->bytes = result.bytes;
    dataset->readSeconds = result.read_seconds;
    dataset->indexSeconds = result.index_seconds;
    dataset->seconds = result.seconds;
    dataset->loadedAt = QDateTime::currentDateTime();
    dataset->entityNames = QString::fromStdString(params.entity_names_path);
    dataset->namedEntities = result.named_entities;
    dataset->loadParams = std::move(params);
    return dataset;
}

QString datasetNameForPaths(const QStringList& paths) {
    if (paths.isEmpty()) return QCoreApplication::translate("kbcx::ui::Dataset", "Untitled");
    const QString first = QFileInfo(paths.front()).fileName();
    if (paths.size() == 1) return first;
    return QCoreApplication::translate("kbcx::ui::Dataset", "%1 + %n more", nullptr, int(paths.size() - 1)).arg(first);
}

} // namespace kbcx::ui
