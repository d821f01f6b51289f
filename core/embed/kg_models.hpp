// Knowledge-graph embedding models on triples — TransE (L1/L2), DistMult, ComplEx, RotatE and
// BoxE — with one score(h, r, t) (higher = more plausible) and hand-written gradients.
#pragma once

#include "embed/params.hpp"
#include "embed/variants.hpp"
#include "kg/ids.hpp"

#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::embed {

/// Which slot of a triple a chunk's candidates replace.
enum class Side : std::uint8_t { Head = 0, Tail = 1 };

/// Positives that share one list of candidate entities (PyTorch-BigGraph's chunked negatives):
/// the candidate j of positive i is the triple with `side` replaced by candidates[j].
/// Evaluation uses the same structure with every entity as a candidate.
struct Chunk {
    std::span<const kg::Triple> positives;
    Side side = Side::Tail;
    std::span<const kg::Id> candidates;
};

/// How a triple model draws its first parameters: this project's (KgModel::init) or PyKEEN's
/// defaults for that model (init_like_pykeen).
enum class KgInit : std::uint8_t { Kbcx = 0, Pykeen = 1 };
/// "kbcx", "pykeen".
const char* kg_init_name(KgInit init);
/// Case-insensitive; nullopt for an unknown name.
std::optional<KgInit> parse_kg_init(std::string_view name);

/// Hyperparameters that define a model's shape (all of them go into checkpoints; the
/// initialiser only in params.json).
struct KgModelConfig {
    std::string name = "TransE";    ///< canonical name, see kg_model_names()
    int dim = 200;                  ///< embedding dimension (complex models: complex dimension)
    float gamma = 12.0f;            ///< margin; also sets the init range ε = (γ + 2)/d of the RotatE repo
    int p_norm = 1;                 ///< TransE: 1 or 2; BoxE: order o of the distance norm (1 or 2)
    bool bounded = true;            ///< BoxE: tanh-bounded space
    int rgcn_layers = 2;            ///< R-GCN: graph-convolution layers L
    int rgcn_bases = 10;            ///< R-GCN: bases B of the basis decomposition W_r = Σ_b a_rb V_b
    int rgcn_blocks = 0;            ///< R-GCN: > 0 selects block-diagonal W_r with this many blocks (divides dim)
    float rgcn_edge_dropout = 0.4f; ///< R-GCN kbcx: fraction of training triples dropped from the graph at each step
    /// R-GCN: kbcx (this project's) or authors (RelationPrediction's: input transform, separate
    /// weights per direction, per-direction normalisation, self-loop dropout; see rgcn.hpp).
    ElVariant variant = ElVariant::Kbcx;
    float rgcn_self_dropout = 0.2f; ///< R-GCN authors: fraction of self-loop message entries dropped per step
    KgInit init = KgInit::Kbcx;     ///< the initialiser (TransE, DistMult, ComplEx, BoxE offer pykeen)
};

/// The loss a model trains with unless told otherwise (see loss.hpp).
enum class LossKind : std::uint8_t { Logistic = 0, Distance = 1, Margin = 2, CrossEntropy = 3 };

/// A triple model. Parameters live in tables(); score() is the plausibility (higher = more
/// plausible; distance models return γ − distance); the gradient methods *add* coeff·∂s/∂θ
/// into a GradBuffer shaped like tables().
class KgModel {
  public:
    KgModel(KgModelConfig config, std::size_t num_entities, std::size_t num_relations);
    virtual ~KgModel() = default;
    KgModel(const KgModel&) = delete;
    KgModel& operator=(const KgModel&) = delete;

    const KgModelConfig& config() const noexcept { return config_; }
    const std::string& name() const noexcept { return config_.name; }
    std::size_t num_entities() const noexcept { return num_entities_; }
    std::size_t num_relations() const noexcept { return num_relations_; }
    std::vector<ParamTable>& tables() noexcept { return tables_; }
    const std::vector<ParamTable>& tables() const noexcept { return tables_; }

    /// Draws fresh parameters (the reference implementations' initialisation).
    virtual void init(std::mt19937_64& rng) = 0;
    virtual float score(kg::Id h, kg::Id r, kg::Id t) const = 0;
    /// g += coeff · ∂score(h, r, t)/∂θ.
    virtual void add_score_grad(kg::Id h, kg::Id r, kg::Id t, float coeff, GradBuffer& g) const = 0;
    /// out[i·K + j] = score of positive i with its `side` slot replaced by candidate j (K = #candidates).
    virtual void score_chunk(const Chunk& chunk, float* out) const;
    /// g += Σ_ij dscore[i·K + j] · ∂out[i·K + j]/∂θ.
    virtual void add_chunk_grad(const Chunk& chunk, const float* dscore, GradBuffer& g) const;
    virtual LossKind default_loss() const = 0;
    /// Index of the table that the L3 regulariser applies to for entity/relation rows; the
    /// trainer regularises the rows of entity table 0 and relation table 1 of every model.
    std::size_t entity_table() const noexcept { return 0; }
    std::size_t relation_table() const noexcept { return 1; }

  protected:
    KgModelConfig config_;
    std::size_t num_entities_;
    std::size_t num_relations_;
    std::vector<ParamTable> tables_;
};

/// Canonical names of the shallow embedding models: TransE-L1, TransE-L2, DistMult, ComplEx,
/// RotatE, BoxE. The graph model R-GCN (canonical id "rgcn", see rgcn.hpp) is not listed: it
/// needs the training graph to score, so per-triple gradient checks of this list do not apply.
const std::vector<std::string>& kg_model_names();
/// Case-insensitive; "TransE" means TransE-L1 unless p_norm is 2; "rgcn" or "R-GCN" give "rgcn".
/// Throws std::invalid_argument.
std::string canonical_kg_model_name(std::string_view name, int p_norm = 1);
/// R-GCN's training sizes when none are given (`kbcx train --model rgcn`, the Training tab):
/// one encoder pass per step over the whole graph, so large batches and few negatives.
struct RgcnTrainDefaults {
    static constexpr int dim = 100;
    static constexpr int batch = 30000;
    static constexpr int neg = 10;
    static constexpr float lr = 0.01f;
};
/// R-GCN as its authors release it (`--variant authors`; MichSchli/RelationPrediction 98dcdf4,
/// settings/gcn_block.exp, the FB15k-237 configuration): d = 500, 2 layers, block-diagonal with 100
/// blocks of 5×5, 30,000 neighbourhood-sampled edges per step of which half pass messages,
/// ω = 10 negatives per edge, decoder L2 0.01, global gradient norm clipped at 1, self-loop
/// messages kept with 0.8, Adam 0.01.
struct RgcnAuthorsDefaults {
    static constexpr int dim = 500;
    static constexpr int layers = 2;
    static constexpr int blocks = 100;
    static constexpr int batch = 30000;             ///< edges sampled per step (GraphBatchSize)
    static constexpr float message_fraction = 0.5f; ///< share of them that pass messages (GraphSplitSize)
    static constexpr int neg = 10;                  ///< ω, negatives per sampled edge (NegativeSampleRate)
    static constexpr float l2 = 0.01f;              ///< decoder L2 (RegularizationParameter)
    static constexpr float max_grad_norm = 1.0f;    ///< MaxGradientNorm
    static constexpr float self_dropout = 0.2f;     ///< 1 − DropoutKeepProbability
    static constexpr float lr = 0.01f;              ///< Adam
};
/// The settings an R-GCN run of a variant starts from: the one place `kbcx train --model rgcn
/// --variant V`, the Training tab and the reproductions read them. authors: RgcnAuthorsDefaults
/// (100 blocks, decoder L2, self-loop dropout); kbcx: RgcnTrainDefaults (10 bases, edge dropout,
/// no regulariser).
struct RgcnVariantTraining {
    int dim = 0;
    int batch = 0; ///< authors: edges sampled per step; kbcx: positives per step
    int neg = 0;
    float lr = 0;
    float reg = 0;  ///< authors: decoder L2; kbcx: N3 weight (0)
    int bases = 0;  ///< basis decomposition when blocks == 0
    int blocks = 0; ///< > 0: block-diagonal with this many blocks
    float edge_dropout = 0;
    float self_dropout = 0;
};
RgcnVariantTraining rgcn_variant_training(ElVariant variant);
/// Sets `model` (variant, dim, bases/blocks, dropouts) and `train` (batch, neg, lr, reg) to
/// rgcn_variant_training(variant); the other fields are left as they are.
struct TrainSettings;
void apply_rgcn_variant(ElVariant variant, KgModelConfig& model, TrainSettings& train);

/// PyKEEN's initialisers for `model` (pykeen 1.11, the version mOWL pins): TransE entities
/// xavier_uniform_, relations xavier_uniform_norm_ (rows to unit norm); DistMult entities
/// xavier_uniform_, relations xavier_normal_norm_; ComplEx normal_ on complex entries (real and
/// imaginary parts N(0, ½)); BoxE uniform_norm_ (U(0, 1), then each d-wide vector to unit norm) for
/// entity points and bumps and relation centres and shapes, U(0, 1) for the box sizes. Entity
/// rows that PyKEEN constrains are normalised by the trainer (TrainSettings::unit_entities); a
/// uniform draw normalised has the same law whatever its bound, so the bounds are not needed.
/// Throws std::invalid_argument for another model (pykeen_init_known is false).
void init_like_pykeen(KgModel& model, std::mt19937_64& rng);
/// Whether init_like_pykeen knows PyKEEN's initialisers of the canonical model `name`.
bool pykeen_init_known(const std::string& name);

/// Builds an uninitialised model (config.name must be canonical).
std::unique_ptr<KgModel> make_kg_model(const KgModelConfig& config, std::size_t num_entities,
                                       std::size_t num_relations);

} // namespace kbcx::embed
