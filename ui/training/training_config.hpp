// What the Training tab hands to a training job: the data source (a loaded dataset split into
// train/valid/test, or a folder the engine reads) and the run settings, mapped onto core/embed.
#pragma once

#include "ui/dataset/dataset.hpp"
#include "ui/ontology/onto_data.hpp"

#include "common/job.hpp"
#include "embed/dataset.hpp"
#include "embed/el_job.hpp"
#include "embed/train_kg.hpp"

#include <QJsonObject>
#include <QString>

namespace kbcx::ui {

/// Where a run's data come from: triples for the KG models, an ontology for the EL models.
struct TrainingDataSource {
    enum class Kind { LoadedDataset, Folder, LoadedOntology, OntologyFile };
    Kind kind = Kind::Folder;
    DatasetPtr dataset;   ///< LoadedDataset: the explorer's dataset (its relation facts)
    OntologyPtr ontology; ///< LoadedOntology: the explorer's ontology (as read)
    QString folder;       ///< Folder: train.txt [valid.txt test.txt], or one triple file; OntologyFile: the file
    QString negatives;    ///< Folder: explicit negatives file, "auto", or "" for none
    quint64 splitSeed = 0;

    /// True for the ontology kinds (EL models train on them).
    bool isOntology() const { return kind == Kind::LoadedOntology || kind == Kind::OntologyFile; }
    /// The text recorded as "data" in params.json: the absolute folder or file, or
    /// "dataset:<name>" / "ontology:<name>" for a loaded dataset or ontology (resume looks it up
    /// by that name).
    QString label() const;
};

/// Share of a loaded dataset's facts held out for validation and for test (each).
inline constexpr double kHeldOutFraction = 0.1;

/// Splits a loaded graph's relation facts into train/valid/test: a seeded shuffle, then
/// kHeldOutFraction each for valid and test (at least one each when there are ≥ 10 facts).
/// Runs in the job (never on the GUI thread). Throws InputError when there are no facts.
embed::TripleDataset splitLoadedDataset(const Dataset& dataset, quint64 seed, jobs::JobContext& ctx);

/// Loads or splits the data of `source` (in the job).
embed::TripleDataset loadTrainingData(const TrainingDataSource& source, jobs::JobContext& ctx);

/// The options of the Training form; defaults suit a small dataset such as the demo. One struct
/// for both families: the KG models use the sampler/chunk/adversarial fields, the EL models
/// delta, reg, pool and tests (see toElParams).
struct TrainingConfig {
    QString model = QStringLiteral("TransE-L1");
    int dim = 32;
    int epochs = 50;
    int batch = 64;
    int neg = 16;
    bool oneVsAll = false; ///< triple models: every entity a candidate, cross-entropy (`--neg all`)
    int chunk = 16;
    double lr = 0.01;
    int lrStep = 0;           ///< multiply lr by lrDecay every lrStep epochs; 0 = constant (`--lr-step`)
    double lrDecay = 0.1;     ///< `--lr-decay`
    bool subsampling = false; ///< triple models: RotatE's subsampling weights (`--subsampling`)
    // Triple models, PyKEEN's training pieces (embed::GraphTrainingSettings; kbcx train flags)
    QString init = QStringLiteral("kbcx"); ///< the initialiser: kbcx or pykeen (`--init`)
    bool unitEntities = false;             ///< entity rows at unit L2 norm after every step (`--unit-entities`)
    double lpEntity = 0.0;                 ///< PyKEEN's LpRegularizer weight on entity rows (`--lp-entity`)
    double lpRelation = 0.0;               ///< … on relation rows (`--lp-relation`)
    bool denseOptimizer = false;           ///< every row steps each time (`--dense-optimizer`)
    double margin = 6.0;
    QString optimizer = QStringLiteral("adam");
    QString loss; ///< "" = the model's own
    QString sampler = QStringLiteral("uniform");
    double advTemp = 0.0;
    double pBot = 0.0;
    int evalEvery = 5;
    int threads = 1;
    quint64 seed = 0;
    // EL models
    double delta = 2.5;                      ///< box models' target δ of the negative term
    double reg = 1.0;                        ///< regulariser weight (model-specific, see embed::ElModelConfig)
    QString pool = QStringLiteral("reason"); ///< T− pool of p⊥: reason, disjoint, tests, or a tests TSV path
    QString tests;                           ///< test-set TSV evaluated at every evaluation ("" = none)
    /// Which objective the EL model name, or R-GCN, stands for (embed::ElVariant: "kbcx", "mowl",
    /// "paper", "authors", …); "" = kbcx, as params.json files written before the variants existed read.
    QString variant;
    // R-GCN (model "rgcn"; defaults of kbcx train and embed::KgModelConfig)
    int rgcnLayers = 2;           ///< graph-convolution layers L
    int rgcnBases = 10;           ///< bases B of the basis decomposition W_r = Σ_b a_rb V_b
    int rgcnBlocks = 0;           ///< > 0: block-diagonal W_r with this many blocks (must divide dim) instead
    double rgcnEdgeDropout = 0.4; ///< kbcx: fraction of training triples dropped from the graph at each step
    double rgcnSelfDropout = 0.2; ///< authors: fraction of self-loop message entries dropped at each step

    /// True when `model` names an EL model (ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL).
    bool isEl() const;
    /// The form's defaults for a family: the KG defaults above (for `model` "rgcn" those of
    /// `kbcx train --model rgcn --variant V`, embed::rgcn_variant_training; "" = authors, the
    /// default: d 500, 100 blocks, 30,000 edges, ω 10, lr 0.01, L2 0.01), or for EL models those
    /// of `kbcx train` for the EL `model` and `variant` ("" = the model's default variant, as on the
    /// command line): γ, δ, λ of the model; kbcx dim 50, batch 256, neg 4, lr 0.01, evaluation
    /// every 10 epochs; mowl and paper (embed::ElReleasedDefaults) dim 50, 1000 full-batch epochs,
    /// lr 0.001, evaluation every 100 epochs.
    static TrainingConfig defaultsFor(bool el, const QString& model = QStringLiteral("ELEmbeddings"),
                                      const QString& variant = QString());
    /// Whether PyKEEN's defaults are recorded for this triple model (TransE, DistMult, ComplEx, BoxE).
    bool hasPykeenDefaults() const;
    /// This config with the triple model's PyKEEN defaults as mOWL's KGE wrapper applies them
    /// (embed::graph_training_settings): dim, loss, margin, negatives, chunk, batch, optimiser,
    /// lr, initialiser, entity constraint, Lp weights, dense Adam; the rest as it is.
    TrainingConfig withPykeenDefaults() const;
    /// The EL or R-GCN variant this config trains (kbcx when `variant` is empty).
    embed::ElVariant elVariant() const;

    /// The engine's parameters (without run folder and hooks). Throws std::invalid_argument
    /// for an unknown model, optimiser or loss name, or R-GCN blocks that do not divide dim.
    embed::KgTrainParams toParams() const;
    /// The same for an EL model (train.data, run folder, ontology and hooks left to the caller).
    embed::ElJobParams toElParams() const;
    /// Reads the fields of a params.json written by the engine; absent fields keep defaults.
    static TrainingConfig fromParamsJson(const QJsonObject& params);
};

} // namespace kbcx::ui
