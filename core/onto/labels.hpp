// Choice of one display label per entity among its rdfs:label and skos:prefLabel annotations
// (any language), shared by the OFN, OWL/XML and RDF readers: English first, then untagged.
#pragma once

#include "onto/ontology.hpp"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kbcx::onto {

inline constexpr const char* kSkosPrefLabelIri = "http://www.w3.org/2004/02/skos/core#prefLabel";

/// Collects label candidates by IRI and keeps the best one: a language of "en" or "en-…"
/// beats no language tag, which beats any other language; at equal language rdfs:label beats
/// skos:prefLabel; at equal rank the first one read stays. A label in any other language is
/// attached only to an entity whose IRI local name is opaque (a run of 4 digits, or no letter).
class LabelPicker {
  public:
    /// True for the annotation properties that give labels (rdfs:label, skos:prefLabel).
    static bool is_label_property(std::string_view property_iri);
    /// Offers `text` in language `lang` ("" if untagged) as the label of `iri` via `property_iri`.
    void offer(const std::string& iri, std::string_view property_iri, std::string_view text, std::string_view lang);
    /// Sets the chosen label of every collected IRI that names a class, property or individual.
    void attach(Signature& sig) const;
    /// Like attach, for the IRIs whose choice changed since the last call only (a document that
    /// attaches after each annotation stays linear).
    void attach_changed(Signature& sig);
    void clear() {
        best_.clear();
        changed_.clear();
    }

  private:
    struct Choice {
        std::string text;
        int rank = 0; ///< lower is better
    };
    static bool shown(const std::string& iri, const Choice& choice);
    void attach_one(Signature& sig, const std::string& iri, const std::string& text) const;
    std::unordered_map<std::string, Choice> best_;
    std::vector<std::string> changed_;
};

} // namespace kbcx::onto
