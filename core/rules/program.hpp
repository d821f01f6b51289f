// Rules compiled against one KG: predicate and constant names resolved to the KG's ids (IRIs
// matched after prefix expansion and --map-prefix remapping), new names given fresh ids.
#pragma once

#include "common/name_style.hpp"
#include "kg/knowledge_graph.hpp"
#include "rules/rule.hpp"

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace kbcx::rules {

/// A ground fact of the extended signature: unary T(s) (o unused, 0) or binary R(s, o).
struct GroundFact {
    bool unary = false;
    kg::Id pred = kg::kNoId;
    kg::Id s = kg::kNoId;
    kg::Id o = 0;
    friend bool operator==(const GroundFact&, const GroundFact&) = default;
    friend auto operator<=>(const GroundFact&, const GroundFact&) = default;
};

/// A compiled term: variable number or entity id.
struct CTerm {
    bool var = true;
    kg::Id id = 0;
    friend bool operator==(const CTerm&, const CTerm&) = default;
};

struct CAtom {
    bool unary = false;
    kg::Id pred = kg::kNoId;
    CTerm t[2];
};

/// A rule over ids. Variables are numbered 0..num_vars-1 in first-occurrence order.
struct CRule {
    CAtom head;
    std::vector<CAtom> body;
    std::vector<std::pair<CTerm, CTerm>> inequalities;
    std::uint32_t num_vars = 0;
    std::vector<std::string> var_names;
};

/// How rule names meet data names. `map_prefix` pairs (FROM, TO) say that a data IRI
/// starting with FROM stands for the IRI with TO instead (so a rule IRI TO… matches data FROM…).
struct MatchOptions {
    std::vector<std::pair<std::string, std::string>> map_prefix;
    /// How Program::display names KG terms: by label (the KG's rdfs:label or a names file,
    /// 'quoted'; short name when missing or shared), short name, or full IRI.
    NameStyle names = NameStyle::Short;
};

/// Parses "FROM=TO" (for --map-prefix); throws InputError naming the option on bad syntax.
std::pair<std::string, std::string> parse_map_prefix(const std::string& spec);

/// The KG's signature extended with the names that only rules use, and the compiled rules.
/// Ids below the KG's counts are the KG's own; larger ids are the extension.
class Program {
  public:
    /// Compiles `rules` against `graph`. Throws InputError (at the atom) when a predicate is
    /// used with an arity that contradicts the data (a KG type used binary or a relation used unary).
    Program(std::shared_ptr<const kg::KnowledgeGraph> graph, RuleSet rules, MatchOptions match = {});

    const kg::KnowledgeGraph& graph() const { return *graph_; }
    std::shared_ptr<const kg::KnowledgeGraph> graph_ptr() const { return graph_; }
    const RuleSet& rule_set() const { return rules_; }
    const std::vector<CRule>& rules() const { return compiled_; }

    std::size_t num_entities() const { return graph_->vocab.entities().size() + extra_[0].size(); }
    std::size_t num_relations() const { return graph_->vocab.relations().size() + extra_[1].size(); }
    std::size_t num_types() const { return graph_->vocab.types().size() + extra_[2].size(); }

    /// Full name of an id in a namespace (data name for KG ids).
    std::string_view name(kg::Namespace ns, kg::Id id) const;
    /// Name for display as MatchOptions::names says (short names compacted with rule-file and
    /// KG prefixes).
    std::string display(kg::Namespace ns, kg::Id id) const;
    /// Ground fact written as `R(a,b)` / `T(a)` (names as display(ns, id)).
    std::string display(const GroundFact& f) const;
    /// A rule in the plain syntax with its predicates and constants named as display(ns, id)
    /// (short names: exactly to_string(rule, prefixes())).
    std::string display(const Rule& rule) const;
    /// Finds the id of a rule-side name (prefix-expanded IRI) or kNoId: data names first (with
    /// --map-prefix remapping), then the extension.
    kg::Id find(kg::Namespace ns, const std::string& name) const;
    /// Like find but adds the name to the extension when it is new.
    kg::Id intern(kg::Namespace ns, const std::string& name);

    /// Prefixes for display: the rule file's, then the KG's.
    const kg::PrefixMap& prefixes() const { return display_prefixes_; }

    /// Parses a ground fact `R(a,b)`, `T(a)` or `[a, p, b]` against this signature; throws
    /// InputError (file "<fact>") for syntax errors or names unknown to both KG and rules.
    GroundFact parse_fact(const std::string& text) const;

    /// Compiles one more rule (e.g. a pattern instance) and returns its index.
    std::size_t add_rule(Rule rule);

  private:
    CRule compile(const Rule& r);
    kg::Id lookup_data(kg::Namespace ns, const std::string& name) const;

    std::shared_ptr<const kg::KnowledgeGraph> graph_;
    RuleSet rules_;
    MatchOptions match_;
    std::vector<CRule> compiled_;
    std::vector<std::string> extra_[3];
    std::unordered_map<std::string, kg::Id> extra_index_[3];
    kg::PrefixMap display_prefixes_;
    std::unordered_set<kg::Id> shared_label_[3]; ///< KG ids whose label another id of the namespace has
};

} // namespace kbcx::rules
