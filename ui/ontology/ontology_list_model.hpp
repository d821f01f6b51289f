// The explorer's "Ontologies" list: one top-level row per loaded ontology with its counts, and
// under it the EL part by normal form and each dropped non-EL construct with its count.
#pragma once

#include "ui/ontology/onto_data.hpp"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace kbcx::ui {

/// Tree:
///   ontology                      Name | Classes | Properties | Individuals | Axioms | EL | Dropped
///     GCI0 … RA (non-zero only)   normal form | count in the Axioms column
///     dropped: CONSTRUCT          construct   | axioms using it in the Dropped column
/// Counts are numbers in Qt::DisplayRole.
class OntologyListModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,
        ClassesColumn,
        PropertiesColumn,
        IndividualsColumn,
        AxiomsColumn,
        ElColumn,
        DroppedColumn,
        ColumnCount
    };
    enum Role { OntologyIdRole = Qt::UserRole + 1, IsOntologyRole };

    explicit OntologyListModel(QObject* parent = nullptr);
    ~OntologyListModel() override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QModelIndex addOntology(OntologyPtr ontology);
    bool removeOntology(quint64 id);
    int ontologyCount() const { return static_cast<int>(entries_.size()); }
    OntologyPtr ontologyAt(int row) const;
    /// The ontology an index belongs to (at any depth), or null.
    OntologyPtr ontologyForIndex(const QModelIndex& index) const;

  private:
    struct Row {
        QString name;
        std::size_t count = 0;
        bool dropped = false;
        QString tip;
    };
    struct Entry {
        OntologyPtr ontology;
        std::vector<Row> rows;
    };
    int rowOf(const Entry* e) const;
    std::vector<std::unique_ptr<Entry>> entries_;
};

} // namespace kbcx::ui
