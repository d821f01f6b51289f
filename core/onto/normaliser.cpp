// EL filter and normaliser. The normaliser names complex sub-expressions by polarity (a fresh
// N ⊑ C for C on the right, C ⊑ N on the left), the structural transformation of Baader et al.
#include "onto/normaliser.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace kbcx::onto {

const char* normal_form_name(NormalForm nf) {
    switch (nf) {
    case NormalForm::GCI0: return "GCI0";
    case NormalForm::GCI0_BOT: return "GCI0_BOT";
    case NormalForm::GCI1: return "GCI1";
    case NormalForm::GCI1_BOT: return "GCI1_BOT";
    case NormalForm::GCI2: return "GCI2";
    case NormalForm::GCI3: return "GCI3";
    case NormalForm::GCI3_BOT: return "GCI3_BOT";
    case NormalForm::RI: return "RI";
    case NormalForm::RC: return "RC";
    case NormalForm::RANGE: return "RANGE";
    case NormalForm::CA: return "CA";
    case NormalForm::RA: return "RA";
    }
    return "?";
}

bool parse_normal_form(std::string_view name, NormalForm& out) {
    std::string up(name);
    for (char& c : up)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int i = 0; i < kNumNormalForms; ++i)
        if (up == normal_form_name(static_cast<NormalForm>(i))) {
            out = static_cast<NormalForm>(i);
            return true;
        }
    return false;
}

std::size_t NormalAxiomHash::operator()(const NormalAxiom& n) const noexcept {
    std::size_t h = static_cast<std::size_t>(n.nf);
    for (std::uint32_t v : {n.a, n.b, n.c, n.r, n.s, n.t, n.x, n.y})
        h = h * 0x100000001B3ull ^ (v + 0x9E3779B9u);
    return h;
}

std::size_t NormalisedOntology::count(NormalForm nf) const {
    return static_cast<std::size_t>(
        std::count_if(axioms.begin(), axioms.end(), [nf](const NormalAxiom& a) { return a.nf == nf; }));
}

// ---------------------------------------------------------------- EL filter

std::vector<std::string> non_el_constructs(const Ontology& onto, const Axiom& ax) {
    std::set<std::string> found;
    if (ax.kind == AxiomKind::NotEL) found.insert(ax.construct);
    if (ax.kind == AxiomKind::ReflexiveObjectProperty) found.insert("ReflexiveObjectProperty");
    for (ExprId root : ax.concepts) {
        std::vector<ExprId> stack{root};
        while (!stack.empty()) {
            const ConceptExpr& e = onto.pool.get(stack.back());
            stack.pop_back();
            switch (e.kind) {
            case ConceptKind::Top:
            case ConceptKind::Bottom:
            case ConceptKind::Named: break;
            case ConceptKind::And:
            case ConceptKind::Exists: break;
            case ConceptKind::Other: found.insert(e.construct); break;
            default: found.insert(concept_kind_name(e.kind)); break;
            }
            stack.insert(stack.end(), e.args.begin(), e.args.end());
        }
    }
    return {found.begin(), found.end()};
}

ElFilterReport el_filter(const Ontology& onto) {
    ElFilterReport rep;
    rep.keep.assign(onto.axioms.size(), 0);
    for (std::size_t i = 0; i < onto.axioms.size(); ++i) {
        ++rep.logical_axioms;
        const auto cs = non_el_constructs(onto, onto.axioms[i]);
        if (cs.empty()) {
            rep.keep[i] = 1;
            ++rep.kept;
        } else {
            ++rep.dropped;
            for (const auto& c : cs)
                ++rep.constructs[c];
        }
    }
    return rep;
}

// ---------------------------------------------------------------- normaliser

Normaliser::Normaliser(ConceptPool& pool, std::function<ConceptName()> fresh_concept,
                       std::function<RoleName()> fresh_role)
    : pool_(pool), fresh_concept_(std::move(fresh_concept)), fresh_role_(std::move(fresh_role)) {}

void Normaliser::add_normal(NormalAxiom n) {
    n.source = source_;
    out_->push_back(n);
}

ConceptName Normaliser::pos_name(ExprId e) {
    const ConceptExpr& x = pool_.get(e);
    if (x.kind == ConceptKind::Named) return x.name;
    if (x.kind == ConceptKind::Top) return kThing;
    if (auto it = pos_.find(e); it != pos_.end()) return it->second;
    const ConceptName n = fresh_concept_();
    pos_.emplace(e, n);
    gci(pool_.named(n), e);
    return n;
}

ConceptName Normaliser::neg_name(ExprId e) {
    const ConceptExpr& x = pool_.get(e);
    if (x.kind == ConceptKind::Named) return x.name;
    if (x.kind == ConceptKind::Top) return kThing;
    if (x.kind == ConceptKind::Bottom) return kNone;
    if (auto it = neg_.find(e); it != neg_.end()) return it->second;
    const ConceptName n = fresh_concept_();
    neg_.emplace(e, n);
    gci(e, pool_.named(n));
    return n;
}

Normaliser::Lhs Normaliser::lhs_form(ExprId e) {
    const ConceptExpr x = pool_.get(e); // copy: the pool may grow below
    Lhs l;
    switch (x.kind) {
    case ConceptKind::Top: l.a = kThing; return l;
    case ConceptKind::Bottom: l.kind = LKind::Bottom; return l;
    case ConceptKind::Named: l.a = x.name; return l;
    case ConceptKind::And: {
        std::vector<ExprId> head(x.args.begin(), x.args.end() - 1);
        const ConceptName a = neg_name(pool_.conj(head));
        const ConceptName b = neg_name(x.args.back());
        if (a == kNone || b == kNone) {
            l.kind = LKind::Bottom;
            return l;
        }
        if (a == kThing || b == kThing || a == b) {
            l.a = a == kThing ? b : a;
            return l;
        }
        l.kind = LKind::Conj;
        l.a = std::min(a, b);
        l.b = std::max(a, b);
        return l;
    }
    case ConceptKind::Exists: {
        const ConceptName f = neg_name(x.args[0]);
        if (f == kNone) {
            l.kind = LKind::Bottom;
            return l;
        }
        l.kind = LKind::Exists;
        l.r = x.name;
        l.a = f;
        return l;
    }
    default: throw std::logic_error("normaliser called on a non-EL expression");
    }
}

void Normaliser::gci(ExprId lhs, ExprId rhs) {
    const ConceptExpr rx = pool_.get(rhs);
    if (rx.kind == ConceptKind::Top || pool_.get(lhs).kind == ConceptKind::Bottom || lhs == rhs) return;
    if (rx.kind == ConceptKind::And) {
        const ConceptKind lk = pool_.get(lhs).kind;
        ExprId l = lhs;
        if (lk != ConceptKind::Named && lk != ConceptKind::Top) {
            const ConceptName n = neg_name(lhs);
            if (n == kNone) return;
            l = n == kThing ? pool_.top() : pool_.named(n);
        }
        for (ExprId d : rx.args)
            gci(l, d);
        return;
    }
    if (rx.kind != ConceptKind::Named && rx.kind != ConceptKind::Bottom && rx.kind != ConceptKind::Exists)
        throw std::logic_error("normaliser called on a non-EL expression");
    const Lhs l = lhs_form(lhs);
    if (l.kind == LKind::Bottom) return;
    NormalAxiom n;
    if (rx.kind == ConceptKind::Exists) {
        ConceptName a = l.a;
        if (l.kind != LKind::Name) a = neg_name(lhs);
        if (a == kNone) return;
        n.nf = NormalForm::GCI2;
        n.a = a;
        n.r = rx.name;
        n.b = pos_name(rx.args[0]);
        add_normal(n);
        return;
    }
    const bool bot = rx.kind == ConceptKind::Bottom;
    if (!bot && l.kind == LKind::Name && l.a == rx.name) return;
    switch (l.kind) {
    case LKind::Name: n.nf = bot ? NormalForm::GCI0_BOT : NormalForm::GCI0; break;
    case LKind::Conj:
        n.nf = bot ? NormalForm::GCI1_BOT : NormalForm::GCI1;
        n.b = l.b;
        break;
    case LKind::Exists:
        n.nf = bot ? NormalForm::GCI3_BOT : NormalForm::GCI3;
        n.r = l.r;
        break;
    case LKind::Bottom: return;
    }
    n.a = l.a;
    if (!bot) {
        if (l.kind == LKind::Name)
            n.b = rx.name;
        else if (l.kind == LKind::Conj)
            n.c = rx.name;
        else
            n.b = rx.name;
    }
    add_normal(n);
}

void Normaliser::add(const Axiom& ax, std::uint32_t source, std::vector<NormalAxiom>& out) {
    out_ = &out;
    source_ = source;
    switch (ax.kind) {
    case AxiomKind::SubClassOf: gci(ax.concepts[0], ax.concepts[1]); break;
    case AxiomKind::EquivalentClasses:
        for (std::size_t i = 0; i + 1 < ax.concepts.size(); ++i) {
            gci(ax.concepts[i], ax.concepts[i + 1]);
            gci(ax.concepts[i + 1], ax.concepts[i]);
        }
        break;
    case AxiomKind::DisjointClasses:
        for (std::size_t i = 0; i < ax.concepts.size(); ++i)
            for (std::size_t j = i + 1; j < ax.concepts.size(); ++j)
                gci(pool_.conj({ax.concepts[i], ax.concepts[j]}), pool_.bottom());
        break;
    case AxiomKind::SubObjectPropertyOf: {
        const auto& rs = ax.roles;
        if (rs.size() == 2) {
            if (rs[0] != rs[1]) {
                NormalAxiom n;
                n.nf = NormalForm::RI;
                n.r = rs[0];
                n.s = rs[1];
                add_normal(n);
            }
            break;
        }
        RoleName cur = rs[0];
        for (std::size_t i = 1; i + 1 < rs.size(); ++i) {
            NormalAxiom n;
            n.nf = NormalForm::RC;
            n.r = cur;
            n.s = rs[i];
            n.t = i + 2 == rs.size() ? rs.back() : fresh_role_();
            add_normal(n);
            cur = n.t;
        }
        break;
    }
    case AxiomKind::EquivalentObjectProperties:
        for (std::size_t i = 0; i < ax.roles.size(); ++i)
            for (std::size_t j = 0; j < ax.roles.size(); ++j)
                if (ax.roles[i] != ax.roles[j]) {
                    NormalAxiom n;
                    n.nf = NormalForm::RI;
                    n.r = ax.roles[i];
                    n.s = ax.roles[j];
                    add_normal(n);
                }
        break;
    case AxiomKind::TransitiveObjectProperty: {
        NormalAxiom n;
        n.nf = NormalForm::RC;
        n.r = n.s = n.t = ax.roles[0];
        add_normal(n);
        break;
    }
    case AxiomKind::ObjectPropertyDomain: gci(pool_.exists(ax.roles[0], pool_.top()), ax.concepts[0]); break;
    case AxiomKind::ObjectPropertyRange: {
        if (pool_.get(ax.concepts[0]).kind == ConceptKind::Top) break;
        NormalAxiom n;
        n.nf = NormalForm::RANGE;
        n.r = ax.roles[0];
        n.a = pos_name(ax.concepts[0]);
        add_normal(n);
        break;
    }
    case AxiomKind::ClassAssertion: {
        if (pool_.get(ax.concepts[0]).kind == ConceptKind::Top) break;
        NormalAxiom n;
        n.nf = NormalForm::CA;
        n.a = pos_name(ax.concepts[0]);
        n.x = ax.individuals[0];
        add_normal(n);
        break;
    }
    case AxiomKind::ObjectPropertyAssertion: {
        NormalAxiom n;
        n.nf = NormalForm::RA;
        n.r = ax.roles[0];
        n.x = ax.individuals[0];
        n.y = ax.individuals[1];
        add_normal(n);
        break;
    }
    case AxiomKind::ReflexiveObjectProperty:
    case AxiomKind::NotEL: throw std::logic_error("normaliser called on a non-EL axiom");
    }
    out_ = nullptr;
}

NormalisedOntology normalise(Ontology& onto) {
    NormalisedOntology out;
    out.filter = el_filter(onto);
    out.fresh_concepts_begin = static_cast<ConceptName>(onto.sig.concepts.size());
    out.fresh_roles_begin = static_cast<RoleName>(onto.sig.roles.size());
    std::size_t next_c = 1, next_r = 1;
    auto fresh_c = [&]() -> ConceptName {
        for (;;) {
            const std::string name = "_:N" + std::to_string(next_c++);
            if (onto.sig.concepts.find(name) == kg::kNoId) return onto.sig.concepts.intern(name);
        }
    };
    auto fresh_r = [&]() -> RoleName {
        for (;;) {
            const std::string name = "_:R" + std::to_string(next_r++);
            if (onto.sig.roles.find(name) == kg::kNoId) return onto.sig.roles.intern(name);
        }
    };
    Normaliser norm(onto.pool, fresh_c, fresh_r);
    std::vector<NormalAxiom> raw;
    for (std::size_t i = 0; i < onto.axioms.size(); ++i)
        if (out.filter.keep[i]) norm.add(onto.axioms[i], static_cast<std::uint32_t>(i), raw);
    std::unordered_set<NormalAxiom, NormalAxiomHash, NormalAxiomEq> seen;
    for (const NormalAxiom& n : raw)
        if (seen.insert(n).second) out.axioms.push_back(n);
    return out;
}

} // namespace kbcx::onto
