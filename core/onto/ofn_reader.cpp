// OWL 2 functional-syntax reader: a hand-written lexer and a parser with an explicit stack that
// builds one structural tree per axiom and hands it to AxiomBuilder. Also parses single axioms.
#include "onto/axiom_tree.hpp"
#include "onto/ofn_parser.hpp"
#include "onto/readers.hpp"

#include "common/error.hpp"
#include "common/nesting.hpp"

#include <cctype>

namespace kbcx::onto {

OfnParser::OfnParser(std::string_view text, std::string file, Ontology& onto)
    : text_(text), file_(std::move(file)), onto_(onto) {
    prefixes_["owl"] = kOwlNs;
    prefixes_["rdf"] = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    prefixes_["rdfs"] = "http://www.w3.org/2000/01/rdf-schema#";
    prefixes_["xsd"] = "http://www.w3.org/2001/XMLSchema#";
    for (const auto& [p, iri] : onto.sig.prefixes.entries())
        prefixes_[p] = iri;
}

void OfnParser::fail(const std::string& message) const {
    throw InputError(file_, line_, column(), message);
}

std::uint32_t OfnParser::column() const {
    return static_cast<std::uint32_t>(pos_ - line_start_ + 1);
}

void OfnParser::skip_space() {
    while (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == '\n') {
            ++pos_;
            ++line_;
            line_start_ = pos_;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            ++pos_;
        } else if (c == '#') {
            while (pos_ < text_.size() && text_[pos_] != '\n')
                ++pos_;
        } else {
            break;
        }
    }
}

bool OfnParser::at_end() {
    skip_space();
    return pos_ >= text_.size();
}

char OfnParser::peek() {
    skip_space();
    return pos_ < text_.size() ? text_[pos_] : '\0';
}

void OfnParser::expect(char c) {
    if (peek() != c) {
        if (pos_ >= text_.size()) fail(std::string("unexpected end of input, expected '") + c + "'");
        fail(std::string("expected '") + c + "', found '" + text_[pos_] + "'");
    }
    ++pos_;
}

static bool name_char(char c) {
    return !(c == '(' || c == ')' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '<' ||
             c == '>' || c == '=' || c == '#' || c == '^' || c == '@' || c == ',');
}

std::string_view OfnParser::word() {
    skip_space();
    const std::size_t b = pos_;
    while (pos_ < text_.size() && name_char(text_[pos_]))
        ++pos_;
    return text_.substr(b, pos_ - b);
}

std::string OfnParser::expand(std::string_view pname) {
    const std::size_t colon = pname.find(':');
    if (colon == std::string_view::npos) fail("expected an IRI or prefixed name, found '" + std::string(pname) + "'");
    auto it = prefixes_.find(std::string(pname.substr(0, colon)));
    if (it == prefixes_.end())
        fail("unknown prefix '" + std::string(pname.substr(0, colon)) + ":' in '" + std::string(pname) + "'");
    std::string out = it->second;
    out.append(pname.substr(colon + 1));
    return out;
}

std::string OfnParser::full_iri() {
    expect('<');
    const std::size_t b = pos_;
    while (pos_ < text_.size() && text_[pos_] != '>' && text_[pos_] != '\n')
        ++pos_;
    if (pos_ >= text_.size() || text_[pos_] != '>') fail("unterminated IRI");
    std::string iri(text_.substr(b, pos_ - b));
    ++pos_;
    return iri;
}

SNode OfnParser::node() {
    // An explicit stack of the elements whose ')' is still to come, not recursion: input of any
    // depth costs heap, not call stack. Depth stays capped (kMaxNesting) because the stages after
    // the parser (AxiomBuilder, normaliser, writer, reasoner) walk the tree recursively.
    std::vector<SNode> open;
    for (;;) {
        skip_space();
        if (open.size() >= kMaxNesting)
            fail("expression nested deeper than " + std::to_string(kMaxNesting) + " levels");
        bool opened = false;
        SNode n = token(opened);
        if (opened) {
            open.push_back(std::move(n));
        } else {
            if (open.empty()) return n;
            open.back().kids.push_back(std::move(n));
        }
        while (!open.empty()) {
            if (peek() != ')') {
                if (pos_ >= text_.size()) fail("unexpected end of input inside " + open.back().tag + "(…)");
                break;
            }
            ++pos_;
            SNode done = std::move(open.back());
            open.pop_back();
            if (open.empty()) return done;
            open.back().kids.push_back(std::move(done));
        }
    }
}

SNode OfnParser::token(bool& opened) {
    opened = false;
    SNode n;
    n.line = line_;
    n.column = column();
    if (pos_ >= text_.size()) fail("unexpected end of input");
    const char c = text_[pos_];
    if (c == '<') {
        n.kind = SNode::Kind::Iri;
        n.text = full_iri();
        return n;
    }
    if (c == '"') {
        n.kind = SNode::Kind::Literal;
        ++pos_;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
            if (text_[pos_] == '\n') {
                ++line_;
                line_start_ = pos_ + 1;
            }
            n.text.push_back(text_[pos_++]);
        }
        if (pos_ >= text_.size()) fail("unterminated string literal");
        ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '@') {
            ++pos_;
            n.lang = std::string(word());
        } else if (pos_ + 1 < text_.size() && text_[pos_] == '^' && text_[pos_ + 1] == '^') {
            pos_ += 2;
            if (peek() == '<')
                (void)full_iri();
            else
                (void)word();
        }
        return n;
    }
    if (c == ')' || c == '(') fail(std::string("unexpected '") + c + "'");
    const std::string_view w = word();
    if (w.empty()) fail(std::string("unexpected character '") + c + "'");
    if (w.find(':') == std::string_view::npos && peek() == '(') {
        n.kind = SNode::Kind::Element;
        n.tag = std::string(w);
        expect('(');
        opened = true;
        return n;
    }
    if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find(':') == std::string_view::npos) {
        n.kind = SNode::Kind::Number;
        n.text = std::string(w);
        return n;
    }
    if (w.starts_with("_:")) {
        n.kind = SNode::Kind::Blank;
        n.text = std::string(w);
        return n;
    }
    n.kind = SNode::Kind::Iri;
    n.text = expand(w);
    return n;
}

void OfnParser::prefix_decl() {
    expect('(');
    skip_space();
    const std::size_t b = pos_;
    while (pos_ < text_.size() && text_[pos_] != '=' && text_[pos_] != ')')
        ++pos_;
    std::string name(text_.substr(b, pos_ - b));
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
        name.pop_back();
    if (name.empty() || name.back() != ':') fail("expected 'prefix:' in Prefix declaration");
    name.pop_back();
    expect('=');
    std::string iri = full_iri();
    expect(')');
    prefixes_[name] = iri;
    onto_.sig.prefixes.add(name, iri);
}

void OfnParser::document(jobs::JobContext* ctx) {
    AxiomBuilder builder(onto_, file_);
    bool seen_ontology = false;
    while (!at_end()) {
        const std::size_t wl = line_;
        const std::uint32_t wc = column();
        const std::string_view w = word();
        if (w == "Prefix") {
            prefix_decl();
        } else if (w == "Ontology" && !seen_ontology) {
            seen_ontology = true;
            expect('(');
            if (peek() == '<') onto_.iri = full_iri();
            if (peek() == '<') (void)full_iri(); // version IRI
            std::size_t count = 0;
            while (peek() != ')') {
                if (pos_ >= text_.size()) fail("unexpected end of input: Ontology( is not closed");
                SNode ax = node();
                if (ax.kind != SNode::Kind::Element) {
                    line_ = ax.line;
                    fail("expected an axiom, found '" + ax.text + "'");
                }
                builder.add(ax);
                if (ctx && (++count & 1023) == 0) {
                    ctx->report(pos_, text_.size(), "Reading " + file_);
                    ctx->throw_if_stopped();
                }
            }
            ++pos_;
        } else {
            throw InputError(file_, wl, wc,
                             w.empty() ? "unexpected character"
                                       : "expected Prefix( or Ontology(, found '" + std::string(w) + "'");
        }
    }
    if (!seen_ontology) fail("no Ontology( … ) in this file");
    builder.finish();
}

void read_functional(std::string_view text, const std::string& file, Ontology& onto) {
    OfnParser p(text, file, onto);
    p.document(nullptr);
}

} // namespace kbcx::onto
