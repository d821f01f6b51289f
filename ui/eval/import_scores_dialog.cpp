// Implementation of the Import Scores dialog: three file rows with Browse buttons, the options,
// and OK enabled only once both required files are given.
#include "ui/eval/import_scores_dialog.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace kbcx::ui {

ImportScoresDialog::ImportScoresDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("importScoresDialog"));
    setWindowTitle(tr("Import Scores"));
    auto* form = new QFormLayout;
    const QString tsv = tr("Tab-separated (*.tsv *.txt);;All files (*)");
    tests_ = addFileRow(form, tr("&Tests file:"), QStringLiteral("testsEdit"),
                        tr("status<TAB>nf<TAB>axiom[<TAB>P] per line, as written by kbcx sample / kbcx count, e.g.\n"
                           "undetermined\tGCI2\tA SubClassOf r some B\t425/576"),
                        tsv);
    scores_ = addFileRow(form, tr("&Scores file or run:"), QStringLiteral("scoresEdit"),
                         tr("axiom<TAB>score per line (higher = more plausible unless \"lower is better\"), e.g.\n"
                            "A SubClassOf r some B\t0.8125\n"
                            "or the folder of an EL training run (runs/<id> with checkpoint.bin): its model scores "
                            "the test axioms"),
                         tsv);
    auto* runButton = new QPushButton(tr("&Run folder…"), this);
    runButton->setObjectName(QStringLiteral("runFolderButton"));
    runButton->setToolTip(tr("Use a trained EL model (a run folder of the Training tab or kbcx train) as the scorer."));
    connect(runButton, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Training Run Folder"), scores_->text());
        if (!dir.isEmpty()) scores_->setText(dir);
    });
    form->addRow(QString(), runButton);
    ontology_ = addFileRow(form, tr("&Ontology (optional):"), QStringLiteral("ontologyEdit"),
                           tr("The ontology the test set was drawn from; when given, the Inversions tab shows the "
                              "proofs of entailed and contradictory axioms."),
                           tr("Ontologies (*.ofn *.owl *.owx *.rdf *.ttl *.nt *.obo *.kbo *.gz);;All files (*)"));

    lowerIsBetter_ = new QCheckBox(tr("&Lower is better (the scores are losses)"), this);
    lowerIsBetter_->setObjectName(QStringLiteral("lowerIsBetterCheck"));
    lowerIsBetter_->setToolTip(tr("Negate the scores on reading: a lower loss means a more plausible axiom."));
    form->addRow(QString(), lowerIsBetter_);
    missingLowest_ = new QCheckBox(tr("&Missing scores lowest"), this);
    missingLowest_->setObjectName(QStringLiteral("missingLowestCheck"));
    missingLowest_->setToolTip(tr("Score test axioms absent from the scores file below every scored axiom (they all "
                                  "tie). Otherwise a missing score is an error."));
    form->addRow(QString(), missingLowest_);
    k_ = new QSpinBox(this);
    k_->setObjectName(QStringLiteral("kSpin"));
    k_->setRange(1, 100000);
    k_->setValue(10);
    k_->setToolTip(tr("Adm@k: for each ranking query, the fraction of the top k candidates that are not "
                      "contradictory; mean over queries."));
    form->addRow(tr("&k of Adm@k:"), k_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Evaluate"));
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons_);
    connect(tests_, &QLineEdit::textChanged, this, &ImportScoresDialog::updateOk);
    connect(scores_, &QLineEdit::textChanged, this, &ImportScoresDialog::updateOk);
    updateOk();
    resize(640, sizeHint().height());
}

QLineEdit* ImportScoresDialog::addFileRow(QFormLayout* form, const QString& label, const QString& objectName,
                                          const QString& toolTip, const QString& filter) {
    auto* edit = new QLineEdit(this);
    edit->setObjectName(objectName);
    edit->setToolTip(toolTip);
    edit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this, edit, label, filter] {
        const QString path = QFileDialog::getOpenFileName(
            this, QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')), edit->text(), filter);
        if (!path.isEmpty()) edit->setText(path);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    form->addRow(label, row);
    if (auto* l = qobject_cast<QLabel*>(form->labelForField(row))) l->setBuddy(edit);
    return edit;
}

void ImportScoresDialog::updateOk() {
    buttons_->button(QDialogButtonBox::Ok)
        ->setEnabled(!tests_->text().trimmed().isEmpty() && !scores_->text().trimmed().isEmpty());
}

ImportRequest ImportScoresDialog::request() const {
    ImportRequest r;
    r.testsPath = tests_->text().trimmed();
    r.scoresPath = scores_->text().trimmed();
    r.ontologyPath = ontology_->text().trimmed();
    r.lowerIsBetter = lowerIsBetter_->isChecked();
    r.missingLowest = missingLowest_->isChecked();
    r.k = k_->value();
    return r;
}

void ImportScoresDialog::setRequest(const ImportRequest& r) {
    tests_->setText(r.testsPath);
    scores_->setText(r.scoresPath);
    ontology_->setText(r.ontologyPath);
    lowerIsBetter_->setChecked(r.lowerIsBetter);
    missingLowest_->setChecked(r.missingLowest);
    k_->setValue(r.k);
}

} // namespace kbcx::ui
