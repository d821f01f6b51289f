// `kbcx sweep ONTO --model NAME --nf NAME --p-bot 0,0.25,… --seeds N --out DIR`: the
// negative-sampling sweep (core/embed/sweep.hpp) with a progress bar, a printed table and files.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"
#include "train_cli.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/sweep.hpp"

#include <cstdio>
#include <fstream>
#include <ostream>
#include <stdexcept>

namespace kbcx::cli {

namespace {

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "cannot open for writing");
    out << text;
    out.close();
    if (!out) throw InputError(path, "cannot write");
}

int cmd_sweep(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("sweep",
                "ONTO --model NAME --nf NAME --p-bot LIST --seeds N --out DIR [--epochs E] [--dim D] [--lr X] "
                "[--batch B] [--neg K] [--pool SOURCE] [--n N] [--tests FILE] [--threads T] [--stats]",
                "The negative-sampling sweep of the faithfulness paper: trains one EL model per p⊥ value and seed\n"
                "(each a resumable run folder DIR/p<P>-s<SEED>/), evaluates every run on one test set of the\n"
                "normal form --nf (sampled by the reasoner: T+, T?, T−, written to DIR/tests_<NF>.tsv), and\n"
                "writes the final metrics: runs.csv (one line per run), summary.csv and summary.md (mean and\n"
                "sample standard deviation over seeds per p⊥), sweep.svg and sweep.png (FVR and MRR against p⊥,\n"
                "error bars ± sd). Rerunning the same command reuses finished run folders and resumes cut ones.");
    p.positional("ONTO", "ontology (any format kbcx onto-info reads)", false);
    p.option("model", "NAME", "ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL (required)");
    p.option("nf", "NAME", "normal form of the test set: GCI0, GCI1, GCI1_BOT, GCI2, GCI3, CA, RA", "GCI0");
    p.option("p-bot", "LIST", "comma-separated p⊥ values in [0, 1]", "0,0.25,0.5,0.75,1");
    p.option("seeds", "N", "seeds per value (seeds S … S+N−1 of --seed)", "3");
    p.option("seed", "S", "first seed", "0");
    p.option("out", "DIR", "sweep folder (created; required)");
    p.option("epochs", "E", "epochs per run", "200");
    add_el_train_options(p, false, "; round(p⊥·K) of them from the pool");
    p.option("margin", "G", "γ of the model (default: the model's, see kbcx train --help)");
    p.option("delta", "D", "box models' δ (default: the model's)");
    p.option("reg", "L", "regulariser weight (default: the model's)");
    p.option("pool", "SOURCE",
             "T− pool: reason (the reasoner's sampler: T− of GCI0, GCI2, GCI1), disjoint (asserted "
             "disjointness), or a tests TSV FILE; test axioms are always held out of the pool",
             "reason");
    p.option("n", "N", "candidates per status of the sampled test set", "100");
    p.option("tests-seed", "S", "seed of the test-set sampler", "1");
    p.option("tests", "FILE", "use this test set instead of sampling one");
    p.option("eval-every", "N", "evaluations during each run (the last epoch is always evaluated)", "0");
    p.option("threads", "T", "worker threads per run", kThreadsTraining);
    p.flag("stats", "print total time and peak memory");
    p.epilog("metrics (kbcx eval --help has the exact definitions):\n"
             "  FVR = 1 − #{(α⁻, α?, α⁺) : f(α⁻) < f(α?) < f(α⁺)} / (|T⁻||T?||T⁺|)\n"
             "  Pair-FVR = Pr[f(α?) ≤ f(α⁻)];  AUC+/− = Pr[f(α⁺) > f(α⁻)] + ½ Pr[tie];  MRR, Hits@10 filtered\n"
             "summary.csv line:\n"
             "  p_bot,runs,fvr_mean,fvr_sd,pair_fvr_mean,pair_fvr_sd,…\n"
             "  0.5,3,0.71234,0.0123,…\n"
             "example: kbcx sweep pizza.owl --model Box2EL --nf GCI0 --p-bot 0,0.25,0.5,0.75,1 --seeds 3 --out sw\n");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);
    if (p.positionals().size() != 1) throw UsageError("expects exactly one ONTO argument");
    if (!p.has("model")) throw UsageError("--model is required");
    if (!p.has("out")) throw UsageError("--out is required");

    embed::SweepParams sp;
    auto& job = sp.base;
    try {
        // The sweep trains this project's objective, the one with p⊥: kbcx train's kbcx defaults.
        const embed::ElTrainParams d =
            embed::el_default_train_params(embed::canonical_el_model_name(p.get("model")), embed::ElVariant::Kbcx);
        job.model = d.model;
        job.train = d.train;
        sp.p_bots = embed::parse_p_bot_list(p.get("p-bot"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(e.what()) + " (sweep trains EL models)");
    }
    auto& st = job.train;
    read_el_train_options(p, job.model, st);
    st.data = p.positionals()[0];
    st.epochs = static_cast<int>(parse_count("epochs", p.get("epochs")));
    st.eval_every = static_cast<int>(parse_count("eval-every", p.get("eval-every")));
    st.threads = static_cast<int>(parse_count("threads", p.get("threads")));
    job.pool = p.get("pool");
    if (job.pool == "tests") throw UsageError("--pool tests would train on the test set's contradictions");
    if (p.has("tests")) job.tests = p.get("tests");
    sp.nf = p.get("nf");
    sp.n = parse_count("n", p.get("n"));
    sp.tests_seed = parse_count("tests-seed", p.get("tests-seed"));
    sp.seeds = static_cast<int>(parse_count("seeds", p.get("seeds")));
    sp.first_seed = parse_count("seed", p.get("seed"));
    sp.out_dir = p.get("out");

    Stopwatch total;
    TerminalProgress progress;
    jobs::JobContext ctx(limits.token(), progress.sink());
    const embed::SweepResult res =
        embed::run_sweep(sp, ctx, [&](const embed::SweepRun& r, std::size_t i, std::size_t n) {
            progress.finish();
            char b[160];
            auto get = [&](const char* k) {
                const auto it = r.final.find(k);
                return it == r.final.end() ? NAN : it->second;
            };
            std::snprintf(b, sizeof b,
                          "run %zu/%zu  p⊥ %-4g seed %llu  FVR %.4f  Pair-FVR %.4f  AUC+/- %.4f  MRR %.4f%s\n", i, n,
                          static_cast<double>(r.p_bot), static_cast<unsigned long long>(r.seed), get("fvr"),
                          get("pair_fvr"), get("auc_pm"), get("mrr"), r.reused ? "  (finished before)" : "");
            out << b << std::flush;
        });
    progress.finish();
    err << "test set: " << res.tests_path << "\n";
    const auto& metrics = embed::sweep_metrics();
    const std::string title = job.model.name + " on " + sp.nf + ", " + std::to_string(sp.seeds) + " seeds";
    write_file(sp.out_dir + "/runs.csv", embed::sweep_runs_csv(res, metrics));
    write_file(sp.out_dir + "/summary.csv", embed::sweep_summary_csv(res, metrics));
    const std::string md = embed::sweep_summary_markdown(res, metrics, title);
    write_file(sp.out_dir + "/summary.md", md);
    const std::vector<std::string> charted = {"fvr", "mrr"};
    write_file(sp.out_dir + "/sweep.svg", embed::sweep_chart_svg(res, charted, title));
    embed::write_sweep_chart_png(sp.out_dir + "/sweep.png", res, charted, title);
    out << "\n" << md << "\nwrote " << sp.out_dir << "/{runs.csv, summary.csv, summary.md, sweep.svg, sweep.png}\n";
    if (p.has("stats")) {
        char b[120];
        std::snprintf(b, sizeof b, "stats\n  total time:   %.2f s (%zu runs)\n", total.seconds(), res.runs.size());
        out << b << "  peak memory:  " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

} // namespace

KBCX_LIMITED_COMMAND("sweep", "train one EL model per p⊥ and seed; table and chart of FVR and MRR", cmd_sweep);

} // namespace kbcx::cli
