// `kbcx slice ONTO… --root CLASS --size N`: a connected slice of one ontology (or of several
// merged by IRI), written in the axiom text syntax; the extraction is onto/slice.hpp's.
#include "cli.hpp"
#include "commands.hpp"
#include "onto_cli.hpp"

#include "onto/slice.hpp"

#include <map>
#include <ostream>

namespace kbcx::cli {

namespace {
int cmd_slice(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("slice", "ONTO... --root CLASS [--size N] [--relation R]... [--map-role FROM=TO]... [--out FILE]",
                "Writes a connected slice of ONTO (several files are merged first, names matched by IRI):\n"
                "a breadth-first walk from CLASS over the told axioms. Each EL SubClassOf axiom (A ⊑ B,\n"
                "A ⊑ ∃r.B, …) and each EL EquivalentClasses axiom links the classes it mentions; the walk\n"
                "takes such an axiom whole (all its classes) or not at all, so the slice stays connected and\n"
                "has at most N classes. Ties are broken by IRI, so the same files give the same slice.\n"
                "Kept: every class axiom (also DisjointClasses and non-EL ones) whose classes are all in the\n"
                "slice, and the role axioms over its roles (closed under role inclusions). The output is\n"
                "the axiom text syntax (.kbo) with a declaration and label per name; every kbcx command\n"
                "reads it.");
    p.positional("ONTO", "ontology files (merged by IRI)", true);
    p.option("root", "CLASS",
             "where the walk starts (required): IRI, prefix:local, OBO id (GO:0005575) or unique label");
    p.option("size", "N", "at most this many classes", "1000");
    p.option("relation", "R",
             "follow A ⊑ ∃R.B only for these properties (IRI, prefix:local or label); without it every property",
             std::nullopt, true);
    p.option("map-role", "FROM=TO",
             "rename property FROM (IRI) of the files to TO (IRI) before merging; without it none", std::nullopt, true);
    p.flag("no-equivalences", "do not walk along EquivalentClasses axioms (they are still kept when inside)");
    p.option("out", "FILE", "write the slice here instead of standard output", "");
    p.option("format", "F", "input format of every file: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("stats", "print the slice's statistics on standard error");
    p.epilog(std::string(kOntoFormatsHelp) +
             "example (a GO slice of 1000 classes from cellular_component, go-basic's part_of renamed to the\n"
             "extract's BFO:0000050):\n"
             "  kbcx slice go-extract-asserted.owx go-basic-2015-01-26.obo.gz --map-role \\\n"
             "    http://purl.obolibrary.org/obo/go#part_of=http://purl.obolibrary.org/obo/BFO_0000050 \\\n"
             "    --root GO:0005575 --size 1000 --out go-slice.kbo --stats\n");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("root") || p.get("root").empty()) throw UsageError("--root is required");
    onto::SliceParams prm;
    prm.root = p.get("root");
    prm.size = parse_count("size", p.get("size"));
    for (const auto& r : p.get_all("relation"))
        if (!r.empty()) prm.relations.push_back(r);
    prm.follow_equivalences = !p.has("no-equivalences");
    std::map<std::string, std::string> role_map;
    for (const auto& m : p.get_all("map-role")) {
        if (m.empty()) continue;
        const auto eq = m.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == m.size())
            throw UsageError("--map-role needs FROM=TO, got '" + m + "'");
        role_map[m.substr(0, eq)] = m.substr(eq + 1);
    }
    onto::Ontology merged;
    std::string sources;
    for (const auto& path : p.positionals()) {
        onto::Ontology o = load_onto_cli(path, p.get("format"), false);
        onto::append_ontology(merged, o, role_map);
        sources += (sources.empty() ? "" : " + ") + path;
    }
    merged.source = sources;
    const onto::Slice s = onto::extract_slice(merged, prm);
    const auto& st = s.stats;
    auto file = open_out(p.get("out"));
    std::ostream& os = file ? *file : out;
    os << onto::slice_document(s.ontology, "slice of " + sources + " from " + prm.root + ": " +
                                               std::to_string(st.classes) + " classes, " + std::to_string(st.roles) +
                                               " object properties, " + std::to_string(st.axioms) + " axioms");
    if (p.has("stats")) {
        err << "source: " << st.source_classes << " classes, " << st.source_axioms << " axioms\n"
            << "slice: " << st.classes << " classes, " << st.roles << " object properties, " << st.axioms << " axioms, "
            << st.components << " connected component(s), depth " << st.depth << "\n";
        for (const auto& [k, n] : st.by_kind)
            err << "  " << k << ": " << n << "\n";
        err << "dropped: " << st.dropped_outside << " outside the slice, " << st.dropped_not_el_kind
            << " of axiom types without content, " << st.dropped_assertions << " assertions; " << st.skipped_for_size
            << " links not taken (they would pass --size)\n";
    }
    if (file) err << "wrote " << st.classes << " classes, " << st.axioms << " axioms to " << p.get("out") << "\n";
    return kOk;
}
} // namespace

KBCX_COMMAND("slice", "write a connected slice of an ontology (breadth-first from a root class)", cmd_slice);

} // namespace kbcx::cli
