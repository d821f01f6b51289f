// The numbers behind one Training chart as a table (the charts' text alternative): one row
// per epoch, one column per overlaid run, the same values the chart's series hold.
#pragma once

#include <QAbstractTableModel>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace kbcx::ui {

class TrainingRun;

class ChartDataModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    explicit ChartDataModel(QObject* parent = nullptr);

    /// Shows `metric` of `runs` (rebuilds the table; call again when values change).
    void setSource(const QString& metric, const QVector<TrainingRun*>& runs);
    QString metric() const { return metric_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    QString metric_;
    QStringList runNames_;
    QVector<int> epochs_;
    QVector<QMap<int, double>> values_; ///< per run: epoch → value
};

} // namespace kbcx::ui
