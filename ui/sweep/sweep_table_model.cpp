// Implementation of SweepTableModel, of the rows from a core sweep result (embed::sweep_summary)
// and of the summary.csv reader with file:line:column errors.
#include "ui/sweep/sweep_table_model.hpp"

#include "common/error.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>

namespace kbcx::ui {

namespace {

QString meanSd(double mean, double sd) {
    if (!std::isfinite(mean)) return QStringLiteral("–");
    return QStringLiteral("%1 ± %2").arg(mean, 0, 'f', 3).arg(std::isfinite(sd) ? sd : 0.0, 0, 'f', 3);
}

QString full(double v) {
    return std::isfinite(v) ? QString::number(v, 'g', 17) : QString();
}

} // namespace

QVector<SweepRow> sweepRowsFromResult(const embed::SweepResult& result, int planned) {
    const std::vector<std::string> metrics = {"fvr", "mrr"};
    QVector<SweepRow> rows;
    for (const auto& [pb, stats] : embed::sweep_summary(result, metrics)) {
        SweepRow row;
        row.pBot = pb;
        row.planned = planned;
        for (const embed::SweepRun& r : result.runs)
            row.runs += r.p_bot == pb;
        row.fvrMean = stats[0].mean;
        row.fvrSd = stats[0].sd;
        row.mrrMean = stats[1].mean;
        row.mrrSd = stats[1].sd;
        rows << row;
    }
    return rows;
}

QVector<SweepRow> readSweepSummaryCsv(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open the sweep summary (a folder written by kbcx sweep has summary.csv)");
    std::string line;
    std::size_t lineNo = 0;
    // Splits a line at commas; `starts` gets each field's 1-based column.
    auto split = [](const std::string& text, std::vector<std::size_t>& starts) {
        std::vector<std::string> fields(1);
        starts.assign(1, 1);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == ',') {
                fields.emplace_back();
                starts.push_back(i + 2);
            } else if (text[i] != '\r') {
                fields.back() += text[i];
            }
        }
        return fields;
    };
    std::vector<std::size_t> starts;
    if (!std::getline(in, line))
        throw InputError(path, 1, 1, "empty file: expected the header p_bot,runs,fvr_mean,fvr_sd,…");
    ++lineNo;
    const std::vector<std::string> header = split(line, starts);
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < header.size(); ++i)
        column[header[i]] = i;
    if (header.size() < 2 || header[0] != "p_bot")
        throw InputError(path, 1, 1, "the header must start with p_bot,runs (a kbcx sweep summary.csv)");
    if (header[1] != "runs") throw InputError(path, 1, starts[1], "the second column must be 'runs'");
    for (const char* need : {"fvr_mean", "fvr_sd", "mrr_mean", "mrr_sd"})
        if (!column.count(need))
            throw InputError(path, 1, line.size() + 1, std::string("the header lacks the column ") + need);
    QVector<SweepRow> rows;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty() || line == "\r") continue;
        const std::vector<std::string> f = split(line, starts);
        if (f.size() != header.size())
            throw InputError(path, lineNo, f.size() < header.size() ? line.size() + 1 : starts[header.size()],
                             "expected " + std::to_string(header.size()) + " fields as in the header, found " +
                                 std::to_string(f.size()));
        auto number = [&](std::size_t i, bool allowEmpty) {
            if (f[i].empty()) {
                if (allowEmpty) return std::nan("");
                throw InputError(path, lineNo, starts[i], "missing value of " + header[i]);
            }
            char* end = nullptr;
            const double v = std::strtod(f[i].c_str(), &end);
            if (end != f[i].c_str() + f[i].size() || !std::isfinite(v))
                throw InputError(path, lineNo, starts[i], "'" + f[i] + "' is not a number (" + header[i] + ")");
            return v;
        };
        SweepRow row;
        row.pBot = number(0, false);
        if (row.pBot < 0 || row.pBot > 1) throw InputError(path, lineNo, 1, "p⊥ must lie in [0, 1]");
        const double runs = number(1, false);
        if (runs < 0 || runs != std::floor(runs))
            throw InputError(path, lineNo, starts[1], "runs must be a whole number ≥ 0");
        row.runs = static_cast<int>(runs);
        row.fvrMean = number(column["fvr_mean"], true);
        row.fvrSd = number(column["fvr_sd"], true);
        row.mrrMean = number(column["mrr_mean"], true);
        row.mrrSd = number(column["mrr_sd"], true);
        rows << row;
    }
    if (rows.isEmpty()) throw InputError(path, lineNo + 1, 1, "no p⊥ rows after the header");
    return rows;
}

SweepTableModel::SweepTableModel(QObject* parent) : QAbstractTableModel(parent) {}

int SweepTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SweepTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const SweepRow& r = rows_[index.row()];
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (c == PBotColumn) return QString::number(r.pBot, 'g', 6);
        if (c == FvrColumn) return meanSd(r.fvrMean, r.fvrSd);
        if (c == MrrColumn) return meanSd(r.mrrMean, r.mrrSd);
        return r.planned > 0 ? QStringLiteral("%1 / %2").arg(r.runs).arg(r.planned) : QString::number(r.runs);
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case MeanRole:
        if (c == FvrColumn) return r.fvrMean;
        if (c == MrrColumn) return r.mrrMean;
        return {};
    case SdRole:
        if (c == FvrColumn) return r.fvrSd;
        if (c == MrrColumn) return r.mrrSd;
        return {};
    case ValueRole:
        if (c == PBotColumn) return r.pBot;
        if (c == RunsColumn) return r.runs;
        return c == FvrColumn ? r.fvrMean : r.mrrMean;
    default: return {};
    }
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case PBotColumn: return tr("p⊥");
        case FvrColumn: return tr("FVR (mean ± sd)");
        case MrrColumn: return tr("MRR (mean ± sd)");
        default: return tr("Runs done");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PBotColumn:
            return tr("p⊥: the fraction of each axiom's negatives drawn from the T⁻ pool of contradictions");
        case FvrColumn:
            return tr("Faithfulness violation rate on the test set, mean ± sample standard deviation over seeds:\n"
                      "FVR = 1 − #{(α⁻, α?, α⁺) : f(α⁻) < f(α?) < f(α⁺)} / (|T⁻||T?||T⁺|)");
        case MrrColumn:
            return tr("Filtered mean reciprocal rank of the true filler of each T⁺ axiom (rank = 1 + #better + "
                      "#tied/2), mean ± sample standard deviation over seeds");
        default: return tr("Runs finished for this p⊥ (of the runs planned: one per seed)");
        }
    }
    return {};
}

void SweepTableModel::setRows(const QVector<SweepRow>& rows) {
    const qsizetype common = std::min(rows.size(), rows_.size());
    bool prefix = rows.size() >= rows_.size();
    for (qsizetype i = 0; prefix && i < common; ++i)
        prefix = rows[i].pBot == rows_[i].pBot;
    if (!prefix) {
        beginResetModel();
        rows_ = rows;
        endResetModel();
        return;
    }
    for (qsizetype i = 0; i < common; ++i)
        if (!(rows[i] == rows_[i])) {
            rows_[i] = rows[i];
            emit dataChanged(index(static_cast<int>(i), 0), index(static_cast<int>(i), ColumnCount - 1));
        }
    if (rows.size() > rows_.size()) {
        beginInsertRows({}, static_cast<int>(rows_.size()), static_cast<int>(rows.size() - 1));
        for (qsizetype i = rows_.size(); i < rows.size(); ++i)
            rows_ << rows[i];
        endInsertRows();
    }
}

QString SweepTableModel::toCsv() const {
    QString text = QStringLiteral("p_bot,runs,fvr_mean,fvr_sd,mrr_mean,mrr_sd\n");
    for (const SweepRow& r : rows_)
        text += QString::number(r.pBot, 'g', 17) + QLatin1Char(',') + QString::number(r.runs) + QLatin1Char(',') +
                full(r.fvrMean) + QLatin1Char(',') + full(r.fvrSd) + QLatin1Char(',') + full(r.mrrMean) +
                QLatin1Char(',') + full(r.mrrSd) + QLatin1Char('\n');
    return text;
}

} // namespace kbcx::ui
