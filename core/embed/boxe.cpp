// BoxE (Abboud et al. 2020) with geometric-mean shape normalisation and optional tanh bounding:
// per-triple score and gradient, and the shared-negative chunk path. Formulas: models.md §5.
#include "embed/boxe.hpp"

#include "embed/kernels.hpp"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <vector>

namespace kbcx::embed {

using kg::Id;
using kg::Triple;

namespace {

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
            fill_uniform(tables_[static_cast<std::size_t>(t)].values, -a, a, rng);
        fill_uniform(tables_[4].values, -1.0f, 1.0f, rng);
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
            std::vector<float>& gFixedBase = sc.gFixedBase; // the positive's own entity rows
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

    /// Distance ℓ of r(h, t); with g, also adds dl·∂ℓ/∂θ. The same pieces as the chunk path
    /// (the relation's two boxes, the bounded points, the vectorised distance kernels), in the
    /// thread's scratch: a triple costs no allocation.
    float eval(Id h, Id r, Id t, float dl, GradBuffer* g) const {
        const std::size_t n = d();
        ChunkScratch& sc = scratch(1);
        build_boxes(r, sc);
        // points: p1 = e_h + b_t (against the head box), p2 = e_t + b_h (against the tail box)
        const float* eh = tables_[0].values.row(h).data();
        const float* et = tables_[0].values.row(t).data();
        const float* bh = tables_[2].values.row(h).data();
        const float* bt = tables_[2].values.row(t).data();
        float* p1 = sc.X.data();
        float* p2 = sc.Y.data();
        for (std::size_t k = 0; k < n; ++k) {
            p1[k] = eh[k] + bt[k];
            p2[k] = et[k] + bh[k];
        }
        if (config_.bounded)
            for (float* v : {p1, p2}) {
                Eigen::Map<Eigen::ArrayXf> a(v, static_cast<Eigen::Index>(n));
                a = a.tanh();
            }
        if (!g) return point_distance(p1, sc.box[0], nullptr) + point_distance(p2, sc.box[1], nullptr);
        for (auto& b : sc.box) {
            b.gLo.assign(n, 0.0f);
            b.gHi.assign(n, 0.0f);
        }
        float total = 0.0f;
        const Id base_of[2] = {h, t}, bump_of[2] = {t, h};
        for (int pos = 0; pos < 2; ++pos) {
            std::fill(sc.gP.begin(), sc.gP.end(), 0.0f);
            total += point_distance(pos == 0 ? p1 : p2, sc.box[pos], sc.gP.data(), dl);
            float* ge = g->row(0, base_of[pos]);
            float* gb = g->row(2, bump_of[pos]);
            for (std::size_t k = 0; k < n; ++k) {
                ge[k] += sc.gP[k];
                gb[k] += sc.gP[k];
            }
            box_backward(r, pos, sc.box[pos], *g);
        }
        return total;
    }
};

} // namespace

std::unique_ptr<KgModel> make_boxe(const KgModelConfig& config, std::size_t num_entities, std::size_t num_relations) {
    return std::make_unique<BoxE>(config, num_entities, num_relations);
}

} // namespace kbcx::embed
