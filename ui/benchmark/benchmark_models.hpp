// Item models of the Benchmark tab: the rules of a benchmark with their counts, the facts
// (positives or negatives) of one rule, and the split sizes per pattern behind the chart.
#pragma once

#include "ui/benchmark/benchmark_data.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace kbcx::ui {

/// Common roles of the Benchmark tab's models.
enum BenchmarkRole {
    BenchmarkSortRole = Qt::UserRole + 1, ///< numbers as numbers, text as text
    BenchmarkRuleIndexRole,               ///< 0-based rule index (line of rules.txt)
    BenchmarkFactRowRole                  ///< row in the fact model's own order
};

/// One row per rule of rules.txt.
class BenchmarkRuleModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        IndexColumn,
        PatternColumn,
        RuleColumn,
        SupportColumn,
        NewColumn,
        TrainColumn,
        ValidColumn,
        TestColumn,
        NegativesColumn,
        ShortfallColumn,
        ColumnCount
    };

    explicit BenchmarkRuleModel(QObject* parent = nullptr);

    void setBenchmark(BenchmarkPtr benchmark);
    BenchmarkPtr benchmark() const { return benchmark_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Exact definitions (header tooltips).
    static QString columnDefinition(int column);

  private:
    BenchmarkPtr benchmark_;
};

/// The sampled positives of one rule per split, or the negatives aimed at it.
class BenchmarkFactModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum class Kind { Positives, Negatives };
    enum Column { SplitColumn, FactColumn, MethodColumn, InTrainColumn, ColumnCount };

    struct Row {
        bench::GroundFact fact;
        std::uint8_t split = 0;
        QString method; ///< negatives: file method, with the drawing sampler if it differs
        QString text;   ///< R(a,b) / T(a)
        bool inTrain = false;
    };

    explicit BenchmarkFactModel(Kind kind, QObject* parent = nullptr);

    /// Lists the facts of rule `rule` (0-based) of `benchmark`; -1 or null clears.
    void setRule(BenchmarkPtr benchmark, int rule);
    void clear();
    int rule() const { return rule_; }
    Kind kind() const { return kind_; }
    const std::vector<Row>& rows() const { return rows_; }
    const Row* rowAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    Kind kind_;
    BenchmarkPtr benchmark_;
    int rule_ = -1;
    std::vector<Row> rows_;
};

/// Sampled positives per split summed over the rules of each pattern (the chart's numbers).
class PatternSplitModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { PatternColumn, RulesColumn, TrainColumn, ValidColumn, TestColumn, TotalColumn, ColumnCount };

    struct Row {
        QString pattern;
        std::uint64_t rules = 0;
        std::array<std::uint64_t, 3> positives{};
    };

    explicit PatternSplitModel(QObject* parent = nullptr);

    /// Rules without per-rule counts (LogInfer's folders) give one row "all rules" with the
    /// split files' sizes (train: train.txt, which also holds K).
    void setBenchmark(const BenchmarkPtr& benchmark);
    const std::vector<Row>& rows() const { return rows_; }
    bool perRule() const { return perRule_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<Row> rows_;
    bool perRule_ = true;
};

} // namespace kbcx::ui
