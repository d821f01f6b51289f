// `kbcx count ONTO`: the number of Herbrand models of an ontology's EL part over a bounded domain,
// the relative model count P(α|O) of candidate axioms beside the reasoner's status, DIMACS, --stats.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"
#include "onto_cli.hpp"

#include "common/json.hpp"
#include "common/resources.hpp"
#include "count/count_job.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {

std::string status_text(const count::Probability& p) {
    switch (p.verdict) {
    case count::Verdict::Entailed:
    case count::Verdict::Contradictory:
    case count::Verdict::Undetermined: return std::string(count::verdict_name(p.verdict)) + " (by count over Δ)";
    default: return "";
    }
}

int cmd_count(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("count",
                "ONTO [--domain N] [--candidate \"AXIOM\"]... [--candidates FILE] [--dimacs FILE] [--threads N] "
                "[--strict] [--method M] [--count-time-limit S] [--names STYLE] [--stats]",
                "Counts the Herbrand models of an ontology's EL part over a domain of N elements and, for each\n"
                "candidate axiom α, the relative model count P(α|O) = #(O ∪ {α}) / #(O), beside the EL++\n"
                "reasoner's status of α (entailed / undetermined / contradictory).");
    p.positional("ONTO", "ontology file in any format below", false, true);
    p.option("domain", "N", "number of domain elements |Δ|; named individuals take the first ones", "2");
    p.option("candidate", "AXIOM", "a candidate axiom in the text syntax", std::nullopt, true);
    p.option("candidates", "FILE",
             "TSV of `kbcx sample` (status<TAB>nf<TAB>axiom); rewritten in place with the columns P (fraction) and "
             "P_decimal; its status column is kept and compared with P (optional: without it only the --candidate "
             "axioms are counted)");
    p.option("dimacs", "FILE",
             "write the CNF of O to FILE and that of O ∪ {αi} to <stem>.cand<i><ext> (optional: no CNF is written "
             "without it)");
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("tbox-only", "drop the ABox (assertions and individuals; each individual needs its own element)");
    p.flag("strict", "refuse an ontology with axioms outside EL instead of counting its EL part");
    p.option("reading", "R",
             "the reasoner's reading of contradictory: inconsistency or incoherence (default: by axiom kind)", "");
    p.flag("no-reasoner", "do not ask the reasoner for the candidates' status");
    p.option("count-time-limit", "SECONDS",
             "time budget of each count (0: none); a count past it gives \"budget exceeded\" and the command goes "
             "on (--time-limit stops the whole command)",
             "0");
    p.option("memory-limit", "MB",
             "memory budget of each count: cache and search stack (0: none); the workers' caches share 3/4 of it. "
             "A count past it stops cleanly (\"budget exceeded\"), the others go on, and the command exits 3",
             "0");
    p.option("threads", "N",
             "worker threads computing the candidates' P, each with its own component cache (0 = all cores); the "
             "output does not depend on N, except which counts run past --count-time-limit or --memory-limit",
             kThreadsAllCores);
    p.option("method", "M",
             "how to count: propositional (the #SAT search on the grounding), orbits (a sum over the orbits of the "
             "permutations of the elements no individual names, each orbit counted by the search) or auto (orbits "
             "from |Δ| = " +
                 std::to_string(count::kOrbitsFromDomain) + " on for CNFs of " +
                 std::to_string(count::kOrbitsFromVariables) +
                 " variables or more, else propositional); every method gives the same exact numbers",
             "auto");
    p.flag("whole", "count the whole CNFs of O and O ∪ {α} instead of only the components α touches");
    p.flag("no-cache", "switch the component cache off (for comparison)");
    p.flag("no-components", "switch the component decomposition off (for comparison)");
    p.flag("stats", "print grounding sizes, the counting method used, counter work, time, throughput and peak memory");
    add_names_option(p);
    p.epilog(std::string(kOntoFormatsHelp) +
             "EL part: axioms using ∀, ⊔, ¬, cardinalities, inverse roles… are dropped and reported\n"
             "  (\"dropped: K of M axioms outside EL (construct count, …)\"); --strict refuses them instead.\n"
             "output:\n"
             "  models: <#(O), exact>\n"
             "  candidate: <axiom, names as --names says>\n"
             "  P: <p/q reduced> <decimal, 6 digits> <status read from P's endpoints> (by count over Δ)\n"
             "  status: <entailed|undetermined|contradictory> (reasoner, reading: R) — or (FILE's status column)\n"
             "  note: fresh individual 'a' ...   when α names an individual O does not mention (status: entailed\n"
             "    only via Thing SubClassOf C, contradictory only if C is unsatisfiable); a candidate's fresh\n"
             "    individuals take the elements after O's individuals, one each\n"
             "  disagreement: <why>   when they differ: P = 0 or P = 1 for an undetermined α, P < 1 for an entailed\n"
             "    α, P > 0 for a contradictory one. Herbrand models over Δ are finite and give every individual its\n"
             "    own element (domain closure over |Δ| elements), the reasoner's semantics is open-domain; and the\n"
             "    count reads contradictions as inconsistency (an incoherent α still has models where a class is\n"
             "    empty). When P = 1 because α's left-hand side is empty in every model over Δ, the line says so.\n"
             "  \"P: undefined\" when O has no model over Δ, \"P: budget exceeded\" when a count ran past a limit.\n"
             "definitions:\n"
             "  Δ = {d1..dN}; every C(d) and r(d,e) for every concept name C and role r declared or used in O or α is\n"
             "  an atom; an interpretation is any set of atoms; ⊤ holds everywhere, ⊥ nowhere, (C and D)(d) iff both,\n"
             "  (r some C)(d) iff r(d,e) and C(e) for some e. #(O) = number of interpretations satisfying O.\n"
             "  #(O) is over the names of O (including names only used by dropped axioms); P uses the names of O and\n"
             "  α (extra free atoms cancel in the ratio).\n"
             "example:\n"
             "  kbcx count ex.kbo --domain 2 --candidate \"r some A SubClassOf C\"\n"
             "  with ex.kbo = \"Class: A B C\\nObjectProperty: r\\nA SubClassOf B\" prints models: 576 and\n"
             "  P: 425/576 0.737847 undetermined (by count over Δ)\n"
             "  status: undetermined (reasoner, reading: incoherence)\n"
             "threads: with N workers each has its own copy of the grounding and its own cache; the caches share\n"
             "  one limit (3/4 of --memory-limit, else min(2 GB x N, physical memory / 4)), split evenly; each\n"
             "  count keeps the whole --memory-limit for itself. Candidates are parsed and the reasoner asked on one\n"
             "  thread first; with --dimacs the candidates' CNFs contain the atoms of every candidate's new names.\n"
             "exit codes: 0 success (also when --count-time-limit was exceeded), 2 bad input, a non-EL candidate or\n"
             "  --strict with a non-EL ontology, 3 limit reached (a count past --memory-limit, --max-memory,\n"
             "  --time-limit), 130 interrupted");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);

    count::CountJobParams params;
    params.ontology_path = p.positionals().at(0);
    params.format = onto::parse_onto_format(p.get("format"));
    params.names = names_option(p);
    params.strict = p.has("strict");
    params.tbox_only = p.has("tbox-only");
    params.reasoner = !p.has("no-reasoner");
    if (p.get("reading") == "inconsistency")
        params.reading = reason::Reading::Inconsistency;
    else if (p.get("reading") == "incoherence")
        params.reading = reason::Reading::Incoherence;
    else if (!p.get("reading").empty())
        throw UsageError("--reading must be inconsistency or incoherence");
    const std::uint64_t domain = parse_count("domain", p.get("domain"));
    if (domain == 0 || domain > 4096) throw UsageError("--domain must be between 1 and 4096");
    params.domain = static_cast<std::uint32_t>(domain);
    params.candidates = p.get_all("candidate");
    if (p.has("candidates")) params.candidates_path = p.get("candidates");
    if (p.has("dimacs")) params.dimacs_path = p.get("dimacs");
    params.counter.budget.seconds = static_cast<double>(parse_count("count-time-limit", p.get("count-time-limit")));
    params.counter.budget.memory_bytes = parse_count("memory-limit", p.get("memory-limit")) * 1'000'000ull;
    params.counter.cache = !p.has("no-cache");
    params.counter.components = !p.has("no-components");
    params.local = !p.has("whole");
    if (const auto m = count::parse_count_method(p.get("method")))
        params.method = *m;
    else
        throw UsageError("--method must be auto, propositional or orbits");
    params.threads = static_cast<unsigned>(parse_count("threads", p.get("threads")));
    if (params.threads > 1024) throw UsageError("--threads must be at most 1024");

    TerminalProgress progress;
    jobs::JobContext ctx(limits.token(), progress.sink());
    Stopwatch total;
    const count::CountJobResult r = count::run_count(params, ctx);
    progress.finish();

    const auto& oc = r.ontology;
    if (r.dropped > 0) {
        out << "dropped: " << r.dropped << " of " << r.logical_axioms << " axioms outside EL (";
        bool first = true;
        for (const auto& [c, k] : r.constructs) {
            out << (first ? "" : ", ") << c << " " << k;
            first = false;
        }
        out << "); counting the EL part, " << r.axioms << " axioms\n";
    }
    if (r.abox_dropped > 0) out << "tbox-only: " << r.abox_dropped << " assertions and their individuals dropped\n";
    if (oc.status == count::CountStatus::Exact)
        out << "models: " << oc.models.str() << "\n";
    else
        out << "models: budget exceeded (" << oc.reason << ")\n";
    std::size_t entailed = 0, contradictory = 0, undetermined = 0, other = 0;
    for (const auto& row : r.candidates) {
        const auto& pr = row.probability;
        out << "candidate: " << (row.shown.empty() || row.shown.find('\n') != std::string::npos ? row.text : row.shown)
            << "\n";
        switch (pr.verdict) {
        case count::Verdict::Undefined: out << "P: undefined (" << pr.reason << ")\n"; break;
        case count::Verdict::BudgetExceeded: out << "P: budget exceeded (" << pr.reason << ")\n"; break;
        default: out << "P: " << pr.fraction() << " " << pr.decimal() << " " << status_text(pr) << "\n";
        }
        if (row.status) {
            out << "status: " << reason::status_name(*row.status) << " (" << row.status_from;
            if (row.reading) out << ", reading: " << reason::reading_name(*row.reading);
            out << ")\n";
        } else if (!row.status_note.empty()) {
            out << "status: unknown (" << row.status_note << ")\n";
        }
        if (!row.fresh.empty()) out << "note: " << row.fresh << " (not in the ontology; takes its own element of Δ)\n";
        if (row.agreement == count::Agreement::Disagree) out << "disagreement: " << row.disagreement << "\n";
        switch (pr.verdict) {
        case count::Verdict::Entailed: ++entailed; break;
        case count::Verdict::Contradictory: ++contradictory; break;
        case count::Verdict::Undetermined: ++undetermined; break;
        default: ++other;
        }
    }
    if (!r.candidates.empty()) {
        std::size_t agree = 0;
        for (const auto& row : r.candidates)
            agree += row.agreement == count::Agreement::Agree;
        out << "agreement: " << agree << " of " << r.candidates.size() << " candidates agree with the status, "
            << r.disagreements << " disagree, " << r.candidates.size() - agree - r.disagreements
            << " not compared (|Δ| = " << r.domain << ")\n";
    }
    if (!r.reasoner_note.empty()) out << "note: " << r.reasoner_note << "\n";
    if (!params.candidates_path.empty())
        out << "wrote P for " << r.candidates.size() - params.candidates.size() << " candidates to "
            << params.candidates_path << "\n";
    for (const auto& f : r.dimacs_written)
        out << "dimacs: " << f << "\n";

    if (p.has("stats")) {
        char line[400];
        out << "stats\n";
        std::snprintf(line, sizeof line,
                      "  ontology:    %s, %zu axioms counted of %zu, %zu concept names, %zu roles, %zu "
                      "individuals\n",
                      r.format.c_str(), r.axioms, r.logical_axioms, r.concept_names, r.role_names, r.individuals);
        out << line;
        std::snprintf(line, sizeof line,
                      "  grounding:   |Δ| = %u, %u atoms, %u auxiliaries, %zu clauses, %zu components "
                      "(largest %u variables), %zu free atoms\n",
                      r.domain, oc.atoms, oc.aux, oc.clauses, oc.components, oc.largest_component, oc.free_atoms);
        out << line;
        std::snprintf(line, sizeof line,
                      "  time:        %.3f s (parse %.3f s, ground %.3f s, #(O) %.3f s, candidates %.3f s of which "
                      "reasoner %.3f s)\n",
                      total.seconds(), r.parse_seconds, r.ground_seconds, oc.seconds, r.candidate_seconds,
                      r.reasoner_seconds);
        out << line;
        if (!r.candidates.empty()) {
            std::snprintf(line, sizeof line,
                          "  candidates:  %zu (%zu entailed, %zu contradictory, %zu undetermined, %zu other), %.1f per "
                          "second, %.3f ms each\n",
                          r.candidates.size(), entailed, contradictory, undetermined, other,
                          r.candidate_seconds > 0 ? static_cast<double>(r.candidates.size()) / r.candidate_seconds
                                                  : 0.0,
                          1000.0 * r.candidate_seconds / static_cast<double>(r.candidates.size()));
            out << line;
        }
        {
            std::size_t by_orbits = 0;
            std::uint64_t orbits = 0;
            for (const auto& row : r.candidates)
                if (row.probability.method == count::CountMethod::Orbits) {
                    ++by_orbits;
                    orbits += row.probability.orbits.orbits;
                }
            out << "  method:      #(O) " << count::method_name(oc.method);
            if (oc.method == count::CountMethod::Orbits)
                out << " (" << oc.orbits.predicates << " predicates, " << oc.orbits.types << " types, "
                    << oc.orbits.orbits << " orbits)";
            if (!r.candidates.empty()) {
                out << "; candidates " << by_orbits << " by orbits";
                if (by_orbits) out << " (" << orbits / by_orbits << " orbits each on average)";
                out << ", " << r.candidates.size() - by_orbits << " propositional";
            }
            out << " (--method " << count::method_name(params.method) << ")\n";
        }
        const auto& s = r.counter_totals;
        std::snprintf(line, sizeof line,
                      "  counter:     %llu decisions, %llu conflicts, %llu components counted, %llu cache hits, "
                      "%llu cache entries (%s), %llu evictions\n",
                      static_cast<unsigned long long>(s.decisions), static_cast<unsigned long long>(s.conflicts),
                      static_cast<unsigned long long>(s.components), static_cast<unsigned long long>(s.cache_hits),
                      static_cast<unsigned long long>(s.cache_entries), human_bytes(s.cache_bytes).c_str(),
                      static_cast<unsigned long long>(s.evictions));
        out << line;
        std::snprintf(line, sizeof line, "  threads:     %u workers for the candidates, cache limit %s each\n",
                      r.threads, human_bytes(r.cache_limit_each).c_str());
        out << line;
        out << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    // A count past --memory-limit stopped cleanly and the others went on; the exit code says so.
    bool memory = oc.status != count::CountStatus::Exact && count::memory_budget_exceeded(oc.reason);
    for (const auto& row : r.candidates)
        memory = memory || (row.probability.verdict == count::Verdict::BudgetExceeded &&
                            count::memory_budget_exceeded(row.probability.reason));
    if (memory) {
        err << "kbcx count: a count ran past --memory-limit " << p.get("memory-limit")
            << " MB (\"budget exceeded\" above); raise it to count it\n";
        return kLimitReached;
    }
    return kOk;
}

} // namespace

KBCX_LIMITED_COMMAND("count",
                     "count Herbrand models of an EL ontology over a bounded domain, and P(α|O) for candidates",
                     cmd_count);

} // namespace kbcx::cli
