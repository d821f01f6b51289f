// `kbcx generate DATA… --pattern … --neg … --out DIR`: builds an inferential benchmark with the
// generator job and writes it in LogInfer's layout; prints sizes, shortfalls and --stats.
#include "commands.hpp"
#include "rules_cli.hpp"

#include "bench/generator.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {

std::array<unsigned, 3> parse_ratio(const std::string& text) {
    std::array<unsigned, 3> r{};
    std::size_t pos = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t end = i < 2 ? text.find(':', pos) : text.size();
        if (end == std::string::npos) throw UsageError("--split must look like 8:1:1");
        r[static_cast<std::size_t>(i)] = static_cast<unsigned>(parse_count("split", text.substr(pos, end - pos)));
        pos = end + 1;
    }
    if (r[0] + r[1] + r[2] == 0) throw UsageError("--split must not be 0:0:0");
    return r;
}

int cmd_generate(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("generate",
                "DATA... --pattern NAME[,NAME...]|all --neg rc|rb|pa|qg [--variant loginfer|kbcx] "
                "[--filter positives|conclusions] [--k1 N|all] [--k2 N|all] [--split 8:1:1] [--seed S] --out DIR",
                "Turns a KG into an inferential benchmark (LogInfer): rules from inference patterns, their new\n"
                "conclusions split into train/valid/test, and negatives per split.");
    p.positional("DATA...",
                 "knowledge-graph files, read as one K (FB15k-237 as LogInfer: train.txt valid.txt test.txt)");
    p.option("pattern", "NAME", "comma-separated patterns or `all` (see `kbcx rules --help`) (required)");
    p.option("neg", "M", "negative sampling: rc, rb, pa or qg (required)");
    p.option("variant", "V",
             "loginfer: as LogInfer's release generates (see below); kbcx: this project's earlier generator",
             std::string(bench::variant_name(bench::kDefaultVariant)));
    p.option("filter", "F",
             "what negatives avoid: positives (P_all: K and every split's positives) or conclusions (also every "
             "one-step conclusion of the kept rules); default: " +
                 std::string(bench::filter_name(bench::default_filter(bench::Variant::LogInfer))) + " for loginfer, " +
                 std::string(bench::filter_name(bench::default_filter(bench::Variant::Kbcx))) + " for kbcx");
    p.option("k1", "N", "rules kept per pattern, largest support first; all: every rule with support", "10");
    p.option("k2", "N", "new conclusions sampled per rule; all: every one", "200");
    p.option("split", "A:B:C", "train:valid:test ratio, applied rule by rule", "8:1:1");
    p.option("seed", "S", "seed: same inputs and seed give byte-identical output", "1");
    p.option("attempts", "N", "random draws per negative (qg: sub-rule groundings per positive) before moving on",
             "64");
    p.option("out", "DIR", "output folder (created; files in it are overwritten) (required)");
    p.flag("json", "print the summary as JSON");
    p.flag("stats", "print time per phase (load, enumerate rules, materialise, sample positives, negatives, "
                    "write), throughput and peak memory");
    add_data_options(p);
    p.epilog(
        "variant loginfer (the default), as the release's scripts and data:\n"
        "  rules       composition one order per unordered pair (R before S in K's relation order, no R o R)\n"
        "  positives   per rule the k2 sample split first: train floor(n*A/S), valid floor(n*(A+B)/S) - train,\n"
        "              test the rest (S = A+B+C); a fact two rules drew stays in train over valid over test;\n"
        "              repeated train lines and repeated test lines are kept\n"
        "  negatives   train: one per line of train.txt (K included); valid, test: one per line; never in the\n"
        "              filter (P_all by default), never repeated\n"
        "     rc  per line, the tail replaced by a uniform entity (type fact: the type)\n"
        "     rb  uniform over E x H x E: E the support constants pooled over all rules (triangle, diamond:\n"
        "         at the head's variables), H the kept rules' heads; candidate_* files hold E and H\n"
        "     pa  uniform over the union, over a split's positives (s,R,o), of (s',R,o) and (s,R,o'), s' a\n"
        "         subject and o' an object of R in P_all; type facts T(e): T(e') for e' typed in P_all.\n"
        "         Test, valid, then train; train's candidates from the train shares in a seeded order until\n"
        "         they number 20 x |train.txt|\n"
        "     qg  one-premise conclusions over all of K: per complex rule and body atom carrying the head's\n"
        "         variables, the head of each of its facts that the rest of the body does not extend\n"
        "         (intersection: R and not S, S and not R); split A:B:C, each part capped at its split's size;\n"
        "         no pa fill\n"
        "variant kbcx, step by step (steps 1 and 2's sampling are shared with loginfer):\n"
        "  1 rules      candidate rules per pattern from co-occurring predicates; the k1 of largest support\n"
        "               per pattern (ties by predicate ids); a head predicate not in the body is drawn with the seed\n"
        "  2 positives  per rule, T_r(K) \\ K; the k2 of smallest seeded hash (a uniform sample); facts an earlier\n"
        "               rule took are dropped; the rest split by the ratio: valid floor(n*B/(A+B+C)), test\n"
        "               floor(n*C/(A+B+C)), train the rest. train.txt = K + the train shares\n"
        "  3 negatives  valid, then test, then train; exactly |P_split| per split, never in\n"
        "               P_all = K + all positives + T_R(K) (one step of every kept rule), never repeated\n"
        "     rc  (h, r, t') with t' uniform over all entities (type fact T(e): T' uniform over types)\n"
        "     rb  H(a, b) with H the rule's head predicate and a, b drawn from the constants of its supports\n"
        "     pa  head or tail (coin flip) replaced by a constant seen in that position of that predicate in K\n"
        "     qg  conclusions of the rule's sub-rules (body atoms dropped, head still bound) for up to\n"
        "         floor(|P_split| * |R_complex| / |R|) negatives of the split; the rest from pa. Sampled: per\n"
        "         positive H(a,b), up to --attempts random groundings of a random sub-rule's body keeping a or b\n"
        "         (drawn); passes over the positives repeat until the quota is met or a pass adds nothing\n"
        "  A pool that runs out is reported (output, summary.json \"shortfalls\"), never padded.\n"
        "  --attempts bounds kbcx's draws per negative; loginfer's rc draws per line, and its pa and rb\n"
        "  rejection draws (pools above 4 M candidates) at --attempts x the split's size + 2^20.\n"
        "output (LogInfer layout): train.txt valid.txt test.txt {train,valid,test}_neg_<m>.txt rules.txt\n"
        "  candidate_entities.txt candidate_relations.txt summary.json; facts are tab-separated:\n"
        "    /m/027rn<TAB>/location/country/form_of_government<TAB>/m/06cx9\n"
        "    alice<TAB>rdf:type<TAB>Student\n"
        "  rules.txt: pattern<TAB>support<TAB>new<TAB>train<TAB>valid<TAB>test<TAB>rule\n"
        "exit codes: 0 success, 2 bad input or usage, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("pattern")) throw UsageError("--pattern NAME is required");
    if (!p.has("neg")) throw UsageError("--neg rc|rb|pa|qg is required");
    if (!p.has("out")) throw UsageError("--out DIR is required");
    bench::GenerateParams params;
    const std::string list = p.get("pattern");
    for (std::size_t pos = 0; pos <= list.size();) {
        std::size_t end = list.find(',', pos);
        if (end == std::string::npos) end = list.size();
        const std::string name = list.substr(pos, end - pos);
        if (name == "all") {
            for (auto pat : rules::all_patterns())
                params.patterns.push_back(pat);
        } else if (auto pat = rules::parse_pattern(name)) {
            params.patterns.push_back(*pat);
        } else {
            throw UsageError("unknown pattern '" + name + "' (see `kbcx rules --help`)");
        }
        pos = end + 1;
    }
    const auto neg = bench::parse_neg(p.get("neg"));
    if (!neg) throw UsageError("--neg must be rc, rb, pa or qg");
    params.neg = *neg;
    // N ≥ 1, or `all` for no limit (bench::kAll)
    auto limit = [&](const char* name) -> std::size_t {
        const std::string v = p.get(name);
        if (v == "all") return bench::kAll;
        const auto n = parse_count(name, v);
        if (n == 0) throw UsageError(std::string("--") + name + " must be at least 1, or all");
        return static_cast<std::size_t>(n);
    };
    params.k1 = limit("k1");
    params.k2 = limit("k2");
    params.ratio = parse_ratio(p.get("split"));
    params.seed = parse_count("seed", p.get("seed"));
    params.max_attempts = static_cast<unsigned>(parse_count("attempts", p.get("attempts")));
    params.threads = thread_option(p);
    const auto variant = bench::parse_variant(p.get("variant"));
    if (!variant) throw UsageError("--variant must be loginfer or kbcx");
    params.variant = *variant;
    if (p.has("filter")) {
        const auto filter = bench::parse_filter(p.get("filter"));
        if (!filter) throw UsageError("--filter must be positives or conclusions");
        params.filter = *filter;
    }

    Stopwatch total;
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    params.graph = load_data(p, p.positionals(), ctx);
    const double load_s = total.seconds();
    const bench::Generated g = bench::generate_benchmark(params, ctx);
    Stopwatch write_clock;
    bench::write_benchmark(g, p.get("out"));
    const double write_s = write_clock.seconds();
    progress.finish();

    std::uint64_t npos = 0, nneg = 0;
    for (int s = 0; s < 3; ++s) {
        npos += g.positives[static_cast<std::size_t>(s)].size();
        nneg += g.negatives[static_cast<std::size_t>(s)].size();
    }
    const double seconds = total.seconds();
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object()
            .field("out", p.get("out"))
            .field("variant", std::string(bench::variant_name(params.variant)))
            .field("filter", std::string(bench::filter_name(bench::effective_filter(params))))
            .field("rules", static_cast<std::uint64_t>(g.rules.size()));
        for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
            const auto su = static_cast<std::size_t>(s);
            j.key(bench::split_name(s))
                .begin_object()
                .field("positives", static_cast<std::uint64_t>(g.positives[su].size()))
                .field("negatives", static_cast<std::uint64_t>(g.negatives[su].size()))
                .end_object();
        }
        j.key("shortfalls").begin_array();
        for (const auto& s : g.shortfalls)
            j.value(s);
        j.end_array();
        if (p.has("stats"))
            j.key("stats")
                .begin_object()
                .field("seconds", seconds)
                .field("load_seconds", load_s)
                .field("rules_seconds", g.seconds_rules)
                .field("positives_seconds", g.seconds_positives)
                .field("materialise_seconds", g.seconds_materialise)
                .field("sample_seconds", g.seconds_sample)
                .field("negatives_seconds", g.seconds_negatives)
                .field("write_seconds", write_s)
                .field("peak_memory_bytes", peak_memory_bytes())
                .end_object();
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    out << "variant: " << bench::variant_name(params.variant)
        << ", filter: " << bench::filter_name(bench::effective_filter(params)) << "\n";
    out << "rules kept: " << g.rules.size() << " (" << g.complex_rules << " complex: two or more body atoms)\n";
    char line[200];
    std::snprintf(line, sizeof line, "%-6s %10s %10s\n", "split", "positives", "negatives");
    out << line;
    for (int s : {bench::kTrain, bench::kValid, bench::kTest}) {
        const auto su = static_cast<std::size_t>(s);
        std::snprintf(line, sizeof line, "%-6s %10zu %10zu\n", std::string(bench::split_name(s)).c_str(),
                      g.positives[su].size(), g.negatives[su].size());
        out << line;
    }
    out << "train.txt also holds K: " << params.graph->facts.num_facts() + params.graph->facts.num_type_facts()
        << " facts (" << bench::train_lines(g) << " lines)\n";
    if (params.neg == bench::NegMethod::QG && params.variant == bench::Variant::LogInfer)
        out << "qg pool: " << g.qg_pool << " one-premise conclusions outside the filter\n";
    else if (params.neg == bench::NegMethod::QG)
        out << "qg from sub-rules: valid " << g.qg_drawn[1] << "/" << g.qg_quota[1] << ", test " << g.qg_drawn[2] << "/"
            << g.qg_quota[2] << ", train " << g.qg_drawn[0] << "/" << g.qg_quota[0] << " (rest from pa)\n";
    for (const auto& s : g.shortfalls)
        out << "shortfall: " << s << "\n";
    out << "written to " << p.get("out") << "\n";
    if (p.has("stats")) {
        out << "stats\n";
        std::snprintf(line, sizeof line, "  time:        %.3f s\n", seconds);
        out << line;
        std::snprintf(line, sizeof line,
                      "  phases:      load %.3f, enumerate rules %.3f, materialise T_r(K)\\K %.3f, sample positives "
                      "%.3f, negatives %.3f, write %.3f s\n",
                      load_s, g.seconds_rules, g.seconds_materialise, g.seconds_sample, g.seconds_negatives, write_s);
        out << line;
        const double gen = g.seconds_rules + g.seconds_positives + g.seconds_negatives;
        std::snprintf(line, sizeof line, "  throughput:  %.0f KG facts/s, %.0f benchmark facts/s\n",
                      gen > 0 ? double(params.graph->facts.num_facts()) / gen : 0.0,
                      gen > 0 ? double(npos + nneg) / gen : 0.0);
        out << line;
        out << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

} // namespace

KBCX_COMMAND("generate", "build an inferential benchmark (rules, positives, rc/rb/pa/qg negatives) from a KG",
             cmd_generate);

} // namespace kbcx::cli
