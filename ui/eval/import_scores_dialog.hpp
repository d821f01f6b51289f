// File → Import Scores…: choose a tests file and a scores file, the options of the
// evaluation (lower is better, missing scores lowest, k of Adm@k) and optionally an ontology.
#pragma once

#include "ui/eval/eval_workspace.hpp"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace kbcx::ui {

class ImportScoresDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ImportScoresDialog(QWidget* parent = nullptr);

    ImportRequest request() const;
    void setRequest(const ImportRequest& request);

    QLineEdit* testsEdit() const { return tests_; }
    QLineEdit* scoresEdit() const { return scores_; }
    QLineEdit* ontologyEdit() const { return ontology_; }

  private:
    QLineEdit* addFileRow(QFormLayout* form, const QString& label, const QString& objectName, const QString& toolTip,
                          const QString& filter);
    void updateOk();

    QLineEdit* tests_ = nullptr;
    QLineEdit* scores_ = nullptr;
    QLineEdit* ontology_ = nullptr;
    QCheckBox* lowerIsBetter_ = nullptr;
    QCheckBox* missingLowest_ = nullptr;
    QSpinBox* k_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace kbcx::ui
