// Implementation of PreferencesDialog: a form with the jobs' memory limit, its default as the
// core computes it, and OK/Cancel; OK saves the limit and applies it to jobs started later.
#include "ui/shell/preferences_dialog.hpp"

#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/memory_limit.hpp"

#include "common/limits.hpp"
#include "common/resources.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kbcx::ui {

PreferencesDialog::PreferencesDialog(JobRunner* runner, QWidget* parent)
    : QDialog(parent), runner_(runner), memory_(new MemoryLimitField(this)) {
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));
    memory_->setBytes(runner_->defaultMemoryLimit() > 0 ? runner_->defaultMemoryLimit() : savedJobMemoryLimit());
    const std::uint64_t physical = physical_memory_bytes();
    const std::uint64_t fallback = jobs::default_memory_limit_bytes();
    auto* useDefault = new QPushButton(tr("&Default"), this);
    useDefault->setObjectName(QStringLiteral("defaultMemoryLimitButton"));
    useDefault->setToolTip(
        tr("%1: three quarters of this machine's %2, leaving at least 1 GiB to the rest of "
           "the desktop session")
            .arg(QString::fromStdString(human_bytes(fallback)), QString::fromStdString(human_bytes(physical))));
    connect(useDefault, &QPushButton::clicked, memory_, [this, fallback] { memory_->setBytes(fallback); });
    auto* row = new QHBoxLayout;
    row->addWidget(memory_, 1);
    row->addWidget(useDefault);
    auto* note = new QLabel(tr("A job that makes KBC Explorer's resident memory pass this limit is stopped with a "
                               "message; the datasets, ontologies, evaluations and runs already loaded stay. The "
                               "Reproductions and Sweep dialogs can set their own limit per job."),
                            this);
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Memory limit for jobs:"), row);
    form->addRow(note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(520, sizeHint().height());
}

void PreferencesDialog::apply() {
    const std::uint64_t bytes = memory_->bytes();
    const std::uint64_t fallback = jobs::default_memory_limit_bytes();
    // The field has 10 MB steps: the default shown there and kept is saved as "the default",
    // so that it follows the machine (more memory, another machine with the same settings).
    const bool isDefault = (bytes > fallback ? bytes - fallback : fallback - bytes) < 10'000'000u;
    saveJobMemoryLimit(isDefault ? 0 : bytes);
    runner_->setDefaultMemoryLimit(bytes);
}

} // namespace kbcx::ui
