// Implementation of TrainingForm: the settings groups with tooltips, the data sources (loaded
// datasets and ontologies, folder, ontology file) and the switch between KG and EL model lists.
#include "ui/training/training_form.hpp"

#include "ui/common/form_fields.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/ontology/ontology_list_model.hpp"

#include "embed/el_models.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <tuple>

namespace kbcx::ui {

namespace {

// Data-source items that are not loaded datasets (loaded ones carry their id).
constexpr qlonglong kFolderItem = -1;
constexpr qlonglong kOntologyFileItem = -2;
// Loaded ontologies: −(1000 + id), so they never collide with dataset ids or the items above.
constexpr qlonglong kOntologyBase = 1000;
qlonglong ontologyItem(quint64 id) {
    return -(kOntologyBase + static_cast<qlonglong>(id));
}
bool isOntologyItem(qlonglong item) {
    return item <= -kOntologyBase;
}

QComboBox* combo(const QList<QPair<QString, QString>>& items, const QString& tip, QWidget* parent) {
    auto* c = new QComboBox(parent);
    for (const auto& [text, data] : items)
        c->addItem(text, data);
    c->setToolTip(tip);
    return c;
}

void selectData(QComboBox* c, const QString& data) {
    const int i = c->findData(data, Qt::UserRole, Qt::MatchFixedString);
    if (i >= 0) c->setCurrentIndex(i);
}

QHBoxLayout* withButton(QLineEdit* edit, QToolButton* button) {
    auto* row = new QHBoxLayout;
    row->addWidget(edit);
    row->addWidget(button);
    return row;
}

QToolButton* browseButton(const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(QStringLiteral("…"));
    b->setToolTip(tip);
    return b;
}

const QList<QPair<QString, QString>> kKgModels = {{QStringLiteral("TransE (L1)"), QStringLiteral("TransE-L1")},
                                                  {QStringLiteral("TransE (L2)"), QStringLiteral("TransE-L2")},
                                                  {QStringLiteral("DistMult"), QStringLiteral("DistMult")},
                                                  {QStringLiteral("ComplEx"), QStringLiteral("ComplEx")},
                                                  {QStringLiteral("RotatE"), QStringLiteral("RotatE")},
                                                  {QStringLiteral("BoxE"), QStringLiteral("BoxE")},
                                                  {QStringLiteral("R-GCN (DistMult decoder)"), QStringLiteral("rgcn")}};

const QList<QPair<QString, QString>> kElModels = {
    {QStringLiteral("ELEmbeddings (released loss)"), QStringLiteral("ELEmbeddings")},
    {QStringLiteral("ELEmbeddings with term (iv)"), QStringLiteral("ELEmbeddings-iv")},
    {QStringLiteral("EmEL++"), QStringLiteral("EmEL++")},
    {QStringLiteral("ELBE"), QStringLiteral("ELBE")},
    {QStringLiteral("Box²EL"), QStringLiteral("Box2EL")}};

} // namespace

TrainingForm::TrainingForm(DatasetModel* datasets, QWidget* parent) : QWidget(parent), datasets_(datasets) {
    setObjectName(QStringLiteral("trainingFormPanel"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 6, 0);
    const TrainingConfig d;

    v->addWidget(buildDataBox());
    v->addWidget(buildModelBox(d));
    v->addWidget(buildSamplerBox(d));
    v->addWidget(buildOptimisationBox(d));
    v->addStretch(1);

    fillModels(false);
    if (datasets_) {
        connect(datasets_, &QAbstractItemModel::rowsInserted, this, &TrainingForm::rebuildDataSources);
        connect(datasets_, &QAbstractItemModel::rowsRemoved, this, &TrainingForm::rebuildDataSources);
        connect(datasets_, &QAbstractItemModel::modelReset, this, &TrainingForm::rebuildDataSources);
    }
    rebuildDataSources();
}

// The data to train on: a loaded dataset or ontology, a folder or file, and the test set.
QGroupBox* TrainingForm::buildDataBox() {
    auto* dataBox = new QGroupBox(tr("Data"), this);
    dataForm_ = new QFormLayout(dataBox);
    dataSource_ = new QComboBox(dataBox);
    dataSource_->setObjectName(QStringLiteral("dataSource"));
    dataSource_->setToolTip(
        tr("What to train on. The model list follows the data:\n"
           "• a knowledge graph loaded in the explorer (its relation facts, split at random — seeded by the run's "
           "seed — into 80% train, 10% validation, 10% test), or a folder the engine reads (train.txt with optional "
           "valid.txt and test.txt: FB15k-237, WN18RR, LogInfer layout, or one triple file): the KG models;\n"
           "• an ontology loaded in the explorer, or an ontology file (OWL functional, OWL/XML, RDF/XML, Turtle, "
           "OBO, text): its EL part is normalised into GCI0–GCI3 and the EL models train on those axioms"));
    connect(dataSource_, &QComboBox::currentIndexChanged, this, &TrainingForm::updateDataControls);
    connect(dataSource_, &QComboBox::activated, this, [this] { sourceChosen_ = true; });
    dataForm_->addRow(tr("&Data:"), dataSource_);
    dataFolder_ = new QLineEdit(dataBox);
    dataFolder_->setObjectName(QStringLiteral("dataFolder"));
    dataFolder_->setToolTip(dataSource_->toolTip());
    dataFolderButton_ = browseButton(tr("Choose the data folder or ontology file"), dataBox);
    connect(dataFolderButton_, &QToolButton::clicked, this, &TrainingForm::chooseDataPath);
    dataForm_->addRow(tr("Path:"), withButton(dataFolder_, dataFolderButton_));
    negatives_ = new QLineEdit(dataBox);
    negatives_->setObjectName(QStringLiteral("negatives"));
    negatives_->setPlaceholderText(tr("none"));
    negatives_->setToolTip(tr("Explicit negative triples for the p⊥ share of negatives: a file, or 'auto' for the "
                              "folder's single train_neg*.txt (benchmark layout). Empty = none; with p⊥ > 0 "
                              "'auto' is used"));
    dataForm_->addRow(tr("Ne&gatives:"), negatives_);
    tests_ = new QLineEdit(dataBox);
    tests_->setObjectName(QStringLiteral("tests"));
    tests_->setPlaceholderText(tr("none"));
    tests_->setToolTip(
        tr("Evaluation test set (EL models): a TSV status<TAB>nf<TAB>axiom[<TAB>P] as kbcx sample / kbcx count "
           "write it (status: entailed T⁺, undetermined T?, contradictory T⁻). At every evaluation the model "
           "scores it and the charts get:\n"
           "AUC⁺ᐟ⁻ = Pr[f(α⁺) > f(α⁻)] + ½ Pr[tie] over T⁺ × T⁻\n"
           "FVR = 1 − #{(α⁻, α?, α⁺) : f(α⁻) < f(α?) < f(α⁺)} / (|T⁻||T?||T⁺|)\n"
           "Pair-FVR = Pr[f(α?) ≤ f(α⁻)] over T? × T⁻\n"
           "ρ_P = Spearman correlation of f and P over T? (needs the P column)\n"
           "MRR, Hits@k: filtered rank of the true filler of each T⁺ axiom, rank = 1 + #better + #tied/2"));
    auto* testsButton = browseButton(tr("Choose the test-set TSV"), dataBox);
    connect(testsButton, &QToolButton::clicked, this, &TrainingForm::chooseTests);
    dataForm_->addRow(tr("Test set:"), withButton(tests_, testsButton));
    return dataBox;
}

// The model, its size, loss and per-model settings (R-GCN's rows shown only for it).
QGroupBox* TrainingForm::buildModelBox(const TrainingConfig& d) {
    auto* modelBox = new QGroupBox(tr("Model"), this);
    modelForm_ = new QFormLayout(modelBox);
    model_ = new QComboBox(modelBox);
    model_->setObjectName(QStringLiteral("model"));
    connect(model_, &QComboBox::activated, this, &TrainingForm::applyModelDefaults);
    modelForm_->addRow(tr("&Model:"), model_);
    variant_ = new QComboBox(modelBox);
    variant_->setObjectName(QStringLiteral("variant"));
    variant_->setToolTip(
        tr("Which objective the model's name stands for (kbcx train --variant; the model's default first):\n"
           "paper: the faithfulness paper's ELEmbeddings (mOWL's training, GCI3 in the inside form);\n"
           "mowl: the model as mOWL releases it (its losses, one corrupted GCI2 filler per axiom, one "
           "full-batch Adam step per epoch, lr 0.001, 1000 epochs);\n"
           "dele: DELE's losses and negatives (tail corruption on the --neg-types forms, fixed; plateau schedule, "
           "early stop with the best epoch restored);\n"
           "kracr: kracr's EmEL++ (term (iv), a learned SubClassOf vector, squared unhinged GCI2 negatives, lr "
           "0.0003, batch 256);\n"
           "kbcx: this explorer's own objective (negatives on every form, squared terms, minibatches, p⊥).\n"
           "R-GCN: authors, as RelationPrediction 98dcdf4 trains it (d 500, 100 blocks of 5×5, 30,000 "
           "neighbourhood-sampled edges per step, 10 negatives each in a cross-entropy, decoder L2 0.01, "
           "self-loop dropout 0.2, gradient norm clipped at 1); kbcx, this explorer's (10 bases, edge dropout 0.4, "
           "the whole graph at every step).\n"
           "Switching moves every field still at the previous variant's default to the new one's"));
    modelForm_->addRow(tr("&Variant:"), variant_);
    connect(model_, &QComboBox::currentIndexChanged, this, &TrainingForm::fillVariants);
    connect(variant_, &QComboBox::currentIndexChanged, this, [this] {
        adaptVariantDefaults();
        updateFamilyRows();
    });
    dim_ = intSpin(1, 4096, d.dim, tr("Embedding dimension d (complex models: complex dimension)"), modelBox);
    dim_->setObjectName(QStringLiteral("dim"));
    modelForm_->addRow(tr("D&imension:"), dim_);
    margin_ = realSpin(0, 1000, 3, 0.05, d.margin, {}, modelBox);
    margin_->setObjectName(QStringLiteral("margin"));
    modelForm_->addRow(tr("Ma&rgin γ:"), margin_);
    delta_ = realSpin(0, 1000, 2, 0.5, d.delta,
                      tr("Box models (ELBE, Box²EL): target δ of the negative term (δ − d⁻)², where d⁻ is the "
                         "negative axiom's box distance"),
                      modelBox);
    delta_->setObjectName(QStringLiteral("delta"));
    modelForm_->addRow(tr("&δ:"), delta_);
    reg_ = realSpin(0, 1000, 3, 0.1, d.reg,
                    tr("Regulariser weight: ELEmbeddings/EmEL++ |‖c‖ − 1| on class centres; Box²EL λ‖β‖ on bumps"),
                    modelBox);
    reg_->setObjectName(QStringLiteral("reg"));
    modelForm_->addRow(tr("Re&gulariser λ:"), reg_);
    loss_ = combo({{tr("Model default"), QString()},
                   {tr("Logistic"), QStringLiteral("logistic")},
                   {tr("Distance"), QStringLiteral("distance")},
                   {tr("Margin"), QStringLiteral("margin")},
                   {tr("Cross-entropy"), QStringLiteral("ce")}},
                  tr("Training objective on scores s with negative weights p_j:\n"
                     "logistic  −log σ(s⁺) − Σ p_j log σ(−s⁻_j)\n"
                     "distance  the same on s + γ\n"
                     "margin    Σ p_j [γ − s⁺ + s⁻_j]₊\n"
                     "ce        −s⁺ + log(e^{s⁺} + Σ e^{s⁻_j}) (no weights; the loss of 1-vs-all)\n"
                     "Model default: distance for TransE, RotatE, BoxE; logistic for DistMult, ComplEx"),
                  modelBox);
    modelForm_->addRow(tr("&Loss:"), loss_);
    // R-GCN (Schlichtkrull et al. 2018): shown only for that model.
    rgcnLayers_ = intSpin(1, 16, d.rgcnLayers,
                          tr("R-GCN: graph-convolution layers L (default 2). Each layer computes "
                             "h′ᵢ = ReLU(hᵢW₀ + Σ_r Σ_{j∈N_i^r} h_jW_r / |N_i^r|) — W₀ is the self-loop; the last "
                             "layer has no ReLU"),
                          modelBox);
    rgcnLayers_->setObjectName(QStringLiteral("rgcnLayers"));
    modelForm_->addRow(tr("La&yers:"), rgcnLayers_);
    rgcnDecomposition_ =
        combo({{tr("Basis decomposition"), QStringLiteral("basis")}, {tr("Block-diagonal"), QStringLiteral("block")}},
              tr("R-GCN: how each relation's weight matrix W_r is shared (default: basis):\n"
                 "basis  W_r = Σ_b a_rb V_b with B shared bases V_b (default B = 10);\n"
                 "block  W_r block-diagonal with K blocks of size d/K (K must divide the "
                 "dimension)"),
              modelBox);
    rgcnDecomposition_->setObjectName(QStringLiteral("rgcnDecomposition"));
    modelForm_->addRow(tr("Relation &weights:"), rgcnDecomposition_);
    rgcnCount_ = intSpin(1, 4096, d.rgcnBases,
                         tr("R-GCN: the number of bases B (basis decomposition, default 10) or of diagonal blocks K "
                            "(block-diagonal; must divide the dimension)"),
                         modelBox);
    rgcnCount_->setObjectName(QStringLiteral("rgcnCount"));
    modelForm_->addRow(tr("Bases / bloc&ks:"), rgcnCount_);
    rgcnDropout_ = realSpin(0, 0.99, 2, 0.05, d.rgcnEdgeDropout,
                            tr("R-GCN: edge dropout, the fraction of training triples (both directions) dropped "
                               "from the graph at each step, neighbours renormalised (default 0.4; 0 = none)"),
                            modelBox);
    rgcnDropout_->setObjectName(QStringLiteral("rgcnEdgeDropout"));
    modelForm_->addRow(tr("Edge dropo&ut:"), rgcnDropout_);
    rgcnSelfDropout_ =
        realSpin(0, 0.99, 2, 0.05, d.rgcnSelfDropout,
                 tr("R-GCN, variant authors: the fraction of self-loop message entries hᵢW₀ dropped on every layer "
                    "at each step, the kept ones scaled by 1/(1 − p) (default 0.2, the reference's keep "
                    "probability 0.8)"),
                 modelBox);
    rgcnSelfDropout_->setObjectName(QStringLiteral("rgcnSelfDropout"));
    modelForm_->addRow(tr("Self-loop dropo&ut:"), rgcnSelfDropout_);
    // PyKEEN's training pieces (kbcx train --init, --unit-entities, --lp-entity, --lp-relation).
    init_ = combo({{tr("This explorer's (uniform ±(γ + 2)/d)"), QStringLiteral("kbcx")},
                   {tr("PyKEEN's, per model"), QStringLiteral("pykeen")}},
                  tr("The initialiser (kbcx train --init): PyKEEN's are TransE and DistMult Xavier with unit-norm "
                     "relations, ComplEx complex normal, BoxE unit-norm uniform"),
                  modelBox);
    init_->setObjectName(QStringLiteral("init"));
    selectData(init_, d.init);
    modelForm_->addRow(tr("Initialiser:"), init_);
    unitEntities_ = new QCheckBox(tr("unit L2 norm after every step"), modelBox);
    unitEntities_->setObjectName(QStringLiteral("unitEntities"));
    unitEntities_->setToolTip(tr("kbcx train --unit-entities: entity rows rescaled to unit norm after the "
                                 "initialisation and after every step (PyKEEN's entity constrainer of TransE and "
                                 "DistMult)"));
    unitEntities_->setChecked(d.unitEntities);
    modelForm_->addRow(tr("Entity rows:"), unitEntities_);
    lpEntity_ = realSpin(0, 100, 4, 0.01, d.lpEntity,
                         tr("PyKEEN's LpRegularizer weight·‖e‖₂/√d on the head and tail rows of the positives and "
                            "negatives (kbcx train --lp-entity)"),
                         modelBox);
    lpEntity_->setObjectName(QStringLiteral("lpEntity"));
    lpRelation_ = realSpin(0, 100, 4, 0.01, d.lpRelation,
                           tr("The same on the relation rows (kbcx train --lp-relation)"), modelBox);
    lpRelation_->setObjectName(QStringLiteral("lpRelation"));
    auto* lpRow = new QWidget(modelBox);
    auto* lpLayout = new QHBoxLayout(lpRow);
    lpLayout->setContentsMargins(0, 0, 0, 0);
    lpLayout->addWidget(new QLabel(tr("entities"), lpRow));
    lpLayout->addWidget(lpEntity_, 1);
    lpLayout->addWidget(new QLabel(tr("relations"), lpRow));
    lpLayout->addWidget(lpRelation_, 1);
    modelForm_->addRow(tr("Lp regulariser:"), lpRow);
    pykeenDefaults_ = new QPushButton(tr("Use PyKEEN's defaults for this model"), modelBox);
    pykeenDefaults_->setObjectName(QStringLiteral("pykeenDefaults"));
    pykeenDefaults_->setToolTip(tr("Fills dimension, loss, margin, negatives, chunk, batch, optimiser, learning rate, "
                                   "initialiser, entity norm, Lp weights and dense Adam with PyKEEN's defaults as "
                                   "mOWL's KGE wrapper applies them (kbcx project --help lists them as flags)"));
    connect(pykeenDefaults_, &QPushButton::clicked, this, [this] {
        const TrainingConfig c = config();
        if (c.hasPykeenDefaults()) setConfig(c.withPykeenDefaults());
    });
    modelForm_->addRow(QString(), pykeenDefaults_);
    connect(rgcnDecomposition_, &QComboBox::currentIndexChanged, this, [this] {
        // Keep each decomposition's own count when switching between them.
        const bool block = rgcnDecomposition_->currentData().toString() == QLatin1String("block");
        QSignalBlocker b(rgcnCount_);
        if (block) {
            rgcnBases_ = rgcnCount_->value();
            rgcnCount_->setValue(rgcnBlocks_);
        } else {
            rgcnBlocks_ = rgcnCount_->value();
            rgcnCount_->setValue(rgcnBases_);
        }
    });
    connect(model_, &QComboBox::currentIndexChanged, this, &TrainingForm::adaptRgcnDefaults);
    connect(model_, &QComboBox::currentIndexChanged, this, &TrainingForm::updateFamilyRows);
    return modelBox;
}

// Negative sampling: which slot to corrupt, how many negatives, p⊥ and its pool.
QGroupBox* TrainingForm::buildSamplerBox(const TrainingConfig& d) {
    auto* samplerBox = new QGroupBox(tr("Negative sampling"), this);
    samplerForm_ = new QFormLayout(samplerBox);
    sampler_ = combo({{tr("Uniform"), QStringLiteral("uniform")}, {tr("Bernoulli"), QStringLiteral("bernoulli")}},
                     tr("Which slot of a positive to corrupt: head or tail with probability ½ (uniform), or the "
                        "head with probability tph/(tph + hpt) of its relation (Bernoulli, Wang et al. 2014)"),
                     samplerBox);
    samplerForm_->addRow(tr("&Sampler:"), sampler_);
    neg_ = intSpin(0, 100000, d.neg, tr("Negatives K drawn per positive"), samplerBox);
    neg_->setObjectName(QStringLiteral("neg"));
    oneVsAll_ = new QCheckBox(tr("every entity (1-vs-all)"), samplerBox);
    oneVsAll_->setObjectName(QStringLiteral("oneVsAll"));
    oneVsAll_->setToolTip(tr("1-vs-all (kbcx train --neg all): every entity is a candidate of every positive, for "
                             "heads and tails, with the cross-entropy loss −s⁺ + log Σₑ exp(sₑ). One matrix "
                             "product per chunk: fastest for DistMult and ComplEx. Not for R-GCN"));
    auto* negRow = new QWidget(samplerBox);
    auto* negLayout = new QHBoxLayout(negRow);
    negLayout->setContentsMargins(0, 0, 0, 0);
    negLayout->addWidget(neg_, 1);
    negLayout->addWidget(oneVsAll_);
    samplerForm_->addRow(tr("&Negatives per positive:"), negRow);
    connect(oneVsAll_, &QCheckBox::toggled, this, &TrainingForm::updateFamilyRows);
    chunk_ = intSpin(1, 100000, d.chunk,
                     tr("Positives sharing one draw of corrupting entities (1 = private negatives per positive)"),
                     samplerBox);
    samplerForm_->addRow(tr("C&hunk:"), chunk_);
    advTemp_ = realSpin(0, 100, 2, 0.5, d.advTemp,
                        tr("Self-adversarial temperature α: negatives weighted by softmax(α s⁻); 0 = uniform "
                           "weights 1/K"),
                        samplerBox);
    samplerForm_->addRow(tr("Adversarial &α:"), advTemp_);
    pBot_ = realSpin(0, 1, 2, 0.05, d.pBot, {}, samplerBox);
    pBot_->setObjectName(QStringLiteral("pBot"));
    samplerForm_->addRow(tr("&p⊥:"), pBot_);
    pool_ = combo({{tr("Reasoner's T⁻ sample"), QStringLiteral("reason")},
                   {tr("Asserted disjointness"), QStringLiteral("disjoint")},
                   {tr("T⁻ of the test set (leaks)"), QStringLiteral("tests")},
                   {tr("Tests file…"), QStringLiteral("file")}},
                  tr("Where the p⊥ share of negatives comes from (the stratified sampler: round(p⊥·K) of each "
                     "axiom's K negatives drawn uniformly from this pool of contradictions, the rest by "
                     "corruption):\n"
                     "• Reasoner's T⁻ sample: contradictory GCI0, GCI2 and GCI1 candidates found by the reasoner "
                     "(1000 per form, seeded);\n"
                     "• Asserted disjointness: from A ⊓ B ⊑ ⊥, the axioms A ⊑ B, B ⊑ A and C ⊑ B for told C ⊑ A;\n"
                     "• T⁻ of the test set: its contradictory lines (they leak into training);\n"
                     "• Tests file: the contradictory lines of another tests TSV.\n"
                     "Test-set axioms are removed from the first, second and fourth pools."),
                  samplerBox);
    pool_->setObjectName(QStringLiteral("pool"));
    samplerForm_->addRow(tr("T⁻ p&ool:"), pool_);
    poolFile_ = new QLineEdit(samplerBox);
    poolFile_->setObjectName(QStringLiteral("poolFile"));
    poolFile_->setToolTip(tr("A tests TSV whose contradictory lines form the pool"));
    auto* poolButton = browseButton(tr("Choose the pool's tests TSV"), samplerBox);
    connect(poolButton, &QToolButton::clicked, this, &TrainingForm::choosePoolFile);
    samplerForm_->addRow(tr("Pool file:"), withButton(poolFile_, poolButton));
    subsampling_ = new QCheckBox(tr("weight positives by query frequency"), samplerBox);
    subsampling_->setObjectName(QStringLiteral("subsampling"));
    subsampling_->setToolTip(
        tr("RotatE's subsampling weights (kbcx train --subsampling): each positive (h, r, t) counts "
           "1/√(n(h,r) + n(t,r⁻¹)), n = training triples sharing the query plus 3, normalised "
           "over the minibatch, so frequent queries do not dominate the loss"));
    samplerForm_->addRow(tr("S&ubsampling:"), subsampling_);
    connect(pool_, &QComboBox::currentIndexChanged, this, &TrainingForm::updateFamilyRows);
    connect(pBot_, &QDoubleSpinBox::valueChanged, this, &TrainingForm::updateFamilyRows);
    return samplerBox;
}

// Optimisation: epochs, batch, learning rate and its decay, optimiser, threads, seed, evaluation.
QGroupBox* TrainingForm::buildOptimisationBox(const TrainingConfig& d) {
    auto* optBox = new QGroupBox(tr("Optimisation"), this);
    auto* optForm = new QFormLayout(optBox);
    epochs_ = intSpin(1, 1000000, d.epochs, tr("Passes over the training data"), optBox);
    epochs_->setObjectName(QStringLiteral("epochs"));
    optForm->addRow(tr("&Epochs:"), epochs_);
    batch_ = intSpin(1, 1000000, d.batch,
                     tr("Positives per optimiser step (EL models: axioms per step, each normal form weighted "
                        "1/#(its axioms in the batch))"),
                     optBox);
    batch_->setObjectName(QStringLiteral("batch"));
    optForm->addRow(tr("&Batch:"), batch_);
    lr_ = realSpin(1e-6, 10, 5, 0.001, d.lr, tr("Learning rate of the optimiser"), optBox);
    optForm->addRow(tr("Learning r&ate:"), lr_);
    lrStep_ = intSpin(0, 1000000, d.lrStep,
                      tr("Step decay (kbcx train --lr-step): multiply the learning rate by the factor every this "
                         "many epochs; 0 = a constant rate"),
                      optBox);
    lrStep_->setObjectName(QStringLiteral("lrStep"));
    lrStep_->setSpecialValueText(tr("never"));
    lrDecay_ = realSpin(0.001, 1, 3, 0.05, d.lrDecay, tr("Factor of the step decay (kbcx train --lr-decay)"), optBox);
    lrDecay_->setObjectName(QStringLiteral("lrDecay"));
    auto* decayRow = new QWidget(optBox);
    auto* decayLayout = new QHBoxLayout(decayRow);
    decayLayout->setContentsMargins(0, 0, 0, 0);
    decayLayout->addWidget(lrStep_, 1);
    decayLayout->addWidget(new QLabel(tr("epochs, × "), decayRow));
    decayLayout->addWidget(lrDecay_, 1);
    optForm->addRow(tr("Lower the rate every:"), decayRow);
    optimizer_ = combo(
        {{QStringLiteral("Adam"), QStringLiteral("adam")}, {QStringLiteral("Adagrad"), QStringLiteral("adagrad")}},
        tr("Adam or Adagrad, lazy unless \"dense\" is checked: only the rows a minibatch touched are updated"), optBox);
    denseOptimizer_ = new QCheckBox(tr("dense (every row steps)"), optBox);
    denseOptimizer_->setObjectName(QStringLiteral("denseOptimizer"));
    denseOptimizer_->setToolTip(tr("kbcx train --dense-optimizer (triple models): every row steps each time, as "
                                   "torch's Adam on dense gradients, so rows outside the batch keep moving with "
                                   "their moments (PyKEEN's default)"));
    denseOptimizer_->setChecked(d.denseOptimizer);
    auto* optRow = new QWidget(optBox);
    auto* optLayout = new QHBoxLayout(optRow);
    optLayout->setContentsMargins(0, 0, 0, 0);
    optLayout->addWidget(optimizer_, 1);
    optLayout->addWidget(denseOptimizer_);
    optForm->addRow(tr("O&ptimiser:"), optRow);
    threads_ = intSpin(1, 256, d.threads,
                       tr("Worker threads per minibatch; one thread and a fixed seed give bit-identical runs"), optBox);
    optForm->addRow(tr("&Threads:"), threads_);
    seed_ = intSpin(0, std::numeric_limits<int>::max(), static_cast<int>(d.seed),
                    tr("Random seed of initialisation, shuffling, negatives and (for a loaded dataset) the "
                       "train/valid/test split"),
                    optBox);
    optForm->addRow(tr("See&d:"), seed_);
    evalEvery_ = intSpin(0, 1000000, d.evalEvery,
                         tr("Evaluate every N epochs and after the last; 0 = only after the last. KG models: "
                            "filtered MRR and Hits@k on the validation split; EL models: the test set's metrics. "
                            "Each evaluation is one point in the metric charts"),
                         optBox);
    evalEvery_->setObjectName(QStringLiteral("evalEvery"));
    optForm->addRow(tr("E&valuate every:"), evalEvery_);
    return optBox;
}

void TrainingForm::setOntologies(OntologyListModel* ontologies) {
    ontologies_ = ontologies;
    if (ontologies_) {
        connect(ontologies_, &QAbstractItemModel::rowsInserted, this, &TrainingForm::rebuildDataSources);
        connect(ontologies_, &QAbstractItemModel::rowsRemoved, this, &TrainingForm::rebuildDataSources);
        connect(ontologies_, &QAbstractItemModel::modelReset, this, &TrainingForm::rebuildDataSources);
    }
    rebuildDataSources();
}

// ---------------------------------------------------------------------------------------------
// Data sources and families

void TrainingForm::rebuildDataSources() {
    const QVariant previous = dataSource_->currentData();
    const bool hadLoaded = dataSource_->count() > 2;
    QSignalBlocker block(dataSource_);
    dataSource_->clear();
    if (datasets_)
        for (int row = 0; row < datasets_->datasetCount(); ++row) {
            const DatasetPtr d = datasets_->datasetAt(row);
            dataSource_->addItem(style()->standardIcon(QStyle::SP_DriveHDIcon),
                                 tr("%1 (%2 facts)").arg(d->name).arg(d->numFacts()),
                                 QVariant::fromValue(static_cast<qlonglong>(d->id)));
        }
    if (ontologies_)
        for (int row = 0; row < ontologies_->ontologyCount(); ++row) {
            const OntologyPtr o = ontologies_->ontologyAt(row);
            dataSource_->addItem(style()->standardIcon(QStyle::SP_FileDialogListView),
                                 tr("%1 (ontology, %2 normal forms)").arg(o->name).arg(o->normalForms.size()),
                                 QVariant::fromValue(ontologyItem(o->id)));
        }
    dataSource_->addItem(style()->standardIcon(QStyle::SP_DirIcon), tr("Triple folder…"),
                         QVariant::fromValue(kFolderItem));
    dataSource_->addItem(style()->standardIcon(QStyle::SP_FileIcon), tr("Ontology file…"),
                         QVariant::fromValue(kOntologyFileItem));
    int i = previous.isValid() ? dataSource_->findData(previous) : -1;
    // The first loaded dataset (knowledge graphs first) is the natural choice until one is chosen.
    if ((i < 0 || !sourceChosen_ || (!hadLoaded && dataFolder_->text().isEmpty())) && dataSource_->count() > 2) i = 0;
    dataSource_->setCurrentIndex(std::max(0, i));
    block.unblock();
    updateDataControls();
}

bool TrainingForm::elFamily() const {
    const qlonglong item = dataSource_->currentData().toLongLong();
    return item == kOntologyFileItem || isOntologyItem(item);
}

void TrainingForm::updateDataControls() {
    const qlonglong item = dataSource_->currentData().toLongLong();
    const bool path = item == kFolderItem || item == kOntologyFileItem;
    dataFolder_->setEnabled(path);
    dataFolderButton_->setEnabled(path);
    dataFolder_->setPlaceholderText(item == kOntologyFileItem ? tr("ontology file (.owl, .ofn, .owx, .obo, …)")
                                                              : tr("folder with train/valid/test.txt"));
    const bool el = elFamily();
    if (el != el_ || model_->count() == 0) {
        el_ = el;
        const TrainingConfig keep = config();
        fillModels(el);
        // Family defaults, keeping what both families share (epochs, optimiser, threads, seed, p⊥).
        TrainingConfig c = TrainingConfig::defaultsFor(el, model_->currentData().toString());
        c.model = model_->currentData().toString();
        // mowl and paper train 1000 full-batch steps without p⊥: their own epochs, no p⊥.
        const bool released = el && c.elVariant() != embed::ElVariant::Kbcx;
        if (!released) c.epochs = keep.epochs;
        c.optimizer = keep.optimizer;
        c.threads = keep.threads;
        c.seed = keep.seed;
        if (!released) c.pBot = keep.pBot;
        c.tests = keep.tests;
        c.pool = keep.pool;
        setConfig(c);
        emit familyChanged(el);
    }
    updateFamilyRows();
}

void TrainingForm::fillModels(bool el) {
    QSignalBlocker block(model_);
    model_->clear();
    for (const auto& [text, id] : el ? kElModels : kKgModels)
        model_->addItem(text, id);
    model_->setToolTip(
        el ? tr("EL models on normal-form axioms; each normal form has a loss ℓ ≥ 0 and the score is −ℓ:\n"
                "ELEmbeddings: classes as n-balls (released loss; 'with term (iv)' restores the published GCI1 "
                "term);\nEmEL++: ELEmbeddings with role inclusions and chains;\nELBE: classes as boxes;\n"
                "Box²EL: boxes with role head/tail boxes and bump vectors")
           : tr("The scoring function (higher = more plausible; distance models score γ − distance):\n"
                "TransE ‖h + r − t‖ (L1 or L2), DistMult ⟨h, r, t⟩, ComplEx Re⟨h, r, t̄⟩,\n"
                "RotatE ‖h ∘ r − t‖ with |rᵢ| = 1, BoxE points in relation boxes,\n"
                "R-GCN: relational graph convolution encoder with a DistMult decoder.\n"
                "Choosing R-GCN sets its own defaults, those of kbcx train --model rgcn for the chosen variant "
                "(authors: dimension 500, 30,000 sampled edges per step, 10 negatives per edge, learning rate 0.01; "
                "kbcx: dimension 100, batch 30,000, 10 negatives, 0.01), in each of these fields still at the "
                "previous model's default; values you changed are kept. Leaving R-GCN restores the other "
                "models' defaults the same way"));
    lastModel_ = model_->currentData().toString();
    shownModel_ = lastModel_;
}

void TrainingForm::applyModelDefaults() {
    const QString model = model_->currentData().toString();
    if (model == lastModel_) return;
    lastModel_ = model;
    if (!el_) return;
    // γ, δ and λ differ per EL model (models.md's references): follow the chosen model.
    const TrainingConfig d = TrainingConfig::defaultsFor(true, model, variant_->currentData().toString());
    margin_->setValue(d.margin);
    delta_->setValue(d.delta);
    reg_->setValue(d.reg);
}

void TrainingForm::adaptRgcnDefaults() {
    // Like a per-model default in PyKEEN's pipeline: R-GCN trains on the whole graph with its own
    // sizes, so switching to or from it moves every field the user left at the previous model's
    // default to the new model's; a field the user edited keeps its value.
    const QString model = model_->currentData().toString();
    const QString previous = shownModel_;
    shownModel_ = model;
    const QString rgcn = QStringLiteral("rgcn");
    if (el_ || previous.isEmpty() || (previous == rgcn) == (model == rgcn)) return;
    // fillVariants ran first: the variant combo already holds R-GCN's (or nothing).
    const TrainingConfig from =
        TrainingConfig::defaultsFor(false, previous, previous == rgcn ? rgcnVariant_ : QString());
    const TrainingConfig to =
        TrainingConfig::defaultsFor(false, model, model == rgcn ? variant_->currentData().toString() : QString());
    for (const auto& [spin, was, now] : {std::tuple{dim_, from.dim, to.dim}, std::tuple{batch_, from.batch, to.batch},
                                         std::tuple{neg_, from.neg, to.neg}})
        if (spin->value() == was) spin->setValue(now);
    if (qFuzzyCompare(lr_->value(), from.lr)) lr_->setValue(to.lr);
    if (qFuzzyCompare(reg_->value() + 1, from.reg + 1)) reg_->setValue(to.reg);
    if (model == rgcn) {
        adaptRgcnShape(TrainingConfig::defaultsFor(false, rgcn, QStringLiteral("kbcx")), to, true);
        rgcnVariant_ = variant_->currentData().toString();
    } else {
        rgcnVariant_.clear();
    }
}

void TrainingForm::adaptRgcnShape(const TrainingConfig& from, const TrainingConfig& to, bool force) {
    // The decomposition and its count, the dropouts: moved when still at `from`'s (or `force`).
    const bool fromBlock = from.rgcnBlocks > 0, toBlock = to.rgcnBlocks > 0;
    const bool shownBlock = rgcnDecomposition_->currentData().toString() == QLatin1String("block");
    const int fromCount = fromBlock ? from.rgcnBlocks : from.rgcnBases;
    if (force || (shownBlock == fromBlock && rgcnCount_->value() == fromCount)) {
        QSignalBlocker b(rgcnDecomposition_);
        rgcnDecomposition_->setCurrentIndex(
            rgcnDecomposition_->findData(toBlock ? QStringLiteral("block") : QStringLiteral("basis")));
        rgcnBases_ = to.rgcnBases;
        if (toBlock) rgcnBlocks_ = to.rgcnBlocks;
        rgcnCount_->setValue(toBlock ? to.rgcnBlocks : to.rgcnBases);
    }
    if (force || qFuzzyCompare(rgcnDropout_->value(), from.rgcnEdgeDropout)) rgcnDropout_->setValue(to.rgcnEdgeDropout);
    if (force || qFuzzyCompare(rgcnSelfDropout_->value(), from.rgcnSelfDropout))
        rgcnSelfDropout_->setValue(to.rgcnSelfDropout);
}

void TrainingForm::fillVariants() {
    const QString keep = variant_->currentData().toString();
    QSignalBlocker block(variant_);
    variant_->clear();
    const bool rgcn = !el_ && model_->currentData().toString() == QLatin1String("rgcn");
    if ((el_ || rgcn) && model_->count() > 0) {
        const std::string name =
            rgcn ? std::string("rgcn") : embed::canonical_el_model_name(model_->currentData().toString().toStdString());
        for (embed::ElVariant v : embed::el_variants(name)) {
            const QString id = QString::fromLatin1(embed::el_variant_name(v).data(), embed::el_variant_name(v).size());
            variant_->addItem(variant_->count() == 0 ? tr("%1 (default)").arg(id) : id, id);
        }
        // A variant the new model also has stays chosen; else the new model's default.
        variant_->setCurrentIndex(std::max(0, variant_->findData(keep)));
    }
    block.unblock();
    adaptVariantDefaults();
    updateFamilyRows();
}

void TrainingForm::adaptVariantDefaults() {
    // As for R-GCN: the fields still at the previous variant's default follow the new variant.
    const QString variant = variant_->currentData().toString();
    const QString previous = shownVariant_;
    shownVariant_ = variant;
    const QString model = model_->currentData().toString();
    if (!el_ && model == QLatin1String("rgcn")) {
        // R-GCN's two variants differ in sizes, decomposition, dropout and regulariser.
        const QString was = rgcnVariant_;
        rgcnVariant_ = variant;
        if (was.isEmpty() || variant.isEmpty() || was == variant) return;
        const TrainingConfig from = TrainingConfig::defaultsFor(false, model, was);
        const TrainingConfig to = TrainingConfig::defaultsFor(false, model, variant);
        for (const auto& [spin, old, now] :
             {std::tuple{dim_, from.dim, to.dim}, std::tuple{batch_, from.batch, to.batch},
              std::tuple{neg_, from.neg, to.neg}})
            if (spin->value() == old) spin->setValue(now);
        if (qFuzzyCompare(lr_->value(), from.lr)) lr_->setValue(to.lr);
        if (qFuzzyCompare(reg_->value() + 1, from.reg + 1)) reg_->setValue(to.reg);
        adaptRgcnShape(from, to, false);
        return;
    }
    if (!el_ || previous.isEmpty() || variant.isEmpty() || previous == variant) return;
    // A variant of the previous model that this one lacks has no defaults here to compare with.
    const auto& offered = embed::el_variants(embed::canonical_el_model_name(model.toStdString()));
    if (std::none_of(offered.begin(), offered.end(), [&](embed::ElVariant v) {
            return QLatin1String(embed::el_variant_name(v).data(), embed::el_variant_name(v).size()) == previous;
        }))
        return;
    const TrainingConfig from = TrainingConfig::defaultsFor(true, model, previous);
    const TrainingConfig to = TrainingConfig::defaultsFor(true, model, variant);
    for (const auto& [spin, was, now] :
         {std::tuple{dim_, from.dim, to.dim}, std::tuple{epochs_, from.epochs, to.epochs},
          std::tuple{neg_, from.neg, to.neg}, std::tuple{batch_, from.batch, to.batch},
          std::tuple{evalEvery_, from.evalEvery, to.evalEvery}})
        if (spin->value() == was) spin->setValue(now);
    if (qFuzzyCompare(lr_->value(), from.lr)) lr_->setValue(to.lr);
    if (to.elVariant() != embed::ElVariant::Kbcx) pBot_->setValue(0);
}

void TrainingForm::updateFamilyRows() {
    const bool el = el_;
    const qlonglong item = dataSource_->currentData().toLongLong();
    dataForm_->setRowVisible(1, item == kFolderItem || item == kOntologyFileItem);
    dataForm_->setRowVisible(negatives_, !el);
    dataForm_->setRowVisible(3, el);
    modelForm_->setRowVisible(delta_, el);
    const bool rgcn = !el && model_->currentData().toString() == QLatin1String("rgcn");
    const bool authors = rgcn && variant_->currentData().toString() == QLatin1String("authors");
    modelForm_->setRowVisible(reg_, el || authors);
    modelForm_->setRowVisible(loss_, !el && !authors); // authors: its own binary cross-entropy
    modelForm_->setRowVisible(variant_, el || rgcn);
    const bool released = el && !variant_->currentData().toString().isEmpty() &&
                          variant_->currentData().toString() != QLatin1String("kbcx");
    for (QWidget* w : {static_cast<QWidget*>(rgcnLayers_), static_cast<QWidget*>(rgcnDecomposition_),
                       static_cast<QWidget*>(rgcnCount_)})
        modelForm_->setRowVisible(w, rgcn);
    modelForm_->setRowVisible(rgcnDropout_, rgcn && !authors);
    modelForm_->setRowVisible(rgcnSelfDropout_, authors);
    reg_->setToolTip(authors ? tr("R-GCN, variant authors: decoder L2 λ on mean(e_s²) + mean(r²) + mean(e_o²) over a "
                                  "step's examples (default 0.01, the reference's RegularizationParameter)")
                             : tr("Regulariser weight: ELEmbeddings/EmEL++ |‖c‖ − 1| on class centres; Box²EL "
                                  "λ‖β‖ on bumps"));
    samplerForm_->setRowVisible(sampler_, !el);
    samplerForm_->setRowVisible(chunk_, !el);
    samplerForm_->setRowVisible(advTemp_, !el);
    // 1-vs-all scores every entity with the cross-entropy loss: the sample size, the weights α,
    // p⊥ and the loss choice do not apply.
    oneVsAll_->setVisible(!el && !rgcn);
    samplerForm_->setRowVisible(subsampling_, !el && !rgcn);
    for (QWidget* w : {static_cast<QWidget*>(init_), static_cast<QWidget*>(unitEntities_),
                       static_cast<QWidget*>(lpEntity_->parentWidget()), static_cast<QWidget*>(pykeenDefaults_)})
        modelForm_->setRowVisible(w, !el && !rgcn);
    denseOptimizer_->setVisible(!el && !rgcn);
    // PyKEEN's initialisers and defaults are recorded for TransE, DistMult, ComplEx and BoxE.
    TrainingConfig probe;
    probe.model = model_->currentData().toString();
    const bool pykeenKnown = !el && probe.hasPykeenDefaults();
    pykeenDefaults_->setEnabled(pykeenKnown);
    if (!pykeenKnown) selectData(init_, QStringLiteral("kbcx"));
    init_->setEnabled(pykeenKnown);
    const bool all = !el && !rgcn && oneVsAll_->isChecked();
    neg_->setEnabled(!all);
    advTemp_->setEnabled(!all);
    loss_->setEnabled(!all);
    pBot_->setEnabled(!all && !released);
    // The released variants draw their own negatives; mowl, paper and dele take one full-batch
    // step per epoch (kracr's minibatch is the user's to set).
    const embed::ElVariantTraining vt = embed::el_variant_training(
        released ? embed::parse_el_variant(variant_->currentData().toString().toStdString()) : embed::ElVariant::Kbcx);
    batch_->setEnabled(!el || vt.batch_applies);
    if (el && !vt.neg_applies) neg_->setEnabled(false);
    samplerForm_->setRowVisible(pool_, el);
    samplerForm_->setRowVisible(6, el && pool_->currentData().toString() == QLatin1String("file"));
    pool_->setEnabled(pBot_->value() > 0);
    poolFile_->setEnabled(pBot_->value() > 0);
    margin_->setToolTip(el ? tr("γ of the EL model's losses (ELEmbeddings/EmEL++ [‖c_C − c_D‖ + r_C − r_D "
                                "− γ]₊, ELBE margin κ = +γ, Box²EL inclusion margin −γ); defaults ELEm 0, "
                                "EmEL++ 0.05, ELBE 0, Box²EL 0.02")
                           : tr("Margin γ of the distance and margin losses (also sets the initialisation range "
                                "(γ + 2)/d)"));
    pBot_->setToolTip(el ? tr("p⊥: the fraction of each axiom's negatives drawn from the T⁻ pool (contradictions); "
                              "the rest by corrupting a class of the axiom with a random named class. 0 = plain "
                              "corruption, 1 = only contradiction negatives")
                         : tr("p⊥: the fraction of each positive's negatives drawn from the explicit negatives "
                              "(contradictions); the rest by random corruption. Needs explicit negatives"));
}

// ---------------------------------------------------------------------------------------------
// Values

TrainingConfig TrainingForm::config() const {
    TrainingConfig c;
    c.model = model_->currentData().toString();
    c.variant = c.isEl() || c.model == QLatin1String("rgcn") ? variant_->currentData().toString() : QString();
    c.dim = dim_->value();
    c.epochs = epochs_->value();
    c.batch = batch_->value();
    c.neg = neg_->value();
    c.oneVsAll = !c.isEl() && c.model != QLatin1String("rgcn") && oneVsAll_->isChecked();
    c.chunk = chunk_->value();
    c.lr = lr_->value();
    c.lrStep = lrStep_->value();
    c.lrDecay = lrDecay_->value();
    c.subsampling = !c.isEl() && c.model != QLatin1String("rgcn") && subsampling_->isChecked();
    const bool shallow = !c.isEl() && c.model != QLatin1String("rgcn");
    c.init = shallow ? init_->currentData().toString() : QStringLiteral("kbcx");
    c.unitEntities = shallow && unitEntities_->isChecked();
    c.lpEntity = shallow ? lpEntity_->value() : 0.0;
    c.lpRelation = shallow ? lpRelation_->value() : 0.0;
    c.denseOptimizer = shallow && denseOptimizer_->isChecked();
    c.margin = margin_->value();
    c.optimizer = optimizer_->currentData().toString();
    c.loss = loss_->currentData().toString();
    c.sampler = sampler_->currentData().toString();
    c.advTemp = advTemp_->value();
    c.pBot = pBot_->value();
    c.evalEvery = evalEvery_->value();
    c.threads = threads_->value();
    c.seed = static_cast<quint64>(seed_->value());
    c.delta = delta_->value();
    c.reg = reg_->value();
    const QString pool = pool_->currentData().toString();
    c.pool = pool == QLatin1String("file") ? poolFile_->text().trimmed() : pool;
    c.tests = tests_->text().trimmed();
    c.rgcnLayers = rgcnLayers_->value();
    c.rgcnEdgeDropout = rgcnDropout_->value();
    c.rgcnSelfDropout = rgcnSelfDropout_->value();
    if (rgcnDecomposition_->currentData().toString() == QLatin1String("block")) {
        c.rgcnBlocks = rgcnCount_->value();
        c.rgcnBases = rgcnBases_;
    } else {
        c.rgcnBlocks = 0;
        c.rgcnBases = rgcnCount_->value();
    }
    return c;
}

void TrainingForm::setConfig(const TrainingConfig& c) {
    QString model = c.model;
    if (model == QLatin1String("TransE")) model = QStringLiteral("TransE-L1");
    if (c.isEl()) model = QString::fromStdString(embed::canonical_el_model_name(model.toStdString()));
    selectData(model_, model);
    lastModel_ = model_->currentData().toString();
    if (c.isEl()) {
        fillVariants();
        QSignalBlocker block(variant_);
        // A run from before the variants trained kbcx.
        variant_->setCurrentIndex(
            std::max(0, variant_->findData(c.variant.isEmpty() ? QStringLiteral("kbcx") : c.variant)));
        shownVariant_ = variant_->currentData().toString();
    } else if (c.model == QLatin1String("rgcn")) {
        fillVariants();
        QSignalBlocker block(variant_);
        // A run from before R-GCN's variants trained kbcx.
        variant_->setCurrentIndex(
            std::max(0, variant_->findData(c.variant.isEmpty() ? QStringLiteral("kbcx") : c.variant)));
        shownVariant_ = rgcnVariant_ = variant_->currentData().toString();
        updateFamilyRows();
    }
    dim_->setValue(c.dim);
    epochs_->setValue(c.epochs);
    batch_->setValue(c.batch);
    neg_->setValue(c.neg);
    oneVsAll_->setChecked(c.oneVsAll);
    chunk_->setValue(c.chunk);
    lr_->setValue(c.lr);
    lrStep_->setValue(c.lrStep);
    lrDecay_->setValue(c.lrDecay);
    subsampling_->setChecked(c.subsampling);
    selectData(init_, c.init);
    unitEntities_->setChecked(c.unitEntities);
    lpEntity_->setValue(c.lpEntity);
    lpRelation_->setValue(c.lpRelation);
    denseOptimizer_->setChecked(c.denseOptimizer);
    margin_->setValue(c.margin);
    selectData(optimizer_, c.optimizer);
    loss_->setCurrentIndex(std::max(0, loss_->findData(c.loss)));
    selectData(sampler_, c.sampler);
    advTemp_->setValue(c.advTemp);
    pBot_->setValue(c.pBot);
    evalEvery_->setValue(c.evalEvery);
    threads_->setValue(c.threads);
    seed_->setValue(static_cast<int>(std::min<quint64>(c.seed, std::numeric_limits<int>::max())));
    delta_->setValue(c.delta);
    reg_->setValue(c.reg);
    const int pool = pool_->findData(c.pool);
    if (pool >= 0 && c.pool != QLatin1String("file")) {
        pool_->setCurrentIndex(pool);
    } else {
        pool_->setCurrentIndex(pool_->findData(QStringLiteral("file")));
        poolFile_->setText(c.pool);
    }
    tests_->setText(c.tests);
    rgcnLayers_->setValue(c.rgcnLayers);
    rgcnDropout_->setValue(c.rgcnEdgeDropout);
    rgcnSelfDropout_->setValue(c.rgcnSelfDropout);
    {
        QSignalBlocker b(rgcnDecomposition_);
        rgcnDecomposition_->setCurrentIndex(c.rgcnBlocks > 0 ? 1 : 0);
        rgcnBases_ = c.rgcnBases;
        if (c.rgcnBlocks > 0) rgcnBlocks_ = c.rgcnBlocks;
        rgcnCount_->setValue(c.rgcnBlocks > 0 ? c.rgcnBlocks : c.rgcnBases);
    }
    updateFamilyRows();
}

bool TrainingForm::selectDataset(quint64 datasetId) {
    sourceChosen_ = true;
    const int i = dataSource_->findData(QVariant::fromValue(static_cast<qlonglong>(datasetId)));
    if (i < 0) return false;
    dataSource_->setCurrentIndex(i);
    return true;
}

bool TrainingForm::selectOntology(quint64 ontologyId) {
    sourceChosen_ = true;
    const int i = dataSource_->findData(QVariant::fromValue(ontologyItem(ontologyId)));
    if (i < 0) return false;
    dataSource_->setCurrentIndex(i);
    return true;
}

void TrainingForm::setDataFolder(const QString& path, const QString& negatives) {
    sourceChosen_ = true;
    dataSource_->setCurrentIndex(dataSource_->findData(QVariant::fromValue(kFolderItem)));
    dataFolder_->setText(path);
    negatives_->setText(negatives);
}

void TrainingForm::setOntologyFile(const QString& path) {
    sourceChosen_ = true;
    dataSource_->setCurrentIndex(dataSource_->findData(QVariant::fromValue(kOntologyFileItem)));
    dataFolder_->setText(path);
}

bool TrainingForm::source(TrainingDataSource& out, QString& error) const {
    const TrainingConfig c = config();
    const qlonglong item = dataSource_->currentData().toLongLong();
    out = {};
    out.splitSeed = c.seed;
    if (item == kFolderItem || item == kOntologyFileItem) {
        const QString path = dataFolder_->text().trimmed();
        if (path.isEmpty() || !QFileInfo::exists(path)) {
            error = path.isEmpty() ? (item == kFolderItem ? tr("Choose a data folder (or a loaded dataset).")
                                                          : tr("Choose an ontology file (or a loaded ontology)."))
                                   : tr("%1 does not exist.").arg(path);
            return false;
        }
        out.kind = item == kFolderItem ? TrainingDataSource::Kind::Folder : TrainingDataSource::Kind::OntologyFile;
        out.folder = QFileInfo(path).absoluteFilePath();
        if (item == kFolderItem) {
            out.negatives = negatives_->text().trimmed();
            if (c.pBot > 0 && out.negatives.isEmpty()) out.negatives = QStringLiteral("auto");
        }
    } else if (isOntologyItem(item)) {
        for (int row = 0; ontologies_ && row < ontologies_->ontologyCount(); ++row)
            if (ontologyItem(ontologies_->ontologyAt(row)->id) == item) out.ontology = ontologies_->ontologyAt(row);
        if (!out.ontology) {
            error = tr("Load an ontology (File → Open Ontology…) or choose an ontology file.");
            return false;
        }
        out.kind = TrainingDataSource::Kind::LoadedOntology;
    } else {
        for (int row = 0; datasets_ && row < datasets_->datasetCount(); ++row)
            if (static_cast<qlonglong>(datasets_->datasetAt(row)->id) == item) out.dataset = datasets_->datasetAt(row);
        if (!out.dataset) {
            error = tr("Load a dataset (File → Open…) or choose a data folder.");
            return false;
        }
        if (c.pBot > 0) {
            error = tr("p⊥ > 0 draws negatives from explicit negatives, which a loaded dataset does not have. "
                       "Choose a benchmark folder with train_neg*.txt, or set p⊥ to 0.");
            return false;
        }
        out.kind = TrainingDataSource::Kind::LoadedDataset;
    }
    if (out.isOntology()) {
        if (!c.tests.isEmpty() && !QFileInfo::exists(c.tests)) {
            error = tr("The test set %1 does not exist.").arg(c.tests);
            return false;
        }
        if (c.pBot > 0 && c.pool.isEmpty()) {
            error = tr("Choose the tests file of the T⁻ pool.");
            return false;
        }
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Dialogs

void TrainingForm::chooseDataPath() {
    const QString current = dataFolder_->text();
    const QString path = dataSource_->currentData().toLongLong() == kOntologyFileItem
                             ? QFileDialog::getOpenFileName(this, tr("Ontology File"), current,
                                                            tr("Ontologies (*.owl *.ofn *.owx *.rdf *.ttl *.nt *.obo "
                                                               "*.kbo *.gz);;All files (*)"))
                             : QFileDialog::getExistingDirectory(this, tr("Data Folder"), current);
    if (!path.isEmpty()) dataFolder_->setText(path);
}

void TrainingForm::chooseTests() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Test Set"), tests_->text(),
                                                      tr("Test sets (*.tsv *.txt);;All files (*)"));
    if (!path.isEmpty()) tests_->setText(path);
}

void TrainingForm::choosePoolFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("T⁻ Pool"), poolFile_->text(),
                                                      tr("Test sets (*.tsv *.txt);;All files (*)"));
    if (!path.isEmpty()) poolFile_->setText(path);
}

} // namespace kbcx::ui
