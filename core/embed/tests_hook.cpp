// Evaluation hook over core/eval: translation of test axioms into normal forms, metrics names.
#include "embed/tests_hook.hpp"

#include "common/text.hpp"

#include <cmath>
#include <fstream>

namespace kbcx::embed {

std::optional<double> TranslatedScorer::score(std::string_view text) const {
    const auto parts = translator_.try_translate(text);
    if (!parts) return std::nullopt;
    const double s = score_axiom_parts(scorer_, *parts);
    if (!std::isfinite(s)) return std::nullopt;
    return s;
}

void add_eval_metrics(const eval::Metrics& m, const std::string& prefix, Metrics& out) {
    auto put = [&](const char* key, const std::optional<double>& v) {
        if (v) out[prefix + key] = *v;
    };
    put("auc_pm", m.auc_pm);
    put("fvr", m.fvr);
    put("pair_fvr", m.pair_fvr);
    put("rho_p", m.rho_p);
    put("adm_at_k", m.adm_at_k);
    put("mrr", m.mrr);
    put("hits_at_1", m.hits_at_1);
    put("hits_at_3", m.hits_at_3);
    put("hits_at_10", m.hits_at_10);
    out[prefix + "placement"] = m.placement();
    static const char* names[4] = {"l0", "l1", "l2", "l3"};
    for (int i = 0; i < 4; ++i)
        if (m.levels[i].computable) out[prefix + names[i]] = m.levels[i].holds ? 1.0 : 0.0;
    out[prefix + "n_missing_scores"] = static_cast<double>(m.n_missing_scores);
}

EvalHook make_tests_hook(std::shared_ptr<const eval::TestSet> tests, std::shared_ptr<const AxiomTranslator> translator,
                         TestsHookOptions options) {
    return [tests, translator, options](const AxiomScorer& scorer, int, Metrics& out) {
        auto s = std::make_shared<TranslatedScorer>(*translator, scorer);
        eval::EvalOptions eo;
        eo.k = options.k;
        eo.missing_lowest = true;
        eo.ranking = options.ranking;
        jobs::JobContext ctx;
        const eval::EvalResult r = eval::evaluate(*tests, s, eo, ctx);
        add_eval_metrics(r.overall, "", out);
        if (options.per_nf && r.by_nf.size() > 1)
            for (std::size_t i = 0; i < r.by_nf.size(); ++i)
                add_eval_metrics(r.by_nf[i], r.tests.normal_forms[i] + "/", out);
    };
}

bool looks_like_tests_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line == "\r") continue;
        const std::string first = line.substr(0, line.find_first_of("\t \r"));
        const std::string w = ascii_lower(first);
        return w == "status" || eval::parse_status(w).has_value();
    }
    return false;
}

} // namespace kbcx::embed
