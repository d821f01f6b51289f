// `kbcx project ONTO --projection NAME [--out FILE.tsv]`: an ontology as a graph (mOWL's
// projections or this project's), written as head, relation, tail lines for `kbcx train`.
#include "cli.hpp"
#include "commands.hpp"
#include "onto_cli.hpp"

#include "embed/graph_training.hpp"
#include "onto/projection.hpp"

#include <map>
#include <ostream>
#include <sstream>

namespace kbcx::cli {

namespace {

/// The shortest decimal text of a setting (1, 0.001).
std::string number(float v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

/// PyKEEN's defaults (embed/graph_training.hpp) as kbcx train flags, one line per model.
std::string pykeen_flags() {
    std::string s;
    for (const char* m : {"TransE-L1", "DistMult", "ComplEx", "BoxE"}) {
        const auto g = embed::graph_training_settings(embed::GraphTraining::Pykeen, m, 0);
        std::string name = std::string(m) == "TransE-L1" ? "TransE" : m;
        s += "  " + name + ":" + std::string(10 - name.size(), ' ') + "--dim " + std::to_string(g.dim);
        if (g.loss) s += " --loss " + std::string(embed::loss_name(*g.loss));
        if (g.loss && *g.loss != embed::LossKind::Logistic) s += " --margin " + number(g.margin);
        if (g.adv_temp > 0) s += " --adv-temp " + number(g.adv_temp);
        s += " --neg " + std::to_string(g.neg) + " --chunk " + std::to_string(g.chunk) + " --batch " +
             std::to_string(g.batch) + " --optimizer " + std::string(embed::optimizer_name(g.optimizer)) + " --lr " +
             number(g.lr);
        if (g.init == embed::KgInit::Pykeen) s += " --init pykeen";
        if (g.unit_entities) s += " --unit-entities";
        if (g.lp_entity > 0) s += " --lp-entity " + number(g.lp_entity);
        if (g.lp_relation > 0) s += " --lp-relation " + number(g.lp_relation);
        if (g.dense_optimizer) s += " --dense-optimizer";
        s += "\n";
    }
    return s;
}

int cmd_project(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgParser p("project", "ONTO [--projection NAME] [--out FILE.tsv] [--inverse] [--format F] [--stats]",
                "Projects an ontology into a graph of (head, relation, tail) edges between named classes and\n"
                "writes them tab-separated, one edge a line, so the triple models can be trained on it with\n"
                "kbcx train FILE.tsv --model TransE|DistMult|ComplEx|BoxE. The projections:\n"
                "  taxonomy            mOWL TaxonomyProjector: told A ⊑ B\n"
                "  taxonomy-relations  mOWL TaxonomyWithRelsProjector (taxonomy, every role): A ⊑ B, A ⊑ ∃r.B\n"
                "  dl2vec              mOWL DL2VecProjector: SubClassOf/EquivalentClasses of named classes,\n"
                "                      ∃/∀/≥/≤ r.B → (A, r, B), ⊓/⊔ operands split\n"
                "  owl2vec             mOWL OWL2VecStarProjector: every SubClassOf with a named side, A ⊑ Q r.B\n"
                "                      and Q r.B ⊑ A → (A, r, B), EquivalentClasses(A, C₁ ⊓ …) → A ⊑ Cᵢ\n"
                "  kbcx                the EL normal forms GCI0 A ⊑ B and GCI2 A ⊑ ∃r.B\n"
                "Subclass edges use the relation SubClassOf. A GCI0 candidate A ⊑ B is scored as (A, SubClassOf,\n"
                "B), a GCI2 candidate A ⊑ ∃r.B as (A, r, B) (taxonomy has no role edges: GCI2 is not scored).");
    p.positional("ONTO", "ontology file", false);
    p.option("projection", "NAME", onto::projection_list(), onto::projection_name(onto::kDefaultProjection));
    p.option("out", "FILE", "write here instead of standard output", "");
    p.flag("inverse", "also write (t, r⁻¹, h) for every edge, as PyKEEN's create_inverse_triples (mOWL's default)");
    p.option("format", "F", "input format: auto, ofn, owx, rdfxml, ttl, nt, obo, text", "auto");
    p.flag("stats", "print the number of edges per relation to standard error");
    p.epilog(
        std::string(kOntoFormatsHelp) +
        "PyKEEN's defaults as mOWL's KGE wrapper applies them (README \"Graph projections\") as kbcx train flags:\n" +
        pykeen_flags() +
        "  (with --inverse; kbcx train has no BoxE norm option, so BoxE differs there from the\n"
        "  in-process runs of kbcx reproduce)\n"
        "example: kbcx project pizza.owl --projection dl2vec --inverse --out pizza-dl2vec.tsv --stats\n");
    if (!p.parse(args, out)) return kOk;
    onto::ProjectionKind kind;
    try {
        kind = onto::projection_or_throw(p.get("projection"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    onto::Ontology o = load_onto_cli(p.positionals().at(0), p.get("format"), false);
    const onto::ProjectedGraph g = onto::project(o, kind);
    auto file = open_out(p.get("out"));
    std::ostream& os = file ? *file : out;
    std::map<std::string, std::size_t> per_relation;
    std::size_t lines = 0;
    for (const auto& e : g.edges) {
        os << e.head << '\t' << e.relation << '\t' << e.tail << '\n';
        ++per_relation[e.relation];
        ++lines;
    }
    if (p.has("inverse"))
        for (const auto& e : g.edges) {
            os << e.tail << '\t' << e.relation << "⁻¹\t" << e.head << '\n';
            ++lines;
        }
    os.flush();
    if (!os) throw InputError(p.get("out").empty() ? "<stdout>" : p.get("out"), "cannot write");
    if (file || p.has("stats"))
        err << onto::projection_name(kind) << " projection: " << g.edges.size() << " edges, " << per_relation.size()
            << " relations, " << g.classes.size() << " named classes" << (file ? "; wrote " : "")
            << (file ? std::to_string(lines) + " lines to " + p.get("out") : std::string()) << "\n";
    if (p.has("stats"))
        for (const auto& [r, n] : per_relation)
            err << "  " << r << "\t" << n << "\n";
    return kOk;
}

} // namespace

KBCX_COMMAND("project", "project an ontology into a graph of triples (mOWL's projections or kbcx's)", cmd_project);

} // namespace kbcx::cli
