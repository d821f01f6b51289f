// Freezing a rule body into a small KG with the GraphBuilder and reading the frozen head back
// through the same name resolution the rules use.
#include "rules/entails.hpp"

namespace kbcx::rules {

namespace {
std::string frozen(const Term& t) {
    return t.is_var() ? "_:" + t.name : t.name;
}
} // namespace

EntailmentResult entails(const RuleSet& rules, const Rule& rule, const MaterialiseOptions& options,
                         jobs::JobContext& ctx) {
    kg::GraphBuilder builder;
    EntailmentResult res;
    for (const Atom& a : rule.body) {
        if (a.unary())
            builder.add_type(frozen(a.args[0]), a.predicate);
        else
            builder.add(frozen(a.args[0]), a.predicate, frozen(a.args[1]));
        ++res.frozen_facts;
    }
    auto graph = std::make_shared<kg::KnowledgeGraph>(builder.finish());
    auto program = std::make_shared<Program>(graph, rules);
    res.closure = Materialisation::run(program, options, ctx);
    GroundFact head;
    head.unary = rule.head.unary();
    head.pred = program->find(head.unary ? kg::Namespace::Type : kg::Namespace::Relation, rule.head.predicate);
    head.s = program->find(kg::Namespace::Entity, frozen(rule.head.args[0]));
    head.o = head.unary ? 0 : program->find(kg::Namespace::Entity, frozen(rule.head.args[1]));
    std::string text = rule.head.predicate + "(" + frozen(rule.head.args[0]);
    if (!head.unary) text += "," + frozen(rule.head.args[1]);
    res.frozen_head = text + ")";
    if (head.pred == kg::kNoId || head.s == kg::kNoId || head.o == kg::kNoId) return res;
    if (auto id = res.closure->find(head)) {
        res.entailed = true;
        res.head_id = *id;
    }
    return res;
}

} // namespace kbcx::rules
