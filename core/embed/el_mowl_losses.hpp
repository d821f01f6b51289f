// The EL losses as mOWL f8b2cb0 releases them (ELEmbeddings, ELBE, Box²EL), with DELE's and EmEL++'s
// released differences (negatives, margins, role terms, term (iv)), hand-derived gradients per normal form.
#pragma once

// Templated on the scalar: training evaluates them in float on the model's tables, the golden
// tests in double on mOWL's seeded tables. Notation as el-models-as-released.md: ball = centre c,
// radius |ρ| (ρ raw); box = centre c, offset o = |ρ|; γ margin; [x]₊ = max(0, x); ‖·‖ = L2.
// A gradient sink G has `S* row(std::size_t table, std::uint32_t row)` (GradBuffer for float);
// every function adds coeff·∂(value)/∂θ into it when g is not null and returns the value.
// Given a trace, positive() appends one TermTrace per term it sums (score_anatomy.hpp).

#include "embed/nf_axioms.hpp"
#include "embed/term_trace.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace kbcx::embed::mowl {

/// Which reference geometry. Table layouts: ELEm 0 centre, 1 radius (width 1), 2 relation;
/// ELBE 0 centre, 1 offset, 2 relation; Box²EL 0 centre, 1 offset, 2 bump, 3 head centre,
/// 4 head offset, 5 tail centre, 6 tail offset.
enum class Geometry : std::uint8_t { ELEm, ELBE, Box2EL };

/// Read-only views of the parameter tables (row-major).
template <class S> struct View {
    std::array<const S*, 7> data{};
    std::array<std::size_t, 7> width{};
    const S* row(std::size_t t, std::uint32_t r) const { return data[t] + static_cast<std::size_t>(r) * width[t]; }
};

/// Options of a loss family: margin γ, Box²EL's δ, and the paper's GCI3 of ELEmbeddings
/// (inside form [‖c − v_r − d‖ + r_C − r_D − γ]₊ instead of mOWL's intersects form − r_C − r_D).
/// The ball radius is |ρ|, or [ρ]₊ with `relu_rad` (EmEL++); mOWL adds 1e-5 to ELEm's GCI2
/// (`gci2_eps`) and scores the ⊥ forms by the raw ρ, DELE by the radius (`bot_radius`); ε is the
/// floor of DELE's ⊥ negatives [ε − r]₊; `roles` gives ELEm EmEL++'s RI and RC losses.
template <class S> struct Options {
    S gamma = 0;
    S delta = 2.5;
    S epsilon = S(0.001);
    bool gci3_inside = false;
    bool relu_rad = false;
    bool gci2_eps = true;
    bool bot_radius = false;
    bool roles = false;
    bool subclass_vec = false; ///< EmEL++ (kracr): GCI0 translated by the learned SubClassOf vector (table 3, row 0)
    bool term_iv = false;      ///< EmEL++ (kracr): GCI1's term (iv) [min(r_C, r_D) − r_E − γ]₊
    bool neg_hinge = true;     ///< ELEm's GCI2 negative hinged (EmEL++ kracr: not)
    bool elbe_minus_gamma = false; ///< ELBE as DELE writes it: [… − γ]₊ where mOWL has + γ
    bool box2el_plain = false;     ///< Box²EL as DELE writes it: no form squared, ∃r.C ⊑ ⊥ by ‖o_C‖
};

/// mOWL's constant on ELEmbeddings' GCI2 positive (`+ 10e-6`).
inline constexpr double kElemGci2Epsilon = 10e-6;

namespace detail {

struct Ref {
    std::uint8_t table = 0;
    std::uint32_t row = 0;
    signed char sign = 1;
};

template <class S> inline S sgn(S x) {
    return static_cast<S>((x > 0) - (x < 0));
}

template <class S> std::vector<S>& scratch(std::size_t i, std::size_t d) {
    thread_local std::array<std::vector<S>, 4> s;
    if (s[i].size() < d) s[i].resize(d);
    return s[i];
}

/// A radius f(ρ) and its derivative.
template <class S> inline S rad(RadFn f, S p) {
    return f == RadFn::Abs ? std::fabs(p) : f == RadFn::Relu ? std::max(p, S(0)) : p;
}
template <class S> inline S rad_d(RadFn f, S p) {
    return f == RadFn::Abs ? sgn(p) : f == RadFn::Relu ? static_cast<S>(p > 0) : S(1);
}

/// x = Σ sign·row over `vecs`.
template <class S, std::size_t N>
void combine(const View<S>& V, const std::array<Ref, N>& vecs, std::size_t n, std::size_t d, S* x) {
    std::fill(x, x + d, S(0));
    for (std::size_t i = 0; i < n; ++i) {
        const S* v = V.row(vecs[i].table, vecs[i].row);
        const S s = vecs[i].sign;
        for (std::size_t k = 0; k < d; ++k)
            x[k] += s * v[k];
    }
}

template <std::size_t N> std::vector<TracedRef> traced(const std::array<Ref, N>& refs, std::size_t n) {
    std::vector<TracedRef> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back({refs[i].table, refs[i].row, static_cast<float>(refs[i].sign)});
    return out;
}

/// Ball term h(s1·‖Σ±v‖ + Σ±f(ρ) + κ), f = |·| (abs) or identity (raw ρ), h = [·]₊ or identity.
template <class S, class G, std::size_t N, std::size_t M>
S ball(const View<S>& V, std::size_t d, const std::array<Ref, N>& vecs, std::size_t nv, const std::array<Ref, M>& rads,
       std::size_t nr, S s1, S kappa, RadFn rf, bool hinge, G* g, S coeff, std::vector<TermTrace>* tr = nullptr) {
    std::vector<S>& x = scratch<S>(0, d);
    S nrm = 0;
    if (nv) {
        combine(V, vecs, nv, d, x.data());
        S ss = 0;
        for (std::size_t k = 0; k < d; ++k)
            ss += x[k] * x[k];
        nrm = std::sqrt(ss);
    }
    S v = s1 * nrm + kappa;
    for (std::size_t j = 0; j < nr; ++j) {
        const S p = V.row(rads[j].table, rads[j].row)[0];
        v += static_cast<S>(rads[j].sign) * rad(rf, p);
    }
    if (tr) {
        TermTrace t;
        t.kind = TermTrace::Ball;
        t.vecs = traced(vecs, nv);
        t.rads = traced(rads, nr);
        t.s1 = static_cast<double>(s1);
        t.kappa = static_cast<double>(kappa);
        t.rad_fn = rf;
        t.hinged = hinge;
        t.hinge_arg = static_cast<double>(v);
        t.raw = t.value = hinge && !(v > 0) ? 0.0 : static_cast<double>(v);
        tr->push_back(std::move(t));
    }
    if (hinge && !(v > 0)) return S(0);
    if (g && coeff != 0) {
        if (nv && nrm > S(1e-12)) {
            for (std::size_t i = 0; i < nv; ++i) {
                S* gr = g->row(vecs[i].table, vecs[i].row);
                const S f = coeff * s1 * static_cast<S>(vecs[i].sign) / nrm;
                for (std::size_t k = 0; k < d; ++k)
                    gr[k] += f * x[k];
            }
        }
        for (std::size_t j = 0; j < nr; ++j) {
            const S p = V.row(rads[j].table, rads[j].row)[0];
            g->row(rads[j].table, rads[j].row)[0] += coeff * static_cast<S>(rads[j].sign) * rad_d(rf, p);
        }
    }
    return v;
}

/// Box term ‖[s1·|Σ±v| + Σ±|o| + κ]₊‖ over the dimensions (nv = 0: ‖[Σ±|o| + κ]₊‖).
template <class S, class G, std::size_t N, std::size_t M>
S box(const View<S>& V, std::size_t d, const std::array<Ref, N>& vecs, std::size_t nv, const std::array<Ref, M>& offs,
      std::size_t no, S s1, S kappa, G* g, S coeff, std::vector<TermTrace>* tr = nullptr) {
    std::vector<S>& x = scratch<S>(0, d);
    std::vector<S>& z = scratch<S>(1, d);
    if (nv) combine(V, vecs, nv, d, x.data());
    S ss = 0;
    double top = -HUGE_VAL;
    int active = 0;
    for (std::size_t k = 0; k < d; ++k) {
        S zk = kappa + (nv ? s1 * std::fabs(x[k]) : S(0));
        for (std::size_t j = 0; j < no; ++j)
            zk += static_cast<S>(offs[j].sign) * std::fabs(V.row(offs[j].table, offs[j].row)[k]);
        z[k] = zk > 0 ? zk : S(0);
        ss += z[k] * z[k];
        if (tr) top = std::max(top, static_cast<double>(zk)), active += zk > 0;
    }
    const S l = std::sqrt(ss);
    if (tr) {
        TermTrace t;
        t.kind = TermTrace::Box;
        t.vecs = traced(vecs, nv);
        t.rads = traced(offs, no);
        t.s1 = static_cast<double>(s1);
        t.kappa = static_cast<double>(kappa);
        t.hinged = true;
        t.hinge_arg = top;
        t.active_dims = active;
        t.dims = static_cast<int>(d);
        t.raw = t.value = static_cast<double>(l);
        tr->push_back(std::move(t));
    }
    if (g && coeff != 0 && l > S(1e-12)) {
        for (std::size_t i = 0; i < nv; ++i) {
            S* gr = g->row(vecs[i].table, vecs[i].row);
            const S f = coeff * s1 * static_cast<S>(vecs[i].sign) / l;
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += f * z[k] * sgn(x[k]);
        }
        for (std::size_t j = 0; j < no; ++j) {
            const S* p = V.row(offs[j].table, offs[j].row);
            S* gr = g->row(offs[j].table, offs[j].row);
            const S f = coeff * static_cast<S>(offs[j].sign) / l;
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += f * z[k] * sgn(p[k]);
        }
    }
    return l;
}

/// The intersection box I = C ∩ D (l = max(c − o), u = min(c + o), centre (l+u)/2, offset
/// |u − l|/2) tested against E: {‖[|c_I − c_E| + o_I − o_E + κ]₊‖, ‖[l − u]₊‖}; with sd = −1
/// (DELE's ELBE GCI1 negative) the first is ‖[−|c_I − c_E| + o_I + o_E + κ]₊‖.
/// Gradients go to coeff_incl·∂first + coeff_empty·∂second.
template <class S, class G>
std::pair<S, S> intersection(const View<S>& V, std::size_t d, std::uint32_t C, std::uint32_t D, std::uint32_t E,
                             S kappa, G* g, S coeff_incl, S coeff_empty, std::vector<TermTrace>* tr = nullptr,
                             S sd = 1) {
    const S *cC = V.row(0, C), *cD = V.row(0, D), *cE = V.row(0, E);
    const S *oC = V.row(1, C), *oD = V.row(1, D), *oE = V.row(1, E);
    std::vector<S>& z = scratch<S>(0, d);
    std::vector<S>& w = scratch<S>(1, d);
    S s = 0, e = 0;
    for (std::size_t k = 0; k < d; ++k) {
        const S l = std::max(cC[k] - std::fabs(oC[k]), cD[k] - std::fabs(oD[k]));
        const S u = std::min(cC[k] + std::fabs(oC[k]), cD[k] + std::fabs(oD[k]));
        const S zk = sd * std::fabs((l + u) / 2 - cE[k]) + std::fabs(u - l) / 2 - sd * std::fabs(oE[k]) + kappa;
        z[k] = zk > 0 ? zk : S(0);
        w[k] = l > u ? l - u : S(0);
        s += z[k] * z[k];
        e += w[k] * w[k];
    }
    const S ms = std::sqrt(s), me = std::sqrt(e);
    if (tr) { // traced as one term: inclusion + emptiness, as every caller sums them
        TermTrace t;
        t.kind = TermTrace::Inter;
        t.vecs = {{0, C, 1}, {0, D, 1}, {0, E, 1}};
        t.rads = {{1, C, 1}, {1, D, 1}, {1, E, 1}};
        t.kappa = static_cast<double>(kappa);
        t.hinged = true;
        t.empty = true;
        t.dims = static_cast<int>(d);
        t.hinge_arg = -HUGE_VAL;
        for (std::size_t k = 0; k < d; ++k) {
            const S l = std::max(cC[k] - std::fabs(oC[k]), cD[k] - std::fabs(oD[k]));
            const S u = std::min(cC[k] + std::fabs(oC[k]), cD[k] + std::fabs(oD[k]));
            const S zk = std::fabs((l + u) / 2 - cE[k]) + std::fabs(u - l) / 2 - std::fabs(oE[k]) + kappa;
            t.hinge_arg = std::max(t.hinge_arg, static_cast<double>(zk));
            t.active_dims += zk > 0;
        }
        t.empty_part = static_cast<double>(me);
        t.raw = t.value = static_cast<double>(ms + me);
        tr->push_back(std::move(t));
    }
    if (!g || (coeff_incl == 0 && coeff_empty == 0)) return {ms, me};
    S *gcC = g->row(0, C), *gcD = g->row(0, D), *gcE = g->row(0, E);
    S *goC = g->row(1, C), *goD = g->row(1, D), *goE = g->row(1, E);
    for (std::size_t k = 0; k < d; ++k) {
        const S lC = cC[k] - std::fabs(oC[k]), lD = cD[k] - std::fabs(oD[k]);
        const S uC = cC[k] + std::fabs(oC[k]), uD = cD[k] + std::fabs(oD[k]);
        const S l = std::max(lC, lD), u = std::min(uC, uD);
        S dl = 0, du = 0;
        if (ms > S(1e-12) && z[k] > 0) {
            const S h = coeff_incl * z[k] / ms;
            const S dci = h * sd * sgn((l + u) / 2 - cE[k]); // ∂/∂c_I
            gcE[k] -= dci;
            goE[k] -= h * sd * sgn(oE[k]);
            const S su = sgn(u - l); // ∂o_I/∂u = su/2, ∂o_I/∂l = −su/2
            dl += dci / 2 - h * su / 2;
            du += dci / 2 + h * su / 2;
        }
        if (me > S(1e-12) && w[k] > 0) {
            const S q = coeff_empty * w[k] / me;
            dl += q;
            du -= q;
        }
        // The max/min pass their gradient to the argument that attains them (the first on a tie).
        if (dl != 0) {
            if (lC >= lD) {
                gcC[k] += dl;
                goC[k] -= dl * sgn(oC[k]);
            } else {
                gcD[k] += dl;
                goD[k] -= dl * sgn(oD[k]);
            }
        }
        if (du != 0) {
            if (uC <= uD) {
                gcC[k] += du;
                goC[k] += du * sgn(oC[k]);
            } else {
                gcD[k] += du;
                goD[k] += du * sgn(oD[k]);
            }
        }
    }
    return {ms, me};
}

/// [min(f(ρ_A), f(ρ_B)) − f(ρ_E) + κ]₊ (ELEmbeddings' GCI1 term (iv), as EmEL++'s code keeps it).
template <class S, class G>
S min_radius(const View<S>& V, std::uint32_t A, std::uint32_t B, std::uint32_t E, S kappa, RadFn f, G* g, S coeff,
             std::vector<TermTrace>* tr = nullptr) {
    const S pa = V.row(1, A)[0], pb = V.row(1, B)[0], pe = V.row(1, E)[0];
    const S ra = rad(f, pa), rb = rad(f, pb);
    const S v = std::min(ra, rb) - rad(f, pe) + kappa;
    if (tr) {
        TermTrace t;
        t.kind = TermTrace::MinRad;
        t.rads = {{1, A, 1}, {1, B, 1}, {1, E, 1}};
        t.kappa = static_cast<double>(kappa);
        t.rad_fn = f;
        t.hinged = true;
        t.hinge_arg = static_cast<double>(v);
        t.raw = t.value = v > 0 ? static_cast<double>(v) : 0.0;
        tr->push_back(std::move(t));
    }
    if (!(v > 0)) return S(0);
    if (g && coeff != 0) {
        if (ra <= rb)
            g->row(1, A)[0] += coeff * rad_d(f, pa);
        else
            g->row(1, B)[0] += coeff * rad_d(f, pb);
        g->row(1, E)[0] -= coeff * rad_d(f, pe);
    }
    return v;
}

/// 1 − cos(x, y), x = Σ±vecs, y = Σ±others (EmEL++'s role terms).
template <class S, class G, std::size_t N, std::size_t M>
S cosine(const View<S>& V, std::size_t d, const std::array<Ref, N>& xs, std::size_t nx, const std::array<Ref, M>& ys,
         std::size_t ny, G* g, S coeff, std::vector<TermTrace>* tr = nullptr) {
    std::vector<S>& x = scratch<S>(2, d);
    std::vector<S>& y = scratch<S>(3, d);
    combine(V, xs, nx, d, x.data());
    combine(V, ys, ny, d, y.data());
    S xx = 0, yy = 0, xy = 0;
    for (std::size_t k = 0; k < d; ++k)
        xx += x[k] * x[k], yy += y[k] * y[k], xy += x[k] * y[k];
    const S nx2 = std::sqrt(xx), ny2 = std::sqrt(yy);
    const S c = nx2 > S(1e-12) && ny2 > S(1e-12) ? xy / (nx2 * ny2) : S(0);
    const S v = 1 - c;
    if (tr) {
        TermTrace t;
        t.kind = TermTrace::Cos;
        t.vecs = traced(xs, nx);
        t.rads = traced(ys, ny);
        t.raw = t.value = static_cast<double>(v);
        tr->push_back(std::move(t));
    }
    if (g && coeff != 0 && nx2 > S(1e-12) && ny2 > S(1e-12)) {
        // ∂(1 − c)/∂x = −(y/(‖x‖‖y‖) − c·x/‖x‖²), likewise for y
        for (std::size_t i = 0; i < nx; ++i) {
            S* gr = g->row(xs[i].table, xs[i].row);
            const S s = -coeff * static_cast<S>(xs[i].sign);
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += s * (y[k] / (nx2 * ny2) - c * x[k] / xx);
        }
        for (std::size_t i = 0; i < ny; ++i) {
            S* gr = g->row(ys[i].table, ys[i].row);
            const S s = -coeff * static_cast<S>(ys[i].sign);
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += s * (x[k] / (nx2 * ny2) - c * y[k] / yy);
        }
    }
    return v;
}

/// [ε − ‖o_I‖]₊ of the intersection box I = C ∩ D, o_I = |u − l|/2 (DELE's ELBE GCI1_BOT negative).
template <class S, class G>
S eps_intersection(const View<S>& V, std::size_t d, std::uint32_t C, std::uint32_t D, S eps, G* g, S coeff) {
    const S *cC = V.row(0, C), *cD = V.row(0, D), *oC = V.row(1, C), *oD = V.row(1, D);
    S ss = 0;
    for (std::size_t k = 0; k < d; ++k) {
        const S l = std::max(cC[k] - std::fabs(oC[k]), cD[k] - std::fabs(oD[k]));
        const S u = std::min(cC[k] + std::fabs(oC[k]), cD[k] + std::fabs(oD[k]));
        const S oi = std::fabs(u - l) / 2;
        ss += oi * oi;
    }
    const S n = std::sqrt(ss);
    if (!(eps - n > 0)) return S(0);
    if (g && coeff != 0 && n > S(1e-12)) {
        S *gcC = g->row(0, C), *gcD = g->row(0, D), *goC = g->row(1, C), *goD = g->row(1, D);
        for (std::size_t k = 0; k < d; ++k) {
            const S lC = cC[k] - std::fabs(oC[k]), lD = cD[k] - std::fabs(oD[k]);
            const S uC = cC[k] + std::fabs(oC[k]), uD = cD[k] + std::fabs(oD[k]);
            const S l = std::max(lC, lD), u = std::min(uC, uD);
            const S h = -coeff * (std::fabs(u - l) / 2) / n * sgn(u - l) / 2; // ∂/∂u; ∂/∂l = −h
            if (lC >= lD) {
                gcC[k] -= h;
                goC[k] += h * sgn(oC[k]);
            } else {
                gcD[k] -= h;
                goD[k] += h * sgn(oD[k]);
            }
            if (uC <= uD) {
                gcC[k] += h;
                goC[k] += h * sgn(oC[k]);
            } else {
                gcD[k] += h;
                goD[k] += h * sgn(oD[k]);
            }
        }
    }
    return eps - n;
}

inline Ref R(std::uint8_t t, std::uint32_t r, signed char s = 1) {
    return {t, r, s};
}

/// s², with gradient 2s·coeff·∂s: mOWL's squared Box²EL scores. The traced term (the last
/// one `score` appends) becomes its square.
template <class S, class G, class F> S squared(F&& score, G* g, S coeff, std::vector<TermTrace>* tr) {
    const S s = score(static_cast<G*>(nullptr), S(0), tr);
    if (g && coeff != 0 && s != 0) score(g, 2 * s * coeff, nullptr);
    if (tr && !tr->empty()) {
        tr->back().squared = true;
        tr->back().value = static_cast<double>(s * s);
    }
    return s * s;
}

/// Sets the weight of the term just traced (its value becomes weight·raw).
inline void weigh_last(std::vector<TermTrace>* tr, double w) {
    if (!tr || tr->empty()) return;
    tr->back().weight = w;
    tr->back().value = w * tr->back().raw;
}

} // namespace detail

/// ELBE's GCI1 A ⊓ B ⊑ C as its two parts {box inclusion of A ∩ B in C, emptiness ‖[l − u]₊‖}.
/// mOWL adds the first as a column to the second as a row, so its batch of n axioms holds the
/// n × n sums first_i + second_j; their mean equals the mean of first_i + second_i.
template <class S> std::pair<S, S> elbe_gci1_parts(const NfAxiom& a, const View<S>& V, std::size_t d, S gamma) {
    struct None {
        S* row(std::size_t, std::uint32_t) { return nullptr; }
    };
    return detail::intersection<S, None>(V, d, a.a, a.b, a.c, gamma, nullptr, S(0), S(0));
}

template <std::size_t N> using Refs = std::array<detail::Ref, N>;

/// The positive loss of a normal-form axiom (class rows in a, b, c; role in r), as mOWL's
/// `gciN_loss`: GCI0 (a ⊑ b), GCI0_BOT (a ⊑ ⊥), GCI1 (a ⊓ b ⊑ c), GCI1_BOT (a ⊓ b ⊑ ⊥),
/// GCI2 (a ⊑ ∃r.b), GCI3 (∃r.a ⊑ b), GCI3_BOT (∃r.a ⊑ ⊥); 0 for any other kind.
template <class S, class G>
S positive(Geometry m, const Options<S>& o, const NfAxiom& a, const View<S>& V, std::size_t d, G* g, S coeff,
           std::vector<TermTrace>* tr = nullptr) {
    using namespace detail;
    const S y = o.gamma;
    switch (m) {
    case Geometry::ELEm: {
        const RadFn f = o.relu_rad ? RadFn::Relu : RadFn::Abs;
        switch (a.kind) {
        case NfKind::GCI0: // [‖c − d‖ + r_C − r_D − γ]₊ (kracr: ‖c + v_sub − d‖)
            if (o.subclass_vec)
                return ball(V, d, Refs<3>{R(0, a.a), R(3, 0), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b, -1)}, 2,
                            S(1), -y, f, true, g, coeff, tr);
            return ball(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b, -1)}, 2, S(1), -y, f,
                        true, g, coeff, tr);
        case NfKind::GCI0_BOT: // mOWL: the raw ρ (it can go negative); DELE: the radius
        case NfKind::GCI3_BOT:
            return ball(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a)}, 1, S(1), S(0), o.bot_radius ? f : RadFn::Raw, false, g,
                        coeff, tr);
        case NfKind::GCI1: { // three terms, no (iv) (kracr: with (iv))
            const S t1 = ball(V, d, Refs<2>{R(0, a.b), R(0, a.a, -1)}, 2, Refs<2>{R(1, a.a, -1), R(1, a.b, -1)}, 2,
                              S(1), -y, f, true, g, coeff, tr);
            const S t2 = ball(V, d, Refs<2>{R(0, a.c), R(0, a.a, -1)}, 2, Refs<1>{R(1, a.a, -1)}, 1, S(1), -y, f, true,
                              g, coeff, tr);
            const S t3 = ball(V, d, Refs<2>{R(0, a.c), R(0, a.b, -1)}, 2, Refs<1>{R(1, a.b, -1)}, 1, S(1), -y, f, true,
                              g, coeff, tr);
            return t1 + t2 + t3 + (o.term_iv ? min_radius(V, a.a, a.b, a.c, -y, f, g, coeff, tr) : S(0));
        }
        case NfKind::GCI1_BOT: // [r_C + r_D − ‖c − d‖ + γ]₊
            return ball(V, d, Refs<2>{R(0, a.b), R(0, a.a, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y, f, true,
                        g, coeff, tr);
        case NfKind::GCI2: { // [‖c + v_r − d‖ + r_C − r_D − γ]₊ (+ 1e-5 in mOWL)
            const S t = ball(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b, -1)},
                             2, S(1), -y, f, true, g, coeff, tr);
            if (!o.gci2_eps) return t;
            const S eps = static_cast<S>(kElemGci2Epsilon);
            if (tr) {
                TermTrace c;
                c.kind = TermTrace::Const;
                c.kappa = c.raw = c.value = static_cast<double>(eps);
                tr->push_back(std::move(c));
            }
            return t + eps;
        }
        case NfKind::GCI3: // mOWL [‖c − v_r − d‖ − r_C − r_D − γ]₊; the paper's + r_C − r_D
            return ball(V, d, Refs<3>{R(0, a.a), R(2, a.r, -1), R(0, a.b, -1)}, 3,
                        Refs<2>{R(1, a.a, static_cast<signed char>(o.gci3_inside ? 1 : -1)), R(1, a.b, -1)}, 2, S(1),
                        -y, f, true, g, coeff, tr);
        case NfKind::RI: { // EmEL++: [‖v_s − v_r‖ − γ]₊ + 1 − cos(v_r, v_s)
            if (!o.roles) return S(0);
            const S t = ball(V, d, Refs<2>{R(2, a.s), R(2, a.r, -1)}, 2, Refs<1>{}, 0, S(1), -y, f, true, g, coeff, tr);
            return t + cosine(V, d, Refs<2>{R(2, a.r)}, 1, Refs<2>{R(2, a.s)}, 1, g, coeff, tr);
        }
        case NfKind::RC: { // EmEL++: [‖v_r + v_s − v_t‖ − γ]₊ + 1 − cos(v_r + v_s, v_t)
            if (!o.roles) return S(0);
            const S t = ball(V, d, Refs<3>{R(2, a.r), R(2, a.s), R(2, a.t, -1)}, 3, Refs<1>{}, 0, S(1), -y, f, true, g,
                             coeff, tr);
            return t + cosine(V, d, Refs<2>{R(2, a.r), R(2, a.s)}, 2, Refs<2>{R(2, a.t)}, 1, g, coeff, tr);
        }
        default: return S(0);
        }
    }
    case Geometry::ELBE: {
        const S k = o.elbe_minus_gamma ? -y : y; // mOWL + γ, DELE − γ (GCI1_BOT + γ in both)
        switch (a.kind) {
        case NfKind::GCI0: // ‖[|c − d| + o_C − o_D ± γ]₊‖
            return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b, -1)}, 2, S(1), k, g,
                       coeff, tr);
        case NfKind::GCI0_BOT:
        case NfKind::GCI3_BOT: // ‖o_C‖
            return box(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a)}, 1, S(1), S(0), g, coeff, tr);
        case NfKind::GCI1: {
            const auto [i, e] = intersection(V, d, a.a, a.b, a.c, k, g, coeff, coeff, tr);
            return i + e;
        }
        case NfKind::GCI1_BOT: // ‖[−|c − d| + o_C + o_D + γ]₊‖
            return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y, g, coeff,
                       tr);
        case NfKind::GCI2: // ‖[|c + v_r − d| + o_C − o_D ± γ]₊‖
            return box(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b, -1)}, 2,
                       S(1), k, g, coeff, tr);
        case NfKind::GCI3: // ‖[|c − v_r − d| − o_C − o_D + γ]₊‖ (intersects form); DELE + o_C − o_D − γ
            return box(V, d, Refs<3>{R(0, a.a), R(2, a.r, -1), R(0, a.b, -1)}, 3,
                       Refs<2>{R(1, a.a, static_cast<signed char>(o.gci3_inside ? 1 : -1)), R(1, a.b, -1)}, 2, S(1), k,
                       g, coeff, tr);
        default: return S(0);
        }
    }
    case Geometry::Box2EL: {
        // mOWL squares every form but GCI2; DELE's losses are the plain scores (its train() squares).
        const auto sq = [&](auto&& f) { return o.box2el_plain ? f(g, coeff, tr) : squared<S, G>(f, g, coeff, tr); };
        switch (a.kind) {
        case NfKind::GCI0: // inc(C, D)², inc(A, B) = ‖[|c_A − c_B| + o_A − o_B − γ]₊‖
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b, -1)}, 2, S(1), -y,
                           gg, c, t);
            });
        case NfKind::GCI0_BOT: // ‖o_C‖²
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                return box(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a)}, 1, S(1), S(0), gg, c, t);
            });
        case NfKind::GCI3_BOT: // ‖o_H(r)‖² (the head box); DELE ‖o_C‖
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                return box(V, d, Refs<1>{}, 0, Refs<1>{o.box2el_plain ? R(1, a.a) : R(4, a.r)}, 1, S(1), S(0), gg, c,
                           t);
            });
        case NfKind::GCI1: // (inc(C ∩ D, E) + ‖[l − u]₊‖)²
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                const auto [i, e] = intersection(V, d, a.a, a.b, a.c, -y, gg, c, c, t);
                return i + e;
            });
        case NfKind::GCI1_BOT: // ‖[−(|c − d| − o_C − o_D) − γ]₊‖²
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), -y, gg,
                           c, t);
            });
        case NfKind::GCI2: { // (inc(C + β_D, H_r) + inc(D + β_C, T_r))/2, not squared
            const S h = coeff / 2;
            const S head = box(V, d, Refs<3>{R(0, a.a), R(2, a.b), R(3, a.r, -1)}, 3, Refs<2>{R(1, a.a), R(4, a.r, -1)},
                               2, S(1), -y, g, h, tr);
            weigh_last(tr, 0.5);
            const S tail = box(V, d, Refs<3>{R(0, a.b), R(2, a.a), R(5, a.r, -1)}, 3, Refs<2>{R(1, a.b), R(6, a.r, -1)},
                               2, S(1), -y, g, h, tr);
            weigh_last(tr, 0.5);
            return (head + tail) / 2;
        }
        case NfKind::GCI3: // inc(H_r − β_C, D)²
            return sq([&](G* gg, S c, std::vector<TermTrace>* t) {
                return box(V, d, Refs<3>{R(3, a.r), R(2, a.a, -1), R(0, a.b, -1)}, 3, Refs<2>{R(4, a.r), R(1, a.b, -1)},
                           2, S(1), -y, gg, c, t);
            });
        default: return S(0);
        }
    }
    }
    return S(0);
}

/// The negative loss of a GCI2 axiom a ⊑ ∃r.b whose filler b is the corrupted class:
/// ELEm [r_C + r_D − ‖c + v_r − d‖ + γ]₊; ELBE ‖[|c + v_r − d| − o_C − o_D − γ]₊‖;
/// Box²EL (δ − md(C + β_D, H_r))² + (δ − md(D + β_C, T_r))², md = ‖[|c_A − c_B| − o_A − o_B + γ]₊‖.
template <class S, class G>
S gci2_negative(Geometry m, const Options<S>& o, const NfAxiom& a, const View<S>& V, std::size_t d, G* g, S coeff) {
    using namespace detail;
    const S y = o.gamma;
    switch (m) {
    case Geometry::ELEm:
        return ball(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y,
                    o.relu_rad ? RadFn::Relu : RadFn::Abs, o.neg_hinge, g, coeff);
    case Geometry::ELBE:
        return box(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a, -1), R(1, a.b, -1)}, 2,
                   S(1), -y, g, coeff);
    case Geometry::Box2EL: {
        auto part = [&](const Refs<3>& vecs, const Refs<2>& offs) {
            const S md = box(V, d, vecs, 3, offs, 2, S(1), y, static_cast<G*>(nullptr), S(0));
            // ∂(δ − md)²/∂md = −2(δ − md)
            if (g && coeff != 0) box(V, d, vecs, 3, offs, 2, S(1), y, g, -2 * (o.delta - md) * coeff);
            return (o.delta - md) * (o.delta - md);
        };
        return part(Refs<3>{R(0, a.a), R(2, a.b), R(3, a.r, -1)}, Refs<2>{R(1, a.a, -1), R(4, a.r, -1)}) +
               part(Refs<3>{R(0, a.b), R(2, a.a), R(5, a.r, -1)}, Refs<2>{R(1, a.b, -1), R(6, a.r, -1)});
    }
    }
    return S(0);
}

/// DELE's negative loss of an ELEm axiom whose tail (DELE's corrupted column) is already replaced:
/// GCI0 [r_C + r_D − ‖c − d‖ + γ]₊ (GCI1_BOT's positive); GCI1 [‖d − c‖ − r_C − r_D − γ]₊ +
/// [r_C + γ − ‖e − c‖]₊ + [r_D + γ − ‖e − d‖]₊; GCI1_BOT [‖d − c‖ − r_C − r_D − γ]₊; GCI2
/// [r_C + r_D − ‖c + v_r − d‖ + γ]₊; GCI3 [r_C + r_D − ‖c − v_r − d‖ + γ]₊; GCI0_BOT, GCI3_BOT
/// [ε − r_C]₊. ELBE and Box²EL: GCI0 the disjointness score, GCI1 the intersection pushed outside
/// E (+ its emptiness), GCI1_BOT [ε − ‖o_{C∩D}‖]₊, ⊥ forms [ε − ‖o_C‖]₊; ELBE GCI2/GCI3
/// ‖[−|…| + o_C + o_D + γ]₊‖, Box²EL GCI2 as gci2_negative, GCI3 (δ − md(H_r − β_C, D))².
template <class S, class G>
S dele_negative(Geometry m, const Options<S>& o, const NfAxiom& a, const View<S>& V, std::size_t d, G* g, S coeff) {
    using namespace detail;
    const S y = o.gamma;
    if (m == Geometry::ELBE) {
        switch (a.kind) {
        case NfKind::GCI0: // ‖[−|c − d| + o_C + o_D + γ]₊‖ (GCI1_BOT's positive)
            return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y, g,
                       coeff);
        case NfKind::GCI1: { // ‖[−|c_I − c_E| + o_I + o_E + γ]₊‖ + ‖[l − u]₊‖
            const auto [i, e] = intersection(V, d, a.a, a.b, a.c, y, g, coeff, coeff, nullptr, S(-1));
            return i + e;
        }
        case NfKind::GCI1_BOT: return eps_intersection(V, d, a.a, a.b, o.epsilon, g, coeff);
        case NfKind::GCI2: // ‖[−|c + v_r − d| + o_C + o_D + γ]₊‖
            return box(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1),
                       y, g, coeff);
        case NfKind::GCI3: // ‖[−|c − v_r − d| + o_C + o_D + γ]₊‖
            return box(V, d, Refs<3>{R(0, a.a), R(2, a.r, -1), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b)}, 2,
                       S(-1), y, g, coeff);
        default: break;
        }
    }
    if (m == Geometry::Box2EL) {
        switch (a.kind) {
        case NfKind::GCI0: // the disjointness score ‖[−(|c − d| − o_C − o_D) − γ]₊‖
            return box(V, d, Refs<2>{R(0, a.a), R(0, a.b, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), -y, g,
                       coeff);
        case NfKind::GCI1: { // ‖[−(|c_I − c_E| − o_I − o_E) − γ]₊‖ + ‖[l − u]₊‖
            const auto [i, e] = intersection(V, d, a.a, a.b, a.c, -y, g, coeff, coeff, nullptr, S(-1));
            return i + e;
        }
        case NfKind::GCI1_BOT: return eps_intersection(V, d, a.a, a.b, o.epsilon, g, coeff);
        case NfKind::GCI2: return gci2_negative(m, o, a, V, d, g, coeff);
        case NfKind::GCI3: { // (δ − md(H_r − β_C, D))²
            const Refs<3> vecs{R(3, a.r), R(2, a.a, -1), R(0, a.b, -1)};
            const Refs<2> offs{R(4, a.r, -1), R(1, a.b, -1)};
            const S md = box(V, d, vecs, 3, offs, 2, S(1), y, static_cast<G*>(nullptr), S(0));
            if (g && coeff != 0) box(V, d, vecs, 3, offs, 2, S(1), y, g, -2 * (o.delta - md) * coeff);
            return (o.delta - md) * (o.delta - md);
        }
        default: break; // the ⊥ forms: as ELBE's, on the class offset
        }
    }
    if (m == Geometry::ELBE || m == Geometry::Box2EL) {
        switch (a.kind) {
        case NfKind::GCI0_BOT:
        case NfKind::GCI3_BOT: { // [ε − ‖o_C‖]₊
            const S n = box(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a)}, 1, S(1), S(0), static_cast<G*>(nullptr), S(0));
            if (!(o.epsilon - n > 0)) return S(0);
            if (g && coeff != 0) box(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a)}, 1, S(1), S(0), g, -coeff);
            return o.epsilon - n;
        }
        default: break;
        }
    }
    if (m != Geometry::ELEm) return S(0);
    const RadFn f = o.relu_rad ? RadFn::Relu : RadFn::Abs;
    switch (a.kind) {
    case NfKind::GCI0:
        return ball(V, d, Refs<2>{R(0, a.b), R(0, a.a, -1)}, 2, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y, f, true, g,
                    coeff);
    case NfKind::GCI1:
        return ball(V, d, Refs<2>{R(0, a.b), R(0, a.a, -1)}, 2, Refs<2>{R(1, a.a, -1), R(1, a.b, -1)}, 2, S(1), -y, f,
                    true, g, coeff) +
               ball(V, d, Refs<2>{R(0, a.c), R(0, a.a, -1)}, 2, Refs<1>{R(1, a.a)}, 1, S(-1), y, f, true, g, coeff) +
               ball(V, d, Refs<2>{R(0, a.c), R(0, a.b, -1)}, 2, Refs<1>{R(1, a.b)}, 1, S(-1), y, f, true, g, coeff);
    case NfKind::GCI1_BOT:
        return ball(V, d, Refs<2>{R(0, a.b), R(0, a.a, -1)}, 2, Refs<2>{R(1, a.a, -1), R(1, a.b, -1)}, 2, S(1), -y, f,
                    true, g, coeff);
    case NfKind::GCI2:
        return ball(V, d, Refs<3>{R(0, a.a), R(2, a.r), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1), y,
                    f, true, g, coeff);
    case NfKind::GCI3:
        return ball(V, d, Refs<3>{R(0, a.a), R(2, a.r, -1), R(0, a.b, -1)}, 3, Refs<2>{R(1, a.a), R(1, a.b)}, 2, S(-1),
                    y, f, true, g, coeff);
    case NfKind::GCI0_BOT:
    case NfKind::GCI3_BOT:
        return ball(V, d, Refs<1>{}, 0, Refs<1>{R(1, a.a, -1)}, 1, S(1), o.epsilon, f, true, g, coeff);
    default: return S(0);
    }
}

/// The class rows a DELE ELEm loss regularises, per occurrence (class_reg(c) + class_reg(d)…):
/// GCI0, GCI1_BOT, GCI2, GCI3 {a, b}, GCI1 {a, b, c}; none for the ⊥ forms.
inline std::size_t dele_reg_rows(const NfAxiom& a, std::array<std::uint32_t, 3>& rows) {
    switch (a.kind) {
    case NfKind::GCI0:
    case NfKind::GCI1_BOT:
    case NfKind::GCI2:
    case NfKind::GCI3: rows = {a.a, a.b, 0}; return 2;
    case NfKind::GCI1: rows = {a.a, a.b, a.c}; return 3;
    default: return 0;
    }
}

/// λ·|‖c‖ − 1| of one centre row (DELE's class_reg, EmEL++'s reg), gradient coeff·∂.
template <class S, class G>
S unit_norm(const View<S>& V, std::size_t d, std::size_t table, std::uint32_t row, S lambda, G* g, S coeff) {
    const S* x = V.row(table, row);
    S ss = 0;
    for (std::size_t k = 0; k < d; ++k)
        ss += x[k] * x[k];
    const S n = std::sqrt(ss);
    if (g && coeff != 0 && n > S(1e-12)) {
        const S f = coeff * lambda * detail::sgn(n - S(1)) / n;
        S* gr = g->row(table, row);
        for (std::size_t k = 0; k < d; ++k)
            gr[k] += f * x[k];
    }
    return lambda * std::fabs(n - 1);
}

/// The regulariser over the class rows `rows` (mOWL: every class), once per step: ELEm
/// mean |‖c‖ − 1| (weight `factor`, mOWL 1; with `relu_rad`, EmEL++'s radius penalty: + mean [−ρ]₊);
/// Box²EL factor · mean ‖β‖ (mOWL 0.2); ELBE none.
template <class S, class G>
S regulariser(Geometry m, std::span<const std::uint32_t> rows, S factor, const View<S>& V, std::size_t d, G* g, S coeff,
              bool relu_rad = false) {
    if (m == Geometry::ELBE || rows.empty() || factor == 0) return S(0);
    const std::size_t t = m == Geometry::ELEm ? 0 : 2;
    const S w = factor / static_cast<S>(rows.size());
    S sum = 0;
    for (const std::uint32_t i : rows) {
        const S* x = V.row(t, i);
        S ss = 0;
        for (std::size_t k = 0; k < d; ++k)
            ss += x[k] * x[k];
        const S n = std::sqrt(ss);
        sum += m == Geometry::ELEm ? std::fabs(n - 1) : n;
        if (relu_rad && m == Geometry::ELEm) {
            const S p = V.row(1, i)[0];
            if (p < 0) {
                sum -= p;
                if (g && coeff != 0) g->row(1, i)[0] -= coeff * w;
            }
        }
        if (g && coeff != 0 && n > S(1e-12)) {
            const S f = coeff * w * (m == Geometry::ELEm ? detail::sgn(n - S(1)) : S(1)) / n;
            S* gr = g->row(t, i);
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += f * x[k];
        }
    }
    return w * sum;
}

} // namespace kbcx::embed::mowl
