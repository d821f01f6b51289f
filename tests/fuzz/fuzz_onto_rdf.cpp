// libFuzzer target: ontologies in RDF/XML, Turtle and N-Triples through raptor2 and the OWL 2
// RDF-to-structure mapping; the syntax is chosen from the content as load_ontology does.
#include "fuzz_common.hpp"
#include "fuzz_onto_after.hpp"
#include "onto/readers.hpp"

KBCX_FUZZ_TARGET({
    using kbcx::onto::OntoFormat;
    OntoFormat format = kbcx::onto::detect_onto_format("fuzz-input", text.substr(0, 4096));
    if (format != OntoFormat::RdfXml && format != OntoFormat::NTriples) format = OntoFormat::Turtle;
    kbcx::onto::Ontology onto;
    kbcx::onto::read_owl_rdf(text, format, "fuzz-input", onto);
    kbcx::fuzz::after_parse(onto);
})
