// The EL models as their references release them (ElReleasedModel, variants mowl, paper, dele,
// kracr): mOWL's loss functions per geometry, DELE's negatives and kracr/EmELpp's objective.
#include "embed/el_models.hpp"
#include "embed/el_tables.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace kbcx::embed {

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

} // namespace kbcx::embed
