// The anatomy of one axiom's score in the Inversions tab: the loss terms a trained EL model adds
// up for it (value, hinge, parameters read), the decisive term highlighted, loss and score below.
#include "ui/eval/score_anatomy_view.hpp"

#include "ui/common/views.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace kbcx::ui {

QString anatomyNumber(double v) {
    return QString::number(v, 'g', 6);
}

void ScoreAnatomyModel::setAnatomy(std::optional<embed::ScoreAnatomy> anatomy) {
    beginResetModel();
    anatomy_ = std::move(anatomy);
    decisive_ = -1;
    if (anatomy_) {
        double best = 0;
        for (std::size_t i = 0; i < anatomy_->terms.size(); ++i)
            if (anatomy_->terms[i].value > best) {
                best = anatomy_->terms[i].value;
                decisive_ = static_cast<int>(i);
            }
    }
    endResetModel();
}

int ScoreAnatomyModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !anatomy_ ? 0 : static_cast<int>(anatomy_->terms.size());
}

int ScoreAnatomyModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScoreAnatomyModel::data(const QModelIndex& index, int role) const {
    if (!anatomy_ || !index.isValid() || index.row() >= rowCount()) return {};
    const embed::ScoreTerm& t = anatomy_->terms[static_cast<std::size_t>(index.row())];
    const bool decisive = index.row() == decisive_;
    const auto hinge = [&t]() -> QString {
        if (!t.hinged) return tr("no hinge");
        QString s = t.active ? tr("active, by %1").arg(anatomyNumber(t.hinge_arg))
                             : tr("inactive, %1 to spare").arg(anatomyNumber(-t.hinge_arg));
        if (t.dims > 0) s += tr(" (%1 of %2 dimensions)").arg(t.active_dims).arg(t.dims);
        return s;
    };
    const auto reads = [&t] {
        QStringList r;
        for (const std::string& x : t.reads)
            r << QString::fromStdString(x);
        return r.join(QStringLiteral(", "));
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TermColumn:
            // The view shows only this column and the value: hinge and reads on a second line.
            return QString::fromStdString(t.name) + (decisive ? tr("  \u25c0 decisive") : QString()) +
                   QLatin1Char('\n') + hinge() + tr("; reads ") + reads();
        case ValueColumn: return anatomyNumber(t.value);
        case HingeColumn: return hinge();
        case ReadsColumn: return reads();
        }
        return {};
    case Qt::ToolTipRole:
        return tr("%1\nnormal form: %2\ncontribution to the loss %3 (the formula's value %4)\nhinge: %5\nreads: %6%7")
            .arg(QString::fromStdString(t.formula),
                 t.part < anatomy_->normal_forms.size() ? QString::fromStdString(anatomy_->normal_forms[t.part])
                                                        : QString(),
                 anatomyNumber(t.value), anatomyNumber(t.raw), hinge(), reads(),
                 decisive ? tr("\nThe decisive term: the largest part of this axiom's loss.") : QString());
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::FontRole:
        if (decisive) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (decisive) return QBrush(QColor(0xff, 0xe0, 0xb2));
        return {};
    case Qt::UserRole: return index.column() == ValueColumn ? QVariant(t.value) : QVariant();
    }
    return {};
}

QVariant ScoreAnatomyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case TermColumn: return tr("Term");
    case ValueColumn: return tr("Loss");
    case HingeColumn: return tr("Hinge");
    case ReadsColumn: return tr("Reads");
    }
    return {};
}

ScoreAnatomyView::ScoreAnatomyView(const QString& objectName, QWidget* parent) : QWidget(parent) {
    setObjectName(objectName);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    model_ = new ScoreAnatomyModel(this);
    view_ = makeDataTable(this, objectName + QStringLiteral("Terms"));
    view_->setModel(model_);
    // Whole formulas, wrapped: a term's name is the formula with the axiom's names in it.
    view_->setWordWrap(true);
    view_->setTextElideMode(Qt::ElideNone);
    view_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QHeaderView* header = view_->horizontalHeader();
    header->setSectionResizeMode(ScoreAnatomyModel::TermColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ScoreAnatomyModel::ValueColumn, QHeaderView::ResizeToContents);
    view_->setColumnHidden(ScoreAnatomyModel::HingeColumn, true); // on the term's second line
    view_->setColumnHidden(ScoreAnatomyModel::ReadsColumn, true);
    view_->setAccessibleName(tr("Loss terms of the score"));
    view_->setMinimumHeight(view_->fontMetrics().height() * 5);
    summary_ = new QLabel(this);
    summary_->setObjectName(objectName + QStringLiteral("Summary"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(view_, 1);
    layout->addWidget(summary_);
    setMessage(QString());
}

void ScoreAnatomyView::setAnatomy(const embed::ScoreAnatomy& a) {
    model_->setAnatomy(a);
    title_->setText(tr("Score anatomy: %1, variant %2, epoch %3")
                        .arg(QString::fromStdString(a.model), QString::fromStdString(a.variant))
                        .arg(a.epoch));
    summary_->setText(
        tr("loss = \u03a3 terms = %1;  score = \u2212loss = %2").arg(anatomyNumber(a.loss), anatomyNumber(a.score)));
    view_->setVisible(true);
}

void ScoreAnatomyView::setMessage(const QString& message) {
    model_->setAnatomy(std::nullopt);
    title_->setText(message);
    summary_->clear();
    view_->setVisible(false);
}

QString ScoreAnatomyView::summaryText() const {
    return summary_->text();
}

} // namespace kbcx::ui
