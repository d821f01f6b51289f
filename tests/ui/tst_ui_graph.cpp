// Qt Test driving the Graph tab offscreen on the demo university KG: ego-network node and edge
// counts against a direct computation, depth and predicate filters, the node cap and its notice,
// layouts, zoom, PNG/SVG export, highlights from the Rules tab, the derivation panel, a screenshot.
#include "ui/common/app_settings.hpp"
#include "ui/graph/entity_name_model.hpp"
#include "ui/graph/graph_page.hpp"
#include "ui/graph/graph_view.hpp"
#include "ui/graph/relation_filter_model.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/rules/derivation_tree_model.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/rules/support_table_model.hpp"
#include "ui/shell/main_window.hpp"

#include "ui_test_util.hpp"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QWheelEvent>

#include <algorithm>
#include <optional>
#include <set>

using namespace kbcx;
using kbcx::ui::GraphPage;
using kbcx::ui::JobHandle;
using kbcx::ui::MainWindow;

namespace {

using kbcx::test::screenshotDir;
using kbcx::test::waitForEnd;

const QString kRuleFile = QStringLiteral(KBCX_TEST_DATA "/rules/university.rules");
constexpr std::size_t kMemberOfComposition = 12;

/// Direct ego network: hop distances by relaxation over every fact (both directions), then the
/// node count within `depth` and the facts among those nodes.
struct Direct {
    std::size_t nodes = 0;
    std::size_t edges = 0;
    std::set<kg::Id> relations;
    std::vector<int> hops; ///< per entity; -1 = farther than depth or unreachable
};

Direct directEgo(const kg::KnowledgeGraph& g, kg::Id centre, int depth,
                 const std::optional<std::set<kg::Id>>& allowed) {
    std::vector<kg::Triple> facts;
    g.facts.for_each_fact([&](const kg::Triple& t) {
        if (!allowed || allowed->count(t.r)) facts.push_back(t);
    });
    std::vector<int> d(g.vocab.entities().size(), -1);
    d[centre] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (const kg::Triple& t : facts)
            for (auto [a, b] : {std::pair{t.s, t.o}, std::pair{t.o, t.s}})
                if (d[a] >= 0 && d[a] < depth && (d[b] < 0 || d[b] > d[a] + 1)) {
                    d[b] = d[a] + 1;
                    changed = true;
                }
    }
    Direct out;
    out.hops = d;
    for (int x : d)
        out.nodes += x >= 0 ? 1 : 0;
    for (const kg::Triple& t : facts)
        if (d[t.s] >= 0 && d[t.o] >= 0) {
            ++out.edges;
            out.relations.insert(t.r);
        }
    return out;
}

} // namespace

class TestUiGraph : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void init();
    void cleanup();
    void defaultCentreAndCompletion();
    void egoCountsMatchDirect_data();
    void egoCountsMatchDirect();
    void nodeCapHonoured();
    void predicateFilter();
    void layoutsAndZoom();
    void exportPngAndSvg();
    void supportHighlight();
    void derivationBesideGraph();
    void screenshot();
    void executableRendersGraphTab();

  private:
    /// Opens the demo, shows the Graph tab and waits for the first drawing.
    void openDemoGraph();
    /// Waits for the page's next drawing.
    bool waitDrawn();
    kg::Id entity(const char* name) const { return graph()->vocab.entities().find(name); }
    const kg::KnowledgeGraph* graph() const { return page_->dataset()->graph.get(); }

    QTemporaryDir settingsDir_;
    QTemporaryDir dataDir_;
    std::unique_ptr<MainWindow> window_;
    GraphPage* page_ = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers_;
};

void TestUiGraph::initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QVERIFY(dataDir_.isValid());
    qputenv(ui::kSettingsDirEnv, settingsDir_.path().toLocal8Bit());
}

void TestUiGraph::init() {
    window_ = std::make_unique<MainWindow>();
    window_->resize(1700, 1000);
    page_ = window_->graphPage();
    QVERIFY(page_);
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    for (QAbstractItemModel* m : std::initializer_list<QAbstractItemModel*>{
             page_->relationModel(), page_->entityModel(), page_->derivationModel()})
        testers_.push_back(std::make_unique<QAbstractItemModelTester>(m, Mode::QtTest));
    window_->show();
}

void TestUiGraph::cleanup() {
    testers_.clear();
    window_.reset();
    page_ = nullptr;
}

bool TestUiGraph::waitDrawn() {
    QSignalSpy drawn(page_, &GraphPage::drawn);
    return drawn.wait(30000);
}

void TestUiGraph::openDemoGraph() {
    QVERIFY(window_->showTab(QStringLiteral("Graph")));
    QSignalSpy drawn(page_, &GraphPage::drawn);
    QVERIFY(waitForEnd(window_->openDemo()));
    QVERIFY(drawn.count() > 0 || drawn.wait(30000));
    QVERIFY(page_->view()->hasDrawing());
}

void TestUiGraph::defaultCentreAndCompletion() {
    // Drawn lazily: nothing happens while the tab is hidden.
    QVERIFY(waitForEnd(window_->openDemo()));
    QVERIFY(!page_->view()->hasDrawing());
    QVERIFY(page_->drawPending());
    QSignalSpy drawn(page_, &GraphPage::drawn);
    QVERIFY(window_->showTab(QStringLiteral("Graph")));
    QVERIFY(drawn.wait(30000));

    // The default centre is the entity with the most facts.
    const kg::KnowledgeGraph& g = *graph();
    std::vector<int> degree(g.vocab.entities().size(), 0);
    g.facts.for_each_fact([&](const kg::Triple& t) {
        ++degree[t.s];
        ++degree[t.o];
    });
    const auto best = static_cast<kg::Id>(std::max_element(degree.begin(), degree.end()) - degree.begin());
    QCOMPARE(page_->centre(), best);
    QCOMPARE(page_->view()->drawing()->nodes.front().entity, best);

    // Completion over the dataset's entity names.
    ui::EntityNameModel* names = page_->entityModel();
    QCOMPARE(std::size_t(names->rowCount()), g.vocab.entities().size());
    QCompleter* completer = page_->entityEdit()->completer();
    QVERIFY(completer);
    completer->setCompletionPrefix(QStringLiteral("dept0_graduatestudent"));
    QVERIFY(completer->completionCount() >= 2); // contains-match, case-insensitive, both universities
    QCOMPARE(names->resolve(QStringLiteral("Univ1_Dept0")), entity("Univ1_Dept0"));
    QCOMPARE(names->resolve(QStringLiteral("nobody")), kg::kNoId);

    // Typing a name and pressing Enter redraws around it.
    page_->entityEdit()->setText(QStringLiteral("Univ1_Dept0"));
    QTest::keyClick(page_->entityEdit(), Qt::Key_Return);
    QVERIFY(waitDrawn());
    QCOMPARE(page_->view()->drawing()->nodes.front().entity, entity("Univ1_Dept0"));
}

void TestUiGraph::egoCountsMatchDirect_data() {
    QTest::addColumn<QString>("centre");
    QTest::addColumn<int>("depth");
    const QStringList names{QStringLiteral("Univ0_Dept0"), QStringLiteral("Univ0_Dept0_GraduateStudent0"),
                            QStringLiteral("Univ1")};
    for (const QString& name : names)
        for (int depth = 1; depth <= 3; ++depth)
            QTest::newRow(qPrintable(QStringLiteral("%1 depth %2").arg(name).arg(depth))) << name << depth;
}

void TestUiGraph::egoCountsMatchDirect() {
    QFETCH(QString, centre);
    QFETCH(int, depth);
    openDemoGraph();
    page_->setNodeCap(2000);
    page_->setDepth(depth);
    const kg::Id c = entity(centre.toLatin1().constData());
    QVERIFY(c != kg::kNoId);
    page_->showEntity(c);
    QVERIFY(waitDrawn());
    const Direct direct = directEgo(*graph(), c, depth, std::nullopt);
    ui::GraphView* view = page_->view();
    QCOMPARE(std::size_t(view->nodeItemCount()), direct.nodes);
    QCOMPARE(std::size_t(view->edgeItemCount()), direct.edges);
    QVERIFY(!view->drawing()->capped);
    QVERIFY(page_->noticeLabel()->isHidden());
    QCOMPARE(view->drawing()->relations.size(), direct.relations.size());
    // Hops recorded per node agree with the depth.
    for (const ui::EgoGraphNode& n : view->drawing()->nodes)
        QVERIFY(n.hops >= 0 && n.hops <= depth);
    QVERIFY(page_->summaryLabel()->text().contains(QStringLiteral("%1 nodes").arg(direct.nodes)));
}

void TestUiGraph::nodeCapHonoured() {
    openDemoGraph();
    const kg::Id c = entity("Univ0_Dept0");
    const Direct all = directEgo(*graph(), c, 3, std::nullopt);
    QVERIFY(all.nodes > 12);
    page_->setDepth(3);
    page_->setNodeCap(12);
    page_->showEntity(c);
    QVERIFY(waitDrawn());
    QCOMPARE(page_->view()->nodeItemCount(), 12);
    QVERIFY(page_->view()->drawing()->capped);
    QVERIFY(!page_->noticeLabel()->isHidden());
    QVERIFY(page_->noticeLabel()->text().contains(QStringLiteral("12")));
    // Breadth-first: the nodes kept have their true hop distances, and every entity closer than
    // the farthest node kept is in.
    std::set<kg::Id> kept;
    int farthest = 0;
    for (const ui::EgoGraphNode& n : page_->view()->drawing()->nodes) {
        QCOMPARE(n.hops, all.hops[n.entity]);
        farthest = std::max(farthest, n.hops);
        kept.insert(n.entity);
    }
    for (kg::Id e = 0; e < all.hops.size(); ++e)
        if (all.hops[e] >= 0 && all.hops[e] < farthest) QVERIFY(kept.count(e));
    // Raising the cap lifts the notice.
    page_->setNodeCap(2000);
    QVERIFY(waitDrawn()); // the spin box change redraws by itself
    QCOMPARE(std::size_t(page_->view()->nodeItemCount()), all.nodes);
    QVERIFY(page_->noticeLabel()->isHidden());
}

void TestUiGraph::predicateFilter() {
    openDemoGraph();
    page_->setNodeCap(2000);
    page_->setDepth(2);
    page_->showEntity(entity("Univ0_Dept0"));
    QVERIFY(waitDrawn());
    ui::RelationFilterModel* relations = page_->relationModel();
    QCOMPARE(std::size_t(relations->rowCount()), graph()->vocab.relations().size());
    QVERIFY(relations->allChecked());
    // Keep memberOf and subOrganizationOf only (unchecking through the model, as the list does).
    const kg::Id memberOf = graph()->vocab.relations().find("memberOf");
    const kg::Id subOrg = graph()->vocab.relations().find("subOrganizationOf");
    relations->setAllChecked(false);
    QVERIFY(relations->setData(relations->index(int(memberOf)), Qt::Checked, Qt::CheckStateRole));
    relations->setChecked(subOrg, true);
    QVERIFY(waitDrawn());
    const Direct direct = directEgo(*graph(), entity("Univ0_Dept0"), 2, std::set<kg::Id>{memberOf, subOrg});
    QCOMPARE(std::size_t(page_->view()->nodeItemCount()), direct.nodes);
    QCOMPARE(std::size_t(page_->view()->edgeItemCount()), direct.edges);
    for (const ui::EgoGraphEdge& e : page_->view()->drawing()->edges)
        QVERIFY(e.relation == memberOf || e.relation == subOrg);
    QVERIFY(page_->view()->drawing()->relations.size() <= 2);
    QCOMPARE(relations->index(int(memberOf)).data(ui::RelationFilterModel::FactCountRole).toULongLong(),
             qulonglong(graph()->facts.relation_size(memberOf)));
}

void TestUiGraph::layoutsAndZoom() {
    openDemoGraph();
    page_->setDepth(2);
    page_->showEntity(entity("Univ0_Dept0"));
    QVERIFY(waitDrawn());
    std::vector<QPointF> fr;
    for (int i = 0; i < page_->view()->nodeItemCount(); ++i)
        fr.push_back(page_->view()->nodePosition(i));
    // Same settings, same layout (the seed is fixed).
    page_->redraw();
    QVERIFY(waitDrawn());
    for (int i = 0; i < page_->view()->nodeItemCount(); ++i)
        QCOMPARE(page_->view()->nodePosition(i), fr[std::size_t(i)]);
    page_->setLayoutAlgorithm(kg::LayoutAlgorithm::KamadaKawai);
    QVERIFY(waitDrawn());
    QCOMPARE(page_->view()->drawing()->params.layout.algorithm, kg::LayoutAlgorithm::KamadaKawai);
    bool moved = false;
    for (int i = 0; i < page_->view()->nodeItemCount(); ++i)
        moved = moved || page_->view()->nodePosition(i) != fr[std::size_t(i)];
    QVERIFY(moved);
    // Distinct positions for distinct nodes.
    for (int i = 0; i < page_->view()->nodeItemCount(); ++i)
        for (int j = i + 1; j < page_->view()->nodeItemCount(); ++j)
            QVERIFY(QLineF(page_->view()->nodePosition(i), page_->view()->nodePosition(j)).length() > 1.0);

    ui::GraphView* view = page_->view();
    const qreal fitted = view->zoomFactor();
    view->zoomIn();
    QVERIFY(view->zoomFactor() > fitted);
    QWheelEvent wheel(QPointF(100, 100), view->viewport()->mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, -240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    const qreal before = view->zoomFactor();
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY(view->zoomFactor() < before);
    view->fitAll();
    QVERIFY(qAbs(view->zoomFactor() - fitted) < 1e-6);
}

void TestUiGraph::exportPngAndSvg() {
    openDemoGraph();
    const QString png = dataDir_.filePath(QStringLiteral("ego.png"));
    const QString svg = dataDir_.filePath(QStringLiteral("ego.svg"));
    QVERIFY(page_->exportPng(png));
    QVERIFY(page_->exportSvg(svg));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 200 && image.height() > 200);
    // Not blank: many distinct colours (edges per relation, node fills).
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 20);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY(content.size() > 1000);
    QVERIFY(content.contains("<svg"));
    QVERIFY(content.contains("Relations")); // the legend travels with the graph
}

void TestUiGraph::supportHighlight() {
    QVERIFY(waitForEnd(window_->openDemo()));
    ui::RulesPage* rules = window_->rulesPage();
    QVERIFY(window_->showTab(QStringLiteral("Rules")));
    rules->setRuleFile(kRuleFile);
    QVERIFY(waitForEnd(rules->scoreRules()));
    QVERIFY(rules->selectRule(kMemberOfComposition));
    QVERIFY(waitForEnd(rules->supportsJob()));
    // Pick a support whose conclusion is new.
    int row = -1;
    for (int r = 0; r < rules->supportModel()->rowCount() && row < 0; ++r)
        if (rules->supportModel()->supportAt(r)->conclusion_new) row = r;
    QVERIFY(row >= 0);
    const rules::SupportRow support = *rules->supportModel()->supportAt(row);
    QSignalSpy drawn(page_, &GraphPage::drawn);
    QVERIFY(rules->selectSupport(row));
    // Switched to the Graph tab, centred on the conclusion's subject.
    QCOMPARE(window_->currentPage(), page_);
    QVERIFY(drawn.wait(30000));
    const ui::EgoGraphResult* d = page_->view()->drawing();
    QCOMPARE(d->nodes.front().entity, support.conclusion.s);
    QCOMPARE(page_->highlight().facts.size(), support.premises.size() + 1);
    QCOMPARE(page_->view()->highlightedEdgeCount(), 3); // two premises and the conclusion
    int premises = 0, conclusions = 0;
    for (const ui::EgoGraphEdge& e : d->edges) {
        if (!e.highlighted) continue;
        if (e.role == ui::HighlightFact::Role::Conclusion) {
            ++conclusions;
            QVERIFY(!e.inKg); // drawn dashed: a new fact
            QCOMPARE(d->nodes[e.from].entity, support.conclusion.s);
            QCOMPARE(d->nodes[e.to].entity, support.conclusion.o);
        } else {
            ++premises;
            QVERIFY(e.inKg);
        }
    }
    QCOMPARE(premises, 2);
    QCOMPARE(conclusions, 1);
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("graphTitle"))->text().startsWith(QStringLiteral("Support")));
    // The highlight survives a change of depth; clearing it returns to the plain network.
    page_->setDepth(2);
    QVERIFY(waitDrawn());
    QCOMPARE(page_->view()->highlightedEdgeCount(), 3);
    page_->clearHighlight();
    QVERIFY(waitDrawn());
    QCOMPARE(page_->view()->highlightedEdgeCount(), 0);
}

void TestUiGraph::derivationBesideGraph() {
    QVERIFY(waitForEnd(window_->openDemo()));
    ui::RulesPage* rules = window_->rulesPage();
    QVERIFY(window_->showTab(QStringLiteral("Rules")));
    rules->setRuleFile(kRuleFile);
    QVERIFY(waitForEnd(rules->scoreRules()));
    QVERIFY(waitForEnd(rules->materialise()));
    const auto closure = rules->closure();
    const auto fact = closure->find(closure->program().parse_fact("memberOf(Univ0_Dept0_FullProfessor0,Univ0)"));
    QVERIFY(fact);
    QVERIFY(rules->selectDerivedFact(*fact));
    // The Graph tab has the same tree in its side panel, and draws when shown.
    QVERIFY(page_->derivationPanel()->isVisibleTo(page_));
    QCOMPARE(page_->derivationModel()->rows().size(), rules->derivationModel()->rows().size());
    QCOMPARE(page_->derivationModel()->rootFact(), *fact);
    QVERIFY(page_->derivationView()->isExpanded(page_->derivationModel()->index(0, 0)));
    QSignalSpy drawn(page_, &GraphPage::drawn);
    QVERIFY(window_->showTab(QStringLiteral("Graph")));
    QVERIFY(drawn.wait(30000));
    const ui::EgoGraphResult* d = page_->view()->drawing();
    QCOMPARE(d->nodes.front().entity, entity("Univ0_Dept0_FullProfessor0"));
    // memberOf(prof, Univ0) [derived, new], memberOf(prof, Dept0) [derived], worksFor, subOrganizationOf [input].
    QCOMPARE(page_->view()->highlightedEdgeCount(), 4);
    int notInKg = 0;
    for (const ui::EgoGraphEdge& e : d->edges)
        notInKg += e.highlighted && !e.inKg ? 1 : 0;
    QCOMPARE(notInKg, 2);
}

void TestUiGraph::screenshot() {
    QVERIFY(waitForEnd(window_->openDemo()));
    auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("datasetDock"));
    window_->resizeDocks({dock}, {380}, Qt::Horizontal);
    ui::RulesPage* rules = window_->rulesPage();
    rules->setRuleFile(kRuleFile);
    QVERIFY(waitForEnd(rules->scoreRules()));
    QVERIFY(waitForEnd(rules->materialise()));
    const auto closure = rules->closure();
    const auto fact = closure->find(closure->program().parse_fact("memberOf(Univ0_Dept0_FullProfessor0,Univ0)"));
    QVERIFY(fact);
    QVERIFY(rules->selectDerivedFact(*fact));
    QSignalSpy drawn(page_, &GraphPage::drawn);
    QVERIFY(window_->showTab(QStringLiteral("Graph")));
    QVERIFY(drawn.wait(30000));
    window_->jobRunner()->clearFinished();
    QTest::qWait(150);
    const QString path = screenshotDir() + QStringLiteral("/graph.png");
    QVERIFY(window_->saveScreenshot(path));
    const QImage shot(path);
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), QSize(1700, 1000)); // nothing forced the window wider
    QVERIFY(page_->exportPng(screenshotDir() + QStringLiteral("/graph-export.png")));
    QVERIFY(page_->exportSvg(screenshotDir() + QStringLiteral("/graph-export.svg")));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestUiGraph::executableRendersGraphTab() {
    const QString png = dataDir_.filePath(QStringLiteral("graph-tab.png"));
    const test::GuiRun run = test::renderDemoTab(QStringLiteral("Graph"), png);
    QVERIFY2(run.ok, run.stderrText.constData());
    QVERIFY(!QImage(png).isNull());
}

QTEST_MAIN(TestUiGraph)
#include "tst_ui_graph.moc"
