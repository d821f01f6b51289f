// `kbcx sample ONTO --nf NAME`: draws T+ (entailed, not told, not trivial), T? (undetermined)
// and T− (contradictory) candidates of one form and writes them as TSV with their status.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"
#include "onto_cli.hpp"

#include "common/resources.hpp"
#include "reason/sampler.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {
int cmd_sample(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p(
        "sample",
        "ONTO --nf NAME [--n N] [--seed S] [--out FILE] [--reading R] [--non-vacuous] [--names STYLE] [--stats]",
        "Draws up to N candidate axioms each of T+ (entailed, not told, not trivial), T? (undetermined)\n"
        "and T- (contradictory) of one form over the ontology's own names, and writes TSV\n"
        "status<TAB>nf<TAB>axiom (status: entailed, undetermined, contradictory). Forms: GCI0 A ⊑ B,\n"
        "GCI1 A ⊓ B ⊑ C, GCI1_BOT A ⊓ B ⊑ ⊥, GCI2 A ⊑ ∃r.B, GCI3 ∃r.A ⊑ B, CA A(a), RA r(a,b).\n"
        "Told means: the normal form is asserted (after normalisation). Trivial: A ⊑ A, A ⊓ B ⊑ A, and any\n"
        "candidate whose left-hand class is unsatisfiable.\n"
        "A class that cannot be filled (e.g. no contradictions without disjointness) is reported on\n"
        "standard error, not an error.");
    p.positional("ONTO", "ontology file", false);
    p.option("nf", "NAME", "GCI0, GCI1, GCI1_BOT, GCI2, GCI3, CA or RA (required)");
    p.option("n", "N", "candidates per status", "100");
    p.option("seed", "S", "random seed", "1");
    p.option("out", "FILE", "write the TSV here instead of standard output", "");
    p.option("reading", "R", "inconsistency or incoherence (default: inconsistency for CA/RA, else incoherence)", "");
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("non-vacuous", "GCI1: leave out entailed A ⊓ B ⊑ C whose A ⊓ B is unsatisfiable (counted in a note)");
    p.flag("stats", "print time and peak memory");
    add_names_option(p);
    p.epilog(std::string(kOntoFormatsHelp) +
             "example line:\n  entailed<TAB>GCI0<TAB>pizza:Margherita SubClassOf pizza:Pizza\n");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);
    if (!p.has("nf")) throw UsageError("--nf is required");
    reason::SampleParams prm;
    prm.nf = p.get("nf");
    prm.n = parse_count("n", p.get("n"));
    prm.seed = parse_count("seed", p.get("seed"));
    prm.names = names_option(p);
    prm.non_vacuous = p.has("non-vacuous");
    if (prm.non_vacuous && prm.nf != "GCI1") throw UsageError("--non-vacuous is for --nf GCI1");
    if (p.get("reading") == "inconsistency")
        prm.reading = reason::Reading::Inconsistency;
    else if (p.get("reading") == "incoherence")
        prm.reading = reason::Reading::Incoherence;
    else if (!p.get("reading").empty())
        throw UsageError("--reading must be inconsistency or incoherence");
    Stopwatch sw;
    onto::Ontology o = load_onto_cli(p.positionals().at(0), p.get("format"), false);
    TerminalProgress progress(false);
    jobs::JobContext ctx(limits.token(), progress.sink());
    reason::StatusChecker chk(o, ctx);
    const double prep = sw.seconds();
    Stopwatch ss;
    const reason::SampleResult r = reason::sample(chk, prm, ctx);
    const double samp = ss.seconds();
    progress.finish();
    auto file = open_out(p.get("out"));
    std::ostream& os = file ? *file : out;
    for (const auto& it : r.items)
        os << reason::status_name(it.status) << '\t' << it.nf << '\t' << it.axiom << '\n';
    err << "sampled " << r.counts[0] << " entailed, " << r.counts[1] << " undetermined, " << r.counts[2]
        << " contradictory " << prm.nf << " candidates (reading: " << reason::reading_name(r.reading) << ", "
        << r.attempts << " attempts)\n";
    for (const auto& n : r.notes)
        err << "note: " << n << "\n";
    if (p.has("stats")) {
        char buf[200];
        std::snprintf(
            buf, sizeof buf, "stats: load+classify %.3f s, sampling %.3f s (%.0f candidates/s), peak memory %s\n", prep,
            samp, samp > 0 ? static_cast<double>(r.attempts) / samp : 0.0, human_bytes(peak_memory_bytes()).c_str());
        err << buf;
    }
    return kOk;
}
} // namespace

KBCX_LIMITED_COMMAND("sample", "draw entailed / undetermined / contradictory test axioms of a normal form", cmd_sample);

} // namespace kbcx::cli
