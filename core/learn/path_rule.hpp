// Path rules over ids, the language of AnyBURL and RuleN: cyclic rules h(X,Y) <= path X..Y, acyclic
// rules with a head constant (AC1: path ends in a constant, AC2: in a free variable) and zero rules.
#pragma once

#include "kg/fact_store.hpp"
#include "rules/rule.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace kbcx::learn {

/// One step of a body path from the current node: forward r(cur, next), inverse r(next, cur).
struct Step {
    kg::Id rel = kg::kNoId;
    bool inverse = false;
    friend bool operator==(const Step&, const Step&) = default;
};

/// A rule of the path language. Variables are named as AnyBURL names them: the head is h(X,Y)
/// (cyclic), h(X,c) or h(c,Y) (acyclic); body variables along the path are A, B, C, ….
///   Cyclic: h(X,Y) <= s1(X,A), s2(A,B), s3(B,Y)          (the path runs from X to Y)
///   AC1:    h(X,c) <= s1(X,A), s2(A,d)                    (the path from the anchor ends in d)
///   AC2:    h(X,c) <= s1(X,A)                             (the path ends in a free variable)
///   Zero:   h(X,c) <=                                     (an empty body: AnyBURL's zero rules)
/// The anchor is the head's variable (X when the constant is the object, Y when it is the subject).
/// AC1 with d = c is AnyBURL's grounded cyclic rule, e.g. h(X,c) <= s1(X,c).
struct PathRule {
    enum class Kind : std::uint8_t { Cyclic, AC1, AC2, Zero };
    Kind kind = Kind::Cyclic;
    kg::Id head = kg::kNoId;
    bool anchor_object = false;    ///< acyclic only: the head is h(c,Y) and the path starts at Y
    kg::Id head_const = kg::kNoId; ///< acyclic only: c
    kg::Id end_const = kg::kNoId;  ///< AC1 only: d
    std::vector<Step> path;        ///< at least one step (none for Zero)
    friend bool operator==(const PathRule&, const PathRule&) = default;
};

/// A hashable identity of a rule (kind, head, constants, steps).
std::string rule_key(const PathRule& r);

/// Names for ids when converting to and from text.
struct NameTable {
    std::vector<std::string> entities, relations;
};

/// The rule as a rules::Rule (AnyBURL's variable names; constants are names of the table).
rules::Rule to_rule(const PathRule& r, const NameTable& names);

/// Recognises a rules::Rule of the path language (any variable names, any body-atom order)
/// and compiles it with `find_entity`/`find_relation` (which return kNoId for unknown names;
/// then nullopt is returned as for rules outside the language: unary atoms, inequalities,
/// branching bodies, both head arguments constants or equal). An empty body with one head
/// constant is a Zero rule.
template <class FindE, class FindR>
std::optional<PathRule> from_rule(const rules::Rule& rule, FindE&& find_entity, FindR&& find_relation);

/// Sets of nodes along paths, over one fact store.
class PathWalker {
  public:
    explicit PathWalker(const kg::FactStore& facts) : facts_(facts) {}
    const kg::FactStore& facts() const { return facts_; }
    /// Nodes reached from `from` (sorted, distinct) by one step.
    void step(std::span<const kg::Id> from, Step s, std::vector<kg::Id>& out, std::uint64_t* work = nullptr) const;
    /// Nodes reached from `start` along `path` (sorted, distinct).
    std::vector<kg::Id> reach(kg::Id start, std::span<const Step> path, std::uint64_t* work = nullptr) const;
    /// The anchors whose path reaches `end` (AC1) or reaches anything (AC2 when end == kNoId).
    std::vector<kg::Id> anchors(std::span<const Step> path, kg::Id end, std::uint64_t* work = nullptr) const;
    /// Nodes with at least one `s` edge (subjects for a forward step, objects for an inverse one).
    std::span<const kg::Id> domain(Step s) const;

    // Object identity (AnyBURL's OI constraints): the nodes of a grounding are pairwise distinct.
    /// Nodes y reached from `start` along `path` through nodes start = n0, n1, …, nL = y that are
    /// pairwise distinct (sorted, distinct). Exact for every length: lengths up to 3 by sets
    /// (length 3 keeps, per node after two steps, whether more than one node precedes it), longer
    /// paths by depth-first search.
    void reach_oi(kg::Id start, std::span<const Step> path, std::vector<kg::Id>& out,
                  std::uint64_t* work = nullptr) const;
    /// Whether the body of an acyclic rule holds for anchor `x` under OI: a path from x along
    /// `path` ending in the constant `end` (AC1) or in any node (AC2: end == kNoId) whose
    /// variables (x, the inner nodes, AC2's free end) are pairwise distinct and differ from the
    /// head constant and from `end`; `end` may equal the head constant (grounded cyclic rules).
    bool holds_oi(kg::Id x, std::span<const Step> path, kg::Id end, kg::Id head_const) const;
    /// The anchors for which holds_oi is true (sorted).
    std::vector<kg::Id> anchors_oi(std::span<const Step> path, kg::Id end, kg::Id head_const,
                                   std::uint64_t* work = nullptr) const;
    /// One random grounding of `path` from `start`, as AnyBURL's beam search draws it: at each
    /// step a uniformly chosen edge; the end node, or kNoId when a step has no edge, the end
    /// equals start, or (with `oi`) the walk revisits a node.
    kg::Id random_grounding(kg::Id start, std::span<const Step> path, std::mt19937_64& rng, bool oi) const;
    /// Whether `from` has an `s` edge to `to`.
    bool has_edge(kg::Id from, Step s, kg::Id to) const;

  private:
    const kg::FactStore& facts_;
};

/// The reverse of a path (from its end back to its start).
std::vector<Step> reversed(std::span<const Step> path);

// ---- implementation of the template ----
namespace detail {
struct ParsedPath {
    bool ok = false;
    std::vector<std::pair<std::string, bool>> steps; ///< predicate, inverse
    rules::Term end;                                 ///< last term reached
};
ParsedPath parse_path(const rules::Rule& rule, const rules::Term& anchor, const rules::Term* target);
} // namespace detail

template <class FindE, class FindR>
std::optional<PathRule> from_rule(const rules::Rule& rule, FindE&& find_entity, FindR&& find_relation) {
    if (rule.head.unary() || !rule.inequalities.empty()) return std::nullopt;
    for (const auto& a : rule.body)
        if (a.unary()) return std::nullopt;
    const rules::Term& h0 = rule.head.args[0];
    const rules::Term& h1 = rule.head.args[1];
    PathRule out;
    out.head = find_relation(rule.head.predicate);
    if (out.head == kg::kNoId) return std::nullopt;
    detail::ParsedPath p;
    if (h0.is_var() && h1.is_var()) {
        if (h0.name == h1.name) return std::nullopt;
        out.kind = PathRule::Kind::Cyclic;
        p = detail::parse_path(rule, h0, &h1);
    } else if (h0.is_var() != h1.is_var()) {
        out.anchor_object = !h0.is_var();
        const rules::Term& anchor = h0.is_var() ? h0 : h1;
        out.head_const = find_entity((h0.is_var() ? h1 : h0).name);
        if (out.head_const == kg::kNoId) return std::nullopt;
        if (rule.body.empty()) {
            out.kind = PathRule::Kind::Zero;
            return out;
        }
        p = detail::parse_path(rule, anchor, nullptr);
        if (p.ok) {
            if (p.end.is_var()) {
                out.kind = PathRule::Kind::AC2;
            } else {
                out.kind = PathRule::Kind::AC1;
                out.end_const = find_entity(p.end.name);
                if (out.end_const == kg::kNoId) return std::nullopt;
            }
        }
    } else {
        return std::nullopt;
    }
    if (!p.ok) return std::nullopt;
    for (const auto& [pred, inv] : p.steps) {
        const kg::Id r = find_relation(pred);
        if (r == kg::kNoId) return std::nullopt;
        out.path.push_back({r, inv});
    }
    return out;
}

} // namespace kbcx::learn
