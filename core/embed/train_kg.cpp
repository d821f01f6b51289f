// Triple-model training loop. Determinism: the epoch's shuffle and each thread slice's
// negatives come from seeds mixed from (seed, epoch, batch, slice), and the per-thread
// gradient buffers are added in slice order, so a fixed thread count gives identical runs.
#include "embed/train_kg.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "embed/checkpoint.hpp"
#include "embed/epoch_end.hpp"
#include "embed/evaluate.hpp"
#include "embed/rgcn.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <numeric>
#include <thread>
#include <tuple>
#include <unordered_map>

namespace kbcx::embed {

using kg::Id;
using kg::Triple;

double KgAxiomScorer::score(const NfAxiom& a) const {
    if (a.kind != NfKind::RoleAssertion || a.x >= model_.num_entities() || a.y >= model_.num_entities() ||
        a.r >= model_.num_relations())
        return std::nan("");
    return model_.score(a.x, a.r, a.y);
}

namespace {

/// 1-vs-all: each positive, once per side, against every entity as a candidate (one matrix
/// product per chunk of positives), with L = −s⁺ + log Σ_e exp(s_e) over all entities e (the
/// positive among them), so ∂L/∂s_e = softmax_e − [e is the positive's entity].
double one_vs_all_loss_grad(const KgModel& model, std::span<const Triple> batch, const TrainSettings& st, float scale,
                            std::span<const float> weights, GradBuffer& g) {
    const std::size_t E = model.num_entities(), C = static_cast<std::size_t>(std::max(1, st.chunk));
    thread_local std::vector<Id> all;
    if (all.size() != E) {
        all.resize(E);
        std::iota(all.begin(), all.end(), Id{0});
    }
    thread_local std::vector<float> S;
    double L = 0;
    for (const Side side : {Side::Head, Side::Tail}) {
        for (std::size_t b = 0; b < batch.size(); b += C) {
            const std::size_t P = std::min(C, batch.size() - b);
            const Chunk chunk{batch.subspan(b, P), side, all};
            S.resize(P * E);
            model.score_chunk(chunk, S.data());
            for (std::size_t i = 0; i < P; ++i) {
                const Triple p = chunk.positives[i];
                const Id target = side == Side::Tail ? p.o : p.s;
                Eigen::Map<Eigen::ArrayXf> row(S.data() + i * E, static_cast<Eigen::Index>(E));
                const float m = row.maxCoeff(), spos = row[target];
                const float w = weights.empty() ? 1.0f : weights[b + i], sc = scale * w;
                row = (row - m).exp();
                const double z = row.cast<double>().sum();
                L += w * (static_cast<double>(m) + std::log(z) - static_cast<double>(spos));
                row *= sc / static_cast<float>(z); // the softmax, times the positive's share of the batch
                row[target] -= sc;
            }
            model.add_chunk_grad(chunk, S.data(), g);
        }
    }
    return L;
}

/// λ Σ |x|³ (N3) over the rows of each positive (times its weight), added to g; returns the
/// weighted penalty before the batch scale.
double n3_penalty_grad(const KgModel& model, std::span<const Triple> batch, float reg, float scale,
                       std::span<const float> weights, GradBuffer& g) {
    double L = 0;
    const auto& tabs = model.tables();
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const Triple p = batch[i];
        const float w = weights.empty() ? 1.0f : weights[i], sc = scale * w;
        const std::pair<std::size_t, Id> rows[3] = {{0, p.s}, {0, p.o}, {1, p.r}};
        for (auto [t, r] : rows) {
            const auto x = tabs[t].values.row(r);
            float* gr = g.row(t, r);
            for (Eigen::Index k = 0; k < x.size(); ++k) {
                const float v = x[k], a = std::fabs(v);
                L += w * reg * a * a * a;
                gr[k] += sc * reg * 3.0f * v * a; // ∂ = 3λ x|x|
            }
        }
    }
    return L;
}

/// PyKEEN's LpRegularizer (p = 2, normalised by E‖N(0, I_d)‖₂ = √d) on the rows one scored
/// triple looks up: lp_entity·(‖e_h‖ + ‖e_t‖)/√d + lp_relation·‖r‖/√d. Adds coeff·∂ to g and
/// returns the value (d is the model's dimension, complex for ComplEx as PyKEEN's cfloat rows).
double lp_rows_grad(const KgModel& model, const Triple& x, const TrainSettings& st, float coeff, GradBuffer& g) {
    const float inv_sqrt_d = 1.0f / std::sqrt(static_cast<float>(model.config().dim));
    double L = 0;
    const std::tuple<std::size_t, Id, float> rows[3] = {{model.entity_table(), x.s, st.lp_entity},
                                                        {model.entity_table(), x.o, st.lp_entity},
                                                        {model.relation_table(), x.r, st.lp_relation}};
    for (const auto& [t, r, weight] : rows) {
        if (weight <= 0) continue;
        const auto v = model.tables()[t].values.row(r);
        const float n = v.matrix().norm();
        L += static_cast<double>(weight * n * inv_sqrt_d);
        if (n <= 0) continue;
        float* gr = g.row(t, r);
        const float c = coeff * weight * inv_sqrt_d / n;
        for (Eigen::Index k = 0; k < v.size(); ++k)
            gr[k] += c * v[k];
    }
    return L;
}

} // namespace

double kg_batch_loss_grad(const KgModel& model, std::span<const Triple> batch, const TrainSettings& st,
                          const LossConfig& loss, std::span<const Triple> pool, std::span<const float> head_probability,
                          std::uint64_t seed, float scale, GradBuffer& g, std::span<const float> weights) {
    if (st.one_vs_all) {
        double L = one_vs_all_loss_grad(model, batch, st, scale, weights, g);
        if (st.reg > 0) L += n3_penalty_grad(model, batch, st.reg, scale, weights, g);
        return L * scale;
    }
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> coin(0.0f, 1.0f);
    std::vector<Triple> sides[2];
    std::vector<float> side_weights[2]; // each positive's weight, beside it (empty: all 1)
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const Triple p = batch[i];
        const float ph = head_probability.empty() ? 0.5f : head_probability[p.r];
        const int s = coin(rng) < ph ? 0 : 1;
        sides[s].push_back(p);
        if (!weights.empty()) side_weights[s].push_back(weights[i]);
    }
    const std::size_t neg = static_cast<std::size_t>(std::max(0, st.neg));
    const std::size_t Kp =
        pool.empty() ? 0 : std::min(neg, static_cast<std::size_t>(std::lround(st.p_bot * static_cast<float>(neg))));
    const std::size_t Kc = neg - Kp, K = neg;
    const std::size_t C = static_cast<std::size_t>(std::max(1, st.chunk));
    std::uniform_int_distribution<Id> ent(0, static_cast<Id>(model.num_entities() - 1));
    std::uniform_int_distribution<std::size_t> pick(0, pool.empty() ? 0 : pool.size() - 1);
    std::vector<Id> cands(Kc);
    std::vector<Triple> pool_sel(Kp);
    std::vector<float> S, dS, spool(Kp), dpool(Kp), sneg(K), dneg(K);
    double L = 0;
    const bool lp = st.lp_entity > 0 || st.lp_relation > 0;
    for (int s = 0; s < 2; ++s) {
        const Side side = s == 0 ? Side::Head : Side::Tail;
        const auto& list = sides[s];
        for (std::size_t b = 0; b < list.size(); b += C) {
            const std::size_t P = std::min(C, list.size() - b);
            const Chunk chunk{std::span<const Triple>(list).subspan(b, P), side, cands};
            for (auto& c : cands)
                c = ent(rng);
            for (auto& t : pool_sel)
                t = pool[pick(rng)];
            S.resize(P * Kc);
            dS.assign(P * Kc, 0.0f);
            if (Kc) model.score_chunk(chunk, S.data());
            for (std::size_t j = 0; j < Kp; ++j)
                spool[j] = model.score(pool_sel[j].s, pool_sel[j].r, pool_sel[j].o);
            std::fill(dpool.begin(), dpool.end(), 0.0f);
            for (std::size_t i = 0; i < P; ++i) {
                const Triple p = chunk.positives[i];
                const float w = side_weights[s].empty() ? 1.0f : side_weights[s][b + i], sc = scale * w;
                std::copy_n(S.data() + i * Kc, Kc, sneg.data());
                std::copy_n(spool.data(), Kp, sneg.data() + Kc);
                float dpos = 0;
                L += w * loss_and_grad(loss, model.score(p.s, p.r, p.o), sneg.data(), K, dpos, dneg.data());
                if (lp && K) {
                    // PyKEEN scores the positives and the negatives in two calls; each call's
                    // regulariser term is a mean over its rows (B positives, B·K negatives).
                    double reg = lp_rows_grad(model, p, st, sc, g), reg_neg = 0;
                    const float sn = sc / static_cast<float>(K);
                    for (std::size_t j = 0; j < Kc; ++j) {
                        Triple x = p;
                        (side == Side::Head ? x.s : x.o) = cands[j];
                        reg_neg += lp_rows_grad(model, x, st, sn, g);
                    }
                    for (std::size_t j = 0; j < Kp; ++j)
                        reg_neg += lp_rows_grad(model, pool_sel[j], st, sn, g);
                    L += w * (reg + reg_neg / static_cast<double>(K));
                }
                for (std::size_t j = 0; j < Kc; ++j)
                    dS[i * Kc + j] = dneg[j] * sc;
                for (std::size_t j = 0; j < Kp; ++j)
                    dpool[j] += dneg[Kc + j] * sc;
                model.add_score_grad(p.s, p.r, p.o, dpos * sc, g);
            }
            if (Kc) model.add_chunk_grad(chunk, dS.data(), g);
            for (std::size_t j = 0; j < Kp; ++j)
                if (dpool[j] != 0.0f) model.add_score_grad(pool_sel[j].s, pool_sel[j].r, pool_sel[j].o, dpool[j], g);
        }
    }
    if (st.reg > 0) L += n3_penalty_grad(model, batch, st.reg, scale, weights, g);
    return L * scale;
}

std::vector<float> subsampling_weights(std::span<const Triple> train) {
    auto key = [](Id e, Id r) { return (static_cast<std::uint64_t>(e) << 32) | r; };
    std::unordered_map<std::uint64_t, std::uint32_t> heads, tails; // n(h,r) and n(t,r⁻¹), less 3
    for (const Triple& t : train) {
        ++heads[key(t.s, t.r)];
        ++tails[key(t.o, t.r)];
    }
    std::vector<float> w(train.size());
    for (std::size_t i = 0; i < train.size(); ++i) {
        const Triple t = train[i];
        const double n = heads[key(t.s, t.r)] + tails[key(t.o, t.r)] + 6.0;
        w[i] = static_cast<float>(1.0 / std::sqrt(n));
    }
    return w;
}

namespace {

std::map<std::string, std::string> identity(const KgModelConfig& c, const TrainSettings& st, std::size_t E,
                                            std::size_t R) {
    auto f = [](float x) {
        char b[32];
        std::snprintf(b, sizeof b, "%g", static_cast<double>(x));
        return std::string(b);
    };
    std::map<std::string, std::string> id{{"kind", "triple-model"},
                                          {"model", c.name},
                                          {"dim", std::to_string(c.dim)},
                                          {"gamma", f(c.gamma)},
                                          {"p_norm", std::to_string(c.p_norm)},
                                          {"bounded", c.bounded ? "1" : "0"},
                                          {"optimizer", std::string(optimizer_name(st.optimizer))},
                                          {"entities", std::to_string(E)},
                                          {"relations", std::to_string(R)}};
    if (c.name == "rgcn") {
        id["rgcn_format"] = std::to_string(kRgcnFormatVersion);
        id["rgcn_layers"] = std::to_string(c.rgcn_layers);
        id["rgcn_decomposition"] = c.rgcn_blocks > 0 ? "block" : "basis";
        id["rgcn_bases"] = std::to_string(c.rgcn_blocks > 0 ? 0 : c.rgcn_bases);
        id["rgcn_blocks"] = std::to_string(c.rgcn_blocks);
        id["variant"] = std::string(el_variant_name(c.variant));
    }
    return id;
}

/// Refuses an R-GCN checkpoint of another format version with a message saying what to do.
void check_rgcn_format(const Checkpoint& c, const std::string& path) {
    const std::string& v = c.get("rgcn_format");
    if (v != std::to_string(kRgcnFormatVersion))
        throw InputError(path, "R-GCN checkpoint format version " + (v.empty() ? std::string("(none)") : v) +
                                   ", this build reads version " + std::to_string(kRgcnFormatVersion) +
                                   "; retrain the model with this build");
}

std::string params_json(const KgModelConfig& c, const TrainSettings& st, const LossConfig& loss) {
    JsonWriter j(true);
    j.begin_object()
        .field("data", st.data)
        .field("model", c.name)
        .field("dim", c.dim)
        .field("gamma", static_cast<double>(c.gamma))
        .field("bounded", c.bounded)
        .field("init", kg_init_name(c.init));
    if (c.name == "rgcn") {
        j.field("layers", c.rgcn_layers)
            .field("decomposition", c.rgcn_blocks > 0 ? "block" : "basis")
            .field("bases", c.rgcn_blocks > 0 ? 0 : c.rgcn_bases)
            .field("blocks", c.rgcn_blocks)
            .field("variant", std::string(el_variant_name(c.variant)));
        if (c.variant == ElVariant::Authors) {
            using A = RgcnAuthorsDefaults;
            j.field("edges_per_step", st.batch)
                .field("message_fraction", static_cast<double>(A::message_fraction))
                .field("edge_sampler", "neighbourhood")
                .field("normalisation", "in-degree over all relations per direction")
                .field("input_transform", "relu(x + b)")
                .field("self_dropout", static_cast<double>(c.rgcn_self_dropout))
                .field("decoder_l2", static_cast<double>(st.reg))
                .field("max_grad_norm", static_cast<double>(A::max_grad_norm))
                .field("negative_weight", 1.0);
        } else {
            j.field("edge_dropout", static_cast<double>(c.rgcn_edge_dropout));
        }
    }
    j.field("loss", std::string(loss_name(loss.kind)))
        .field("margin", static_cast<double>(loss.margin))
        .field("adv_temp", static_cast<double>(loss.adv_temp))
        .field("optimizer", std::string(optimizer_name(st.optimizer)))
        .field("lr", static_cast<double>(st.lr))
        .field("lr_step", st.lr_step)
        .field("lr_decay", static_cast<double>(st.lr_decay))
        .field("subsampling", st.subsampling)
        .field("epochs", st.epochs)
        .field("batch", st.batch)
        .field("neg", st.neg)
        .field("one_vs_all", st.one_vs_all)
        .field("chunk", st.chunk)
        .field("sampler", st.bernoulli ? "bernoulli" : "uniform")
        .field("p_bot", static_cast<double>(st.p_bot))
        .field("reg", static_cast<double>(st.reg))
        .field("lp_entity", static_cast<double>(st.lp_entity))
        .field("lp_relation", static_cast<double>(st.lp_relation))
        .field("unit_entities", st.unit_entities)
        .field("dense_optimizer", st.dense_optimizer)
        .field("eval_every", st.eval_every)
        .field("eval_max", static_cast<std::uint64_t>(st.eval_max))
        .field("early_stop", st.early_stop)
        .field("patience", st.patience)
        .field("threads", st.threads)
        .field("seed", st.seed)
        .field("version", KBCX_VERSION)
        .end_object();
    return j.str();
}

void check_kg_settings(const TrainSettings& st) {
    auto bad = [](const std::string& m) { throw InputError("train", m); };
    if (st.epochs < 0) bad("--epochs must be ≥ 0");
    if (st.batch < 1) bad("--batch must be ≥ 1");
    if (st.neg < 0) bad("--neg must be ≥ 0");
    if (st.chunk < 1) bad("--chunk must be ≥ 1");
    if (st.threads < 1) bad("--threads must be ≥ 1");
    if (!(st.lr > 0)) bad("--lr must be > 0");
    check_lr_schedule(st);
    if (!(st.p_bot >= 0 && st.p_bot <= 1)) bad("--p-bot must be in [0, 1]");
    if (!(st.lp_entity >= 0) || !(st.lp_relation >= 0)) bad("--lp-entity and --lp-relation must be ≥ 0");
    if (st.adv_temp < 0) bad("--adv-temp must be ≥ 0");
    if (st.loss == LossKind::CrossEntropy && st.adv_temp > 0)
        bad("--adv-temp weights the negatives of the logistic, distance and margin losses; the cross-entropy "
            "loss has no such weights");
    if (st.one_vs_all) {
        if (st.loss && *st.loss != LossKind::CrossEntropy)
            bad("--neg all (1-vs-all) trains with the cross-entropy loss; leave --loss out or give --loss ce");
        if (st.p_bot > 0) bad("--neg all scores every entity; --p-bot (drawing negatives from a pool) does not apply");
        if (st.adv_temp > 0) bad("--neg all trains with the cross-entropy loss; --adv-temp does not apply");
        if (st.lp_entity > 0 || st.lp_relation > 0)
            bad("--neg all: the Lp regulariser (--lp-entity, --lp-relation) is defined on sampled negatives and does "
                "not apply");
    }
}

Metrics to_metrics(const RankingMetrics& m) {
    return {
        {"mrr", m.mrr}, {"mean_rank", m.mean_rank}, {"hits@1", m.hits1}, {"hits@3", m.hits3}, {"hits@10", m.hits10}};
}

} // namespace

void save_kg_checkpoint(const std::string& path, const KgModel& model, const Optimizer* opt,
                        const kg::Vocabulary& vocab, const KgCheckpointState& state, const TrainSettings& st) {
    Checkpoint c;
    c.meta = identity(model.config(), st, model.num_entities(), model.num_relations());
    c.meta["epoch"] = std::to_string(state.epoch);
    char b[64];
    std::snprintf(b, sizeof b, "%.17g", state.best);
    c.meta["best"] = b;
    c.meta["bad_evals"] = std::to_string(state.bad_evals);
    c.meta["seed"] = std::to_string(st.seed);
    if (opt) c.meta["optimizer_steps"] = std::to_string(opt->steps());
    auto& ents = c.lists["entities"];
    for (Id e = 0; e < model.num_entities(); ++e)
        ents.emplace_back(e < vocab.entities().size() ? vocab.entities().name(e) : std::string_view());
    auto& rels = c.lists["relations"];
    for (Id r = 0; r < model.num_relations(); ++r)
        rels.emplace_back(r < vocab.relations().size() ? vocab.relations().name(r) : std::string_view());
    for (const auto& t : model.tables())
        c.tables.push_back(t);
    if (const auto* rgcn = dynamic_cast<const RgcnModel*>(&model)) {
        // The encoding of every entity, so the checkpoint scores without the training graph.
        if (!rgcn->has_encoding()) throw std::logic_error("R-GCN checkpoint needs encode() first");
        c.tables.push_back({"rgcn.encoded", rgcn->encoding().array()});
        char e[32];
        std::snprintf(e, sizeof e, "%g", static_cast<double>(model.config().rgcn_edge_dropout));
        c.meta["rgcn_edge_dropout"] = e;
        std::snprintf(e, sizeof e, "%g", static_cast<double>(model.config().rgcn_self_dropout));
        c.meta["rgcn_self_dropout"] = e;
    }
    if (opt) {
        auto& m = const_cast<Optimizer*>(opt)->first();
        auto& v = const_cast<Optimizer*>(opt)->second();
        for (std::size_t i = 0; i < m.size(); ++i)
            c.tables.push_back({"opt.m/" + model.tables()[i].name, m[i]});
        for (std::size_t i = 0; i < v.size(); ++i)
            c.tables.push_back({"opt.v/" + model.tables()[i].name, v[i]});
    }
    write_checkpoint(path, c);
}

namespace {
void restore_tables(const Checkpoint& c, const std::string& path, std::vector<ParamTable>& tables,
                    const std::string& prefix, std::vector<Matrix>* opt_tables = nullptr) {
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const std::string name = prefix + tables[i].name;
        const Matrix* m = c.table(name);
        Matrix& dst = opt_tables ? (*opt_tables)[i] : tables[i].values;
        if (!m || m->rows() != dst.rows() || m->cols() != dst.cols())
            throw InputError(path, "checkpoint lacks table '" + name + "' of shape " + std::to_string(dst.rows()) +
                                       "×" + std::to_string(dst.cols()));
        dst = *m;
    }
}
} // namespace

std::unique_ptr<KgModel> load_kg_model(const std::string& path, std::vector<std::string>* entities,
                                       std::vector<std::string>* relations) {
    const Checkpoint c = read_checkpoint(path);
    if (c.get("kind") != "triple-model")
        throw InputError(path, "checkpoint holds a " + (c.get("kind").empty() ? std::string("?") : c.get("kind")) +
                                   ", not a triple model");
    KgModelConfig cfg;
    cfg.name = c.get("model");
    cfg.dim = std::stoi(c.get("dim"));
    cfg.gamma = std::stof(c.get("gamma"));
    cfg.p_norm = std::stoi(c.get("p_norm"));
    cfg.bounded = c.get("bounded") == "1";
    if (cfg.name == "rgcn") {
        check_rgcn_format(c, path);
        cfg.rgcn_layers = std::stoi(c.get("rgcn_layers"));
        cfg.rgcn_bases = std::stoi(c.get("rgcn_bases"));
        cfg.rgcn_blocks = std::stoi(c.get("rgcn_blocks"));
        if (!c.get("rgcn_edge_dropout").empty()) cfg.rgcn_edge_dropout = std::stof(c.get("rgcn_edge_dropout"));
        if (!c.get("rgcn_self_dropout").empty()) cfg.rgcn_self_dropout = std::stof(c.get("rgcn_self_dropout"));
        cfg.variant = variant_of(c, path);
    }
    const std::size_t E = std::stoull(c.get("entities")), R = std::stoull(c.get("relations"));
    std::unique_ptr<KgModel> model;
    try {
        model = make_kg_model(cfg, E, R);
    } catch (const std::invalid_argument& e) {
        throw InputError(path, std::string("checkpoint describes no usable model: ") + e.what());
    }
    restore_tables(c, path, model->tables(), "");
    if (auto* rgcn = dynamic_cast<RgcnModel*>(model.get())) {
        const Matrix* enc = c.table("rgcn.encoded");
        if (!enc || enc->rows() != static_cast<Eigen::Index>(E) || enc->cols() != cfg.dim)
            throw InputError(path, "R-GCN checkpoint lacks the entity encoding 'rgcn.encoded' of shape " +
                                       std::to_string(E) + "×" + std::to_string(cfg.dim));
        rgcn->set_encoding(*enc);
    }
    if (entities) *entities = c.lists.count("entities") ? c.lists.at("entities") : std::vector<std::string>{};
    if (relations) *relations = c.lists.count("relations") ? c.lists.at("relations") : std::vector<std::string>{};
    return model;
}

TrainResult train_kg(const TripleDataset& data, const KgTrainParams& params, jobs::JobContext& ctx,
                     std::unique_ptr<KgModel>* model_out) {
    const TrainSettings& st = params.train;
    check_kg_settings(st);
    const std::size_t E = data.num_entities(), R = data.num_relations();
    if (E == 0 || data.train.empty()) throw InputError(st.data, "no training triples");
    std::unique_ptr<KgModel> model;
    try {
        model = make_kg_model(params.model, E, R);
    } catch (const std::invalid_argument& e) {
        throw InputError("train", e.what());
    }
    // R-GCN: the encoder propagates over the training graph; every optimiser step runs one
    // full-graph encoder pass (see rgcn_batch_loss_grad), and scoring reads the encoding
    // refreshed after each epoch's steps.
    auto* rgcn = dynamic_cast<RgcnModel*>(model.get());
    RgcnWorkspace rgcn_ws;
    if (rgcn) {
        rgcn->set_graph(data.train);
        rgcn->set_threads(st.threads);
    }
    if (rgcn && st.one_vs_all)
        throw InputError("train",
                         "--neg all (1-vs-all) is for the shallow models; R-GCN trains with sampled negatives");
    if (rgcn && st.subsampling)
        throw InputError("train", "--subsampling is for the shallow models; R-GCN weights every positive alike");
    const bool authors = rgcn && rgcn->authors();
    if (rgcn && (st.lp_entity > 0 || st.lp_relation > 0 || st.unit_entities || st.dense_optimizer ||
                 params.model.init != KgInit::Kbcx))
        throw InputError("train",
                         "R-GCN trains with its own regularisation and initialisation; --lp-entity, --lp-relation, "
                         "--unit-entities, --dense-optimizer and --init pykeen apply to TransE, DistMult, "
                         "ComplEx and BoxE");
    if (params.model.init == KgInit::Pykeen && !rgcn && !pykeen_init_known(params.model.name))
        throw InputError("train", "--init pykeen: PyKEEN's initialisers are recorded here for TransE, DistMult, "
                                  "ComplEx and BoxE, not " +
                                      params.model.name);
    if (authors) {
        if (st.p_bot > 0 || st.bernoulli || st.adv_temp > 0 || (st.loss && *st.loss != LossKind::Logistic))
            throw InputError("train", "--variant authors trains as RelationPrediction does: logistic loss on "
                                      "uniformly corrupted heads or tails (no --p-bot, --sampler bernoulli, "
                                      "--adv-temp or other --loss)");
        if (st.optimizer != OptimizerKind::Adam)
            throw InputError("train", "--variant authors trains with Adam, as RelationPrediction does");
    }
    const LossConfig loss{st.one_vs_all ? LossKind::CrossEntropy : st.loss.value_or(model->default_loss()), st.margin,
                          st.adv_temp};
    Optimizer opt(st.optimizer, st.lr, model->tables());
    RunFolder run(st.run_dir);
    run.prepare(st.resume);
    KgCheckpointState state;
    const bool maximise = st.early_stop != "mean_rank";
    state.best = maximise ? -INFINITY : INFINITY;
    TrainResult result;
    if (st.resume) {
        const std::string path = run.checkpoint_path();
        const Checkpoint c = read_checkpoint(path);
        auto expected = identity(params.model, st, E, R);
        if (params.model.name == "rgcn" && c.get("model") == "rgcn") {
            check_rgcn_format(c, path);
            check_resume_variant(c, path, params.model.variant);
            expected.erase("variant"); // compared above, where a missing entry reads as kbcx
        }
        const std::string diff = describe_mismatch(c, expected);
        if (!diff.empty()) throw InputError(path, "checkpoint does not match this run: " + diff);
        const auto& ents = c.lists.count("entities") ? c.lists.at("entities") : std::vector<std::string>{};
        for (Id e = 0; e < E && e < ents.size(); ++e)
            if (ents[e] != data.graph->vocab.entities().name(e))
                throw InputError(path, "checkpoint was trained on other data: entity " + std::to_string(e) + " is '" +
                                           ents[e] + "' there and '" +
                                           std::string(data.graph->vocab.entities().name(e)) + "' here");
        restore_tables(c, path, model->tables(), "");
        if (st.optimizer == OptimizerKind::Adam) restore_tables(c, path, model->tables(), "opt.m/", &opt.first());
        restore_tables(c, path, model->tables(), "opt.v/", &opt.second());
        opt.set_steps(std::stoll(c.get("optimizer_steps")));
        state.epoch = std::stoi(c.get("epoch"));
        state.best = std::stod(c.get("best"));
        state.bad_evals = std::stoi(c.get("bad_evals"));
        run.truncate_metrics(state.epoch);
    } else {
        std::mt19937_64 rng(mix_seed(st.seed, 0xC0FFEE));
        if (params.model.init == KgInit::Pykeen) {
            init_like_pykeen(*model, rng); // known: checked before the run folder was made
        } else {
            model->init(rng);
        }
        if (st.unit_entities) normalise_rows(model->tables()[model->entity_table()].values);
        run.write_params(params_json(params.model, st, loss));
    }
    if (rgcn) rgcn->encode();
    result.first_epoch = state.epoch + 1;

    // Bernoulli: corrupt the head with probability tph/(tph + hpt) per relation.
    std::vector<float> head_prob;
    if (st.bernoulli) {
        head_prob.assign(R, 0.5f);
        const auto& fs = data.graph->facts;
        std::vector<std::size_t> heads(R), tails(R), count(R);
        for (const Triple& t : data.train)
            ++count[t.r];
        for (Id r = 0; r < R; ++r) {
            heads[r] = fs.subjects_of(r).size();
            tails[r] = fs.objects_of(r).size();
            if (!heads[r] || !tails[r]) continue;
            const double tph = static_cast<double>(fs.relation_size(r)) / static_cast<double>(heads[r]);
            const double hpt = static_cast<double>(fs.relation_size(r)) / static_cast<double>(tails[r]);
            head_prob[r] = static_cast<float>(tph / (tph + hpt));
        }
    }
    const TrueFacts filter({data.train, data.valid, data.test});
    std::vector<Triple> valid = data.valid;
    if (st.eval_max && valid.size() > st.eval_max) {
        std::vector<Triple> sample;
        for (std::size_t i = 0; i < st.eval_max; ++i)
            sample.push_back(valid[i * valid.size() / st.eval_max]);
        valid.swap(sample);
    }

    const std::size_t T = static_cast<std::size_t>(st.threads);
    std::vector<GradBuffer> buffers(rgcn ? 1 : T); // R-GCN: the threads work inside each step
    for (auto& b : buffers)
        b.shape_like(model->tables());
    const std::size_t N = data.train.size(), B = static_cast<std::size_t>(st.batch);
    // authors: steps of min(B, N) neighbourhood-sampled edges, ⌈N / that⌉ of them per epoch, so an
    // epoch feeds about N positives to the loss as the others do.
    const std::size_t batches = (N + std::min(B, N) - 1) / std::min(B, N);
    std::unique_ptr<RgcnEdgeSampler> sampler;
    if (authors) sampler = std::make_unique<RgcnEdgeSampler>(data.train, E);
    std::vector<Triple> messages;
    const std::size_t epoch_positives = authors ? batches * std::min(B, N) : N; // fed to the loss
    std::vector<std::uint32_t> order(N);
    std::vector<Triple> batch;
    std::vector<double> slice_loss(T);
    const std::vector<float> train_weight = st.subsampling ? subsampling_weights(data.train) : std::vector<float>{};
    std::vector<float> batch_weight;
    const KgAxiomScorer scorer(*model);
    const std::stop_token stop = ctx.stop_token();

    auto evaluate = [&](int epoch, std::span<const Triple> queries) {
        Metrics m;
        if (!queries.empty()) m = to_metrics(evaluate_ranking(*model, queries, filter, st.threads, &ctx));
        for (const auto& hook : params.hooks.eval_hooks)
            hook(scorer, epoch, m);
        return m;
    };

    for (int epoch = state.epoch + 1; epoch <= st.epochs; ++epoch) {
        Stopwatch clock;
        const std::clock_t cpu0 = std::clock();
        std::iota(order.begin(), order.end(), 0u);
        std::shuffle(order.begin(), order.end(),
                     std::mt19937_64(mix_seed(st.seed, 1, static_cast<std::uint64_t>(epoch))));
        double epoch_loss = 0;
        opt.set_lr(lr_at_epoch(st, epoch));
        for (std::size_t b = 0; b < batches; ++b) {
            ctx.throw_if_stopped();
            if (params.hooks.control) params.hooks.control->wait_while_paused(stop);
            ctx.throw_if_stopped();
            if (authors) {
                // RelationPrediction's step: sample, split, BCE + L2, clip the global norm, Adam.
                std::mt19937_64 rng(mix_seed(st.seed, 0xA07, static_cast<std::uint64_t>(epoch), b));
                const std::vector<std::uint32_t> ids = sampler->sample(B, rng);
                const std::vector<std::uint32_t> msg =
                    rgcn_message_split(ids, RgcnAuthorsDefaults::message_fraction, rng);
                batch.clear();
                messages.clear();
                for (std::uint32_t i : ids)
                    batch.push_back(data.train[i]);
                for (std::uint32_t i : msg)
                    messages.push_back(data.train[i]);
                const double l = rgcn_authors_loss_grad(*rgcn, batch, messages, st,
                                                        mix_seed(st.seed, static_cast<std::uint64_t>(epoch), b),
                                                        buffers[0], rgcn_ws);
                buffers[0].clip_global_norm(RgcnAuthorsDefaults::max_grad_norm);
                opt.step(model->tables(), buffers[0]);
                buffers[0].clear();
                epoch_loss += l * static_cast<double>(batch.size());
                ctx.report(static_cast<std::uint64_t>(epoch - 1) * batches + b + 1,
                           static_cast<std::uint64_t>(st.epochs) * batches,
                           "Epoch " + std::to_string(epoch) + "/" + std::to_string(st.epochs), b + 1 == batches);
                continue;
            }
            const std::size_t lo = b * B, hi = std::min(N, lo + B);
            batch.clear();
            batch_weight.clear();
            double weight_sum = 0;
            for (std::size_t i = lo; i < hi; ++i) {
                batch.push_back(data.train[order[i]]);
                if (train_weight.empty()) continue;
                batch_weight.push_back(train_weight[order[i]]);
                weight_sum += train_weight[order[i]];
            }
            if (rgcn) {
                const double l =
                    rgcn_batch_loss_grad(*rgcn, batch, st, loss, data.negatives, head_prob,
                                         mix_seed(st.seed, static_cast<std::uint64_t>(epoch), b), buffers[0], rgcn_ws);
                opt.step(model->tables(), buffers[0]);
                buffers[0].clear();
                epoch_loss += l * static_cast<double>(hi - lo);
                ctx.report(static_cast<std::uint64_t>(epoch - 1) * batches + b + 1,
                           static_cast<std::uint64_t>(st.epochs) * batches,
                           "Epoch " + std::to_string(epoch) + "/" + std::to_string(st.epochs), b + 1 == batches);
                continue;
            }
            // Each positive counts 1/|batch|, or with subsampling weights w_i/Σw over the batch.
            const float scale =
                static_cast<float>(1.0 / (batch_weight.empty() ? static_cast<double>(hi - lo) : weight_sum));
            auto work = [&](std::size_t w) {
                const std::size_t a = batch.size() * w / T, z = batch.size() * (w + 1) / T;
                const std::span<const float> weights = batch_weight.empty()
                                                           ? std::span<const float>()
                                                           : std::span<const float>(batch_weight).subspan(a, z - a);
                slice_loss[w] = kg_batch_loss_grad(
                    *model, std::span<const Triple>(batch).subspan(a, z - a), st, loss, data.negatives, head_prob,
                    mix_seed(st.seed, static_cast<std::uint64_t>(epoch), b, w), scale, buffers[w], weights);
            };
            if (T == 1) {
                work(0);
            } else {
                std::vector<std::thread> pool;
                for (std::size_t w = 1; w < T; ++w)
                    pool.emplace_back(work, w);
                work(0);
                for (auto& t : pool)
                    t.join();
            }
            if (st.dense_optimizer) buffers[0].touch_all();
            opt.step_and_clear(model->tables(), buffers, T);
            if (st.unit_entities) normalise_rows(model->tables()[model->entity_table()].values);
            for (double l : slice_loss)
                epoch_loss += l * static_cast<double>(hi - lo);
            ctx.report(static_cast<std::uint64_t>(epoch - 1) * batches + b + 1,
                       static_cast<std::uint64_t>(st.epochs) * batches,
                       "Epoch " + std::to_string(epoch) + "/" + std::to_string(st.epochs),
                       b + 1 == batches); // always deliver the end of an epoch
        }
        if (rgcn) rgcn->encode(); // scores and the checkpoint use the encoding without dropout
        EpochReport rep;
        rep.epoch = epoch;
        rep.epochs = st.epochs;
        rep.loss = epoch_loss / static_cast<double>(epoch_positives);
        rep.seconds = clock.seconds();
        rep.cpu_seconds = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
        result.train_cpu_seconds += rep.cpu_seconds;
        rep.positives_per_second = rep.seconds > 0 ? static_cast<double>(epoch_positives) / rep.seconds : 0;
        result.train_seconds += rep.seconds;
        result.positives += epoch_positives;
        result.last_epoch = epoch;

        const auto save = [&] {
            state.epoch = epoch;
            if (run.enabled()) save_kg_checkpoint(run.checkpoint_path(), *model, &opt, data.graph->vocab, state, st);
        };
        if (end_epoch(
                rep, st, maximise, "valid", run, {state.best, state.bad_evals}, result,
                [&](Metrics& metrics) { metrics = evaluate(epoch, valid); }, save, params.hooks))
            break;
    }
    if (!data.test.empty()) {
        Stopwatch eclock;
        result.test = evaluate(result.last_epoch ? result.last_epoch : state.epoch, data.test);
        result.eval_seconds += eclock.seconds();
        run.append_metrics(metrics_line(state.epoch, "test", 0.0, 0.0, result.test));
    }
    const int ran = result.last_epoch ? result.last_epoch - result.first_epoch + 1 : 0;
    result.seconds_per_epoch = ran ? result.train_seconds / ran : 0;
    result.cpu_seconds_per_epoch = ran ? result.train_cpu_seconds / ran : 0;
    result.positives_per_second =
        result.train_seconds > 0 ? static_cast<double>(result.positives) / result.train_seconds : 0;
    if (model_out) *model_out = std::move(model);
    return result;
}

} // namespace kbcx::embed
