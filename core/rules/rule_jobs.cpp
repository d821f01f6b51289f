// Thin compositions of the engine parts for the shared jobs; all text for display is made
// here so that the GUI and the CLI show the same rule and fact spellings.
#include "rules/rule_jobs.hpp"

#include "common/resources.hpp"
#include "rules/parser.hpp"

namespace kbcx::rules {

namespace {
RuleSet rules_of(const std::string& path, const std::optional<RuleSet>& rules) {
    if (!path.empty()) return load_rules(path);
    if (rules) return *rules;
    return RuleSet{};
}

void flatten(const Materialisation& m, const DerivationNode& root, std::vector<TreeRow>& out) {
    // Pre-order with an explicit stack (children pushed in reverse), not recursion: the rows
    // come out as a depth-first listing however deep the derivation is.
    std::vector<std::pair<const DerivationNode*, int>> stack{{&root, 0}};
    while (!stack.empty()) {
        const auto [node, depth] = stack.back();
        stack.pop_back();
        const DerivationNode& n = *node;
        TreeRow row;
        row.depth = depth;
        row.fact_id = n.fact_id;
        row.fact = n.fact;
        row.fact_text = m.program().display(n.fact);
        row.input = n.input;
        if (n.input)
            row.justification = "input";
        else {
            row.justification = "rule " + std::to_string(n.rule + 1) + ": " +
                                m.program().display(m.program().rule_set().rules[static_cast<std::size_t>(n.rule)]);
            if (n.repeated) row.justification += " (shown above)";
        }
        out.push_back(std::move(row));
        for (auto it = n.premises.rbegin(); it != n.premises.rend(); ++it)
            stack.emplace_back(&*it, depth + 1);
    }
}
} // namespace

ScoreRulesResult score_rules_job(const ScoreRulesParams& params, jobs::JobContext& ctx) {
    Stopwatch clock;
    ScoreRulesResult res;
    if (!params.patterns.patterns.empty()) {
        PatternParams pp = params.patterns;
        pp.threads = params.threads;
        const auto found = enumerate_patterns(params.graph, pp, ctx);
        RuleSet rs;
        rs.prefixes = params.graph->vocab.prefixes();
        for (const auto& f : found)
            rs.rules.push_back(f.rule);
        auto program = std::make_shared<Program>(params.graph, std::move(rs), params.match);
        for (std::size_t i = 0; i < found.size(); ++i)
            res.rows.push_back({i, program->display(found[i].rule), found[i].rule.pattern, found[i].support,
                                found[i].new_conclusions});
        res.program = std::move(program);
    } else {
        auto program = std::make_shared<Program>(params.graph, rules_of(params.rules_path, params.rules), params.match);
        for (const RuleScore& s : score_rules(*program, params.threads, ctx))
            res.rows.push_back(
                {s.rule, program->display(program->rule_set().rules[s.rule]), s.pattern, s.support, s.new_conclusions});
        res.program = std::move(program);
    }
    res.seconds = clock.seconds();
    return res;
}

std::vector<SupportRow> supports_for_display(const Program& program, std::size_t rule, std::size_t limit,
                                             std::size_t offset) {
    std::vector<SupportRow> rows;
    for (Support& s : enumerate_supports(program, rule, limit, offset)) {
        SupportRow row;
        for (const GroundFact& f : s.premises)
            row.premise_text.push_back(program.display(f));
        row.premises = std::move(s.premises);
        row.conclusion = s.conclusion;
        row.conclusion_text = program.display(s.conclusion);
        row.conclusion_new = !s.conclusion_in_kg;
        rows.push_back(std::move(row));
    }
    return rows;
}

MaterialiseResult materialise_job(const MaterialiseParams& params, jobs::JobContext& ctx) {
    auto program = std::make_shared<Program>(params.graph, rules_of(params.rules_path, params.rules), params.match);
    MaterialiseResult res;
    res.closure = Materialisation::run(program, params.options, ctx);
    res.program = std::move(program);
    return res;
}

std::vector<TreeRow> derivation_rows(const Materialisation& closure, std::uint64_t fact_id) {
    std::vector<TreeRow> rows;
    flatten(closure, closure.explain(fact_id), rows);
    return rows;
}

} // namespace kbcx::rules
