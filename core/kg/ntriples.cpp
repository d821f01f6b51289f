// N-Triples parsing (see ntriples.hpp): a hand-written scanner over the whole buffer that
// decodes escapes into reusable scratch strings only when a term contains a backslash.
#include "kg/ntriples.hpp"

#include "common/error.hpp"

#include <cctype>
#include <cstdint>

namespace kbcx::kg {

namespace {

class Parser {
  public:
    Parser(std::string_view text, const std::string& file, NtHandler& handler)
        : t_(text), file_(file), handler_(handler) {}

    std::size_t run() {
        if (t_.size() >= 3 && t_.substr(0, 3) == "\xEF\xBB\xBF") p_ = 3; // BOM
        NtTerm s, p, o;
        while (p_ < t_.size()) {
            line_start_ = p_;
            skip_ws();
            if (at_eol()) {
                next_line();
                continue;
            }
            if (t_[p_] == '#') {
                skip_to_eol();
                next_line();
                continue;
            }
            subject(s);
            skip_ws();
            predicate(p);
            skip_ws();
            object(o);
            skip_ws();
            if (p_ >= t_.size() || t_[p_] != '.') fail("expected '.' at the end of the triple");
            ++p_;
            skip_ws();
            if (p_ < t_.size() && t_[p_] == '#') skip_to_eol();
            if (!at_eol()) fail("unexpected text after the triple's '.'");
            handler_.triple(s, p, o);
            ++count_;
            next_line();
        }
        return count_;
    }

  private:
    [[noreturn]] void fail(const std::string& message) const {
        throw InputError(file_, line_, p_ - line_start_ + 1, message);
    }
    bool at_eol() const { return p_ >= t_.size() || t_[p_] == '\n' || t_[p_] == '\r'; }
    void skip_ws() {
        while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t'))
            ++p_;
    }
    void skip_to_eol() {
        while (p_ < t_.size() && t_[p_] != '\n' && t_[p_] != '\r') {
            if (t_[p_] == '\0') fail("NUL byte: this looks like a binary file, not N-Triples");
            ++p_;
        }
    }
    void next_line() {
        if (p_ < t_.size() && t_[p_] == '\r') ++p_;
        if (p_ < t_.size() && t_[p_] == '\n') ++p_;
        ++line_;
    }

    void subject(NtTerm& out) {
        if (p_ < t_.size() && t_[p_] == '<') return iri(out, scratch_[0]);
        if (p_ + 1 < t_.size() && t_[p_] == '_' && t_[p_ + 1] == ':') return blank(out);
        fail("expected a subject: <IRI> or _:label");
    }
    void predicate(NtTerm& out) {
        if (p_ < t_.size() && t_[p_] == '<') return iri(out, scratch_[1]);
        fail("expected a predicate: <IRI>");
    }
    void object(NtTerm& out) {
        if (p_ < t_.size() && t_[p_] == '<') return iri(out, scratch_[2]);
        if (p_ + 1 < t_.size() && t_[p_] == '_' && t_[p_ + 1] == ':') return blank(out);
        if (p_ < t_.size() && t_[p_] == '"') return literal(out);
        fail("expected an object: <IRI>, _:label or \"literal\"");
    }

    void iri(NtTerm& out, std::string& scratch) {
        out = NtTerm{};
        out.kind = NtTerm::Iri;
        const std::size_t begin = ++p_;
        bool escaped = false;
        while (true) {
            if (p_ >= t_.size() || t_[p_] == '\n' || t_[p_] == '\r') fail("unterminated IRI: missing '>'");
            const char c = t_[p_];
            if (c == '>') break;
            if (c == '\\') escaped = true;
            if (c == ' ' || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^' || c == '`' ||
                static_cast<unsigned char>(c) <= 0x20)
                fail(c == '\0' ? "NUL byte: this looks like a binary file, not N-Triples"
                               : std::string("character not allowed in an IRI: '") + c + "'");
            ++p_;
        }
        const std::string_view raw = t_.substr(begin, p_ - begin);
        ++p_; // '>'
        if (raw.empty()) fail("empty IRI <>");
        if (!escaped) {
            out.text = raw;
            return;
        }
        decode(raw, begin, false, scratch);
        out.text = scratch;
    }

    void blank(NtTerm& out) {
        out = NtTerm{};
        out.kind = NtTerm::Blank;
        const std::size_t begin = p_;
        p_ += 2;
        const std::size_t label = p_;
        while (p_ < t_.size()) {
            const unsigned char c = static_cast<unsigned char>(t_[p_]);
            if (c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                c == '-' || c == '.')
                ++p_;
            else
                break;
        }
        // A label does not end with '.': that dot ends the triple.
        while (p_ > label && t_[p_ - 1] == '.')
            --p_;
        if (p_ == label) fail("empty blank node label after _:");
        out.text = t_.substr(begin, p_ - begin);
    }

    void literal(NtTerm& out) {
        out = NtTerm{};
        out.kind = NtTerm::Literal;
        const std::size_t begin = ++p_;
        bool escaped = false;
        while (true) {
            if (p_ >= t_.size() || t_[p_] == '\n' || t_[p_] == '\r') fail("unterminated literal: missing '\"'");
            const char c = t_[p_];
            if (c == '"') break;
            if (c == '\0') fail("NUL byte: this looks like a binary file, not N-Triples");
            if (c == '\\') {
                escaped = true;
                ++p_;
                if (p_ >= t_.size() || t_[p_] == '\n') fail("unterminated escape in a literal");
            }
            ++p_;
        }
        const std::string_view raw = t_.substr(begin, p_ - begin);
        ++p_; // closing quote
        if (escaped) {
            decode(raw, begin, true, scratch_[3]);
            out.text = scratch_[3];
        } else {
            out.text = raw;
        }
        if (p_ + 1 < t_.size() && t_[p_] == '^' && t_[p_ + 1] == '^') {
            p_ += 2;
            if (p_ >= t_.size() || t_[p_] != '<') fail("expected a datatype <IRI> after ^^");
            NtTerm dt;
            iri(dt, scratch_[4]);
            out.datatype = dt.text;
        } else if (p_ < t_.size() && t_[p_] == '@') {
            const std::size_t lang = ++p_;
            while (p_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[p_])) || t_[p_] == '-'))
                ++p_;
            if (p_ == lang) fail("empty language tag after @");
            out.language = t_.substr(lang, p_ - lang);
        }
    }

    static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    void append_utf8(std::string& out, std::uint32_t cp, std::size_t at) {
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            p_ = at;
            fail("escape names no Unicode scalar value");
        }
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    /// Decodes the escapes of `raw` (which starts at offset `base` of the text) into `out`.
    void decode(std::string_view raw, std::size_t base, bool literal, std::string& out) {
        out.clear();
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const char c = raw[i];
            if (c != '\\') {
                out += c;
                continue;
            }
            const std::size_t at = base + i;
            if (i + 1 >= raw.size()) {
                p_ = at;
                fail("dangling backslash");
            }
            const char e = raw[++i];
            if (e == 'u' || e == 'U') {
                const std::size_t n = e == 'u' ? 4 : 8;
                if (i + n >= raw.size()) {
                    p_ = at;
                    fail("truncated \\u escape");
                }
                std::uint32_t cp = 0;
                for (std::size_t k = 1; k <= n; ++k) {
                    const int h = i + k < raw.size() ? hex(raw[i + k]) : -1;
                    if (h < 0) {
                        p_ = at;
                        fail("malformed \\u escape: expected hexadecimal digits");
                    }
                    cp = cp * 16 + static_cast<std::uint32_t>(h);
                }
                i += n;
                append_utf8(out, cp, at);
                continue;
            }
            if (!literal) {
                p_ = at;
                fail("only \\u and \\U escapes are allowed in an IRI");
            }
            switch (e) {
            case 't': out += '\t'; break;
            case 'b': out += '\b'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 'f': out += '\f'; break;
            case '"': out += '"'; break;
            case '\'': out += '\''; break;
            case '\\': out += '\\'; break;
            default: p_ = at; fail(std::string("unknown escape \\") + e);
            }
        }
    }

    std::string_view t_;
    const std::string& file_;
    NtHandler& handler_;
    std::size_t p_ = 0, line_start_ = 0, line_ = 1, count_ = 0;
    std::string scratch_[5];
};

} // namespace

std::size_t parse_ntriples(std::string_view text, const std::string& file, NtHandler& handler) {
    return Parser(text, file, handler).run();
}

} // namespace kbcx::kg
