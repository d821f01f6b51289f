// Everything the main window needs for ontologies: the "Ontologies" list of the explorer dock,
// the Ontology, Partition and Teach tabs, and the background load (read + EL filter +
// normalise + classify as one job).
#pragma once

#include "ui/ontology/onto_data.hpp"

#include <QObject>
#include <QStringList>

class QTabWidget;
class QTreeView;
class QWidget;

namespace kbcx::ui {

class JobHandle;
class JobRunner;
class OntologyListModel;
class OntologyPage;
class PartitionPage;
class TeachPage;

class OntologyWorkspace : public QObject {
    Q_OBJECT
  public:
    /// Creates the explorer list and the three pages (parented to `parentWidget`).
    OntologyWorkspace(JobRunner* runner, QWidget* parentWidget);

    /// Adds the Ontology, Partition and Teach tabs to `tabs`.
    void addTabs(QTabWidget* tabs);

    /// Loads an ontology file in the background; on success it is listed and made current.
    JobHandle* openOntology(const QString& path);
    /// Loads the embedded demo ontology (:/demo/university.ofn).
    JobHandle* openDemoOntology();
    void closeCurrentOntology();

    OntologyPtr currentOntology() const;
    OntologyListModel* model() const { return model_; }
    QTreeView* explorerView() const { return view_; }
    OntologyPage* ontologyPage() const { return ontologyPage_; }
    PartitionPage* partitionPage() const { return partitionPage_; }
    TeachPage* teachPage() const { return teachPage_; }

  signals:
    void ontologyAdded(kbcx::ui::OntologyPtr ontology);
    /// A load failed: name of what was loaded, message and location (1-based; 0 = none).
    void loadFailed(const QString& name, const QString& message, const QString& file, quint64 line, quint64 column);
    void statusMessage(const QString& message);

  private:
    JobHandle* startLoad(const OntologyLoadParams& params);
    void onCurrentChanged();

    JobRunner* runner_;
    OntologyListModel* model_ = nullptr;
    QTreeView* view_ = nullptr;
    OntologyPage* ontologyPage_ = nullptr;
    PartitionPage* partitionPage_ = nullptr;
    TeachPage* teachPage_ = nullptr;
};

} // namespace kbcx::ui
