// The anatomy of a score (see score_anatomy.hpp): a checkpoint loaded once, its model's traced
// loss terms named with the signature, triple models on the graph projection, kept checkpoints.
#include "embed/score_anatomy.hpp"

#include "common/error.hpp"
#include "common/text.hpp"
#include "embed/checkpoint.hpp"
#include "embed/score_axioms.hpp"
#include "embed/train_el.hpp"
#include "embed/train_kg.hpp"
#include "embed/training.hpp"
#include "eval/eval_input.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <unordered_map>

namespace kbcx::embed {

namespace fs = std::filesystem;

namespace {

std::string num(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.9g", x);
    return b;
}
std::string short_num(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", x);
    return b;
}

/// What a parameter table is to a reader: the symbol of a row in formulas and the object it
/// belongs to ("ball", "box", …), from the table names every EL geometry shares (el_tables.hpp).
struct TableRole {
    const char* symbol; ///< c, ρ, o, β, v
    const char* object; ///< ball, box, bump, relation, head, tail
    bool role_row;      ///< rows are roles (else class rows)
};
TableRole table_role(const std::string& name, bool balls) {
    if (name == "class.centre") return {"c", balls ? "ball" : "box", false};
    if (name == "class.radius") return {"ρ", "ball", false};
    if (name == "class.offset") return {"o", "box", false};
    if (name == "class.bump") return {"β", "bump", false};
    if (name == "head.centre") return {"c_head", "head", true};
    if (name == "head.offset") return {"o_head", "head", true};
    if (name == "tail.centre") return {"c_tail", "tail", true};
    if (name == "tail.offset") return {"o_tail", "tail", true};
    if (name == "subclass") return {"v", "subclass", true}; // EmEL++ kracr's learned SubClassOf vector
    return {"v", "relation", true};
}

std::string nf_text(const NfAxiom& a, const ExplainModel& m) {
    const auto C = [&](kg::Id c) { return m.class_row_name(m.el_model()->concept_row(c)); };
    const auto X = [&](kg::Id x) { return m.class_row_name(m.el_model()->individual_row(x)); };
    const auto R = [&](kg::Id r) { return m.role_name(r); };
    const std::string k = std::string(nf_kind_name(a.kind)) + ": ";
    switch (a.kind) {
    case NfKind::GCI0: return k + C(a.a) + " ⊑ " + C(a.b);
    case NfKind::GCI0_BOT: return k + C(a.a) + " ⊑ ⊥";
    case NfKind::GCI1: return k + C(a.a) + " ⊓ " + C(a.b) + " ⊑ " + C(a.c);
    case NfKind::GCI1_BOT: return k + C(a.a) + " ⊓ " + C(a.b) + " ⊑ ⊥";
    case NfKind::GCI2: return k + C(a.a) + " ⊑ ∃" + R(a.r) + "." + C(a.b);
    case NfKind::GCI3: return k + "∃" + R(a.r) + "." + C(a.a) + " ⊑ " + C(a.b);
    case NfKind::GCI3_BOT: return k + "∃" + R(a.r) + "." + C(a.a) + " ⊑ ⊥";
    case NfKind::RI: return k + R(a.r) + " ⊑ " + R(a.s);
    case NfKind::ClassAssertion: return k + C(a.a) + "(" + X(a.x) + ")";
    case NfKind::RoleAssertion: return k + R(a.r) + "(" + X(a.x) + ", " + X(a.y) + ")";
    case NfKind::RC: return k + R(a.r) + " ∘ " + R(a.s) + " ⊑ " + R(a.t);
    }
    return k;
}

/// " + x" → "x", " − x" → "−x": the first summand of a sum.
std::string strip_lead(const std::string& r) {
    if (r.rfind(" + ", 0) == 0) return r.substr(3);
    if (r.rfind(" − ", 0) == 0) return "−" + r.substr(std::string(" − ").size());
    return r;
}

/// The formula of a traced term with the rows named, and the parameters it reads.
struct Rendered {
    std::string formula;
    std::vector<std::string> reads;
};

Rendered render(const TermTrace& t, const ExplainModel& m) {
    const ElModel& model = *m.el_model();
    const bool balls = model.tables().size() > 1 && model.tables()[1].name == "class.radius";
    Rendered out;
    auto read = [&](const TracedRef& r) {
        const TableRole tr = table_role(model.tables()[r.table].name, balls);
        std::string p =
            std::string(tr.object) == "subclass" ? std::string("relation(SubClassOf)")
            : tr.role_row ? (std::string(tr.object) == "relation" ? "relation(" + m.role_name(r.row) + ")"
                                                                  : "box(" + m.role_name(r.row) + "," + tr.object + ")")
                          : std::string(tr.object) + "(" + m.class_row_name(r.row) + ")";
        if (std::find(out.reads.begin(), out.reads.end(), p) == out.reads.end()) out.reads.push_back(std::move(p));
    };
    auto sym = [&](const TracedRef& r) {
        const TableRole tr = table_role(model.tables()[r.table].name, balls);
        if (std::string(tr.object) == "subclass") return std::string("v(SubClassOf)");
        return std::string(tr.symbol) + "(" + (tr.role_row ? m.role_name(r.row) : m.class_row_name(r.row)) + ")";
    };
    auto sum = [&](const std::vector<TracedRef>& refs) {
        std::string s;
        for (std::size_t i = 0; i < refs.size(); ++i) {
            read(refs[i]);
            const bool neg = refs[i].sign < 0;
            s += i == 0 ? (neg ? "−" : "") : (neg ? " − " : " + ");
            s += sym(refs[i]);
        }
        return s;
    };
    auto rad = [&](const TracedRef& r, RadFn f) {
        const std::string s = sym(r);
        return f == RadFn::Abs ? "|" + s + "|" : f == RadFn::Relu ? "[" + s + "]₊" : s;
    };
    auto signed_rads = [&](RadFn f) {
        std::string s;
        for (const TracedRef& r : t.rads) {
            read(r);
            s += (r.sign < 0 ? " − " : " + ") + rad(r, f);
        }
        return s;
    };
    auto kappa = [&] {
        if (t.kappa == 0) return std::string();
        return (t.kappa < 0 ? " − " : " + ") + short_num(std::fabs(t.kappa));
    };
    auto lead = [&](const std::string& inner) { // s1·inner
        if (t.s1 == 0) return std::string("0");
        return (t.s1 < 0 ? "−" : "") + (std::fabs(t.s1) == 1 ? "" : short_num(std::fabs(t.s1)) + "·") + inner;
    };
    std::string f;
    switch (t.kind) {
    case TermTrace::Ball: {
        std::string s = t.vecs.empty() ? std::string() : lead("‖" + sum(t.vecs) + "‖");
        std::string r = signed_rads(t.rad_fn);
        if (s.empty()) r = strip_lead(r);
        f = s + r + kappa();
        if (t.hinged) f = "[" + f + "]₊";
        break;
    }
    case TermTrace::Box: {
        std::string s = t.vecs.empty() ? std::string() : lead("|" + sum(t.vecs) + "|");
        std::string r = signed_rads(RadFn::Abs);
        if (s.empty()) r = strip_lead(r);
        f = "‖[" + s + r + kappa() + "]₊‖";
        break;
    }
    case TermTrace::Inter: {
        for (const auto& r : t.vecs)
            read(r);
        for (const auto& r : t.rads)
            read(r);
        const std::string A = m.class_row_name(t.vecs[0].row), B = m.class_row_name(t.vecs[1].row),
                          E = m.class_row_name(t.vecs[2].row);
        const std::string I = A + " ∩ " + B;
        f = "‖[|c(" + I + ") − c(" + E + ")| " + (t.s1 < 0 ? "− " : "+ ") + "o(" + I + ") − |o(" + E + ")|" + kappa() +
            "]₊‖";
        if (t.empty) f += " + ‖[l(" + I + ") − u(" + I + ")]₊‖";
        break;
    }
    case TermTrace::Cos: {
        const std::string x = sum(t.vecs);
        std::vector<TracedRef> ys = t.rads;
        f = "1 − cos(" + x + ", " + sum(ys) + ")";
        break;
    }
    case TermTrace::Norm: f = "|‖" + sum(t.vecs) + "‖ − 1|"; break;
    case TermTrace::MinRad: {
        for (const auto& r : t.rads)
            read(r);
        f = "min(" + rad(t.rads[0], t.rad_fn) + ", " + rad(t.rads[1], t.rad_fn) + ") − " + rad(t.rads[2], t.rad_fn) +
            kappa();
        if (t.hinged) f = "[" + f + "]₊";
        break;
    }
    case TermTrace::Const: f = "constant " + short_num(t.kappa); break;
    }
    if (t.squared) f = "(" + f + ")²";
    if (t.weight != 1) f = short_num(t.weight) + "·" + f;
    out.formula = std::move(f);
    return out;
}

/// Blank-separated words.
std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t')
            ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

/// The formula of a triple model's loss −score(h, r, t) and the parameters it reads.
Rendered kg_formula(const KgModel& m, const std::string& h, const std::string& r, const std::string& t) {
    const std::string& n = m.name();
    const std::string eh = "e(" + h + ")", vr = "v(" + r + ")", et = "e(" + t + ")";
    Rendered out;
    out.reads = {"entity(" + h + ")", "relation(" + r + ")", "entity(" + t + ")"};
    if (n == "TransE-L1")
        out.formula = "‖" + eh + " + " + vr + " − " + et + "‖₁";
    else if (n == "TransE-L2")
        out.formula = "‖" + eh + " + " + vr + " − " + et + "‖₂";
    else if (n == "DistMult")
        out.formula = "−⟨" + eh + ", " + vr + ", " + et + "⟩";
    else if (n == "ComplEx")
        out.formula = "−Re⟨" + eh + ", " + vr + ", conj " + et + "⟩";
    else if (n == "RotatE")
        out.formula = "‖" + eh + " ∘ e^{iθ(" + r + ")} − " + et + "‖₁";
    else if (n == "BoxE") {
        out.formula = "dist(" + eh + " + β(" + t + "), box(" + r + ",head)) + dist(" + et + " + β(" + h + "), box(" +
                      r + ",tail))";
        out.reads = {"entity(" + h + ")", "bump(" + h + ")",     "entity(" + t + ")",
                     "bump(" + t + ")",   "box(" + r + ",head)", "box(" + r + ",tail)"};
    } else { // R-GCN: the DistMult decoder on the encodings (which read the whole graph's parameters)
        out.formula = "−⟨enc(" + h + "), R(" + r + "), enc(" + t + ")⟩";
        out.reads = {"encoding(" + h + ")", "relation(" + r + ")", "encoding(" + t + ")"};
    }
    return out;
}

} // namespace

ExplainModel::ExplainModel(const std::string& checkpoint) : path_(checkpoint) {
    if (!fs::is_regular_file(checkpoint)) throw InputError(checkpoint, "no checkpoint here");
    const Checkpoint c = read_checkpoint(checkpoint); // refuses other format versions and damaged files
    const std::string kind = c.get("kind");
    try {
        epoch_ = c.get("epoch").empty() ? 0 : std::stoi(c.get("epoch"));
        if (kind == "el-model") {
            el_ = load_el_model(checkpoint, &names_);
            for (const auto& [p, iri] : names_.prefixes)
                prefixes_.add(p, iri);
            translator_ = std::make_unique<AxiomTranslator>(names_);
            model_name_ = el_->name();
            variant_ = std::string(el_variant_name(el_->config().variant));
        } else {
            kg_ = load_kg_model(checkpoint, &entities_, &relations_);
            model_name_ = kg_->name();
            variant_ = std::string(el_variant_name(kg_->config().variant));
        }
    } catch (const InputError&) {
        throw;
    } catch (const std::exception& e) {
        throw InputError(checkpoint, std::string("checkpoint of another version or damaged: ") + e.what());
    }
}

ExplainModel::~ExplainModel() = default;

std::string ExplainModel::class_row_name(std::uint32_t row) const {
    if (!el_) return "?";
    const ElSizes& s = el_->sizes();
    if (row < s.concepts)
        return row < names_.concepts.size() ? prefixes_.compact(names_.concepts[row]) : "#" + std::to_string(row);
    if (row < s.concepts + s.individuals) {
        const std::size_t x = row - s.concepts;
        return "{" + (x < names_.individuals.size() ? names_.individuals[x] : "#" + std::to_string(x)) + "}";
    }
    return row == s.class_rows() - 1 ? "⊤" : "⊥";
}

std::string ExplainModel::role_name(std::uint32_t role) const {
    if (role >= names_.roles.size()) return "#" + std::to_string(role);
    return prefixes_.compact(names_.roles[role]);
}

ScoreAnatomy ExplainModel::explain(std::string_view text) const {
    ScoreAnatomy a;
    a.model = model_name_;
    a.variant = variant_;
    a.epoch = epoch_;
    a.axiom = eval::normalise_axiom(text);
    if (el_) {
        const auto parts = translator_->translate(a.axiom, "<axiom>", 1);
        if (!parts)
            throw InputError("<axiom>", 1, 1,
                             "the axiom's normal forms need fresh names, which the model has no embedding for: " +
                                 a.axiom);
        a.parts = *parts;
        double loss = 0, score = 0;
        for (std::size_t p = 0; p < parts->size(); ++p) {
            const NfAxiom& nf = (*parts)[p];
            a.normal_forms.push_back(nf_text(nf, *this));
            std::vector<TermTrace> traces;
            const double l = el_->explain(nf, traces);
            if (std::isnan(l)) throw InputError("<axiom>", 1, 1, no_loss_message(*el_, a.normal_forms.back()));
            // score_axiom_parts sums −loss per normal form; the same order here.
            loss += l;
            score += -l;
            for (TermTrace& t : traces) {
                ScoreTerm st;
                Rendered r = render(t, *this);
                st.formula = std::move(r.formula);
                st.reads = std::move(r.reads);
                st.name = std::string(nf_kind_name(nf.kind)) + " " + st.formula;
                st.part = p;
                st.value = t.value;
                st.raw = t.raw;
                st.hinged = t.hinged || t.kind == TermTrace::Box || t.kind == TermTrace::Inter;
                st.hinge_arg = t.hinge_arg;
                st.active = st.hinged && t.hinge_arg > 0;
                st.active_dims = t.active_dims;
                st.dims = t.dims;
                st.trace = std::move(t);
                a.terms.push_back(std::move(st));
            }
        }
        // score = −loss exactly (IEEE rounding is symmetric), summed as score_axiom_parts sums it so
        // that a zero loss scores +0 there and here.
        a.loss = loss;
        a.score = score;
        return a;
    }
    // Triple models: the graph projection of the axiom, or a triple.
    const auto w = words(a.axiom);
    std::string h, r, t;
    if (w.size() == 3 && ascii_lower(w[1]) == "subclassof") {
        h = std::string(w[0]), r = "SubClassOf", t = std::string(w[2]);
    } else if (w.size() == 5 && ascii_lower(w[1]) == "subclassof" && ascii_lower(w[3]) == "some") {
        h = std::string(w[0]), r = std::string(w[2]), t = std::string(w[4]);
    } else if (w.size() == 3) {
        h = std::string(w[0]), r = std::string(w[1]), t = std::string(w[2]);
    } else {
        throw InputError("<axiom>", 1, 1,
                         model_name_ + " scores triples: give `h r t`, `A SubClassOf B` or `A SubClassOf r some B`");
    }
    auto find = [](const std::vector<std::string>& v, const std::string& x) {
        const auto it = std::find(v.begin(), v.end(), x);
        return it == v.end() ? kg::kNoId : static_cast<kg::Id>(it - v.begin());
    };
    const kg::Id hi = find(entities_, h), ri = find(relations_, r), ti = find(entities_, t);
    if (hi == kg::kNoId) throw InputError("<axiom>", 1, 1, "unknown entity '" + h + "'");
    if (ri == kg::kNoId) throw InputError("<axiom>", 1, 1, "unknown relation '" + r + "'");
    if (ti == kg::kNoId) throw InputError("<axiom>", 1, 1, "unknown entity '" + t + "'");
    a.normal_forms.push_back("(" + h + ", " + r + ", " + t + ")");
    const float s = kg_->score(hi, ri, ti); // what `kbcx score` prints
    Rendered rd = kg_formula(*kg_, h, r, t);
    ScoreTerm st;
    st.formula = std::move(rd.formula);
    st.name = st.formula;
    st.reads = std::move(rd.reads);
    st.value = st.raw = -static_cast<double>(s);
    a.terms.push_back(std::move(st));
    a.loss = -static_cast<double>(s);
    a.score = static_cast<double>(s);
    return a;
}

std::string run_checkpoint(const std::string& run_dir) {
    if (!fs::is_directory(run_dir)) throw InputError(run_dir, "no such run folder");
    const std::string p = RunFolder(run_dir).checkpoint_path();
    if (!fs::is_regular_file(p))
        throw InputError(run_dir, "the run folder holds no checkpoint.bin (no epoch finished yet?)");
    return p;
}

std::vector<KeptCheckpoint> kept_checkpoints(const std::string& run_dir) {
    std::vector<KeptCheckpoint> out;
    const fs::path dir = RunFolder(run_dir).kept_checkpoint_dir();
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        // epoch-NNNNNN.bin, as RunFolder::kept_checkpoint_path names them
        const std::string n = e.path().filename().string();
        if (n.size() <= 10 || n.rfind("epoch-", 0) != 0 || n.substr(n.size() - 4) != ".bin") continue;
        const std::string digits = n.substr(6, n.size() - 10);
        if (digits.empty() || digits.size() > 9 ||
            !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue;
        out.push_back({std::stoi(digits), e.path().string()});
    }
    std::sort(out.begin(), out.end(),
              [](const KeptCheckpoint& a, const KeptCheckpoint& b) { return a.epoch < b.epoch; });
    return out;
}

std::vector<ScoreAnatomy> anatomy_over_training(const std::string& run_dir, std::string_view axiom) {
    const auto kept = kept_checkpoints(run_dir);
    if (kept.empty())
        throw InputError(run_dir, "the run kept no checkpoints per evaluation (train it with --keep-checkpoints)");
    std::vector<ScoreAnatomy> out;
    for (const auto& k : kept) {
        const ExplainModel m(k.path);
        out.push_back(m.explain(axiom));
        out.back().epoch = k.epoch;
    }
    return out;
}

std::string anatomy_text(const ScoreAnatomy& a) {
    std::string s =
        "# " + a.model + " (variant " + a.variant + "), epoch " + std::to_string(a.epoch) + ": " + a.axiom + "\n";
    for (const auto& nf : a.normal_forms)
        s += "#   " + nf + "\n";
    for (const ScoreTerm& t : a.terms) {
        s += t.name + "\t" + num(t.value) + "\n";
        std::string d = "#   ";
        if (t.hinged) {
            d += t.active ? "hinge active, by " + short_num(t.hinge_arg)
                          : "hinge inactive, " + short_num(-t.hinge_arg) + " to spare";
            if (t.dims) d += " (" + std::to_string(t.active_dims) + " of " + std::to_string(t.dims) + " dimensions)";
            d += "; ";
        }
        if (t.raw != t.value) d += "raw " + short_num(t.raw) + "; ";
        d += "reads ";
        for (std::size_t i = 0; i < t.reads.size(); ++i)
            d += (i ? ", " : "") + t.reads[i];
        s += d + "\n";
    }
    s += "loss\t" + num(a.loss) + "\n";
    s += "score\t" + num(a.score) + "\n";
    return s;
}

} // namespace kbcx::embed
