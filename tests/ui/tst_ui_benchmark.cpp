// Qt Test driving the Benchmark tab offscreen: a benchmark generated from the demo KG through the
// Generate dialog's job, the rules model against the folder's rules.txt, a rule's positives and
// negatives against the split files, facts opening in the Graph tab, malformed folders, LogInfer's
// layout, screenshots, and `kbc-explorer --demo --tab Benchmark --screenshot`.
#include "ui/benchmark/benchmark_models.hpp"
#include "ui/benchmark/benchmark_page.hpp"
#include "ui/benchmark/generate_benchmark_dialog.hpp"
#include "ui/common/app_settings.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/graph/graph_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include "bench/generate_command.hpp"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace kbcx;
using kbcx::ui::BenchmarkFactModel;
using kbcx::ui::BenchmarkPage;
using kbcx::ui::BenchmarkRuleModel;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;
using kbcx::test::waitForEnd;

/// Lines of a text file (CR stripped), blank lines and `#` lines dropped.
QStringList fileLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out;
    for (QString line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        line.remove(QLatin1Char('\r'));
        if (!line.trimmed().isEmpty() && !line.startsWith(QLatin1Char('#'))) out << line;
    }
    return out;
}

std::set<QString> lineSet(const QString& path) {
    const QStringList lines = fileLines(path);
    return {lines.begin(), lines.end()};
}

/// The fact as a split-file line, with the folder's names.
QString tsvLine(const ui::LoadedBenchmark& b, const bench::GroundFact& f) {
    const kg::Vocabulary& v = b.folder->train->vocab;
    const auto str = [](std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); };
    if (f.unary) return str(v.entities().name(f.s)) + QStringLiteral("\trdf:type\t") + str(v.types().name(f.pred));
    return str(v.entities().name(f.s)) + QLatin1Char('\t') + str(v.relations().name(f.pred)) + QLatin1Char('\t') +
           str(v.entities().name(f.o));
}

const char* const kSplits[3] = {"train", "valid", "test"};

} // namespace

class TestUiBenchmark : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void init();
    void cleanup();
    void demoBringsABenchmark();
    void generateThroughDialog();
    void dialogOffersTheVariants();
    void commandLineMakesTheSameBenchmark();
    void dialogValidation();
    void dialogKeepsEveryRule();
    void ruleFactsComeFromSplitFiles();
    void factOpensGraphTab();
    void malformedFolderKeepsBenchmark();
    void logInferFolder();
    void sortAndFilterRules();
    void screenshots();
    void executableRendersBenchmarkTab();

  private:
    /// summary.json's "parameters" of the benchmark in `dir` (empty when it cannot be read).
    static QJsonObject summaryParameters(const QString& dir);
    /// Screenshots the Generate Benchmark dialog (output folder ~/benchmarks/`folder`) as
    /// screenshots/`name`.png, then closes it; false when the image cannot be saved.
    static bool saveDialogScreenshot(ui::GenerateBenchmarkDialog* dialog, const QString& folder, const QString& name);
    /// Opens the demo and waits for its load and its generated benchmark.
    void openDemoBenchmark();
    /// Generates through the dialog (qg negatives, generator `variant`) into dataDir_/name; returns the folder.
    QString generateWithDialog(const QString& name, const QString& variant = QStringLiteral("kbcx"),
                               bench::NegMethod neg = bench::NegMethod::QG, int k1 = 4, int k2 = 30);

    QTemporaryDir settingsDir_;
    QTemporaryDir dataDir_;
    std::unique_ptr<MainWindow> window_;
    BenchmarkPage* page_ = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers_;
};

QJsonObject TestUiBenchmark::summaryParameters(const QString& dir) {
    QFile summary(dir + QStringLiteral("/summary.json"));
    if (!summary.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(summary.readAll()).object().value(QStringLiteral("parameters")).toObject();
}

bool TestUiBenchmark::saveDialogScreenshot(ui::GenerateBenchmarkDialog* dialog, const QString& folder,
                                           const QString& name) {
    dialog->setOutputDir(QStringLiteral("/home/user/benchmarks/") + folder);
    QTest::qWait(50);
    const QString shot = screenshotDir() + QLatin1Char('/') + name + QStringLiteral(".png");
    const bool saved = dialog->grab().save(shot, "PNG");
    qInfo("screenshot: %s", qPrintable(shot));
    dialog->close();
    return saved;
}

void TestUiBenchmark::initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QVERIFY(dataDir_.isValid());
    qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
}

void TestUiBenchmark::init() {
    window_ = std::make_unique<MainWindow>();
    window_->resize(1700, 1000);
    page_ = window_->findChild<BenchmarkPage*>();
    QVERIFY(page_);
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    for (QAbstractItemModel* m : std::initializer_list<QAbstractItemModel*>{
             page_->ruleModel(), page_->ruleProxy(), page_->positiveModel(), page_->negativeModel(),
             page_->positiveProxy(), page_->negativeProxy(), page_->patternModel(), page_->patternView()->model()})
        testers_.push_back(std::make_unique<QAbstractItemModelTester>(m, Mode::QtTest));
    window_->show();
}

void TestUiBenchmark::cleanup() {
    testers_.clear();
    window_.reset();
    page_ = nullptr;
}

void TestUiBenchmark::openDemoBenchmark() {
    QVERIFY(waitForEnd(window_->openDemo()));
    JobHandle* job = page_->currentJob();
    QVERIFY(job);
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);
    QVERIFY(page_->benchmark());
}

QString TestUiBenchmark::generateWithDialog(const QString& name, const QString& variant, bench::NegMethod neg, int k1,
                                            int k2) {
    QAction* action = window_->findChild<QAction*>(QStringLiteral("generateBenchmarkAction"));
    if (!action) return {};
    action->trigger();
    auto* dialog = window_->findChild<ui::GenerateBenchmarkDialog*>();
    if (!dialog || !dialog->isVisible()) return {};
    const QString out = dataDir_.filePath(name);
    dialog->setOutputDir(out);
    dialog->setNegMethod(neg);
    dialog->setCounts(k1, k2, 7);
    dialog->setRatio(QStringLiteral("6:2:2"));
    dialog->variantCombo()->setCurrentIndex(dialog->variantCombo()->findData(variant));
    if (dialog->variantCombo()->currentData().toString() != variant) return {};
    QPushButton* ok = dialog->buttons()->button(QDialogButtonBox::Ok);
    if (!ok->isEnabled()) return {};
    JobHandle* before = page_->currentJob();
    QTest::mouseClick(ok, Qt::LeftButton);
    JobHandle* job = page_->currentJob();
    if (job == before || !waitForEnd(job)) return {};
    if (job->state() != JobHandle::State::Finished) {
        qWarning("generation failed: %s", qPrintable(job->errorText()));
        return {};
    }
    return out;
}

void TestUiBenchmark::demoBringsABenchmark() {
    openDemoBenchmark();
    const ui::BenchmarkPtr b = page_->benchmark();
    QCOMPARE(b->generatedFrom, QStringLiteral("Demo university"));
    QVERIFY(QFile::exists(b->dir + QStringLiteral("/facts_by_rule.tsv")));
    QCOMPARE(page_->ruleModel()->rowCount(), int(fileLines(b->dir + QStringLiteral("/rules.txt")).size()));
    QVERIFY(page_->ruleModel()->rowCount() > 3);
    QVERIFY(window_->showTab(QStringLiteral("Benchmark")));
    QCOMPARE(window_->currentPage(), page_);
}

void TestUiBenchmark::generateThroughDialog() {
    openDemoBenchmark();
    const ui::BenchmarkPtr demo = page_->benchmark();
    const QString dir = generateWithDialog(QStringLiteral("qg-bench"));
    QVERIFY(!dir.isEmpty());
    // The job ran through JobRunner (listed in the jobs dock) and its benchmark is shown.
    bool listed = false;
    for (JobHandle* j : window_->jobRunner()->jobs())
        listed = listed || j->title() == QStringLiteral("Generate benchmark from Demo university");
    QVERIFY(listed);
    const ui::BenchmarkPtr b = page_->benchmark();
    QVERIFY(b != demo);
    QCOMPARE(b->dir, QDir::cleanPath(dir));
    QVERIFY(QFile::exists(dir + QStringLiteral("/train_neg_qg.txt")));

    // Rules model against rules.txt, parsed here independently.
    const QStringList rules = fileLines(dir + QStringLiteral("/rules.txt"));
    const BenchmarkRuleModel* model = page_->ruleModel();
    QCOMPARE(model->rowCount(), int(rules.size()));
    QVERIFY(model->rowCount() > 3);
    std::uint64_t negatives = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QStringList f = rules[r].split(QLatin1Char('\t'));
        QCOMPARE(f.size(), 7);
        auto cell = [&](int column) { return model->index(r, column).data(ui::BenchmarkSortRole); };
        QCOMPARE(cell(BenchmarkRuleModel::PatternColumn).toString(), f[0]);
        QCOMPARE(cell(BenchmarkRuleModel::SupportColumn).toULongLong(), f[1].toULongLong());
        QCOMPARE(cell(BenchmarkRuleModel::NewColumn).toULongLong(), f[2].toULongLong());
        QCOMPARE(cell(BenchmarkRuleModel::TrainColumn).toULongLong(), f[3].toULongLong());
        QCOMPARE(cell(BenchmarkRuleModel::ValidColumn).toULongLong(), f[4].toULongLong());
        QCOMPARE(cell(BenchmarkRuleModel::TestColumn).toULongLong(), f[5].toULongLong());
        QCOMPARE(cell(BenchmarkRuleModel::RuleColumn).toString(), f[6]);
        negatives += cell(BenchmarkRuleModel::NegativesColumn).toULongLong();
    }
    // Every negative is aimed at exactly one rule.
    std::uint64_t negLines = 0;
    for (const char* s : kSplits)
        negLines += fileLines(dir + QStringLiteral("/%1_neg_qg.txt").arg(QLatin1String(s))).size();
    QCOMPARE(negatives, negLines);

    // The chart table sums the rules per pattern; valid + test equal the split files.
    std::array<std::uint64_t, 3> chartSums{};
    for (const auto& row : page_->patternModel()->rows())
        for (std::size_t s = 0; s < 3; ++s)
            chartSums[s] += row.positives[s];
    QCOMPARE(chartSums[1], std::uint64_t(fileLines(dir + QStringLiteral("/valid.txt")).size()));
    QCOMPARE(chartSums[2], std::uint64_t(fileLines(dir + QStringLiteral("/test.txt")).size()));
    QVERIFY(!page_->chartView()->chart()->series().isEmpty());
}

void TestUiBenchmark::dialogOffersTheVariants() {
    openDemoBenchmark();
    auto* dialog = page_->showGenerateDialog();
    QVERIFY(dialog);
    // loginfer (as released) is the default, as on the command line; kbcx is offered.
    QCOMPARE(dialog->variantCombo()->currentData().toString(),
             QString::fromLatin1(bench::variant_name(bench::kDefaultVariant).data()));
    QCOMPARE(dialog->params().variant, bench::kDefaultVariant);
    QVERIFY(dialog->variantCombo()->findData(QStringLiteral("kbcx")) >= 0);
    QVERIFY(!dialog->params().filter.has_value()); // the variant's own filter
    dialog->filterCombo()->setCurrentIndex(dialog->filterCombo()->findData(QStringLiteral("conclusions")));
    QCOMPARE(dialog->params().filter, std::optional<bench::NegFilter>(bench::NegFilter::Conclusions));
    dialog->filterCombo()->setCurrentIndex(0);
    dialog->close();
    QTRY_VERIFY(!window_->findChild<ui::GenerateBenchmarkDialog*>()); // deleted on close

    // A loginfer benchmark: one pa train negative per line of train.txt (K included), recorded
    // and shown in the summary.
    const QString dir =
        generateWithDialog(QStringLiteral("loginfer-bench"), QStringLiteral("loginfer"), bench::NegMethod::PA);
    QVERIFY(!dir.isEmpty());
    QCOMPARE(fileLines(dir + QStringLiteral("/train_neg_pa.txt")).size(),
             fileLines(dir + QStringLiteral("/train.txt")).size());
    const QJsonObject parameters = summaryParameters(dir);
    QCOMPARE(parameters.value(QStringLiteral("variant")).toString(), QStringLiteral("loginfer"));
    QCOMPARE(page_->benchmark()->variant, QStringLiteral("loginfer"));
    auto* label = page_->findChild<QLabel*>(QStringLiteral("benchmarkSummary"));
    QVERIFY(label);
    QVERIFY2(label->text().contains(QStringLiteral("<b>loginfer</b>")), qPrintable(label->text()));
    // The kbcx benchmark of the same settings says so.
    QTRY_VERIFY(!window_->findChild<ui::GenerateBenchmarkDialog*>());
    QVERIFY(!generateWithDialog(QStringLiteral("kbcx-bench"), QStringLiteral("kbcx")).isEmpty());
    QVERIFY(label->text().contains(QStringLiteral("<b>kbcx</b>")));
}

// The dialog's command line, run by a shell, writes the benchmark the dialog's own job writes,
// byte for byte: every setting is on it, and a path with a space and a quote stays one word.
void TestUiBenchmark::commandLineMakesTheSameBenchmark() {
    QVERIFY(QDir(dataDir_.path()).mkpath(QStringLiteral("kg files")));
    const QString kg = dataDir_.filePath(QStringLiteral("kg files/uni's.tsv"));
    QVERIFY(QFile::copy(QString::fromLatin1(ui::kDemoResourcePath), kg));
    QVERIFY(waitForEnd(window_->openFiles({kg})));
    auto* dialog = page_->showGenerateDialog();
    QVERIFY(dialog);
    dialog->datasetCombo()->setCurrentIndex(dialog->datasetCombo()->count() - 1); // the file just opened
    QVERIFY(dialog->dataset() && dialog->dataset()->loadParams.paths.size() == 1);
    dialog->setOutputDir(QString());
    QVERIFY(dialog->commandLine().isEmpty()); // no output folder: nothing to run
    QVERIFY(!dialog->commandEdit()->placeholderText().isEmpty());
    dialog->setPatterns({QStringLiteral("symmetry"), QStringLiteral("inversion"), QStringLiteral("hierarchy"),
                         QStringLiteral("composition")});
    dialog->setNegMethod(bench::NegMethod::RB);
    dialog->setCounts(3, 0, 5); // k2 all
    dialog->setRatio(QStringLiteral("7:2:1"));
    dialog->variantCombo()->setCurrentIndex(dialog->variantCombo()->findData(QStringLiteral("loginfer")));
    dialog->filterCombo()->setCurrentIndex(dialog->filterCombo()->findData(QStringLiteral("conclusions")));
    const QString cliDir = dataDir_.filePath(QStringLiteral("from the shell"));
    dialog->setOutputDir(cliDir);
    const QString command = dialog->commandEdit()->text();
    QCOMPARE(command, dialog->commandLine());
    QVERIFY2(command.startsWith(QStringLiteral("kbcx generate '") + dataDir_.path()), qPrintable(command));
    QVERIFY2(command.contains(QStringLiteral("uni'\\''s.tsv' --pattern symmetry,inversion,hierarchy,composition "
                                             "--neg rb --variant loginfer --filter conclusions --k1 3 --k2 all "
                                             "--split 7:2:1 --seed 5 --out '")),
             qPrintable(command));

    // The line as a user would paste it, with this build's kbcx for the word kbcx.
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QStringLiteral("exec ") + QString::fromStdString(bench::shell_line({KBCX_CLI})) +
                                           command.mid(int(std::string_view("kbcx").size()))});
    QVERIFY(shell.waitForFinished(120000));
    QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());

    const QString guiDir = dataDir_.filePath(QStringLiteral("from the dialog"));
    dialog->setOutputDir(guiDir);
    JobHandle* before = page_->currentJob();
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    JobHandle* job = page_->currentJob();
    QVERIFY(job != before);
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);

    QStringList files;
    for (QDirIterator it(guiDir, QDir::Files); it.hasNext();)
        files << QFileInfo(it.next()).fileName();
    files.sort();
    QStringList cliFiles;
    for (QDirIterator it(cliDir, QDir::Files); it.hasNext();)
        cliFiles << QFileInfo(it.next()).fileName();
    cliFiles.sort();
    QCOMPARE(cliFiles, files);
    QVERIFY(files.contains(QStringLiteral("test_neg_rb.txt")));
    for (const QString& f : files) {
        QFile a(guiDir + QLatin1Char('/') + f), b(cliDir + QLatin1Char('/') + f);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY2(a.readAll() == b.readAll(), qPrintable(f + QStringLiteral(" differs")));
    }
    QCOMPARE(summaryParameters(cliDir).value(QStringLiteral("k2")).toString(), QStringLiteral("all"));
    QVERIFY(saveDialogScreenshot(page_->showGenerateDialog(), QStringLiteral("uni's"),
                                 QStringLiteral("benchmark_generate_command")));
}

// k1 and k2 at "all" (the spin boxes' value 0, bench::kAll): every rule with support and every
// new conclusion, as `kbcx generate --k1 all --k2 all`; summary.json records "all".
void TestUiBenchmark::dialogKeepsEveryRule() {
    openDemoBenchmark();
    auto* dialog = page_->showGenerateDialog();
    QVERIFY(dialog);
    auto* k1 = dialog->findChild<QSpinBox*>(QStringLiteral("benchK1Spin"));
    auto* k2 = dialog->findChild<QSpinBox*>(QStringLiteral("benchK2Spin"));
    QVERIFY(k1 && k2);
    dialog->setCounts(0, 0, 7);
    QCOMPARE(k1->text(), QStringLiteral("all"));
    QCOMPARE(k2->text(), QStringLiteral("all"));
    QCOMPARE(dialog->params().k1, bench::kAll);
    QCOMPARE(dialog->params().k2, bench::kAll);
    QVERIFY(saveDialogScreenshot(dialog, QStringLiteral("university-all"), QStringLiteral("benchmark_generate_all")));
    QTRY_VERIFY(!window_->findChild<ui::GenerateBenchmarkDialog*>());

    const QString capped =
        generateWithDialog(QStringLiteral("capped"), QStringLiteral("loginfer"), bench::NegMethod::RC, 1, 30);
    QVERIFY(!capped.isEmpty());
    QTRY_VERIFY(!window_->findChild<ui::GenerateBenchmarkDialog*>());
    const QString all =
        generateWithDialog(QStringLiteral("all"), QStringLiteral("loginfer"), bench::NegMethod::RC, 0, 0);
    QVERIFY(!all.isEmpty());
    QVERIFY(fileLines(all + QStringLiteral("/rules.txt")).size() >
            fileLines(capped + QStringLiteral("/rules.txt")).size());
    const QJsonObject parameters = summaryParameters(all);
    QCOMPARE(parameters.value(QStringLiteral("k1")).toString(), QStringLiteral("all"));
    QCOMPARE(parameters.value(QStringLiteral("k2")).toString(), QStringLiteral("all"));
}

void TestUiBenchmark::dialogValidation() {
    // No dataset: the dialog says why and cannot run.
    auto* dialog = page_->showGenerateDialog();
    QVERIFY(dialog);
    QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    QVERIFY(dialog->problem().contains(QStringLiteral("Load a knowledge graph")));
    dialog->close();
    QVERIFY(waitForEnd(window_->openDemo()));
    dialog = page_->showGenerateDialog();
    QCOMPARE(dialog->dataset(), window_->currentDataset());
    QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog->ratioEdit()->setText(QStringLiteral("8:1"));
    QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog->ratioEdit()->setText(QStringLiteral("0:0:0"));
    QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog->ratioEdit()->setText(QStringLiteral("7:2:1"));
    QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    QCOMPARE(dialog->params().ratio, (std::array<unsigned, 3>{7, 2, 1}));
    dialog->allPatternsCheck()->setChecked(false);
    QVERIFY(dialog->problem().contains(QStringLiteral("pattern")));
    dialog->setPatterns({QStringLiteral("composition"), QStringLiteral("domain")});
    QVERIFY(!dialog->allPatternsCheck()->isChecked());
    QCOMPARE(dialog->params().patterns,
             (std::vector<rules::Pattern>{rules::Pattern::Composition, rules::Pattern::Domain}));
    dialog->setPatterns({QStringLiteral("all")});
    QVERIFY(dialog->allPatternsCheck()->isChecked());
    QCOMPARE(dialog->params().patterns.size(), rules::all_patterns().size());
    dialog->outputEdit()->clear();
    QVERIFY(dialog->problem().contains(QStringLiteral("output folder")));
    dialog->close();
}

void TestUiBenchmark::ruleFactsComeFromSplitFiles() {
    openDemoBenchmark();
    const QString dir = generateWithDialog(QStringLiteral("facts-bench"));
    QVERIFY(!dir.isEmpty());
    const ui::BenchmarkPtr b = page_->benchmark();
    std::array<std::set<QString>, 3> pos, neg;
    for (std::size_t s = 0; s < 3; ++s) {
        pos[s] = lineSet(dir + QStringLiteral("/%1.txt").arg(QLatin1String(kSplits[s])));
        neg[s] = lineSet(dir + QStringLiteral("/%1_neg_qg.txt").arg(QLatin1String(kSplits[s])));
    }
    const BenchmarkRuleModel* model = page_->ruleModel();
    int withValidOrTest = 0;
    std::array<std::set<QString>, 3> seen;
    for (int r = 0; r < model->rowCount(); ++r) {
        QVERIFY(page_->selectRule(r));
        QCOMPARE(page_->selectedRule(), r);
        std::array<qulonglong, 3> n{};
        for (const auto& row : page_->positiveModel()->rows()) {
            ++n[row.split];
            const QString line = tsvLine(*b, row.fact);
            QVERIFY2(pos[row.split].count(line), qPrintable(line));
            seen[row.split].insert(line);
        }
        QCOMPARE(n[0], model->index(r, BenchmarkRuleModel::TrainColumn).data(ui::BenchmarkSortRole).toULongLong());
        QCOMPARE(n[1], model->index(r, BenchmarkRuleModel::ValidColumn).data(ui::BenchmarkSortRole).toULongLong());
        QCOMPARE(n[2], model->index(r, BenchmarkRuleModel::TestColumn).data(ui::BenchmarkSortRole).toULongLong());
        withValidOrTest += n[1] + n[2] > 0 ? 1 : 0;
        for (const auto& row : page_->negativeModel()->rows()) {
            QVERIFY2(neg[row.split].count(tsvLine(*b, row.fact)), qPrintable(tsvLine(*b, row.fact)));
            QVERIFY(row.method == QStringLiteral("qg") || row.method.startsWith(QStringLiteral("qg (drawn by pa")));
        }
        QCOMPARE(page_->positiveView()->model()->rowCount(), page_->positiveModel()->rowCount());
    }
    QVERIFY(withValidOrTest > 0);
    // Over all rules, the valid and test files are covered exactly.
    QCOMPARE(seen[1], pos[1]);
    QCOMPARE(seen[2], pos[2]);
}

void TestUiBenchmark::factOpensGraphTab() {
    openDemoBenchmark();
    QVERIFY(window_->showTab(QStringLiteral("Benchmark")));
    const ui::BenchmarkPtr b = page_->benchmark();
    // A rule with a test positive.
    int rule = -1;
    for (int r = 0; r < page_->ruleModel()->rowCount() && rule < 0; ++r)
        if (page_->ruleModel()->index(r, BenchmarkRuleModel::TestColumn).data(ui::BenchmarkSortRole).toULongLong() > 0)
            rule = r;
    QVERIFY(rule >= 0);
    QVERIFY(page_->selectRule(rule));
    QTableView* view = page_->positiveView();
    view->sortByColumn(BenchmarkFactModel::SplitColumn, Qt::DescendingOrder); // test rows first
    QTest::qWait(20);
    const QModelIndex first = view->model()->index(0, BenchmarkFactModel::FactColumn);
    const auto* row = page_->positiveModel()->rowAt(page_->positiveProxy()->mapToSource(first).row());
    QVERIFY(row);
    QCOMPARE(int(row->split), int(bench::kTest));
    QSignalSpy activated(page_, &BenchmarkPage::factActivated);
    view->scrollTo(first);
    const QPoint centre = view->visualRect(first).center();
    // A double-click as a user makes it: press (sets the pressed index), then the double-click.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, centre);
    QCOMPARE(activated.count(), 1);

    ui::GraphPage* graph = window_->graphPage();
    QCOMPARE(window_->currentPage(), graph);
    QCOMPARE(graph->dataset(), b->train);
    QCOMPARE(graph->centre(), row->fact.s);
    QCOMPARE(graph->entityEdit()->text(),
             QString::fromStdString(b->folder->train->vocab.display(kg::Namespace::Entity, row->fact.s)));
    QCOMPARE(graph->highlight().facts.size(), std::size_t{1});
    QCOMPARE(graph->highlight().facts[0].text, row->text);
    QVERIFY(!graph->highlight().facts[0].inKg); // a test positive is not in train
    if (graph->currentJob()) QVERIFY(waitForEnd(graph->currentJob()));

    // A negative opens the same way (keyboard: Enter on the current row).
    QVERIFY(window_->showTab(QStringLiteral("Benchmark")));
    QTableView* negView = page_->negativeView();
    if (negView->model()->rowCount() > 0) {
        negView->setFocus();
        negView->setCurrentIndex(negView->model()->index(0, BenchmarkFactModel::FactColumn));
        QTest::keyClick(negView, Qt::Key_Return);
        QCOMPARE(activated.count(), 2);
        QCOMPARE(window_->currentPage(), graph);
    }
}

void TestUiBenchmark::malformedFolderKeepsBenchmark() {
    openDemoBenchmark();
    const ui::BenchmarkPtr before = page_->benchmark();
    const int rows = page_->ruleModel()->rowCount();

    // 1. Not a benchmark folder.
    QTemporaryDir empty;
    JobHandle* job = page_->openFolder(empty.path());
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    auto* box = window_->findChild<QMessageBox*>(QStringLiteral("benchmarkErrorBox"));
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY(box->informativeText().contains(QStringLiteral("not a benchmark folder")));
    QCOMPARE(page_->benchmark(), before);
    QCOMPARE(page_->ruleModel()->rowCount(), rows);
    box->close();
    QTest::qWait(10);

    // 2. A copy of the demo benchmark whose facts_by_rule.tsv names a rule that does not exist.
    const QString bad = dataDir_.filePath(QStringLiteral("bad-bench"));
    QVERIFY(QDir().mkpath(bad));
    for (const QFileInfo& f : QDir(before->dir).entryInfoList(QDir::Files))
        QVERIFY(QFile::copy(f.filePath(), bad + QLatin1Char('/') + f.fileName()));
    QStringList lines = fileLines(bad + QStringLiteral("/facts_by_rule.tsv"));
    {
        QFile f(bad + QStringLiteral("/facts_by_rule.tsv"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("# header\n");
        f.write((lines[0] + QLatin1Char('\n')).toUtf8());
        f.write("999\ttest\tpos\tUniv0\trdf:type\tUniversity\n"); // line 3
    }
    job = page_->openFolder(bad);
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QCOMPARE(job->errorLocation().line, quint64(3));
    QCOMPARE(job->errorLocation().column, quint64(1));
    box = window_->findChild<QMessageBox*>(QStringLiteral("benchmarkErrorBox"));
    QVERIFY(box);
    QVERIFY(box->informativeText().contains(QStringLiteral("facts_by_rule.tsv:3:1:")));
    QCOMPARE(page_->benchmark(), before);
    QCOMPARE(page_->ruleModel()->rowCount(), rows);

    // 3. A malformed split file.
    {
        QFile f(bad + QStringLiteral("/facts_by_rule.tsv"));
        QVERIFY(f.remove());
        QFile v(bad + QStringLiteral("/valid.txt"));
        QVERIFY(v.open(QIODevice::Append));
        v.write("only\ttwo\n");
    }
    job = page_->openFolder(bad);
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QVERIFY(job->errorLocation().file.endsWith(QStringLiteral("valid.txt")));
    QVERIFY(job->errorLocation().line > 0);
    QCOMPARE(page_->benchmark(), before);
}

void TestUiBenchmark::logInferFolder() {
    JobHandle* job = page_->openFolder(QStringLiteral(KBCX_TEST_DATA "/bench/loginfer_quirks"));
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);
    const ui::BenchmarkPtr b = page_->benchmark();
    QVERIFY(b);
    QVERIFY(!b->ruleFacts.present);
    QCOMPARE(page_->ruleModel()->rowCount(), 2);
    QCOMPARE(page_->ruleModel()->index(1, BenchmarkRuleModel::RuleColumn).data().toString(),
             QStringLiteral("s(z,x) :- s(x,y), s(y,z)."));
    QCOMPARE(page_->ruleModel()->index(1, BenchmarkRuleModel::TrainColumn).data().toString(), QStringLiteral("—"));
    QVERIFY(page_->selectRule(1));
    QCOMPARE(page_->positiveModel()->rowCount(), 0);
    QCOMPARE(page_->negativeModel()->rowCount(), 0);
    QVERIFY(window_->findChild<QLabel*>(QStringLiteral("benchmarkPositiveViewTitle"))
                ->text()
                .contains(QStringLiteral("no facts_by_rule.tsv")));
    // The checks of `kbcx info`: duplicates and overlaps in this folder become warnings.
    QStringList checks;
    for (int i = 0; i < page_->checksList()->count(); ++i)
        checks << page_->checksList()->item(i)->text();
    for (const std::string& w : b->folder->warnings)
        QVERIFY(checks.contains(QString::fromStdString(w)));
    QVERIFY(!b->folder->warnings.empty());
    QVERIFY(checks.join(QLatin1Char('\n')).contains(QStringLiteral("duplicate")));
    // The summary's unanchored share of test negatives, as `kbcx info` counts it: (a r b) corrupts
    // no test positive in one place (no test positive has relation r); (e s a) and (c s b) do.
    const bench::Anchoring pa = b->testAnchoring.at("pa");
    QCOMPARE(pa.negatives, b->folder->neg.at("pa")[bench::kTest].facts.size());
    QCOMPARE(pa.negatives, std::size_t{3});
    QCOMPARE(pa.unanchored, std::size_t{1});
    const QString summary = window_->findChild<QLabel*>(QStringLiteral("benchmarkSummary"))->text();
    QVERIFY2(summary.contains(QStringLiteral("test unanchored")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("33.3 %")), qPrintable(summary)); // 1 of 3
    // One chart row with the split files' sizes.
    QCOMPARE(page_->patternModel()->rowCount(), 1);
    QVERIFY(!page_->patternModel()->perRule());
    QCOMPARE(page_->patternModel()->rows()[0].positives[2], std::uint64_t(b->folder->pos[2].facts.size()));
}

void TestUiBenchmark::sortAndFilterRules() {
    openDemoBenchmark();
    QSortFilterProxyModel* proxy = page_->ruleProxy();
    const int all = proxy->rowCount();
    page_->ruleView()->sortByColumn(BenchmarkRuleModel::SupportColumn, Qt::DescendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r)
        QVERIFY(proxy->index(r - 1, BenchmarkRuleModel::SupportColumn).data(ui::BenchmarkSortRole).toULongLong() >=
                proxy->index(r, BenchmarkRuleModel::SupportColumn).data(ui::BenchmarkSortRole).toULongLong());
    page_->ruleFilter()->setText(QStringLiteral("composition"));
    int expected = 0;
    for (int r = 0; r < page_->ruleModel()->rowCount(); ++r)
        expected += page_->ruleModel()->index(r, BenchmarkRuleModel::PatternColumn).data().toString() ==
                            QStringLiteral("composition")
                        ? 1
                        : 0;
    QVERIFY(expected > 0);
    QVERIFY(proxy->rowCount() >= expected);
    QVERIFY(proxy->rowCount() < all);
    page_->ruleFilter()->clear();
    QCOMPARE(proxy->rowCount(), all);
}

void TestUiBenchmark::screenshots() {
    openDemoBenchmark();
    QVERIFY(window_->showTab(QStringLiteral("Benchmark")));
    auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("datasetDock"));
    window_->resizeDocks({dock}, {300}, Qt::Horizontal);
    // The rule with the most positives.
    int best = 0;
    qulonglong most = 0;
    for (int r = 0; r < page_->ruleModel()->rowCount(); ++r) {
        qulonglong n = 0;
        for (int c : {BenchmarkRuleModel::TrainColumn, BenchmarkRuleModel::ValidColumn, BenchmarkRuleModel::TestColumn})
            n += page_->ruleModel()->index(r, c).data(ui::BenchmarkSortRole).toULongLong();
        if (n > most) {
            most = n;
            best = r;
        }
    }
    QVERIFY(page_->selectRule(best));
    window_->jobRunner()->clearFinished();
    QTest::qWait(150);
    const QString path = screenshotDir() + QStringLiteral("/benchmark.png");
    QVERIFY(window_->saveScreenshot(path));
    QVERIFY(!QImage(path).isNull());
    qInfo("screenshot: %s", qPrintable(path));

    auto* dialog = page_->showGenerateDialog();
    QVERIFY(saveDialogScreenshot(dialog, QStringLiteral("university-pa"), QStringLiteral("benchmark_generate")));
}

void TestUiBenchmark::executableRendersBenchmarkTab() {
    const QString png = dataDir_.filePath(QStringLiteral("benchmark-tab.png"));
    const test::GuiRun run = test::renderDemoTab(QStringLiteral("Benchmark"), png);
    QVERIFY2(run.ok, run.stderrText.constData());
    QVERIFY(!QImage(png).isNull());
}

QTEST_MAIN(TestUiBenchmark)
#include "tst_ui_benchmark.moc"
