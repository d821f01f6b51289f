// The training sizes shared by kbcx train and kbcx sweep (--dim, --batch, --neg, --lr and the EL
// models' --margin, --delta, --reg): declared once with each model family's default, read once.
#pragma once

#include "cli.hpp"

#include "embed/el_models.hpp"
#include "embed/kg_models.hpp"
#include "embed/train_el.hpp"
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
    using Authors = embed::RgcnAuthorsDefaults;
    const embed::TrainSettings kg;
    const embed::KgModelConfig kg_model;
    if (!also_kg) {
        p.option("dim", "D", "embedding dimension", default_text(El::dim));
        p.option("batch", "B", "axioms per step", default_text(El::batch));
        p.option("neg", "K", "negatives per axiom" + el_neg_note, default_text(El::neg));
        p.option("lr", "X", "learning rate", default_text(El::lr));
        return;
    }
    const auto families = [](double kg_value, double rgcn_value, double authors_value, double el_value) {
        return " (default: " + default_text(kg_value) + " for KG models, " + default_text(authors_value) +
               " for rgcn --variant authors, " + default_text(rgcn_value) + " for rgcn --variant kbcx, " +
               default_text(el_value) + " for EL models with --variant kbcx)";
    };
    p.option("dim", "D",
             "embedding dimension (complex models: complex dimension)" +
                 families(kg_model.dim, Rgcn::dim, Authors::dim, El::dim));
    p.option("batch", "B",
             "positives per optimiser step (rgcn --variant authors: edges sampled per step; EL models: axioms per "
             "step)" +
                 families(kg.batch, Rgcn::batch, Authors::batch, El::batch));
    p.option("neg", "K|all",
             "negatives per positive (EL models: per axiom" + el_neg_note +
                 "); 'all' = 1-vs-all: every entity is a candidate of every positive, for heads and tails, with "
                 "the cross-entropy loss (one matrix product per chunk of --chunk positives; the dot-product models "
                 "DistMult and ComplEx run it fastest)" +
                 families(kg.neg, Rgcn::neg, Authors::neg, El::neg));
    p.option("lr", "X", "learning rate" + families(kg.lr, Rgcn::lr, Authors::lr, El::lr));
}

/// Declares --variant (kbcx train): the variants of each EL model and of rgcn, their defaults first.
inline void add_el_variant_option(ArgParser& p) {
    std::string per_model;
    for (const std::string& m : embed::el_model_names())
        per_model += (per_model.empty() ? "" : "; ") + m + " " + embed::el_variant_list(m);
    per_model += "; rgcn " + embed::el_variant_list("rgcn");
    using A = embed::RgcnAuthorsDefaults;
    p.option("variant", "NAME",
             "EL models: which objective the model name stands for — mowl (mOWL f8b2cb0 as released: its "
             "losses, one negative per GCI2 axiom, one dense Adam step per epoch on the whole set, dim " +
                 default_text(embed::ElReleasedDefaults::dim) + ", lr " + default_text(embed::ElReleasedDefaults::lr) +
                 ", " + default_text(embed::ElReleasedDefaults::epochs) +
                 " epochs; --batch, --neg, --p-bot do not apply and it runs on one thread), paper (ELEmbeddings: mowl "
                 "with GCI3 in the inside form; EmEL++: the same training with r = [ρ]₊, GCI1 without term (iv), "
                 "GCI3 inside, its RI and RC losses and the penalty [−ρ]₊), dele (ELEmbeddings, ELBE and Box2EL as "
                 "DELE 8223535 releases them: GCI3 inside, ⊥ forms by the radius, one negative per axiom of the "
                 "--neg-types forms with the tail corrupted, drawn once for the run, DELE's negative losses, "
                 "ELEm's GCI2 squared when it has negatives, ELBE's margins − γ, ELBE and Box2EL every form "
                 "squared, Box2EL γ 0, δ 2, λ 0.05; one dense Adam step per epoch, lr reduced ×" +
                 default_text(embed::ElDeleDefaults::plateau_factor) + " after " +
                 default_text(embed::ElDeleDefaults::plateau_patience) +
                 " epochs without a lower validation GCI0 loss (--valid), stop after " +
                 default_text(embed::ElDeleDefaults::stop_after) +
                 " such epochs with the best epoch's parameters restored; DELE's ELEm regulariser reads an "
                 "attribute its code never sets, so ELEm dele takes --reg " +
                 default_text(embed::ElDeleDefaults::reg) +
                 " (none); --reg L adds L·|‖c‖ − 1| per class occurrence), kracr (EmEL++ as kracr/EmELpp 267f2c7 "
                 "trains it: GCI1 with term (iv), GCI0 translated by a learned SubClassOf vector, the GCI2 negative "
                 "without a hinge (two per axiom, subject and filler corrupted, drawn once), |[ρ_⊤]₊ − 5| and [−ρ]₊, "
                 "Keras' mse of each sampled row's summed losses; each step --batch " +
                 default_text(embed::ElKracrDefaults::batch) +
                 " axioms of every form drawn with replacement, Adam lr " + default_text(embed::ElKracrDefaults::lr) +
                 ", margin " + default_text(embed::ElKracrDefaults::margin) +
                 "), kbcx (this project's objective with the "
                 "defaults listed at --dim, --batch, --neg, "
                 "--lr). rgcn: authors (MichSchli/RelationPrediction 98dcdf4 as released: each step " +
                 default_text(A::batch) + " neighbourhood-sampled edges (--batch), " +
                 default_text(100 * A::message_fraction) +
                 "% of them passing messages and all of them with --neg negatives each in the BCE, each "
                 "negative weighing 1; decoder L2 --reg " +
                 default_text(A::l2) + ", gradient norm clipped at " + default_text(A::max_grad_norm) +
                 ", self-loop dropout --self-dropout " + default_text(A::self_dropout) +
                 ", normalisation by in-degree per direction, separate weights per direction, input transform "
                 "ReLU(x + b); dim " +
                 default_text(A::dim) + ", " + default_text(A::blocks) + " blocks, Adam " + default_text(A::lr) +
                 "), kbcx (this project's R-GCN: full-graph steps with edge dropout). Per model, the default first: " +
                 per_model);
}

/// The EL training of --model and --variant before any other option (the model's default variant
/// without --variant): embed::el_default_train_params, the one place that composes it. Usage errors
/// name the valid models and variants.
inline embed::ElTrainParams read_el_model(const ArgParser& p) {
    try {
        const std::string name = embed::canonical_el_model_name(p.get("model"));
        const embed::ElVariant v =
            p.has("variant") ? embed::parse_el_variant(p.get("variant")) : embed::default_el_variant(name);
        return embed::el_default_train_params(name, v);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

/// Applies --dim, --batch, --neg, --lr, --margin, --delta, --reg and --neg-types to an EL model and
/// its settings, which start from embed::el_default_train_params; an option not given keeps that
/// default. The released variants refuse --batch (except kracr) and --neg: they set them themselves.
inline void read_el_train_options(const ArgParser& p, embed::ElModelConfig& model, embed::TrainSettings& st) {
    if (p.has("dim")) model.dim = static_cast<int>(parse_count("dim", p.get("dim")));
    if (p.has("margin")) model.margin = static_cast<float>(parse_real("margin", p.get("margin")));
    if (p.has("delta")) model.delta = static_cast<float>(parse_real("delta", p.get("delta")));
    if (p.has("reg")) model.reg = static_cast<float>(parse_real("reg", p.get("reg")));
    if (p.has("neg-types")) {
        if (model.variant != embed::ElVariant::Dele)
            throw UsageError("--neg-types is for --variant dele (DELE's neg_types)");
        try {
            model.neg_forms = embed::parse_neg_forms(p.get("neg-types"));
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--neg-types: ") + e.what());
        }
    }
    const embed::ElVariantTraining t = embed::el_variant_training(model.variant);
    if (model.variant != embed::ElVariant::Kbcx) {
        const std::string v(embed::el_variant_name(model.variant));
        const char* why = model.variant == embed::ElVariant::Kracr
                              ? ": it draws two negatives per GCI2 axiom once, as kracr's loader does"
                          : model.variant == embed::ElVariant::Dele
                              ? ": it trains as DELE does, on the whole set in one step per epoch with one negative "
                                "per axiom of the --neg-types forms"
                              : ": it trains as mOWL does, on the whole set in one step per epoch with one negative "
                                "per GCI2 axiom";
        for (const char* o : {"batch", "neg"}) {
            const bool applies = std::string(o) == "batch" ? t.batch_applies : t.neg_applies;
            if (p.has(o) && !applies)
                throw UsageError("--" + std::string(o) + " does not apply to --variant " + v + why);
        }
    }
    if (p.has("batch")) st.batch = static_cast<int>(parse_count("batch", p.get("batch")));
    if (p.has("neg")) st.neg = static_cast<int>(parse_count("neg", p.get("neg")));
    if (p.has("lr")) st.lr = static_cast<float>(parse_real("lr", p.get("lr")));
}

} // namespace kbcx::cli
