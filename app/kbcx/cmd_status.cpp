// `kbcx status ONTO "AXIOM"…`: entailed, undetermined or contradictory for each candidate
// axiom, under the reading stated in the output, with --proof the derivation.
#include "cli.hpp"
#include "commands.hpp"
#include "onto_cli.hpp"

#include "onto/text_syntax.hpp"
#include "reason/status.hpp"

#include <ostream>

namespace kbcx::cli {

namespace {
int cmd_status(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("status", "ONTO AXIOM... [--reading inconsistency|incoherence] [--proof] [--names STYLE] [--format F]",
                "Prints for each candidate axiom whether ONTO entails it, contradicts it or leaves it undetermined.\n"
                "  entailed       O ⊨ α\n"
                "  contradictory  inconsistency reading: O ∪ {α} has no model;\n"
                "                 incoherence reading: O ∪ {α} is inconsistent or makes a satisfiable named class\n"
                "                 unsatisfiable\n"
                "  undetermined   neither\n"
                "Default reading: inconsistency for ABox axioms (A(a), r(a,b)), incoherence for TBox axioms.\n"
                "An individual name ONTO does not mention is a fresh individual (the inductive case): C(a) is\n"
                "entailed only if Thing SubClassOf C is, contradictory only if C is unsatisfiable, else\n"
                "undetermined; r(a,b) with a fresh individual is never entailed. Unknown class and property\n"
                "names are errors (typos).\n"
                "Each check saturates only the candidate's consequences on top of the saved closure.");
    p.positional("ONTO AXIOM...", "ontology file, then one or more axioms in the text syntax");
    p.option("reading", "R", "inconsistency or incoherence (default: by axiom kind)", "");
    p.flag("proof", "print the derivation: one line per step with its rule, premises and axiom");
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    add_names_option(p);
    p.epilog(std::string(kOntoFormatsHelp) +
             "names: <full IRI>, prefix:local, a bare local name or a label ('quoted' if it has spaces; a label\n"
             "  two entities share is an error naming both)\n"
             "output: one line per axiom: STATUS<TAB>(reading: R)<TAB>AXIOM, AXIOM written as --names says,\n"
             "        then <TAB>(fresh individual 'a') for each individual of the axiom that ONTO does not mention\n"
             "example: kbcx status pizza.owl \"Margherita SubClassOf Pizza\" --proof\n");
    if (!p.parse(args, out)) return kOk;
    const NameStyle names = names_option(p);
    const auto& pos = p.positionals();
    if (pos.size() < 2) throw UsageError("give an ontology and at least one axiom");
    std::optional<reason::Reading> reading;
    if (p.get("reading") == "inconsistency")
        reading = reason::Reading::Inconsistency;
    else if (p.get("reading") == "incoherence")
        reading = reason::Reading::Incoherence;
    else if (!p.get("reading").empty())
        throw UsageError("--reading must be inconsistency or incoherence");
    onto::Ontology o = load_onto_cli(pos[0], p.get("format"), false);
    TerminalProgress progress(false);
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    reason::StatusChecker chk(o, ctx);
    chk.set_name_style(names);
    progress.finish();
    const onto::TextWriter writer(o, names);
    onto::TextParseOptions opt;
    opt.allow_new_names = false;
    opt.allow_new_individuals = true; // fresh individuals; unknown classes and properties stay errors
    onto::TextParser parser(o, "axiom", opt);
    for (std::size_t i = 1; i < pos.size(); ++i) {
        onto::Axiom ax;
        try {
            ax = parser.parse_axiom(pos[i], i);
        } catch (const InputError& e) {
            throw InputError("axiom " + std::to_string(i), e.line() ? 1 : 0, e.column(), e.message());
        }
        reason::StatusResult r;
        try {
            r = chk.check(ax, reading, p.has("proof"));
        } catch (const InputError& e) {
            throw InputError("axiom " + std::to_string(i), 0, 0, e.message() + ": " + pos[i]);
        }
        std::string shown = writer.axiom(ax);
        if (shown.find('\n') != std::string::npos) shown = pos[i]; // several lines: keep it as typed
        out << reason::status_name(r.status) << "\t(reading: " << reason::reading_name(r.reading) << ")\t" << shown;
        for (onto::IndividualName a : r.fresh_individuals)
            out << "\t(fresh individual '" << writer.individual_name(a) << "')";
        out << "\n";
        for (const auto& l : r.proof)
            out << "    " << l << "\n";
    }
    return kOk;
}
} // namespace

KBCX_COMMAND("status", "entailed / undetermined / contradictory status of candidate axioms, with proofs", cmd_status);

} // namespace kbcx::cli
