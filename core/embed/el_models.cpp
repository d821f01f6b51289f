// The EL models of models.md §7–§10 as lists of loss terms per normal form, and the term
// values and hand-derived gradients (models.md §0 subgradients: [z]₊′ = 1 for z > 0, ∇‖x‖ = 0 at 0).
#include "embed/el_models.hpp"

#include "embed/el_tables.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kbcx::embed {

ElModel::ElModel(ElModelConfig config, ElSizes sizes) : config_(std::move(config)), sizes_(sizes) {}

bool ElModel::has_negative(NfKind kind) const {
    switch (kind) {
    case NfKind::GCI0:
    case NfKind::GCI1:
    case NfKind::GCI1_BOT:
    case NfKind::GCI2:
    case NfKind::GCI3:
    case NfKind::ClassAssertion:
    case NfKind::RoleAssertion: return true;
    default: return false;
    }
}

void ElModel::init(std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (auto& t : tables_) {
        for (Eigen::Index i = 0; i < t.values.rows(); ++i) {
            for (Eigen::Index k = 0; k < t.values.cols(); ++k)
                t.values(i, k) = u(rng);
            const float n = std::sqrt(t.values.row(i).square().sum());
            if (n > 0 && t.values.cols() > 1) t.values.row(i) /= n;
        }
    }
}

bool ElModel::in_signature(const NfAxiom& a) const {
    auto cok = [&](kg::Id c) { return c == kg::kNoId || c == kTopConcept || c < sizes_.concepts; };
    auto rok = [&](kg::Id r) { return r == kg::kNoId || r < sizes_.roles; };
    auto iok = [&](kg::Id x) { return x == kg::kNoId || x < sizes_.individuals; };
    return cok(a.a) && cok(a.b) && cok(a.c) && rok(a.r) && rok(a.s) && rok(a.t) && iok(a.x) && iok(a.y);
}

NfAxiom ElModel::rows_of(const NfAxiom& a) const {
    NfAxiom o = a;
    auto row = [&](kg::Id c) { return c == kg::kNoId ? kg::kNoId : concept_row(c); };
    o.a = row(a.a);
    o.b = row(a.b);
    o.c = row(a.c);
    if (a.kind == NfKind::ClassAssertion) {
        o.kind = NfKind::GCI0;
        o.a = individual_row(a.x);
        o.b = concept_row(a.a);
    } else if (a.kind == NfKind::RoleAssertion) {
        o.kind = NfKind::GCI2;
        o.a = individual_row(a.x);
        o.b = individual_row(a.y);
    }
    return o;
}

double ElModel::loss(const NfAxiom& axiom) const {
    if (!supports(axiom.kind) || !in_signature(axiom)) return std::nan("");
    return part_value(axiom, LossPart::Positive);
}

double ElModel::explain(const NfAxiom& axiom, std::vector<TermTrace>& out) const {
    if (!supports(axiom.kind) || !in_signature(axiom)) return std::nan("");
    // The sum of part_value(axiom, Positive), term by term in the same order.
    TermList ts;
    terms(axiom, LossPart::Positive, ts);
    double v = 0;
    for (const Term& t : ts) {
        TermTrace& tr = out.emplace_back();
        const double x = term_eval(t, &tr);
        tr.value = t.weight * x;
        v += t.weight * x;
    }
    return v;
}

double ElModel::part_value(const NfAxiom& axiom, LossPart part) const {
    TermList ts;
    terms(axiom, part, ts);
    double v = 0;
    for (const Term& t : ts) {
        const double x = term_value(t);
        v += part == LossPart::Negative ? t.weight * (x - t.target) * (x - t.target) : t.weight * x;
    }
    return v;
}

void ElModel::add_part_grad(const NfAxiom& axiom, LossPart part, float coeff, GradBuffer& g) const {
    TermList ts;
    terms(axiom, part, ts);
    for (const Term& t : ts) {
        float c = coeff * t.weight;
        if (part == LossPart::Negative) c *= 2.0f * static_cast<float>(term_value(t) - t.target);
        if (c != 0.0f) term_grad(t, c, g);
    }
}

// --- terms ----------------------------------------------------------------------------------

namespace {

inline float sgn(float x) {
    return static_cast<float>((x > 0) - (x < 0));
}
inline float radf(RadFn f, float p) {
    return f == RadFn::Abs ? std::fabs(p) : f == RadFn::Relu ? std::max(p, 0.0f) : p;
}
inline float radf_d(RadFn f, float p) {
    return f == RadFn::Abs ? sgn(p) : f == RadFn::Relu ? (p > 0 ? 1.0f : 0.0f) : 1.0f;
}
constexpr float kTiny = 1e-12f;

struct Scratch {
    std::vector<float> x, y, z, w;
};
Scratch& scratch(std::size_t d) {
    thread_local Scratch s;
    for (auto* v : {&s.x, &s.y, &s.z, &s.w})
        if (v->size() < d) v->resize(d);
    return s;
}

} // namespace

double ElModel::term_eval(const Term& t, TermTrace* tr) const {
    auto row = [&](const VRef& r) { return tables_[r.table].values.row(r.row).data(); };
    auto width = [&](const VRef& r) { return static_cast<std::size_t>(tables_[r.table].values.cols()); };
    auto sum_into = [&](const std::array<VRef, 4>& refs, int n, float* x, std::size_t d) {
        std::fill(x, x + d, 0.0f);
        for (int i = 0; i < n; ++i) {
            const float* v = row(refs[i]);
            for (std::size_t k = 0; k < d; ++k)
                x[k] += refs[i].sign * v[k];
        }
    };
    auto norm = [](const float* x, std::size_t d) {
        double s = 0;
        for (std::size_t k = 0; k < d; ++k)
            s += static_cast<double>(x[k]) * x[k];
        return std::sqrt(s);
    };
    if (tr) {
        static constexpr TermTrace::Kind kinds[] = {TermTrace::Ball, TermTrace::Box,  TermTrace::Inter,
                                                    TermTrace::Cos,  TermTrace::Norm, TermTrace::MinRad};
        tr->kind = kinds[t.kind];
        tr->vecs.clear();
        tr->rads.clear();
        for (int i = 0; i < t.na; ++i)
            tr->vecs.push_back({t.a[i].table, t.a[i].row, t.a[i].sign});
        for (int j = 0; j < t.nb; ++j)
            tr->rads.push_back({t.b[j].table, t.b[j].row, t.b[j].sign});
        tr->s1 = t.s1;
        tr->kappa = t.kappa;
        tr->rad_fn = t.rf;
        tr->hinged = t.hinge && (t.kind == Term::Ball || t.kind == Term::MinRad);
        tr->empty = t.empty;
        tr->weight = t.weight;
        tr->squared = false;
    }
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    Scratch& S = scratch(d);
    double out = 0;
    switch (t.kind) {
    case Term::Ball: {
        double v = t.kappa;
        if (t.na) {
            sum_into(t.a, t.na, S.x.data(), width(t.a[0]));
            v += t.s1 * norm(S.x.data(), width(t.a[0]));
        }
        for (int j = 0; j < t.nb; ++j)
            v += t.b[j].sign * radf(t.rf, row(t.b[j])[0]);
        if (tr) tr->hinge_arg = v;
        out = t.hinge ? std::max(v, 0.0) : v;
        break;
    }
    case Term::Box: {
        if (t.na) sum_into(t.a, t.na, S.x.data(), d);
        double s = 0, top = -HUGE_VAL;
        int active = 0;
        for (std::size_t k = 0; k < d; ++k) {
            double z = t.kappa + (t.na ? t.s1 * std::fabs(S.x[k]) : 0.0);
            for (int j = 0; j < t.nb; ++j)
                z += t.b[j].sign * std::fabs(row(t.b[j])[k]);
            if (z > 0) s += z * z, ++active;
            top = std::max(top, z);
        }
        if (tr) tr->hinge_arg = top, tr->active_dims = active, tr->dims = static_cast<int>(d);
        out = std::sqrt(s);
        break;
    }
    case Term::Inter: {
        const float *cC = row(t.a[0]), *cD = row(t.a[1]), *cE = row(t.a[2]);
        const float *oC = row(t.b[0]), *oD = row(t.b[1]), *oE = row(t.b[2]);
        double s = 0, e = 0, top = -HUGE_VAL;
        int active = 0;
        for (std::size_t k = 0; k < d; ++k) {
            const float l = std::max(cC[k] - std::fabs(oC[k]), cD[k] - std::fabs(oD[k]));
            const float u = std::min(cC[k] + std::fabs(oC[k]), cD[k] + std::fabs(oD[k]));
            const float ci = 0.5f * (l + u), oi = 0.5f * std::fabs(u - l);
            const double z = std::fabs(ci - cE[k]) + t.s1 * oi - std::fabs(oE[k]) + t.kappa;
            if (z > 0) s += z * z, ++active;
            top = std::max(top, z);
            if (l > u) e += static_cast<double>(l - u) * (l - u);
        }
        if (tr) {
            tr->hinge_arg = top, tr->active_dims = active, tr->dims = static_cast<int>(d);
            tr->empty_part = t.empty ? std::sqrt(e) : 0.0;
        }
        out = std::sqrt(s) + (t.empty ? std::sqrt(e) : 0.0);
        break;
    }
    case Term::Cos: {
        const std::size_t w = width(t.a[0]);
        sum_into(t.a, t.na, S.x.data(), w);
        sum_into(t.b, t.nb, S.y.data(), w);
        const double nx = norm(S.x.data(), w), ny = norm(S.y.data(), w);
        if (nx < kTiny || ny < kTiny) {
            out = 1.0;
            break;
        }
        double dot = 0;
        for (std::size_t k = 0; k < w; ++k)
            dot += static_cast<double>(S.x[k]) * S.y[k];
        out = 1.0 - dot / (nx * ny);
        break;
    }
    case Term::Norm: {
        const std::size_t w = width(t.a[0]);
        sum_into(t.a, t.na, S.x.data(), w);
        out = std::fabs(norm(S.x.data(), w) - 1.0);
        break;
    }
    case Term::MinRad: {
        const double v =
            std::min(radf(t.rf, row(t.b[0])[0]), radf(t.rf, row(t.b[1])[0])) - radf(t.rf, row(t.b[2])[0]) + t.kappa;
        if (tr) tr->hinge_arg = v;
        out = t.hinge ? std::max(v, 0.0) : v;
        break;
    }
    }
    if (tr) tr->raw = out;
    return out;
}

void ElModel::term_grad(const Term& t, float c, GradBuffer& g) const {
    auto row = [&](const VRef& r) { return tables_[r.table].values.row(r.row).data(); };
    auto width = [&](const VRef& r) { return static_cast<std::size_t>(tables_[r.table].values.cols()); };
    auto sum_into = [&](const std::array<VRef, 4>& refs, int n, float* x, std::size_t d) {
        std::fill(x, x + d, 0.0f);
        for (int i = 0; i < n; ++i) {
            const float* v = row(refs[i]);
            for (std::size_t k = 0; k < d; ++k)
                x[k] += refs[i].sign * v[k];
        }
    };
    auto norm = [](const float* x, std::size_t d) {
        double s = 0;
        for (std::size_t k = 0; k < d; ++k)
            s += static_cast<double>(x[k]) * x[k];
        return static_cast<float>(std::sqrt(s));
    };
    // Adds coeff·dx (a d-vector) to every ref of `refs` with its sign.
    auto scatter = [&](const std::array<VRef, 4>& refs, int n, const float* dx, float coeff, std::size_t d) {
        for (int i = 0; i < n; ++i) {
            float* gr = g.row(refs[i].table, refs[i].row);
            const float f = coeff * refs[i].sign;
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += f * dx[k];
        }
    };
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    Scratch& S = scratch(d);
    switch (t.kind) {
    case Term::Ball: {
        double v = t.kappa;
        float n = 0;
        std::size_t w = 0;
        if (t.na) {
            w = width(t.a[0]);
            sum_into(t.a, t.na, S.x.data(), w);
            n = norm(S.x.data(), w);
            v += t.s1 * n;
        }
        for (int j = 0; j < t.nb; ++j)
            v += t.b[j].sign * radf(t.rf, row(t.b[j])[0]);
        if (t.hinge && !(v > 0)) return;
        if (t.na && n > kTiny) {
            for (std::size_t k = 0; k < w; ++k)
                S.y[k] = S.x[k] / n;
            scatter(t.a, t.na, S.y.data(), c * t.s1, w);
        }
        for (int j = 0; j < t.nb; ++j)
            g.row(t.b[j].table, t.b[j].row)[0] += c * t.b[j].sign * radf_d(t.rf, row(t.b[j])[0]);
        return;
    }
    case Term::Box: {
        if (t.na) sum_into(t.a, t.na, S.x.data(), d);
        double s = 0;
        for (std::size_t k = 0; k < d; ++k) {
            double z = t.kappa + (t.na ? t.s1 * std::fabs(S.x[k]) : 0.0);
            for (int j = 0; j < t.nb; ++j)
                z += t.b[j].sign * std::fabs(row(t.b[j])[k]);
            S.z[k] = z > 0 ? static_cast<float>(z) : 0.0f;
            s += static_cast<double>(S.z[k]) * S.z[k];
        }
        const float l = static_cast<float>(std::sqrt(s));
        if (l < kTiny) return;
        for (std::size_t k = 0; k < d; ++k)
            S.z[k] /= l; // ∂ℓ/∂z_k
        if (t.na) {
            for (std::size_t k = 0; k < d; ++k)
                S.y[k] = S.z[k] * t.s1 * sgn(S.x[k]);
            scatter(t.a, t.na, S.y.data(), c, d);
        }
        for (int j = 0; j < t.nb; ++j) {
            const float* p = row(t.b[j]);
            float* gr = g.row(t.b[j].table, t.b[j].row);
            for (std::size_t k = 0; k < d; ++k)
                gr[k] += c * t.b[j].sign * S.z[k] * sgn(p[k]);
        }
        return;
    }
    case Term::Inter: {
        const float *cC = row(t.a[0]), *cD = row(t.a[1]), *cE = row(t.a[2]);
        const float *oC = row(t.b[0]), *oD = row(t.b[1]), *oE = row(t.b[2]);
        // Pass 1: norms of the main and the emptiness term.
        double s = 0, e = 0;
        for (std::size_t k = 0; k < d; ++k) {
            const float l = std::max(cC[k] - std::fabs(oC[k]), cD[k] - std::fabs(oD[k]));
            const float u = std::min(cC[k] + std::fabs(oC[k]), cD[k] + std::fabs(oD[k]));
            const float ci = 0.5f * (l + u), oi = 0.5f * std::fabs(u - l);
            const double z = std::fabs(ci - cE[k]) + t.s1 * oi - std::fabs(oE[k]) + t.kappa;
            S.z[k] = z > 0 ? static_cast<float>(z) : 0.0f;
            S.w[k] = l > u ? l - u : 0.0f;
            s += static_cast<double>(S.z[k]) * S.z[k];
            e += static_cast<double>(S.w[k]) * S.w[k];
        }
        const float ms = static_cast<float>(std::sqrt(s)), me = static_cast<float>(std::sqrt(e));
        float *gcC = g.row(t.a[0].table, t.a[0].row), *gcD = g.row(t.a[1].table, t.a[1].row),
              *gcE = g.row(t.a[2].table, t.a[2].row);
        float *goC = g.row(t.b[0].table, t.b[0].row), *goD = g.row(t.b[1].table, t.b[1].row),
              *goE = g.row(t.b[2].table, t.b[2].row);
        for (std::size_t k = 0; k < d; ++k) {
            const float lC = cC[k] - std::fabs(oC[k]), lD = cD[k] - std::fabs(oD[k]);
            const float uC = cC[k] + std::fabs(oC[k]), uD = cD[k] + std::fabs(oD[k]);
            const float l = std::max(lC, lD), u = std::min(uC, uD);
            const float ci = 0.5f * (l + u);
            float dl = 0, du = 0;
            if (ms > kTiny && S.z[k] > 0) {
                const float h = S.z[k] / ms;
                const float dci = h * sgn(ci - cE[k]), doi = h * t.s1;
                gcE[k] -= c * dci;
                goE[k] -= c * h * sgn(oE[k]);
                const float su = sgn(u - l);
                dl += 0.5f * dci - 0.5f * doi * su;
                du += 0.5f * dci + 0.5f * doi * su;
            }
            if (t.empty && me > kTiny && S.w[k] > 0) {
                const float q = S.w[k] / me;
                dl += q;
                du -= q;
            }
            if (dl != 0) {
                if (lC >= lD) {
                    gcC[k] += c * dl;
                    goC[k] -= c * dl * sgn(oC[k]);
                } else {
                    gcD[k] += c * dl;
                    goD[k] -= c * dl * sgn(oD[k]);
                }
            }
            if (du != 0) {
                if (uC <= uD) {
                    gcC[k] += c * du;
                    goC[k] += c * du * sgn(oC[k]);
                } else {
                    gcD[k] += c * du;
                    goD[k] += c * du * sgn(oD[k]);
                }
            }
        }
        return;
    }
    case Term::Cos: {
        const std::size_t w = width(t.a[0]);
        sum_into(t.a, t.na, S.x.data(), w);
        sum_into(t.b, t.nb, S.y.data(), w);
        const float nx = norm(S.x.data(), w), ny = norm(S.y.data(), w);
        if (nx < kTiny || ny < kTiny) return;
        double dot = 0;
        for (std::size_t k = 0; k < w; ++k)
            dot += static_cast<double>(S.x[k]) * S.y[k];
        const float cs = static_cast<float>(dot / (static_cast<double>(nx) * ny));
        // ∂(1 − cos)/∂x = −(y/(‖x‖‖y‖) − cos·x/‖x‖²), and symmetrically for y.
        for (std::size_t k = 0; k < w; ++k) {
            S.z[k] = -(S.y[k] / (nx * ny) - cs * S.x[k] / (nx * nx));
            S.w[k] = -(S.x[k] / (nx * ny) - cs * S.y[k] / (ny * ny));
        }
        scatter(t.a, t.na, S.z.data(), c, w);
        scatter(t.b, t.nb, S.w.data(), c, w);
        return;
    }
    case Term::Norm: {
        const std::size_t w = width(t.a[0]);
        sum_into(t.a, t.na, S.x.data(), w);
        const float n = norm(S.x.data(), w);
        if (n < kTiny) return;
        const float s = sgn(n - 1.0f);
        for (std::size_t k = 0; k < w; ++k)
            S.y[k] = s * S.x[k] / n;
        scatter(t.a, t.na, S.y.data(), c, w);
        return;
    }
    case Term::MinRad: {
        const float r0 = radf(t.rf, row(t.b[0])[0]), r1 = radf(t.rf, row(t.b[1])[0]);
        const double v = std::min(r0, r1) - radf(t.rf, row(t.b[2])[0]) + t.kappa;
        if (t.hinge && !(v > 0)) return;
        const VRef& m = r0 <= r1 ? t.b[0] : t.b[1];
        g.row(m.table, m.row)[0] += c * radf_d(t.rf, row(m)[0]);
        g.row(t.b[2].table, t.b[2].row)[0] -= c * radf_d(t.rf, row(t.b[2])[0]);
        return;
    }
    }
}

// --- models ---------------------------------------------------------------------------------

namespace {

/// Builds terms with a fluent syntax: T(Term::Ball).vec(t, r, ±1)….rad(t, r, ±1).k(κ).
struct T {
    Term t;
    explicit T(Term::Kind k) { t.kind = k; }
    T& vec(std::uint32_t table, std::uint32_t row, float sign = 1.0f) {
        t.a[t.na++] = {table, row, sign};
        return *this;
    }
    T& rad(std::uint32_t table, std::uint32_t row, float sign = 1.0f) {
        t.b[t.nb++] = {table, row, sign};
        return *this;
    }
    T& k(float kappa) {
        t.kappa = kappa;
        return *this;
    }
    T& s1(float s) {
        t.s1 = s;
        return *this;
    }
    T& w(float weight) {
        t.weight = weight;
        return *this;
    }
    T& target(float v) {
        t.target = v;
        return *this;
    }
    T& nohinge() {
        t.hinge = false;
        return *this;
    }
    T& fn(RadFn f) {
        t.rf = f;
        return *this;
    }
    T& empty() {
        t.empty = true;
        return *this;
    }
    operator Term() const { return t; } // NOLINT(google-explicit-constructor)
};

/// ELEmbeddings (released, or with the published term (iv)) and EmEL++: balls (centre table
/// 0, radius parameter table 1, r = |ρ| or [ρ]₊) and relation translations (table 2).
class BallModel final : public ElModel {
  public:
    BallModel(ElModelConfig c, ElSizes s, bool term_iv, bool emel)
        : ElModel(std::move(c), s), iv_(term_iv), emel_(emel) {
        const auto n = static_cast<Eigen::Index>(s.class_rows());
        const Eigen::Index d = config_.dim;
        add_ball_tables(tables_, n, static_cast<Eigen::Index>(s.roles), d);
    }
    void init(std::mt19937_64& rng) override {
        // Centre and radius normalised jointly as the original's [c | ρ] row (EmEL++: ρ ~ U(0, 1)).
        init_joint_balls(tables_[0].values, tables_[1].values, rng, emel_);
        init_unit_rows(tables_[2].values, rng);
    }
    bool supports(NfKind k) const override { return emel_ || (k != NfKind::RI && k != NfKind::RC); }
    void terms(const NfAxiom& ax, LossPart part, TermList& out) const override {
        const NfAxiom a = rows_of(ax);
        const float g = config_.margin;
        const RadFn f = emel_ ? RadFn::Relu : RadFn::Abs;
        auto ball = [&](Term::Kind k = Term::Ball) { return T(k).fn(f); };
        if (part == LossPart::Regulariser) {
            if (config_.reg == 0) return;
            for (kg::Id c : {a.a, a.b, a.c})
                if (c != kg::kNoId) {
                    out.push_back(T(Term::Norm).vec(0, c).w(config_.reg));
                    if (emel_) out.push_back(T(Term::Ball).fn(RadFn::Raw).rad(1, c, -1).w(config_.reg)); // [−ρ]₊
                }
            if (emel_)
                for (kg::Id r : {a.r, a.s, a.t})
                    if (r != kg::kNoId) out.push_back(T(Term::Norm).vec(2, r).w(config_.reg));
            return;
        }
        if (part == LossPart::Positive) {
            switch (a.kind) {
            case NfKind::GCI0:
                out.push_back(ball().vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b, -1).k(-g));
                break;
            case NfKind::GCI0_BOT: out.push_back(ball().rad(1, a.a)); break;
            case NfKind::GCI1:
                out.push_back(ball().vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-g));
                out.push_back(ball().vec(0, a.a).vec(0, a.c, -1).rad(1, a.a, -1).k(-g));
                out.push_back(ball().vec(0, a.b).vec(0, a.c, -1).rad(1, a.b, -1).k(-g));
                if (iv_) out.push_back(ball(Term::MinRad).rad(1, a.a).rad(1, a.b).rad(1, a.c).k(-g));
                break;
            case NfKind::GCI1_BOT:
                out.push_back(ball().s1(-1).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(g));
                break;
            case NfKind::GCI2:
                out.push_back(ball().vec(0, a.a).vec(2, a.r).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b, -1).k(-g));
                break;
            case NfKind::GCI3: // ∃r.A ⊑ B, "intersects" form of the original and mowl
                out.push_back(ball().vec(0, a.a).vec(2, a.r, -1).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-g));
                break;
            case NfKind::GCI3_BOT: out.push_back(ball().rad(1, a.a)); break;
            case NfKind::RI: // EmEL++ only: r ⊑ s
                if (!emel_) break;
                out.push_back(T(Term::Ball).vec(2, a.s).vec(2, a.r, -1).k(-g));
                out.push_back(T(Term::Cos).vec(2, a.r).rad(2, a.s));
                break;
            case NfKind::RC: // r ∘ s ⊑ t
                if (!emel_) break;
                out.push_back(T(Term::Ball).vec(2, a.r).vec(2, a.s).vec(2, a.t, -1).k(-g));
                out.push_back(T(Term::Cos).vec(2, a.r).vec(2, a.s).rad(2, a.t));
                break;
            default: break;
            }
            return;
        }
        // Negatives (target 0): DELE's forms; EmEL++'s GCI2 negative has no ReLU.
        switch (a.kind) {
        case NfKind::GCI0: out.push_back(ball().s1(-1).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(g)); break;
        case NfKind::GCI1:
            out.push_back(ball().s1(-1).vec(0, a.a).vec(0, a.c, -1).rad(1, a.a).rad(1, a.c).k(g).w(0.5f));
            out.push_back(ball().s1(-1).vec(0, a.b).vec(0, a.c, -1).rad(1, a.b).rad(1, a.c).k(g).w(0.5f));
            break;
        case NfKind::GCI1_BOT: // the balls should overlap
            out.push_back(ball().vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-g));
            break;
        case NfKind::GCI2: {
            T t = ball();
            t.s1(-1).vec(0, a.a).vec(2, a.r).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(g);
            if (emel_) t.nohinge();
            out.push_back(t);
            break;
        }
        case NfKind::GCI3:
            out.push_back(ball().s1(-1).vec(0, a.a).vec(2, a.r, -1).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(g));
            break;
        default: break;
        }
    }

  private:
    bool iv_, emel_;
};

/// ELBE: boxes (centre table 0, offset parameter table 1, o = |ρ|), relation translations
/// (table 2), inc with κ = +γ (the original and mowl).
class ElbeModel final : public ElModel {
  public:
    ElbeModel(ElModelConfig c, ElSizes s) : ElModel(std::move(c), s) {
        const auto n = static_cast<Eigen::Index>(s.class_rows());
        const Eigen::Index d = config_.dim;
        add_box_tables(tables_, n, static_cast<Eigen::Index>(s.roles), d);
    }
    bool supports(NfKind k) const override { return k != NfKind::RI && k != NfKind::RC; }
    void terms(const NfAxiom& ax, LossPart part, TermList& out) const override {
        const NfAxiom a = rows_of(ax);
        const float k = config_.margin, dl = config_.delta;
        if (part == LossPart::Regulariser) return;
        if (part == LossPart::Positive) {
            switch (a.kind) {
            case NfKind::GCI0:
                out.push_back(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b, -1).k(k));
                break;
            case NfKind::GCI1:
                out.push_back(T(Term::Inter)
                                  .vec(0, a.a)
                                  .vec(0, a.b)
                                  .vec(0, a.c)
                                  .rad(1, a.a)
                                  .rad(1, a.b)
                                  .rad(1, a.c)
                                  .k(k)
                                  .empty());
                break;
            case NfKind::GCI1_BOT:
                out.push_back(T(Term::Box).s1(-1).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(k));
                break;
            case NfKind::GCI2:
                out.push_back(T(Term::Box).vec(0, a.a).vec(2, a.r).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b, -1).k(k));
                break;
            case NfKind::GCI3:
                out.push_back(
                    T(Term::Box).vec(0, a.a).vec(2, a.r, -1).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(k));
                break;
            case NfKind::GCI0_BOT:
            case NfKind::GCI3_BOT: out.push_back(T(Term::Box).s1(0).rad(1, a.a)); break;
            default: break;
            }
            return;
        }
        // Negatives: the gap between the boxes, pushed towards δ; GCI1_BOT: overlap, towards 0.
        switch (a.kind) {
        case NfKind::GCI0:
            out.push_back(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-k).target(dl));
            break;
        case NfKind::GCI1:
            out.push_back(T(Term::Inter)
                              .s1(-1)
                              .vec(0, a.a)
                              .vec(0, a.b)
                              .vec(0, a.c)
                              .rad(1, a.a)
                              .rad(1, a.b)
                              .rad(1, a.c)
                              .k(-k)
                              .target(dl));
            break;
        case NfKind::GCI1_BOT:
            out.push_back(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-k));
            break;
        case NfKind::GCI2:
            out.push_back(
                T(Term::Box).vec(0, a.a).vec(2, a.r).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(-k).target(dl));
            break;
        case NfKind::GCI3:
            out.push_back(T(Term::Box)
                              .vec(0, a.a)
                              .vec(2, a.r, -1)
                              .vec(0, a.b, -1)
                              .rad(1, a.a, -1)
                              .rad(1, a.b, -1)
                              .k(-k)
                              .target(dl));
            break;
        default: break;
        }
    }
};

/// Box²EL: class boxes (0 centre, 1 offset) with bumps (2); per role a head box (3, 4) and a
/// tail box (5, 6). inc uses −γ, dneg +γ; negatives pushed towards δ; regulariser λ‖β‖.
class Box2ElModel final : public ElModel {
  public:
    Box2ElModel(ElModelConfig c, ElSizes s) : ElModel(std::move(c), s) {
        const auto n = static_cast<Eigen::Index>(s.class_rows());
        const Eigen::Index d = config_.dim;
        const auto r = static_cast<Eigen::Index>(s.roles);
        add_box2el_tables(tables_, n, r, d);
    }
    bool supports(NfKind) const override { return true; }
    void terms(const NfAxiom& ax, LossPart part, TermList& out) const override {
        const NfAxiom a = rows_of(ax);
        const float g = config_.margin, dl = config_.delta;
        auto inc = [&](T t) { return t.k(-g); };
        if (part == LossPart::Regulariser) {
            if (config_.reg == 0) return;
            for (kg::Id c : {a.a, a.b, a.c})
                if (c != kg::kNoId) out.push_back(T(Term::Box).vec(2, c).w(config_.reg));
            return;
        }
        if (part == LossPart::Positive) {
            switch (a.kind) {
            case NfKind::GCI0:
                out.push_back(inc(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b, -1)));
                break;
            case NfKind::GCI1:
                out.push_back(inc(
                    T(Term::Inter).vec(0, a.a).vec(0, a.b).vec(0, a.c).rad(1, a.a).rad(1, a.b).rad(1, a.c).empty()));
                break;
            case NfKind::GCI1_BOT: // disj
                out.push_back(T(Term::Box).s1(-1).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a).rad(1, a.b).k(-g));
                break;
            case NfKind::GCI2: // ½[inc(C + β_D, H_r) + inc(D + β_C, T_r)]
                out.push_back(
                    inc(T(Term::Box).vec(0, a.a).vec(2, a.b).vec(3, a.r, -1).rad(1, a.a).rad(4, a.r, -1)).w(0.5f));
                out.push_back(
                    inc(T(Term::Box).vec(0, a.b).vec(2, a.a).vec(5, a.r, -1).rad(1, a.b).rad(6, a.r, -1)).w(0.5f));
                break;
            case NfKind::GCI3: // inc(H_r − β_A, B)
                out.push_back(
                    inc(T(Term::Box).vec(3, a.r).vec(2, a.a, -1).vec(0, a.b, -1).rad(4, a.r).rad(1, a.b, -1)));
                break;
            case NfKind::GCI0_BOT: out.push_back(T(Term::Box).s1(0).rad(1, a.a)); break;
            case NfKind::GCI3_BOT: out.push_back(T(Term::Box).s1(0).rad(4, a.r)); break;
            case NfKind::RI:
                out.push_back(inc(T(Term::Box).vec(3, a.r).vec(3, a.s, -1).rad(4, a.r).rad(4, a.s, -1)).w(0.5f));
                out.push_back(inc(T(Term::Box).vec(5, a.r).vec(5, a.s, -1).rad(6, a.r).rad(6, a.s, -1)).w(0.5f));
                break;
            case NfKind::RC: // ½[inc(H_r, H_t) + inc(T_s, T_t)]
                out.push_back(inc(T(Term::Box).vec(3, a.r).vec(3, a.t, -1).rad(4, a.r).rad(4, a.t, -1)).w(0.5f));
                out.push_back(inc(T(Term::Box).vec(5, a.s).vec(5, a.t, -1).rad(6, a.s).rad(6, a.t, -1)).w(0.5f));
                break;
            default: break;
            }
            return;
        }
        auto dneg = [&](T t) { return t.k(g).target(dl); };
        switch (a.kind) {
        case NfKind::GCI0:
            out.push_back(dneg(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1)));
            break;
        case NfKind::GCI1:
            out.push_back(
                dneg(T(Term::Inter).s1(-1).vec(0, a.a).vec(0, a.b).vec(0, a.c).rad(1, a.a).rad(1, a.b).rad(1, a.c)));
            break;
        case NfKind::GCI1_BOT: // should overlap: dneg towards 0
            out.push_back(T(Term::Box).vec(0, a.a).vec(0, a.b, -1).rad(1, a.a, -1).rad(1, a.b, -1).k(g));
            break;
        case NfKind::GCI2:
            out.push_back(dneg(T(Term::Box).vec(0, a.a).vec(2, a.b).vec(3, a.r, -1).rad(1, a.a, -1).rad(4, a.r, -1)));
            out.push_back(dneg(T(Term::Box).vec(0, a.b).vec(2, a.a).vec(5, a.r, -1).rad(1, a.b, -1).rad(6, a.r, -1)));
            break;
        case NfKind::GCI3:
            out.push_back(
                dneg(T(Term::Box).vec(3, a.r).vec(2, a.a, -1).vec(0, a.b, -1).rad(4, a.r, -1).rad(1, a.b, -1)));
            break;
        default: break;
        }
    }
};

} // namespace

std::unique_ptr<ElModel> make_el_model(const ElModelConfig& config, const ElSizes& sizes) {
    if (config.dim < 1) throw std::invalid_argument("EL model dimension must be ≥ 1");
    const std::string& n = config.name;
    {
        const auto& vs = el_variants(n);
        if (std::find(vs.begin(), vs.end(), config.variant) == vs.end())
            throw std::invalid_argument(n + " has no variant '" + std::string(el_variant_name(config.variant)) +
                                        "' (valid: " + el_variant_list(n) + ")");
    }
    if (config.variant != ElVariant::Kbcx) return std::make_unique<ElReleasedModel>(config, sizes);
    if (n == "ELEmbeddings") return std::make_unique<BallModel>(config, sizes, false, false);
    if (n == "ELEmbeddings-iv") return std::make_unique<BallModel>(config, sizes, true, false);
    if (n == "EmEL++") return std::make_unique<BallModel>(config, sizes, true, true);
    if (n == "ELBE") return std::make_unique<ElbeModel>(config, sizes);
    if (n == "Box2EL") return std::make_unique<Box2ElModel>(config, sizes);
    throw std::invalid_argument("unknown EL model '" + n + "'");
}

double ElAxiomScorer::score(const NfAxiom& axiom) const {
    return model_.score(axiom);
}

} // namespace kbcx::embed
