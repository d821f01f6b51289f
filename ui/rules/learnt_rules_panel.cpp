// The learnt-rules pane of the Rules tab: loading runs learn::load_rule_set and the entailment
// check learn::LearntIndex::entails on the job runner; the GUI thread only shows results.
#include "ui/rules/learnt_rules_panel.hpp"

#include "ui/common/error_box.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include "learn/rule_io.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace kbcx::ui {

namespace {
struct EntailOutcome {
    bool entailed = false;
    std::vector<std::size_t> used;
    std::optional<std::size_t> contained;
};
} // namespace

void EntailingRulesModel::setRules(std::shared_ptr<const learn::LearntIndex> index, std::vector<std::size_t> rules,
                                   std::optional<std::size_t> contained) {
    beginResetModel();
    index_ = std::move(index);
    rows_ = std::move(rules);
    contained_ = contained;
    endResetModel();
}

void EntailingRulesModel::clear() {
    beginResetModel();
    rows_.clear();
    contained_.reset();
    endResetModel();
}

int EntailingRulesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EntailingRulesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EntailingRulesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !index_ || index.row() >= rowCount()) return {};
    const std::size_t k = rows_[static_cast<std::size_t>(index.row())];
    const learn::LearntRule& r = index_->rules()[k];
    if (role == LearntIndexRole) return QVariant::fromValue<qulonglong>(k);
    if (role == SortRole || role == Qt::DisplayRole) {
        switch (index.column()) {
        case IndexColumn: return QVariant::fromValue<qulonglong>(k + 1);
        case RuleColumn: {
            QString text = QString::fromStdString(learn::anyburl_text(r.rule));
            if (role == Qt::DisplayRole && contained_ && *contained_ == k) text += tr("   (the same rule)");
            return text;
        }
        case ConfidenceColumn:
            if (!r.has_stats) return role == SortRole ? QVariant(-1.0) : QVariant(QStringLiteral("–"));
            return role == SortRole ? QVariant(r.confidence) : QVariant(QString::number(r.confidence, 'f', 4));
        case SupportColumn:
            if (!r.has_stats) return role == SortRole ? QVariant(-1.0) : QVariant(QStringLiteral("–"));
            return QVariant::fromValue<qulonglong>(r.support);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != RuleColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == ConfidenceColumn)
        return tr("confidence = support / (predicted + pc): of the head instances the body yields on the "
                  "learner's training graph (or its sample), the fraction that are facts, damped by pc");
    return {};
}

QVariant EntailingRulesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case RuleColumn: return tr("Learnt rule");
    case ConfidenceColumn: return tr("Confidence");
    case SupportColumn: return tr("Support");
    default: return {};
    }
}

LearntRulesPanel::LearntRulesPanel(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("learntRulesPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    fileEdit_ = new QLineEdit(this);
    fileEdit_->setObjectName(QStringLiteral("learntFileEdit"));
    fileEdit_->setPlaceholderText(tr("Learnt rule set (AnyBURL / RuleN output or a rule file)"));
    browse_ = new QToolButton(this);
    browse_->setText(QStringLiteral("…"));
    browse_->setToolTip(tr("Choose a learnt rule file"));
    loadButton_ = new QPushButton(tr("Load &learnt rules"), this);
    loadButton_->setObjectName(QStringLiteral("loadLearntButton"));
    row->addWidget(fileEdit_, 1);
    row->addWidget(browse_);
    row->addWidget(loadButton_);
    title_ = new QLabel(tr("<b>Learnt rules that entail the selected rule</b> — load a learnt rule set"), this);
    title_->setObjectName(QStringLiteral("learntTitle"));
    title_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    title_->setToolTip(tr("A learnt rule set L entails a rule r when materialising L over r's body (each variable "
                          "frozen to a fresh constant) derives r's head; listed are the learnt rules used in that "
                          "derivation. ε_ent and ε_cont over a whole benchmark: kbcx compare-rules."));
    model_ = new EntailingRulesModel(this);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("entailingTable"));
    view_->setModel(model_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view_->horizontalHeader()->setSectionResizeMode(EntailingRulesModel::RuleColumn, QHeaderView::Stretch);
    const QFontMetrics fm = fontMetrics();
    view_->horizontalHeader()->resizeSection(EntailingRulesModel::IndexColumn,
                                             fm.horizontalAdvance(QStringLiteral("00000")) + 16);
    view_->horizontalHeader()->resizeSection(EntailingRulesModel::ConfidenceColumn,
                                             fm.horizontalAdvance(QStringLiteral("Confidence")) + 24);
    view_->horizontalHeader()->resizeSection(EntailingRulesModel::SupportColumn,
                                             fm.horizontalAdvance(QStringLiteral("Support00")) + 16);
    layout->addWidget(title_);
    layout->addLayout(row);
    layout->addWidget(view_, 1);

    connect(browse_, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open learnt rules"), fileEdit_->text());
        if (!path.isEmpty()) fileEdit_->setText(path);
    });
    connect(loadButton_, &QPushButton::clicked, this, [this] { loadLearnt(); });
}

void LearntRulesPanel::setLearntFile(const QString& path) {
    fileEdit_->setText(path);
}

JobHandle* LearntRulesPanel::loadLearnt() {
    const QString path = fileEdit_->text().trimmed();
    if (path.isEmpty()) return nullptr;
    if (loadJob_ && loadJob_->isActive()) loadJob_->cancel();
    const std::string file = path.toStdString();
    JobHandle* job =
        runner_->start(tr("Load learnt rules %1").arg(QFileInfo(path).fileName()), [file](jobs::JobContext& ctx) {
            ctx.report(0, 0, "Reading learnt rules", true);
            auto set = learn::load_rule_set(file);
            ctx.throw_if_stopped();
            return std::make_shared<const learn::LearntIndex>(std::move(set.rules));
        });
    loadJob_ = job;
    connect(job, &JobHandle::finished, this, [this, job, path] {
        if (job != loadJob_) return;
        index_ = job->resultAs<std::shared_ptr<const learn::LearntIndex>>();
        loadedFile_ = path;
        model_->clear();
        title_->setText(tr("<b>Learnt rules that entail the selected rule</b> — %1 rules from %2")
                            .arg(index_->rules().size())
                            .arg(QFileInfo(path).fileName()));
        if (rule_) showRule(*rule_, ruleLabel_);
    });
    connect(job, &JobHandle::failed, this, &LearntRulesPanel::showError);
    return job;
}

JobHandle* LearntRulesPanel::showRule(const rules::Rule& rule, const QString& label) {
    rule_ = rule;
    ruleLabel_ = label;
    if (!index_) return nullptr;
    if (entailJob_ && entailJob_->isActive()) entailJob_->cancel();
    model_->clear();
    title_->setText(tr("<b>Learnt rules that entail %1</b>: checking…").arg(label));
    const auto index = index_;
    JobHandle* job = runner_->start(tr("Learnt rules entailing %1").arg(label), [index, rule](jobs::JobContext& ctx) {
        EntailOutcome out;
        out.contained = index->contains(rule);
        out.entailed = index->entails(rule, ctx, &out.used);
        return out;
    });
    entailJob_ = job;
    connect(job, &JobHandle::finished, this, [this, job, index, label] {
        if (job != entailJob_ || index != index_) return;
        const auto& out = job->resultAs<EntailOutcome>();
        model_->setRules(index, out.used, out.contained);
        QString verdict;
        if (!out.entailed)
            verdict = tr("not entailed by the %1 learnt rules").arg(index->rules().size());
        else if (out.used.empty())
            verdict = tr("entailed trivially (its head is one of its body atoms)");
        else
            verdict = out.contained ? tr("entailed and contained (ε_cont)") : tr("entailed (ε_ent) but not contained");
        title_->setText(tr("<b>Learnt rules that entail %1</b>: %2").arg(label, verdict));
    });
    connect(job, &JobHandle::failed, this, &LearntRulesPanel::showError);
    return job;
}

void LearntRulesPanel::showError(const QString& message, const QString& file, quint64 line, quint64 column) {
    showInputError(this, {tr("Learnt rules"), tr("The learnt rules could not be read."), message, file, line, column,
                          QString(), QStringLiteral("learntErrorBox")});
}

} // namespace kbcx::ui
