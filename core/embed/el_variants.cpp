// The EL models' names and variants (el_models.hpp): canonical names, each model's variants and
// their training defaults, the negative forms, and each model's default configuration.
#include "embed/el_models.hpp"

#include "common/text.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace kbcx::embed {

std::string_view nf_kind_name(NfKind kind) {
    switch (kind) {
    case NfKind::GCI0: return "GCI0";
    case NfKind::GCI0_BOT: return "GCI0_BOT";
    case NfKind::GCI1: return "GCI1";
    case NfKind::GCI1_BOT: return "GCI1_BOT";
    case NfKind::GCI2: return "GCI2";
    case NfKind::GCI3: return "GCI3";
    case NfKind::GCI3_BOT: return "GCI3_BOT";
    case NfKind::RI: return "RI";
    case NfKind::ClassAssertion: return "CA";
    case NfKind::RoleAssertion: return "RA";
    case NfKind::RC: return "RC";
    }
    return "?";
}

const std::vector<std::string>& el_model_names() {
    static const std::vector<std::string> names = {"ELEmbeddings", "ELEmbeddings-iv", "EmEL++", "ELBE", "Box2EL"};
    return names;
}

std::string canonical_el_model_name(std::string_view name) {
    const std::string n = ascii_lower(name);
    if (n == "elembeddings" || n == "elem") return "ELEmbeddings";
    if (n == "elembeddings-iv" || n == "elem-iv") return "ELEmbeddings-iv";
    if (n == "emel++" || n == "emelpp" || n == "emel") return "EmEL++";
    if (n == "elbe" || n == "elboxembedding") return "ELBE";
    if (n == "box2el" || n == "box²el" || n == "boxsquaredel") return "Box2EL";
    throw std::invalid_argument("unknown EL model '" + std::string(name) +
                                "' (ELEmbeddings, ELEmbeddings-iv, EmEL++, ELBE, Box2EL)");
}

bool is_el_model_name(std::string_view name) {
    try {
        canonical_el_model_name(name);
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

std::string_view el_variant_name(ElVariant v) {
    switch (v) {
    case ElVariant::Kbcx: return "kbcx";
    case ElVariant::Mowl: return "mowl";
    case ElVariant::Paper: return "paper";
    case ElVariant::Authors: return "authors";
    case ElVariant::Dele: return "dele";
    case ElVariant::Kracr: return "kracr";
    }
    return "?";
}

ElVariant parse_el_variant(std::string_view name) {
    const std::string n = ascii_lower(name);
    if (n == "kbcx") return ElVariant::Kbcx;
    if (n == "mowl") return ElVariant::Mowl;
    if (n == "paper") return ElVariant::Paper;
    if (n == "authors") return ElVariant::Authors;
    if (n == "dele") return ElVariant::Dele;
    if (n == "kracr") return ElVariant::Kracr;
    throw std::invalid_argument("unknown variant '" + std::string(name) +
                                "' (kbcx, mowl, paper, dele, kracr, authors)");
}

const std::vector<ElVariant>& el_variants(const std::string& name) {
    static const std::vector<ElVariant> elem = {ElVariant::Paper, ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> emel = {ElVariant::Paper, ElVariant::Kracr, ElVariant::Kbcx};
    static const std::vector<ElVariant> elbe = {ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> box = {ElVariant::Mowl, ElVariant::Dele, ElVariant::Kbcx};
    static const std::vector<ElVariant> rgcn = {ElVariant::Authors, ElVariant::Kbcx};
    static const std::vector<ElVariant> own = {ElVariant::Kbcx};
    if (name == "rgcn") return rgcn;
    if (name == "ELEmbeddings") return elem;
    if (name == "EmEL++") return emel;
    if (name == "ELBE") return elbe;
    if (name == "Box2EL") return box;
    return own;
}

ElVariant default_el_variant(const std::string& name) {
    return el_variants(name).front();
}

std::string el_variant_list(const std::string& name) {
    std::string s;
    for (ElVariant v : el_variants(name))
        s += (s.empty() ? "" : ", ") + std::string(el_variant_name(v));
    return s;
}

ElVariantTraining el_variant_training(ElVariant v) {
    ElVariantTraining t;
    switch (v) {
    case ElVariant::Kbcx:
    case ElVariant::Authors: break;
    case ElVariant::Mowl:
    case ElVariant::Paper:
    case ElVariant::Dele:
        t.epochs = ElReleasedDefaults::epochs;
        t.batch = 1; // unused: one step on the whole set
        t.neg = ElReleasedDefaults::neg;
        t.lr = ElReleasedDefaults::lr;
        t.batch_applies = t.neg_applies = false;
        break;
    case ElVariant::Kracr:
        t.epochs = ElKracrDefaults::epochs;
        t.batch = ElKracrDefaults::batch;
        t.neg = 2;
        t.lr = ElKracrDefaults::lr;
        t.neg_applies = false;
        break;
    }
    return t;
}

std::uint32_t parse_neg_forms(std::string_view list) {
    static const std::pair<const char*, NfKind> names[] = {
        {"gci0", NfKind::GCI0},        {"gci1", NfKind::GCI1},         {"gci2", NfKind::GCI2},
        {"gci3", NfKind::GCI3},        {"gci0_bot", NfKind::GCI0_BOT}, {"gci1_bot", NfKind::GCI1_BOT},
        {"gci3_bot", NfKind::GCI3_BOT}};
    const std::string l = ascii_lower(list);
    if (l == "none" || l.empty()) return 0;
    std::uint32_t mask = 0;
    std::size_t pos = 0;
    while (pos <= l.size()) {
        const std::size_t comma = l.find(',', pos);
        const std::string item = l.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        bool found = false;
        for (const auto& [n, k] : names)
            if (item == n) mask |= 1u << static_cast<int>(k), found = true;
        if (!found)
            throw std::invalid_argument("unknown normal form '" + item +
                                        "' (gci0, gci1, gci2, gci3, gci0_bot, gci1_bot, gci3_bot, none)");
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    return mask;
}

std::string neg_forms_text(std::uint32_t mask) {
    std::string s;
    for (int k = 0; k < kNfKinds; ++k)
        if (mask & (1u << k)) s += (s.empty() ? "" : ",") + ascii_lower(nf_kind_name(static_cast<NfKind>(k)));
    return s.empty() ? "none" : s;
}

ElModelConfig default_el_config(const std::string& name, ElVariant variant) {
    const auto& vs = el_variants(name);
    if (std::find(vs.begin(), vs.end(), variant) == vs.end())
        throw std::invalid_argument(name + " has no variant '" + std::string(el_variant_name(variant)) +
                                    "' (valid: " + el_variant_list(name) + ")");
    ElModelConfig c;
    c.name = name;
    c.variant = variant;
    c.dim = variant == ElVariant::Kbcx ? ElTrainDefaults::dim : ElReleasedDefaults::dim;
    if (variant == ElVariant::Dele) c.neg_forms = ElDeleDefaults::neg_forms;
    if (name == "ELEmbeddings" || name == "ELEmbeddings-iv") {
        c.margin = 0.0f; // mowl's default (the original used −0.1)
        c.reg = variant == ElVariant::Dele ? static_cast<float>(ElDeleDefaults::reg) : 1.0f;
    } else if (name == "EmEL++") {
        c.margin = variant == ElVariant::Paper   ? 0.0f // mOWL's ELEm margin
                   : variant == ElVariant::Kracr ? static_cast<float>(ElKracrDefaults::margin)
                                                 : 0.05f;
        c.reg = 1.0f;
    } else if (name == "ELBE") {
        c.margin = 0.0f;
        c.delta = 2.0f; // the original's (ℓ_neg − 2)²
        c.reg = 0.0f;
    } else if (name == "Box2EL" && variant == ElVariant::Dele) {
        c.margin = 0.0f; // DELE's defaults: γ 0, δ 2, λ 0.05
        c.delta = 2.0f;
        c.reg = 0.05f;
    } else if (name == "Box2EL") {
        c.margin = 0.02f; // mowl defaults: γ 0.02, δ 2.5, λ 0.2
        c.delta = 2.5f;
        c.reg = 0.2f;
    }
    return c;
}

} // namespace kbcx::embed
