// GraphBuilder: interns names and routes type predicates to unary facts; caches the
// type-predicate decision per relation id so the hot loop does one hash lookup per term.
#include "kg/knowledge_graph.hpp"

namespace kbcx::kg {

double KnowledgeGraph::bytes_per_fact() const {
    const std::size_t n = facts.num_facts() + facts.num_type_facts();
    return n == 0 ? 0.0 : static_cast<double>(facts.memory_bytes()) / static_cast<double>(n);
}

GraphBuilder::GraphBuilder(std::vector<std::string> type_predicates) : type_predicates_(std::move(type_predicates)) {}

bool GraphBuilder::is_type_predicate(std::string_view relation) const {
    if (relation == kRdfType || relation == "rdf:type") return true;
    for (const auto& name : type_predicates_)
        if (relation == name) return true;
    return false;
}

void GraphBuilder::add(std::string_view head, std::string_view relation, std::string_view tail) {
    // Consecutive lines usually share a relation; remember the last decision.
    if (last_relation_name_.empty() || relation != last_relation_name_) {
        last_relation_name_.assign(relation);
        last_relation_ = is_type_predicate(relation) ? kNoId : graph_.vocab.relations().intern(relation);
    }
    if (last_relation_ == kNoId) {
        add_type(head, tail);
        return;
    }
    const Id s = graph_.vocab.entities().intern(head);
    const Id o = graph_.vocab.entities().intern(tail);
    facts_.add(s, last_relation_, o);
}

void GraphBuilder::add_type(std::string_view entity, std::string_view type) {
    const Id e = graph_.vocab.entities().intern(entity);
    const Id t = graph_.vocab.types().intern(type);
    facts_.add_type(e, t);
}

void GraphBuilder::add_label(std::string_view entity, std::string label) {
    const Id e = graph_.vocab.entities().intern(entity);
    graph_.vocab.set_label(Namespace::Entity, e, std::move(label));
}

KnowledgeGraph GraphBuilder::finish() {
    auto& v = graph_.vocab;
    graph_.facts = std::move(facts_).build(v.entities().size(), v.relations().size(), v.types().size());
    facts_ = FactStoreBuilder();
    last_relation_name_.clear();
    return std::move(graph_);
}

} // namespace kbcx::kg
