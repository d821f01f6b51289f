// Hand-written tokenizer and recursive-descent parser for rule files. Every token keeps its
// line and column, so each error names the exact place; checks for safety and arity run per rule.
#include "rules/parser.hpp"

#include "common/error.hpp"
#include "kg/byte_source.hpp"
#include "kg/text_scan.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace kbcx::rules {

namespace {

enum class Tok { End, Iri, Var, Name, String, LBracket, RBracket, LParen, RParen, Comma, Dot, Implies, Neq, AtPrefix };

struct Token {
    Tok kind = Tok::End;
    std::string text; // IRI without brackets, variable without '?', name, string without quotes
    SourceLoc loc;
};

const char* tok_name(Tok k) {
    switch (k) {
    case Tok::End: return "end of file";
    case Tok::Iri: return "an IRI";
    case Tok::Var: return "a variable";
    case Tok::Name: return "a name";
    case Tok::String: return "a string";
    case Tok::LBracket: return "'['";
    case Tok::RBracket: return "']'";
    case Tok::LParen: return "'('";
    case Tok::RParen: return "')'";
    case Tok::Comma: return "','";
    case Tok::Dot: return "'.'";
    case Tok::Implies: return "':-'";
    case Tok::Neq: return "'!='";
    case Tok::AtPrefix: return "'@prefix'";
    }
    return "?";
}

bool name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' || c == '/' || c == '#' ||
           c == '%' || static_cast<unsigned char>(c) >= 0x80;
}

class Lexer {
  public:
    Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    [[noreturn]] void fail(SourceLoc loc, const std::string& message) const {
        throw InputError(file_, loc.line, loc.column, message);
    }

    SourceLoc loc_at(std::size_t pos) const {
        std::size_t line_end = text_.find('\n', line_start_);
        if (line_end == std::string_view::npos) line_end = text_.size();
        return {line_, kg::column_of(text_.substr(line_start_, line_end - line_start_), pos - line_start_)};
    }

    Token next() {
        skip_space();
        Token t;
        t.loc = loc_at(pos_);
        if (pos_ >= text_.size()) return t;
        const char c = text_[pos_];
        auto single = [&](Tok k) {
            ++pos_;
            t.kind = k;
            return t;
        };
        switch (c) {
        case '[': return single(Tok::LBracket);
        case ']': return single(Tok::RBracket);
        case '(': return single(Tok::LParen);
        case ')': return single(Tok::RParen);
        case ',': return single(Tok::Comma);
        default: break;
        }
        if (c == '.' && !(pos_ + 1 < text_.size() && name_char(text_[pos_ + 1]) && text_[pos_ + 1] != ':'))
            return single(Tok::Dot);
        if (c == ':' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '-') {
            pos_ += 2;
            t.kind = Tok::Implies;
            return t;
        }
        if (c == '<' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '-') {
            pos_ += 2;
            t.kind = Tok::Implies;
            return t;
        }
        if (c == '!' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '=') {
            pos_ += 2;
            t.kind = Tok::Neq;
            return t;
        }
        if (c == '<') {
            const std::size_t end = text_.find_first_of(">\n", pos_ + 1);
            if (end == std::string_view::npos || text_[end] != '>') fail(t.loc, "unterminated IRI: missing '>'");
            t.kind = Tok::Iri;
            t.text = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
            if (t.text.empty()) fail(t.loc, "empty IRI <>");
            pos_ = end + 1;
            return t;
        }
        if (c == '"') {
            const std::size_t end = text_.find_first_of("\"\n", pos_ + 1);
            if (end == std::string_view::npos || text_[end] != '"') fail(t.loc, "unterminated string: missing '\"'");
            t.kind = Tok::String;
            t.text = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
            pos_ = end + 1;
            return t;
        }
        if (c == '?' || c == '$') {
            std::size_t end = pos_ + 1;
            while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_' ||
                                          static_cast<unsigned char>(text_[end]) >= 0x80))
                ++end;
            if (end == pos_ + 1) fail(t.loc, "expected a variable name after '?'");
            t.kind = Tok::Var;
            t.text = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
            pos_ = end;
            return t;
        }
        if (c == '@') {
            std::size_t end = pos_ + 1;
            while (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end])))
                ++end;
            if (text_.substr(pos_, end - pos_) == "@prefix") {
                pos_ = end;
                t.kind = Tok::AtPrefix;
                return t;
            }
            fail(t.loc, "unexpected '" + std::string(text_.substr(pos_, end - pos_)) + "'");
        }
        if (name_char(c)) {
            std::size_t end = pos_;
            while (end < text_.size()) {
                const char d = text_[end];
                if (d == ':' && end + 1 < text_.size() && text_[end + 1] == '-') break; // ":-"
                if (name_char(d)) {
                    ++end;
                    continue;
                }
                // '.' inside a name when followed by a name character (ex:a.b), not at its end.
                if (d == '.' && end + 1 < text_.size() && name_char(text_[end + 1]) && text_[end + 1] != ':') {
                    ++end;
                    continue;
                }
                break;
            }
            t.kind = Tok::Name;
            t.text = std::string(text_.substr(pos_, end - pos_));
            pos_ = end;
            return t;
        }
        fail(t.loc, std::string("unexpected character '") + c + "'");
    }

  private:
    void skip_space() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\n') {
                ++line_;
                line_start_ = ++pos_;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                ++pos_;
            } else if (c == '#' || c == '%') {
                while (pos_ < text_.size() && text_[pos_] != '\n')
                    ++pos_;
            } else if (pos_ == 0 && text_.starts_with("\xEF\xBB\xBF")) {
                pos_ = 3;
                line_start_ = 3;
            } else {
                break;
            }
        }
    }

    std::string_view text_;
    const std::string& file_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    std::size_t line_start_ = 0;
};

class Parser {
  public:
    Parser(std::string_view text, const std::string& file, kg::PrefixMap prefixes)
        : lex_(text, file), file_(file), prefixes_(std::move(prefixes)) {
        advance();
    }

    RuleSet parse_file() {
        RuleSet set;
        set.file = file_;
        while (cur_.kind != Tok::End) {
            if (cur_.kind == Tok::AtPrefix) {
                advance();
                parse_prefix_body();
                expect(Tok::Dot, "after @prefix declaration");
                continue;
            }
            if (cur_.kind == Tok::Name && (cur_.text == "PREFIX" || cur_.text == "prefix")) {
                const Token save = cur_;
                advance();
                if (cur_.kind == Tok::Name && cur_.text.ends_with(':')) {
                    parse_prefix_body();
                    if (cur_.kind == Tok::Dot) advance();
                    continue;
                }
                // Not a declaration: a predicate called PREFIX.
                pending_ = cur_;
                cur_ = save;
                has_pending_ = true;
            }
            if (cur_.kind == Tok::Name && (cur_.text == "BASE" || cur_.text == "@base"))
                lex_.fail(cur_.loc, "BASE declarations are not supported");
            set.rules.push_back(parse_rule_statement());
        }
        check_arities(set.rules);
        set.prefixes = prefixes_;
        return set;
    }

    Atom parse_ground() {
        ground_ = true;
        Atom a = parse_atom();
        if (cur_.kind == Tok::Dot) advance();
        if (cur_.kind != Tok::End) fail_expected("end of the fact");
        for (const Term& t : a.args)
            if (t.is_var()) lex_.fail(t.loc, "a fact cannot contain variables");
        return a;
    }

    Rule parse_single() {
        Rule r = parse_rule_statement(/*dot_optional=*/true);
        if (cur_.kind != Tok::End) fail_expected("end of the rule");
        check_arities({r});
        return r;
    }

  private:
    void advance() {
        if (has_pending_) {
            cur_ = pending_;
            has_pending_ = false;
        } else {
            cur_ = lex_.next();
        }
    }

    [[noreturn]] void fail_expected(const std::string& what) {
        std::string found = tok_name(cur_.kind);
        if (cur_.kind == Tok::Name || cur_.kind == Tok::Var)
            found += " '" + (cur_.kind == Tok::Var ? "?" : std::string()) + cur_.text + "'";
        lex_.fail(cur_.loc, "expected " + what + ", found " + found);
    }

    void expect(Tok kind, const std::string& context) {
        if (cur_.kind != kind) fail_expected(std::string(tok_name(kind)) + " " + context);
        advance();
    }

    void parse_prefix_body() {
        if (cur_.kind != Tok::Name || !cur_.text.ends_with(':') || cur_.text.find(':') != cur_.text.size() - 1)
            fail_expected("a prefix name such as 'ub:'");
        std::string prefix = cur_.text.substr(0, cur_.text.size() - 1);
        advance();
        if (cur_.kind != Tok::Iri) fail_expected("the prefix IRI in <…>");
        prefixes_.add(prefix, cur_.text);
        advance();
    }

    /// Expands a name token: `p:local` through the prefixes; otherwise the name itself.
    std::string expand_name(const Token& t) {
        const auto colon = t.text.find(':');
        if (colon == std::string::npos) return t.text;
        if (auto full = prefixes_.expand(t.text)) return *full;
        lex_.fail(t.loc, "unknown prefix '" + t.text.substr(0, colon) + ":' (declare it with PREFIX " +
                             t.text.substr(0, colon) + ": <…>)");
    }

    Term parse_term(bool dlog) {
        const Token t = cur_;
        switch (t.kind) {
        case Tok::Var: advance(); return Term::var(t.text, t.loc);
        case Tok::Iri: advance(); return Term::constant(t.text, t.loc);
        case Tok::String: advance(); return Term::constant(t.text, t.loc);
        case Tok::Name: {
            advance();
            const bool has_colon = t.text.find(':') != std::string::npos;
            const unsigned char c0 = static_cast<unsigned char>(t.text[0]);
            if (!dlog && !ground_ && !has_colon && (std::islower(c0) || c0 == '_')) return Term::var(t.text, t.loc);
            return Term::constant(expand_name(t), t.loc);
        }
        default: fail_expected("a term (variable, IRI, name or string)");
        }
    }

    std::string parse_predicate() {
        const Token t = cur_;
        if (t.kind == Tok::Iri) {
            advance();
            return t.text;
        }
        if (t.kind == Tok::Name) {
            advance();
            return expand_name(t);
        }
        if (t.kind == Tok::Var) lex_.fail(t.loc, "variable predicates are not supported");
        fail_expected("a predicate name");
    }

    // '[' s ',' p ',' o ']'
    Atom parse_dlog_atom() {
        Atom a;
        a.loc = cur_.loc;
        advance();
        Term s = parse_term(true);
        expect(Tok::Comma, "between the terms of a triple atom");
        const Token p = cur_;
        std::string pred;
        if (p.kind == Tok::Name && p.text == "a") {
            advance();
            pred = std::string(kg::kRdfType);
        } else {
            pred = parse_predicate();
        }
        expect(Tok::Comma, "between the terms of a triple atom");
        Term o = parse_term(true);
        if (cur_.kind != Tok::RBracket) fail_expected("']' closing the triple atom");
        advance();
        if (pred == kg::kRdfType) {
            if (o.is_var())
                lex_.fail(o.loc, "a variable class in an rdf:type atom is not supported; write a constant class");
            a.predicate = o.name;
            a.loc = o.loc;
            a.args.push_back(std::move(s));
        } else {
            a.predicate = std::move(pred);
            a.loc = p.loc;
            a.args.push_back(std::move(s));
            a.args.push_back(std::move(o));
        }
        return a;
    }

    // name '(' term (',' term)* ')'
    Atom parse_plain_atom() {
        Atom a;
        a.loc = cur_.loc;
        a.predicate = parse_predicate();
        if (cur_.kind != Tok::LParen) fail_expected("'(' after the predicate");
        advance();
        a.args.push_back(parse_term(false));
        while (cur_.kind == Tok::Comma) {
            advance();
            a.args.push_back(parse_term(false));
        }
        if (cur_.kind != Tok::RParen) fail_expected("',' or ')' in the argument list");
        advance();
        if (a.args.size() > 2)
            lex_.fail(a.loc, "arity mismatch: '" + a.predicate + "' has " + std::to_string(a.args.size()) +
                                 " arguments; only unary (type) and binary (relation) atoms exist in a KG");
        if (a.predicate == kg::kRdfType && a.args.size() == 2) {
            if (a.args[1].is_var()) lex_.fail(a.args[1].loc, "a variable class in an rdf:type atom is not supported");
            Atom u;
            u.predicate = a.args[1].name;
            u.loc = a.args[1].loc;
            u.args.push_back(a.args[0]);
            return u;
        }
        return a;
    }

    Atom parse_atom() {
        if (cur_.kind == Tok::LBracket) return parse_dlog_atom();
        return parse_plain_atom();
    }

    bool at_filter() const { return cur_.kind == Tok::Name && (cur_.text == "FILTER" || cur_.text == "filter"); }

    void parse_literal(Rule& r) {
        if (at_filter()) {
            advance();
            expect(Tok::LParen, "after FILTER");
            Inequality q;
            q.loc = cur_.loc;
            q.lhs = parse_term(true);
            if (cur_.kind != Tok::Neq) fail_expected("'!=' (the only supported FILTER is an inequality)");
            advance();
            q.rhs = parse_term(true);
            expect(Tok::RParen, "closing FILTER");
            r.inequalities.push_back(std::move(q));
            return;
        }
        // A term followed by '!=' is an inequality; otherwise an atom.
        if (cur_.kind == Tok::Var || cur_.kind == Tok::Name || cur_.kind == Tok::Iri || cur_.kind == Tok::String) {
            if (cur_.kind == Tok::Var || cur_.kind == Tok::String) {
                Inequality q;
                q.loc = cur_.loc;
                q.lhs = parse_term(false);
                if (cur_.kind != Tok::Neq) fail_expected("'!=' after a term in a rule body");
                advance();
                q.rhs = parse_term(false);
                r.inequalities.push_back(std::move(q));
                return;
            }
            // Name or IRI: could be `x != y` or `P(...)`. Look at what follows.
            const Token first = cur_;
            advance();
            if (cur_.kind == Tok::Neq) {
                advance();
                Inequality q;
                q.loc = first.loc;
                const Token save_cur = cur_;
                // Re-interpret `first` as a term.
                if (first.kind == Tok::Iri)
                    q.lhs = Term::constant(first.text, first.loc);
                else {
                    const unsigned char c0 = static_cast<unsigned char>(first.text[0]);
                    const bool var = first.text.find(':') == std::string::npos && (std::islower(c0) || c0 == '_');
                    q.lhs = var ? Term::var(first.text, first.loc) : Term::constant(expand_name(first), first.loc);
                }
                (void)save_cur;
                q.rhs = parse_term(false);
                r.inequalities.push_back(std::move(q));
                return;
            }
            // Push back: `first` is the predicate of a plain atom.
            pending_ = cur_;
            has_pending_ = true;
            cur_ = first;
        }
        r.body.push_back(parse_atom());
    }

    Rule parse_rule_statement(bool dot_optional = false) {
        Rule r;
        r.loc = cur_.loc;
        if (cur_.kind != Tok::LBracket && cur_.kind != Tok::Name && cur_.kind != Tok::Iri) fail_expected("a rule head");
        r.head = parse_atom();
        if (cur_.kind == Tok::Implies) {
            advance();
            parse_literal(r);
            while (cur_.kind == Tok::Comma) {
                advance();
                parse_literal(r);
            }
        }
        if (cur_.kind == Tok::Dot)
            advance();
        else if (!(dot_optional && cur_.kind == Tok::End))
            fail_expected(r.body.empty() ? "':-' or '.' after the head" : "',' or '.' after a body literal");
        check_safety(r);
        return r;
    }

    void check_safety(const Rule& r) {
        std::set<std::string> bound;
        for (const Atom& a : r.body)
            for (const Term& t : a.args)
                if (t.is_var()) bound.insert(t.name);
        for (const Term& t : r.head.args)
            if (t.is_var() && !bound.count(t.name))
                lex_.fail(t.loc, "unsafe rule: head variable ?" + t.name + " does not occur in a body atom");
        for (const Inequality& q : r.inequalities)
            for (const Term* t : {&q.lhs, &q.rhs})
                if (t->is_var() && !bound.count(t->name))
                    lex_.fail(t->loc,
                              "unsafe rule: variable ?" + t->name + " of an inequality does not occur in a body atom");
    }

    void check_arities(const std::vector<Rule>& rules) {
        for (const Rule& r : rules) {
            auto check = [&](const Atom& a) {
                auto [it, inserted] = arity_.emplace(a.predicate, std::make_pair(a.args.size(), a.loc));
                if (!inserted && it->second.first != a.args.size())
                    lex_.fail(a.loc, "arity mismatch: '" + a.predicate + "' is used with " +
                                         std::to_string(a.args.size()) + " argument(s) here but with " +
                                         std::to_string(it->second.first) + " at line " +
                                         std::to_string(it->second.second.line) + ", column " +
                                         std::to_string(it->second.second.column));
            };
            for (const Atom& a : r.body)
                check(a);
            check(r.head);
        }
    }

    Lexer lex_;
    const std::string& file_;
    kg::PrefixMap prefixes_;
    Token cur_;
    Token pending_;
    bool has_pending_ = false;
    bool ground_ = false;
    std::map<std::string, std::pair<std::size_t, SourceLoc>> arity_;
};

} // namespace

Atom parse_ground_atom(std::string_view text, const kg::PrefixMap& context, const std::string& file) {
    Parser p(text, file, context);
    return p.parse_ground();
}

RuleSet parse_rules(std::string_view text, const std::string& file) {
    Parser p(text, file, kg::PrefixMap());
    return p.parse_file();
}

RuleSet load_rules(const std::string& path) {
    auto src = kg::open_file_source(path);
    std::string text;
    char buf[1 << 16];
    while (const std::size_t n = src->read(buf, sizeof buf))
        text.append(buf, n);
    kg::check_text(text, path);
    return parse_rules(text, path);
}

Rule parse_rule(std::string_view text, const kg::PrefixMap& context, const std::string& file) {
    Parser p(text, file, context);
    return p.parse_single();
}

} // namespace kbcx::rules
