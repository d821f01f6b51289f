// The saturation engine: rule application per conclusion from a LIFO work queue, premises
// found through per-concept indexes, links kept in both directions for the ∃ and chain rules,
// and an undo log so that a candidate's delta can be saturated and rolled back (the delta
// itself: reasoner_delta.cpp).
#include "reason/reasoner.hpp"
#include "reason/reasoner_detail.hpp"

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

Node Reasoner::fresh_individual_node(IndividualName a) const {
    for (const auto& [x, n] : delta_individuals_)
        if (x == a) return n;
    throw std::logic_error("individual_node: an individual the reasoner does not know (fresh ones need a delta)");
}

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
    for (const auto& [x, node] : delta_individuals_)
        if (node == n) {
            id = x;
            return 1;
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

} // namespace kbcx::reason
