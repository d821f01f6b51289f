// Implementation of JobRowWidget: follows its JobHandle's signals; the progress bar maps
// done/total onto 0..1000 and turns into a busy indicator while the total is unknown.
#include "ui/jobs/job_row_widget.hpp"

#include "ui/common/progress_value.hpp"
#include "ui/common/style_icons.hpp"
#include "ui/jobs/job_handle.hpp"

#include "common/resources.hpp"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <cmath>

namespace kbcx::ui {

namespace {
constexpr int kBarRange = 1000;
constexpr int kProgressRefreshMs = 100; ///< the shortest interval between two redraws of a row on progress
} // namespace

JobRowWidget::JobRowWidget(JobHandle* job, QWidget* parent) : QWidget(parent), job_(job) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    title_ = new QLabel(job->title(), this);
    title_->setMinimumWidth(160);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    bar_ = new QProgressBar(this);
    bar_->setRange(0, kBarRange);
    bar_->setFixedWidth(180);
    bar_->setTextVisible(true);
    message_ = new QLabel(this);
    message_->setMinimumWidth(120);
    message_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    eta_ = new QLabel(this);
    eta_->setFixedWidth(150); // its text changes with every report: a fixed width keeps the layout still
    eta_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    memory_ = new QLabel(this);
    memory_->setObjectName(QStringLiteral("jobMemoryLabel"));
    memory_->setFixedWidth(memory_->fontMetrics().horizontalAdvance(
                               tr("%1 of %2").arg(QStringLiteral("999.9 MB"), QStringLiteral("999.9 MB"))) +
                           8);
    memory_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    button_ = new QToolButton(this);
    button_->setAutoRaise(true);

    layout->addWidget(title_);
    layout->addWidget(bar_);
    layout->addWidget(message_, 1);
    layout->addWidget(eta_);
    layout->addWidget(memory_);
    layout->addWidget(button_);

    connect(button_, &QToolButton::clicked, this, [this] {
        if (job_->isActive())
            job_->cancel();
        else
            emit clearRequested(job_);
    });
    refreshTimer_ = new QTimer(this);
    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(kProgressRefreshMs);
    connect(refreshTimer_, &QTimer::timeout, this, &JobRowWidget::refresh);
    connect(job, &JobHandle::progress, this, &JobRowWidget::refreshSoon);
    connect(job, &JobHandle::stateChanged, this, &JobRowWidget::refresh);
    connect(job, &JobHandle::memorySampled, this, &JobRowWidget::refreshMemory);
    refresh();
}

QString JobRowWidget::formatDuration(double seconds) {
    const auto s = static_cast<long long>(std::ceil(std::max(0.0, seconds)));
    if (s < 60) return tr("%1 s").arg(s);
    if (s < 3600) return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString JobRowWidget::etaText() const {
    return eta_->text();
}

QString JobRowWidget::stateText() const {
    return job_->stateText();
}

QString JobRowWidget::memoryText() const {
    return memory_->text();
}

void JobRowWidget::refreshMemory() {
    const auto text = [](quint64 bytes) { return QString::fromStdString(human_bytes(bytes)); };
    const quint64 limit = job_->memoryLimitBytes();
    QString shown;
    if (job_->state() == JobHandle::State::Running && job_->memoryBytes() > 0)
        shown = limit > 0 ? tr("%1 of %2").arg(text(job_->memoryBytes()), text(limit)) : text(job_->memoryBytes());
    else if (!job_->isActive() && job_->peakMemoryBytes() > 0)
        shown = tr("peak %1").arg(text(job_->peakMemoryBytes()));
    if (memory_->text() != shown) memory_->setText(shown);
    const quint64 start = job_->memoryAtStartBytes();
    const quint64 grown = job_->peakMemoryBytes() > start ? job_->peakMemoryBytes() - start : 0;
    QString tip = tr("Resident memory of KBC Explorer while this job runs: every running job and everything "
                     "loaded counts, since the process's memory cannot be told apart by job.\n"
                     "At its start: %1; most while it ran: %2 (+%3).")
                      .arg(text(start), text(job_->peakMemoryBytes()), text(grown));
    tip += limit > 0
               ? tr("\nLimit: %1 (File → Preferences sets the default); past it the job is stopped.").arg(text(limit))
               : tr("\nNo memory limit.");
    memory_->setToolTip(tip);
}

void JobRowWidget::refreshSoon() {
    if (!refreshTimer_->isActive()) refreshTimer_->start();
}

void JobRowWidget::refresh() {
    refreshTimer_->stop();
    const bool active = job_->isActive();
    const quint64 total = job_->total();
    const quint64 done = job_->done();

    if (active && total == 0 && job_->state() == JobHandle::State::Running) {
        bar_->setRange(0, 0); // busy indicator
    } else {
        bar_->setRange(0, kBarRange);
        double fraction = total > 0 ? static_cast<double>(std::min(done, total)) / static_cast<double>(total) : 0.0;
        if (job_->state() == JobHandle::State::Finished) fraction = 1.0;
        setProgressValue(bar_, static_cast<int>(fraction * kBarRange));
    }
    bar_->setFormat(QStringLiteral("%p%"));

    QString message = job_->message();
    if (job_->state() == JobHandle::State::Failed) message = job_->errorText();
    message_->setText(message);
    message_->setToolTip(message);

    if (active) {
        if (job_->cancelRequested()) {
            eta_->setText(job_->stateText());
        } else if (const auto eta = job_->etaSeconds()) {
            eta_->setText(tr("%1 left").arg(formatDuration(*eta)));
        } else {
            eta_->setText(job_->stateText());
        }
        setButtonStyleIcon(button_, QStyle::SP_DialogCancelButton, &buttonIcon_); // set on change only
        button_->setToolTip(tr("Cancel this job"));
        button_->setEnabled(!job_->cancelRequested());
    } else {
        eta_->setText(job_->stateText());
        setButtonStyleIcon(button_, QStyle::SP_DialogCloseButton, &buttonIcon_);
        button_->setToolTip(tr("Clear this job from the list"));
        button_->setEnabled(true);
        QPalette palette = eta_->palette();
        if (job_->state() == JobHandle::State::Failed) palette.setColor(QPalette::WindowText, QColor(0xb0, 0x20, 0x20));
        eta_->setPalette(palette);
    }
    button_->setObjectName(active ? QStringLiteral("cancelButton") : QStringLiteral("clearButton"));
    refreshMemory();
}

} // namespace kbcx::ui
