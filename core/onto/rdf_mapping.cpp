// RDF (RDF/XML and Turtle via raptor2 without network, file access or external entities;
// N-Triples via kg/ntriples) mapped to OWL axioms by the OWL 2 RDF mapping: blank-node class
// expressions, rdf:List, owl:Restriction, owl:AllDisjointClasses; owl:Axiom reifications ignored.
#include "onto/axiom_tree.hpp"
#include "onto/readers.hpp"

#include "common/error.hpp"
#include "kg/ntriples.hpp"
#include "kg/vocabulary.hpp"

#include <raptor2.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace kbcx::onto {

namespace {

constexpr std::uint32_t kLit = 0x80000000u; ///< object is a literal: low bits index literals

struct Triple {
    std::uint32_t s, p, o;
};

struct State {
    kg::Interner terms;
    std::vector<std::string> literals;
    std::vector<std::string> literal_langs; ///< language tag of each literal ("" if none)
    std::vector<Triple> triples;
    std::vector<std::pair<std::string, std::string>> prefixes;
    std::optional<InputError> error;
    std::string file;
    raptor_parser* parser = nullptr;
};

bool term_text(raptor_term* t, std::string& out) {
    if (t->type == RAPTOR_TERM_TYPE_URI) {
        out.assign(reinterpret_cast<const char*>(raptor_uri_as_string(t->value.uri)));
        return true;
    }
    if (t->type == RAPTOR_TERM_TYPE_BLANK) {
        out.assign("_:");
        out.append(reinterpret_cast<const char*>(t->value.blank.string), t->value.blank.string_len);
        return true;
    }
    return false;
}

void on_statement(void* ud, raptor_statement* st) {
    auto* s = static_cast<State*>(ud);
    std::string a, b, c;
    if (!term_text(st->subject, a) || !term_text(st->predicate, b)) return;
    Triple t;
    t.s = s->terms.intern(a);
    t.p = s->terms.intern(b);
    if (st->object->type == RAPTOR_TERM_TYPE_LITERAL) {
        t.o = kLit | static_cast<std::uint32_t>(s->literals.size());
        s->literals.emplace_back(reinterpret_cast<const char*>(st->object->value.literal.string),
                                 st->object->value.literal.string_len);
        const unsigned char* lang = st->object->value.literal.language;
        s->literal_langs.emplace_back(lang ? reinterpret_cast<const char*>(lang) : "",
                                      lang ? st->object->value.literal.language_len : 0);
    } else {
        if (!term_text(st->object, c)) return;
        t.o = s->terms.intern(c);
    }
    s->triples.push_back(t);
}

void on_namespace(void* ud, raptor_namespace* ns) {
    auto* s = static_cast<State*>(ud);
    const unsigned char* p = raptor_namespace_get_prefix(ns);
    raptor_uri* u = raptor_namespace_get_uri(ns);
    if (u)
        s->prefixes.emplace_back(p ? reinterpret_cast<const char*>(p) : "",
                                 reinterpret_cast<const char*>(raptor_uri_as_string(u)));
}

void on_log(void* ud, raptor_log_message* m) {
    auto* s = static_cast<State*>(ud);
    if (m->level < RAPTOR_LOG_LEVEL_ERROR || s->error) return;
    std::size_t line = 0, col = 0;
    if (m->locator) {
        if (m->locator->line > 0) line = static_cast<std::size_t>(m->locator->line);
        if (m->locator->column > 0) col = static_cast<std::size_t>(m->locator->column);
    }
    std::string text = m->text ? m->text : "RDF syntax error";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    s->error.emplace(s->file, line, col, text);
    if (s->parser) raptor_parser_parse_abort(s->parser);
}

/// N-Triples through the project's own parser (much faster than raptor2 on large files).
class NtToState final : public kg::NtHandler {
  public:
    explicit NtToState(State& s) : s_(s) {}
    void triple(const kg::NtTerm& sub, const kg::NtTerm& pred, const kg::NtTerm& obj) override {
        Triple t;
        t.s = s_.terms.intern(sub.text);
        t.p = s_.terms.intern(pred.text);
        if (obj.kind == kg::NtTerm::Literal) {
            t.o = kLit | static_cast<std::uint32_t>(s_.literals.size());
            s_.literals.emplace_back(obj.text);
            s_.literal_langs.emplace_back(obj.language);
        } else {
            t.o = s_.terms.intern(obj.text);
        }
        s_.triples.push_back(t);
    }

  private:
    State& s_;
};

const std::string kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
const std::string kRdfs = "http://www.w3.org/2000/01/rdf-schema#";
const std::string kOwl = kOwlNs;

class Mapper {
  public:
    Mapper(State& s, Ontology& o) : s_(s), o_(o) {
        auto id = [&](const std::string& iri) { return s_.terms.intern(iri); };
        type_ = id(kRdf + "type");
        first_ = id(kRdf + "first");
        rest_ = id(kRdf + "rest");
        nil_ = id(kRdf + "nil");
        label_ = id(kRdfs + "label");
        pref_label_ = id(kSkosPrefLabelIri);
        subclass_ = id(kRdfs + "subClassOf");
        subprop_ = id(kRdfs + "subPropertyOf");
        domain_ = id(kRdfs + "domain");
        range_ = id(kRdfs + "range");
        for (const char* n : {"Class",
                              "ObjectProperty",
                              "DatatypeProperty",
                              "AnnotationProperty",
                              "NamedIndividual",
                              "Restriction",
                              "Axiom",
                              "AllDisjointClasses",
                              "Ontology",
                              "TransitiveProperty",
                              "FunctionalProperty",
                              "InverseFunctionalProperty",
                              "SymmetricProperty",
                              "AsymmetricProperty",
                              "ReflexiveProperty",
                              "IrreflexiveProperty",
                              "equivalentClass",
                              "disjointWith",
                              "disjointUnionOf",
                              "propertyChainAxiom",
                              "equivalentProperty",
                              "inverseOf",
                              "intersectionOf",
                              "unionOf",
                              "complementOf",
                              "oneOf",
                              "onProperty",
                              "someValuesFrom",
                              "allValuesFrom",
                              "hasValue",
                              "hasSelf",
                              "minCardinality",
                              "maxCardinality",
                              "cardinality",
                              "minQualifiedCardinality",
                              "maxQualifiedCardinality",
                              "qualifiedCardinality",
                              "onClass",
                              "members",
                              "Thing",
                              "Nothing",
                              "AllDifferent",
                              "NegativePropertyAssertion",
                              "propertyDisjointWith",
                              "hasKey",
                              "sameAs",
                              "differentFrom",
                              "AllDisjointProperties",
                              "onDataRange",
                              "DataRange",
                              "Datatype"})
            owl_[n] = id(kOwl + n);
        std::sort(s_.triples.begin(), s_.triples.end(), [](const Triple& a, const Triple& b) {
            return a.s != b.s ? a.s < b.s : a.p != b.p ? a.p < b.p : a.o < b.o;
        });
        s_.triples.erase(
            std::unique(s_.triples.begin(), s_.triples.end(),
                        [](const Triple& a, const Triple& b) { return a.s == b.s && a.p == b.p && a.o == b.o; }),
            s_.triples.end());
        start_.assign(s_.terms.size() + 1, 0);
        for (const Triple& t : s_.triples)
            ++start_[t.s + 1];
        for (std::size_t i = 0; i < s_.terms.size(); ++i)
            start_[i + 1] += start_[i];
    }

    /// The id of owl:<n>. Called with string literals once per triple and per check, so the
    /// literal's address is cached in front of the by-name map (hashing names dominated loading).
    std::uint32_t owl(const char* n) const {
        if (const auto it = owl_by_ptr_.find(n); it != owl_by_ptr_.end()) return it->second;
        const std::uint32_t id = owl_.at(n);
        owl_by_ptr_.emplace(n, id);
        return id;
    }
    bool blank(std::uint32_t t) const { return t < kLit && s_.terms.name(t).starts_with("_:"); }
    std::string iri(std::uint32_t t) const { return std::string(s_.terms.name(t)); }

    template <class F> void props(std::uint32_t subj, F&& f) const {
        for (std::uint32_t i = start_[subj]; i < start_[subj + 1]; ++i)
            f(s_.triples[i].p, s_.triples[i].o);
    }
    std::uint32_t value(std::uint32_t subj, std::uint32_t pred) const {
        for (std::uint32_t i = start_[subj]; i < start_[subj + 1]; ++i)
            if (s_.triples[i].p == pred) return s_.triples[i].o;
        return kNone;
    }
    bool has_type(std::uint32_t subj, std::uint32_t t) const {
        for (std::uint32_t i = start_[subj]; i < start_[subj + 1]; ++i)
            if (s_.triples[i].p == type_ && s_.triples[i].o == t) return true;
        return false;
    }

    std::vector<std::uint32_t> list(std::uint32_t node) const {
        std::vector<std::uint32_t> out;
        std::unordered_set<std::uint32_t> seen;
        while (node != kNone && node != nil_ && node < kLit && seen.insert(node).second) {
            const std::uint32_t f = value(node, first_);
            if (f != kNone) out.push_back(f);
            node = value(node, rest_);
        }
        return out;
    }

    /// A property expression; a literal where a property belongs sets malformed_role_ (the
    /// caller drops what it builds) and returns no name.
    RoleName role(std::uint32_t t, bool& inverse) {
        if (t >= kLit) {
            malformed_role_ = true;
            return RoleName{0};
        }
        if (blank(t)) {
            const std::uint32_t inv = value(t, owl("inverseOf"));
            if (inv != kNone && inv < kLit) {
                inverse = true;
                return o_.sig.roles.intern(iri(inv));
            }
        }
        return o_.sig.roles.intern(iri(t));
    }

    ExprId other(const std::string& construct) {
        ConceptExpr e;
        e.kind = ConceptKind::Other;
        e.construct = construct;
        return o_.pool.make(std::move(e));
    }

    ExprId ce(std::uint32_t t, int depth = 0) {
        if (t >= kLit || depth > 200) return other("malformed class expression");
        if (!blank(t)) {
            if (t == owl("Thing")) return o_.pool.top();
            if (t == owl("Nothing")) return o_.pool.bottom();
            return o_.pool.named(o_.sig.concepts.intern(iri(t)));
        }
        if (auto it = memo_.find(t); it != memo_.end()) return it->second;
        const ExprId e = ce_blank(t, depth);
        memo_[t] = e;
        return e;
    }

    ExprId ce_blank(std::uint32_t t, int depth) {
        if (std::uint32_t l = value(t, owl("intersectionOf")); l != kNone) {
            std::vector<ExprId> ops;
            for (auto x : list(l))
                ops.push_back(ce(x, depth + 1));
            return o_.pool.conj(ops);
        }
        auto nary = [&](ConceptKind k, std::uint32_t l) {
            ConceptExpr e;
            e.kind = k;
            for (auto x : list(l)) {
                if (k == ConceptKind::OneOf && x >= kLit) return other("DataOneOf");
                if (k == ConceptKind::OneOf)
                    e.individuals.push_back(o_.sig.individuals.intern(iri(x)));
                else
                    e.args.push_back(ce(x, depth + 1));
            }
            return o_.pool.make(std::move(e));
        };
        if (std::uint32_t l = value(t, owl("unionOf")); l != kNone) return nary(ConceptKind::Or, l);
        if (std::uint32_t l = value(t, owl("oneOf")); l != kNone) return nary(ConceptKind::OneOf, l);
        if (std::uint32_t c = value(t, owl("complementOf")); c != kNone) {
            ConceptExpr e;
            e.kind = ConceptKind::Not;
            e.args = {ce(c, depth + 1)};
            return o_.pool.make(std::move(e));
        }
        const std::uint32_t p = value(t, owl("onProperty"));
        if (p == kNone) return other("unknown class expression");
        if (p < kLit && (has_type(p, owl("DatatypeProperty")))) return other("DataPropertyRestriction");
        bool inv = false;
        const bool outer_malformed = std::exchange(malformed_role_, false);
        const RoleName r = role(p, inv);
        if (std::exchange(malformed_role_, outer_malformed)) return other("malformed property expression");
        if (std::uint32_t f = value(t, owl("someValuesFrom")); f != kNone) {
            if (inv) return other("ObjectInverseOf");
            return o_.pool.exists(r, ce(f, depth + 1));
        }
        ConceptExpr e;
        e.name = r;
        if (std::uint32_t f = value(t, owl("allValuesFrom")); f != kNone) {
            e.kind = ConceptKind::ForAll;
            e.args = {ce(f, depth + 1)};
        } else if (std::uint32_t v = value(t, owl("hasValue")); v != kNone) {
            e.kind = ConceptKind::HasValue;
            if (v < kLit) e.individuals = {o_.sig.individuals.intern(iri(v))};
        } else if (value(t, owl("hasSelf")) != kNone) {
            e.kind = ConceptKind::HasSelf;
        } else {
            struct C {
                const char* plain;
                const char* qual;
                ConceptKind k;
            };
            for (const C& c : {C{"minCardinality", "minQualifiedCardinality", ConceptKind::MinCard},
                               C{"maxCardinality", "maxQualifiedCardinality", ConceptKind::MaxCard},
                               C{"cardinality", "qualifiedCardinality", ConceptKind::ExactCard}}) {
                std::uint32_t n = value(t, owl(c.plain));
                if (n == kNone) n = value(t, owl(c.qual));
                if (n == kNone) continue;
                e.kind = c.k;
                if (n & kLit)
                    e.number = static_cast<std::uint32_t>(std::strtoul(s_.literals[n & ~kLit].c_str(), nullptr, 10));
                if (std::uint32_t oc = value(t, owl("onClass")); oc != kNone) e.args = {ce(oc, depth + 1)};
                break;
            }
            if (e.kind == ConceptKind::Top) return other("unknown restriction");
        }
        if (inv) return other("ObjectInverseOf");
        return o_.pool.make(std::move(e));
    }

    void add(Axiom a) {
        // owl:disjointWith / owl:equivalentClass stated in both directions are one axiom.
        if ((a.kind == AxiomKind::DisjointClasses || a.kind == AxiomKind::EquivalentClasses) &&
            a.concepts.size() == 2) {
            const std::uint64_t key =
                (std::uint64_t{std::min(a.concepts[0], a.concepts[1])} << 32) | std::max(a.concepts[0], a.concepts[1]);
            if (!pairs_[a.kind == AxiomKind::DisjointClasses].insert(key).second) return;
        }
        o_.axioms.push_back(std::move(a));
    }
    std::unordered_set<std::uint64_t> pairs_[2];
    bool malformed_role_ = false; ///< set by role() on a literal; checked per triple
    void not_el(const std::string& c) {
        Axiom a;
        a.kind = AxiomKind::NotEL;
        a.construct = c;
        add(std::move(a));
    }

    void run() {
        std::unordered_set<std::uint32_t> object_props, data_props, annot_props, reified, classes;
        for (const Triple& t : s_.triples) {
            if (t.p != type_) continue;
            if (t.o == owl("ObjectProperty") || t.o == owl("TransitiveProperty") || t.o == owl("SymmetricProperty") ||
                t.o == owl("AsymmetricProperty") || t.o == owl("ReflexiveProperty") ||
                t.o == owl("IrreflexiveProperty") || t.o == owl("InverseFunctionalProperty"))
                object_props.insert(t.s);
            else if (t.o == owl("DatatypeProperty"))
                data_props.insert(t.s);
            else if (t.o == owl("AnnotationProperty"))
                annot_props.insert(t.s);
            else if (t.o == owl("Axiom") || t.o == owl("AllDifferent") || t.o == owl("NegativePropertyAssertion"))
                reified.insert(t.s);
            else if (t.o == owl("Class"))
                classes.insert(t.s);
        }
        // Properties used in chains/restrictions are object properties even if undeclared.
        for (const Triple& t : s_.triples)
            if (t.p == owl("onProperty") && t.o < kLit && !data_props.count(t.o) &&
                value(t.s, owl("someValuesFrom")) != kNone && !blank(t.o))
                object_props.insert(t.o);
        const std::string owl_ns = kOwl, rdf_ns = kRdf, rdfs_ns = kRdfs;
        auto builtin = [&](std::uint32_t x) {
            const std::string_view n = s_.terms.name(x);
            return n.starts_with(owl_ns) || n.starts_with(rdf_ns) || n.starts_with(rdfs_ns);
        };
        for (const Triple& t : s_.triples) {
            malformed_role_ = false;
            if (reified.count(t.s)) continue;
            const bool sb = blank(t.s);
            const bool lit = (t.o & kLit) != 0;
            if (t.p == label_ || t.p == pref_label_) {
                if (lit && !sb)
                    labels_.offer(iri(t.s), s_.terms.name(t.p), s_.literals[t.o & ~kLit],
                                  s_.literal_langs[t.o & ~kLit]);
                continue;
            }
            if (lit) continue;
            Axiom a;
            if (t.p == subclass_) {
                a.concepts = {ce(t.s), ce(t.o)};
            } else if (t.p == owl("equivalentClass")) {
                a.kind = AxiomKind::EquivalentClasses;
                a.concepts = {ce(t.s), ce(t.o)};
            } else if (t.p == owl("disjointWith")) {
                a.kind = AxiomKind::DisjointClasses;
                a.concepts = {ce(t.s), ce(t.o)};
            } else if (t.p == owl("disjointUnionOf")) {
                not_el("DisjointUnion");
                continue;
            } else if (t.p == owl("members") && has_type(t.s, owl("AllDisjointClasses"))) {
                a.kind = AxiomKind::DisjointClasses;
                for (auto x : list(t.o))
                    a.concepts.push_back(ce(x));
                if (a.concepts.size() < 2) continue;
            } else if (t.p == owl("members")) {
                if (has_type(t.s, owl("AllDisjointProperties"))) not_el("DisjointObjectProperties");
                continue;
            } else if ((t.p == owl("intersectionOf") || t.p == owl("unionOf") || t.p == owl("complementOf") ||
                        t.p == owl("oneOf")) &&
                       !sb) {
                // OWL 1 style: a named class defined by a Boolean expression on itself.
                if (t.p == owl("oneOf") && !classes.count(t.s)) continue;
                a.kind = AxiomKind::EquivalentClasses;
                ConceptExpr tmp;
                std::vector<ExprId> ops;
                for (auto x : list(t.o))
                    ops.push_back(ce(x));
                ExprId rhs;
                if (t.p == owl("intersectionOf"))
                    rhs = o_.pool.conj(ops);
                else if (t.p == owl("complementOf")) {
                    tmp.kind = ConceptKind::Not;
                    tmp.args = {ce(t.o)};
                    rhs = o_.pool.make(tmp);
                } else {
                    tmp.kind = t.p == owl("unionOf") ? ConceptKind::Or : ConceptKind::OneOf;
                    if (tmp.kind == ConceptKind::Or) tmp.args = ops;
                    rhs = o_.pool.make(tmp);
                }
                a.concepts = {o_.pool.named(o_.sig.concepts.intern(iri(t.s))), rhs};
            } else if (t.p == subprop_) {
                if (annot_props.count(t.s) || annot_props.count(t.o)) continue;
                if (data_props.count(t.s)) {
                    not_el("SubDataPropertyOf");
                    continue;
                }
                bool i1 = false, i2 = false;
                a.kind = AxiomKind::SubObjectPropertyOf;
                a.roles = {role(t.s, i1), role(t.o, i2)};
                if (i1 || i2) {
                    not_el("ObjectInverseOf");
                    continue;
                }
            } else if (t.p == owl("propertyChainAxiom")) {
                a.kind = AxiomKind::SubObjectPropertyOf;
                bool inv = false;
                for (auto x : list(t.o))
                    a.roles.push_back(role(x, inv));
                a.roles.push_back(role(t.s, inv));
                if (inv) {
                    not_el("ObjectInverseOf");
                    continue;
                }
            } else if (t.p == owl("equivalentProperty")) {
                if (annot_props.count(t.s)) continue;
                if (data_props.count(t.s)) {
                    not_el("EquivalentDataProperties");
                    continue;
                }
                bool inv = false;
                a.kind = AxiomKind::EquivalentObjectProperties;
                a.roles = {role(t.s, inv), role(t.o, inv)};
                if (inv) {
                    not_el("ObjectInverseOf");
                    continue;
                }
            } else if (t.p == owl("inverseOf")) {
                if (sb) continue; // an inverse property expression, read where it is used
                // Outside EL, but kept with its two properties (graph projections read them).
                Axiom inv_ax;
                inv_ax.kind = AxiomKind::NotEL;
                inv_ax.construct = "InverseObjectProperties";
                if (t.o < kLit && !blank(t.o))
                    inv_ax.roles = {o_.sig.roles.intern(iri(t.s)), o_.sig.roles.intern(iri(t.o))};
                add(std::move(inv_ax));
                continue;
            } else if (t.p == owl("propertyDisjointWith")) {
                not_el("DisjointObjectProperties");
                continue;
            } else if (t.p == owl("hasKey")) {
                not_el("HasKey");
                continue;
            } else if (t.p == owl("sameAs")) {
                not_el("SameIndividual");
                continue;
            } else if (t.p == owl("differentFrom")) {
                not_el("DifferentIndividuals");
                continue;
            } else if (t.p == domain_ || t.p == range_) {
                if (annot_props.count(t.s)) continue;
                if (data_props.count(t.s)) {
                    not_el(t.p == domain_ ? "DataPropertyDomain" : "DataPropertyRange");
                    continue;
                }
                bool inv = false;
                a.kind = t.p == domain_ ? AxiomKind::ObjectPropertyDomain : AxiomKind::ObjectPropertyRange;
                a.roles = {role(t.s, inv)};
                a.concepts = {ce(t.o)};
                if (inv) {
                    not_el("ObjectInverseOf");
                    continue;
                }
            } else if (t.p == type_) {
                if (sb) continue;
                const std::uint32_t o = t.o;
                if (o == owl("TransitiveProperty")) {
                    a.kind = AxiomKind::TransitiveObjectProperty;
                    bool inv = false;
                    a.roles = {role(t.s, inv)};
                } else if (o == owl("ReflexiveProperty")) {
                    a.kind = AxiomKind::ReflexiveObjectProperty;
                    bool inv = false;
                    a.roles = {role(t.s, inv)};
                } else if (o == owl("FunctionalProperty")) {
                    not_el(data_props.count(t.s) ? "FunctionalDataProperty" : "FunctionalObjectProperty");
                    continue;
                } else if (o == owl("InverseFunctionalProperty")) {
                    not_el("InverseFunctionalObjectProperty");
                    continue;
                } else if (o == owl("SymmetricProperty")) {
                    not_el("SymmetricObjectProperty");
                    continue;
                } else if (o == owl("AsymmetricProperty")) {
                    not_el("AsymmetricObjectProperty");
                    continue;
                } else if (o == owl("IrreflexiveProperty")) {
                    not_el("IrreflexiveObjectProperty");
                    continue;
                } else if (o == owl("Class")) {
                    o_.sig.concepts.intern(iri(t.s));
                    continue;
                } else if (o == owl("ObjectProperty")) {
                    o_.sig.roles.intern(iri(t.s));
                    continue;
                } else if (o == owl("NamedIndividual")) {
                    o_.sig.individuals.intern(iri(t.s));
                    continue;
                } else if (o == owl("Ontology")) {
                    if (o_.iri.empty()) o_.iri = iri(t.s);
                    continue;
                } else if (builtin(o) && !blank(o)) {
                    continue;
                } else {
                    a.kind = AxiomKind::ClassAssertion;
                    a.concepts = {ce(o)};
                    a.individuals = {o_.sig.individuals.intern(iri(t.s))};
                }
            } else if (object_props.count(t.p) && !sb && !blank(t.o)) {
                a.kind = AxiomKind::ObjectPropertyAssertion;
                a.roles = {o_.sig.roles.intern(iri(t.p))};
                a.individuals = {o_.sig.individuals.intern(iri(t.s)), o_.sig.individuals.intern(iri(t.o))};
            } else if (data_props.count(t.p)) {
                continue;
            } else {
                continue;
            }
            if (std::exchange(malformed_role_, false)) {
                not_el("malformed property expression");
                continue;
            }
            add(std::move(a));
        }
        labels_.attach(o_.sig);
    }

  private:
    State& s_;
    Ontology& o_;
    std::uint32_t type_, first_, rest_, nil_, label_, pref_label_, subclass_, subprop_, domain_, range_;
    std::unordered_map<std::string, std::uint32_t> owl_;
    mutable std::unordered_map<const char*, std::uint32_t> owl_by_ptr_;
    std::vector<std::uint32_t> start_;
    std::unordered_map<std::uint32_t, ExprId> memo_;
    LabelPicker labels_;
};

struct WorldDel {
    void operator()(raptor_world* w) const { raptor_free_world(w); }
};
struct ParserDel {
    void operator()(raptor_parser* p) const { raptor_free_parser(p); }
};
struct UriDel {
    void operator()(raptor_uri* u) const { raptor_free_uri(u); }
};

} // namespace

void read_owl_rdf(std::string_view text, OntoFormat format, const std::string& file, Ontology& onto) {
    if (format == OntoFormat::RdfXml) {
        const std::string_view head = text.substr(0, std::min<std::size_t>(text.size(), 1 << 16));
        const std::size_t root = head.find("<rdf:RDF");
        const std::string_view prolog = head.substr(0, root == std::string_view::npos ? head.size() : root);
        std::size_t pos = 0;
        while ((pos = prolog.find("<!ENTITY", pos)) != std::string_view::npos) {
            const std::size_t end = std::min(prolog.find('>', pos), prolog.size());
            const std::string_view decl = prolog.substr(pos, end - pos);
            if (decl.find("SYSTEM") != std::string_view::npos || decl.find("PUBLIC") != std::string_view::npos)
                throw InputError(file,
                                 static_cast<std::size_t>(
                                     std::count(prolog.begin(), prolog.begin() + static_cast<long>(pos), '\n') + 1),
                                 1, "external XML entity declarations are not allowed (no file or network access)");
            pos = end;
        }
    }
    State st;
    st.file = file;
    if (format == OntoFormat::NTriples) {
        NtToState handler(st);
        kg::parse_ntriples(text, file, handler);
        Mapper m(st, onto);
        m.run();
        return;
    }
    std::unique_ptr<raptor_world, WorldDel> world(raptor_new_world());
    if (!world || raptor_world_open(world.get()) != 0) throw InputError(file, "cannot initialise raptor2");
    raptor_world_set_log_handler(world.get(), &st, on_log);
    const char* syntax = format == OntoFormat::NTriples ? "ntriples"
                         : format == OntoFormat::Turtle ? "turtle"
                                                        : "rdfxml";
    std::unique_ptr<raptor_parser, ParserDel> parser(raptor_new_parser(world.get(), syntax));
    if (!parser) throw InputError(file, "raptor2 has no parser for this format");
    st.parser = parser.get();
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_NO_NET, nullptr, 1);
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_NO_FILE, nullptr, 1);
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_LOAD_EXTERNAL_ENTITIES, nullptr, 0);
    raptor_parser_set_statement_handler(parser.get(), &st, on_statement);
    raptor_parser_set_namespace_handler(parser.get(), &st, on_namespace);
    const std::string base = "file://" + (file.starts_with('/') ? file : "/" + file);
    std::unique_ptr<raptor_uri, UriDel> base_uri(
        raptor_new_uri(world.get(), reinterpret_cast<const unsigned char*>(base.c_str())));
    if (raptor_parser_parse_start(parser.get(), base_uri.get()) != 0 && !st.error)
        throw InputError(file, "cannot start the RDF parser");
    if (text.find('\0') != std::string_view::npos)
        throw InputError(file, "NUL byte: this looks like a binary file, not RDF");
    const std::size_t chunk = 1 << 20;
    for (std::size_t off = 0; off < text.size() && !st.error; off += chunk) {
        const std::size_t n = std::min(chunk, text.size() - off);
        if (raptor_parser_parse_chunk(parser.get(), reinterpret_cast<const unsigned char*>(text.data() + off), n, 0) !=
                0 &&
            !st.error)
            st.error.emplace(file, "RDF syntax error");
    }
    if (!st.error && raptor_parser_parse_chunk(parser.get(), nullptr, 0, 1) != 0 && !st.error)
        st.error.emplace(file, "RDF syntax error (truncated input?)");
    if (st.error) throw *st.error;
    for (auto& [p, i] : st.prefixes)
        onto.sig.prefixes.add(p, i);
    Mapper m(st, onto);
    m.run();
}

} // namespace kbcx::onto
