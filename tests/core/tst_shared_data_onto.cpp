// Ontology readers, normaliser and reasoner on the real files of ../shared/data/onto: counts
// from data/README.md (OWL API), the small_ontology regression and whelk-rs's GO oracle.
#include "onto/normaliser.hpp"
#include "onto/readers.hpp"
#include "onto/summary.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/status.hpp"

#include <QDir>
#include <QTest>

#include <set>

using namespace kbcx;
using namespace kbcx::onto;

namespace {
std::string path(const char* f) {
    return std::string(KBCX_SHARED_DATA) + "/onto/" + f;
}
Ontology load(const char* f) {
    jobs::JobContext ctx;
    return load_ontology(path(f), ctx);
}
/// Classification output (counts, taxonomy, --closure lines) with `threads` threads.
std::string classification_text(const char* f, unsigned threads) {
    Ontology o = load(f);
    jobs::JobContext ctx;
    reason::ClassifyResult r = reason::classify(o, ctx, true, threads);
    std::string out = std::to_string(r.named_classes) + " " + std::to_string(r.unsatisfiable) + " " +
                      std::to_string(r.consistent) + " " + std::to_string(r.entailed_subsumptions) + "\n";
    const auto& t = r.taxonomy;
    for (ConceptName c = 0; c < r.named_end; ++c) {
        out += std::to_string(t.unsatisfiable[c]) + " " + std::to_string(t.representative[c]) + ":";
        for (auto p : t.direct_parents[c])
            out += " " + std::to_string(p);
        out += " /";
        for (auto e : t.equivalents[c])
            out += " " + std::to_string(e);
        out += "\n";
    }
    for (const auto& l : reason::closure_lines(o, r, threads))
        out += l + "\n";
    return out;
}
} // namespace

class TestSharedDataOnto : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (!QDir(KBCX_SHARED_DATA "/onto").exists()) QSKIP("../shared/data/onto is absent (clone outside the setup)");
    }
    void pizza() {
        Ontology o = load("pizza.owl");
        OntologySummary s = summarise(o);
        QCOMPARE(s.classes, std::size_t{99});
        QCOMPARE(s.object_properties, std::size_t{8});
        QCOMPARE(s.individuals, std::size_t{5});
        QCOMPARE(s.subclass_atomic, std::size_t{84});
        QCOMPARE(s.subclass_existential, std::size_t{147});
        QCOMPARE(s.normal_forms[static_cast<int>(NormalForm::GCI1_BOT)], std::size_t{398}); // disjoint pairs
        for (const char* c :
             {"ObjectAllValuesFrom", "ObjectUnionOf", "ObjectComplementOf", "ObjectMinCardinality", "ObjectHasValue"})
            QVERIFY2(s.dropped_constructs.count(c) && s.dropped_constructs.at(c) > 0, c);
        std::size_t eq_el = 0, eq = 0;
        const ElFilterReport f = el_filter(o);
        for (std::size_t i = 0; i < o.axioms.size(); ++i)
            if (o.axioms[i].kind == AxiomKind::EquivalentClasses) {
                ++eq;
                eq_el += f.keep[i];
            }
        QCOMPARE(eq, std::size_t{15});
        QCOMPARE(eq_el, std::size_t{5});
    }
    void smallOntologyRegression() {
        Ontology o = load("small_ontology.owl");
        const NormalisedOntology n = normalise(o);
        TextWriter w(o, NameStyle::Short);
        std::set<std::string> out;
        for (const auto& a : n.axioms)
            out.insert(w.normal(a));
        for (const char* bad : {"<urn:D> SubClassOf <urn:C>", "<urn:A> SubClassOf <urn:r> some <urn:D>",
                                "<urn:D> SubClassOf <urn:s> some <urn:D>", "<urn:B> and <urn:C> SubClassOf <urn:A>"})
            QVERIFY2(!out.count(bad), bad);
        for (ConceptName c = n.fresh_concepts_begin; c < o.sig.concepts.size(); ++c)
            QVERIFY(std::string(o.sig.concepts.name(c)).starts_with("_:N"));
        // The normal forms are equivalent to the axiom on the names: A ≡ B ⊓ ∃r.(C ⊓ ∃s.D).
        jobs::JobContext ctx;
        reason::StatusChecker chk(o, ctx);
        QCOMPARE(
            chk.check_text("<urn:A> EquivalentTo <urn:B> and <urn:r> some (<urn:C> and <urn:s> some <urn:D>)").status,
            reason::Status::Entailed);
        QCOMPARE(chk.check_text("<urn:D> SubClassOf <urn:C>").status, reason::Status::Undetermined);
        QCOMPARE(chk.check_text("<urn:B> and <urn:C> SubClassOf <urn:A>").status, reason::Status::Undetermined);
    }
    void whelkOracle() {
        // Every SubClassOf between names in go-extract-entailed.owx follows from the EL part of
        // go-extract-asserted.owx (whelk-rs's test oracle).
        Ontology a = load("go-extract-asserted.owx");
        Ontology e = load("go-extract-entailed.owx");
        QCOMPARE(a.sig.concepts.size(), std::size_t{467});
        jobs::JobContext ctx;
        reason::ClassifyResult r = reason::classify(a, ctx, false);
        const reason::Reasoner& R = *r.reasoner;
        std::size_t checked = 0, missing = 0;
        std::string first;
        for (const Axiom& ax : e.axioms) {
            if (ax.kind != AxiomKind::SubClassOf) continue;
            const ConceptExpr& l = e.pool.get(ax.concepts[0]);
            const ConceptExpr& rr = e.pool.get(ax.concepts[1]);
            if (l.kind != ConceptKind::Named || rr.kind != ConceptKind::Named) continue;
            const auto ca = a.sig.concepts.find(e.sig.concepts.name(l.name));
            const auto cb = a.sig.concepts.find(e.sig.concepts.name(rr.name));
            ++checked;
            if (ca == kg::kNoId || cb == kg::kNoId || !R.subsumes(R.concept_node(ca), R.concept_node(cb))) {
                ++missing;
                if (first.empty())
                    first =
                        std::string(e.sig.concepts.name(l.name)) + " ⊑ " + std::string(e.sig.concepts.name(rr.name));
            }
        }
        QCOMPARE(checked, std::size_t{694});
        QVERIFY2(missing == 0,
                 qPrintable(QString("%1 missing, e.g. %2").arg(missing).arg(QString::fromStdString(first))));
    }
    void otherFilesLoad() {
        Ontology u = load("univ-bench.owl");
        QVERIFY(u.sig.concepts.size() > 40);
        Ontology g = load("galen-dl-konclude.owx");
        const ElFilterReport f = el_filter(g);
        QCOMPARE(f.constructs.at("InverseObjectProperties"), std::size_t{207});
        QCOMPARE(f.constructs.at("FunctionalObjectProperty"), std::size_t{150});
        Ontology z = load("zfa-2018-12-19.owl.gz");
        QVERIFY(z.sig.concepts.size() >= 3200);
        Ontology m = load("go-unsatisfiable-module-r32945.owl");
        jobs::JobContext ctx;
        reason::ClassifyResult r = reason::classify(m, ctx, false);
        QVERIFY(r.named_classes >= 374);
        QVERIFY(r.unsatisfiable > 0); // the module was cut around unsatisfiable classes
    }
    void goBasicObo() {
        Ontology o = load("go-basic-2015-01-26.obo.gz");
        std::size_t is_a = 0, rel = 0;
        for (const Axiom& a : o.axioms)
            if (a.kind == AxiomKind::SubClassOf) (o.pool.get(a.concepts[1]).kind == ConceptKind::Named ? is_a : rel)++;
        QCOMPARE(is_a, std::size_t{70715 - 1}); // one obsolete term carries an is_a; obsolete terms are skipped
        QCOMPARE(rel, std::size_t{14212});
        QCOMPARE(o.sig.concepts.size(), std::size_t{42458 - 1866});
    }
    void threadsSameResults() {
        // --threads only splits read-only passes over the closure: byte-identical output.
        for (const char* f : {"pizza.owl", "go-extract-asserted.owx", "go-unsatisfiable-module-r32945.owl",
                              "go-basic-2015-01-26.obo.gz"}) {
            const std::string one = classification_text(f, 1);
            QVERIFY(one.size() > 100);
            QVERIFY2(classification_text(f, 2) == one, f);
            QVERIFY2(classification_text(f, 4) == one, f);
        }
    }
};

QTEST_APPLESS_MAIN(TestSharedDataOnto)
#include "tst_shared_data_onto.moc"
