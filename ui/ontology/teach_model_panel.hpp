// The Teach tab's model: trains a small EL embedding (balls or boxes, two dimensions by default)
// on the ontology being edited, ranks the candidates by its scores and draws its geometry.
#pragma once

#include "embed/score_geometry.hpp"

#include <QGroupBox>
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace kbcx::jobs {
class JobContext;
}

namespace kbcx::ui {

class GeometryView;
class JobHandle;
class JobRunner;

/// What one training of the Teach model gives: per candidate its anatomy and scene, or why not.
struct TeachModelResult {
    struct Candidate {
        QString axiom;
        std::optional<embed::ScoreAnatomy> anatomy;
        std::optional<embed::GeoScene> scene;
        QString error;
    };
    std::vector<Candidate> candidates;
    QString model, variant;
    int epochs = 0;
    double seconds = 0;
};

/// The settings of one training (the panel's controls).
struct TeachModelParams {
    QString ontologyText;
    QStringList candidates;
    QString model = QStringLiteral("ELEmbeddings");
    int dim = 2;
    int epochs = 300;
    std::uint64_t seed = 1;
    QString folder; ///< where the run's files go (a temporary folder of the panel)
};

/// Trains and explains (a job's body): writes the text to folder/ontology.kbo, trains the model
/// there (variant kbcx, checkpoint in folder/run) and explains every candidate.
TeachModelResult trainTeachModel(const TeachModelParams& params, jobs::JobContext& ctx);

class TeachModelPanel : public QGroupBox {
    Q_OBJECT
  public:
    explicit TeachModelPanel(JobRunner* runner, QWidget* parent = nullptr);

    /// The ontology text and candidates the next training reads; with "Retrain after each edit"
    /// checked and a model trained once, a change retrains.
    void setInput(const QString& ontologyText, const QStringList& candidates);
    /// The reasoner's status of each candidate ("entailed", …), shown beside the model's ranking.
    void setStatuses(const QHash<QString, QString>& statusOf);
    /// Draws candidate `row` (the one selected in the candidates table).
    void showCandidate(int row);
    /// Trains now; returns the job (null when there is nothing to train on).
    JobHandle* train();

    const std::optional<TeachModelResult>& result() const { return result_; }
    GeometryView* geometryView() const { return geometry_; }
    QLabel* rankingLabel() const { return ranking_; }
    QComboBox* modelBox() const { return model_; }
    QSpinBox* dimBox() const { return dim_; }
    QCheckBox* liveBox() const { return live_; }

  signals:
    /// A training ended and its ranking and geometry are shown (or its error).
    void trained();

  private:
    void showRanking();

    JobRunner* runner_;
    QComboBox* model_;
    QSpinBox* dim_;
    QSpinBox* epochs_;
    QCheckBox* live_;
    QPushButton* train_;
    QLabel* ranking_;
    QLabel* caption_;
    GeometryView* geometry_;
    QTemporaryDir folder_;
    QString text_;
    QStringList candidates_;
    QHash<QString, QString> statusOf_;
    std::optional<TeachModelResult> result_;
    QPointer<JobHandle> job_;
    quint64 generation_ = 0;
    int shown_ = 0;
};

} // namespace kbcx::ui
