// LabelPicker: ranks label candidates by language and property and attaches the winners to
// the signature's label maps.
#include "onto/labels.hpp"

#include "onto/axiom_tree.hpp"

#include <cctype>

namespace kbcx::onto {

namespace {

int language_rank(std::string_view lang) {
    if (lang.empty()) return 1;
    const bool en = lang.size() >= 2 && std::tolower(static_cast<unsigned char>(lang[0])) == 'e' &&
                    std::tolower(static_cast<unsigned char>(lang[1])) == 'n' && (lang.size() == 2 || lang[2] == '-');
    return en ? 0 : 2;
}

/// Whether an IRI's local name (after '#' or the last '/') says nothing to a reader: it has a
/// run of four or more digits (GO_0005244, n12345) or no letter at all.
bool opaque_local_name(std::string_view iri) {
    const std::size_t cut = iri.find_last_of("#/");
    const std::string_view local = cut == std::string_view::npos ? iri : iri.substr(cut + 1);
    bool letter = false;
    int digits = 0;
    for (char ch : local) {
        const auto c = static_cast<unsigned char>(ch);
        letter = letter || std::isalpha(c);
        digits = std::isdigit(c) ? digits + 1 : 0;
        if (digits >= 4) return true;
    }
    return !letter;
}

} // namespace

bool LabelPicker::is_label_property(std::string_view property_iri) {
    return property_iri == kRdfsLabelIri || property_iri == kSkosPrefLabelIri;
}

void LabelPicker::offer(const std::string& iri, std::string_view property_iri, std::string_view text,
                        std::string_view lang) {
    if (text.empty() || !is_label_property(property_iri)) return;
    const int rank = language_rank(lang) * 2 + (property_iri == kRdfsLabelIri ? 0 : 1);
    auto [it, fresh] = best_.try_emplace(iri);
    if (fresh || rank < it->second.rank) {
        it->second = Choice{std::string(text), rank};
        changed_.push_back(iri);
    }
}

void LabelPicker::attach_one(Signature& sig, const std::string& iri, const std::string& text) const {
    if (auto c = sig.concepts.find(iri); c != kg::kNoId) sig.concept_labels[c] = text;
    if (auto r = sig.roles.find(iri); r != kg::kNoId) sig.role_labels[r] = text;
    if (auto a = sig.individuals.find(iri); a != kg::kNoId) sig.individual_labels[a] = text;
}

bool LabelPicker::shown(const std::string& iri, const Choice& choice) {
    // A label in another language than English (and untagged) is shown only where the IRI's
    // own name is unreadable: Pizza's CaperTopping stays CaperTopping rather than its only
    // label, the Portuguese "CoberturaDeCaper", as Protégé shows it.
    return choice.rank < 4 || opaque_local_name(iri);
}

void LabelPicker::attach(Signature& sig) const {
    for (const auto& [iri, choice] : best_)
        if (shown(iri, choice)) attach_one(sig, iri, choice.text);
}

void LabelPicker::attach_changed(Signature& sig) {
    for (const std::string& iri : changed_) {
        const Choice& choice = best_.at(iri);
        if (shown(iri, choice)) attach_one(sig, iri, choice.text);
    }
    changed_.clear();
}

} // namespace kbcx::onto
