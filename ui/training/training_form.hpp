// The Training tab's settings form: the data (a loaded dataset or ontology, a triple folder or an
// ontology file), the model family that data calls for (KG or EL models), the negative sampler
// with p⊥ and its T− pool, the evaluation test set, and the optimisation settings.
#pragma once

#include "ui/training/training_config.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace kbcx::ui {

class DatasetModel;
class OntologyListModel;

class TrainingForm : public QWidget {
    Q_OBJECT
  public:
    TrainingForm(DatasetModel* datasets, QWidget* parent = nullptr);

    /// Also offers the explorer's loaded ontologies as data (EL models); may be null.
    void setOntologies(OntologyListModel* ontologies);

    TrainingConfig config() const;
    /// Sets every field; the data source is left as it is, so an EL config needs an ontology
    /// source chosen first (the model list follows the data).
    void setConfig(const TrainingConfig& config);

    /// Selects a loaded dataset as the data (by its explorer id); false if it is not loaded.
    bool selectDataset(quint64 datasetId);
    /// Selects a loaded ontology (by its explorer id); false if it is not loaded.
    bool selectOntology(quint64 ontologyId);
    /// Selects "Folder" as the data: `path` holds train.txt [valid.txt test.txt] or is one file.
    void setDataFolder(const QString& path, const QString& negatives = {});
    /// Selects "Ontology file" as the data.
    void setOntologyFile(const QString& path);

    /// True when the chosen data is an ontology (the model list shows the EL models).
    bool elFamily() const;
    /// The chosen data source; on a form error returns false with a message for the user.
    bool source(TrainingDataSource& out, QString& error) const;

    QComboBox* dataSourceCombo() const { return dataSource_; }
    QComboBox* modelCombo() const { return model_; }
    QComboBox* variantCombo() const { return variant_; }
    QComboBox* poolCombo() const { return pool_; }
    /// Fills the triple model's fields with PyKEEN's defaults (enabled for TransE, DistMult,
    /// ComplEx and BoxE).
    QPushButton* pykeenDefaultsButton() const { return pykeenDefaults_; }
    /// R-GCN rows (visible when the model is R-GCN).
    QSpinBox* rgcnLayersSpin() const { return rgcnLayers_; }
    QComboBox* rgcnDecompositionCombo() const { return rgcnDecomposition_; }
    QSpinBox* rgcnCountSpin() const { return rgcnCount_; }
    QDoubleSpinBox* rgcnDropoutSpin() const { return rgcnDropout_; }
    QDoubleSpinBox* rgcnSelfDropoutSpin() const { return rgcnSelfDropout_; }
    QLineEdit* testsEdit() const { return tests_; }

  signals:
    /// The model family changed with the data (KG ↔ EL).
    void familyChanged(bool el);

  private:
    // The group boxes the constructor stacks, top to bottom; `d` holds the defaults.
    QGroupBox* buildDataBox();
    QGroupBox* buildModelBox(const TrainingConfig& d);
    QGroupBox* buildSamplerBox(const TrainingConfig& d);
    QGroupBox* buildOptimisationBox(const TrainingConfig& d);
    void rebuildDataSources();
    void updateDataControls();
    void fillModels(bool el);
    void applyModelDefaults();
    void adaptRgcnDefaults();
    /// R-GCN's decomposition, count and dropouts from `from`'s defaults to `to`'s (all when `force`).
    void adaptRgcnShape(const TrainingConfig& from, const TrainingConfig& to, bool force);
    void fillVariants();
    void adaptVariantDefaults();
    void updateFamilyRows();
    void chooseDataPath();
    void chooseTests();
    void choosePoolFile();

    DatasetModel* datasets_;
    OntologyListModel* ontologies_ = nullptr;
    bool el_ = false;
    bool sourceChosen_ = false; ///< the user (or a select/set call) chose the data; until then the first loaded one
    QString lastModel_;
    QString shownModel_;   ///< the model whose KG defaults the fields were last adapted to
    QString shownVariant_; ///< the EL or R-GCN variant whose defaults the fields were last adapted to
    QString rgcnVariant_;  ///< the R-GCN variant shown last (what leaving R-GCN compares with)

    QComboBox* dataSource_ = nullptr;
    QLineEdit* dataFolder_ = nullptr;
    QToolButton* dataFolderButton_ = nullptr;
    QLineEdit* negatives_ = nullptr;
    QFormLayout* dataForm_ = nullptr;
    QComboBox* model_ = nullptr;
    QComboBox* variant_ = nullptr; ///< EL models and R-GCN: which objective the name stands for
    QFormLayout* modelForm_ = nullptr;
    QSpinBox* dim_ = nullptr;
    QDoubleSpinBox* margin_ = nullptr;
    QDoubleSpinBox* delta_ = nullptr;
    QDoubleSpinBox* reg_ = nullptr;
    QComboBox* loss_ = nullptr;
    QSpinBox* rgcnLayers_ = nullptr;
    QComboBox* rgcnDecomposition_ = nullptr;
    QSpinBox* rgcnCount_ = nullptr;
    QDoubleSpinBox* rgcnDropout_ = nullptr;
    QDoubleSpinBox* rgcnSelfDropout_ = nullptr;
    int rgcnBases_ = 10, rgcnBlocks_ = 4; ///< the count of the decomposition not shown
    QFormLayout* samplerForm_ = nullptr;
    QComboBox* sampler_ = nullptr;
    QSpinBox* neg_ = nullptr;
    QCheckBox* oneVsAll_ = nullptr;
    QSpinBox* chunk_ = nullptr;
    QDoubleSpinBox* advTemp_ = nullptr;
    QDoubleSpinBox* pBot_ = nullptr;
    QComboBox* pool_ = nullptr;
    QLineEdit* poolFile_ = nullptr;
    QLineEdit* tests_ = nullptr;
    QSpinBox* epochs_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QDoubleSpinBox* lr_ = nullptr;
    QSpinBox* lrStep_ = nullptr;
    QDoubleSpinBox* lrDecay_ = nullptr;
    QCheckBox* subsampling_ = nullptr;
    QComboBox* init_ = nullptr;            ///< triple models: kbcx or PyKEEN's initialiser
    QCheckBox* unitEntities_ = nullptr;    ///< triple models: unit-norm entity rows
    QDoubleSpinBox* lpEntity_ = nullptr;   ///< triple models: PyKEEN's Lp weight on entities
    QDoubleSpinBox* lpRelation_ = nullptr; ///< … on relations
    QPushButton* pykeenDefaults_ = nullptr;
    QComboBox* optimizer_ = nullptr;
    QCheckBox* denseOptimizer_ = nullptr;
    QSpinBox* threads_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* evalEvery_ = nullptr;
};

} // namespace kbcx::ui
