// The slice extraction (onto/slice.hpp) on hand-made ontologies: connectivity, the size bound,
// every kept axiom inside and every inside axiom kept (brute force), determinism, round trip.
#include "common/error.hpp"
#include "onto/readers.hpp"
#include "onto/slice.hpp"
#include "onto/text_syntax.hpp"

#include <QTest>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace kbcx;

namespace {

// Root R; a taxonomy and part_of links below it, a definition (three classes), disjointness, a
// link along another relation, a definition that brings two new classes at once (Y, W), and an
// island (I, J) that no walk from R reaches.
const char* kOnto = "Class: R A B C D E F G W X Y Z I J\n"
                    "ObjectProperty: part_of other has\n"
                    "A SubClassOf R\n"
                    "B SubClassOf R\n"
                    "C SubClassOf A\n"
                    "D SubClassOf part_of some C\n"
                    "E SubClassOf other some D\n"
                    "F SubClassOf B\n"
                    "G SubClassOf F\n"
                    "X EquivalentTo A and part_of some B\n"
                    "Y EquivalentTo R and part_of some W\n"
                    "A DisjointWith B\n"
                    "C DisjointWith Z\n"
                    "I SubClassOf J\n"
                    "part_of o part_of SubPropertyOf part_of\n"
                    "has SubPropertyOf other\n";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> v;
    std::size_t start = 0;
    while (start < text.size()) {
        auto nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        v.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return v;
}

std::set<std::string> class_iris(const onto::Ontology& o, const onto::Axiom& a) {
    std::vector<onto::ConceptName> cs;
    std::vector<onto::RoleName> rs;
    onto::axiom_names(o, a, cs, rs);
    std::set<std::string> s;
    for (auto c : cs)
        s.emplace(o.sig.concepts.name(c));
    return s;
}

/// Brute force: the classes reachable from `root` when every SubClassOf / EquivalentClasses
/// axiom whose roles are all in `roles` (empty = any) links its classes.
std::set<std::string> reachable(const onto::Ontology& o, const std::string& root, const std::set<std::string>& roles) {
    std::set<std::string> seen{root};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& a : o.axioms) {
            if (a.kind != onto::AxiomKind::SubClassOf && a.kind != onto::AxiomKind::EquivalentClasses) continue;
            std::vector<onto::ConceptName> cs;
            std::vector<onto::RoleName> rs;
            onto::axiom_names(o, a, cs, rs);
            bool ok = true;
            for (auto r : rs)
                ok = ok && (roles.empty() || roles.count(std::string(o.sig.roles.name(r))));
            if (!ok) continue;
            const auto names = class_iris(o, a);
            const bool touches = std::any_of(names.begin(), names.end(), [&](const auto& n) { return seen.count(n); });
            if (!touches) continue;
            for (const auto& n : names)
                grew = seen.insert(n).second || grew;
        }
    }
    return seen;
}

/// What identifies an axiom here: its kind and the sorted IRIs of its classes and roles.
std::string key_of(const onto::Ontology& o, const onto::Axiom& a) {
    std::vector<onto::ConceptName> cs;
    std::vector<onto::RoleName> rs;
    onto::axiom_names(o, a, cs, rs);
    std::vector<std::string> c, r;
    for (auto x : cs)
        c.emplace_back(o.sig.concepts.name(x));
    for (auto x : rs)
        r.emplace_back(o.sig.roles.name(x));
    std::sort(c.begin(), c.end());
    std::sort(r.begin(), r.end());
    std::string k = onto::axiom_kind_name(a.kind);
    for (const auto& x : c)
        k += " " + x;
    k += " |";
    for (const auto& x : r)
        k += " " + x;
    return k;
}

std::multiset<std::string> keys_of(const onto::Ontology& o) {
    std::multiset<std::string> k;
    for (const auto& a : o.axioms)
        k.insert(key_of(o, a));
    return k;
}

/// Every kept axiom lies inside the slice and every class axiom of the source inside it is kept;
/// returns "" or what is wrong.
std::string check_kept(const onto::Ontology& src, const onto::Slice& s) {
    std::set<std::string> in(s.class_order.begin(), s.class_order.end());
    std::multiset<std::string> kept_classes;
    for (const auto& a : s.ontology.axioms) {
        for (const auto& n : class_iris(s.ontology, a))
            if (!in.count(n)) return "kept axiom '" + key_of(s.ontology, a) + "' mentions " + n + " outside the slice";
        if (!class_iris(s.ontology, a).empty()) kept_classes.insert(key_of(s.ontology, a));
    }
    std::multiset<std::string> inside;
    for (const auto& a : src.axioms) {
        const bool cls = a.kind == onto::AxiomKind::SubClassOf || a.kind == onto::AxiomKind::EquivalentClasses ||
                         a.kind == onto::AxiomKind::DisjointClasses;
        const auto names = class_iris(src, a);
        if (!cls || names.empty()) continue;
        if (std::all_of(names.begin(), names.end(), [&](const auto& n) { return in.count(n) > 0; }))
            inside.insert(key_of(src, a));
    }
    if (inside != kept_classes)
        return "kept " + std::to_string(kept_classes.size()) + " class axioms, " + std::to_string(inside.size()) +
               " lie inside";
    return {};
}

} // namespace

class TestOntoSlice : public QObject {
    Q_OBJECT
  private slots:
    void whole_component() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        onto::SliceParams p;
        p.root = "R";
        p.size = 100;
        const onto::Slice s = onto::extract_slice(o, p);
        const auto want = reachable(o, "R", {});
        QCOMPARE(std::set<std::string>(s.class_order.begin(), s.class_order.end()), want);
        QCOMPARE(s.stats.classes, want.size());
        QVERIFY(!want.count("I") && !want.count("Z")); // the island, and Z only linked by disjointness
        QCOMPARE(s.class_order.front(), std::string("R"));
        QCOMPARE(s.stats.components, std::size_t(1));
        const std::string why = check_kept(o, s);
        QVERIFY2(why.empty(), why.c_str());
        // A DisjointWith B is inside; C DisjointWith Z is not (Z is outside).
        QCOMPARE(s.stats.by_kind.at("DisjointClasses"), std::size_t(1));
        // Roles: part_of and other are used by kept class axioms; has is not, so has ⊑ other goes.
        QCOMPARE(s.stats.roles, std::size_t(2));
        QCOMPARE(s.stats.by_kind.at("SubObjectPropertyOf"), std::size_t(1));
    }

    void every_size_is_connected_and_bounded() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        std::size_t previous = 0;
        for (std::size_t n = 1; n <= 14; ++n) {
            onto::SliceParams p;
            p.root = "R";
            p.size = n;
            const onto::Slice s = onto::extract_slice(o, p);
            QVERIFY2(s.stats.classes <= n, qPrintable(QString("size %1 gave %2").arg(n).arg(s.stats.classes)));
            QVERIFY(s.stats.classes >= previous); // a larger bound never gives fewer classes here
            previous = s.stats.classes;
            QCOMPARE(s.stats.components, std::size_t(1));
            QCOMPARE(onto::class_components(s.ontology), std::size_t(1));
            const std::string why = check_kept(o, s);
            QVERIFY2(why.empty(), why.c_str());
        }
        // Breadth first: with room for three classes the root's two subclasses come first.
        onto::SliceParams p;
        p.root = "R";
        p.size = 3;
        QCOMPARE(onto::extract_slice(o, p).class_order, (std::vector<std::string>{"R", "A", "B"}));
        // The definition Y ≡ R ⊓ ∃part_of.W brings Y and W together or not at all: with room for
        // one more class only, it is skipped and the walk goes on below A and B.
        std::size_t skipped = 0;
        for (std::size_t n = 1; n <= 14; ++n) {
            p.size = n;
            const auto s = onto::extract_slice(o, p);
            const std::set<std::string> in(s.class_order.begin(), s.class_order.end());
            QCOMPARE(in.count("Y"), in.count("W"));
            skipped += s.stats.skipped_for_size;
        }
        QVERIFY(skipped > 0);
        p.size = 4;
        // (A's axioms in the order of their sorted class IRIs: {A, B, X} before {A, C}.)
        QCOMPARE(onto::extract_slice(o, p).class_order, (std::vector<std::string>{"R", "A", "B", "X"}));
    }

    void relations_limit_the_walk() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        onto::SliceParams p;
        p.root = "R";
        p.size = 100;
        p.relations = {"part_of"};
        const onto::Slice s = onto::extract_slice(o, p);
        const auto want = reachable(o, "R", {"part_of"});
        QCOMPARE(std::set<std::string>(s.class_order.begin(), s.class_order.end()), want);
        QVERIFY(!want.count("E")); // only linked along `other`
        QVERIFY(want.count("D"));
        p.follow_equivalences = false;
        const onto::Slice t = onto::extract_slice(o, p);
        QVERIFY(std::find(t.class_order.begin(), t.class_order.end(), "X") == t.class_order.end());
    }

    void deterministic_and_independent_of_axiom_order() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        auto lines = lines_of(kOnto);
        std::reverse(lines.begin() + 2, lines.end()); // keep the declarations first
        std::string reversed;
        for (const auto& l : lines)
            reversed += l + "\n";
        const onto::Ontology r = onto::read_text(reversed, "reversed.kbo");
        for (std::size_t n : {std::size_t(4), std::size_t(7), std::size_t(100)}) {
            onto::SliceParams p;
            p.root = "R";
            p.size = n;
            const onto::Slice a = onto::extract_slice(o, p), b = onto::extract_slice(o, p),
                              c = onto::extract_slice(r, p);
            QCOMPARE(onto::slice_document(a.ontology, "h"), onto::slice_document(b.ontology, "h"));
            QCOMPARE(a.class_order, c.class_order);
            QCOMPARE(keys_of(a.ontology), keys_of(c.ontology)); // the same axioms, in the source's order
        }
    }

    void document_reads_back() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        onto::SliceParams p;
        p.root = "R";
        const onto::Slice s = onto::extract_slice(o, p);
        const std::string doc = onto::slice_document(s.ontology, "a slice\nof a test ontology");
        QVERIFY(doc.starts_with("# a slice\n# of a test ontology\n"));
        const onto::Ontology back = onto::load_ontology_text("back.kbo", doc);
        QCOMPARE(back.axioms.size(), s.ontology.axioms.size());
        QCOMPARE(back.sig.concepts.size(), s.ontology.sig.concepts.size());
        QCOMPARE(onto::slice_document(back, "a slice\nof a test ontology"), doc);
    }

    void bad_input() {
        const onto::Ontology o = onto::read_text(kOnto, "slice.kbo");
        onto::SliceParams p;
        p.root = "Nowhere";
        QVERIFY_THROWS_EXCEPTION(InputError, onto::extract_slice(o, p));
        p.root = "R";
        p.size = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, onto::extract_slice(o, p));
        p.size = 5;
        p.relations = {"no_such_relation"};
        try {
            onto::extract_slice(o, p);
            QFAIL("an unknown relation was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("no_such_relation") != std::string::npos, e.what());
        }
    }

    void merge_by_iri_with_renamed_roles() {
        onto::Ontology a = onto::read_text("Class: A B\nObjectProperty: p\nA SubClassOf p some B\n", "a.kbo");
        const onto::Ontology b =
            onto::read_text("Class: B C\nObjectProperty: q\nC SubClassOf B\nC SubClassOf q some A\n", "b.kbo");
        onto::append_ontology(a, b, {{"q", "p"}});
        QCOMPARE(a.sig.concepts.size(), std::size_t(3)); // B is one class
        QCOMPARE(a.sig.roles.size(), std::size_t(1));    // q became p
        QCOMPARE(a.axioms.size(), std::size_t(3));
        QCOMPARE(onto::class_components(a), std::size_t(1));
        onto::SliceParams p;
        p.root = "C";
        p.relations = {"p"};
        QCOMPARE(onto::extract_slice(a, p).stats.classes, std::size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestOntoSlice)
#include "tst_onto_slice.moc"
