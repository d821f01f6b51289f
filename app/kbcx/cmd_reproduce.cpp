// `kbcx reproduce NAME|all|--list --out DIR [--quick|--full] …`: runs the registered
// reproductions of the papers' findings and writes DIR/NAME/report.md, report.json and PNGs.
#include "cli.hpp"
#include "commands.hpp"

#include "common/error.hpp"
#include "embed/el_models.hpp"
#include "embed/graph_training.hpp"
#include "onto/projection.hpp"
#include "repro/registry.hpp"

#include <cstdio>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace kbcx::cli {

namespace {

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

/// "ELEmbeddings paper, EmEL++ paper, …": the default variant of each EL model.
std::string onto_variants_text() {
    std::string s;
    for (const std::string& m : embed::el_model_names())
        s += (s.empty() ? "" : ", ") + m + " " + std::string(embed::el_variant_name(embed::default_el_variant(m)));
    return s;
}

/// The epilog lines that state each finding's quick and full settings, from the registry.
std::string defaults_text(const std::vector<repro::Reproduction>& all) {
    std::string s =
        "defaults per finding (what --quick and --full use when --seeds, --epochs, --dim, --per-band are not "
        "given):\n";
    for (const auto& r : all) {
        if (!r.defaults) continue;
        s += "  " + r.name + ": quick = " + r.defaults(repro::Mode::Quick).text() +
             ";\n    full = " + r.defaults(repro::Mode::Full).text() + "\n";
    }
    return s;
}

int cmd_reproduce(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const auto all = repro::reproductions();
    ArgParser p("reproduce", "NAME|all --out DIR [--quick|--full] [--seeds N] [--threads N] [--data DIR] | --list",
                "Reproduces a published finding of the two papers on real data and writes a report folder\n"
                "DIR/NAME/ with report.md (Markdown: settings, the exact kbcx commands, the seeds, the wall time,\n"
                "tables of our numbers beside the paper's, checks of the paper's claims on our numbers as ✔/✘\n"
                "lines, PNG charts), report.json (the same data) and work/ (the test sets used). A check may come\n"
                "out ✘: the report says so and explains the difference; nothing is tuned towards the papers.");
    p.positional("NAME", "a reproduction (see --list) or 'all'", false, false);
    p.flag("list", "list the reproductions and exit");
    p.option("out", "DIR", "folder for the report folders", "reproductions");
    p.flag("quick", "small dimensions and epochs (the default; minutes on 2 cores)");
    p.flag("full", "the settings of the README figures (slower)");
    p.option("seeds", "N", "number of seeds 1…N (default: the finding's for the mode, listed below)");
    p.option("threads", "N", "worker threads per training job", kThreadsTraining);
    p.option("data", "DIR",
             "the data folder holding onto/pizza.owl(.gz) and kg/ (default: $KBCX_DATA, else the shipped data:\n"
             "data/ of the source tree when run from its build folder, else share/kbc-explorer/data)");
    p.option("epochs", "E", "override the training epochs (default: the finding's for the mode, listed below)");
    p.option("dim", "D", "override the embedding dimension (default: the finding's for the mode, listed below)");
    p.option("per-band", "N",
             "ontology findings: override the test axioms per band (T+, T?, T−) (default: the finding's for the mode)");
    p.option(
        "models", "A,B,…",
        "restrict to these models (canonical names, e.g. ELEmbeddings,Box2EL,TransE-L1); default: all of the finding");
    p.option("forms", "A,B,…",
             "restrict to these normal forms (construct-dependence, contradiction-sweep); default: all of the finding");
    p.option("p-bot", "P,Q,…", "contradiction-sweep: the p⊥ grid (default quick 0,0.5,1; full 0,0.25,0.5,0.75,1)");
    p.option("max-domain", "N", "relative-count-ranking: largest |Δ| (default quick 4, full 6)");
    p.option("variant", "V",
             "which version of the systems a finding runs (default: each finding's as released).\n"
             "negative-difficulty, pattern-difficulty: the generator, loginfer (LogInfer's as released: K =\n"
             "train + valid + test, each method's own train negatives, the systems trained on each) or kbcx\n"
             "(this project's generator on train.txt).\n"
             "rank-vs-faithfulness, gci1-inversion, construct-dependence, relative-count-ranking: the EL\n"
             "variant (as kbcx train --variant) for the EL models that have it; the others keep their\n"
             "default, and the report says which trained what. Without it each EL model trains its default\n"
             "variant (" +
                 onto_variants_text() +
                 "),\nthe released ones at their own dim and epochs. A variant no model of the finding has is a\n"
                 "usage error. contradiction-sweep: kbcx only (p⊥ is that objective's)");
    p.option("projection", "NAME",
             "ontology findings: the graph the triple baselines (TransE, DistMult, ComplEx, BoxE) train on:\n" +
                 onto::projection_list() + " (default " + onto::projection_name(onto::kDefaultProjection) +
                 "; README \"Graph projections\")");
    p.option("graph-training", "T",
             "ontology findings: how the triple baselines train: pykeen (PyKEEN's defaults as mOWL's KGE wrapper\n"
             "applies them, the default) or kbcx (this project's settings)");
    p.flag("sensitivity",
           "ontology findings: also train every variant of each EL model and add the variant-sensitivity\n"
           "table (AUC±, FVR, Pair-FVR, ρ_P, MRR per model and variant on the finding's forms); the default\n"
           "in full mode");
    p.flag("no-sensitivity", "ontology findings: leave the variant-sensitivity runs out (also in full mode)");
    p.flag("resume",
           "pattern-difficulty, negative-difficulty: reuse the benchmarks an earlier run with the same settings\n"
           "finished (kept in DIR/NAME/partial/ as each one ends), so a stopped or killed run continues where it was");
    p.epilog(defaults_text(all) +
             "P is counted exactly over |Δ| = 2 on the TBox (kbcx count --tbox-only)\n"
             "report.json: {\"name\":…,\"mode\":\"quick\",\"wall_seconds\":…,\"seeds\":[1,2],\"commands\":[…],\n"
             "  \"sections\":[{\"heading\":…,\"tables\":[{\"title\":…,\"header\":[…],\"rows\":[[…]]}],\n"
             "  \"charts\":[{\"file\":\"x.png\",\"series\":[{\"name\":…,\"x\":[…],\"y\":[…],\"y_err\":[…]}]}],\n"
             "  \"checks\":[{\"claim\":…,\"holds\":true,\"detail\":…}]}]}\n"
             "example: kbcx reproduce rank-vs-faithfulness --out reports\n"
             "exit codes: 0 done (whatever the checks say), 2 bad input or usage, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (p.has("list")) {
        for (const auto& r : all) {
            char b[64];
            std::snprintf(b, sizeof b, "%-24s ", r.name.c_str());
            out << b << r.title << "\n";
        }
        return kOk;
    }
    if (p.positionals().size() != 1) throw UsageError("expects one NAME (or 'all', or --list)");
    if (p.has("quick") && p.has("full")) throw UsageError("--quick and --full exclude each other");
    repro::Options o;
    o.mode = p.has("full") ? repro::Mode::Full : repro::Mode::Quick;
    o.out_dir = p.get("out");
    o.threads = static_cast<int>(parse_count("threads", p.get("threads")));
    if (o.threads < 1) throw UsageError("--threads must be at least 1");
    o.data_dir = p.has("data") ? p.get("data") : std::string(); // empty: the search of common/data_dir.hpp
    if (p.has("seeds")) o.seeds = static_cast<int>(parse_count("seeds", p.get("seeds")));
    if (p.has("epochs")) o.epochs = static_cast<int>(parse_count("epochs", p.get("epochs")));
    if (p.has("dim")) o.dim = static_cast<int>(parse_count("dim", p.get("dim")));
    o.resume = p.has("resume");
    if (p.has("projection")) {
        o.graph.projection = p.get("projection");
        if (!onto::parse_projection(o.graph.projection))
            throw UsageError("unknown projection '" + o.graph.projection + "' (valid: " + onto::projection_list() +
                             ")");
    }
    if (p.has("graph-training")) {
        o.graph.training = p.get("graph-training");
        if (!embed::parse_graph_training(o.graph.training))
            throw UsageError("--graph-training is " + embed::graph_training_list() + ", not '" + o.graph.training +
                             "'");
    }
    if (p.has("sensitivity") && p.has("no-sensitivity"))
        throw UsageError("--sensitivity and --no-sensitivity exclude each other");
    if (p.has("sensitivity")) o.sensitivity = true;
    if (p.has("no-sensitivity")) o.sensitivity = false;
    if (p.has("per-band")) o.per_band = parse_count("per-band", p.get("per-band"));
    if (p.has("models")) o.models = split_list(p.get("models"));
    if (p.has("forms")) o.forms = split_list(p.get("forms"));
    if (p.has("max-domain")) o.max_domain = static_cast<std::uint32_t>(parse_count("max-domain", p.get("max-domain")));
    if (p.has("p-bot"))
        for (const auto& v : split_list(p.get("p-bot"))) {
            try {
                std::size_t used = 0;
                const double x = std::stod(v, &used);
                if (used != v.size() || x < 0 || x > 1) throw std::invalid_argument(v);
                o.p_bot.push_back(x);
            } catch (const std::exception&) {
                throw UsageError("--p-bot needs numbers in [0, 1], got '" + v + "'");
            }
        }

    std::vector<repro::Reproduction> selected;
    const std::string name = p.positionals()[0];
    if (name == "all") {
        selected = all;
    } else if (auto r = repro::find_reproduction(name)) {
        selected.push_back(*r);
    } else {
        std::string names;
        for (const auto& known : all)
            names += (names.empty() ? "" : ", ") + known.name;
        throw UsageError("unknown reproduction '" + name + "' (known: " + names + ")");
    }
    // --variant goes to the field of each finding's family (KG: the generator; ontology: the EL
    // variant), checked for every selected finding before anything runs.
    std::vector<repro::Options> options(selected.size(), o);
    if (o.resume && name != "all" && !selected.front().resumable) {
        std::string resumable;
        for (const auto& known : all)
            if (known.resumable) resumable += (resumable.empty() ? "" : ", ") + known.name;
        throw UsageError("--resume: " + name + " keeps no finished parts to continue from (only " + resumable + " do)");
    }
    if (p.has("variant"))
        for (std::size_t i = 0; i < selected.size(); ++i) {
            if (name == "all" && !selected[i].set_variant) continue; // a finding without variants runs as it is
            try {
                repro::apply_variant(selected[i], p.get("variant"), options[i]);
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }
    for (std::size_t i = 0; i < selected.size(); ++i) {
        const repro::Reproduction& r = selected[i];
        TerminalProgress progress(false, true); // a redirected run logs a line per step (they take hours)
        jobs::JobContext ctx(interrupt_token(), progress.sink());
        const repro::RunOutput res = repro::run_reproduction(r, options[i], ctx);
        progress.finish();
        err << "wrote " << res.folder << "\n";
        int ok = 0, n = 0;
        for (const auto& s : res.report.sections)
            for (const auto& c : s.checks) {
                ++n;
                ok += c.holds;
            }
        char b[160];
        std::snprintf(b, sizeof b, "%s: %.1f s, %d of %d checks hold, ", r.name.c_str(), res.report.wall_seconds, ok,
                      n);
        out << b << res.markdown_path << "\n";
        for (const auto& s : res.report.sections)
            for (const auto& c : s.checks)
                out << "  " << (c.holds ? "✔ " : "✘ ") << c.claim << " — " << c.detail << "\n";
        out << std::flush;
    }
    return kOk;
}

} // namespace

KBCX_COMMAND("reproduce", "reproduce the papers' findings as Markdown reports with charts", cmd_reproduce);

} // namespace kbcx::cli
