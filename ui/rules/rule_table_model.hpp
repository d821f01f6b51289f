// Table model of the Rules tab: one row per rule (from a rule file or from patterns) with its
// pattern, support, new conclusions and, after a materialisation, the facts it derived.
#pragma once

#include "rules/program.hpp"
#include "rules/rule_jobs.hpp"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace kbcx::ui {

class RuleTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { IndexColumn, RuleColumn, PatternColumn, SupportColumn, NewColumn, DerivedColumn, ColumnCount };
    enum Role {
        RuleIndexRole = Qt::UserRole + 1, ///< index into Program::rules()
        SortRole                          ///< numbers as numbers, text as text
    };

    explicit RuleTableModel(QObject* parent = nullptr);

    /// Shows the scored rules of `program`. Resets the model and forgets derived counts.
    void setRules(std::shared_ptr<const rules::Program> program, std::vector<rules::RuleRow> rows);
    void clear();
    /// Facts whose recorded derivation uses each rule (MaterialiseStats::derived_per_rule,
    /// indexed by program rule); empty = not materialised.
    void setDerivedCounts(std::vector<std::uint64_t> perRule);

    std::shared_ptr<const rules::Program> program() const { return program_; }
    const std::vector<rules::RuleRow>& rows() const { return rows_; }
    /// Row of program rule `rule`, or -1.
    int rowOfRule(std::size_t rule) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Exact definitions shown as header tooltips.
    static QString columnDefinition(int column);

  private:
    std::shared_ptr<const rules::Program> program_;
    std::vector<rules::RuleRow> rows_;
    std::vector<std::uint64_t> derived_;
};

} // namespace kbcx::ui
