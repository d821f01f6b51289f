// Implementation of ChartDataModel: the union of the runs' epochs as rows; a cell is empty
// where a run has no value at that epoch.
#include "ui/training/chart_data_model.hpp"

#include "ui/training/training_run.hpp"

#include <QLocale>

#include <algorithm>

namespace kbcx::ui {

ChartDataModel::ChartDataModel(QObject* parent) : QAbstractTableModel(parent) {}

void ChartDataModel::setSource(const QString& metric, const QVector<TrainingRun*>& runs) {
    beginResetModel();
    metric_ = metric;
    runNames_.clear();
    values_.clear();
    epochs_.clear();
    for (const TrainingRun* run : runs) {
        runNames_ << run->name();
        QMap<int, double> byEpoch;
        for (const QPointF& p : run->series(metric)) {
            byEpoch.insert(static_cast<int>(p.x()), p.y());
            epochs_.append(static_cast<int>(p.x()));
        }
        values_.append(byEpoch);
    }
    std::sort(epochs_.begin(), epochs_.end());
    epochs_.erase(std::unique(epochs_.begin(), epochs_.end()), epochs_.end());
    endResetModel();
}

int ChartDataModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(epochs_.size());
}

int ChartDataModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(runNames_.size());
}

QVariant ChartDataModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int epoch = epochs_[index.row()];
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (index.column() == 0) return role == Qt::DisplayRole || role == Qt::EditRole ? QVariant(epoch) : QVariant();
    const auto& column = values_[index.column() - 1];
    const auto it = column.find(epoch);
    if (it == column.end()) return {};
    if (role == Qt::EditRole) return it.value(); // full precision (tests, copying)
    if (role == Qt::DisplayRole) return QLocale().toString(it.value(), 'g', 6);
    return {};
}

QVariant ChartDataModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    return section == 0 ? tr("Epoch") : runNames_[section - 1];
}

} // namespace kbcx::ui
