// The candidate delta of the reasoner: new normal forms, concepts and roles on top of the saved
// closure, saturated incrementally (role tables, re-fired links, new ranges), and rolled back.
#include "reason/reasoner.hpp"
#include "reason/reasoner_detail.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace kbcx::reason {

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

Node Reasoner::delta_individual(IndividualName a) {
    if (a < num_individuals_) return ind_base_ + a;
    if (!in_delta_) throw std::logic_error("delta_individual outside a delta");
    for (const auto& [x, n] : delta_individuals_)
        if (x == a) return n;
    const Node n = add_node();
    delta_individuals_.push_back({a, n});
    return n;
}

void Reasoner::add_delta(const std::vector<NormalAxiom>& axioms, jobs::JobContext* ctx) {
    if (!in_delta_) throw std::logic_error("add_delta outside a delta");
    bool roles = false;
    for (const NormalAxiom& a : axioms) {
        if (a.nf == NormalForm::CA || a.nf == NormalForm::RA) (void)delta_individual(a.x);
        if (a.nf == NormalForm::RA) (void)delta_individual(a.y);
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
    delta_individuals_.clear();
    in_delta_ = false;
    delta_inconsistent_ = delta_incoherent_ = false;
}

} // namespace kbcx::reason
