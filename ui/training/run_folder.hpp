// The run-folder readers: metrics.jsonl lines and params.json as the Training tab and the run
// list read them, with file:line positions in errors. Qt Core only (also built into a fuzz target).
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QVector>

namespace kbcx::ui {

/// One line of metrics.jsonl: its epoch and split, and every numeric field by name
/// ("loss", "seconds", "mrr", "hits@10", "fvr", …). Non-numeric fields are dropped.
struct MetricRecord {
    int epoch = 0;
    QString split;
    QMap<QString, double> values;
};

/// What a run folder holds (read in a job).
struct RunFolderContents {
    QString dir;
    QJsonObject params;            ///< params.json (empty when absent)
    QVector<MetricRecord> records; ///< metrics.jsonl lines in file order
    bool hasCheckpoint = false;
};

/// Parses metrics.jsonl text. An unterminated last line (a run killed mid-write) is ignored;
/// any other line that is not a JSON object with an integer "epoch" throws InputError(path, line, 1, …).
QVector<MetricRecord> parseMetricsJsonl(const QByteArray& text, const QString& path);

/// Reads params.json, metrics.jsonl and whether checkpoint.bin exists. Throws InputError for a
/// path that is not a folder, a folder with neither params.json nor metrics.jsonl, or bad JSON.
RunFolderContents readRunFolder(const QString& dir);

} // namespace kbcx::ui
