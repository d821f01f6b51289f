// `kbcx rules --pattern NAME DATA…` and `kbcx support --rules FILE DATA…`: rule tables with
// support counts and new conclusions |T_r(K) \ K|, as text or JSON.
#include "commands.hpp"
#include "rules_cli.hpp"

#include "common/json.hpp"
#include "common/resources.hpp"
#include "rules/parser.hpp"
#include "rules/rule_jobs.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {

const char* kDefinitions =
    "definitions:\n"
    "  support          number of substitutions σ of the body variables with every σ(Bi) a fact of the\n"
    "                   KG and every inequality true (the body atoms' matches, counted once each)\n"
    "  new conclusions  |T_r(K) \\ K|: distinct head facts σ(H) over all supports that are not in the KG\n";

void print_rows(std::ostream& out, const rules::ScoreRulesResult& res, bool json, bool stats) {
    if (json) {
        JsonWriter j(true);
        j.begin_object().key("rules").begin_array();
        for (const auto& r : res.rows) {
            j.begin_object().field("rule", r.text);
            if (!r.pattern.empty()) j.field("pattern", r.pattern);
            j.field("support", r.support).field("new_conclusions", r.new_conclusions).end_object();
        }
        j.end_array();
        if (stats) j.field("seconds", res.seconds).field("peak_memory_bytes", peak_memory_bytes());
        j.end_object();
        out << j.str() << "\n";
        return;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%14s %14s  ", "support", "new");
    out << buf << "rule\n";
    for (const auto& r : res.rows) {
        std::snprintf(buf, sizeof buf, "%14llu %14llu  ", static_cast<unsigned long long>(r.support),
                      static_cast<unsigned long long>(r.new_conclusions));
        out << buf << (r.pattern.empty() ? "" : "[" + r.pattern + "] ") << r.text << "\n";
    }
    if (stats) {
        std::snprintf(buf, sizeof buf, "%.3f s", res.seconds);
        out << "stats\n  time:        " << buf << "\n  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
}

int cmd_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("rules", "--pattern NAME DATA... [--top K] [--seed S] [--names STYLE] [--json] [--stats]",
                "Enumerates the candidate rules of an inference pattern from predicates that co-occur in the\n"
                "data, and prints the top K by support with their number of new conclusions.");
    p.option("pattern", "NAME",
             "symmetry, inversion, hierarchy, intersection, composition, triangle, diamond, type-hierarchy,\n"
             "domain, range, or all (comma-separated lists allowed)");
    p.positional("DATA...", "knowledge-graph files");
    p.option("top", "K", "rules kept per pattern, largest support first", "10");
    p.option("seed", "S", "seed of the random head predicates", "1");
    p.flag("no-new", "skip counting new conclusions (printed as 0)");
    p.flag("json", "print JSON");
    p.flag("stats", "print time and peak memory");
    add_data_options(p);
    add_naming_options(p);
    std::string pats;
    for (auto pat : rules::all_patterns())
        pats += "  " + std::string(rules::pattern_name(pat)) + std::string(16 - rules::pattern_name(pat).size(), ' ') +
                std::string(rules::pattern_template(pat)) + "\n";
    p.epilog("patterns (a head predicate not in the body is drawn at random with --seed):\n" + pats + kDefinitions +
             "output line:   support  new  [pattern] T(x,z) :- R(x,y), S(y,z).\n"
             "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("pattern")) throw UsageError("--pattern NAME is required");
    rules::ScoreRulesParams params;
    std::string list = p.get("pattern");
    for (std::size_t pos = 0; pos <= list.size();) {
        std::size_t end = list.find(',', pos);
        if (end == std::string::npos) end = list.size();
        const std::string name = list.substr(pos, end - pos);
        if (name == "all") {
            for (auto pat : rules::all_patterns())
                params.patterns.patterns.push_back(pat);
        } else if (auto pat = rules::parse_pattern(name)) {
            params.patterns.patterns.push_back(*pat);
        } else {
            throw UsageError("unknown pattern '" + name + "' (see --help)");
        }
        pos = end + 1;
    }
    params.patterns.top_k = parse_count("top", p.get("top"));
    params.patterns.seed = parse_count("seed", p.get("seed"));
    params.patterns.new_conclusions = !p.has("no-new");
    params.threads = thread_option(p);
    params.match = match_options(p);
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    params.graph = load_data(p, p.positionals(), ctx);
    const auto res = rules::score_rules_job(params, ctx);
    progress.finish();
    print_rows(out, res, p.has("json"), p.has("stats"));
    return kOk;
}

int cmd_support(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("support", "--rules FILE DATA... [--names STYLE] [--json] [--stats]",
                "Prints each rule's support count and number of new conclusions over the data, in file order.");
    p.option("rules", "FILE", "rule file (plain or RDFox .dlog syntax) (required)");
    p.positional("DATA...", "knowledge-graph files");
    p.flag("json", "print JSON");
    p.flag("stats", "print time and peak memory");
    add_data_options(p);
    add_naming_options(p);
    p.epilog(std::string(kRuleSyntaxHelp) + kDefinitions + "exit codes: 0 success, 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("rules")) throw UsageError("--rules FILE is required");
    rules::ScoreRulesParams params;
    params.rules_path = p.get("rules");
    params.threads = thread_option(p);
    params.match = match_options(p);
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    params.rules = rules::load_rules(params.rules_path); // rule errors before loading data
    params.rules_path.clear();
    params.graph = load_data(p, p.positionals(), ctx);
    const auto res = rules::score_rules_job(params, ctx);
    progress.finish();
    print_rows(out, res, p.has("json"), p.has("stats"));
    return kOk;
}

} // namespace

KBCX_COMMAND("rules", "enumerate the rules of an inference pattern from a KG, top K by support", cmd_rules);
KBCX_COMMAND("support", "print each rule's support and number of new conclusions over a KG", cmd_support);

} // namespace kbcx::cli
