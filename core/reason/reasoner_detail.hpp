// The reasoner's private data structures, shared by its two source files: the saturation
// (reasoner.cpp) and the candidate delta with its undo log (reasoner_delta.cpp).
#pragma once

#include "reason/reasoner.hpp"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace kbcx::reason {

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

inline std::uint64_t link_key(RoleName r, Node src) {
    return (std::uint64_t{r} << 32) | src;
}

} // namespace kbcx::reason
