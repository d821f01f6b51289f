// Implementation of RunListModel: rows follow the runs' changed() signals; the name column
// carries the check state and the run's chart colour.
#include "ui/training/run_list_model.hpp"

#include "ui/training/training_run.hpp"

#include <QDir>
#include <QLocale>

#include <cmath>

namespace kbcx::ui {

RunListModel::RunListModel(QObject* parent) : QAbstractTableModel(parent) {}

int RunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TrainingRun* run = runs_[index.row()];
    const int column = index.column();
    if (role == RunIdRole) return QVariant::fromValue(run->id());
    if (role == Qt::CheckStateRole && column == NameColumn) return checked_[index.row()] ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DecorationRole && column == NameColumn) return run->color();
    if (role == Qt::TextAlignmentRole && (column == EpochColumn || column == MrrColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (column == StatusColumn && !run->errorMessage().isEmpty()) return run->errorMessage();
        if (column == NameColumn) return tr("Check to overlay this run in the charts");
        if (column == FolderColumn) return QDir::toNativeSeparators(run->folder());
        if (column == DataColumn) return run->dataLabel();
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn: return run->name();
    case ModelColumn: {
        // EL runs name their variant (a run from before the variants trained kbcx).
        const TrainingConfig& c = run->config();
        // R-GCN runs name their variant too: the Training tab trains kbcx's, a run folder of
        // `kbcx train --model rgcn` may hold the authors' (its params.json says which).
        if (c.model == QLatin1String("rgcn"))
            return tr("rgcn (%1), d=%2").arg(c.variant.isEmpty() ? QStringLiteral("kbcx") : c.variant).arg(c.dim);
        if (!c.isEl()) return tr("%1, d=%2").arg(c.model).arg(c.dim);
        return tr("%1 (%2), d=%3").arg(c.model, c.variant.isEmpty() ? QStringLiteral("kbcx") : c.variant).arg(c.dim);
    }
    case DataColumn: {
        const QString label = run->dataLabel();
        return label.startsWith(QLatin1String("dataset:")) ? label.mid(8) : QDir(label).dirName();
    }
    case StatusColumn:
        return run->errorMessage().isEmpty() ? run->statusText()
                                             : tr("%1: %2").arg(run->statusText(), run->errorMessage());
    case EpochColumn: return tr("%1 / %2").arg(run->epochsDone()).arg(run->epochsPlanned());
    case MrrColumn: {
        const double mrr = run->lastValue(QStringLiteral("mrr"));
        return std::isnan(mrr) ? QString() : QLocale().toString(mrr, 'f', 3);
    }
    case FolderColumn: return QDir::toNativeSeparators(run->folder());
    default: return {};
    }
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        role != Qt::CheckStateRole || index.column() != NameColumn)
        return false;
    const bool checked = value.toInt() == Qt::Checked;
    if (checked_[index.row()] == checked) return true;
    checked_[index.row()] = checked;
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checkedRunsChanged();
    return true;
}

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn) f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        static const char* titles[] = {QT_TR_NOOP("Run"),    QT_TR_NOOP("Model"), QT_TR_NOOP("Data"),
                                       QT_TR_NOOP("Status"), QT_TR_NOOP("Epoch"), QT_TR_NOOP("MRR"),
                                       QT_TR_NOOP("Folder")};
        return tr(titles[section]);
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn: return tr("Run name (its folder's name); checked runs are overlaid in the charts");
        case EpochColumn: return tr("Last finished epoch / planned epochs");
        case MrrColumn: return tr("Filtered MRR on the validation split at the last evaluation");
        default: return {};
        }
    }
    return {};
}

void RunListModel::addRun(TrainingRun* run, bool checked) {
    const int row = static_cast<int>(runs_.size());
    beginInsertRows({}, row, row);
    runs_.append(run);
    checked_.append(checked);
    endInsertRows();
    connect(run, &TrainingRun::changed, this, [this, run] { runChanged(run); });
    connect(run, &TrainingRun::metricsChanged, this, [this, run] { runChanged(run); });
    if (checked) emit checkedRunsChanged();
}

bool RunListModel::removeRun(TrainingRun* run) {
    const int row = rowOf(run);
    if (row < 0) return false;
    const bool wasChecked = checked_[row];
    beginRemoveRows({}, row, row);
    runs_.removeAt(row);
    checked_.removeAt(row);
    endRemoveRows();
    disconnect(run, nullptr, this, nullptr);
    if (wasChecked) emit checkedRunsChanged();
    return true;
}

TrainingRun* RunListModel::runAt(int row) const {
    return row >= 0 && row < runs_.size() ? runs_[row] : nullptr;
}

TrainingRun* RunListModel::runForIndex(const QModelIndex& index) const {
    return index.isValid() && index.model() == this ? runAt(index.row()) : nullptr;
}

int RunListModel::rowOf(const TrainingRun* run) const {
    for (int i = 0; i < runs_.size(); ++i)
        if (runs_[i] == run) return i;
    return -1;
}

TrainingRun* RunListModel::runForFolder(const QString& folder) const {
    for (TrainingRun* run : runs_)
        if (run->folder() == folder) return run;
    return nullptr;
}

bool RunListModel::isChecked(const TrainingRun* run) const {
    const int row = rowOf(run);
    return row >= 0 && checked_[row];
}

void RunListModel::setChecked(TrainingRun* run, bool checked) {
    const int row = rowOf(run);
    if (row >= 0) setData(index(row, NameColumn), checked ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
}

QVector<TrainingRun*> RunListModel::checkedRuns() const {
    QVector<TrainingRun*> out;
    for (int i = 0; i < runs_.size(); ++i)
        if (checked_[i]) out.append(runs_[i]);
    return out;
}

void RunListModel::runChanged(TrainingRun* run) {
    const int row = rowOf(run);
    if (row >= 0) emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

} // namespace kbcx::ui
