// The Training tab's list of runs: one row per TrainingRun with a check box (overlay in the
// charts), its colour, model, data, status, epoch, last validation MRR and folder.
#pragma once

#include <QAbstractTableModel>
#include <QVector>

namespace kbcx::ui {

class TrainingRun;

class RunListModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,
        ModelColumn,
        DataColumn,
        StatusColumn,
        EpochColumn,
        MrrColumn,
        FolderColumn,
        ColumnCount
    };
    enum Role { RunIdRole = Qt::UserRole + 1 };

    explicit RunListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Appends `run` (the model does not own it), checked.
    void addRun(TrainingRun* run, bool checked = true);
    /// Removes the row of `run`; returns whether it was there.
    bool removeRun(TrainingRun* run);
    int count() const { return static_cast<int>(runs_.size()); }
    TrainingRun* runAt(int row) const;
    TrainingRun* runForIndex(const QModelIndex& index) const;
    int rowOf(const TrainingRun* run) const;
    TrainingRun* runForFolder(const QString& folder) const;
    const QVector<TrainingRun*>& runs() const { return runs_; }

    bool isChecked(const TrainingRun* run) const;
    void setChecked(TrainingRun* run, bool checked);
    /// The checked runs, in row order (the runs the charts overlay).
    QVector<TrainingRun*> checkedRuns() const;

  signals:
    /// The set of checked runs changed.
    void checkedRunsChanged();

  private:
    void runChanged(TrainingRun* run);

    QVector<TrainingRun*> runs_;
    QVector<bool> checked_;
};

} // namespace kbcx::ui
