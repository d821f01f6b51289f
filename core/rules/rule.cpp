// Printing rules in the plain syntax and listing their variables; the printer's output parses
// back to the same rule (names that are not plain identifiers are written in angle brackets).
#include "rules/rule.hpp"

#include <algorithm>
#include <cctype>

namespace kbcx::rules {

std::vector<std::string> Rule::variables() const {
    std::vector<std::string> out;
    auto add = [&](const Term& t) {
        if (t.is_var() && std::find(out.begin(), out.end(), t.name) == out.end()) out.push_back(t.name);
    };
    for (const Atom& a : body)
        for (const Term& t : a.args)
            add(t);
    for (const Term& t : head.args)
        add(t);
    return out;
}

namespace {

bool plain_identifier(const std::string& s) {
    if (s.empty()) return false;
    if (!(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; });
}

std::string term_to_string(const Term& t, const kg::PrefixMap& prefixes) {
    if (t.is_var())
        return plain_identifier(t.name) && std::islower(static_cast<unsigned char>(t.name[0])) ? t.name : "?" + t.name;
    // Constants: a bare identifier would read back as a variable when lower-case.
    std::string n = name_to_string(t.name, prefixes);
    if (!n.empty() && std::islower(static_cast<unsigned char>(n[0])) && plain_identifier(n)) return "<" + t.name + ">";
    return n;
}

} // namespace

std::string name_to_string(const std::string& name, const kg::PrefixMap& prefixes) {
    const std::string compact = prefixes.compact(name);
    if (compact != name) {
        const auto colon = compact.find(':');
        const std::string local = compact.substr(colon + 1);
        const bool ok = !local.empty() && std::all_of(local.begin(), local.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        });
        if (ok) return compact;
    }
    if (plain_identifier(name)) return name;
    return "<" + name + ">";
}

std::string to_string(const Atom& atom, const kg::PrefixMap& prefixes) {
    std::string out = name_to_string(atom.predicate, prefixes);
    out += '(';
    for (std::size_t i = 0; i < atom.args.size(); ++i) {
        if (i) out += ',';
        out += term_to_string(atom.args[i], prefixes);
    }
    out += ')';
    return out;
}

std::string to_string(const Rule& rule, const kg::PrefixMap& prefixes) {
    std::string out = to_string(rule.head, prefixes);
    if (!rule.body.empty() || !rule.inequalities.empty()) out += " :- ";
    bool first = true;
    for (const Atom& a : rule.body) {
        if (!first) out += ", ";
        first = false;
        out += to_string(a, prefixes);
    }
    for (const Inequality& q : rule.inequalities) {
        if (!first) out += ", ";
        first = false;
        out += term_to_string(q.lhs, prefixes) + " != " + term_to_string(q.rhs, prefixes);
    }
    out += '.';
    return out;
}

} // namespace kbcx::rules
