// Compiling rules against a KG's vocabulary: name resolution with prefix remapping, the
// extension of the signature by rule-only names, and arity checks against the data.
#include "rules/program.hpp"

#include "common/error.hpp"
#include "rules/parser.hpp"

#include <algorithm>
#include <cctype>

namespace kbcx::rules {

std::pair<std::string, std::string> parse_map_prefix(const std::string& spec) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
        throw InputError("--map-prefix", "expected FROM=TO (two IRI prefixes), got '" + spec + "'");
    auto strip = [](std::string s) {
        if (s.size() >= 2 && s.front() == '<' && s.back() == '>') s = s.substr(1, s.size() - 2);
        return s;
    };
    return {strip(spec.substr(0, eq)), strip(spec.substr(eq + 1))};
}

Program::Program(std::shared_ptr<const kg::KnowledgeGraph> graph, RuleSet rules, MatchOptions match)
    : graph_(std::move(graph)), rules_(std::move(rules)), match_(std::move(match)) {
    for (const auto& [p, iri] : graph_->vocab.prefixes().entries())
        display_prefixes_.add(p, iri);
    for (const auto& [p, iri] : rules_.prefixes.entries())
        display_prefixes_.add(p, iri);
    compiled_.reserve(rules_.rules.size());
    for (const Rule& r : rules_.rules)
        compiled_.push_back(compile(r));
    if (match_.names == NameStyle::Label) {
        for (int ns = 0; ns < 3; ++ns) {
            const auto space = static_cast<kg::Namespace>(ns);
            std::unordered_map<std::string_view, kg::Id> first;
            for (kg::Id id = 0; id < graph_->vocab.names(space).size(); ++id) {
                const auto label = graph_->vocab.label(space, id);
                if (!label) continue;
                auto [it, fresh] = first.emplace(*label, id);
                if (!fresh) {
                    shared_label_[ns].insert(it->second);
                    shared_label_[ns].insert(id);
                }
            }
        }
    }
}

std::size_t Program::add_rule(Rule rule) {
    compiled_.push_back(compile(rule));
    rules_.rules.push_back(std::move(rule));
    return compiled_.size() - 1;
}

kg::Id Program::lookup_data(kg::Namespace ns, const std::string& name) const {
    const kg::Interner& names = graph_->vocab.names(ns);
    kg::Id id = names.find(name);
    if (id != kg::kNoId) return id;
    for (const auto& [from, to] : match_.map_prefix) {
        if (name.starts_with(to)) {
            id = names.find(from + name.substr(to.size()));
            if (id != kg::kNoId) return id;
        }
    }
    return kg::kNoId;
}

kg::Id Program::find(kg::Namespace ns, const std::string& name) const {
    const kg::Id id = lookup_data(ns, name);
    if (id != kg::kNoId) return id;
    const int k = static_cast<int>(ns);
    auto it = extra_index_[k].find(name);
    if (it == extra_index_[k].end()) return kg::kNoId;
    return static_cast<kg::Id>(graph_->vocab.names(ns).size()) + it->second;
}

kg::Id Program::intern(kg::Namespace ns, const std::string& name) {
    const kg::Id id = find(ns, name);
    if (id != kg::kNoId) return id;
    const int k = static_cast<int>(ns);
    const kg::Id local = static_cast<kg::Id>(extra_[k].size());
    extra_[k].push_back(name);
    extra_index_[k].emplace(name, local);
    return static_cast<kg::Id>(graph_->vocab.names(ns).size()) + local;
}

std::string_view Program::name(kg::Namespace ns, kg::Id id) const {
    const auto& names = graph_->vocab.names(ns);
    if (id < names.size()) return names.name(id);
    return extra_[static_cast<int>(ns)][id - names.size()];
}

std::string Program::display(kg::Namespace ns, kg::Id id) const {
    const std::string n(name(ns, id));
    switch (match_.names) {
    case NameStyle::Label:
        if (id < graph_->vocab.names(ns).size() && !shared_label_[static_cast<int>(ns)].count(id)) {
            if (const auto label = graph_->vocab.label(ns, id); label && !label->empty()) {
                const char q = label->find('\'') == std::string_view::npos ? '\'' : '"';
                return q + std::string(*label) + q;
            }
        }
        break;
    case NameStyle::Short: break;
    case NameStyle::Iri:
        if (n.find(':') != std::string::npos && !n.starts_with("_:")) return "<" + n + ">";
        break;
    }
    return name_to_string(n, display_prefixes_);
}

std::string Program::display(const GroundFact& f) const {
    if (f.unary) return display(kg::Namespace::Type, f.pred) + "(" + display(kg::Namespace::Entity, f.s) + ")";
    return display(kg::Namespace::Relation, f.pred) + "(" + display(kg::Namespace::Entity, f.s) + "," +
           display(kg::Namespace::Entity, f.o) + ")";
}

std::string Program::display(const Rule& rule) const {
    if (match_.names == NameStyle::Short) return to_string(rule, display_prefixes_);
    auto name_of = [&](kg::Namespace ns, const std::string& n) {
        const kg::Id id = find(ns, n);
        return id == kg::kNoId ? name_to_string(n, display_prefixes_) : display(ns, id);
    };
    auto term = [&](const Term& t) {
        if (!t.is_var()) return name_of(kg::Namespace::Entity, t.name);
        const bool bare = !t.name.empty() && std::islower(static_cast<unsigned char>(t.name[0])) &&
                          std::all_of(t.name.begin(), t.name.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
                          });
        return bare ? t.name : "?" + t.name;
    };
    auto atom = [&](const Atom& a) {
        std::string out = name_of(a.unary() ? kg::Namespace::Type : kg::Namespace::Relation, a.predicate) + "(";
        for (std::size_t i = 0; i < a.args.size(); ++i)
            out += (i ? "," : "") + term(a.args[i]);
        return out + ")";
    };
    std::string out = atom(rule.head);
    if (!rule.body.empty() || !rule.inequalities.empty()) out += " :- ";
    bool first = true;
    for (const Atom& a : rule.body) {
        out += (first ? "" : ", ") + atom(a);
        first = false;
    }
    for (const Inequality& q : rule.inequalities) {
        out += (first ? "" : ", ") + term(q.lhs) + " != " + term(q.rhs);
        first = false;
    }
    return out + ".";
}

CRule Program::compile(const Rule& r) {
    CRule c;
    std::vector<std::string> vars = r.variables();
    c.num_vars = static_cast<std::uint32_t>(vars.size());
    c.var_names = vars;
    auto term = [&](const Term& t) {
        CTerm ct;
        if (t.is_var()) {
            ct.var = true;
            ct.id = static_cast<kg::Id>(std::find(vars.begin(), vars.end(), t.name) - vars.begin());
        } else {
            ct.var = false;
            ct.id = intern(kg::Namespace::Entity, t.name);
        }
        return ct;
    };
    auto atom = [&](const Atom& a) {
        CAtom ca;
        ca.unary = a.unary();
        const kg::Namespace ns = ca.unary ? kg::Namespace::Type : kg::Namespace::Relation;
        const kg::Namespace other = ca.unary ? kg::Namespace::Relation : kg::Namespace::Type;
        if (lookup_data(ns, a.predicate) == kg::kNoId && lookup_data(other, a.predicate) != kg::kNoId)
            throw InputError(rules_.file, a.loc.line, a.loc.column,
                             "arity mismatch: '" + a.predicate + "' is " +
                                 (ca.unary ? "a relation (binary) in the data but used with 1 argument"
                                           : "a type (unary) in the data but used with 2 arguments"));
        ca.pred = intern(ns, a.predicate);
        for (std::size_t i = 0; i < a.args.size(); ++i)
            ca.t[i] = term(a.args[i]);
        if (ca.unary) ca.t[1] = CTerm{false, 0};
        return ca;
    };
    for (const Atom& a : r.body)
        c.body.push_back(atom(a));
    c.head = atom(r.head);
    for (const Inequality& q : r.inequalities)
        c.inequalities.emplace_back(term(q.lhs), term(q.rhs));
    return c;
}

GroundFact Program::parse_fact(const std::string& text) const {
    const Atom a = parse_ground_atom(text, display_prefixes_);
    GroundFact f;
    f.unary = a.unary();
    const kg::Namespace ns = f.unary ? kg::Namespace::Type : kg::Namespace::Relation;
    f.pred = find(ns, a.predicate);
    if (f.pred == kg::kNoId)
        throw InputError("<fact>", a.loc.line, a.loc.column,
                         std::string("unknown ") + (f.unary ? "type" : "relation") + " '" + a.predicate + "'");
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        const kg::Id e = find(kg::Namespace::Entity, a.args[i].name);
        if (e == kg::kNoId)
            throw InputError("<fact>", a.args[i].loc.line, a.args[i].loc.column,
                             "unknown entity '" + a.args[i].name + "'");
        (i == 0 ? f.s : f.o) = e;
    }
    if (f.unary) f.o = 0;
    return f;
}

} // namespace kbcx::rules
