// Implementation of BenchmarkPage: every read and generation runs through JobRunner; results
// replace the shown benchmark only when the job that produced them is still the current one.
#include "ui/benchmark/benchmark_page.hpp"

#include "ui/benchmark/benchmark_models.hpp"
#include "ui/benchmark/generate_benchmark_dialog.hpp"
#include "ui/common/empty_state.hpp"
#include "ui/common/error_box.hpp"
#include "ui/common/views.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include "rules/patterns.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedLayout>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace kbcx::ui {

namespace {

QString number(std::uint64_t n) {
    return QLocale().toString(static_cast<qulonglong>(n));
}

QTableView* makeTable(QWidget* parent, const QString& name) {
    QTableView* view = makeDataTable(parent, name);
    view->setSortingEnabled(true);
    return view;
}

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, QObject* parent) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(BenchmarkSortRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setFilterKeyColumn(-1);
    return proxy;
}

} // namespace

BenchmarkPage::BenchmarkPage(JobRunner* runner, DatasetModel* datasets, QWidget* parent)
    : QWidget(parent), runner_(runner), datasets_(datasets) {
    setObjectName(QStringLiteral("benchmarkPage"));
    ruleModel_ = new BenchmarkRuleModel(this);
    ruleProxy_ = makeProxy(ruleModel_, this);
    positiveModel_ = new BenchmarkFactModel(BenchmarkFactModel::Kind::Positives, this);
    negativeModel_ = new BenchmarkFactModel(BenchmarkFactModel::Kind::Negatives, this);
    positiveProxy_ = makeProxy(positiveModel_, this);
    negativeProxy_ = makeProxy(negativeModel_, this);
    patternModel_ = new PatternSplitModel(this);
    buildUi();
}

BenchmarkPage::~BenchmarkPage() = default;

void BenchmarkPage::buildUi() {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);

    // Top bar: what is shown, and the two ways to get a benchmark.
    auto* bar = new QHBoxLayout;
    title_ = new QLabel(tr("No benchmark"), this);
    title_->setObjectName(QStringLiteral("benchmarkTitle"));
    QFont tf = title_->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.15);
    title_->setFont(tf);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("benchmarkStatus"));
    status_->setStyleSheet(QStringLiteral("color: palette(mid);"));
    auto* generateButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Generate…"), this);
    generateButton->setObjectName(QStringLiteral("generateBenchmarkButton"));
    generateButton->setToolTip(tr("Build an inferential benchmark from a loaded knowledge graph (a background job)"));
    connect(generateButton, &QPushButton::clicked, this, [this] { showGenerateDialog(); });
    auto* openButton = new QPushButton(style()->standardIcon(QStyle::SP_DirOpenIcon), tr("Open &Folder…"), this);
    openButton->setObjectName(QStringLiteral("openBenchmarkButton"));
    openButton->setToolTip(tr("Open a benchmark folder: ours or one of LogInfer's releases"));
    connect(openButton, &QPushButton::clicked, this, &BenchmarkPage::chooseFolder);
    bar->addWidget(title_);
    bar->addSpacing(12);
    bar->addWidget(status_, 1);
    bar->addWidget(generateButton);
    bar->addWidget(openButton);
    outer->addLayout(bar);

    auto* stackHost = new QWidget(this);
    auto* stack = new QStackedLayout(stackHost);
    outer->addWidget(stackHost, 1);

    auto* hint = makeEmptyState(tr("No benchmark open"),
                                tr("<p><b>Generate…</b> builds an inferential benchmark from a loaded knowledge graph: "
                                   "rules from inference patterns, their new conclusions split into train, valid and "
                                   "test, and as many negatives as positives.</p><p><b>Open Folder…</b> reads a "
                                   "benchmark folder (train.txt, valid.txt, test.txt, *_neg_*.txt, rules.txt), ours "
                                   "or LogInfer's.</p>"),
                                stackHost, QStringLiteral("benchmarkEmptyHint"));
    emptyHint_ = hint;
    stack->addWidget(hint);

    content_ = new QWidget(stackHost);
    stack->addWidget(content_);
    auto* contentLayout = new QHBoxLayout(content_);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    // Top: the rules (full width for their text) beside the summary; bottom: the selected rule's
    // positives and negatives beside the chart.
    auto* split = new QSplitter(Qt::Vertical, content_);
    split->setObjectName(QStringLiteral("benchmarkSplit"));
    contentLayout->addWidget(split);
    auto* top = new QSplitter(Qt::Horizontal, split);
    auto* rulesPane = new QWidget(top);
    auto* rulesLayout = new QVBoxLayout(rulesPane);
    rulesLayout->setContentsMargins(0, 0, 0, 0);
    auto* rulesHead = new QHBoxLayout;
    rulesHead->addWidget(boldLabel(tr("Rules"), rulesPane));
    ruleFilter_ = new QLineEdit(rulesPane);
    ruleFilter_->setObjectName(QStringLiteral("benchmarkRuleFilter"));
    ruleFilter_->setPlaceholderText(tr("Filter rules (text or pattern)…"));
    ruleFilter_->setClearButtonEnabled(true);
    connect(ruleFilter_, &QLineEdit::textChanged, ruleProxy_, &QSortFilterProxyModel::setFilterFixedString);
    rulesHead->addStretch(1);
    rulesHead->addWidget(ruleFilter_, 2);
    rulesLayout->addLayout(rulesHead);
    ruleView_ = makeTable(rulesPane, QStringLiteral("benchmarkRuleView"));
    ruleView_->setModel(ruleProxy_);
    ruleView_->sortByColumn(BenchmarkRuleModel::IndexColumn, Qt::AscendingOrder);
    ruleView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    ruleView_->horizontalHeader()->setSectionResizeMode(BenchmarkRuleModel::RuleColumn, QHeaderView::Stretch);
    rulesLayout->addWidget(ruleView_);
    connect(ruleView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onRuleChanged(current); });

    auto* side = new QWidget(top);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    auto* summaryBox = new QGroupBox(tr("Summary"), side);
    auto* summaryLayout = new QVBoxLayout(summaryBox);
    summaryLayout->setContentsMargins(6, 4, 6, 6);
    summary_ = new QLabel(summaryBox);
    summary_->setObjectName(QStringLiteral("benchmarkSummary"));
    summary_->setTextFormat(Qt::RichText);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summaryLayout->addWidget(summary_);
    checks_ = new QListWidget(summaryBox);
    checks_->setObjectName(QStringLiteral("benchmarkChecks"));
    checks_->setToolTip(tr("The checks of `kbcx info DIR`: overlaps between splits, negatives that are positives, "
                           "duplicate lines, negative counts; and pools that ran out during generation"));
    checks_->setWordWrap(true);
    checks_->setMinimumHeight(56);
    checks_->setMaximumHeight(120);
    summaryLayout->addWidget(checks_, 1);
    sideLayout->addWidget(summaryBox, 2);
    auto* tableBox = new QGroupBox(tr("Sampled positives per pattern"), side);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(6, 4, 6, 6);
    patternView_ = makeTable(tableBox, QStringLiteral("benchmarkPatternView"));
    auto* patternProxy = makeProxy(patternModel_, this);
    patternView_->setModel(patternProxy);
    patternView_->setSortingEnabled(false);
    patternView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    patternView_->horizontalHeader()->setSectionResizeMode(PatternSplitModel::PatternColumn, QHeaderView::Stretch);
    patternView_->setAccessibleDescription(tr("The chart's numbers as a table"));
    tableLayout->addWidget(patternView_);
    sideLayout->addWidget(tableBox, 3);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 1);

    auto* bottom = new QSplitter(Qt::Horizontal, split);
    auto makeFactPane = [&](QLabel*& title, QTableView*& view, QSortFilterProxyModel* proxy, const QString& name,
                            bool negative) {
        auto* pane = new QWidget(bottom);
        auto* l = new QVBoxLayout(pane);
        l->setContentsMargins(0, 0, 0, 0);
        title = boldLabel(QString(), pane);
        title->setObjectName(name + QStringLiteral("Title"));
        l->addWidget(title);
        view = makeTable(pane, name);
        view->setModel(proxy);
        view->sortByColumn(BenchmarkFactModel::SplitColumn, Qt::AscendingOrder);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        view->horizontalHeader()->setSectionResizeMode(BenchmarkFactModel::FactColumn, QHeaderView::Stretch);
        if (!negative) view->setColumnHidden(BenchmarkFactModel::MethodColumn, true);
        view->setToolTip(tr("Double-click a fact (or press Enter) to show it in the Graph tab"));
        l->addWidget(view);
        connect(view, &QTableView::activated, this, [this, proxy, negative](const QModelIndex& index) {
            activateFact(negative, proxy->mapToSource(index).row());
        });
    };
    makeFactPane(positivesTitle_, positiveView_, positiveProxy_, QStringLiteral("benchmarkPositiveView"), false);
    makeFactPane(negativesTitle_, negativeView_, negativeProxy_, QStringLiteral("benchmarkNegativeView"), true);

    auto* chartBox = new QGroupBox(tr("Positives per pattern and split"), bottom);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(2, 2, 2, 2);
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setBackgroundRoundness(0);
    chartView_ = new QChartView(chart, chartBox);
    chartView_->setObjectName(QStringLiteral("benchmarkChart"));
    chartView_->setRenderHint(QPainter::Antialiasing);
    chartView_->setMinimumHeight(200);
    chartView_->setMinimumWidth(320);
    chartLayout->addWidget(chartView_);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 3);
    bottom->setStretchFactor(2, 3);

    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    stack->setCurrentIndex(0);
    updateFactTitles();
}

void BenchmarkPage::chooseFolder() {
    auto* dialog = new QFileDialog(this, tr("Open Benchmark Folder"),
                                   benchmark_ ? QFileInfo(benchmark_->dir).absolutePath() : QDir::homePath());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& dir) { openFolder(dir); });
    dialog->open();
}

GenerateBenchmarkDialog* BenchmarkPage::showGenerateDialog() {
    auto* dialog = new GenerateBenchmarkDialog(datasets_, currentDataset_ ? currentDataset_() : nullptr, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const DatasetPtr d = dialog->dataset())
        dialog->setOutputDir(
            QDir(QDir::homePath()).filePath(QStringLiteral("benchmarks/") + QFileInfo(d->name).completeBaseName()));
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (const DatasetPtr d = dialog->dataset()) generate(dialog->params(), d->name, dialog->outputDir());
    });
    dialog->open();
    return dialog;
}

JobHandle* BenchmarkPage::openFolder(const QString& dir) {
    const std::string path = QDir::cleanPath(dir).toStdString();
    JobHandle* job =
        runner_->start(tr("Read benchmark %1").arg(QFileInfo(dir).fileName()), [path](jobs::JobContext& ctx) {
            return std::make_shared<const LoadedBenchmark>(loadBenchmark(path, ctx));
        });
    return track(job, tr("Could not open the benchmark folder %1.").arg(QDir::toNativeSeparators(dir)));
}

JobHandle* BenchmarkPage::generate(const bench::GenerateParams& params, const QString& datasetName,
                                   const QString& outDir) {
    if (!params.graph) return nullptr;
    const std::string path = QDir::cleanPath(outDir).toStdString();
    JobHandle* job = runner_->start(
        tr("Generate benchmark from %1").arg(datasetName), [params, path, datasetName](jobs::JobContext& ctx) {
            return std::make_shared<const LoadedBenchmark>(generateBenchmark(params, path, datasetName, ctx));
        });
    return track(job, tr("Could not generate a benchmark from %1.").arg(datasetName));
}

JobHandle* BenchmarkPage::generateDemo(const DatasetPtr& demo) {
    if (!demo) return nullptr;
    if (!demoDir_) {
        demoDir_ = std::make_unique<QTemporaryDir>();
        if (!demoDir_->isValid()) return nullptr;
    }
    bench::GenerateParams p;
    p.graph = demo->graph;
    p.patterns = rules::all_patterns();
    p.neg = bench::NegMethod::PA;
    p.k1 = 3;
    p.k2 = 40;
    p.seed = 1;
    return generate(p, demo->name, demoDir_->filePath(QStringLiteral("demo-benchmark")));
}

JobHandle* BenchmarkPage::track(JobHandle* job, const QString& what) {
    if (job_ && job_->isActive()) job_->cancel(); // the newer request wins
    job_ = job;
    status_->setText(job->title() + QStringLiteral("…"));
    connect(job, &JobHandle::progress, this, [this, job](quint64, quint64, const QString& message) {
        if (job == job_) status_->setText(job->title() + QStringLiteral(": ") + message);
    });
    connect(job, &JobHandle::finished, this, [this, job] {
        if (job != job_) return;
        setBenchmark(job->resultAs<BenchmarkPtr>());
    });
    connect(job, &JobHandle::failed, this,
            [this, job, what](const QString& message, const QString& file, quint64 line, quint64 column) {
                if (job == job_) status_->clear();
                showError(what, message, file, line, column);
            });
    connect(job, &JobHandle::cancelled, this, [this, job] {
        if (job == job_) status_->setText(tr("%1: cancelled").arg(job->title()));
    });
    return job;
}

void BenchmarkPage::showError(const QString& what, const QString& message, const QString& file, quint64 line,
                              quint64 column) {
    showInputError(this, {tr("Benchmark"), what, message, file, line, column,
                          tr("The benchmark shown before is unchanged."), QStringLiteral("benchmarkErrorBox")});
}

void BenchmarkPage::setBenchmark(BenchmarkPtr benchmark) {
    benchmark_ = std::move(benchmark);
    positiveModel_->clear();
    negativeModel_->clear();
    ruleModel_->setBenchmark(benchmark_);
    patternModel_->setBenchmark(benchmark_);
    static_cast<QStackedLayout*>(content_->parentWidget()->layout())->setCurrentIndex(benchmark_ ? 1 : 0);
    if (benchmark_) {
        title_->setText(QFileInfo(benchmark_->dir).fileName());
        title_->setToolTip(QDir::toNativeSeparators(benchmark_->dir));
        status_->setText(
            benchmark_->generatedFrom.isEmpty()
                ? tr("read in %1 s").arg(benchmark_->seconds, 0, 'f', 2)
                : tr("generated from %1 in %2 s").arg(benchmark_->generatedFrom).arg(benchmark_->seconds, 0, 'f', 2));
    }
    updateSummary();
    updateChart();
    updateFactTitles();
    if (benchmark_ && ruleProxy_->rowCount() > 0)
        ruleView_->setCurrentIndex(ruleProxy_->index(0, BenchmarkRuleModel::RuleColumn));
    if (benchmark_) emit benchmarkShown(benchmark_->dir);
}

int BenchmarkPage::selectedRule() const {
    return positiveModel_->rule();
}

bool BenchmarkPage::selectRule(int rule) {
    if (!benchmark_ || rule < 0 || rule >= ruleModel_->rowCount()) return false;
    const QModelIndex proxy = ruleProxy_->mapFromSource(ruleModel_->index(rule, BenchmarkRuleModel::RuleColumn));
    if (!proxy.isValid()) return false;
    ruleView_->setCurrentIndex(proxy);
    ruleView_->scrollTo(proxy);
    return positiveModel_->rule() == rule;
}

void BenchmarkPage::onRuleChanged(const QModelIndex& proxyIndex) {
    if (!benchmark_ || !proxyIndex.isValid()) {
        positiveModel_->clear();
        negativeModel_->clear();
    } else {
        const int rule = ruleProxy_->mapToSource(proxyIndex).row();
        positiveModel_->setRule(benchmark_, rule);
        negativeModel_->setRule(benchmark_, rule);
    }
    updateFactTitles();
}

void BenchmarkPage::updateFactTitles() {
    const int rule = positiveModel_->rule();
    if (!benchmark_ || rule < 0) {
        positivesTitle_->setText(tr("Sampled positives"));
        negativesTitle_->setText(tr("Negatives aimed at the rule"));
        return;
    }
    if (!benchmark_->ruleFacts.present) {
        const QString why = tr("(this folder has no facts_by_rule.tsv)");
        positivesTitle_->setText(tr("Positives of rule %1 %2").arg(rule + 1).arg(why));
        negativesTitle_->setText(tr("Negatives of rule %1 %2").arg(rule + 1).arg(why));
        return;
    }
    std::array<std::uint64_t, 3> n{};
    for (const auto& row : positiveModel_->rows())
        ++n[row.split];
    positivesTitle_->setText(tr("Positives of rule %1: %2 train, %3 valid, %4 test")
                                 .arg(rule + 1)
                                 .arg(number(n[0]), number(n[1]), number(n[2])));
    negativesTitle_->setText(
        tr("Negatives aimed at rule %1: %2").arg(rule + 1).arg(number(negativeModel_->rowCount())));
}

bool BenchmarkPage::activateFact(bool negative, int row) {
    const BenchmarkFactModel* model = negative ? negativeModel_ : positiveModel_;
    const BenchmarkFactModel::Row* r = model->rowAt(row);
    if (!benchmark_ || !r) return false;
    const kg::Vocabulary& v = benchmark_->folder->train->vocab;
    HighlightFact f;
    f.role = HighlightFact::Role::Conclusion;
    f.unary = r->fact.unary;
    f.pred = r->fact.pred;
    f.s = r->fact.s;
    f.o = r->fact.unary ? kg::kNoId : r->fact.o;
    f.predName =
        QString::fromStdString(v.display(r->fact.unary ? kg::Namespace::Type : kg::Namespace::Relation, f.pred));
    f.subjectName = QString::fromStdString(v.display(kg::Namespace::Entity, f.s));
    if (!f.unary) f.objectName = QString::fromStdString(v.display(kg::Namespace::Entity, f.o));
    f.text = r->text;
    f.inKg = r->inTrain;
    GraphHighlight h;
    static const char* const splits[3] = {"train", "valid", "test"};
    h.title = negative
                  ? tr("Negative (%1, %2) aimed at rule %3")
                        .arg(QString::fromLatin1(splits[r->split]), r->method)
                        .arg(model->rule() + 1)
                  : tr("Positive (%1) of rule %2").arg(QString::fromLatin1(splits[r->split])).arg(model->rule() + 1);
    h.centre = f.s;
    h.facts.push_back(f);
    emit factActivated(benchmark_->train, h);
    return true;
}

void BenchmarkPage::updateSummary() {
    checks_->clear();
    if (!benchmark_) {
        summary_->clear();
        return;
    }
    const bench::BenchmarkFolder& b = *benchmark_->folder;
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    auto row = [&](const QString& a, const QStringList& cells, bool head = false) {
        html += QStringLiteral("<tr><td>%1</td>").arg(head ? QStringLiteral("<b>%1</b>").arg(a) : a);
        for (const QString& c : cells)
            html += QStringLiteral("<td align='right'>&nbsp;&nbsp;%1</td>")
                        .arg(head ? QStringLiteral("<b>%1</b>").arg(c) : c);
        html += QStringLiteral("</tr>");
    };
    QStringList head{tr("positives")};
    for (const auto& [m, lists] : b.neg)
        head << tr("neg %1").arg(QString::fromStdString(m));
    row(tr("split"), head, true);
    static const char* const splits[3] = {"train", "valid", "test"};
    std::uint64_t trainNew = 0;
    bool trainNewKnown = !benchmark_->rules.empty();
    for (std::size_t r = 0; r < benchmark_->rules.size(); ++r) {
        if (const auto p = benchmark_->positivesOf(r))
            trainNew += (*p)[0];
        else
            trainNewKnown = false;
    }
    for (std::size_t s = 0; s < 3; ++s) {
        QStringList cells;
        if (!b.pos[s].present)
            cells << tr("missing");
        else if (s == 0)
            cells << (trainNewKnown ? tr("%1 new + K").arg(number(trainNew)) : number(b.pos[s].facts.size()));
        else
            cells << number(b.pos[s].facts.size());
        for (const auto& [m, lists] : b.neg)
            cells << (lists[s].present ? number(lists[s].facts.size()) : tr("missing"));
        row(QString::fromLatin1(splits[s]), cells);
    }
    {
        QStringList cells{QString()};
        for (const auto& [m, lists] : b.neg) {
            const auto a = benchmark_->testAnchoring.find(m);
            cells << (a != benchmark_->testAnchoring.end() && a->second.negatives
                          ? QStringLiteral("%1 %").arg(100.0 * static_cast<double>(a->second.unanchored) /
                                                           static_cast<double>(a->second.negatives),
                                                       0, 'f', 1)
                          : QStringLiteral("–"));
        }
        row(tr("test unanchored"), cells);
    }
    html += QStringLiteral("</table>");
    html += tr("<p>train.txt: %1 distinct facts (K ∪ train positives) · %2 entities · %3 relations · %4 rules")
                .arg(number(b.pos[0].facts.size()))
                .arg(number(b.train->vocab.entities().size()))
                .arg(number(b.train->vocab.relations().size()))
                .arg(number(benchmark_->rules.size()));
    html += tr("<br>Test unanchored: test negatives that are no one-constant corruption of a test positive");
    if (!benchmark_->variant.isEmpty())
        html +=
            tr("<br>Generated by the <b>%1</b> variant, negatives filtered by the %2")
                .arg(benchmark_->variant.toHtmlEscaped(),
                     benchmark_->filter.isEmpty() ? tr("variant's own filter") : benchmark_->filter.toHtmlEscaped());
    else
        html += tr("<br><i>No generator variant recorded (no summary.json, or one written before the "
                   "variants; LogInfer's own folders have none).</i>");
    if (!benchmark_->ruleFacts.present)
        html += tr("<br><i>No facts_by_rule.tsv (LogInfer's layout): per-rule facts are not recorded.</i>");
    html += QStringLiteral("</p>");
    summary_->setText(html);

    const QIcon warn = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    const QIcon info = style()->standardIcon(QStyle::SP_MessageBoxInformation);
    for (const std::string& w : b.warnings)
        new QListWidgetItem(warn, QString::fromStdString(w), checks_);
    for (const QString& s : benchmark_->shortfalls)
        new QListWidgetItem(warn, tr("shortfall: %1").arg(s), checks_);
    if (benchmark_->ruleFacts.not_in_split > 0)
        new QListWidgetItem(warn,
                            tr("facts_by_rule.tsv: %1 facts are not in their split file")
                                .arg(number(benchmark_->ruleFacts.not_in_split)),
                            checks_);
    for (const std::string& n : b.notes)
        new QListWidgetItem(info, QString::fromStdString(n), checks_);
    if (b.warnings.empty() && benchmark_->shortfalls.isEmpty() && benchmark_->ruleFacts.not_in_split == 0)
        new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogApplyButton),
                            tr("All checks passed: disjoint splits, no negative is a positive, no duplicates, "
                               "as many valid/test negatives as positives"),
                            checks_);
}

void BenchmarkPage::updateChart() {
    QChart* chart = chartView_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis); // the chart gives the axis up without deleting it
        delete axis;
    }
    if (!benchmark_) return;
    auto* series = new QHorizontalStackedBarSeries;
    static const char* const splits[3] = {"train", "valid", "test"};
    static const QColor colours[3] = {QColor(0x4c, 0x72, 0xb0), QColor(0xdd, 0x84, 0x52), QColor(0x55, 0xa8, 0x68)};
    QStringList categories;
    std::uint64_t maxTotal = 0;
    // Bars read top-down in the table's order: horizontal bar categories go bottom-up.
    const auto& rows = patternModel_->rows();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        categories << it->pattern;
        maxTotal = std::max<std::uint64_t>(maxTotal, it->positives[0] + it->positives[1] + it->positives[2]);
    }
    for (std::size_t s = 0; s < 3; ++s) {
        auto* set = new QBarSet(QString::fromLatin1(splits[s]));
        set->setColor(colours[s]);
        set->setBorderColor(colours[s]);
        for (auto it = rows.rbegin(); it != rows.rend(); ++it)
            *set << static_cast<qreal>(it->positives[s]);
        series->append(set);
    }
    series->setBarWidth(0.7);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(categories);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    y->setLabelsFont(small);
    y->setTruncateLabels(false);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    auto* x = new QValueAxis;
    x->setRange(0, std::max<qreal>(1.0, static_cast<qreal>(maxTotal)) * 1.05);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTickCount(5);
    x->applyNiceNumbers();
    x->setTitleText(patternModel_->perRule() ? tr("sampled positives") : tr("facts in the split files"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
}

} // namespace kbcx::ui
