// Qt Test of the Rules tab's learnt-rules pane offscreen on the demo university KG: loading an
// AnyBURL rule file, the learnt rules entailing a selected rule (against learn::LearntIndex
// directly), a malformed file, the model tester, and the screenshot rules_learnt.png.
#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/rules/learnt_rules_panel.hpp"
#include "ui/rules/rule_table_model.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include "learn/compare.hpp"
#include "learn/rule_io.hpp"
#include "rules/parser.hpp"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kbcx;
using kbcx::ui::EntailingRulesModel;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;
using kbcx::test::waitForEnd;

const QString kRuleFile = QStringLiteral(KBCX_TEST_DATA "/rules/university.rules");
const QString kLearnt = QStringLiteral(KBCX_TEST_DATA "/learn/university_learnt.txt");
const QString kBadLearnt = QStringLiteral(KBCX_TEST_DATA "/learn/bad_learnt.txt");
constexpr std::size_t kMemberOfFromWorksFor = 10;
constexpr std::size_t kMemberOfComposition = 12;
constexpr std::size_t kColleagueSymmetry = 14;

} // namespace

class TestUiRulesLearnt : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY(settingsDir_.isValid());
        qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
    }
    void init() {
        window_ = std::make_unique<MainWindow>();
        window_->resize(1700, 1000);
        page_ = window_->rulesPage();
        tester_ = std::make_unique<QAbstractItemModelTester>(page_->learntPanel()->model(),
                                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        window_->show();
        QVERIFY(waitForEnd(window_->openDemo()));
        QVERIFY(window_->showTab(QStringLiteral("Rules")));
        page_->setRuleFile(kRuleFile);
        QVERIFY(waitForEnd(page_->scoreRules()));
    }
    void cleanup() {
        tester_.reset();
        window_.reset();
    }

    void entailingRulesMatchIndex() {
        auto* panel = page_->learntPanel();
        panel->setLearntFile(kLearnt);
        JobHandle* load = panel->loadLearnt();
        QVERIFY(waitForEnd(load));
        QCOMPARE(load->state(), JobHandle::State::Finished);
        QCOMPARE(panel->learnt()->rules().size(), std::size_t(5));

        // The composition rule: entailed through learnt rules 1 and 2, not contained.
        QVERIFY(page_->selectRule(kMemberOfComposition));
        QVERIFY(waitForEnd(panel->entailJob()));
        QCOMPARE(panel->model()->learntRules(), (std::vector<std::size_t>{0, 1}));
        QVERIFY(panel->titleLabel()->text().contains(QStringLiteral("not contained")));
        // Against the index directly.
        const auto& rule = page_->program()->rule_set().rules[kMemberOfComposition];
        jobs::JobContext ctx;
        std::vector<std::size_t> used;
        QVERIFY(panel->learnt()->entails(rule, ctx, &used));
        QCOMPARE(used, panel->model()->learntRules());
        QVERIFY(!panel->learnt()->contains(rule));

        // memberOf :- worksFor: contained as learnt rule 3.
        QVERIFY(page_->selectRule(kMemberOfFromWorksFor));
        QVERIFY(waitForEnd(panel->entailJob()));
        QCOMPARE(panel->model()->learntRules(), (std::vector<std::size_t>{2}));
        QVERIFY(panel->model()
                    ->index(0, EntailingRulesModel::RuleColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("same rule")));

        // colleague symmetry: not entailed.
        QVERIFY(page_->selectRule(kColleagueSymmetry));
        QVERIFY(waitForEnd(panel->entailJob()));
        QCOMPARE(panel->model()->rowCount(), 0);
        QVERIFY(panel->titleLabel()->text().contains(QStringLiteral("not entailed")));
    }

    void badFileKeepsLoadedSet() {
        auto* panel = page_->learntPanel();
        panel->setLearntFile(kLearnt);
        QVERIFY(waitForEnd(panel->loadLearnt()));
        const auto before = panel->learnt();
        panel->setLearntFile(kBadLearnt);
        JobHandle* job = panel->loadLearnt();
        QVERIFY(waitForEnd(job));
        QCOMPARE(job->state(), JobHandle::State::Failed);
        QCOMPARE(panel->learnt(), before);
        QTRY_VERIFY(panel->findChild<QMessageBox*>(QStringLiteral("learntErrorBox")));
        auto* box = panel->findChild<QMessageBox*>(QStringLiteral("learntErrorBox"));
        QVERIFY2(box->informativeText().contains(QStringLiteral("bad_learnt.txt:2:")),
                 qPrintable(box->informativeText()));
        box->close();
    }

    void screenshot() {
        auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("datasetDock"));
        if (dock) window_->resizeDocks({dock}, {300}, Qt::Horizontal);
        auto* panel = page_->learntPanel();
        panel->setLearntFile(kLearnt);
        QVERIFY(waitForEnd(panel->loadLearnt()));
        QVERIFY(page_->selectRule(kMemberOfComposition));
        QVERIFY(waitForEnd(page_->supportsJob()));
        QVERIFY(waitForEnd(panel->entailJob()));
        window_->jobRunner()->clearFinished();
        QTest::qWait(150);
        const QString path = screenshotDir() + QStringLiteral("/rules_learnt.png");
        QVERIFY(window_->saveScreenshot(path));
        QVERIFY(!QImage(path).isNull());
        qInfo("screenshot: %s", qPrintable(path));
    }

  private:
    QTemporaryDir settingsDir_;
    std::unique_ptr<MainWindow> window_;
    ui::RulesPage* page_ = nullptr;
    std::unique_ptr<QAbstractItemModelTester> tester_;
};

QTEST_MAIN(TestUiRulesLearnt)
#include "tst_ui_rules_learnt.moc"
