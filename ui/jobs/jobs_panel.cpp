// Implementation of JobsPanel: mirrors JobRunner's job list into rows inside a scroll area.
#include "ui/jobs/jobs_panel.hpp"

#include "ui/common/loop_pass.hpp"

#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_row_widget.hpp"
#include "ui/jobs/job_runner.hpp"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace kbcx::ui {

JobsPanel::JobsPanel(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("jobsPanel"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    rowsLayout_ = new QVBoxLayout(content);
    rowsLayout_->setContentsMargins(0, 2, 0, 2);
    rowsLayout_->setSpacing(0);
    emptyLabel_ =
        new QLabel(tr("No jobs. Loading a dataset runs as a job here, with progress and a Cancel button."), content);
    emptyLabel_->setContentsMargins(8, 4, 8, 4);
    emptyLabel_->setStyleSheet(QStringLiteral("color: palette(mid);"));
    rowsLayout_->addWidget(emptyLabel_);
    rowsLayout_->addStretch(1);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);

    auto* side = new QVBoxLayout;
    side->setContentsMargins(4, 4, 4, 4);
    clearButton_ = new QToolButton(this);
    clearButton_->setObjectName(QStringLiteral("clearFinishedButton"));
    clearButton_->setText(tr("Clear Finished"));
    clearButton_->setIcon(style()->standardIcon(QStyle::SP_DialogResetButton));
    clearButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    clearButton_->setToolTip(tr("Remove finished, failed and cancelled jobs from the list"));
    side->addWidget(clearButton_);
    side->addStretch(1);
    layout->addLayout(side);

    connect(clearButton_, &QToolButton::clicked, runner_, &JobRunner::clearFinished);
    connect(runner_, &JobRunner::jobStarted, this, &JobsPanel::addRow);
    connect(runner_, &JobRunner::jobRemoved, this, &JobsPanel::removeRow);
    connect(runner_, &JobRunner::jobEnded, this, &JobsPanel::updateControls);
    for (JobHandle* job : runner_->jobs())
        addRow(job);
    updateControls();
}

void JobsPanel::addRow(JobHandle* job) {
    auto* row = new JobRowWidget(job, this);
    connect(row, &JobRowWidget::clearRequested, runner_, &JobRunner::remove);
    rows_.insert(job, row);
    // Showing a row (polishing its six widgets, laying them out) costs the GUI thread a few
    // milliseconds, and a burst of jobs (a reproduction, a sweep, a dozen files opened) adds
    // rows by the dozen: each row is shown in a pass of the event loop with room for it
    // (loop_pass) rather than all in the next one, as a layout would.
    row->hide();
    rowsLayout_->insertWidget(rowsLayout_->count() - 1, row); // before the stretch
    QTimer::singleShot(0, row, [row] { loop_pass::whenRoom(row, [row] { row->show(); }); });
    updateControls();
}

void JobsPanel::removeRow(JobHandle* job) {
    if (JobRowWidget* row = rows_.take(job)) row->deleteLater();
    updateControls();
}

void JobsPanel::updateControls() {
    emptyLabel_->setVisible(rows_.isEmpty());
    bool anyEnded = false;
    for (auto it = rows_.cbegin(); it != rows_.cend(); ++it)
        anyEnded = anyEnded || !it.key()->isActive();
    clearButton_->setEnabled(anyEnded);
}

} // namespace kbcx::ui
