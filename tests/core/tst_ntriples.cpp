// Tests of the N-Triples parser: random documents (escapes, blank nodes, literals with language
// tags and datatypes, comments, CRLF) against raptor2's reading, and errors with line and column.
#include "common/error.hpp"
#include "kg/ntriples.hpp"
#include "onto/readers.hpp"

#include <QTest>

#include <raptor2.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

using namespace kbcx;

namespace {

/// A triple rendered canonically: kind letter + text (+ ^^datatype / @lang) per term.
std::string term_key(char kind, std::string_view text, std::string_view dt, std::string_view lang) {
    std::string k(1, kind);
    k += text;
    if (!dt.empty()) k += "^^" + std::string(dt);
    if (!lang.empty()) { // language tags compare case-insensitively (raptor2 lowercases them)
        k += "@";
        for (char c : lang)
            k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return k;
}

struct Collect final : kg::NtHandler {
    std::vector<std::string> triples;
    void triple(const kg::NtTerm& s, const kg::NtTerm& p, const kg::NtTerm& o) override {
        auto key = [](const kg::NtTerm& t) {
            const char k = t.kind == kg::NtTerm::Iri ? 'I' : t.kind == kg::NtTerm::Blank ? 'B' : 'L';
            return term_key(k, t.kind == kg::NtTerm::Blank ? t.text.substr(2) : t.text, t.datatype, t.language);
        };
        triples.push_back(key(s) + " " + key(p) + " " + key(o));
    }
};

std::string raptor_key(raptor_term* t) {
    switch (t->type) {
    case RAPTOR_TERM_TYPE_URI:
        return term_key('I', reinterpret_cast<const char*>(raptor_uri_as_string(t->value.uri)), {}, {});
    case RAPTOR_TERM_TYPE_BLANK:
        return term_key(
            'B', std::string_view(reinterpret_cast<const char*>(t->value.blank.string), t->value.blank.string_len), {},
            {});
    case RAPTOR_TERM_TYPE_LITERAL: {
        const auto& l = t->value.literal;
        std::string dt = l.datatype ? reinterpret_cast<const char*>(raptor_uri_as_string(l.datatype)) : "";
        std::string lang = l.language ? std::string(reinterpret_cast<const char*>(l.language), l.language_len) : "";
        return term_key('L', std::string_view(reinterpret_cast<const char*>(l.string), l.string_len), dt, lang);
    }
    default: return "?";
    }
}

std::vector<std::string> with_raptor(const std::string& doc) {
    std::vector<std::string> out;
    raptor_world* w = raptor_new_world();
    raptor_world_open(w);
    raptor_parser* p = raptor_new_parser(w, "ntriples");
    raptor_parser_set_statement_handler(p, &out, [](void* ud, raptor_statement* st) {
        static_cast<std::vector<std::string>*>(ud)->push_back(raptor_key(st->subject) + " " +
                                                              raptor_key(st->predicate) + " " + raptor_key(st->object));
    });
    raptor_uri* base = raptor_new_uri(w, reinterpret_cast<const unsigned char*>("http://example.org/base"));
    raptor_parser_parse_start(p, base);
    raptor_parser_parse_chunk(p, reinterpret_cast<const unsigned char*>(doc.data()), doc.size(), 1);
    raptor_free_uri(base);
    raptor_free_parser(p);
    raptor_free_world(w);
    return out;
}

std::string random_doc(std::mt19937& rng, std::size_t lines) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const char* iris[] = {"http://ex.org/a",
                          "http://ex.org/b#c",
                          "urn:x:1",
                          "http://ex.org/caf\\u00E9",
                          "http://ex.org/\\U0001F600x",
                          "http://ex.org/p",
                          "http://www.w3.org/2000/01/rdf-schema#label"};
    const char* lits[] = {"plain",         "with \\\"quotes\\\"", "tab\\there", "line\\nbreak",
                          "back\\\\slash", "caf\\u00E9",          "",           "x\\U0001F600y",
                          "apostrophe's",  "\xC3\xA9t\xC3\xA9"};
    const char* blanks[] = {"_:b1", "_:node-2", "_:x.y", "_:B_3"};
    std::string doc;
    for (std::size_t i = 0; i < lines; ++i) {
        if (pick(8) == 0) {
            doc += pick(2) ? "# a comment <not> \"parsed\"\n" : "\n";
            continue;
        }
        const std::string ws = pick(3) == 0 ? "\t " : " ";
        doc += pick(4) == 0 ? std::string(blanks[pick(4)]) : "<" + std::string(iris[pick(7)]) + ">";
        doc += ws + "<" + iris[pick(7)] + ">" + ws;
        const int k = pick(3);
        if (k == 0)
            doc += "<" + std::string(iris[pick(7)]) + ">";
        else if (k == 1)
            doc += blanks[pick(4)];
        else {
            doc += "\"" + std::string(lits[pick(10)]) + "\"";
            const int suffix = pick(3);
            if (suffix == 1) doc += "@en-GB";
            if (suffix == 2) doc += "^^<http://www.w3.org/2001/XMLSchema#string>";
        }
        // raptor2 2.0.15 reads "_:b." as the label "b." (RDF 1.1 forbids a final dot): keep a space there.
        doc += pick(2) || k == 1 ? " ." : ".";
        if (pick(6) == 0) doc += " # trailing comment";
        doc += pick(5) == 0 ? "\r\n" : "\n";
    }
    if (!doc.empty() && pick(3) == 0) doc.pop_back(); // missing final newline
    return doc;
}

struct ErrorCase {
    const char* doc;
    std::size_t line, column;
};

} // namespace

class TestNTriples : public QObject {
    Q_OBJECT
  private slots:
    void randomDocumentsMatchRaptor() {
        std::mt19937 rng(7);
        std::size_t total = 0;
        for (int round = 0; round < 300; ++round) {
            const std::string doc = random_doc(rng, 1 + rng() % 30);
            Collect ours;
            const std::size_t n = kg::parse_ntriples(doc, "r.nt", ours);
            QCOMPARE(n, ours.triples.size());
            const std::vector<std::string> ref = with_raptor(doc);
            if (ours.triples != ref) {
                qWarning("document:\n%s", doc.c_str());
                for (std::size_t i = 0; i < std::max(ours.triples.size(), ref.size()); ++i)
                    qWarning("%s | %s", i < ours.triples.size() ? ours.triples[i].c_str() : "-",
                             i < ref.size() ? ref[i].c_str() : "-");
            }
            QCOMPARE(ours.triples, ref);
            total += n;
        }
        QVERIFY(total > 1000);
    }

    void errorsHaveLineAndColumn() {
        const ErrorCase cases[] = {
            {"<a> <b> <c> .\n<a> <b> <c>\n", 2, 12},             // missing '.'
            {"<a> <b> \"open .\n", 1, 16},                       // unterminated literal
            {"<a> <b c> .\n", 1, 7},                             // space inside an IRI
            {"\"lit\" <b> <c> .\n", 1, 1},                       // literal subject
            {"<a> _:b <c> .\n", 1, 5},                           // blank predicate
            {"<a> <b> <c> . extra\n", 1, 15},                    // text after '.'
            {"<a> <b> \"x\\q\" .\n", 1, 11},                     // unknown escape
            {"<a> <b> \"x\\u12G4\" .\n", 1, 11},                 // malformed \u
            {"# ok\n\n<a> <b> <c> .\n<a> <b> <\\n> .\n", 4, 10}, // string escape in an IRI
            {"<> <b> <c> .\n", 1, 3},                            // empty IRI
        };
        for (const ErrorCase& c : cases) {
            Collect sink;
            const std::string doc(c.doc);
            try {
                kg::parse_ntriples(doc, "bad.nt", sink);
                QFAIL(qPrintable(QStringLiteral("no error for: %1").arg(QString::fromUtf8(c.doc))));
            } catch (const InputError& e) {
                QCOMPARE(e.file(), std::string("bad.nt"));
                QVERIFY2(e.line() == c.line && e.column() == c.column,
                         qPrintable(QStringLiteral("%1 → %2:%3 %4")
                                        .arg(QString::fromUtf8(c.doc))
                                        .arg(e.line())
                                        .arg(e.column())
                                        .arg(QString::fromStdString(e.message()))));
            }
        }
    }

    void rdf11Escapes() {
        // RDF 1.1 allows \' in literals (raptor2 2.0.15 predates it) and forbids a final '.' in a label.
        Collect sink;
        kg::parse_ntriples("_:a.b <p:q> \"it\\'s\"@EN.\n_:c <p:q> _:d.\n", "e.nt", sink);
        QCOMPARE(sink.triples.size(), std::size_t{2});
        QCOMPARE(sink.triples[0], std::string("Ba.b Ip:q Lit's@en"));
        QCOMPARE(sink.triples[1], std::string("Bc Ip:q Bd"));
    }

    void nulByteIsRefused() {
        const std::string doc("<a> <b> <c\0d> .\n", 16);
        Collect sink;
        QVERIFY_THROWS_EXCEPTION(InputError, kg::parse_ntriples(doc, "bin.nt", sink));
    }

    void ontologyFromNTriples() {
        // The OWL mapping reads the parser's triples: a subclass axiom with an existential.
        const std::string doc =
            "<http://ex.org/A> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2002/07/owl#Class> "
            ".\n"
            "<http://ex.org/B> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2002/07/owl#Class> "
            ".\n"
            "<http://ex.org/r> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
            "<http://www.w3.org/2002/07/owl#ObjectProperty> .\n"
            "<http://ex.org/A> <http://www.w3.org/2000/01/rdf-schema#subClassOf> _:x .\n"
            "_:x <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2002/07/owl#Restriction> .\n"
            "_:x <http://www.w3.org/2002/07/owl#onProperty> <http://ex.org/r> .\n"
            "_:x <http://www.w3.org/2002/07/owl#someValuesFrom> <http://ex.org/B> .\n"
            "<http://ex.org/A> <http://www.w3.org/2000/01/rdf-schema#label> \"the A\"@en .\n";
        onto::Ontology o;
        onto::read_owl_rdf(doc, onto::OntoFormat::NTriples, "tiny.nt", o);
        QCOMPARE(o.sig.concepts.size(), std::size_t{2});
        QCOMPARE(o.axioms.size(), std::size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestNTriples)
#include "tst_ntriples.moc"
