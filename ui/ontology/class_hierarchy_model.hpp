// The Ontology tab's class tree: a lazy tree over a HierarchySnapshot (a DAG whose classes
// appear under each of their parents, as in Protégé), with unsatisfiable classes flagged.
#pragma once

#include "ui/ontology/onto_data.hpp"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace kbcx::ui {

/// Top-level rows: owl:Thing, then owl:Nothing when some class is unsatisfiable. Child items
/// are created when first asked for, so a large multiple-inheritance DAG costs only what is
/// expanded. One column.
class ClassHierarchyModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Role {
        NodeRole = Qt::UserRole + 1, ///< index into the snapshot's nodes
        ConceptRole,                 ///< conceptId name id (-1 for owl:Thing / owl:Nothing)
        ParentConceptRole,           ///< conceptId id of the parent row (-1 at and under a root)
        UnsatisfiableRole,           ///< bool
        IriRole,                     ///< the stored name (full IRI)
    };

    explicit ClassHierarchyModel(QObject* parent = nullptr);
    ~ClassHierarchyModel() override;

    /// Shows `snapshot` (null: empty). The snapshot must outlive its use here (it is owned
    /// by the OntologyData the caller keeps).
    void setSnapshot(const HierarchySnapshot* snapshot);
    const HierarchySnapshot* snapshot() const { return snapshot_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The index of the first occurrence of snapshot node `node` along a shortest path from the
    /// roots (invalid if unreachable).
    QModelIndex indexOfNode(int node) const;

  private:
    struct Item {
        int node = 0;
        Item* parent = nullptr;
        int row = 0;
        bool built = false;
        std::vector<std::unique_ptr<Item>> kids;
    };
    Item* itemFor(const QModelIndex& index) const;
    void build(Item* item) const;
    const std::vector<int>& childNodes(const Item* item) const;

    const HierarchySnapshot* snapshot_ = nullptr;
    mutable Item root_;
    std::vector<int> topNodes_;
};

} // namespace kbcx::ui
