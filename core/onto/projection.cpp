// The graph projections of onto/projection.hpp: edge sets over the told axioms as mOWL's
// projectors define them, and over the EL normal forms for kbcx.
#include "onto/projection.hpp"

#include "common/text.hpp"
#include "onto/normaliser.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

namespace kbcx::onto {

namespace {

struct Info {
    ProjectionKind kind;
    const char* name;
    const char* summary;
};

constexpr Info kInfo[] = {
    {ProjectionKind::Taxonomy, "taxonomy", "mOWL TaxonomyProjector: told A ⊑ B between named classes"},
    {ProjectionKind::TaxonomyRelations, "taxonomy-relations",
     "mOWL TaxonomyWithRelsProjector (taxonomy = true, every role): told A ⊑ B and A ⊑ ∃r.B"},
    {ProjectionKind::DL2Vec, "dl2vec",
     "mOWL DL2VecProjector: SubClassOf and EquivalentClasses of each named class; ∃/∀/≥/≤ r.B (nested "
     "restrictions give an edge per role) and ⊓/⊔ operands"},
    {ProjectionKind::OWL2Vec, "owl2vec",
     "mOWL OWL2VecStarProjector: every told SubClassOf with a named side (A ⊑ B, A ⊑ Q r.B, Q r.B ⊑ A → "
     "(A, r, B), and (B, r⁻, A) when InverseObjectProperties(r, r⁻) is told) and EquivalentClasses(A, C₁ ⊓ …) "
     "as A ⊑ Cᵢ"},
    {ProjectionKind::Kbcx, "kbcx", "EL normal forms: GCI0 A ⊑ B and GCI2 A ⊑ ∃r.B between named classes"},
};

const Info& info(ProjectionKind k) {
    for (const Info& i : kInfo)
        if (i.kind == k) return i;
    return kInfo[0];
}

/// Collects distinct edges in order of first appearance.
class EdgeSet {
  public:
    void add(std::string_view h, std::string_view r, std::string_view t) {
        ProjectedEdge e{std::string(h), std::string(r), std::string(t)};
        if (seen_.insert(std::tie(e.head, e.relation, e.tail)).second) edges_.push_back(e);
    }
    std::vector<ProjectedEdge> take() { return std::move(edges_); }

  private:
    std::vector<ProjectedEdge> edges_;
    std::set<std::tuple<std::string, std::string, std::string>> seen_;
};

/// Reads the told axioms the way the OWL API hands them to mOWL's projectors.
class Told {
  public:
    explicit Told(const Ontology& o) : o_(o) {}
    const ConceptExpr& get(ExprId e) const { return o_.pool.get(e); }
    bool named(ExprId e) const { return get(e).kind == ConceptKind::Named; }
    std::string_view concept_name(ExprId e) const { return o_.sig.concepts.name(get(e).name); }
    std::string_view role_name(ExprId e) const { return o_.sig.roles.name(get(e).name); }
    /// ObjectSomeValuesFrom, ObjectAllValuesFrom, ObjectMinCardinality, ObjectMaxCardinality: the
    /// restrictions mOWL lifts to a QuantifiedExpression (ObjectExactCardinality is not one).
    bool quantified(ExprId e) const {
        const ConceptKind k = get(e).kind;
        return k == ConceptKind::Exists || k == ConceptKind::ForAll || k == ConceptKind::MinCard ||
               k == ConceptKind::MaxCard;
    }
    /// The filler of a restriction; an unqualified cardinality has ⊤ (owl:Thing) as filler.
    ExprId filler(ExprId e) const {
        const auto& a = get(e).args;
        return a.empty() ? o_.pool.top() : a.front();
    }
    /// mOWL's splitClass: ⊓ and ⊔ are flattened into their operands; names and restrictions are
    /// kept; anything else (¬, {a}, ∃r.{a}, ⊤, ⊥) is dropped. `keep_restrictions` = false keeps
    /// only names (OWL2Vec*'s version).
    void split(ExprId e, bool keep_restrictions, std::vector<ExprId>& out) const {
        const ConceptKind k = get(e).kind;
        if (k == ConceptKind::Named || (keep_restrictions && quantified(e))) {
            out.push_back(e);
        } else if (k == ConceptKind::And || k == ConceptKind::Or) {
            for (ExprId a : get(e).args)
                split(a, keep_restrictions, out);
        }
    }

  private:
    const Ontology& o_;
};

const std::string kSub(kSubClassRelation);

void taxonomy(const Ontology& o, bool relations, EdgeSet& es) {
    const Told t(o);
    for (const Axiom& ax : o.axioms) {
        if (ax.kind != AxiomKind::SubClassOf || ax.concepts.size() != 2) continue;
        const ExprId sub = ax.concepts[0], sup = ax.concepts[1];
        if (!t.named(sub)) continue;
        if (t.named(sup)) {
            es.add(t.concept_name(sub), kSub, t.concept_name(sup));
        } else if (relations && t.get(sup).kind == ConceptKind::Exists && t.named(t.filler(sup))) {
            es.add(t.concept_name(sub), t.role_name(sup), t.concept_name(t.filler(sup)));
        }
    }
}

/// DL2Vec's projectSubClassOrEquivAxiom(C, E).
void dl2vec_edges(const Told& t, ExprId c, ExprId e, EdgeSet& es) {
    if (t.quantified(e)) {
        std::vector<std::string_view> roles;
        ExprId cur = e;
        for (;;) { // ∃r.∃s.B: every role of the chain reaches B
            roles.push_back(t.role_name(cur));
            cur = t.filler(cur);
            if (!t.quantified(cur)) break;
        }
        std::vector<ExprId> dst;
        t.split(cur, true, dst);
        for (std::string_view r : roles)
            for (ExprId d : dst)
                if (t.named(d)) es.add(t.concept_name(c), r, t.concept_name(d));
    } else if (t.get(e).kind == ConceptKind::And || t.get(e).kind == ConceptKind::Or) {
        std::vector<ExprId> parts;
        t.split(e, true, parts);
        for (ExprId p : parts)
            dl2vec_edges(t, c, p, es);
    } else if (t.named(e)) {
        es.add(t.concept_name(c), kSub, t.concept_name(e));
    }
}

void dl2vec(const Ontology& o, EdgeSet& es) {
    const Told t(o);
    for (const Axiom& ax : o.axioms) {
        if (ax.kind == AxiomKind::SubClassOf && ax.concepts.size() == 2) {
            if (t.named(ax.concepts[0])) dl2vec_edges(t, ax.concepts[0], ax.concepts[1], es);
        } else if (ax.kind == AxiomKind::EquivalentClasses) {
            for (ExprId c : ax.concepts) {
                if (!t.named(c)) continue;
                for (ExprId e : ax.concepts)
                    if (e != c) dl2vec_edges(t, c, e, es);
            }
        }
    }
}

/// OWL2Vec*'s inverse of each property: the other property of its first InverseObjectProperties
/// axiom (mOWL takes the first the OWL API returns; here the first in the file).
using Inverses = std::map<RoleName, RoleName>;
Inverses inverse_properties(const Ontology& o) {
    Inverses inv;
    for (const Axiom& ax : o.axioms)
        if (ax.kind == AxiomKind::NotEL && ax.construct == "InverseObjectProperties" && ax.roles.size() == 2) {
            inv.emplace(ax.roles[0], ax.roles[1]);
            inv.emplace(ax.roles[1], ax.roles[0]);
        }
    return inv;
}

/// OWL2Vec*'s processSubClassAxiom(S, E): a restriction with a named filler on one side and a
/// name on the other gives (name, r, filler), and (filler, r⁻, name) when r has an inverse r⁻;
/// two names give (S, SubClassOf, E).
void owl2vec_edges(const Ontology& o, const Told& t, const Inverses& inv, ExprId s, ExprId e, EdgeSet& es) {
    auto relation_edge = [&](ExprId name, ExprId restriction) {
        const std::string_view a = t.concept_name(name), b = t.concept_name(t.filler(restriction));
        es.add(a, t.role_name(restriction), b);
        if (auto it = inv.find(t.get(restriction).name); it != inv.end()) es.add(b, o.sig.roles.name(it->second), a);
    };
    if (t.named(e) && t.quantified(s) && t.named(t.filler(s))) {
        relation_edge(e, s);
        return;
    }
    if (!t.named(s)) return;
    if (t.quantified(e)) {
        if (t.named(t.filler(e))) relation_edge(s, e);
    } else if (t.named(e)) {
        es.add(t.concept_name(s), kSub, t.concept_name(e));
    }
}

void owl2vec(const Ontology& o, EdgeSet& es) {
    const Told t(o);
    const Inverses inv = inverse_properties(o);
    for (const Axiom& ax : o.axioms) {
        if (ax.kind == AxiomKind::SubClassOf && ax.concepts.size() == 2) {
            owl2vec_edges(o, t, inv, ax.concepts[0], ax.concepts[1], es);
        } else if (ax.kind == AxiomKind::EquivalentClasses && ax.concepts.size() >= 2) {
            // The OWL API lists the operands sorted: named classes (by IRI) before expressions.
            std::vector<ExprId> ops = ax.concepts;
            std::stable_sort(ops.begin(), ops.end(), [&](ExprId a, ExprId b) {
                if (t.named(a) != t.named(b)) return t.named(a);
                return t.named(a) && t.concept_name(a) < t.concept_name(b);
            });
            if (t.get(ops[1]).kind != ConceptKind::And) continue;
            for (ExprId c : t.get(ops[1]).args)
                owl2vec_edges(o, t, inv, ops[0], c, es);
        }
    }
}

void kbcx_edges(Ontology& o, ProjectedGraph& g, EdgeSet& es) {
    const NormalisedOntology n = normalise(o);
    g.classes.clear();
    for (ConceptName c = 0; c < n.fresh_concepts_begin; ++c)
        g.classes.emplace_back(o.sig.concepts.name(c));
    auto named = [&](ConceptName c) { return c != kThing && c < n.fresh_concepts_begin; };
    for (const NormalAxiom& a : n.axioms) {
        if (a.nf == NormalForm::GCI0 && named(a.a) && named(a.b))
            es.add(o.sig.concepts.name(a.a), kSub, o.sig.concepts.name(a.b));
        else if (a.nf == NormalForm::GCI2 && named(a.a) && named(a.b))
            es.add(o.sig.concepts.name(a.a), o.sig.roles.name(a.r), o.sig.concepts.name(a.b));
    }
}

} // namespace

const char* projection_name(ProjectionKind kind) {
    return info(kind).name;
}

const char* projection_summary(ProjectionKind kind) {
    return info(kind).summary;
}

std::string projection_list() {
    std::string s;
    for (const Info& i : kInfo)
        s += (s.empty() ? "" : ", ") + std::string(i.name);
    return s;
}

std::optional<ProjectionKind> parse_projection(std::string_view name) {
    const std::string l = ascii_lower(name);
    for (const Info& i : kInfo)
        if (l == i.name) return i.kind;
    return std::nullopt;
}

ProjectionKind projection_or_throw(std::string_view name) {
    if (auto k = parse_projection(name)) return *k;
    throw std::invalid_argument("unknown projection '" + std::string(name) + "' (valid: " + projection_list() + ")");
}

ProjectedEdge ProjectedGraph::gci0(std::string_view a, std::string_view b) const {
    return {std::string(a), kSub, std::string(b)};
}

std::optional<ProjectedEdge> ProjectedGraph::gci2(std::string_view a, std::string_view r, std::string_view b) const {
    if (!role_edges) return std::nullopt;
    return ProjectedEdge{std::string(a), std::string(r), std::string(b)};
}

ProjectedGraph project(Ontology& onto, ProjectionKind kind) {
    ProjectedGraph g;
    g.kind = kind;
    g.role_edges = kind != ProjectionKind::Taxonomy;
    for (ConceptName c = 0; c < onto.sig.concepts.size(); ++c)
        g.classes.emplace_back(onto.sig.concepts.name(c));
    EdgeSet es;
    switch (kind) {
    case ProjectionKind::Taxonomy: taxonomy(onto, false, es); break;
    case ProjectionKind::TaxonomyRelations: taxonomy(onto, true, es); break;
    case ProjectionKind::DL2Vec: dl2vec(onto, es); break;
    case ProjectionKind::OWL2Vec: owl2vec(onto, es); break;
    case ProjectionKind::Kbcx: kbcx_edges(onto, g, es); break;
    }
    g.edges = es.take();
    return g;
}

} // namespace kbcx::onto
