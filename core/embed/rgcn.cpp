// R-GCN encoder and DistMult decoder: graph construction and hand-written forward/backward passes
// (sparse-dense products, dense_blocks' matrix products), split over worker threads by output rows.
// Formulas: ../shared/formulas/models.md §11; gradient derivation in the comments below.
#include "embed/rgcn.hpp"

#include "embed/dense_blocks.hpp"
#include "embed/train_kg.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace kbcx::embed {

using kg::Id;
using kg::Triple;
using Dense = RgcnWorkspace::Dense;
using ConstMap = Eigen::Map<const Dense>;
using RowMap = Eigen::Map<Eigen::Matrix<float, 1, Eigen::Dynamic>>;
using ConstRowMap = Eigen::Map<const Eigen::Matrix<float, 1, Eigen::Dynamic>>;

namespace {

std::size_t sz(Eigen::Index i) {
    return static_cast<std::size_t>(i);
}

/// Runs f(begin, end) on `threads` contiguous slices of [0, n) (the calling thread takes the
/// first). Each slice writes its own output rows, so results do not depend on the split.
template <class F> void parallel_ranges(int threads, std::size_t n, const F& f) {
    const std::size_t T =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), std::max<std::size_t>(1, n));
    if (T == 1) {
        f(std::size_t{0}, n);
        return;
    }
    std::vector<std::thread> pool;
    for (std::size_t w = 1; w < T; ++w)
        pool.emplace_back([&f, n, w, T] { f(n * w / T, n * (w + 1) / T); });
    f(std::size_t{0}, n / T);
    for (auto& t : pool)
        t.join();
}

/// Runs f(i) for every i in [0, n) on `threads` threads taking indices in turn (independent tasks).
template <class F> void parallel_tasks(int threads, std::size_t n, const F& f) {
    const std::size_t T =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), std::max<std::size_t>(1, n));
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;)
            f(i);
    };
    if (T == 1) {
        work();
        return;
    }
    std::vector<std::thread> pool;
    for (std::size_t w = 1; w < T; ++w)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();
}

void xavier(Matrix& m, Eigen::Index fan_in, Eigen::Index fan_out, float gain, std::mt19937_64& rng) {
    const float a = gain * std::sqrt(6.0f / static_cast<float>(fan_in + fan_out));
    std::uniform_real_distribution<float> u(-a, a);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = u(rng);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Graph

RgcnGraph RgcnGraph::build(std::span<const Triple> edges, std::size_t E, std::size_t R, bool per_direction) {
    RgcnGraph g;
    g.num_entities = E;
    g.num_relations = R;
    std::vector<Triple> tr(edges.begin(), edges.end());
    std::sort(tr.begin(), tr.end(),
              [](const Triple& a, const Triple& b) { return std::tie(a.s, a.r, a.o) < std::tie(b.s, b.r, b.o); });
    tr.erase(std::unique(tr.begin(), tr.end(),
                         [](const Triple& a, const Triple& b) { return a.s == b.s && a.r == b.r && a.o == b.o; }),
             tr.end());
    for (const Triple& t : tr)
        if (t.s >= E || t.o >= E || t.r >= R) throw std::invalid_argument("R-GCN graph: triple id out of range");
    g.num_triples = tr.size();

    // One entry per direction: (relation q, receiving node i, neighbour j, triple k).
    struct Entry {
        std::uint32_t q, i, j, k;
    };
    std::vector<Entry> en;
    en.reserve(2 * tr.size());
    for (std::uint32_t k = 0; k < tr.size(); ++k) {
        en.push_back({tr[k].r, tr[k].o, tr[k].s, k});
        en.push_back({static_cast<std::uint32_t>(R + tr[k].r), tr[k].s, tr[k].o, k});
    }
    std::sort(en.begin(), en.end(),
              [](const Entry& a, const Entry& b) { return std::tie(a.q, a.i, a.j) < std::tie(b.q, b.i, b.j); });

    // Pairs and the CSR arrays of the stacked adjacency.
    const std::size_t Q = 2 * R, nnz = en.size();
    g.pair_begin.assign(Q + 1, 0);
    std::vector<int> outer, inner(nnz);
    std::vector<float> values(nnz);
    g.nnz_triple.resize(nnz);
    for (std::size_t x = 0; x < nnz; ++x) {
        const bool new_pair = x == 0 || en[x].q != en[x - 1].q || en[x].i != en[x - 1].i;
        if (new_pair) {
            outer.push_back(static_cast<int>(x));
            g.pair_node.push_back(en[x].i);
            ++g.pair_begin[en[x].q + 1];
        }
        inner[x] = static_cast<int>(en[x].j);
        g.nnz_triple[x] = en[x].k;
    }
    outer.push_back(static_cast<int>(nnz));
    for (std::size_t q = 0; q < Q; ++q)
        g.pair_begin[q + 1] += g.pair_begin[q];
    const std::size_t Np = g.pair_node.size();
    // per direction: c_{i,q} = Σ over q's direction of |N_i^q| (in-degree, resp. out-degree)
    std::vector<std::uint32_t> degree[2];
    if (per_direction) {
        degree[0].assign(E, 0);
        degree[1].assign(E, 0);
        for (const Entry& x : en)
            ++degree[x.q >= R][x.i];
    }
    for (std::size_t q = 0; q < Q; ++q)
        for (std::size_t p = g.pair_begin[q]; p < g.pair_begin[q + 1]; ++p) {
            const int a = outer[p], b = outer[p + 1];
            const float c =
                per_direction ? static_cast<float>(degree[q >= R][g.pair_node[p]]) : static_cast<float>(b - a);
            for (int x = a; x < b; ++x)
                values[static_cast<std::size_t>(x)] = 1.0f / c; // 1/c_{i,q}
        }
    auto fill = [](Sparse& m, Eigen::Index rows, Eigen::Index cols, const std::vector<int>& o,
                   const std::vector<int>& in, const std::vector<float>& v) {
        m.resize(rows, cols);
        m.resizeNonZeros(static_cast<Eigen::Index>(v.size()));
        std::copy(o.begin(), o.end(), m.outerIndexPtr());
        std::copy(in.begin(), in.end(), m.innerIndexPtr());
        std::copy(v.begin(), v.end(), m.valuePtr());
    };
    const auto rowsP = static_cast<Eigen::Index>(Np), colsE = static_cast<Eigen::Index>(E);
    fill(g.adjacency, rowsP, colsE, outer, inner, values);

    // Transpose (E × Np), rows sorted by pair, and where each entry went.
    std::vector<int> touter(E + 1, 0), tinner(nnz);
    std::vector<float> tvalues(nnz);
    g.nnz_to_t.resize(nnz);
    for (std::size_t x = 0; x < nnz; ++x)
        ++touter[static_cast<std::size_t>(inner[x]) + 1];
    for (std::size_t j = 0; j < E; ++j)
        touter[j + 1] += touter[j];
    std::vector<int> cursor(touter.begin(), touter.end() - 1);
    for (std::size_t p = 0; p < Np; ++p)
        for (int x = outer[p]; x < outer[p + 1]; ++x) {
            const int pos = cursor[static_cast<std::size_t>(inner[static_cast<std::size_t>(x)])]++;
            tinner[static_cast<std::size_t>(pos)] = static_cast<int>(p);
            tvalues[static_cast<std::size_t>(pos)] = values[static_cast<std::size_t>(x)];
            g.nnz_to_t[static_cast<std::size_t>(x)] = static_cast<std::uint32_t>(pos);
        }
    fill(g.adjacency_t, colsE, rowsP, touter, tinner, tvalues);

    // Scatter: node i sums the messages of its pairs.
    std::vector<int> souter(E + 1, 0), sinner(Np);
    for (std::size_t p = 0; p < Np; ++p)
        ++souter[g.pair_node[p] + 1];
    for (std::size_t i = 0; i < E; ++i)
        souter[i + 1] += souter[i];
    std::vector<int> scur(souter.begin(), souter.end() - 1);
    for (std::size_t p = 0; p < Np; ++p)
        sinner[static_cast<std::size_t>(scur[g.pair_node[p]]++)] = static_cast<int>(p);
    fill(g.scatter, colsE, rowsP, souter, sinner, std::vector<float>(Np, 1.0f));
    return g;
}

// ---------------------------------------------------------------------------------------------
// Model

RgcnModel::RgcnModel(KgModelConfig config, std::size_t num_entities, std::size_t num_relations)
    : KgModel(std::move(config), num_entities, num_relations) {
    const Eigen::Index d = config_.dim, E = static_cast<Eigen::Index>(num_entities),
                       R = static_cast<Eigen::Index>(num_relations), Q = 2 * R;
    tables_.push_back({"entity", Matrix::Zero(E, d)});
    tables_.push_back({"relation", Matrix::Zero(R, d)});
    if (authors()) tables_.push_back({"input.bias", Matrix::Zero(1, d)});
    const Eigen::Index directions = authors() ? 2 : 1; // authors: separate bases per direction
    for (int l = 0; l < config_.rgcn_layers; ++l) {
        const std::string pre = "layer" + std::to_string(l) + ".";
        tables_.push_back({pre + "self", Matrix::Zero(d, d)});
        if (block_decomposition()) {
            const Eigen::Index s = d / config_.rgcn_blocks;
            tables_.push_back({pre + "block", Matrix::Zero(Q, config_.rgcn_blocks * s * s)});
        } else {
            tables_.push_back({pre + "basis", Matrix::Zero(directions * config_.rgcn_bases * d, d)});
            tables_.push_back({pre + "coeff", Matrix::Zero(Q, config_.rgcn_bases)});
        }
    }
}

void RgcnModel::init(std::mt19937_64& rng) {
    if (authors()) {
        // RelationPrediction: N(0, σ) with its glorot_variance σ = 3/√(fan sum) used as the
        // standard deviation; relation diagonals and basis coefficients N(0, 1); bias 0.
        const auto normal = [&rng](Matrix& m, double sd) {
            std::normal_distribution<float> n(0.0f, static_cast<float>(sd));
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] = n(rng);
        };
        const double d = config_.dim, E = static_cast<double>(num_entities_), R = static_cast<double>(num_relations_);
        normal(tables_[0].values, 3.0 / std::sqrt(E + d));
        normal(tables_[1].values, 1.0);
        tables_[2].values.setZero();
        for (int l = 0; l < config_.rgcn_layers; ++l) {
            const std::size_t t = layer_table(l);
            if (block_decomposition()) {
                const double sd = 3.0 / std::sqrt(R + d / config_.rgcn_blocks);
                normal(tables_[t].values, sd);
                normal(tables_[t + 1].values, sd);
            } else {
                const double sd = 3.0 / std::sqrt(2.0 * d);
                normal(tables_[t].values, sd);
                normal(tables_[t + 1].values, sd);
                normal(tables_[t + 2].values, 1.0);
            }
        }
        cache_.valid = false;
        return;
    }
    // Entities ~ N(0, 1) (an embedding layer as the input features); weights Xavier-uniform with
    // the ReLU gain √2 on hidden layers and 1 on the last; relation diagonals Xavier-uniform.
    const Eigen::Index d = config_.dim;
    std::normal_distribution<float> n01(0.0f, 1.0f);
    Matrix& ent = tables_[0].values;
    for (Eigen::Index i = 0; i < ent.size(); ++i)
        ent.data()[i] = n01(rng);
    xavier(tables_[1].values, tables_[1].values.rows(), d, 1.0f, rng);
    for (int l = 0; l < config_.rgcn_layers; ++l) {
        const float gain = l + 1 < config_.rgcn_layers ? std::sqrt(2.0f) : 1.0f;
        const std::size_t t = layer_table(l);
        xavier(tables_[t].values, d, d, gain, rng);
        if (block_decomposition()) {
            const Eigen::Index s = d / config_.rgcn_blocks;
            xavier(tables_[t + 1].values, s, s, gain, rng);
        } else {
            xavier(tables_[t + 1].values, d, d, gain, rng);
            xavier(tables_[t + 2].values, tables_[t + 2].values.rows(), config_.rgcn_bases, gain, rng);
        }
    }
    cache_.valid = false;
}

void RgcnModel::set_graph(std::span<const Triple> edges) {
    graph_ = RgcnGraph::build(edges, num_entities_, num_relations_, authors());
    has_graph_ = true;
    cache_.valid = false;
}

void RgcnModel::encode() {
    forward(cache_, 0.0f, 0);
}

void RgcnModel::set_encoding(const Matrix& encoded) {
    if (encoded.rows() != static_cast<Eigen::Index>(num_entities_) || encoded.cols() != config_.dim)
        throw std::invalid_argument("R-GCN encoding has the wrong shape");
    cache_.h.assign(1, encoded.matrix());
    cache_.p.clear();
    cache_.w.clear();
    cache_.valid = true;
}

float RgcnModel::score(Id h, Id r, Id t) const {
    if (!cache_.valid) throw std::logic_error("R-GCN: score() before encode()");
    const Dense& e = cache_.output();
    return (e.row(h).array() * tables_[1].values.row(r) * e.row(t).array()).sum();
}

void RgcnModel::score_chunk(const Chunk& chunk, float* out) const {
    if (!cache_.valid) throw std::logic_error("R-GCN: score_chunk() before encode()");
    const Dense& e = cache_.output();
    const std::size_t K = chunk.candidates.size();
    Eigen::Matrix<float, 1, Eigen::Dynamic> q(config_.dim);
    for (std::size_t i = 0; i < chunk.positives.size(); ++i) {
        const Triple& p = chunk.positives[i];
        q = e.row(chunk.side == Side::Tail ? p.s : p.o).cwiseProduct(tables_[1].values.row(p.r).matrix());
        float* o = out + i * K;
        for (std::size_t j = 0; j < K; ++j)
            o[j] = q.dot(e.row(chunk.candidates[j]));
    }
}

void RgcnModel::add_score_grad(Id h, Id r, Id t, float coeff, GradBuffer& g) const {
    if (!cache_.valid || cache_.p.size() != static_cast<std::size_t>(config_.rgcn_layers))
        throw std::logic_error("R-GCN: add_score_grad() needs the activations of encode()");
    const Dense& e = cache_.output();
    const auto rel = tables_[1].values.row(r).matrix();
    Dense d_out = Dense::Zero(e.rows(), e.cols());
    d_out.row(h) += coeff * rel.cwiseProduct(e.row(t));
    d_out.row(t) += coeff * rel.cwiseProduct(e.row(h));
    RowMap(g.row(1, r), config_.dim) += coeff * e.row(h).cwiseProduct(e.row(t));
    backward(cache_, d_out, g);
}

namespace {
/// splitmix64: the counter-based generator of the self-loop dropout masks, so a mask entry
/// depends on (seed, layer, entry) only and the threads may fill rows in any split.
std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
} // namespace

void RgcnModel::forward(RgcnWorkspace& ws, float dropout_rate, std::uint64_t seed) const {
    if (!has_graph_ && !ws.own_graph) throw std::logic_error("R-GCN: the encoder needs the training graph (set_graph)");
    const RgcnGraph& G = ws.own_graph ? ws.graph : graph_;
    const int L = config_.rgcn_layers, T = threads_;
    const Eigen::Index d = config_.dim;
    const std::size_t E = num_entities_, Q = 2 * num_relations_, R = num_relations_, Np = G.num_pairs();
    const bool au = authors();
    ws.valid = false;

    // Edge dropout (kbcx): keep each training triple with probability 1 − rate; renormalise every
    // row by its kept neighbours (a row with none sends nothing).
    ws.dropout = !au && dropout_rate > 0.0f && G.num_triples > 0;
    if (ws.dropout) {
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        std::vector<std::uint8_t> keep(G.num_triples);
        for (auto& k : keep)
            k = u(rng) >= dropout_rate;
        ws.adjacency = G.adjacency;
        ws.adjacency_t = G.adjacency_t;
        const int* outer = G.adjacency.outerIndexPtr();
        float* v = ws.adjacency.valuePtr();
        float* vt = ws.adjacency_t.valuePtr();
        for (std::size_t p = 0; p < Np; ++p) {
            int kept = 0;
            for (int x = outer[p]; x < outer[p + 1]; ++x)
                kept += keep[G.nnz_triple[static_cast<std::size_t>(x)]];
            for (int x = outer[p]; x < outer[p + 1]; ++x) {
                const auto ux = static_cast<std::size_t>(x);
                v[ux] = keep[G.nnz_triple[ux]] ? 1.0f / static_cast<float>(kept) : 0.0f;
                vt[G.nnz_to_t[ux]] = v[ux];
            }
        }
    }
    const RgcnGraph::Sparse& A = ws.dropout ? ws.adjacency : G.adjacency;
    const RgcnGraph::Sparse& S = G.scatter;
    // Self-loop dropout (authors): entry kept with probability keep = 1 − rate, scaled by 1/keep.
    const bool self_drop = au && dropout_rate > 0.0f;
    ws.self_mask.resize(self_drop ? static_cast<std::size_t>(L) : 0);

    ws.h.resize(static_cast<std::size_t>(L) + 1);
    ws.p.resize(static_cast<std::size_t>(L));
    ws.w.resize(static_cast<std::size_t>(L));
    if (au) // input transform h⁰ = ReLU(x + b)
        ws.h[0] = (tables_[0].values.rowwise() + tables_[2].values.row(0)).max(0.0f).matrix();
    else
        ws.h[0] = tables_[0].values.matrix();
    ws.y.resize(static_cast<Eigen::Index>(Np), d);
    for (int l = 0; l < L; ++l) {
        const auto ul = static_cast<std::size_t>(l);
        const Dense& X = ws.h[ul];
        Dense& P = ws.p[ul];
        Dense& Y = ws.y;
        const std::size_t t0 = layer_table(l);
        // P = A·X: row (q, i) = (1/c_{i,q}) Σ_{j∈N_i^q} h_j
        P.resize(static_cast<Eigen::Index>(Np), d);
        parallel_ranges(T, Np, [&](std::size_t a, std::size_t b) {
            const auto n = static_cast<Eigen::Index>(b - a), ia = static_cast<Eigen::Index>(a);
            P.middleRows(ia, n).noalias() = A.middleRows(ia, n) * X;
        });
        // Y_q = P_q·W_q per relation
        if (block_decomposition()) {
            const Eigen::Index k = config_.rgcn_blocks, s = d / k;
            const Matrix& B = tables_[t0 + 1].values;
            parallel_tasks(T, Q, [&](std::size_t q) {
                const auto a = static_cast<Eigen::Index>(G.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(G.pair_begin[q + 1]) - a;
                if (n == 0) return;
                for (Eigen::Index b = 0; b < k; ++b)
                    Y.block(a, b * s, n, s).noalias() =
                        P.block(a, b * s, n, s) *
                        ConstMap(B.row(static_cast<Eigen::Index>(q)).data() + b * s * s, s, s);
            });
        } else {
            const Matrix& V = tables_[t0 + 1].values;
            const Matrix& C = tables_[t0 + 2].values;
            auto& W = ws.w[ul];
            W.resize(Q);
            parallel_tasks(T, Q, [&](std::size_t q) {
                const auto iq = static_cast<Eigen::Index>(q);
                const Eigen::Index base = au && q >= R ? C.cols() * d : 0; // authors: the inverses' bases
                W[q] = Dense::Zero(d, d);
                for (Eigen::Index b = 0; b < C.cols(); ++b)
                    W[q] += C(iq, b) * V.middleRows(base + b * d, d).matrix();
                const auto a = static_cast<Eigen::Index>(G.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(G.pair_begin[q + 1]) - a;
                if (n) dense::matmul(P.row(a).data(), false, W[q].data(), false, sz(n), sz(d), sz(d), Y.row(a).data());
            });
        }
        // U = X·W₀ (⊙ mask) + S·Y; h' = ReLU(U) except on the last layer
        const Matrix& W0 = tables_[t0].values;
        Dense& U = ws.h[ul + 1];
        U.resize(static_cast<Eigen::Index>(E), d);
        const bool relu = l + 1 < L;
        if (self_drop) ws.self_mask[ul].resize(static_cast<Eigen::Index>(E), d);
        const float keep = 1.0f - dropout_rate, scale = 1.0f / keep;
        const auto threshold = static_cast<std::uint64_t>(static_cast<double>(keep) * 16777216.0);
        const std::uint64_t lseed = splitmix(seed ^ (0x5E1F0000ull + static_cast<std::uint64_t>(l)));
        parallel_ranges(T, E, [&](std::size_t a, std::size_t b) {
            const auto n = static_cast<Eigen::Index>(b - a), ia = static_cast<Eigen::Index>(a);
            auto u = U.middleRows(ia, n);
            if (n == 0) return;
            dense::matmul(X.row(ia).data(), false, W0.data(), false, sz(n), sz(d), sz(d), u.data());
            if (self_drop) {
                Dense& M = ws.self_mask[ul];
                for (std::size_t i = a; i < b; ++i)
                    for (Eigen::Index k = 0; k < d; k += 2) {
                        // two 24-bit uniforms per draw
                        const std::uint64_t z =
                            splitmix(lseed + i * static_cast<std::uint64_t>(d) + static_cast<std::uint64_t>(k));
                        const auto ii = static_cast<Eigen::Index>(i);
                        M(ii, k) = (z & 0xFFFFFF) < threshold ? scale : 0.0f;
                        if (k + 1 < d) M(ii, k + 1) = ((z >> 24) & 0xFFFFFF) < threshold ? scale : 0.0f;
                    }
                u.array() *= M.middleRows(ia, n).array();
            }
            u.noalias() += S.middleRows(ia, n) * Y;
            if (relu) u = u.cwiseMax(0.0f);
        });
    }
    ws.valid = true;
}

// Backward of layer l (X = h[l], U its pre-activation, D = dL/dh[l+1]):
//   dU = D ⊙ [U > 0] (hidden layers) or D (last layer); dZ = dU ⊙ M (authors' self-loop mask)
//   dW₀ = Xᵀ dZ;  dY_p = dU_{node(p)};  dW_q = P_qᵀ dY_q;  dP_q = dY_q W_qᵀ
//   basis: da_qb = ⟨dW_q, V_b⟩_F, dV_b = Σ_q a_qb dW_q (authors: over q of b's direction);
//   block: dB_qk = P_q[:,k]ᵀ dY_q[:,k]
//   dX = dZ W₀ᵀ + Aᵀ dP.
// Authors' input transform h⁰ = ReLU(x + b): dx = dh⁰ ⊙ [h⁰ > 0], db = Σ_i dx_i.
void RgcnModel::backward(const RgcnWorkspace& ws, const Dense& d_out, GradBuffer& g) const {
    if (!ws.valid || ws.p.size() != static_cast<std::size_t>(config_.rgcn_layers))
        throw std::logic_error("R-GCN: backward() needs a forward pass");
    const RgcnGraph& G = ws.own_graph ? ws.graph : graph_;
    const int L = config_.rgcn_layers, T = threads_;
    const Eigen::Index d = config_.dim;
    const std::size_t E = num_entities_, Q = 2 * num_relations_, R = num_relations_, Np = G.num_pairs();
    const RgcnGraph::Sparse& At = ws.dropout ? ws.adjacency_t : G.adjacency_t;
    const bool au = authors();

    // Gradient rows are touched here, once, so the threads below only write through pointers.
    auto rows_of = [&](std::size_t t) {
        std::vector<float*> rows(static_cast<std::size_t>(tables_[t].values.rows()));
        for (std::size_t r = 0; r < rows.size(); ++r)
            rows[r] = g.row(t, static_cast<std::uint32_t>(r));
        return rows;
    };

    Dense dH = d_out, dU, dY(static_cast<Eigen::Index>(Np), d), dP(static_cast<Eigen::Index>(Np), d), dX;
    for (int l = L - 1; l >= 0; --l) {
        const auto ul = static_cast<std::size_t>(l);
        const Dense& X = ws.h[ul];
        const Dense& P = ws.p[ul];
        const std::size_t t0 = layer_table(l);
        dU = dH;
        if (l + 1 < L) dU.array() *= (ws.h[ul + 1].array() > 0.0f).cast<float>();
        // dY: gather each pair's node row (before the self-loop mask)
        parallel_ranges(T, Np, [&](std::size_t a, std::size_t b) {
            for (std::size_t p = a; p < b; ++p)
                dY.row(static_cast<Eigen::Index>(p)) = dU.row(G.pair_node[p]);
        });
        if (!ws.self_mask.empty()) dU.array() *= ws.self_mask[ul].array(); // now dZ

        // dW₀ = Xᵀ dZ: per-slice partial sums added in slice order.
        {
            const std::size_t S = static_cast<std::size_t>(std::max(1, T));
            std::vector<Dense> part(S, Dense::Zero(d, d));
            parallel_ranges(T, S, [&](std::size_t a, std::size_t b) {
                for (std::size_t w = a; w < b; ++w) {
                    const auto lo = static_cast<Eigen::Index>(E * w / S),
                               hi = static_cast<Eigen::Index>(E * (w + 1) / S);
                    if (hi > lo)
                        dense::matmul(X.row(lo).data(), true, dU.row(lo).data(), false, sz(d), sz(hi - lo), sz(d),
                                      part[w].data());
                }
            });
            const auto rows = rows_of(t0);
            for (Eigen::Index i = 0; i < d; ++i)
                for (std::size_t w = 0; w < S; ++w)
                    RowMap(rows[static_cast<std::size_t>(i)], d) += part[w].row(i);
        }
        if (block_decomposition()) {
            const Eigen::Index k = config_.rgcn_blocks, s = d / k;
            const Matrix& B = tables_[t0 + 1].values;
            const auto brows = rows_of(t0 + 1);
            parallel_tasks(T, Q, [&](std::size_t q) {
                const auto a = static_cast<Eigen::Index>(G.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(G.pair_begin[q + 1]) - a;
                if (n == 0) return;
                for (Eigen::Index b = 0; b < k; ++b) {
                    Eigen::Map<Dense> gq(brows[q] + b * s * s, s, s);
                    gq.noalias() += P.block(a, b * s, n, s).transpose() * dY.block(a, b * s, n, s);
                    dP.block(a, b * s, n, s).noalias() =
                        dY.block(a, b * s, n, s) *
                        ConstMap(B.row(static_cast<Eigen::Index>(q)).data() + b * s * s, s, s).transpose();
                }
            });
        } else {
            const Matrix& V = tables_[t0 + 1].values;
            const Matrix& C = tables_[t0 + 2].values;
            const auto& W = ws.w[ul];
            const Eigen::Index nb = C.cols();
            std::vector<Dense> dW(Q);
            const auto crows = rows_of(t0 + 2);
            parallel_tasks(T, Q, [&](std::size_t q) {
                const auto a = static_cast<Eigen::Index>(G.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(G.pair_begin[q + 1]) - a;
                if (n == 0) return;
                const Eigen::Index base = au && q >= R ? nb * d : 0;
                dW[q].resize(d, d);
                dense::matmul(P.row(a).data(), true, dY.row(a).data(), false, sz(d), sz(n), sz(d), dW[q].data());
                dense::matmul(dY.row(a).data(), false, W[q].data(), true, sz(n), sz(d), sz(d), dP.row(a).data());
                for (Eigen::Index b = 0; b < nb; ++b)
                    crows[q][b] += (dW[q].array() * V.middleRows(base + b * d, d)).sum();
            });
            const auto vrows = rows_of(t0 + 1);
            const std::size_t dirs = au ? 2 : 1;
            parallel_tasks(T, dirs * static_cast<std::size_t>(nb), [&](std::size_t task) {
                const std::size_t dir = task / static_cast<std::size_t>(nb), b = task % static_cast<std::size_t>(nb);
                const std::size_t q0 = au ? dir * R : 0, q1 = au ? q0 + R : Q;
                Dense acc = Dense::Zero(d, d);
                for (std::size_t q = q0; q < q1; ++q)
                    if (dW[q].size()) acc += C(static_cast<Eigen::Index>(q), static_cast<Eigen::Index>(b)) * dW[q];
                for (Eigen::Index i = 0; i < d; ++i)
                    RowMap(vrows[task * static_cast<std::size_t>(d) + static_cast<std::size_t>(i)], d) += acc.row(i);
            });
        }
        // dX = dZ W₀ᵀ + Aᵀ dP
        const Matrix& W0 = tables_[t0].values;
        dX.resize(static_cast<Eigen::Index>(E), d);
        parallel_ranges(T, E, [&](std::size_t a, std::size_t b) {
            const auto n = static_cast<Eigen::Index>(b - a), ia = static_cast<Eigen::Index>(a);
            auto x = dX.middleRows(ia, n);
            if (n == 0) return;
            dense::matmul(dU.row(ia).data(), false, W0.data(), true, sz(n), sz(d), sz(d), x.data());
            x.noalias() += At.middleRows(ia, n) * dP;
        });
        dH.swap(dX);
    }
    if (au) {
        dH.array() *= (ws.h[0].array() > 0.0f).cast<float>();
        RowMap(g.row(2, 0), d) += dH.colwise().sum();
    }
    const auto erows = rows_of(0);
    parallel_ranges(T, E, [&](std::size_t a, std::size_t b) {
        for (std::size_t i = a; i < b; ++i)
            RowMap(erows[i], d) += dH.row(static_cast<Eigen::Index>(i));
    });
}

// ---------------------------------------------------------------------------------------------
// One training step

double rgcn_batch_loss_grad(const RgcnModel& model, std::span<const Triple> batch, const TrainSettings& st,
                            const LossConfig& loss, std::span<const Triple> pool,
                            std::span<const float> head_probability, std::uint64_t seed, GradBuffer& g,
                            RgcnWorkspace& ws) {
    if (batch.empty()) return 0.0;
    model.forward(ws, model.config().rgcn_edge_dropout, mix_seed(seed, 0xD509));
    const std::size_t E = model.num_entities(), R = model.num_relations();
    if (!ws.decoder) {
        KgModelConfig dc;
        dc.name = "DistMult";
        dc.dim = model.config().dim;
        ws.decoder = make_kg_model(dc, E, R);
    }
    KgModel& dec = *ws.decoder;
    dec.tables()[0].values = ws.output().array();
    dec.tables()[1].values = model.tables()[1].values;
    const std::size_t T = static_cast<std::size_t>(std::max(1, st.threads));
    if (ws.decoder_grads.size() != T) {
        ws.decoder_grads.assign(T, GradBuffer{});
        for (auto& b : ws.decoder_grads)
            b.shape_like(dec.tables());
    }
    // The decoder's loss on the batch, split into slices exactly as for the shallow models.
    const float scale = 1.0f / static_cast<float>(batch.size());
    std::vector<double> slice_loss(T, 0.0);
    parallel_tasks(static_cast<int>(T), T, [&](std::size_t w) {
        const std::size_t a = batch.size() * w / T, z = batch.size() * (w + 1) / T;
        slice_loss[w] = kg_batch_loss_grad(dec, batch.subspan(a, z - a), st, loss, pool, head_probability,
                                           mix_seed(seed, w), scale, ws.decoder_grads[w]);
    });
    GradBuffer& dg = ws.decoder_grads[0];
    for (std::size_t w = 1; w < T; ++w)
        dg.add(ws.decoder_grads[w]);
    double L = 0;
    for (double l : slice_loss)
        L += l;

    const Eigen::Index d = model.config().dim;
    Dense d_out = Dense::Zero(static_cast<Eigen::Index>(E), d);
    for (std::uint32_t r : dg.touched(0))
        d_out.row(r) = ConstRowMap(dg.data(0, r), d);
    for (std::uint32_t r : dg.touched(1))
        RowMap(g.row(1, r), d) += ConstRowMap(dg.data(1, r), d);
    for (auto& b : ws.decoder_grads)
        b.clear();
    model.backward(ws, d_out, g);
    return L;
}

// ---------------------------------------------------------------------------------------------
// The authors' regime: neighbourhood edge sampling, the message split, one step's loss

RgcnEdgeSampler::RgcnEdgeSampler(std::span<const Triple> edges, std::size_t num_entities)
    : num_entities_(num_entities), num_edges_(edges.size()) {
    // adj_list[v] holds (edge, other end) for both ends of every edge, as the reference builds it.
    begin_.assign(num_entities + 1, 0);
    for (const Triple& t : edges) {
        if (t.s >= num_entities || t.o >= num_entities) throw std::invalid_argument("edge sampler: id out of range");
        ++begin_[t.s + 1];
        ++begin_[t.o + 1];
    }
    for (std::size_t v = 0; v < num_entities; ++v)
        begin_[v + 1] += begin_[v];
    edge_.resize(begin_.back());
    other_.resize(begin_.back());
    std::vector<std::uint32_t> cur(begin_.begin(), begin_.end() - 1);
    for (std::uint32_t e = 0; e < edges.size(); ++e) {
        edge_[cur[edges[e].s]] = e;
        other_[cur[edges[e].s]++] = edges[e].o;
        edge_[cur[edges[e].o]] = e;
        other_[cur[edges[e].o]++] = edges[e].s;
    }
}

namespace {
/// Fenwick tree of non-negative integer weights: point update, draw an index ∝ weight.
class Fenwick {
  public:
    explicit Fenwick(std::size_t n) : t_(n + 1, 0), w_(n, 0) {
        for (std::size_t k = 1; (k << 1) <= n; k <<= 1)
            top_ = k << 1;
        if (top_ == 0 && n) top_ = 1;
    }
    void set(std::size_t i, std::int64_t w) {
        const std::int64_t delta = w - w_[i];
        if (delta == 0) return;
        w_[i] = w;
        total_ += delta;
        for (std::size_t k = i + 1; k < t_.size(); k += k & (~k + 1))
            t_[k] += delta;
    }
    std::int64_t total() const { return total_; }
    /// The index i with prefix(i) ≤ r < prefix(i + 1), for 0 ≤ r < total().
    std::size_t find(std::int64_t r) const {
        std::size_t pos = 0;
        for (std::size_t k = top_; k; k >>= 1)
            if (pos + k < t_.size() && t_[pos + k] <= r) {
                pos += k;
                r -= t_[pos];
            }
        return pos;
    }

  private:
    std::vector<std::int64_t> t_, w_;
    std::int64_t total_ = 0;
    std::size_t top_ = 0;
};
} // namespace

std::vector<std::uint32_t> RgcnEdgeSampler::sample(std::size_t n, std::mt19937_64& rng) const {
    n = std::min(n, num_edges_);
    const std::size_t V = num_entities_;
    std::vector<std::int64_t> count(V);
    std::vector<std::uint8_t> seen(V, 0), picked(num_edges_, 0);
    Fenwick frontier(V), open(V); // weights count·seen, and [count > 0] for the fallback
    for (std::size_t v = 0; v < V; ++v) {
        count[v] = begin_[v + 1] - begin_[v];
        open.set(v, count[v] > 0);
    }
    auto update = [&](std::size_t v) {
        frontier.set(v, seen[v] ? count[v] : 0);
        open.set(v, count[v] > 0);
    };
    std::vector<std::uint32_t> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Fenwick& f = frontier.total() > 0 ? frontier : open;
        const std::size_t v = f.find(std::uniform_int_distribution<std::int64_t>(0, f.total() - 1)(rng));
        seen[v] = 1;
        const std::uint32_t a = begin_[v], deg = begin_[v + 1] - a;
        std::uniform_int_distribution<std::uint32_t> pick(0, deg - 1);
        std::uint32_t x = a + pick(rng);
        while (picked[edge_[x]])
            x = a + pick(rng);
        picked[edge_[x]] = 1;
        out.push_back(edge_[x]);
        const std::size_t o = other_[x];
        --count[v];
        --count[o];
        seen[o] = 1;
        update(v);
        update(o);
    }
    return out;
}

std::vector<std::uint32_t> rgcn_message_split(std::span<const std::uint32_t> sample, float fraction,
                                              std::mt19937_64& rng) {
    std::vector<std::uint32_t> ids(sample.begin(), sample.end());
    const auto k = std::min(ids.size(), static_cast<std::size_t>(static_cast<double>(fraction) *
                                                                 static_cast<double>(ids.size()))); // int(): floor
    for (std::size_t i = 0; i < k; ++i) // partial Fisher–Yates: a uniform k-subset
        std::swap(ids[i], ids[std::uniform_int_distribution<std::size_t>(i, ids.size() - 1)(rng)]);
    ids.resize(k);
    return ids;
}

std::vector<Triple> rgcn_authors_examples(std::span<const Triple> positives, std::size_t omega,
                                          std::size_t num_entities, std::uint64_t seed) {
    const std::size_t N = positives.size();
    std::vector<Triple> ex(N * (1 + omega));
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution coin(0.5);
    std::uniform_int_distribution<Id> ent(0, static_cast<Id>(num_entities - 1));
    for (std::size_t i = 0; i < N; ++i) {
        ex[i] = positives[i];
        for (std::size_t j = 0; j < omega; ++j) {
            Triple t = positives[i];
            (coin(rng) ? t.o : t.s) = ent(rng);
            ex[N + i * omega + j] = t;
        }
    }
    return ex;
}

double rgcn_authors_loss_grad(const RgcnModel& model, std::span<const Triple> positives,
                              std::span<const Triple> messages, const TrainSettings& st, std::uint64_t seed,
                              GradBuffer& g, RgcnWorkspace& ws) {
    if (!model.authors()) throw std::logic_error("rgcn_authors_loss_grad: the model is not of variant authors");
    const std::size_t E = model.num_entities(), R = model.num_relations(), N = positives.size();
    ws.graph = RgcnGraph::build(messages, E, R, true);
    ws.own_graph = true;
    model.forward(ws, model.config().rgcn_self_dropout, mix_seed(seed, 0xD509));
    const Eigen::Index d = model.config().dim;
    const std::size_t omega = static_cast<std::size_t>(std::max(0, st.neg)), M = N * (1 + omega);
    if (M == 0) return 0.0;

    const std::vector<Triple> ex = rgcn_authors_examples(positives, omega, E, mix_seed(seed, 0x4E47));
    const Dense& e = ws.output();
    const Matrix& rel = model.tables()[1].values;
    const std::size_t T = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, st.threads)), M);
    // Per-slice gradients of the encoding and of the relation diagonals, added in slice order.
    std::vector<Dense>& d_enc = ws.slice_enc;
    std::vector<Dense>& d_rel = ws.slice_rel;
    d_enc.resize(T);
    d_rel.resize(T);
    std::vector<double> part(T, 0.0);
    const double inv_m = 1.0 / static_cast<double>(M);
    const float l2 = st.reg, c2 = static_cast<float>(2.0 * static_cast<double>(l2) * inv_m / static_cast<double>(d));
    parallel_tasks(static_cast<int>(T), T, [&](std::size_t w) {
        Dense& de = d_enc[w];
        Dense& dr = d_rel[w];
        de.setZero(static_cast<Eigen::Index>(E), d); // same size each step: no fresh pages
        dr.setZero(static_cast<Eigen::Index>(R), d);
        double loss = 0;
        for (std::size_t x = M * w / T; x < M * (w + 1) / T; ++x) {
            const Triple t = ex[x];
            const auto es = e.row(t.s), eo = e.row(t.o);
            const auto r = rel.row(t.r).matrix();
            const double s = (es.array() * r.array() * eo.array()).sum();
            // BCE with logits: label 1 → softplus(−s), label 0 → softplus(s); ∂/∂s = σ(s) − label
            const double z = x < N ? -s : s;
            loss += z > 30 ? z : (z < -30 ? std::exp(z) : std::log1p(std::exp(z)));
            const double sig = s >= 0 ? 1.0 / (1.0 + std::exp(-s)) : std::exp(s) / (1.0 + std::exp(s));
            const auto ds = static_cast<float>(((x < N ? sig - 1.0 : sig)) * inv_m);
            loss += static_cast<double>(l2) * (es.squaredNorm() + r.squaredNorm() + eo.squaredNorm()) /
                    static_cast<double>(d);
            de.row(t.s) += ds * r.cwiseProduct(eo) + c2 * es;
            de.row(t.o) += ds * r.cwiseProduct(es) + c2 * eo;
            dr.row(t.r) += ds * es.cwiseProduct(eo) + c2 * r;
        }
        part[w] = loss * inv_m;
    });
    for (std::size_t w = 1; w < T; ++w) {
        d_enc[0] += d_enc[w];
        d_rel[0] += d_rel[w];
    }
    double L = 0;
    for (double l : part)
        L += l;
    for (std::uint32_t r = 0; r < R; ++r)
        RowMap(g.row(1, r), d) += d_rel[0].row(r);
    model.backward(ws, d_enc[0], g);
    return L;
}

} // namespace kbcx::embed
