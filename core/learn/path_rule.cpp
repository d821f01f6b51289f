// Path rules: keys, conversion to and from the rules engine's Rule, and node-set propagation
// along paths with the fact store's CSR indexes.
#include "learn/path_rule.hpp"

#include <algorithm>
#include <set>

namespace kbcx::learn {

std::string rule_key(const PathRule& r) {
    std::string k;
    auto put = [&k](std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            k.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    };
    k.push_back(static_cast<char>(r.kind));
    k.push_back(r.anchor_object ? 1 : 0);
    put(r.head);
    put(r.head_const);
    put(r.end_const);
    for (const Step& s : r.path)
        put(s.rel * 2u + (s.inverse ? 1u : 0u));
    return k;
}

namespace {
std::string var_name(std::size_t i) {
    // A, B, C, … (X and Y name the head's variables), then A1, B1, … for long paths
    static const char* letters = "ABCDEFGHIJKLMNOPQRSTUVWZ";
    std::string out(1, letters[i % 24]);
    if (i >= 24) out += std::to_string(i / 24);
    return out;
}
} // namespace

rules::Rule to_rule(const PathRule& r, const NameTable& names) {
    using rules::Term;
    rules::Rule out;
    const Term X = Term::var("X"), Y = Term::var("Y");
    out.head.predicate = names.relations[r.head];
    Term anchor = X, target = Y;
    if (r.kind == PathRule::Kind::Cyclic) {
        out.head.args = {X, Y};
    } else if (r.anchor_object) {
        out.head.args = {Term::constant(names.entities[r.head_const]), Y};
        anchor = Y;
    } else {
        out.head.args = {X, Term::constant(names.entities[r.head_const])};
    }
    Term cur = anchor;
    for (std::size_t i = 0; i < r.path.size(); ++i) {
        Term next;
        const bool last = i + 1 == r.path.size();
        if (last && r.kind == PathRule::Kind::Cyclic)
            next = target;
        else if (last && r.kind == PathRule::Kind::AC1)
            next = Term::constant(names.entities[r.end_const]);
        else
            next = Term::var(var_name(i));
        rules::Atom a;
        a.predicate = names.relations[r.path[i].rel];
        a.args = r.path[i].inverse ? std::vector<Term>{next, cur} : std::vector<Term>{cur, next};
        out.body.push_back(std::move(a));
        cur = next;
    }
    return out;
}

namespace detail {
ParsedPath parse_path(const rules::Rule& rule, const rules::Term& anchor, const rules::Term* target) {
    ParsedPath p;
    std::vector<bool> used(rule.body.size(), false);
    std::set<std::string> seen{anchor.name};
    rules::Term cur = anchor;
    for (std::size_t n = 0; n < rule.body.size(); ++n) {
        if (!cur.is_var()) return p; // a constant in the middle of the path
        std::size_t pick = rule.body.size();
        for (std::size_t i = 0; i < rule.body.size(); ++i) {
            if (used[i]) continue;
            const auto& a = rule.body[i];
            if (a.args[0] == cur || a.args[1] == cur) {
                if (pick != rule.body.size()) return p; // branching
                pick = i;
            }
        }
        if (pick == rule.body.size()) return p;
        used[pick] = true;
        const auto& a = rule.body[pick];
        const bool inverse = !(a.args[0] == cur);
        const rules::Term next = inverse ? a.args[0] : a.args[1];
        if (next == cur) return p; // a self-loop atom r(A,A)
        p.steps.push_back({a.predicate, inverse});
        const bool last = n + 1 == rule.body.size();
        if (next.is_var()) {
            if (seen.count(next.name)) return p; // a cycle inside the body
            seen.insert(next.name);
            if (target && !last && next == *target) return p;
            if (!target && !last) {
                // a later atom must continue from next; checked by the next iteration
            }
        }
        cur = next;
    }
    if (target) {
        if (!(cur == *target)) return p;
    } else if (cur.is_var()) {
        // the dangling variable must not occur in the head
        for (const auto& t : rule.head.args)
            if (t == cur) return p;
    }
    p.end = cur;
    p.ok = true;
    return p;
}
} // namespace detail

void PathWalker::step(std::span<const kg::Id> from, Step s, std::vector<kg::Id>& out, std::uint64_t* work) const {
    out.clear();
    if (s.rel >= facts_.num_relations()) return;
    for (kg::Id v : from) {
        if (v >= facts_.num_entities()) continue;
        const auto n = s.inverse ? facts_.subjects(s.rel, v) : facts_.objects(s.rel, v);
        out.insert(out.end(), n.begin(), n.end());
        if (work) *work += n.size() + 1;
    }
    if (from.size() > 1) {
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
}

std::vector<kg::Id> PathWalker::reach(kg::Id start, std::span<const Step> path, std::uint64_t* work) const {
    std::vector<kg::Id> cur{start}, next;
    for (const Step& s : path) {
        step(cur, s, next, work);
        cur.swap(next);
        if (cur.empty()) break;
    }
    return cur;
}

std::span<const kg::Id> PathWalker::domain(Step s) const {
    if (s.rel >= facts_.num_relations()) return {};
    return s.inverse ? facts_.objects_of(s.rel) : facts_.subjects_of(s.rel);
}

std::vector<kg::Id> PathWalker::anchors(std::span<const Step> path, kg::Id end, std::uint64_t* work) const {
    if (path.empty()) return {};
    const auto back = reversed(path);
    std::vector<kg::Id> cur, next;
    std::size_t first = 0;
    if (end == kg::kNoId) {
        // AC2: nodes with the last step's edge, then backwards through the rest
        const auto d = domain(path.back());
        cur.assign(d.begin(), d.end());
        first = 1;
    } else {
        cur.push_back(end);
    }
    for (std::size_t i = first; i < back.size(); ++i) {
        step(cur, back[i], next, work);
        cur.swap(next);
        if (cur.empty()) break;
    }
    return cur;
}

std::vector<Step> reversed(std::span<const Step> path) {
    std::vector<Step> out(path.rbegin(), path.rend());
    for (Step& s : out)
        s.inverse = !s.inverse;
    return out;
}

} // namespace kbcx::learn
