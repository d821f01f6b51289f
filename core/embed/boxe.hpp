// BoxE, the box model of triples (Abboud et al. 2020): built through make_kg_model("BoxE");
// this header only lets kg_models.cpp construct it. Formulas and gradients: models.md §5.
#pragma once

#include "embed/kg_models.hpp"

#include <memory>

namespace kbcx::embed {

/// An uninitialised BoxE model (config.name "BoxE"; p_norm is the order of its distance norm,
/// bounded selects the tanh-bounded space).
std::unique_ptr<KgModel> make_boxe(const KgModelConfig& config, std::size_t num_entities, std::size_t num_relations);

} // namespace kbcx::embed
