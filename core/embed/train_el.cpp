// EL training loop. Determinism: the epoch's shuffle and every positive's negatives come from
// seeds mixed from (seed, epoch, position), and per-thread gradients are added in slice order.
#include "embed/train_el.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "embed/checkpoint.hpp"
#include "embed/epoch_end.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <thread>

namespace kbcx::embed {

ElTrainParams el_default_train_params(const std::string& canonical_name, ElVariant variant) {
    ElTrainParams p;
    p.model = default_el_config(canonical_name, variant);
    const ElVariantTraining t = el_variant_training(variant);
    p.train.epochs = t.epochs;
    p.train.batch = t.batch;
    p.train.neg = t.neg;
    p.train.lr = static_cast<float>(t.lr);
    return p;
}

std::vector<float> el_batch_weights(std::span<const NfAxiom> batch) {
    std::size_t counts[kNfKinds] = {};
    for (const NfAxiom& a : batch)
        ++counts[static_cast<int>(a.kind)];
    std::vector<float> w;
    w.reserve(batch.size());
    for (const NfAxiom& a : batch)
        w.push_back(1.0f / static_cast<float>(counts[static_cast<int>(a.kind)]));
    return w;
}

double el_batch_loss_grad(const ElModel& model, std::span<const NfAxiom> batch, std::span<const float> weights,
                          const TrainSettings& st, std::span<const NfAxiom> pool, std::size_t named_concepts,
                          std::uint64_t seed, std::uint64_t first, float scale, GradBuffer& g, double* plain) {
    const std::size_t K = static_cast<std::size_t>(std::max(0, st.neg));
    const std::size_t individuals = model.sizes().individuals;
    std::vector<NfAxiom> negs;
    const FormPools pools(pool);
    double L = 0, P = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const NfAxiom& a = batch[i];
        const float w = weights[i] * scale;
        const double l = model.part_value(a, LossPart::Positive);
        double term = l * l;
        if (l != 0) model.add_part_grad(a, LossPart::Positive, w * 2.0f * static_cast<float>(l), g);
        term += model.part_value(a, LossPart::Regulariser);
        model.add_part_grad(a, LossPart::Regulariser, w, g);
        if (K > 0 && model.has_negative(a.kind)) {
            negs.clear();
            std::mt19937_64 rng(mix_seed(seed, first + i));
            draw_negatives(a, K, st.p_bot, pools.for_form(a.kind), named_concepts, individuals, rng, negs);
            std::size_t usable = 0;
            for (const NfAxiom& n : negs)
                usable += model.has_negative(n.kind) && model.in_signature(n);
            if (usable) {
                const float wn = 1.0f / static_cast<float>(usable);
                for (const NfAxiom& n : negs) {
                    if (!model.has_negative(n.kind) || !model.in_signature(n)) continue;
                    term += wn * model.part_value(n, LossPart::Negative);
                    model.add_part_grad(n, LossPart::Negative, w * wn, g);
                }
            }
        }
        L += weights[i] * term;
        P += term;
    }
    if (plain) *plain = P;
    return L * scale;
}

void draw_released_fillers(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                           std::vector<std::uint32_t>& out) {
    out.assign(train.size(), kg::kNoId);
    std::uniform_int_distribution<std::size_t> pick(0, model.filler_count() - 1);
    for (std::size_t i = 0; i < train.size(); ++i)
        if (train[i].kind == NfKind::GCI2) out[i] = model.filler_row(pick(rng));
}

void draw_dele_negatives(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                         std::vector<std::uint32_t>& out) {
    out.assign(train.size(), kg::kNoId);
    std::uniform_int_distribution<std::size_t> pick(0, model.filler_count() - 1);
    for (std::size_t i = 0; i < train.size(); ++i)
        if (model.has_negative(train[i].kind)) out[i] = model.filler_row(pick(rng));
}

void draw_kracr_negatives(const ElReleasedModel& model, std::span<const NfAxiom> train, std::mt19937_64& rng,
                          std::vector<NfAxiom>& out, std::vector<std::size_t>* source) {
    out.clear();
    if (source) source->clear();
    std::uniform_int_distribution<std::size_t> pick(0, model.filler_count() - 1);
    const auto other_than = [&](std::uint32_t row) { // kracr redraws until the class differs
        for (;;) {
            const std::uint32_t x = model.filler_row(pick(rng));
            if (x != row || model.filler_count() < 2) return x;
        }
    };
    for (std::size_t i = 0; i < train.size(); ++i) {
        if (train[i].kind != NfKind::GCI2) continue;
        const NfAxiom a = model.folded_rows(train[i]);
        NfAxiom tail = a, head = a;
        tail.b = other_than(a.a); // (c, r, x), x ≠ c — as written there
        head.a = other_than(a.b); // (y, r, d), y ≠ d
        out.push_back(tail);
        out.push_back(head);
        if (source) source->push_back(i), source->push_back(i);
    }
}

bool DelePlateau::update(double v) {
    using D = ElDeleDefaults;
    if (v < plateau_best * (1 - D::plateau_threshold)) {
        plateau_best = v;
        plateau_bad = 0;
    } else if (++plateau_bad > D::plateau_patience) {
        lr *= D::plateau_factor;
        plateau_bad = 0;
    }
    if (v < best) {
        best = v;
        no_improve = 0;
        return true;
    }
    ++no_improve;
    return false;
}

bool DelePlateau::stop() const {
    return no_improve >= ElDeleDefaults::stop_after;
}

namespace {

std::string fmt(double x) {
    char b[40];
    std::snprintf(b, sizeof b, "%.9g", x);
    return b;
}

std::map<std::string, std::string> identity(const ElModelConfig& c, const TrainSettings& st, const ElSizes& s) {
    std::map<std::string, std::string> m = {{"kind", "el-model"},
                                            {"model", c.name},
                                            {"variant", std::string(el_variant_name(c.variant))},
                                            {"dim", std::to_string(c.dim)},
                                            {"margin", fmt(c.margin)},
                                            {"delta", fmt(c.delta)},
                                            {"reg", fmt(c.reg)},
                                            {"optimizer", std::string(optimizer_name(st.optimizer))},
                                            {"concepts", std::to_string(s.concepts)},
                                            {"roles", std::to_string(s.roles)},
                                            {"individuals", std::to_string(s.individuals)}};
    if (c.variant == ElVariant::Dele) m["neg_forms"] = neg_forms_text(c.neg_forms);
    return m;
}

std::string params_json(const ElTrainParams& p, const ElDataset& data, std::size_t trained) {
    const auto& c = p.model;
    const auto& st = p.train;
    JsonWriter j(true);
    j.begin_object()
        .field("data", st.data)
        .field("model", c.name)
        .field("variant", std::string(el_variant_name(c.variant)))
        .field("family", "el")
        .field("dim", c.dim)
        .field("margin", static_cast<double>(c.margin))
        .field("delta", static_cast<double>(c.delta))
        .field("reg", static_cast<double>(c.reg))
        .field("optimizer", std::string(optimizer_name(st.optimizer)))
        .field("lr", static_cast<double>(st.lr))
        .field("lr_step", st.lr_step)
        .field("lr_decay", static_cast<double>(st.lr_decay))
        .field("epochs", st.epochs)
        .field("batch", c.variant == ElVariant::Kbcx || c.variant == ElVariant::Kracr
                            ? st.batch
                            : static_cast<int>(trained)) // mowl: the whole set
        .field("neg", st.neg)
        .field("neg_forms", c.variant == ElVariant::Kbcx    ? "every form with a negative term"
                            : c.variant == ElVariant::Dele  ? neg_forms_text(c.neg_forms)
                            : c.variant == ElVariant::Kracr ? "GCI2 (filler and subject, 2 per axiom)"
                                                            : "GCI2")
        .field("negatives", c.variant == ElVariant::Dele   ? "tail corrupted, drawn once for the run"
                            : c.variant == ElVariant::Kbcx ? "redrawn every epoch"
                                                           : "GCI2 filler corrupted, redrawn every epoch")
        .field("validation", c.variant != ElVariant::Dele ? std::string()
                             : p.validation.empty()       ? std::string("training GCI0 axioms")
                                                          : p.validation_source)
        .field("sampler", p.train.p_bot > 0 ? "stratified" : "corruption")
        .field("p_bot", static_cast<double>(st.p_bot))
        .field("pool", p.pool_source)
        .field("pool_size", static_cast<std::uint64_t>(p.contradiction_pool.size()))
        .field("pool_draw", "same normal form")
        .field("tests", p.tests)
        .field("eval_every", st.eval_every)
        .field("early_stop", st.early_stop)
        .field("patience", st.patience)
        .field("threads", st.threads)
        .field("seed", st.seed)
        .field("axioms", static_cast<std::uint64_t>(trained))
        .field("concepts", static_cast<std::uint64_t>(data.names.concepts.size()))
        .field("roles", static_cast<std::uint64_t>(data.names.roles.size()))
        .field("individuals", static_cast<std::uint64_t>(data.names.individuals.size()))
        .field("version", KBCX_VERSION)
        .end_object();
    return j.str();
}

void check_el_settings(const TrainSettings& st) {
    auto bad = [](const std::string& m) { throw InputError("train", m); };
    if (st.epochs < 0) bad("--epochs must be ≥ 0");
    if (st.batch < 1) bad("--batch must be ≥ 1");
    if (st.neg < 0) bad("--neg must be ≥ 0");
    if (st.threads < 1) bad("--threads must be ≥ 1");
    if (!(st.lr > 0)) bad("--lr must be > 0");
    check_lr_schedule(st);
    if (st.subsampling) bad("--subsampling weights triples by their query counts; EL axioms have their own weights");
    if (!(st.p_bot >= 0 && st.p_bot <= 1)) bad("--p-bot must be in [0, 1]");
}

void restore(const Checkpoint& c, const std::string& path, const std::vector<ParamTable>& shape,
             const std::string& prefix, std::vector<Matrix>& dst) {
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const std::string name = prefix + shape[i].name;
        const Matrix* m = c.table(name);
        if (!m || m->rows() != dst[i].rows() || m->cols() != dst[i].cols())
            throw InputError(path, "checkpoint lacks table '" + name + "' of shape " + std::to_string(dst[i].rows()) +
                                       "×" + std::to_string(dst[i].cols()));
        dst[i] = *m;
    }
}

void restore_params_prefixed(const Checkpoint& c, const std::string& path, const std::string& prefix,
                             std::vector<ParamTable>& tables) {
    std::vector<Matrix> vals;
    for (const auto& t : tables)
        vals.push_back(t.values);
    restore(c, path, tables, prefix, vals);
    for (std::size_t i = 0; i < tables.size(); ++i)
        tables[i].values = std::move(vals[i]);
}

void restore_params(const Checkpoint& c, const std::string& path, std::vector<ParamTable>& tables) {
    std::vector<Matrix> vals;
    for (const auto& t : tables)
        vals.push_back(t.values);
    restore(c, path, tables, "", vals);
    for (std::size_t i = 0; i < tables.size(); ++i)
        tables[i].values = std::move(vals[i]);
}

ElNames names_from(const Checkpoint& c) {
    ElNames n;
    auto list = [&](const char* k) { return c.lists.count(k) ? c.lists.at(k) : std::vector<std::string>{}; };
    n.concepts = list("concepts");
    n.roles = list("roles");
    n.individuals = list("individuals");
    for (const auto& p : list("prefixes")) {
        const auto tab = p.find('\t');
        if (tab != std::string::npos) n.prefixes.emplace_back(p.substr(0, tab), p.substr(tab + 1));
    }
    n.named_concepts = c.get("named_concepts").empty() ? n.concepts.size() : std::stoull(c.get("named_concepts"));
    return n;
}

} // namespace

void save_el_checkpoint(const std::string& path, const ElModel& model, const Optimizer* opt, const ElNames& names,
                        const ElCheckpointState& state, const TrainSettings& st) {
    Checkpoint c;
    c.meta = identity(model.config(), st, model.sizes());
    c.meta["epoch"] = std::to_string(state.epoch);
    c.meta["best"] = fmt(state.best);
    c.meta["bad_evals"] = std::to_string(state.bad_evals);
    c.meta["seed"] = std::to_string(st.seed);
    c.meta["named_concepts"] = std::to_string(names.named_concepts);
    if (opt) c.meta["optimizer_steps"] = std::to_string(opt->steps());
    if (state.dele) {
        c.meta["dele.lr"] = fmt(state.dele->lr);
        c.meta["dele.plateau_best"] = fmt(state.dele->plateau_best);
        c.meta["dele.plateau_bad"] = std::to_string(state.dele->plateau_bad);
        c.meta["dele.best"] = fmt(state.dele->best);
        c.meta["dele.no_improve"] = std::to_string(state.dele->no_improve);
    }
    c.lists["concepts"] = names.concepts;
    c.lists["roles"] = names.roles;
    c.lists["individuals"] = names.individuals;
    auto& pre = c.lists["prefixes"];
    for (const auto& [p, iri] : names.prefixes)
        pre.push_back(p + "\t" + iri);
    for (const auto& t : model.tables())
        c.tables.push_back(t);
    if (opt) {
        auto& o = const_cast<Optimizer&>(*opt);
        for (std::size_t i = 0; i < o.first().size(); ++i)
            c.tables.push_back({"opt.m/" + model.tables()[i].name, o.first()[i]});
        for (std::size_t i = 0; i < o.second().size(); ++i)
            c.tables.push_back({"opt.v/" + model.tables()[i].name, o.second()[i]});
    }
    if (state.best_tables)
        for (const auto& t : *state.best_tables)
            c.tables.push_back({"best/" + t.name, t.values});
    if (state.last_tables)
        for (const auto& t : *state.last_tables)
            c.tables.push_back({"last/" + t.name, t.values});
    write_checkpoint(path, c);
}

std::unique_ptr<ElModel> load_el_model(const std::string& path, ElNames* names) {
    const Checkpoint c = read_checkpoint(path);
    if (c.get("kind") != "el-model")
        throw InputError(path, "checkpoint holds a " + (c.get("kind").empty() ? std::string("?") : c.get("kind")) +
                                   ", not an EL model");
    ElModelConfig cfg;
    cfg.name = c.get("model");
    cfg.dim = std::stoi(c.get("dim"));
    cfg.margin = std::stof(c.get("margin"));
    cfg.delta = std::stof(c.get("delta"));
    cfg.reg = std::stof(c.get("reg"));
    cfg.variant = variant_of(c, path);
    if (!c.get("neg_forms").empty()) cfg.neg_forms = parse_neg_forms(c.get("neg_forms"));
    const ElSizes s{std::stoull(c.get("concepts")), std::stoull(c.get("roles")), std::stoull(c.get("individuals"))};
    auto model = make_el_model(cfg, s);
    restore_params(c, path, model->tables());
    if (names) *names = names_from(c);
    return model;
}

TrainResult train_el(const ElDataset& data, const ElTrainParams& params, jobs::JobContext& ctx,
                     std::unique_ptr<ElModel>* model_out) {
    const TrainSettings& st = params.train;
    check_el_settings(st);
    const ElSizes sizes = data.names.sizes();
    auto model = make_el_model(params.model, sizes);
    std::vector<NfAxiom> train;
    for (const NfAxiom& a : data.axioms)
        if (model->supports(a.kind) && model->in_signature(a)) train.push_back(a);
    if (train.empty()) throw InputError(st.data, "no normal-form axioms that " + params.model.name + " can train on");
    if (params.model.variant != ElVariant::Kbcx && st.optimizer != OptimizerKind::Adam)
        throw InputError("train", "--variant " + std::string(el_variant_name(params.model.variant)) +
                                      " trains with Adam, as mOWL does");
    Optimizer opt(st.optimizer, st.lr, model->tables());
    RunFolder run(st.run_dir);
    run.prepare(st.resume);
    ElCheckpointState state;
    const bool maximise = st.early_stop != "mean_rank" && st.early_stop != "fvr" && st.early_stop != "pair_fvr";
    state.best = maximise ? -INFINITY : INFINITY;
    TrainResult result;
    const auto* released = dynamic_cast<const ElReleasedModel*>(model.get());
    const bool dele = params.model.variant == ElVariant::Dele;
    DelePlateau plateau;
    plateau.lr = st.lr;
    std::vector<ParamTable> best_tables, last_tables;
    if (st.resume) {
        const std::string path = run.checkpoint_path();
        const Checkpoint c = read_checkpoint(path);
        check_resume_variant(c, path, params.model.variant);
        auto expected = identity(params.model, st, sizes);
        expected.erase("variant"); // compared above, where a missing entry reads as kbcx
        const std::string diff = describe_mismatch(c, expected);
        if (!diff.empty()) throw InputError(path, "checkpoint does not match this run: " + diff);
        const ElNames names = names_from(c);
        for (std::size_t i = 0; i < names.concepts.size() && i < data.names.concepts.size(); ++i)
            if (names.concepts[i] != data.names.concepts[i])
                throw InputError(path, "checkpoint was trained on other data: concept " + std::to_string(i) + " is '" +
                                           names.concepts[i] + "' there and '" + data.names.concepts[i] + "' here");
        restore_params(c, path, model->tables());
        if (st.optimizer == OptimizerKind::Adam) restore(c, path, model->tables(), "opt.m/", opt.first());
        restore(c, path, model->tables(), "opt.v/", opt.second());
        opt.set_steps(std::stoll(c.get("optimizer_steps")));
        state.epoch = std::stoi(c.get("epoch"));
        state.best = std::stod(c.get("best"));
        state.bad_evals = std::stoi(c.get("bad_evals"));
        if (dele && c.table("best/" + model->tables()[0].name)) {
            plateau.lr = std::stod(c.get("dele.lr"));
            plateau.plateau_best = std::stod(c.get("dele.plateau_best"));
            plateau.plateau_bad = std::stoi(c.get("dele.plateau_bad"));
            plateau.best = std::stod(c.get("dele.best"));
            plateau.no_improve = std::stoi(c.get("dele.no_improve"));
            best_tables = model->tables();
            restore_params_prefixed(c, path, "best/", best_tables);
            if (c.table("last/" + model->tables()[0].name)) // continue from the last epoch, not the best
                restore_params_prefixed(c, path, "last/", model->tables());
        }
        run.truncate_metrics(state.epoch);
    } else {
        std::mt19937_64 rng(mix_seed(st.seed, 0xE1));
        model->init(rng);
        run.write_params(params_json(params, data, train.size()));
    }
    result.first_epoch = state.epoch + 1;

    const std::size_t T = static_cast<std::size_t>(st.threads);
    std::vector<GradBuffer> buffers(T);
    for (auto& b : buffers)
        b.shape_like(model->tables());
    const std::size_t N = train.size(), B = static_cast<std::size_t>(st.batch);
    const std::size_t batches = (N + B - 1) / B;
    std::vector<std::uint32_t> order(N);
    std::vector<NfAxiom> batch;
    std::vector<double> slice_loss(T), slice_plain(T);
    const ElAxiomScorer scorer(*model);
    const std::stop_token stop = ctx.stop_token();
    const std::size_t named = data.names.named_concepts;

    std::vector<std::uint32_t> fillers;
    if (dele) { // DELE's loader draws with a fixed seed: the same negatives every epoch
        std::mt19937_64 rng(mix_seed(st.seed, 3));
        draw_dele_negatives(*released, train, rng, fillers);
    }
    const std::span<const NfAxiom> validation =
        params.validation.empty() ? std::span<const NfAxiom>(train) : std::span<const NfAxiom>(params.validation);
    bool dele_stop = false;
    const bool kracr = params.model.variant == ElVariant::Kracr;
    std::array<std::vector<NfAxiom>, kNfKinds> kracr_forms; // the training axioms by folded form
    std::vector<NfAxiom> kracr_negs;
    std::vector<std::size_t> kracr_neg_source;
    std::size_t kracr_steps = 0;
    if (kracr) { // kracr draws its negatives once, when it loads the data
        for (const NfAxiom& a : train) {
            const NfAxiom f = released->folded_rows(a);
            kracr_forms[static_cast<int>(f.kind)].push_back(f);
        }
        std::mt19937_64 rng(mix_seed(st.seed, 3));
        draw_kracr_negatives(*released, train, rng, kracr_negs, &kracr_neg_source);
        std::size_t largest = kracr_negs.size();
        for (const auto& f : kracr_forms)
            largest = std::max(largest, f.size());
        kracr_steps = (largest + B - 1) / B;
    }

    for (int epoch = state.epoch + 1; epoch <= st.epochs; ++epoch) {
        Stopwatch clock;
        double epoch_loss = 0;
        if (released) {
            // mOWL's epoch: the whole training set, fresh GCI2 negatives, one dense Adam step.
            ctx.throw_if_stopped();
            if (params.hooks.control) params.hooks.control->wait_while_paused(stop);
            ctx.throw_if_stopped();
            if (!dele && !kracr) {
                std::mt19937_64 rng(mix_seed(st.seed, 2, static_cast<std::uint64_t>(epoch)));
                draw_released_fillers(*released, train, rng, fillers);
            }
            opt.set_lr(dele ? static_cast<float>(plateau.lr) : lr_at_epoch(st, epoch));
            if (kracr) {
                if (params.on_negatives) {
                    std::vector<NfAxiom> src;
                    for (std::size_t i : kracr_neg_source)
                        src.push_back(train[i]);
                    params.on_negatives(epoch, src, kracr_negs);
                }
                ElReleasedModel::KracrBatch kb;
                kb.size = B;
                for (std::size_t step = 0; step < kracr_steps; ++step) {
                    ctx.throw_if_stopped();
                    std::mt19937_64 rng(mix_seed(st.seed, 4, static_cast<std::uint64_t>(epoch) * 1000003u + step));
                    const auto sample = [&](const auto& from, auto& to) { // B draws with replacement
                        to.clear();
                        if (from.empty()) return;
                        std::uniform_int_distribution<std::size_t> pick(0, from.size() - 1);
                        for (std::size_t i = 0; i < B; ++i)
                            to.push_back(from[pick(rng)]);
                    };
                    for (int k = 0; k < kNfKinds; ++k)
                        sample(kracr_forms[k], kb.forms[k]);
                    sample(kracr_negs, kb.negatives);
                    kb.radius_rows.clear();
                    std::uniform_int_distribution<std::size_t> pick(0, released->filler_count() - 1);
                    for (std::size_t i = 0; i < B; ++i)
                        kb.radius_rows.push_back(released->filler_row(pick(rng)));
                    epoch_loss += released->kracr_objective(kb, &buffers[0]) * static_cast<double>(N) /
                                  static_cast<double>(kracr_steps);
                    buffers[0].touch_all(); // dense Adam
                    opt.step(model->tables(), buffers[0]);
                    buffers[0].clear();
                }
            }
            if (params.on_negatives && !kracr) {
                std::vector<NfAxiom> negs(train.size(), NfAxiom{NfKind::RI, kg::kNoId, kg::kNoId});
                for (std::size_t i = 0; i < train.size(); ++i)
                    if (fillers[i] != kg::kNoId) negs[i] = released->corrupt(train[i], fillers[i]);
                params.on_negatives(epoch, train, negs);
            }
            if (!kracr) {
                epoch_loss = released->objective(train, fillers, &buffers[0]) * static_cast<double>(N);
                buffers[0].touch_all(); // dense: every row steps
                opt.step(model->tables(), buffers[0]);
                buffers[0].clear();
            }
            ctx.report(static_cast<std::uint64_t>(epoch), static_cast<std::uint64_t>(st.epochs),
                       "Epoch " + std::to_string(epoch) + "/" + std::to_string(st.epochs));
        } else {
            const std::uint64_t epoch_seed = mix_seed(st.seed, 2, static_cast<std::uint64_t>(epoch));
            std::iota(order.begin(), order.end(), 0u);
            std::shuffle(order.begin(), order.end(),
                         std::mt19937_64(mix_seed(st.seed, 1, static_cast<std::uint64_t>(epoch))));
            opt.set_lr(lr_at_epoch(st, epoch));
            for (std::size_t b = 0; b < batches; ++b) {
                ctx.throw_if_stopped();
                if (params.hooks.control) params.hooks.control->wait_while_paused(stop);
                ctx.throw_if_stopped();
                const std::size_t lo = b * B, hi = std::min(N, lo + B);
                batch.clear();
                for (std::size_t i = lo; i < hi; ++i)
                    batch.push_back(train[order[i]]);
                const std::vector<float> weights = el_batch_weights(batch);
                auto work = [&](std::size_t w) {
                    const std::size_t a = batch.size() * w / T, z = batch.size() * (w + 1) / T;
                    slice_loss[w] = el_batch_loss_grad(*model, std::span<const NfAxiom>(batch).subspan(a, z - a),
                                                       std::span<const float>(weights).subspan(a, z - a), st,
                                                       params.contradiction_pool, named, epoch_seed, lo + a, 1.0f,
                                                       buffers[w], &slice_plain[w]);
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
                for (std::size_t w = 1; w < T; ++w)
                    buffers[0].add(buffers[w]);
                opt.step(model->tables(), buffers[0]);
                for (auto& buf : buffers)
                    buf.clear();
                for (double l : slice_plain)
                    epoch_loss += l;
                ctx.report(static_cast<std::uint64_t>(epoch - 1) * batches + b + 1,
                           static_cast<std::uint64_t>(st.epochs) * batches,
                           "Epoch " + std::to_string(epoch) + "/" + std::to_string(st.epochs));
            }
        }
        EpochReport rep;
        rep.epoch = epoch;
        rep.epochs = st.epochs;
        rep.loss = epoch_loss / static_cast<double>(N);
        rep.seconds = clock.seconds();
        rep.positives_per_second = rep.seconds > 0 ? static_cast<double>(N) / rep.seconds : 0;
        result.train_seconds += rep.seconds;
        result.positives += N;
        result.last_epoch = epoch;

        if (dele) { // ReduceLROnPlateau and early stop on the validation GCI0 loss, best kept
            const double v = released->mean_loss(validation, NfKind::GCI0);
            rep.metrics["valid_loss"] = v;
            if (std::isfinite(v) && plateau.update(v)) best_tables = model->tables();
            dele_stop = plateau.stop();
            state.dele = &plateau;
            state.best_tables = best_tables.empty() ? nullptr : &best_tables;
            if ((dele_stop || epoch == st.epochs) && !best_tables.empty()) {
                last_tables = model->tables();
                state.last_tables = &last_tables;
                for (std::size_t t = 0; t < best_tables.size(); ++t) // the best epoch's parameters
                    model->tables()[t].values = best_tables[t].values;
            }
        }
        const auto run_eval_hooks = [&](Metrics& metrics) {
            for (const auto& hook : params.hooks.eval_hooks)
                hook(scorer, epoch, metrics);
        };
        const auto save = [&] {
            state.epoch = epoch;
            if (run.enabled()) save_el_checkpoint(run.checkpoint_path(), *model, &opt, data.names, state, st);
        };
        TrainSettings st_now = st;
        if (dele_stop) st_now.epochs = epoch; // evaluate the restored best parameters now
        if (end_epoch(rep, st_now, maximise, "tests", run, {state.best, state.bad_evals}, result, run_eval_hooks, save,
                      params.hooks))
            break;
        if (dele_stop) {
            result.stopped_early = true;
            break;
        }
    }
    const int ran = result.last_epoch ? result.last_epoch - result.first_epoch + 1 : 0;
    result.seconds_per_epoch = ran ? result.train_seconds / ran : 0;
    result.positives_per_second =
        result.train_seconds > 0 ? static_cast<double>(result.positives) / result.train_seconds : 0;
    if (model_out) *model_out = std::move(model);
    return result;
}

} // namespace kbcx::embed
