// `kbcx train DATA --model NAME … --run DIR [--resume] [--stats]`: loads a triple folder or
// file, runs the training job with a progress bar, prints one line per evaluation.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/train_kg.hpp"

#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace kbcx::cli {

namespace {

float parse_float(const std::string& option, const std::string& value) {
    try {
        std::size_t used = 0;
        const float v = std::stof(value, &used);
        if (used == value.size()) return v;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + option + " needs a number, got '" + value + "'");
}

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
        if (k == "mrr" || k == "hits@1" || k == "hits@3" || k == "hits@10" || k == "mean_rank") continue;
        std::snprintf(b, sizeof b, "  %s %.4f", k.c_str(), v);
        out += b;
    }
    return out;
}

int cmd_train(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("train",
                "DATA --model NAME [--dim D] [--epochs E] [--batch B] [--neg K] [--lr X] [--margin G] [--adv-temp A] "
                "[--p-bot P] [--eval-every N] [--tests FILE] [--threads T] [--seed S] --run DIR [--resume] [--stats]",
                "Trains an embedding model on a knowledge graph as a resumable run. Prints one line per evaluation\n"
                "(filtered MRR and Hits@k on the validation split) and, at the end, the test split's metrics.\n"
                "The run folder holds params.json, metrics.jsonl (one JSON line per evaluation, flushed) and\n"
                "checkpoint.bin (written every epoch to a temporary file, then renamed).");
    p.positional("DATA",
                 "a folder with train.txt [valid.txt test.txt] (FB15k-237, WN18RR, LogInfer layout) or one "
                 "triple file",
                 false, true);
    p.option("model", "NAME", "TransE (= TransE-L1), TransE-L2, DistMult, ComplEx, RotatE, BoxE");
    p.option("dim", "D", "embedding dimension (complex models: complex dimension)", "200");
    p.option("epochs", "E", "passes over the training triples", "100");
    p.option("batch", "B", "positives per optimiser step", "1024");
    p.option("neg", "K", "negatives per positive", "256");
    p.option("chunk", "C", "positives sharing one draw of corrupting entities (1 = private negatives)", "64");
    p.option("lr", "X", "learning rate", "0.001");
    p.option("optimizer", "adam|adagrad", "optimiser (lazy: only touched rows are updated)", "adam");
    p.option("loss", "NAME",
             "logistic, distance or margin (default: distance for TransE/RotatE/BoxE, logistic "
             "for DistMult/ComplEx)");
    p.option("margin", "G", "γ of the distance and margin losses; also the init range (γ+2)/d", "12");
    p.option("adv-temp", "A", "self-adversarial temperature α; 0 = uniform weights over negatives", "0");
    p.option("sampler", "uniform|bernoulli", "which slot to corrupt: 50/50, or Bernoulli (tph/(tph+hpt))", "uniform");
    p.option("p-bot", "P", "fraction of negatives drawn from the explicit negatives (--negatives)", "0");
    p.option("negatives", "FILE", "explicit negative triples, or 'auto' for the folder's train_neg*.txt");
    p.option("reg", "L", "N3 regulariser λ Σ|x|³ on the rows of each positive", "0");
    p.option("eval-every", "N", "evaluate on validation every N epochs (and after the last)", "10");
    p.option("eval-max", "N", "evaluate on at most N validation triples (evenly spaced); 0 = all", "0");
    p.option("early-stop", "METRIC", "metric watched for early stopping: mrr, hits@1, hits@3, hits@10, mean_rank",
             "mrr");
    p.option("patience", "N", "stop after N evaluations without improvement; 0 = never", "0");
    p.option("tests", "FILE", "test triples replacing DATA/test.txt");
    p.option("threads", "T", "worker threads", "1");
    p.option("seed", "S", "random seed; one thread + a seed gives bit-identical runs", "0");
    p.option("order", "hrt|htr", "column order of the triple files", "hrt");
    p.option("run", "DIR", "run folder");
    p.flag("resume", "continue from DIR/checkpoint.bin (same model and data)");
    p.flag("stats", "print seconds per epoch, positives per second and peak memory");
    p.epilog("scores: higher = more plausible; distance models score −distance\n"
             "losses (s = score, p_j = 1/K or softmax(α s⁻_j) held constant):\n"
             "  logistic  L = −log σ(s⁺) − Σ_j p_j log σ(−s⁻_j)\n"
             "  distance  the same on s + γ, i.e. −log σ(γ − ℓ⁺) − Σ_j p_j log σ(ℓ⁻_j − γ)\n"
             "  margin    L = Σ_j p_j [γ − s⁺ + s⁻_j]₊\n"
             "metrics: rank = 1 + #better + #tied/2 among all entities, other true triples of\n"
             "  train ∪ valid ∪ test filtered out; MRR and Hits@k average head and tail ranks\n"
             "metrics.jsonl line:\n"
             "  "
             "{\"epoch\":10,\"split\":\"valid\",\"loss\":0.31,\"seconds\":4.2,\"hits@1\":0.2,\"hits@10\":0.45,\"mrr\":"
             "0.29,...}\n"
             "example: kbcx train data/FB15k-237 --model TransE --dim 200 --epochs 50 --threads 2 --run runs/transe\n"
             "exit codes: 0 success, 2 bad input or refused checkpoint, 3 limit reached (--max-memory, --time-limit;\n "
             " checkpoint of the last finished epoch kept), 130 interrupted (checkpoint kept)");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);
    if (p.positionals().size() != 1) throw UsageError("expects exactly one DATA argument");
    if (!p.has("model")) throw UsageError("--model is required");
    if (!p.has("run")) throw UsageError("--run is required");

    embed::KgTrainParams params;
    try {
        params.model.name = embed::canonical_kg_model_name(p.get("model"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    params.model.dim = static_cast<int>(parse_count("dim", p.get("dim")));
    params.model.gamma = parse_float("margin", p.get("margin"));
    auto& st = params.train;
    st.data = p.positionals()[0];
    st.epochs = static_cast<int>(parse_count("epochs", p.get("epochs")));
    st.batch = static_cast<int>(parse_count("batch", p.get("batch")));
    st.neg = static_cast<int>(parse_count("neg", p.get("neg")));
    st.chunk = static_cast<int>(parse_count("chunk", p.get("chunk")));
    st.lr = parse_float("lr", p.get("lr"));
    st.margin = params.model.gamma;
    st.adv_temp = parse_float("adv-temp", p.get("adv-temp"));
    st.p_bot = parse_float("p-bot", p.get("p-bot"));
    st.reg = parse_float("reg", p.get("reg"));
    st.eval_every = static_cast<int>(parse_count("eval-every", p.get("eval-every")));
    st.eval_max = parse_count("eval-max", p.get("eval-max"));
    st.early_stop = p.get("early-stop");
    st.patience = static_cast<int>(parse_count("patience", p.get("patience")));
    st.threads = static_cast<int>(parse_count("threads", p.get("threads")));
    st.seed = parse_count("seed", p.get("seed"));
    st.run_dir = p.get("run");
    st.resume = p.has("resume");
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
    if (p.has("tests")) load.test_path = p.get("tests");
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

    double epoch_seconds = 0;
    int epochs_seen = 0;
    params.hooks.on_epoch = [&](const embed::EpochReport& r) {
        epoch_seconds += r.seconds;
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
    if (p.has("stats")) {
        char b[160];
        out << "stats\n";
        std::snprintf(b, sizeof b, "  seconds per epoch:     %.3f (%d epochs, %.2f s training, %.2f s evaluation)\n",
                      res.seconds_per_epoch, epochs_seen, res.train_seconds, res.eval_seconds);
        out << b;
        std::snprintf(b, sizeof b, "  positives per second:  %.0f (%d threads, %d negatives each)\n",
                      res.positives_per_second, st.threads, st.neg);
        out << b;
        std::snprintf(b, sizeof b, "  total time:            %.2f s\n", total.seconds());
        out << b;
        out << "  peak memory:           " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

} // namespace

KBCX_LIMITED_COMMAND("train", "train a KG embedding model as a resumable run with live metrics", cmd_train);

} // namespace kbcx::cli
