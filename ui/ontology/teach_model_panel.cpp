// The Teach tab's model: trains a small EL embedding (balls or boxes, two dimensions by default)
// on the ontology being edited, ranks the candidates by its scores and draws its geometry.
#include "ui/ontology/teach_model_panel.hpp"

#include "common/error.hpp"
#include "common/job.hpp"
#include "embed/el_data.hpp"
#include "embed/score_anatomy.hpp"
#include "embed/train_el.hpp"
#include "ui/common/geometry_view.hpp"
#include "ui/jobs/job_handle.hpp"
#include "ui/jobs/job_runner.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <numeric>

namespace kbcx::ui {

TeachModelResult trainTeachModel(const TeachModelParams& params, jobs::JobContext& ctx) {
    QElapsedTimer clock;
    clock.start();
    const std::filesystem::path folder = QFile::encodeName(params.folder).toStdString();
    const std::filesystem::path ontology = folder / "ontology.kbo", run = folder / "run";
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    {
        QFile f(QString::fromStdString(ontology.string()));
        const QByteArray text = params.ontologyText.toUtf8();
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text) != text.size())
            throw InputError(ontology.string(), "cannot write the ontology to train on");
    }
    const embed::ElDataset data = embed::load_el_dataset(ontology.string(), ctx);
    embed::ElTrainParams p;
    p.model = embed::default_el_config(embed::canonical_el_model_name(params.model.toStdString()));
    p.model.dim = params.dim;
    embed::TrainSettings& st = p.train;
    st.epochs = params.epochs;
    st.batch = embed::ElTrainDefaults::batch;
    st.neg = embed::ElTrainDefaults::neg;
    st.lr = static_cast<float>(embed::ElTrainDefaults::lr);
    st.threads = 1;
    st.seed = params.seed;
    st.eval_every = 0;
    st.run_dir = run.string();
    st.data = ontology.string();
    embed::train_el(data, p, ctx);

    TeachModelResult out;
    const embed::ExplainModel model(embed::run_checkpoint(run.string()));
    out.model = QString::fromStdString(model.model_name());
    out.variant = QString::fromStdString(model.variant());
    out.epochs = model.epoch();
    for (const QString& axiom : params.candidates) {
        ctx.throw_if_stopped();
        TeachModelResult::Candidate c;
        c.axiom = axiom;
        try {
            c.anatomy = model.explain(axiom.toStdString());
            embed::GeometryOptions go;
            go.neighbours = embed::run_neighbours(run.string(), model, *c.anatomy, embed::kDefaultGeometryNeighbours);
            c.scene = embed::score_geometry(model, *c.anatomy, go);
        } catch (const InputError& e) {
            c.error = QString::fromStdString(e.message());
        }
        out.candidates.push_back(std::move(c));
    }
    out.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return out;
}

TeachModelPanel::TeachModelPanel(JobRunner* runner, QWidget* parent)
    : QGroupBox(tr("What an embedding model makes of it"), parent), runner_(runner) {
    setObjectName(QStringLiteral("teachModel"));
    model_ = new QComboBox(this);
    model_->setObjectName(QStringLiteral("teachModelName"));
    model_->addItem(tr("ELEmbeddings (balls)"), QStringLiteral("ELEmbeddings"));
    model_->addItem(tr("Box²EL (boxes)"), QStringLiteral("Box2EL"));
    dim_ = new QSpinBox(this);
    dim_->setObjectName(QStringLiteral("teachModelDim"));
    dim_->setRange(2, 50);
    dim_->setValue(2);
    dim_->setPrefix(tr("dim "));
    dim_->setToolTip(tr("Embedding dimension; at 2 the drawing is the model itself, with nothing projected"));
    epochs_ = new QSpinBox(this);
    epochs_->setObjectName(QStringLiteral("teachModelEpochs"));
    epochs_->setRange(1, 20000);
    epochs_->setValue(300);
    epochs_->setSuffix(tr(" epochs"));
    live_ = new QCheckBox(tr("Retrain after each edit"), this);
    live_->setObjectName(QStringLiteral("teachModelLive"));
    live_->setChecked(true);
    train_ = new QPushButton(tr("Train"), this);
    train_->setObjectName(QStringLiteral("teachModelTrain"));
    train_->setToolTip(tr("Train the model on the ontology in the editor (this project's objective, variant kbcx) "
                          "and score the candidate axioms with it"));
    connect(train_, &QPushButton::clicked, this, [this] { train(); });
    auto* bar = new QHBoxLayout;
    bar->addWidget(model_);
    bar->addWidget(dim_);
    bar->addWidget(epochs_);
    bar->addWidget(live_);
    bar->addStretch(1);
    bar->addWidget(train_);
    ranking_ = new QLabel(tr("Press Train: the model is trained on the ontology above and ranks the candidates by "
                             "its scores, beside their statuses."),
                          this);
    ranking_->setObjectName(QStringLiteral("teachModelRanking"));
    ranking_->setWordWrap(true);
    ranking_->setTextFormat(Qt::RichText);
    geometry_ = new GeometryView(QStringLiteral("teachGeometry"), this);
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    caption_->setStyleSheet(QStringLiteral("color: #5d4037"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(ranking_);
    layout->addWidget(geometry_, 1);
    layout->addWidget(caption_);
}

void TeachModelPanel::setInput(const QString& ontologyText, const QStringList& candidates) {
    const bool changed = ontologyText != text_ || candidates != candidates_;
    text_ = ontologyText;
    candidates_ = candidates;
    if (changed && result_ && live_->isChecked()) train();
}

JobHandle* TeachModelPanel::train() {
    if (!folder_.isValid() || text_.trimmed().isEmpty()) return nullptr;
    if (job_) job_->cancel();
    TeachModelParams p;
    p.ontologyText = text_;
    p.candidates = candidates_;
    p.model = model_->currentData().toString();
    p.dim = dim_->value();
    p.epochs = epochs_->value();
    const quint64 generation = ++generation_;
    // A folder per training: a cancelled one may still be writing its own.
    p.folder = folder_.filePath(QStringLiteral("training-%1").arg(generation));
    ranking_->setText(tr("Training %1 for %2 epochs…").arg(model_->currentText()).arg(p.epochs));
    JobHandle* job = runner_->start(tr("Teach: training %1").arg(p.model),
                                    [p](jobs::JobContext& ctx) { return trainTeachModel(p, ctx); });
    job_ = job;
    connect(job, &JobHandle::finished, this, [this, job, generation] {
        if (generation != generation_) return;
        result_ = job->resultAs<TeachModelResult>();
        showRanking();
        showCandidate(shown_);
        emit trained();
    });
    connect(job, &JobHandle::failed, this, [this, job, generation](const QString&) {
        if (generation != generation_) return;
        ranking_->setText(tr("The model could not be trained: %1").arg(job->errorText().toHtmlEscaped()));
        geometry_->clearScene(QString());
        caption_->clear();
        emit trained();
    });
    return job;
}

void TeachModelPanel::setStatuses(const QHash<QString, QString>& statusOf) {
    statusOf_ = statusOf;
    showRanking();
}

void TeachModelPanel::showRanking() {
    if (!result_) return;
    // The candidates by the model's score, highest first: a faithful model puts the entailed
    // ones on top and the contradictions at the bottom.
    std::vector<std::size_t> order(result_->candidates.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto score = [this](std::size_t i) {
        const auto& a = result_->candidates[i].anatomy;
        return a ? a->score : -std::numeric_limits<double>::infinity();
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return score(a) > score(b); });
    QStringList lines;
    int rank = 0;
    for (std::size_t i : order) {
        const TeachModelResult::Candidate& c = result_->candidates[i];
        const QString status = statusOf_.value(c.axiom);
        lines
            << (c.anatomy
                    ? tr("%1. <tt>%2</tt> &nbsp; score %3%4")
                          .arg(++rank)
                          .arg(c.axiom.toHtmlEscaped())
                          .arg(QString::number(c.anatomy->score, 'g', 4))
                          .arg(status.isEmpty() ? QString() : tr(" &nbsp; (%1)").arg(status))
                    : tr("–. <tt>%1</tt> &nbsp; not scored: %2").arg(c.axiom.toHtmlEscaped(), c.error.toHtmlEscaped()));
    }
    ranking_->setText(tr("<b>%1</b> (variant %2, %3 epochs, %4 s) ranks the candidates:<br>%5")
                          .arg(result_->model, result_->variant)
                          .arg(result_->epochs)
                          .arg(result_->seconds, 0, 'f', 2)
                          .arg(lines.join(QStringLiteral("<br>"))));
}

void TeachModelPanel::showCandidate(int row) {
    shown_ = std::max(0, row);
    if (!result_ || result_->candidates.empty()) return;
    const auto k = static_cast<std::size_t>(std::min<int>(shown_, static_cast<int>(result_->candidates.size()) - 1));
    const TeachModelResult::Candidate& c = result_->candidates[k];
    if (!c.scene) {
        geometry_->clearScene(c.error.isEmpty() ? tr("Nothing to draw.") : c.error);
        caption_->setText(c.error);
        return;
    }
    geometry_->showScene(*c.scene, embed::scene_view(*c.scene));
    caption_->setText(tr("%1: %2").arg(c.axiom, GeometryView::caption(*c.scene)));
}

} // namespace kbcx::ui
