// Format detection and whole-file loading for the ontology readers (gzip handled by the
// byte source), plus the ontology-vs-KG sniffing used by `kbcx info`.
#include "kg/text_scan.hpp"
#include "onto/readers.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "common/text.hpp"
#include "kg/byte_source.hpp"
#include "onto/text_syntax.hpp"

#include <algorithm>
#include <cctype>

namespace kbcx::onto {

namespace {
std::string extension(std::string_view path) {
    std::string p = ascii_lower(path);
    if (p.ends_with(".gz")) p.resize(p.size() - 3);
    const std::size_t dot = p.find_last_of('.'), slash = p.find_last_of('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    return p.substr(dot + 1);
}
} // namespace

std::string_view onto_format_name(OntoFormat f) {
    switch (f) {
    case OntoFormat::Auto: return "auto";
    case OntoFormat::Functional: return "ofn";
    case OntoFormat::OwlXml: return "owx";
    case OntoFormat::RdfXml: return "rdfxml";
    case OntoFormat::Turtle: return "ttl";
    case OntoFormat::NTriples: return "nt";
    case OntoFormat::Obo: return "obo";
    case OntoFormat::Text: return "text";
    }
    return "?";
}

OntoFormat parse_onto_format(std::string_view name) {
    for (OntoFormat f : {OntoFormat::Auto, OntoFormat::Functional, OntoFormat::OwlXml, OntoFormat::RdfXml,
                         OntoFormat::Turtle, OntoFormat::NTriples, OntoFormat::Obo, OntoFormat::Text})
        if (onto_format_name(f) == name) return f;
    throw InputError("--format", "unknown ontology format '" + std::string(name) +
                                     "' (auto, ofn, owx, rdfxml, ttl, nt, obo, text)");
}

OntoFormat detect_onto_format(std::string_view path, std::string_view head) {
    const std::string ext = extension(path);
    if (ext == "ofn" || ext == "fss") return OntoFormat::Functional;
    if (ext == "owx") return OntoFormat::OwlXml;
    if (ext == "obo") return OntoFormat::Obo;
    if (ext == "nt") return OntoFormat::NTriples;
    if (ext == "ttl") return OntoFormat::Turtle;
    if (ext == "kbo" || ext == "txt" || ext == "axioms") return OntoFormat::Text;
    std::size_t i = 0;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    const std::string_view h = head.substr(i);
    if (h.starts_with("Prefix(") || h.starts_with("Ontology(") || h.starts_with("Prefix ("))
        return OntoFormat::Functional;
    if (h.find("<Ontology") != std::string_view::npos &&
        h.find("http://www.w3.org/2002/07/owl#") != std::string_view::npos &&
        h.find("<rdf:RDF") == std::string_view::npos)
        return OntoFormat::OwlXml;
    if (h.starts_with("<") && (h.find("<rdf:RDF") != std::string_view::npos || h.starts_with("<?xml")))
        return OntoFormat::RdfXml;
    if (h.starts_with("format-version:") || h.find("\n[Term]") != std::string_view::npos) return OntoFormat::Obo;
    if (h.starts_with("@prefix") || h.starts_with("PREFIX")) return OntoFormat::Turtle;
    if (ext == "owl" || ext == "rdf" || ext == "xml") return OntoFormat::RdfXml;
    if (h.starts_with("<")) return OntoFormat::NTriples;
    return OntoFormat::Text;
}

bool looks_like_ontology(const std::string& path) {
    const std::string ext = extension(path);
    if (ext == "ofn" || ext == "owx" || ext == "obo" || ext == "fss" || ext == "kbo") return true;
    std::string head;
    try {
        head = kg::peek_file(path, 1 << 16);
    } catch (...) {
        return false;
    }
    std::size_t i = 0;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    const std::string_view h = std::string_view(head).substr(i);
    if (h.starts_with("Prefix(") || h.starts_with("Ontology(") || h.starts_with("format-version:")) return true;
    return h.find("owl#Ontology") != std::string_view::npos || h.find("owl:Ontology") != std::string_view::npos ||
           h.find("owl#Class") != std::string_view::npos || h.find("owl:Class") != std::string_view::npos ||
           h.find("<Ontology") != std::string_view::npos;
}

namespace {
void dispatch(std::string_view text, OntoFormat f, const std::string& name, Ontology& o) {
    switch (f) {
    case OntoFormat::Functional: read_functional(text, name, o); break;
    case OntoFormat::OwlXml: read_owlxml(text, name, o); break;
    case OntoFormat::Obo: read_obo(text, name, o); break;
    case OntoFormat::RdfXml:
    case OntoFormat::Turtle:
    case OntoFormat::NTriples: read_owl_rdf(text, f, name, o); break;
    case OntoFormat::Text: read_text_into(text, name, o); break;
    case OntoFormat::Auto: break;
    }
}
} // namespace

Ontology load_ontology(const std::string& path, jobs::JobContext& ctx, OntoFormat format, OntoLoadStats* stats) {
    Stopwatch sw;
    auto src = kg::open_file_source(path);
    std::string text;
    std::vector<char> buf(1 << 20);
    for (;;) {
        const std::size_t n = src->read(buf.data(), buf.size());
        if (n == 0) break;
        text.append(buf.data(), n);
        ctx.throw_if_stopped();
    }
    kg::check_text(text, path);
    if (format == OntoFormat::Auto) format = detect_onto_format(path, std::string_view(text).substr(0, 4096));
    ctx.report(0, 0, "Parsing " + path, true);
    Ontology o;
    o.source = path;
    dispatch(text, format, path, o);
    if (stats) {
        stats->path = path;
        stats->format = format;
        stats->bytes = text.size();
        stats->seconds = sw.seconds();
    }
    return o;
}

Ontology load_ontology_text(const std::string& name, std::string_view text, OntoFormat format) {
    if (format == OntoFormat::Auto) format = detect_onto_format(name, text.substr(0, 4096));
    Ontology o;
    o.source = name;
    dispatch(text, format, name, o);
    return o;
}

} // namespace kbcx::onto
