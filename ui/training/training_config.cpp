// Implementation of the Training tab's data sources (loaded-dataset split, folder loading) and
// the mapping between the form's TrainingConfig, the engine's KgTrainParams and params.json.
#include "ui/training/training_config.hpp"

#include "common/error.hpp"
#include "embed/el_models.hpp"
#include "embed/graph_training.hpp"
#include "embed/kg_models.hpp"
#include "embed/loss.hpp"
#include "embed/optimizer.hpp"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <random>
#include <stdexcept>

namespace kbcx::ui {

QString TrainingDataSource::label() const {
    if (kind == Kind::LoadedDataset) return QStringLiteral("dataset:") + (dataset ? dataset->name : QString());
    if (kind == Kind::LoadedOntology) return QStringLiteral("ontology:") + (ontology ? ontology->name : QString());
    return QFileInfo(folder).absoluteFilePath();
}

embed::TripleDataset splitLoadedDataset(const Dataset& dataset, quint64 seed, jobs::JobContext& ctx) {
    const kg::FactStore& facts = dataset.graph->facts;
    const std::size_t n = facts.num_facts();
    if (n == 0) throw InputError(dataset.name.toStdString(), "the dataset has no relation facts to train on");
    std::vector<kg::Triple> all;
    all.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 65536 == 0) ctx.throw_if_stopped();
        all.push_back(facts.fact(i));
    }
    std::shuffle(all.begin(), all.end(), std::mt19937_64(seed ^ 0x5eedULL));
    std::size_t held = static_cast<std::size_t>(static_cast<double>(n) * kHeldOutFraction);
    if (held == 0 && n >= 10) held = 1;
    embed::TripleDataset data;
    data.graph = dataset.graph;
    data.valid.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(held));
    data.test.assign(all.begin() + static_cast<std::ptrdiff_t>(held),
                     all.begin() + static_cast<std::ptrdiff_t>(2 * held));
    data.train.assign(all.begin() + static_cast<std::ptrdiff_t>(2 * held), all.end());
    auto byId = [](const kg::Triple& a, const kg::Triple& b) {
        return std::tie(a.s, a.r, a.o) < std::tie(b.s, b.r, b.o);
    };
    for (auto* split : {&data.train, &data.valid, &data.test})
        std::sort(split->begin(), split->end(), byId);
    for (const QString& source : dataset.sources)
        data.paths.push_back(source.toStdString());
    return data;
}

embed::TripleDataset loadTrainingData(const TrainingDataSource& source, jobs::JobContext& ctx) {
    if (source.kind == TrainingDataSource::Kind::LoadedDataset) {
        if (!source.dataset) throw InputError("train", "no dataset selected");
        return splitLoadedDataset(*source.dataset, source.splitSeed, ctx);
    }
    embed::LoadTriplesParams load;
    load.path = QFile::encodeName(source.folder).toStdString();
    load.negatives_path = source.negatives.toStdString();
    return embed::load_triple_dataset(load, ctx);
}

bool TrainingConfig::isEl() const {
    return embed::is_el_model_name(model.toStdString());
}

embed::ElVariant TrainingConfig::elVariant() const {
    return variant.isEmpty() ? embed::ElVariant::Kbcx : embed::parse_el_variant(variant.toStdString());
}

TrainingConfig TrainingConfig::defaultsFor(bool el, const QString& model, const QString& variant) {
    TrainingConfig c;
    if (!el) {
        if (model == QLatin1String("rgcn")) {
            // kbcx train --model rgcn --variant V's defaults (the authors' when none is named).
            const embed::ElVariant v =
                variant.isEmpty() ? embed::default_el_variant("rgcn") : embed::parse_el_variant(variant.toStdString());
            const embed::RgcnVariantTraining t = embed::rgcn_variant_training(v);
            c.model = model;
            c.variant = QString::fromLatin1(embed::el_variant_name(v).data(), embed::el_variant_name(v).size());
            c.dim = t.dim;
            c.batch = t.batch;
            c.neg = t.neg;
            c.lr = t.lr;
            c.reg = t.reg;
            c.rgcnBases = t.bases;
            c.rgcnBlocks = t.blocks;
            c.rgcnEdgeDropout = t.edge_dropout;
            c.rgcnSelfDropout = t.self_dropout;
        }
        return c;
    }
    const std::string name = embed::canonical_el_model_name(model.toStdString());
    const embed::ElVariant v =
        variant.isEmpty() ? embed::default_el_variant(name) : embed::parse_el_variant(variant.toStdString());
    const embed::ElModelConfig m = embed::default_el_config(name, v);
    c.model = QString::fromStdString(m.name);
    c.variant = QString::fromLatin1(embed::el_variant_name(v).data(), embed::el_variant_name(v).size());
    c.dim = m.dim;
    c.margin = m.margin;
    c.delta = m.delta;
    c.reg = m.reg;
    // The variant's own training settings, as `kbcx train --variant` starts from them.
    const embed::ElVariantTraining t = embed::el_variant_training(v);
    c.epochs = t.epochs;
    c.batch = t.batch;
    c.neg = t.neg;
    c.lr = t.lr;
    c.evalEvery = v == embed::ElVariant::Kbcx ? 10 : 100;
    return c;
}

embed::ElJobParams TrainingConfig::toElParams() const {
    embed::ElJobParams p;
    p.model = embed::default_el_config(embed::canonical_el_model_name(model.toStdString()), elVariant());
    p.model.dim = dim;
    p.model.margin = static_cast<float>(margin);
    p.model.delta = static_cast<float>(delta);
    p.model.reg = static_cast<float>(reg);
    auto& st = p.train;
    st.epochs = epochs;
    st.batch = batch;
    st.neg = neg;
    st.threads = threads;
    st.seed = seed;
    st.lr = static_cast<float>(lr);
    st.lr_step = lrStep;
    st.lr_decay = static_cast<float>(lrDecay);
    st.optimizer = embed::parse_optimizer(optimizer.toStdString());
    st.p_bot = static_cast<float>(pBot);
    st.eval_every = evalEvery;
    p.pool = pool.toStdString();
    p.tests = QFile::encodeName(tests).toStdString();
    if (p.model.variant != embed::ElVariant::Kbcx) {
        // Full batch with one corrupted GCI2 filler per axiom, as kbcx train does for this variant.
        st.neg = embed::ElReleasedDefaults::neg;
        if (pBot > 0)
            throw std::invalid_argument("p⊥ does not apply to the " +
                                        std::string(embed::el_variant_name(p.model.variant)) +
                                        " variant: its only negatives are mOWL's corrupted GCI2 fillers");
    }
    if (pBot > 0 && pool == QLatin1String("tests") && tests.isEmpty())
        throw std::invalid_argument("the pool 'T− of the test set' needs a test set");
    return p;
}

bool TrainingConfig::hasPykeenDefaults() const {
    if (isEl() || model == QLatin1String("rgcn")) return false;
    try {
        return embed::pykeen_init_known(embed::canonical_kg_model_name(model.toStdString()));
    } catch (const std::invalid_argument&) {
        return false;
    }
}

TrainingConfig TrainingConfig::withPykeenDefaults() const {
    TrainingConfig c = *this;
    const auto g = embed::graph_training_settings(
        embed::GraphTraining::Pykeen, embed::canonical_kg_model_name(model.toStdString()),
        dim); // throws std::invalid_argument for a model PyKEEN's are not recorded for
    c.dim = g.dim;
    auto text = [](std::string_view v) { return QString::fromLatin1(v.data(), static_cast<qsizetype>(v.size())); };
    c.loss = g.loss ? text(embed::loss_name(*g.loss)) : QString();
    if (g.loss && *g.loss != embed::LossKind::Logistic) c.margin = g.margin;
    c.advTemp = g.adv_temp;
    c.neg = g.neg;
    c.oneVsAll = false;
    c.chunk = g.chunk;
    c.batch = g.batch;
    c.optimizer = text(embed::optimizer_name(g.optimizer));
    c.lr = g.lr;
    c.init = QString::fromLatin1(embed::kg_init_name(g.init));
    c.unitEntities = g.unit_entities;
    c.lpEntity = g.lp_entity;
    c.lpRelation = g.lp_relation;
    c.denseOptimizer = g.dense_optimizer;
    return c;
}

embed::KgTrainParams TrainingConfig::toParams() const {
    embed::KgTrainParams p;
    p.model.name = embed::canonical_kg_model_name(model.toStdString());
    p.model.dim = dim;
    p.model.gamma = static_cast<float>(margin);
    if (p.model.name == "rgcn") {
        p.model.variant = elVariant();
        const auto& vs = embed::el_variants("rgcn");
        if (std::find(vs.begin(), vs.end(), p.model.variant) == vs.end())
            throw std::invalid_argument("R-GCN has no variant '" + variant.toStdString() +
                                        "' (valid: " + embed::el_variant_list("rgcn") + ")");
        p.model.rgcn_layers = rgcnLayers;
        p.model.rgcn_bases = rgcnBases;
        p.model.rgcn_blocks = rgcnBlocks;
        p.model.rgcn_edge_dropout = static_cast<float>(rgcnEdgeDropout);
        p.model.rgcn_self_dropout = static_cast<float>(rgcnSelfDropout);
        if (!(rgcnSelfDropout >= 0.0 && rgcnSelfDropout < 1.0))
            throw std::invalid_argument("the R-GCN self-loop dropout must lie in [0, 1)");
        if (rgcnLayers < 1) throw std::invalid_argument("R-GCN needs at least one layer");
        if (rgcnBlocks > 0 && dim % rgcnBlocks != 0)
            throw std::invalid_argument("the R-GCN block count (" + std::to_string(rgcnBlocks) +
                                        ") must divide the dimension (" + std::to_string(dim) + ")");
        if (rgcnBlocks == 0 && rgcnBases < 1) throw std::invalid_argument("R-GCN needs at least one basis");
        if (!(rgcnEdgeDropout >= 0.0 && rgcnEdgeDropout < 1.0))
            throw std::invalid_argument("the R-GCN edge dropout must lie in [0, 1)");
    }
    auto& st = p.train;
    st.epochs = epochs;
    st.batch = batch;
    st.neg = neg;
    st.one_vs_all = oneVsAll;
    st.chunk = chunk;
    st.threads = threads;
    st.seed = seed;
    st.lr = static_cast<float>(lr);
    st.lr_step = lrStep;
    st.lr_decay = static_cast<float>(lrDecay);
    st.subsampling = subsampling && model != QLatin1String("rgcn");
    if (model != QLatin1String("rgcn")) {
        const auto in = embed::parse_kg_init(init.toStdString());
        if (!in) throw std::invalid_argument("unknown initialiser '" + init.toStdString() + "' (valid: kbcx, pykeen)");
        p.model.init = *in;
        st.unit_entities = unitEntities;
        st.lp_entity = static_cast<float>(lpEntity);
        st.lp_relation = static_cast<float>(lpRelation);
        st.dense_optimizer = denseOptimizer;
    }
    st.optimizer = embed::parse_optimizer(optimizer.toStdString());
    if (!loss.isEmpty() && !oneVsAll) st.loss = embed::parse_loss(loss.toStdString());
    st.margin = static_cast<float>(margin);
    // 1-vs-all has its own loss and no sampled negatives: the form's α and p⊥ (disabled there) do not apply.
    st.adv_temp = oneVsAll ? 0.0f : static_cast<float>(advTemp);
    st.p_bot = oneVsAll ? 0.0f : static_cast<float>(pBot);
    st.bernoulli = sampler == QStringLiteral("bernoulli");
    st.eval_every = evalEvery;
    // R-GCN authors' decoder L2 (kbcx train --reg); the other KG models train without one here.
    if (p.model.name == "rgcn" && p.model.variant == embed::ElVariant::Authors) st.reg = static_cast<float>(reg);
    return p;
}

TrainingConfig TrainingConfig::fromParamsJson(const QJsonObject& params) {
    TrainingConfig c;
    auto integer = [&](const char* key, int& out) {
        if (params.contains(QLatin1String(key))) out = params.value(QLatin1String(key)).toInt(out);
    };
    auto real = [&](const char* key, double& out) {
        if (params.contains(QLatin1String(key))) out = params.value(QLatin1String(key)).toDouble(out);
    };
    auto text = [&](const char* key, QString& out) {
        if (params.value(QLatin1String(key)).isString()) out = params.value(QLatin1String(key)).toString();
    };
    text("model", c.model);
    text("variant", c.variant);
    integer("dim", c.dim);
    integer("epochs", c.epochs);
    integer("batch", c.batch);
    integer("neg", c.neg);
    c.oneVsAll = params.value(QStringLiteral("one_vs_all")).toBool(false);
    integer("chunk", c.chunk);
    real("lr", c.lr);
    integer("lr_step", c.lrStep);
    real("lr_decay", c.lrDecay);
    c.subsampling = params.value(QStringLiteral("subsampling")).toBool(false);
    text("init", c.init);
    c.unitEntities = params.value(QStringLiteral("unit_entities")).toBool(false);
    real("lp_entity", c.lpEntity);
    real("lp_relation", c.lpRelation);
    c.denseOptimizer = params.value(QStringLiteral("dense_optimizer")).toBool(false);
    real("margin", c.margin);
    text("optimizer", c.optimizer);
    text("loss", c.loss);
    text("sampler", c.sampler);
    real("adv_temp", c.advTemp);
    real("p_bot", c.pBot);
    integer("eval_every", c.evalEvery);
    integer("threads", c.threads);
    real("delta", c.delta);
    real("reg", c.reg);
    text("pool", c.pool);
    text("tests", c.tests);
    integer("layers", c.rgcnLayers);
    integer("bases", c.rgcnBases);
    integer("blocks", c.rgcnBlocks);
    real("edge_dropout", c.rgcnEdgeDropout);
    real("self_dropout", c.rgcnSelfDropout);
    if (c.rgcnBlocks > 0 && c.rgcnBases == 0) c.rgcnBases = TrainingConfig().rgcnBases; // a block run records bases 0
    if (c.sampler == QLatin1String("stratified") || c.sampler == QLatin1String("corruption"))
        c.sampler = QStringLiteral("uniform"); // the EL runs' sampler field describes p⊥
    if (params.contains(QStringLiteral("seed")))
        c.seed = static_cast<quint64>(params.value(QStringLiteral("seed")).toDouble(0));
    return c;
}

} // namespace kbcx::ui
