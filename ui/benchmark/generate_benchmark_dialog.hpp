// The "Generate Benchmark" dialog: dataset, inference patterns, negative method, k1, k2, split
// ratio, seed and output folder for an inferential benchmark (run by BenchmarkPage as a job).
#pragma once

#include "ui/dataset/dataset.hpp"

#include "bench/generator.hpp"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QToolButton;

namespace kbcx::ui {

class DatasetModel;

class GenerateBenchmarkDialog : public QDialog {
    Q_OBJECT
  public:
    /// Offers the datasets of `datasets`, `preselect` chosen if given.
    GenerateBenchmarkDialog(DatasetModel* datasets, DatasetPtr preselect, QWidget* parent = nullptr);

    /// The chosen dataset (null if none).
    DatasetPtr dataset() const;
    /// Parameters from the controls, graph set to the chosen dataset's KG.
    bench::GenerateParams params() const;
    QString outputDir() const;
    /// Why the settings cannot run (empty: they can).
    QString problem() const;
    /// The `kbcx generate …` line that makes the same benchmark from a shell (empty when the
    /// dataset is embedded data, not files, or the settings cannot run).
    QString commandLine() const;

    void setOutputDir(const QString& dir);
    /// Checks exactly the patterns named (kbcx spellings), or every one for "all".
    void setPatterns(const QStringList& names);
    void setNegMethod(bench::NegMethod method);
    void setCounts(int k1, int k2, int seed);
    void setRatio(const QString& ratio);

    QComboBox* datasetCombo() const { return datasetCombo_; }
    QListWidget* patternList() const { return patternList_; }
    QCheckBox* allPatternsCheck() const { return allPatterns_; }
    QComboBox* negCombo() const { return negCombo_; }
    QComboBox* variantCombo() const { return variantCombo_; }
    QComboBox* filterCombo() const { return filterCombo_; }
    QSpinBox* k1Spin() const { return k1Spin_; }
    QSpinBox* k2Spin() const { return k2Spin_; }
    QLineEdit* ratioEdit() const { return ratioEdit_; }
    QSpinBox* seedSpin() const { return seedSpin_; }
    QLineEdit* outputEdit() const { return outputEdit_; }
    QLineEdit* commandEdit() const { return commandEdit_; }
    QDialogButtonBox* buttons() const { return buttons_; }

    /// Parses "8:1:1" (three non-negative integers, positive sum).
    static std::optional<std::array<unsigned, 3>> parseRatio(const QString& text);

  private:
    void updateState();
    void browse();

    DatasetModel* datasets_;
    QComboBox* datasetCombo_ = nullptr;
    QListWidget* patternList_ = nullptr;
    QCheckBox* allPatterns_ = nullptr;
    QComboBox* negCombo_ = nullptr;
    QComboBox* variantCombo_ = nullptr; ///< loginfer (as released, the default) or kbcx
    QComboBox* filterCombo_ = nullptr;  ///< the negative filter: the variant's own, or forced
    QSpinBox* k1Spin_ = nullptr;
    QSpinBox* k2Spin_ = nullptr;
    QLineEdit* ratioEdit_ = nullptr;
    QSpinBox* seedSpin_ = nullptr;
    QLineEdit* outputEdit_ = nullptr;
    QLineEdit* commandEdit_ = nullptr; ///< read-only: commandLine(), or why there is none
    QToolButton* copyCommand_ = nullptr;
    QLabel* problem_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace kbcx::ui
