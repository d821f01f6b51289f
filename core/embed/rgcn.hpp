// R-GCN (Schlichtkrull et al. 2018): a relational graph-convolution encoder over the training
// graph with a DistMult decoder, full-graph forward/backward on CPU with hand-written gradients.
#pragma once

#include "embed/kg_models.hpp"
#include "embed/loss.hpp"
#include "embed/training.hpp"

#include <Eigen/SparseCore>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace kbcx::embed {

/// Format version of the R-GCN part of a checkpoint (meta key "rgcn_format"); a checkpoint of
/// any other version is refused by load_kg_model.
inline constexpr int kRgcnFormatVersion = 1;

/// The training graph as the encoder sees it. Relations q ∈ [0, 2R): q < R is relation q along
/// its edges (s, q, o): o receives a message from s; q = R + r is the inverse of r: s receives
/// from o. A *pair* p is a (relation q, receiving node i) with N_i^q ≠ ∅; pairs are numbered
/// relation by relation (rows pair_begin[q] … pair_begin[q+1] − 1), nodes ascending within q.
///
/// - adjacency (Np × E, row-major): row p = (q, i) holds 1/c_{i,q} at every j ∈ N_i^q, where
///   c_{i,q} = |N_i^q| — the per-relation normalised adjacencies A_q, stacked (precomputed once);
/// - adjacency_t (E × Np): its transpose, for the backward pass;
/// - scatter (E × Np): 1 at (pair_node[p], p), summing each node's pair messages.
/// Edge dropout drops training triples (both directions at once) and renormalises by the
/// number of kept neighbours, by rewriting the values of copies of the two adjacencies.
/// With `per_direction` (variant authors) c_{i,q} is instead i's in-degree over every relation
/// of q's direction: the edges (·, r, i) for q < R, the edges (i, r, ·) for q ≥ R
/// (RelationPrediction's 'global' normalisation of its forward and backward incidence matrices).
struct RgcnGraph {
    std::size_t num_entities = 0, num_relations = 0; ///< E and R (the graph has 2R relations)
    using Sparse = Eigen::SparseMatrix<float, Eigen::RowMajor, int>;
    Sparse adjacency, adjacency_t, scatter;
    std::vector<std::uint32_t> pair_begin; ///< 2R + 1 offsets into the pairs
    std::vector<kg::Id> pair_node;         ///< receiving node of each pair
    std::vector<std::uint32_t> nnz_triple; ///< training triple of each adjacency entry
    std::vector<std::uint32_t> nnz_to_t;   ///< position of each adjacency entry in adjacency_t
    std::size_t num_triples = 0;

    std::size_t num_pairs() const { return pair_node.size(); }
    /// Builds the graph of `edges` (ids < E, relations < R; duplicates are ignored).
    static RgcnGraph build(std::span<const kg::Triple> edges, std::size_t num_entities, std::size_t num_relations,
                           bool per_direction = false);
};

/// Activations of one encoder pass, kept for the backward pass (and, for the model's own cache,
/// for scoring). Reusable across passes.
struct RgcnWorkspace {
    using Dense = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    std::vector<Dense> h;                     ///< h[0] = input embeddings, h[l+1] = output of layer l
    std::vector<Dense> p;                     ///< p[l] = A·h[l] (Np × d): normalised neighbourhood sums per pair
    std::vector<std::vector<Dense>> w;        ///< basis: w[l][q] = Σ_b a_qb V_b (block: unused)
    RgcnGraph::Sparse adjacency, adjacency_t; ///< the dropout copies (empty when no dropout)
    bool dropout = false;
    RgcnGraph graph;              ///< authors: this step's message graph (used when own_graph)
    bool own_graph = false;       ///< pass messages over `graph` instead of the model's training graph
    std::vector<Dense> self_mask; ///< authors: per layer 0 or 1/keep on each self-loop message entry (empty: none)
    bool valid = false;
    Dense y;                                 ///< scratch: per-pair messages of one layer
    std::unique_ptr<KgModel> decoder;        ///< training: DistMult over the encoding
    std::vector<GradBuffer> decoder_grads;   ///< training: one per decoder slice
    std::vector<Dense> slice_enc, slice_rel; ///< authors' loss: per-slice gradients, kept between steps
    const Dense& output() const { return h.back(); }
};

/// R-GCN model: tables "entity" (E × d input embeddings), "relation" (R × d DistMult diagonals),
/// and per layer l "layer<l>.self" (W₀, d × d) and either "layer<l>.basis" (B·d × d: V_1…V_B
/// stacked) with "layer<l>.coeff" (2R × B: a_qb), or "layer<l>.block" (2R × k·s², s = d/k: the
/// k diagonal blocks of W_q, each s × s row-major). Rows multiply on the right: h′ = h·W.
///
/// Layer l: u_i = h_i W₀ + Σ_q Σ_{j∈N_i^q} (1/c_{i,q}) h_j W_q, h′ = ReLU(u) on every layer but
/// the last, whose output is the entity encoding e. score(h, r, t) = Σ_k e_hk R_rk e_tk.
///
/// Variant authors (RelationPrediction 98dcdf4) differs in: the input h⁰ = ReLU(x_i + b) with the
/// table "input.bias" (1 × d) after "relation" (its affine input transform of one-hot
/// entities); c_{i,q} per direction (RgcnGraph::build's per_direction); the basis table holds
/// 2B bases, V_1…V_B for the forward relations q < R and V_{B+1}…V_{2B} for the inverses (its
/// W_forward and W_backward; blocks are per q, so per direction already); in training the
/// self-loop messages h_i W₀ are dropped entry by entry and the kept ones scaled by 1/keep
/// (tf.nn.dropout), on every layer; init N(0, σ) with σ = 3/√(fan sum) as its glorot_variance
/// (entities 3/√(E+d), blocks and W₀ 3/√(R+s), bases and W₀ 3/√(2d)), coefficients and relation
/// diagonals N(0, 1), bias 0.
///
/// score() reads the encoding cached by encode(): call encode() after changing parameters.
/// A model read from a checkpoint carries the stored encoding and scores without the graph;
/// encode() and the gradients need set_graph().
class RgcnModel final : public KgModel {
  public:
    RgcnModel(KgModelConfig config, std::size_t num_entities, std::size_t num_relations);

    void init(std::mt19937_64& rng) override;
    float score(kg::Id h, kg::Id r, kg::Id t) const override;
    void score_chunk(const Chunk& chunk, float* out) const override;
    /// g += coeff·∂score/∂θ through the whole encoder (uses the activations of encode()).
    void add_score_grad(kg::Id h, kg::Id r, kg::Id t, float coeff, GradBuffer& g) const override;
    LossKind default_loss() const override { return LossKind::Logistic; }

    /// Attaches the training graph (the encoder's message-passing structure).
    void set_graph(std::span<const kg::Triple> edges);
    bool has_graph() const { return has_graph_; }
    const RgcnGraph& graph() const { return graph_; }
    /// Worker threads of the encoder passes (results are identical for a fixed count).
    void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
    int threads() const { return threads_; }
    bool block_decomposition() const { return config_.rgcn_blocks > 0; }
    bool authors() const { return config_.variant == ElVariant::Authors; }

    /// Encodes every entity with all edges (no dropout) and caches the result for score().
    void encode();
    /// The cached encoding (E × d); empty before encode() or set_encoding().
    const RgcnWorkspace::Dense& encoding() const { return cache_.output(); }
    bool has_encoding() const { return cache_.valid; }
    /// Installs a stored encoding (checkpoint loading).
    void set_encoding(const Matrix& encoded);

    /// Forward pass into `ws` (over ws.graph when ws.own_graph); `dropout_rate` > 0 drops, drawn
    /// from `seed`, each training triple with that probability (kbcx) or each self-loop message
    /// entry (authors).
    void forward(RgcnWorkspace& ws, float dropout_rate, std::uint64_t seed) const;
    /// g += ∂/∂θ given dL/d(encoding) = `d_out` (E × d) and the activations of `ws`. Touches every
    /// row of the entity table and the layer tables; the relation table is the decoder's.
    void backward(const RgcnWorkspace& ws, const RgcnWorkspace::Dense& d_out, GradBuffer& g) const;

    /// Index of the first table of layer l (self-loop weights; the basis/coeff or block tables follow).
    std::size_t layer_table(int l) const {
        return (authors() ? 3 : 2) + static_cast<std::size_t>(l) * (block_decomposition() ? 2 : 3);
    }

  private:
    RgcnGraph graph_;
    bool has_graph_ = false;
    int threads_ = 1;
    RgcnWorkspace cache_;
};

/// One R-GCN optimiser step's loss and gradient: one encoder pass over the full graph with edge
/// dropout (seeded by `seed`), the DistMult decoder on `batch` with the trainer's negatives
/// (chunked corruption, explicit negatives from `pool` with settings.p_bot, Bernoulli side
/// choice via `head_probability`, split over settings.threads slices exactly as the other
/// triple models), then the backward pass through the encoder. `g` is shaped like
/// model.tables(). Returns the summed loss / |batch| (N3 regulariser included).
/// `ws` is scratch space reused between calls.
double rgcn_batch_loss_grad(const RgcnModel& model, std::span<const kg::Triple> batch, const TrainSettings& settings,
                            const LossConfig& loss, std::span<const kg::Triple> pool,
                            std::span<const float> head_probability, std::uint64_t seed, GradBuffer& g,
                            RgcnWorkspace& ws);

/// RelationPrediction's neighbourhood edge sampler (train.py sample_edge_neighborhood): every
/// vertex starts with its degree as its count; each pick chooses a vertex with probability
/// ∝ count among the vertices already seen (or, when those have no count left, uniformly among
/// the vertices with a count), then one of its edges uniformly, redrawn while already picked;
/// the edge's two ends become seen and lose one count each. Returns distinct indices into the
/// edges it was built from.
class RgcnEdgeSampler {
  public:
    RgcnEdgeSampler(std::span<const kg::Triple> edges, std::size_t num_entities);
    /// min(n, #edges) distinct edge indices.
    std::vector<std::uint32_t> sample(std::size_t n, std::mt19937_64& rng) const;
    std::size_t num_edges() const { return num_edges_; }

  private:
    std::size_t num_entities_ = 0, num_edges_ = 0;
    std::vector<std::uint32_t> begin_;        ///< CSR offsets of each vertex's incidences
    std::vector<std::uint32_t> edge_, other_; ///< incidence: edge index, other end
};

/// The message half of a sample: ⌊fraction·n⌋ of `sample` drawn without replacement (the
/// reference's np.random.choice(graph_batch_ids, size, replace=False)).
std::vector<std::uint32_t> rgcn_message_split(std::span<const std::uint32_t> sample, float fraction,
                                              std::mt19937_64& rng);

/// The examples of one authors step (NegativeSampler.transform): the N positives first, then ω
/// corruptions of each (positive i's j-th at N + iω + j): a fair coin replaces the head or the
/// tail by any entity; they are labelled 0 whatever the entity.
std::vector<kg::Triple> rgcn_authors_examples(std::span<const kg::Triple> positives, std::size_t omega,
                                              std::size_t num_entities, std::uint64_t seed);

/// One step of the authors variant: messages pass over `messages` (normalised per direction),
/// self-loop messages dropped with model.config().rgcn_self_dropout (mask from
/// mix_seed(seed, 0xD509)), then the DistMult decoder's binary cross-entropy, the mean over the
/// (1 + ω)N examples of rgcn_authors_examples(positives, ω = settings.neg, …, mix_seed(seed,
/// 0x4E47)), each example weighing 1, plus λ = settings.reg times mean(e_s²) + mean(r²) +
/// mean(e_o²) over those examples' rows (the decoder L2), then the backward pass. Touches every
/// relation row (the reference's Adam updates every row). Threads split the examples; their
/// partial gradients are added in order. Returns the loss.
double rgcn_authors_loss_grad(const RgcnModel& model, std::span<const kg::Triple> positives,
                              std::span<const kg::Triple> messages, const TrainSettings& settings, std::uint64_t seed,
                              GradBuffer& g, RgcnWorkspace& ws);

} // namespace kbcx::embed
