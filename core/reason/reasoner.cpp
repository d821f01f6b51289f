// The saturation engine: rule application per conclusion from a LIFO work queue, premises
// found through per-concept indexes, links kept in both directions for the ∃ and chain rules,
// and an undo log so that a candidate's delta can be saturated and rolled back.
#include "reason/reasoner.hpp"

#include "common/resources.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace kbcx::reason {

const char* rule_name(Rule r) {
    switch (r) {
    case Rule::Init: return "init";
    case Rule::Top: return "top";
    case Rule::Told: return "subsumption";
    case Rule::Conj: return "conjunction";
    case Rule::Exists: return "existential";
    case Rule::ExistsLeft: return "existential-left";
    case Rule::BottomLink: return "bottom";
    case Rule::Chain: return "chain";
    case Rule::Range: return "range";
    }
    return "?";
}

struct Reasoner::Index {
    std::vector<std::pair<Node, std::uint32_t>> told; ///< (B, axiom): A ⊑ B
    std::vector<std::array<std::uint32_t, 3>> conj;   ///< (other conjunct, B, axiom)
    std::vector<std::array<std::uint32_t, 3>> exist;  ///< (role, target node, axiom)
    std::vector<std::array<std::uint32_t, 3>> neg;    ///< (role, B, axiom): ∃role.A ⊑ B
    std::vector<std::array<std::uint32_t, 3>> init;   ///< (B, rule, axiom) added when the context starts
};

struct Reasoner::Context {
    U64Map subs; ///< node → position in list
    std::vector<Node> list;
    std::vector<Inference> infs;
    std::vector<Node> negs; ///< subsumers that are fillers of some ∃r.A ⊑ B
    U64Map pred_set;        ///< (role << 32 | source) → position in preds
    std::vector<std::pair<RoleName, Node>> preds;
    std::vector<Inference> pred_infs;
    std::vector<std::pair<RoleName, Node>> succs;
};

struct Reasoner::Todo {
    bool link;
    Node c, x;
    RoleName r;
    Inference inf;
};

struct Reasoner::Undo {
    enum Kind : std::uint8_t { Sub, Neg, Link, Activate, IdxTold, IdxConj, IdxExist, IdxNeg, IdxInit, RangeNode } kind;
    Node n = 0, m = 0;
    std::uint64_t key = 0;
};

namespace {
inline std::uint64_t link_key(RoleName r, Node src) {
    return (std::uint64_t{r} << 32) | src;
}
} // namespace

Reasoner::Reasoner(std::vector<NormalAxiom> axioms, std::size_t num_concepts, std::size_t num_roles,
                   std::size_t num_individuals, ConceptName named_end)
    : axioms_(std::move(axioms)), num_concepts_(num_concepts), num_roles_(num_roles), num_individuals_(num_individuals),
      named_end_(named_end) {
    ind_base_ = static_cast<Node>(2 + num_concepts_);
    const std::size_t nodes = 2 + num_concepts_ + num_individuals_;
    idx_.resize(nodes);
    contexts_.resize(nodes);
    build_roles(num_roles);
    for (std::uint32_t i = 0; i < axioms_.size(); ++i)
        index_axiom(i, false);
}

Reasoner::~Reasoner() = default;

Node Reasoner::concept_node(ConceptName c) const {
    if (c == onto::kThing) return kTopNode;
    if (c < num_concepts_) return 2 + c;
    return delta_concepts_.at(c - num_concepts_);
}

bool Reasoner::sub_role(RoleName r, RoleName s) const {
    if (r == s) return true;
    if (r >= sub_bits_.size() || s >= num_roles_) return false;
    const std::vector<std::uint64_t>& row = sub_bits_[r]; // shorter than others for a delta role
    return (s >> 6) < row.size() && ((row[s >> 6] >> (s & 63)) & 1u);
}

void Reasoner::build_roles(std::size_t num_roles) {
    num_roles_ = num_roles;
    const std::size_t words = (num_roles + 63) / 64;
    sub_bits_.assign(num_roles, std::vector<std::uint64_t>(words, 0));
    std::vector<std::vector<RoleName>> up(num_roles);
    for (const NormalAxiom& a : axioms_)
        if (a.nf == NormalForm::RI) up[a.r].push_back(a.s);
    for (RoleName r = 0; r < num_roles; ++r) {
        std::vector<RoleName> stack{r};
        sub_bits_[r][r >> 6] |= std::uint64_t{1} << (r & 63);
        while (!stack.empty()) {
            const RoleName x = stack.back();
            stack.pop_back();
            for (RoleName y : up[x])
                if (!((sub_bits_[r][y >> 6] >> (y & 63)) & 1u)) {
                    sub_bits_[r][y >> 6] |= std::uint64_t{1} << (y & 63);
                    stack.push_back(y);
                }
        }
    }
    chain_left_.assign(num_roles, {});
    chain_right_.assign(num_roles, {});
    ranges_.assign(num_roles, {});
    role_rangeset_.assign(num_roles, onto::kNone);
    for (std::uint32_t i = 0; i < axioms_.size(); ++i) {
        const NormalAxiom& a = axioms_[i];
        if (a.nf == NormalForm::RC) rc_axioms_.push_back(i);
        if (a.nf == NormalForm::RANGE) range_axioms_.push_back(i);
        if (a.nf == NormalForm::RC) {
            for (RoleName q = 0; q < num_roles; ++q) {
                if (sub_role(q, a.r)) chain_left_[q].push_back({a.s, a.t, i});
                if (sub_role(q, a.s)) chain_right_[q].push_back({a.r, a.t, i});
            }
        } else if (a.nf == NormalForm::RANGE) {
            for (RoleName q = 0; q < num_roles; ++q)
                if (sub_role(q, a.r)) ranges_[q].push_back({concept_node(a.a), i});
        }
    }
    for (RoleName q = 0; q < num_roles; ++q) {
        if (ranges_[q].empty()) continue;
        auto& v = ranges_[q];
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end(), [](auto& x, auto& y) { return x.first == y.first; }), v.end());
        role_rangeset_[q] = rangeset_id(v);
    }
}

std::vector<std::pair<Node, std::uint32_t>> Reasoner::role_ranges(RoleName q) const {
    std::vector<std::pair<Node, std::uint32_t>> v;
    for (std::uint32_t i : range_axioms_)
        if (sub_role(q, axioms_[i].r)) v.push_back({concept_node(axioms_[i].a), i});
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end(), [](auto& x, auto& y) { return x.first == y.first; }), v.end());
    return v;
}

std::uint32_t Reasoner::rangeset_id(const std::vector<std::pair<Node, std::uint32_t>>& set) {
    if (set.empty()) return onto::kNone;
    auto [it, fresh] = rangeset_ids_.emplace(set, static_cast<std::uint32_t>(rangesets_.size()));
    if (fresh) rangesets_.push_back(set); // in a delta: removed by rollback (delta_rangesets_begin_)
    return it->second;
}

Node Reasoner::add_node() {
    idx_.emplace_back();
    contexts_.emplace_back();
    return static_cast<Node>(idx_.size() - 1);
}

Node Reasoner::range_node(Node filler, RoleName r) {
    const std::uint32_t set = r < role_rangeset_.size() ? role_rangeset_[r] : onto::kNone;
    if (set == onto::kNone) return filler;
    const std::uint64_t key = (std::uint64_t{filler} << 32) | set;
    if (auto it = range_nodes_.find(key); it != range_nodes_.end()) return it->second;
    const Node n = add_node();
    range_nodes_.emplace(key, n);
    std::vector<Node> parts{filler};
    idx_[n].init.push_back({filler, static_cast<std::uint32_t>(Rule::Range), kNoAxiom});
    for (const auto& [rn, ax] : rangesets_[set]) {
        idx_[n].init.push_back({rn, static_cast<std::uint32_t>(Rule::Range), ax});
        parts.push_back(rn);
    }
    range_parts_[n] = std::move(parts);
    if (in_delta_) undo_.push_back({Undo::RangeNode, n, 0, key});
    return n;
}

void Reasoner::index_axiom(std::uint32_t i, bool logged) {
    const NormalAxiom a = axioms_[i];
    auto log = [&](Undo::Kind k, Node n) {
        if (logged) undo_.push_back({k, n, 0, 0});
    };
    switch (a.nf) {
    case NormalForm::GCI0:
    case NormalForm::GCI0_BOT: {
        const Node l = concept_node(a.a), b = a.nf == NormalForm::GCI0 ? concept_node(a.b) : kBottomNode;
        idx_[l].told.push_back({b, i});
        log(Undo::IdxTold, l);
        break;
    }
    case NormalForm::GCI1:
    case NormalForm::GCI1_BOT: {
        const Node l1 = concept_node(a.a), l2 = concept_node(a.b);
        const Node b = a.nf == NormalForm::GCI1 ? concept_node(a.c) : kBottomNode;
        idx_[l1].conj.push_back({l2, b, i});
        log(Undo::IdxConj, l1);
        if (l2 != l1) {
            idx_[l2].conj.push_back({l1, b, i});
            log(Undo::IdxConj, l2);
        }
        break;
    }
    case NormalForm::GCI2: {
        const Node l = concept_node(a.a);
        const Node t = range_node(concept_node(a.b), a.r);
        idx_[l].exist.push_back({a.r, t, i});
        log(Undo::IdxExist, l);
        break;
    }
    case NormalForm::GCI3:
    case NormalForm::GCI3_BOT: {
        const Node f = concept_node(a.a), b = a.nf == NormalForm::GCI3 ? concept_node(a.b) : kBottomNode;
        idx_[f].neg.push_back({a.r, b, i});
        log(Undo::IdxNeg, f);
        break;
    }
    case NormalForm::CA: {
        const Node x = individual_node(a.x);
        idx_[x].told.push_back({concept_node(a.a), i});
        log(Undo::IdxTold, x);
        break;
    }
    case NormalForm::RA: {
        const Node x = individual_node(a.x), y = individual_node(a.y);
        idx_[x].exist.push_back({a.r, y, i});
        log(Undo::IdxExist, x);
        if (a.r < ranges_.size())
            for (const auto& [rn, ax] : ranges_[a.r]) {
                (void)ax;
                idx_[y].init.push_back({rn, static_cast<std::uint32_t>(Rule::Range), i});
                log(Undo::IdxInit, y);
            }
        break;
    }
    case NormalForm::RI:
    case NormalForm::RC: break;    // role tables: build_roles, or update_roles in a delta
    case NormalForm::RANGE: break; // range tables: build_roles, or update_roles in a delta
    }
}

Reasoner::Context& Reasoner::ctx_of(Node n) {
    return *contexts_[n];
}

void Reasoner::push_sub(Node c, Node b, const Inference& inf) {
    const Context* C = contexts_[c].get();
    if (C && C->subs.contains(b)) return;
    queue_.push_back({false, c, b, 0, inf});
}

void Reasoner::push_link(Node c, RoleName r, Node d, const Inference& inf) {
    const Context* D = contexts_[d].get();
    if (D && D->pred_set.contains(link_key(r, c))) return;
    queue_.push_back({true, c, d, r, inf});
}

void Reasoner::activate(Node n) {
    if (contexts_[n]) return;
    contexts_[n] = std::make_unique<Context>();
    if (in_delta_) undo_.push_back({Undo::Activate, n, 0, 0});
    push_sub(n, n, Inference{Rule::Init});
    push_sub(n, kTopNode, Inference{Rule::Top});
    for (const auto& e : idx_[n].init) {
        Inference inf;
        inf.rule = static_cast<Rule>(e[1]);
        inf.axiom = e[2];
        push_sub(n, e[0], inf);
    }
}

void Reasoner::apply_sub(Node c, Node b, const Inference& inf) {
    Context& C = *contexts_[c];
    if (!C.subs.insert(b, static_cast<std::uint32_t>(C.list.size()))) return;
    C.list.push_back(b);
    C.infs.push_back(inf);
    if (in_delta_) {
        undo_.push_back({Undo::Sub, c, b, 0});
        if (b == kBottomNode) {
            std::uint32_t id;
            const int kind = node_kind(c, id);
            const bool named = kind == 0 && id < named_end_;
            if (kind == 1 || c == kTopNode) {
                if (!delta_inconsistent_ && !delta_incoherent_) delta_witness_ = c;
                delta_inconsistent_ = true;
                delta_incoherent_ = true;
            } else if (named && !delta_incoherent_) {
                delta_incoherent_ = true;
                delta_witness_ = c;
            }
        }
    }
    if (b == kBottomNode)
        for (const auto& [r, p] : C.preds) {
            Inference i2;
            i2.rule = Rule::BottomLink;
            i2.node = c;
            i2.r1 = r;
            push_sub(p, kBottomNode, i2);
        }
    const Index& I = idx_[b];
    for (const auto& [e, ax] : I.told) {
        Inference i2;
        i2.rule = Rule::Told;
        i2.axiom = ax;
        i2.premise = b;
        push_sub(c, e, i2);
    }
    for (const auto& [o, e, ax] : I.conj)
        if (C.subs.contains(o)) {
            Inference i2;
            i2.rule = Rule::Conj;
            i2.axiom = ax;
            i2.node = o;
            i2.premise = b;
            push_sub(c, e, i2);
        }
    for (const auto& [r, t, ax] : I.exist) {
        Inference i2;
        i2.rule = Rule::Exists;
        i2.axiom = ax;
        i2.premise = b;
        push_link(c, r, t, i2);
    }
    if (!I.neg.empty()) {
        C.negs.push_back(b);
        if (in_delta_) undo_.push_back({Undo::Neg, c, 0, 0});
        for (const auto& [q, p] : C.preds)
            for (const auto& [s, e, ax] : I.neg)
                if (sub_role(q, s)) {
                    Inference i2;
                    i2.rule = Rule::ExistsLeft;
                    i2.axiom = ax;
                    i2.node = c;
                    i2.r1 = q;
                    i2.premise = b;
                    push_sub(p, e, i2);
                }
    }
}

void Reasoner::apply_link(Node c, RoleName r, Node d, const Inference& inf) {
    activate(d);
    Context& D = *contexts_[d];
    const std::uint64_t key = link_key(r, c);
    if (!D.pred_set.insert(key, static_cast<std::uint32_t>(D.preds.size()))) return;
    Context& C = *contexts_[c];
    D.preds.push_back({r, c});
    D.pred_infs.push_back(inf);
    C.succs.push_back({r, d});
    if (in_delta_) undo_.push_back({Undo::Link, c, d, key});
    fire_link(c, r, d);
}

void Reasoner::fire_link(Node c, RoleName r, Node d) {
    const Context& D = *contexts_[d];
    const Context& C = *contexts_[c];
    if (D.subs.contains(kBottomNode)) {
        Inference i2;
        i2.rule = Rule::BottomLink;
        i2.node = d;
        i2.r1 = r;
        push_sub(c, kBottomNode, i2);
    }
    for (Node b : D.negs)
        for (const auto& [s, e, ax] : idx_[b].neg)
            if (sub_role(r, s)) {
                Inference i2;
                i2.rule = Rule::ExistsLeft;
                i2.axiom = ax;
                i2.node = d;
                i2.r1 = r;
                i2.premise = b;
                push_sub(c, e, i2);
            }
    if (r < chain_left_.size()) {
        for (const ChainEntry& ce : chain_left_[r])
            for (const auto& [q2, e] : D.succs)
                if (sub_role(q2, ce.other)) {
                    Inference i2;
                    i2.rule = Rule::Chain;
                    i2.axiom = ce.axiom;
                    i2.node = d;
                    i2.r1 = r;
                    i2.r2 = q2;
                    push_link(c, ce.t, e, i2);
                }
        for (const ChainEntry& ce : chain_right_[r])
            for (const auto& [q1, b] : C.preds)
                if (sub_role(q1, ce.other)) {
                    Inference i2;
                    i2.rule = Rule::Chain;
                    i2.axiom = ce.axiom;
                    i2.node = c;
                    i2.r1 = q1;
                    i2.r2 = r;
                    push_link(b, ce.t, d, i2);
                }
    }
}

void Reasoner::process(jobs::JobContext* ctx) {
    std::size_t n = 0;
    while (!queue_.empty()) {
        const Todo t = queue_.back();
        queue_.pop_back();
        if (t.link)
            apply_link(t.c, t.r, t.x, t.inf);
        else
            apply_sub(t.c, t.x, t.inf);
        if (ctx && (++n & 0xFFFF) == 0) ctx->throw_if_stopped();
    }
}

void Reasoner::saturate(jobs::JobContext& ctx) {
    Stopwatch sw;
    activate(kTopNode);
    process(&ctx);
    const std::size_t total = named_end_ + num_individuals_;
    for (ConceptName c = 0; c < named_end_; ++c) {
        activate(concept_node(c));
        process(&ctx);
        if ((c & 255) == 0) ctx.report(c, total, "Saturating");
    }
    for (IndividualName a = 0; a < num_individuals_; ++a) {
        activate(individual_node(a));
        process(&ctx);
    }
    ctx.report(total, total, "Saturating", true);
    seconds_ = sw.seconds();
}

bool Reasoner::subsumes(Node c, Node b) const {
    const Context* C = c < contexts_.size() ? contexts_[c].get() : nullptr;
    if (!C) return false;
    return C->subs.contains(b) || C->subs.contains(kBottomNode);
}

bool Reasoner::unsatisfiable(Node n) const {
    const Context* C = n < contexts_.size() ? contexts_[n].get() : nullptr;
    return C && C->subs.contains(kBottomNode);
}

bool Reasoner::consistent() const {
    if (unsatisfiable(kTopNode)) return false;
    for (IndividualName a = 0; a < num_individuals_; ++a)
        if (unsatisfiable(individual_node(a))) return false;
    return true;
}

const std::vector<Node>& Reasoner::subsumers(Node c) const {
    static const std::vector<Node> empty;
    const Context* C = c < contexts_.size() ? contexts_[c].get() : nullptr;
    return C ? C->list : empty;
}

bool Reasoner::has_link_to(Node c, RoleName r, Node d) const {
    const Context* D = d < contexts_.size() ? contexts_[d].get() : nullptr;
    if (!D) return false;
    for (const auto& [q, p] : D->preds)
        if (p == c && sub_role(q, r)) return true;
    return false;
}

RoleName Reasoner::link_role(Node c, RoleName r, Node d) const {
    const Context* D = d < contexts_.size() ? contexts_[d].get() : nullptr;
    if (!D) return onto::kNone;
    for (const auto& [q, p] : D->preds)
        if (p == c && sub_role(q, r)) return q;
    return onto::kNone;
}

const std::vector<std::pair<RoleName, Node>>& Reasoner::links(Node c) const {
    static const std::vector<std::pair<RoleName, Node>> empty;
    const Context* C = c < contexts_.size() ? contexts_[c].get() : nullptr;
    return C ? C->succs : empty;
}

int Reasoner::node_kind(Node n, std::uint32_t& id) const {
    if (n < 2) {
        id = n;
        return 2;
    }
    if (n < ind_base_) {
        id = n - 2;
        return 0;
    }
    if (n < ind_base_ + num_individuals_) {
        id = n - ind_base_;
        return 1;
    }
    for (std::size_t i = 0; i < delta_concepts_.size(); ++i)
        if (delta_concepts_[i] == n) {
            id = static_cast<std::uint32_t>(num_concepts_ + i);
            return 0;
        }
    id = n;
    return 3;
}

std::vector<Node> Reasoner::node_parts(Node n) const {
    auto it = range_parts_.find(n);
    return it == range_parts_.end() ? std::vector<Node>{} : it->second;
}

ReasonerStats Reasoner::stats() const {
    ReasonerStats s;
    for (const auto& c : contexts_) {
        if (!c) continue;
        ++s.contexts;
        s.subsumptions += c->list.size();
        s.links += c->preds.size();
    }
    s.inferences = s.subsumptions + s.links;
    s.seconds = seconds_;
    return s;
}

// ---------------------------------------------------------------- proofs

std::vector<ProofStep> Reasoner::proof_from(bool link, Node c, Node x, RoleName r) const {
    // Depth-first over premises with an explicit stack (a proof can be as deep as the longest
    // chain of told subsumptions, far beyond the call stack): every step is emitted after the
    // steps of its premises, each conclusion once; a premise met again while its own proof is
    // still open (a cycle) is left out of the premise list.
    struct Goal {
        bool link;
        Node c, x;
        RoleName r;
    };
    struct Frame {
        ProofStep step;
        std::vector<Goal> premises;
        std::size_t next = 0;
        bool waiting = false; ///< premises[next - 1] has a frame above this one
    };
    auto key = [](const Goal& g) {
        const std::uint64_t k1 = (std::uint64_t{g.link} << 63) | (std::uint64_t{g.c} << 32) | g.x;
        return std::pair<std::uint64_t, std::uint64_t>{k1, g.link ? g.r : 0};
    };
    struct KeyHash {
        std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
            return std::hash<std::uint64_t>{}(k.first * 0x9E3779B97F4A7C15ull ^ k.second);
        }
    };
    std::vector<ProofStep> out;
    std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, std::size_t, KeyHash> seen; // → index in out, or npos
    constexpr std::size_t kOpen = static_cast<std::size_t>(-1);
    std::vector<Frame> stack;

    auto open = [&](const Goal& g) {
        if (!seen.emplace(key(g), kOpen).second) return false;
        Frame f;
        f.step.link = g.link;
        f.step.ctx = g.c;
        f.step.x = g.x;
        f.step.role = g.r;
        if (g.link) {
            const Context& D = *contexts_[g.x];
            const std::uint32_t pos = D.pred_set.find(link_key(g.r, g.c));
            if (pos == U64Map::kMissing) return false;
            f.step.inf = D.pred_infs[pos];
        } else {
            const Context& C = *contexts_[g.c];
            const std::uint32_t pos = C.subs.find(g.x);
            if (pos == U64Map::kMissing) return false;
            f.step.inf = C.infs[pos];
        }
        const Inference& inf = f.step.inf;
        auto add = [&](bool l, Node a, Node b, RoleName role) { f.premises.push_back(Goal{l, a, b, role}); };
        switch (inf.rule) {
        case Rule::Init:
        case Rule::Top: break;
        case Rule::Told:
            if (inf.premise != g.c) add(false, g.c, inf.premise, 0);
            break;
        case Rule::Conj:
            add(false, g.c, inf.premise, 0);
            add(false, g.c, inf.node, 0);
            break;
        case Rule::Exists:
            if (inf.premise != g.c) add(false, g.c, inf.premise, 0);
            break;
        case Rule::ExistsLeft:
            add(true, g.c, inf.node, inf.r1);
            add(false, inf.node, inf.premise, 0);
            break;
        case Rule::BottomLink:
            add(true, g.c, inf.node, inf.r1);
            add(false, inf.node, kBottomNode, 0);
            break;
        case Rule::Chain:
            add(true, g.c, inf.node, inf.r1);
            add(true, inf.node, g.x, inf.r2);
            break;
        case Rule::Range:
            if (inf.axiom != kNoAxiom && axioms_[inf.axiom].nf == NormalForm::RA) {
                const NormalAxiom& ra = axioms_[inf.axiom];
                add(true, individual_node(ra.x), g.c, ra.r);
            }
            break;
        }
        stack.push_back(std::move(f));
        return true;
    };
    // Records premise g of frame f if its step was emitted (not when missing or still open).
    auto link_premise = [&](Frame& f, const Goal& g) {
        auto it = seen.find(key(g));
        if (it != seen.end() && it->second != kOpen) f.step.premises.push_back(it->second);
    };

    open(Goal{link, c, x, r});
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.waiting) {
            f.waiting = false;
            link_premise(f, f.premises[f.next - 1]);
        }
        if (f.next < f.premises.size()) {
            const Goal g = f.premises[f.next++];
            f.waiting = true;
            if (open(g)) continue; // f may be invalid now; its turn comes again after g's frame
            f.waiting = false;
            link_premise(f, g);
            continue;
        }
        seen[key(Goal{f.step.link, f.step.ctx, f.step.x, f.step.role})] = out.size();
        out.push_back(std::move(f.step));
        stack.pop_back();
    }
    return out;
}

std::vector<ProofStep> Reasoner::proof(Node c, Node b) const {
    if (!has_context(c) || !contexts_[c]->subs.contains(b)) return {};
    return proof_from(false, c, b, 0);
}

std::vector<ProofStep> Reasoner::proof_link(Node c, RoleName r, Node d) const {
    if (!has_context(d) || !contexts_[d]->pred_set.contains(link_key(r, c))) return {};
    return proof_from(true, c, d, r);
}

// ---------------------------------------------------------------- delta

void Reasoner::build_holders() {
    const std::size_t n = idx_.size();
    holder_off_.assign(n + 1, 0);
    for (std::size_t c = 0; c < contexts_.size(); ++c)
        if (contexts_[c])
            for (Node b : contexts_[c]->list)
                ++holder_off_[b + 1];
    for (std::size_t i = 0; i < n; ++i)
        holder_off_[i + 1] += holder_off_[i];
    holder_ctx_.assign(holder_off_[n], 0);
    std::vector<std::uint32_t> fill(holder_off_.begin(), holder_off_.end() - 1);
    for (std::size_t c = 0; c < contexts_.size(); ++c)
        if (contexts_[c])
            for (Node b : contexts_[c]->list)
                holder_ctx_[fill[b]++] = static_cast<std::uint32_t>(c);
    role_link_off_.assign(num_roles_ + 1, 0);
    for (const auto& c : contexts_)
        if (c)
            for (const auto& [q, p] : c->preds)
                ++role_link_off_[q + 1];
    for (std::size_t q = 0; q < num_roles_; ++q)
        role_link_off_[q + 1] += role_link_off_[q];
    role_links_.assign(role_link_off_[num_roles_], {});
    std::vector<std::uint32_t> rfill(role_link_off_.begin(), role_link_off_.end() - 1);
    for (std::size_t d = 0; d < contexts_.size(); ++d)
        if (contexts_[d])
            for (const auto& [q, p] : contexts_[d]->preds)
                role_links_[rfill[q]++] = {p, static_cast<Node>(d)};
    role_ax_off_.assign(num_roles_ + 1, 0);
    for (const NormalAxiom& a : axioms_)
        if (a.nf == NormalForm::GCI2 || a.nf == NormalForm::RA) ++role_ax_off_[a.r + 1];
    for (std::size_t q = 0; q < num_roles_; ++q)
        role_ax_off_[q + 1] += role_ax_off_[q];
    role_ax_.assign(role_ax_off_[num_roles_], 0);
    std::vector<std::uint32_t> afill(role_ax_off_.begin(), role_ax_off_.end() - 1);
    for (std::uint32_t i = 0; i < axioms_.size(); ++i)
        if (axioms_[i].nf == NormalForm::GCI2 || axioms_[i].nf == NormalForm::RA) role_ax_[afill[axioms_[i].r]++] = i;
    holders_built_ = true;
}

template <class F> void Reasoner::for_holders(Node b, F&& f) const {
    if (b + 1 < holder_off_.size())
        for (std::uint32_t i = holder_off_[b]; i < holder_off_[b + 1]; ++i)
            f(holder_ctx_[i]);
    for (const Undo& u : undo_)
        if (u.kind == Undo::Sub && u.m == b) f(u.n);
}

void Reasoner::begin_delta() {
    if (in_delta_) throw std::logic_error("begin_delta: a delta is already open");
    if (!holders_built_) build_holders();
    in_delta_ = true;
    delta_inconsistent_ = delta_incoherent_ = false;
    delta_witness_ = 0;
    delta_nodes_begin_ = idx_.size();
    delta_axioms_begin_ = axioms_.size();
    delta_roles_begin_ = num_roles_;
    delta_rangesets_begin_ = rangesets_.size();
}

RoleName Reasoner::new_delta_role() {
    if (!in_delta_) throw std::logic_error("new_delta_role outside a delta");
    const RoleName u = static_cast<RoleName>(num_roles_++);
    std::vector<std::uint64_t> row((u >> 6) + 1, 0);
    row[u >> 6] |= std::uint64_t{1} << (u & 63);
    sub_bits_.push_back(std::move(row));
    chain_left_.emplace_back();
    chain_right_.emplace_back();
    ranges_.emplace_back();
    role_rangeset_.push_back(onto::kNone);
    return u;
}

ConceptName Reasoner::new_delta_concept() {
    if (!in_delta_) throw std::logic_error("new_delta_concept outside a delta");
    const Node n = add_node();
    delta_concepts_.push_back(n);
    return static_cast<ConceptName>(num_concepts_ + delta_concepts_.size() - 1);
}

void Reasoner::add_delta(const std::vector<NormalAxiom>& axioms, jobs::JobContext* ctx) {
    if (!in_delta_) throw std::logic_error("add_delta outside a delta");
    bool roles = false;
    for (const NormalAxiom& a : axioms) {
        const bool ri = a.nf == NormalForm::RI, rc = a.nf == NormalForm::RC;
        if (!ri && !rc && a.nf != NormalForm::RANGE) continue;
        roles = true;
        if (a.r >= num_roles_ || ((ri || rc) && a.s >= num_roles_) || (rc && a.t >= num_roles_))
            throw std::logic_error("add_delta: a role beyond the signature (fresh roles come from new_delta_role)");
    }
    const std::uint32_t first = static_cast<std::uint32_t>(axioms_.size());
    std::vector<Node> fresh_neg; // fillers whose ∃-index was empty before this batch
    for (const NormalAxiom& a : axioms) {
        if (a.nf == NormalForm::GCI3 || a.nf == NormalForm::GCI3_BOT) {
            const Node f = concept_node(a.a);
            if (idx_[f].neg.empty() && std::find(fresh_neg.begin(), fresh_neg.end(), f) == fresh_neg.end())
                fresh_neg.push_back(f);
        }
    }
    axioms_.insert(axioms_.end(), axioms.begin(), axioms.end());
    // Role tables first, so that the batch's own GCI2 and RA axioms are indexed with the new
    // range sets.
    std::vector<char> touched;
    std::vector<RoleName> ranged;
    if (roles) update_roles(first, touched, ranged);
    for (std::uint32_t i = first; i < axioms_.size(); ++i)
        index_axiom(i, true);
    for (Node f : fresh_neg) {
        std::vector<Node> hs;
        for_holders(f, [&](Node d) { hs.push_back(d); });
        for (Node d : hs) {
            contexts_[d]->negs.push_back(f);
            undo_.push_back({Undo::Neg, d, 0, 0});
        }
    }
    if (roles) {
        refire_links(touched);
        retarget_ranges(ranged, first);
    }
    for (std::uint32_t i = first; i < axioms_.size(); ++i) {
        const NormalAxiom a = axioms_[i];
        Inference inf;
        inf.axiom = i;
        std::vector<Node> hs;
        switch (a.nf) {
        case NormalForm::GCI0:
        case NormalForm::GCI0_BOT: {
            const Node l = concept_node(a.a), b = a.nf == NormalForm::GCI0 ? concept_node(a.b) : kBottomNode;
            for_holders(l, [&](Node c) { hs.push_back(c); });
            inf.rule = Rule::Told;
            inf.premise = l;
            for (Node c : hs)
                push_sub(c, b, inf);
            break;
        }
        case NormalForm::GCI1:
        case NormalForm::GCI1_BOT: {
            const Node l1 = concept_node(a.a), l2 = concept_node(a.b);
            const Node b = a.nf == NormalForm::GCI1 ? concept_node(a.c) : kBottomNode;
            for_holders(l1, [&](Node c) { hs.push_back(c); });
            inf.rule = Rule::Conj;
            inf.premise = l1;
            inf.node = l2;
            for (Node c : hs)
                if (contexts_[c]->subs.contains(l2)) push_sub(c, b, inf);
            break;
        }
        case NormalForm::GCI2: {
            const Node l = concept_node(a.a);
            const Node t = range_node(concept_node(a.b), a.r);
            for_holders(l, [&](Node c) { hs.push_back(c); });
            inf.rule = Rule::Exists;
            inf.premise = l;
            for (Node c : hs)
                push_link(c, a.r, t, inf);
            break;
        }
        case NormalForm::GCI3:
        case NormalForm::GCI3_BOT: {
            const Node f = concept_node(a.a), b = a.nf == NormalForm::GCI3 ? concept_node(a.b) : kBottomNode;
            for_holders(f, [&](Node d) { hs.push_back(d); });
            inf.rule = Rule::ExistsLeft;
            inf.premise = f;
            for (Node d : hs)
                for (const auto& [q, p] : contexts_[d]->preds)
                    if (sub_role(q, a.r)) {
                        inf.node = d;
                        inf.r1 = q;
                        push_sub(p, b, inf);
                    }
            break;
        }
        case NormalForm::CA: {
            const Node x = individual_node(a.x);
            activate(x);
            inf.rule = Rule::Told;
            inf.premise = x;
            push_sub(x, concept_node(a.a), inf);
            break;
        }
        case NormalForm::RA: {
            const Node x = individual_node(a.x), y = individual_node(a.y);
            activate(x);
            inf.rule = Rule::Exists;
            inf.premise = x;
            push_link(x, a.r, y, inf);
            activate(y);
            if (a.r < ranges_.size())
                for (const auto& [rn, ax] : ranges_[a.r]) {
                    (void)ax;
                    Inference ri;
                    ri.rule = Rule::Range;
                    ri.axiom = i;
                    push_sub(y, rn, ri);
                }
            break;
        }
        case NormalForm::RI:
        case NormalForm::RC:
        case NormalForm::RANGE: break; // done by update_roles, refire_links and retarget_ranges
        }
    }
    process(ctx);
}

void Reasoner::rebuild_chain_row(RoleName q) {
    chain_left_[q].clear();
    chain_right_[q].clear();
    for (std::uint32_t i : rc_axioms_) {
        const NormalAxiom& a = axioms_[i];
        if (sub_role(q, a.r)) chain_left_[q].push_back({a.s, a.t, i});
        if (sub_role(q, a.s)) chain_right_[q].push_back({a.r, a.t, i});
    }
}

void Reasoner::update_roles(std::uint32_t first, std::vector<char>& touched, std::vector<RoleName>& ranged) {
    // closure(O) ⊆ closure(O ∪ α): only inferences whose role side condition (r ⊑* s, or a
    // chain r'∘s' ⊑ t with r ⊑* r', s ⊑* s') became true can be new. Those all have a link
    // premise whose role q gained super-roles or chain entries, so re-firing the link rules on
    // the existing links of such roles (later links use the new tables anyway) is complete.
    // Ranges sit on link targets instead: see retarget_ranges.
    if (role_saved_.size() < delta_roles_begin_) role_saved_.resize(delta_roles_begin_, 0);
    auto save = [&](RoleName q) {
        if (q >= delta_roles_begin_ || role_saved_[q]) return; // a delta role is dropped whole
        role_saved_[q] = 1;
        saved_roles_.push_back({q, sub_bits_[q], chain_left_[q], chain_right_[q], ranges_[q], role_rangeset_[q]});
    };
    touched.assign(num_roles_, 0);
    std::vector<char> check_ranges(num_roles_, 0);
    for (std::uint32_t i = first; i < axioms_.size(); ++i) {
        const NormalAxiom& a = axioms_[i];
        if (a.nf != NormalForm::RI) continue;
        const std::vector<std::uint64_t> up = sub_bits_[a.s]; // s's super-roles (stable: see below)
        for (RoleName q = 0; q < num_roles_; ++q) {
            if (!sub_role(q, a.r)) continue;
            // q ⊑* r ⊑ s ⊑* u: q gains up(s). up(s) itself only changes when s ⊑* r, and
            // then by up(s) |= up(s).
            auto& row = sub_bits_[q];
            bool grows = false;
            for (std::size_t w = 0; w < up.size() && !grows; ++w)
                grows = (up[w] & ~(w < row.size() ? row[w] : 0)) != 0;
            if (!grows) continue;
            save(q);
            if (row.size() < up.size()) row.resize(up.size(), 0);
            for (std::size_t w = 0; w < up.size(); ++w)
                row[w] |= up[w];
            touched[q] = 1;
            check_ranges[q] = 1; // new super-roles may bring ranges
        }
    }
    for (std::uint32_t i = first; i < axioms_.size(); ++i) {
        const NormalAxiom& a = axioms_[i];
        if (a.nf == NormalForm::RC) {
            rc_axioms_.push_back(i);
            for (RoleName q = 0; q < num_roles_; ++q)
                if (sub_role(q, a.r) || sub_role(q, a.s)) touched[q] = 1;
        } else if (a.nf == NormalForm::RANGE) {
            range_axioms_.push_back(i);
            for (RoleName q = 0; q < num_roles_; ++q)
                if (sub_role(q, a.r)) check_ranges[q] = 1;
        }
    }
    for (RoleName q = 0; q < num_roles_; ++q)
        if (touched[q]) {
            save(q);
            rebuild_chain_row(q);
        }
    for (RoleName q = 0; q < num_roles_; ++q) {
        if (!check_ranges[q]) continue;
        std::vector<std::pair<Node, std::uint32_t>> v = role_ranges(q);
        if (v == ranges_[q]) continue; // ranges only grow; an equal list means no new range
        save(q);
        role_rangeset_[q] = rangeset_id(v);
        ranges_[q] = std::move(v);
        ranged.push_back(q);
    }
}

void Reasoner::refire_links(const std::vector<char>& touched) {
    // The links of the touched roles: those of the closure and those the delta added so far.
    const std::size_t closure_roles = role_link_off_.empty() ? 0 : role_link_off_.size() - 1;
    for (RoleName q = 0; q < closure_roles; ++q)
        if (touched[q])
            for (std::uint32_t k = role_link_off_[q]; k < role_link_off_[q + 1]; ++k)
                fire_link(role_links_[k].first, q, role_links_[k].second);
    std::vector<std::pair<Node, std::pair<RoleName, Node>>> dl;
    for (const Undo& u : undo_)
        if (u.kind == Undo::Link && touched[static_cast<RoleName>(u.key >> 32)])
            dl.push_back({u.n, {static_cast<RoleName>(u.key >> 32), u.m}});
    for (const auto& [c, rd] : dl)
        fire_link(c, rd.first, rd.second);
}

void Reasoner::retarget_ranges(const std::vector<RoleName>& ranged, std::uint32_t first) {
    // A fresh saturation of O ∪ α would send every GCI2 A ⊑ ∃q.B of a role q whose ranges
    // grew to the node B ⊓ ranges(q), and give q(a,b)'s b the ranges of q. So each such GCI2
    // is indexed again with its new target and fired on the contexts holding A, and each such
    // assertion adds the new ranges to b. The old link C →q (B ⊓ old ranges) stays: its target
    // has a subset of the new target's subsumers (their init lists are nested), so everything
    // it derives the new link derives too; no subsumer of a context differs from a fresh run.
    if (ranged.empty()) return;
    std::vector<std::pair<Node, Node>> delta_subs; // (context, subsumer) derived in earlier batches
    for (const Undo& u : undo_)
        if (u.kind == Undo::Sub) delta_subs.push_back({u.n, u.m});
    std::vector<char> is_ranged(num_roles_, 0);
    for (RoleName q : ranged)
        is_ranged[q] = 1;
    std::vector<Node> hs;
    auto redo = [&](std::uint32_t i) {
        const NormalAxiom a = axioms_[i];
        if (a.nf == NormalForm::GCI2) {
            const Node l = concept_node(a.a);
            const Node t = range_node(concept_node(a.b), a.r);
            idx_[l].exist.push_back({a.r, t, i});
            undo_.push_back({Undo::IdxExist, l, 0, 0});
            hs.clear();
            if (l + 1 < holder_off_.size())
                for (std::uint32_t k = holder_off_[l]; k < holder_off_[l + 1]; ++k)
                    hs.push_back(holder_ctx_[k]);
            for (const auto& [c, b] : delta_subs)
                if (b == l) hs.push_back(c);
            Inference inf;
            inf.rule = Rule::Exists;
            inf.axiom = i;
            inf.premise = l;
            for (Node c : hs)
                push_link(c, a.r, t, inf);
        } else if (a.nf == NormalForm::RA) {
            const Node y = individual_node(a.y);
            activate(y);
            for (const auto& [rn, ax] : ranges_[a.r]) {
                (void)ax;
                const std::array<std::uint32_t, 3> e{rn, static_cast<std::uint32_t>(Rule::Range), i};
                auto& init = idx_[y].init;
                if (std::find(init.begin(), init.end(), e) != init.end()) continue;
                init.push_back(e);
                undo_.push_back({Undo::IdxInit, y, 0, 0});
                Inference ri;
                ri.rule = Rule::Range;
                ri.axiom = i;
                push_sub(y, rn, ri);
            }
        }
    };
    const std::size_t closure_roles = role_ax_off_.empty() ? 0 : role_ax_off_.size() - 1;
    for (RoleName q : ranged)
        if (q < closure_roles)
            for (std::uint32_t k = role_ax_off_[q]; k < role_ax_off_[q + 1]; ++k)
                redo(role_ax_[k]);
    for (std::uint32_t i = static_cast<std::uint32_t>(delta_axioms_begin_); i < first; ++i) {
        const NormalAxiom& a = axioms_[i];
        if ((a.nf == NormalForm::GCI2 || a.nf == NormalForm::RA) && is_ranged[a.r]) redo(i);
    }
}

void Reasoner::rollback() {
    if (!in_delta_) return;
    queue_.clear();
    for (std::size_t k = undo_.size(); k-- > 0;) {
        const Undo& u = undo_[k];
        switch (u.kind) {
        case Undo::Sub: {
            Context& C = *contexts_[u.n];
            C.subs.erase(C.list.back());
            C.list.pop_back();
            C.infs.pop_back();
            break;
        }
        case Undo::Neg: contexts_[u.n]->negs.pop_back(); break;
        case Undo::Link: {
            Context& D = *contexts_[u.m];
            D.pred_set.erase(u.key);
            D.preds.pop_back();
            D.pred_infs.pop_back();
            contexts_[u.n]->succs.pop_back();
            break;
        }
        case Undo::Activate: contexts_[u.n].reset(); break;
        case Undo::IdxTold: idx_[u.n].told.pop_back(); break;
        case Undo::IdxConj: idx_[u.n].conj.pop_back(); break;
        case Undo::IdxExist: idx_[u.n].exist.pop_back(); break;
        case Undo::IdxNeg: idx_[u.n].neg.pop_back(); break;
        case Undo::IdxInit: idx_[u.n].init.pop_back(); break;
        case Undo::RangeNode:
            range_nodes_.erase(u.key);
            range_parts_.erase(u.n);
            break;
        }
    }
    undo_.clear();
    for (SavedRole& sr : saved_roles_) {
        sub_bits_[sr.q] = std::move(sr.bits);
        chain_left_[sr.q] = std::move(sr.left);
        chain_right_[sr.q] = std::move(sr.right);
        ranges_[sr.q] = std::move(sr.ranges);
        role_rangeset_[sr.q] = sr.rangeset;
        role_saved_[sr.q] = 0;
    }
    saved_roles_.clear();
    num_roles_ = delta_roles_begin_; // the delta's fresh roles
    sub_bits_.resize(num_roles_);
    chain_left_.resize(num_roles_);
    chain_right_.resize(num_roles_);
    ranges_.resize(num_roles_);
    role_rangeset_.resize(num_roles_);
    for (std::size_t k = rangesets_.size(); k-- > delta_rangesets_begin_;)
        rangeset_ids_.erase(rangesets_[k]);
    rangesets_.resize(delta_rangesets_begin_);
    while (!rc_axioms_.empty() && rc_axioms_.back() >= delta_axioms_begin_)
        rc_axioms_.pop_back();
    while (!range_axioms_.empty() && range_axioms_.back() >= delta_axioms_begin_)
        range_axioms_.pop_back();
    axioms_.resize(delta_axioms_begin_);
    idx_.resize(delta_nodes_begin_);
    contexts_.resize(delta_nodes_begin_);
    delta_concepts_.clear();
    in_delta_ = false;
    delta_inconsistent_ = delta_incoherent_ = false;
}

} // namespace kbcx::reason
