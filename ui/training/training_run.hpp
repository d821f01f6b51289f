// One training run as the Training tab knows it: its folder, settings, status, the metrics
// it reported (live EpochReports or a run folder's metrics.jsonl), and metric-name helpers.
#pragma once

#include "ui/jobs/job_handle.hpp"
#include "ui/training/run_folder.hpp"
#include "ui/training/training_config.hpp"

#include "embed/training.hpp"

#include <QColor>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <vector>

namespace kbcx::ui {

/// Splits whose lines are evaluations to chart: "valid" (KG runs) and "tests" (EL runs with a
/// test set); the final "test" line of a KG run is not charted.
bool isEvaluationSplit(const QString& split);
/// Fields of a metrics line that are bookkeeping, not metrics (epoch, split, seconds).
bool isBookkeepingField(const QString& name);
/// Fields that get a chart: not bookkeeping, and not the test-set hook's placement, l0…l3,
/// n_missing_scores or per-normal-form "GCI0/…" copies (those stay in the CSV export).
bool isChartedMetric(const QString& name);
/// The name shown for a metric: "mrr" → "MRR", "hits@10" → "Hits@10", "pair_fvr" → "Pair-FVR",
/// "rho_p" → "ρ_P", "auc" → "AUC⁺ᐟ⁻"; unknown names are shown as they are.
QString metricDisplayName(const QString& name);
/// Sort key: loss, MRR, Hits@10, the faithfulness metrics, other new metrics, then the
/// secondary ranking metrics (hits@1, hits@3, mean_rank).
int metricRank(const QString& name);
/// Whether a chart for this metric is shown before the user chooses (false only for the
/// secondary ranking metrics; every new metric name is shown automatically).
bool metricShownByDefault(const QString& name);
/// Sorts metric names by metricRank, then by name.
void sortMetricNames(QStringList& names);

class TrainingRun : public QObject {
    Q_OBJECT
  public:
    enum class Status { Queued, Running, Paused, Finished, Failed, Cancelled, Stored };
    Q_ENUM(Status)

    TrainingRun(quint64 id, QString folder, QObject* parent = nullptr);

    quint64 id() const { return id_; }
    QString name() const { return name_; }
    QString folder() const { return folder_; }
    QColor color() const { return color_; }
    void setColor(QColor color) { color_ = color; }

    Status status() const { return status_; }
    void setStatus(Status status);
    QString statusText() const;
    /// A stored run that was training when KBC Explorer last ended without finishing it (a
    /// crash, a kill, a quit mid-run): its status reads "Interrupted at epoch N" and Continue
    /// resumes it from its last checkpoint. Cleared when the run trains again.
    bool interrupted() const { return interrupted_; }
    void setInterrupted(bool interrupted);
    bool isActive() const {
        return status_ == Status::Queued || status_ == Status::Running || status_ == Status::Paused;
    }
    QString errorMessage() const { return error_; }
    void setError(const QString& message);

    const TrainingConfig& config() const { return config_; }
    void setConfig(const TrainingConfig& config, const QString& dataLabel);
    QString dataLabel() const { return dataLabel_; }

    JobHandle* job() const { return job_; }
    void setJob(JobHandle* job) { job_ = job; }
    std::shared_ptr<embed::TrainControl> control() const { return control_; }
    void setControl(std::shared_ptr<embed::TrainControl> control) { control_ = std::move(control); }

    /// Last finished epoch (from reports or records) and the planned total.
    int epochsDone() const { return epochsDone_; }
    int epochsPlanned() const { return config_.epochs; }

    /// Validation and test records, in order.
    const QVector<MetricRecord>& records() const { return records_; }
    /// Replaces the records (a run folder's metrics.jsonl).
    void setRecords(QVector<MetricRecord> records);
    /// Forgets every metric (a fresh start in this run's folder).
    void clearMetrics();
    /// Applies one live report (GUI thread): per-epoch loss, and a validation record when evaluated.
    void addReport(const embed::EpochReport& report);
    /// Several reports in epoch order, with one change notification.
    void addReports(const std::vector<embed::EpochReport>& reports);

    /// Metric names of the validation records (plus "loss"), sorted by sortMetricNames.
    QStringList metricNames() const;
    /// The chart points of a metric: (epoch, value) of each validation record that has it;
    /// "loss" uses the live per-epoch loss when the run reported it.
    QVector<QPointF> series(const QString& metric) const;
    /// The last validation value of a metric, or NaN.
    double lastValue(const QString& metric) const;

  signals:
    /// Status, epoch or error changed.
    void changed();
    /// New metric values arrived.
    void metricsChanged();

  private:
    void applyReport(const embed::EpochReport& report);
    quint64 id_;
    QString folder_;
    QString name_;
    QColor color_;
    Status status_ = Status::Queued;
    QString error_;
    TrainingConfig config_;
    QString dataLabel_;
    QPointer<JobHandle> job_;
    std::shared_ptr<embed::TrainControl> control_;
    int epochsDone_ = 0;
    bool interrupted_ = false;
    QVector<MetricRecord> records_;
    QVector<QPointF> epochLoss_;
    /// metricNames() is asked for every run on each chart refresh; kept until the metrics change.
    mutable QStringList metricNamesCache_;
    mutable bool metricNamesValid_ = false;
};

} // namespace kbcx::ui
