// Implementation of the Partition tab: sampling, query checks and P run as jobs; results come
// back to per-band table models; the reading in force is shown above the bands.
#include "ui/ontology/partition_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/flow_layout.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/proof_view.hpp"

#include "common/error.hpp"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kbcx::ui {

namespace {
constexpr std::array<reason::Status, 3> kBands = {reason::Status::Entailed, reason::Status::Undetermined,
                                                  reason::Status::Contradictory};
}

PartitionPage::PartitionPage(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("partitionPage"));
    stack_ = new QStackedWidget(this);
    auto* empty = makeEmptyState(tr("No ontology loaded"),
                                 tr("Open an ontology (<b>File → Open…</b> or <b>File → Open Demo Ontology</b>) to "
                                    "split candidate axioms into entailed, undetermined and contradictory."),
                                 stack_);
    stack_->addWidget(empty);

    auto* content = new QWidget(stack_);
    auto* outer = new QVBoxLayout(content);
    outer->setContentsMargins(8, 8, 8, 8);

    auto* controls = new FlowLayout;
    nf_ = new QComboBox(content);
    nf_->setObjectName(QStringLiteral("partitionForm"));
    const QList<QPair<QString, QString>> forms = {{QStringLiteral("GCI0"), QStringLiteral("A ⊑ B")},
                                                  {QStringLiteral("GCI1"), QStringLiteral("A ⊓ B ⊑ C")},
                                                  {QStringLiteral("GCI1_BOT"), QStringLiteral("A ⊓ B ⊑ ⊥")},
                                                  {QStringLiteral("GCI2"), QStringLiteral("A ⊑ ∃r.B")},
                                                  {QStringLiteral("GCI3"), QStringLiteral("∃r.A ⊑ B")},
                                                  {QStringLiteral("CA"), QStringLiteral("A(a)")},
                                                  {QStringLiteral("RA"), QStringLiteral("r(a, b)")}};
    for (const auto& [name, form] : forms)
        nf_->addItem(QStringLiteral("%1   %2").arg(name, form), name);
    nf_->setToolTip(tr("Normal form of the candidates drawn from the ontology's own names; CA and RA are the ABox "
                       "forms (concept and role assertions)"));
    n_ = new QSpinBox(content);
    n_->setObjectName(QStringLiteral("partitionSize"));
    n_->setRange(1, 100000);
    n_->setValue(25);
    n_->setToolTip(tr("Up to this many candidates per status (T+, T?, T−)"));
    seed_ = new QSpinBox(content);
    seed_->setObjectName(QStringLiteral("partitionSeed"));
    seed_->setRange(0, 1 << 30);
    seed_->setValue(1);
    readingBox_ = new QComboBox(content);
    readingBox_->setObjectName(QStringLiteral("partitionReading"));
    readingBox_->addItem(tr("Reading: default for the form"), QString());
    readingBox_->addItem(tr("Reading: inconsistency"), QStringLiteral("inconsistency"));
    readingBox_->addItem(tr("Reading: incoherence"), QStringLiteral("incoherence"));
    readingBox_->setToolTip(readingToolTip(reason::Reading::Inconsistency) + QStringLiteral("\n") +
                            readingToolTip(reason::Reading::Incoherence) +
                            tr("\nDefault: inconsistency for CA/RA, incoherence for TBox forms."));
    sampleButton_ = new QPushButton(tr("Sample"), content);
    sampleButton_->setObjectName(QStringLiteral("sampleButton"));
    domain_ = new QSpinBox(content);
    domain_->setObjectName(QStringLiteral("partitionDomain"));
    domain_->setRange(1, 8);
    domain_->setValue(2);
    domain_->setPrefix(tr("|Δ| = "));
    domain_->setToolTip(tr("Domain size of the Herbrand models counted for P(α|O); named individuals take the first "
                           "elements, so it must be at least the number of individuals"));
    pButton_ = new QPushButton(tr("Compute P"), content);
    pButton_->setObjectName(QStringLiteral("computePButton"));
    exportButton_ = new QPushButton(tr("Export TSV…"), content);
    exportButton_->setObjectName(QStringLiteral("exportButton"));
    // Label and control stay together; the groups wrap onto a second row in narrow windows.
    auto group = [content](std::initializer_list<QWidget*> widgets) {
        auto* box = new QWidget(content);
        auto* row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        for (QWidget* w : widgets)
            row->addWidget(w);
        return box;
    };
    auto* formLabel = new QLabel(tr("&Form"), content);
    formLabel->setBuddy(nf_);
    auto* nLabel = new QLabel(tr("&per band"), content);
    nLabel->setBuddy(n_);
    auto* seedLabel = new QLabel(tr("s&eed"), content);
    seedLabel->setBuddy(seed_);
    controls->addWidget(group({formLabel, nf_}));
    controls->addWidget(group({nLabel, n_}));
    controls->addWidget(group({seedLabel, seed_}));
    controls->addWidget(group({readingBox_, sampleButton_}));
    controls->addWidget(group({domain_, pButton_}));
    controls->addWidget(exportButton_);
    outer->addLayout(controls);

    auto* second = new QHBoxLayout;
    query_ = new QLineEdit(content);
    query_->setObjectName(QStringLiteral("partitionQuery"));
    query_->setPlaceholderText(tr("Query: type axioms to classify, e.g. Professor(alice); Student SubClassOf Person"));
    query_->setToolTip(tr("Axioms in the text syntax (class and property names of this ontology), separated by "
                          "';'. Each is added to its band with its proof. An individual the ontology does not "
                          "mention is a fresh individual: C(a) is then entailed only via owl:Thing SubClassOf C "
                          "and contradictory only when C is unsatisfiable."));
    filter_ = new QLineEdit(content);
    filter_->setObjectName(QStringLiteral("partitionFilter"));
    filter_->setPlaceholderText(tr("Filter axioms…"));
    filter_->setClearButtonEnabled(true);
    second->addWidget(query_, 3);
    second->addWidget(filter_, 1);
    outer->addLayout(second);

    auto* info = new QHBoxLayout;
    readingLabel_ = new QLabel(content);
    readingLabel_->setObjectName(QStringLiteral("readingLabel"));
    models0_ = new QLabel(content);
    models0_->setObjectName(QStringLiteral("partitionModels"));
    info->addWidget(readingLabel_);
    info->addSpacing(24);
    info->addWidget(models0_);
    info->addStretch(1);
    outer->addLayout(info);
    warning_ = new QLabel(content);
    warning_->setObjectName(QStringLiteral("partitionWarning"));
    warning_->setWordWrap(true);
    warning_->setStyleSheet(QStringLiteral("QLabel { background: #ffe082; color: #4e3400; padding: 4px; "
                                           "border-radius: 3px; }"));
    warning_->hide();
    outer->addWidget(warning_);
    notes_ = new QLabel(content);
    notes_->setObjectName(QStringLiteral("partitionNotes"));
    notes_->setWordWrap(true);
    notes_->setStyleSheet(QStringLiteral("QLabel { color: #555; }"));
    notes_->hide();
    outer->addWidget(notes_);

    auto* vsplit = new QSplitter(Qt::Vertical, content);
    auto* bands = new QSplitter(Qt::Horizontal, vsplit);
    for (std::size_t b = 0; b < 3; ++b) {
        const reason::Status s = kBands[b];
        boxes_[b] = new QGroupBox(bands);
        boxes_[b]->setToolTip(statusToolTip(s));
        const QColor c = statusColor(s);
        boxes_[b]->setStyleSheet(QStringLiteral("QGroupBox { font-weight: bold; border: 2px solid %1; "
                                                "border-radius: 4px; margin-top: 1.2em; padding-top: 4px; }"
                                                "QGroupBox::title { subcontrol-origin: margin; left: 8px; "
                                                "padding: 0 4px; background: %1; }")
                                     .arg(c.darker(115).name()));
        auto* l = new QVBoxLayout(boxes_[b]);
        l->setContentsMargins(4, 4, 4, 4);
        models_[b] = new CandidateTableModel(this);
        proxies_[b] = new QSortFilterProxyModel(this);
        proxies_[b]->setSourceModel(models_[b]);
        proxies_[b]->setFilterKeyColumn(CandidateTableModel::AxiomColumn);
        proxies_[b]->setFilterCaseSensitivity(Qt::CaseInsensitive);
        views_[b] = new QTableView(boxes_[b]);
        views_[b]->setObjectName(QStringLiteral("band_%1").arg(statusText(s)));
        views_[b]->setModel(proxies_[b]);
        views_[b]->setSortingEnabled(true);
        views_[b]->sortByColumn(-1, Qt::AscendingOrder);
        views_[b]->setSelectionBehavior(QAbstractItemView::SelectRows);
        views_[b]->setSelectionMode(QAbstractItemView::SingleSelection);
        views_[b]->verticalHeader()->hide();
        views_[b]->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
        views_[b]->setColumnHidden(CandidateTableModel::FormColumn, true);
        views_[b]->setColumnHidden(CandidateTableModel::StatusColumn, true);
        views_[b]->horizontalHeader()->setStretchLastSection(true);
        views_[b]->setWordWrap(false);
        l->addWidget(views_[b]);
        connect(views_[b]->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, s](const QModelIndex& current) { showProofOf(s, current); });
        connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this, [this, s, b] {
            if (proofBand_ == static_cast<int>(s)) showProofOf(s, views_[b]->currentIndex());
        });
    }
    proof_ = new ProofView(vsplit);
    proof_->setObjectName(QStringLiteral("partitionProof"));
    vsplit->setStretchFactor(0, 3);
    vsplit->setStretchFactor(1, 2);
    outer->addWidget(vsplit, 1);
    // The controls row is wide: scroll rather than force a minimum window width.
    auto* scroll = new QScrollArea(stack_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    stack_->addWidget(scroll);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);

    connect(sampleButton_, &QPushButton::clicked, this, [this] { sample(); });
    connect(pButton_, &QPushButton::clicked, this, [this] { computeP(); });
    connect(query_, &QLineEdit::returnPressed, this, [this] { checkQuery(query_->text()); });
    connect(readingBox_, &QComboBox::currentIndexChanged, this, [this] {
        if (ontology_) sample();
    });
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        for (auto* p : proxies_)
            p->setFilterFixedString(text);
    });
    connect(exportButton_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Partition"), QStringLiteral("partition.tsv"),
                                                          tr("Tab-separated values (*.tsv)"));
        if (!path.isEmpty() && !exportTsv(path)) {
            showWarning(this, tr("Export Failed"), tr("Could not write %1.").arg(path));
        }
    });
    updateTitles();
}

void PartitionPage::setOntology(OntologyPtr ontology) {
    if (ontology == ontology_) return;
    ontology_ = std::move(ontology);
    ++generation_;
    for (auto* m : models_)
        m->setRows({});
    counts_ = {};
    reading_.clear();
    proof_->setProof({}, {});
    warning_->hide();
    notes_->hide();
    models0_->clear();
    stack_->setCurrentIndex(ontology_ ? 1 : 0);
    // Named individuals take their own elements: start at a domain that can hold them (default 2).
    if (ontology_) domain_->setValue(std::max<int>(2, static_cast<int>(ontology_->summary.individuals)));
    updateTitles();
    if (ontology_) sample();
}

void PartitionPage::setNormalForm(const QString& nf) {
    const int i = nf_->findData(nf);
    if (i >= 0) nf_->setCurrentIndex(i);
}
void PartitionPage::setSampleSize(int n) {
    n_->setValue(n);
}
void PartitionPage::setSeed(int seed) {
    seed_->setValue(seed);
}
void PartitionPage::setDomain(int n) {
    domain_->setValue(n);
}
void PartitionPage::setReading(const QString& reading) {
    const int i = readingBox_->findData(reading);
    if (i >= 0) readingBox_->setCurrentIndex(i);
}

JobHandle* PartitionPage::sample() {
    if (!ontology_) return nullptr;
    reason::SampleParams params;
    params.nf = nf_->currentData().toString().toStdString();
    params.n = static_cast<std::size_t>(n_->value());
    params.seed = static_cast<std::uint64_t>(seed_->value());
    const QString r = readingBox_->currentData().toString();
    if (r == QLatin1String("inconsistency"))
        params.reading = reason::Reading::Inconsistency;
    else if (r == QLatin1String("incoherence"))
        params.reading = reason::Reading::Incoherence;
    const quint64 generation = ++generation_;
    OntologyPtr data = ontology_;
    JobHandle* job = runner_->start(tr("Sample %1 of %2").arg(nf_->currentData().toString(), data->name),
                                    [data, params](jobs::JobContext& ctx) { return runSampleJob(data, params, ctx); });
    sampleButton_->setEnabled(false);
    connect(job, &JobHandle::ended, this, [this] { sampleButton_->setEnabled(true); });
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation == generation_) applySample(job->resultAs<SampleJobResult>());
    });
    connect(job, &JobHandle::failed, this, [this, generation](const QString& message) {
        if (generation != generation_) return;
        notes_->setText(tr("Sampling failed: %1").arg(message));
        notes_->show();
    });
    return job;
}

void PartitionPage::applySample(const SampleJobResult& r) {
    std::array<std::vector<CandidateRow>, 3> bands;
    for (const CandidateRow& row : r.rows)
        bands[static_cast<std::size_t>(row.status)].push_back(row);
    for (std::size_t b = 0; b < 3; ++b) {
        models_[b]->setRows(std::move(bands[b]));
        views_[b]->resizeColumnToContents(CandidateTableModel::AxiomColumn);
    }
    for (int i = 0; i < 3; ++i)
        counts_[static_cast<std::size_t>(i)] = r.counts[i];
    reading_ = QString::fromLatin1(reason::reading_name(r.reading));
    countedDomain_ = 0;
    models0_->clear();
    QStringList notes = r.notes;
    notes << tr("%1 candidates checked").arg(r.attempts);
    notes_->setText(notes.join(QStringLiteral(" · ")));
    notes_->show();
    warning_->hide();
    proof_->setProof({}, {}, tr("Select an axiom to see the proof of its entailment or contradiction."));
    updateTitles();
    emit sampled();
}

JobHandle* PartitionPage::checkQuery(const QString& axioms) {
    if (!ontology_) return nullptr;
    QStringList list;
    for (const QString& a : axioms.split(QLatin1Char(';')))
        if (!a.trimmed().isEmpty()) list << a.trimmed();
    if (list.isEmpty()) return nullptr;
    std::optional<reason::Reading> reading;
    const QString r = readingBox_->currentData().toString();
    if (r == QLatin1String("inconsistency"))
        reading = reason::Reading::Inconsistency;
    else if (r == QLatin1String("incoherence"))
        reading = reason::Reading::Incoherence;
    OntologyPtr data = ontology_;
    const quint64 generation = generation_;
    JobHandle* job =
        runner_->start(tr("Check %1 axioms").arg(list.size()),
                       [data, list, reading](jobs::JobContext& ctx) { return runCheckJob(data, list, reading, ctx); });
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation != generation_) return;
        std::array<std::vector<CandidateRow>, 3> bands;
        QStringList fresh;
        for (const CandidateRow& row : job->resultAs<std::vector<CandidateRow>>()) {
            if (!row.note.isEmpty()) fresh << tr("%1: %2").arg(row.axiom, row.note);
            bands[static_cast<std::size_t>(row.status)].push_back(row);
            if (!reading_.contains(QString::fromLatin1(reason::reading_name(row.reading))))
                reading_ += (reading_.isEmpty() ? QString() : QStringLiteral(" / ")) +
                            QString::fromLatin1(reason::reading_name(row.reading));
        }
        for (std::size_t b = 0; b < 3; ++b)
            models_[b]->appendRows(std::move(bands[b]));
        if (!fresh.isEmpty()) {
            notes_->setText(tr("Query with a fresh individual (not in the ontology; entailed only via owl:Thing "
                               "SubClassOf C, contradictory only if C is unsatisfiable): %1")
                                .arg(fresh.join(QStringLiteral(" · "))));
            notes_->show();
        }
        updateTitles();
        emit sampled();
    });
    connect(job, &JobHandle::failed, this, [this](const QString& message, const QString&, quint64, quint64 column) {
        notes_->setText(tr("Query not understood (column %1): %2").arg(column).arg(message));
        notes_->show();
    });
    return job;
}

QStringList PartitionPage::allAxioms() const {
    QStringList out;
    for (auto* m : models_)
        for (const auto& r : m->rows())
            out << r.axiom;
    return out;
}

JobHandle* PartitionPage::computeP() {
    if (!ontology_) return nullptr;
    const QStringList axioms = allAxioms();
    const auto domain = static_cast<unsigned>(domain_->value());
    OntologyPtr data = ontology_;
    const quint64 generation = generation_;
    JobHandle* job = runner_->start(
        tr("P(α|O) over |Δ| = %1 for %2 axioms").arg(domain).arg(axioms.size()),
        [data, axioms, domain](jobs::JobContext& ctx) { return runCountJob(data, axioms, domain, ctx); });
    pButton_->setEnabled(false);
    connect(job, &JobHandle::ended, this, [this] { pButton_->setEnabled(true); });
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation != generation_) return;
        const auto& r = job->resultAs<CountJobResult>();
        std::size_t k = 0;
        for (auto* m : models_)
            for (int i = 0; i < m->rowCount() && k < r.values.size(); ++i)
                m->setP(i, r.values[k++], r.domain);
        countedDomain_ = r.domain;
        models0_->setText(tr("#(O) = %1 Herbrand models over |Δ| = %2 (%3 atoms, %4 clauses; %5 s)")
                              .arg(r.models)
                              .arg(r.domain)
                              .arg(r.atoms)
                              .arg(r.clauses)
                              .arg(r.seconds, 0, 'f', 2));
        models0_->setToolTip(tr("P(α|O) = #(O ∪ {α}) / #(O), counted exactly on the EL part as read"));
        updateTitles();
        emit countsReady();
    });
    connect(job, &JobHandle::failed, this, [this, generation](const QString& message) {
        if (generation != generation_) return;
        models0_->setText(tr("<span style='color:#c62828'>P not computed: %1</span>").arg(message.toHtmlEscaped()));
        emit countsReady();
    });
    return job;
}

void PartitionPage::updateTitles() {
    int warnings = 0;
    for (std::size_t b = 0; b < 3; ++b) {
        boxes_[b]->setTitle(tr("%1 (%2)").arg(statusText(kBands[b])).arg(models_[b]->rowCount()));
        warnings += models_[b]->warningCount();
        views_[b]->setColumnHidden(CandidateTableModel::PColumn, countedDomain_ == 0);
        views_[b]->setColumnHidden(CandidateTableModel::PDecimalColumn, countedDomain_ == 0);
        views_[b]->setColumnHidden(CandidateTableModel::CheckColumn, countedDomain_ == 0);
    }
    readingLabel_->setText(reading_.isEmpty() ? tr("Reading in force: —")
                                              : tr("Reading in force: <b>%1</b>").arg(reading_));
    readingLabel_->setToolTip(readingToolTip(reason::Reading::Inconsistency) + QStringLiteral("\n") +
                              readingToolTip(reason::Reading::Incoherence));
    if (warnings > 0) {
        warning_->setText(tr("⚠ %n axiom(s) where P(α|O) over |Δ| = %1 disagrees with the reasoner's status; see "
                             "the \"Count vs status\" column. The bounded Herbrand domain is not the reasoner's "
                             "open-domain semantics.",
                             nullptr, warnings)
                              .arg(countedDomain_));
        warning_->show();
    } else {
        warning_->hide();
    }
}

void PartitionPage::showProofOf(reason::Status band, const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid()) return;
    const auto b = static_cast<std::size_t>(band);
    const QModelIndex src = proxies_[b]->mapToSource(proxyIndex);
    const CandidateRow& row = models_[b]->row(src.row());
    proofBand_ = static_cast<int>(band);
    const QString axiom = shownAxiom(row);
    QString heading;
    switch (row.status) {
    case reason::Status::Entailed: heading = tr("Why O ⊨ %1").arg(axiom); break;
    case reason::Status::Contradictory: heading = tr("Why %1 contradicts O (⊥ derived)").arg(axiom); break;
    case reason::Status::Undetermined: heading = axiom; break;
    }
    proof_->setProofLines(heading, shownProof(row),
                          row.status == reason::Status::Undetermined
                              ? tr("Undetermined: neither O ⊨ α nor O ∪ {α} ⊨ ⊥, so there is no proof to show.")
                              : tr("No proof recorded."));
}

bool PartitionPage::exportTsv(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    QByteArray out;
    for (auto* m : models_)
        for (const CandidateRow& r : m->rows()) {
            QStringList f{statusText(r.status), r.nf, r.axiom};
            if (countedDomain_ != 0) {
                f << (r.p.computed ? r.p.fraction : QStringLiteral("undefined"))
                  << (r.p.computed ? r.p.decimalText : QStringLiteral("nan"));
            }
            out += f.join(QLatin1Char('\t')).toUtf8() + '\n';
        }
    file.write(out);
    return file.commit();
}

} // namespace kbcx::ui
