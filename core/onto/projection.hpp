// Graph projections of an ontology for the triple models (TransE, DistMult, ComplEx, BoxE): mOWL's
// taxonomy, taxonomy-with-relations, DL2Vec and OWL2Vec* edge sets, and this project's own (kbcx).
#pragma once

#include "onto/ontology.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::onto {

/// Which axioms become which edges (README, "Graph projections"). The four mOWL projections read
/// the told axioms as mOWL's projectors (bio-ontology-research-group/mowl, gateway/src/main/scala/
/// org/mowl/Projectors/*.scala) read them through the OWL API, with their default options; kbcx
/// reads the EL normal forms.
enum class ProjectionKind : std::uint8_t {
    Taxonomy,          ///< A ⊑ B (named) → (A, SubClassOf, B); TaxonomyProjector
    TaxonomyRelations, ///< + A ⊑ ∃r.B → (A, r, B) for every role; TaxonomyWithRelsProjector(taxonomy = true)
    DL2Vec,  ///< DL2VecProjector: SubClassOf/EquivalentClasses of a named class, ∃ ∀ ≥ ≤, ⊓ ⊔ split
    OWL2Vec, ///< OWL2VecStarProjector: every SubClassOf, EquivalentClasses(A, ⊓ …), ∃ ∀ ≥ ≤ on either side
    Kbcx,    ///< normal forms: GCI0 A ⊑ B → (A, SubClassOf, B), GCI2 A ⊑ ∃r.B → (A, r, B)
};

/// The projection the ontology findings train the graph baselines on when none is chosen:
/// taxonomy-relations, mOWL's projection of the axioms A ⊑ B and A ⊑ ∃r.B that the paper's GCI0
/// and GCI2 candidates are made of (see README, "Graph projections", for why).
inline constexpr ProjectionKind kDefaultProjection = ProjectionKind::TaxonomyRelations;

/// The relation of the subclass edges of every projection (and of GCI0 candidates).
inline constexpr std::string_view kSubClassRelation = "SubClassOf";

/// "taxonomy", "taxonomy-relations", "dl2vec", "owl2vec", "kbcx".
const char* projection_name(ProjectionKind kind);
/// The names above in order, comma-separated.
std::string projection_list();
/// One line saying what the projection makes edges of.
const char* projection_summary(ProjectionKind kind);
/// Case-insensitive; nullopt for an unknown name.
std::optional<ProjectionKind> parse_projection(std::string_view name);
/// Like parse_projection, but throws std::invalid_argument "unknown projection 'X' (valid: …)".
ProjectionKind projection_or_throw(std::string_view name);

struct ProjectedEdge {
    std::string head, relation, tail;
    friend bool operator==(const ProjectedEdge&, const ProjectedEdge&) = default;
};

/// A projection's graph and how test candidates are scored on it.
struct ProjectedGraph {
    ProjectionKind kind = kDefaultProjection;
    std::vector<ProjectedEdge> edges; ///< distinct edges, in order of first appearance
    std::vector<std::string> classes; ///< every named class of the ontology (the entities), signature order
    bool role_edges = true;           ///< false: GCI2 candidates have no edge type (taxonomy)

    /// The triple a GCI0 candidate A ⊑ B is scored by: (A, SubClassOf, B), in every projection.
    ProjectedEdge gci0(std::string_view a, std::string_view b) const;
    /// The triple of a GCI2 candidate A ⊑ ∃r.B: (A, r, B); nullopt in the taxonomy projection,
    /// which has no role edges (the evaluation then ranks the candidate lowest).
    std::optional<ProjectedEdge> gci2(std::string_view a, std::string_view r, std::string_view b) const;
};

/// Projects `onto`. The mOWL projections only read it; kbcx normalises it, which adds the fresh
/// names of the normal forms to onto.sig (they never appear in edges).
ProjectedGraph project(Ontology& onto, ProjectionKind kind);

} // namespace kbcx::onto
