// How entities are shown to the user (CLI output, GUI views): by label, by short name
// (prefix:local) or by full IRI. The one default of the whole program is defined here.
#pragma once

#include <optional>
#include <string_view>

namespace kbcx {

/// Label: the entity's label (rdfs:label, skos:prefLabel, OBO name, English first; a names
/// file for KG ids) when it has one that no other entity shares, else the short name.
/// Short: prefix:local (full <IRI> when no prefix fits). Iri: always the full IRI.
enum class NameStyle { Label, Short, Iri };

inline constexpr NameStyle kDefaultNameStyle = NameStyle::Label;

/// "label", "short" or "iri".
constexpr const char* name_style_name(NameStyle s) {
    return s == NameStyle::Label ? "label" : s == NameStyle::Short ? "short" : "iri";
}

/// The style named by name_style_name(), or nullopt for anything else.
constexpr std::optional<NameStyle> parse_name_style(std::string_view s) {
    if (s == "label") return NameStyle::Label;
    if (s == "short") return NameStyle::Short;
    if (s == "iri") return NameStyle::Iri;
    return std::nullopt;
}

} // namespace kbcx
