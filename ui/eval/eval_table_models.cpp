// Implementation of the Hierarchy and Inversions item models and of CSV export.
#include "ui/eval/eval_table_models.hpp"

#include <QBrush>
#include <QFile>
#include <QFont>
#include <QSaveFile>
#include <QTextStream>

namespace kbcx::ui {

// --- MetricsTableModel ------------------------------------------------------------------

void MetricsTableModel::setMetrics(EvaluationPtr evaluation, std::optional<std::uint32_t> nf) {
    beginResetModel();
    rows_.clear();
    if (evaluation) {
        const eval::Metrics& m = evaluation->metrics(nf);
        auto count = [&](const QString& key, const QString& name, std::uint64_t n, const QString& def) {
            rows_.push_back({key, name, QString::number(n), {}, def, QVariant::fromValue<qulonglong>(n)});
        };
        auto metric = [&](const QString& key, const QString& name, const std::optional<double>& v, QString note,
                          const QString& def) {
            if (v) note.clear();
            rows_.push_back({key, name, metricText(v), note, def, v ? QVariant(*v) : QVariant()});
        };
        count(QStringLiteral("n_entailed"), tr("|T+| entailed"), m.n_entailed, tr("Test axioms with status entailed."));
        count(QStringLiteral("n_undetermined"), tr("|T?| undetermined"), m.n_undetermined,
              tr("Test axioms with status undetermined."));
        count(QStringLiteral("n_contradictory"), tr("|T\u2212| contradictory"), m.n_contradictory,
              tr("Test axioms with status contradictory."));
        const QString emptyBand = tr("a band it needs is empty");
        metric(QStringLiteral("auc_pm"), tr("AUC+/\u2212"), m.auc_pm, emptyBand,
               tr("AUC+/\u2212 = Pr[f(\u03b1\u207a) > f(\u03b1\u207b)] + \u00bd Pr[tie] over T+ \u00d7 T\u2212."));
        const QString rankingNote = QString::fromStdString(m.ranking_note);
        metric(QStringLiteral("adm_at_k"), tr("Adm@%1").arg(evaluation->result->k), m.adm_at_k, rankingNote,
               tr("Adm@k: for each ranking query (a test axiom with one slot replaced by every candidate), the "
                  "fraction of the top k candidates that are not contradictory; mean over queries."));
        metric(QStringLiteral("fvr"), tr("FVR"), m.fvr, emptyBand,
               tr("FVR = 1 \u2212 #{(\u03b1\u207b, \u03b1?, \u03b1\u207a) : f(\u03b1\u207b) < f(\u03b1?) < "
                  "f(\u03b1\u207a)} / "
                  "(|T\u2212||T?||T+|), computed exactly by sorting."));
        metric(QStringLiteral("pair_fvr"), tr("Pair-FVR"), m.pair_fvr, emptyBand,
               tr("Pair-FVR = Pr[f(\u03b1?) \u2264 f(\u03b1\u207b)] over T? \u00d7 T\u2212."));
        metric(QStringLiteral("rho_p"), tr("\u03c1_P"), m.rho_p, QString::fromStdString(m.rho_note),
               tr("\u03c1_P = Spearman correlation (average ranks for ties) of f and P over T?."));
        const QString rankDef = tr("filtered rank of the true filler among all candidates of its slot, with rank = 1 + "
                                   "#better + #tied/2");
        metric(QStringLiteral("mrr"), tr("MRR"), m.mrr, rankingNote, tr("MRR: mean of 1/rank; %1.").arg(rankDef));
        metric(QStringLiteral("hits_at_1"), tr("Hits@1"), m.hits_at_1, rankingNote,
               tr("Hits@1 = Pr[rank \u2264 1]; %1.").arg(rankDef));
        metric(QStringLiteral("hits_at_3"), tr("Hits@3"), m.hits_at_3, rankingNote,
               tr("Hits@3 = Pr[rank \u2264 3]; %1.").arg(rankDef));
        metric(QStringLiteral("hits_at_10"), tr("Hits@10"), m.hits_at_10, rankingNote,
               tr("Hits@10 = Pr[rank \u2264 10]; %1.").arg(rankDef));
        count(QStringLiteral("n_queries"), tr("Ranking queries"), m.n_queries,
              tr("One ranking query per entailed axiom."));
        if (m.mrr)
            rows_.back().note = tr("%1 candidates ranked, %2 filtered out").arg(m.n_candidates).arg(m.n_filtered);
        count(QStringLiteral("n_missing_scores"), tr("Missing scores"), m.n_missing_scores,
              tr("Test axioms without a score, scored below everything (\"missing scores lowest\")."));
        count(QStringLiteral("p_disagreements"), tr("P vs status"), m.p_disagreements,
              tr("Axioms whose P disagrees with their status (P \u2260 1 on T+, P \u2260 0 on T\u2212, P \u2208 {0, 1} "
                 "on "
                 "T?); P is used as given for L3."));
    }
    endResetModel();
}

int MetricsTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int MetricsTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricsTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == MetricColumn ? r.name : index.column() == ValueColumn ? r.value : r.note;
    case Qt::ToolTipRole: return index.column() == NoteColumn && !r.note.isEmpty() ? r.note : r.definition;
    case Qt::TextAlignmentRole:
        if (index.column() == ValueColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (index.column() == NoteColumn || (index.column() == ValueColumn && !r.number.isValid()))
            return QBrush(Qt::gray);
        return {};
    case NumericRole: return r.number;
    case KeyRole: return r.key;
    default: return {};
    }
}

QVariant MetricsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case MetricColumn: return tr("Metric");
    case ValueColumn: return tr("Value");
    case NoteColumn: return tr("Note");
    default: return {};
    }
}

int MetricsTableModel::rowOfKey(const QString& key) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].key == key) return static_cast<int>(i);
    return -1;
}

// --- HistogramTableModel ----------------------------------------------------------------

void HistogramTableModel::setHistogram(const Histogram& histogram) {
    beginResetModel();
    h_ = histogram;
    endResetModel();
}

int HistogramTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || h_.edges.size() < 2 ? 0 : static_cast<int>(h_.edges.size() - 1);
}

int HistogramTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistogramTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto i = static_cast<std::size_t>(index.row());
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() >= EntailedColumn)
        return QBrush(statusColor(static_cast<eval::Status>(index.column() - EntailedColumn)).darker(130));
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    switch (index.column()) {
    case BinColumn: return index.row() + 1;
    case FromColumn: return h_.edges[i];
    case ToColumn: return h_.edges[i + 1];
    default: return QVariant::fromValue<qulonglong>(h_.counts[index.column() - EntailedColumn][i]);
    }
}

QVariant HistogramTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && (section == FromColumn || section == ToColumn))
        return tr("Bins are [from, to), the last one [from, to]; the same bins for all three bands.");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case BinColumn: return tr("Bin");
    case FromColumn: return tr("From");
    case ToColumn: return tr("To");
    case EntailedColumn: return tr("T+ entailed");
    case UndeterminedColumn: return tr("T? undetermined");
    case ContradictoryColumn: return tr("T\u2212 contradictory");
    default: return {};
    }
}

// --- ScatterTableModel ------------------------------------------------------------------

void ScatterTableModel::setPoints(EvaluationPtr evaluation, std::vector<eval::ScorePoint> points) {
    beginResetModel();
    evaluation_ = std::move(evaluation);
    points_ = std::move(points);
    endResetModel();
}

int ScatterTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(points_.size());
}

int ScatterTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScatterTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const eval::ScorePoint& p = points_[static_cast<std::size_t>(index.row())];
    const eval::EvalResult& r = *evaluation_->result;
    if (role == Qt::TextAlignmentRole)
        return index.column() == AxiomColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    switch (index.column()) {
    case AxiomColumn:
        return QString::fromUtf8(r.tests.axioms[p.axiom].axiom.data(),
                                 static_cast<qsizetype>(r.tests.axioms[p.axiom].axiom.size()));
    case NfColumn: return QString::fromStdString(r.tests.normal_forms[r.tests.axioms[p.axiom].nf]);
    case PColumn: return p.p;
    case ScoreColumn: return p.score;
    default: return {};
    }
}

QVariant ScatterTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case AxiomColumn: return tr("Undetermined axiom");
    case NfColumn: return tr("NF");
    case PColumn: return tr("P(\u03b1|O)");
    case ScoreColumn: return tr("Score");
    default: return {};
    }
}

// --- InversionTableModel ----------------------------------------------------------------

void InversionTableModel::setInversions(EvaluationPtr evaluation, InversionList list) {
    beginResetModel();
    evaluation_ = std::move(evaluation);
    list_ = std::move(list);
    shown_.clear();
    endResetModel();
}

void InversionTableModel::setShownAxioms(std::unordered_map<std::uint32_t, StyledText> shown) {
    shown_ = std::move(shown);
    nameStyleChanged();
}

void InversionTableModel::nameStyleChanged() {
    if (rowCount() == 0) return;
    emit dataChanged(index(0, LowerAxiomColumn), index(rowCount() - 1, HigherAxiomColumn), {Qt::DisplayRole});
}

int InversionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !evaluation_ ? 0 : static_cast<int>(list_.pairs.size());
}

int InversionTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InversionTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const eval::ViolatingPair& v = list_.pairs[static_cast<std::size_t>(index.row())];
    const eval::EvalResult& r = *evaluation_->result;
    auto raw = [&](std::uint32_t a) {
        const auto& t = r.tests.axioms[a].axiom;
        return QString::fromUtf8(t.data(), static_cast<qsizetype>(t.size()));
    };
    auto text = [&](std::uint32_t a) {
        if (const auto it = shown_.find(a); it != shown_.end() && !it->second[currentStyleIndex()].isEmpty())
            return it->second[currentStyleIndex()];
        return raw(a);
    };
    const eval::TestAxiom& hi = r.tests.axioms[v.higher];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn: return index.row() + 1;
        case MarginColumn: return QString::number(v.margin, 'g', 6);
        case LowerAxiomColumn: return text(v.lower);
        case LowerScoreColumn: return scoreText(r, v.lower);
        case HigherAxiomColumn: return text(v.higher);
        case HigherStatusColumn: return statusSymbol(hi.status);
        case HigherScoreColumn: return scoreText(r, v.higher);
        case NfColumn: {
            const auto& lo = r.tests.axioms[v.lower];
            const QString a = QString::fromStdString(r.tests.normal_forms[lo.nf]);
            const QString b = QString::fromStdString(r.tests.normal_forms[hi.nf]);
            return a == b ? a : a + QStringLiteral(" / ") + b;
        }
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case RankColumn: return index.row();
        case MarginColumn: return v.margin;
        case LowerScoreColumn: return r.f[v.lower];
        case HigherScoreColumn: return r.f[v.higher];
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (index.column() == LowerAxiomColumn) return QBrush(statusColor(eval::Status::Contradictory).darker(120));
        if (index.column() == HigherAxiomColumn || index.column() == HigherStatusColumn)
            return QBrush(statusColor(hi.status).darker(hi.status == eval::Status::Undetermined ? 150 : 120));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == MarginColumn || index.column() == LowerScoreColumn ||
            index.column() == HigherScoreColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == MarginColumn)
            return tr("f(\u03b1\u207b) \u2212 f(other) \u2265 0: how far the contradiction is above (or tied with) the "
                      "axiom it should be below.");
        if (index.column() == LowerAxiomColumn || index.column() == HigherAxiomColumn)
            return data(index, Qt::DisplayRole);
        return {};
    case LowerAxiomRole: return raw(v.lower);
    case HigherAxiomRole: return raw(v.higher);
    default: return {};
    }
}

QVariant InversionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn: return tr("#");
    case MarginColumn: return tr("Margin");
    case LowerAxiomColumn: return tr("Contradiction \u03b1\u207b");
    case LowerScoreColumn: return tr("f(\u03b1\u207b)");
    case HigherAxiomColumn:
        return list_.kind == InversionKind::L0        ? tr("Entailed \u03b1\u207a")
               : list_.kind == InversionKind::PairFvr ? tr("Undetermined \u03b1?")
                                                      : tr("Consistent \u03b1");
    case HigherStatusColumn: return tr("Status");
    case HigherScoreColumn: return tr("f(\u03b1)");
    case NfColumn: return tr("NF");
    default: return {};
    }
}

// --- CSV ----------------------------------------------------------------------------------

namespace {
QString csvField(QString s) {
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')) ||
        s.contains(QLatin1Char('\t'))) {
        s.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + s + QLatin1Char('"');
    }
    return s;
}
QString csvValue(const QVariant& v) {
    if (v.typeId() == QMetaType::Double) return QString::number(v.toDouble(), 'g', 17);
    return csvField(v.toString());
}
} // namespace

bool writeCsv(const QAbstractItemModel& model, const QString& path, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error) *error = file.errorString();
        return false;
    }
    QTextStream out(&file);
    out.setEncoding(QStringConverter::Utf8);
    QStringList fields;
    for (int c = 0; c < model.columnCount(); ++c)
        fields << csvField(model.headerData(c, Qt::Horizontal).toString());
    out << fields.join(QLatin1Char(',')) << '\n';
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < model.columnCount(); ++c)
            fields << csvValue(model.data(model.index(r, c)));
        out << fields.join(QLatin1Char(',')) << '\n';
    }
    out.flush();
    if (!file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace kbcx::ui
