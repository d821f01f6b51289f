// Implementation of EvalWorkspace: import and ontology jobs through JobRunner, the list model
// of evaluations, proofs of test axioms, and non-blocking error boxes that keep what was loaded.
// The engine's ontology and reasoner headers first: they use `emit` as a name, and Qt's headers
// define it as a macro.
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"
#include "reason/status.hpp"

#include "ui/common/error_box.hpp"
#include "ui/eval/eval_workspace.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/eval/import_scores_dialog.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include "common/error.hpp"
#include "embed/score_axioms.hpp"
#include "eval/eval_input.hpp"

#include <fstream>
#include <iterator>
#include <mutex>

#include <QFile>
#include <QFileInfo>
#include <QWidget>

namespace kbcx::ui {

struct OntologySession {
    QString name;
    onto::Ontology ontology;
    std::unique_ptr<reason::StatusChecker> checker;
    std::mutex mutex;
};

QString ontologyName(const OntologySession& session) {
    return session.name;
}

// --- EvaluationListModel ----------------------------------------------------------------

int EvaluationListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(items_.size());
}

QVariant EvaluationListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Evaluation& e = *items_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return e.name;
    case Qt::ToolTipRole:
        return tr("Tests: %1\nScores: %2 (%3 is better%4)\nAdm@k with k = %5\nEvaluated %6")
            .arg(e.testsPath, e.scoresPath, e.lowerIsBetter ? tr("lower") : tr("higher"),
                 e.missingLowest ? tr(", missing scores lowest") : QString())
            .arg(e.k)
            .arg(e.evaluatedAt.toString(Qt::ISODate));
    case EvaluationIdRole: return e.id;
    case PlacementRole: return e.result->overall.placement();
    case AxiomCountRole: return static_cast<qulonglong>(e.result->tests.axioms.size());
    default: return {};
    }
}

QHash<int, QByteArray> EvaluationListModel::roleNames() const {
    auto names = QAbstractListModel::roleNames();
    names.insert(EvaluationIdRole, "evaluationId");
    names.insert(PlacementRole, "placement");
    names.insert(AxiomCountRole, "axiomCount");
    return names;
}

QModelIndex EvaluationListModel::addEvaluation(EvaluationPtr evaluation) {
    const int row = count();
    beginInsertRows({}, row, row);
    items_.push_back(std::move(evaluation));
    endInsertRows();
    return index(row);
}

bool EvaluationListModel::removeEvaluation(quint64 id) {
    const int row = rowOf(id);
    if (row < 0) return false;
    beginRemoveRows({}, row, row);
    items_.erase(items_.begin() + row);
    endRemoveRows();
    return true;
}

EvaluationPtr EvaluationListModel::evaluationAt(int row) const {
    return row >= 0 && row < count() ? items_[static_cast<std::size_t>(row)] : nullptr;
}

int EvaluationListModel::rowOf(quint64 id) const {
    for (int i = 0; i < count(); ++i)
        if (items_[static_cast<std::size_t>(i)]->id == id) return i;
    return -1;
}

// --- EvalWorkspace ----------------------------------------------------------------------

EvalWorkspace::EvalWorkspace(JobRunner* runner, QWidget* dialogParent, QObject* parent)
    : QObject(parent), runner_(runner), dialogParent_(dialogParent), model_(new EvaluationListModel(this)) {}

JobHandle* EvalWorkspace::importScores(const ImportRequest& request) {
    eval::EvalParams params;
    params.tests_path = QFile::encodeName(request.testsPath).toStdString();
    params.scores_path = QFile::encodeName(request.scoresPath).toStdString();
    params.lower_is_better = request.lowerIsBetter;
    params.options.k = static_cast<std::size_t>(std::max(1, request.k));
    params.options.missing_lowest = request.missingLowest;
    const QFileInfo scorer(request.scoresPath);
    const QString name = tr("%1 on %2").arg(scorer.fileName(), QFileInfo(request.testsPath).fileName());
    JobHandle* job = nullptr;
    if (scorer.isDir()) {
        // A trained run: its checkpoint scores the test axioms, then they are evaluated as usual.
        const std::string checkpoint =
            QFile::encodeName(scorer.filePath() + QStringLiteral("/checkpoint.bin")).toStdString();
        job = startEvaluation(tr("run %1").arg(name), request, [params, checkpoint](jobs::JobContext& ctx) {
            ctx.report(0, 0, "Scoring the test axioms with " + checkpoint, true);
            if (!embed::is_el_checkpoint(checkpoint))
                throw InputError(checkpoint, "this run trained a triple model; the Hierarchy and Inversions tabs "
                                             "evaluate EL models (score triples with kbcx score / kbcx eval-kg)");
            std::ifstream in(params.tests_path, std::ios::binary);
            if (!in) throw InputError(params.tests_path, "cannot open");
            const std::string tests((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const embed::ScoredAxioms scored = embed::score_el_candidates(checkpoint, params.tests_path, tests);
            ctx.throw_if_stopped();
            eval::TestSet set = eval::read_tests_text(params.tests_path, tests, ctx);
            auto table =
                std::make_shared<eval::ScoreTable>(eval::read_scores_text(checkpoint, scored.to_tsv(), false, ctx));
            const std::uint64_t n = table->size();
            eval::EvalResult r = eval::evaluate(std::move(set), table, params.options, ctx);
            r.scores_read = n;
            return r;
        });
    } else {
        job = startEvaluation(name, request, [params](jobs::JobContext& ctx) { return eval::run_eval(params, ctx); });
    }
    if (!request.ontologyPath.isEmpty())
        connect(job, &JobHandle::finished, this, [this, path = request.ontologyPath] { loadOntology(path); });
    return job;
}

namespace {

/// The axioms as the core parser reads them (UTF-8).
std::vector<std::string> stdTexts(const QStringList& axioms) {
    std::vector<std::string> texts;
    for (const QString& a : axioms)
        texts.push_back(a.toStdString());
    return texts;
}

/// A writer of the ontology in each NameStyle, in the order of StyledText.
std::vector<onto::TextWriter> styledWriters(const onto::Ontology& o) {
    std::vector<onto::TextWriter> writers;
    for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri})
        writers.emplace_back(o, s);
    return writers;
}

std::string readResource(const char* path) {
    initResources();
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly)) throw InputError(path, "embedded demo data is missing from this build");
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}
} // namespace

JobHandle* EvalWorkspace::importDemo() {
    std::string tests, scores, ontology;
    try {
        tests = readResource(":/demo/university_tests.tsv");
        scores = readResource(":/demo/university_unfaithful_scores.tsv");
        ontology = readResource(":/demo/university.ofn");
    } catch (const InputError& e) {
        showError(tr("Could Not Import Scores"), tr("the demo evaluation"), QString::fromStdString(e.message()),
                  QString::fromStdString(e.file()), 0, 0);
        return nullptr;
    }
    ImportRequest request;
    request.testsPath = QStringLiteral(":/demo/university_tests.tsv");
    request.scoresPath = QStringLiteral(":/demo/university_unfaithful_scores.tsv");
    JobHandle* job =
        startEvaluation(tr("Demo: unfaithful scorer on university"), request, [tests, scores](jobs::JobContext& ctx) {
            eval::TestSet set = eval::read_tests_text("university_tests.tsv", tests, ctx);
            auto table = std::make_shared<eval::ScoreTable>(
                eval::read_scores_text("university_unfaithful_scores.tsv", scores, false, ctx));
            const std::uint64_t n = table->size();
            eval::EvalResult r = eval::evaluate(std::move(set), table, {}, ctx);
            r.scores_read = n;
            return r;
        });
    connect(job, &JobHandle::finished, this,
            [this, ontology] { startOntology(tr("Demo university ontology"), "university.ofn", ontology); });
    return job;
}

JobHandle* EvalWorkspace::startEvaluation(const QString& name, const ImportRequest& request,
                                          std::function<eval::EvalResult(jobs::JobContext&)> work) {
    JobHandle* job = runner_->start(tr("Evaluate %1").arg(name), [work = std::move(work)](jobs::JobContext& ctx) {
        return std::make_shared<const eval::EvalResult>(work(ctx));
    });
    connect(job, &JobHandle::finished, this, [this, job, name, request] {
        auto e = std::make_shared<Evaluation>();
        e->id = nextId_++;
        e->name = name;
        e->testsPath = request.testsPath;
        e->scoresPath = request.scoresPath;
        e->lowerIsBetter = request.lowerIsBetter;
        e->missingLowest = request.missingLowest;
        e->k = static_cast<std::size_t>(std::max(1, request.k));
        e->evaluatedAt = QDateTime::currentDateTime();
        e->result = job->resultAs<std::shared_ptr<const eval::EvalResult>>();
        const QModelIndex index = model_->addEvaluation(e);
        emit evaluationAdded(index.row());
    });
    connect(job, &JobHandle::failed, this,
            [this, name](const QString& message, const QString& file, quint64 line, quint64 column) {
                showError(tr("Could Not Import Scores"), name, message, file, line, column);
            });
    return job;
}

JobHandle* EvalWorkspace::loadOntology(const QString& path) {
    return startOntology(QFileInfo(path).fileName(), QFile::encodeName(path).toStdString(), {});
}

JobHandle* EvalWorkspace::startOntology(const QString& name, std::string path, std::string text) {
    JobHandle* job = runner_->start(tr("Load ontology %1").arg(name), [name, path, text](jobs::JobContext& ctx) {
        auto session = std::make_shared<OntologySession>();
        session->name = name;
        session->ontology = text.empty() ? onto::load_ontology(path, ctx) : onto::load_ontology_text(path, text);
        ctx.throw_if_stopped();
        session->checker = std::make_unique<reason::StatusChecker>(session->ontology, ctx);
        session->checker->set_proofs_in_every_style(true); // View → Names switches without checking again
        return session;
    });
    connect(job, &JobHandle::finished, this, [this, job] {
        ontology_ = job->resultAs<OntologySessionPtr>();
        emit ontologyChanged();
    });
    connect(job, &JobHandle::failed, this,
            [this, name](const QString& message, const QString& file, quint64 line, quint64 column) {
                showError(tr("Could Not Load Ontology"), name, message, file, line, column);
            });
    return job;
}

JobHandle* EvalWorkspace::prove(const QStringList& axioms) {
    if (!ontology_) return nullptr;
    return runner_->start(tr("Proofs in %1").arg(ontology_->name),
                          [session = ontology_, texts = stdTexts(axioms)](jobs::JobContext& ctx) {
                              std::vector<AxiomProof> proofs;
                              const std::lock_guard lock(session->mutex);
                              const std::vector<onto::TextWriter> writers = styledWriters(session->ontology);
                              onto::TextParseOptions opt;
                              opt.allow_new_names = false;
                              onto::TextParser parser(session->ontology, "axiom", opt);
                              for (std::size_t i = 0; i < texts.size(); ++i) {
                                  ctx.throw_if_stopped();
                                  ctx.report(i, texts.size(), "Checking " + texts[i], true);
                                  AxiomProof p;
                                  try {
                                      const onto::Axiom ax = parser.parse_axiom(texts[i]);
                                      const reason::StatusResult r = session->checker->check(ax, std::nullopt, true);
                                      p.status = QString::fromLatin1(reason::status_name(r.status));
                                      p.reading = QString::fromLatin1(reason::reading_name(r.reading));
                                      for (const auto& step : r.proof)
                                          p.proof << QString::fromStdString(step);
                                      for (std::size_t s = 0; s < writers.size(); ++s) {
                                          const std::string shown = writers[s].axiom(ax);
                                          if (shown.find('\n') == std::string::npos)
                                              p.axiomIn[s] = QString::fromStdString(shown);
                                          for (const auto& step : r.proof_by_style[s])
                                              p.proofIn[s] << QString::fromStdString(step);
                                      }
                                      p.checked = true;
                                  } catch (const InputError& e) {
                                      p.error = QString::fromStdString(e.message());
                                  }
                                  proofs.push_back(std::move(p));
                              }
                              return proofs;
                          });
}

JobHandle* EvalWorkspace::render(const QStringList& axioms) {
    if (!ontology_) return nullptr;
    return runner_->start(tr("Names in %1").arg(ontology_->name),
                          [session = ontology_, texts = stdTexts(axioms)](jobs::JobContext& ctx) {
                              std::vector<StyledText> shown(texts.size());
                              const std::lock_guard lock(session->mutex);
                              const std::vector<onto::TextWriter> writers = styledWriters(session->ontology);
                              onto::TextParseOptions opt;
                              opt.allow_new_names = false;
                              opt.allow_new_individuals = true;
                              onto::TextParser parser(session->ontology, "axiom", opt);
                              for (std::size_t i = 0; i < texts.size(); ++i) {
                                  ctx.throw_if_stopped();
                                  ctx.report(i, texts.size(), "Writing names", false);
                                  try {
                                      const onto::Axiom ax = parser.parse_axiom(texts[i]);
                                      for (std::size_t s = 0; s < writers.size(); ++s) {
                                          const std::string text = writers[s].axiom(ax);
                                          if (text.find('\n') == std::string::npos)
                                              shown[i][s] = QString::fromStdString(text);
                                      }
                                  } catch (const InputError&) {
                                      // not an axiom of this ontology: the table keeps the tests file's text
                                  }
                              }
                              return shown;
                          });
}

void EvalWorkspace::showImportDialog() {
    auto* dialog = new ImportScoresDialog(dialogParent_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { importScores(dialog->request()); });
    dialog->open();
}

void EvalWorkspace::showError(const QString& title, const QString& what, const QString& message, const QString& file,
                              quint64 line, quint64 column) {
    ++failures_;
    const QString text = title == tr("Could Not Load Ontology") ? tr("Could not load %1.").arg(what)
                                                                : tr("Could not evaluate %1.").arg(what);
    showInputError(dialogParent_, {title, text, message, file, line, column,
                                   tr("Evaluations imported before are unchanged."), QStringLiteral("evalErrorBox")});
    emit importFailed(locatedMessage(message, file, line, column));
}

} // namespace kbcx::ui
