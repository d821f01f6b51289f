// What the Training tab hands to a training job: the data source (a loaded dataset split into
// train/valid/test, or a folder the engine reads) and the run settings, mapped onto core/embed.
#pragma once

#include "dataset.hpp"

#include "embed/dataset.hpp"
#include "embed/train_kg.hpp"
#include "jobs/job.hpp"

#include <QJsonObject>
#include <QString>

namespace kbcx::ui {

/// Where a run's triples come from.
struct TrainingDataSource {
    enum class Kind { LoadedDataset, Folder };
    Kind kind = Kind::Folder;
    DatasetPtr dataset; ///< LoadedDataset: the explorer's dataset (its relation facts)
    QString folder;     ///< Folder: train.txt [valid.txt test.txt], or one triple file
    QString negatives;  ///< Folder: explicit negatives file, "auto", or "" for none
    quint64 splitSeed = 0;

    /// The text recorded as "data" in params.json: the absolute folder, or
    /// "dataset:<name>" for a loaded dataset (resume looks the dataset up by that name).
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

/// The options of the Training form; defaults suit a small dataset such as the demo.
struct TrainingConfig {
    QString model = QStringLiteral("TransE-L1");
    int dim = 32;
    int epochs = 50;
    int batch = 64;
    int neg = 16;
    int chunk = 16;
    double lr = 0.01;
    double margin = 6.0;
    QString optimizer = QStringLiteral("adam");
    QString loss; ///< "" = the model's own
    QString sampler = QStringLiteral("uniform");
    double advTemp = 0.0;
    double pBot = 0.0;
    int evalEvery = 5;
    int threads = 1;
    quint64 seed = 0;

    /// The engine's parameters (without run folder and hooks). Throws std::invalid_argument
    /// for an unknown model, optimiser or loss name.
    embed::KgTrainParams toParams() const;
    /// Reads the fields of a params.json written by the engine; absent fields keep defaults.
    static TrainingConfig fromParamsJson(const QJsonObject& params);
};

} // namespace kbcx::ui
