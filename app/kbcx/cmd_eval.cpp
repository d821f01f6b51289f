// `kbcx eval` and `kbcx ladder`: faithfulness metrics and the L0–L3 placement of any
// scoring function given as a scores file, against a tests file with statuses and P.
#include "cli.hpp"
#include "commands.hpp"
#include "onto_cli.hpp"

#include "common/json.hpp"
#include "common/resources.hpp"
#include "eval/evaluate.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {

using namespace kbcx::eval;

const char* kDefinitions =
    "files:\n"
    "  tests   status<TAB>nf<TAB>axiom[<TAB>P], as written by kbcx sample / kbcx count, e.g.\n"
    "            undetermined<TAB>GCI2<TAB>A SubClassOf r some B<TAB>425/576\n"
    "          status is entailed (T+), undetermined (T?) or contradictory (T-); P is a decimal or a\n"
    "          fraction p/q (\"p/q decimal\" or a fifth decimal column is accepted; they must agree).\n"
    "          P of a T+ (T-) axiom without one is 1 (0). Blank lines, '#' lines and a header\n"
    "          line starting with 'status' are skipped. Each axiom may be listed once.\n"
    "  scores  axiom<TAB>score, e.g.  A SubClassOf r some B<TAB>0.8125\n"
    "          higher = more plausible (--lower-is-better negates a loss). NaN/inf are errors;\n"
    "          an axiom scored twice with different scores is an error (twice the same: accepted).\n"
    "          A test axiom without a score is an error unless --missing lowest, which scores it\n"
    "          below every scored axiom (all such axioms tie); ranking candidates always need a score.\n"
    "  Axioms are matched by their text after collapsing runs of blanks to one space and\n"
    "  trimming: write them identically in both files (same names, same keyword spelling).\n"
    "definitions (f = score; ties are exact equality of the numbers):\n"
    "  AUC+/-    Pr[f(a+) > f(a-)] + 1/2 Pr[f(a+) = f(a-)] over T+ x T-\n"
    "  FVR       1 - #{(a-,a?,a+): f(a-) < f(a?) < f(a+)} / (|T-||T?||T+|), exact (strict: ties violate)\n"
    "  Pair-FVR  Pr[f(a?) <= f(a-)] over T? x T-\n"
    "  rho_P     Spearman correlation (average ranks for ties) of f and P over T?; needs P on all of T?\n"
    "  ranking   one query per T+ axiom: its slot (the last class name of a class axiom, e.g. B in\n"
    "            'A SubClassOf r some B'; C in 'C(a)'; b in 'r(a,b)'; the last role of a role axiom)\n"
    "            is replaced by every name of the same kind (class/role/individual) found in either\n"
    "            file; every such candidate needs a score in the scores file, otherwise MRR, Hits\n"
    "            and Adm@k are reported as not computable (never computed on a subset).\n"
    "  MRR, Hits@n  filtered rank = 1 + #better + #tied/2 among the candidates, leaving out the\n"
    "            other candidates listed as entailed in the tests; Hits@n = Pr[rank <= n]\n"
    "  Adm@k     per query, the fraction of the k best-scored candidates (unfiltered; ties at the\n"
    "            k-th place shared pro rata) not listed as contradictory in the tests; mean over\n"
    "            queries. Candidates absent from the tests count as admissible (reported).\n"
    "  ladder    L0 discriminative: max f(T-) < min f(T+)\n"
    "            L1 logically admissible: max f(T-) < min f(T+ u T?)\n"
    "            L2 monotonically faithful: f(a-) < f(a?) < f(a+) for all triples (with an empty\n"
    "               band: the pairwise order of the other two)\n"
    "            L3 probabilistically faithful: P(a1) > P(a2) => f(a1) > f(a2) over all axioms\n"
    "            a failing level shows its witness of largest violation, listed in the order the\n"
    "            scores should increase; a level with no constrained pair holds (vacuously).\n"
    "  'overall' pools the axioms of all normal forms; metrics that cannot be computed print n/a\n"
    "  (null in JSON) with the reason.\n"
    "exit codes: 0 success, 2 bad input (file:line:column: what) or usage, 130 interrupted";

std::string fmt(const char* format, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string metric(const std::optional<double>& v) {
    return v ? fmt("%.6f", *v) : "n/a";
}

std::string score_text(const EvalResult& r, std::uint32_t a) {
    if (r.missing[a]) return "missing (lowest)";
    return fmt("%.6g", r.scorer->display(r.f[a]));
}

/// The P used for an axiom: the file's, else 1 (T+) / 0 (T-), else none.
std::optional<const ProbValue*> effective_p(const EvalResult& r, std::uint32_t a) {
    const TestAxiom& t = r.tests.axioms[a];
    if (t.p != kNoP) return &r.tests.p_values[t.p];
    if (r.p_key[a] == kNoP) return std::nullopt;
    for (const auto& v : r.tests.p_values) // the interned 1 or 0
        if (v.text == (t.status == Status::Entailed ? "1/1" : "0/1")) return &v;
    return std::nullopt;
}

std::string p_text(const EvalResult& r, std::uint32_t a) {
    const auto p = effective_p(r, a);
    if (!p) return "?";
    const std::string& t = (*p)->text;
    if (t == "1/1") return "1";
    if (t == "0/1") return "0";
    return t + " (" + fmt("%.6f", (*p)->approx) + ")";
}

void write_level_json(JsonWriter& j, const EvalResult& r, const LevelCheck& c) {
    j.begin_object();
    j.key("holds");
    if (c.computable)
        j.value(c.holds);
    else
        j.null();
    j.key("witness").begin_array();
    for (std::uint32_t a : c.witness)
        j.value(r.tests.axioms[a].axiom);
    j.end_array();
    if (c.computable && !c.holds) j.field("margin", c.margin);
    j.field("vacuous", c.vacuous);
    j.key("witness_detail").begin_array();
    for (std::uint32_t a : c.witness) {
        const TestAxiom& t = r.tests.axioms[a];
        j.begin_object().field("axiom", t.axiom).field("status", status_name(t.status)).key("score");
        if (r.missing[a])
            j.null();
        else
            j.value(r.scorer->display(r.f[a]));
        j.key("p");
        if (const auto p = effective_p(r, a))
            j.value((*p)->text);
        else
            j.null();
        j.field("nf", r.tests.normal_forms[t.nf]).field("line", static_cast<std::uint64_t>(t.line)).end_object();
    }
    j.end_array();
    j.end_object();
}

void write_levels_json(JsonWriter& j, const EvalResult& r, const Metrics& m) {
    j.key("levels").begin_object();
    for (int i = 0; i < 4; ++i) {
        j.key(level_name(static_cast<Level>(i)));
        write_level_json(j, r, m.levels[i]);
    }
    j.end_object();
    j.key("placement");
    if (m.placement() >= 0)
        j.value(level_name(static_cast<Level>(m.placement())));
    else
        j.null();
}

void write_metrics_json(JsonWriter& j, const EvalResult& r, const Metrics& m) {
    auto opt = [&](const char* key, const std::optional<double>& v) {
        j.key(key);
        if (v)
            j.value(*v);
        else
            j.null();
    };
    j.begin_object()
        .field("n_entailed", m.n_entailed)
        .field("n_undetermined", m.n_undetermined)
        .field("n_contradictory", m.n_contradictory);
    opt("auc_pm", m.auc_pm);
    opt("adm_at_k", m.adm_at_k);
    opt("fvr", m.fvr);
    opt("pair_fvr", m.pair_fvr);
    opt("rho_p", m.rho_p);
    opt("mrr", m.mrr);
    opt("hits_at_1", m.hits_at_1);
    opt("hits_at_3", m.hits_at_3);
    opt("hits_at_10", m.hits_at_10);
    write_levels_json(j, r, m);
    j.field("k", static_cast<std::uint64_t>(r.k))
        .field("n_queries", m.n_queries)
        .field("n_candidates", m.n_candidates)
        .field("n_filtered", m.n_filtered)
        .field("adm_unknown_top_k", m.adm_unknown_top_k)
        .field("n_missing_scores", m.n_missing_scores)
        .field("n_undetermined_with_p", m.n_undetermined_with_p)
        .field("p_disagreements", m.p_disagreements);
    j.key("notes").begin_object();
    if (!m.ranking_note.empty()) j.field("ranking", m.ranking_note);
    if (!m.rho_note.empty()) j.field("rho_p", m.rho_note);
    j.end_object();
    j.end_object();
}

void print_witness(std::ostream& out, const EvalResult& r, const LevelCheck& c, const AxiomRenderer& names) {
    for (std::uint32_t a : c.witness) {
        const TestAxiom& t = r.tests.axioms[a];
        char head[96];
        std::snprintf(head, sizeof head, "      %-13s f=%-12s ", status_name(t.status), score_text(r, a).c_str());
        out << head << "P=" << p_text(r, a) << "  `" << names.show(t.axiom) << "` (line " << t.line << ")\n";
    }
}

void print_ladder(std::ostream& out, const EvalResult& r, const Metrics& m, const AxiomRenderer& names) {
    const int placed = m.placement();
    out << "  ladder      "
        << (placed < 0 ? std::string("below L0")
                       : std::string("placed at ") + level_name(static_cast<Level>(placed)) + " (" +
                             level_title(static_cast<Level>(placed)) + ")")
        << "\n";
    for (int i = 0; i < 4; ++i) {
        const auto level = static_cast<Level>(i);
        const LevelCheck& c = m.levels[i];
        char line[128];
        std::snprintf(line, sizeof line, "    %s %-34s ", level_name(level), level_title(level));
        out << line;
        if (!c.computable) {
            out << "not computable (P missing for undetermined axioms)\n";
        } else if (c.holds) {
            out << (c.vacuous ? "holds (vacuously: no constrained pair)\n" : "holds\n");
        } else {
            out << "fails, largest violation " << fmt("%.6g", c.margin) << " (should increase downwards):\n";
            print_witness(out, r, c, names);
        }
    }
}

void print_block(std::ostream& out, const EvalResult& r, const std::string& title, const Metrics& m, bool ladder_only,
                 const AxiomRenderer& names) {
    out << title << "  T+ " << m.n_entailed << "  T? " << m.n_undetermined << "  T- " << m.n_contradictory;
    if (m.n_missing_scores) out << "  (" << m.n_missing_scores << " without score, scored lowest)";
    out << "\n";
    if (!ladder_only) {
        out << "  AUC+/-      " << metric(m.auc_pm) << "\n";
        out << "  Adm@" << r.k << (r.k < 10 ? "       " : r.k < 100 ? "      " : "     ") << metric(m.adm_at_k);
        if (m.adm_at_k && m.adm_unknown_top_k > 0)
            out << "  (" << fmt("%.1f", m.adm_unknown_top_k) << " top-k entries not in the tests, counted admissible)";
        out << "\n";
        out << "  FVR         " << metric(m.fvr) << "\n";
        out << "  Pair-FVR    " << metric(m.pair_fvr) << "\n";
        out << "  rho_P       " << metric(m.rho_p);
        if (!m.rho_p && !m.rho_note.empty()) out << "  (" << m.rho_note << ")";
        out << "\n";
        out << "  MRR         " << metric(m.mrr);
        if (!m.mrr && !m.ranking_note.empty()) out << "  (" << m.ranking_note << ")";
        out << "\n";
        out << "  Hits@1/3/10 " << metric(m.hits_at_1) << " " << metric(m.hits_at_3) << " " << metric(m.hits_at_10)
            << "\n";
        out << "  queries     " << m.n_queries;
        if (m.mrr) out << " (" << m.n_candidates << " candidates ranked, " << m.n_filtered << " filtered out)";
        out << "\n";
        if (m.p_disagreements)
            out << "  note        " << m.p_disagreements
                << " axioms whose P disagrees with their status (P used as given for L3)\n";
    }
    print_ladder(out, r, m, names);
}

int run(const std::vector<std::string>& args, std::ostream& out, bool ladder_only) {
    const std::string name = ladder_only ? "ladder" : "eval";
    ArgParser p(name,
                ladder_only ? "--tests FILE --scores FILE [--lower-is-better] [--missing lowest] [--onto ONTO] "
                              "[--names STYLE] [--json] [--stats]"
                            : "--tests FILE --scores FILE [--k 10] [--json] [--lower-is-better] [--missing lowest] "
                              "[--onto ONTO] [--names STYLE] [--stats]",
                ladder_only ? "Places a scoring function on the faithfulness ladder L0-L3, per normal form and\n"
                              "overall, with the witness pair or triple of largest violation of each failing level."
                            : "Evaluates a scoring function against a test set of entailed, undetermined and\n"
                              "contradictory axioms: AUC+/-, Adm@k, FVR, Pair-FVR, rho_P, MRR and Hits@1/3/10 per\n"
                              "normal form and overall, and the L0-L3 placement with witnesses.");
    p.option("tests", "FILE", "test set: status<TAB>nf<TAB>axiom[<TAB>P] (required)");
    p.option("scores", "FILE", "scores: axiom<TAB>score (higher = more plausible) (required)");
    if (!ladder_only) p.option("k", "N", "k of Adm@k", "10");
    p.flag("lower-is-better", "the scores are losses: lower = more plausible");
    p.option("missing", "lowest",
             "score test axioms absent from the scores file below every other axiom "
             "(otherwise they are an error)");
    p.flag("json", "print one JSON object {\"overall\": M, \"by_nf\": {NF: M, ...}}");
    p.flag("stats", "also print time, throughput and peak memory");
    p.option("onto", "ONTO",
             "the test set's ontology (any format of kbcx info): the witness axioms of the text output are then\n"
             "printed as --names says; without it, and in --json, as written in the tests file",
             "");
    add_names_option(p);
    p.epilog(kDefinitions);
    if (!p.parse(args, out)) return kOk;
    if (!p.has("tests")) throw UsageError("missing --tests FILE");
    if (!p.has("scores")) throw UsageError("missing --scores FILE");
    if (p.has("missing") && p.get("missing") != "lowest") throw UsageError("--missing takes only the value 'lowest'");
    const NameStyle style = names_option(p);

    EvalParams params;
    params.tests_path = p.get("tests");
    params.scores_path = p.get("scores");
    params.lower_is_better = p.has("lower-is-better");
    params.options.missing_lowest = p.has("missing");
    params.options.ranking = !ladder_only;
    if (!ladder_only) {
        params.options.k = parse_count("k", p.get("k"));
        if (params.options.k == 0) throw UsageError("--k must be at least 1");
    }

    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    const EvalResult r = run_eval(params, ctx);
    progress.finish();
    const AxiomRenderer names =
        p.get("onto").empty() ? AxiomRenderer() : AxiomRenderer(load_onto_cli(p.get("onto"), "auto", true), style);

    const std::uint64_t n_axioms = r.tests.axioms.size();
    const double rate = r.seconds > 0 ? static_cast<double>(n_axioms + r.scores_read) / r.seconds : 0.0;
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().key("overall");
        if (ladder_only) {
            j.begin_object();
            write_levels_json(j, r, r.overall);
            j.end_object();
        } else {
            write_metrics_json(j, r, r.overall);
        }
        j.key("by_nf").begin_object();
        for (std::size_t i = 0; i < r.by_nf.size(); ++i) {
            j.key(r.tests.normal_forms[i]);
            if (ladder_only) {
                j.begin_object();
                write_levels_json(j, r, r.by_nf[i]);
                j.end_object();
            } else {
                write_metrics_json(j, r, r.by_nf[i]);
            }
        }
        j.end_object();
        if (p.has("stats"))
            j.key("stats")
                .begin_object()
                .field("seconds", r.seconds)
                .field("read_seconds", r.read_seconds)
                .field("ranking_seconds", r.ranking_seconds)
                .field("axioms", n_axioms)
                .field("scores", r.scores_read)
                .field("lines_per_second", rate)
                .field("peak_memory_bytes", peak_memory_bytes())
                .end_object();
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }

    out << "tests:  " << params.tests_path << " (" << n_axioms << " axioms, " << r.tests.normal_forms.size()
        << (r.tests.normal_forms.size() == 1 ? " normal form)\n" : " normal forms)\n");
    out << "scores: " << params.scores_path << " (" << r.scores_read << " axioms, "
        << (params.lower_is_better ? "lower" : "higher") << " is better)\n\n";
    for (std::size_t i = 0; i < r.by_nf.size(); ++i) {
        print_block(out, r, r.tests.normal_forms[i], r.by_nf[i], ladder_only, names);
        out << "\n";
    }
    print_block(out, r, "overall", r.overall, ladder_only, names);
    if (p.has("stats")) {
        out << "stats\n";
        out << "  time:        " << fmt("%.3f s", r.seconds) << " (read " << fmt("%.3f s", r.read_seconds)
            << ", ranking " << fmt("%.3f s", r.ranking_seconds) << ")\n";
        out << "  throughput:  " << fmt("%.0f", rate) << " lines/s (" << n_axioms << " test axioms, " << r.scores_read
            << " scores)\n";
        out << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

int cmd_eval(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    return run(args, out, false);
}

int cmd_ladder(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    return run(args, out, true);
}

} // namespace

KBCX_COMMAND("eval", "faithfulness metrics (AUC, FVR, rho_P, MRR, ...) and L0-L3 placement of a scores file", cmd_eval);
KBCX_COMMAND("ladder", "L0-L3 placement of a scores file with the witnesses of violations", cmd_ladder);

} // namespace kbcx::cli
