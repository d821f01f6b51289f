// A loaded knowledge graph: its vocabulary plus its indexed facts, and the builder the
// readers fill (names → ids, type predicates → unary facts).
#pragma once

#include "kg/fact_store.hpp"
#include "kg/vocabulary.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace kbcx::kg {

struct KnowledgeGraph {
    Vocabulary vocab;
    FactStore facts;

    /// Bytes of the fact indexes per binary-or-unary fact (vocabulary excluded).
    double bytes_per_fact() const;
};

/// Receives facts by name from the readers and turns them into ids.
class GraphBuilder {
  public:
    /// `type_predicates`: relation names, besides the rdf:type IRI and `rdf:type`,
    /// whose facts (e, p, T) are read as type facts T(e).
    explicit GraphBuilder(std::vector<std::string> type_predicates = {});

    /// Adds head-relation-tail; a type predicate makes it the type fact tail(head).
    void add(std::string_view head, std::string_view relation, std::string_view tail);
    void add_type(std::string_view entity, std::string_view type);
    void add_label(std::string_view entity, std::string label);
    bool is_type_predicate(std::string_view relation) const;

    Vocabulary& vocab() { return graph_.vocab; }
    const FactStoreBuilder& pending() const { return facts_; }
    /// Sorts, deduplicates and indexes; the builder is empty afterwards.
    KnowledgeGraph finish();

  private:
    KnowledgeGraph graph_;
    FactStoreBuilder facts_;
    std::vector<std::string> type_predicates_;
    std::string last_relation_name_; // cache of the last relation seen
    Id last_relation_ = kNoId;       // its id, or kNoId for a type predicate
};

} // namespace kbcx::kg
