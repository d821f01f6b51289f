// Implementation of the Benchmark tab's item models.
#include "ui/benchmark/benchmark_models.hpp"

#include "rules/patterns.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <map>

namespace kbcx::ui {

namespace {

QString number(std::uint64_t n) {
    return QLocale().toString(static_cast<qulonglong>(n));
}

const char* const kSplitNames[3] = {"train", "valid", "test"};

} // namespace

// ---------------------------------------------------------------------------------------------
// BenchmarkRuleModel

BenchmarkRuleModel::BenchmarkRuleModel(QObject* parent) : QAbstractTableModel(parent) {}

void BenchmarkRuleModel::setBenchmark(BenchmarkPtr benchmark) {
    beginResetModel();
    benchmark_ = std::move(benchmark);
    endResetModel();
}

int BenchmarkRuleModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !benchmark_ ? 0 : static_cast<int>(benchmark_->rules.size());
}

int BenchmarkRuleModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString BenchmarkRuleModel::columnDefinition(int column) {
    switch (column) {
    case IndexColumn: return tr("Line of the rule among the rule lines of rules.txt (1-based).");
    case PatternColumn:
        return tr("Inference pattern the rule instantiates (empty when rules.txt does not say, as in "
                  "LogInfer's releases).");
    case RuleColumn: return tr("The rule H :- B1, …, Bn.");
    case SupportColumn: return tr("Support: the number of substitutions σ that map the rule's body into K.");
    case NewColumn:
        return tr("New conclusions: |T_r(K) \\ K|, the distinct one-step conclusions of the rule not in K.");
    case TrainColumn:
    case ValidColumn:
    case TestColumn:
        return tr("Sampled positives of this rule in the %1 split (new conclusions sampled, up to k2 per rule, "
                  "split by the ratio; a fact taken by an earlier rule is not counted again).")
            .arg(QString::fromLatin1(kSplitNames[column - TrainColumn]));
    case NegativesColumn:
        return tr("Negatives aimed at this rule: negatives drawn for one of its sampled positives, all splits "
                  "(from facts_by_rule.tsv).");
    case ShortfallColumn:
        return tr("Shortfall: Σ over splits of max(0, positives − negatives aimed at the rule); "
                  "a pool that ran out leaves positives without a negative.");
    default: return {};
    }
}

QVariant BenchmarkRuleModel::data(const QModelIndex& index, int role) const {
    if (!benchmark_ || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto r = static_cast<std::size_t>(index.row());
    const bench::FolderRule& rule = benchmark_->rules[r];
    const auto pos = benchmark_->positivesOf(r);
    const auto neg = benchmark_->negativesOf(r);
    std::optional<std::uint64_t> value;
    QString text;
    switch (index.column()) {
    case IndexColumn: value = r + 1; break;
    case PatternColumn: text = QString::fromStdString(rule.pattern); break;
    case RuleColumn: text = QString::fromStdString(rule.text); break;
    case SupportColumn: value = rule.support; break;
    case NewColumn: value = rule.new_conclusions; break;
    case TrainColumn:
    case ValidColumn:
    case TestColumn:
        if (pos) value = (*pos)[static_cast<std::size_t>(index.column() - TrainColumn)];
        break;
    case NegativesColumn:
        if (neg) value = (*neg)[0] + (*neg)[1] + (*neg)[2];
        break;
    case ShortfallColumn:
        if (pos && neg) {
            std::uint64_t s = 0;
            for (std::size_t i = 0; i < 3; ++i)
                s += (*pos)[i] > (*neg)[i] ? (*pos)[i] - (*neg)[i] : 0;
            value = s;
        }
        break;
    default: break;
    }
    const bool numeric = index.column() != PatternColumn && index.column() != RuleColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (numeric) return value ? QVariant(number(*value)) : QVariant(QStringLiteral("—"));
        return text;
    case BenchmarkSortRole:
        if (numeric) return value ? QVariant(qulonglong(*value)) : QVariant(qulonglong(0));
        return text;
    case BenchmarkRuleIndexRole: return qulonglong(r);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(numeric ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        if (index.column() == ShortfallColumn && value && *value > 0) return QBrush(QColor(0xb0, 0x30, 0x20));
        return {};
    case Qt::ToolTipRole:
        if (index.column() == RuleColumn) return text;
        return columnDefinition(index.column());
    default: return {};
    }
}

QVariant BenchmarkRuleModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) return columnDefinition(section);
    if (role != Qt::DisplayRole) return {};
    static const char* const names[ColumnCount] = {"#",     "Pattern", "Rule", "Support",   "New",
                                                   "Train", "Valid",   "Test", "Negatives", "Shortfall"};
    return tr(names[section]);
}

// ---------------------------------------------------------------------------------------------
// BenchmarkFactModel

BenchmarkFactModel::BenchmarkFactModel(Kind kind, QObject* parent) : QAbstractTableModel(parent), kind_(kind) {}

void BenchmarkFactModel::clear() {
    setRule(nullptr, -1);
}

void BenchmarkFactModel::setRule(BenchmarkPtr benchmark, int rule) {
    beginResetModel();
    benchmark_ = std::move(benchmark);
    rule_ = benchmark_ ? rule : -1;
    rows_.clear();
    const auto r = static_cast<std::size_t>(rule_);
    if (benchmark_ && rule_ >= 0 && benchmark_->ruleFacts.present && r < benchmark_->ruleFacts.positives.size()) {
        if (kind_ == Kind::Positives) {
            for (std::uint8_t s = 0; s < 3; ++s)
                for (const bench::GroundFact& f : benchmark_->ruleFacts.positives[r][s])
                    rows_.push_back({f, s, {}, benchmark_->factText(f), benchmark_->inTrain(f)});
        } else {
            for (const bench::RuleNegative& n : benchmark_->ruleFacts.negatives[r]) {
                QString method = QString::fromStdString(n.method);
                if (n.drawn_by != n.method) method += tr(" (drawn by %1)").arg(QString::fromStdString(n.drawn_by));
                rows_.push_back({n.fact, n.split, method, benchmark_->factText(n.fact), benchmark_->inTrain(n.fact)});
            }
        }
    }
    endResetModel();
}

const BenchmarkFactModel::Row* BenchmarkFactModel::rowAt(int row) const {
    return row >= 0 && row < static_cast<int>(rows_.size()) ? &rows_[static_cast<std::size_t>(row)] : nullptr;
}

int BenchmarkFactModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int BenchmarkFactModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BenchmarkFactModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case BenchmarkSortRole:
        switch (index.column()) {
        case SplitColumn:
            return role == BenchmarkSortRole ? QVariant(int(row.split))
                                             : QVariant(QString::fromLatin1(kSplitNames[row.split]));
        case FactColumn: return row.text;
        case MethodColumn: return kind_ == Kind::Positives ? QStringLiteral("—") : row.method;
        case InTrainColumn:
            if (role == BenchmarkSortRole) return int(row.inTrain);
            return row.inTrain ? tr("yes") : tr("no");
        default: return {};
        }
    case BenchmarkFactRowRole: return index.row();
    case Qt::ToolTipRole: return tr("%1 — double-click or press Enter to show it in the Graph tab").arg(row.text);
    case Qt::ForegroundRole:
        if (index.column() == InTrainColumn && row.inTrain && index.row() >= 0 &&
            (kind_ == Kind::Negatives || row.split != bench::kTrain))
            return QBrush(QColor(0xb0, 0x30, 0x20)); // a negative or a valid/test positive in train
        return {};
    default: return {};
    }
}

QVariant BenchmarkFactModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SplitColumn: return tr("The split file the fact is in");
        case FactColumn:
            return kind_ == Kind::Positives ? tr("A sampled new conclusion of the rule (in T_r(K) \\ K)")
                                            : tr("A negative drawn for one of the rule's sampled positives");
        case MethodColumn:
            return tr("rc: random tail corruption; rb: head predicate × support constants; pa: position-aware "
                      "corruption; qg: conclusion of a sub-rule (the rest from pa)");
        case InTrainColumn: return tr("Whether train.txt (K ∪ train positives) holds the fact");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case SplitColumn: return tr("Split");
    case FactColumn: return tr("Fact");
    case MethodColumn: return tr("Method");
    case InTrainColumn: return tr("In train");
    default: return {};
    }
}

// ---------------------------------------------------------------------------------------------
// PatternSplitModel

PatternSplitModel::PatternSplitModel(QObject* parent) : QAbstractTableModel(parent) {}

void PatternSplitModel::setBenchmark(const BenchmarkPtr& benchmark) {
    beginResetModel();
    rows_.clear();
    perRule_ = true;
    if (benchmark) {
        std::map<std::string, Row> byPattern;
        bool allCounted = !benchmark->rules.empty();
        for (std::size_t r = 0; r < benchmark->rules.size(); ++r) {
            const auto pos = benchmark->positivesOf(r);
            if (!pos) {
                allCounted = false;
                break;
            }
            Row& row = byPattern[benchmark->rules[r].pattern];
            ++row.rules;
            for (std::size_t s = 0; s < 3; ++s)
                row.positives[s] += (*pos)[s];
        }
        if (allCounted) {
            // Canonical pattern order, then any other names.
            for (rules::Pattern p : rules::all_patterns()) {
                const std::string name(rules::pattern_name(p));
                if (auto it = byPattern.find(name); it != byPattern.end()) {
                    it->second.pattern = QString::fromStdString(name);
                    rows_.push_back(it->second);
                    byPattern.erase(it);
                }
            }
            for (auto& [name, row] : byPattern) {
                row.pattern = name.empty() ? tr("(no pattern)") : QString::fromStdString(name);
                rows_.push_back(row);
            }
        } else {
            perRule_ = false;
            Row row;
            row.pattern = tr("all rules");
            row.rules = benchmark->rules.size();
            for (std::size_t s = 0; s < 3; ++s)
                row.positives[s] = benchmark->folder->pos[s].facts.size();
            rows_.push_back(row);
        }
    }
    endResetModel();
}

int PatternSplitModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PatternSplitModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PatternSplitModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    std::uint64_t value = 0;
    switch (index.column()) {
    case PatternColumn:
        if (role == Qt::DisplayRole || role == BenchmarkSortRole) return row.pattern;
        if (role == Qt::ToolTipRole) {
            const auto p = rules::parse_pattern(row.pattern.toStdString());
            return p ? QString::fromUtf8(rules::pattern_template(*p).data(),
                                         static_cast<qsizetype>(rules::pattern_template(*p).size()))
                     : QVariant();
        }
        return {};
    case RulesColumn: value = row.rules; break;
    case TrainColumn:
    case ValidColumn:
    case TestColumn: value = row.positives[static_cast<std::size_t>(index.column() - TrainColumn)]; break;
    case TotalColumn: value = row.positives[0] + row.positives[1] + row.positives[2]; break;
    default: return {};
    }
    switch (role) {
    case Qt::DisplayRole: return number(value);
    case BenchmarkSortRole: return qulonglong(value);
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant PatternSplitModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        if (!perRule_)
            return tr("This folder has no per-rule counts: the row holds the split files' sizes (train.txt "
                      "includes the original KG)");
        return tr("Sampled positives per split, summed over the pattern's rules");
    }
    if (role != Qt::DisplayRole) return {};
    static const char* const names[ColumnCount] = {"Pattern", "Rules", "Train", "Valid", "Test", "Total"};
    return tr(names[section]);
}

} // namespace kbcx::ui
