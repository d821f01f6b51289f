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

bool PathWalker::has_edge(kg::Id from, Step s, kg::Id to) const {
    if (s.rel >= facts_.num_relations() || from >= facts_.num_entities() || to >= facts_.num_entities()) return false;
    return s.inverse ? facts_.contains(to, s.rel, from) : facts_.contains(from, s.rel, to);
}

namespace {
std::span<const kg::Id> neighbours(const kg::FactStore& f, kg::Id v, Step s) {
    if (s.rel >= f.num_relations() || v >= f.num_entities()) return {};
    return s.inverse ? f.subjects(s.rel, v) : f.objects(s.rel, v);
}

/// Depth-first enumeration of OI paths: `visited` holds n0 … n_i.
void dfs_oi(const kg::FactStore& f, std::span<const Step> path, std::size_t i, std::vector<kg::Id>& visited,
            std::vector<kg::Id>& out, std::uint64_t* work) {
    const auto n = neighbours(f, visited.back(), path[i]);
    if (work) *work += n.size() + 1;
    const bool last = i + 1 == path.size();
    for (kg::Id w : n) {
        if (std::find(visited.begin(), visited.end(), w) != visited.end()) continue;
        if (last) {
            out.push_back(w);
        } else {
            visited.push_back(w);
            dfs_oi(f, path, i + 1, visited, out, work);
            visited.pop_back();
        }
    }
}
} // namespace

void PathWalker::reach_oi(kg::Id start, std::span<const Step> path, std::vector<kg::Id>& out,
                          std::uint64_t* work) const {
    out.clear();
    if (path.empty() || start >= facts_.num_entities()) return;
    auto add_work = [&](std::size_t k) {
        if (work) *work += k + 1;
    };
    const auto n1 = neighbours(facts_, start, path[0]);
    add_work(n1.size());
    if (path.size() == 1) {
        for (kg::Id y : n1)
            if (y != start) out.push_back(y);
        return; // CSR rows are sorted and distinct
    }
    if (path.size() == 2) {
        for (kg::Id a : n1) {
            if (a == start) continue;
            const auto n2 = neighbours(facts_, a, path[1]);
            add_work(n2.size());
            for (kg::Id y : n2)
                if (y != start && y != a) out.push_back(y);
        }
    } else if (path.size() == 3) {
        // Nodes B after two steps with the inner nodes A before them: y ≠ A must hold for some A,
        // so a single predecessor A excludes y = A, two or more exclude nothing.
        std::vector<std::pair<kg::Id, kg::Id>> ba; // (B, A)
        for (kg::Id a : n1) {
            if (a == start) continue;
            const auto n2 = neighbours(facts_, a, path[1]);
            add_work(n2.size());
            for (kg::Id b : n2)
                if (b != start && b != a) ba.emplace_back(b, a);
        }
        std::sort(ba.begin(), ba.end());
        for (std::size_t i = 0; i < ba.size();) {
            std::size_t j = i;
            while (j < ba.size() && ba[j].first == ba[i].first)
                ++j;
            const kg::Id b = ba[i].first;
            const bool one = ba[j - 1].second == ba[i].second; // a single distinct predecessor
            const kg::Id only = ba[i].second;
            const auto n3 = neighbours(facts_, b, path[2]);
            add_work(n3.size());
            for (kg::Id y : n3)
                if (y != start && y != b && !(one && y == only)) out.push_back(y);
            i = j;
        }
    } else {
        std::vector<kg::Id> visited{start};
        dfs_oi(facts_, path, 0, visited, out, work);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

namespace {
bool holds_from(const kg::FactStore& f, const PathWalker& w, std::span<const Step> path, std::size_t i,
                std::vector<kg::Id>& visited, kg::Id end, kg::Id head_const) {
    const kg::Id cur = visited.back();
    const bool last = i + 1 == path.size();
    if (last && end != kg::kNoId) return w.has_edge(cur, path[i], end);
    for (kg::Id v : neighbours(f, cur, path[i])) {
        if (v == head_const || v == end || std::find(visited.begin(), visited.end(), v) != visited.end()) continue;
        if (last) return true;
        visited.push_back(v);
        const bool ok = holds_from(f, w, path, i + 1, visited, end, head_const);
        visited.pop_back();
        if (ok) return true;
    }
    return false;
}
} // namespace

kg::Id PathWalker::random_grounding(kg::Id start, std::span<const Step> path, std::mt19937_64& rng, bool oi) const {
    kg::Id visited[8];
    std::size_t nv = 0;
    kg::Id cur = start;
    for (const Step& s : path) {
        const auto n = neighbours(facts_, cur, s);
        if (n.empty()) return kg::kNoId;
        if (nv < 8) visited[nv++] = cur;
        cur = n[rng() % n.size()];
        if (oi && std::find(visited, visited + nv, cur) != visited + nv) return kg::kNoId;
    }
    return cur == start ? kg::kNoId : cur;
}

bool PathWalker::holds_oi(kg::Id x, std::span<const Step> path, kg::Id end, kg::Id head_const) const {
    if (path.empty() || x == head_const || x == end || x >= facts_.num_entities()) return false;
    std::vector<kg::Id> visited{x};
    return holds_from(facts_, *this, path, 0, visited, end, head_const);
}

std::vector<kg::Id> PathWalker::anchors_oi(std::span<const Step> path, kg::Id end, kg::Id head_const,
                                           std::uint64_t* work) const {
    std::vector<kg::Id> out = anchors(path, end, work); // a superset: the same paths without OI
    std::erase_if(out, [&](kg::Id x) {
        if (work) *work += 1;
        return !holds_oi(x, path, end, head_const);
    });
    return out;
}

std::vector<Step> reversed(std::span<const Step> path) {
    std::vector<Step> out(path.rbegin(), path.rend());
    for (Step& s : out)
        s.inverse = !s.inverse;
    return out;
}

} // namespace kbcx::learn
