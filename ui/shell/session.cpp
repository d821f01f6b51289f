// Implementation of SessionKeeper: captures the window's open things into SessionState, keeps
// session.json current (debounced, written off the GUI thread), restores one, offers it after a crash.
#include "ui/shell/session.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/dataset/dataset_model.hpp"
#include "ui/dataset/demo_data.hpp"
#include "ui/eval/eval_workspace.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/ontology/ontology_list_model.hpp"
#include "ui/ontology/ontology_workspace.hpp"
#include "ui/shell/main_window.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>

namespace kbcx::ui {

namespace {

bool isResource(const QString& path) {
    return path.startsWith(QLatin1String(":/"));
}

QJsonArray toArray(const QStringList& list) {
    return QJsonArray::fromStringList(list);
}

QStringList toStrings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& v : value.toArray())
        out << v.toString();
    return out;
}

EvalWorkspace* evalWorkspaceOf(MainWindow* window) {
    return window->findChild<EvalWorkspace*>(QStringLiteral("evalWorkspace"));
}

} // namespace

QString SessionState::summary() const {
    QStringList parts;
    const auto count = [&](qsizetype n, const QString& one, const QString& many) {
        if (n > 0) parts << (n == 1 ? one : many.arg(n));
    };
    count(datasets.size(), QObject::tr("1 dataset"), QObject::tr("%1 datasets"));
    count(ontologies.size(), QObject::tr("1 ontology"), QObject::tr("%1 ontologies"));
    count(evaluations.size(), QObject::tr("1 evaluation"), QObject::tr("%1 evaluations"));
    return parts.join(QStringLiteral(", "));
}

QJsonObject SessionState::toJson() const {
    QJsonArray kgs;
    for (const KgEntry& d : datasets)
        kgs.append(QJsonObject{{QStringLiteral("name"), d.name},
                               {QStringLiteral("sources"), toArray(d.sources)},
                               {QStringLiteral("entity_names"), d.entityNames}});
    QJsonArray evals;
    for (const EvalEntry& e : evaluations)
        evals.append(QJsonObject{{QStringLiteral("tests"), e.testsPath},
                                 {QStringLiteral("scores"), e.scoresPath},
                                 {QStringLiteral("lower_is_better"), e.lowerIsBetter},
                                 {QStringLiteral("missing_lowest"), e.missingLowest},
                                 {QStringLiteral("k"), e.k}});
    return QJsonObject{{QStringLiteral("version"), 1},
                       {QStringLiteral("ontologies"), toArray(ontologies)},
                       {QStringLiteral("datasets"), kgs},
                       {QStringLiteral("evaluations"), evals},
                       {QStringLiteral("tab"), tab},
                       {QStringLiteral("dataset"), dataset},
                       {QStringLiteral("ended_cleanly"), endedCleanly}};
}

SessionState SessionState::fromJson(const QJsonObject& json) {
    SessionState s;
    s.ontologies = toStrings(json.value(QStringLiteral("ontologies")));
    for (const QJsonValue& v : json.value(QStringLiteral("datasets")).toArray()) {
        const QJsonObject o = v.toObject();
        s.datasets.append({o.value(QStringLiteral("name")).toString(), toStrings(o.value(QStringLiteral("sources"))),
                           o.value(QStringLiteral("entity_names")).toString()});
    }
    for (const QJsonValue& v : json.value(QStringLiteral("evaluations")).toArray()) {
        const QJsonObject o = v.toObject();
        EvalEntry e;
        e.testsPath = o.value(QStringLiteral("tests")).toString();
        e.scoresPath = o.value(QStringLiteral("scores")).toString();
        e.lowerIsBetter = o.value(QStringLiteral("lower_is_better")).toBool();
        e.missingLowest = o.value(QStringLiteral("missing_lowest")).toBool();
        e.k = o.value(QStringLiteral("k")).toInt(10);
        s.evaluations.append(e);
    }
    s.tab = json.value(QStringLiteral("tab")).toString();
    s.dataset = json.value(QStringLiteral("dataset")).toString();
    s.endedCleanly = json.value(QStringLiteral("ended_cleanly")).toBool(true);
    return s;
}

bool SessionState::operator==(const SessionState& o) const {
    if (ontologies != o.ontologies || tab != o.tab || dataset != o.dataset || datasets.size() != o.datasets.size() ||
        evaluations.size() != o.evaluations.size())
        return false;
    for (qsizetype i = 0; i < datasets.size(); ++i)
        if (datasets[i].name != o.datasets[i].name || datasets[i].sources != o.datasets[i].sources ||
            datasets[i].entityNames != o.datasets[i].entityNames)
            return false;
    for (qsizetype i = 0; i < evaluations.size(); ++i) {
        const EvalEntry &a = evaluations[i], &b = o.evaluations[i];
        if (a.testsPath != b.testsPath || a.scoresPath != b.scoresPath || a.lowerIsBetter != b.lowerIsBetter ||
            a.missingLowest != b.missingLowest || a.k != b.k)
            return false;
    }
    return true;
}

// ---- keeper ------------------------------------------------------------------------------

SessionKeeper::SessionKeeper(MainWindow* window) : QObject(window), window_(window), previous_(readSaved()) {
    setObjectName(QStringLiteral("sessionKeeper"));
    saveTimer_.setSingleShot(true);
    saveTimer_.setInterval(500);
    connect(&saveTimer_, &QTimer::timeout, this, [this] { saveNow(); });
    const auto watch = [this](QAbstractItemModel* model) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &SessionKeeper::scheduleSave);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &SessionKeeper::scheduleSave);
        connect(model, &QAbstractItemModel::modelReset, this, &SessionKeeper::scheduleSave);
    };
    watch(window_->datasetModel());
    watch(window_->ontologyWorkspace()->model());
    if (EvalWorkspace* evals = evalWorkspaceOf(window_)) watch(evals->model());
    connect(window_->tabs(), &QTabWidget::currentChanged, this, &SessionKeeper::scheduleSave);
    connect(window_->explorerView()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &SessionKeeper::scheduleSave);
}

SessionKeeper::~SessionKeeper() = default;

QString SessionKeeper::sessionFilePath() {
    return QDir(settingsFolder()).filePath(QStringLiteral("session.json"));
}

SessionState SessionKeeper::readSaved() {
    waitForSettingWrites();
    QFile file(sessionFilePath());
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    return doc.isObject() ? SessionState::fromJson(doc.object()) : SessionState{};
}

SessionState SessionKeeper::capture() const {
    SessionState s;
    OntologyListModel* ontologies = window_->ontologyWorkspace()->model();
    for (int row = 0; row < ontologies->ontologyCount(); ++row)
        if (const OntologyPtr o = ontologies->ontologyAt(row); o && !o->sources.isEmpty())
            s.ontologies << o->sources.front();
    DatasetModel* datasets = window_->datasetModel();
    for (int row = 0; row < datasets->datasetCount(); ++row)
        if (const DatasetPtr d = datasets->datasetAt(row)) s.datasets.append({d->name, d->sources, d->entityNames});
    if (EvalWorkspace* evals = evalWorkspaceOf(window_))
        for (int row = 0; row < evals->model()->count(); ++row)
            if (const EvaluationPtr e = evals->model()->evaluationAt(row)) {
                SessionState::EvalEntry entry;
                entry.testsPath = e->testsPath;
                entry.scoresPath = e->scoresPath;
                entry.lowerIsBetter = e->lowerIsBetter;
                entry.missingLowest = e->missingLowest;
                entry.k = static_cast<int>(e->k);
                s.evaluations.append(entry);
            }
    QTabWidget* tabs = window_->tabs();
    s.tab = tabs->tabText(tabs->currentIndex()).remove(QLatin1Char('&'));
    if (const DatasetPtr current = window_->currentDataset()) s.dataset = current->name;
    s.endedCleanly = false;
    return s;
}

void SessionKeeper::scheduleSave() {
    if (!restoring_) saveTimer_.start();
}

void SessionKeeper::saveNow(bool endedCleanly) {
    saveTimer_.stop();
    SessionState s = capture();
    s.endedCleanly = endedCleanly;
    writeFileLater(sessionFilePath(), QJsonDocument(s.toJson()).toJson());
}

QList<JobHandle*> SessionKeeper::restore(const SessionState& state) {
    QList<JobHandle*> jobs;
    QStringList missing;
    const auto present = [&missing](const QString& path) {
        if (isResource(path) || QFileInfo::exists(path)) return true;
        missing << QDir::toNativeSeparators(path);
        return false;
    };
    // The demo dataset brings the demo ontology and evaluation with it (MainWindow::openDemo).
    bool demoDataset = false;
    for (const SessionState::KgEntry& d : state.datasets)
        demoDataset = demoDataset || d.sources.contains(QString::fromLatin1(kDemoResourcePath));

    for (const QString& path : state.ontologies) {
        if (isResource(path)) {
            if (!demoDataset) jobs << window_->openDemoOntology();
        } else if (present(path)) {
            jobs << window_->ontologyWorkspace()->openOntology(path);
        }
    }
    for (const SessionState::KgEntry& d : state.datasets) {
        JobHandle* job = nullptr;
        if (d.sources.contains(QString::fromLatin1(kDemoResourcePath))) {
            job = window_->openDemo();
        } else {
            bool all = true;
            for (const QString& path : d.sources)
                all = present(path) && all;
            if (all && !d.sources.isEmpty()) job = window_->openFiles(d.sources);
        }
        if (!job) continue;
        jobs << job;
        if (!d.entityNames.isEmpty() && present(d.entityNames)) {
            const QString names = d.entityNames;
            // After MainWindow's own finished handler, which adds the dataset and selects it.
            connect(job, &JobHandle::finished, this, [this, names] {
                if (JobHandle* named = window_->loadEntityNames(names)) {
                    ++pendingJobs_;
                    connect(named, &JobHandle::ended, this, [this] {
                        if (--pendingJobs_ == 0) emit restored();
                    });
                }
            });
        }
    }
    if (EvalWorkspace* evals = evalWorkspaceOf(window_))
        for (const SessionState::EvalEntry& e : state.evaluations) {
            if (isResource(e.testsPath)) {
                if (!demoDataset) jobs << evals->importDemo();
                continue;
            }
            if (!present(e.testsPath) || !present(e.scoresPath)) continue;
            ImportRequest request;
            request.testsPath = e.testsPath;
            request.scoresPath = e.scoresPath;
            request.lowerIsBetter = e.lowerIsBetter;
            request.missingLowest = e.missingLowest;
            request.k = e.k;
            jobs << evals->importScores(request);
        }
    jobs.removeAll(nullptr);
    if (!missing.isEmpty())
        window_->statusBar()->showMessage(
            tr("Not restored (no longer there): %1").arg(missing.join(QStringLiteral(", "))), 15000);

    // Once everything has ended: the tab and dataset the session showed; saving resumes.
    restoring_ = true;
    pendingSelection_ = state;
    const auto finish = [this] {
        restoring_ = false;
        if (!pendingSelection_.tab.isEmpty()) window_->showTab(pendingSelection_.tab);
        DatasetModel* datasets = window_->datasetModel();
        for (int row = 0; row < datasets->datasetCount(); ++row)
            if (const DatasetPtr d = datasets->datasetAt(row); d && d->name == pendingSelection_.dataset) {
                window_->explorerView()->selectionModel()->setCurrentIndex(
                    datasets->indexOfDataset(d->id), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                break;
            }
        saveNow();
    };
    pendingJobs_ += static_cast<int>(jobs.size());
    connect(this, &SessionKeeper::restored, this, finish, Qt::SingleShotConnection);
    if (pendingJobs_ == 0) {
        emit restored();
        return jobs;
    }
    for (JobHandle* job : jobs)
        connect(job, &JobHandle::ended, this, [this] {
            // A queued call: the job's own finished handlers (adding the dataset) ran first.
            QMetaObject::invokeMethod(
                this,
                [this] {
                    if (--pendingJobs_ == 0) emit restored();
                },
                Qt::QueuedConnection);
        });
    return jobs;
}

void SessionKeeper::offerRestore() {
    auto* box = new QMessageBox(window_);
    box->setObjectName(QStringLiteral("restoreSessionBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setIcon(QMessageBox::Question);
    box->setWindowTitle(tr("Restore Session"));
    box->setText(tr("KBC Explorer did not close properly last time."));
    box->setInformativeText(tr("Restore what it had open (%1)? Training runs are listed in the Training tab "
                               "either way; an interrupted one resumes from its last checkpoint.")
                                .arg(previous_.summary()));
    QPushButton* restoreButton = box->addButton(tr("&Restore"), QMessageBox::AcceptRole);
    restoreButton->setObjectName(QStringLiteral("restoreSessionButton"));
    box->addButton(tr("&Discard"), QMessageBox::RejectRole);
    box->setDefaultButton(restoreButton);
    connect(restoreButton, &QPushButton::clicked, this, [this] { restore(previous_); });
    box->open(); // window-modal, no nested event loop
}

} // namespace kbcx::ui
