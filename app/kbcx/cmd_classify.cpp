// `kbcx classify ONTO`: saturates the EL part and prints named classes, unsatisfiable classes,
// consistency and the number of entailed subsumptions; --out writes the taxonomy or closure.
#include "cli.hpp"
#include "commands.hpp"
#include "limits.hpp"
#include "onto_cli.hpp"

#include "common/json.hpp"
#include "common/resources.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ostream>

namespace kbcx::cli {

namespace {
int cmd_classify(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("classify",
                "ONTO [--out FILE] [--closure] [--names STYLE] [--threads N] [--stats] [--json] [--format F]",
                "Classifies the EL part of ONTO (completion-based EL++ saturation) and prints the number of named\n"
                "classes, of unsatisfiable classes, whether the ontology is consistent, and the number of entailed\n"
                "subsumptions A ⊑ B between named classes with A ≠ B, B ≠ owl:Thing and A satisfiable (so A ⊑ A,\n"
                "A ⊑ ⊤ and ⊥ ⊑ A are not counted; fresh names of the normaliser are not classes).");
    p.positional("ONTO", "ontology file", false);
    p.option("out", "FILE", "write the taxonomy (or, with --closure, the closure) to FILE", "");
    p.flag("closure", "with --out: write every entailed A<TAB>B instead (full IRIs, sorted bytewise, no duplicates)");
    p.option("threads", "N",
             "threads for the passes over the closure (counts, equivalence classes, direct parents, --closure\n"
             "lines); 0 = one per hardware thread. The saturation itself runs on one thread. Output is identical\n"
             "for every N",
             kThreadsAllCores);
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("stats", "print load, normalisation, saturation and taxonomy times, throughput and peak memory");
    p.flag("json", "print one JSON object");
    add_names_option(p);
    p.epilog(std::string(kOntoFormatsHelp) + "taxonomy file (--out): one line per satisfiable class, tab-separated:\n"
                                             "  CLASS<TAB>parents: P1 P2<TAB>equivalents: E1 E2\n"
                                             "  (classes named as --names says)\n"
                                             "  unsatisfiable classes are listed as CLASS<TAB>unsatisfiable\n"
                                             "closure file (--out --closure): http://ex.org/A<TAB>http://ex.org/B\n");
    add_limit_options(p);
    if (!p.parse(args, out)) return kOk;
    const NameStyle names = names_option(p);
    const JobLimits limits(p);
    const auto threads = static_cast<unsigned>(std::min<std::uint64_t>(parse_count("threads", p.get("threads")), 1024));
    Stopwatch total;
    onto::OntoLoadStats ls;
    onto::Ontology o = load_onto_cli(p.positionals().at(0), p.get("format"), p.has("json"), &ls);
    TerminalProgress progress(p.has("json"));
    jobs::JobContext ctx(limits.token(), progress.sink());
    const bool want_tax = !p.get("out").empty() && !p.has("closure");
    reason::ClassifyResult r = reason::classify(o, ctx, want_tax, threads);
    progress.finish();
    if (!p.get("out").empty()) {
        auto file = open_out(p.get("out"));
        std::ostream& os = file ? *file : out;
        if (p.has("closure")) {
            for (const auto& l : reason::closure_lines(o, r, threads))
                os << l << "\n";
        } else {
            const auto& t = r.taxonomy;
            const onto::TextWriter w(o, names);
            for (onto::ConceptName c = 0; c < r.named_end; ++c) {
                const std::string name = w.concept_name(c);
                if (t.unsatisfiable[c]) {
                    os << name << "\tunsatisfiable\n";
                    continue;
                }
                const onto::ConceptName rep = t.representative[c];
                os << name << "\tparents:";
                for (auto q : t.direct_parents[rep])
                    os << ' ' << w.concept_name(q);
                os << "\tequivalents:";
                for (auto e : t.equivalents[rep])
                    if (e != c) os << ' ' << w.concept_name(e);
                os << "\n";
            }
        }
    }
    const auto st = r.reasoner->stats();
    if (p.has("json")) {
        JsonWriter j(true);
        j.begin_object()
            .field("classes", static_cast<std::uint64_t>(r.named_classes))
            .field("unsatisfiable", static_cast<std::uint64_t>(r.unsatisfiable))
            .field("consistent", r.consistent)
            .field("subsumptions", static_cast<std::uint64_t>(r.entailed_subsumptions));
        if (p.has("stats"))
            j.key("stats")
                .begin_object()
                .field("load_seconds", ls.seconds)
                .field("normalise_seconds", r.normalise_seconds)
                .field("saturate_seconds", r.saturate_seconds)
                .field("taxonomy_seconds", r.taxonomy_seconds)
                .field("contexts", static_cast<std::uint64_t>(st.contexts))
                .field("derived_subsumptions", static_cast<std::uint64_t>(st.subsumptions))
                .field("derived_links", static_cast<std::uint64_t>(st.links))
                .field("peak_memory_bytes", peak_memory_bytes())
                .end_object();
        j.end_object();
        out << j.str() << "\n";
        return kOk;
    }
    out << "classes:        " << r.named_classes << "\n"
        << "unsatisfiable:  " << r.unsatisfiable << "\n"
        << "consistent:     " << (r.consistent ? "yes" : "no") << "\n"
        << "subsumptions:   " << r.entailed_subsumptions << "\n";
    if (p.has("stats")) {
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "stats\n  load:        %.3f s (%s, %.1f MB/s)\n  normalise:   %.3f s (%zu normal forms)\n"
                      "  saturate:    %.3f s (%zu contexts, %zu subsumptions, %zu links derived)\n"
                      "  taxonomy:    %.3f s\n  total:       %.3f s\n",
                      ls.seconds, human_bytes(ls.bytes).c_str(),
                      ls.seconds > 0 ? static_cast<double>(ls.bytes) / 1e6 / ls.seconds : 0.0, r.normalise_seconds,
                      r.normalised.axioms.size(), r.saturate_seconds, st.contexts, st.subsumptions, st.links,
                      r.taxonomy_seconds, total.seconds());
        out << buf << "  peak memory: " << human_bytes(peak_memory_bytes()) << "\n";
    }
    (void)err;
    return kOk;
}
} // namespace

KBCX_LIMITED_COMMAND("classify", "classify an EL ontology: taxonomy, unsatisfiable classes, consistency", cmd_classify);

} // namespace kbcx::cli
