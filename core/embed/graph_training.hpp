// How the graph baselines of the ontology findings are trained on a projection: PyKEEN's defaults
// as mOWL's KGE wrapper applies them (pykeen), or this project's settings (kbcx).
#pragma once

#include "embed/kg_models.hpp"
#include "embed/loss.hpp"
#include "embed/optimizer.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kbcx::embed {

enum class GraphTraining : std::uint8_t {
    /// mOWL's KGEModel (mowl/kge/model.py): Adam, lr 1e-3, batch 32, PyKEEN's SLCWATrainingLoop
    /// with its defaults (BasicNegativeSampler, 1 negative per positive, head or tail corrupted),
    /// each model's own default dimension, loss, initialisers, entity constraint and
    /// regulariser, torch's dense Adam, and the inverse triples Edge.as_pykeen adds.
    Pykeen,
    /// This project's: the finding's dimension, γ = 12, batch 128, 32 negatives shared by chunks
    /// of 32 positives, Adam lr 0.01, each model's own loss here.
    Kbcx,
};

/// The training the ontology findings use when none is chosen.
inline constexpr GraphTraining kDefaultGraphTraining = GraphTraining::Pykeen;

/// "pykeen", "kbcx".
const char* graph_training_name(GraphTraining t);
/// "pykeen, kbcx".
std::string graph_training_list();
/// Case-insensitive; nullopt for an unknown name.
std::optional<GraphTraining> parse_graph_training(std::string_view name);

/// Everything a training variant fixes for one model.
struct GraphTrainingSettings {
    int dim = 0;                  ///< embedding dimension (ComplEx: complex dimension)
    int p_norm = 1;               ///< TransE / BoxE distance norm
    bool bounded = true;          ///< BoxE: tanh-bounded space
    float gamma = 12;             ///< model γ (initialisation range (γ + 2)/d of the models here)
    std::optional<LossKind> loss; ///< nullopt: the model's own default loss here
    float margin = 1;             ///< the loss's γ
    float adv_temp = 0;           ///< self-adversarial temperature (0 = uniform weights)
    int neg = 1;                  ///< negatives per positive
    int chunk = 1;                ///< positives sharing one draw of negatives (1 = each its own)
    int batch = 32;
    float lr = 1e-3f;
    OptimizerKind optimizer = OptimizerKind::Adam;
    bool inverse_triples = false; ///< train on (t, r⁻¹, h) beside every (h, r, t)
    KgInit init = KgInit::Kbcx;   ///< the initialiser
    bool unit_entities = false;   ///< entity rows kept at unit L2 norm (PyKEEN's entity constrainer)
    float lp_entity = 0;          ///< PyKEEN's LpRegularizer weight on entity rows (TrainSettings::lp_entity)
    float lp_relation = 0;        ///< … on relation rows
    bool dense_optimizer = false; ///< every row steps each time (torch's dense Adam)
    /// "dim 50, margin loss (margin 1), 1 negative per positive, batch 32, adam lr 0.001, inverse
    /// triples, PyKEEN's initialisers, unit-norm entities, dense adam".
    std::string text() const;
};

/// The settings of `training` for `model` (canonical: TransE-L1, TransE-L2, DistMult, ComplEx,
/// BoxE; kbcx also RotatE). `kbcx_dim` is the finding's dimension (kbcx uses it; pykeen uses
/// PyKEEN's per-model default). Throws std::invalid_argument for a model PyKEEN's defaults are
/// not recorded for here.
GraphTrainingSettings graph_training_settings(GraphTraining training, const std::string& model, int kbcx_dim);

} // namespace kbcx::embed
