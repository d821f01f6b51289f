// Benchmark folder commands: `kbcx info DIR` (sizes and checks, called from cmd_info.cpp),
// `kbcx baseline DIR` (SimpBL) and `kbcx eval-kg DIR --scores FILE` (classification and ranking).
#include "cli.hpp"
#include "commands.hpp"

#include "bench/folder.hpp"
#include "bench/kg_metrics.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {

const char* kFolderHelp =
    "benchmark folder (ours or LogInfer's releases): train.txt, valid.txt, test.txt,\n"
    "  {train,valid,test}_neg_<m>.txt for each negative method m, optional rules.txt,\n"
    "  candidate_entities.txt, candidate_relations.txt, summary.json. Lines are `h<TAB>r<TAB>t`;\n"
    "  CRLF, a missing final newline, <...> brackets and <rdf:type> (a type fact) are accepted;\n"
    "  duplicate lines are counted once and reported\n";

std::string pct(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4f", x);
    return b;
}

void json_classification(JsonWriter& j, const bench::Classification& c) {
    j.begin_object()
        .field("precision", c.precision)
        .field("recall", c.recall)
        .field("f1", c.f1)
        .field("accuracy", c.accuracy)
        .field("tp", c.tp)
        .field("fp", c.fp)
        .field("tn", c.tn)
        .field("fn", c.fn)
        .end_object();
}

void print_classification(std::ostream& out, const std::string& title, const bench::Classification& c) {
    out << title << ": precision " << pct(c.precision) << ", recall " << pct(c.recall) << ", F1 " << pct(c.f1)
        << ", accuracy " << pct(c.accuracy) << " (TP " << c.tp << ", FP " << c.fp << ", TN " << c.tn << ", FN " << c.fn
        << ")\n";
}

} // namespace

/// `kbcx info DIR` for a benchmark folder (dispatched from cmd_info.cpp).
int bench_info(const std::vector<std::string>& args, std::ostream& out) {
    ArgParser p("info", "DIR [--json]", "Prints the sizes of a benchmark folder and the results of its checks.");
    p.positional("DIR", "benchmark folder", false, true);
    p.flag("json", "print JSON");
    p.flag("stats", "print time and peak memory");
    p.epilog(std::string(kFolderHelp) +
             "checks (printed as warnings): duplicate lines, positives shared by two splits, negatives that are\n"
             "  positives of any split, negatives of a method repeated across splits, more negative lines than\n"
             "  positive lines in a split (train: than lines of train.txt), fewer distinct valid/test negatives\n"
             "  than positives, negative files byte-identical to a sibling folder's, a missing train.txt (the\n"
             "  folder is read without it)\n"
             "unanchored: per method, the test negatives that are no one-constant corruption of a test\n"
             "  positive ((s, R, o) with no test positive (s, R, x) or (x, R, o); T(e) with no T(x))\n"
             "exit codes: 0 success (warnings included), 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    Stopwatch clock;
    jobs::JobContext ctx(interrupt_token());
    const bench::BenchmarkFolder b = bench::read_benchmark(p.positionals().at(0), ctx, true);
    const auto& v = b.train->vocab;
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().field("benchmark", b.dir);
        j.field("entities", static_cast<std::uint64_t>(v.entities().size()))
            .field("relations", static_cast<std::uint64_t>(v.relations().size()))
            .field("types", static_cast<std::uint64_t>(v.types().size()))
            .field("rules", static_cast<std::uint64_t>(b.rules));
        j.key("files").begin_array();
        auto file = [&](const bench::FactList& f) {
            if (!f.present) return;
            j.begin_object()
                .field("path", f.path)
                .field("facts", static_cast<std::uint64_t>(f.facts.size()))
                .field("duplicates", f.duplicates)
                .field("crlf", f.crlf)
                .field("no_final_newline", f.no_final_newline)
                .end_object();
        };
        for (const auto& f : b.pos)
            file(f);
        for (const auto& [m, l] : b.neg)
            for (const auto& f : l)
                file(f);
        j.end_array();
        j.key("unanchored_test").begin_object();
        for (const auto& [m, l] : b.neg) {
            const bench::Anchoring a = bench::anchoring(b, m, 2);
            j.key(m)
                .begin_object()
                .field("negatives", static_cast<std::uint64_t>(a.negatives))
                .field("unanchored", static_cast<std::uint64_t>(a.unanchored))
                .end_object();
        }
        j.end_object();
        j.key("notes").begin_array();
        for (const auto& n : b.notes)
            j.value(n);
        j.end_array().key("warnings").begin_array();
        for (const auto& w : b.warnings)
            j.value(w);
        j.end_array().end_object();
        out << j.str() << "\n";
        return kOk;
    }
    out << "benchmark " << b.dir << "\n";
    out << "  entities:    " << v.entities().size() << "\n  relations:   " << v.relations().size()
        << "\n  types:       " << v.types().size() << "\n";
    if (b.has_rules) out << "  rules:       " << b.rules << "\n";
    char line[200];
    std::snprintf(line, sizeof line, "  %-8s %10s", "split", "positives");
    out << line;
    for (const auto& [m, l] : b.neg) {
        std::snprintf(line, sizeof line, " %10s", ("neg_" + m).c_str());
        out << line;
    }
    out << "\n";
    for (int s = 0; s < 3; ++s) {
        static const char* names[] = {"train", "valid", "test"};
        std::snprintf(line, sizeof line, "  %-8s %10zu", names[s], b.pos[static_cast<std::size_t>(s)].facts.size());
        out << line;
        for (const auto& [m, l] : b.neg) {
            std::snprintf(line, sizeof line, " %10zu", l[static_cast<std::size_t>(s)].facts.size());
            out << line;
        }
        out << "\n";
    }
    for (const auto& [m, l] : b.neg) {
        const bench::Anchoring a = bench::anchoring(b, m, 2);
        if (!a.negatives) continue;
        std::snprintf(
            line, sizeof line,
            "  unanchored test_neg_%s: %zu of %zu (%.1f %%) are no one-constant corruption of a test positive\n",
            m.c_str(), a.unanchored, a.negatives,
            100.0 * static_cast<double>(a.unanchored) / static_cast<double>(a.negatives));
        out << line;
    }
    for (const auto& n : b.notes)
        out << "note: " << n << "\n";
    for (const auto& w : b.warnings)
        out << "warning: " << w << "\n";
    if (b.warnings.empty()) out << "checks: all passed\n";
    if (p.has("stats"))
        out << "stats\n  time:        " << clock.seconds() << " s\n  peak memory: " << human_bytes(peak_memory_bytes())
            << "\n";
    return kOk;
}

namespace {

int cmd_baseline(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("baseline", "DIR [--neg M] [--rule paper|simple.py|shared-neighbour] [--json]",
                "Runs SimpBL on a benchmark's test split as the LogInfer paper defines it: a fact (a, b, c) is\n"
                "predicted true iff train.txt holds a triple involving both a and the relation b (a in either\n"
                "position) and one involving both b and c; prints precision, recall, F1 and accuracy against\n"
                "test.txt and test_neg_<m>.txt.");
    p.positional("DIR", "benchmark folder", false, true);
    p.option("neg", "M", "negative method (default: the folder's only one)");
    p.option("rule", "paper|simple.py|shared-neighbour",
             "paper: the rule above over train.txt; simple.py: the same over train.txt and valid.txt, as the "
             "release's simple.py reads both; shared-neighbour: true iff some node n has a train triple with both a "
             "and n and one with both n and c (any relation; this project's rule before the paper's)",
             "paper");
    p.flag("json", "print JSON");
    p.epilog(std::string(kFolderHelp) +
             "definitions: precision TP/(TP+FP), recall TP/(TP+FN), F1 2PR/(P+R), accuracy (TP+TN)/(TP+FP+TN+FN);\n"
             "  a type fact T(e) is the triple (e, rdf:type, T): rdf:type is a relation, T a node\n"
             "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    const auto rule = bench::parse_simpbl_rule(p.get("rule"));
    if (!rule) throw UsageError("--rule must be paper, simple.py or shared-neighbour");
    jobs::JobContext ctx(interrupt_token());
    const bench::BenchmarkFolder b = bench::read_benchmark(p.positionals().at(0), ctx);
    std::string m = p.has("neg") ? p.get("neg") : "";
    if (m.empty()) {
        if (b.neg.size() != 1)
            throw UsageError(b.neg.empty() ? "the benchmark has no negative files"
                                           : "several negative methods: use --neg");
        m = b.neg.begin()->first;
    }
    if (!b.neg.count(m)) throw UsageError("no negatives of method '" + m + "'");
    const bench::SimpBL bl(b.train->facts, *rule, b.pos[1].facts);
    std::uint64_t tp = 0, fp = 0;
    for (const auto& f : b.pos[2].facts)
        tp += bl.predict(f) ? 1 : 0;
    for (const auto& f : b.neg.at(m)[2].facts)
        fp += bl.predict(f) ? 1 : 0;
    const auto c = bench::from_counts(tp, fp, b.neg.at(m)[2].facts.size() - fp, b.pos[2].facts.size() - tp);
    const std::string over = *rule == bench::SimpBLRule::SimplePy ? "train.txt + valid.txt" : "train.txt";
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().field("method", m).field("rule", bench::simpbl_rule_name(*rule)).field("facts", over);
        j.key("test");
        json_classification(j, c);
        j.end_object();
        out << j.str() << "\n";
    } else {
        out << "SimpBL rule: " << bench::simpbl_rule_name(*rule) << " (over " << over << ")\n";
        print_classification(out, "SimpBL on test (neg " + m + ")", c);
    }
    return kOk;
}

/// The metrics are null when no query was ranked (a mean over nothing).
void json_ranking(JsonWriter& j, const bench::RankingSummary& r) {
    j.begin_object().field("queries", r.queries);
    for (const auto& [name, value] : {std::pair{"mrr", r.mrr}, std::pair{"hits@1", r.hits1},
                                      std::pair{"hits@3", r.hits3}, std::pair{"hits@10", r.hits10}}) {
        j.key(name);
        if (r.queries)
            j.value(value);
        else
            j.null();
    }
    j.end_object();
}

int cmd_eval_kg(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("eval-kg",
                "DIR (--scores FILE | --run RUNDIR) [--neg M] [--ranking paper|candidates] [--threshold-by "
                "f1|accuracy] [--missing error|lowest] [--no-ranking] [--json]",
                "Evaluates scores of any system against a benchmark folder: classification at a threshold\n"
                "tuned on valid (maximising F1 unless --threshold-by accuracy), ROC AUC, and C-/R- ranking\n"
                "metrics of the test facts (by default as the LogInfer paper defines them: among the test\n"
                "negatives). Scores come from a file (--scores) or from a `kbcx train` run's checkpoint (--run).");
    p.positional("DIR", "benchmark folder", false, true);
    p.option("scores", "FILE",
             "scores, one line per triple: h r t score (tabs or spaces; higher = more plausible); this or --run "
             "is required");
    p.option("run", "RUNDIR",
             "run folder of `kbcx train` (triple model): score every needed fact with the model's score(h,r,t); "
             "this or --scores is required");
    p.option("neg", "M", "negative method (default: the folder's only one)");
    p.option("ranking", "paper|candidates",
             "paper: rank each test positive among the test negatives of --neg that differ from it in one place "
             "(LogInfer's C-/R- MRR); candidates: filtered ranking over every candidate entity / relation",
             "paper");
    p.option("threshold-by", "f1|accuracy", "what the threshold maximises on valid", "f1");
    p.option("missing", "error|lowest", "a needed triple without a score: an error, or scored -infinity", "error");
    p.flag("no-ranking", "skip the ranking metrics");
    p.flag("json", "print JSON");
    p.flag("stats", "print time and peak memory");
    p.epilog(std::string(kFolderHelp) +
             "definitions (higher score = more plausible):\n"
             "  threshold τ  the distinct validation score maximising F1 (or accuracy) of `score >= τ` on\n"
             "               valid.txt against valid_neg_<m>.txt (the largest such τ); applied unchanged to test\n"
             "  precision TP/(TP+FP), recall TP/(TP+FN), F1 2PR/(P+R), accuracy (TP+TN)/(TP+FP+TN+FN)\n"
             "  ROC AUC      Pr[f(p) > f(n)] + 1/2 Pr[f(p) = f(n)] over test positives x test negatives\n"
             "  rank         1 + #better + #tied/2 among the candidates below\n"
             "  --ranking paper (default), for a test positive λ = (s,R,o), from test_neg_<m>.txt less any\n"
             "               negative that is a positive of some split:\n"
             "    C-         the negatives (s',R,o) and (s,R,o'), one rank per λ; C-head and C-tail: each\n"
             "               part alone; a type fact T(e) against the negatives T(e') (counted in C- and\n"
             "               as C-type; no R- query)\n"
             "    R-         the negatives (s,R',o)\n"
             "    a λ without such negatives is not ranked; the queries without negatives are reported\n"
             "  --ranking candidates, filtered: for a test fact (h,r,t) and a slot, every candidate of the\n"
             "               slot (candidate_entities.txt / candidate_relations.txt, else every name) except\n"
             "               the true filler and those forming a positive of any split; C- = head and tail\n"
             "               queries together; type facts are not ranked\n"
             "  MRR, Hits@k  mean of 1/rank, fraction of rank <= k over the ranked queries\n"
             "scores file line:  /m/027rn<TAB>/location/country/form_of_government<TAB>/m/06cx9<TAB>0.93\n"
             "  lines naming an entity or relation unknown to the benchmark are ignored (counted)\n"
             "--run: names are matched to the model's vocabulary; a type fact or a name the model never saw\n"
             "  has no score (an error, or -infinity with --missing lowest), as when a scores file lacks it\n"
             "exit codes: 0 success, 2 bad input (file:line:column: what), 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (p.has("scores") == p.has("run")) throw UsageError("give exactly one of --scores FILE and --run RUNDIR");
    const std::string missing = p.get("missing");
    if (missing != "error" && missing != "lowest") throw UsageError("--missing must be error or lowest");
    const auto ranking_mode = bench::parse_ranking_mode(p.get("ranking"));
    if (!ranking_mode) throw UsageError("--ranking must be paper or candidates");
    const auto threshold_by = bench::parse_threshold_criterion(p.get("threshold-by"));
    if (!threshold_by) throw UsageError("--threshold-by must be f1 or accuracy");
    bench::EvalKgParams params;
    params.dir = p.positionals().at(0);
    if (p.has("scores")) params.scores_path = p.get("scores");
    if (p.has("run")) params.run_dir = p.get("run");
    params.method = p.has("neg") ? p.get("neg") : "";
    params.missing_lowest = missing == "lowest";
    params.ranking = !p.has("no-ranking");
    params.ranking_mode = *ranking_mode;
    params.threshold_by = *threshold_by;
    Stopwatch clock;
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    const bench::EvalKgResult r = bench::eval_kg(params, ctx);
    progress.finish();
    const bool paper = r.ranking_mode == bench::RankingMode::Paper;
    const std::string criterion = r.threshold_by == bench::ThresholdCriterion::Accuracy ? "accuracy" : "F1";
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object()
            .field("method", r.method)
            .field("threshold", r.threshold)
            .field("threshold_by", bench::threshold_criterion_name(r.threshold_by));
        j.key("valid");
        json_classification(j, r.valid);
        j.key("test");
        json_classification(j, r.test);
        j.key("roc_auc");
        if (r.auc)
            j.value(*r.auc);
        else
            j.null();
        if (!r.model.empty()) j.field("model", r.model).field("run", params.run_dir);
        j.field(r.model.empty() ? "scores_read" : "facts_scored", r.scores).field("unknown_names", r.unknown_names);
        j.field("missing_classification", r.missing_classification);
        j.field("ranking_mode", bench::ranking_mode_name(r.ranking_mode));
        if (r.ranking_done) {
            j.key("C");
            json_ranking(j, r.constant);
            j.key("C_head");
            json_ranking(j, r.head);
            j.key("C_tail");
            json_ranking(j, r.tail);
            j.key("R");
            json_ranking(j, r.relation);
            if (paper) {
                j.key("C_type");
                json_ranking(j, r.type);
                j.key("queries_without_negatives")
                    .begin_object()
                    .field("C", r.empty_constant)
                    .field("C_head", r.empty_head)
                    .field("C_tail", r.empty_tail)
                    .field("R", r.empty_relation)
                    .field("C_type", r.empty_type)
                    .end_object();
                j.field("negatives_as_positives", r.negatives_as_positives);
            } else {
                j.field("missing_ranking", r.missing_ranking).field("type_facts_not_ranked", r.skipped_type_facts);
            }
        } else {
            j.field("ranking", r.ranking_problem);
        }
        if (p.has("stats")) j.field("seconds", clock.seconds()).field("peak_memory_bytes", peak_memory_bytes());
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    if (!r.model.empty()) out << "model: " << r.model << " (" << params.run_dir << ")\n";
    out << "negatives: " << r.method << ", threshold (max validation " << criterion << "): " << r.threshold << "\n";
    print_classification(out, "valid", r.valid);
    print_classification(out, "test ", r.test);
    out << "ROC AUC (test): " << (r.auc ? pct(*r.auc) : std::string("n/a")) << "\n";
    if (r.ranking_done) {
        auto row = [&](const char* name, const bench::RankingSummary& s, const std::uint64_t* empty) {
            char line[240];
            if (s.queries)
                std::snprintf(line, sizeof line,
                              "  %-7s MRR %.4f  Hits@1 %.4f  Hits@3 %.4f  Hits@10 %.4f  (%llu queries", name, s.mrr,
                              s.hits1, s.hits3, s.hits10, static_cast<unsigned long long>(s.queries));
            else
                std::snprintf(line, sizeof line, "  %-7s none ranked  (0 queries", name);
            out << line;
            if (empty) out << "; " << *empty << " without negatives, not ranked";
            out << ")\n";
        };
        if (paper) {
            out << "ranking (the paper's: among the test negatives of " << r.method
                << ", rank = 1 + #better + #tied/2)\n";
            row("C-", r.constant, &r.empty_constant);
            row("C-head", r.head, &r.empty_head);
            row("C-tail", r.tail, &r.empty_tail);
            if (r.type.queries || r.empty_type) row("C-type", r.type, &r.empty_type);
            row("R-", r.relation, &r.empty_relation);
            if (r.negatives_as_positives)
                out << "  " << r.negatives_as_positives
                    << " test negatives are positives of some split: left out of the ranking\n";
        } else {
            out << "ranking (over every candidate, filtered, rank = 1 + #better + #tied/2)\n";
            row("C-", r.constant, nullptr);
            row("C-head", r.head, nullptr);
            row("C-tail", r.tail, nullptr);
            row("R-", r.relation, nullptr);
            if (r.skipped_type_facts) out << "  " << r.skipped_type_facts << " test type facts not ranked\n";
            if (r.missing_ranking) out << "  " << r.missing_ranking << " candidates without a score scored -infinity\n";
        }
    } else {
        out << "ranking: " << r.ranking_problem << "\n";
    }
    if (r.unknown_names) out << "ignored " << r.unknown_names << " score lines with names unknown to the benchmark\n";
    if (r.missing_classification)
        out << r.missing_classification << " valid/test facts without a score scored -infinity\n";
    if (p.has("stats"))
        out << "stats\n  time:        " << clock.seconds() << " s\n  peak memory: " << human_bytes(peak_memory_bytes())
            << "\n";
    return kOk;
}

} // namespace

KBCX_COMMAND("baseline", "run SimpBL (the LogInfer paper's) on a benchmark folder: precision, recall, F1, accuracy",
             cmd_baseline);
KBCX_COMMAND("eval-kg", "evaluate triple scores on a benchmark: F1 at a tuned threshold, AUC, C-/R- MRR, Hits@k",
             cmd_eval_kg);

} // namespace kbcx::cli
