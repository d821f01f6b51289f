// The "Rules" tab: load a rule file (plain or RDFox .dlog) or enumerate rules from inference
// patterns for the selected dataset, score them (support, new conclusions), list a rule's
// supports, materialise with provenance and show any derived fact's derivation tree.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "ui/dataset/dataset.hpp"
#include "ui/dataset/graph_highlight.hpp"
#include <QPointer>

#include "rules/materialise.hpp"
#include "rules/program.hpp"
#include "rules/rule_jobs.hpp"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QToolButton;
class QTreeView;
class QVBoxLayout;

namespace kbcx::ui {

class DerivationTreeModel;
class DerivedFactModel;
class JobHandle;
class JobRunner;
class LearntRulesPanel;
class RuleTableModel;
class SupportTableModel;

class RulesPage : public QWidget {
    Q_OBJECT
  public:
    /// Supports listed per rule (the first ones in the engine's deterministic order).
    static constexpr std::size_t kSupportLimit = 500;

    explicit RulesPage(JobRunner* runner, QWidget* parent = nullptr);

    /// Works on `dataset` from now on (null: the empty-state hint). Rules, supports and the
    /// materialisation of another dataset are dropped; the source settings are kept.
    void setDataset(DatasetPtr dataset);
    DatasetPtr dataset() const { return dataset_; }

    /// Source settings (what the controls hold).
    void setRuleFile(const QString& path);
    void setMapPrefixes(const QString& specs); ///< "FROM=TO", several separated by spaces
    /// `pattern`: a pattern name as kbcx spells it, or "all".
    void setPatterns(const QString& pattern, int topK, int seed);

    /// Loads the rule file (or enumerates the patterns, whichever source is chosen) and scores
    /// the rules as a background job. On an input error a non-modal box (object name
    /// "rulesErrorBox") names file, line and column and the table keeps what it showed.
    JobHandle* scoreRules();
    /// Materialises the loaded rules with provenance as a background job (null if none loaded).
    JobHandle* materialise();
    /// Selects the table row of program rule `rule` (its supports load as a job: supportsJob()).
    bool selectRule(std::size_t rule);
    /// Selects a support row (emits supportSelected).
    bool selectSupport(int row);
    /// Selects the derived fact with id `factId` (shows its tree; emits derivedFactSelected).
    bool selectDerivedFact(std::uint64_t factId);

    std::shared_ptr<const rules::Program> program() const { return program_; }
    std::shared_ptr<const rules::Materialisation> closure() const { return closure_; }
    JobHandle* scoreJob() const { return scoreJob_; }
    JobHandle* supportsJob() const { return supportsJob_; }
    JobHandle* materialiseJob() const { return materialiseJob_; }
    /// Whether selecting a support also switches to the Graph tab.
    bool followsGraph() const;

    QTableView* ruleView() const { return ruleView_; }
    QTableView* supportView() const { return supportView_; }
    QTableView* derivedView() const { return derivedView_; }
    QTreeView* derivationView() const { return derivationView_; }
    RuleTableModel* ruleModel() const { return ruleModel_; }
    SupportTableModel* supportModel() const { return supportModel_; }
    DerivedFactModel* derivedModel() const { return derivedModel_; }
    DerivationTreeModel* derivationModel() const { return derivationModel_; }
    QSortFilterProxyModel* ruleProxy() const { return ruleProxy_; }
    QSortFilterProxyModel* derivedProxy() const { return derivedProxy_; }
    QLineEdit* ruleFilter() const { return ruleFilter_; }
    QLineEdit* derivedFilter() const { return derivedFilter_; }
    QLabel* statusLabel() const { return status_; }
    /// The pane listing the learnt rules that entail the selected rule.
    LearntRulesPanel* learntPanel() const { return learnt_; }

  signals:
    /// A support was selected: its premises and conclusion, centred on the conclusion's subject.
    void supportSelected(const kbcx::ui::GraphHighlight& highlight);
    /// A derived fact was selected; `closure` stays valid for explanations.
    void derivedFactSelected(std::shared_ptr<const kbcx::rules::Materialisation> closure, quint64 factId);

  private:
    void buildUi();
    // The parts buildUi() puts together, top to bottom.
    void buildSourceRows(QVBoxLayout* layout);
    QHBoxLayout* buildActionRow();
    QWidget* buildRulesPane(QWidget* parent);
    QWidget* buildSupportsPane(QWidget* parent);
    QWidget* buildDerivedPane(QWidget* parent);
    QWidget* buildDerivationPane(QWidget* parent);
    void connectControls();
    void updateEnabled();
    void updateTitles();
    void onRuleSelected(const QModelIndex& proxyIndex);
    void onSupportSelected(const QModelIndex& proxyIndex);
    void onDerivedSelected(const QModelIndex& proxyIndex);
    void showJobProgress(JobHandle* job);
    void showError(const QString& what, const QString& message, const QString& file, quint64 line, quint64 column);
    bool readMatchOptions(rules::MatchOptions& out);
    QString ruleLabel(std::size_t rule) const;

    JobRunner* runner_;
    DatasetPtr dataset_;
    std::shared_ptr<const rules::Program> program_;
    rules::MatchOptions match_; ///< the options program_ was compiled with
    std::shared_ptr<const rules::Materialisation> closure_;
    QPointer<JobHandle> scoreJob_;       // null once the jobs dock clears the finished job
    QPointer<JobHandle> supportsJob_;    // null once the jobs dock clears the finished job
    QPointer<JobHandle> materialiseJob_; // null once the jobs dock clears the finished job
    QPointer<JobHandle> progressJob_;    ///< the job the progress bar follows (null once cleared)

    RuleTableModel* ruleModel_ = nullptr;
    SupportTableModel* supportModel_ = nullptr;
    DerivedFactModel* derivedModel_ = nullptr;
    DerivationTreeModel* derivationModel_ = nullptr;
    QSortFilterProxyModel* ruleProxy_ = nullptr;
    QSortFilterProxyModel* supportProxy_ = nullptr;
    QSortFilterProxyModel* derivedProxy_ = nullptr;

    QLabel* emptyHint_ = nullptr;
    QWidget* content_ = nullptr;
    QRadioButton* fileRadio_ = nullptr;
    QRadioButton* patternRadio_ = nullptr;
    QLineEdit* ruleFileEdit_ = nullptr;
    QToolButton* browseButton_ = nullptr;
    QLineEdit* mapPrefixEdit_ = nullptr;
    QComboBox* patternCombo_ = nullptr;
    QSpinBox* topKSpin_ = nullptr;
    QSpinBox* seedSpin_ = nullptr;
    QPushButton* scoreButton_ = nullptr;
    QPushButton* materialiseButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QToolButton* cancelButton_ = nullptr;
    QLabel* status_ = nullptr;
    QLineEdit* ruleFilter_ = nullptr;
    QLabel* rulesTitle_ = nullptr;
    QTableView* ruleView_ = nullptr;
    QLabel* supportsTitle_ = nullptr;
    QTableView* supportView_ = nullptr;
    QCheckBox* followGraph_ = nullptr;
    QLabel* derivedTitle_ = nullptr;
    QLineEdit* derivedFilter_ = nullptr;
    QTableView* derivedView_ = nullptr;
    QLabel* derivationTitle_ = nullptr;
    QTreeView* derivationView_ = nullptr;
    LearntRulesPanel* learnt_ = nullptr;
};

} // namespace kbcx::ui
