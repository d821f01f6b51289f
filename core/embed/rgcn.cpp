// R-GCN encoder and DistMult decoder: graph construction, forward and hand-written backward
// passes with Eigen sparse-dense products, split over worker threads by output rows.
// Formulas: ../shared/formulas/models.md §11; gradient derivation in the comments below.
#include "embed/rgcn.hpp"

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

RgcnGraph RgcnGraph::build(std::span<const Triple> edges, std::size_t E, std::size_t R) {
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
    for (std::size_t p = 0; p < Np; ++p) {
        const int a = outer[p], b = outer[p + 1];
        for (int x = a; x < b; ++x)
            values[static_cast<std::size_t>(x)] = 1.0f / static_cast<float>(b - a); // 1/c_{i,q}
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
    for (int l = 0; l < config_.rgcn_layers; ++l) {
        const std::string pre = "layer" + std::to_string(l) + ".";
        tables_.push_back({pre + "self", Matrix::Zero(d, d)});
        if (block_decomposition()) {
            const Eigen::Index s = d / config_.rgcn_blocks;
            tables_.push_back({pre + "block", Matrix::Zero(Q, config_.rgcn_blocks * s * s)});
        } else {
            tables_.push_back({pre + "basis", Matrix::Zero(config_.rgcn_bases * d, d)});
            tables_.push_back({pre + "coeff", Matrix::Zero(Q, config_.rgcn_bases)});
        }
    }
}

void RgcnModel::init(std::mt19937_64& rng) {
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
    graph_ = RgcnGraph::build(edges, num_entities_, num_relations_);
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

void RgcnModel::forward(RgcnWorkspace& ws, float dropout_rate, std::uint64_t seed) const {
    if (!has_graph_) throw std::logic_error("R-GCN: the encoder needs the training graph (set_graph)");
    const int L = config_.rgcn_layers, T = threads_;
    const Eigen::Index d = config_.dim;
    const std::size_t E = num_entities_, Q = 2 * num_relations_, Np = graph_.num_pairs();
    ws.valid = false;

    // Edge dropout: keep each training triple with probability 1 − rate; renormalise every row
    // by its kept neighbours (a row with none sends nothing).
    ws.dropout = dropout_rate > 0.0f && graph_.num_triples > 0;
    if (ws.dropout) {
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        std::vector<std::uint8_t> keep(graph_.num_triples);
        for (auto& k : keep)
            k = u(rng) >= dropout_rate;
        ws.adjacency = graph_.adjacency;
        ws.adjacency_t = graph_.adjacency_t;
        const int* outer = graph_.adjacency.outerIndexPtr();
        float* v = ws.adjacency.valuePtr();
        float* vt = ws.adjacency_t.valuePtr();
        for (std::size_t p = 0; p < Np; ++p) {
            int kept = 0;
            for (int x = outer[p]; x < outer[p + 1]; ++x)
                kept += keep[graph_.nnz_triple[static_cast<std::size_t>(x)]];
            for (int x = outer[p]; x < outer[p + 1]; ++x) {
                const auto ux = static_cast<std::size_t>(x);
                v[ux] = keep[graph_.nnz_triple[ux]] ? 1.0f / static_cast<float>(kept) : 0.0f;
                vt[graph_.nnz_to_t[ux]] = v[ux];
            }
        }
    }
    const RgcnGraph::Sparse& A = ws.dropout ? ws.adjacency : graph_.adjacency;
    const RgcnGraph::Sparse& S = graph_.scatter;

    ws.h.resize(static_cast<std::size_t>(L) + 1);
    ws.p.resize(static_cast<std::size_t>(L));
    ws.w.resize(static_cast<std::size_t>(L));
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
                const auto a = static_cast<Eigen::Index>(graph_.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(graph_.pair_begin[q + 1]) - a;
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
                W[q] = Dense::Zero(d, d);
                for (Eigen::Index b = 0; b < C.cols(); ++b)
                    W[q] += C(iq, b) * V.middleRows(b * d, d).matrix();
                const auto a = static_cast<Eigen::Index>(graph_.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(graph_.pair_begin[q + 1]) - a;
                if (n) Y.middleRows(a, n).noalias() = P.middleRows(a, n) * W[q];
            });
        }
        // U = X·W₀ + S·Y; h' = ReLU(U) except on the last layer
        const auto W0 = tables_[t0].values.matrix();
        Dense& U = ws.h[ul + 1];
        U.resize(static_cast<Eigen::Index>(E), d);
        const bool relu = l + 1 < L;
        parallel_ranges(T, E, [&](std::size_t a, std::size_t b) {
            const auto n = static_cast<Eigen::Index>(b - a), ia = static_cast<Eigen::Index>(a);
            auto u = U.middleRows(ia, n);
            u.noalias() = X.middleRows(ia, n) * W0;
            u.noalias() += S.middleRows(ia, n) * Y;
            if (relu) u = u.cwiseMax(0.0f);
        });
    }
    ws.valid = true;
}

// Backward of layer l (X = h[l], U its pre-activation, D = dL/dh[l+1]):
//   dU = D ⊙ [U > 0] (hidden layers) or D (last layer)
//   dW₀ = Xᵀ dU;  dY_p = dU_{node(p)};  dW_q = P_qᵀ dY_q;  dP_q = dY_q W_qᵀ
//   basis: da_qb = ⟨dW_q, V_b⟩_F, dV_b = Σ_q a_qb dW_q;  block: dB_qk = P_q[:,k]ᵀ dY_q[:,k]
//   dX = dU W₀ᵀ + Aᵀ dP.
void RgcnModel::backward(const RgcnWorkspace& ws, const Dense& d_out, GradBuffer& g) const {
    if (!ws.valid || ws.p.size() != static_cast<std::size_t>(config_.rgcn_layers))
        throw std::logic_error("R-GCN: backward() needs a forward pass");
    const int L = config_.rgcn_layers, T = threads_;
    const Eigen::Index d = config_.dim;
    const std::size_t E = num_entities_, Q = 2 * num_relations_, Np = graph_.num_pairs();
    const RgcnGraph::Sparse& At = ws.dropout ? ws.adjacency_t : graph_.adjacency_t;

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

        // dW₀ = Xᵀ dU: per-slice partial sums added in slice order.
        {
            const std::size_t S = static_cast<std::size_t>(std::max(1, T));
            std::vector<Dense> part(S, Dense::Zero(d, d));
            parallel_ranges(T, S, [&](std::size_t a, std::size_t b) {
                for (std::size_t w = a; w < b; ++w) {
                    const auto lo = static_cast<Eigen::Index>(E * w / S),
                               hi = static_cast<Eigen::Index>(E * (w + 1) / S);
                    part[w].noalias() = X.middleRows(lo, hi - lo).transpose() * dU.middleRows(lo, hi - lo);
                }
            });
            const auto rows = rows_of(t0);
            for (Eigen::Index i = 0; i < d; ++i)
                for (std::size_t w = 0; w < S; ++w)
                    RowMap(rows[static_cast<std::size_t>(i)], d) += part[w].row(i);
        }
        // dY: gather each pair's node row
        parallel_ranges(T, Np, [&](std::size_t a, std::size_t b) {
            for (std::size_t p = a; p < b; ++p)
                dY.row(static_cast<Eigen::Index>(p)) = dU.row(graph_.pair_node[p]);
        });
        if (block_decomposition()) {
            const Eigen::Index k = config_.rgcn_blocks, s = d / k;
            const Matrix& B = tables_[t0 + 1].values;
            const auto brows = rows_of(t0 + 1);
            parallel_tasks(T, Q, [&](std::size_t q) {
                const auto a = static_cast<Eigen::Index>(graph_.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(graph_.pair_begin[q + 1]) - a;
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
                const auto a = static_cast<Eigen::Index>(graph_.pair_begin[q]);
                const auto n = static_cast<Eigen::Index>(graph_.pair_begin[q + 1]) - a;
                if (n == 0) return;
                dW[q].noalias() = P.middleRows(a, n).transpose() * dY.middleRows(a, n);
                dP.middleRows(a, n).noalias() = dY.middleRows(a, n) * W[q].transpose();
                for (Eigen::Index b = 0; b < nb; ++b)
                    crows[q][b] += (dW[q].array() * V.middleRows(b * d, d)).sum();
            });
            const auto vrows = rows_of(t0 + 1);
            parallel_tasks(T, static_cast<std::size_t>(nb), [&](std::size_t b) {
                Dense acc = Dense::Zero(d, d);
                for (std::size_t q = 0; q < Q; ++q)
                    if (dW[q].size()) acc += C(static_cast<Eigen::Index>(q), static_cast<Eigen::Index>(b)) * dW[q];
                for (Eigen::Index i = 0; i < d; ++i)
                    RowMap(vrows[b * static_cast<std::size_t>(d) + static_cast<std::size_t>(i)], d) += acc.row(i);
            });
        }
        // dX = dU W₀ᵀ + Aᵀ dP
        const auto W0 = tables_[t0].values.matrix();
        dX.resize(static_cast<Eigen::Index>(E), d);
        parallel_ranges(T, E, [&](std::size_t a, std::size_t b) {
            const auto n = static_cast<Eigen::Index>(b - a), ia = static_cast<Eigen::Index>(a);
            auto x = dX.middleRows(ia, n);
            x.noalias() = dU.middleRows(ia, n) * W0.transpose();
            x.noalias() += At.middleRows(ia, n) * dP;
        });
        dH.swap(dX);
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

} // namespace kbcx::embed
