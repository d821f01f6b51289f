// The evaluation hook that runs core/eval on a test set (T+/T?/T− with optional P) with the
// model being trained as the scorer: AUC±, FVR, Pair-FVR, ρ_P, Adm@k, MRR/Hits@k on the T+
// ranking queries and the L0–L3 placement, under the metric names of `kbcx eval --json`.
#pragma once

#include "embed/el_data.hpp"
#include "eval/eval_input.hpp"
#include "eval/evaluate.hpp"

#include <memory>

namespace kbcx::embed {

/// eval::Scorer over an AxiomScorer: the axiom text is translated into normal forms and scored
/// as the sum of their scores (score_axiom_parts); text it cannot translate, and NaN scores,
/// have no score.
class TranslatedScorer final : public eval::Scorer {
  public:
    TranslatedScorer(const AxiomTranslator& translator, const AxiomScorer& scorer)
        : translator_(translator), scorer_(scorer) {}
    std::optional<double> score(std::string_view normalised_axiom) const override;
    void for_each_axiom(const std::function<void(std::string_view)>&) const override {}

  private:
    const AxiomTranslator& translator_;
    const AxiomScorer& scorer_;
};

struct TestsHookOptions {
    std::size_t k = 10;  ///< k of Adm@k
    bool ranking = true; ///< run the T+ ranking queries (MRR, Hits@k, Adm@k)
    bool per_nf = true;  ///< also "<NF>/<metric>" when the tests hold several normal forms
};

/// Adds the computable metrics of `m` to `out` as auc_pm, fvr, pair_fvr, rho_p, adm_at_k, mrr,
/// hits_at_1/3/10, placement (the highest level L0–L3 that holds, −1 below L0), l0…l3 (1 holds,
/// 0 fails; absent when not computable) and n_missing_scores; each key prefixed by `prefix`.
void add_eval_metrics(const eval::Metrics& m, const std::string& prefix, Metrics& out);

/// The hook: each call evaluates the scorer on `tests` (axioms without a score are ranked
/// lowest and counted in n_missing_scores) and adds the metrics above.
EvalHook make_tests_hook(std::shared_ptr<const eval::TestSet> tests, std::shared_ptr<const AxiomTranslator> translator,
                         TestsHookOptions options = {});

/// True if the file's first data line starts with a status word (entailed, undetermined,
/// contradictory) or is the header "status…": a test-set TSV rather than a triple file.
bool looks_like_tests_file(const std::string& path);

} // namespace kbcx::embed
