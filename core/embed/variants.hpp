// Which released system a model name stands for (`kbcx train --variant`): one enumeration for the
// EL models (mOWL's releases) and R-GCN (its authors' release), each model listing its own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kbcx::embed {

/// Which objective a model name stands for (`kbcx train --variant`):
///  - kbcx: this project's own objective (EL: models.md §7–10, ElTrainDefaults; R-GCN: full-graph
///    steps with edge dropout, RgcnTrainDefaults);
///  - mowl: mOWL f8b2cb0 as released (el_mowl_losses.hpp): its per-form losses, one negative per
///    GCI2 axiom with the filler corrupted by any class (⊤ and ⊥ included), its aggregation,
///    regulariser and init, dense Adam with one full-batch step per epoch (ElReleasedDefaults);
///  - paper: ELEmbeddings and EmEL++ as the faithfulness paper's Appendix C states them — mOWL's
///    training and losses with GCI3 in the inside form [‖c − v_r − d‖ + r_C − r_D − γ]₊ (EmEL++:
///    r = [ρ]₊, GCI1 without term (iv), its RI and RC losses, the penalty [−ρ]₊);
///  - dele: DELE 8223535 as released (ELEmbeddings, ELBE, Box2EL): inside GCI3, negatives for the forms of
///    ElModelConfig::neg_forms with the tail corrupted once for the whole run, the plateau schedule
///    and early stop on the validation GCI0 loss with the best parameters restored;
///  - kracr: EmEL++ as kracr/EmELpp 267f2c7 trains it (ElKracrDefaults): GCI1 with term (iv), GCI0
///    translated by a learned SubClassOf vector, the GCI2 negative without a hinge, Keras' mse of
///    each sampled row's summed losses, Adam lr 3e-4, 256 axioms of each form per step;
///  - authors: R-GCN as MichSchli/RelationPrediction 98dcdf4 trains it (RgcnAuthorsDefaults):
///    neighbourhood-sampled edges per step, half of them passing messages, BCE over all of them
///    and ω negatives each, decoder L2, gradient clipping, self-loop dropout, input transform.
enum class ElVariant : std::uint8_t { Kbcx, Mowl, Paper, Authors, Dele, Kracr };
std::string_view el_variant_name(ElVariant v);
/// "kbcx", "mowl", "paper", "authors", "dele", "kracr" (case-insensitive); throws std::invalid_argument.
ElVariant parse_el_variant(std::string_view name);
/// The variants a model has (canonical name), its default first: ELEmbeddings paper, mowl, dele,
/// kbcx; EmEL++ paper, kracr, kbcx; ELBE and Box2EL mowl, dele, kbcx; rgcn authors, kbcx; every other model
/// kbcx.
const std::vector<ElVariant>& el_variants(const std::string& canonical_name);
/// The default variant of a model: the first of el_variants().
ElVariant default_el_variant(const std::string& canonical_name);
/// "mowl, kbcx" — for messages.
std::string el_variant_list(const std::string& canonical_name);

} // namespace kbcx::embed
