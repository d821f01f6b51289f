// Ontology readers on small fixtures (functional syntax, OWL/XML, Turtle, OBO, text syntax),
// the text writer's round trip, the normaliser's round trip, and errors on bad input.
#include "common/error.hpp"
#include "onto/normaliser.hpp"
#include "onto/readers.hpp"
#include "onto/summary.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/status.hpp"

#include <QTest>

#include <fstream>
#include <random>
#include <set>
#include <sstream>

using namespace kbcx;
using namespace kbcx::onto;

namespace {
std::string fixture(const char* f) {
    return std::string(KBCX_TEST_DATA) + "/onto/" + f;
}
Ontology load(const char* f) {
    jobs::JobContext ctx;
    return load_ontology(fixture(f), ctx);
}
std::set<std::string> lines(const Ontology& o) {
    TextWriter w(o, NameStyle::Short);
    std::set<std::string> s;
    for (const auto& a : o.axioms)
        s.insert(w.axiom(a));
    return s;
}
std::size_t count(const Ontology& o, AxiomKind k) {
    return static_cast<std::size_t>(
        std::count_if(o.axioms.begin(), o.axioms.end(), [k](const Axiom& a) { return a.kind == k; }));
}
bool entails(Ontology& o, const std::string& ax) {
    jobs::JobContext ctx;
    reason::StatusChecker chk(o, ctx);
    return chk.check_text(ax).status == reason::Status::Entailed;
}
} // namespace

class TestOntoSyntax : public QObject {
    Q_OBJECT
  private slots:
    void functional() {
        Ontology o = load("family.ofn");
        QCOMPARE(o.iri, std::string("http://ex.org/family"));
        QCOMPARE(count(o, AxiomKind::SubClassOf), std::size_t{3});
        QCOMPARE(count(o, AxiomKind::NotEL), std::size_t{1}); // FunctionalObjectProperty
        QCOMPARE(count(o, AxiomKind::ClassAssertion), std::size_t{1});
        QCOMPARE(o.sig.concept_labels.at(o.sig.concepts.find("http://ex.org/family#Parent")), std::string("parent"));
        const ElFilterReport f = el_filter(o);
        QCOMPARE(f.constructs.at("ObjectAllValuesFrom"), std::size_t{1});
        QCOMPARE(f.constructs.at("FunctionalObjectProperty"), std::size_t{1});
        QVERIFY(entails(o, ":Mother SubClassOf :Person"));
        QVERIFY(entails(o, "'parent'(:mary)"));
    }
    void owlxmlTurtleOboAgree() {
        Ontology x = load("family.owx");
        Ontology t = load("family.ttl");
        Ontology f = load("family.ofn");
        for (Ontology* o : {&x, &t, &f}) {
            QVERIFY(entails(*o, ":Parent EquivalentTo :Person and :hasChild some :Person"));
            QVERIFY(o->sig.concept_labels.count(o->sig.concepts.find("http://ex.org/family#Parent")));
        }
        QCOMPARE(el_filter(x).constructs.at("ObjectMinCardinality"), std::size_t{1});
        QCOMPARE(el_filter(x).constructs.at("InverseObjectProperties"), std::size_t{1});
        QCOMPARE(el_filter(t).constructs.at("ObjectAllValuesFrom"), std::size_t{1});
        QCOMPARE(count(t, AxiomKind::ObjectPropertyAssertion), std::size_t{1});
        QCOMPARE(count(t, AxiomKind::SubClassOf), std::size_t{2}); // the owl:Axiom reification adds nothing
        QVERIFY(entails(t, ":hasChild o :hasChild SubPropertyOf :hasGrandChild"));
        Ontology b = load("family.obo");
        QCOMPARE(b.sig.concepts.size(), std::size_t{3}); // obsolete FAM:0009 skipped
        const std::string p = "<http://purl.obolibrary.org/obo/FAM_0002>";
        QVERIFY(entails(b, p + " SubClassOf <http://purl.obolibrary.org/obo/fam#part_of> some "
                               "<http://purl.obolibrary.org/obo/FAM_0003>"));
        QVERIFY(entails(b, "person and <http://purl.obolibrary.org/obo/fam#has_child> some person SubClassOf parent"));
        QCOMPARE(count(b, AxiomKind::DisjointClasses), std::size_t{1});
        QCOMPARE(count(b, AxiomKind::SubObjectPropertyOf), std::size_t{2});
    }
    void textSyntax() {
        Ontology o = read_text("# a comment\nClass: A B C\nObjectProperty: r s t\nIndividual: a b\n"
                               "A SubClassOf B\nA and B SubClassOf C  # trailing\nA SubClassOf r some B\n"
                               "r some A SubClassOf B\nA and B SubClassOf owl:Nothing\nA SubClassOf Nothing\n"
                               "A EquivalentTo B and r some C\nA DisjointWith B\nr SubPropertyOf s\n"
                               "r o s SubPropertyOf t\nA(a)\nr(a,b)\n'my class' SubClassOf Thing\n"
                               "SubClassOf(<http://x/P> ObjectSomeValuesFrom(<http://x/q> <http://x/Q>))\n",
                               "t");
        QCOMPARE(o.axioms.size(), std::size_t{14});
        QVERIFY(o.sig.concepts.find("my class") != kg::kNoId);
        const ConceptExpr& e = o.pool.get(o.axioms[2].concepts[1]);
        QCOMPARE(e.kind, ConceptKind::Exists);
        // Writer round trip: writing and parsing again gives the same axioms.
        std::string text;
        TextWriter w(o, NameStyle::Short);
        for (const auto& a : o.axioms)
            text += w.axiom(a) + "\n";
        Ontology o2 = read_text(text, "t2");
        QCOMPARE(lines(o2), lines(o));
    }
    void normaliserRoundTrip() {
        // Random EL ontologies: the normal forms, written and parsed back, entail exactly
        // the same subsumptions between the original names as the original axioms.
        std::mt19937 rng(5);
        const char* parts[] = {
            "A", "B", "C", "r some A", "r some (B and s some C)", "A and r some B", "s some owl:Thing"};
        for (int round = 0; round < 60; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s\n";
            for (int i = 0; i < 4; ++i)
                text += std::string(parts[rng() % 7]) + (rng() % 3 ? " SubClassOf " : " EquivalentTo ") +
                        parts[rng() % 7] + "\n";
            Ontology o = read_text(text, "r");
            const std::size_t nc = o.sig.concepts.size();
            NormalisedOntology n = normalise(o);
            TextWriter w(o, NameStyle::Short);
            std::string nt = w.prefix_lines();
            for (const auto& a : n.axioms)
                nt += w.normal(a) + "\n";
            Ontology o2 = read_text(nt, "n");
            NormalisedOntology n2 = normalise(o2);
            QCOMPARE(n2.axioms.size(), n.axioms.size()); // already normal: nothing new
            jobs::JobContext ctx;
            Ontology o3 = read_text(text, "r");
            auto r1 = reason::classify(o3, ctx, false);
            auto r2 = reason::classify(o2, ctx, false);
            for (ConceptName a = 0; a < nc; ++a)
                for (ConceptName b = 0; b < nc; ++b) {
                    const auto a2 = o2.sig.concepts.find(o3.sig.concepts.name(a)),
                               b2 = o2.sig.concepts.find(o3.sig.concepts.name(b));
                    if (a2 == kg::kNoId || b2 == kg::kNoId) continue;
                    QCOMPARE(r1.reasoner->subsumes(r1.reasoner->concept_node(a), r1.reasoner->concept_node(b)),
                             r2.reasoner->subsumes(r2.reasoner->concept_node(a2), r2.reasoner->concept_node(b2)));
                }
        }
    }
    void freshNamesNeverCollide() {
        Ontology o = read_text("_:N1 SubClassOf r some (A and B)\nA and B SubClassOf _:N2\n", "f");
        const std::size_t before = o.sig.concepts.size();
        NormalisedOntology n = normalise(o);
        QVERIFY(o.sig.concepts.size() > before);
        for (ConceptName c = n.fresh_concepts_begin; c < o.sig.concepts.size(); ++c) {
            const std::string name(o.sig.concepts.name(c));
            QVERIFY(name != "_:N1" && name != "_:N2");
        }
    }
    void badInput() {
        auto expect = [](auto&& fn, const char* needle, std::size_t line) {
            try {
                fn();
                QFAIL("no error");
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(needle) != std::string::npos, e.what());
                if (line) QCOMPARE(e.line(), line);
            }
        };
        expect([] { load_ontology_text("t.ofn", "Prefix(:=<http://x#>)\nOntology(\nSubClassOf(:A foo:B)\n)"); },
               "unknown prefix 'foo:'", 3);
        expect([] { load_ontology_text("t.ofn", "Ontology(\nSubClassOf(<a> <b>\n"); }, "end of input", 0);
        expect(
            [] {
                load_ontology_text("t.owx",
                                   "<?xml version=\"1.0\"?>\n<Ontology "
                                   "xmlns=\"http://www.w3.org/2002/07/owl#\">\n<SubClassOf><Class IRI=\"a\"/>");
            },
            "t.owx", 0);
        expect(
            [] {
                load_ontology_text(
                    "t.owx",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<Ontology "
                    "xmlns=\"http://www.w3.org/2002/07/owl#\">&e;</Ontology>");
            },
            "entity", 0);
        expect(
            [] {
                load_ontology_text(
                    "t.owl",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<rdf:RDF "
                    "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/>");
            },
            "external XML entity", 2);
        expect([] { read_text("A SubClassOf B\nA is B\n", "t.kbo"); }, "not an axiom of the text syntax", 2);
        expect([] { read_text("A SubClassOf zz:B\n", "t.kbo"); }, "unknown prefix 'zz:'", 1);
        expect([] { load_ontology_text("t.obo", "format-version: 1.2\n\n[Term]\nname: x\n"); }, "without an id", 3);
    }
};

QTEST_APPLESS_MAIN(TestOntoSyntax)
#include "tst_onto_syntax.moc"
