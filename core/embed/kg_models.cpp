// The five triple models. TransE, DistMult, ComplEx and RotatE are "query" models: a positive
// with one slot blanked becomes a query vector q, and every candidate n scores f(q, n), so a
// chunk of shared candidates costs one vectorised pass; BoxE builds each positive's boxes once
// per chunk and bounds the candidates' points in one vectorised pass.
// Formulas and gradients: ../shared/formulas/models.md §1–§5.
#include "embed/kg_models.hpp"

#include "embed/kernels.hpp"
#include "embed/rgcn.hpp"

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

void uniform_fill(Matrix& m, float lo, float hi, std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(lo, hi);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = u(rng);
}

/// Dense row-major views for the dot-product models' blocks (Eigen's matrix products).
using RowMajorMap = Eigen::Map<Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
using ConstRowMajorMap = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

/// out = Q·Nᵀ (P×K) for rows of width w.
void dot_block(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, float* out) {
    const auto p = static_cast<Eigen::Index>(P), k = static_cast<Eigen::Index>(K), d = static_cast<Eigen::Index>(w);
    RowMajorMap(out, p, k).noalias() = ConstRowMajorMap(Q, p, d) * ConstRowMajorMap(N, k, d).transpose();
}
/// gQ += W·N, gN += Wᵀ·Q: the gradients of Σ_ij W_ij ⟨Q_i, N_j⟩.
void dot_block_grad(const float* Q, std::size_t P, const float* N, std::size_t K, std::size_t w, const float* W,
                    float* gQ, float* gN) {
    const auto p = static_cast<Eigen::Index>(P), k = static_cast<Eigen::Index>(K), d = static_cast<Eigen::Index>(w);
    const ConstRowMajorMap Wm(W, p, k);
    RowMajorMap(gQ, p, d).noalias() += Wm * ConstRowMajorMap(N, k, d);
    RowMajorMap(gN, k, d).noalias() += Wm.transpose() * ConstRowMajorMap(Q, p, d);
}

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
            uniform_fill(t.values, -eps, eps, rng);
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
            uniform_fill(t.values, -eps, eps, rng);
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
            uniform_fill(t.values, -eps, eps, rng);
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
            uniform_fill(t.values, -eps(), eps(), rng);
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

// ---- BoxE (Abboud et al. 2020), geometric-mean shape normalisation, optional tanh bounding.
// Tables: 0 entity base points, 1 relation box centres [pos1 | pos2], 2 entity bumps,
// 3 relation shapes [pos1 | pos2], 4 relation scales (2 per relation).
class BoxE final : public KgModel {
  public:
    BoxE(KgModelConfig c, std::size_t ne, std::size_t nr) : KgModel(std::move(c), ne, nr) {
        const auto d = config_.dim;
        const auto E = static_cast<Eigen::Index>(ne), R = static_cast<Eigen::Index>(nr);
        tables_.push_back({"entity_base", Matrix::Zero(E, d)});
        tables_.push_back({"relation_centre", Matrix::Zero(R, 2 * d)});
        tables_.push_back({"entity_bump", Matrix::Zero(E, d)});
        tables_.push_back({"relation_shape", Matrix::Zero(R, 2 * d)});
        tables_.push_back({"relation_scale", Matrix::Zero(R, 2)});
    }
    void init(std::mt19937_64& rng) override {
        const float a = 0.5f / std::sqrt(static_cast<float>(config_.dim));
        for (int t = 0; t < 4; ++t)
            uniform_fill(tables_[static_cast<std::size_t>(t)].values, -a, a, rng);
        uniform_fill(tables_[4].values, -1.0f, 1.0f, rng);
    }
    LossKind default_loss() const override { return LossKind::Distance; }

    float score(Id h, Id r, Id t) const override { return -eval(h, r, t, 0.0f, nullptr); }
    void add_score_grad(Id h, Id r, Id t, float coeff, GradBuffer& g) const override { eval(h, r, t, -coeff, &g); }

    // The chunk path: a positive's two boxes depend on its relation only, so they are built
    // once per positive rather than once per pair, and the points of all candidates are bounded
    // with Eigen's vectorised tanh. Per pair, only the point-to-box distances remain; the
    // gradient with respect to a box is linear in the per-dimension gradients of its corners,
    // which are summed over the candidates before going through the shape normalisation once.
    void score_chunk(const Chunk& chunk, float* out) const override {
        const std::size_t K = chunk.candidates.size(), n = d();
        ChunkScratch& sc = scratch(K);
        for (std::size_t i = 0; i < chunk.positives.size(); ++i) {
            const Triple& p = chunk.positives[i];
            build_boxes(p.r, sc);
            candidate_points(chunk, p, sc);
            const int a = chunk.side == Side::Tail ? 0 : 1; // the box of the point e_f + b_c
            for (std::size_t j = 0; j < K; ++j)
                out[i * K + j] = -(point_distance(sc.X.data() + j * n, sc.box[a], nullptr) +
                                   point_distance(sc.Y.data() + j * n, sc.box[1 - a], nullptr));
        }
    }

    void add_chunk_grad(const Chunk& chunk, const float* dscore, GradBuffer& g) const override {
        const std::size_t K = chunk.candidates.size(), n = d();
        ChunkScratch& sc = scratch(K);
        sc.gBase.assign(K * n, 0.0f);
        sc.gBump.assign(K * n, 0.0f);
        sc.used.assign(K, 0);
        const int a = chunk.side == Side::Tail ? 0 : 1;
        for (std::size_t i = 0; i < chunk.positives.size(); ++i) {
            const Triple& p = chunk.positives[i];
            bool any = false;
            for (std::size_t j = 0; j < K && !any; ++j)
                any = dscore[i * K + j] != 0.0f;
            if (!any) continue;
            build_boxes(p.r, sc);
            candidate_points(chunk, p, sc);
            for (auto& b : sc.box) {
                b.gLo.assign(n, 0.0f);
                b.gHi.assign(n, 0.0f);
            }
            std::vector<float>& gFixedBase = sc.gFixedBase;
            std::vector<float>& gFixedBump = sc.gFixedBump;
            gFixedBase.assign(n, 0.0f);
            gFixedBump.assign(n, 0.0f);
            for (std::size_t j = 0; j < K; ++j) {
                const float w = dscore[i * K + j];
                if (w == 0.0f) continue;
                sc.used[j] = 1;
                // score = −(ℓ_a(X) + ℓ_b(Y)): dl = −w. X = T(e_f + b_c), Y = T(e_c + b_f).
                std::fill(sc.gP.begin(), sc.gP.end(), 0.0f);
                point_distance(sc.X.data() + j * n, sc.box[a], sc.gP.data(), -w);
                for (std::size_t k = 0; k < n; ++k) {
                    gFixedBase[k] += sc.gP[k];
                    sc.gBump[j * n + k] += sc.gP[k];
                }
                std::fill(sc.gP.begin(), sc.gP.end(), 0.0f);
                point_distance(sc.Y.data() + j * n, sc.box[1 - a], sc.gP.data(), -w);
                for (std::size_t k = 0; k < n; ++k) {
                    sc.gBase[j * n + k] += sc.gP[k];
                    gFixedBump[k] += sc.gP[k];
                }
            }
            const Id fixed = chunk.side == Side::Tail ? p.s : p.o;
            float* ge = g.row(0, fixed);
            float* gb = g.row(2, fixed);
            for (std::size_t k = 0; k < n; ++k) {
                ge[k] += gFixedBase[k];
                gb[k] += gFixedBump[k];
            }
            for (int pos = 0; pos < 2; ++pos)
                box_backward(p.r, pos, sc.box[pos], g);
        }
        for (std::size_t j = 0; j < K; ++j) {
            if (!sc.used[j]) continue;
            const Id c = chunk.candidates[j];
            float* ge = g.row(0, c);
            float* gb = g.row(2, c);
            for (std::size_t k = 0; k < n; ++k) {
                ge[k] += sc.gBase[j * n + k];
                gb[k] += sc.gBump[j * n + k];
            }
        }
    }

  private:
    static constexpr float kEps = 1e-8f;
    std::size_t d() const { return static_cast<std::size_t>(config_.dim); }

    /// One relation's box at one position, with what its gradient needs: the normalised shape
    /// N, the scale A and the geometric mean G; gLo and gHi collect ∂/∂(bounded corners).
    struct Box {
        std::vector<float> lo, hi, Nv, gLo, gHi;
        std::vector<float> mid, kappa, invk, invk2, c0, c1; ///< per dimension, from lo and hi
        float A = 0, G = 0, scale = 0;
    };
    struct ChunkScratch {
        Box box[2];
        std::vector<float> X, Y, gP, gBase, gBump, gFixedBase, gFixedBump;
        std::vector<std::uint8_t> used;
    };
    static std::vector<float>& gNv_scratch() {
        thread_local std::vector<float> v;
        return v;
    }
    ChunkScratch& scratch(std::size_t K) const {
        thread_local ChunkScratch s;
        const std::size_t n = d();
        s.X.resize(K * n);
        s.Y.resize(K * n);
        s.gP.resize(n);
        return s;
    }
    /// The boxes of relation r at both positions (corners tanh-bounded when config.bounded).
    void build_boxes(Id r, ChunkScratch& sc) const {
        const std::size_t n = d();
        for (int pos = 0; pos < 2; ++pos) {
            Box& b = sc.box[pos];
            b.lo.resize(n);
            b.hi.resize(n);
            b.Nv.resize(n);
            const float* c = tables_[1].values.row(r).data() + pos * n;
            const float* s = tables_[3].values.row(r).data() + pos * n;
            b.scale = tables_[4].values(r, pos);
            b.A = (b.scale > 0.0f ? b.scale : std::expm1(b.scale)) + 1.0f;
            double logsum = 0.0;
            for (std::size_t k = 0; k < n; ++k)
                logsum += std::log(std::fabs(s[k]) + kEps);
            b.G = static_cast<float>(std::exp(logsum / static_cast<double>(n)));
            for (std::size_t k = 0; k < n; ++k) {
                b.Nv[k] = s[k] / b.G;
                const float D = b.A * b.Nv[k];
                const float l0 = c[k] - D / 2, u0 = c[k] + D / 2;
                b.lo[k] = std::min(l0, u0);
                b.hi[k] = std::max(l0, u0);
            }
            if (config_.bounded) {
                Eigen::Map<Eigen::ArrayXf> lo(b.lo.data(), static_cast<Eigen::Index>(n));
                Eigen::Map<Eigen::ArrayXf> hi(b.hi.data(), static_cast<Eigen::Index>(n));
                lo = lo.tanh();
                hi = hi.tanh();
            }
            for (auto* v : {&b.mid, &b.kappa, &b.invk, &b.invk2, &b.c0, &b.c1})
                v->resize(n);
            for (std::size_t k = 0; k < n; ++k) {
                const float w = b.hi[k] - b.lo[k], kappa = w + 1.0f, invk = 1.0f / kappa;
                b.mid[k] = (b.lo[k] + b.hi[k]) / 2;
                b.kappa[k] = kappa;
                b.invk[k] = invk;
                b.invk2[k] = invk * invk;
                b.c0[k] = (w / 2) * (kappa - invk);
                b.c1[k] = 0.5f * (kappa - invk) + (w / 2) * (1.0f + invk * invk);
            }
        }
    }
    /// For every candidate c of the chunk, with f the positive's fixed entity: X_c = e_f + b_c
    /// and Y_c = e_c + b_f (tanh-bounded when config.bounded).
    void candidate_points(const Chunk& chunk, const Triple& p, ChunkScratch& sc) const {
        const std::size_t n = d(), K = chunk.candidates.size();
        const Id fixed = chunk.side == Side::Tail ? p.s : p.o;
        const float* ef = tables_[0].values.row(fixed).data();
        const float* bf = tables_[2].values.row(fixed).data();
        for (std::size_t j = 0; j < K; ++j) {
            const Id c = chunk.candidates[j];
            const float* ec = tables_[0].values.row(c).data();
            const float* bc = tables_[2].values.row(c).data();
            float* x = sc.X.data() + j * n;
            float* y = sc.Y.data() + j * n;
            for (std::size_t k = 0; k < n; ++k) {
                x[k] = ef[k] + bc[k];
                y[k] = ec[k] + bf[k];
            }
        }
        if (config_.bounded) {
            const auto len = static_cast<Eigen::Index>(K * n);
            Eigen::Map<Eigen::ArrayXf>(sc.X.data(), len) = Eigen::Map<Eigen::ArrayXf>(sc.X.data(), len).tanh();
            Eigen::Map<Eigen::ArrayXf>(sc.Y.data(), len) = Eigen::Map<Eigen::ArrayXf>(sc.Y.data(), len).tanh();
        }
    }
    /// The distance ℓ of the (bounded) point P to box b; with gP, also adds dl·∂ℓ/∂(raw point)
    /// into gP and dl·∂ℓ/∂(bounded corners) into b.gLo and b.gHi. Per dimension, with the width
    /// w = hi − lo, κ = w + 1 and q = P − (lo + hi)/2: δ = |q|/κ inside the box and
    /// κ|q| − (w/2)(κ − 1/κ) outside (models.md §5), through the vectorised kernels.
    float point_distance(const float* P, Box& b, float* gP, float dl = 0.0f) const {
        const std::size_t n = d();
        const bool l2 = config_.p_norm == 2;
        const kernels::BoxRows rows{b.lo.data(),   b.hi.data(),    b.mid.data(), b.kappa.data(),
                                    b.invk.data(), b.invk2.data(), b.c0.data(),  b.c1.data()};
        const float sq = kernels::box_distance(P, rows, n, l2);
        const float norm = l2 ? std::sqrt(sq) : sq;
        if (!gP) return norm;
        if (l2)
            kernels::box_distance_grad(P, rows, n, 0.0f, norm > 1e-12f ? dl / norm : 0.0f, config_.bounded, gP,
                                       b.gLo.data(), b.gHi.data());
        else
            kernels::box_distance_grad(P, rows, n, dl, 0.0f, config_.bounded, gP, b.gLo.data(), b.gHi.data());
        return norm;
    }
    /// Takes the summed corner gradients of box b (relation r, position pos) through the
    /// bounding, the min/max, the scale and the geometric-mean normalisation into the tables.
    void box_backward(Id r, int pos, const Box& b, GradBuffer& g) const {
        const std::size_t n = d();
        const float* s = tables_[3].values.row(r).data() + pos * n;
        float* gc = g.row(1, r) + pos * n;
        float* gs = g.row(3, r) + pos * n;
        float* gscale = g.row(4, r) + pos;
        float gA = 0.0f, dotNN = 0.0f;
        std::vector<float>& gNv = gNv_scratch();
        gNv.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            float gL = b.gLo[k], gU = b.gHi[k];
            if (config_.bounded) {
                gL *= 1.0f - b.lo[k] * b.lo[k];
                gU *= 1.0f - b.hi[k] * b.hi[k];
            }
            const float D = b.A * b.Nv[k];
            const float gl0 = D >= 0 ? gL : gU, gu0 = D >= 0 ? gU : gL;
            gc[k] += gl0 + gu0;
            const float gD = (gu0 - gl0) / 2;
            gA += gD * b.Nv[k];
            gNv[k] = gD * b.A;
            dotNN += gNv[k] * b.Nv[k];
        }
        *gscale += gA * (b.scale > 0.0f ? 1.0f : std::exp(b.scale));
        for (std::size_t j = 0; j < n; ++j) {
            const float sgs = static_cast<float>((s[j] > 0) - (s[j] < 0));
            gs[j] += gNv[j] / b.G - dotNN * sgs / (static_cast<float>(n) * (std::fabs(s[j]) + kEps));
        }
    }

    /// Distance ℓ of r(h, t); with g, also adds dl·∂ℓ/∂θ.
    float eval(Id h, Id r, Id t, float dl, GradBuffer* g) const {
        const std::size_t n = d();
        const float* eh = tables_[0].values.row(h).data();
        const float* et = tables_[0].values.row(t).data();
        const float* bh = tables_[2].values.row(h).data();
        const float* bt = tables_[2].values.row(t).data();
        float total = 0.0f;
        std::vector<float> delta(n), gdelta(n), gp(n), gl(n), gu(n), raw_l(n), raw_u(n), bl(n), bu(n), P(n), Nv(n);
        for (int pos = 0; pos < 2; ++pos) {
            const float* c = tables_[1].values.row(r).data() + pos * n;
            const float* s = tables_[3].values.row(r).data() + pos * n;
            const float scale = tables_[4].values(r, pos);
            const float A = (scale > 0.0f ? scale : std::expm1(scale)) + 1.0f;
            double logsum = 0.0;
            for (std::size_t k = 0; k < n; ++k)
                logsum += std::log(std::fabs(s[k]) + kEps);
            const float G = static_cast<float>(std::exp(logsum / static_cast<double>(n)));
            for (std::size_t k = 0; k < n; ++k) {
                Nv[k] = s[k] / G;
                const float D = A * Nv[k];
                const float l0 = c[k] - D / 2, u0 = c[k] + D / 2;
                raw_l[k] = std::min(l0, u0);
                raw_u[k] = std::max(l0, u0);
                P[k] = pos == 0 ? eh[k] + bt[k] : et[k] + bh[k];
            }
            bl = raw_l;
            bu = raw_u;
            if (config_.bounded) // Eigen's vectorised tanh, as in the chunk path
                for (std::vector<float>* v : {&bl, &bu, &P}) {
                    Eigen::Map<Eigen::ArrayXf> a(v->data(), static_cast<Eigen::Index>(n));
                    a = a.tanh();
                }
            // point-to-box distance per dimension
            float sq = 0.0f;
            for (std::size_t k = 0; k < n; ++k) {
                const float w = bu[k] - bl[k], kappa = w + 1.0f, q = P[k] - (bl[k] + bu[k]) / 2;
                const bool inside = bl[k] <= P[k] && P[k] <= bu[k];
                delta[k] = inside ? std::fabs(q) / kappa : kappa * std::fabs(q) - (w / 2) * (kappa - 1.0f / kappa);
                sq += config_.p_norm == 2 ? delta[k] * delta[k] : delta[k];
            }
            const float norm = config_.p_norm == 2 ? std::sqrt(sq) : sq;
            total += norm;
            if (!g) continue;
            for (std::size_t k = 0; k < n; ++k)
                gdelta[k] = config_.p_norm == 2 ? (norm > 1e-12f ? dl * delta[k] / norm : 0.0f) : dl;
            float* gc = g->row(1, r) + pos * n;
            float* gs = g->row(3, r) + pos * n;
            float* gscale = g->row(4, r) + pos;
            float gA = 0.0f;
            std::vector<float> gN(n);
            for (std::size_t k = 0; k < n; ++k) {
                const float w = bu[k] - bl[k], kappa = w + 1.0f, q = P[k] - (bl[k] + bu[k]) / 2;
                const float sg = static_cast<float>((q > 0) - (q < 0));
                const bool inside = bl[k] <= P[k] && P[k] <= bu[k];
                float dp, dm, dw;
                if (inside) {
                    dp = sg / kappa;
                    dm = -sg / kappa;
                    dw = -std::fabs(q) / (kappa * kappa);
                } else {
                    dp = kappa * sg;
                    dm = -kappa * sg;
                    dw = std::fabs(q) - 0.5f * (kappa - 1.0f / kappa) - (w / 2) * (1.0f + 1.0f / (kappa * kappa));
                }
                float gP = gdelta[k] * dp;
                float gL = gdelta[k] * (0.5f * dm - dw);
                float gU = gdelta[k] * (0.5f * dm + dw);
                if (config_.bounded) {
                    gP *= 1.0f - P[k] * P[k];
                    gL *= 1.0f - bl[k] * bl[k];
                    gU *= 1.0f - bu[k] * bu[k];
                }
                // points: p1 = e_h + b_t, p2 = e_t + b_h
                if (pos == 0) {
                    g->row(0, h)[k] += gP;
                    g->row(2, t)[k] += gP;
                } else {
                    g->row(0, t)[k] += gP;
                    g->row(2, h)[k] += gP;
                }
                // min/max: Δ ≥ 0 keeps (l, u) = (l0, u0), otherwise swapped
                const float D = A * Nv[k];
                const float gl0 = D >= 0 ? gL : gU, gu0 = D >= 0 ? gU : gL;
                gc[k] += gl0 + gu0;
                const float gD = (gu0 - gl0) / 2;
                gA += gD * Nv[k];
                gN[k] = gD * A;
            }
            *gscale += gA * (scale > 0.0f ? 1.0f : std::exp(scale));
            float dotNN = 0.0f;
            for (std::size_t k = 0; k < n; ++k)
                dotNN += gN[k] * Nv[k];
            for (std::size_t j = 0; j < n; ++j) {
                const float sgs = static_cast<float>((s[j] > 0) - (s[j] < 0));
                gs[j] += gN[j] / G - dotNN * sgs / (static_cast<float>(n) * (std::fabs(s[j]) + kEps));
            }
        }
        return total;
    }
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

const std::vector<std::string>& kg_model_names() {
    static const std::vector<std::string> names{"TransE-L1", "TransE-L2", "DistMult", "ComplEx", "RotatE", "BoxE"};
    return names;
}

std::string canonical_kg_model_name(std::string_view name, int p_norm) {
    const std::string n = lower(name);
    if (n == "transe") return p_norm == 2 ? "TransE-L2" : "TransE-L1";
    if (n == "rgcn" || n == "r-gcn") return "rgcn";
    for (const auto& c : kg_model_names())
        if (lower(c) == n) return c;
    throw std::invalid_argument("unknown triple model '" + std::string(name) +
                                "' (known: TransE, TransE-L1, TransE-L2, DistMult, ComplEx, RotatE, BoxE, rgcn)");
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
    if (n == "BoxE") return std::make_unique<BoxE>(c, num_entities, num_relations);
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
