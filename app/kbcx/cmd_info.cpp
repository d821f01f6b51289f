// `kbcx info FILE…`: loads triple files with the load job and prints, per file and in
// total, facts, distinct entities, relations, type facts and load time (text or JSON).
#include "cli.hpp"
#include "commands.hpp"

#include "bench/folder.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "common/resources.hpp"
#include "kg/load_kg.hpp"
#include "onto/readers.hpp"

#include <cstdio>
#include <filesystem>
#include <ostream>

namespace kbcx::cli {

namespace {

void write_file_json(JsonWriter& j, const kg::FileStats& f) {
    j.begin_object()
        .field("path", f.path)
        .field("format", std::string(kg::format_name(f.format)))
        .field("bytes", f.bytes)
        .field("facts", f.facts)
        .field("entities", f.entities)
        .field("relations", f.relations)
        .field("type_facts", f.type_facts)
        .field("types", f.types)
        .field("duplicates", f.duplicates)
        .field("literals_skipped", f.literals_skipped)
        .field("seconds", f.seconds)
        .end_object();
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

void print_block(std::ostream& out, const std::string& title, std::uint64_t facts, std::uint64_t entities,
                 std::uint64_t relations, std::uint64_t type_facts, std::uint64_t types, std::uint64_t duplicates,
                 double seconds) {
    out << title << "\n"
        << "  facts:       " << facts << "\n"
        << "  entities:    " << entities << "\n"
        << "  relations:   " << relations << "\n"
        << "  type facts:  " << type_facts << "\n"
        << "  types:       " << types << "\n"
        << "  duplicates:  " << duplicates << "\n"
        << "  load time:   " << seconds_text(seconds) << "\n";
}

} // namespace

/// `kbcx info ONTO`: the ontology summary (cmd_onto_info.cpp).
int onto_info(const std::vector<std::string>& args, std::ostream& out);
/// `kbcx info DIR`: a benchmark folder's sizes and checks (cmd_bench.cpp).
int bench_info(const std::vector<std::string>& args, std::ostream& out);

namespace {
/// A single positional argument that is an ontology file selects the ontology summary.
bool is_ontology_invocation(const std::vector<std::string>& args) {
    std::vector<std::string> pos;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--order" || a == "--format" || a == "--type-predicate" || a == "--max-line")
            ++i;
        else if (!a.starts_with("--"))
            pos.push_back(a);
    }
    return pos.size() == 1 && onto::looks_like_ontology(pos[0]);
}

/// A single positional argument that is a benchmark folder selects the benchmark summary.
bool is_benchmark_invocation(const std::vector<std::string>& args) {
    std::vector<std::string> pos;
    for (const auto& a : args)
        if (!a.starts_with("--")) pos.push_back(a);
    // A folder with valid.txt or test.txt but no train.txt (as LogInfer's releases ship) is read too;
    // its summary says train.txt is missing.
    return pos.size() == 1 && (bench::is_benchmark_folder(pos[0]) ||
                               bench::benchmark_folder_problem(pos[0]) == "benchmark folder without train.txt");
}

int cmd_info(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    if (is_benchmark_invocation(args)) return bench_info(args, out);
    if (is_ontology_invocation(args)) return onto_info(args, out);
    ArgParser p("info", "FILE... [--json] [--order hrt|htr] [--format F] [--type-predicate NAME]... [--stats]",
                "Loads knowledge-graph files into one graph and prints, per file and in total: facts (distinct\n"
                "binary facts), distinct entities, distinct relations, type facts, types and load time.");
    p.positional("FILE...", "triple files; any of them may be gzip-compressed (.gz)");
    p.flag("json", "print one JSON object instead of text");
    p.option("order", "hrt|htr", "column order of tab-separated files: head relation tail, or head tail relation",
             "hrt");
    p.option("format", "F", "input format: auto, tsv, nt, ttl, rdfxml; auto uses the extension, then the content",
             "auto");
    p.option("type-predicate", "NAME",
             "a relation name read as rdf:type, besides rdf:type, <rdf:type> and the full rdf:type IRI", std::nullopt,
             true);
    p.option("max-line", "BYTES", "longest accepted line of a tab-separated file", "1048576");
    p.flag("stats", "also print time, throughput, peak memory and bytes per fact of the fact store");
    p.epilog("formats:\n"
             "  tsv       one fact per line, fields separated by tabs (or spaces if a line has no tab):\n"
             "            /m/027rn<TAB>/location/country/form_of_government<TAB>/m/06cx9\n"
             "            <http://ex.org/alice><TAB><rdf:type><TAB><http://ex.org/Student>\n"
             "            CRLF or LF line ends; <...> terms are IRIs (the brackets are dropped)\n"
             "  nt, ttl, rdfxml  RDF through raptor2; network, file access and external XML\n"
             "            entities are switched off. Literal objects are skipped (rdfs:label kept as label)\n"
             "type facts: (e, rdf:type, T) is the unary fact T(e)\n"
             "ontologies: one ontology file (.ofn, .owx, .obo, or RDF declaring owl:Ontology/owl:Class) prints\n"
             "            the ontology summary instead (see `kbcx normalise --help` for its formats)\n"
             "exit codes: 0 success, 2 bad input (message: file:line:column: what), 130 interrupted");
    if (!p.parse(args, out)) return kOk;

    // A folder is never a triple file: say what it lacks to be a benchmark folder instead of
    // the reader's "is a directory".
    for (const auto& path : p.positionals()) {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) throw InputError(path, bench::benchmark_folder_problem(path));
    }

    jobs::LoadKgParams params;
    params.paths = p.positionals();
    params.options.order = p.get("order") == "htr"   ? kg::TripleOrder::HeadTailRelation
                           : p.get("order") == "hrt" ? kg::TripleOrder::HeadRelationTail
                                                     : throw UsageError("--order must be hrt or htr");
    params.options.format = kg::parse_format(p.get("format"));
    params.options.type_predicates = p.get_all("type-predicate");
    params.options.max_line_bytes = parse_count("max-line", p.get("max-line"));

    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    const jobs::LoadKgResult result = jobs::load_kg(params, ctx);
    progress.finish();

    const kg::KnowledgeGraph& g = *result.graph;
    const std::uint64_t facts = g.facts.num_facts(), type_facts = g.facts.num_type_facts();
    std::uint64_t duplicates = 0;
    for (const auto& f : result.files)
        duplicates += f.duplicates;
    // Facts repeated across files are duplicates of the union too.
    std::uint64_t summed = 0;
    for (const auto& f : result.files)
        summed += f.facts + f.type_facts;
    duplicates += summed - (facts + type_facts);
    const double mb_per_s = result.seconds > 0 ? static_cast<double>(result.bytes) / 1e6 / result.seconds : 0.0;

    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object().key("files").begin_array();
        for (const auto& f : result.files)
            write_file_json(j, f);
        j.end_array();
        j.key("total")
            .begin_object()
            .field("files", static_cast<std::uint64_t>(result.files.size()))
            .field("bytes", result.bytes)
            .field("facts", facts)
            .field("entities", static_cast<std::uint64_t>(g.vocab.entities().size()))
            .field("relations", static_cast<std::uint64_t>(g.vocab.relations().size()))
            .field("type_facts", type_facts)
            .field("types", static_cast<std::uint64_t>(g.vocab.types().size()))
            .field("duplicates", duplicates)
            .field("seconds", result.seconds)
            .end_object();
        if (p.has("stats")) {
            j.key("stats")
                .begin_object()
                .field("read_seconds", result.read_seconds)
                .field("index_seconds", result.index_seconds)
                .field("throughput_mb_per_s", mb_per_s)
                .field("peak_memory_bytes", peak_memory_bytes())
                .field("store_bytes", static_cast<std::uint64_t>(g.facts.memory_bytes()))
                .field("store_bytes_per_fact", g.bytes_per_fact())
                .field("vocabulary_bytes", static_cast<std::uint64_t>(g.vocab.memory_bytes()))
                .end_object();
        }
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }

    for (const auto& f : result.files)
        print_block(out, f.path + " (" + std::string(kg::format_name(f.format)) + ", " + human_bytes(f.bytes) + ")",
                    f.facts, f.entities, f.relations, f.type_facts, f.types, f.duplicates, f.seconds);
    print_block(out,
                "total (" + std::to_string(result.files.size()) + (result.files.size() == 1 ? " file)" : " files)"),
                facts, g.vocab.entities().size(), g.vocab.relations().size(), type_facts, g.vocab.types().size(),
                duplicates, result.seconds);
    if (p.has("stats")) {
        char line[160];
        out << "stats\n";
        std::snprintf(line, sizeof line, "  time:        %.3f s (read %.3f s, index %.3f s)\n", result.seconds,
                      result.read_seconds, result.index_seconds);
        out << line;
        std::snprintf(line, sizeof line, "  throughput:  %.1f MB/s (%.0f facts/s)\n", mb_per_s,
                      result.seconds > 0 ? static_cast<double>(facts + type_facts) / result.seconds : 0.0);
        out << line;
        out << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
        std::snprintf(line, sizeof line, "  fact store:  %s, %.1f bytes per fact (vocabulary %s)\n",
                      human_bytes(g.facts.memory_bytes()).c_str(), g.bytes_per_fact(),
                      human_bytes(g.vocab.memory_bytes()).c_str());
        out << line;
    }
    return kOk;
}

} // namespace

KBCX_COMMAND("info", "load triple files and print facts, entities, relations and type facts", cmd_info);

} // namespace kbcx::cli
