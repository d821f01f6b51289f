// Implementation of OntologyWorkspace: the load job, the explorer list and the hand-over of the
// current ontology to the Ontology and Partition tabs.
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/common/column_chooser.hpp"

#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_page.hpp"
#include "ui/ontology/partition_page.hpp"
#include "ui/ontology/teach_page.hpp"

#include "common/error.hpp"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QStyle>
#include <QTabWidget>
#include <QTreeView>

namespace kbcx::ui {

OntologyWorkspace::OntologyWorkspace(JobRunner* runner, QWidget* parentWidget)
    : QObject(parentWidget), runner_(runner) {
    setObjectName(QStringLiteral("ontologyWorkspace"));
    model_ = new OntologyListModel(this);
    view_ = new QTreeView(parentWidget);
    view_->setObjectName(QStringLiteral("ontologyExplorer"));
    view_->setModel(model_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setTextElideMode(Qt::ElideMiddle);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->header()->setStretchLastSection(false);
    view_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->header()->setSectionResizeMode(OntologyListModel::NameColumn, QHeaderView::Stretch);
    view_->header()->setMinimumSectionSize(40);
    // Properties, individuals and the EL filter's counts are in the row's tooltip, the Ontology tab
    // and a right-click on the header: the dock is narrow.
    installColumnChooser(view_, {OntologyListModel::PropertiesColumn, OntologyListModel::IndividualsColumn,
                                 OntologyListModel::ElColumn, OntologyListModel::DroppedColumn});
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* close = new QAction(tr("Close Ontology"), view_);
    close->setObjectName(QStringLiteral("closeOntologyAction"));
    connect(close, &QAction::triggered, this, &OntologyWorkspace::closeCurrentOntology);
    view_->addAction(close);
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &OntologyWorkspace::onCurrentChanged);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, &OntologyWorkspace::onCurrentChanged);

    ontologyPage_ = new OntologyPage(runner_, parentWidget);
    partitionPage_ = new PartitionPage(runner_, parentWidget);
    teachPage_ = new TeachPage(runner_, parentWidget);
}

void OntologyWorkspace::addTabs(QTabWidget* tabs) {
    QStyle* style = tabs->style();
    tabs->addTab(ontologyPage_, style->standardIcon(QStyle::SP_DirOpenIcon), tr("Ontology"));
    tabs->addTab(partitionPage_, style->standardIcon(QStyle::SP_FileDialogListView), tr("Partition"));
    tabs->addTab(teachPage_, style->standardIcon(QStyle::SP_MessageBoxInformation), tr("Teach"));
}

JobHandle* OntologyWorkspace::openOntology(const QString& path) {
    OntologyLoadParams p;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    p.path = QFile::encodeName(absolute).toStdString();
    p.displayName = QFileInfo(path).fileName();
    p.sources = QStringList{absolute};
    return startLoad(p);
}

JobHandle* OntologyWorkspace::openDemoOntology() {
    try {
        return startLoad(demoOntologyParams());
    } catch (const InputError& e) {
        emit loadFailed(demoOntologyName(), QString::fromStdString(e.message()), QString::fromStdString(e.file()), 0,
                        0);
        return nullptr;
    }
}

JobHandle* OntologyWorkspace::startLoad(const OntologyLoadParams& params) {
    const QString name = params.displayName;
    JobHandle* job = runner_->start(tr("Load and classify %1").arg(name),
                                    [params](jobs::JobContext& ctx) { return loadOntologyDataset(params, ctx); });
    connect(job, &JobHandle::finished, this, [this, job] {
        const OntologyPtr data = job->resultAs<OntologyPtr>();
        const QModelIndex index = model_->addOntology(data);
        view_->selectionModel()->setCurrentIndex(index,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        emit statusMessage(tr("Loaded %1: %2 classes, %3 axioms (%4 in EL), classified in %5 s")
                               .arg(data->name)
                               .arg(data->summary.classes)
                               .arg(data->summary.logical_axioms)
                               .arg(data->summary.el_axioms)
                               .arg(data->classifySeconds, 0, 'f', 2));
        emit ontologyAdded(data);
    });
    connect(job, &JobHandle::failed, this,
            [this, name](const QString& message, const QString& file, quint64 line, quint64 column) {
                emit loadFailed(name, message, file, line, column);
            });
    return job;
}

OntologyPtr OntologyWorkspace::currentOntology() const {
    return model_->ontologyForIndex(view_->currentIndex());
}

void OntologyWorkspace::closeCurrentOntology() {
    if (const OntologyPtr o = currentOntology()) model_->removeOntology(o->id);
}

void OntologyWorkspace::onCurrentChanged() {
    const OntologyPtr o = currentOntology();
    if (ontologyPage_->ontology() != o) ontologyPage_->setOntology(o);
    partitionPage_->setOntology(o);
}

} // namespace kbcx::ui
