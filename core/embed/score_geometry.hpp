// The geometry of a score: the shapes a model gives the concepts of one axiom and of their
// neighbours (balls, boxes, translations), projected to a plane with its distortion, and as SVG.
#pragma once

#include "embed/score_anatomy.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace kbcx::embed {

/// One shape of a scene, in the plane's coordinates.
struct GeoShape {
    enum Kind : std::uint8_t { Ball, Box, Point, Arrow } kind = Ball;
    /// Axiom: a concept (or role box) of the axiom; Moved: one of them moved by a translation or a
    /// bump as a term compares it ("A + v(r)", "A + β(B)"); Neighbour: a concept next to them.
    enum Role : std::uint8_t { Axiom, Moved, Neighbour } role = Axiom;
    std::string label;
    double x = 0, y = 0;   ///< Ball, Point: centre; Box: lower corner; Arrow: start
    double x2 = 0, y2 = 0; ///< Box: upper corner; Arrow: end
    double r = 0;          ///< Ball: radius as the model reads it (|ρ| or [ρ]₊)
};

/// A projected scene and what the projection distorts.
struct GeoScene {
    std::string title;
    std::vector<GeoShape> shapes;
    /// How the plane was chosen, e.g. "plane through the centres of A, B, C" or "dimensions 7 and 31".
    std::string projection;
    /// Max relative error |d_plane − d| / d over the pairs of centres drawn (all, and the axiom's own);
    /// the radii of balls and the extents of boxes in the drawn dimensions are exact (radius_error 0).
    double distance_error = 0, axiom_distance_error = 0, radius_error = 0;
    int axis_x = -1, axis_y = -1; ///< box models: the coordinate dimensions drawn (else −1)
    /// Ball and translation scenes: the plane in the model's space, origin + x·u + y·v (else empty).
    std::vector<double> plane_origin, plane_u, plane_v;
    std::vector<std::string> notes;
};

/// Neighbours drawn beside an axiom's concepts unless asked otherwise (`kbcx score --neighbours`,
/// the Inversions tab).
inline constexpr std::size_t kDefaultGeometryNeighbours = 3;

/// What to draw besides the axiom's own concepts.
struct GeometryOptions {
    std::vector<kg::Id> neighbours; ///< concept ids (EL) or entity ids (triple models) to draw as neighbours
    /// Project as this scene does (its plane, or its two dimensions) when it fits the model, so that
    /// the frames of a replay over training share one coordinate system.
    const GeoScene* same_projection = nullptr;
};

/// The scene of an anatomy computed by `model` (EL models: every geometry; triple models: TransE).
/// Balls and translations are projected to the plane through the axiom's centres (PCA over them
/// when they are more than three; directions they leave open are filled by PCA over the
/// neighbours), so up to three centres keep their distances exactly. Boxes are drawn in the two
/// coordinate dimensions where the terms' hinges push most, where they stay boxes. Throws
/// InputError for a model that has no geometry to draw (DistMult, ComplEx, RotatE, BoxE, R-GCN).
GeoScene score_geometry(const ExplainModel& model, const ScoreAnatomy& anatomy, const GeometryOptions& options = {});

/// Concepts next to `concepts` in the ontology's told axioms (GCI0 sub- and superclasses, GCI2
/// fillers and subjects), nearest first by distance in the graph, at most `max`, none of `concepts`.
std::vector<kg::Id> told_neighbours(const std::vector<NfAxiom>& axioms, const std::vector<kg::Id>& concepts,
                                    std::size_t named_concepts, std::size_t max);
/// The `max` concepts (EL: named concepts) or entities whose centres are nearest to those of `ids`.
std::vector<kg::Id> nearest_neighbours(const ExplainModel& model, const std::vector<kg::Id>& ids, std::size_t max);
/// The neighbours to draw for an anatomy of a run: for EL runs the told neighbours in the ontology
/// the run was trained on (params.json's "data", when it can still be read), else the nearest
/// centres. `source` (if given) says which: "told axioms of FILE" or "nearest centres".
std::vector<kg::Id> run_neighbours(const std::string& run_dir, const ExplainModel& model, const ScoreAnatomy& anatomy,
                                   std::size_t max, std::string* source = nullptr);
/// The concept ids (EL) or entity ids (triple models) an anatomy's axiom names.
std::vector<kg::Id> anatomy_concepts(const ExplainModel& model, const ScoreAnatomy& anatomy);

/// One frame of a replay over training.
struct EpochGeometry {
    int epoch = 0;
    ScoreAnatomy anatomy;
    GeoScene scene;
};
/// The anatomy and the scene of `axiom` at every checkpoint the run kept, by epoch, all drawn with
/// the neighbours and the projection of the last one (so the shapes move in one frame). Throws
/// InputError when the run kept none, or as ExplainModel and score_geometry do.
std::vector<EpochGeometry> replay_over_training(const std::string& run_dir, std::string_view axiom,
                                                std::size_t neighbours, std::string* source = nullptr);

/// The region of the plane a picture shows: the bounding box of a scene's shapes.
struct GeoView {
    double x0 = -1, y0 = -1, x1 = 1, y1 = 1;
};
GeoView scene_view(const GeoScene& scene);
/// The smallest view showing every scene (the frames of a replay drawn at one scale).
GeoView union_view(const std::vector<GeoScene>& scenes);

/// The scene as a standalone SVG document: circles for balls, rectangles for boxes, arrows for
/// translations, labels, and the projection and its distortion as a caption; `view` fixes the
/// region shown (default: scene_view(scene)).
std::string geometry_svg(const GeoScene& scene, const GeoView* view = nullptr);

} // namespace kbcx::embed
