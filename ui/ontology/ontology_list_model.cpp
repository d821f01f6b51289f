// Implementation of OntologyListModel: top-level rows carry no internal pointer, child rows
// point at their ontology's entry.
#include "ui/ontology/ontology_list_model.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QColor>
#include <QFont>
#include <QLocale>

namespace kbcx::ui {

namespace {

QString nfForm(onto::NormalForm nf) {
    switch (nf) {
    case onto::NormalForm::GCI0: return QStringLiteral("A ⊑ B");
    case onto::NormalForm::GCI0_BOT: return QStringLiteral("A ⊑ ⊥");
    case onto::NormalForm::GCI1: return QStringLiteral("A ⊓ B ⊑ C");
    case onto::NormalForm::GCI1_BOT: return QStringLiteral("A ⊓ B ⊑ ⊥");
    case onto::NormalForm::GCI2: return QStringLiteral("A ⊑ ∃r.B");
    case onto::NormalForm::GCI3: return QStringLiteral("∃r.A ⊑ B");
    case onto::NormalForm::GCI3_BOT: return QStringLiteral("∃r.A ⊑ ⊥");
    case onto::NormalForm::RI: return QStringLiteral("r ⊑ s");
    case onto::NormalForm::RC: return QStringLiteral("r ∘ s ⊑ t");
    case onto::NormalForm::RANGE: return QStringLiteral("range(r) ⊑ A");
    case onto::NormalForm::CA: return QStringLiteral("A(a)");
    case onto::NormalForm::RA: return QStringLiteral("r(a, b)");
    }
    return {};
}

QVariant number(std::size_t n) {
    return QVariant::fromValue<qulonglong>(n);
}

} // namespace

OntologyListModel::OntologyListModel(QObject* parent) : QAbstractItemModel(parent) {}
OntologyListModel::~OntologyListModel() = default;

QModelIndex OntologyListModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) return row < ontologyCount() ? createIndex(row, column, nullptr) : QModelIndex();
    if (parent.internalPointer() || parent.column() != NameColumn) return {};
    Entry* e = entries_[static_cast<std::size_t>(parent.row())].get();
    if (row >= static_cast<int>(e->rows.size())) return {};
    return createIndex(row, column, e);
}

QModelIndex OntologyListModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || !child.internalPointer()) return {};
    return createIndex(rowOf(static_cast<const Entry*>(child.internalPointer())), NameColumn, nullptr);
}

int OntologyListModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return ontologyCount();
    if (parent.internalPointer() || parent.column() != NameColumn) return 0;
    return static_cast<int>(entries_[static_cast<std::size_t>(parent.row())]->rows.size());
}

int OntologyListModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant OntologyListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int col = index.column();
    if (role == Qt::TextAlignmentRole && col != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (!index.internalPointer()) {
        const OntologyData& d = *entries_[static_cast<std::size_t>(index.row())]->ontology;
        const auto& s = d.summary;
        switch (role) {
        case Qt::DisplayRole:
            switch (col) {
            case NameColumn: return d.name;
            case ClassesColumn: return number(s.classes);
            case PropertiesColumn: return number(s.object_properties);
            case IndividualsColumn: return number(s.individuals);
            case AxiomsColumn: return number(s.logical_axioms);
            case ElColumn: return number(s.el_axioms);
            case DroppedColumn: return number(s.dropped_axioms);
            }
            break;
        case Qt::FontRole:
            if (col == NameColumn) {
                QFont f;
                f.setBold(true);
                return f;
            }
            break;
        case Qt::ToolTipRole:
            return tr("<b>%1</b><br>%2<br>%3 classes, %4 unsatisfiable, %5 entailed subsumptions; %6<br>"
                      "%7 logical axioms, %8 in EL, %9 dropped<br>Loaded and classified in %10 s")
                .arg(d.name.toHtmlEscaped(), d.sources.join(QStringLiteral("<br>")).toHtmlEscaped())
                .arg(d.namedClasses)
                .arg(d.unsatisfiable)
                .arg(d.subsumptions)
                .arg(d.consistent ? tr("consistent") : tr("<b>inconsistent</b>"))
                .arg(s.logical_axioms)
                .arg(s.el_axioms)
                .arg(s.dropped_axioms)
                .arg(d.seconds, 0, 'f', 2);
        case OntologyIdRole: return QVariant::fromValue<qulonglong>(d.id);
        case IsOntologyRole: return true;
        }
        return {};
    }
    const auto* e = static_cast<const Entry*>(index.internalPointer());
    const Row& r = e->rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (col == NameColumn) return r.dropped ? tr("dropped: %1").arg(r.name) : r.name;
        if (col == (r.dropped ? DroppedColumn : AxiomsColumn)) return number(r.count);
        break;
    case Qt::ForegroundRole:
        if (r.dropped) return QColor(0xb2, 0x5c, 0x00);
        break;
    case Qt::ToolTipRole: return r.tip;
    case OntologyIdRole: return QVariant::fromValue<qulonglong>(e->ontology->id);
    case IsOntologyRole: return false;
    }
    return {};
}

QVariant OntologyListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Ontology");
        case ClassesColumn: return tr("Classes");
        case PropertiesColumn: return tr("Properties");
        case IndividualsColumn: return tr("Individuals");
        case AxiomsColumn: return tr("Axioms");
        case ElColumn: return tr("EL");
        case DroppedColumn: return tr("Dropped");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AxiomsColumn: return tr("Logical axioms as read; for a normal form, its count after normalisation");
        case ElColumn: return tr("Axioms in the EL part (kept by the EL filter)");
        case DroppedColumn:
            return tr("Axioms outside EL, dropped by the EL filter; per construct, the axioms using it");
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && section != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QModelIndex OntologyListModel::addOntology(OntologyPtr ontology) {
    auto e = std::make_unique<Entry>();
    e->ontology = std::move(ontology);
    const auto& s = e->ontology->summary;
    for (int i = 0; i < onto::kNumNormalForms; ++i) {
        if (!s.normal_forms[i]) continue;
        const auto nf = static_cast<onto::NormalForm>(i);
        e->rows.push_back({QString::fromLatin1(onto::normal_form_name(nf)), s.normal_forms[i], false,
                           tr("Normal form %1: %2").arg(QString::fromLatin1(onto::normal_form_name(nf)), nfForm(nf))});
    }
    for (const auto& [construct, n] : s.dropped_constructs)
        e->rows.push_back({QString::fromStdString(construct), n, true,
                           tr("%1 axioms use %2, which is outside EL; the EL filter dropped them")
                               .arg(n)
                               .arg(QString::fromStdString(construct))});
    const int row = ontologyCount();
    beginInsertRows({}, row, row);
    entries_.push_back(std::move(e));
    endInsertRows();
    return index(row, NameColumn);
}

bool OntologyListModel::removeOntology(quint64 id) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i]->ontology->id != id) continue;
        beginRemoveRows({}, static_cast<int>(i), static_cast<int>(i));
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        endRemoveRows();
        return true;
    }
    return false;
}

OntologyPtr OntologyListModel::ontologyAt(int row) const {
    if (row < 0 || row >= ontologyCount()) return {};
    return entries_[static_cast<std::size_t>(row)]->ontology;
}

OntologyPtr OntologyListModel::ontologyForIndex(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this) return {};
    QModelIndex top = index;
    while (top.parent().isValid())
        top = top.parent();
    return ontologyAt(top.row());
}

int OntologyListModel::rowOf(const Entry* e) const {
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].get() == e) return static_cast<int>(i);
    return -1;
}

} // namespace kbcx::ui
