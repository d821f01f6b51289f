// The reproduction functions of the registry (registry.cpp lists them), one file per finding
// (named below); their shared parts: findings_onto.cpp (ontology) and findings_kg.cpp (KG).
#pragma once

#include "repro/registry.hpp"

namespace kbcx::repro {

/// 1. Seven models on Pizza GCI0: MRR ordering vs Pair-FVR and ρ_P orderings (findings_rank.cpp).
Report rank_vs_faithfulness(const Options& o, jobs::JobContext& ctx);
/// 2. ELEm / EmEL++ / Box2EL with released GCI1 losses, and ELEm with term (iv), on Pizza GCI1
/// (findings_gci1.cpp).
Report gci1_inversion(const Options& o, jobs::JobContext& ctx);
/// 3. The logic-geometric models by normal form (GCI0, GCI1, GCI1_BOT, GCI2, GCI3)
/// (findings_construct.cpp).
Report construct_dependence(const Options& o, jobs::JobContext& ctx);
/// 4. The p⊥ sweep of the stratified contradiction sampler, one chart per (model, form) panel
/// (findings_sweep.cpp).
Report contradiction_sweep(const Options& o, jobs::JobContext& ctx);
/// 5. Mean AUC of the embedding models on FB15k-237 symmetry / intersection benchmarks with
/// rc, rb, pa (and qg) negatives, beside LogInfer's Table 5 (findings_negative.cpp).
Report negative_difficulty(const Options& o, jobs::JobContext& ctx);
/// 6. AUC, F1, precision, recall, C-/R-MRR per pattern on FB15k-237 and WN18RR benchmarks for
/// the embedding models and SimpBL (findings_pattern.cpp).
Report pattern_difficulty(const Options& o, jobs::JobContext& ctx);
/// The mode defaults of the ontology findings (1–4, 7) and of the KG findings (5, 6).
ModeDefaults onto_mode_defaults(Mode m);
/// `pattern_finding`: include pattern-difficulty's ranking and rule-learner settings.
ModeDefaults kg_mode_defaults(Mode m, bool pattern_finding);
/// 7. ρ_P with P counted at growing |Δ|, and the small-domain artefacts of P on T? (findings_count.cpp).
Report relative_count_ranking(const Options& o, jobs::JobContext& ctx);

/// Reproduction::set_variant of the ontology findings: Options::el_variant = `name` when at least
/// one EL model of `finding` (under o.models) has that variant (contradiction-sweep: only kbcx);
/// otherwise std::invalid_argument naming the finding's models and their variants.
void set_onto_variant(const std::string& finding, const std::string& name, Options& o);
/// Reproduction::set_variant of the KG findings: Options::variant = "loginfer" or "kbcx".
void set_kg_variant(const std::string& name, Options& o);

} // namespace kbcx::repro
