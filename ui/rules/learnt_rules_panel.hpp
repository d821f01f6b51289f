// The Rules tab's "learnt rules" pane: load a learnt rule set (AnyBURL/RuleN output or the
// project's syntaxes) and show which learnt rules entail the selected rule, computed as a job.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "learn/compare.hpp"
#include "rules/rule.hpp"
#include <QPointer>

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QToolButton;

namespace kbcx::ui {

class JobHandle;
class JobRunner;

/// Learnt rules that entail one rule: rule text, confidence, support, and whether the rule is
/// also contained syntactically (the same rule up to variable renaming and body order).
class EntailingRulesModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { IndexColumn, RuleColumn, ConfidenceColumn, SupportColumn, ColumnCount };
    enum Role { LearntIndexRole = Qt::UserRole + 1, SortRole };

    using QAbstractTableModel::QAbstractTableModel;

    /// `rules` are indices into `index`'s rules; `contained` the one equal to the rule, if any.
    void setRules(std::shared_ptr<const learn::LearntIndex> index, std::vector<std::size_t> rules,
                  std::optional<std::size_t> contained);
    void clear();
    const std::vector<std::size_t>& learntRules() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::shared_ptr<const learn::LearntIndex> index_;
    std::vector<std::size_t> rows_;
    std::optional<std::size_t> contained_;
};

class LearntRulesPanel : public QWidget {
    Q_OBJECT
  public:
    explicit LearntRulesPanel(JobRunner* runner, QWidget* parent = nullptr);

    void setLearntFile(const QString& path);
    /// Loads the learnt rule file as a job (errors: a non-modal box "learntErrorBox" with
    /// file:line:column; a set loaded before stays).
    JobHandle* loadLearnt();
    /// Shows the learnt rules entailing `rule` (a job; null when no learnt set is loaded).
    JobHandle* showRule(const rules::Rule& rule, const QString& label);

    std::shared_ptr<const learn::LearntIndex> learnt() const { return index_; }
    EntailingRulesModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    QLabel* titleLabel() const { return title_; }
    JobHandle* entailJob() const { return entailJob_; }

  private:
    void showError(const QString& message, const QString& file, quint64 line, quint64 column);

    JobRunner* runner_;
    std::shared_ptr<const learn::LearntIndex> index_;
    QString loadedFile_;
    std::optional<rules::Rule> rule_;
    QString ruleLabel_;
    QPointer<JobHandle> loadJob_;   // null once the jobs dock clears the finished job
    QPointer<JobHandle> entailJob_; // null once the jobs dock clears the finished job
    EntailingRulesModel* model_ = nullptr;
    QLineEdit* fileEdit_ = nullptr;
    QToolButton* browse_ = nullptr;
    QPushButton* loadButton_ = nullptr;
    QLabel* title_ = nullptr;
    QTableView* view_ = nullptr;
};

} // namespace kbcx::ui
