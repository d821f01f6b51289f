// The training sizes shared by kbcx train and kbcx sweep (--dim, --batch, --neg, --lr and the EL
// models' --margin, --delta, --reg): declared once with each model family's default, read once.
#pragma once

#include "cli.hpp"

#include "embed/el_models.hpp"
#include "embed/kg_models.hpp"
#include "embed/training.hpp"

#include <cstdio>
#include <string>

namespace kbcx::cli {

/// A default as the help prints it ("0.001", "256").
inline std::string default_text(double value) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", value);
    return b;
}

/// Declares --dim, --batch, --neg and --lr with the EL models' defaults (embed::ElTrainDefaults).
/// kbcx train, which trains triple models too, passes `also_kg`: each help then states the default of
/// each model family (triple models: embed::TrainSettings and KgModelConfig; rgcn: RgcnTrainDefaults),
/// and --neg also takes 'all'. `el_neg_note` is appended to the EL help of --neg.
inline void add_el_train_options(ArgParser& p, bool also_kg, const std::string& el_neg_note = {}) {
    using El = embed::ElTrainDefaults;
    using Rgcn = embed::RgcnTrainDefaults;
    const embed::TrainSettings kg;
    const embed::KgModelConfig kg_model;
    if (!also_kg) {
        p.option("dim", "D", "embedding dimension", default_text(El::dim));
        p.option("batch", "B", "axioms per step", default_text(El::batch));
        p.option("neg", "K", "negatives per axiom" + el_neg_note, default_text(El::neg));
        p.option("lr", "X", "learning rate", default_text(El::lr));
        return;
    }
    const auto families = [](double kg_value, double rgcn_value, double el_value) {
        return " (default: " + default_text(kg_value) + " for KG models, " + default_text(rgcn_value) + " for rgcn, " +
               default_text(el_value) + " for EL models)";
    };
    p.option("dim", "D",
             "embedding dimension (complex models: complex dimension)" + families(kg_model.dim, Rgcn::dim, El::dim));
    p.option("batch", "B",
             "positives per optimiser step (EL models: axioms per step)" + families(kg.batch, Rgcn::batch, El::batch));
    p.option("neg", "K|all",
             "negatives per positive (EL models: per axiom" + el_neg_note +
                 "); 'all' = 1-vs-all: every entity is a candidate of every positive, for heads and tails, with "
                 "the cross-entropy loss (one matrix product per chunk of --chunk positives; the dot-product models "
                 "DistMult and ComplEx run it fastest)" +
                 families(kg.neg, Rgcn::neg, El::neg));
    p.option("lr", "X", "learning rate" + families(kg.lr, Rgcn::lr, El::lr));
}

/// Reads --dim, --batch, --neg, --lr for an EL model into `model` (from embed::default_el_config) and
/// `st`, and --margin, --delta, --reg, which default to the model's own.
inline void read_el_train_options(const ArgParser& p, embed::ElModelConfig& model, embed::TrainSettings& st) {
    using El = embed::ElTrainDefaults;
    if (p.has("dim")) model.dim = static_cast<int>(parse_count("dim", p.get("dim")));
    if (p.has("margin")) model.margin = static_cast<float>(parse_real("margin", p.get("margin")));
    if (p.has("delta")) model.delta = static_cast<float>(parse_real("delta", p.get("delta")));
    if (p.has("reg")) model.reg = static_cast<float>(parse_real("reg", p.get("reg")));
    st.batch = p.has("batch") ? static_cast<int>(parse_count("batch", p.get("batch"))) : El::batch;
    st.neg = p.has("neg") ? static_cast<int>(parse_count("neg", p.get("neg"))) : El::neg;
    st.lr = p.has("lr") ? static_cast<float>(parse_real("lr", p.get("lr"))) : static_cast<float>(El::lr);
}

} // namespace kbcx::cli
