// The "Ontology" tab: asserted or inferred class tree (equivalents merged, unsatisfiable
// classes under owl:Nothing in red), search, class details with the proof of the selected
// subsumption, the normal forms (filterable by form) and the dropped non-EL constructs.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "ui/ontology/onto_data.hpp"
#include <QPointer>

#include <QAbstractTableModel>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QTableWidget;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace kbcx::ui {

class ClassHierarchyModel;
class JobHandle;
class JobRunner;
class ProofView;

/// The normal forms of an ontology: columns Form, Axiom (text syntax).
class NormalFormTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    explicit NormalFormTableModel(QObject* parent = nullptr);
    void setOntology(OntologyPtr ontology);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    OntologyPtr ontology_;
};

class OntologyPage : public QWidget {
    Q_OBJECT
  public:
    explicit OntologyPage(JobRunner* runner, QWidget* parent = nullptr);

    void setOntology(OntologyPtr ontology);
    OntologyPtr ontology() const { return ontology_; }

    /// true: the inferred hierarchy (taxonomy); false: the asserted one.
    void setInferred(bool inferred);
    bool inferred() const;
    /// Finds the first class whose name contains `text` and selects it; false if none.
    bool findClass(const QString& text);
    /// Restricts the normal-forms table to one form ("" = all).
    void setNormalFormFilter(const QString& nf);

    QTreeView* classView() const { return classView_; }
    ClassHierarchyModel* hierarchyModel() const { return hierarchy_; }
    NormalFormTableModel* normalFormModel() const { return nfModel_; }
    QSortFilterProxyModel* normalFormProxy() const { return nfProxy_; }
    QTableWidget* droppedTable() const { return dropped_; }
    ProofView* proofView() const { return proof_; }
    QTextBrowser* detailsView() const { return details_; }
    QTabWidget* sideTabs() const { return side_; }
    /// The job computing the current class's details and proof (null when none ran).
    JobHandle* detailsJob() const { return detailsJob_; }

  signals:
    void detailsReady();

  private:
    void onCurrentClassChanged(const QModelIndex& current);
    void updateSummary();

    JobRunner* runner_;
    OntologyPtr ontology_;
    QStackedWidget* stack_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* summary_ = nullptr;
    QComboBox* mode_ = nullptr;
    QLineEdit* search_ = nullptr;
    QTreeView* classView_ = nullptr;
    ClassHierarchyModel* hierarchy_ = nullptr;
    QTabWidget* side_ = nullptr;
    QTextBrowser* details_ = nullptr;
    ProofView* proof_ = nullptr;
    QComboBox* nfFilter_ = nullptr;
    QTableView* nfView_ = nullptr;
    NormalFormTableModel* nfModel_ = nullptr;
    QSortFilterProxyModel* nfProxy_ = nullptr;
    QTableWidget* dropped_ = nullptr;
    QPointer<JobHandle> detailsJob_; // null once the jobs dock clears the finished job
    quint64 detailsGeneration_ = 0;
};

} // namespace kbcx::ui
