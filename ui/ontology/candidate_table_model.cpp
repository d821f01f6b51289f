// Implementation of CandidateTableModel.
#include "ui/ontology/candidate_table_model.hpp"

#include "ui/common/name_style_setting.hpp"
#include "ui/ontology/proof_view.hpp"

#include <QBrush>
#include <QColor>

namespace kbcx::ui {

CandidateTableModel::CandidateTableModel(QObject* parent) : QAbstractTableModel(parent) {
    // View → Names: the rows carry every style, so switching only repaints.
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this, [this] {
        if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    });
}

void CandidateTableModel::setRows(std::vector<CandidateRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    warnings_.assign(rows_.size(), QString());
    domains_.assign(rows_.size(), 0);
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].p.computed) warnings_[i] = countDisagreement(rows_[i], domains_[i] ? domains_[i] : 2);
    stale_ = false;
    endResetModel();
}

void CandidateTableModel::appendRows(std::vector<CandidateRow> rows) {
    if (rows.empty()) return;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    for (auto& r : rows) {
        rows_.push_back(std::move(r));
        warnings_.emplace_back();
        domains_.push_back(0);
    }
    endInsertRows();
}

void CandidateTableModel::setP(int i, PValue p, unsigned domain) {
    if (i < 0 || i >= rowCount()) return;
    auto& r = rows_[static_cast<std::size_t>(i)];
    r.p = std::move(p);
    domains_[static_cast<std::size_t>(i)] = domain;
    warnings_[static_cast<std::size_t>(i)] = countDisagreement(r, domain);
    emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
}

void CandidateTableModel::clearP() {
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        rows_[i].p = PValue();
        warnings_[i].clear();
    }
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void CandidateTableModel::setStale(bool stale) {
    if (stale_ == stale) return;
    stale_ = stale;
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int CandidateTableModel::warningCount() const {
    int n = 0;
    for (const QString& w : warnings_)
        n += w.isEmpty() ? 0 : 1;
    return n;
}

int CandidateTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CandidateTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto i = static_cast<std::size_t>(index.row());
    const CandidateRow& r = rows_[i];
    const QString& warning = warnings_[i];
    const bool checked = r.error.isEmpty() && !r.nf.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case AxiomColumn:
            if (role == Qt::EditRole) return r.axiom;
            if (!r.note.isEmpty()) return shownAxiom(r) + QStringLiteral("   (") + r.note + QLatin1Char(')');
            return shownAxiom(r);
        case FormColumn: return r.nf;
        case StatusColumn:
            if (!r.error.isEmpty()) return tr("error");
            return checked ? statusText(r.status) : QString();
        case PColumn: return r.p.computed ? r.p.fraction : (r.p.error.isEmpty() ? QString() : tr("—"));
        case PDecimalColumn: return r.p.computed ? QVariant(r.p.decimal) : QVariant();
        case CheckColumn:
            if (!r.error.isEmpty()) return r.error;
            if (!warning.isEmpty()) return QStringLiteral("⚠ ") + warning;
            if (!r.p.computed && !r.p.error.isEmpty()) return r.p.error;
            return r.p.computed ? tr("agrees") : QString();
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case StatusColumn:
            return checked ? statusToolTip(r.status) + QStringLiteral("\n") + readingToolTip(r.reading) : r.error;
        case PColumn:
        case PDecimalColumn: return tr("P(α|O) = #(O ∪ {α}) / #(O), Herbrand models over a bounded domain Δ");
        case CheckColumn: return !warning.isEmpty() ? warning : (r.error.isEmpty() ? r.p.error : r.error);
        default:
            if (!r.note.isEmpty())
                return shownAxiom(r) + QStringLiteral("\n") + r.note +
                       tr(": not in the ontology. C(a) is entailed only when owl:Thing SubClassOf C is, "
                          "contradictory only when C is unsatisfiable; r(a,b) is never entailed.");
            return shownAxiom(r);
        }
    case Qt::BackgroundRole:
        if (!r.error.isEmpty()) return QBrush(QColor(0xee, 0xee, 0xee));
        if (index.column() == CheckColumn && !warning.isEmpty()) return QBrush(QColor(0xff, 0xe0, 0x82));
        if (checked && (index.column() == StatusColumn || index.column() == AxiomColumn))
            return QBrush(statusColor(r.status));
        break;
    case Qt::ForegroundRole:
        if (stale_) return QBrush(QColor(0x9e, 0x9e, 0x9e));
        if (!r.error.isEmpty()) return QBrush(QColor(0xc6, 0x28, 0x28));
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == PColumn || index.column() == PDecimalColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case StatusRole: return checked ? static_cast<int>(r.status) : -1;
    case WarningRole: return warning;
    case ProofRole: return shownProof(r);
    }
    return {};
}

QVariant CandidateTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case AxiomColumn: return tr("Axiom");
        case FormColumn: return tr("Form");
        case StatusColumn: return tr("Status");
        case PColumn: return tr("P(α|O)");
        case PDecimalColumn: return tr("P (decimal)");
        case CheckColumn: return tr("Count vs status");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PColumn:
            return tr("P(α|O) = #(O ∪ {α}) / #(O): the fraction of Herbrand models of O over Δ (|Δ| chosen "
                      "above, named individuals first) that also satisfy α. Exact, reduced.");
        case PDecimalColumn: return tr("P(α|O) rounded to six digits (half up)");
        case CheckColumn:
            return tr("Where the count's endpoints disagree with the reasoner's status (P = 0 or 1 for an "
                      "undetermined axiom, P < 1 for an entailed one, P > 0 for a contradiction) the difference is "
                      "shown here: the bounded Herbrand domain is not the reasoner's open-domain semantics.");
        case StatusColumn:
            return tr("entailed: O ⊨ α; contradictory: O ∪ {α} ⊨ ⊥ (or, under the incoherence reading, α makes a "
                      "satisfiable named class unsatisfiable); undetermined: neither");
        }
    }
    return {};
}

Qt::ItemFlags CandidateTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (editable_ && index.isValid() && index.column() == AxiomColumn) f |= Qt::ItemIsEditable;
    return f;
}

bool CandidateTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!editable_ || role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) ||
        index.column() != AxiomColumn)
        return false;
    auto& r = rows_[static_cast<std::size_t>(index.row())];
    const QString text = value.toString();
    if (text == r.axiom) return true;
    r.axiom = text;
    r.axiomIn = {}; // the styled forms are of the old text
    r.proofIn = {};
    emit dataChanged(index, index);
    emit axiomsEdited();
    return true;
}

bool CandidateTableModel::insertRows(int row, int count, const QModelIndex& parent) {
    if (!editable_ || parent.isValid() || row < 0 || row > rowCount() || count <= 0) return false;
    beginInsertRows({}, row, row + count - 1);
    rows_.insert(rows_.begin() + row, static_cast<std::size_t>(count), CandidateRow());
    warnings_.insert(warnings_.begin() + row, static_cast<std::size_t>(count), QString());
    domains_.insert(domains_.begin() + row, static_cast<std::size_t>(count), 0u);
    endInsertRows();
    emit axiomsEdited();
    return true;
}

bool CandidateTableModel::removeRows(int row, int count, const QModelIndex& parent) {
    if (!editable_ || parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) return false;
    beginRemoveRows({}, row, row + count - 1);
    rows_.erase(rows_.begin() + row, rows_.begin() + row + count);
    warnings_.erase(warnings_.begin() + row, warnings_.begin() + row + count);
    domains_.erase(domains_.begin() + row, domains_.begin() + row + count);
    endRemoveRows();
    emit axiomsEdited();
    return true;
}

} // namespace kbcx::ui
