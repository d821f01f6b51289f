// Text-syntax parser (tokeniser + recursive descent, Manchester-like precedence: `some`
// binds tighter than `and`) and writer. Functional-syntax axioms go through OfnParser.
#include "onto/text_syntax.hpp"

#include "common/error.hpp"
#include "common/nesting.hpp"
#include "onto/ofn_parser.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_set>
#include <vector>

namespace kbcx::onto {

namespace {

struct Tok {
    enum class K { Name, Iri, Quoted, LPar, RPar, Comma, End } k = K::End;
    std::string text;
    std::size_t col = 0;
    bool glued_lpar = false; ///< a '(' follows immediately (no space)
};

bool simple_name(std::string_view s) {
    if (s.empty()) return false;
    if (!(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
    return true;
}

const std::unordered_set<std::string>& keywords() {
    static const std::unordered_set<std::string> k{"SubClassOf",   "EquivalentTo",
                                                   "DisjointWith", "SubPropertyOf",
                                                   "and",          "some",
                                                   "only",         "or",
                                                   "not",          "o",
                                                   "Thing",        "Nothing",
                                                   "Class:",       "ObjectProperty:",
                                                   "Individual:",  "Prefix:",
                                                   "Domain",       "Range"};
    return k;
}

const std::unordered_set<std::string>& ofn_axioms() {
    static const std::unordered_set<std::string> k{"SubClassOf",
                                                   "EquivalentClasses",
                                                   "DisjointClasses",
                                                   "DisjointUnion",
                                                   "SubObjectPropertyOf",
                                                   "EquivalentObjectProperties",
                                                   "DisjointObjectProperties",
                                                   "InverseObjectProperties",
                                                   "ObjectPropertyDomain",
                                                   "ObjectPropertyRange",
                                                   "FunctionalObjectProperty",
                                                   "InverseFunctionalObjectProperty",
                                                   "ReflexiveObjectProperty",
                                                   "IrreflexiveObjectProperty",
                                                   "SymmetricObjectProperty",
                                                   "AsymmetricObjectProperty",
                                                   "TransitiveObjectProperty",
                                                   "ClassAssertion",
                                                   "ObjectPropertyAssertion",
                                                   "NegativeObjectPropertyAssertion",
                                                   "SameIndividual",
                                                   "DifferentIndividuals",
                                                   "Declaration",
                                                   "HasKey"};
    return k;
}

} // namespace

struct TextParser::Impl {
    Ontology& onto;
    std::string file;
    TextParseOptions opt;
    std::vector<Tok> toks;
    std::size_t p = 0, line = 1;
    std::string_view line_text;
    // Lazily built lookup tables: label → id and IRI local name → id (kNone if ambiguous), and
    // for a label several entities share, two of them (for the error message).
    std::unordered_map<std::string, std::uint32_t> by_label[3], by_local[3];
    std::unordered_map<std::string, std::pair<std::uint32_t, std::uint32_t>> shared_label[3];
    std::size_t indexed_size[3] = {0, 0, 0};   ///< names already in by_local
    std::size_t indexed_labels[3] = {0, 0, 0}; ///< size of the label map by_label was built from

    std::unique_ptr<AxiomBuilder> annotations; ///< labels read from AnnotationAssertion lines

    Impl(Ontology& o, std::string f, TextParseOptions op) : onto(o), file(std::move(f)), opt(op) {}

    [[noreturn]] void fail(std::size_t col, const std::string& msg) const { throw InputError(file, line, col, msg); }
    const Tok& cur() const { return toks[p]; }

    void tokenize(std::string_view s) {
        toks.clear();
        p = 0;
        std::size_t i = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                ++i;
                continue;
            }
            Tok t;
            t.col = i + 1;
            if (c == '(' || c == ')' || c == ',') {
                t.k = c == '(' ? Tok::K::LPar : c == ')' ? Tok::K::RPar : Tok::K::Comma;
                ++i;
            } else if (c == '<') {
                const std::size_t e = s.find('>', i);
                if (e == std::string_view::npos) fail(i + 1, "unterminated <IRI>");
                t.k = Tok::K::Iri;
                t.text = std::string(s.substr(i + 1, e - i - 1));
                i = e + 1;
            } else if (c == '\'' || c == '"') {
                const std::size_t e = s.find(c, i + 1);
                if (e == std::string_view::npos) fail(i + 1, std::string("unterminated ") + c + "quoted name" + c);
                t.k = Tok::K::Quoted;
                t.text = std::string(s.substr(i + 1, e - i - 1));
                i = e + 1;
            } else {
                const std::size_t b = i;
                while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '(' && s[i] != ')' &&
                       s[i] != ',')
                    ++i;
                t.k = Tok::K::Name;
                t.text = std::string(s.substr(b, i - b));
            }
            if (i < s.size() && s[i] == '(') t.glued_lpar = true;
            toks.push_back(std::move(t));
        }
        Tok end;
        end.col = s.size() + 1;
        toks.push_back(end);
    }

    bool is_kw(const char* kw) const { return cur().k == Tok::K::Name && cur().text == kw; }

    kg::Interner& space(int ns) {
        return ns == 0 ? onto.sig.concepts : ns == 1 ? onto.sig.roles : onto.sig.individuals;
    }
    const std::unordered_map<std::uint32_t, std::string>& labels(int ns) {
        return ns == 0 ? onto.sig.concept_labels : ns == 1 ? onto.sig.role_labels : onto.sig.individual_labels;
    }

    /// Brings the lookup tables up to date. Names only grow, so the local-name table takes just
    /// the new ones (a document of N new names costs O(N), not O(N²)); the label table is rebuilt
    /// when the number of labels changed.
    void index(int ns) {
        kg::Interner& in = space(ns);
        if (indexed_labels[ns] != labels(ns).size()) {
            by_label[ns].clear();
            shared_label[ns].clear();
            for (const auto& [id, label] : labels(ns)) {
                auto [it, fresh] = by_label[ns].emplace(label, id);
                if (!fresh && it->second != id && it->second != kNone) {
                    auto [lo, hi] = std::minmax(it->second, id);
                    shared_label[ns].emplace(label, std::make_pair(lo, hi));
                    it->second = kNone;
                }
            }
            indexed_labels[ns] = labels(ns).size();
        }
        for (auto id = static_cast<std::uint32_t>(indexed_size[ns]); id < in.size(); ++id) {
            const std::string_view n = in.name(id);
            const std::size_t cut = n.find_last_of("#/");
            if (cut == std::string_view::npos || cut + 1 >= n.size()) continue;
            auto [it, fresh] = by_local[ns].emplace(std::string(n.substr(cut + 1)), id);
            if (!fresh && it->second != id) it->second = kNone;
        }
        indexed_size[ns] = in.size();
    }

    /// Resolves a name token in namespace ns (0 concepts, 1 roles, 2 individuals).
    std::uint32_t resolve(const Tok& t, int ns) {
        kg::Interner& in = space(ns);
        auto found = [&](const std::string& s) { return in.find(s); };
        std::string raw = t.text;
        if (t.k == Tok::K::Iri || raw.starts_with("_:")) {
            if (auto id = found(raw); id != kg::kNoId) return id;
            return make_new(raw, t);
        }
        if (t.k == Tok::K::Name && (t.text == "(" || t.text.empty())) fail(t.col, "expected a name");
        if (auto id = found(raw); id != kg::kNoId) return id;
        const std::size_t colon = raw.find(':');
        if (t.k == Tok::K::Name && colon != std::string::npos) {
            auto full = onto.sig.prefixes.expand(raw);
            if (!full) fail(t.col, "unknown prefix '" + raw.substr(0, colon + 1) + "' in '" + raw + "'");
            if (auto id = found(*full); id != kg::kNoId) return id;
            return make_new(*full, t);
        }
        index(ns);
        if (auto it = by_label[ns].find(raw); it != by_label[ns].end()) {
            if (it->second == kNone) {
                const auto [a, b] = shared_label[ns].at(raw);
                const TextWriter w(onto, NameStyle::Short);
                const std::string an = ns == 0 ? w.concept_name(a) : ns == 1 ? w.role_name(a) : w.individual_name(a);
                const std::string bn = ns == 0 ? w.concept_name(b) : ns == 1 ? w.role_name(b) : w.individual_name(b);
                fail(t.col, "the label '" + raw + "' is shared by " + an + " and " + bn +
                                "; write one of those names instead");
            }
            return it->second;
        }
        if (auto it = by_local[ns].find(raw); it != by_local[ns].end() && it->second != kNone) return it->second;
        if (auto full = onto.sig.prefixes.expand(":" + raw)) {
            if (auto id = found(*full); id != kg::kNoId) return id;
        }
        return make_new(raw, t);
    }

    std::uint32_t make_new(const std::string& name, const Tok& t) {
        static const char* what[] = {"class", "object property", "individual"};
        (void)what;
        if (!opt.allow_new_names && !(opt.allow_new_individuals && current_ns == 2))
            fail(t.col, std::string("unknown ") + what[current_ns] + " name '" + t.text + "'");
        return space(current_ns).intern(name);
    }
    int current_ns = 0;

    std::uint32_t name_in(int ns) {
        const Tok& t = cur();
        if (t.k != Tok::K::Name && t.k != Tok::K::Iri && t.k != Tok::K::Quoted)
            fail(t.col, t.k == Tok::K::End ? "unexpected end of axiom, expected a name" : "expected a name");
        if (t.k == Tok::K::Name && keywords().count(t.text) && t.text != "Thing" && t.text != "Nothing")
            fail(t.col, "expected a name, found the keyword '" + t.text + "'");
        current_ns = ns;
        const std::uint32_t id = resolve(t, ns);
        ++p;
        return id;
    }

    /// class_expr := unary ('and' unary)* ('or' unary)*
    /// unary      := '(' class_expr ')' | 'not' unary | Thing | Nothing | role ('some'|'only') unary | name
    /// Parsed with an explicit stack of pending constructors instead of recursion, so the call
    /// stack stays flat for input of any depth; the depth is still capped at kMaxNesting for the
    /// recursive stages after the parser (normaliser, writer, reasoner).
    ExprId class_expr() {
        enum class K : std::uint8_t { Expr, Paren, Not, Some, Only };
        struct Frame {
            K k = K::Expr;
            std::vector<ExprId> ands, ors; ///< Expr: operands so far
            bool in_or = false;            ///< Expr: an 'or' was read
            RoleName role = kNone;         ///< Some/Only
        };
        std::vector<Frame> st(1);
        std::size_t nesting = 0; // Paren, Not, Some and Only frames on the stack
        for (;;) {
            // Descend: read prefixes of one unary down to a name, pushing what waits for it.
            ExprId v = kNone;
            while (v == kNone) {
                const Tok& t = cur();
                if (nesting + 1 > kMaxNesting)
                    fail(t.col, "class expression nested deeper than " + std::to_string(kMaxNesting) + " levels");
                if (t.k == Tok::K::LPar) {
                    ++p;
                    st.push_back(Frame{K::Paren, {}, {}, false, kNone});
                    st.emplace_back();
                    ++nesting;
                } else if (is_kw("not")) {
                    ++p;
                    st.push_back(Frame{K::Not, {}, {}, false, kNone});
                    ++nesting;
                } else if (t.k == Tok::K::Name && (t.text == "owl:Thing" || t.text == "Thing")) {
                    ++p;
                    v = onto.pool.top();
                } else if (t.k == Tok::K::Name && (t.text == "owl:Nothing" || t.text == "Nothing")) {
                    ++p;
                    v = onto.pool.bottom();
                } else if (t.k == Tok::K::End) {
                    fail(t.col, "unexpected end of axiom, expected a class expression");
                } else if (toks[p + 1].k == Tok::K::Name &&
                           (toks[p + 1].text == "some" || toks[p + 1].text == "only")) {
                    const RoleName r = name_in(1);
                    const bool some = cur().text == "some";
                    ++p;
                    st.push_back(Frame{some ? K::Some : K::Only, {}, {}, false, r});
                    ++nesting;
                } else {
                    v = onto.pool.named(name_in(0));
                }
            }
            // Ascend: hand the value to the frames waiting for it until one wants another operand.
            for (;;) {
                Frame& f = st.back();
                if (f.k == K::Not || f.k == K::Only) {
                    ConceptExpr e;
                    e.kind = f.k == K::Not ? ConceptKind::Not : ConceptKind::ForAll;
                    if (f.k == K::Only) e.name = f.role;
                    e.args = {v};
                    v = onto.pool.make(std::move(e));
                } else if (f.k == K::Some) {
                    v = onto.pool.exists(f.role, v);
                } else if (f.k == K::Paren) {
                    if (cur().k != Tok::K::RPar) fail(cur().col, "expected ')'");
                    ++p;
                } else {
                    (f.in_or ? f.ors : f.ands).push_back(v);
                    if (!f.in_or && is_kw("and")) {
                        ++p;
                        break;
                    }
                    if (is_kw("or")) {
                        if (!f.in_or) {
                            f.ors.push_back(f.ands.size() == 1 ? f.ands[0] : onto.pool.conj(f.ands));
                            f.in_or = true;
                        }
                        ++p;
                        break;
                    }
                    if (f.in_or) {
                        ConceptExpr e;
                        e.kind = ConceptKind::Or;
                        e.args = std::move(f.ors);
                        v = onto.pool.make(std::move(e));
                    } else {
                        v = f.ands.size() == 1 ? f.ands[0] : onto.pool.conj(f.ands);
                    }
                    st.pop_back();
                    if (st.empty()) return v;
                    continue;
                }
                st.pop_back();
                --nesting;
            }
        }
    }

    std::size_t find_kw(const char* kw) const {
        int depth = 0;
        for (std::size_t i = 0; i < toks.size(); ++i) {
            if (toks[i].k == Tok::K::LPar) ++depth;
            if (toks[i].k == Tok::K::RPar) --depth;
            if (depth == 0 && toks[i].k == Tok::K::Name && toks[i].text == kw) return i;
        }
        return std::string::npos;
    }

    void expect_end() {
        if (cur().k != Tok::K::End)
            fail(cur().col,
                 "unexpected '" + (cur().text.empty() ? std::string("(") : cur().text) + "' after the axiom");
    }

    Axiom axiom(std::string_view text) {
        line_text = text;
        tokenize(text);
        Axiom ax;
        ax.line = line;
        if (toks[0].k == Tok::K::End) fail(1, "empty axiom");
        if (toks[0].k == Tok::K::Name && toks[0].glued_lpar && ofn_axioms().count(toks[0].text)) {
            Ontology& o = onto;
            const std::size_t before = o.axioms.size();
            OfnParser ofn(text, file, o);
            ofn.set_position(line, 0);
            SNode n = ofn.node();
            if (!ofn.at_end()) fail(1, "unexpected text after the functional-syntax axiom");
            AxiomBuilder b(o, file);
            b.add(n);
            if (o.axioms.size() == before) fail(1, "a declaration is not an axiom");
            ax = o.axioms.back();
            o.axioms.pop_back();
            ax.line = line;
            return ax;
        }
        for (const char* kw : {"SubClassOf", "EquivalentTo", "DisjointWith"}) {
            const std::size_t at = find_kw(kw);
            if (at == std::string::npos) continue;
            if (at == 0) fail(toks[0].col, std::string("missing class expression before ") + kw);
            const ExprId l = class_expr();
            if (p != at) fail(cur().col, "unexpected '" + cur().text + "' in class expression");
            ++p;
            const ExprId r = class_expr();
            expect_end();
            ax.kind = kw[0] == 'S'   ? AxiomKind::SubClassOf
                      : kw[0] == 'E' ? AxiomKind::EquivalentClasses
                                     : AxiomKind::DisjointClasses;
            ax.concepts = {l, r};
            return ax;
        }
        if (const std::size_t at = find_kw("SubPropertyOf"); at != std::string::npos) {
            ax.kind = AxiomKind::SubObjectPropertyOf;
            ax.roles.push_back(name_in(1));
            while (is_kw("o")) {
                ++p;
                ax.roles.push_back(name_in(1));
            }
            if (p != at) fail(cur().col, "expected 'o' or SubPropertyOf");
            ++p;
            ax.roles.push_back(name_in(1));
            expect_end();
            return ax;
        }
        for (const char* kw : {"Domain", "Range"}) {
            if (find_kw(kw) != 1) continue;
            ax.kind = kw[0] == 'D' ? AxiomKind::ObjectPropertyDomain : AxiomKind::ObjectPropertyRange;
            ax.roles.push_back(name_in(1));
            ++p;
            ax.concepts.push_back(class_expr());
            expect_end();
            return ax;
        }
        // Assertion of a complex class, as the writer prints it: (C)(a)
        if (toks[0].k == Tok::K::LPar) {
            std::size_t close = 0;
            int depth = 0;
            for (std::size_t i = 0; i < toks.size(); ++i) {
                if (toks[i].k == Tok::K::LPar) ++depth;
                if (toks[i].k == Tok::K::RPar && --depth == 0) {
                    close = i;
                    break;
                }
            }
            if (close > 0 && close + 1 < toks.size() && toks[close + 1].k == Tok::K::LPar) {
                ++p;
                const ExprId c = class_expr();
                if (p != close) fail(cur().col, "expected ')'");
                p = close + 2;
                ax.kind = AxiomKind::ClassAssertion;
                ax.concepts.push_back(c);
                ax.individuals.push_back(name_in(2));
                if (cur().k != Tok::K::RPar) fail(cur().col, "expected ')'");
                ++p;
                expect_end();
                return ax;
            }
        }
        // Assertions: C(a) or r(a,b)
        if (toks.size() >= 4 && toks[1].k == Tok::K::LPar) {
            const std::size_t save = p;
            if (toks.size() >= 7 && toks[3].k == Tok::K::Comma) {
                ax.kind = AxiomKind::ObjectPropertyAssertion;
                ax.roles.push_back(name_in(1));
                ++p;
                ax.individuals.push_back(name_in(2));
                ++p;
                ax.individuals.push_back(name_in(2));
            } else {
                ax.kind = AxiomKind::ClassAssertion;
                p = save;
                const Tok& t = cur();
                ExprId c;
                if (t.text == "owl:Thing" || t.text == "Thing")
                    c = onto.pool.top();
                else if (t.text == "owl:Nothing" || t.text == "Nothing")
                    c = onto.pool.bottom();
                else
                    c = onto.pool.named(name_in(0));
                if (c <= 1) ++p;
                ++p;
                ax.concepts.push_back(c);
                ax.individuals.push_back(name_in(2));
            }
            if (cur().k != Tok::K::RPar) fail(cur().col, "expected ')'");
            ++p;
            expect_end();
            return ax;
        }
        fail(1, "not an axiom of the text syntax (expected SubClassOf, EquivalentTo, DisjointWith, "
                "SubPropertyOf, Domain, Range, C(a) or r(a,b)): '" +
                    std::string(text) + "'");
    }

    void declaration() {
        const std::string kw = toks[0].text;
        p = 1;
        if (kw == "Prefix:") {
            if (toks.size() != 4 || toks[1].k != Tok::K::Name || toks[1].text.back() != ':' || toks[2].k != Tok::K::Iri)
                fail(1, "expected Prefix: name: <IRI>");
            std::string pfx = toks[1].text;
            pfx.pop_back();
            onto.sig.prefixes.add(pfx, toks[2].text);
            return;
        }
        const int ns = kw == "Class:" ? 0 : kw == "ObjectProperty:" ? 1 : 2;
        const bool saved = opt.allow_new_names;
        opt.allow_new_names = true;
        while (cur().k != Tok::K::End)
            (void)name_in(ns);
        opt.allow_new_names = saved;
    }
};

TextParser::TextParser(Ontology& onto, std::string file, TextParseOptions options)
    : impl_(std::make_unique<Impl>(onto, std::move(file), options)) {}
TextParser::~TextParser() = default;

Axiom TextParser::parse_axiom(std::string_view text, std::size_t line) {
    impl_->line = line;
    return impl_->axiom(text);
}

void TextParser::parse_document(std::string_view text) {
    std::size_t pos = 0, line = 0;
    while (pos <= text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string_view l = text.substr(pos, nl - pos);
        ++line;
        pos = nl + 1;
        // '#' starts a comment unless inside <…> or quotes.
        bool in_iri = false;
        char quote = 0;
        for (std::size_t i = 0; i < l.size(); ++i) {
            const char c = l[i];
            if (quote) {
                if (c == quote) quote = 0;
            } else if (in_iri) {
                if (c == '>') in_iri = false;
            } else if (c == '<') {
                in_iri = true;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#') {
                l = l.substr(0, i);
                break;
            }
        }
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r'))
            l.remove_suffix(1);
        std::size_t b = 0;
        while (b < l.size() && (l[b] == ' ' || l[b] == '\t'))
            ++b;
        l = l.substr(b);
        if (l.empty()) {
            if (nl == text.size()) break;
            continue;
        }
        impl_->line = line;
        impl_->tokenize(l);
        const Tok& first = impl_->toks[0];
        if (first.k == Tok::K::Name && (first.text == "Class:" || first.text == "ObjectProperty:" ||
                                        first.text == "Individual:" || first.text == "Prefix:")) {
            impl_->declaration();
        } else if (first.k == Tok::K::Name && first.text == "Declaration" && first.glued_lpar) {
            OfnParser ofn(l, impl_->file, impl_->onto);
            ofn.set_position(line, 0);
            AxiomBuilder bld(impl_->onto, impl_->file);
            bld.add(ofn.node());
        } else if (first.k == Tok::K::Name && first.text == "AnnotationAssertion" && first.glued_lpar) {
            // A label (rdfs:label, skos:prefLabel) of a name declared before; the lines after it
            // may use the label.
            OfnParser ofn(l, impl_->file, impl_->onto);
            ofn.set_position(line, 0);
            if (!impl_->annotations) impl_->annotations = std::make_unique<AxiomBuilder>(impl_->onto, impl_->file);
            impl_->annotations->add(ofn.node());
            impl_->annotations->attach_labels();
        } else {
            Axiom ax = impl_->axiom(l);
            impl_->onto.axioms.push_back(std::move(ax));
        }
        if (nl == text.size()) break;
    }
}

Ontology read_text(std::string_view text, const std::string& file) {
    Ontology o;
    o.source = file;
    read_text_into(text, file, o);
    return o;
}

void read_text_into(std::string_view text, const std::string& file, Ontology& onto) {
    TextParser p(onto, file);
    p.parse_document(text);
}

// ---------------------------------------------------------------- writer

namespace {

const std::unordered_map<std::uint32_t, std::string>& labels_of(const Signature& sig, int ns) {
    return ns == 0 ? sig.concept_labels : ns == 1 ? sig.role_labels : sig.individual_labels;
}
const kg::Interner& names_of(const Signature& sig, int ns) {
    return ns == 0 ? sig.concepts : ns == 1 ? sig.roles : sig.individuals;
}

/// The label as a token the parser reads back: bare when it is a plain word, else in quotes
/// that it does not contain; empty when no quoting fits.
std::string quoted_label(const std::string& label) {
    if (simple_name(label) && !keywords().count(label) && !ofn_axioms().count(label)) return label;
    if (label.find('\n') != std::string::npos) return {};
    if (label.find('\'') == std::string::npos) return "'" + label + "'";
    if (label.find('"') == std::string::npos) return "\"" + label + "\"";
    return {};
}

} // namespace

TextWriter::TextWriter(const Ontology& onto, NameStyle style) : onto_(onto), style_(style) {
    if (style_ != NameStyle::Label) return;
    for (int ns = 0; ns < 3; ++ns) {
        std::unordered_map<std::string_view, std::uint32_t> first; // label → first id with it
        for (const auto& [id, label] : labels_of(onto_.sig, ns)) {
            auto [it, fresh] = first.emplace(label, id);
            if (!fresh) {
                shared_label_[ns].insert(it->second);
                shared_label_[ns].insert(id);
            }
        }
    }
}

std::string TextWriter::short_name(std::string_view raw) const {
    if (raw.starts_with("_:")) return std::string(raw);
    if (simple_name(raw) && !keywords().count(std::string(raw))) return std::string(raw);
    const std::string c = onto_.sig.prefixes.compact(raw);
    if (c.size() != raw.size() || c != raw) {
        const std::size_t colon = c.find(':');
        if (colon != std::string::npos && (colon + 1 == c.size() || simple_name(c.substr(colon + 1)) ||
                                           std::all_of(c.begin() + static_cast<long>(colon) + 1, c.end(), [](char ch) {
                                               return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' ||
                                                      ch == '-' || ch == '.';
                                           })))
            return c;
    }
    return "<" + std::string(raw) + ">";
}

std::string TextWriter::name(int ns, std::uint32_t id) const {
    const kg::Interner& names = names_of(onto_.sig, ns);
    const std::string_view raw = names.name(id);
    switch (style_) {
    case NameStyle::Label: {
        const auto& labels = labels_of(onto_.sig, ns);
        const auto it = labels.find(id);
        if (it == labels.end() || it->second.empty() || shared_label_[ns].count(id)) break;
        // The parser looks up exact names before labels: a label that is another entity's
        // name would read back as that entity.
        if (const kg::Id other = names.find(it->second); other != kg::kNoId && other != id) break;
        if (std::string q = quoted_label(it->second); !q.empty()) return q;
        break;
    }
    case NameStyle::Short: break;
    case NameStyle::Iri:
        if (raw.starts_with("_:") || simple_name(raw)) return std::string(raw);
        return "<" + std::string(raw) + ">";
    }
    return short_name(raw);
}

std::string TextWriter::concept_name(ConceptName c) const {
    if (c == kThing) return "owl:Thing";
    if (c >= onto_.sig.concepts.size()) return "_:X" + std::to_string(c - onto_.sig.concepts.size());
    return name(0, c);
}
std::string TextWriter::role_name(RoleName r) const {
    if (r >= onto_.sig.roles.size())
        return "_:R" + std::to_string(r - onto_.sig.roles.size()); // a candidate's fresh role
    return name(1, r);
}
std::string TextWriter::individual_name(IndividualName a) const {
    return name(2, a);
}

std::string TextWriter::expr(ExprId e) const {
    return expr_prec(e, false);
}

std::string TextWriter::expr_prec(ExprId id, bool atom) const {
    const ConceptExpr& e = onto_.pool.get(id);
    switch (e.kind) {
    case ConceptKind::Top: return "owl:Thing";
    case ConceptKind::Bottom: return "owl:Nothing";
    case ConceptKind::Named: return concept_name(e.name);
    case ConceptKind::And: {
        std::string s;
        for (std::size_t i = 0; i < e.args.size(); ++i) {
            if (i) s += " and ";
            s += expr_prec(e.args[i], true);
        }
        return atom ? "(" + s + ")" : s;
    }
    case ConceptKind::Or: {
        std::string s;
        for (std::size_t i = 0; i < e.args.size(); ++i) {
            if (i) s += " or ";
            s += expr_prec(e.args[i], true);
        }
        return atom ? "(" + s + ")" : s;
    }
    case ConceptKind::Exists:
    case ConceptKind::ForAll:
    case ConceptKind::Not:
        // The readers give these exactly one operand; anything else is printed in the
        // functional form of the default branch below rather than indexed.
        if (e.args.size() == 1) {
            if (e.kind == ConceptKind::Not) return "not " + expr_prec(e.args[0], true);
            return role_name(e.name) + (e.kind == ConceptKind::Exists ? " some " : " only ") +
                   expr_prec(e.args[0], true);
        }
        [[fallthrough]];
    default: {
        std::string s = e.kind == ConceptKind::Other ? e.construct : concept_kind_name(e.kind);
        s += "(";
        if (e.number) s += std::to_string(e.number) + " ";
        if (e.name != kNone) s += role_name(e.name) + " ";
        for (ExprId a : e.args)
            s += expr_prec(a, true) + " ";
        for (IndividualName a : e.individuals)
            s += individual_name(a) + " ";
        if (s.back() == ' ') s.pop_back();
        return s + ")";
    }
    }
}

std::string TextWriter::axiom(const Axiom& ax) const {
    auto join_concepts = [&](const char* kw) {
        std::string s;
        for (std::size_t i = 0; i + 1 < ax.concepts.size(); ++i) {
            if (i) s += "\n";
            s += expr(ax.concepts[i]) + " " + kw + " " + expr(ax.concepts[i + 1]);
        }
        return s;
    };
    switch (ax.kind) {
    case AxiomKind::SubClassOf: return expr(ax.concepts[0]) + " SubClassOf " + expr(ax.concepts[1]);
    case AxiomKind::EquivalentClasses: return join_concepts("EquivalentTo");
    case AxiomKind::DisjointClasses: {
        // pairwise, one line each: the operands may be complex, which functional syntax
        // around text-syntax expressions could not carry
        std::string s;
        for (std::size_t i = 0; i < ax.concepts.size(); ++i)
            for (std::size_t j = i + 1; j < ax.concepts.size(); ++j)
                s += (s.empty() ? "" : "\n") + expr(ax.concepts[i]) + " DisjointWith " + expr(ax.concepts[j]);
        return s;
    }
    case AxiomKind::SubObjectPropertyOf: {
        std::string s;
        for (std::size_t i = 0; i + 1 < ax.roles.size(); ++i)
            s += (i ? " o " : "") + role_name(ax.roles[i]);
        return s + " SubPropertyOf " + role_name(ax.roles.back());
    }
    case AxiomKind::EquivalentObjectProperties: {
        std::string s;
        for (std::size_t i = 0; i + 1 < ax.roles.size(); ++i) {
            if (i) s += "\n";
            s += role_name(ax.roles[i]) + " SubPropertyOf " + role_name(ax.roles[i + 1]) + "\n" +
                 role_name(ax.roles[i + 1]) + " SubPropertyOf " + role_name(ax.roles[i]);
        }
        return s;
    }
    case AxiomKind::TransitiveObjectProperty: {
        const std::string r = role_name(ax.roles[0]);
        return r + " o " + r + " SubPropertyOf " + r;
    }
    case AxiomKind::ReflexiveObjectProperty: return "ReflexiveObjectProperty(" + role_name(ax.roles[0]) + ")";
    case AxiomKind::ObjectPropertyDomain: return role_name(ax.roles[0]) + " Domain " + expr(ax.concepts[0]);
    case AxiomKind::ObjectPropertyRange: return role_name(ax.roles[0]) + " Range " + expr(ax.concepts[0]);
    case AxiomKind::ClassAssertion: {
        const ConceptExpr& e = onto_.pool.get(ax.concepts[0]);
        if (e.kind == ConceptKind::Named || e.kind == ConceptKind::Top || e.kind == ConceptKind::Bottom)
            return expr(ax.concepts[0]) + "(" + individual_name(ax.individuals[0]) + ")";
        return "(" + expr(ax.concepts[0]) + ")(" + individual_name(ax.individuals[0]) + ")";
    }
    case AxiomKind::ObjectPropertyAssertion:
        return role_name(ax.roles[0]) + "(" + individual_name(ax.individuals[0]) + "," +
               individual_name(ax.individuals[1]) + ")";
    case AxiomKind::NotEL: return "# not EL: " + ax.construct;
    }
    return "";
}

std::string TextWriter::normal(const NormalAxiom& n) const {
    auto c = [&](ConceptName x) { return concept_name(x); };
    switch (n.nf) {
    case NormalForm::GCI0: return c(n.a) + " SubClassOf " + c(n.b);
    case NormalForm::GCI0_BOT: return c(n.a) + " SubClassOf owl:Nothing";
    case NormalForm::GCI1: return c(n.a) + " and " + c(n.b) + " SubClassOf " + c(n.c);
    case NormalForm::GCI1_BOT: return c(n.a) + " and " + c(n.b) + " SubClassOf owl:Nothing";
    case NormalForm::GCI2: return c(n.a) + " SubClassOf " + role_name(n.r) + " some " + c(n.b);
    case NormalForm::GCI3: return role_name(n.r) + " some " + c(n.a) + " SubClassOf " + c(n.b);
    case NormalForm::GCI3_BOT: return role_name(n.r) + " some " + c(n.a) + " SubClassOf owl:Nothing";
    case NormalForm::RI: return role_name(n.r) + " SubPropertyOf " + role_name(n.s);
    case NormalForm::RC: return role_name(n.r) + " o " + role_name(n.s) + " SubPropertyOf " + role_name(n.t);
    case NormalForm::RANGE: return role_name(n.r) + " Range " + c(n.a);
    case NormalForm::CA: return c(n.a) + "(" + individual_name(n.x) + ")";
    case NormalForm::RA: return role_name(n.r) + "(" + individual_name(n.x) + "," + individual_name(n.y) + ")";
    }
    return "";
}

std::string TextWriter::label_lines() const {
    if (style_ != NameStyle::Label) return {};
    static const char* kDeclared[] = {"Class", "ObjectProperty", "NamedIndividual"};
    auto literal = [](const std::string& text) {
        std::string out = "\"";
        for (char c : text) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        return out + "\"";
    };
    std::string s;
    for (int ns = 0; ns < 3; ++ns) {
        const kg::Interner& names = names_of(onto_.sig, ns);
        std::vector<std::pair<std::uint32_t, const std::string*>> shown;
        for (const auto& [id, label] : labels_of(onto_.sig, ns))
            if (id < names.size() && name(ns, id) != short_name(names.name(id))) shown.emplace_back(id, &label);
        std::sort(shown.begin(), shown.end());
        for (const auto& [id, label] : shown) {
            const std::string iri = "<" + std::string(names.name(id)) + ">";
            s += std::string("Declaration(") + kDeclared[ns] + "(" + iri + "))\n";
            s += "AnnotationAssertion(rdfs:label " + iri + " " + literal(*label) + ")\n";
        }
    }
    return s;
}

std::string TextWriter::prefix_lines() const {
    std::string s;
    for (const auto& [p, iri] : onto_.sig.prefixes.entries()) {
        if (p == "rdf" || p == "rdfs" || p == "owl" || p == "xsd") continue;
        s += "Prefix: " + p + ": <" + iri + ">\n";
    }
    return s;
}

} // namespace kbcx::onto
