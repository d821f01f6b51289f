// The EL models of models.md §7–§10 as lists of loss terms per normal form, and the term
// values and hand-derived gradients (models.md §0 subgradients: [z]₊′ = 1 for z > 0, ∇‖x‖ = 0 at 0).
#include "embed/el_models.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace kbcx::embed {

std::string_view nf_kind_name(NfKind kind) {
    switch (kind) {
    case NfKind::GCI0: return "GCI0";
    case NfKind::GCI0_BOT: return "GCI0_BOT";
    case NfKind::GCI1: return "GCI1";
    case NfKind::GCI1_BOT: return "GCI1_BOT";
    case NfKind::GCI2: return "GCI2";
    case NfKind::GCI3: return "GCI3";
    case NfKind::GCI3_BOT: return "GCI3_BOT";
    case NfKind::RI: return "RI";
    case NfKind::ClassAssertion: return "CA";
    case NfKind::RoleAssertion: return "RA";
    case NfKind::RC: return "RC";
    }
    return "?";
}

const std::vector<std::string>& el_model_names() {
    static const std::vector<std::string> names = {"ELEmbeddings", "ELEmbeddings-iv", "EmEL++", "ELBE", "Box2EL"};
    return names;
}

namespace {
std::string lower(std::string_view s) {
    std::string o(s);
    for (char& c : o)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return o;
}
} // namespace

std::string canonical_el_model_name(std::string_view name) {
    const std::string n = lower(name);
    if (n == "elembeddings" || n == "elem") return "ELEmbeddings";
    if (n == "elembeddings-iv" || n == "elem-iv") return "ELEmbeddings-iv";
    if (n == "emel++" || n == "emelpp" || n == "emel") return "EmEL++";
    if (n == "elbe" || n == "elboxembedding") return "ELBE";
    if (n == "box2el" || n == "box²el" || n == "boxsquaredel") return "Box2EL";
    throw std::invalid_argument("unknown EL model '" + std::string(name) +
                                "' (ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL)");
}

bool is_el_model_name(std::string_view name) {
    try {
        canonical_el_model_name(name);
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

std::string_view el_variant_name(ElVariant v) {
    switch (v) {
    case ElVariant::Kbcx: return "kbcx";
    case ElVariant::Mowl: return "mowl";
    case ElVariant::Paper: return "paper";
    case ElVariant::Authors: return "authors";
    case ElVariant::Dele: return "dele";
    case ElVariant::Kracr: return "kracr";
    }
    return "?";
}

ElVariant parse_el_variant(std::string_view name) {
    const std::string n = lower(name);
    if (n == "kbcx") return ElVariant::Kbcx;
    if (n == "mowl") return ElVariant::Mowl;
    if (n == "paper") return ElVariant::Paper;
    if (n == "authors") return ElVariant::Authors;
    if (n == "dele") return ElVariant::Dele;
    if (n == "kracr") return ElVariant::Kracr;
    throw std::invalid_argument("unknown variant '" + std::string(name) +
                                "' (kbcx, mowl, paper, dele, kracr, authors)");
}

const std::vector<ElVariant>& el_variants(const std::string& name) {
    static const std::vector<ElVariant> elem = {ElVariant::Paper, ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> emel = {ElVariant::Paper, ElVariant::Kracr, ElVariant::Kbcx};
    static const std::vector<ElVariant> elbe = {ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> box = {ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> rgcn = {ElVariant::Authors, ElVariant::Kbcx};
    static const std::vector<ElVariant> own = {ElVariant::Kbcx};
    if (name == "rgcn") return rgcn;
    if (name == "ELEmbeddings") return elem;
    if (name == "EmEL++") return emel;
    if (name == "ELBE") return elbe;
    if (name == "Box2EL") return box;
    return own;
}

ElVariant default_el_variant(const std::string& name) {
    return el_variants(name).front();
}

std::string el_variant_list(const std::string& name) {
    std::string s;
    for (ElVariant v : el_variants(name))
        s += (s.empty() ? "" : ", ") + std::string(el_variant_name(v));
    return s;
}

ElVariantTraining el_variant_training(ElVariant v) {
    ElVariantTraining t;
    switch (v) {
    case ElVariant::Kbcx:
    case ElVariant::Authors: break;
    case ElVariant::Mowl:
    case ElVariant::Paper:
    case ElVariant::Dele:
        t.epochs = ElReleasedDefaults::epochs;
        t.batch = 1; // unused: one step on the whole set
        t.neg = ElReleasedDefaults::neg;
        t.lr = ElReleasedDefaults::lr;
        t.batch_applies = t.neg_applies = false;
        break;
    case ElVariant::Kracr:
        t.epochs = ElKracrDefaults::epochs;
        t.batch = ElKracrDefaults::batch;
        t.neg = 2;
        t.lr = ElKracrDefaults::lr;
        t.neg_applies = false;
        break;
    }
    return t;
}

std::uint32_t parse_neg_forms(std::string_view list) {
    static const std::pair<const char*, NfKind> names[] = {
        {"gci0", NfKind::GCI0},        {"gci1", NfKind::GCI1},         {"gci2", NfKind::GCI2},
        {"gci3", NfKind::GCI3},        {"gci0_bot", NfKind::GCI0_BOT}, {"gci1_bot", NfKind::GCI1_BOT},
        {"gci3_bot", NfKind::GCI3_BOT}};
    const std::string l = lower(list);
    if (l == "none" || l.empty()) return 0;
    std::uint32_t mask = 0;
    std::size_t pos = 0;
    while (pos <= l.size()) {
        const std::size_t comma = l.find(',', pos);
        const std::string item = l.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        bool found = false;
        for (const auto& [n, k] : names)
            if (item == n) mask |= 1u << static_cast<int>(k), found = true;
        if (!found)
            throw std::invalid_argument("unknown normal form '" + item +
                                        "' (gci0, gci1, gci2, gci3, gci0_bot, gci1_bot, gci3_bot, none)");
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    return mask;
}

std::string neg_forms_text(std::uint32_t mask) {
    std::string s;
    for (int k = 0; k < kNfKinds; ++k)
        if (mask & (1u << k)) s += (s.empty() ? "" : ",") + lower(nf_kind_name(static_cast<NfKind>(k)));
    return s.empty() ? "none" : s;
}

ElModelConfig default_el_config(const std::string& name, ElVariant variant) {
    const auto& vs = el_variants(name);
    if (std::find(vs.begin(), vs.end(), variant) == vs.end())
        throw std::invalid_argument(name + " has no variant '" + std::string(el_variant_name(variant)) +
                                    "' (valid: " + el_variant_list(name) + ")");
    ElModelConfig c;
    c.name = name;
    c.variant = variant;
    c.dim = variant == ElVariant::Kbcx ? ElTrainDefaults::dim : ElReleasedDefaults::dim;
    if (variant == ElVariant::Dele) c.neg_forms = ElDeleDefaults::neg_forms;
    if (name == "ELEmbeddings" || name == "ELEmbeddings-iv") {
        c.margin = 0.0f; // mowl's default (the original used −0.1)
        c.reg = variant == ElVariant::Dele ? static_cast<float>(ElDeleDefaults::reg) : 1.0f;
    } else if (name == "EmEL++") {
        c.margin = variant == ElVariant::Paper   ? 0.0f // mOWL's ELEm margin
                   : variant == ElVariant::Kracr ? static_cast<float>(ElKracrDefaults::margin)
                                                 : 0.05f;
        c.reg = 1.0f;
    } else if (name == "ELBE") {
        c.margin = 0.0f;
        c.delta = 2.0f; // the original's (ℓ_neg − 2)²
        c.reg = 0.0f;
    } else if (name == "Box2EL" && variant == ElVariant::Dele) {
        c.margin = 0.0f; // DELE's defaults: γ 0, δ 2, λ 0.05
        c.delta = 2.0f;
        c.reg = 0.05f;
    } else if (name == "Box2EL") {
        c.margin = 0.02f; // mowl defaults: γ 0.02, δ 2.5, λ 0.2
        c.delta = 2.5f;
        c.reg = 0.2f;
    }
    return c;
}

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

/// The parameter tables of each geometry, named as checkpoints store them (and shared by every
/// variant of a model): n class rows, r roles, dimension d.
void add_ball_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.radius", Matrix::Zero(n, 1)});
    t.push_back({"relation", Matrix::Zero(r, d)});
}
/// The original ball init: each [c | ρ] row drawn (c ~ U(−1, 1), ρ ~ U(0, 1) when `positive_radius`,
/// else U(−1, 1)) and normalised as one vector.
void init_joint_balls(Matrix& C, Matrix& R, std::mt19937_64& rng, bool positive_radius) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), u01(0.0f, 1.0f);
    for (Eigen::Index i = 0; i < C.rows(); ++i) {
        for (Eigen::Index k = 0; k < C.cols(); ++k)
            C(i, k) = u(rng);
        R(i, 0) = positive_radius ? u01(rng) : u(rng);
        const float n = std::sqrt(C.row(i).square().sum() + R(i, 0) * R(i, 0));
        C.row(i) /= n;
        R(i, 0) /= n;
    }
}
/// Rows drawn from U(−1, 1) and normalised (relation vectors).
void init_unit_rows(Matrix& V, std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (Eigen::Index i = 0; i < V.rows(); ++i) {
        for (Eigen::Index k = 0; k < V.cols(); ++k)
            V(i, k) = u(rng);
        V.row(i) /= std::sqrt(V.row(i).square().sum());
    }
}
void add_box_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.offset", Matrix::Zero(n, d)});
    t.push_back({"relation", Matrix::Zero(r, d)});
}
void add_box2el_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d) {
    t.push_back({"class.centre", Matrix::Zero(n, d)});
    t.push_back({"class.offset", Matrix::Zero(n, d)});
    t.push_back({"class.bump", Matrix::Zero(n, d)});
    t.push_back({"head.centre", Matrix::Zero(r, d)});
    t.push_back({"head.offset", Matrix::Zero(r, d)});
    t.push_back({"tail.centre", Matrix::Zero(r, d)});
    t.push_back({"tail.offset", Matrix::Zero(r, d)});
}

} // namespace

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

// --- the models as mOWL releases them ----------------------------------------------------

namespace {

mowl::Geometry geometry_of(const std::string& name) {
    if (name == "ELEmbeddings" || name == "EmEL++") return mowl::Geometry::ELEm;
    if (name == "ELBE") return mowl::Geometry::ELBE;
    if (name == "Box2EL") return mowl::Geometry::Box2EL;
    throw std::invalid_argument(name + " has no released (mowl/paper) variant");
}

/// GradBuffer as a sink of mowl's loss functions.
struct BufferSink {
    GradBuffer& g;
    float* row(std::size_t t, std::uint32_t r) { return g.row(t, r); }
};

} // namespace

ElReleasedModel::ElReleasedModel(ElModelConfig c, ElSizes s)
    : ElModel(std::move(c), s), geometry_(geometry_of(config_.name)) {
    for (std::size_t i = 0; i < s.concepts; ++i)
        class_rows_.push_back(static_cast<std::uint32_t>(i));
    class_rows_.push_back(concept_row(kTopConcept));
    class_rows_.push_back(bottom_row());
    const auto n = static_cast<Eigen::Index>(table_class_rows());
    const Eigen::Index d = config_.dim;
    const auto r = static_cast<Eigen::Index>(s.roles);
    switch (geometry_) {
    case mowl::Geometry::ELEm:
        add_ball_tables(tables_, n, r, d);
        if (config_.variant == ElVariant::Kracr) tables_.push_back({"subclass", Matrix::Zero(1, d)});
        break;
    case mowl::Geometry::ELBE: add_box_tables(tables_, n, r, d); break;
    case mowl::Geometry::Box2EL: add_box2el_tables(tables_, n, r, d); break;
    }
}

void ElReleasedModel::init(std::mt19937_64& rng) {
    if (config_.variant == ElVariant::Kracr) {
        // kracr: [c | ρ] with c ~ U(−1, 1), ρ ~ U(0, 1) normalised jointly; relations (and the
        // SubClassOf vector, one of them there) U(−1, 1) normalised.
        init_joint_balls(tables_[0].values, tables_[1].values, rng, true);
        for (std::size_t t : {std::size_t(2), std::size_t(3)})
            init_unit_rows(tables_[t].values, rng);
        return;
    }
    // mOWL: every table U(−1, 1) with each row divided by its L2 norm; ELEm's radius table is
    // one wide, so its rows become ±1 (|ρ| = 1), apart from the centres.
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (auto& t : tables_)
        for (Eigen::Index i = 0; i < t.values.rows(); ++i) {
            for (Eigen::Index k = 0; k < t.values.cols(); ++k)
                t.values(i, k) = u(rng);
            const float n = std::sqrt(t.values.row(i).square().sum());
            if (n > 0) t.values.row(i) /= n;
        }
}

bool ElReleasedModel::supports(NfKind k) const {
    switch (k) {
    case NfKind::GCI0:
    case NfKind::GCI0_BOT:
    case NfKind::GCI1:
    case NfKind::GCI1_BOT:
    case NfKind::GCI2:
    case NfKind::GCI3:
    case NfKind::GCI3_BOT: return true;
    case NfKind::RI:
    case NfKind::RC: return config_.name == "EmEL++"; // EmEL++'s role losses
    default: return false; // mOWL's normaliser keeps SubClassOf axioms only; no ABox forms here
    }
}

bool ElReleasedModel::has_negative(NfKind kind) const {
    if (config_.variant == ElVariant::Dele)
        return kind < NfKind::RI && (config_.neg_forms & (1u << static_cast<int>(kind)));
    return kind == NfKind::GCI2;
}

NfAxiom ElReleasedModel::corrupt(const NfAxiom& a, std::uint32_t filler) const {
    NfAxiom n = a;
    if (config_.variant != ElVariant::Dele) {
        n.b = filler; // mOWL: the GCI2 filler
        return n;
    }
    switch (a.kind) { // DELE: the tail; the ⊥ forms their one class
    case NfKind::GCI1: n.c = filler; break;
    case NfKind::GCI0_BOT:
    case NfKind::GCI1_BOT:
    case NfKind::GCI3_BOT: n.a = filler; break;
    default: n.b = filler; break;
    }
    return n;
}

mowl::View<float> ElReleasedModel::view() const {
    mowl::View<float> v;
    for (std::size_t t = 0; t < tables_.size(); ++t) {
        v.data[t] = tables_[t].values.data();
        v.width[t] = static_cast<std::size_t>(tables_[t].values.cols());
    }
    return v;
}

mowl::Options<float> ElReleasedModel::options() const {
    mowl::Options<float> o;
    o.gamma = config_.margin;
    o.delta = config_.delta;
    const bool emel = config_.name == "EmEL++";
    const bool dele = config_.variant == ElVariant::Dele;
    o.gci3_inside = (config_.variant == ElVariant::Paper || dele);
    o.subclass_vec = o.term_iv = config_.variant == ElVariant::Kracr;
    o.neg_hinge = config_.variant != ElVariant::Kracr;
    o.elbe_minus_gamma = dele;
    o.box2el_plain = dele;
    o.relu_rad = emel;
    o.roles = emel;
    o.gci2_eps = !emel && !dele;
    o.bot_radius = dele;
    o.epsilon = static_cast<float>(ElDeleDefaults::epsilon);
    return o;
}

double ElReleasedModel::loss(const NfAxiom& axiom) const {
    if (!supports(axiom.kind) || !in_signature(axiom)) return std::nan("");
    return traced_loss(axiom, nullptr);
}

double ElReleasedModel::explain(const NfAxiom& axiom, std::vector<TermTrace>& out) const {
    if (!supports(axiom.kind) || !in_signature(axiom)) return std::nan("");
    return traced_loss(axiom, &out);
}

NfAxiom ElReleasedModel::folded_rows(const NfAxiom& axiom) const {
    NfAxiom a = rows_of(axiom);
    if (a.kind == NfKind::GCI0_BOT) {
        a.kind = NfKind::GCI0;
        a.b = bottom_row();
    } else if (a.kind == NfKind::GCI1_BOT) {
        a.kind = NfKind::GCI1;
        a.c = bottom_row();
    } else if (a.kind == NfKind::GCI3_BOT) {
        a.kind = NfKind::GCI3;
        a.b = bottom_row();
    }
    return a;
}

double ElReleasedModel::traced_loss(const NfAxiom& axiom, std::vector<TermTrace>* trace) const {
    const NfAxiom a = folded_rows(axiom);
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    return mowl::positive<float, BufferSink>(geometry_, options(), a, view(), d, nullptr, 0.0f, trace);
}

double ElReleasedModel::part_value(const NfAxiom& axiom, LossPart part) const {
    const NfAxiom a = rows_of(axiom);
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    if (part == LossPart::Positive)
        return mowl::positive<float, BufferSink>(geometry_, options(), a, view(), d, nullptr, 0.0f);
    if (part == LossPart::Negative && config_.variant == ElVariant::Dele && has_negative(a.kind))
        return mowl::dele_negative<float, BufferSink>(geometry_, options(), a, view(), d, nullptr, 0.0f);
    if (part == LossPart::Negative && config_.variant != ElVariant::Dele && a.kind == NfKind::GCI2)
        return mowl::gci2_negative<float, BufferSink>(geometry_, options(), a, view(), d, nullptr, 0.0f);
    return 0;
}

void ElReleasedModel::add_part_grad(const NfAxiom& axiom, LossPart part, float coeff, GradBuffer& g) const {
    const NfAxiom a = rows_of(axiom);
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    BufferSink sink{g};
    if (part == LossPart::Positive) mowl::positive(geometry_, options(), a, view(), d, &sink, coeff);
    if (part == LossPart::Negative && config_.variant == ElVariant::Dele && has_negative(a.kind))
        mowl::dele_negative(geometry_, options(), a, view(), d, &sink, coeff);
    if (part == LossPart::Negative && config_.variant != ElVariant::Dele && a.kind == NfKind::GCI2)
        mowl::gci2_negative(geometry_, options(), a, view(), d, &sink, coeff);
}

double ElReleasedModel::objective(std::span<const NfAxiom> train, std::span<const std::uint32_t> fillers,
                                  GradBuffer* g) const {
    if (config_.variant == ElVariant::Dele) return dele_objective(train, fillers, g);
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    const mowl::View<float> V = view();
    const mowl::Options<float> o = options();
    const bool squared_means = geometry_ == mowl::Geometry::ELBE; // MSELoss of the mean against 0 / 1
    // Pass 1: the mean of each normal form's losses and of the GCI2 negatives.
    std::array<double, kNfKinds> sum{};
    std::array<std::size_t, kNfKinds> n{};
    double neg_sum = 0;
    std::size_t neg_n = 0;
    for (std::size_t i = 0; i < train.size(); ++i) {
        const NfAxiom a = rows_of(train[i]);
        const int k = static_cast<int>(a.kind);
        sum[k] += mowl::positive<float, BufferSink>(geometry_, o, a, V, d, nullptr, 0.0f);
        ++n[k];
        if (i < fillers.size() && fillers[i] != kg::kNoId && a.kind == NfKind::GCI2) {
            NfAxiom neg = a;
            neg.b = fillers[i];
            neg_sum += mowl::gci2_negative<float, BufferSink>(geometry_, o, neg, V, d, nullptr, 0.0f);
            ++neg_n;
        }
    }
    double L = 0;
    std::array<float, kNfKinds> coeff{};
    for (int k = 0; k < kNfKinds; ++k) {
        if (!n[k]) continue;
        const double mean = sum[k] / static_cast<double>(n[k]);
        L += squared_means ? mean * mean : mean;
        coeff[k] = static_cast<float>((squared_means ? 2 * mean : 1.0) / static_cast<double>(n[k]));
    }
    float neg_coeff = 0;
    if (neg_n) {
        const double mean = neg_sum / static_cast<double>(neg_n);
        L += squared_means ? (mean - 1) * (mean - 1) : mean;
        neg_coeff = static_cast<float>((squared_means ? 2 * (mean - 1) : 1.0) / static_cast<double>(neg_n));
    }
    const std::span<const std::uint32_t> rows = class_rows_;
    const float reg = config_.reg;
    if (!g) return L + mowl::regulariser<float, BufferSink>(geometry_, rows, reg, V, d, nullptr, 0.0f, o.relu_rad);
    // Pass 2: gradients with each axiom's coefficient ∂L/∂ℓ.
    BufferSink sink{*g};
    for (std::size_t i = 0; i < train.size(); ++i) {
        const NfAxiom a = rows_of(train[i]);
        mowl::positive(geometry_, o, a, V, d, &sink, coeff[static_cast<int>(a.kind)]);
        if (i < fillers.size() && fillers[i] != kg::kNoId && a.kind == NfKind::GCI2) {
            NfAxiom neg = a;
            neg.b = fillers[i];
            mowl::gci2_negative(geometry_, o, neg, V, d, &sink, neg_coeff);
        }
    }
    return L + mowl::regulariser(geometry_, rows, reg, V, d, &sink, 1.0f, o.relu_rad);
}

double ElReleasedModel::dele_value(const NfAxiom& a, bool negative, GradBuffer* g, float coeff) const {
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    const mowl::View<float> V = view();
    const mowl::Options<float> o = options();
    std::optional<BufferSink> sink;
    if (g) sink.emplace(BufferSink{*g});
    BufferSink* s = g ? &*sink : nullptr;
    double v = negative ? mowl::dele_negative(geometry_, o, a, V, d, s, coeff)
                        : mowl::positive(geometry_, o, a, V, d, s, coeff);
    if (config_.reg != 0 && geometry_ == mowl::Geometry::ELEm) {
        std::array<std::uint32_t, 3> rows{};
        const std::size_t n = mowl::dele_reg_rows(a, rows);
        for (std::size_t i = 0; i < n; ++i)
            v += mowl::unit_norm(V, d, 0, rows[i], config_.reg, s, coeff);
    }
    return v;
}

double ElReleasedModel::dele_objective(std::span<const NfAxiom> train, std::span<const std::uint32_t> fillers,
                                       GradBuffer* g) const {
    // DELE's train(): per normal form mean ℓ⁺ (+ mean ℓ⁻ for the forms of neg_forms); ELEm squares
    // GCI2 when it has negatives (mean ℓ⁺² + mean ℓ⁻²), ELBE and Box²EL square every form; Box²EL's
    // GCI2 and GCI3 negatives are means already, squared as a whole: (mean ℓ⁻)². ELEm's ℓ includes
    // λ·|‖c‖ − 1| per class occurrence; Box²EL adds λ·mean ‖β‖ over every class once.
    const std::size_t n_ax = train.size();
    std::array<std::size_t, kNfKinds> n{}, nn{};
    std::array<double, kNfKinds> neg_mean{};
    std::vector<NfAxiom> rows(n_ax), negs(n_ax);
    std::vector<double> pv(n_ax), nv(n_ax);
    std::vector<char> has_neg(n_ax, 0);
    const bool all_squared = geometry_ != mowl::Geometry::ELEm;
    const auto squares = [&](int k) { return all_squared || (k == static_cast<int>(NfKind::GCI2) && nn[k] > 0); };
    const auto mean_squared = [&](int k) { // Box²EL: the negative loss is a mean, squared once
        return geometry_ == mowl::Geometry::Box2EL &&
               (k == static_cast<int>(NfKind::GCI2) || k == static_cast<int>(NfKind::GCI3));
    };
    for (std::size_t i = 0; i < n_ax; ++i) {
        rows[i] = rows_of(train[i]);
        const int k = static_cast<int>(rows[i].kind);
        ++n[k];
        pv[i] = dele_value(rows[i], false, nullptr, 0.0f);
        if (i < fillers.size() && fillers[i] != kg::kNoId && has_negative(rows[i].kind)) {
            negs[i] = corrupt(rows[i], fillers[i]);
            has_neg[i] = 1;
            ++nn[k];
            nv[i] = dele_value(negs[i], true, nullptr, 0.0f);
            neg_mean[k] += nv[i];
        }
    }
    for (int k = 0; k < kNfKinds; ++k)
        if (nn[k]) neg_mean[k] /= static_cast<double>(nn[k]);
    double L = 0;
    for (int k = 0; k < kNfKinds; ++k)
        if (mean_squared(k) && nn[k]) L += neg_mean[k] * neg_mean[k];
    for (std::size_t i = 0; i < n_ax; ++i) {
        const int k = static_cast<int>(rows[i].kind);
        const bool sq = squares(k);
        const double v = pv[i];
        L += (sq ? v * v : v) / static_cast<double>(n[k]);
        if (g && v != 0)
            dele_value(rows[i], false, g, static_cast<float>((sq ? 2 * v : 1.0) / static_cast<double>(n[k])));
        if (!has_neg[i]) continue;
        const double w = nv[i];
        const double dn = static_cast<double>(nn[k]);
        if (!mean_squared(k)) L += (sq ? w * w : w) / dn;
        const double c = mean_squared(k) ? 2 * neg_mean[k] / dn : (sq ? 2 * w : 1.0) / dn;
        if (g && c != 0) dele_value(negs[i], true, g, static_cast<float>(c));
    }
    if (geometry_ == mowl::Geometry::Box2EL && config_.reg != 0) {
        const std::size_t d = static_cast<std::size_t>(config_.dim);
        const std::span<const std::uint32_t> cls = class_rows_;
        if (g) {
            BufferSink sink{*g};
            L += mowl::regulariser(geometry_, cls, config_.reg, view(), d, &sink, 1.0f);
        } else {
            L += mowl::regulariser<float, BufferSink>(geometry_, cls, config_.reg, view(), d, nullptr, 0.0f);
        }
    }
    return L;
}

double ElReleasedModel::kracr_objective(const KracrBatch& b, GradBuffer* g) const {
    const std::size_t d = static_cast<std::size_t>(config_.dim);
    const mowl::View<float> V = view();
    const mowl::Options<float> o = options();
    const float lambda = config_.reg;
    const std::uint32_t top = concept_row(kTopConcept);
    const float target = static_cast<float>(ElKracrDefaults::top_radius);
    // ℓ of one slot's axiom with its regulariser; gradient coeff·∂ when s is given.
    const auto axiom_loss = [&](const NfAxiom& a, bool negative, BufferSink* s, float coeff) {
        double v = negative ? mowl::gci2_negative(geometry_, o, a, V, d, s, coeff)
                            : mowl::positive(geometry_, o, a, V, d, s, coeff);
        if (lambda == 0) return v;
        const bool roles = a.kind == NfKind::RI || a.kind == NfKind::RC;
        const std::array<std::uint32_t, 3> rows =
            roles ? std::array<std::uint32_t, 3>{a.r, a.s, a.t} : std::array<std::uint32_t, 3>{a.a, a.b, a.c};
        const std::size_t n = a.kind == NfKind::GCI1 || a.kind == NfKind::RC ? 3 : 2;
        for (std::size_t i = 0; i < n; ++i)
            v += mowl::unit_norm(V, d, roles ? 2 : 0, rows[i], lambda, s, coeff);
        return v;
    };
    const auto extras = [&](std::size_t i, GradBuffer* gb, float coeff) { // |[ρ_⊤]₊ − 5| + [−ρ]₊
        const float pt = V.row(1, top)[0];
        const float rt = std::max(pt, 0.0f);
        double v = std::fabs(rt - target);
        const float pr = i < b.radius_rows.size() ? V.row(1, b.radius_rows[i])[0] : 0.0f;
        if (i < b.radius_rows.size() && pr < 0) v -= pr;
        if (gb && coeff != 0) {
            if (pt > 0) gb->row(1, top)[0] += coeff * (rt > target ? 1.0f : rt < target ? -1.0f : 0.0f);
            if (i < b.radius_rows.size() && pr < 0) gb->row(1, b.radius_rows[i])[0] -= coeff;
        }
        return v;
    };
    double L = 0;
    std::optional<BufferSink> sink;
    if (g) sink.emplace(BufferSink{*g});
    for (std::size_t i = 0; i < b.size; ++i) {
        double row = extras(i, nullptr, 0.0f);
        for (const auto& f : b.forms)
            if (i < f.size()) row += axiom_loss(f[i], false, nullptr, 0.0f);
        if (i < b.negatives.size()) row += axiom_loss(b.negatives[i], true, nullptr, 0.0f);
        L += row * row / static_cast<double>(b.size);
        if (!g || row == 0) continue;
        const float c = static_cast<float>(2 * row / static_cast<double>(b.size));
        extras(i, g, c);
        for (const auto& f : b.forms)
            if (i < f.size()) axiom_loss(f[i], false, &*sink, c);
        if (i < b.negatives.size()) axiom_loss(b.negatives[i], true, &*sink, c);
    }
    return L;
}

double ElReleasedModel::mean_loss(std::span<const NfAxiom> axioms, NfKind kind) const {
    double sum = 0;
    std::size_t n = 0;
    for (const NfAxiom& a : axioms)
        if (a.kind == kind && in_signature(a)) {
            const NfAxiom r = rows_of(a);
            sum += config_.variant == ElVariant::Dele ? dele_value(r, false, nullptr, 0.0f)
                                                      : part_value(a, LossPart::Positive);
            ++n;
        }
    return n ? sum / static_cast<double>(n) : std::nan("");
}

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
