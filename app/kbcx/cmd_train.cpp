// `kbcx train DATA --model NAME … --run DIR [--resume] [--keep-checkpoints] [--stats]`: loads a triple folder or
// file, runs the training job with a progress bar, prints one line per evaluation.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/dense_blocks.hpp"
#include "embed/el_job.hpp"
#include "embed/tests_hook.hpp"
#include "embed/train_el.hpp"
#include "embed/train_kg.hpp"
#include "eval/eval_input.hpp"
#include "onto_cli.hpp"
#include "train_cli.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace kbcx::cli {

namespace {

std::string metrics_text(const embed::Metrics& m) {
    std::string out;
    char b[64];
    for (const char* k : {"mrr", "hits@1", "hits@3", "hits@10", "mean_rank"}) {
        auto it = m.find(k);
        if (it == m.end()) continue;
        std::snprintf(b, sizeof b, "  %s %.4f", k, it->second);
        out += b;
    }
    for (const auto& [k, v] : m) {
        if (k.find('/') != std::string::npos) continue; // per normal form: metrics.jsonl only
        if (k == "mrr" || k == "hits@1" || k == "hits@3" || k == "hits@10" || k == "mean_rank") continue;
        std::snprintf(b, sizeof b, "  %s %.4f", k.c_str(), v);
        out += b;
    }
    return out;
}

void print_stats(std::ostream& out, const embed::TrainResult& res, int epochs_seen, int threads,
                 const std::string& negatives, double total_seconds, const char* unit) {
    char b[160];
    out << "stats\n";
    std::snprintf(b, sizeof b, "  seconds per epoch:     %.3f (%d epochs, %.2f s training, %.2f s evaluation)\n",
                  res.seconds_per_epoch, epochs_seen, res.train_seconds, res.eval_seconds);
    out << b;
    if (res.seconds_per_epoch < 0.1) { // short epochs (EL models' full-batch steps): three digits of ms
        std::snprintf(b, sizeof b, "  ms per epoch:          %.3f\n", 1e3 * res.seconds_per_epoch);
        out << b;
    }
    if (res.cpu_seconds_per_epoch > 0) {
        std::snprintf(b, sizeof b, "  CPU seconds per epoch: %.3f (all threads)\n", res.cpu_seconds_per_epoch);
        out << b;
    }
    std::snprintf(b, sizeof b, "  %s per second:%*s%.0f (%d threads, %s)\n", unit,
                  static_cast<int>(10 - std::string(unit).size()), "", res.positives_per_second, threads,
                  negatives.c_str());
    out << b;
    if (std::string(unit) == "positives")
        out << "  matrix products:       " << embed::dense::isa() << " (DistMult, ComplEx blocks; R-GCN layers)\n";
    std::snprintf(b, sizeof b, "  total time:            %.2f s\n", total_seconds);
    out << b;
    out << "  peak memory:           " << human_bytes(peak_memory_bytes()) << "\n";
}

/// --lr-step and --lr-decay, shared by the triple and EL halves.
void read_lr_schedule(const ArgParser& p, embed::TrainSettings& st) {
    st.lr_step = static_cast<int>(parse_count("lr-step", p.get("lr-step")));
    st.lr_decay = static_cast<float>(parse_real("lr-decay", p.get("lr-decay")));
}

/// `kbcx train ONTO --model <EL model>`: the EL half (ontology → normal forms → train_el).
int train_el_cli(const ArgParser& p, std::ostream& out, std::ostream& err) {
    embed::ElTrainParams params = read_el_model(p);
    const bool released = params.model.variant != embed::ElVariant::Kbcx;
    auto& st = params.train;
    read_el_train_options(p, params.model, st);
    st.data = p.positionals()[0];
    if (p.has("epochs")) st.epochs = static_cast<int>(parse_count("epochs", p.get("epochs")));
    read_lr_schedule(p, st);
    if (p.has("subsampling")) throw UsageError("--subsampling is for triple models; EL axioms have their own weights");
    for (const char* o : {"init", "lp-entity", "lp-relation", "unit-entities", "dense-optimizer"})
        if (p.has(o)) throw UsageError(std::string("--") + o + " is an option of the triple models");
    st.p_bot = static_cast<float>(parse_real("p-bot", p.get("p-bot")));
    if (released && st.p_bot > 0)
        throw UsageError("--p-bot does not apply to --variant " +
                         std::string(embed::el_variant_name(params.model.variant)) +
                         ": its only negatives are mOWL's corrupted GCI2 fillers");
    st.eval_every = static_cast<int>(parse_count("eval-every", p.get("eval-every")));
    st.early_stop = p.get("early-stop");
    st.patience = static_cast<int>(parse_count("patience", p.get("patience")));
    st.threads = static_cast<int>(parse_count("threads", p.get("threads")));
    st.seed = parse_count("seed", p.get("seed"));
    st.run_dir = p.get("run");
    st.resume = p.has("resume");
    st.keep_checkpoints = p.has("keep-checkpoints");
    try {
        st.optimizer = embed::parse_optimizer(p.get("optimizer"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (p.has("negatives")) throw UsageError("--negatives is for triple models; EL models use --pool");

    Stopwatch total;
    embed::ElJobParams job;
    job.model = params.model;
    job.train = params.train;
    job.pool = p.get("pool");
    if (p.has("tests")) job.tests = p.get("tests");
    if (p.has("valid")) {
        if (params.model.variant != embed::ElVariant::Dele)
            throw UsageError("--valid is for --variant dele (its validation loss)");
        job.valid = p.get("valid");
    }
    if (st.p_bot > 0 && job.pool == "tests" && job.tests.empty()) throw UsageError("--pool tests needs --tests FILE");
    TerminalProgress progress;
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    auto prepared = [&](const embed::ElJobInfo& info) {
        progress.finish();
        err << "model: " << params.model.name << ", variant " << embed::el_variant_name(params.model.variant) << "\n";
        err << "data: " << info.axioms << " normal-form axioms (";
        bool first = true;
        for (const auto& [nf, n] : info.by_form) {
            err << (first ? "" : ", ") << nf << " " << n;
            first = false;
        }
        err << "); " << info.concepts << " concepts (" << info.named_concepts << " named), " << info.roles << " roles, "
            << info.individuals << " individuals";
        if (info.dropped_non_el) err << "; " << info.dropped_non_el << " non-EL axioms dropped";
        for (const auto& [nf, n] : info.not_trained)
            err << "; " << n << " " << nf << " not trained";
        err << "\n";
        if (info.unsupported)
            err << "note: " << params.model.name << " has no loss for " << info.unsupported << " axioms ("
                << (params.model.variant == embed::ElVariant::Kbcx ? "role inclusions/chains"
                    : params.model.name == "EmEL++"
                        ? "assertions: the released variants train the TBox forms"
                        : "role inclusions/chains and assertions: mOWL trains the SubClassOf forms")
                << "); they are not trained\n";
        if (info.pool_used) {
            err << "contradiction pool (" << job.pool << "): " << info.pool << " axioms";
            if (info.pool_held_out) err << " (" << info.pool_held_out << " test axioms held out)";
            if (info.pool_skipped) err << " (" << info.pool_skipped << " needing fresh names skipped)";
            err << "\n";
            if (info.pool == 0)
                err << "warning: the contradiction pool is empty; every negative comes from corruption\n";
        }
    };

    int epochs_seen = 0;
    params.hooks.on_epoch = [&](const embed::EpochReport& r) {
        ++epochs_seen;
        if (!r.evaluated) return;
        progress.finish();
        char b[96];
        std::snprintf(b, sizeof b, "epoch %d/%d  loss %.5f  %.3f s", r.epoch, r.epochs, r.loss, r.seconds);
        out << b << metrics_text(r.metrics) << "\n" << std::flush;
    };
    job.hooks = params.hooks;
    const embed::TrainResult res = embed::run_el_job(job, ctx, prepared);
    progress.finish();
    if (res.first_epoch > 1) err << "resumed after epoch " << res.first_epoch - 1 << "\n";
    if (res.stopped_early) out << "stopped early after epoch " << res.last_epoch << "\n";
    if (p.has("stats"))
        print_stats(out, res, epochs_seen, released ? 1 : st.threads,
                    params.model.variant == embed::ElVariant::Kracr
                        ? "variant kracr: " + std::to_string(st.batch) +
                              " axioms of each form per step, 2 fixed negatives per GCI2 axiom"
                    : params.model.variant == embed::ElVariant::Dele
                        ? "variant dele: one step on the whole set, 1 fixed negative per axiom of " +
                              embed::neg_forms_text(params.model.neg_forms)
                    : released ? "variant " + std::string(embed::el_variant_name(params.model.variant)) +
                                     ": one step on the whole set, 1 negative per GCI2 axiom"
                               : std::to_string(st.neg) + " negatives each",
                    total.seconds(), "axioms");
    return kOk;
}

int cmd_train(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("train",
                "DATA --model NAME [--dim D] [--epochs E] [--batch B] [--neg K] [--lr X] [--lr-step N] [--margin G] "
                "[--adv-temp A] [--subsampling] [--p-bot P] [--eval-every N] [--tests FILE] [--layers L] [--bases B | "
                "--blocks K] [--edge-dropout P] [--self-dropout P] "
                "[--variant V] [--threads T] [--seed S] --run DIR [--resume] [--keep-checkpoints] [--stats]",
                "Trains an embedding model on a knowledge graph (triple models) or on the normal forms of an EL\n"
                "ontology (EL models) as a resumable run. Prints one line per evaluation: for KGs filtered MRR and\n"
                "Hits@k on the validation split (and the test split's metrics at the end); with --tests a test set,\n"
                "the faithfulness metrics of core/eval (auc_pm, fvr, pair_fvr, rho_p, placement, mrr, hits_at_k).\n"
                "The run folder holds params.json, metrics.jsonl (one JSON line per evaluation, flushed) and\n"
                "checkpoint.bin (written every epoch to a temporary file, then renamed).");
    p.positional("DATA",
                 "a folder with train.txt [valid.txt test.txt] (FB15k-237, WN18RR, LogInfer layout) or one "
                 "triple file; for EL models an ontology in any format (OWL functional, OWL/XML, RDF/XML, "
                 "Turtle, OBO, text)",
                 false, true);
    p.option("model", "NAME",
             "TransE (= TransE-L1), TransE-L2, DistMult, ComplEx, RotatE, BoxE, rgcn (R-GCN encoder + DistMult "
             "decoder); EL models: ELEmbeddings "
             "(released loss), ELEmbeddings-iv (GCI1 term (iv) restored), EmEL++, ELBE, Box2EL (required)");
    p.option("epochs", "E", "passes over the training triples (EL --variant mowl/paper/dele: 1000)", "100");
    add_el_train_options(p, true);
    add_el_variant_option(p);
    p.option("chunk", "C",
             "positives sharing one draw of --neg corrupting entities, as in PyTorch-BigGraph and DGL-KE; the "
             "default 64 applies to every triple model (TransE, DistMult, ComplEx, RotatE score a chunk as one "
             "dense block, the speed setting for big KGs such as FB15k-237); 1 = private negatives per positive",
             "64");
    p.option("lr-step", "N", "multiply the learning rate by --lr-decay every N epochs; 0 = constant rate", "0");
    p.option("lr-decay", "F", "factor of the step decay (--lr-step)", "0.1");
    p.flag("subsampling",
           "triple models: weight each positive by 1/sqrt(n(h,r) + n(t,r^-1)) (training triples sharing its "
           "head or tail query, plus 3), normalised per minibatch, as RotatE's released trainer does");
    p.option("optimizer", "adam|adagrad", "optimiser (lazy: only touched rows are updated, unless --dense-optimizer)",
             "adam");
    p.flag("dense-optimizer", "triple models: every row steps each time, as torch's Adam on dense gradients (rows "
                              "outside the batch keep moving with their moments; PyKEEN's default)");
    p.option("init", "kbcx|pykeen",
             "triple models: the initialiser; pykeen = PyKEEN's per model (TransE and DistMult Xavier with unit-norm "
             "relations, ComplEx complex normal, BoxE unit-norm uniform)",
             "kbcx");
    p.flag("unit-entities",
           "triple models: entity rows rescaled to unit L2 norm after the initialisation and every step "
           "(PyKEEN's entity constrainer of TransE and DistMult)");
    p.option("lp-entity", "W",
             "triple models: PyKEEN's LpRegularizer W·‖e‖₂/√d, averaged over the head and tail rows of the "
             "positives and of the negatives (PyKEEN's ComplEx: 0.01)",
             "0");
    p.option("lp-relation", "W", "triple models: the same on the relation rows (PyKEEN's DistMult 0.1, ComplEx 0.01)",
             "0");
    p.option("loss", "NAME",
             "logistic, distance, margin or ce (cross-entropy over the positive and its negatives) (default: "
             "distance for TransE/RotatE/BoxE, logistic for DistMult/ComplEx; ce with --neg all)");
    p.option("margin", "G",
             "γ of the distance and margin losses; also the init range (γ+2)/d. EL models: γ of each form's loss "
             "(defaults ELEm 0, EmEL++ 0.05 with --variant kbcx and 0 with paper and kracr, ELBE 0, Box2EL 0.02)",
             "12");
    p.option("delta", "D",
             "EL box models: target δ of the negative term (δ − dneg)² (default: the model's own, ELBE 2, Box2EL 2.5)");
    p.option("pool", "SOURCE",
             "EL: T- pool of --p-bot: 'disjoint' (shortcut from asserted disjointness), 'reason' (the "
             "reasoner's test-set sampler: T- of GCI0, GCI2, GCI1), 'tests' (the T- lines of --tests; they "
             "leak into training), or a tests TSV FILE; with --tests, test axioms are removed from other pools",
             "disjoint");
    p.option("adv-temp", "A", "self-adversarial temperature α; 0 = uniform weights over negatives", "0");
    p.option("sampler", "uniform|bernoulli", "which slot to corrupt: 50/50, or Bernoulli (tph/(tph+hpt))", "uniform");
    p.option("p-bot", "P",
             "fraction of negatives drawn from the explicit negatives (--negatives), for EL models from the "
             "contradiction pool (--pool)",
             "0");
    p.option("negatives", "FILE",
             "explicit negative triples, or 'auto' for the folder's train_neg*.txt (optional: without it negatives are "
             "sampled by corruption)");
    p.option("reg", "L",
             "N3 regulariser λ Σ|x|³ on the rows of each positive; rgcn --variant authors: decoder L2 λ (mean "
             "e_s² + mean r² + mean e_o² over the step's examples, default " +
                 default_text(embed::RgcnAuthorsDefaults::l2) +
                 "); EL models: regulariser weight (ELEm/EmEL++ "
                 "|‖c‖−1| on centres, default 1, ELEm --variant dele 0; Box2EL λ‖β‖, default 0.2)",
             "0");
    p.option("eval-every", "N", "evaluate on validation every N epochs (and after the last)", "10");
    p.option("eval-max", "N", "evaluate on at most N validation triples (evenly spaced); 0 = all", "0");
    p.option("early-stop", "METRIC", "metric watched for early stopping: mrr, hits@1, hits@3, hits@10, mean_rank",
             "mrr");
    p.option("patience", "N", "stop after N evaluations without improvement; 0 = never", "0");
    p.option("tests", "FILE",
             "a test-set TSV (status<TAB>nf<TAB>axiom[<TAB>P], as kbcx sample/count write it): evaluated with "
             "core/eval at every evaluation; for KGs a file of triples instead replaces DATA/test.txt");
    p.option("neg-types", "LIST",
             "EL --variant dele: the normal forms with negatives, DELE's neg_types (comma-separated: gci0, gci1, "
             "gci2, gci3, gci0_bot, gci1_bot, gci3_bot; none)",
             embed::neg_forms_text(embed::ElDeleDefaults::neg_forms));
    p.option("valid", "FILE",
             "EL --variant dele: a test-set TSV whose entailed A ⊑ B lines are the validation set of the plateau "
             "schedule and the early stop (default: the training A ⊑ B axioms)");
    p.option("layers", "L", "rgcn: graph-convolution layers", "2");
    p.option("bases", "B", "rgcn: basis decomposition W_r = sum_b a_rb V_b with B bases", "10");
    p.option("blocks", "K", "rgcn: block-diagonal decomposition with K blocks (K must divide --dim) instead of bases");
    p.option("edge-dropout", "P",
             "rgcn --variant kbcx: fraction of training triples dropped from the graph at each step", "0.4");
    p.option("self-dropout", "P",
             "rgcn --variant authors: fraction of self-loop message entries dropped at each step (kept ones "
             "scaled by 1/(1 − P))",
             default_text(embed::RgcnAuthorsDefaults::self_dropout));
    p.option("threads", "T", "worker threads", kThreadsTraining);
    p.option("seed", "S", "random seed; one thread + a seed gives bit-identical runs", "0");
    p.option("order", "hrt|htr", "column order of the triple files", "hrt");
    p.option("run", "DIR", "run folder (required; created; with --resume an existing run continues)");
    p.flag("resume", "continue from DIR/checkpoint.bin (same model and data)");
    p.flag("keep-checkpoints", "keep a copy of the checkpoint of every evaluation (DIR/checkpoints/epoch-N.bin) for "
                               "kbcx score --explain --over-training");
    p.flag("stats", "print seconds per epoch, positives per second and peak memory");
    p.epilog(
        "scores: higher = more plausible; distance models score −distance\n"
        "losses (s = score, p_j = 1/K or softmax(α s⁻_j) held constant):\n"
        "  logistic  L = −log σ(s⁺) − Σ_j p_j log σ(−s⁻_j)\n"
        "  distance  the same on s + γ, i.e. −log σ(γ − ℓ⁺) − Σ_j p_j log σ(ℓ⁻_j − γ)\n"
        "  margin    L = Σ_j p_j [γ − s⁺ + s⁻_j]₊\n"
        "  ce        L = −s⁺ + log(e^{s⁺} + Σ_j e^{s⁻_j}); with --neg all the sum runs over every entity\n"
        "metrics: rank = 1 + #better + #tied/2 among all entities, other true triples of\n"
        "  train ∪ valid ∪ test filtered out; MRR and Hits@k average head and tail ranks\n"
        "metrics.jsonl line:\n"
        "  "
        "{\"epoch\":10,\"split\":\"valid\",\"loss\":0.31,\"seconds\":4.2,\"hits@1\":0.2,\"hits@10\":0.45,\"mrr\":"
        "0.29,...}\n"
        "example: kbcx train data/FB15k-237 --model TransE --dim 200 --epochs 50 --threads 2 --run runs/transe\n"
        "rgcn (R-GCN, Schlichtkrull et al. 2018): L layers h' = ReLU(h W0 + sum_r sum_{j in N_i^r} h_j W_r / |N_i^r|)\n"
        "  (no ReLU on the last), inverse edges as extra relations, input = learnt entity embeddings;\n"
        "  score(h,r,t) = sum_k e_hk R_rk e_tk on the encodings e. One step = one full-graph encoder pass\n"
        "  with edge dropout (rows renormalised by kept neighbours), the loss on --batch positives and\n"
        "  their negatives, and the backward pass; --batch >= #train gives full-batch training.\n"
        "  Its defaults of --dim, --batch, --neg and --lr are listed with the options; loss logistic.\n"
        "  The checkpoint stores the encoder weights and the encoding of every entity (kbcx score).\n"
        "example: kbcx train data/FB15k-237 --model rgcn --variant kbcx --bases 10 --epochs 20 --threads 2 --run "
        "runs/rgcn\n"
        "rgcn --variant authors (the default; RelationPrediction 98dcdf4, README \"R-GCN variants\"): h0 = ReLU(x + "
        "b),\n"
        "  c_i = in-degree over all relations per direction, W_r and W_r^-1 separate; one step = --batch edges by\n"
        "  neighbourhood sampling, a random half of them passing messages, BCE mean over them and --neg\n"
        "  corruptions each (every example weighs 1) + decoder L2 --reg, global gradient norm clipped at 1,\n"
        "  self-loop messages dropped entry by entry (--self-dropout); ceil(#train / --batch) steps per epoch\n"
        "EL models, --variant mowl/paper (mOWL f8b2cb0; README \"EL models: variants\"): one step per epoch on\n"
        "  the whole set, ELEm/Box2EL Σ_NF mean ℓ⁺ + mean ℓ⁻ + R, ELBE Σ_NF (mean ℓ⁺)² + (mean ℓ⁻ − 1)², ℓ⁻ only\n"
        "  for GCI2 with its filler replaced by any class; A ⊓ B ⊑ ⊥ scored by GCI1 with E = owl:Nothing\n"
        "EL models, --variant dele (DELE 8223535): one step per epoch on the whole set, Σ_NF mean ℓ⁺ + mean ℓ⁻\n"
        "  (ℓ⁻ for the --neg-types forms, tail corrupted once for the run; GCI2 with negatives squared),\n"
        "  ReduceLROnPlateau and early stop on the validation GCI0 loss, best epoch restored\n"
        "EL models, --variant kracr (EmEL++, kracr/EmELpp 267f2c7): each step --batch axioms of every form\n"
        "  drawn with replacement, mean over the rows of (Σ_forms ℓ + ⊤'s radius term + ℓ⁻ + [−ρ]₊)²\n"
        "EL models, --variant kbcx: each normal form's loss ℓ ≥ 0 (README, \"Training embedding models\"),\n"
        "  score = −ℓ; objective per minibatch\n"
        "  Σ_α w_α [ℓ(α)² + R(α) + mean over α's negatives of Σ (term − target)²], w_α = 1/#(α's form in batch)\n"
        "  A(x) and r(x,y) are trained as {x} ⊑ A and {x} ⊑ ∃r.{y}; batch = axioms per step, neg =\n"
        "  negatives per axiom (their defaults and --dim's and --lr's are listed with the options)\n"
        "  metrics.jsonl line with --tests:\n"
        "  {\"epoch\":10,\"split\":\"tests\",\"loss\":0.02,\"seconds\":0.1,\"auc_pm\":0.93,\"fvr\":0.41,"
        "\"mrr\":0.35,\"placement\":-1,...}\n"
        "  (per normal form too, as \"GCI0/fvr\" …, when the tests hold several forms)\n"
        "example: kbcx train pizza.owl --model Box2EL --epochs 200 --tests pizza_gci0.tsv --p-bot 0.5 --run runs/b\n"
        "exit codes: 0 success, 2 bad input or refused checkpoint, 3 limit reached (--max-memory, --time-limit;\n"
        "  checkpoint of the last finished epoch kept), 130 interrupted (checkpoint kept)");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);
    if (p.positionals().size() != 1) throw UsageError("expects exactly one DATA argument");
    if (!p.has("model")) throw UsageError("--model is required");
    if (!p.has("run")) throw UsageError("--run is required");
    if (embed::is_el_model_name(p.get("model"))) return train_el_cli(p, out, err);
    embed::KgTrainParams params;
    try {
        params.model.name = embed::canonical_kg_model_name(p.get("model"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    const bool rgcn = params.model.name == "rgcn";
    if (p.has("variant") && !rgcn)
        throw UsageError("--variant is for rgcn and the EL models (" + [] {
            std::string s;
            for (const std::string& m : embed::el_model_names())
                s += (s.empty() ? "" : ", ") + m;
            return s;
        }() + ")");
    if (rgcn) {
        try {
            params.model.variant =
                p.has("variant") ? embed::parse_el_variant(p.get("variant")) : embed::default_el_variant("rgcn");
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
        const auto& vs = embed::el_variants("rgcn");
        if (std::find(vs.begin(), vs.end(), params.model.variant) == vs.end())
            throw UsageError("rgcn has no variant '" + p.get("variant") +
                             "' (valid: " + embed::el_variant_list("rgcn") + ")");
    }
    const bool authors = rgcn && params.model.variant == embed::ElVariant::Authors;
    // R-GCN's variant sets its own starting values (core's rgcn_variant_training, shared with the
    // Training tab and the reproductions); an option given overrides each.
    const embed::RgcnVariantTraining rv =
        rgcn ? embed::rgcn_variant_training(params.model.variant) : embed::RgcnVariantTraining{};
    const embed::TrainSettings kg_defaults;
    const auto size = [&](const char* option, int kg_default, int rgcn_default) {
        return p.has(option) ? static_cast<int>(parse_count(option, p.get(option))) : rgcn ? rgcn_default : kg_default;
    };
    params.model.dim = size("dim", embed::KgModelConfig{}.dim, rv.dim);
    params.model.gamma = static_cast<float>(parse_real("margin", p.get("margin")));
    if (rgcn) {
        params.model.rgcn_layers = static_cast<int>(parse_count("layers", p.get("layers")));
        params.model.rgcn_bases = static_cast<int>(parse_count("bases", p.get("bases")));
        params.model.rgcn_edge_dropout = static_cast<float>(parse_real("edge-dropout", p.get("edge-dropout")));
        if (authors) {
            if (p.has("edge-dropout"))
                throw UsageError("--edge-dropout is rgcn --variant kbcx's; --variant authors drops self-loop "
                                 "messages (--self-dropout)");
            params.model.rgcn_self_dropout = p.has("self-dropout")
                                                 ? static_cast<float>(parse_real("self-dropout", p.get("self-dropout")))
                                                 : rv.self_dropout;
            if (!(params.model.rgcn_self_dropout >= 0.0f && params.model.rgcn_self_dropout < 1.0f))
                throw UsageError("--self-dropout must be in [0, 1)");
            if (!p.has("bases")) params.model.rgcn_blocks = p.has("blocks") ? 0 : rv.blocks;
        } else if (p.has("self-dropout")) {
            throw UsageError("--self-dropout is rgcn --variant authors'; --variant kbcx drops edges (--edge-dropout)");
        }
        if (p.has("blocks")) {
            if (p.has("bases")) throw UsageError("--bases and --blocks exclude each other");
            params.model.rgcn_blocks = static_cast<int>(parse_count("blocks", p.get("blocks")));
            if (params.model.rgcn_blocks < 1) throw UsageError("--blocks must be ≥ 1");
            if (params.model.dim % params.model.rgcn_blocks != 0)
                throw UsageError("--blocks must divide --dim (" + std::to_string(params.model.dim) + ")");
        }
        if (params.model.rgcn_blocks > 0 && params.model.dim % params.model.rgcn_blocks != 0)
            throw UsageError("--variant authors' " + std::to_string(params.model.rgcn_blocks) +
                             " blocks do not divide --dim " + std::to_string(params.model.dim) +
                             "; give --blocks K or --bases B");
        if (params.model.rgcn_layers < 1) throw UsageError("--layers must be ≥ 1");
        if (params.model.rgcn_blocks == 0 && params.model.rgcn_bases < 1) throw UsageError("--bases must be ≥ 1");
        if (!(params.model.rgcn_edge_dropout >= 0.0f && params.model.rgcn_edge_dropout < 1.0f))
            throw UsageError("--edge-dropout must be in [0, 1)");
    } else {
        for (const char* o : {"layers", "bases", "blocks", "edge-dropout", "self-dropout"})
            if (p.has(o)) throw UsageError(std::string("--") + o + " is an option of --model rgcn");
    }
    auto& st = params.train;
    st.data = p.positionals()[0];
    st.epochs = static_cast<int>(parse_count("epochs", p.get("epochs")));
    st.batch = size("batch", kg_defaults.batch, rv.batch);
    if (p.get("neg") == "all")
        st.one_vs_all = true;
    else
        st.neg = size("neg", kg_defaults.neg, rv.neg);
    st.chunk = static_cast<int>(parse_count("chunk", p.get("chunk")));
    st.lr = p.has("lr") ? static_cast<float>(parse_real("lr", p.get("lr"))) : rgcn ? rv.lr : kg_defaults.lr;
    read_lr_schedule(p, st);
    st.subsampling = p.has("subsampling");
    st.margin = params.model.gamma;
    st.adv_temp = static_cast<float>(parse_real("adv-temp", p.get("adv-temp")));
    st.p_bot = static_cast<float>(parse_real("p-bot", p.get("p-bot")));
    st.reg = rgcn && !p.has("reg") ? rv.reg : static_cast<float>(parse_real("reg", p.get("reg")));
    st.lp_entity = static_cast<float>(parse_real("lp-entity", p.get("lp-entity")));
    st.lp_relation = static_cast<float>(parse_real("lp-relation", p.get("lp-relation")));
    st.unit_entities = p.has("unit-entities");
    st.dense_optimizer = p.has("dense-optimizer");
    if (const auto init = embed::parse_kg_init(p.get("init")))
        params.model.init = *init;
    else
        throw UsageError("--init must be kbcx or pykeen, not '" + p.get("init") + "'");
    st.eval_every = static_cast<int>(parse_count("eval-every", p.get("eval-every")));
    st.eval_max = parse_count("eval-max", p.get("eval-max"));
    st.early_stop = p.get("early-stop");
    st.patience = static_cast<int>(parse_count("patience", p.get("patience")));
    st.threads = static_cast<int>(parse_count("threads", p.get("threads")));
    st.seed = parse_count("seed", p.get("seed"));
    st.run_dir = p.get("run");
    st.resume = p.has("resume");
    st.keep_checkpoints = p.has("keep-checkpoints");
    try {
        st.optimizer = embed::parse_optimizer(p.get("optimizer"));
        if (p.has("loss")) st.loss = embed::parse_loss(p.get("loss"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (p.get("sampler") == "bernoulli")
        st.bernoulli = true;
    else if (p.get("sampler") != "uniform")
        throw UsageError("--sampler must be uniform or bernoulli");
    if (st.p_bot > 0 && !p.has("negatives"))
        throw UsageError("--p-bot on triples needs explicit negatives: --negatives FILE|auto");

    embed::LoadTriplesParams load;
    load.path = st.data;
    const bool tests_set = p.has("tests") && embed::looks_like_tests_file(p.get("tests"));
    if (p.has("tests") && !tests_set) load.test_path = p.get("tests");
    if (p.has("negatives")) load.negatives_path = p.get("negatives");
    load.options.order = p.get("order") == "htr"   ? kg::TripleOrder::HeadTailRelation
                         : p.get("order") == "hrt" ? kg::TripleOrder::HeadRelationTail
                                                   : throw UsageError("--order must be hrt or htr");

    TerminalProgress progress;
    jobs::JobContext ctx(limits.token(), progress.sink());
    Stopwatch total;
    const embed::TripleDataset data = embed::load_triple_dataset(load, ctx);
    progress.finish();
    err << "data: " << data.train.size() << " train, " << data.valid.size() << " valid, " << data.test.size()
        << " test triples; " << data.num_entities() << " entities, " << data.num_relations() << " relations";
    if (!data.negatives.empty()) err << "; " << data.negatives.size() << " explicit negatives";
    err << "\n";
    if (tests_set) {
        // Role assertions r(a,b) of the test set are scored with the triple model.
        embed::ElNames names;
        const auto& v = data.graph->vocab;
        for (kg::Id i = 0; i < v.types().size(); ++i)
            names.concepts.emplace_back(v.types().name(i));
        for (kg::Id i = 0; i < v.relations().size(); ++i)
            names.roles.emplace_back(v.relations().name(i));
        for (kg::Id i = 0; i < v.entities().size(); ++i)
            names.individuals.emplace_back(v.entities().name(i));
        names.prefixes = v.prefixes().entries();
        names.named_concepts = names.concepts.size();
        auto tests = std::make_shared<const eval::TestSet>(eval::read_tests(p.get("tests"), ctx));
        params.hooks.eval_hooks.push_back(
            embed::make_tests_hook(tests, std::make_shared<const embed::AxiomTranslator>(names)));
    }

    int epochs_seen = 0;
    params.hooks.on_epoch = [&](const embed::EpochReport& r) {
        ++epochs_seen;
        if (!r.evaluated) return;
        progress.finish();
        char b[96];
        std::snprintf(b, sizeof b, "epoch %d/%d  loss %.5f  %.2f s", r.epoch, r.epochs, r.loss, r.seconds);
        out << b << metrics_text(r.metrics) << "\n" << std::flush;
    };
    const embed::TrainResult res = embed::train_kg(data, params, ctx);
    progress.finish();
    if (res.first_epoch > 1) err << "resumed after epoch " << res.first_epoch - 1 << "\n";
    if (res.stopped_early) out << "stopped early after epoch " << res.last_epoch << "\n";
    if (!res.test.empty()) out << "test" << metrics_text(res.test) << "\n";
    if (p.has("stats"))
        print_stats(out, res, epochs_seen, st.threads,
                    st.one_vs_all ? std::string("every entity as candidate, heads and tails")
                    : authors     ? "variant authors: " + std::to_string(st.batch) + " sampled edges per step, " +
                                    std::to_string(st.neg) + " negatives each"
                              : std::to_string(st.neg) + " negatives each",
                    total.seconds(), "positives");
    return kOk;
}

} // namespace

KBCX_LIMITED_COMMAND("train", "train a KG embedding model as a resumable run with live metrics", cmd_train);

} // namespace kbcx::cli
