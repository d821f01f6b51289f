// `kbcx materialise --rules FILE DATA…`: applies the rules to a fixpoint (semi-naive, all cores)
// and prints the number of derived and total facts; --out writes the derived facts as TSV.
#include "commands.hpp"
#include "limits.hpp"
#include "rules_cli.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "rules/parser.hpp"
#include "rules/rule_jobs.hpp"

#include <cstdio>
#include <fstream>
#include <ostream>
#include <thread>

namespace kbcx::cli {

namespace {

std::string tsv_term(std::string_view name) {
    // Names with a scheme or prefix are written as IRIs; quoted literals and plain names bare.
    if (!name.empty() && name.front() != '"' && name.find(':') != std::string_view::npos)
        return "<" + std::string(name) + ">";
    return std::string(name);
}

int cmd_materialise(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("materialise", "--rules FILE DATA... [--out FILE] [--threads N] [--stats] [--no-provenance]",
                "Applies the rules to the data until nothing new follows (semi-naive evaluation, parallel over\n"
                "rules and chunks of new facts) and prints\n"
                "  derived: N   facts of the closure that are not input facts\n"
                "  total: M     input facts (binary and type facts) + derived facts");
    p.option("rules", "FILE", "rule file (plain or RDFox .dlog syntax) (required)");
    p.positional("DATA...", "knowledge-graph files (TSV, N-Triples, Turtle, RDF/XML; optionally .gz)");
    p.option("out", "FILE",
             "write the derived facts as TSV, in derivation order: s<TAB>p<TAB>o, <rdf:type> for types (optional: only "
             "counts are printed without it)");
    p.flag("stats", "print time, derived facts per second, peak memory and bytes per fact of the store");
    p.flag("no-provenance", "do not record a derivation per derived fact (faster, less memory)");
    p.option("max-rounds", "N", "stop after N rounds (0 = fixpoint)", "0");
    p.flag("json", "print one JSON object");
    add_data_options(p);
    p.epilog(std::string(kRuleSyntaxHelp) +
             "--out example line:\n"
             "  "
             "<http://www.Department0.University0.edu/GraduateStudent1>\t<rdf:type>\t<http://swat.cse.lehigh.edu/onto/"
             "univ-bench.owl#Person>\n"
             "exit codes: 0 success, 2 bad input (file:line:column: message), 3 limit reached (--max-memory, "
             "--time-limit), 130 interrupted");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const JobLimits limits(p);
    if (!p.has("rules")) throw UsageError("--rules FILE is required");

    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(limits.token(), progress.sink());
    rules::RuleSet rules = rules::load_rules(p.get("rules"));
    Stopwatch load_clock;
    auto graph = load_data(p, p.positionals(), ctx);
    const double load_seconds = load_clock.seconds();
    rules::MaterialiseParams mp;
    mp.graph = graph;
    mp.rules = std::move(rules);
    mp.match = match_options(p);
    mp.options.threads = thread_option(p);
    mp.options.provenance = !p.has("no-provenance");
    mp.options.max_rounds = parse_count("max-rounds", p.get("max-rounds"));
    const rules::MaterialiseResult res = rules::materialise_job(mp, ctx);
    progress.finish();
    const rules::Materialisation& m = *res.closure;
    const auto& st = m.stats();

    if (p.has("out")) {
        std::ofstream f(p.get("out"), std::ios::binary);
        if (!f) throw InputError(p.get("out"), "cannot write");
        const rules::Program& prog = m.program();
        std::string line;
        m.for_each_derived([&](std::uint64_t, const rules::GroundFact& fact) {
            line = tsv_term(prog.name(kg::Namespace::Entity, fact.s));
            if (fact.unary) {
                line += "\t<rdf:type>\t";
                line += tsv_term(prog.name(kg::Namespace::Type, fact.pred));
            } else {
                line += '\t';
                line += tsv_term(prog.name(kg::Namespace::Relation, fact.pred));
                line += '\t';
                line += tsv_term(prog.name(kg::Namespace::Entity, fact.o));
            }
            line += '\n';
            f << line;
        });
        if (!f) throw InputError(p.get("out"), "write failed");
    }
    const double rate = st.seconds > 0 ? static_cast<double>(st.derived) / st.seconds : 0.0;
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().field("derived", st.derived).field("total", m.num_facts()).field("input", st.input_facts);
        j.field("rules", static_cast<std::uint64_t>(m.program().rules().size()))
            .field("rounds", static_cast<std::uint64_t>(st.rounds));
        if (p.has("stats")) {
            j.field("seconds", st.seconds)
                .field("cpu_seconds", st.cpu_seconds)
                .field("load_seconds", load_seconds)
                .field("derived_per_second", rate);
            j.field("candidates", st.candidates).field("peak_memory_bytes", peak_memory_bytes());
            j.field("input_store_bytes", static_cast<std::uint64_t>(st.input_store_bytes));
            j.field("derived_store_bytes", static_cast<std::uint64_t>(st.derived_store_bytes));
            j.field("provenance_bytes", static_cast<std::uint64_t>(st.provenance_bytes));
            j.field("bytes_per_fact", st.bytes_per_fact());
        }
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    out << "derived: " << st.derived << "\n";
    out << "total: " << m.num_facts() << "\n";
    if (p.has("stats")) {
        char buf[256];
        out << "stats\n";
        std::snprintf(buf, sizeof buf, "  rules:        %zu\n  rounds:       %zu\n", m.program().rules().size(),
                      st.rounds);
        out << buf;
        std::snprintf(buf, sizeof buf, "  input facts:  %llu (load %.3f s)\n",
                      static_cast<unsigned long long>(st.input_facts), load_seconds);
        out << buf;
        std::snprintf(buf, sizeof buf, "  time:         %.3f s (materialisation, %u threads)\n", st.seconds,
                      mp.options.threads ? mp.options.threads : std::thread::hardware_concurrency());
        out << buf;
        std::snprintf(buf, sizeof buf, "  cpu time:     %.3f s (all threads)\n", st.cpu_seconds);
        out << buf;
        std::snprintf(buf, sizeof buf, "  throughput:   %.0f derived facts/s\n", rate);
        out << buf;
        std::snprintf(buf, sizeof buf, "  candidates:   %llu (head instances not yet known, before deduplication)\n",
                      static_cast<unsigned long long>(st.candidates));
        out << buf;
        out << "  peak memory:  " << human_bytes(peak_memory_bytes()) << "\n";
        std::snprintf(buf, sizeof buf, "  store:        %.1f bytes per fact (input %s, derived %s, provenance %s)\n",
                      st.bytes_per_fact(), human_bytes(st.input_store_bytes).c_str(),
                      human_bytes(st.derived_store_bytes).c_str(), human_bytes(st.provenance_bytes).c_str());
        out << buf;
    }
    return kOk;
}

} // namespace

KBCX_LIMITED_COMMAND("materialise", "apply Datalog rules to a KG to a fixpoint; print derived and total facts",
                     cmd_materialise);

} // namespace kbcx::cli
