// Item models of the Hierarchy and Inversions tabs: the metrics of one evaluation and normal
// form, the histogram's bins, the scatter's points (the charts' text alternatives) and the
// violating pairs; plus CSV export of any table model.
#pragma once

#include "ui/common/name_style_setting.hpp"
#include "ui/eval/evaluation.hpp"

#include <QAbstractTableModel>

#include <unordered_map>

namespace kbcx::ui {

/// Metric | Value | Note. Value is text ("0.8125", "n/a"); NumericRole holds the number
/// (invalid when not computable); ToolTipRole gives the exact definition.
class MetricsTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { MetricColumn, ValueColumn, NoteColumn, ColumnCount };
    enum Role { NumericRole = Qt::UserRole + 1, KeyRole };
    using QAbstractTableModel::QAbstractTableModel;

    void setMetrics(EvaluationPtr evaluation, std::optional<std::uint32_t> nf);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    /// Row of a metric key ("auc_pm", "fvr", "n_entailed", …), -1 if absent.
    int rowOfKey(const QString& key) const;

  private:
    struct Row {
        QString key, name, value, note, definition;
        QVariant number;
    };
    std::vector<Row> rows_;
};

/// Bin | From | To | T+ | T? | T− — the numbers behind the histogram.
class HistogramTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        BinColumn,
        FromColumn,
        ToColumn,
        EntailedColumn,
        UndeterminedColumn,
        ContradictoryColumn,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;
    void setHistogram(const Histogram& histogram);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    Histogram h_;
};

/// Axiom | NF | P | Score — the points of the score-vs-P scatter (T? with P).
class ScatterTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { AxiomColumn, NfColumn, PColumn, ScoreColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setPoints(EvaluationPtr evaluation, std::vector<eval::ScorePoint> points);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    EvaluationPtr evaluation_;
    std::vector<eval::ScorePoint> points_;
};

/// One row per violating pair, largest margin first: # | Margin | Should be lower (axiom,
/// status, score) | Should be higher (axiom, status, score) | NF. Sorting by a proxy uses
/// SortRole (numbers for numeric columns).
class InversionTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        RankColumn,
        MarginColumn,
        LowerAxiomColumn,
        LowerScoreColumn,
        HigherAxiomColumn,
        HigherStatusColumn,
        HigherScoreColumn,
        NfColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, LowerAxiomRole, HigherAxiomRole };
    using QAbstractTableModel::QAbstractTableModel;
    void setInversions(EvaluationPtr evaluation, InversionList list);
    /// The listed axioms (test axiom id → text in each NameStyle) as the ontology names them;
    /// axioms without one show the tests file's text.
    void setShownAxioms(std::unordered_map<std::uint32_t, StyledText> shown);
    /// Repaints the axiom columns after View → Names changed.
    void nameStyleChanged();
    const InversionList& inversions() const { return list_; }
    EvaluationPtr evaluation() const { return evaluation_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    EvaluationPtr evaluation_;
    InversionList list_;
    std::unordered_map<std::uint32_t, StyledText> shown_;
};

/// Writes a table model (header and Qt::DisplayRole, RFC 4180 quoting) as UTF-8 CSV.
bool writeCsv(const QAbstractItemModel& model, const QString& path, QString* error = nullptr);

} // namespace kbcx::ui
