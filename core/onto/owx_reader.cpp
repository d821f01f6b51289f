// OWL/XML reader on libxml2's streaming xmlTextReader (no network, no DTD loading, no entity
// substitution): each child of <Ontology> becomes a structural tree for AxiomBuilder.
#include "onto/axiom_tree.hpp"
#include "onto/readers.hpp"

#include "common/error.hpp"

#include <libxml/xmlreader.h>

#include <memory>
#include <optional>
#include <unordered_map>

namespace kbcx::onto {

namespace {

struct ErrState {
    std::optional<InputError> error;
    std::string file;
};

void on_error(void* arg, const xmlError* err) {
    auto* st = static_cast<ErrState*>(arg);
    if (st->error || !err || err->level < XML_ERR_ERROR) return;
    std::string msg = err->message ? err->message : "XML error";
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
        msg.pop_back();
    st->error.emplace(st->file, err->line > 0 ? static_cast<std::size_t>(err->line) : 0,
                      err->int2 > 0 ? static_cast<std::size_t>(err->int2) : 0, msg);
}

void on_error_compat(void* arg, xmlErrorPtr err) {
    on_error(arg, err);
}

std::string str(const xmlChar* s) {
    return s ? reinterpret_cast<const char*>(s) : "";
}

struct ReaderDeleter {
    void operator()(xmlTextReaderPtr r) const { xmlFreeTextReader(r); }
};

} // namespace

void read_owlxml(std::string_view text, const std::string& file, Ontology& onto) {
    if (text.size() > static_cast<std::size_t>(INT32_MAX))
        throw InputError(file, "file too large for the OWL/XML reader");
    // Refuse DOCTYPE entity declarations outright: no external or internal entity expansion.
    if (text.substr(0, std::min<std::size_t>(text.size(), 1 << 16)).find("<!ENTITY") != std::string_view::npos)
        throw InputError(file, "XML entity declarations are not allowed in OWL/XML input");
    ErrState st;
    st.file = file;
    std::unique_ptr<xmlTextReader, ReaderDeleter> rd(
        xmlReaderForMemory(text.data(), static_cast<int>(text.size()), nullptr, nullptr,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES));
    if (!rd) throw InputError(file, "cannot create the XML reader");
    xmlTextReaderSetStructuredErrorHandler(rd.get(), on_error_compat, &st);
    AxiomBuilder builder(onto, file);
    std::unordered_map<std::string, std::string> prefixes{{"owl", kOwlNs},
                                                          {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
                                                          {"rdfs", "http://www.w3.org/2000/01/rdf-schema#"},
                                                          {"xsd", "http://www.w3.org/2001/XMLSchema#"}};
    std::string base;
    std::vector<SNode> stack;
    bool in_ontology = false;
    auto resolve = [&](const std::string& iri) -> std::string {
        const std::size_t colon = iri.find(':');
        const std::size_t slash = iri.find('/');
        if (colon != std::string::npos && (slash == std::string::npos || colon < slash)) return iri;
        if (iri.starts_with('#')) {
            std::string b = base;
            if (const std::size_t h = b.find('#'); h != std::string::npos) b.resize(h);
            return b + iri;
        }
        return base + iri;
    };
    auto expand = [&](const std::string& ab) -> std::string {
        const std::size_t colon = ab.find(':');
        const std::string p = colon == std::string::npos ? "" : ab.substr(0, colon);
        auto it = prefixes.find(p);
        if (it == prefixes.end())
            throw InputError(file, static_cast<std::size_t>(xmlTextReaderGetParserLineNumber(rd.get())), 0,
                             "unknown prefix '" + p + ":' in abbreviatedIRI '" + ab + "'");
        return it->second + ab.substr(colon + 1);
    };
    auto finish_node = [&]() {
        SNode n = std::move(stack.back());
        stack.pop_back();
        if (n.tag == "Literal") {
            n.kind = SNode::Kind::Literal;
        } else if (n.tag == "IRI") {
            n.kind = SNode::Kind::Iri;
            n.text = resolve(n.text);
        } else if (n.tag == "AbbreviatedIRI") {
            n.kind = SNode::Kind::Iri;
            n.text = expand(n.text);
        }
        if (stack.empty())
            builder.add(n);
        else
            stack.back().kids.push_back(std::move(n));
    };
    int ret;
    std::size_t count = 0;
    while ((ret = xmlTextReaderRead(rd.get())) == 1) {
        const int type = xmlTextReaderNodeType(rd.get());
        if (type == XML_READER_TYPE_ELEMENT) {
            const std::string name = str(xmlTextReaderConstLocalName(rd.get()));
            const bool empty = xmlTextReaderIsEmptyElement(rd.get());
            if (!in_ontology) {
                if (name != "Ontology") throw InputError(file, 1, 1, "not OWL/XML: the root element is <" + name + ">");
                in_ontology = true;
                auto attr = [&](const char* a) {
                    xmlChar* v = xmlTextReaderGetAttribute(rd.get(), BAD_CAST a);
                    std::string out = str(v);
                    xmlFree(v);
                    return out;
                };
                base = attr("xml:base");
                onto.iri = attr("ontologyIRI");
                if (base.empty()) base = onto.iri;
                continue;
            }
            if (stack.empty() && name == "Prefix") {
                xmlChar* pn = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "name");
                xmlChar* pi = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "IRI");
                prefixes[str(pn)] = str(pi);
                onto.sig.prefixes.add(str(pn), str(pi));
                xmlFree(pn);
                xmlFree(pi);
                if (!empty) xmlTextReaderNext(rd.get());
                continue;
            }
            SNode n;
            n.kind = SNode::Kind::Element;
            n.tag = name;
            // The element's own line (the parser's position may already be further on, as it
            // reads ahead); the column is the parser's, exact only when it has not moved on.
            const xmlNodePtr current = xmlTextReaderCurrentNode(rd.get());
            const long node_line = current ? xmlGetLineNo(current) : -1;
            const int parser_line = xmlTextReaderGetParserLineNumber(rd.get());
            n.line = static_cast<std::uint32_t>(node_line > 0 ? node_line : parser_line);
            n.column = node_line <= 0 || node_line == parser_line
                           ? static_cast<std::uint32_t>(xmlTextReaderGetParserColumnNumber(rd.get()))
                           : 1;
            // Copy and free each attribute before resolving it: resolve/expand may throw.
            if (xmlChar* a = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "IRI")) {
                const std::string iri = str(a);
                xmlFree(a);
                n.text = resolve(iri);
            } else if (xmlChar* b = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "abbreviatedIRI")) {
                const std::string abbreviated = str(b);
                xmlFree(b);
                n.text = expand(abbreviated);
            } else if (xmlChar* c = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "nodeID")) {
                n.text = "_:" + str(c);
                xmlFree(c);
            }
            if (name == "Literal") {
                if (xmlChar* lang = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "xml:lang")) {
                    n.lang = str(lang);
                    xmlFree(lang);
                }
            }
            if (xmlChar* card = xmlTextReaderGetAttribute(rd.get(), BAD_CAST "cardinality")) {
                SNode k;
                k.kind = SNode::Kind::Number;
                k.text = str(card);
                k.line = n.line;
                k.column = n.column;
                n.kids.push_back(std::move(k));
                xmlFree(card);
            }
            stack.push_back(std::move(n));
            if (empty) finish_node();
            if ((++count & 4095) == 0 && st.error) break;
        } else if (type == XML_READER_TYPE_END_ELEMENT) {
            if (!stack.empty()) finish_node();
        } else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
                   type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) {
            if (!stack.empty()) {
                SNode& top = stack.back();
                if (top.tag == "Literal" || top.tag == "IRI" || top.tag == "AbbreviatedIRI") {
                    std::string t = str(xmlTextReaderConstValue(rd.get()));
                    if (top.tag != "Literal") {
                        std::size_t b = t.find_first_not_of(" \t\r\n"), e = t.find_last_not_of(" \t\r\n");
                        t = b == std::string::npos ? "" : t.substr(b, e - b + 1);
                    }
                    top.text += t;
                }
            }
        }
    }
    if (st.error) throw *st.error;
    if (ret < 0)
        throw InputError(file, static_cast<std::size_t>(xmlTextReaderGetParserLineNumber(rd.get())), 0,
                         "XML syntax error");
    if (!in_ontology) throw InputError(file, "not OWL/XML: no <Ontology> element");
    if (!stack.empty()) throw InputError(file, "truncated OWL/XML: elements are not closed");
    builder.finish();
}

} // namespace kbcx::onto
