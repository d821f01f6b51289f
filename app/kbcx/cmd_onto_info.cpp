// `kbcx info ONTO`: signature sizes, logical axioms by kind, the EL part by normal form and
// every non-EL construct dropped with its count (dispatched from cmd_info.cpp).
#include "cli.hpp"
#include "onto_cli.hpp"

#include "common/json.hpp"
#include "common/resources.hpp"
#include "onto/summary.hpp"

#include <cstdio>
#include <ostream>

namespace kbcx::cli {

int onto_info(const std::vector<std::string>& args, std::ostream& out) {
    ArgParser p("info", "ONTO [--format F] [--json] [--stats]",
                "Prints an ontology's classes, object properties, individuals, logical axioms by kind, its EL\n"
                "part by normal form (GCI0, GCI1, GCI2, GCI3, GCI0_BOT, GCI1_BOT, GCI3_BOT, RI, RC, RANGE, ABox)\n"
                "and each non-EL construct dropped by the EL filter with the number of axioms using it.");
    p.positional("ONTO", "ontology file", false);
    p.option("format", "F", "auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("json", "print one JSON object");
    p.flag("stats", "also print load time, throughput and peak memory");
    p.option("order", "X", "ignored (KG option)", "hrt");
    p.epilog(kOntoFormatsHelp);
    if (!p.parse(args, out)) return kOk;
    onto::OntoLoadStats ls;
    onto::Ontology o = load_onto_cli(p.positionals().at(0), p.get("format"), p.has("json"), &ls);
    Stopwatch sw;
    const onto::OntologySummary s = onto::summarise(o);
    const double norm_s = sw.seconds();
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object()
            .field("path", ls.path)
            .field("format", std::string(onto::onto_format_name(ls.format)))
            .field("bytes", ls.bytes)
            .field("classes", static_cast<std::uint64_t>(s.classes))
            .field("object_properties", static_cast<std::uint64_t>(s.object_properties))
            .field("individuals", static_cast<std::uint64_t>(s.individuals))
            .field("logical_axioms", static_cast<std::uint64_t>(s.logical_axioms));
        j.key("axioms_by_kind").begin_object();
        for (const auto& [k, v] : s.axioms_by_kind)
            j.field(k, static_cast<std::uint64_t>(v));
        j.end_object();
        j.field("subclassof_atomic", static_cast<std::uint64_t>(s.subclass_atomic))
            .field("subclassof_existential", static_cast<std::uint64_t>(s.subclass_existential))
            .field("el_axioms", static_cast<std::uint64_t>(s.el_axioms))
            .field("dropped_axioms", static_cast<std::uint64_t>(s.dropped_axioms));
        j.key("normal_forms").begin_object();
        for (int i = 0; i < onto::kNumNormalForms; ++i)
            j.field(onto::normal_form_name(static_cast<onto::NormalForm>(i)),
                    static_cast<std::uint64_t>(s.normal_forms[i]));
        j.end_object();
        j.field("fresh_concepts", static_cast<std::uint64_t>(s.fresh_concepts));
        j.key("dropped_constructs").begin_object();
        for (const auto& [k, v] : s.dropped_constructs)
            j.field(k, static_cast<std::uint64_t>(v));
        j.end_object();
        if (p.has("stats"))
            j.key("stats")
                .begin_object()
                .field("load_seconds", ls.seconds)
                .field("normalise_seconds", norm_s)
                .field("peak_memory_bytes", peak_memory_bytes())
                .end_object();
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    auto row = [&](const std::string& k, std::size_t v, int indent = 2) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "%*s%-26s %zu\n", indent, "", (k + ":").c_str(), v);
        out << buf;
    };
    out << ls.path << " (" << onto::onto_format_name(ls.format) << ", " << human_bytes(ls.bytes) << ")\n";
    if (!o.iri.empty()) out << "  ontology IRI:              " << o.iri << "\n";
    row("classes", s.classes);
    row("object properties", s.object_properties);
    row("individuals", s.individuals);
    row("logical axioms", s.logical_axioms);
    for (const auto& [k, v] : s.axioms_by_kind)
        row(k, v, 4);
    row("SubClassOf A B (names)", s.subclass_atomic, 4);
    row("SubClassOf A r some B", s.subclass_existential, 4);
    row("EL part (axioms)", s.el_axioms);
    for (int i = 0; i < onto::kNumNormalForms; ++i)
        row(onto::normal_form_name(static_cast<onto::NormalForm>(i)), s.normal_forms[i], 4);
    row("fresh names", s.fresh_concepts, 4);
    row("dropped (not EL)", s.dropped_axioms);
    for (const auto& [k, v] : s.dropped_constructs)
        row(k, v, 4);
    if (p.has("stats")) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "stats\n  load:        %.3f s (%.1f MB/s)\n  normalise:   %.3f s\n", ls.seconds,
                      ls.seconds > 0 ? static_cast<double>(ls.bytes) / 1e6 / ls.seconds : 0.0, norm_s);
        out << buf << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    return kOk;
}

} // namespace kbcx::cli
