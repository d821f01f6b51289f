// Loading ontologies: OWL 2 functional syntax, OWL/XML, RDF/XML, Turtle, N-Triples (OWL 2
// RDF mapping), OBO 1.4 and the axiom text syntax; format sniffing; gzip read transparently.
#pragma once

#include "common/job.hpp"
#include "onto/ontology.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace kbcx::onto {

enum class OntoFormat { Auto, Functional, OwlXml, RdfXml, Turtle, NTriples, Obo, Text };

std::string_view onto_format_name(OntoFormat f);
/// "auto", "ofn", "owx", "rdfxml", "ttl", "nt", "obo", "text"; throws InputError otherwise.
OntoFormat parse_onto_format(std::string_view name);
/// Format by extension (a trailing .gz ignored), then by the first bytes.
OntoFormat detect_onto_format(std::string_view path, std::string_view head);

/// True if `path` looks like an ontology rather than a KG triple file: .ofn/.owx/.obo/.omn/.kbo
/// extensions, functional-syntax or OWL/XML content, or RDF whose first 64 KiB mention
/// owl:Ontology or owl:Class. Never throws for unreadable files (returns false).
bool looks_like_ontology(const std::string& path);

struct OntoLoadStats {
    std::string path;
    OntoFormat format = OntoFormat::Auto;
    std::uint64_t bytes = 0; ///< bytes parsed (uncompressed)
    double seconds = 0.0;
};

/// Loads an ontology file (any format above, optionally .gz). Throws InputError with file,
/// line and column on bad input and kbcx::Cancelled when the job is stopped.
Ontology load_ontology(const std::string& path, jobs::JobContext& ctx, OntoFormat format = OntoFormat::Auto,
                       OntoLoadStats* stats = nullptr);
/// Same for an in-memory document; `name` is used in messages and for format detection.
Ontology load_ontology_text(const std::string& name, std::string_view text, OntoFormat format = OntoFormat::Auto);

// Per-format entry points (append to `onto`); `file` names the input in error messages.
void read_functional(std::string_view text, const std::string& file, Ontology& onto);
void read_owlxml(std::string_view text, const std::string& file, Ontology& onto);
void read_obo(std::string_view text, const std::string& file, Ontology& onto);
/// RDF/XML, Turtle or N-Triples through raptor2, then the OWL 2 RDF-to-structure mapping.
void read_owl_rdf(std::string_view text, OntoFormat format, const std::string& file, Ontology& onto);

} // namespace kbcx::onto
