// Implementation of ClassHierarchyModel: items own their children, built on first access;
// internal pointers address items, the invisible root item holds the top-level rows.
#include "ui/ontology/class_hierarchy_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <deque>

namespace kbcx::ui {

ClassHierarchyModel::ClassHierarchyModel(QObject* parent) : QAbstractItemModel(parent) {
    root_.node = -1;
    // View → Names: same rows, other texts (nodes carry every style)
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this, [this] {
        emit layoutAboutToBeChanged();
        emit layoutChanged();
    });
}

ClassHierarchyModel::~ClassHierarchyModel() = default;

void ClassHierarchyModel::setSnapshot(const HierarchySnapshot* snapshot) {
    beginResetModel();
    snapshot_ = snapshot;
    root_.kids.clear();
    root_.built = false;
    topNodes_.clear();
    if (snapshot_ && snapshot_->nodes.size() >= 2) {
        topNodes_.push_back(0);
        if (!snapshot_->nodes[1].children.empty()) topNodes_.push_back(1);
    }
    endResetModel();
}

const std::vector<int>& ClassHierarchyModel::childNodes(const Item* item) const {
    if (item == &root_) return topNodes_;
    return snapshot_->nodes[static_cast<std::size_t>(item->node)].children;
}

void ClassHierarchyModel::build(Item* item) const {
    if (item->built) return;
    item->built = true;
    const std::vector<int>& nodes = childNodes(item);
    item->kids.reserve(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        auto kid = std::make_unique<Item>();
        kid->node = nodes[i];
        kid->parent = item;
        kid->row = static_cast<int>(i);
        item->kids.push_back(std::move(kid));
    }
}

ClassHierarchyModel::Item* ClassHierarchyModel::itemFor(const QModelIndex& index) const {
    if (!index.isValid()) return &root_;
    return static_cast<Item*>(index.internalPointer());
}

QModelIndex ClassHierarchyModel::index(int row, int column, const QModelIndex& parent) const {
    if (!snapshot_ || row < 0 || column != 0 || (parent.isValid() && parent.column() != 0)) return {};
    Item* p = itemFor(parent);
    build(p);
    if (row >= static_cast<int>(p->kids.size())) return {};
    return createIndex(row, column, p->kids[static_cast<std::size_t>(row)].get());
}

QModelIndex ClassHierarchyModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Item* item = itemFor(child);
    Item* p = item->parent;
    if (!p || p == &root_) return {};
    return createIndex(p->row, 0, p);
}

int ClassHierarchyModel::rowCount(const QModelIndex& parent) const {
    if (!snapshot_ || (parent.isValid() && parent.column() != 0)) return 0;
    return static_cast<int>(childNodes(itemFor(parent)).size());
}

int ClassHierarchyModel::columnCount(const QModelIndex&) const {
    return 1;
}

bool ClassHierarchyModel::hasChildren(const QModelIndex& parent) const {
    return rowCount(parent) > 0;
}

QVariant ClassHierarchyModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !snapshot_) return {};
    const Item* item = itemFor(index);
    const HierarchyNode& n = snapshot_->nodes[static_cast<std::size_t>(item->node)];
    switch (role) {
    case Qt::DisplayRole: {
        const QStringList eq = n.shownEquivalents();
        if (!eq.isEmpty()) return n.name() + QStringLiteral("  ≡ ") + eq.join(QStringLiteral(", "));
        return n.name();
    }
    case Qt::ToolTipRole: {
        QString tip = n.iri.toHtmlEscaped();
        if (n.unsatisfiable)
            tip += tr("<br><b>Unsatisfiable</b>: the ontology entails %1 ⊑ ⊥").arg(n.name().toHtmlEscaped());
        if (const QStringList eq = n.shownEquivalents(); !eq.isEmpty())
            tip += tr("<br>Equivalent classes: %1").arg(eq.join(QStringLiteral(", ")).toHtmlEscaped());
        return tip;
    }
    case Qt::ForegroundRole:
        if (n.unsatisfiable || item->node == 1) return QBrush(QColor(0xc6, 0x28, 0x28));
        if (item->node == 0) return QBrush(QColor(0x55, 0x55, 0x55));
        break;
    case Qt::FontRole:
        if (item->node <= 1) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        if (n.unsatisfiable) {
            QFont f;
            f.setBold(true);
            return f;
        }
        break;
    case NodeRole: return item->node;
    case ConceptRole: return n.conceptId == onto::kNone ? -1 : static_cast<qlonglong>(n.conceptId);
    case ParentConceptRole: {
        if (!item->parent || item->parent == &root_) return -1;
        const HierarchyNode& p = snapshot_->nodes[static_cast<std::size_t>(item->parent->node)];
        return p.conceptId == onto::kNone ? -1 : static_cast<qlonglong>(p.conceptId);
    }
    case UnsatisfiableRole: return n.unsatisfiable;
    case IriRole: return n.iri;
    }
    return {};
}

QVariant ClassHierarchyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && section == 0 && role == Qt::DisplayRole) return tr("Class");
    return {};
}

QModelIndex ClassHierarchyModel::indexOfNode(int node) const {
    if (!snapshot_ || node < 0 || node >= static_cast<int>(snapshot_->nodes.size())) return {};
    // BFS from the top-level nodes over the snapshot, remembering (parent node, row).
    const std::size_t n = snapshot_->nodes.size();
    std::vector<int> from(n, -2), rowIn(n, -1);
    std::deque<int> queue;
    for (std::size_t i = 0; i < topNodes_.size(); ++i) {
        from[static_cast<std::size_t>(topNodes_[i])] = -1;
        rowIn[static_cast<std::size_t>(topNodes_[i])] = static_cast<int>(i);
        queue.push_back(topNodes_[i]);
    }
    while (!queue.empty() && from[static_cast<std::size_t>(node)] == -2) {
        const int v = queue.front();
        queue.pop_front();
        const auto& kids = snapshot_->nodes[static_cast<std::size_t>(v)].children;
        for (std::size_t i = 0; i < kids.size(); ++i) {
            const auto k = static_cast<std::size_t>(kids[i]);
            if (from[k] != -2) continue;
            from[k] = v;
            rowIn[k] = static_cast<int>(i);
            queue.push_back(kids[i]);
        }
    }
    if (from[static_cast<std::size_t>(node)] == -2) return {};
    std::vector<int> rows;
    for (int v = node; v != -1; v = from[static_cast<std::size_t>(v)])
        rows.push_back(rowIn[static_cast<std::size_t>(v)]);
    QModelIndex idx;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        idx = index(*it, 0, idx);
    return idx;
}

} // namespace kbcx::ui
