// OBO 1.4 reader (own line parser): [Term] and [Typedef] stanzas mapped to OWL as the OBO-to-OWL
// mapping does (is_a, relationship, intersection_of, disjoint_from, equivalent_to, chains).
#include "onto/readers.hpp"

#include "common/error.hpp"

#include <string>
#include <vector>

namespace kbcx::onto {

namespace {

struct Tag {
    std::string name, value;
    std::size_t line;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Drops a trailing `! comment` and `{qualifiers}` (outside quotes).
std::string_view strip_value(std::string_view v) {
    bool quoted = false;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == '\\') {
            ++i;
            continue;
        }
        if (v[i] == '"') quoted = !quoted;
        if (!quoted && (v[i] == '!' || v[i] == '{')) return trim(v.substr(0, i));
    }
    return trim(v);
}

std::vector<std::string_view> words(std::string_view v) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < v.size()) {
        while (i < v.size() && (v[i] == ' ' || v[i] == '\t'))
            ++i;
        const std::size_t b = i;
        while (i < v.size() && v[i] != ' ' && v[i] != '\t')
            ++i;
        if (i > b) out.push_back(v.substr(b, i - b));
    }
    return out;
}

/// Tags the mapper reads; the others (def, synonym, xref, comment, …) are skipped unparsed,
/// which is most of an OBO file's text.
bool mapped_tag(std::string_view name) {
    static constexpr std::string_view kTags[] = {"name",
                                                 "is_a",
                                                 "relationship",
                                                 "intersection_of",
                                                 "disjoint_from",
                                                 "equivalent_to",
                                                 "union_of",
                                                 "domain",
                                                 "range",
                                                 "equivalent_to_chain",
                                                 "holds_over_chain",
                                                 "inverse_of",
                                                 "is_anti_symmetric",
                                                 "is_functional",
                                                 "is_inverse_functional",
                                                 "is_reflexive",
                                                 "is_symmetric",
                                                 "is_transitive",
                                                 "transitive_over"};
    for (std::string_view t : kTags)
        if (name == t) return true;
    return false;
}

class OboMapper {
  public:
    OboMapper(Ontology& o, std::string file) : o_(o), file_(std::move(file)) {}
    std::string ont = "obo";

    std::string class_iri(std::string_view id) const {
        const std::size_t c = id.find(':');
        if (id.starts_with("http://") || id.starts_with("https://")) return std::string(id);
        if (c == std::string_view::npos) return "http://purl.obolibrary.org/obo/" + ont + "#" + std::string(id);
        return "http://purl.obolibrary.org/obo/" + std::string(id.substr(0, c)) + "_" + std::string(id.substr(c + 1));
    }
    std::string role_iri(std::string_view id) const {
        if (id.find(':') == std::string_view::npos)
            return "http://purl.obolibrary.org/obo/" + ont + "#" + std::string(id);
        return class_iri(id);
    }
    ExprId cls(std::string_view id) { return o_.pool.named(o_.sig.concepts.intern(class_iri(id))); }
    RoleName role(std::string_view id) { return o_.sig.roles.intern(role_iri(id)); }

    [[noreturn]] void fail(std::size_t line, const std::string& m) const { throw InputError(file_, line, 1, m); }

    void push(Axiom a, std::size_t line) {
        a.line = line;
        o_.axioms.push_back(std::move(a));
    }

    void term(const std::vector<Tag>& tags, std::size_t line) {
        std::string id;
        for (const Tag& t : tags)
            if (t.name == "id") id = std::string(strip_value(t.value));
        if (id.empty()) fail(line, "[Term] without an id");
        for (const Tag& t : tags)
            if (t.name == "is_obsolete" && strip_value(t.value) == "true") return;
        const ConceptName self = o_.sig.concepts.intern(class_iri(id));
        const ExprId me = o_.pool.named(self);
        std::vector<ExprId> inter;
        for (const Tag& t : tags) {
            if (!mapped_tag(t.name)) continue;
            const std::string_view v = strip_value(t.value);
            const auto w = words(v);
            if (t.name == "name") {
                o_.sig.concept_labels[self] = std::string(v);
            } else if (t.name == "is_a") {
                if (w.empty()) fail(t.line, "is_a without a value");
                Axiom a;
                a.concepts = {me, cls(w[0])};
                push(std::move(a), t.line);
            } else if (t.name == "relationship") {
                if (w.size() < 2) fail(t.line, "relationship needs a relation and a class");
                Axiom a;
                a.concepts = {me, o_.pool.exists(role(w[0]), cls(w[1]))};
                push(std::move(a), t.line);
            } else if (t.name == "intersection_of") {
                if (w.empty()) fail(t.line, "intersection_of without a value");
                inter.push_back(w.size() == 1 ? cls(w[0]) : o_.pool.exists(role(w[0]), cls(w[1])));
            } else if (t.name == "disjoint_from") {
                if (w.empty()) fail(t.line, "disjoint_from without a value");
                Axiom a;
                a.kind = AxiomKind::DisjointClasses;
                a.concepts = {me, cls(w[0])};
                push(std::move(a), t.line);
            } else if (t.name == "equivalent_to") {
                if (w.empty()) fail(t.line, "equivalent_to without a value");
                Axiom a;
                a.kind = AxiomKind::EquivalentClasses;
                a.concepts = {me, cls(w[0])};
                push(std::move(a), t.line);
            } else if (t.name == "union_of") {
                Axiom a;
                a.kind = AxiomKind::NotEL;
                a.construct = "ObjectUnionOf";
                push(std::move(a), t.line);
            }
        }
        if (!inter.empty()) {
            Axiom a;
            a.kind = AxiomKind::EquivalentClasses;
            a.concepts = {me, inter.size() == 1 ? inter[0] : o_.pool.conj(inter)};
            push(std::move(a), line);
        }
    }

    void typedef_(const std::vector<Tag>& tags, std::size_t line) {
        std::string id;
        for (const Tag& t : tags)
            if (t.name == "id") id = std::string(strip_value(t.value));
        if (id.empty()) fail(line, "[Typedef] without an id");
        for (const Tag& t : tags)
            if (t.name == "is_obsolete" && strip_value(t.value) == "true") return;
        bool is_metadata = false;
        for (const Tag& t : tags)
            if (t.name == "is_metadata_tag" && strip_value(t.value) == "true") is_metadata = true;
        if (is_metadata) return;
        const RoleName r = role(id);
        for (const Tag& t : tags) {
            if (!mapped_tag(t.name)) continue;
            const std::string_view v = strip_value(t.value);
            const auto w = words(v);
            Axiom a;
            if (t.name == "name") {
                o_.sig.role_labels[r] = std::string(v);
                continue;
            } else if (t.name == "is_transitive" && v == "true") {
                a.kind = AxiomKind::TransitiveObjectProperty;
                a.roles = {r};
            } else if (t.name == "is_a" && !w.empty()) {
                a.kind = AxiomKind::SubObjectPropertyOf;
                a.roles = {r, role(w[0])};
            } else if (t.name == "transitive_over" && !w.empty()) {
                a.kind = AxiomKind::SubObjectPropertyOf;
                a.roles = {r, role(w[0]), r};
            } else if ((t.name == "holds_over_chain" || t.name == "equivalent_to_chain") && w.size() >= 2) {
                a.kind = AxiomKind::SubObjectPropertyOf;
                a.roles = {role(w[0]), role(w[1]), r};
            } else if (t.name == "domain" && !w.empty()) {
                a.kind = AxiomKind::ObjectPropertyDomain;
                a.roles = {r};
                a.concepts = {cls(w[0])};
            } else if (t.name == "range" && !w.empty()) {
                a.kind = AxiomKind::ObjectPropertyRange;
                a.roles = {r};
                a.concepts = {cls(w[0])};
            } else if (t.name == "inverse_of" && !w.empty()) {
                a.kind = AxiomKind::NotEL;
                a.construct = "InverseObjectProperties";
                a.roles = {r, role(w[0])};
            } else if ((t.name == "is_symmetric" || t.name == "is_functional" || t.name == "is_inverse_functional" ||
                        t.name == "is_anti_symmetric" || t.name == "is_reflexive") &&
                       v == "true") {
                a.kind = t.name == "is_reflexive" ? AxiomKind::ReflexiveObjectProperty : AxiomKind::NotEL;
                a.roles = {r};
                a.construct = t.name == "is_symmetric"            ? "SymmetricObjectProperty"
                              : t.name == "is_functional"         ? "FunctionalObjectProperty"
                              : t.name == "is_inverse_functional" ? "InverseFunctionalObjectProperty"
                                                                  : "AsymmetricObjectProperty";
            } else {
                continue;
            }
            push(std::move(a), t.line);
        }
    }

  private:
    Ontology& o_;
    std::string file_;
};

} // namespace

void read_obo(std::string_view text, const std::string& file, Ontology& onto) {
    OboMapper m(onto, file);
    std::vector<Tag> tags;
    enum class S { Header, Term, Typedef, Other } state = S::Header;
    std::size_t stanza_line = 0, line = 0, pos = 0;
    auto flush = [&]() {
        if (state == S::Term)
            m.term(tags, stanza_line);
        else if (state == S::Typedef)
            m.typedef_(tags, stanza_line);
        tags.clear();
    };
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        const std::string_view l = trim(text.substr(pos, nl - pos));
        pos = nl + 1;
        ++line;
        if (l.empty() || l[0] == '!') continue;
        if (l[0] == '[') {
            if (l.back() != ']') throw InputError(file, line, 1, "malformed stanza header '" + std::string(l) + "'");
            flush();
            stanza_line = line;
            state = l == "[Term]" ? S::Term : l == "[Typedef]" ? S::Typedef : S::Other;
            continue;
        }
        const std::size_t colon = l.find(':');
        if (colon == std::string_view::npos)
            throw InputError(file, line, 1, "expected 'tag: value', found '" + std::string(l.substr(0, 60)) + "'");
        Tag t{std::string(trim(l.substr(0, colon))), std::string(trim(l.substr(colon + 1))), line};
        if (state == S::Header) {
            if (t.name == "ontology") m.ont = std::string(strip_value(t.value));
            continue;
        }
        tags.push_back(std::move(t));
    }
    flush();
    if (onto.iri.empty()) onto.iri = "http://purl.obolibrary.org/obo/" + m.ont + ".owl";
    onto.sig.prefixes.add("obo", "http://purl.obolibrary.org/obo/");
}

} // namespace kbcx::onto
