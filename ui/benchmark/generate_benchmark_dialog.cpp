// Implementation of GenerateBenchmarkDialog: a form whose OK button stays disabled (with the
// reason shown) until the settings can run.
#include "ui/benchmark/generate_benchmark_dialog.hpp"

#include "ui/dataset/dataset_model.hpp"

#include "bench/generate_command.hpp"
#include "rules/patterns.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace kbcx::ui {

namespace {

QString viewOf(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// Whether `d` was read from files alone, so that `kbcx generate` can read them again.
bool openedFromFiles(const DatasetPtr& d) {
    return d && d->loadParams.buffers.empty() && !d->loadParams.paths.empty();
}

} // namespace

GenerateBenchmarkDialog::GenerateBenchmarkDialog(DatasetModel* datasets, DatasetPtr preselect, QWidget* parent)
    : QDialog(parent), datasets_(datasets) {
    setObjectName(QStringLiteral("generateBenchmarkDialog"));
    setWindowTitle(tr("Generate Benchmark"));

    datasetCombo_ = new QComboBox(this);
    datasetCombo_->setObjectName(QStringLiteral("benchDatasetCombo"));
    for (int i = 0; i < datasets_->datasetCount(); ++i) {
        const DatasetPtr d = datasets_->datasetAt(i);
        datasetCombo_->addItem(tr("%1 (%2 facts)").arg(d->name).arg(d->numFacts() + d->numTypeFacts()), d->id);
        if (preselect && d->id == preselect->id) datasetCombo_->setCurrentIndex(i);
    }
    datasetCombo_->setToolTip(tr("The knowledge graph K the benchmark is built from (train = K ∪ train positives)"));

    allPatterns_ = new QCheckBox(tr("&All patterns"), this);
    allPatterns_->setObjectName(QStringLiteral("benchAllPatterns"));
    allPatterns_->setTristate(false);
    patternList_ = new QListWidget(this);
    patternList_->setObjectName(QStringLiteral("benchPatternList"));
    for (rules::Pattern p : rules::all_patterns()) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1   %2").arg(viewOf(rules::pattern_name(p)), viewOf(rules::pattern_template(p))),
            patternList_);
        item->setData(Qt::UserRole, viewOf(rules::pattern_name(p)));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        item->setToolTip(viewOf(rules::pattern_template(p)));
    }
    patternList_->setFixedHeight(patternList_->sizeHintForRow(0) * 10 + 2 * patternList_->frameWidth() + 6);
    allPatterns_->setChecked(true);
    connect(allPatterns_, &QCheckBox::toggled, this, [this](bool on) {
        const QSignalBlocker block(patternList_);
        for (int i = 0; i < patternList_->count(); ++i)
            patternList_->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        updateState();
    });
    connect(patternList_, &QListWidget::itemChanged, this, [this] {
        bool all = true;
        for (int i = 0; i < patternList_->count(); ++i)
            all = all && patternList_->item(i)->checkState() == Qt::Checked;
        const QSignalBlocker block(allPatterns_);
        allPatterns_->setChecked(all);
        updateState();
    });

    negCombo_ = new QComboBox(this);
    negCombo_->setObjectName(QStringLiteral("benchNegCombo"));
    negCombo_->addItem(tr("rc — random tail corruption"), QStringLiteral("rc"));
    negCombo_->addItem(tr("rb — relevance-based (head predicate × support constants)"), QStringLiteral("rb"));
    negCombo_->addItem(tr("pa — position-aware corruption"), QStringLiteral("pa"));
    negCombo_->addItem(tr("qg — query-guided (sub-rule conclusions, rest from pa)"), QStringLiteral("qg"));
    negCombo_->setCurrentIndex(2);
    negCombo_->setToolTip(tr("How negatives are drawn; exactly |P_split| per split unless a pool runs out"));

    variantCombo_ = new QComboBox(this);
    variantCombo_->setObjectName(QStringLiteral("benchVariantCombo"));
    for (bench::Variant v : {bench::kDefaultVariant, bench::Variant::LogInfer, bench::Variant::Kbcx}) {
        const QString id = QString::fromLatin1(bench::variant_name(v).data(), bench::variant_name(v).size());
        if (variantCombo_->findData(id) >= 0) continue;
        variantCombo_->addItem(v == bench::kDefaultVariant ? tr("%1 (default)").arg(id) : id, id);
    }
    variantCombo_->setToolTip(
        tr("kbcx generate --variant:\n"
           "loginfer: as LogInfer's release generates (pa pools constants from all positives over head and "
           "tail, rb pools heads and support constants over all rules, qg takes one-premise conclusions over "
           "K, one train negative per line of train.txt, composition one order per pair, negatives filtered "
           "by the positives);\n"
           "kbcx: this explorer's generator (one negative per positive, rb per rule, pa from K, qg from "
           "sub-rule groundings, negatives filtered by the positives and the rule conclusions)"));
    filterCombo_ = new QComboBox(this);
    filterCombo_->setObjectName(QStringLiteral("benchFilterCombo"));
    filterCombo_->addItem(tr("the variant's own"), QString());
    for (bench::NegFilter f : {bench::NegFilter::Positives, bench::NegFilter::Conclusions})
        filterCombo_->addItem(QString::fromLatin1(bench::filter_name(f).data(), bench::filter_name(f).size()),
                              QString::fromLatin1(bench::filter_name(f).data(), bench::filter_name(f).size()));
    filterCombo_->setToolTip(tr("kbcx generate --filter: which facts a negative may not be — positives (P_all, "
                                "loginfer's), or conclusions (P_all and every one-step rule conclusion, kbcx's)"));

    k1Spin_ = new QSpinBox(this);
    k1Spin_->setObjectName(QStringLiteral("benchK1Spin"));
    // 0 shows as "all": bench::kAll, no limit (--k1 all)
    k1Spin_->setRange(0, 100000);
    k1Spin_->setSpecialValueText(tr("all"));
    k1Spin_->setValue(10);
    k1Spin_->setToolTip(tr("k1: rules kept per pattern, largest support first; all (below 1): every rule with "
                           "support, as LogInfer's FB-inter was released"));
    k2Spin_ = new QSpinBox(this);
    k2Spin_->setObjectName(QStringLiteral("benchK2Spin"));
    k2Spin_->setRange(0, 10000000);
    k2Spin_->setSpecialValueText(tr("all"));
    k2Spin_->setValue(200);
    k2Spin_->setToolTip(tr("k2: new conclusions (T_r(K) \\ K) sampled per rule, at most; all (below 1): every one"));
    ratioEdit_ = new QLineEdit(QStringLiteral("8:1:1"), this);
    ratioEdit_->setObjectName(QStringLiteral("benchRatioEdit"));
    ratioEdit_->setToolTip(tr("train:valid:test; per rule valid = ⌊n·v/Σ⌋, test = ⌊n·t/Σ⌋, train the rest"));
    seedSpin_ = new QSpinBox(this);
    seedSpin_->setObjectName(QStringLiteral("benchSeedSpin"));
    seedSpin_->setRange(0, 2147483647);
    seedSpin_->setValue(1);
    seedSpin_->setToolTip(tr("The same inputs and seed give byte-identical output"));

    outputEdit_ = new QLineEdit(this);
    outputEdit_->setObjectName(QStringLiteral("benchOutputEdit"));
    outputEdit_->setPlaceholderText(tr("Folder to write the benchmark into (created if missing)"));
    auto* browseButton = new QToolButton(this);
    browseButton->setText(tr("…"));
    browseButton->setToolTip(tr("Choose the output folder"));
    connect(browseButton, &QToolButton::clicked, this, &GenerateBenchmarkDialog::browse);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(outputEdit_, 1);
    outputRow->addWidget(browseButton);

    auto* form = new QFormLayout;
    form->addRow(tr("&Dataset:"), datasetCombo_);
    auto* patternBox = new QVBoxLayout;
    patternBox->addWidget(allPatterns_);
    patternBox->addWidget(patternList_);
    auto* patternLabel = new QLabel(tr("&Patterns:"), this);
    patternLabel->setBuddy(patternList_);
    form->addRow(patternLabel, patternBox);
    form->addRow(tr("&Negatives:"), negCombo_);
    form->addRow(tr("&Variant:"), variantCombo_);
    form->addRow(tr("Negative &filter:"), filterCombo_);
    form->addRow(tr("k&1 (rules per pattern):"), k1Spin_);
    form->addRow(tr("k&2 (positives per rule):"), k2Spin_);
    form->addRow(tr("Split &ratio:"), ratioEdit_);
    form->addRow(tr("&Seed:"), seedSpin_);
    auto* outputLabel = new QLabel(tr("&Output folder:"), this);
    outputLabel->setBuddy(outputEdit_);
    form->addRow(outputLabel, outputRow);

    commandEdit_ = new QLineEdit(this);
    commandEdit_->setObjectName(QStringLiteral("benchCommandEdit"));
    commandEdit_->setReadOnly(true);
    commandEdit_->setToolTip(tr("The kbcx command that generates the same benchmark from a shell"));
    copyCommand_ = new QToolButton(this);
    copyCommand_->setObjectName(QStringLiteral("benchCopyCommand"));
    copyCommand_->setText(tr("Copy"));
    copyCommand_->setToolTip(tr("Copy the command to the clipboard"));
    connect(copyCommand_, &QToolButton::clicked, this, [this] { QApplication::clipboard()->setText(commandLine()); });
    auto* commandRow = new QHBoxLayout;
    commandRow->addWidget(commandEdit_, 1);
    commandRow->addWidget(copyCommand_);
    auto* commandLabel = new QLabel(tr("Co&mmand:"), this);
    commandLabel->setBuddy(commandEdit_);
    form->addRow(commandLabel, commandRow);

    problem_ = new QLabel(this);
    problem_->setObjectName(QStringLiteral("benchProblemLabel"));
    problem_->setStyleSheet(QStringLiteral("color: #a03020;"));
    problem_->setWordWrap(true);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Generate"));
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty()) accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(buttons_);

    connect(datasetCombo_, &QComboBox::currentIndexChanged, this, &GenerateBenchmarkDialog::updateState);
    connect(ratioEdit_, &QLineEdit::textChanged, this, &GenerateBenchmarkDialog::updateState);
    connect(outputEdit_, &QLineEdit::textChanged, this, &GenerateBenchmarkDialog::updateState);
    for (QComboBox* c : {negCombo_, variantCombo_, filterCombo_})
        connect(c, &QComboBox::currentIndexChanged, this, &GenerateBenchmarkDialog::updateState);
    for (QSpinBox* b : {k1Spin_, k2Spin_, seedSpin_})
        connect(b, &QSpinBox::valueChanged, this, &GenerateBenchmarkDialog::updateState);
    resize(620, sizeHint().height());
    updateState();
}

std::optional<std::array<unsigned, 3>> GenerateBenchmarkDialog::parseRatio(const QString& text) {
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d{1,6}):(\\d{1,6}):(\\d{1,6})\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch()) return std::nullopt;
    std::array<unsigned, 3> r{m.captured(1).toUInt(), m.captured(2).toUInt(), m.captured(3).toUInt()};
    if (r[0] + r[1] + r[2] == 0) return std::nullopt;
    return r;
}

DatasetPtr GenerateBenchmarkDialog::dataset() const {
    const int row = datasetCombo_->currentIndex();
    return row >= 0 ? datasets_->datasetAt(row) : nullptr;
}

bench::GenerateParams GenerateBenchmarkDialog::params() const {
    bench::GenerateParams p;
    if (const DatasetPtr d = dataset()) p.graph = d->graph;
    for (int i = 0; i < patternList_->count(); ++i)
        if (patternList_->item(i)->checkState() == Qt::Checked)
            if (auto pat = rules::parse_pattern(patternList_->item(i)->data(Qt::UserRole).toString().toStdString()))
                p.patterns.push_back(*pat);
    p.neg = *bench::parse_neg(negCombo_->currentData().toString().toStdString());
    static_assert(bench::kAll == 0, "the spin boxes' 'all' is their value 0");
    p.k1 = static_cast<std::size_t>(k1Spin_->value());
    p.k2 = static_cast<std::size_t>(k2Spin_->value());
    if (auto r = parseRatio(ratioEdit_->text())) p.ratio = *r;
    p.seed = static_cast<std::uint64_t>(seedSpin_->value());
    if (auto v = bench::parse_variant(variantCombo_->currentData().toString().toStdString())) p.variant = *v;
    if (auto f = bench::parse_filter(filterCombo_->currentData().toString().toStdString())) p.filter = *f;
    return p;
}

QString GenerateBenchmarkDialog::outputDir() const {
    return outputEdit_->text().trimmed();
}

QString GenerateBenchmarkDialog::problem() const {
    if (!dataset()) return tr("Load a knowledge graph first (File → Open… or Open Demo).");
    bool any = false;
    for (int i = 0; i < patternList_->count(); ++i)
        any = any || patternList_->item(i)->checkState() == Qt::Checked;
    if (!any) return tr("Choose at least one pattern.");
    if (!parseRatio(ratioEdit_->text()))
        return tr("The split ratio must be three whole numbers like 8:1:1 with a positive sum.");
    if (outputDir().isEmpty()) return tr("Choose an output folder.");
    return {};
}

QString GenerateBenchmarkDialog::commandLine() const {
    const DatasetPtr d = dataset();
    if (!openedFromFiles(d) || !problem().isEmpty()) return {};
    std::vector<std::string> words{"kbcx"};
    for (auto& w :
         bench::generate_arguments(params(), d->loadParams.paths, d->loadParams.options, outputDir().toStdString()))
        words.push_back(std::move(w));
    return QString::fromStdString(bench::shell_line(words));
}

void GenerateBenchmarkDialog::setOutputDir(const QString& dir) {
    outputEdit_->setText(dir);
}

void GenerateBenchmarkDialog::setPatterns(const QStringList& names) {
    const bool all = names.contains(QStringLiteral("all"));
    for (int i = 0; i < patternList_->count(); ++i) {
        QListWidgetItem* item = patternList_->item(i);
        item->setCheckState(all || names.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
}

void GenerateBenchmarkDialog::setNegMethod(bench::NegMethod method) {
    negCombo_->setCurrentIndex(negCombo_->findData(viewOf(bench::neg_name(method))));
}

void GenerateBenchmarkDialog::setCounts(int k1, int k2, int seed) {
    k1Spin_->setValue(k1);
    k2Spin_->setValue(k2);
    seedSpin_->setValue(seed);
}

void GenerateBenchmarkDialog::setRatio(const QString& ratio) {
    ratioEdit_->setText(ratio);
}

void GenerateBenchmarkDialog::updateState() {
    const QString why = problem();
    problem_->setText(why);
    problem_->setVisible(!why.isEmpty());
    const QString command = commandLine();
    const DatasetPtr d = dataset();
    commandEdit_->setText(command);
    commandEdit_->setCursorPosition(0);
    commandEdit_->setPlaceholderText(d && !openedFromFiles(d) ? tr("None: %1 was not opened from files").arg(d->name)
                                                              : tr("The command appears when the settings can run"));
    copyCommand_->setEnabled(!command.isEmpty());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

void GenerateBenchmarkDialog::browse() {
    auto* dialog = new QFileDialog(this, tr("Output Folder"), outputDir().isEmpty() ? QDir::homePath() : outputDir());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& dir) { outputEdit_->setText(dir); });
    dialog->open();
}

} // namespace kbcx::ui
