// Implementation of the tour of the tabs and of Help → Examples: the examples are Qt resources
// (resources/examples/) copied to a real folder when a loader needs files.
#include "ui/shell/help_extras.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/ontology/teach_page.hpp"
#include "ui/rules/rules_page.hpp"
#include "ui/shell/main_window.hpp"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace kbcx::ui {

QList<TourStep> tourSteps() {
    // Tab titles as MainWindow shows them; the text is short on purpose (one idea per tab).
    return {
        {QStringLiteral("Overview"),
         QObject::tr("The dataset you opened (here the demo university KG): its relations and types with counts. "
                     "The Datasets dock on the left lists knowledge graphs above and ontologies below.")},
        {QStringLiteral("Graph"),
         QObject::tr("The neighbourhood of one entity, laid out off the GUI thread. Pick an entity, a depth and "
                     "the predicates to show; export as PNG or SVG.")},
        {QStringLiteral("Rules"),
         QObject::tr("Rules from a file or enumerated from an inference pattern (symmetry, inversion, hierarchy, "
                     "intersection, composition, triangle, diamond) with their support; select a support to see "
                     "its facts in the graph, materialise to see derivation trees.")},
        {QStringLiteral("Benchmark"),
         QObject::tr("Generate an inferential benchmark from the KG: rules, their sampled conclusions per split "
                     "and the negatives (rc, rb, pa, qg) aimed at each rule.")},
        {QStringLiteral("Ontology"),
         QObject::tr("The EL part of an ontology: its classified taxonomy, what the EL filter dropped, and the "
                     "normal forms (GCI0…GCI3, RI, RC).")},
        {QStringLiteral("Partition"),
         QObject::tr("Candidate axioms split into entailed, undetermined and contradictory, with P(α|O) for the "
                     "undetermined ones and the proof of each entailment or contradiction.")},
        {QStringLiteral("Training"),
         QObject::tr("Train embedding models in the background and watch loss, MRR, Hits@10, AUC, FVR, "
                     "Pair-FVR and ρ_P per epoch; several runs at once, overlaid.")},
        {QStringLiteral("Hierarchy"),
         QObject::tr("Where a scoring function stands on the faithfulness ladder L0–L3, with score histograms of "
                     "T⁺, T? and T⁻ and the score-versus-P scatter.")},
        {QStringLiteral("Inversions"),
         QObject::tr("The pairs the model ranks the wrong way round, largest margin first: why does it prefer "
                     "this contradiction to that plausible axiom? The demo ships an unfaithful scorer.")},
        {QStringLiteral("Teach"),
         QObject::tr("Edit a tiny ontology and watch statuses, model counts and P update as you type. Help → "
                     "Examples has the PhD student and the 576/425 counting examples.")},
    };
}

bool isFirstRun() {
    return !openSettings()->value(QString::fromLatin1(kTourDismissedKey), false).toBool();
}

void setTourDismissed(bool dismissed) {
    openSettings()->setValue(QString::fromLatin1(kTourDismissedKey), dismissed);
}

namespace {

bool hasTab(QTabWidget* tabs, const QString& name) {
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i).remove(QLatin1Char('&')).compare(name, Qt::CaseInsensitive) == 0) return true;
    return false;
}

} // namespace

TabTour::TabTour(MainWindow* window) : QDialog(window), window_(window) {
    setObjectName(QStringLiteral("tabTour"));
    setWindowTitle(tr("Tour of KBC Explorer"));
    setModal(false);
    for (const TourStep& step : tourSteps())
        if (hasTab(window->tabs(), step.tab)) steps_ << step;

    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("tourTitle"));
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    title_->setFont(bold);
    text_ = new QLabel(this);
    text_->setObjectName(QStringLiteral("tourText"));
    text_->setWordWrap(true);
    text_->setMinimumWidth(380);
    text_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    position_ = new QLabel(this);
    position_->setObjectName(QStringLiteral("tourPosition"));

    back_ = new QPushButton(tr("&Back"), this);
    back_->setObjectName(QStringLiteral("tourBack"));
    next_ = new QPushButton(tr("&Next"), this);
    next_->setObjectName(QStringLiteral("tourNext"));
    next_->setDefault(true);
    auto* close = new QPushButton(tr("&Close Tour"), this);
    close->setObjectName(QStringLiteral("tourClose"));
    close->setToolTip(tr("Close the tour; Help → Tour of the Tabs (F1) shows it again"));
    connect(back_, &QPushButton::clicked, this, &TabTour::back);
    connect(next_, &QPushButton::clicked, this, [this] {
        if (current_ + 1 >= steps_.size())
            accept();
        else
            next();
    });
    connect(close, &QPushButton::clicked, this, &QDialog::reject);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(position_);
    buttons->addStretch();
    buttons->addWidget(close);
    buttons->addWidget(back_);
    buttons->addWidget(next_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(text_, 1);
    layout->addLayout(buttons);
    showStep(0);
}

void TabTour::showStep(int index) {
    if (steps_.isEmpty()) {
        title_->setText(tr("No tabs to show"));
        text_->clear();
        back_->setEnabled(false);
        next_->setText(tr("&Finish"));
        return;
    }
    current_ = std::clamp(index, 0, static_cast<int>(steps_.size()) - 1);
    const TourStep& step = steps_[current_];
    window_->showTab(step.tab);
    title_->setText(tr("The %1 tab").arg(step.tab));
    text_->setText(step.text);
    position_->setText(tr("%1 of %2").arg(current_ + 1).arg(steps_.size()));
    back_->setEnabled(current_ > 0);
    next_->setText(current_ + 1 < steps_.size() ? tr("&Next") : tr("&Finish"));
    setAccessibleDescription(step.text);
}

void TabTour::done(int result) {
    setTourDismissed(true);
    QDialog::done(result);
}

TabTour* startTour(MainWindow* window) {
    if (auto* open = window->findChild<TabTour*>(QStringLiteral("tabTour"))) {
        open->raise();
        open->activateWindow();
        return open;
    }
    auto* tour = new TabTour(window);
    tour->setAttribute(Qt::WA_DeleteOnClose);
    tour->show();
    return tour;
}

QList<ShippedExample> shippedExamples() {
    return {
        {QStringLiteral("phd"), QObject::tr("&PhD Student Ontology (Teach)"),
         QObject::tr("Student(alice) entailed, TeachingAssistant(alice) undetermined, Professor(alice) "
                     "contradictory")},
        {QStringLiteral("counting"), QObject::tr("&Counting Example 576/425 (Teach)"),
         QObject::tr("O = {A ⊑ B}: 576 models over a 2-element domain, 425 with ∃r.A ⊑ C")},
        {QStringLiteral("patterns"), QObject::tr("&Seven LogInfer Patterns (Rules)"),
         QObject::tr("A small KG exhibiting symmetry, inversion, hierarchy, intersection, composition, triangle "
                     "and diamond, with one rule of each")},
        {QStringLiteral("unfaithful"), QObject::tr("&Unfaithful Scorer (Inversions)"),
         QObject::tr("Scores of a model that ranks well but is not faithful, on the university ontology")},
    };
}

QString examplesFolder() {
    const QString settingsDir = qEnvironmentVariable(kSettingsDirEnv);
    if (!settingsDir.isEmpty()) return QDir(settingsDir).filePath(QStringLiteral("examples"));
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("examples"));
}

QString extractExamples() {
    initResources();
    const QString folder = examplesFolder();
    QDirIterator it(QStringLiteral(":/examples"), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString resource = it.next();
        const QString target = QDir(folder).filePath(resource.mid(QStringLiteral(":/examples/").size()));
        if (!QDir().mkpath(QFileInfo(target).absolutePath())) return {};
        QFile::remove(target); // resource copies are read-only; refresh them
        if (!QFile::copy(resource, target)) return {};
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    return folder;
}

QStringList exampleCandidates(const QString& text) {
    QStringList candidates;
    static const QRegularExpression line(QStringLiteral("^#\\s*candidate:\\s*(.+?)\\s*$"),
                                         QRegularExpression::MultilineOption);
    for (auto match = line.globalMatch(text); match.hasNext();)
        candidates << match.next().captured(1);
    return candidates;
}

namespace {

QString readResourceText(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

bool openTeachExample(MainWindow* window, const QString& resource) {
    initResources();
    const QString text = readResourceText(resource);
    if (text.isEmpty()) return false;
    window->ontologyWorkspace()->teachPage()->loadExample(text, exampleCandidates(text), 2);
    window->showTab(QStringLiteral("Teach"));
    return true;
}

} // namespace

bool openExample(MainWindow* window, const QString& id) {
    if (id == QLatin1String("phd")) return openTeachExample(window, QStringLiteral(":/examples/phd_student.kbo"));
    if (id == QLatin1String("counting"))
        return openTeachExample(window, QStringLiteral(":/examples/counting_576_425.kbo"));
    if (id == QLatin1String("patterns")) {
        const QString folder = extractExamples();
        if (folder.isEmpty()) return false;
        const QString data = QDir(folder).filePath(QStringLiteral("loginfer_patterns.tsv"));
        const QString rules = QDir(folder).filePath(QStringLiteral("loginfer_patterns.rules"));
        JobHandle* job = window->openFiles({data});
        if (!job) return false;
        // Once loaded (the dataset is then current), score the example's rules in the Rules tab.
        QObject::connect(job, &JobHandle::finished, window, [window, rules] {
            window->rulesPage()->setRuleFile(rules);
            window->rulesPage()->scoreRules();
            window->showTab(QStringLiteral("Rules"));
        });
        return true;
    }
    if (id == QLatin1String("unfaithful")) {
        auto* workspace = window->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
        if (!workspace || !workspace->importDemo()) return false;
        window->showTab(QStringLiteral("Inversions"));
        return true;
    }
    return false;
}

void addHelpActions(MainWindow* window, QMenu* help) {
    QAction* first = help->actions().isEmpty() ? nullptr : help->actions().constFirst();
    QAction* tour = new QAction(QObject::tr("&Tour of the Tabs"), help);
    tour->setObjectName(QStringLiteral("tourAction"));
    tour->setShortcut(QKeySequence::HelpContents);
    tour->setStatusTip(QObject::tr("A short tour of the main tabs"));
    QObject::connect(tour, &QAction::triggered, window, [window] { startTour(window); });
    help->insertAction(first, tour);

    QMenu* examples = new QMenu(QObject::tr("&Examples"), help);
    examples->setObjectName(QStringLiteral("examplesMenu"));
    for (const ShippedExample& example : shippedExamples()) {
        QAction* action = examples->addAction(example.title);
        action->setObjectName(QStringLiteral("example_%1Action").arg(example.id));
        action->setStatusTip(example.description);
        action->setToolTip(example.description);
        const QString id = example.id;
        QObject::connect(action, &QAction::triggered, window, [window, id] {
            if (!openExample(window, id))
                window->statusBar()->showMessage(QObject::tr("Could not open the example"), 8000);
        });
    }
    examples->addSeparator();
    QAction* folder = examples->addAction(QObject::tr("Copy Example &Files to %1").arg(examplesFolder()));
    folder->setObjectName(QStringLiteral("extractExamplesAction"));
    folder->setStatusTip(QObject::tr("Write the example files where kbcx and other programs can read them"));
    QObject::connect(folder, &QAction::triggered, window, [window] {
        const QString where = extractExamples();
        window->statusBar()->showMessage(where.isEmpty() ? QObject::tr("Could not write the example files")
                                                         : QObject::tr("Example files written to %1").arg(where),
                                         10000);
    });
    help->insertMenu(first, examples);
    help->insertSeparator(first);
}

} // namespace kbcx::ui
