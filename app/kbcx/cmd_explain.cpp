// `kbcx explain --rules FILE DATA… "R(a,b)"` and `kbcx entails --rules R.dlog "RULE"`:
// derivation trees of derived facts, and rule-set entailment by freezing a rule's body.
#include "commands.hpp"
#include "rules_cli.hpp"

#include "common/error.hpp"
#include "rules/entails.hpp"
#include "rules/parser.hpp"
#include "rules/rule_jobs.hpp"

#include <ostream>

namespace kbcx::cli {

namespace {

int cmd_explain(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("explain", "--rules FILE DATA... FACT [--names STYLE] [--entity-names FILE]",
                "Materialises the rules over the data with provenance and prints the derivation tree of FACT:\n"
                "at each step the fact, the rule that derived it and its premise facts, down to input facts.\n"
                "Otherwise says that FACT is an input fact or that it is not derivable.");
    p.option("rules", "FILE", "rule file (plain or RDFox .dlog syntax) (required)");
    p.positional("DATA... FACT", "knowledge-graph files, then the fact, e.g. \"ub:memberOf(<http://a>,<http://b>)\"");
    add_data_options(p);
    add_naming_options(p);
    p.epilog(std::string(kRuleSyntaxHelp) +
             "FACT: R(a,b) or T(a) or [a, R, b]; every bare name is a constant here; prefixes of the rule\n"
             "  file may be used; <...> for names with other characters\n"
             "output: one line per fact, indented by depth:  fact  [rule N: rule] | [input]\n"
             "exit codes: 0 printed (derivable, input or not derivable), 2 bad input, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("rules")) throw UsageError("--rules FILE is required");
    std::vector<std::string> data = p.positionals();
    if (data.size() < 2) throw UsageError("expected DATA files and a FACT");
    const std::string fact_text = data.back();
    data.pop_back();
    TerminalProgress progress(false);
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    rules::MaterialiseParams mp;
    mp.rules = rules::load_rules(p.get("rules"));
    mp.graph = load_data(p, data, ctx);
    mp.match = match_options(p);
    mp.options.threads = thread_option(p);
    const auto res = rules::materialise_job(mp, ctx);
    progress.finish();
    const rules::Materialisation& m = *res.closure;
    rules::GroundFact fact;
    try {
        fact = m.program().parse_fact(fact_text);
    } catch (const InputError& e) {
        // An unknown name cannot be a fact of the closure.
        if (e.message().starts_with("unknown ")) {
            out << fact_text << ": not derivable (" << e.message() << ")\n";
            return kOk;
        }
        throw;
    }
    const auto id = m.find(fact);
    if (!id) {
        out << m.program().display(fact) << ": not derivable\n";
        return kOk;
    }
    if (m.is_input(*id)) {
        out << m.program().display(fact) << ": input fact\n";
        return kOk;
    }
    out << rules::format_tree(m, m.explain(*id));
    return kOk;
}

int cmd_entails(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("entails", "--rules R.dlog RULE",
                "Decides whether the rule set R entails RULE (R |= r): freezes r's body into a KG (each variable\n"
                "a fresh constant _:v), materialises R over it and checks r's frozen head. Prints\n"
                "  entailed: yes|no   and, if yes, the derivation of the frozen head.");
    p.option("rules", "FILE", "the rule set R (plain or RDFox .dlog syntax) (required)");
    p.positional("RULE", "one rule in either syntax; R's prefixes may be used", false, true);
    p.option("threads", "N", "worker threads (0 = all cores)", kThreadsAllCores);
    p.epilog(std::string(kRuleSyntaxHelp) +
             "example: kbcx entails --rules lubm.dlog \"[?X, a, a1:Person] :- [?X, a, a1:Chair] .\"\n"
             "exit codes: 0 answered (yes or no), 2 bad input");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("rules")) throw UsageError("--rules FILE is required");
    if (p.positionals().size() != 1) throw UsageError("expected exactly one RULE");
    const rules::RuleSet set = rules::load_rules(p.get("rules"));
    const rules::Rule r = rules::parse_rule(p.positionals()[0], set.prefixes, "<rule>");
    jobs::JobContext ctx(interrupt_token());
    rules::MaterialiseOptions opt;
    opt.threads = thread_option(p);
    const auto res = rules::entails(set, r, opt, ctx);
    out << "entailed: " << (res.entailed ? "yes" : "no") << "\n";
    out << "frozen head: " << res.frozen_head << "\n";
    if (res.entailed && !res.closure->is_input(res.head_id))
        out << rules::format_tree(*res.closure, res.closure->explain(res.head_id));
    return kOk;
}

} // namespace

KBCX_COMMAND("explain", "print the derivation tree of a fact derived by rules from a KG", cmd_explain);
KBCX_COMMAND("entails", "decide whether a rule set entails a rule (R |= r)", cmd_entails);

} // namespace kbcx::cli
