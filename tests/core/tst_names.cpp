// The naming choice (label, short name, full IRI): which label each reader picks, how
// TextWriter renders each style, round trips through the parser, shared labels, names files.
#include "test_util.hpp"

#include "common/error.hpp"
#include "kg/entity_names.hpp"
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"
#include "rules/program.hpp"

#include <QTest>

using namespace kbcx;
using namespace kbcx::onto;

namespace {

const std::string kEx = "http://ex.org/";

std::string concept_label(const Ontology& o, const std::string& iri) {
    const auto id = o.sig.concepts.find(iri);
    if (id == kg::kNoId) return "<no such class>";
    const auto it = o.sig.concept_labels.find(id);
    return it == o.sig.concept_labels.end() ? "<no label>" : it->second;
}

// A: rdfs:label in Portuguese and English (English wins whatever the order);
// B: Portuguese rdfs:label, English skos:prefLabel (language before property);
// C: untagged rdfs:label and skos:prefLabel (rdfs:label wins at equal language);
// D: only a German label (not shown: D's own name reads better, as Protégé shows it);
// GO_0001234: only a German label (shown: its IRI's local name is opaque).
const char* kOfn = R"(Prefix(:=<http://ex.org/>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Prefix(skos:=<http://www.w3.org/2004/02/skos/core#>)
Ontology(<http://ex.org/o>
Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C)) Declaration(Class(:D))
Declaration(Class(:GO_0001234))
AnnotationAssertion(rdfs:label :GO_0001234 "Gg de"@de)
AnnotationAssertion(rdfs:label :A "Aa pt"@pt)
AnnotationAssertion(rdfs:label :A "Aa en"@en-GB)
AnnotationAssertion(rdfs:label :B "Bb pt"@pt)
AnnotationAssertion(skos:prefLabel :B "Bb en"@en)
AnnotationAssertion(skos:prefLabel :C "Cc pref")
AnnotationAssertion(rdfs:label :C "Cc label")
AnnotationAssertion(rdfs:label :D "Dd de"@de)
SubClassOf(:A :B)
)
)";

const char* kOwx = R"(<?xml version="1.0"?>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://ex.org/o">
  <Prefix name="" IRI="http://ex.org/"/>
  <Declaration><Class IRI="http://ex.org/A"/></Declaration>
  <Declaration><Class IRI="http://ex.org/B"/></Declaration>
  <AnnotationAssertion>
    <AnnotationProperty abbreviatedIRI="rdfs:label"/><IRI>http://ex.org/A</IRI>
    <Literal xml:lang="pt">Aa pt</Literal>
  </AnnotationAssertion>
  <AnnotationAssertion>
    <AnnotationProperty abbreviatedIRI="rdfs:label"/><IRI>http://ex.org/A</IRI>
    <Literal xml:lang="en">Aa en</Literal>
  </AnnotationAssertion>
  <AnnotationAssertion>
    <AnnotationProperty IRI="http://www.w3.org/2004/02/skos/core#prefLabel"/><IRI>http://ex.org/B</IRI>
    <Literal xml:lang="en">Bb en</Literal>
  </AnnotationAssertion>
  <SubClassOf><Class IRI="http://ex.org/A"/><Class IRI="http://ex.org/B"/></SubClassOf>
</Ontology>
)";

const char* kRdfXml = R"(<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
         xmlns:owl="http://www.w3.org/2002/07/owl#"
         xmlns:skos="http://www.w3.org/2004/02/skos/core#">
  <owl:Ontology rdf:about="http://ex.org/o"/>
  <owl:Class rdf:about="http://ex.org/A">
    <rdfs:label xml:lang="pt">Aa pt</rdfs:label>
    <rdfs:label xml:lang="en">Aa en</rdfs:label>
    <rdfs:subClassOf rdf:resource="http://ex.org/B"/>
  </owl:Class>
  <owl:Class rdf:about="http://ex.org/B">
    <rdfs:label xml:lang="pt">Bb pt</rdfs:label>
    <skos:prefLabel xml:lang="en">Bb en</skos:prefLabel>
  </owl:Class>
</rdf:RDF>
)";

const char* kTurtle = R"(@prefix : <http://ex.org/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
:A a owl:Class ; rdfs:label "Aa pt"@pt, "Aa en"@en ; rdfs:subClassOf :B .
:B a owl:Class ; skos:prefLabel "Bb en"@en ; rdfs:label "Bb fr"@fr .
)";

const char* kObo = R"(format-version: 1.2
ontology: go

[Term]
id: GO:0000001
name: voltage-gated ion channel activity
is_a: GO:0000002 ! parent

[Term]
id: GO:0000002
name: gated channel activity

[Typedef]
id: part_of
name: part of
)";

/// Two classes share the label "twin"; C's label "B" is B's own name; D's label has a quote.
const char* kShared = "Prefix: ex: <http://ex.org/>\n"
                      "Class: ex:A ex:B ex:C ex:D ex:E\n"
                      "ex:A SubClassOf ex:B\n"
                      "ex:C SubClassOf ex:D\n";

Ontology shared_ontology() {
    Ontology o = read_text(kShared, "shared.kbo");
    auto label = [&](const char* local, const char* text) {
        o.sig.concept_labels[o.sig.concepts.find(kEx + local)] = text;
    };
    label("A", "twin");
    label("B", "twin");
    label("C", "http://ex.org/E"); // another entity's name: would read back as ex:E
    label("D", "it's quoted");
    label("E", "plain word");
    return o;
}

} // namespace

class TestNames : public QObject {
    Q_OBJECT

  private slots:
    void styleNamesParseBack() {
        QCOMPARE(std::string(name_style_name(kDefaultNameStyle)), std::string("label"));
        for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri})
            QCOMPARE(parse_name_style(name_style_name(s)), std::optional<NameStyle>(s));
        QVERIFY(!parse_name_style("labels"));
        QVERIFY(!parse_name_style(""));
    }

    void functionalSyntaxPicksEnglishThenRdfsLabel() {
        const Ontology o = load_ontology_text("labels.ofn", kOfn);
        QCOMPARE(concept_label(o, kEx + "A"), std::string("Aa en"));
        QCOMPARE(concept_label(o, kEx + "B"), std::string("Bb en"));
        QCOMPARE(concept_label(o, kEx + "C"), std::string("Cc label"));
        QCOMPARE(concept_label(o, kEx + "D"), std::string("<no label>"));
        QCOMPARE(concept_label(o, kEx + "GO_0001234"), std::string("Gg de"));
    }

    void owlXmlReadsLanguageTagsAndPrefLabel() {
        const Ontology o = load_ontology_text("labels.owx", kOwx);
        QCOMPARE(concept_label(o, kEx + "A"), std::string("Aa en"));
        QCOMPARE(concept_label(o, kEx + "B"), std::string("Bb en"));
    }

    void rdfReadersPickEnglish() {
        const Ontology x = load_ontology_text("labels.owl", kRdfXml, OntoFormat::RdfXml);
        QCOMPARE(concept_label(x, kEx + "A"), std::string("Aa en"));
        QCOMPARE(concept_label(x, kEx + "B"), std::string("Bb en"));
        const Ontology t = load_ontology_text("labels.ttl", kTurtle, OntoFormat::Turtle);
        QCOMPARE(concept_label(t, kEx + "A"), std::string("Aa en"));
        QCOMPARE(concept_label(t, kEx + "B"), std::string("Bb en"));
    }

    void oboNameIsTheLabel() {
        const Ontology o = load_ontology_text("go.obo", kObo, OntoFormat::Obo);
        const std::string go1 = "http://purl.obolibrary.org/obo/GO_0000001";
        QCOMPARE(concept_label(o, go1), std::string("voltage-gated ion channel activity"));
        QCOMPARE(o.sig.role_labels.size(), std::size_t(1));
        QCOMPARE(o.sig.role_labels.begin()->second, std::string("part of"));
    }

    void eachStyleRendersTheSameAxiom() {
        const Ontology o = load_ontology_text("go.obo", kObo, OntoFormat::Obo);
        QVERIFY(!o.axioms.empty());
        const Axiom& ax = o.axioms.front();
        QCOMPARE(TextWriter(o, NameStyle::Label).axiom(ax),
                 std::string("'voltage-gated ion channel activity' SubClassOf 'gated channel activity'"));
        QCOMPARE(TextWriter(o, NameStyle::Short).axiom(ax), std::string("obo:GO_0000001 SubClassOf obo:GO_0000002"));
        QCOMPARE(TextWriter(o, NameStyle::Iri).axiom(ax),
                 std::string("<http://purl.obolibrary.org/obo/GO_0000001> SubClassOf "
                             "<http://purl.obolibrary.org/obo/GO_0000002>"));
    }

    void labelOutputParsesBack() {
        Ontology o = load_ontology_text("labels.ofn", kOfn);
        const Axiom original = o.axioms.front();
        for (NameStyle s : {NameStyle::Label, NameStyle::Short, NameStyle::Iri}) {
            const std::string text = TextWriter(o, s).axiom(original);
            TextParseOptions opt;
            opt.allow_new_names = false;
            TextParser parser(o, "round-trip", opt);
            const Axiom back = parser.parse_axiom(text);
            QCOMPARE(back.concepts, original.concepts);
        }
        // The label style wrote labels (with spaces, so quoted), not short names.
        QCOMPARE(TextWriter(o, NameStyle::Label).axiom(original), std::string("'Aa en' SubClassOf 'Bb en'"));
    }

    void labelLinesCarryLabelsThroughADocument() {
        const Ontology o = load_ontology_text("go.obo", kObo, OntoFormat::Obo);
        const TextWriter w(o, NameStyle::Label);
        std::string doc = w.prefix_lines() + w.label_lines();
        for (const Axiom& ax : o.axioms)
            doc += w.axiom(ax) + "\n";
        QVERIFY2(doc.find("AnnotationAssertion(rdfs:label <http://purl.obolibrary.org/obo/GO_0000001> "
                          "\"voltage-gated ion channel activity\")") != std::string::npos,
                 doc.c_str());
        const Ontology back = read_text(doc, "back.kbo");
        QCOMPARE(back.axioms.size(), o.axioms.size());
        const TextWriter shortOriginal(o, NameStyle::Short), shortBack(back, NameStyle::Short);
        for (std::size_t i = 0; i < o.axioms.size(); ++i)
            QCOMPARE(shortBack.axiom(back.axioms[i]), shortOriginal.axiom(o.axioms[i]));
        QCOMPARE(concept_label(back, "http://purl.obolibrary.org/obo/GO_0000001"),
                 std::string("voltage-gated ion channel activity"));
        QVERIFY(TextWriter(o, NameStyle::Short).label_lines().empty());
    }

    void sharedLabelIsShortOnOutputAndAnErrorOnInput() {
        Ontology o = shared_ontology();
        const TextWriter w(o, NameStyle::Label);
        QCOMPARE(w.axiom(o.axioms[0]), std::string("ex:A SubClassOf ex:B"));
        // C's label is E's name: C keeps its short name; D's label has a ' so it is "quoted".
        QCOMPARE(w.axiom(o.axioms[1]), std::string("ex:C SubClassOf \"it's quoted\""));
        QCOMPARE(w.concept_name(static_cast<ConceptName>(o.sig.concepts.find(kEx + "E"))), std::string("'plain word'"));
        TextParseOptions opt;
        opt.allow_new_names = false;
        TextParser parser(o, "query", opt);
        try {
            (void)parser.parse_axiom("'plain word' SubClassOf twin", 3);
            QFAIL("a shared label was accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), std::string("query"));
            QCOMPARE(e.line(), std::size_t(3));
            QCOMPARE(e.column(), std::size_t(25));
            QVERIFY2(e.message().find("ex:A") != std::string::npos && e.message().find("ex:B") != std::string::npos,
                     e.what());
        }
        // Unshared labels, quoted or not, are read.
        const Axiom ok = parser.parse_axiom("'plain word' SubClassOf \"it's quoted\"");
        QCOMPARE(TextWriter(o, NameStyle::Short).axiom(ok), std::string("ex:E SubClassOf ex:D"));
    }

    void entityNamesFile() {
        const kg::EntityNames n =
            kg::parse_entity_names("/m/01\tBarack Obama\r\n\n/m/02\tUnited States\n/m/01\tObama\n", "names.txt");
        QCOMPARE(n.by_id.size(), std::size_t(2));
        QCOMPARE(n.lines, std::size_t(3));
        QCOMPARE(n.by_id.at("/m/01"), std::string("Barack Obama")); // the first name stays
        struct Bad {
            const char* text;
            std::size_t line, column;
        };
        for (const Bad& b : {Bad{"/m/01\tA\n/m/02 no tab\n", 2, 13}, Bad{"\tA\n", 1, 1}, Bad{"/m/01\t\n", 1, 7}}) {
            try {
                (void)kg::parse_entity_names(b.text, "names.txt");
                QFAIL(b.text);
            } catch (const InputError& e) {
                QCOMPARE(e.file(), std::string("names.txt"));
                QCOMPARE(e.line(), b.line);
                QCOMPARE(e.column(), b.column);
            }
        }
    }

    void entityNamesLabelKgFacts() {
        QTemporaryDir dir;
        const std::string names = test::write_file(dir, "names.txt", "/m/01\tBarack Obama\n/m/02\tUnited States\n");
        jobs::LoadKgParams params;
        params.buffers.push_back({"kg.tsv", "/m/01\t/people/nationality\t/m/02\n/m/03\t/people/nationality\t/m/02\n"});
        params.entity_names_path = names;
        jobs::JobContext ctx;
        const jobs::LoadKgResult r = jobs::load_kg(params, ctx);
        QCOMPARE(r.named_entities, std::size_t(2));
        rules::MatchOptions label, shortNames;
        label.names = NameStyle::Label;
        shortNames.names = NameStyle::Short;
        const rules::Program pl(r.graph, {}, label), ps(r.graph, {}, shortNames);
        const auto& v = r.graph->vocab;
        rules::GroundFact f;
        f.unary = false;
        f.pred = v.relations().find("/people/nationality");
        f.s = v.entities().find("/m/01");
        f.o = v.entities().find("/m/03");
        QCOMPARE(pl.display(f), std::string("</people/nationality>('Barack Obama',</m/03>)"));
        QCOMPARE(ps.display(f), std::string("</people/nationality>(</m/01>,</m/03>)"));
        // A bad names file fails the load with its position.
        params.entity_names_path = test::write_file(dir, "bad.txt", "/m/01 Barack\n");
        try {
            (void)jobs::load_kg(params, ctx);
            QFAIL("a malformed names file was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()), QString::fromStdString(params.entity_names_path) +
                                                           ":1:13: " + "expected id<TAB>name, found no tab");
        }
    }
};

QTEST_APPLESS_MAIN(TestNames)
#include "tst_names.moc"
