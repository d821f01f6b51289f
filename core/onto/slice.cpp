// Connected slices of an ontology (breadth-first over the axioms' class names), merging
// ontologies by IRI, connected components and the slice's text-syntax document; see slice.hpp.
#include "onto/slice.hpp"

#include "common/error.hpp"
#include "onto/text_syntax.hpp"

#include <algorithm>
#include <deque>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace kbcx::onto {

namespace {

bool role_kind(ConceptKind k) {
    switch (k) {
    case ConceptKind::Exists:
    case ConceptKind::ForAll:
    case ConceptKind::MinCard:
    case ConceptKind::MaxCard:
    case ConceptKind::ExactCard:
    case ConceptKind::HasValue:
    case ConceptKind::HasSelf: return true;
    default: return false;
    }
}

void expr_names(const ConceptPool& pool, ExprId e, std::vector<ConceptName>& classes, std::vector<RoleName>& roles) {
    std::vector<ExprId> stack{e};
    while (!stack.empty()) {
        const ConceptExpr& x = pool.get(stack.back());
        stack.pop_back();
        if (x.kind == ConceptKind::Named) classes.push_back(x.name);
        if (role_kind(x.kind) && x.name != kNone) roles.push_back(x.name);
        for (auto it = x.args.rbegin(); it != x.args.rend(); ++it)
            stack.push_back(*it);
    }
}

void unique_in_order(std::vector<std::uint32_t>& v) {
    std::unordered_set<std::uint32_t> seen;
    std::vector<std::uint32_t> out;
    for (auto x : v)
        if (seen.insert(x).second) out.push_back(x);
    v = std::move(out);
}

bool is_class_axiom(AxiomKind k) {
    return k == AxiomKind::SubClassOf || k == AxiomKind::EquivalentClasses || k == AxiomKind::DisjointClasses;
}

/// Copies expressions and axioms from one ontology into another through name maps.
class Copier {
  public:
    Copier(const Ontology& src, Ontology& dst, std::vector<ConceptName> cmap, std::vector<RoleName> rmap,
           std::vector<IndividualName> imap)
        : src_(src), dst_(dst), c_(std::move(cmap)), r_(std::move(rmap)), i_(std::move(imap)) {}

    ExprId expr(ExprId e) {
        if (auto it = done_.find(e); it != done_.end()) return it->second;
        const ConceptExpr& x = src_.pool.get(e);
        ExprId out = 0;
        std::vector<ExprId> args;
        for (ExprId a : x.args)
            args.push_back(expr(a));
        switch (x.kind) {
        case ConceptKind::Top: out = dst_.pool.top(); break;
        case ConceptKind::Bottom: out = dst_.pool.bottom(); break;
        case ConceptKind::Named: out = dst_.pool.named(c_.at(x.name)); break;
        case ConceptKind::And: out = dst_.pool.conj(std::move(args)); break;
        case ConceptKind::Exists: out = dst_.pool.exists(r_.at(x.name), args.at(0)); break;
        default: {
            ConceptExpr y = x;
            y.args = std::move(args);
            if (role_kind(x.kind) && x.name != kNone) y.name = r_.at(x.name);
            for (auto& ind : y.individuals)
                ind = i_.at(ind);
            out = dst_.pool.make(std::move(y));
        }
        }
        done_.emplace(e, out);
        return out;
    }

    Axiom axiom(const Axiom& a) {
        Axiom b = a;
        for (auto& c : b.concepts)
            c = expr(c);
        for (auto& r : b.roles)
            r = r_.at(r);
        for (auto& ind : b.individuals)
            ind = i_.at(ind);
        return b;
    }

  private:
    const Ontology& src_;
    Ontology& dst_;
    std::vector<ConceptName> c_;
    std::vector<RoleName> r_;
    std::vector<IndividualName> i_;
    std::unordered_map<ExprId, ExprId> done_;
};

const std::string kOboBase = "http://purl.obolibrary.org/obo/";

template <class Labels>
std::uint32_t resolve(const kg::Interner& names, const Labels& labels, const kg::PrefixMap& prefixes,
                      const std::string& name, const char* what, const std::string& source) {
    std::string s = name;
    if (s.size() > 2 && s.front() == '<' && s.back() == '>') s = s.substr(1, s.size() - 2);
    if (auto id = names.find(s); id != kg::kNoId) return id;
    if (auto e = prefixes.expand(s)) {
        if (auto id = names.find(*e); id != kg::kNoId) return id;
    }
    if (const auto c = s.find(':'); c != std::string::npos && s.find('/') == std::string::npos) {
        const std::string obo = kOboBase + s.substr(0, c) + "_" + s.substr(c + 1);
        if (auto id = names.find(obo); id != kg::kNoId) return id;
    }
    std::uint32_t found = kNone;
    int hits = 0;
    for (const auto& [id, label] : labels)
        if (label == s) {
            if (hits == 0 || id < found) found = id;
            ++hits;
        }
    if (hits == 1) return found;
    throw InputError(source.empty() ? std::string("ontology") : source,
                     std::string("no ") + what + " named '" + name + "'" +
                         (hits > 1 ? " (" + std::to_string(hits) + " share that label; give the IRI)" : ""));
}

} // namespace

void axiom_names(const Ontology& o, const Axiom& a, std::vector<ConceptName>& classes, std::vector<RoleName>& roles) {
    for (ExprId e : a.concepts)
        expr_names(o.pool, e, classes, roles);
    roles.insert(roles.end(), a.roles.begin(), a.roles.end());
    unique_in_order(classes);
    unique_in_order(roles);
}

ConceptName resolve_class(const Ontology& o, const std::string& name) {
    return resolve(o.sig.concepts, o.sig.concept_labels, o.sig.prefixes, name, "class", o.source);
}

RoleName resolve_role(const Ontology& o, const std::string& name) {
    return resolve(o.sig.roles, o.sig.role_labels, o.sig.prefixes, name, "object property", o.source);
}

Slice extract_slice(const Ontology& src, const SliceParams& params) {
    const std::string where = src.source.empty() ? std::string("ontology") : src.source;
    if (params.size == 0) throw InputError(where, "the slice size must be at least 1");
    const ConceptName root = resolve_class(src, params.root);
    std::vector<char> followed(src.sig.roles.size(), params.relations.empty() ? 1 : 0);
    for (const auto& r : params.relations)
        followed[resolve_role(src, r)] = 1;

    const std::size_t nc = src.sig.concepts.size();
    auto iri_less = [&](ConceptName a, ConceptName b) { return src.sig.concepts.name(a) < src.sig.concepts.name(b); };

    // Hyperedges: the class names of every followed axiom, sorted by IRI, deduplicated.
    std::vector<std::vector<ConceptName>> edges;
    std::vector<std::vector<std::uint32_t>> edges_of(nc);
    {
        std::set<std::vector<std::string>> seen;
        for (const Axiom& a : src.axioms) {
            const bool kind = a.kind == AxiomKind::SubClassOf ||
                              (params.follow_equivalences && a.kind == AxiomKind::EquivalentClasses);
            if (!kind) continue;
            bool el = true;
            for (ExprId e : a.concepts)
                el = el && src.pool.is_el(e);
            if (!el) continue;
            std::vector<ConceptName> cs;
            std::vector<RoleName> rs;
            axiom_names(src, a, cs, rs);
            if (cs.size() < 2) continue;
            if (!std::all_of(rs.begin(), rs.end(), [&](RoleName r) { return followed[r] != 0; })) continue;
            std::sort(cs.begin(), cs.end(), iri_less);
            std::vector<std::string> key;
            for (auto c : cs)
                key.emplace_back(src.sig.concepts.name(c));
            if (!seen.insert(key).second) continue;
            const auto id = static_cast<std::uint32_t>(edges.size());
            for (auto c : cs)
                edges_of[c].push_back(id);
            edges.push_back(std::move(cs));
        }
    }
    auto edge_less = [&](std::uint32_t x, std::uint32_t y) {
        return std::lexicographical_compare(edges[x].begin(), edges[x].end(), edges[y].begin(), edges[y].end(),
                                            iri_less);
    };
    for (auto& v : edges_of)
        std::sort(v.begin(), v.end(), edge_less);

    Slice out;
    SliceStats& st = out.stats;
    st.source_classes = nc;
    st.source_axioms = src.axioms.size();
    std::vector<char> in(nc, 0);
    std::vector<std::size_t> level(nc, 0);
    std::vector<ConceptName> taken{root};
    in[root] = 1;
    std::deque<ConceptName> queue{root};
    std::vector<char> edge_done(edges.size(), 0);
    while (!queue.empty() && taken.size() < params.size) {
        const ConceptName c = queue.front();
        queue.pop_front();
        for (auto e : edges_of[c]) {
            if (edge_done[e]) continue;
            std::vector<ConceptName> fresh;
            for (auto x : edges[e])
                if (!in[x]) fresh.push_back(x);
            if (fresh.empty()) {
                edge_done[e] = 1;
                continue;
            }
            if (taken.size() + fresh.size() > params.size) {
                ++st.skipped_for_size;
                continue;
            }
            edge_done[e] = 1;
            for (auto x : fresh) { // already in IRI order
                in[x] = 1;
                level[x] = level[c] + 1;
                taken.push_back(x);
                queue.push_back(x);
            }
            if (taken.size() == params.size) break;
        }
    }
    for (auto c : taken) {
        out.class_order.emplace_back(src.sig.concepts.name(c));
        st.depth = std::max(st.depth, level[c]);
    }

    // Which axioms stay: class axioms inside the slice (their roles are the slice's roles),
    // then the role axioms over those roles.
    std::vector<char> keep(src.axioms.size(), 0);
    std::vector<char> role_in(src.sig.roles.size(), 0);
    std::vector<std::vector<ConceptName>> cls(src.axioms.size());
    std::vector<std::vector<RoleName>> rls(src.axioms.size());
    for (std::size_t i = 0; i < src.axioms.size(); ++i) {
        const Axiom& a = src.axioms[i];
        axiom_names(src, a, cls[i], rls[i]);
        if (a.kind == AxiomKind::NotEL) {
            ++st.dropped_not_el_kind;
            continue;
        }
        if (a.kind == AxiomKind::ClassAssertion || a.kind == AxiomKind::ObjectPropertyAssertion) {
            ++st.dropped_assertions;
            continue;
        }
        if (!is_class_axiom(a.kind) || cls[i].empty()) continue;
        if (std::all_of(cls[i].begin(), cls[i].end(), [&](ConceptName c) { return in[c] != 0; })) {
            keep[i] = 1;
            for (auto r : rls[i])
                role_in[r] = 1;
        }
    }
    for (std::size_t i = 0; i < src.axioms.size(); ++i) {
        const Axiom& a = src.axioms[i];
        if (keep[i] || a.kind == AxiomKind::NotEL || a.kind == AxiomKind::ClassAssertion ||
            a.kind == AxiomKind::ObjectPropertyAssertion)
            continue;
        const bool roles_in = std::all_of(rls[i].begin(), rls[i].end(), [&](RoleName r) { return role_in[r] != 0; });
        const bool classes_in = std::all_of(cls[i].begin(), cls[i].end(), [&](ConceptName c) { return in[c] != 0; });
        if (roles_in && classes_in && !rls[i].empty())
            keep[i] = 1;
        else
            ++st.dropped_outside;
    }

    // The slice: names in IRI order, kept axioms in source order.
    Ontology& o = out.ontology;
    o.iri = src.iri;
    o.source = src.source;
    for (const auto& [p, iri] : src.sig.prefixes.entries())
        o.sig.prefixes.add(p, iri);
    std::vector<ConceptName> sorted_classes = taken;
    std::sort(sorted_classes.begin(), sorted_classes.end(), iri_less);
    std::vector<ConceptName> cmap(nc, kNone);
    for (auto c : sorted_classes) {
        cmap[c] = o.sig.concepts.intern(src.sig.concepts.name(c));
        if (auto it = src.sig.concept_labels.find(c); it != src.sig.concept_labels.end())
            o.sig.concept_labels[cmap[c]] = it->second;
    }
    std::vector<RoleName> sorted_roles;
    for (RoleName r = 0; r < role_in.size(); ++r)
        if (role_in[r]) sorted_roles.push_back(r);
    std::sort(sorted_roles.begin(), sorted_roles.end(),
              [&](RoleName a, RoleName b) { return src.sig.roles.name(a) < src.sig.roles.name(b); });
    std::vector<RoleName> rmap(src.sig.roles.size(), kNone);
    for (auto r : sorted_roles) {
        rmap[r] = o.sig.roles.intern(src.sig.roles.name(r));
        if (auto it = src.sig.role_labels.find(r); it != src.sig.role_labels.end())
            o.sig.role_labels[rmap[r]] = it->second;
    }
    // Individuals only appear inside class expressions (ObjectHasValue, ObjectOneOf) here.
    std::vector<IndividualName> imap(src.sig.individuals.size(), kNone);
    for (std::size_t i = 0; i < src.axioms.size(); ++i)
        if (keep[i])
            for (ExprId e : src.axioms[i].concepts) {
                std::vector<ExprId> stack{e};
                while (!stack.empty()) {
                    const ConceptExpr& x = src.pool.get(stack.back());
                    stack.pop_back();
                    for (auto ind : x.individuals)
                        if (imap[ind] == kNone) imap[ind] = o.sig.individuals.intern(src.sig.individuals.name(ind));
                    stack.insert(stack.end(), x.args.begin(), x.args.end());
                }
            }
    Copier copy(src, o, cmap, rmap, imap);
    for (std::size_t i = 0; i < src.axioms.size(); ++i)
        if (keep[i]) {
            o.axioms.push_back(copy.axiom(src.axioms[i]));
            ++st.by_kind[axiom_kind_name(src.axioms[i].kind)];
        }
    st.classes = o.sig.concepts.size();
    st.roles = o.sig.roles.size();
    st.axioms = o.axioms.size();
    st.components = class_components(o);
    return out;
}

void append_ontology(Ontology& dst, const Ontology& src, const std::map<std::string, std::string>& role_map) {
    std::vector<ConceptName> cmap(src.sig.concepts.size());
    for (ConceptName c = 0; c < cmap.size(); ++c) {
        cmap[c] = dst.sig.concepts.intern(src.sig.concepts.name(c));
        if (auto it = src.sig.concept_labels.find(c); it != src.sig.concept_labels.end())
            dst.sig.concept_labels.emplace(cmap[c], it->second);
    }
    std::vector<RoleName> rmap(src.sig.roles.size());
    for (RoleName r = 0; r < rmap.size(); ++r) {
        const std::string iri(src.sig.roles.name(r));
        const auto m = role_map.find(iri);
        rmap[r] = dst.sig.roles.intern(m == role_map.end() ? iri : m->second);
        if (auto it = src.sig.role_labels.find(r); it != src.sig.role_labels.end())
            dst.sig.role_labels.emplace(rmap[r], it->second);
    }
    std::vector<IndividualName> imap(src.sig.individuals.size());
    for (IndividualName i = 0; i < imap.size(); ++i) {
        imap[i] = dst.sig.individuals.intern(src.sig.individuals.name(i));
        if (auto it = src.sig.individual_labels.find(i); it != src.sig.individual_labels.end())
            dst.sig.individual_labels.emplace(imap[i], it->second);
    }
    for (const auto& entry : src.sig.prefixes.entries()) {
        const std::string& name = entry.first;
        const bool known = std::any_of(dst.sig.prefixes.entries().begin(), dst.sig.prefixes.entries().end(),
                                       [&](const auto& e) { return e.first == name; });
        if (!known) dst.sig.prefixes.add(name, entry.second);
    }
    Copier copy(src, dst, std::move(cmap), std::move(rmap), std::move(imap));
    for (const Axiom& a : src.axioms)
        dst.axioms.push_back(copy.axiom(a));
    if (dst.iri.empty()) dst.iri = src.iri;
}

std::size_t class_components(const Ontology& o) {
    const std::size_t n = o.sig.concepts.size();
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    std::size_t comps = n;
    for (const Axiom& a : o.axioms) {
        std::vector<ConceptName> cs;
        std::vector<RoleName> rs;
        axiom_names(o, a, cs, rs);
        for (std::size_t i = 1; i < cs.size(); ++i) {
            const auto x = find(cs[0]), y = find(cs[i]);
            if (x != y) parent[x] = y, --comps;
        }
    }
    return comps;
}

std::string slice_document(const Ontology& o, const std::string& header) {
    auto literal = [](const std::string& text) {
        std::string s = "\"";
        for (char c : text) {
            if (c == '"' || c == '\\') s += '\\';
            s += c == '\n' ? ' ' : c;
        }
        return s + "\"";
    };
    std::string s;
    std::size_t start = 0;
    while (start <= header.size() && !header.empty()) {
        const auto nl = header.find('\n', start);
        s += "# " + header.substr(start, nl == std::string::npos ? std::string::npos : nl - start) + "\n";
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    const TextWriter w(o, NameStyle::Iri);
    s += w.prefix_lines();
    for (ConceptName c = 0; c < o.sig.concepts.size(); ++c) {
        const std::string iri = "<" + std::string(o.sig.concepts.name(c)) + ">";
        s += "Declaration(Class(" + iri + "))\n";
        if (auto it = o.sig.concept_labels.find(c); it != o.sig.concept_labels.end())
            s += "AnnotationAssertion(rdfs:label " + iri + " " + literal(it->second) + ")\n";
    }
    for (RoleName r = 0; r < o.sig.roles.size(); ++r) {
        const std::string iri = "<" + std::string(o.sig.roles.name(r)) + ">";
        s += "Declaration(ObjectProperty(" + iri + "))\n";
        if (auto it = o.sig.role_labels.find(r); it != o.sig.role_labels.end())
            s += "AnnotationAssertion(rdfs:label " + iri + " " + literal(it->second) + ")\n";
    }
    for (const Axiom& a : o.axioms)
        s += w.axiom(a) + "\n";
    return s;
}

} // namespace kbcx::onto
