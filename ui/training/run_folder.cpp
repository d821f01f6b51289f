// The run-folder readers: metrics.jsonl parsing with line numbers in errors, and params.json,
// metrics.jsonl and checkpoint.bin of a folder read together.
#include "ui/training/run_folder.hpp"

#include "common/error.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace kbcx::ui {

QVector<MetricRecord> parseMetricsJsonl(const QByteArray& text, const QString& path) {
    QVector<MetricRecord> records;
    qsizetype start = 0;
    quint64 lineNo = 0;
    while (start < text.size()) {
        const qsizetype nl = text.indexOf('\n', start);
        if (nl < 0) break; // cut by a kill while writing: the engine drops it on resume too
        const QByteArray line = text.mid(start, nl - start).trimmed();
        start = nl + 1;
        ++lineNo;
        if (line.isEmpty()) continue;
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        const auto fail = [&](const QString& message) {
            throw InputError(path.toStdString(), lineNo, 1, message.toStdString());
        };
        if (error.error != QJsonParseError::NoError)
            fail(QStringLiteral("not a JSON line: %1").arg(error.errorString()));
        if (!doc.isObject()) fail(QStringLiteral("expected a JSON object"));
        const QJsonObject object = doc.object();
        const QJsonValue epoch = object.value(QStringLiteral("epoch"));
        if (!epoch.isDouble() || epoch.toDouble() < 0 || epoch.toDouble() != std::floor(epoch.toDouble()))
            fail(QStringLiteral("expected an integer \"epoch\""));
        MetricRecord record;
        record.epoch = epoch.toInt();
        record.split = object.value(QStringLiteral("split")).toString(QStringLiteral("valid"));
        for (auto it = object.begin(); it != object.end(); ++it)
            if (it.key() != QLatin1String("epoch") && it.value().isDouble())
                record.values.insert(it.key(), it.value().toDouble());
        records.append(std::move(record));
    }
    return records;
}

RunFolderContents readRunFolder(const QString& dir) {
    RunFolderContents contents;
    contents.dir = QFileInfo(dir).absoluteFilePath();
    const QDir folder(contents.dir);
    if (!QFileInfo(contents.dir).isDir()) throw InputError(dir.toStdString(), "not a folder");
    const QString paramsPath = folder.filePath(QStringLiteral("params.json"));
    const QString metricsPath = folder.filePath(QStringLiteral("metrics.jsonl"));
    const bool hasParams = QFileInfo::exists(paramsPath), hasMetrics = QFileInfo::exists(metricsPath);
    if (!hasParams && !hasMetrics)
        throw InputError(dir.toStdString(), "not a run folder: it has neither params.json nor metrics.jsonl");
    if (hasParams) {
        QFile file(paramsPath);
        if (!file.open(QIODevice::ReadOnly))
            throw InputError(paramsPath.toStdString(), "cannot read: " + file.errorString().toStdString());
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            throw InputError(paramsPath.toStdString(), 1, 1, "not a JSON object: " + error.errorString().toStdString());
        contents.params = doc.object();
    }
    if (hasMetrics) {
        QFile file(metricsPath);
        if (!file.open(QIODevice::ReadOnly))
            throw InputError(metricsPath.toStdString(), "cannot read: " + file.errorString().toStdString());
        contents.records = parseMetricsJsonl(file.readAll(), metricsPath);
    }
    contents.hasCheckpoint = QFileInfo::exists(folder.filePath(QStringLiteral("checkpoint.bin")));
    return contents;
}

} // namespace kbcx::ui
