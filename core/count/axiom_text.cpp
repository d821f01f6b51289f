// Tokeniser and recursive-descent parser of the axiom text syntax for the counting module,
// and the printer of the same syntax (see axiom_text.hpp; to be replaced by core/onto's parser).
#include "count/axiom_text.hpp"

#include "common/error.hpp"
#include "common/nesting.hpp"

#include <array>
#include <charconv>
#include <fstream>
#include <sstream>

namespace kbcx::count {

namespace {

using onto::Axiom;
using onto::AxiomKind;
using onto::ConceptExpr;
using onto::ConceptKind;
using onto::ExprId;

struct Token {
    enum Kind { Word, Quoted, Iri, LParen, RParen, Comma } kind;
    std::string text;
    std::size_t col; // 1-based
};

constexpr std::array<std::string_view, 20> kKeywords = {
    "and",           "or",     "not",   "some",  "only",       "min",          "max",
    "exactly",       "value",  "Self",  "o",     "SubClassOf", "EquivalentTo", "DisjointWith",
    "SubPropertyOf", "Domain", "Range", "Thing", "Nothing",    "owl:Thing"};

bool is_keyword(std::string_view w) {
    if (w == "owl:Nothing") return true;
    for (auto k : kKeywords)
        if (k == w) return true;
    return false;
}

bool word_char(char c) {
    return !(c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == ',' || c == '\'' ||
             c == '<' || c == '>');
}

class Parser {
  public:
    Parser(std::string_view line, onto::Ontology& o, const std::string& file, std::size_t line_no)
        : o_(o), file_(file), line_no_(line_no) {
        tokenize(line);
    }

    std::optional<Axiom> statement() {
        if (toks_.empty()) return std::nullopt;
        const Token& first = toks_[0];
        if (first.kind == Token::Word &&
            (first.text == "Class:" || first.text == "ObjectProperty:" || first.text == "Individual:")) {
            for (std::size_t i = 1; i < toks_.size(); ++i) {
                const Token& t = toks_[i];
                if (t.kind == Token::Comma) continue;
                if (!is_name(t)) fail(t.col, "expected a name to declare, found '" + t.text + "'");
                if (first.text == "Class:")
                    o_.sig.concepts.intern(t.text);
                else if (first.text == "ObjectProperty:")
                    o_.sig.roles.intern(t.text);
                else
                    o_.sig.individuals.intern(t.text);
            }
            return std::nullopt;
        }
        Axiom a;
        a.line = line_no_;
        // the axiom keyword at parenthesis depth 0
        std::size_t key = toks_.size();
        int depth = 0;
        for (std::size_t i = 0; i < toks_.size() && key == toks_.size(); ++i) {
            const Token& t = toks_[i];
            if (t.kind == Token::LParen)
                ++depth;
            else if (t.kind == Token::RParen)
                --depth;
            else if (depth == 0 && t.kind == Token::Word &&
                     (t.text == "SubClassOf" || t.text == "EquivalentTo" || t.text == "DisjointWith" ||
                      t.text == "SubPropertyOf" || t.text == "Domain" || t.text == "Range"))
                key = i;
        }
        if (key == toks_.size()) return assertion();
        const std::string kw = toks_[key].text;
        if (key == 0) fail(toks_[0].col, "'" + kw + "' needs a left-hand side");
        if (key + 1 == toks_.size()) fail(toks_[key].col, "'" + kw + "' needs a right-hand side");
        if (kw == "SubPropertyOf") {
            a.kind = AxiomKind::SubObjectPropertyOf;
            pos_ = 0;
            a.roles.push_back(role_name());
            while (pos_ < key) {
                expect_word("o");
                a.roles.push_back(role_name());
            }
            if (pos_ != key) fail(toks_[pos_].col, "expected 'o' or 'SubPropertyOf'");
            ++pos_;
            a.roles.push_back(role_name());
            end();
            return a;
        }
        if (kw == "Domain" || kw == "Range") {
            a.kind = kw == "Domain" ? AxiomKind::ObjectPropertyDomain : AxiomKind::ObjectPropertyRange;
            pos_ = 0;
            a.roles.push_back(role_name());
            if (pos_ != key) fail(toks_[pos_].col, "expected '" + kw + "' after the role name");
            ++pos_;
            a.concepts.push_back(expr());
            end();
            return a;
        }
        a.kind = kw == "SubClassOf"     ? AxiomKind::SubClassOf
                 : kw == "EquivalentTo" ? AxiomKind::EquivalentClasses
                                        : AxiomKind::DisjointClasses;
        pos_ = 0;
        const ExprId lhs = expr();
        if (pos_ != key) fail(toks_[pos_].col, "unexpected '" + toks_[pos_].text + "' before '" + kw + "'");
        ++pos_;
        const ExprId rhs = expr();
        end();
        a.concepts = {lhs, rhs};
        return a;
    }

  private:
    [[noreturn]] void fail(std::size_t col, const std::string& msg) const {
        throw InputError(file_, line_no_, col, msg);
    }

    void tokenize(std::string_view s) {
        std::size_t i = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                ++i;
                continue;
            }
            if (c == '#') break; // comment: at line start or after a blank
            const std::size_t col = i + 1;
            if (c == '(')
                toks_.push_back({Token::LParen, "(", col}), ++i;
            else if (c == ')')
                toks_.push_back({Token::RParen, ")", col}), ++i;
            else if (c == ',')
                toks_.push_back({Token::Comma, ",", col}), ++i;
            else if (c == '\'' || c == '<') {
                const char close = c == '\'' ? '\'' : '>';
                const std::size_t end = s.find(close, i + 1);
                if (end == std::string_view::npos)
                    fail(col, std::string("unterminated ") + (c == '\'' ? "quoted name" : "IRI"));
                if (end == i + 1) fail(col, "empty name");
                toks_.push_back(
                    {c == '\'' ? Token::Quoted : Token::Iri, std::string(s.substr(i + 1, end - i - 1)), col});
                i = end + 1;
            } else if (c == '>') {
                fail(col, "unexpected '>'");
            } else {
                std::size_t j = i;
                while (j < s.size() && word_char(s[j]))
                    ++j;
                toks_.push_back({Token::Word, std::string(s.substr(i, j - i)), col});
                i = j;
            }
        }
    }

    bool is_name(const Token& t) const {
        return t.kind == Token::Quoted || t.kind == Token::Iri || (t.kind == Token::Word && !is_keyword(t.text));
    }
    const Token* peek() const { return pos_ < toks_.size() ? &toks_[pos_] : nullptr; }
    bool peek_word(std::string_view w) const {
        const Token* t = peek();
        return t && t->kind == Token::Word && t->text == w;
    }
    std::size_t col() const {
        return pos_ < toks_.size() ? toks_[pos_].col
                                   : (toks_.empty() ? 1 : toks_.back().col + toks_.back().text.size());
    }
    void expect_word(std::string_view w) {
        if (!peek_word(w)) fail(col(), "expected '" + std::string(w) + "'");
        ++pos_;
    }
    void expect(Token::Kind k, const char* what) {
        const Token* t = peek();
        if (!t || t->kind != k) fail(col(), std::string("expected '") + what + "'");
        ++pos_;
    }
    const std::string& name(const char* what) {
        const Token* t = peek();
        if (!t || !is_name(*t))
            fail(col(),
                 std::string("expected ") + what + (t ? ", found '" + t->text + "'" : ", found the end of the line"));
        ++pos_;
        return t->text;
    }
    onto::RoleName role_name() { return o_.sig.roles.intern(name("a role name")); }
    void end() {
        if (pos_ != toks_.size()) fail(toks_[pos_].col, "unexpected '" + toks_[pos_].text + "'");
    }

    std::optional<Axiom> assertion() {
        Axiom a;
        a.line = line_no_;
        pos_ = 0;
        const std::string pred = name("an axiom, a declaration or an assertion such as A(a)");
        if (!peek() || peek()->kind != Token::LParen)
            fail(col(), "expected SubClassOf, EquivalentTo, DisjointWith, SubPropertyOf or an assertion such as A(a)");
        ++pos_;
        const std::string first = name("an individual name");
        if (peek() && peek()->kind == Token::Comma) {
            ++pos_;
            const std::string second = name("an individual name");
            expect(Token::RParen, ")");
            end();
            a.kind = AxiomKind::ObjectPropertyAssertion;
            a.roles = {o_.sig.roles.intern(pred)};
            a.individuals = {o_.sig.individuals.intern(first), o_.sig.individuals.intern(second)};
            return a;
        }
        expect(Token::RParen, ")");
        end();
        a.kind = AxiomKind::ClassAssertion;
        a.concepts = {o_.pool.named(o_.sig.concepts.intern(pred))};
        a.individuals = {o_.sig.individuals.intern(first)};
        return a;
    }

    ExprId expr() {
        std::vector<ExprId> ops{conj()};
        while (peek_word("or")) {
            ++pos_;
            ops.push_back(conj());
        }
        if (ops.size() == 1) return ops[0];
        ConceptExpr e;
        e.kind = ConceptKind::Or;
        e.args = std::move(ops);
        return o_.pool.make(std::move(e));
    }
    ExprId conj() {
        std::vector<ExprId> ops{unary()};
        while (peek_word("and")) {
            ++pos_;
            ops.push_back(unary());
        }
        return ops.size() == 1 ? ops[0] : o_.pool.conj(std::move(ops));
    }
    ExprId unary() {
        const NestingGuard guard(depth_);
        if (guard.too_deep())
            fail(col(), "class expression nested deeper than " + std::to_string(kMaxNesting) + " levels");
        if (peek_word("not")) {
            ++pos_;
            ConceptExpr e;
            e.kind = ConceptKind::Not;
            e.args = {unary()};
            return o_.pool.make(std::move(e));
        }
        return primary();
    }
    ExprId primary() {
        const Token* t = peek();
        if (!t) fail(col(), "expected a concept, found the end of the line");
        if (t->kind == Token::LParen) {
            ++pos_;
            const ExprId inner = expr();
            expect(Token::RParen, ")");
            return inner;
        }
        if (t->kind == Token::Word && (t->text == "Thing" || t->text == "owl:Thing")) {
            ++pos_;
            return o_.pool.top();
        }
        if (t->kind == Token::Word && (t->text == "Nothing" || t->text == "owl:Nothing")) {
            ++pos_;
            return o_.pool.bottom();
        }
        const std::string& n = name("a concept");
        const Token* next = peek();
        if (!next || next->kind != Token::Word) return o_.pool.named(o_.sig.concepts.intern(n));
        const std::string kw = next->text;
        if (kw == "some" || kw == "only") {
            ++pos_;
            const onto::RoleName r = o_.sig.roles.intern(n);
            const ExprId filler = unary();
            if (kw == "some") return o_.pool.exists(r, filler);
            ConceptExpr e;
            e.kind = ConceptKind::ForAll;
            e.name = r;
            e.args = {filler};
            return o_.pool.make(std::move(e));
        }
        if (kw == "value" || kw == "Self") {
            ++pos_;
            ConceptExpr e;
            e.name = o_.sig.roles.intern(n);
            if (kw == "Self") {
                e.kind = ConceptKind::HasSelf;
            } else {
                e.kind = ConceptKind::HasValue;
                e.individuals = {o_.sig.individuals.intern(name("an individual name"))};
            }
            return o_.pool.make(std::move(e));
        }
        if (kw == "min" || kw == "max" || kw == "exactly") {
            ++pos_;
            const Token* num = peek();
            std::uint32_t value = 0;
            if (!num || num->kind != Token::Word ||
                std::from_chars(num->text.data(), num->text.data() + num->text.size(), value).ec != std::errc())
                fail(col(), "expected a number after '" + kw + "'");
            ++pos_;
            ConceptExpr e;
            e.kind = kw == "min" ? ConceptKind::MinCard : kw == "max" ? ConceptKind::MaxCard : ConceptKind::ExactCard;
            e.name = o_.sig.roles.intern(n);
            e.number = value;
            const Token* f = peek();
            const bool has_filler =
                f && (f->kind == Token::LParen || f->kind == Token::Quoted || f->kind == Token::Iri ||
                      (f->kind == Token::Word &&
                       (!is_keyword(f->text) || f->text == "not" || f->text == "Thing" || f->text == "owl:Thing" ||
                        f->text == "Nothing" || f->text == "owl:Nothing")));
            e.args = {has_filler ? unary() : o_.pool.top()};
            return o_.pool.make(std::move(e));
        }
        return o_.pool.named(o_.sig.concepts.intern(n));
    }

    onto::Ontology& o_;
    const std::string& file_;
    std::size_t line_no_;
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    std::size_t depth_ = 0; ///< nesting of unary(), bounded by kMaxNesting
};

std::string name_text(std::string_view n) {
    bool bare =
        !n.empty() && n[0] != '#' && !is_keyword(n) && n != "Class:" && n != "ObjectProperty:" && n != "Individual:";
    for (char c : n)
        if (!word_char(c)) bare = false;
    if (bare) return std::string(n);
    if (n.find("://") != std::string_view::npos && n.find('>') == std::string_view::npos &&
        n.find(' ') == std::string_view::npos)
        return "<" + std::string(n) + ">";
    return "'" + std::string(n) + "'";
}

} // namespace

std::optional<onto::Axiom> parse_axiom_line(std::string_view line, onto::Ontology& onto, const std::string& file,
                                            std::size_t line_no) {
    Parser p(line, onto, file, line_no);
    return p.statement();
}

onto::Ontology read_axiom_text(std::string_view text, const std::string& file) {
    onto::Ontology o;
    std::size_t pos = 0, line_no = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        ++line_no;
        if (auto a = parse_axiom_line(text.substr(pos, end - pos), o, file, line_no)) o.axioms.push_back(std::move(*a));
        pos = end + 1;
    }
    return o;
}

onto::Ontology read_axiom_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open the file");
    std::ostringstream buf;
    buf << in.rdbuf();
    return read_axiom_text(buf.str(), path);
}

std::string concept_to_text(onto::ExprId id, const onto::Ontology& o) {
    const ConceptExpr& e = o.pool.get(id);
    auto operand = [&](ExprId a) {
        const ConceptKind k = o.pool.get(a).kind;
        const bool simple = k == ConceptKind::Named || k == ConceptKind::Top || k == ConceptKind::Bottom ||
                            k == ConceptKind::Exists || k == ConceptKind::ForAll;
        return simple ? concept_to_text(a, o) : "(" + concept_to_text(a, o) + ")";
    };
    auto role = [&](std::uint32_t r) { return name_text(o.sig.roles.name(r)); };
    switch (e.kind) {
    case ConceptKind::Top: return "owl:Thing";
    case ConceptKind::Bottom: return "owl:Nothing";
    case ConceptKind::Named: return name_text(o.sig.concepts.name(e.name));
    case ConceptKind::And:
    case ConceptKind::Or: {
        std::string s;
        for (std::size_t i = 0; i < e.args.size(); ++i) {
            if (i) s += e.kind == ConceptKind::And ? " and " : " or ";
            s += operand(e.args[i]);
        }
        return s;
    }
    case ConceptKind::Exists: return role(e.name) + " some " + operand(e.args[0]);
    case ConceptKind::ForAll: return role(e.name) + " only " + operand(e.args[0]);
    case ConceptKind::Not: return "not " + operand(e.args[0]);
    case ConceptKind::MinCard:
    case ConceptKind::MaxCard:
    case ConceptKind::ExactCard:
        return role(e.name) +
               (e.kind == ConceptKind::MinCard   ? " min "
                : e.kind == ConceptKind::MaxCard ? " max "
                                                 : " exactly ") +
               std::to_string(e.number) + " " + operand(e.args[0]);
    case ConceptKind::HasValue:
        return role(e.name) + " value " + name_text(o.sig.individuals.name(e.individuals.at(0)));
    case ConceptKind::HasSelf: return role(e.name) + " Self";
    case ConceptKind::OneOf: return "{…}";
    case ConceptKind::Other: return e.construct.empty() ? "?" : e.construct;
    }
    return "?";
}

std::string axiom_to_text(const onto::Axiom& a, const onto::Ontology& o) {
    auto c = [&](std::size_t i) { return concept_to_text(a.concepts.at(i), o); };
    auto role = [&](std::size_t i) { return name_text(o.sig.roles.name(a.roles.at(i))); };
    auto ind = [&](std::size_t i) { return name_text(o.sig.individuals.name(a.individuals.at(i))); };
    auto join = [&](const char* sep) {
        std::string s;
        for (std::size_t i = 0; i < a.concepts.size(); ++i)
            s += (i ? sep : "") + c(i);
        return s;
    };
    switch (a.kind) {
    case AxiomKind::SubClassOf: return c(0) + " SubClassOf " + c(1);
    case AxiomKind::EquivalentClasses: return join(" EquivalentTo ");
    case AxiomKind::DisjointClasses: return join(" DisjointWith ");
    case AxiomKind::SubObjectPropertyOf: {
        std::string s;
        for (std::size_t i = 0; i + 1 < a.roles.size(); ++i)
            s += (i ? " o " : "") + role(i);
        return s + " SubPropertyOf " + role(a.roles.size() - 1);
    }
    case AxiomKind::EquivalentObjectProperties: {
        std::string s;
        for (std::size_t i = 0; i < a.roles.size(); ++i)
            s += (i ? " EquivalentTo " : "") + role(i);
        return s;
    }
    case AxiomKind::TransitiveObjectProperty: return role(0) + " o " + role(0) + " SubPropertyOf " + role(0);
    case AxiomKind::ReflexiveObjectProperty: return "ReflexiveObjectProperty(" + role(0) + ")";
    case AxiomKind::ObjectPropertyDomain: return role(0) + " Domain " + c(0);
    case AxiomKind::ObjectPropertyRange: return role(0) + " Range " + c(0);
    case AxiomKind::ClassAssertion: {
        const bool named = o.pool.get(a.concepts.at(0)).kind == ConceptKind::Named;
        return (named ? c(0) : "(" + c(0) + ")") + "(" + ind(0) + ")";
    }
    case AxiomKind::ObjectPropertyAssertion: return role(0) + "(" + ind(0) + "," + ind(1) + ")";
    case AxiomKind::NotEL: return a.construct;
    }
    return "?";
}

} // namespace kbcx::count
