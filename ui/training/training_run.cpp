// Implementation of TrainingRun: metric display names and order, chart series from records or
// reports (the run-folder readers are in run_folder.cpp).
#include "ui/training/training_run.hpp"

#include <QFileInfo>

#include <cmath>
#include <limits>

namespace kbcx::ui {

bool isEvaluationSplit(const QString& split) {
    return split == QLatin1String("valid") || split == QLatin1String("tests");
}

bool isBookkeepingField(const QString& name) {
    return name == QLatin1String("epoch") || name == QLatin1String("split") || name == QLatin1String("seconds");
}

bool isChartedMetric(const QString& name) {
    return !isBookkeepingField(name) && name != QLatin1String("n_missing_scores") &&
           name != QLatin1String("placement") &&
           !(name.size() == 2 && name[0] == QLatin1Char('l') && name[1].isDigit()) && !name.contains(QLatin1Char('/'));
}

namespace {

QString normalised(const QString& name) {
    QString n = name.toLower();
    n.replace(QLatin1Char('-'), QLatin1Char('_'));
    return n;
}

} // namespace

QString metricDisplayName(const QString& name) {
    const QString n = normalised(name);
    if (n == QLatin1String("loss")) return QStringLiteral("Loss");
    if (n == QLatin1String("mrr")) return QStringLiteral("MRR");
    if (n.startsWith(QLatin1String("hits@"))) return QStringLiteral("Hits@") + name.mid(5);
    if (n.startsWith(QLatin1String("hits_at_"))) return QStringLiteral("Hits@") + name.mid(8);
    if (n == QLatin1String("adm_at_k")) return QStringLiteral("Adm@k");
    if (n == QLatin1String("mean_rank")) return QStringLiteral("Mean rank");
    if (n == QLatin1String("auc") || n == QLatin1String("auc_pm") || n == QLatin1String("auc+/_") ||
        n == QLatin1String("auc+_") || n == QLatin1String("auc_plus_minus"))
        return QStringLiteral("AUC⁺ᐟ⁻");
    if (n == QLatin1String("fvr")) return QStringLiteral("FVR");
    if (n == QLatin1String("pair_fvr") || n == QLatin1String("pairfvr")) return QStringLiteral("Pair-FVR");
    if (n == QLatin1String("rho_p") || n == QStringLiteral("ρ_p")) return QStringLiteral("ρ_P");
    return name;
}

int metricRank(const QString& name) {
    const QString display = metricDisplayName(name);
    static const QStringList order = {QStringLiteral("Loss"),   QStringLiteral("MRR"), QStringLiteral("Hits@10"),
                                      QStringLiteral("AUC⁺ᐟ⁻"), QStringLiteral("FVR"), QStringLiteral("Pair-FVR"),
                                      QStringLiteral("ρ_P")};
    const int i = static_cast<int>(order.indexOf(display));
    if (i >= 0) return i;
    return metricShownByDefault(name) ? 100 : 200;
}

bool metricShownByDefault(const QString& name) {
    const QString n = normalised(name);
    return !(n == QLatin1String("hits@1") || n == QLatin1String("hits@3") || n == QLatin1String("mean_rank") ||
             n == QLatin1String("hits_at_1") || n == QLatin1String("hits_at_3"));
}

void sortMetricNames(QStringList& names) {
    std::sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        const int ra = metricRank(a), rb = metricRank(b);
        return ra != rb ? ra < rb : a < b;
    });
}

TrainingRun::TrainingRun(quint64 id, QString folder, QObject* parent)
    : QObject(parent), id_(id), folder_(QFileInfo(folder).absoluteFilePath()), name_(QFileInfo(folder).fileName()) {}

void TrainingRun::setStatus(Status status) {
    if (status_ == status) return;
    status_ = status;
    if (status != Status::Stored) interrupted_ = false;
    if (status != Status::Failed) error_.clear();
    emit changed();
}

QString TrainingRun::statusText() const {
    switch (status_) {
    case Status::Queued: return tr("Queued");
    case Status::Running: return tr("Running");
    case Status::Paused: return tr("Paused");
    case Status::Finished: return tr("Finished");
    case Status::Failed: return tr("Failed");
    case Status::Cancelled: return tr("Cancelled");
    case Status::Stored:
        if (epochsDone_ >= config_.epochs && epochsDone_ > 0) return tr("Finished");
        return interrupted_ ? tr("Interrupted at epoch %1").arg(epochsDone_)
                            : tr("Stopped at epoch %1").arg(epochsDone_);
    }
    return {};
}

void TrainingRun::setInterrupted(bool interrupted) {
    if (interrupted_ == interrupted) return;
    interrupted_ = interrupted;
    emit changed();
}

void TrainingRun::setError(const QString& message) {
    error_ = message;
    status_ = Status::Failed;
    emit changed();
}

void TrainingRun::setConfig(const TrainingConfig& config, const QString& dataLabel) {
    config_ = config;
    dataLabel_ = dataLabel;
    emit changed();
}

void TrainingRun::setRecords(QVector<MetricRecord> records) {
    records_ = std::move(records);
    metricNamesValid_ = false;
    for (const MetricRecord& r : records_)
        epochsDone_ = std::max(epochsDone_, r.epoch);
    emit changed();
    emit metricsChanged();
}

void TrainingRun::clearMetrics() {
    records_.clear();
    epochLoss_.clear();
    metricNamesValid_ = false;
    epochsDone_ = 0;
    emit changed();
    emit metricsChanged();
}

void TrainingRun::addReport(const embed::EpochReport& report) {
    addReports({report});
}

void TrainingRun::addReports(const std::vector<embed::EpochReport>& reports) {
    if (reports.empty()) return;
    for (const embed::EpochReport& report : reports)
        applyReport(report);
    emit changed();
    emit metricsChanged();
}

void TrainingRun::applyReport(const embed::EpochReport& report) {
    epochsDone_ = report.epoch;
    metricNamesValid_ = false;
    while (!epochLoss_.isEmpty() && epochLoss_.back().x() >= report.epoch)
        epochLoss_.removeLast(); // a resumed run repeats no epoch, but a restarted one would
    epochLoss_.append(QPointF(report.epoch, report.loss));
    if (report.evaluated) {
        MetricRecord record;
        record.epoch = report.epoch;
        record.split = QStringLiteral("valid");
        record.values.insert(QStringLiteral("loss"), report.loss);
        record.values.insert(QStringLiteral("seconds"), report.seconds);
        for (const auto& [key, value] : report.metrics)
            if (std::isfinite(value)) record.values.insert(QString::fromStdString(key), value);
        while (!records_.isEmpty() && isEvaluationSplit(records_.back().split) && records_.back().epoch >= report.epoch)
            records_.removeLast();
        records_.append(std::move(record));
    }
}

QStringList TrainingRun::metricNames() const {
    if (metricNamesValid_) return metricNamesCache_;
    QStringList names;
    if (!epochLoss_.isEmpty()) names << QStringLiteral("loss");
    for (const MetricRecord& r : records_) {
        if (!isEvaluationSplit(r.split)) continue;
        for (auto it = r.values.begin(); it != r.values.end(); ++it)
            if (isChartedMetric(it.key()) && !names.contains(it.key())) names << it.key();
    }
    sortMetricNames(names);
    metricNamesCache_ = names;
    metricNamesValid_ = true;
    return names;
}

QVector<QPointF> TrainingRun::series(const QString& metric) const {
    if (metric == QLatin1String("loss") && !epochLoss_.isEmpty()) {
        // Every live epoch, plus the evaluated epochs of the folder before this job (resume).
        QMap<int, double> byEpoch;
        for (const MetricRecord& r : records_)
            if (isEvaluationSplit(r.split) && r.values.contains(metric))
                byEpoch.insert(r.epoch, r.values.value(metric));
        for (const QPointF& p : epochLoss_)
            byEpoch.insert(static_cast<int>(p.x()), p.y());
        QVector<QPointF> points;
        for (auto it = byEpoch.begin(); it != byEpoch.end(); ++it)
            points.append(QPointF(it.key(), it.value()));
        return points;
    }
    QVector<QPointF> points;
    for (const MetricRecord& r : records_) {
        if (!isEvaluationSplit(r.split)) continue;
        const auto it = r.values.find(metric);
        if (it != r.values.end()) points.append(QPointF(r.epoch, it.value()));
    }
    return points;
}

double TrainingRun::lastValue(const QString& metric) const {
    for (auto it = records_.rbegin(); it != records_.rend(); ++it)
        if (isEvaluationSplit(it->split) && it->values.contains(metric)) return it->values.value(metric);
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace kbcx::ui
