// Tests of RDF input through raptor2: N-Triples, Turtle and RDF/XML give the same facts,
// type and label handling, located syntax errors, and no access to other files or the network.
#include "common/error.hpp"
#include "kg/readers.hpp"
#include "test_util.hpp"

#include <QTest>

using namespace kbcx;
using namespace kbcx::kg;

namespace {
const char* kNTriples =
    R"(<http://x.org/alice> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://x.org/Student> .
<http://x.org/alice> <http://x.org/advisor> <http://x.org/bob> .
<http://x.org/bob> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://x.org/Professor> .
<http://x.org/bob> <http://www.w3.org/2000/01/rdf-schema#label> "Bob" .
<http://x.org/bob> <http://x.org/age> "52" .
_:g <http://x.org/member> <http://x.org/alice> .
)";

const char* kTurtle = R"(@prefix x: <http://x.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
x:alice a x:Student ; x:advisor x:bob .
x:bob a x:Professor ; rdfs:label "Bob" ; x:age "52" .
[] x:member x:alice .
)";

const char* kRdfXml = R"(<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:x="http://x.org/">
  <x:Student rdf:about="http://x.org/alice">
    <x:advisor><x:Professor rdf:about="http://x.org/bob"><rdfs:label>Bob</rdfs:label><x:age>52</x:age></x:Professor></x:advisor>
  </x:Student>
  <rdf:Description><x:member rdf:resource="http://x.org/alice"/></rdf:Description>
</rdf:RDF>
)";

void check_graph(const jobs::LoadKgResult& r) {
    const KnowledgeGraph& g = *r.graph;
    QCOMPARE(g.facts.num_facts(), std::size_t{2});
    QCOMPARE(g.facts.num_type_facts(), std::size_t{2});
    QCOMPARE(g.vocab.relations().size(), std::size_t{2});
    const Id alice = g.vocab.entities().find("http://x.org/alice");
    const Id bob = g.vocab.entities().find("http://x.org/bob");
    const Id advisor = g.vocab.relations().find("http://x.org/advisor");
    QVERIFY(alice != kNoId && bob != kNoId && advisor != kNoId);
    QVERIFY(g.facts.contains(alice, advisor, bob));
    QVERIFY(g.facts.has_type(alice, g.vocab.types().find("http://x.org/Student")));
    QCOMPARE(g.vocab.display(Namespace::Entity, bob), std::string("Bob"));
    QCOMPARE(r.files[0].literals_skipped, std::uint64_t{1});
}
} // namespace

class TestRdfReader : public QObject {
    Q_OBJECT
  private slots:
    void ntriples() { check_graph(test::load_text("g.nt", kNTriples)); }
    void turtle() {
        const auto r = test::load_text("g.ttl", kTurtle);
        check_graph(r);
        QCOMPARE(r.graph->vocab.prefixes().compact("http://x.org/alice"), std::string("x:alice"));
    }
    void rdfxml() { check_graph(test::load_text("g.rdf", kRdfXml)); }
    void rdfxmlByContent() {
        const auto r = test::load_text("g.data", kRdfXml);
        QCOMPARE(r.files[0].format, Format::RdfXml);
    }

    void syntaxErrorsAreLocated() {
        try {
            test::load_text("bad.nt", "<http://a> <http://b> <http://c> .\n<http://a> <http://b> .\n");
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), std::string("bad.nt"));
            QCOMPARE(e.line(), std::size_t{2});
        }
        try {
            test::load_text("bad.rdf",
                            "<?xml version=\"1.0\"?>\n<rdf:RDF "
                            "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n<oops>\n</rdf:RDF>\n");
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QVERIFY(e.line() >= 3);
        }
    }

    void externalEntitiesAreNotLoaded() {
        QTemporaryDir dir;
        const std::string secret = test::write_file(dir, "secret.txt", "TOPSECRET");
        const std::string xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [\n"
            "  <!ENTITY file SYSTEM \"file://" +
            secret +
            "\">\n"
            "  <!ENTITY net SYSTEM \"http://192.0.2.1/entity\">\n]>\n"
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:x=\"http://x.org/\">\n"
            "  <rdf:Description rdf:about=\"http://x.org/a\"><x:p rdf:resource=\"http://x.org/b\"/>"
            "<x:q>&file;&net;</x:q></rdf:Description>\n</rdf:RDF>\n";
        const std::string path = test::write_file(dir, "evil.rdf", xml);
        jobs::LoadKgParams params;
        params.paths = {path};
        jobs::JobContext ctx;
        try {
            jobs::load_kg(params, ctx);
            QFAIL("a file declaring external entities must be refused");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), std::size_t{3});
            QCOMPARE(e.column(), std::size_t{3});
            QVERIFY(std::string(e.what()).find("TOPSECRET") == std::string::npos);
        }
    }

    void internalEntitiesStillWork() {
        const std::string xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [<!ENTITY x \"http://x.org/\">]>\n"
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            "<rdf:Description rdf:about=\"&x;a\"><rdf:type rdf:resource=\"&x;T\"/></rdf:Description>\n"
            "</rdf:RDF>\n";
        const auto r = test::load_text("ok.rdf", xml);
        QVERIFY(r.graph->vocab.entities().find("http://x.org/a") != kNoId);
        QCOMPARE(r.graph->facts.num_type_facts(), std::size_t{1});
    }

    void labelsOfLiteralObjectsOnlyForRdfsLabel() {
        const auto r = test::load_text("l.nt", "<http://a> <http://p> \"x\" .\n<http://a> <http://q> <http://b> .\n");
        QCOMPARE(r.files[0].literals_skipped, std::uint64_t{1});
        QVERIFY(!r.graph->vocab.label(Namespace::Entity, r.graph->vocab.entities().find("http://a")).has_value());
    }
};

QTEST_APPLESS_MAIN(TestRdfReader)
#include "tst_rdfreader.moc"
