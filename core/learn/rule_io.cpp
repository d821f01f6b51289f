// Reading and writing learnt rule sets: a small hand-written scanner for AnyBURL/RuleN lines,
// the rules engine's parser for the project's syntaxes, and the matching writers.
#include "learn/rule_io.hpp"

#include "common/error.hpp"
#include "kg/byte_source.hpp"
#include "rules/parser.hpp"

#include <charconv>
#include <cmath>
#include <map>
#include <ostream>
#include <sstream>

namespace kbcx::learn {

namespace {

bool is_anyburl_var(std::string_view t) {
    if (t.empty() || t[0] < 'A' || t[0] > 'Z') return false;
    for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i] < '0' || t[i] > '9') return false;
    return true;
}

struct Scanner {
    std::string_view s;
    std::size_t pos = 0;
    const std::string& file;
    std::size_t line;

    [[noreturn]] void fail(const std::string& msg) const { throw InputError(file, line, pos + 1, msg); }
    void skip_ws() {
        while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t'))
            ++pos;
    }
    bool at_end() {
        skip_ws();
        return pos >= s.size();
    }
    std::string_view field() { // up to the next tab
        const std::size_t start = pos;
        const std::size_t tab = s.find('\t', pos);
        if (tab == std::string_view::npos) fail("expected predicted<TAB>support<TAB>confidence<TAB>rule");
        pos = tab + 1;
        return s.substr(start, tab - start);
    }
    rules::Term term(char stop) {
        skip_ws();
        const std::size_t start = pos;
        while (pos < s.size() && s[pos] != stop && s[pos] != ')' && s[pos] != ',')
            ++pos;
        std::string_view t = s.substr(start, pos - start);
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t'))
            t.remove_suffix(1);
        if (t.empty()) {
            pos = start;
            fail("expected a term");
        }
        const rules::SourceLoc loc{line, start + 1};
        return is_anyburl_var(t) ? rules::Term::var(std::string(t), loc) : rules::Term::constant(std::string(t), loc);
    }
    rules::Atom atom() {
        skip_ws();
        rules::Atom a;
        a.loc = {line, pos + 1};
        const std::size_t open = s.find('(', pos);
        if (open == std::string_view::npos || open == pos) fail("expected an atom rel(T1,T2)");
        std::string_view pred = s.substr(pos, open - pos);
        while (!pred.empty() && pred.back() == ' ')
            pred.remove_suffix(1);
        if (pred.find_first_of(" \t,)") != std::string_view::npos) fail("expected an atom rel(T1,T2)");
        a.predicate = std::string(pred);
        pos = open + 1;
        a.args.push_back(term(','));
        if (pos >= s.size() || s[pos] != ',') fail("expected ',' and a second argument (AnyBURL atoms are binary)");
        ++pos;
        a.args.push_back(term(')'));
        if (pos >= s.size() || s[pos] != ')') fail("expected ')'");
        ++pos;
        return a;
    }
};

std::uint64_t parse_count_field(std::string_view f, const Scanner& sc, std::size_t col, const char* what) {
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
    if (f.empty() || ec != std::errc() || p != f.data() + f.size())
        throw InputError(sc.file, sc.line, col,
                         std::string("expected a count (") + what + "), got '" + std::string(f) + "'");
    return v;
}

double parse_conf_field(std::string_view f, const Scanner& sc, std::size_t col) {
    double v = 0;
    const auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
    if (f.empty() || ec != std::errc() || p != f.data() + f.size() || !std::isfinite(v) || v < 0 || v > 1)
        throw InputError(sc.file, sc.line, col, "expected a confidence in [0,1], got '" + std::string(f) + "'");
    return v;
}

bool looks_anyburl(std::string_view line) {
    // three tab-separated leading fields that start with a digit
    std::size_t pos = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t tab = line.find('\t', pos);
        if (tab == std::string_view::npos || tab == pos) return false;
        const char c = line[pos];
        if (!(c >= '0' && c <= '9') && c != '.' && c != '-') return false;
        pos = tab + 1;
    }
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Renames variables: head X, Y; the others A, B, … in first-occurrence order.
rules::Rule anyburl_names(const rules::Rule& r) {
    std::map<std::string, std::string> ren;
    std::size_t next = 0;
    static const char* letters = "ABCDEFGHIJKLMNOPQRSTUVWZ";
    const bool cyclic = r.head.args.size() == 2 && r.head.args[0].is_var() && r.head.args[1].is_var();
    if (r.head.args[0].is_var()) ren[r.head.args[0].name] = r.head.args.size() == 2 && !cyclic ? "X" : "X";
    if (r.head.args.size() == 2 && r.head.args[1].is_var() && !ren.count(r.head.args[1].name))
        ren[r.head.args[1].name] = r.head.args[0].is_var() ? "Y" : "Y";
    auto map_term = [&](rules::Term t) {
        if (!t.is_var()) return t;
        auto it = ren.find(t.name);
        if (it == ren.end()) {
            std::string n(1, letters[next % 24]);
            if (next >= 24) n += std::to_string(next / 24);
            ++next;
            it = ren.emplace(t.name, n).first;
        }
        t.name = it->second;
        return t;
    };
    rules::Rule out = r;
    for (auto& a : out.body)
        for (auto& t : a.args)
            t = map_term(t);
    for (auto& t : out.head.args)
        t = map_term(t);
    return out;
}

std::string atom_text(const rules::Atom& a) {
    std::string s = a.predicate + "(";
    for (std::size_t i = 0; i < a.args.size(); ++i)
        s += (i ? "," : "") + a.args[i].name;
    return s + ")";
}

} // namespace

std::string format_double(double x) {
    char buf[64];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, x);
    return ec == std::errc() ? std::string(buf, p) : std::to_string(x);
}

rules::RuleSet LearntRuleSet::rule_set() const {
    rules::RuleSet rs;
    rs.file = file;
    rs.prefixes = prefixes;
    for (const auto& r : rules)
        rs.rules.push_back(r.rule);
    return rs;
}

LearntRule parse_anyburl_line(std::string_view line, const std::string& file, std::size_t lineno) {
    Scanner sc{line, 0, file, lineno};
    LearntRule out;
    out.has_stats = true;
    std::size_t col = sc.pos + 1;
    out.predicted = parse_count_field(sc.field(), sc, col, "predicted");
    col = sc.pos + 1;
    out.support = parse_count_field(sc.field(), sc, col, "support");
    col = sc.pos + 1;
    out.confidence = parse_conf_field(sc.field(), sc, col);
    if (out.support > out.predicted) throw InputError(file, lineno, 1, "support exceeds the number of predictions");
    out.rule.loc = {lineno, sc.pos + 1};
    out.rule.head = sc.atom();
    sc.skip_ws();
    if (sc.s.substr(sc.pos, 2) != "<=") sc.fail("expected '<=' after the head");
    sc.pos += 2;
    if (sc.at_end()) return out; // empty body: the caller decides
    for (;;) {
        out.rule.body.push_back(sc.atom());
        if (sc.at_end()) break;
        if (sc.s[sc.pos] != ',') sc.fail("expected ',' between body atoms");
        ++sc.pos;
    }
    // Safety: every head variable occurs in the body.
    for (const auto& t : out.rule.head.args) {
        if (!t.is_var()) continue;
        bool found = false;
        for (const auto& a : out.rule.body)
            for (const auto& u : a.args)
                found = found || u == t;
        if (!found)
            throw InputError(file, lineno, t.loc.column, "head variable " + t.name + " does not occur in the body");
    }
    return out;
}

LearntRuleSet parse_rule_set(std::string_view text, const std::string& file, bool zero_rules) {
    LearntRuleSet out;
    out.file = file;
    // Decide the format from the first rule line.
    bool anyburl = false;
    {
        std::size_t pos = 0;
        while (pos < text.size()) {
            const std::size_t nl = std::min(text.find('\n', pos), text.size());
            const std::string_view l = trim(text.substr(pos, nl - pos));
            pos = nl + 1;
            if (l.empty() || l[0] == '#' || l[0] == '%') continue;
            anyburl = looks_anyburl(l);
            break;
        }
    }
    if (anyburl) {
        out.format = "anyburl";
        std::size_t pos = 0, lineno = 0;
        while (pos < text.size()) {
            const std::size_t nl = std::min(text.find('\n', pos), text.size());
            std::string_view l = text.substr(pos, nl - pos);
            pos = nl + 1;
            ++lineno;
            if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
            const std::string_view t = trim(l);
            if (t.empty() || t[0] == '#' || t[0] == '%') continue;
            LearntRule r = parse_anyburl_line(l, file, lineno);
            if (r.rule.body.empty() && !zero_rules) {
                out.notes.push_back(file + ":" + std::to_string(lineno) + ": rule with an empty body skipped");
                continue;
            }
            out.rules.push_back(std::move(r));
        }
        return out;
    }
    out.format = "plain";
    rules::RuleSet rs = rules::parse_rules(text, file);
    out.prefixes = rs.prefixes;
    // Line starts, to find the stats comment of a rule's line.
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') starts.push_back(i + 1);
    for (auto& r : rs.rules) {
        LearntRule lr;
        const std::size_t ln = r.loc.line;
        if (ln >= 1 && ln <= starts.size()) {
            const std::size_t b = starts[ln - 1];
            const std::size_t e = ln < starts.size() ? starts[ln] : text.size();
            const std::string_view l = text.substr(b, e - b);
            const std::size_t c = l.find("# predicted ");
            if (c != std::string_view::npos) {
                std::istringstream in{std::string(l.substr(c + 2))};
                std::string k1, k2, k3;
                std::uint64_t p = 0, s = 0;
                double conf = 0;
                if (in >> k1 >> p >> k2 >> s >> k3 >> conf && k2 == "support" && k3 == "confidence") {
                    lr.predicted = p;
                    lr.support = s;
                    lr.confidence = conf;
                    lr.has_stats = true;
                }
            }
        }
        lr.rule = std::move(r);
        out.rules.push_back(std::move(lr));
    }
    return out;
}

LearntRuleSet load_rule_set(const std::string& path, bool zero_rules) {
    return parse_rule_set(kg::read_file_text(path), path, zero_rules);
}

std::string anyburl_text(const rules::Rule& rule) {
    const rules::Rule r = anyburl_names(rule);
    std::string s = atom_text(r.head) + " <= ";
    for (std::size_t i = 0; i < r.body.size(); ++i)
        s += (i ? ", " : "") + atom_text(r.body[i]);
    return s;
}

void write_anyburl(std::ostream& out, const std::vector<LearntRule>& rules) {
    for (const auto& r : rules)
        out << r.predicted << '\t' << r.support << '\t' << format_double(r.confidence) << '\t' << anyburl_text(r.rule)
            << '\n';
}

void write_plain(std::ostream& out, const std::vector<LearntRule>& rules, const kg::PrefixMap& prefixes) {
    for (const auto& r : rules)
        out << rules::to_string(r.rule, prefixes) << "  # predicted " << r.predicted << " support " << r.support
            << " confidence " << format_double(r.confidence) << '\n';
}

} // namespace kbcx::learn
