// The engine-export dialog: a small form, one background job (bench::export_for_engine), and a
// read-only box with the training command the export's README names.
#include "ui/benchmark/engine_export_dialog.hpp"

#include "ui/common/error_box.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include "bench/engine_export.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace kbcx::ui {

namespace {

QWidget* withBrowse(QLineEdit* edit, QWidget* parent, const QString& caption) {
    auto* row = new QWidget(parent);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    auto* browse = new QToolButton(row);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(caption);
    QObject::connect(browse, &QToolButton::clicked, edit, [edit, caption] {
        const QString dir = QFileDialog::getExistingDirectory(edit, caption, edit->text());
        if (!dir.isEmpty()) edit->setText(QDir::toNativeSeparators(dir));
    });
    h->addWidget(browse);
    return row;
}

} // namespace

EngineExportDialog::EngineExportDialog(JobRunner* runner, QWidget* parent) : QDialog(parent), runner_(runner) {
    setObjectName(QStringLiteral("engineExportDialog"));
    setWindowTitle(tr("Export for a Training Engine"));
    auto* v = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("When a KG outgrows this machine, train on a distributed engine and inspect the result "
                                "here. The export holds the splits in the engine's layout, <tt>to_score.tsv</tt> and a "
                                "README with the training command and how the scores come back to "
                                "<tt>kbcx eval-kg</tt>."),
                             this);
    intro->setWordWrap(true);
    v->addWidget(intro);
    auto* form = new QFormLayout;
    data_ = new QLineEdit(this);
    data_->setObjectName(QStringLiteral("dataFolder"));
    data_->setPlaceholderText(tr("train.txt, valid.txt, test.txt [, {split}_neg_<m>.txt]"));
    form->addRow(tr("&Data folder:"), withBrowse(data_, this, tr("KG or Benchmark Folder")));
    format_ = new QComboBox(this);
    format_->setObjectName(QStringLiteral("format"));
    format_->addItem(QStringLiteral("DGL-KE"), QStringLiteral("dglke"));
    format_->addItem(QStringLiteral("PyKEEN"), QStringLiteral("pykeen"));
    format_->addItem(QStringLiteral("LibKGE"), QStringLiteral("libkge"));
    format_->setToolTip(tr("DGL-KE: raw_udd_hrt TSVs of names; PyKEEN: labelled TSVs for pipeline(); LibKGE: .del "
                           "files of indices, id maps, dataset.yaml and the negatives for its triple classification"));
    form->addRow(tr("&Engine:"), format_);
    neg_ = new QLineEdit(this);
    neg_->setObjectName(QStringLiteral("negMethod"));
    neg_->setPlaceholderText(tr("the folder's only method, if any"));
    neg_->setToolTip(tr("Negative method of a benchmark with several (rc, rb, pa, qg)"));
    form->addRow(tr("&Negatives:"), neg_);
    out_ = new QLineEdit(this);
    out_->setObjectName(QStringLiteral("outFolder"));
    form->addRow(tr("&Output folder:"), withBrowse(out_, this, tr("Output Folder")));
    v->addLayout(form);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("exportStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(status_);
    command_ = new QPlainTextEdit(this);
    command_->setObjectName(QStringLiteral("trainCommand"));
    command_->setReadOnly(true);
    command_->setPlaceholderText(tr("The command that trains on the export appears here."));
    command_->setMaximumHeight(90);
    v->addWidget(command_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    exportButton_ = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    exportButton_->setObjectName(QStringLiteral("exportButton"));
    connect(exportButton_, &QPushButton::clicked, this, [this] { startExport(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(buttons);
    for (QLineEdit* e : {data_, out_})
        connect(e, &QLineEdit::textChanged, this, &EngineExportDialog::updateButtons);
    updateButtons();
    resize(620, sizeHint().height());
}

void EngineExportDialog::setDataFolder(const QString& dir) {
    data_->setText(dir);
}
void EngineExportDialog::setOutputFolder(const QString& dir) {
    out_->setText(dir);
}
void EngineExportDialog::setNegativeMethod(const QString& method) {
    neg_->setText(method);
}

bool EngineExportDialog::setFormat(const QString& format) {
    const int i = format_->findData(format);
    if (i < 0) return false;
    format_->setCurrentIndex(i);
    return true;
}

QString EngineExportDialog::resultText() const {
    return status_->text() + QLatin1Char('\n') + command_->toPlainText();
}

void EngineExportDialog::updateButtons() {
    exportButton_->setEnabled(!isRunning() && !data_->text().trimmed().isEmpty() && !out_->text().trimmed().isEmpty());
}

bool EngineExportDialog::startExport() {
    if (isRunning() || data_->text().trimmed().isEmpty() || out_->text().trimmed().isEmpty()) return false;
    bench::EngineExportParams params;
    params.data_dir = QFile::encodeName(QDir::fromNativeSeparators(data_->text().trimmed())).toStdString();
    params.out_dir = QFile::encodeName(QDir::fromNativeSeparators(out_->text().trimmed())).toStdString();
    params.format = *bench::parse_engine_format(format_->currentData().toString().toStdString());
    params.neg_method = neg_->text().trimmed().toStdString();
    status_->setText(tr("Exporting…"));
    command_->clear();
    job_ = runner_->start(tr("Export for %1").arg(format_->currentText()),
                          [params](jobs::JobContext& ctx) { return bench::export_for_engine(params, ctx); });
    connect(job_, &JobHandle::finished, this, &EngineExportDialog::finishExport);
    connect(job_, &JobHandle::failed, this,
            [this](const QString& message, const QString& file, quint64 line, quint64 column) {
                status_->setText(
                    tr("<b>Export failed.</b> %1").arg(locatedMessage(message, file, line, column).toHtmlEscaped()));
                job_.clear();
                updateButtons();
            });
    connect(job_, &JobHandle::cancelled, this, [this] {
        status_->setText(tr("Export cancelled."));
        job_.clear();
        updateButtons();
    });
    updateButtons();
    return true;
}

void EngineExportDialog::finishExport() {
    const auto& r = job_->resultAs<bench::EngineExportResult>();
    QString text = tr("Exported %L1 train, %L2 valid and %L3 test triples (%L4 entities, %L5 relations)")
                       .arg(r.train)
                       .arg(r.valid)
                       .arg(r.test)
                       .arg(r.entities)
                       .arg(r.relations);
    if (!r.neg_method.empty())
        text += tr(" and %L1 + %L2 negatives (%3)")
                    .arg(r.valid_negatives)
                    .arg(r.test_negatives)
                    .arg(QString::fromStdString(r.neg_method));
    text += tr(". Score the %L1 triples of <tt>to_score.tsv</tt> with the trained model as README.md describes.")
                .arg(r.to_score);
    status_->setText(text);
    command_->setPlainText(QString::fromStdString(r.train_command));
    job_.clear();
    updateButtons();
}

} // namespace kbcx::ui
