// Help → Reproductions: the list model, the run controls and the report browser; see
// reproductions_dialog.hpp.
#include "ui/shell/reproductions_dialog.hpp"

#include "embed/el_models.hpp"
#include "embed/graph_training.hpp"
#include "onto/projection.hpp"

#include "ui/common/error_box.hpp"
#include "ui/common/progress_value.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/memory_limit.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace kbcx::ui {

namespace {

/// The EL variant names the ontology findings' models have, in the order of the models' lists.
std::vector<std::string> onto_el_variant_names() {
    std::vector<std::string> names;
    for (const std::string& m : embed::el_model_names())
        for (embed::ElVariant v : embed::el_variants(m)) {
            const std::string n(embed::el_variant_name(v));
            if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
        }
    return names;
}

/// Whether `r` takes `--variant name` (its set_variant accepts it).
bool takes_variant(const repro::Reproduction& r, const char* name) {
    repro::Options probe;
    try {
        repro::apply_variant(r, name, probe);
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/// Whether `r` is a KG finding: it takes a generator's name (kbcx reproduce --variant loginfer).
bool takes_generator(const repro::Reproduction& r) {
    return takes_variant(r, "loginfer");
}

/// Whether `r` is an ontology finding: it takes an EL variant (kbcx, which every EL model has)
/// and not a generator's name.
bool takes_el_variant(const repro::Reproduction& r) {
    return takes_variant(r, "kbcx") && !takes_generator(r);
}

} // namespace

// ---- list model ------------------------------------------------------------------------

ReproductionListModel::ReproductionListModel(QObject* parent) : QAbstractListModel(parent) {
    reload();
}

void ReproductionListModel::reload() {
    beginResetModel();
    items_ = repro::reproductions();
    endResetModel();
}

int ReproductionListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(items_.size());
}

QVariant ReproductionListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& r = items_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(r.title);
    case Qt::ToolTipRole:
    case SummaryRole: return QString::fromStdString(r.summary);
    case NameRole: return QString::fromStdString(r.name);
    case ReportRole: return reports_.value(QString::fromStdString(r.name));
    default: return {};
    }
}

QHash<int, QByteArray> ReproductionListModel::roleNames() const {
    auto h = QAbstractListModel::roleNames();
    h[NameRole] = "name";
    h[SummaryRole] = "summary";
    h[ReportRole] = "report";
    return h;
}

void ReproductionListModel::setReport(const QString& name, const QString& path) {
    reports_[name] = path;
    const int row = rowOf(name);
    if (row >= 0) emit dataChanged(index(row), index(row), {ReportRole});
}

const repro::Reproduction* ReproductionListModel::at(int row) const {
    return row >= 0 && row < rowCount() ? &items_[static_cast<std::size_t>(row)] : nullptr;
}

int ReproductionListModel::rowOf(const QString& name) const {
    for (std::size_t i = 0; i < items_.size(); ++i)
        if (QString::fromStdString(items_[i].name) == name) return static_cast<int>(i);
    return -1;
}

// ---- dialog ----------------------------------------------------------------------------

ReproductionsDialog::ReproductionsDialog(JobRunner* runner, QWidget* parent)
    : QDialog(parent), runner_(runner), model_(new ReproductionListModel(this)) {
    setObjectName(QStringLiteral("reproductionsDialog"));
    setWindowTitle(tr("Reproductions"));
    resize(1280, 860);

    list_ = new QListView(this);
    list_->setObjectName(QStringLiteral("reproductionList"));
    list_->setModel(model_);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->setMinimumWidth(300);

    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("reproductionTitle"));
    QFont f = title_->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    title_->setFont(f);
    title_->setWordWrap(true);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);

    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("reproductionMode"));
    mode_->addItem(tr("Quick (small dimensions and epochs, minutes)"), static_cast<int>(repro::Mode::Quick));
    mode_->addItem(tr("Full (the README figures; much longer)"), static_cast<int>(repro::Mode::Full));
    mode_->setToolTip(tr("Quick: dim 20, 100 epochs, 30 test axioms per band, 2 seeds.\n"
                         "Full: dim 50, 1000 epochs, 100 test axioms per band, 5 seeds."));
    variant_ = new QComboBox(this);
    variant_->setObjectName(QStringLiteral("reproductionVariant"));
    variant_->addItem(tr("As released (LogInfer's generator)"), QStringLiteral("loginfer"));
    variant_->addItem(tr("Variant kbcx (this explorer's generator)"), QStringLiteral("kbcx"));
    variant_->setToolTip(tr("kbcx reproduce --variant: negative-difficulty and pattern-difficulty draw their "
                            "benchmarks with LogInfer's generator as released (K = train + valid + test, each "
                            "negative method's own train negatives) or with this explorer's generator"));
    elVariant_ = new QComboBox(this);
    elVariant_->setObjectName(QStringLiteral("reproductionElVariant"));
    elVariant_->addItem(tr("Each model's default (as released)"), QString());
    for (const std::string& v : onto_el_variant_names())
        elVariant_->addItem(QString::fromStdString(v), QString::fromStdString(v));
    elVariant_->setToolTip(tr("kbcx reproduce --variant for the ontology findings: the EL variant the models that have "
                              "it train (kbcx train --variant); the others keep their default, and the report says "
                              "which trained what. contradiction-sweep takes kbcx only (p⊥ is that objective's)"));
    sensitivity_ = new QComboBox(this);
    sensitivity_->setObjectName(QStringLiteral("reproductionSensitivity"));
    sensitivity_->addItem(tr("As the mode (Full: on, Quick: off)"), QString());
    sensitivity_->addItem(tr("On: train every variant of each EL model"), QStringLiteral("on"));
    sensitivity_->addItem(tr("Off"), QStringLiteral("off"));
    sensitivity_->setToolTip(tr("kbcx reproduce --sensitivity / --no-sensitivity: the ontology findings' "
                                "variant-sensitivity table (AUC±, FVR, Pair-FVR, ρ_P, MRR per model and variant)"));
    projection_ = new QComboBox(this);
    projection_->setObjectName(QStringLiteral("reproductionProjection"));
    for (onto::ProjectionKind k :
         {onto::ProjectionKind::Taxonomy, onto::ProjectionKind::TaxonomyRelations, onto::ProjectionKind::DL2Vec,
          onto::ProjectionKind::OWL2Vec, onto::ProjectionKind::Kbcx}) {
        const QString name = QString::fromLatin1(onto::projection_name(k));
        projection_->addItem(k == onto::kDefaultProjection ? tr("%1 (default)").arg(name) : name, name);
        projection_->setItemData(projection_->count() - 1, QString::fromUtf8(onto::projection_summary(k)),
                                 Qt::ToolTipRole);
        if (k == onto::kDefaultProjection) projection_->setCurrentIndex(projection_->count() - 1);
    }
    projection_->setToolTip(tr("kbcx reproduce --projection: the graph of the ontology that the triple baselines "
                               "(TransE, DistMult, ComplEx, BoxE) of the ontology findings train on; mOWL's "
                               "projectors, or kbcx (the EL normal forms)"));
    graphTraining_ = new QComboBox(this);
    graphTraining_->setObjectName(QStringLiteral("reproductionGraphTraining"));
    for (embed::GraphTraining t : {embed::GraphTraining::Pykeen, embed::GraphTraining::Kbcx}) {
        const QString name = QString::fromLatin1(embed::graph_training_name(t));
        const QString label = t == embed::GraphTraining::Pykeen
                                  ? tr("pykeen (PyKEEN's defaults, as mOWL's KGE wrapper applies them)")
                                  : tr("kbcx (this explorer's settings)");
        graphTraining_->addItem(t == embed::kDefaultGraphTraining ? tr("%1 — default").arg(label) : label, name);
        if (t == embed::kDefaultGraphTraining) graphTraining_->setCurrentIndex(graphTraining_->count() - 1);
    }
    graphTraining_->setToolTip(tr("kbcx reproduce --graph-training: how the triple baselines train (pykeen: each "
                                  "model's PyKEEN dimension, loss, initialisers, entity constraint, regulariser and "
                                  "dense Adam, batch 32, lr 0.001, one negative, inverse triples)"));
    data_ = new QLineEdit(QString::fromStdString(repro::default_data_dir()), this);
    data_->setToolTip(tr("The shared data folder (it holds onto/pizza.owl)"));
    out_ = new QLineEdit(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                             .filePath(QStringLiteral("reproductions")),
                         this);
    out_->setToolTip(tr("Reports are written to <folder>/<name>/report.md with report.json and the PNG charts"));

    resume_ = new QCheckBox(tr("Continue where an earlier run stopped"), this);
    resume_->setObjectName(QStringLiteral("resumeReproduction"));
    resume_->setToolTip(
        tr("kbcx reproduce --resume: long findings (pattern-difficulty, negative-difficulty) keep each finished "
           "benchmark in the report folder's partial/ subfolder; when checked, those computed "
           "with the same settings are reused instead of computed again."));
    memoryLimit_ = new MemoryLimitField(this);
    memoryLimit_->setObjectName(QStringLiteral("reproductionMemoryLimit"));
    if (runner_ && runner_->defaultMemoryLimit() > 0) memoryLimit_->setBytes(runner_->defaultMemoryLimit());
    run_ = new QPushButton(tr("&Run"), this);
    run_->setObjectName(QStringLiteral("runReproduction"));
    cancel_ = new QPushButton(tr("&Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelReproduction"));
    cancel_->setEnabled(false);
    bar_ = new QProgressBar(this);
    bar_->setRange(0, 1000);
    bar_->setValue(0);
    bar_->setTextVisible(true);
    status_ = new QLabel(tr("Choose a finding and press Run."), this);
    status_->setObjectName(QStringLiteral("reproductionStatus"));
    status_->setWordWrap(true);

    browser_ = new QTextBrowser(this);
    browser_->setObjectName(QStringLiteral("reportBrowser"));
    browser_->setOpenExternalLinks(true);
    browser_->setPlaceholderText(tr("The report appears here when a run finishes."));

    auto* form = new QFormLayout;
    form->addRow(tr("Mode:"), mode_);
    form->addRow(tr("&Generator:"), variant_);
    form->addRow(tr("EL &variant:"), elVariant_);
    form->addRow(tr("Variant &sensitivity:"), sensitivity_);
    form->addRow(tr("Graph &projection:"), projection_);
    form->addRow(tr("Graph &training:"), graphTraining_);
    form->addRow(tr("Data folder:"), data_);
    form->addRow(tr("Report folder:"), out_);
    form->addRow(QString(), resume_);
    form->addRow(tr("Memory &limit:"), memoryLimit_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_);
    buttons->addWidget(cancel_);
    buttons->addWidget(bar_, 1);

    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(title_);
    rl->addWidget(summary_);
    rl->addLayout(form);
    rl->addLayout(buttons);
    rl->addWidget(status_);
    rl->addWidget(browser_, 1);

    auto* split = new QSplitter(this);
    split->addWidget(list_);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({320, 960});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { updateSelection(); });
    connect(run_, &QPushButton::clicked, this, [this] { runSelected(); });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        if (job_) job_->cancel();
    });
    if (model_->rowCount() > 0) list_->setCurrentIndex(model_->index(0));
    updateSelection();
}

void ReproductionsDialog::setOutputDir(const QString& dir) {
    out_->setText(dir);
}
void ReproductionsDialog::setDataDir(const QString& dir) {
    data_->setText(dir);
}

bool ReproductionsDialog::select(const QString& name) {
    model_->reload();
    const int row = model_->rowOf(name);
    if (row < 0) return false;
    list_->setCurrentIndex(model_->index(row));
    updateSelection();
    return true;
}

void ReproductionsDialog::updateSelection() {
    const repro::Reproduction* r = model_->at(list_->currentIndex().row());
    title_->setText(r ? QString::fromStdString(r->title) : QString());
    summary_->setText(
        r ? QString::fromStdString(r->summary) +
                tr("\nCommand line: kbcx reproduce %1 --out DIR [--quick|--full]").arg(QString::fromStdString(r->name))
          : QString());
    run_->setEnabled(r && !job_);
    elVariant_->setEnabled(r && !job_ && takes_el_variant(*r));
    variant_->setEnabled(r && !job_ && takes_generator(*r));
    resume_->setEnabled(r && !job_ && r->resumable);
    sensitivity_->setEnabled(elVariant_->isEnabled());
    projection_->setEnabled(elVariant_->isEnabled());
    graphTraining_->setEnabled(elVariant_->isEnabled());
    if (!r || job_) return;
    const QString report = model_->data(list_->currentIndex(), ReproductionListModel::ReportRole).toString();
    const QString onDisk = QDir(out_->text()).filePath(QString::fromStdString(r->name) + QStringLiteral("/report.md"));
    if (!report.isEmpty())
        showReport(report);
    else if (QFileInfo::exists(onDisk))
        showReport(onDisk);
    else
        browser_->clear();
}

void ReproductionsDialog::setRunning(bool running) {
    run_->setEnabled(!running && model_->at(list_->currentIndex().row()));
    cancel_->setEnabled(running);
    list_->setEnabled(!running);
    mode_->setEnabled(!running);
    const repro::Reproduction* r = model_->at(list_->currentIndex().row());
    resume_->setEnabled(!running && r && r->resumable);
    variant_->setEnabled(!running && r && takes_generator(*r));
    const bool onto = r && takes_el_variant(*r);
    elVariant_->setEnabled(!running && onto);
    sensitivity_->setEnabled(!running && onto);
    projection_->setEnabled(!running && onto);
    graphTraining_->setEnabled(!running && onto);
    memoryLimit_->setEnabled(!running);
}

JobHandle* ReproductionsDialog::runSelected() {
    const repro::Reproduction* r = model_->at(list_->currentIndex().row());
    if (!r || job_ || !runner_) return nullptr;
    repro::Options o = overrides_;
    o.mode = static_cast<repro::Mode>(mode_->currentData().toInt());
    o.data_dir = data_->text().toStdString();
    o.out_dir = out_->text().toStdString();
    o.resume = r->resumable && resume_->isChecked();
    if (takes_generator(*r)) o.variant = variant_->currentData().toString().toStdString();
    if (takes_el_variant(*r)) {
        const std::string ev = elVariant_->currentData().toString().toStdString();
        if (!ev.empty()) {
            try {
                repro::apply_variant(*r, ev, o);
            } catch (const std::invalid_argument& e) {
                status_->setText(tr("Not started: %1").arg(QString::fromUtf8(e.what())));
                return nullptr;
            }
        }
        const QString sens = sensitivity_->currentData().toString();
        if (!sens.isEmpty()) o.sensitivity = sens == QLatin1String("on");
        o.graph.projection = projection_->currentData().toString().toStdString();
        o.graph.training = graphTraining_->currentData().toString().toStdString();
    }
    o.threads = std::max(1, std::min(4, static_cast<int>(std::thread::hardware_concurrency()) - 1));
    const repro::Reproduction rep = *r;
    const QString name = QString::fromStdString(rep.name);
    JobHandle* job = runner_->start(
        tr("Reproduce %1 (%2)").arg(name, QString::fromLatin1(repro::mode_name(o.mode))),
        [rep, o](jobs::JobContext& ctx) -> std::any { return repro::run_reproduction(rep, o, ctx); },
        memoryLimit_->bytes());
    job_ = job;
    setRunning(true);
    bar_->setValue(0);
    status_->setText(tr("Starting %1…").arg(name));
    connect(job, &JobHandle::progress, this, [this](quint64 done, quint64 total, const QString& message) {
        if (total > 0) setProgressValue(bar_, static_cast<int>(done * 1000 / total));
        status_->setText(message);
    });
    connect(job, &JobHandle::finished, this, [this, job, name] {
        const auto& res = job->resultAs<repro::RunOutput>();
        int ok = 0, n = 0;
        for (const auto& s : res.report.sections)
            for (const auto& c : s.checks) {
                ++n;
                ok += c.holds;
            }
        bar_->setValue(1000);
        status_->setText(tr("Finished in %1 s: %2 of %3 checks hold. Report: %4")
                             .arg(res.report.wall_seconds, 0, 'f', 1)
                             .arg(ok)
                             .arg(n)
                             .arg(QString::fromStdString(res.markdown_path)));
        model_->setReport(name, QString::fromStdString(res.markdown_path));
        showReport(QString::fromStdString(res.markdown_path));
    });
    connect(job, &JobHandle::failed, this,
            [this, name](const QString& message, const QString& file, quint64 line, quint64 column) {
                status_->setText(tr("Failed: %1").arg(message));
                showInputError(this, {tr("Reproduction Failed"), tr("%1 could not run.").arg(name), message, file, line,
                                      column, QString(), QString()});
            });
    connect(job, &JobHandle::cancelled, this, [this] { status_->setText(tr("Cancelled; nothing was written.")); });
    connect(job, &JobHandle::ended, this, [this] {
        job_ = nullptr;
        setRunning(false);
    });
    return job;
}

bool ReproductionsDialog::showReport(const QString& markdownPath) {
    QFile f(markdownPath);
    if (!f.open(QIODevice::ReadOnly)) return false;
    const QString dir = QFileInfo(markdownPath).absolutePath();
    browser_->setSearchPaths({dir});
    browser_->document()->setBaseUrl(QUrl::fromLocalFile(dir + QLatin1Char('/')));
    browser_->document()->setDefaultStyleSheet(QStringLiteral("table { border-collapse: collapse; } "
                                                              "td, th { padding: 2px 6px; }"));
    browser_->setMarkdown(QString::fromUtf8(f.readAll()));
    return true;
}

} // namespace kbcx::ui
