// Options and loading shared by the rule commands (materialise, rules, support, explain):
// the KG reading options of `kbcx info`, --map-prefix, --threads, --entity-names and --names
// (for the commands that print entities), and one load call.
#pragma once

#include "cli.hpp"

#include "kg/load_kg.hpp"
#include "rules/program.hpp"

#include <memory>
#include <string>
#include <vector>

namespace kbcx::cli {

inline void add_data_options(ArgParser& p) {
    p.option("order", "hrt|htr", "column order of tab-separated files", "hrt");
    p.option("format", "F", "input format: auto, tsv, nt, ttl, rdfxml", "auto");
    p.option("type-predicate", "NAME", "a relation name read as rdf:type (besides rdf:type)", std::nullopt, true);
    p.option("map-prefix", "FROM=TO",
             "read data IRIs starting with FROM as if they started with TO, e.g.\n"
             "--map-prefix "
             "http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#=http://swat.cse.lehigh.edu/onto/univ-bench.owl#",
             std::nullopt, true);
    p.option("threads", "N", "worker threads (0 = all cores); results do not depend on it", kThreadsAllCores);
}

/// --names and --entity-names, for the commands that print KG entities and relations.
inline void add_naming_options(ArgParser& p) {
    p.option("entity-names", "FILE",
             "names of the KG's entities, one id<TAB>name per line (as shipped beside FB15k-237); printed\n"
             "entities use them with --names label",
             "");
    add_names_option(p);
}

inline rules::MatchOptions match_options(const ArgParser& p) {
    rules::MatchOptions m;
    for (const auto& spec : p.get_all("map-prefix"))
        m.map_prefix.push_back(rules::parse_map_prefix(spec));
    if (!p.get("names").empty()) m.names = names_option(p); // declared by add_naming_options
    return m;
}

inline unsigned thread_option(const ArgParser& p) {
    return static_cast<unsigned>(parse_count("threads", p.get("threads")));
}

inline std::shared_ptr<const kg::KnowledgeGraph> load_data(const ArgParser& p, const std::vector<std::string>& paths,
                                                           jobs::JobContext& ctx) {
    if (paths.empty()) throw UsageError("no DATA files given");
    jobs::LoadKgParams params;
    params.paths = paths;
    const std::string order = p.get("order");
    if (order != "hrt" && order != "htr") throw UsageError("--order must be hrt or htr");
    params.options.order = order == "htr" ? kg::TripleOrder::HeadTailRelation : kg::TripleOrder::HeadRelationTail;
    params.options.format = kg::parse_format(p.get("format"));
    params.options.type_predicates = p.get_all("type-predicate");
    params.entity_names_path = p.get("entity-names");
    return jobs::load_kg(params, ctx).graph;
}

inline const char* kRuleSyntaxHelp =
    "rule files (plain syntax and RDFox .dlog may be mixed; # starts a comment):\n"
    "  PREFIX ub: <http://swat.cse.lehigh.edu/onto/univ-bench.owl#>\n"
    "  [?X, ub:memberOf, ?Y] :- [?Y, ub:member, ?X] .\n"
    "  [?X, rdf:type, ub:Person] :- [?X, a, ub:Student], [?X, ub:advisor, ?Y], FILTER(?X != ?Y) .\n"
    "  T(x,z) :- R(x,y), S(y,z), x != z.        (bare lower-case names are variables)\n"
    "matching: rule IRIs (after prefix expansion) match data terms by IRI; a TSV term <...> is an\n"
    "  IRI, <rdf:type> makes a type fact; bare TSV terms are names of their own\n";

} // namespace kbcx::cli
