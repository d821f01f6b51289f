// Qt Test driving the Rules tab offscreen on the demo university KG: rule table numbers against
// the engine and a direct count, supports of a rule, patterns, --map-prefix, a bad rule file,
// materialisation with derivation trees (no re-materialisation per click), and a screenshot.
#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/graph/graph_page.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/jobs/jobs_panel.hpp"
#include "ui/rules/derivation_tree_model.hpp"
#include "ui/rules/derived_fact_model.hpp"
#include "ui/rules/rule_table_model.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/rules/support_table_model.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include "rules/parser.hpp"
#include "rules/patterns.hpp"
#include "rules/support.hpp"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <map>
#include <set>

using namespace kbcx;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;
using kbcx::ui::RulesPage;
using kbcx::ui::RuleTableModel;

namespace {

using kbcx::test::screenshotDir;
using kbcx::test::waitForEnd;

const QString kRuleFile = QStringLiteral(KBCX_TEST_DATA "/rules/university.rules");
// Rule numbers (0-based) in university.rules.
constexpr std::size_t kGraduateIsStudent = 0;
constexpr std::size_t kPersonFromFaculty = 7;
constexpr std::size_t kMemberOfComposition = 12;
constexpr std::size_t kCoAuthor = 15;

void writeFile(const QString& path, const QByteArray& content) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

/// Binary facts of relation `name` in the demo KG as (s, o) pairs of names.
std::set<std::pair<std::string, std::string>> factsOf(const kg::KnowledgeGraph& g, const std::string& name) {
    std::set<std::pair<std::string, std::string>> out;
    const kg::Id r = g.vocab.relations().find(name);
    g.facts.for_each_fact([&](const kg::Triple& t) {
        if (t.r == r)
            out.insert({std::string(g.vocab.entities().name(t.s)), std::string(g.vocab.entities().name(t.o))});
    });
    return out;
}

/// The table's numbers for program rule `rule`: (support, new conclusions).
std::pair<qulonglong, qulonglong> tableNumbers(const RuleTableModel* model, std::size_t rule) {
    const int row = model->rowOfRule(rule);
    return {model->index(row, RuleTableModel::SupportColumn).data(RuleTableModel::SortRole).toULongLong(),
            model->index(row, RuleTableModel::NewColumn).data(RuleTableModel::SortRole).toULongLong()};
}

} // namespace

class TestUiRules : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void init();
    void cleanup();
    void ruleTableMatchesEngine();
    void sortAndFilter();
    void supportsOfRule();
    void patternsEnumeration();
    void mapPrefixOption();
    void badRuleFileKeepsTable();
    void materialiseAndExplain();
    void screenshot();
    void executableRendersRulesTab();

  private:
    /// Opens the demo, shows the Rules tab and scores university.rules.
    void loadDemoRules();

    QTemporaryDir settingsDir_;
    QTemporaryDir dataDir_;
    std::unique_ptr<MainWindow> window_;
    RulesPage* page_ = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers_;
};

void TestUiRules::initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QVERIFY(dataDir_.isValid());
    qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
    QVERIFY(QFile::exists(kRuleFile));
}

void TestUiRules::init() {
    window_ = std::make_unique<MainWindow>();
    window_->resize(1700, 1000);
    page_ = window_->rulesPage();
    QVERIFY(page_);
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    for (QAbstractItemModel* m : std::initializer_list<QAbstractItemModel*>{
             page_->ruleModel(), page_->ruleProxy(), page_->supportModel(), page_->supportView()->model(),
             page_->derivedModel(), page_->derivedProxy(), page_->derivationModel()})
        testers_.push_back(std::make_unique<QAbstractItemModelTester>(m, Mode::QtTest));
    window_->show();
}

void TestUiRules::cleanup() {
    testers_.clear();
    window_.reset();
    page_ = nullptr;
}

void TestUiRules::loadDemoRules() {
    QVERIFY(waitForEnd(window_->openDemo()));
    QVERIFY(window_->showTab(QStringLiteral("Rules")));
    QCOMPARE(page_->dataset(), window_->currentDataset());
    page_->setRuleFile(kRuleFile);
    JobHandle* job = page_->scoreRules();
    QVERIFY(job);
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);
}

void TestUiRules::ruleTableMatchesEngine() {
    loadDemoRules();
    const RuleTableModel* model = page_->ruleModel();
    QCOMPARE(model->rowCount(), 16);
    QCOMPARE(model->columnCount(), int(RuleTableModel::ColumnCount));

    // Against the engine run directly on the same KG and file.
    const auto graph = page_->dataset()->graph;
    rules::Program program(graph, rules::load_rules(kRuleFile.toStdString()));
    jobs::JobContext ctx;
    const std::vector<rules::RuleScore> scores = rules::score_rules(program, 1, ctx);
    QCOMPARE(scores.size(), std::size_t{16});
    for (const rules::RuleScore& s : scores) {
        const int row = model->rowOfRule(s.rule);
        QVERIFY(row >= 0);
        QCOMPARE(tableNumbers(model, s.rule), (std::pair<qulonglong, qulonglong>(s.support, s.new_conclusions)));
        QCOMPARE(model->index(row, RuleTableModel::RuleColumn).data().toString().toStdString(),
                 rules::to_string(program.rule_set().rules[s.rule], program.prefixes()));
        QCOMPARE(model->index(row, RuleTableModel::IndexColumn).data().toULongLong(), qulonglong(s.rule + 1));
    }

    // And against direct counts over the demo's facts.
    const auto memberOf = factsOf(*graph, "memberOf");
    const auto subOrg = factsOf(*graph, "subOrganizationOf");
    qulonglong support = 0;
    std::set<std::pair<std::string, std::string>> conclusions;
    for (const auto& [x, y] : memberOf)
        for (const auto& [y2, z] : subOrg)
            if (y == y2) {
                ++support;
                conclusions.insert({x, z});
            }
    qulonglong fresh = 0;
    for (const auto& c : conclusions)
        fresh += memberOf.count(c) ? 0 : 1;
    QVERIFY(support > 0);
    QCOMPARE(tableNumbers(model, kMemberOfComposition), (std::pair<qulonglong, qulonglong>(support, fresh)));

    const kg::Id grad = graph->vocab.types().find("GraduateStudent");
    const auto grads = static_cast<qulonglong>(graph->facts.instances(grad).size());
    QCOMPARE(tableNumbers(model, kGraduateIsStudent), (std::pair<qulonglong, qulonglong>(grads, grads)));

    const auto authors = factsOf(*graph, "publicationAuthor");
    std::set<std::pair<std::string, std::string>> coAuthors;
    qulonglong coSupport = 0;
    for (const auto& [p, x] : authors)
        for (const auto& [p2, y] : authors)
            if (p == p2 && x != y) {
                ++coSupport;
                coAuthors.insert({x, y});
            }
    QCOMPARE(tableNumbers(model, kCoAuthor), (std::pair<qulonglong, qulonglong>(coSupport, coAuthors.size())));

    // Header tooltips carry the definitions.
    QVERIFY(model->headerData(RuleTableModel::SupportColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("substitutions")));
    QVERIFY(model->headerData(RuleTableModel::NewColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("T_r(K)")));
    QVERIFY(page_->statusLabel()->text().contains(QStringLiteral("16 rules")));
}

void TestUiRules::sortAndFilter() {
    loadDemoRules();
    QSortFilterProxyModel* proxy = page_->ruleProxy();
    page_->ruleView()->sortByColumn(RuleTableModel::SupportColumn, Qt::DescendingOrder);
    qulonglong last = ULLONG_MAX;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const qulonglong s =
            proxy->index(r, RuleTableModel::SupportColumn).data(RuleTableModel::SortRole).toULongLong();
        QVERIFY(s <= last);
        last = s;
    }
    // Numbers sort as numbers, not as text.
    page_->ruleView()->sortByColumn(RuleTableModel::IndexColumn, Qt::AscendingOrder);
    QCOMPARE(proxy->index(9, RuleTableModel::IndexColumn).data().toInt(), 10);

    page_->ruleFilter()->setText(QStringLiteral("memberof"));
    int expected = 0;
    for (const rules::RuleRow& row : page_->ruleModel()->rows())
        expected += QString::fromStdString(row.text).contains(QStringLiteral("memberOf"), Qt::CaseInsensitive) ? 1 : 0;
    QCOMPARE(expected, 2);
    QCOMPARE(proxy->rowCount(), expected);
    page_->ruleFilter()->clear();
    QCOMPARE(proxy->rowCount(), 16);
}

void TestUiRules::supportsOfRule() {
    loadDemoRules();
    QVERIFY(page_->selectRule(kMemberOfComposition));
    QVERIFY(page_->supportsJob());
    QVERIFY(waitForEnd(page_->supportsJob()));
    const ui::SupportTableModel* supports = page_->supportModel();
    QCOMPARE(supports->rule(), kMemberOfComposition);
    const auto [support, fresh] = tableNumbers(page_->ruleModel(), kMemberOfComposition);
    QCOMPARE(qulonglong(supports->rowCount()), std::min<qulonglong>(support, RulesPage::kSupportLimit));

    // Each row: premises memberOf(x,y) ∧ subOrganizationOf(y,z) that are facts, conclusion memberOf(x,z).
    const auto& g = *page_->dataset()->graph;
    const auto memberOf = factsOf(g, "memberOf");
    const auto subOrg = factsOf(g, "subOrganizationOf");
    std::set<QString> seen;
    int newCount = 0;
    for (int r = 0; r < supports->rowCount(); ++r) {
        const rules::SupportRow* s = supports->supportAt(r);
        QCOMPARE(s->premises.size(), std::size_t{2});
        const std::string x(g.vocab.entities().name(s->premises[0].s));
        const std::string y(g.vocab.entities().name(s->premises[0].o));
        const std::string z(g.vocab.entities().name(s->premises[1].o));
        QVERIFY(memberOf.count({x, y}));
        QVERIFY(subOrg.count({y, z}));
        QCOMPARE(std::string(g.vocab.entities().name(s->conclusion.s)), x);
        QCOMPARE(std::string(g.vocab.entities().name(s->conclusion.o)), z);
        QCOMPARE(s->conclusion_new, memberOf.count({x, z}) == 0);
        const QString premises = supports->index(r, ui::SupportTableModel::PremisesColumn).data().toString();
        QCOMPARE(premises,
                 QString::fromStdString("memberOf(" + x + "," + y + ") ∧ subOrganizationOf(" + y + "," + z + ")"));
        QCOMPARE(supports->index(r, ui::SupportTableModel::StatusColumn).data().toString(),
                 s->conclusion_new ? QStringLiteral("new") : QStringLiteral("existing"));
        QVERIFY(seen.insert(premises).second); // distinct substitutions
        newCount += s->conclusion_new ? 1 : 0;
    }
    QVERIFY(newCount > 0);
}

void TestUiRules::patternsEnumeration() {
    QVERIFY(waitForEnd(window_->openDemo()));
    QVERIFY(window_->showTab(QStringLiteral("Rules")));
    page_->setPatterns(QStringLiteral("composition"), 5, 7);
    JobHandle* job = page_->scoreRules();
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);

    rules::PatternParams params;
    params.patterns = {rules::Pattern::Composition};
    params.top_k = 5;
    params.seed = 7;
    jobs::JobContext ctx;
    const auto expected = rules::enumerate_patterns(page_->dataset()->graph, params, ctx);
    const RuleTableModel* model = page_->ruleModel();
    QCOMPARE(std::size_t(model->rowCount()), expected.size());
    QVERIFY(model->rowCount() > 0 && model->rowCount() <= 5);
    for (int r = 0; r < model->rowCount(); ++r) {
        QCOMPARE(model->index(r, RuleTableModel::PatternColumn).data().toString(), QStringLiteral("composition"));
        QCOMPARE(model->index(r, RuleTableModel::SupportColumn).data(RuleTableModel::SortRole).toULongLong(),
                 qulonglong(expected[std::size_t(r)].support));
        QCOMPARE(model->index(r, RuleTableModel::NewColumn).data(RuleTableModel::SortRole).toULongLong(),
                 qulonglong(expected[std::size_t(r)].new_conclusions));
    }

    // All patterns: every pattern name shown is a known one, at most 5 rules each.
    page_->setPatterns(QStringLiteral("all"), 5, 7);
    QVERIFY(waitForEnd(page_->scoreRules()));
    std::map<QString, int> perPattern;
    for (int r = 0; r < model->rowCount(); ++r)
        ++perPattern[model->index(r, RuleTableModel::PatternColumn).data().toString()];
    QVERIFY(perPattern.size() >= 3);
    for (const auto& [name, n] : perPattern) {
        QVERIFY2(rules::parse_pattern(name.toStdString()).has_value(), qPrintable(name));
        QVERIFY(n <= 5);
    }
}

void TestUiRules::mapPrefixOption() {
    // IRIs in the data under one namespace, rules under another: only --map-prefix joins them.
    const QString data = dataDir_.filePath(QStringLiteral("iri.tsv"));
    writeFile(data, "<http://old.example/u#alice>\t<http://old.example/u#worksFor>\t<http://old.example/u#dept>\n"
                    "<http://old.example/u#bob>\t<http://old.example/u#worksFor>\t<http://old.example/u#dept>\n");
    const QString rulesPath = dataDir_.filePath(QStringLiteral("iri.dlog"));
    writeFile(rulesPath, "PREFIX u: <http://new.example/u#>\n[?X, u:memberOf, ?Y] :- [?X, u:worksFor, ?Y] .\n");
    QVERIFY(waitForEnd(window_->openFiles({data})));
    QVERIFY(window_->showTab(QStringLiteral("Rules")));
    page_->setRuleFile(rulesPath);
    QVERIFY(waitForEnd(page_->scoreRules()));
    QCOMPARE(tableNumbers(page_->ruleModel(), 0), (std::pair<qulonglong, qulonglong>(0, 0)));
    page_->setMapPrefixes(QStringLiteral("http://old.example/u#=http://new.example/u#"));
    QVERIFY(waitForEnd(page_->scoreRules()));
    QCOMPARE(tableNumbers(page_->ruleModel(), 0), (std::pair<qulonglong, qulonglong>(2, 2)));
    // Materialising uses the same mapping.
    QVERIFY(waitForEnd(page_->materialise()));
    QCOMPARE(page_->closure()->num_derived(), std::uint64_t{2});
    QCOMPARE(page_->derivedModel()->rowCount(), 2);
    // A malformed mapping is reported and changes nothing.
    page_->setMapPrefixes(QStringLiteral("no-equals-sign"));
    QVERIFY(!page_->scoreRules());
    QTRY_VERIFY(window_->findChild<QMessageBox*>(QStringLiteral("rulesErrorBox")));
    QCOMPARE(page_->ruleModel()->rowCount(), 1);
}

void TestUiRules::badRuleFileKeepsTable() {
    loadDemoRules();
    const auto program = page_->program();
    const QString bad = dataDir_.filePath(QStringLiteral("bad.rules"));
    writeFile(bad, "Person(x) :- Student(x).\nmemberOf(x, z) :- memberOf(x, y) subOrganizationOf(y, z).\n");
    page_->setRuleFile(bad);
    JobHandle* job = page_->scoreRules();
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QCOMPARE(job->errorLocation().line, quint64{2});
    QVERIFY(job->errorLocation().column > 0);
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = window_->findChild<QMessageBox*>(QStringLiteral("rulesErrorBox"))));
    QVERIFY(box->informativeText().contains(QStringLiteral("bad.rules:2:")));
    QVERIFY(!box->isModal() || box->windowModality() != Qt::ApplicationModal);
    // Nothing loaded before is lost.
    QCOMPARE(page_->ruleModel()->rowCount(), 16);
    QCOMPARE(page_->program(), program);

    // An unsafe rule: the head variable z occurs in no body atom.
    writeFile(bad, "memberOf(x, z) :- worksFor(x, y).\n");
    job = page_->scoreRules();
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Failed);
    QCOMPARE(job->errorLocation().line, quint64{1});
    QCOMPARE(page_->ruleModel()->rowCount(), 16);
}

void TestUiRules::materialiseAndExplain() {
    loadDemoRules();
    JobHandle* job = page_->materialise();
    QVERIFY(job);
    QVERIFY(window_->jobsPanel()->rowFor(job)); // listed in the jobs dock with progress and Cancel
    QVERIFY(waitForEnd(job));
    QCOMPARE(job->state(), JobHandle::State::Finished);
    const auto closure = page_->closure();
    QVERIFY(closure);
    QVERIFY(closure->has_provenance());

    // Same closure as the engine run directly.
    auto program =
        std::make_shared<rules::Program>(page_->dataset()->graph, rules::load_rules(kRuleFile.toStdString()));
    jobs::JobContext ctx;
    const auto direct = rules::Materialisation::run(program, {}, ctx);
    QCOMPARE(closure->num_derived(), direct->num_derived());
    QCOMPARE(page_->derivedModel()->rowCount(), int(direct->num_derived()));
    // The Derived column shows derived_per_rule.
    for (std::size_t r = 0; r < 16; ++r)
        QCOMPARE(page_->ruleModel()
                     ->index(page_->ruleModel()->rowOfRule(r), RuleTableModel::DerivedColumn)
                     .data(RuleTableModel::SortRole)
                     .toLongLong(),
                 qlonglong(closure->stats().derived_per_rule[r]));

    // memberOf(prof, Univ0): worksFor → memberOf(prof, Dept0), then the composition rule: depth 2.
    const auto memberUniv = closure->find(closure->program().parse_fact("memberOf(Univ0_Dept0_FullProfessor0,Univ0)"));
    QVERIFY(memberUniv);
    QVERIFY(!closure->is_input(*memberUniv));
    const int jobsBefore = window_->jobRunner()->jobs().size();
    QSignalSpy explained(page_, &RulesPage::derivedFactSelected);
    QVERIFY(page_->selectDerivedFact(*memberUniv));
    QCOMPARE(explained.count(), 1);
    const ui::DerivationTreeModel* tree = page_->derivationModel();
    QCOMPARE(tree->rootFact(), *memberUniv);
    QCOMPARE(tree->rowCount(), 1);
    const QModelIndex root = tree->index(0, 0);
    QCOMPARE(root.data().toString(), QStringLiteral("memberOf(Univ0_Dept0_FullProfessor0,Univ0)"));
    QVERIFY(tree->index(0, 1).data().toString().startsWith(QStringLiteral("rule 13:")));
    QCOMPARE(tree->rowCount(root), 2); // memberOf(prof, Dept0), subOrganizationOf(Dept0, Univ0)
    QVERIFY(tree->treeDepth() >= 2);
    QCOMPARE(tree->index(1, 0, root).data().toString(), QStringLiteral("subOrganizationOf(Univ0_Dept0,Univ0)"));
    QVERIFY(tree->index(1, 0, root).data(ui::DerivationTreeModel::InputRole).toBool());
    const QModelIndex middle = tree->index(0, 0, root);
    QCOMPARE(middle.data().toString(), QStringLiteral("memberOf(Univ0_Dept0_FullProfessor0,Univ0_Dept0)"));
    QVERIFY(!middle.data(ui::DerivationTreeModel::InputRole).toBool());
    QCOMPARE(tree->rowCount(middle), 1);
    QCOMPARE(tree->index(0, 0, middle).data().toString(),
             QStringLiteral("worksFor(Univ0_Dept0_FullProfessor0,Univ0_Dept0)"));
    QVERIFY(page_->derivationView()->isExpanded(middle));
    // Every leaf is an input fact.
    for (const rules::TreeRow& row : tree->rows()) {
        const bool leaf = &row == &tree->rows().back() || (&row + 1)->depth <= row.depth;
        if (leaf) QVERIFY(row.input || row.justification.find("shown above") != std::string::npos);
    }

    // Person(prof): FullProfessor → Professor → Faculty → Person, depth 3.
    const auto person = closure->find(closure->program().parse_fact("Person(Univ0_Dept0_FullProfessor0)"));
    QVERIFY(person);
    QVERIFY(page_->selectDerivedFact(*person));
    QCOMPARE(page_->derivationModel()->treeDepth(), 3);
    QVERIFY(page_->derivationModel()->index(0, 1).data().toString().startsWith(
        QStringLiteral("rule %1:").arg(kPersonFromFaculty + 1)));
    // Explanations come from the kept materialisation: no new job, same closure.
    QCOMPARE(window_->jobRunner()->jobs().size(), jobsBefore);
    QCOMPARE(page_->closure(), closure);

    // Filter derived facts.
    page_->derivedFilter()->setText(QStringLiteral("Person("));
    int persons = 0;
    const kg::Id personType = closure->program().find(kg::Namespace::Type, "Person");
    closure->for_each_derived(
        [&](std::uint64_t, const rules::GroundFact& f) { persons += f.unary && f.pred == personType ? 1 : 0; });
    QVERIFY(persons > 0);
    QCOMPARE(page_->derivedProxy()->rowCount(), persons);
    page_->derivedFilter()->clear();

    // Cancelling a materialisation keeps the previous results.
    JobHandle* again = page_->materialise();
    again->cancel();
    QVERIFY(waitForEnd(again));
    QVERIFY(page_->closure());
    QCOMPARE(page_->derivedModel()->rowCount(), int(direct->num_derived()));
}

void TestUiRules::screenshot() {
    loadDemoRules();
    auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("datasetDock"));
    window_->resizeDocks({dock}, {380}, Qt::Horizontal);
    QVERIFY(page_->selectRule(kMemberOfComposition));
    QVERIFY(waitForEnd(page_->supportsJob()));
    QVERIFY(waitForEnd(page_->materialise()));
    const auto closure = page_->closure();
    const auto fact = closure->find(closure->program().parse_fact("memberOf(Univ0_Dept0_FullProfessor0,Univ0)"));
    QVERIFY(fact);
    QVERIFY(page_->selectDerivedFact(*fact));
    window_->jobRunner()->clearFinished();
    QTest::qWait(150);
    const QString path = screenshotDir() + QStringLiteral("/rules.png");
    QVERIFY(window_->saveScreenshot(path));
    const QImage shot(path);
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), QSize(1700, 1000)); // nothing forced the window wider
    qInfo("screenshot: %s", qPrintable(path));
}

void TestUiRules::executableRendersRulesTab() {
    const QString png = dataDir_.filePath(QStringLiteral("rules-tab.png"));
    const test::GuiRun run = test::renderDemoTab(QStringLiteral("Rules"), png);
    QVERIFY2(run.ok, run.stderrText.constData());
    QVERIFY(!QImage(png).isNull());
}

QTEST_MAIN(TestUiRules)
#include "tst_ui_rules.moc"
