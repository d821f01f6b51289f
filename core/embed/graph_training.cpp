// The two trainings of the graph baselines (embed/graph_training.hpp): PyKEEN's defaults, read
// from the sources cited below, and this project's settings.
#include "embed/graph_training.hpp"
#include "common/text.hpp"

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace kbcx::embed {

const char* graph_training_name(GraphTraining t) {
    return t == GraphTraining::Pykeen ? "pykeen" : "kbcx";
}

std::string graph_training_list() {
    return "pykeen, kbcx";
}

std::optional<GraphTraining> parse_graph_training(std::string_view name) {
    const std::string l = ascii_lower(name);
    if (l == "pykeen") return GraphTraining::Pykeen;
    if (l == "kbcx") return GraphTraining::Kbcx;
    return std::nullopt;
}

std::string GraphTrainingSettings::text() const {
    std::ostringstream s;
    s << "dim " << dim << ", ";
    if (!loss)
        s << "each model's own loss (margin " << margin << ")";
    else if (*loss == LossKind::Logistic)
        s << "logistic loss";
    else
        s << loss_name(*loss) << " loss (margin " << margin
          << (adv_temp > 0 ? ", adversarial temperature " + std::to_string(static_cast<int>(adv_temp)) : "") << ")";
    s << ", " << neg << (neg == 1 ? " negative" : " negatives") << " per positive";
    if (chunk > 1) s << " shared by " << chunk << " positives";
    s << ", batch " << batch << ", " << optimizer_name(optimizer) << " lr " << lr;
    if (inverse_triples) s << ", inverse triples";
    if (init == KgInit::Pykeen) s << ", PyKEEN's initialisers";
    if (unit_entities) s << ", unit-norm entities";
    if (lp_entity > 0 || lp_relation > 0) {
        s << ", Lp regulariser (p 2, normalised) ";
        if (lp_entity > 0 && lp_relation > 0 && lp_entity == lp_relation)
            s << lp_entity << " on entities and relations";
        else if (lp_entity > 0 && lp_relation > 0)
            s << lp_entity << " on entities, " << lp_relation << " on relations";
        else if (lp_entity > 0)
            s << lp_entity << " on entities";
        else
            s << lp_relation << " on relations";
    }
    if (dense_optimizer) s << ", dense " << optimizer_name(optimizer);
    return s.str();
}

GraphTrainingSettings graph_training_settings(GraphTraining training, const std::string& model, int kbcx_dim) {
    GraphTrainingSettings s;
    if (training == GraphTraining::Kbcx) {
        s.dim = kbcx_dim;
        s.p_norm = model == "TransE-L2" ? 2 : 1;
        s.gamma = 12;
        s.margin = 12;
        s.neg = 32;
        s.chunk = 32;
        s.batch = 128;
        s.lr = 0.01f;
        return s;
    }
    // mOWL's KGEModel (mowl/kge/model.py @ 0ae9118): batch_size = 32, optimizer = Adam, lr = 1e-3,
    // SLCWATrainingLoop(model, triples_factory, optimizer) with no negative sampler, i.e. PyKEEN's
    // BasicNegativeSampler with num_negs_per_pos = 1 (sampling/negative_sampler.py @ f1ecfdc),
    // corrupting heads and tails in equal shares (sampling/basic_negative_sampler.py @ d73b7c2);
    // Edge.as_pykeen (mowl/projection/edge.py @ 0ae9118) builds the TriplesFactory with
    // create_inverse_triples = True, whose sLCWA instances add (t, r⁻¹, h) to every (h, r, t).
    s.batch = 32;
    s.lr = 1e-3f;
    s.optimizer = OptimizerKind::Adam;
    s.neg = 1;
    s.chunk = 1;
    s.inverse_triples = true;
    // torch's Adam over nn.Embedding's dense gradients: every row steps (PyKEEN's Embedding is
    // not sparse by default); the initialisers of each model (init_like_pykeen).
    s.dense_optimizer = true;
    s.init = KgInit::Pykeen;
    if (model == "TransE-L1" || model == "TransE-L2") {
        // models/unimodal/trans_e.py @ b4d1dc6: embedding_dim = 50, scoring_fct_norm = 1; the
        // loss is Model's default (models/base.py): MarginRankingLoss(margin = 1.0, mean).
        // entity_constrainer = functional.normalize; no regulariser.
        s.dim = 50;
        s.p_norm = model == "TransE-L2" ? 2 : 1;
        s.loss = LossKind::Margin;
        s.margin = 1;
        s.unit_entities = true;
    } else if (model == "DistMult") {
        // models/unimodal/distmult.py @ f557bdf: embedding_dim = 50; loss: Model's default;
        // entity_constrainer = functional.normalize; LpRegularizer(weight 0.1, p 2, normalize)
        // on the relation embeddings only ("Only regularize relation embeddings").
        s.dim = 50;
        s.loss = LossKind::Margin;
        s.margin = 1;
        s.unit_entities = true;
        s.lp_relation = 0.1f;
    } else if (model == "ComplEx") {
        // models/unimodal/complex.py @ f29108d: embedding_dim = 200; SoftplusLoss (mean), which
        // with one negative is the logistic loss −log σ(s⁺) − log σ(−s⁻).
        // LpRegularizer(weight 0.01, p 2, normalize) on entity and relation representations
        // (pykeen 1.11's ComplEx passes the regulariser to both); no constraint.
        s.dim = 200;
        s.loss = LossKind::Logistic;
        s.margin = 0;
        s.lp_entity = 0.01f;
        s.lp_relation = 0.01f;
    } else if (model == "BoxE") {
        // models/unimodal/boxe.py @ 5541270: embedding_dim = 256, p = 2, tanh_map = True;
        // NSSALoss(margin = 3, adversarial_temperature = 2.0, sum) — the distance loss here.
        s.dim = 256;
        s.p_norm = 2;
        s.bounded = true;
        s.loss = LossKind::Distance;
        s.margin = 3;
        s.adv_temp = 2;
    } else {
        throw std::invalid_argument("PyKEEN's defaults are recorded here for TransE, DistMult, ComplEx and BoxE, not " +
                                    model);
    }
    return s;
}

} // namespace kbcx::embed
