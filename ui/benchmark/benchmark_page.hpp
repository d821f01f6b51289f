// The "Benchmark" tab: generate an inferential benchmark as a job or open a benchmark folder
// (ours or LogInfer's), browse its rules with their counts, a rule's sampled positives per split
// and the negatives aimed at it (each fact opens in the Graph tab), split sizes per pattern as a
// stacked bar chart and a table, and the folder's sizes and checks.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "ui/benchmark/benchmark_data.hpp"
#include "ui/dataset/graph_highlight.hpp"
#include <QPointer>

#include <QWidget>

#include <functional>
#include <memory>

class QChartView;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTemporaryDir;

namespace kbcx::ui {

class BenchmarkFactModel;
class BenchmarkRuleModel;
class DatasetModel;
class GenerateBenchmarkDialog;
class JobHandle;
class JobRunner;
class PatternSplitModel;

class BenchmarkPage : public QWidget {
    Q_OBJECT
  public:
    BenchmarkPage(JobRunner* runner, DatasetModel* datasets, QWidget* parent = nullptr);
    ~BenchmarkPage() override;

    /// Where the Generate dialog takes its preselected dataset from (the explorer's current one).
    void setCurrentDatasetSource(std::function<DatasetPtr()> source) { currentDataset_ = std::move(source); }

    /// Reads a benchmark folder as a job. On success it replaces the shown benchmark; on an input
    /// error a non-modal box (object name "benchmarkErrorBox") names file, line and column and the
    /// benchmark shown before stays.
    JobHandle* openFolder(const QString& dir);
    /// Generates a benchmark into `outDir` as a cancellable job, then shows it.
    JobHandle* generate(const bench::GenerateParams& params, const QString& datasetName, const QString& outDir);
    /// A small benchmark of the demo KG (all patterns, pa, k1 3, k2 40) in a temporary folder.
    JobHandle* generateDemo(const DatasetPtr& demo);
    /// Opens the Generate dialog (window-modal, non-blocking); OK starts generate().
    GenerateBenchmarkDialog* showGenerateDialog();
    /// Asks for a folder (non-blocking) and opens it.
    void chooseFolder();

    /// Selects the rule (0-based line of rules.txt); its facts fill the two fact tables.
    bool selectRule(int rule);
    /// Shows row `row` (source model order) of the positives or negatives table in the Graph tab.
    bool activateFact(bool negative, int row);

    BenchmarkPtr benchmark() const { return benchmark_; }
    JobHandle* currentJob() const { return job_; }
    int selectedRule() const;

    BenchmarkRuleModel* ruleModel() const { return ruleModel_; }
    QSortFilterProxyModel* ruleProxy() const { return ruleProxy_; }
    BenchmarkFactModel* positiveModel() const { return positiveModel_; }
    BenchmarkFactModel* negativeModel() const { return negativeModel_; }
    QSortFilterProxyModel* positiveProxy() const { return positiveProxy_; }
    QSortFilterProxyModel* negativeProxy() const { return negativeProxy_; }
    PatternSplitModel* patternModel() const { return patternModel_; }
    QTableView* ruleView() const { return ruleView_; }
    QTableView* positiveView() const { return positiveView_; }
    QTableView* negativeView() const { return negativeView_; }
    QTableView* patternView() const { return patternView_; }
    QChartView* chartView() const { return chartView_; }
    QLabel* summaryLabel() const { return summary_; }
    QListWidget* checksList() const { return checks_; }
    QLineEdit* ruleFilter() const { return ruleFilter_; }

  signals:
    /// A fact was activated: show `highlight` on `train` (the benchmark's train KG) in the Graph tab.
    void factActivated(kbcx::ui::DatasetPtr train, const kbcx::ui::GraphHighlight& highlight);
    /// A benchmark is shown (after a load or a generation).
    void benchmarkShown(const QString& dir);

  private:
    void buildUi();
    JobHandle* track(JobHandle* job, const QString& what);
    void setBenchmark(BenchmarkPtr benchmark);
    void updateSummary();
    void updateChart();
    void updateFactTitles();
    void onRuleChanged(const QModelIndex& proxyIndex);
    void showError(const QString& what, const QString& message, const QString& file, quint64 line, quint64 column);

    JobRunner* runner_;
    DatasetModel* datasets_;
    std::function<DatasetPtr()> currentDataset_;
    BenchmarkPtr benchmark_;
    QPointer<JobHandle> job_; // null once the jobs dock clears the finished job
    std::unique_ptr<QTemporaryDir> demoDir_;

    BenchmarkRuleModel* ruleModel_ = nullptr;
    QSortFilterProxyModel* ruleProxy_ = nullptr;
    BenchmarkFactModel* positiveModel_ = nullptr;
    BenchmarkFactModel* negativeModel_ = nullptr;
    QSortFilterProxyModel* positiveProxy_ = nullptr;
    QSortFilterProxyModel* negativeProxy_ = nullptr;
    PatternSplitModel* patternModel_ = nullptr;

    QWidget* emptyHint_ = nullptr;
    QWidget* content_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* status_ = nullptr;
    QLineEdit* ruleFilter_ = nullptr;
    QTableView* ruleView_ = nullptr;
    QLabel* positivesTitle_ = nullptr;
    QLabel* negativesTitle_ = nullptr;
    QTableView* positiveView_ = nullptr;
    QTableView* negativeView_ = nullptr;
    QLabel* summary_ = nullptr;
    QListWidget* checks_ = nullptr;
    QChartView* chartView_ = nullptr;
    QTableView* patternView_ = nullptr;
};

} // namespace kbcx::ui
