// `kbcx normalise ONTO [--out FILE]`: the EL part of an ontology in normal forms, written in
// the axiom text syntax (fresh names `_:N1`, …), one axiom per line.
#include "cli.hpp"
#include "commands.hpp"
#include "onto_cli.hpp"

#include "onto/normaliser.hpp"
#include "onto/text_syntax.hpp"

#include <ostream>

namespace kbcx::cli {

namespace {
int cmd_normalise(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p(
        "normalise", "ONTO [--out FILE] [--format F] [--names STYLE]",
        "Writes the EL part of ONTO as normal forms in the axiom text syntax:\n"
        "  GCI0 A SubClassOf B            GCI0_BOT A SubClassOf owl:Nothing\n"
        "  GCI1 A and B SubClassOf C      GCI1_BOT A and B SubClassOf owl:Nothing\n"
        "  GCI2 A SubClassOf r some B     GCI3 r some A SubClassOf B    GCI3_BOT r some A SubClassOf owl:Nothing\n"
        "  RI r SubPropertyOf s           RC r o s SubPropertyOf t      RANGE r Range A\n"
        "  CA A(a)                        RA r(a,b)\n"
        "Complex sub-expressions get fresh names _:N1, _:N2, … that never reuse an existing name.\n"
        "The output starts with Prefix: lines (and, with --names label, a Declaration and an rdfs:label\n"
        "line for each entity shown by label) and parses back (kbcx info FILE.kbo) to the same axioms\n"
        "(labels are used only where no other entity shares them).");
    p.positional("ONTO", "ontology file", false);
    p.option("out", "FILE", "write here instead of standard output", "");
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    add_names_option(p);
    p.flag("labels", "the same as --names label (kept for old scripts)");
    p.epilog(std::string(kOntoFormatsHelp) +
             "example output line:\n  <http://ex.org/A> SubClassOf <http://ex.org/r> some _:N1\n");
    if (!p.parse(args, out)) return kOk;
    const NameStyle names = p.has("labels") ? NameStyle::Label : names_option(p);
    onto::Ontology o = load_onto_cli(p.positionals().at(0), p.get("format"), false);
    const onto::NormalisedOntology n = onto::normalise(o);
    auto file = open_out(p.get("out"));
    std::ostream& os = file ? *file : out;
    const onto::TextWriter w(o, names);
    os << "# normal forms of " << p.positionals().at(0) << " (" << n.axioms.size() << " axioms, "
       << o.sig.concepts.size() - n.fresh_concepts_begin << " fresh names; " << n.filter.dropped
       << " non-EL axioms dropped)\n";
    os << w.prefix_lines() << w.label_lines();
    for (const auto& a : n.axioms)
        os << w.normal(a) << "\n";
    if (file) err << "wrote " << n.axioms.size() << " normal forms to " << p.get("out") << "\n";
    return kOk;
}
} // namespace

KBCX_COMMAND("normalise", "write the EL part of an ontology as normal forms (GCI0…GCI3, RI, RC, ABox)", cmd_normalise);

} // namespace kbcx::cli
