// The four settings groups of TrainingForm (data, model, negative sampling, optimisation): their
// fields, tooltips and defaults from TrainingConfig; the rest of the form is training_form.cpp.
#include "ui/training/training_form.hpp"

#include "ui/common/form_fields.hpp"

#include "embed/el_models.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <limits>

namespace kbcx::ui {

namespace {

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

} // namespace

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
    loss_ = dataCombo({{tr("Model default"), QString()},
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
    rgcnDecomposition_ = dataCombo(
        {{tr("Basis decomposition"), QStringLiteral("basis")}, {tr("Block-diagonal"), QStringLiteral("block")}},
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
    init_ = dataCombo({{tr("This explorer's (uniform ±(γ + 2)/d)"), QStringLiteral("kbcx")},
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
    sampler_ = dataCombo({{tr("Uniform"), QStringLiteral("uniform")}, {tr("Bernoulli"), QStringLiteral("bernoulli")}},
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
    pool_ = dataCombo({{tr("Reasoner's T⁻ sample"), QStringLiteral("reason")},
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
    optimizer_ = dataCombo(
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

} // namespace kbcx::ui
