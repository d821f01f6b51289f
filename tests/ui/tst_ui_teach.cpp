// Qt Test of the Teach tab, offscreen: the PhD student example's three statuses and P, an edit
// that removes the disjointness, the 576/425 example, a located parse error with the previous
// results kept (greyed), the model tester and a screenshot.
#include "onto_ui_test_util.hpp"

#include "ui/common/geometry_view.hpp"
#include "ui/jobs/job_runner.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/proof_view.hpp"
#include "ui/ontology/teach_model_panel.hpp"
#include "ui/ontology/teach_page.hpp"
#include "ui/shell/main_window.hpp"

#include "ui/ontology/core_onto.hpp"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTextBlock>
#include <QToolButton>

using namespace kbcx;
using kbcx::ui::CandidateTableModel;
using kbcx::ui::TeachPage;
using reason::Status;

namespace {

/// Waits for the next `updated` after the debounce.
bool waitUpdated(TeachPage* page) {
    QSignalSpy spy(page, &TeachPage::updated);
    return spy.wait(20000);
}

const ui::CandidateRow* rowFor(const CandidateTableModel* m, const QString& axiom) {
    for (const auto& r : m->rows())
        if (r.axiom == axiom) return &r;
    return nullptr;
}

} // namespace

class TestUiTeach : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::useTestSettings(); }
    void phdExample();
    void editingRemovesContradiction();
    void example576();
    void parseErrorLocated();
    void candidateListEditable();
    void modelGeometry();
    void screenshot();
};

void TestUiTeach::phdExample() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QAbstractItemModelTester tester(page.candidateModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(waitUpdated(&page));
    const CandidateTableModel* m = page.candidateModel();
    QCOMPARE(m->rowCount(), 3);
    const auto* student = rowFor(m, QStringLiteral("Student(alice)"));
    const auto* ta = rowFor(m, QStringLiteral("TeachingAssistant(alice)"));
    const auto* prof = rowFor(m, QStringLiteral("Professor(alice)"));
    QVERIFY(student && ta && prof);
    QCOMPARE(student->status, Status::Entailed);
    QCOMPARE(ta->status, Status::Undetermined);
    QCOMPARE(prof->status, Status::Contradictory);
    QCOMPARE(prof->reading, reason::Reading::Inconsistency);
    QVERIFY(!student->proof.empty());
    QVERIFY(!prof->proof.empty());
    // P at |Δ| = 2: alice is the first element; TeachingAssistant(alice) is a free atom.
    QCOMPARE(student->p.fraction, QStringLiteral("1/1"));
    QCOMPARE(ta->p.fraction, QStringLiteral("1/2"));
    QCOMPARE(prof->p.fraction, QStringLiteral("0/1"));
    QCOMPARE(m->warningCount(), 0);
    // Colours per status.
    QCOMPARE(m->index(0, CandidateTableModel::StatusColumn).data(Qt::BackgroundRole).value<QBrush>().color(),
             ui::statusColor(Status::Entailed));
    QCOMPARE(m->index(2, CandidateTableModel::StatusColumn).data(Qt::BackgroundRole).value<QBrush>().color(),
             ui::statusColor(Status::Contradictory));
    // Selecting the contradiction shows its proof.
    page.candidateView()->selectRow(2);
    QVERIFY(page.proofView()->stepCount() > 0);
    QVERIFY(page.modelsLabel()->text().contains(QStringLiteral("#(O)")));
}

void TestUiTeach::editingRemovesContradiction() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QVERIFY(waitUpdated(&page));
    QCOMPARE(rowFor(page.candidateModel(), QStringLiteral("Professor(alice)"))->status, Status::Contradictory);
    // Remove the disjointness line, as a user would.
    QString text = page.editor()->toPlainText();
    text.remove(QStringLiteral("Student and Professor SubClassOf owl:Nothing\n"));
    page.editor()->setPlainText(text);
    QVERIFY(waitUpdated(&page));
    const auto* prof = rowFor(page.candidateModel(), QStringLiteral("Professor(alice)"));
    QCOMPARE(prof->status, Status::Undetermined);
    QCOMPARE(prof->p.fraction, QStringLiteral("1/2"));
    QCOMPARE(rowFor(page.candidateModel(), QStringLiteral("Student(alice)"))->status, Status::Entailed);
    // Domain 3: same P for a free atom; #(O) changes with |Δ|.
    page.setDomain(3);
    QVERIFY(waitUpdated(&page));
    QVERIFY(page.modelsLabel()->text().contains(QStringLiteral("|Δ| = 3")));
}

void TestUiTeach::example576() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QVERIFY(waitUpdated(&page));
    page.loadCountExample();
    QVERIFY(waitUpdated(&page));
    const auto* row = rowFor(page.candidateModel(), QStringLiteral("r some A SubClassOf C"));
    QVERIFY(row);
    QCOMPARE(row->p.fraction, QStringLiteral("425/576"));
    QCOMPARE(row->p.decimalText, QStringLiteral("0.737847"));
    QCOMPARE(row->status, Status::Undetermined);
    QVERIFY(page.modelsLabel()->text().contains(QStringLiteral("#(O) = 576")));
    QCOMPARE(rowFor(page.candidateModel(), QStringLiteral("A SubClassOf B"))->p.fraction, QStringLiteral("1/1"));
    // The same through core directly (text syntax parser, RelativeCounter).
    onto::Ontology o = onto::read_text(TeachPage::countExampleText().toStdString(), "t");
    count::RelativeCountOptions ro;
    ro.domain = 2;
    count::RelativeCounter rc(o, ro);
    onto::TextParser parser(o, "c");
    QCOMPARE(QString::fromStdString(rc.probability(parser.parse_axiom("r some A SubClassOf C")).fraction()),
             row->p.fraction);
    // And it is offered as an Examples menu entry.
    bool found = false;
    for (QAction* a : page.examplesButton()->menu()->actions())
        found = found || a->text().contains(QStringLiteral("425/576"));
    QVERIFY(found);
}

void TestUiTeach::parseErrorLocated() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QVERIFY(waitUpdated(&page));
    QCOMPARE(page.candidateModel()->rowCount(), 3);
    QString text = page.editor()->toPlainText();
    text.replace(QStringLiteral("PhDStudent SubClassOf Student"), QStringLiteral("PhDStudent SubClassOf"));
    page.editor()->setPlainText(text);
    QVERIFY(waitUpdated(&page));
    QCOMPARE(page.errorLine(), 4);
    QVERIFY(page.errorColumn() > 0);
    QVERIFY(!page.errorLabel()->isHidden());
    QVERIFY(page.errorLabel()->text().startsWith(QStringLiteral("Line 4, column")));
    // Previous results stay, greyed.
    QVERIFY(page.candidateModel()->stale());
    QCOMPARE(rowFor(page.candidateModel(), QStringLiteral("Professor(alice)"))->status, Status::Contradictory);
    QCOMPARE(page.candidateModel()->index(0, 0).data(Qt::ForegroundRole).value<QBrush>().color(),
             QColor(0x9e, 0x9e, 0x9e));
    QCOMPARE(page.editor()->extraSelections().size(), 1);
    QCOMPARE(page.editor()->extraSelections().front().cursor.block().blockNumber(), 3);
    // Fixing it clears the error.
    text.replace(QStringLiteral("PhDStudent SubClassOf\n"), QStringLiteral("PhDStudent SubClassOf Student\n"));
    page.editor()->setPlainText(text);
    QVERIFY(waitUpdated(&page));
    QVERIFY(page.errorLabel()->isHidden());
    QVERIFY(!page.candidateModel()->stale());
}

void TestUiTeach::candidateListEditable() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QVERIFY(waitUpdated(&page));
    CandidateTableModel* m = page.candidateModel();
    QVERIFY(m->flags(m->index(0, CandidateTableModel::AxiomColumn)) & Qt::ItemIsEditable);
    QVERIFY(m->insertRows(m->rowCount(), 1));
    QVERIFY(
        m->setData(m->index(3, CandidateTableModel::AxiomColumn), QStringLiteral("PhDStudent SubClassOf Professor")));
    QVERIFY(waitUpdated(&page));
    QCOMPARE(m->rowCount(), 4);
    const auto* row = rowFor(m, QStringLiteral("PhDStudent SubClassOf Professor"));
    QVERIFY(row);
    QCOMPARE(row->status, Status::Contradictory); // incoherence: PhDStudent becomes unsatisfiable
    QCOMPARE(row->reading, reason::Reading::Incoherence);
    // Under the incoherence reading P > 0 (PhDStudent may be empty; alice is not empty though).
    // An unknown name is reported in its row, not as a global error.
    QVERIFY(m->setData(m->index(3, CandidateTableModel::AxiomColumn), QStringLiteral("Nobody(alice)")));
    QVERIFY(waitUpdated(&page));
    QVERIFY(!rowFor(m, QStringLiteral("Nobody(alice)"))->error.isEmpty());
    QVERIFY(page.errorLabel()->isHidden());
}

/// The tab's small model: trained on the editor's ontology, it scores every candidate (its
/// anatomy adds up), draws balls or boxes in two dimensions (nothing projected), ranks the
/// candidates, and retrains after an edit.
void TestUiTeach::modelGeometry() {
    ui::JobRunner runner;
    TeachPage page(&runner);
    QVERIFY(waitUpdated(&page));
    ui::TeachModelPanel* panel = page.modelPanel();
    QVERIFY(panel && !panel->result());
    for (const char* model : {"ELEmbeddings", "Box2EL"}) {
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData(QString::fromLatin1(model)));
        QSignalSpy trained(panel, &ui::TeachModelPanel::trained);
        QVERIFY(panel->train());
        QVERIFY(trained.wait(60000));
        QVERIFY(panel->result());
        const ui::TeachModelResult& r = *panel->result();
        QCOMPARE(r.model, QString::fromLatin1(model));
        QCOMPARE(static_cast<int>(r.candidates.size()), 3);
        for (const auto& c : r.candidates) {
            QVERIFY2(c.anatomy, qPrintable(c.axiom + QStringLiteral(": ") + c.error));
            double sum = 0;
            for (const auto& t : c.anatomy->terms)
                sum += t.value;
            QVERIFY(std::abs(sum - c.anatomy->loss) <= 1e-5 * std::max(1.0, std::abs(c.anatomy->loss)));
            QVERIFY(c.scene);
            // Two dimensions: the plane is the model's space, every distance exact.
            QVERIFY2(c.scene->distance_error < 1e-6, qPrintable(QString::number(c.scene->distance_error)));
            QVERIFY(panel->rankingLabel()->text().contains(c.axiom.toHtmlEscaped()));
        }
        // The ranking names each candidate's status beside its score.
        for (const char* status : {"(entailed)", "(undetermined)", "(contradictory)"})
            QVERIFY2(panel->rankingLabel()->text().contains(QString::fromLatin1(status)),
                     qPrintable(panel->rankingLabel()->text()));
        page.candidateView()->selectRow(2); // Professor(alice), the contradiction
        if (std::string(model) == "ELEmbeddings")
            QVERIFY(panel->geometryView()->ballCount() >= 1);
        else
            QVERIFY(panel->geometryView()->boxCount() >= 1);
        QVERIFY(panel->geometryView()->geoScene().has_value());
    }
    // Live: an edit retrains (after the statuses' debounce).
    QVERIFY(panel->liveBox()->isChecked());
    QSignalSpy retrained(panel, &ui::TeachModelPanel::trained);
    page.editor()->appendPlainText(QStringLiteral("Class: Lecturer\nLecturer SubClassOf Professor"));
    QVERIFY(retrained.wait(60000));
}

void TestUiTeach::screenshot() {
    ui::MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(window.showTab(QStringLiteral("Teach")));
    TeachPage* page = window.ontologyWorkspace()->teachPage();
    QVERIFY(waitUpdated(page));
    page->candidateView()->selectRow(2);
    QSignalSpy trained(page->modelPanel(), &ui::TeachModelPanel::trained);
    QVERIFY(page->modelPanel()->train());
    QVERIFY(trained.wait(60000));
    QTest::qWait(100);
    const QString path = test::screenshotDir() + QStringLiteral("/teach.png");
    QVERIFY(window.saveScreenshot(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(TestUiTeach)
#include "tst_ui_teach.moc"
