// `kbcx learn-rules`, `apply-rules`, `compare-rules` and `learnt-rules`: the rule-learner family of
// the LogInfer study (AnyBURL/RuleN style), its scorer for eval-kg, rule-set import and ε metrics.
#include "commands.hpp"
#include "rules_cli.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "learn/apply.hpp"
#include "learn/compare.hpp"
#include "learn/learner.hpp"
#include "rules/rule_jobs.hpp"

#include <cstdio>
#include <fstream>
#include <ostream>

namespace kbcx::cli {

namespace {

double parse_real(const std::string& option, const std::string& value, double lo, double hi) {
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(value, &used);
    } catch (...) {
        used = 0;
    }
    if (used != value.size() || value.empty() || !(v >= lo && v <= hi))
        throw UsageError("--" + option + " expects a number in [" + learn::format_double(lo) + ", " +
                         learn::format_double(hi) + "], got '" + value + "'");
    return v;
}

std::string fixed(double x, int digits = 2) {
    char b[48];
    std::snprintf(b, sizeof b, "%.*f", digits, x);
    return b;
}

const char* kAnyburlFormat =
    "AnyBURL / RuleN rule files (one rule a line, tab-separated):\n"
    "  predicted<TAB>support<TAB>confidence<TAB>head <= body1, body2, ...\n"
    "  10\t8\t0.5333\t/r1(X,Y) <= /r2(Y,A), /r3(A,X)\n"
    "  predicted = body groundings (distinct head instances the body yields), support = those that\n"
    "  are facts, confidence = support / (predicted + pc). Terms: one upper-case letter optionally\n"
    "  followed by digits is a variable (X, Y, A, B, ...); anything else is a constant (an entity).\n"
    "  Rules of the project's syntaxes (plain, RDFox .dlog) are read too; a trailing comment\n"
    "  `# predicted P support S confidence C` restores their statistics.\n";

learn::RuleVariant variant_option(const ArgParser& p) {
    const auto v = learn::parse_variant(p.get("variant"));
    if (!v) throw UsageError("--variant must be anyburl or kbcx");
    return *v;
}

const char* kVariants =
    "variants (--variant):\n"
    "  anyburl (default)  as AnyBURL releases it: object identity (every variable of a rule bound to a\n"
    "                     distinct constant, in learning and application), the file's confidence =\n"
    "                     support / predicted and pc added when applying (support / (predicted + pc)),\n"
    "                     AC1 rules of length 1, grounded cyclic rules h(X,c) <= b(X,c), cyclic rules\n"
    "                     sampled from X and from Y with up to 1000 groundings each (counts summed)\n"
    "  kbcx               the project's earlier learner: no object identity beyond X != Y, the file's\n"
    "                     confidence = support / (predicted + pc), AC1 up to length 2, anchors of one\n"
    "                     direction, scores that keep the first four confidences only\n";

int cmd_learn_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("learn-rules",
                "DATA... --seconds T --out FILE [--variant anyburl|kbcx] [--max-length 3] [--mode anyburl|rulen] "
                "[--threads N] [--seed S]",
                "Learns path rules bottom-up (AnyBURL's idea): samples random paths from the training graph,\n"
                "generalises each into cyclic rules h(X,Y) <= path X..Y (length 1..max-length) and acyclic rules\n"
                "with constants (AC1: h(X,c) <= path X..d, AC2: h(X,c) <= r(X,A)), estimates each rule's\n"
                "confidence on its groundings and keeps those above the thresholds.");
    const auto& ad = learn::kAnyburlDefaults;
    const auto& kd = learn::kKbcxDefaults;
    auto both = [](auto a, auto b) { return "default: anyburl " + std::to_string(a) + ", kbcx " + std::to_string(b); };
    p.positional("DATA...", "training triple files (e.g. a benchmark's train.txt)");
    p.option("out", "FILE", "rule file to write (required)");
    p.option("variant", "anyburl|kbcx", "rule learner variant (see below)", "anyburl");
    p.option("seconds", "T", "time bound for sampling", "10");
    p.option("samples", "N", "stop after N sampled paths (deterministic for any --threads); 0 = time only", "0");
    p.option("max-length", "N", "longest cyclic rule body (" + both(ad.max_length, kd.max_length) + ")");
    p.option("max-acyclic-length", "N",
             "longest AC1 rule body (" + both(ad.max_acyclic_length, kd.max_acyclic_length) + "; rulen uses 1)");
    p.option("grounded-cyclic-length", "N",
             "longest body of grounded cyclic rules h(X,c) <= path(X..c) (" +
                 both(ad.grounded_cyclic_length, kd.grounded_cyclic_length) + ")");
    p.flag("zero-rules",
           "also learn rules with an empty body, h(X,c) <= (AnyBURL's zero rules; off as in its release)");
    p.option("mode", "anyburl|rulen",
             "rule language: rulen = path rules up to --max-length plus length-1 rules with constants", "anyburl");
    p.option("seed", "S", "random seed", "1");
    const learn::LearnParams base;
    p.option("pc", "X", "kbcx: pessimistic constant folded into the file's confidence (anyburl adds it in apply-rules)",
             learn::format_double(learn::kUnseenNegatives));
    p.option("min-confidence", "C", "keep rules whose file confidence is >= C", fixed(base.min_confidence, 4));
    p.option("min-support", "N", "keep rules with support >= N", std::to_string(learn::kMinSupport));
    p.option("sample-size", "N",
             "anyburl: groundings per query direction of a cyclic rule; kbcx: anchors per cyclic rule",
             std::to_string(ad.sample_size));
    p.option("syntax", "anyburl|plain", "output syntax: AnyBURL's format or the plain rule syntax", "anyburl");
    p.flag("stats", "print time, throughput and peak memory");
    add_data_options(p);
    p.epilog(std::string(kAnyburlFormat) + kVariants +
             "definitions: a cyclic rule's groundings are pairs (X,Y), X != Y, joined by its body path (under\n"
             "  object identity through distinct nodes); anyburl samples them as AnyBURL's beam search does,\n"
             "  from X and again from Y, the counts summed: random start entities, one random grounding each,\n"
             "  until --sample-size distinct ones, 3 known ones in a row or 10000 draws; kbcx uses all anchors\n"
             "  X or a sample of --sample-size of them, every grounding from each. AC1/AC2: anyburl counts at most\n"
             "  " +
             std::to_string(ad.acyclic_sample_size) +
             " groundings (a sample), kbcx all.\n"
             "--syntax plain writes  r1(?X,?Y) :- r2(?Y,?X).  # predicted 10 support 8 confidence 0.53\n"
             "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("out")) throw UsageError("--out FILE is required");
    learn::LearnParams lp = learn::learn_defaults(variant_option(p));
    const std::string mode = p.get("mode");
    if (mode == "anyburl")
        lp.mode = learn::LearnMode::AnyBURL;
    else if (mode == "rulen")
        lp.mode = learn::LearnMode::RuleN;
    else
        throw UsageError("--mode must be anyburl or rulen");
    const std::string fmt = p.get("syntax");
    if (fmt != "anyburl" && fmt != "plain") throw UsageError("--syntax must be anyburl or plain");
    lp.seconds = parse_real("seconds", p.get("seconds"), 0, 1e9);
    lp.max_samples = parse_count("samples", p.get("samples"));
    if (p.has("samples") && !p.has("seconds")) lp.seconds = 0;
    if (p.has("max-length")) lp.max_length = static_cast<unsigned>(parse_count("max-length", p.get("max-length")));
    if (lp.max_length < 1 || lp.max_length > 6) throw UsageError("--max-length must be in 1..6");
    if (p.has("max-acyclic-length"))
        lp.max_acyclic_length = static_cast<unsigned>(parse_count("max-acyclic-length", p.get("max-acyclic-length")));
    if (p.has("grounded-cyclic-length"))
        lp.grounded_cyclic_length =
            static_cast<unsigned>(parse_count("grounded-cyclic-length", p.get("grounded-cyclic-length")));
    lp.zero_rules = p.has("zero-rules");
    lp.seed = parse_count("seed", p.get("seed"));
    lp.pc = parse_real("pc", p.get("pc"), 0, 1e12);
    lp.min_confidence = parse_real("min-confidence", p.get("min-confidence"), 0, 1);
    lp.min_support = parse_count("min-support", p.get("min-support"));
    if (p.has("sample-size")) lp.sample_size = parse_count("sample-size", p.get("sample-size"));
    lp.threads = thread_option(p);
    TerminalProgress progress(false);
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    lp.graph = load_data(p, p.positionals(), ctx);
    const auto res = learn::learn_rules(lp, ctx);
    progress.finish();
    const std::string path = p.get("out");
    {
        std::ofstream f(path + ".tmp", std::ios::binary);
        if (!f) throw InputError(path, "cannot write");
        if (fmt == "anyburl")
            learn::write_anyburl(f, res.rules);
        else
            learn::write_plain(f, res.rules, lp.graph->vocab.prefixes());
        if (!f) throw InputError(path, "write failed");
    }
    std::rename((path + ".tmp").c_str(), path.c_str());
    std::size_t kinds[4] = {0, 0, 0, 0}, grounded = 0;
    for (const auto& r : res.compiled) {
        ++kinds[static_cast<int>(r.kind)];
        grounded += r.kind == learn::PathRule::Kind::AC1 && r.end_const == r.head_const;
    }
    out << "learnt " << res.rules.size() << " rules (" << learn::variant_name(lp.variant) << " variant: " << kinds[0]
        << " cyclic, " << kinds[1] << " AC1 of which " << grounded << " grounded cyclic, " << kinds[2] << " AC2, "
        << kinds[3] << " zero) from " << res.samples << " sampled paths; " << res.candidates
        << " distinct rules evaluated\n";
    out << "wrote " << path << "\n";
    if (p.has("stats")) {
        out << "stats\n  time:        " << fixed(res.seconds, 3)
            << " s\n  throughput:  " << fixed(res.seconds > 0 ? double(res.samples) / res.seconds : 0, 0)
            << " paths/s, " << fixed(res.seconds > 0 ? double(res.candidates) / res.seconds : 0, 0)
            << " rules evaluated/s\n"
            << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

int cmd_apply_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("apply-rules", "--rules FILE (--benchmark DIR | --triples FILE DATA...) --out scores.tsv",
                "Scores triples with a rule set by AnyBURL's max aggregation, writing `h<TAB>r<TAB>t<TAB>score`\n"
                "lines that `kbcx eval-kg DIR --scores` reads. With --benchmark: every fact eval-kg needs (valid/test\n"
                "positives and negatives of every method, and the head, tail and relation corruptions of the binary\n"
                "test facts it ranks); the rules are applied to the folder's train.txt.");
    p.option("rules", "FILE", "AnyBURL/RuleN rule file or a rule file in the project's syntaxes (required)");
    p.option("benchmark", "DIR", "benchmark folder whose facts are scored (this or --triples is required)");
    p.option("triples", "FILE", "score these `h r t` lines instead (graph: --benchmark's train.txt or DATA)");
    p.option("out", "FILE", "scores file to write (required)");
    p.option("variant", "anyburl|kbcx", "how rules are applied (see below)", "anyburl");
    p.option("pc", "X", "anyburl: unseen negatives, applied confidence = support / (predicted + pc)",
             learn::format_double(learn::kUnseenNegatives));
    p.option("min-confidence", "C", "ignore rules whose applied confidence is < C", "0");
    p.flag("no-zero-rules", "anyburl: skip rules with an empty body (read and applied by default, as AnyBURL does)");
    p.flag("no-ranking", "benchmark mode: only the classification facts (eval-kg then needs --no-ranking too)");
    p.flag("stats", "print time, throughput and peak memory");
    p.positional("DATA...", "training files when --benchmark is not given", true, false);
    add_data_options(p);
    p.epilog(std::string(kAnyburlFormat) + kVariants +
             "prediction: the rules that predict a triple h r t are those whose body has a grounding with the\n"
             "  head's variables bound to h and t (a cyclic rule never predicts h = t; anyburl: the grounding's\n"
             "  variables are pairwise distinct and differ from the rule's constants). Applied confidence:\n"
             "  anyburl support / (predicted + pc) (an empty-body rule times 0.01), kbcx the file's column.\n"
             "  Max aggregation orders triples by the descending list of those rules' confidences,\n"
             "  lexicographically (a longer list wins a common prefix). anyburl writes score = k / n for the\n"
             "  k-th of the n distinct lists of the file in that order, which keeps the whole order of every\n"
             "  list; kbcx writes sum_{i<4} q(c_i) * 2^(-13(i+1)), q(c) = 1 + floor(8190 c), which keeps it for\n"
             "  the first four rules at a resolution of 1/8190. 0 = no rule. Only rules of the path language\n"
             "  (cyclic, AC1, AC2, zero) are applied; the others are counted by reason.\n"
             "output line:  /m/02mjmr\t/people/person/nationality\t/m/09c7w0\t0.12207412719726562\n"
             "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("rules")) throw UsageError("--rules FILE is required");
    if (!p.has("out")) throw UsageError("--out FILE is required");
    if (!p.has("benchmark") && !p.has("triples")) throw UsageError("give --benchmark DIR or --triples FILE");
    learn::ApplyParams ap;
    ap.rules_path = p.get("rules");
    ap.out_path = p.get("out");
    ap.options = learn::ApplyOptions::of(variant_option(p), parse_real("pc", p.get("pc"), 0, 1e12));
    ap.options.min_confidence = parse_real("min-confidence", p.get("min-confidence"), 0, 1);
    ap.zero_rules = !p.has("no-zero-rules");
    ap.ranking = !p.has("no-ranking");
    ap.threads = thread_option(p);
    TerminalProgress progress(false);
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    if (p.has("benchmark")) ap.benchmark_dir = p.get("benchmark");
    if (p.has("triples")) {
        ap.triples_path = p.get("triples");
        if (ap.benchmark_dir.empty()) ap.graph = load_data(p, p.positionals(), ctx);
    }
    learn::load_rule_set(ap.rules_path, true); // rule errors before any heavy work
    const auto res = learn::apply_rules(ap, ctx);
    progress.finish();
    out << "applied " << res.rules << " rules (" << learn::variant_name(ap.options.variant) << " variant) to "
        << res.triples << " triples; " << res.predicted << " predicted by some rule\n";
    if (res.skipped_rules)
        out << "skipped " << res.skipped_rules << " rules: " << res.skipped_head_absent
            << " whose head relation has no fact in the training data, " << res.skipped_unknown_names
            << " naming an entity or body relation absent from it, " << res.skipped_outside
            << " outside the path language\n";
    if (ap.options.variant == learn::RuleVariant::AnyBURL)
        out << "scores keep the whole max-aggregation order: " << res.distinct_lists << " distinct confidence lists\n";
    else
        out << "scores keep the max-aggregation order of the first four confidences at 1/8190 (kbcx)\n";
    out << "wrote " << ap.out_path << "\n";
    if (p.has("stats"))
        out << "stats\n  time:        " << fixed(res.seconds, 3)
            << " s\n  throughput:  " << fixed(res.seconds > 0 ? double(res.triples) / res.seconds : 0, 0)
            << " triples/s\n"
            << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    return kOk;
}

void json_pct(JsonWriter& j, const learn::Percentages& p) {
    j.begin_object()
        .field("rules", p.rules)
        .field("entailed", p.entailed)
        .field("contained", p.contained)
        .field("undecided", p.undecided)
        .field("eps_ent", p.eps_ent())
        .field("eps_cont", p.eps_cont())
        .end_object();
}

int cmd_compare_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("compare-rules", "--benchmark DIR --learnt FILE [--min-confidence C] [--json]",
                "Compares a learnt rule set L with a benchmark's rules R (its rules.txt):\n"
                "  eps_ent  = 100 * |{r in R : L |= r}| / |R|   (rule-set entailment: freeze r's body, materialise L)\n"
                "  eps_cont = 100 * |{r in R : r in L up to variable renaming and body-atom permutation}| / |R|\n"
                "and the same for the sub-rules R- of the complex rules (>= 2 body atoms): every rule obtained by\n"
                "dropping body atoms (not all) whose head variables still occur in the body.");
    p.option("benchmark", "DIR", "benchmark folder (its rules.txt) or a rule file (required)");
    p.option("learnt", "FILE", "learnt rules (AnyBURL/RuleN format or the project's syntaxes) (required)");
    p.option("min-confidence", "C", "use learnt rules with confidence >= C", "0");
    p.option("variant", "anyburl|kbcx",
             "anyburl: learnt rules entail under object identity (every two distinct terms of a rule differ),\n"
             "as AnyBURL applies them; kbcx: as plain Datalog rules",
             "anyburl");
    p.option("entail-seconds", "T",
             "time limit per rule for the second entailment stage (learnt rules with constants); a rule\n"
             "that runs out is counted as not entailed and reported as undecided",
             "10");
    p.flag("rules", "list every benchmark rule and sub-rule with its verdict");
    p.flag("json", "print JSON");
    p.flag("stats", "print time and peak memory");
    p.epilog(std::string(kAnyburlFormat) +
             "containment ignores inequalities (AnyBURL's rules carry object identity implicitly)\n"
             "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("benchmark")) throw UsageError("--benchmark DIR is required");
    if (!p.has("learnt")) throw UsageError("--learnt FILE is required");
    learn::CompareParams cp;
    cp.benchmark_rules = p.get("benchmark");
    cp.learnt_path = p.get("learnt");
    cp.min_confidence = parse_real("min-confidence", p.get("min-confidence"), 0, 1);
    cp.entail_seconds = parse_real("entail-seconds", p.get("entail-seconds"), 0, 1e9);
    cp.object_identity = learn::defaults_of(variant_option(p)).object_identity;
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    const auto res = learn::compare_rules(cp, ctx);
    progress.finish();
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().field("learnt_rules", res.learnt_rules).key("all");
        json_pct(j, res.all);
        j.key("complex");
        json_pct(j, res.complex);
        j.key("sub_rules");
        json_pct(j, res.sub_all);
        j.key("by_pattern").begin_object();
        for (const auto& [pat, pc] : res.by_pattern) {
            j.key(pat.empty() ? "(none)" : pat);
            json_pct(j, pc);
        }
        j.end_object().key("sub_rules_by_pattern").begin_object();
        for (const auto& [pat, pc] : res.sub_by_pattern) {
            j.key(pat.empty() ? "(none)" : pat);
            json_pct(j, pc);
        }
        j.end_object();
        if (p.has("rules")) {
            auto list = [&](const std::vector<learn::RuleVerdict>& vs) {
                j.begin_array();
                for (const auto& v : vs) {
                    j.begin_object()
                        .field("rule", v.text)
                        .field("pattern", v.pattern)
                        .field("entailed", v.entailed)
                        .field("contained", v.contained);
                    if (v.parent >= 0) j.field("parent", static_cast<std::int64_t>(v.parent));
                    j.key("entailing").begin_array();
                    for (std::size_t k : v.entailing)
                        j.value(static_cast<std::uint64_t>(k + 1));
                    j.end_array().end_object();
                }
                j.end_array();
            };
            j.key("rules");
            list(res.rules);
            j.key("sub_rules_list");
            list(res.sub);
        }
        if (p.has("stats")) j.field("seconds", res.seconds).field("peak_memory_bytes", peak_memory_bytes());
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    auto line = [&](const std::string& title, const learn::Percentages& pc) {
        out << title << ": eps_ent " << fixed(pc.eps_ent()) << " %, eps_cont " << fixed(pc.eps_cont()) << " %  ("
            << pc.entailed << " entailed, " << pc.contained << " contained of " << pc.rules
            << (pc.undecided ? ", " + std::to_string(pc.undecided) + " undecided" : std::string()) << ")\n";
    };
    out << "learnt rules used: " << res.learnt_rules << "\n";
    line("benchmark rules", res.all);
    for (const auto& [pat, pc] : res.by_pattern)
        line("  " + (pat.empty() ? std::string("(no pattern)") : pat), pc);
    if (res.complex.rules) {
        line("complex rules (>= 2 body atoms)", res.complex);
        line("their sub-rules R-", res.sub_all);
        for (const auto& [pat, pc] : res.sub_by_pattern)
            line("  " + (pat.empty() ? std::string("(no pattern)") : pat), pc);
    }
    if (p.has("rules")) {
        auto list = [&](const std::vector<learn::RuleVerdict>& vs, const char* indent) {
            for (const auto& v : vs) {
                out << indent
                    << (v.entailed    ? "E"
                        : v.undecided ? "?"
                                      : "-")
                    << (v.contained ? "C" : "-") << "  " << v.text;
                if (!v.entailing.empty()) {
                    out << "   <= learnt";
                    for (std::size_t k : v.entailing)
                        out << " #" << k + 1;
                }
                out << "\n";
            }
        };
        out << "rules (E entailed, ? undecided, C contained; #n = learnt rule n after the confidence filter):\n";
        list(res.rules, "  ");
        if (!res.sub.empty()) {
            out << "sub-rules R-:\n";
            list(res.sub, "  ");
        }
    }
    if (p.has("stats"))
        out << "stats\n  time:        " << fixed(res.seconds, 3)
            << " s\n  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    return kOk;
}

int cmd_learnt_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("learnt-rules", "--rules FILE [DATA...] [--json]",
                "Imports a rule set (AnyBURL/RuleN output or the project's syntaxes) and lists its rules with the\n"
                "statistics of the file; with DATA, also each rule's support and new conclusions over the data\n"
                "(the rules engine's counts, as `kbcx support`).");
    p.option("rules", "FILE", "rule file (required)");
    p.option("min-confidence", "C", "list rules with confidence >= C", "0");
    p.positional("DATA...", "knowledge-graph files", true, false);
    p.flag("json", "print JSON");
    add_data_options(p);
    p.epilog(std::string(kAnyburlFormat) + "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("rules")) throw UsageError("--rules FILE is required");
    const double minc = parse_real("min-confidence", p.get("min-confidence"), 0, 1);
    auto set = learn::load_rule_set(p.get("rules"));
    std::vector<learn::LearntRule> kept;
    for (auto& r : set.rules)
        if (r.confidence >= minc) kept.push_back(std::move(r));
    set.rules = std::move(kept);
    std::vector<rules::RuleRow> rows;
    const bool with_data = !p.positionals().empty();
    if (with_data) {
        TerminalProgress progress(p.has("json"));
        jobs::JobContext ctx(interrupt_token(), progress.sink());
        rules::ScoreRulesParams sp;
        sp.rules = set.rule_set();
        sp.threads = thread_option(p);
        sp.match = match_options(p);
        sp.graph = load_data(p, p.positionals(), ctx);
        rows = rules::score_rules_job(sp, ctx).rows;
        progress.finish();
    }
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().field("format", set.format).key("rules").begin_array();
        for (std::size_t i = 0; i < set.rules.size(); ++i) {
            const auto& r = set.rules[i];
            j.begin_object().field("rule", learn::anyburl_text(r.rule));
            if (r.has_stats)
                j.field("predicted", r.predicted).field("support", r.support).field("confidence", r.confidence);
            if (with_data)
                j.field("data_support", rows[i].support).field("data_new_conclusions", rows[i].new_conclusions);
            j.end_object();
        }
        j.end_array().key("notes").begin_array();
        for (const auto& n : set.notes)
            j.value(n);
        j.end_array().end_object();
        out << j.str() << "\n";
        return kOk;
    }
    out << set.rules.size() << " rules (" << set.format << " format)\n";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%10s %10s %10s", "predicted", "support", "confidence");
    out << buf << (with_data ? "  data-support   data-new" : "") << "  rule\n";
    for (std::size_t i = 0; i < set.rules.size(); ++i) {
        const auto& r = set.rules[i];
        if (r.has_stats)
            std::snprintf(buf, sizeof buf, "%10llu %10llu %10.4f", static_cast<unsigned long long>(r.predicted),
                          static_cast<unsigned long long>(r.support), r.confidence);
        else
            std::snprintf(buf, sizeof buf, "%10s %10s %10s", "-", "-", "-");
        out << buf;
        if (with_data) {
            char b2[64];
            std::snprintf(b2, sizeof b2, "  %12llu %10llu", static_cast<unsigned long long>(rows[i].support),
                          static_cast<unsigned long long>(rows[i].new_conclusions));
            out << b2;
        }
        out << "  " << learn::anyburl_text(r.rule) << "\n";
    }
    for (const auto& n : set.notes)
        out << "note: " << n << "\n";
    return kOk;
}

} // namespace

KBCX_COMMAND("learn-rules", "learn path rules bottom-up (AnyBURL / RuleN style) with support and confidence",
             cmd_learn_rules);
KBCX_COMMAND("apply-rules", "score triples with a rule set by max aggregation, for eval-kg", cmd_apply_rules);
KBCX_COMMAND("compare-rules", "eps_ent and eps_cont of a learnt rule set against a benchmark's rules",
             cmd_compare_rules);
KBCX_COMMAND("learnt-rules", "import AnyBURL / RuleN / project rule files and list rules with their statistics",
             cmd_learnt_rules);

} // namespace kbcx::cli
