// Candidate status by delta saturation: C ⊑ D is entailed iff a fresh Y with D ⊑ Y reaches the
// context of C (a fresh X ⊑ C when C is complex); α is contradictory iff adding its normal
// forms derives ⊥ where the reading looks (individuals, ⊤, satisfiable named classes).
#include "reason/status.hpp"

#include "common/error.hpp"
#include "onto/text_syntax.hpp"

#include <algorithm>
#include <functional>

namespace kbcx::reason {

using onto::Axiom;
using onto::AxiomKind;
using onto::ConceptKind;
using onto::ExprId;

const char* status_name(Status s) {
    switch (s) {
    case Status::Entailed: return "entailed";
    case Status::Undetermined: return "undetermined";
    case Status::Contradictory: return "contradictory";
    }
    return "?";
}

const char* reading_name(Reading r) {
    return r == Reading::Inconsistency ? "inconsistency" : "incoherence";
}

StatusChecker::StatusChecker(onto::Ontology& onto, jobs::JobContext& ctx)
    : onto_(onto), cls_(classify(onto, ctx, false)) {
    init();
}

StatusChecker::StatusChecker(onto::Ontology& onto, ClassifyResult classified)
    : onto_(onto), cls_(std::move(classified)) {
    init();
}

void StatusChecker::init() {
    if (!cls_.consistent)
        throw InputError(onto_.source, "the ontology is inconsistent: every axiom follows from it, so statuses are "
                                       "refused (fix the inconsistency first; `kbcx classify` shows it)");
    for (const auto& n : cls_.normalised.axioms) {
        told_.insert(n);
        if (n.nf == onto::NormalForm::GCI0_BOT || n.nf == onto::NormalForm::GCI1_BOT ||
            n.nf == onto::NormalForm::GCI3_BOT)
            has_bottom_ = true;
    }
}

bool StatusChecker::told(const onto::NormalAxiom& n) const {
    return told_.count(n) > 0;
}

Reading StatusChecker::default_reading(const Axiom& ax) {
    return ax.kind == AxiomKind::ClassAssertion || ax.kind == AxiomKind::ObjectPropertyAssertion
               ? Reading::Inconsistency
               : Reading::Incoherence;
}

std::vector<onto::NormalAxiom> StatusChecker::normalise_delta(const Axiom& ax) {
    Reasoner& R = *cls_.reasoner;
    onto::Normaliser norm(
        onto_.pool, [&R]() { return R.new_delta_concept(); }, [&R]() { return R.new_delta_role(); });
    std::vector<onto::NormalAxiom> out;
    norm.add(ax, onto::kNone, out);
    return out;
}

std::string StatusChecker::node_text(Node n, const onto::TextWriter& w) const {
    const Reasoner& R = *cls_.reasoner;
    std::uint32_t id;
    switch (R.node_kind(n, id)) {
    case 0: return id < onto_.sig.concepts.size() ? w.concept_name(id) : "_:X" + std::to_string(id - R.num_concepts());
    case 1: return "{" + w.individual_name(id) + "}";
    case 2: return id == kTopNode ? "owl:Thing" : "owl:Nothing";
    default: {
        std::string s = "(";
        for (Node p : R.node_parts(n))
            s += (s.size() > 1 ? " and " : "") + node_text(p, w);
        return s + ")";
    }
    }
}

const onto::TextWriter& StatusChecker::writer(NameStyle style) const {
    auto& w = writers_[static_cast<int>(style)];
    if (!w) w = std::make_unique<onto::TextWriter>(onto_, style);
    return *w;
}

std::vector<std::string> StatusChecker::render(const std::vector<ProofStep>& steps) const {
    if (every_style_)
        for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri})
            styled_[static_cast<int>(s)] = render(steps, writer(s));
    return render(steps, writer(names_));
}

std::vector<std::string> StatusChecker::render(const std::vector<ProofStep>& steps, const onto::TextWriter& w) const {
    const Reasoner& R = *cls_.reasoner;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const ProofStep& s = steps[i];
        std::string line = "[" + std::to_string(i + 1) + "] " + node_text(s.ctx, w) + " SubClassOf ";
        line += s.link ? w.role_name(s.role) + " some " + node_text(s.x, w) : node_text(s.x, w);
        line += "    by ";
        line += rule_name(s.inf.rule);
        if (!s.premises.empty()) {
            line += " from";
            for (std::size_t k = 0; k < s.premises.size(); ++k)
                line += (k ? ", [" : " [") + std::to_string(s.premises[k] + 1) + "]";
        }
        if (s.inf.axiom != kNoAxiom) {
            const onto::NormalAxiom& n = R.axioms()[s.inf.axiom];
            line += " using " + w.normal(n);
            if (n.source != onto::kNone && n.source < onto_.axioms.size()) {
                const std::string orig = w.axiom(onto_.axioms[n.source]);
                if (orig != w.normal(n) && orig.find('\n') == std::string::npos) line += "  (from: " + orig + ")";
            } else if (s.inf.axiom >= cls_.normalised.axioms.size()) {
                line += "  (candidate)";
            }
        }
        out.push_back(std::move(line));
    }
    return out;
}

namespace {
void check_el(const onto::Ontology& o, const Axiom& ax) {
    const auto cs = onto::non_el_constructs(o, ax);
    if (!cs.empty()) {
        std::string all;
        for (const auto& c : cs)
            all += (all.empty() ? "" : ", ") + c;
        throw InputError("axiom", ax.line, 0, "not an EL axiom: it uses " + all);
    }
}
} // namespace

bool StatusChecker::entailed(const Axiom& ax, std::vector<std::string>* proof) {
    Reasoner& R = *cls_.reasoner;
    onto::ConceptPool& P = onto_.pool;
    // C ⊑ D by a delta: lhs node for C, and D ⊑ Y for a fresh Y when D is complex.
    auto sub = [&](ExprId c, ExprId d) -> bool {
        R.begin_delta();
        std::vector<onto::NormalAxiom> delta;
        Node lhs;
        const ConceptKind ck = P.get(c).kind;
        if (ck == ConceptKind::Named)
            lhs = R.concept_node(P.get(c).name);
        else if (ck == ConceptKind::Top)
            lhs = kTopNode;
        else if (ck == ConceptKind::Bottom) {
            R.rollback();
            return true;
        } else {
            const ConceptName x = R.new_delta_concept();
            Axiom a;
            a.kind = AxiomKind::SubClassOf;
            a.concepts = {P.named(x), c};
            // P.named(x) interns a Named expression for an id beyond the signature: harmless,
            // the writer prints such ids as _:X<k>.
            auto n = normalise_delta(a);
            delta.insert(delta.end(), n.begin(), n.end());
            lhs = R.concept_node(x);
            R.activate(lhs);
        }
        Node goal;
        const ConceptKind dk = P.get(d).kind;
        if (dk == ConceptKind::Named)
            goal = R.concept_node(P.get(d).name);
        else if (dk == ConceptKind::Top) {
            R.rollback();
            return true;
        } else if (dk == ConceptKind::Bottom)
            goal = kBottomNode;
        else {
            const ConceptName y = R.new_delta_concept();
            Axiom a;
            a.kind = AxiomKind::SubClassOf;
            a.concepts = {d, P.named(y)};
            auto n = normalise_delta(a);
            delta.insert(delta.end(), n.begin(), n.end());
            goal = R.concept_node(y);
        }
        R.add_delta(delta);
        const bool yes = R.subsumes(lhs, goal);
        if (yes && proof) {
            const Node target =
                R.unsatisfiable(lhs) && !R.subsumers(lhs).empty() &&
                        std::find(R.subsumers(lhs).begin(), R.subsumers(lhs).end(), goal) == R.subsumers(lhs).end()
                    ? kBottomNode
                    : goal;
            *proof = render(R.proof(lhs, target));
        }
        R.rollback();
        return yes;
    };
    switch (ax.kind) {
    case AxiomKind::SubClassOf: return sub(ax.concepts[0], ax.concepts[1]);
    case AxiomKind::EquivalentClasses:
        for (std::size_t i = 0; i + 1 < ax.concepts.size(); ++i)
            if (!sub(ax.concepts[i], ax.concepts[i + 1]) || !sub(ax.concepts[i + 1], ax.concepts[i])) return false;
        return true;
    case AxiomKind::DisjointClasses:
        for (std::size_t i = 0; i < ax.concepts.size(); ++i)
            for (std::size_t j = i + 1; j < ax.concepts.size(); ++j)
                if (!sub(P.conj({ax.concepts[i], ax.concepts[j]}), P.bottom())) return false;
        return true;
    case AxiomKind::ObjectPropertyDomain: return sub(P.exists(ax.roles[0], P.top()), ax.concepts[0]);
    case AxiomKind::ClassAssertion: {
        const ExprId c = ax.concepts[0];
        R.begin_delta();
        // A fresh individual gets a node with no assertions: it is entailed to be in C iff
        // ⊤ ⊑ C is (its context holds exactly the subsumers of ⊤).
        const Node a = R.delta_individual(ax.individuals[0]);
        Node goal = kTopNode;
        std::vector<onto::NormalAxiom> delta;
        const ConceptKind ck = P.get(c).kind;
        if (ck == ConceptKind::Named)
            goal = R.concept_node(P.get(c).name);
        else if (ck == ConceptKind::Bottom)
            goal = kBottomNode;
        else if (ck != ConceptKind::Top) {
            const ConceptName y = R.new_delta_concept();
            Axiom s;
            s.kind = AxiomKind::SubClassOf;
            s.concepts = {c, P.named(y)};
            delta = normalise_delta(s);
            goal = R.concept_node(y);
        }
        R.activate(a);
        R.add_delta(delta);
        const bool yes = R.subsumes(a, goal);
        if (yes && proof) *proof = render(R.proof(a, goal));
        R.rollback();
        return yes;
    }
    case AxiomKind::ObjectPropertyAssertion: {
        // r(a,b) with a fresh a or b is never entailed: the EL here has no nominals, no
        // reflexive roles and no Self, so O (consistent) has a model in which a fresh individual
        // denotes an element of a disjoint copy of a model of O, with no r-edge to or from the
        // named elements; for r(a,a), a tree-shaped (unravelled) model has no r-loop. (Only
        // axioms outside this EL, such as ⊤ ⊑ ∃r.{b} or reflexivity, could force the edge.)
        if (fresh_individual(ax.individuals[0]) || fresh_individual(ax.individuals[1])) return false;
        const Node a = R.individual_node(ax.individuals[0]), b = R.individual_node(ax.individuals[1]);
        const onto::RoleName q = R.link_role(a, ax.roles[0], b);
        if (q == onto::kNone) return false;
        if (proof) *proof = render(R.proof_link(a, q, b));
        return true;
    }
    case AxiomKind::SubObjectPropertyOf:
    case AxiomKind::TransitiveObjectProperty:
    case AxiomKind::EquivalentObjectProperties: {
        // r1∘…∘rn ⊑ s holds iff X ⊑ ∃r1.(∃r2.(… ∃rn.Z)) entails X ⊑ ∃s.Z for fresh X, Z.
        std::vector<std::pair<std::vector<onto::RoleName>, onto::RoleName>> goals;
        if (ax.kind == AxiomKind::SubObjectPropertyOf)
            goals.push_back({{ax.roles.begin(), ax.roles.end() - 1}, ax.roles.back()});
        else if (ax.kind == AxiomKind::TransitiveObjectProperty)
            goals.push_back({{ax.roles[0], ax.roles[0]}, ax.roles[0]});
        else
            for (auto r : ax.roles)
                for (auto s : ax.roles)
                    if (r != s) goals.push_back({{r}, s});
        for (const auto& [chain, sup] : goals) {
            R.begin_delta();
            const ConceptName z = R.new_delta_concept();
            ExprId filler = P.named(z);
            for (std::size_t i = chain.size(); i-- > 0;)
                filler = P.exists(chain[i], filler);
            const ConceptName x = R.new_delta_concept();
            Axiom a;
            a.kind = AxiomKind::SubClassOf;
            a.concepts = {P.named(x), filler};
            auto delta = normalise_delta(a);
            const ConceptName y = R.new_delta_concept();
            Axiom b;
            b.kind = AxiomKind::SubClassOf;
            b.concepts = {P.exists(sup, P.named(z)), P.named(y)};
            auto d2 = normalise_delta(b);
            delta.insert(delta.end(), d2.begin(), d2.end());
            R.activate(R.concept_node(x));
            R.add_delta(delta);
            const bool yes = R.subsumes(R.concept_node(x), R.concept_node(y));
            R.rollback();
            if (!yes) return false;
        }
        return true;
    }
    case AxiomKind::ObjectPropertyRange: {
        // range(r) ⊑ C holds iff X ⊑ ∃r.Z and ∃r.(Z ⊓ C) ⊑ Y entail X ⊑ Y for fresh X, Y, Z:
        // X's r-successor in Z then always lies in C (with Z = {y} this is the definition).
        R.begin_delta();
        const ConceptName x = R.new_delta_concept(), y = R.new_delta_concept(), z = R.new_delta_concept();
        Axiom a;
        a.kind = AxiomKind::SubClassOf;
        a.concepts = {P.named(x), P.exists(ax.roles[0], P.named(z))};
        auto delta = normalise_delta(a);
        Axiom b;
        b.kind = AxiomKind::SubClassOf;
        b.concepts = {P.exists(ax.roles[0], P.conj({P.named(z), ax.concepts[0]})), P.named(y)};
        auto d2 = normalise_delta(b);
        delta.insert(delta.end(), d2.begin(), d2.end());
        R.activate(R.concept_node(x));
        R.add_delta(delta);
        const bool yes = R.subsumes(R.concept_node(x), R.concept_node(y));
        if (yes && proof)
            *proof = {"range(" + writer(names_).role_name(ax.roles[0]) +
                      ") is included in the class: a fresh X ⊑ ∃r.Z entails X ⊑ ∃r.(Z ⊓ C)"};
        R.rollback();
        return yes;
    }
    default: check_el(onto_, ax); return false;
    }
}

bool StatusChecker::fresh_contradictory(const Axiom& ax, Reading reading) {
    ++fresh_saturations_;
    std::vector<onto::NormalAxiom> all = cls_.normalised.axioms;
    std::size_t nc = onto_.sig.concepts.size(), nr = onto_.sig.roles.size();
    onto::Normaliser norm(
        onto_.pool, [&nc]() { return static_cast<ConceptName>(nc++); },
        [&nr]() { return static_cast<onto::RoleName>(nr++); });
    norm.add(ax, onto::kNone, all);
    Reasoner fresh(std::move(all), nc, nr, onto_.sig.individuals.size(), cls_.named_end);
    jobs::JobContext quiet;
    fresh.saturate(quiet);
    if (!fresh.consistent()) return true;
    if (reading == Reading::Inconsistency) return false;
    const Reasoner& R = *cls_.reasoner;
    for (ConceptName c = 0; c < cls_.named_end; ++c)
        if (!R.unsatisfiable(R.concept_node(c)) && fresh.unsatisfiable(fresh.concept_node(c))) return true;
    return false;
}

bool StatusChecker::contradictory(const Axiom& ax, Reading reading, std::vector<std::string>* proof) {
    Reasoner& R = *cls_.reasoner;
    R.begin_delta();
    std::vector<onto::NormalAxiom> delta;
    try {
        delta = normalise_delta(ax);
    } catch (...) {
        R.rollback();
        throw;
    }
    bool bottom = has_bottom_;
    for (const auto& n : delta)
        if (n.nf == onto::NormalForm::GCI0_BOT || n.nf == onto::NormalForm::GCI1_BOT ||
            n.nf == onto::NormalForm::GCI3_BOT)
            bottom = true;
    if (!bottom) { // without ⊥ anywhere nothing can become unsatisfiable
        R.rollback();
        return false;
    }
    const bool role_axiom = ax.kind == AxiomKind::SubObjectPropertyOf ||
                            ax.kind == AxiomKind::EquivalentObjectProperties ||
                            ax.kind == AxiomKind::TransitiveObjectProperty || ax.kind == AxiomKind::ObjectPropertyRange;
    if (role_axiom && !incremental_roles_) { // the reference: O ∪ {α} saturated afresh
        R.rollback();
        return fresh_contradictory(ax, reading);
    }
    try {
        R.add_delta(delta);
    } catch (...) {
        R.rollback();
        throw;
    }
    const bool yes = reading == Reading::Inconsistency ? R.delta_inconsistent() : R.delta_incoherent();
    if (yes && proof) *proof = render(R.proof(R.delta_witness(), kBottomNode));
    R.rollback();
    return yes;
}

// Fresh individuals (names the ontology does not mention) in ABox candidates, for a
// consistent O in this EL (⊤, ⊥, ⊓, ∃, role inclusions and chains, domain, range; no nominals):
// - C(a): O ⊨ C(a) iff O ⊨ ⊤ ⊑ C, since a may denote any element of any model; O ∪ {C(a)} is
//   inconsistent iff C is unsatisfiable w.r.t. O; otherwise undetermined. The delta gives this
//   directly: a's node starts with ⊤'s subsumers only, and ⊥ reaching it counts as reaching an
//   individual.
// - r(a,b) with a fresh: never entailed (see entailed()). Contradictory iff O ∪ {r(a,b)} is
//   inconsistent, which the delta decides as for known individuals: a's node gets the link to
//   b, so domain(r), ∃r.B ⊑ ⊥ for a type B of b, chains through b's successors and range(r) on
//   b (and on what the chains reach) can all derive ⊥; e.g. r Range A with A unsatisfiable, or
//   r(a,b) where b's type is disjoint from range(r). Both fresh: only the role's own axioms
//   (domain, range, ⊤'s subsumers) are involved.
// - The incoherence reading gives the same answers: without nominals an ABox assertion about a
//   fresh individual cannot make a satisfiable class unsatisfiable without making O ∪ {α}
//   inconsistent (a disjoint union with a model of O keeps the class non-empty).
// An inconsistent O is refused by the constructor, as for every candidate.
StatusResult StatusChecker::check(const Axiom& ax, std::optional<Reading> reading, bool proof) {
    check_el(onto_, ax);
    StatusResult res;
    for (onto::IndividualName a : ax.individuals)
        if (fresh_individual(a) &&
            std::find(res.fresh_individuals.begin(), res.fresh_individuals.end(), a) == res.fresh_individuals.end())
            res.fresh_individuals.push_back(a);
    res.reading = reading ? *reading : default_reading(ax);
    std::vector<std::string>* p = proof ? &res.proof : nullptr;
    for (auto& s : styled_)
        s.clear();
    if (entailed(ax, p))
        res.status = Status::Entailed;
    else if (contradictory(ax, res.reading, p))
        res.status = Status::Contradictory;
    else
        res.status = Status::Undetermined;
    if (proof && every_style_) {
        // A proof not built from reasoner steps (a role range) has no styled versions.
        for (std::size_t s = 0; s < styled_.size(); ++s)
            res.proof_by_style[s] = styled_[s].empty() ? res.proof : std::move(styled_[s]);
    }
    return res;
}

StatusResult StatusChecker::check_text(const std::string& text, std::optional<Reading> reading, bool proof) {
    onto::TextParseOptions opt;
    opt.allow_new_names = false;
    opt.allow_new_individuals = true;
    onto::TextParser parser(onto_, "axiom", opt);
    const Axiom ax = parser.parse_axiom(text);
    return check(ax, reading, proof);
}

} // namespace kbcx::reason
