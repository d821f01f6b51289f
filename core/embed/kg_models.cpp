// The five triple models. TransE, DistMult, ComplEx and RotatE are "query" models: a positive
// with one slot blanked becomes a query vector q, and every candidate n scores f(q, n), so a
// chunk of shared candidates costs one vectorised pass (BoxE lives in boxe.cpp).
// Formulas and gradients: ../shared/formulas/models.md §1–§5.
#include "embed/kg_models.hpp"

#include "common/text.hpp"
#include "embed/boxe.hpp"
#include "embed/dense_blocks.hpp"
#include "embed/kernels.hpp"
#include "embed/rgcn.hpp"
#include "embed/training.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace kbcx::embed {

using kg::Id;
using kg::Triple;

KgModel::KgModel(KgModelConfig config, std::size_t num_entities, std::size_t num_relations)
    : config_(std::move(config)), num_entities_(num_entities), num_relations_(num_relations) {}

void KgModel::score_chunk(const Chunk& chunk, float* out) const {
    const std::size_t K = chunk.candidates.size();
    for (std::size_t i = 0; i < chunk.positives.size(); ++i) {
        const Triple p = chunk.positives[i];
        for (std::size_t j = 0; j < K; ++j) {
            const Id c = chunk.candidates[j];
            out[i * K + j] = chunk.side == Side::Tail ? score(p.s, p.r, c) : score(c, p.r, p.o);
        }
    }
}

void KgModel::add_chunk_grad(const Chunk& chunk, const float* dscore, GradBuffer& g) const {
    const std::size_t K = chunk.candidates.size();
    for (std::size_t i = 0; i < chunk.positives.size(); ++i) {
        const Triple p = chunk.positives[i];
        for (std::size_t j = 0; j < K; ++j) {
            const float w = dscore[i * K + j];
            if (w == 0.0f) continue;
            const Id c = chunk.candidates[j];
            if (chunk.side == Side::Tail)
                add_score_grad(p.s, p.r, c, w, g);
            else
                add_score_grad(c, p.r, p.o, w, g);
        }
    }
}

namespace {

using dense::dot_block;
using dense::dot_block_grad;

/// A model whose score is f(q, n) between a query q (built from the two fixed slots) and the
/// candidate entity row n. Table 0 holds entities, table 1 relations.
class QueryModel : public KgModel {
  public:
    using KgModel::KgModel;

    float score(Id h, Id r, Id t) const override {
        std::vector<float> q(ewidth());
        query(Triple{h, r, t}, Side::Tail, q.data());
        return pair(q.data(), erow(t));
    }

    void add_score_grad(Id h, Id r, Id t, float coeff, GradBuffer& g) const override {
        const std::size_t w = ewidth();
        std::vector<float> q(w), gq(w, 0.0f);
        query(Triple{h, r, t}, Side::Tail, q.data());
        pair_grad(q.data(), erow(t), coeff, gq.data(), g.row(0, t));
        query_backward(Triple{h, r, t}, Side::Tail, gq.data(), g);
    }

    void score_chunk(const Chunk& chunk, float* out) const override {
        ChunkScratch& w = scratch();
        const float* N = gather(chunk, w);
        pair_block(w.Q.data(), chunk.positives.size(), N, chunk.candidates.size(), out);
    }

    // The chunk's queries and candidates are gathered into dense matrices once; pair_block_grad
    // fills dense gradients gQ, gN, which are then added to the rows they came from. A row
    // whose pairs all have weight 0 is not touched (lazy optimisers leave it alone), as in the
    // per-pair path.
    void add_chunk_grad(const Chunk& chunk, const float* dscore, GradBuffer& g) const override {
        const std::size_t P = chunk.positives.size(), K = chunk.candidates.size(), w = ewidth();
        ChunkScratch& sc = scratch();
        const float* N = gather(chunk, sc);
        sc.gQ.assign(P * w, 0.0f);
        sc.gN.assign(K * w, 0.0f);
        pair_block_grad(sc.Q.data(), P, N, K, dscore, sc.gQ.data(), sc.gN.data());
        sc.used.assign(K, 0);
        for (std::size_t i = 0; i < P; ++i) {
            bool any = false;
            for (std::size_t j = 0; j < K; ++j)
                if (dscore[i * K + j] != 0.0f) {
                    sc.used[j] = 1;
                    any = true;
                }
            if (any) query_backward(chunk.positives[i], chunk.side, sc.gQ.data() + i * w, g);
        }
        for (std::size_t j = 0; j < K; ++j) {
            if (!sc.used[j]) continue;
            float* dst = g.row(0, chunk.candidates[j]);
            const float* src = sc.gN.data() + j * w;
            for (std::size_t k = 0; k < w; ++k)
                dst[k] += src[k];
        }
    }

  protected:
    std::size_t ewidth() const { return static_cast<std::size_t>(tables_[0].values.cols()); }
    const float* erow(Id e) const { return tables_[0].values.row(e).data(); }
    const float* rrow(Id r) const { return tables_[1].values.row(r).data(); }
    /// q for the positive p with `side` blanked.
    virtual void query(const Triple& p, Side side, float* q) const = 0;
    virtual float pair(const float* q, const float* n) const = 0;
    /// gq += w·∂f/∂q; gn += w·∂f/∂n.
    virtual void pair_grad(const float* q, const float* n, float w, float* gq, float* gn) const = 0;
    /// Routes ∂/∂q to the rows q was built from.
    virtual void query_backward(const Triple& p, Side side, const float* gq, GradBuffer& g) const = 0;
    /// out[i·K + j] = f(Q_i, N_j) for dense row-major Q (P rows) and N (K rows) of width ewidth().
    /// Models with a blocked kernel override this; the default calls pair() per pair.
    virtual void pair_block(const float* Q, std::size_t P, const float* N, std::size_t K, float* out) const {
        const std::size_t w = ewidth();
        for (std::size_t i = 0; i < P; ++i)
            for (std::size_t j = 0; j < K; ++j)
                out[i * K + j] = pair(Q + i * w, N + j * w);
    }
    /// gQ_i += Σ_j W_ij ∂f(Q_i, N_j)/∂Q_i, gN_j += Σ_i W_ij ∂f(Q_i, N_j)/∂N_j (W is P×K).
    virtual void pair_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, const float* W,
                                 float* gQ, float* gN) const {
        const std::size_t w = ewidth();
        for (std::size_t i = 0; i < P; ++i)
            for (std::size_t j = 0; j < K; ++j)
                if (W[i * K + j] != 0.0f) pair_grad(Q + i * w, N + j * w, W[i * K + j], gQ + i * w, gN + j * w);
    }

  private:
    /// Per-thread buffers of the chunk path (several jobs and threads may score at once).
    struct ChunkScratch {
        std::vector<float> Q, N, gQ, gN;
        std::vector<std::uint8_t> used;
    };
    static ChunkScratch& scratch() {
        thread_local ChunkScratch s;
        return s;
    }
    /// Fills s.Q with the chunk's queries and returns its candidate rows as a dense K×w matrix:
    /// the entity table itself when the candidates are consecutive ids (evaluation ranks
    /// against every entity), else rows gathered into s.N.
    const float* gather(const Chunk& chunk, ChunkScratch& s) const {
        const std::size_t P = chunk.positives.size(), K = chunk.candidates.size(), w = ewidth();
        s.Q.resize(P * w);
        for (std::size_t i = 0; i < P; ++i)
            query(chunk.positives[i], chunk.side, s.Q.data() + i * w);
        bool consecutive = K > 0;
        for (std::size_t j = 1; j < K && consecutive; ++j)
            consecutive = chunk.candidates[j] == chunk.candidates[0] + j;
        if (consecutive) return erow(chunk.candidates[0]);
        s.N.resize(K * w);
        for (std::size_t j = 0; j < K; ++j)
            std::copy_n(erow(chunk.candidates[j]), w, s.N.data() + j * w);
        return s.N.data();
    }
};

// ---- TransE: s = −‖h + r − t‖ (L1 or L2); q = h + r (tail side) or t − r (head side).
class TransE final : public QueryModel {
  public:
    TransE(KgModelConfig c, std::size_t ne, std::size_t nr) : QueryModel(std::move(c), ne, nr) {
        const auto d = config_.dim;
        tables_.push_back({"entity", Matrix::Zero(static_cast<Eigen::Index>(ne), d)});
        tables_.push_back({"relation", Matrix::Zero(static_cast<Eigen::Index>(nr), d)});
    }
    void init(std::mt19937_64& rng) override {
        const float eps = (config_.gamma + 2.0f) / static_cast<float>(config_.dim);
        for (auto& t : tables_)
            fill_uniform(t.values, -eps, eps, rng);
    }
    LossKind default_loss() const override { return LossKind::Distance; }

  protected:
    void query(const Triple& p, Side side, float* q) const override {
        const std::size_t d = ewidth();
        const float* r = rrow(p.r);
        if (side == Side::Tail) {
            const float* h = erow(p.s);
            for (std::size_t k = 0; k < d; ++k)
                q[k] = h[k] + r[k];
        } else {
            const float* t = erow(p.o);
            for (std::size_t k = 0; k < d; ++k)
                q[k] = t[k] - r[k];
        }
    }
    float pair(const float* q, const float* n) const override {
        return config_.p_norm == 2 ? -kernels::l2_distance(q, n, ewidth()) : -kernels::l1_distance(q, n, ewidth());
    }
    void pair_grad(const float* q, const float* n, float w, float* gq, float* gn) const override {
        if (config_.p_norm == 2)
            kernels::l2_distance_grad(q, n, ewidth(), w, gq, gn);
        else
            kernels::l1_distance_grad(q, n, ewidth(), w, gq, gn);
    }
    void pair_block(const float* Q, std::size_t P, const float* N, std::size_t K, float* out) const override {
        if (config_.p_norm == 2) return QueryModel::pair_block(Q, P, N, K, out);
        kernels::l1_block(Q, P, N, K, ewidth(), out);
        for (std::size_t x = 0; x < P * K; ++x)
            out[x] = -out[x];
    }
    void pair_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, const float* W, float* gQ,
                         float* gN) const override {
        if (config_.p_norm == 2) return QueryModel::pair_block_grad(Q, P, N, K, W, gQ, gN);
        kernels::l1_block_grad(Q, P, N, K, ewidth(), W, gQ, gN);
    }
    void query_backward(const Triple& p, Side side, const float* gq, GradBuffer& g) const override {
        const std::size_t d = ewidth();
        float* gr = g.row(1, p.r);
        float* ge = g.row(0, side == Side::Tail ? p.s : p.o);
        const float sign = side == Side::Tail ? 1.0f : -1.0f;
        for (std::size_t k = 0; k < d; ++k) {
            ge[k] += gq[k];
            gr[k] += sign * gq[k];
        }
    }
};

// ---- DistMult: s = Σ h r t; q = h ⊙ r or t ⊙ r.
class DistMult final : public QueryModel {
  public:
    DistMult(KgModelConfig c, std::size_t ne, std::size_t nr) : QueryModel(std::move(c), ne, nr) {
        const auto d = config_.dim;
        tables_.push_back({"entity", Matrix::Zero(static_cast<Eigen::Index>(ne), d)});
        tables_.push_back({"relation", Matrix::Zero(static_cast<Eigen::Index>(nr), d)});
    }
    void init(std::mt19937_64& rng) override {
        const float eps = (config_.gamma + 2.0f) / static_cast<float>(config_.dim);
        for (auto& t : tables_)
            fill_uniform(t.values, -eps, eps, rng);
    }
    LossKind default_loss() const override { return LossKind::Logistic; }

  protected:
    void query(const Triple& p, Side side, float* q) const override {
        const std::size_t d = ewidth();
        const float* r = rrow(p.r);
        const float* e = erow(side == Side::Tail ? p.s : p.o);
        for (std::size_t k = 0; k < d; ++k)
            q[k] = e[k] * r[k];
    }
    float pair(const float* q, const float* n) const override { return kernels::dot(q, n, ewidth()); }
    void pair_grad(const float* q, const float* n, float w, float* gq, float* gn) const override {
        kernels::dot_grad(q, n, ewidth(), w, gq, gn);
    }
    void pair_block(const float* Q, std::size_t P, const float* N, std::size_t K, float* out) const override {
        dot_block(Q, P, N, K, ewidth(), out);
    }
    void pair_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, const float* W, float* gQ,
                         float* gN) const override {
        dot_block_grad(Q, P, N, K, ewidth(), W, gQ, gN);
    }
    void query_backward(const Triple& p, Side side, const float* gq, GradBuffer& g) const override {
        const std::size_t d = ewidth();
        const Id fixed = side == Side::Tail ? p.s : p.o;
        const float* r = rrow(p.r);
        const float* e = erow(fixed);
        float* gr = g.row(1, p.r);
        float* ge = g.row(0, fixed);
        for (std::size_t k = 0; k < d; ++k) {
            ge[k] += gq[k] * r[k];
            gr[k] += gq[k] * e[k];
        }
    }
};

// ---- ComplEx: rows [re | im]; s = Re⟨h, r, conj t⟩. Tail side: q = h·r, s = q_re·e + q_im·f.
// Head side: s = Re(h · r·conj t) = a·w_re − b·w_im, so q = [w_re | −w_im] and s = q·h.
class ComplEx final : public QueryModel {
  public:
    ComplEx(KgModelConfig c, std::size_t ne, std::size_t nr) : QueryModel(std::move(c), ne, nr) {
        const auto d = config_.dim;
        tables_.push_back({"entity", Matrix::Zero(static_cast<Eigen::Index>(ne), 2 * d)});
        tables_.push_back({"relation", Matrix::Zero(static_cast<Eigen::Index>(nr), 2 * d)});
    }
    void init(std::mt19937_64& rng) override {
        const float eps = (config_.gamma + 2.0f) / static_cast<float>(config_.dim);
        for (auto& t : tables_)
            fill_uniform(t.values, -eps, eps, rng);
    }
    LossKind default_loss() const override { return LossKind::Logistic; }

  protected:
    std::size_t cd() const { return static_cast<std::size_t>(config_.dim); }
    void query(const Triple& p, Side side, float* q) const override {
        const std::size_t d = cd();
        const float* r = rrow(p.r);
        const float *c = r, *dd = r + d;
        if (side == Side::Tail) {
            const float* h = erow(p.s);
            const float *a = h, *b = h + d;
            for (std::size_t k = 0; k < d; ++k) {
                q[k] = a[k] * c[k] - b[k] * dd[k];
                q[d + k] = a[k] * dd[k] + b[k] * c[k];
            }
        } else {
            const float* t = erow(p.o);
            const float *e = t, *f = t + d;
            for (std::size_t k = 0; k < d; ++k) {
                q[k] = c[k] * e[k] + dd[k] * f[k];
                q[d + k] = c[k] * f[k] - dd[k] * e[k];
            }
        }
    }
    float pair(const float* q, const float* n) const override { return kernels::dot(q, n, 2 * cd()); }
    void pair_grad(const float* q, const float* n, float w, float* gq, float* gn) const override {
        kernels::dot_grad(q, n, 2 * cd(), w, gq, gn);
    }
    void pair_block(const float* Q, std::size_t P, const float* N, std::size_t K, float* out) const override {
        dot_block(Q, P, N, K, ewidth(), out);
    }
    void pair_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, const float* W, float* gQ,
                         float* gN) const override {
        dot_block_grad(Q, P, N, K, ewidth(), W, gQ, gN);
    }
    void query_backward(const Triple& p, Side side, const float* gq, GradBuffer& g) const override {
        const std::size_t d = cd();
        const float* r = rrow(p.r);
        const float *c = r, *dd = r + d;
        float* gr = g.row(1, p.r);
        const float *gre = gq, *gim = gq + d;
        if (side == Side::Tail) {
            const float* h = erow(p.s);
            const float *a = h, *b = h + d;
            float* gh = g.row(0, p.s);
            for (std::size_t k = 0; k < d; ++k) {
                gh[k] += gre[k] * c[k] + gim[k] * dd[k];
                gh[d + k] += -gre[k] * dd[k] + gim[k] * c[k];
                gr[k] += gre[k] * a[k] + gim[k] * b[k];
                gr[d + k] += -gre[k] * b[k] + gim[k] * a[k];
            }
        } else {
            const float* t = erow(p.o);
            const float *e = t, *f = t + d;
            float* gt = g.row(0, p.o);
            for (std::size_t k = 0; k < d; ++k) {
                gr[k] += gre[k] * e[k] + gim[k] * f[k];
                gr[d + k] += gre[k] * f[k] - gim[k] * e[k];
                gt[k] += gre[k] * c[k] - gim[k] * dd[k];
                gt[d + k] += gre[k] * dd[k] + gim[k] * c[k];
            }
        }
    }
};

// ---- RotatE: entity [a | b], relation phase ρ with θ = ρ·π/ε. Tail side: q = h·e^{iθ};
// head side: q = t·e^{−iθ} (|h·e^{iθ} − t| = |h − t·e^{−iθ}|). s = −Σ_k |q_k − n_k|.
class RotatE final : public QueryModel {
  public:
    RotatE(KgModelConfig c, std::size_t ne, std::size_t nr) : QueryModel(std::move(c), ne, nr) {
        const auto d = config_.dim;
        tables_.push_back({"entity", Matrix::Zero(static_cast<Eigen::Index>(ne), 2 * d)});
        tables_.push_back({"relation", Matrix::Zero(static_cast<Eigen::Index>(nr), d)});
    }
    void init(std::mt19937_64& rng) override {
        for (auto& t : tables_)
            fill_uniform(t.values, -eps(), eps(), rng);
    }
    LossKind default_loss() const override { return LossKind::Distance; }

  protected:
    float eps() const { return (config_.gamma + 2.0f) / static_cast<float>(config_.dim); }
    float phase_scale() const { return std::numbers::pi_v<float> / eps(); }
    std::size_t cd() const { return static_cast<std::size_t>(config_.dim); }
    void query(const Triple& p, Side side, float* q) const override {
        const std::size_t d = cd();
        const float* rho = rrow(p.r);
        const float s = phase_scale();
        const float* x = erow(side == Side::Tail ? p.s : p.o);
        const float sign = side == Side::Tail ? 1.0f : -1.0f;
        for (std::size_t k = 0; k < d; ++k) {
            const float th = sign * rho[k] * s, cs = std::cos(th), sn = std::sin(th);
            q[k] = x[k] * cs - x[d + k] * sn;
            q[d + k] = x[k] * sn + x[d + k] * cs;
        }
    }
    float pair(const float* q, const float* n) const override { return -kernels::complex_l1_distance(q, n, cd()); }
    void pair_grad(const float* q, const float* n, float w, float* gq, float* gn) const override {
        kernels::complex_l1_distance_grad(q, n, cd(), w, gq, gn);
    }
    void query_backward(const Triple& p, Side side, const float* gq, GradBuffer& g) const override {
        // q = x·e^{iφ} with φ = ±θ: ∂q_re/∂x_re = cos φ, ∂q_re/∂x_im = −sin φ, ∂q_im/∂x_re = sin φ,
        // ∂q_im/∂x_im = cos φ; ∂q_re/∂φ = −q_im, ∂q_im/∂φ = q_re; ∂φ/∂ρ = ±π/ε.
        const std::size_t d = cd();
        const float* rho = rrow(p.r);
        const float s = phase_scale();
        const Id fixed = side == Side::Tail ? p.s : p.o;
        const float* x = erow(fixed);
        const float sign = side == Side::Tail ? 1.0f : -1.0f;
        float* gx = g.row(0, fixed);
        float* gr = g.row(1, p.r);
        for (std::size_t k = 0; k < d; ++k) {
            const float ph = sign * rho[k] * s, cs = std::cos(ph), sn = std::sin(ph);
            const float qre = x[k] * cs - x[d + k] * sn, qim = x[k] * sn + x[d + k] * cs;
            gx[k] += gq[k] * cs + gq[d + k] * sn;
            gx[d + k] += -gq[k] * sn + gq[d + k] * cs;
            gr[k] += sign * s * (-gq[k] * qim + gq[d + k] * qre);
        }
    }
};

} // namespace

RgcnVariantTraining rgcn_variant_training(ElVariant variant) {
    const KgModelConfig model; // the layer shapes' own defaults, for the fields a variant leaves
    RgcnVariantTraining t;
    t.bases = model.rgcn_bases;
    t.edge_dropout = model.rgcn_edge_dropout;
    t.self_dropout = model.rgcn_self_dropout;
    if (variant == ElVariant::Authors) {
        using A = RgcnAuthorsDefaults;
        t.dim = A::dim, t.batch = A::batch, t.neg = A::neg, t.lr = A::lr, t.reg = A::l2;
        t.blocks = A::blocks;
        t.self_dropout = A::self_dropout;
        return t;
    }
    if (variant != ElVariant::Kbcx)
        throw std::invalid_argument("rgcn has no variant '" + std::string(el_variant_name(variant)) + "'");
    using K = RgcnTrainDefaults;
    t.dim = K::dim, t.batch = K::batch, t.neg = K::neg, t.lr = K::lr, t.reg = 0;
    return t;
}

void apply_rgcn_variant(ElVariant variant, KgModelConfig& model, TrainSettings& train) {
    const RgcnVariantTraining t = rgcn_variant_training(variant);
    model.variant = variant;
    model.dim = t.dim;
    model.rgcn_bases = t.bases;
    model.rgcn_blocks = t.blocks;
    model.rgcn_edge_dropout = t.edge_dropout;
    model.rgcn_self_dropout = t.self_dropout;
    train.batch = t.batch;
    train.neg = t.neg;
    train.lr = t.lr;
    train.reg = t.reg;
}

const std::vector<std::string>& kg_model_names() {
    static const std::vector<std::string> names{"TransE-L1", "TransE-L2", "DistMult", "ComplEx", "RotatE", "BoxE"};
    return names;
}

std::string canonical_kg_model_name(std::string_view name, int p_norm) {
    const std::string n = ascii_lower(name);
    if (n == "transe") return p_norm == 2 ? "TransE-L2" : "TransE-L1";
    if (n == "rgcn" || n == "r-gcn") return "rgcn";
    for (const auto& c : kg_model_names())
        if (ascii_lower(c) == n) return c;
    throw std::invalid_argument("unknown triple model '" + std::string(name) +
                                "' (known: TransE, TransE-L1, TransE-L2, DistMult, ComplEx, RotatE, BoxE, rgcn)");
}

const char* kg_init_name(KgInit init) {
    return init == KgInit::Pykeen ? "pykeen" : "kbcx";
}

std::optional<KgInit> parse_kg_init(std::string_view name) {
    const std::string n = ascii_lower(name);
    if (n == "kbcx") return KgInit::Kbcx;
    if (n == "pykeen") return KgInit::Pykeen;
    return std::nullopt;
}

namespace {
/// Each `width`-wide piece of every row of m drawn from `draw`, then rescaled to unit norm.
template <class Draw> void fill_unit_pieces(Matrix& m, Eigen::Index width, std::mt19937_64& rng, Draw draw) {
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = draw(rng);
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); c += width) {
            auto piece = m.row(r).segment(c, width);
            piece /= std::max(piece.matrix().norm(), 1e-12f);
        }
}
} // namespace

bool pykeen_init_known(const std::string& name) {
    return name == "TransE-L1" || name == "TransE-L2" || name == "DistMult" || name == "ComplEx" || name == "BoxE";
}

void init_like_pykeen(KgModel& model, std::mt19937_64& rng) {
    const std::string& n = model.name();
    auto& tabs = model.tables();
    const Eigen::Index d = model.config().dim;
    std::uniform_real_distribution<float> sym(-1.0f, 1.0f), unit(0.0f, 1.0f);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    if (n == "TransE-L1" || n == "TransE-L2" || n == "DistMult") {
        // xavier_uniform_ entities; TransE's relations xavier_uniform_norm_, DistMult's
        // xavier_normal_norm_ (a Gaussian direction).
        fill_uniform(tabs[0].values, -1.0f, 1.0f, rng);
        if (n == "DistMult")
            fill_unit_pieces(tabs[1].values, d, rng, [&](std::mt19937_64& g) { return normal(g); });
        else
            fill_unit_pieces(tabs[1].values, d, rng, [&](std::mt19937_64& g) { return sym(g); });
        return;
    }
    if (n == "ComplEx") {
        // normal_ on torch.cfloat: real and imaginary parts each N(0, ½).
        std::normal_distribution<float> half(0.0f, std::sqrt(0.5f));
        for (auto& t : tabs)
            for (Eigen::Index i = 0; i < t.values.size(); ++i)
                t.values.data()[i] = half(rng);
        return;
    }
    if (n == "BoxE") {
        // Tables: entity base, relation centres [head | tail], entity bump, relation shapes
        // [head | tail], relation sizes; uniform_norm_ on each d-wide vector, uniform_ on sizes.
        for (std::size_t t = 0; t < 4; ++t)
            fill_unit_pieces(tabs[t].values, d, rng, [&](std::mt19937_64& g) { return unit(g); });
        fill_uniform(tabs[4].values, 0.0f, 1.0f, rng);
        return;
    }
    throw std::invalid_argument("PyKEEN's initialisers are recorded here for TransE, DistMult, ComplEx and BoxE, not " +
                                n);
}

std::unique_ptr<KgModel> make_kg_model(const KgModelConfig& config, std::size_t num_entities,
                                       std::size_t num_relations) {
    KgModelConfig c = config;
    if (c.dim <= 0) throw std::invalid_argument("dimension must be positive");
    const std::string& n = c.name;
    if (n == "TransE-L1" || n == "TransE-L2") {
        c.p_norm = n == "TransE-L2" ? 2 : 1;
        return std::make_unique<TransE>(c, num_entities, num_relations);
    }
    if (n == "DistMult") return std::make_unique<DistMult>(c, num_entities, num_relations);
    if (n == "ComplEx") return std::make_unique<ComplEx>(c, num_entities, num_relations);
    if (n == "RotatE") return std::make_unique<RotatE>(c, num_entities, num_relations);
    if (n == "BoxE") return make_boxe(c, num_entities, num_relations);
    if (n == "rgcn") {
        if (c.rgcn_layers < 1) throw std::invalid_argument("R-GCN needs at least one layer");
        if (c.rgcn_blocks < 0 || c.rgcn_bases < 0) throw std::invalid_argument("R-GCN: bases and blocks must be ≥ 0");
        if (c.rgcn_blocks == 0 && c.rgcn_bases < 1)
            throw std::invalid_argument("R-GCN needs at least one basis (or a number of blocks)");
        if (c.rgcn_blocks > 0 && c.dim % c.rgcn_blocks != 0)
            throw std::invalid_argument("R-GCN: the number of blocks (" + std::to_string(c.rgcn_blocks) +
                                        ") must divide the dimension (" + std::to_string(c.dim) + ")");
        if (!(c.rgcn_edge_dropout >= 0.0f && c.rgcn_edge_dropout < 1.0f))
            throw std::invalid_argument("R-GCN: edge dropout must be in [0, 1)");
        return std::make_unique<RgcnModel>(c, num_entities, num_relations);
    }
    throw std::invalid_argument("unknown triple model '" + n + "'");
}

} // namespace kbcx::embed
