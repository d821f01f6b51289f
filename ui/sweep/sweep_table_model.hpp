// The Sweep dialog's table: one row per p⊥ with FVR and MRR as mean ± sample standard deviation
// over seeds and the runs done, filled from the core sweep's runs or from a sweep's summary.csv.
#pragma once

#include "embed/sweep.hpp"

#include <QAbstractTableModel>
#include <QVector>

#include <string>

namespace kbcx::ui {

/// One p⊥ of a sweep. Absent statistics are NaN.
struct SweepRow {
    double pBot = 0;
    int runs = 0;    ///< runs finished (or listed in summary.csv)
    int planned = 0; ///< runs planned for this p⊥ (0 = unknown, e.g. read from a folder)
    double fvrMean = 0, fvrSd = 0, mrrMean = 0, mrrSd = 0;
    bool operator==(const SweepRow&) const = default;
};

/// Rows of a (partial) core sweep result through embed::sweep_summary, in p⊥ order of first
/// appearance; `planned` seeds per p⊥ (0 = unknown).
QVector<SweepRow> sweepRowsFromResult(const embed::SweepResult& result, int planned = 0);

/// Reads a summary.csv as `kbcx sweep` writes it (header p_bot,runs,<metric>_mean,<metric>_sd…;
/// it must have fvr_mean, fvr_sd, mrr_mean, mrr_sd; empty cells are absent values). Throws
/// kbcx::InputError with the 1-based line and column of the first problem.
QVector<SweepRow> readSweepSummaryCsv(const std::string& path);

class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { PBotColumn, FvrColumn, MrrColumn, RunsColumn, ColumnCount };
    /// Custom roles: the numbers behind a cell (FVR/MRR columns: mean and sd; p⊥ column: p⊥;
    /// runs column: runs done).
    enum Role { MeanRole = Qt::UserRole + 1, SdRole, ValueRole };

    explicit SweepTableModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Replaces the rows: rows appended at the end are inserted, changed rows emit dataChanged,
    /// anything else resets the model.
    void setRows(const QVector<SweepRow>& rows);
    void clear() { setRows({}); }
    const QVector<SweepRow>& rows() const { return rows_; }

    /// The table as CSV: p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd (full precision).
    QString toCsv() const;

  private:
    QVector<SweepRow> rows_;
};

} // namespace kbcx::ui
