// Helpers shared by the ontology subcommands (info, normalise, classify, status, sample, eval):
// loading with a progress bar, writing to --out or stdout, showing axiom texts by --names.
#pragma once

#include "cli.hpp"

#include "common/error.hpp"
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"

#include <memory>
#include <optional>

#include <fstream>
#include <ostream>
#include <string>

namespace kbcx::cli {

inline onto::Ontology load_onto_cli(const std::string& path, const std::string& format, bool quiet,
                                    onto::OntoLoadStats* stats = nullptr) {
    TerminalProgress progress(quiet);
    jobs::JobContext ctx(interrupt_token(), progress.sink());
    onto::Ontology o = onto::load_ontology(path, ctx, onto::parse_onto_format(format), stats);
    progress.finish();
    return o;
}

/// Shows axiom texts read from elsewhere (a tests file) in a NameStyle by parsing them against
/// an ontology; a text it cannot parse, or any text when there is no ontology, is shown as is.
class AxiomRenderer {
  public:
    AxiomRenderer() = default;
    AxiomRenderer(onto::Ontology onto, NameStyle style) : onto_(std::make_unique<onto::Ontology>(std::move(onto))) {
        writer_.emplace(*onto_, style);
        onto::TextParseOptions opt;
        opt.allow_new_names = false;
        parser_ = std::make_unique<onto::TextParser>(*onto_, "axiom", opt);
    }
    std::string show(std::string_view text) const {
        if (!parser_) return std::string(text);
        try {
            std::string s = writer_->axiom(parser_->parse_axiom(text));
            return s.find('\n') == std::string::npos ? s : std::string(text);
        } catch (const InputError&) {
            return std::string(text);
        }
    }

  private:
    std::unique_ptr<onto::Ontology> onto_;
    std::optional<onto::TextWriter> writer_;
    std::unique_ptr<onto::TextParser> parser_;
};

/// Opens --out (or returns nullptr for stdout); throws InputError if it cannot be written.
inline std::unique_ptr<std::ofstream> open_out(const std::string& path) {
    if (path.empty() || path == "-") return nullptr;
    auto f = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
    if (!*f) throw InputError(path, "cannot open for writing");
    return f;
}

inline constexpr const char* kOntoFormatsHelp =
    "input formats (by extension, then content; .gz read directly):\n"
    "  ofn     OWL 2 functional syntax        owx     OWL/XML\n"
    "  rdfxml  RDF/XML (.owl, .rdf)           ttl/nt  Turtle / N-Triples (OWL 2 RDF mapping)\n"
    "  obo     OBO 1.4                        text    axiom text syntax (.kbo), one axiom per line:\n"
    "    Class: A B   ObjectProperty: r   Individual: a   Prefix: ex: <http://ex.org/>\n"
    "    A SubClassOf B            A and B SubClassOf owl:Nothing     A SubClassOf r some B\n"
    "    r some A SubClassOf B     A EquivalentTo B and r some C      A DisjointWith B\n"
    "    r SubPropertyOf s         r o s SubPropertyOf t              r Domain A    r Range A\n"
    "    A(a)                      r(a,b)                             # comment\n"
    "    any axiom in functional syntax, e.g. SubClassOf(ex:A ObjectSomeValuesFrom(ex:r ex:B))\n";

} // namespace kbcx::cli
