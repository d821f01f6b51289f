// Implementation of TrainingForm: the data sources (loaded datasets and ontologies, folder, ontology
// file), the switch between KG and EL model lists, and the form read as and set from a TrainingConfig.
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
