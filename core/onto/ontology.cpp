// Hash-consing of concept expressions and the EL test. Conjunctions are kept in a canonical
// form (flat, sorted, deduplicated) so that A ⊓ B and B ⊓ A are the same expression.
#include "onto/ontology.hpp"

#include <algorithm>

namespace kbcx::onto {

std::size_t ConceptPool::Hash::operator()(const ConceptExpr& e) const noexcept {
    std::size_t h = static_cast<std::size_t>(e.kind) * 0x9E3779B97F4A7C15ull;
    auto mix = [&h](std::size_t v) { h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2); };
    mix(e.name);
    mix(e.number);
    for (auto a : e.args)
        mix(a);
    for (auto i : e.individuals)
        mix(i);
    mix(std::hash<std::string>{}(e.construct));
    return h;
}

ConceptPool::ConceptPool() {
    make(ConceptExpr{ConceptKind::Top});
    make(ConceptExpr{ConceptKind::Bottom});
}

ExprId ConceptPool::make(ConceptExpr expr) {
    if (auto it = index_.find(expr); it != index_.end()) return it->second;
    const auto id = static_cast<ExprId>(exprs_.size());
    exprs_.push_back(expr);
    index_.emplace(std::move(expr), id);
    return id;
}

ExprId ConceptPool::named(ConceptName c) {
    ConceptExpr e;
    e.kind = ConceptKind::Named;
    e.name = c;
    return make(std::move(e));
}

ExprId ConceptPool::conj(std::vector<ExprId> operands) {
    std::vector<ExprId> flat;
    for (ExprId op : operands) {
        const ConceptExpr& e = exprs_[op];
        if (e.kind == ConceptKind::Bottom) return bottom();
        if (e.kind == ConceptKind::Top) continue;
        if (e.kind == ConceptKind::And)
            flat.insert(flat.end(), e.args.begin(), e.args.end());
        else
            flat.push_back(op);
    }
    std::sort(flat.begin(), flat.end());
    flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
    if (flat.empty()) return top();
    if (flat.size() == 1) return flat[0];
    ConceptExpr e;
    e.kind = ConceptKind::And;
    e.args = std::move(flat);
    return make(std::move(e));
}

ExprId ConceptPool::exists(RoleName r, ExprId filler) {
    ConceptExpr e;
    e.kind = ConceptKind::Exists;
    e.name = r;
    e.args = {filler};
    return make(std::move(e));
}

bool ConceptPool::is_el(ExprId id) const {
    std::vector<ExprId> stack{id};
    while (!stack.empty()) {
        const ConceptExpr& e = exprs_[stack.back()];
        stack.pop_back();
        switch (e.kind) {
        case ConceptKind::Top:
        case ConceptKind::Bottom:
        case ConceptKind::Named: break;
        case ConceptKind::And:
        case ConceptKind::Exists: stack.insert(stack.end(), e.args.begin(), e.args.end()); break;
        default: return false;
        }
    }
    return true;
}

const char* axiom_kind_name(AxiomKind kind) {
    switch (kind) {
    case AxiomKind::SubClassOf: return "SubClassOf";
    case AxiomKind::EquivalentClasses: return "EquivalentClasses";
    case AxiomKind::DisjointClasses: return "DisjointClasses";
    case AxiomKind::SubObjectPropertyOf: return "SubObjectPropertyOf";
    case AxiomKind::EquivalentObjectProperties: return "EquivalentObjectProperties";
    case AxiomKind::TransitiveObjectProperty: return "TransitiveObjectProperty";
    case AxiomKind::ReflexiveObjectProperty: return "ReflexiveObjectProperty";
    case AxiomKind::ObjectPropertyDomain: return "ObjectPropertyDomain";
    case AxiomKind::ObjectPropertyRange: return "ObjectPropertyRange";
    case AxiomKind::ClassAssertion: return "ClassAssertion";
    case AxiomKind::ObjectPropertyAssertion: return "ObjectPropertyAssertion";
    case AxiomKind::NotEL: return "NotEL";
    }
    return "?";
}

const char* concept_kind_name(ConceptKind kind) {
    switch (kind) {
    case ConceptKind::Top: return "owl:Thing";
    case ConceptKind::Bottom: return "owl:Nothing";
    case ConceptKind::Named: return "Class";
    case ConceptKind::And: return "ObjectIntersectionOf";
    case ConceptKind::Exists: return "ObjectSomeValuesFrom";
    case ConceptKind::Not: return "ObjectComplementOf";
    case ConceptKind::Or: return "ObjectUnionOf";
    case ConceptKind::ForAll: return "ObjectAllValuesFrom";
    case ConceptKind::MinCard: return "ObjectMinCardinality";
    case ConceptKind::MaxCard: return "ObjectMaxCardinality";
    case ConceptKind::ExactCard: return "ObjectExactCardinality";
    case ConceptKind::HasValue: return "ObjectHasValue";
    case ConceptKind::OneOf: return "ObjectOneOf";
    case ConceptKind::HasSelf: return "ObjectHasSelf";
    case ConceptKind::Other: return "Other";
    }
    return "?";
}

} // namespace kbcx::onto
