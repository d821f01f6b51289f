// Implementation of the Teach tab: debounced recomputation through JobRunner (older runs are
// cancelled and their results ignored), inline parse errors with the offending line marked.
#include "ui/ontology/teach_page.hpp"

#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/proof_view.hpp"
#include "ui/ontology/teach_model_panel.hpp"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace kbcx::ui {

QString TeachPage::phdExampleText() {
    return QStringLiteral("# The PhD student example. Edit it: statuses and P update as you type.\n"
                          "Class: PhDStudent Student Professor TeachingAssistant\n"
                          "Individual: alice\n"
                          "PhDStudent SubClassOf Student\n"
                          "Student and Professor SubClassOf owl:Nothing\n"
                          "PhDStudent(alice)\n");
}

QStringList TeachPage::phdCandidates() {
    return {QStringLiteral("Student(alice)"), QStringLiteral("TeachingAssistant(alice)"),
            QStringLiteral("Professor(alice)")};
}

QString TeachPage::countExampleText() {
    return QStringLiteral("# O = {A ⊑ B} over the names A, B, C and the role r; at |Δ| = 2, #(O) = 576 and\n"
                          "# P(∃r.A ⊑ C | O) = 425/576 (the worked example of the KBC paper).\n"
                          "Class: A B C\n"
                          "ObjectProperty: r\n"
                          "A SubClassOf B\n");
}

QStringList TeachPage::countCandidates() {
    return {QStringLiteral("r some A SubClassOf C"), QStringLiteral("A SubClassOf B"),
            QStringLiteral("B SubClassOf A")};
}

TeachPage::TeachPage(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    setObjectName(QStringLiteral("teachPage"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 8, 8, 8);

    auto* bar = new QHBoxLayout;
    examples_ = new QToolButton(this);
    examples_->setObjectName(QStringLiteral("teachExamples"));
    examples_->setText(tr("Examples"));
    examples_->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(examples_);
    QAction* phd =
        menu->addAction(tr("PhD student: entailed / undetermined / contradictory"), this, &TeachPage::loadPhdExample);
    phd->setObjectName(QStringLiteral("examplePhd"));
    QAction* count = menu->addAction(tr("O = {A ⊑ B}, |Δ| = 2: #(O) = 576, P(∃r.A ⊑ C | O) = 425/576"), this,
                                     &TeachPage::loadCountExample);
    count->setObjectName(QStringLiteral("example576"));
    examples_->setMenu(menu);
    domain_ = new QSpinBox(this);
    domain_->setObjectName(QStringLiteral("teachDomain"));
    domain_->setRange(1, 6);
    domain_->setValue(2);
    domain_->setPrefix(tr("|Δ| = "));
    domain_->setToolTip(tr("Domain size of the Herbrand models counted for P(α|O); named individuals take the first "
                           "elements"));
    auto* hint = new QLabel(tr("Text syntax: <tt>A SubClassOf B</tt>, <tt>A and B SubClassOf owl:Nothing</tt>, "
                               "<tt>A SubClassOf r some B</tt>, <tt>A(a)</tt>, <tt>r(a,b)</tt>, "
                               "<tt>Class: A B</tt>, <tt># comment</tt>"),
                            this);
    hint->setStyleSheet(QStringLiteral("QLabel { color: #555; }"));
    hint->setWordWrap(true);
    bar->addWidget(examples_);
    bar->addWidget(domain_);
    bar->addSpacing(12);
    bar->addWidget(hint, 1);
    outer->addLayout(bar);

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    editor_ = new QPlainTextEdit(left);
    editor_->setObjectName(QStringLiteral("teachEditor"));
    editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
    leftLayout->addWidget(editor_, 1);
    error_ = new QLabel(left);
    error_->setObjectName(QStringLiteral("teachError"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("QLabel { background: #f8d4d4; color: #7f0000; padding: 4px; "
                                         "border-radius: 3px; }"));
    error_->hide();
    leftLayout->addWidget(error_);
    models_ = new QLabel(left);
    models_->setObjectName(QStringLiteral("teachModels"));
    models_->setWordWrap(true);
    leftLayout->addWidget(models_);

    auto* right = new QSplitter(Qt::Vertical, split);
    auto* table = new QWidget(right);
    auto* tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    auto* tableBar = new QHBoxLayout;
    tableBar->addWidget(new QLabel(tr("<b>Candidate axioms</b> (double-click to edit)"), table), 1);
    auto* add = new QPushButton(tr("Add"), table);
    add->setObjectName(QStringLiteral("teachAdd"));
    auto* remove = new QPushButton(tr("Remove"), table);
    remove->setObjectName(QStringLiteral("teachRemove"));
    tableBar->addWidget(add);
    tableBar->addWidget(remove);
    tableLayout->addLayout(tableBar);
    model_ = new CandidateTableModel(this);
    model_->setAxiomsEditable(true);
    view_ = new QTableView(table);
    view_->setObjectName(QStringLiteral("teachCandidates"));
    view_->setModel(model_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setColumnHidden(CandidateTableModel::FormColumn, true);
    tableLayout->addWidget(view_, 1);
    proof_ = new ProofView(right);
    proof_->setObjectName(QStringLiteral("teachProof"));
    modelPanel_ = new TeachModelPanel(runner_, right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({560, 760});
    outer->addWidget(split, 1);

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(300);
    connect(debounce_, &QTimer::timeout, this, [this] { recompute(); });
    connect(editor_, &QPlainTextEdit::textChanged, this, &TeachPage::scheduleRecompute);
    connect(domain_, &QSpinBox::valueChanged, this, &TeachPage::scheduleRecompute);
    connect(model_, &CandidateTableModel::axiomsEdited, this, [this] {
        if (!applying_) scheduleRecompute();
    });
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = model_->rowCount();
        model_->insertRows(row, 1);
        view_->edit(model_->index(row, CandidateTableModel::AxiomColumn));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const QModelIndex current = view_->currentIndex();
        if (current.isValid()) model_->removeRows(current.row(), 1);
    });
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TeachPage::showProofOf);
    connect(&NameStyleSetting::instance(), &NameStyleSetting::changed, this,
            [this] { showProofOf(view_->currentIndex()); });

    loadPhdExample();
}

void TeachPage::loadExample(const QString& text, const QStringList& candidates, int domain) {
    const QSignalBlocker block(domain_);
    domain_->setValue(domain);
    setCandidates(candidates);
    editor_->setPlainText(text); // schedules the recomputation
    scheduleRecompute();
}

void TeachPage::loadPhdExample() {
    loadExample(phdExampleText(), phdCandidates(), 2);
}

void TeachPage::loadCountExample() {
    loadExample(countExampleText(), countCandidates(), 2);
}

void TeachPage::setCandidates(const QStringList& candidates) {
    std::vector<CandidateRow> rows;
    for (const QString& c : candidates) {
        CandidateRow r;
        r.axiom = c;
        rows.push_back(std::move(r));
    }
    applying_ = true;
    model_->setRows(std::move(rows));
    applying_ = false;
    scheduleRecompute();
}

QStringList TeachPage::candidates() const {
    QStringList out;
    for (const auto& r : model_->rows())
        out << r.axiom;
    return out;
}

void TeachPage::setDomain(int n) {
    domain_->setValue(n);
}

void TeachPage::scheduleRecompute() {
    ++generation_; // results of runs started before this edit are stale
    debounce_->start();
}

JobHandle* TeachPage::recompute() {
    debounce_->stop();
    if (job_ && job_->isActive()) job_->cancel();
    const quint64 generation = ++generation_;
    const std::string text = editor_->toPlainText().toStdString();
    const QStringList cands = candidates();
    const auto domain = static_cast<unsigned>(domain_->value());
    modelPanel_->setInput(editor_->toPlainText(), cands); // retrains when live and trained before
    JobHandle* job = runner_->start(tr("Teach: statuses and P"), [text, cands, domain](jobs::JobContext& ctx) {
        return runTeachJob(text, cands, domain, ctx);
    });
    job_ = job;
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation == generation_) {
            const auto& r = job->resultAs<TeachJobResult>();
            error_->hide();
            errorLine_ = errorColumn_ = 0;
            editor_->setExtraSelections({});
            const int current = view_->currentIndex().row();
            applying_ = true;
            model_->setRows(r.rows);
            for (int i = 0; i < model_->rowCount(); ++i)
                if (r.rows[static_cast<std::size_t>(i)].p.computed)
                    model_->setP(i, r.rows[static_cast<std::size_t>(i)].p, r.domain);
            applying_ = false;
            QHash<QString, QString> statusOf;
            for (const CandidateRow& row : r.rows)
                if (row.error.isEmpty() && !row.nf.isEmpty()) statusOf.insert(row.axiom, statusText(row.status));
            modelPanel_->setStatuses(statusOf);
            view_->resizeColumnToContents(CandidateTableModel::AxiomColumn);
            if (!r.countError.isEmpty())
                models_->setText(
                    tr("<span style='color:#c62828'>P not computed: %1</span>").arg(r.countError.toHtmlEscaped()));
            else
                models_->setText(tr("%1 classes, %2 roles, %3 individuals, %4 axioms · <b>#(O) = %5</b> Herbrand "
                                    "models over |Δ| = %6")
                                     .arg(r.classes)
                                     .arg(r.roles)
                                     .arg(r.individuals)
                                     .arg(r.axioms)
                                     .arg(r.models)
                                     .arg(r.domain));
            if (current >= 0 && current < model_->rowCount()) view_->selectRow(current);
            emit updated();
        }
        runner_->remove(job);
    });
    connect(job, &JobHandle::failed, this,
            [this, job, generation](const QString& message, const QString&, quint64 line, quint64 column) {
                if (generation == generation_) {
                    showError(message, line, column);
                    emit updated();
                }
                runner_->remove(job);
            });
    connect(job, &JobHandle::cancelled, this, [this, job] { runner_->remove(job); });
    return job;
}

void TeachPage::showError(const QString& message, quint64 line, quint64 column) {
    errorLine_ = static_cast<int>(line);
    errorColumn_ = static_cast<int>(column);
    error_->setText(line > 0 ? tr("Line %1, column %2: %3").arg(line).arg(column).arg(message.toHtmlEscaped())
                             : message.toHtmlEscaped());
    error_->show();
    model_->setStale(true); // the previous results stay, greyed
    QList<QTextEdit::ExtraSelection> marks;
    if (line > 0) {
        const QTextBlock block = editor_->document()->findBlockByNumber(static_cast<int>(line) - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection sel;
            sel.format.setBackground(QColor(0xf8, 0xd4, 0xd4));
            sel.format.setProperty(QTextFormat::FullWidthSelection, true);
            sel.cursor = QTextCursor(block);
            marks << sel;
        }
    }
    editor_->setExtraSelections(marks);
}

void TeachPage::showProofOf(const QModelIndex& index) {
    if (!index.isValid() || index.row() >= model_->rowCount()) return;
    modelPanel_->showCandidate(index.row());
    const CandidateRow& row = model_->row(index.row());
    if (!row.error.isEmpty() || row.nf.isEmpty()) {
        proof_->setProofLines(row.axiom, QStringList{}, row.error);
        return;
    }
    proof_->setProofLines(
        tr("%1: %2 (reading: %3)")
            .arg(shownAxiom(row), statusText(row.status), QString::fromLatin1(reason::reading_name(row.reading))),
        shownProof(row),
        row.status == reason::Status::Undetermined ? tr("Undetermined: no proof of entailment or of ⊥.") : QString());
}

} // namespace kbcx::ui
