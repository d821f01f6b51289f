// Deep and malformed structures (issue 9): the two fuzz findings as unit tests, the nesting cap of
// the parsers at its exact boundary with file:line:col, and proofs/derivations deeper than a small stack.
#include "test_util.hpp"

#include "common/error.hpp"
#include "common/job.hpp"
#include "common/nesting.hpp"
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/reasoner.hpp"
#include "rules/materialise.hpp"
#include "rules/parser.hpp"
#include "rules/program.hpp"
#include "rules/rule_jobs.hpp"

#include <QtTest>

#include <pthread.h>

#include <exception>
#include <functional>
#include <string>

using namespace kbcx;

namespace {

/// Runs fn on a thread whose whole stack is `bytes`: code that recursed once per level of a
/// structure thousands of levels deep would overflow it (SIGSEGV), iterative code does not.
void on_small_stack(std::size_t bytes, const std::function<void()>& fn) {
    struct Call {
        const std::function<void()>* fn;
        std::exception_ptr error;
    } call{&fn, nullptr};
    pthread_attr_t attr;
    QCOMPARE(pthread_attr_init(&attr), 0);
    QCOMPARE(pthread_attr_setstacksize(&attr, bytes), 0);
    pthread_t thread;
    const int rc = pthread_create(
        &thread, &attr,
        [](void* arg) -> void* {
            auto* c = static_cast<Call*>(arg);
            try {
                (*c->fn)();
            } catch (...) {
                c->error = std::current_exception();
            }
            return nullptr;
        },
        &call);
    pthread_attr_destroy(&attr);
    QCOMPARE(rc, 0);
    QCOMPARE(pthread_join(thread, nullptr), 0);
    if (call.error) std::rethrow_exception(call.error);
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i)
        out += s;
    return out;
}

/// The InputError `fn` throws (fails the test when it throws nothing).
InputError input_error(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const InputError& e) {
        return e;
    }
    throw std::runtime_error("no InputError was thrown");
}

const std::string kOfnHead = "Prefix(:=<http://e/>)\nOntology(<http://e/o>\n";

} // namespace

class TestReliabilityDeep : public QObject {
    Q_OBJECT
  private slots:
    // --- the two fuzz findings (tests/fuzz/corpus/onto_ofn, onto_owx) ---
    void ofnComplementWithoutOperandIsAnInputError() {
        // Was: ObjectComplementOf with no operand reached TextWriter::expr_prec, which read args[0].
        for (const auto& [expr, what] :
             std::vector<std::pair<std::string, std::string>>{{"ObjectComplementOf()", "exactly one class expression"},
                                                              {"ObjectAllValuesFrom(:r)", "one class expression"},
                                                              {"ObjectUnionOf(:B)", "at least two operands"},
                                                              {"ObjectHasValue(:r)", "one individual"},
                                                              {"ObjectHasSelf(:r :B)", "only a property"},
                                                              {"ObjectOneOf()", "at least one individual"}}) {
            const std::string text = kOfnHead + "SubClassOf(:A " + expr + ")\n)\n";
            const InputError e = input_error([&] {
                onto::Ontology o;
                onto::read_functional(text, "f.ofn", o);
            });
            QCOMPARE(e.file(), std::string("f.ofn"));
            QCOMPARE(e.line(), std::size_t{3});
            QCOMPARE(e.column(), std::size_t{15}); // where the expression starts
            QVERIFY2(std::string(e.what()).find(what) != std::string::npos, e.what());
        }
        // Well-formed ones still load and print.
        onto::Ontology o;
        onto::read_functional(kOfnHead + "SubClassOf(:A ObjectComplementOf(:B))\n"
                                         "SubClassOf(:A ObjectAllValuesFrom(:r :B))\n)\n",
                              "f.ofn", o);
        onto::TextWriter w(o, NameStyle::Short);
        QCOMPARE(QString::fromStdString(w.axiom(o.axioms[0])), QStringLiteral(":A SubClassOf not :B"));
        QCOMPARE(QString::fromStdString(w.axiom(o.axioms[1])), QStringLiteral(":A SubClassOf :r only :B"));
    }

    void owxBadCardinalityIsAnInputError() {
        // Was: std::stoul threw std::invalid_argument (not an InputError) on cardinality=":".
        const auto owx = [](const std::string& card) {
            return "<?xml version=\"1.0\"?>\n<Ontology xmlns=\"http://www.w3.org/2002/07/owl#\" "
                   "ontologyIRI=\"http://e/o\">\n<SubClassOf><Class IRI=\"http://e/A\"/>\n"
                   "  <ObjectMinCardinality cardinality=\"" +
                   card + "\"><ObjectProperty IRI=\"http://e/r\"/></ObjectMinCardinality></SubClassOf>\n</Ontology>\n";
        };
        for (const std::string bad : {":", "", "-1", "4294967296", "99999999999999999999", "1e3"}) {
            const InputError e = input_error([&] {
                onto::Ontology o;
                onto::read_owlxml(owx(bad), "f.owx", o);
            });
            QCOMPARE(e.line(), std::size_t{4});
            QVERIFY(e.column() > 0);
            QVERIFY2(std::string(e.what()).find("cardinality") != std::string::npos, e.what());
        }
        onto::Ontology o;
        onto::read_owlxml(owx("4294967295"), "f.owx", o);
        QCOMPARE(o.axioms.size(), std::size_t{1});
        QCOMPARE(o.pool.get(o.axioms[0].concepts[1]).number, 4294967295u);
    }

    void rdfLiteralWherePropertyBelongsIsDropped() {
        // Was: a literal as owl:onProperty, as a member of a property chain, or in an owl:oneOf
        // list was read as a term id (SEGV in the name table). Each is now one dropped axiom, and
        // the well-formed axiom beside it still loads.
        const std::string head = "@prefix : <http://e/> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
                                 "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                                 ":A a owl:Class . :B a owl:Class . :r a owl:ObjectProperty .\n"
                                 ":A rdfs:subClassOf :B .\n";
        const std::string bad[] = {
            ":A rdfs:subClassOf [ a owl:Restriction ; owl:onProperty \"r\" ; owl:someValuesFrom :B ] .\n",
            ":s owl:propertyChainAxiom ( :r \"x\" ) .\n",
            ":A owl:equivalentClass [ a owl:Class ; owl:oneOf ( \"lit\" ) ] .\n",
            ":A rdfs:subClassOf [ a owl:Restriction ; owl:onProperty 7 ; owl:allValuesFrom :B ] .\n",
        };
        for (const std::string& b : bad) {
            onto::Ontology o;
            onto::read_owl_rdf(head + b, onto::OntoFormat::Turtle, "f.ttl", o);
            int sub = 0, flagged = 0;
            for (const onto::Axiom& a : o.axioms) {
                bool other = a.kind == onto::AxiomKind::NotEL;
                for (onto::ExprId c : a.concepts)
                    other = other || o.pool.get(c).kind == onto::ConceptKind::Other;
                flagged += other;
                if (a.kind == onto::AxiomKind::SubClassOf && !other) ++sub;
            }
            QVERIFY2(sub == 1, b.c_str());
            QVERIFY2(flagged == 1, b.c_str());
        }
    }

    // --- the nesting cap at its boundary, and 10^5 levels refused with file:line:col ---
    void ofnNestingCapBoundary() {
        // SubClassOf is level 1, restriction k level k + 1, its property and filler level k + 2:
        // m = kMaxNesting - 2 restrictions are accepted, one more is refused.
        const auto text = [](std::size_t m) {
            return kOfnHead + "SubClassOf(:A " + repeat("ObjectSomeValuesFrom(:r ", m) + ":B" + repeat(")", m) +
                   ")\n)\n";
        };
        const std::size_t ok = kMaxNesting - 2;
        onto::Ontology o;
        onto::read_functional(text(ok), "deep.ofn", o);
        QCOMPARE(o.axioms.size(), std::size_t{1});
        for (const std::size_t m : {ok + 1, std::size_t{100000}}) {
            const InputError e = input_error([&] {
                onto::Ontology o2;
                onto::read_functional(text(m), "deep.ofn", o2);
            });
            QCOMPARE(e.line(), std::size_t{3});
            // The first token beyond the cap: the property :r of restriction number kMaxNesting - 1
            // (level kMaxNesting), which is level kMaxNesting + 1.
            const std::size_t col = 15 + (kMaxNesting - 2) * std::string("ObjectSomeValuesFrom(:r ").size() +
                                    std::string("ObjectSomeValuesFrom(").size();
            QCOMPARE(e.column(), col);
            QVERIFY2(std::string(e.what()).find("nested deeper than 1000") != std::string::npos, e.what());
        }
    }

    void textNestingCapBoundary() {
        // "A SubClassOf " + m × "r some " + "B": B is unary level m + 1.
        const auto text = [](const std::string& op, std::size_t m) {
            return "Class: A B\nA SubClassOf " + repeat(op, m) + "B" + (op == "(" ? repeat(")", m) : "") + "\n";
        };
        for (const std::string op : {"r some ", "not ", "(", "r only "}) {
            const std::size_t ok = kMaxNesting - 1;
            const onto::Ontology o = onto::read_text(text(op, ok), "deep.kbo");
            QCOMPARE(o.axioms.size(), std::size_t{1});
            for (const std::size_t m : {ok + 1, std::size_t{100000}}) {
                const InputError e = input_error([&] { (void)onto::read_text(text(op, m), "deep.kbo"); });
                QCOMPARE(e.file(), std::string("deep.kbo"));
                QCOMPARE(e.line(), std::size_t{2});
                QCOMPARE(e.column(), 14 + kMaxNesting * op.size()); // the token at level 1001
                QVERIFY2(std::string(e.what()).find("nested deeper than 1000") != std::string::npos, e.what());
            }
        }
    }

    void textSyntaxPrecedenceKept() {
        // The explicit-stack parser builds the same trees as the grammar says.
        const onto::Ontology o = onto::read_text("Class: A B C D\nObjectProperty: r\n"
                                                 "A SubClassOf B and C or D or r some (A and not B)\n"
                                                 "A SubClassOf (B or C) and r only not (D)\n"
                                                 "A SubClassOf ((B))\n",
                                                 "p.kbo");
        onto::TextWriter w(o, NameStyle::Short);
        QCOMPARE(w.axiom(o.axioms[0]), std::string("A SubClassOf (B and C) or D or r some (A and not B)"));
        QCOMPARE(w.axiom(o.axioms[1]), std::string("A SubClassOf (B or C) and r only not D"));
        QCOMPARE(w.axiom(o.axioms[2]), std::string("A SubClassOf B"));
        QVERIFY_THROWS_EXCEPTION(InputError, (void)onto::read_text("Class: A B\nA SubClassOf (B\n", "p.kbo"));
        QVERIFY_THROWS_EXCEPTION(InputError, (void)onto::read_text("Class: A B\nA SubClassOf B or C and B\n", "p.kbo"));
    }

    // --- proofs and derivations deeper than a 256 KiB stack ---
    void deepElProofOnSmallStack() {
        // A_i ⊑ ∃r.A_{i+1}, A_n ⊑ B, ∃r.B ⊑ B: A_0 ⊑ B needs a proof n levels deep while each
        // context holds a handful of subsumers.
        const std::size_t n = 20000;
        std::string text = "Class: B\nObjectProperty: r\n";
        for (std::size_t i = 0; i < n; ++i)
            text += "A" + std::to_string(i) + " SubClassOf r some A" + std::to_string(i + 1) + "\n";
        text += "A" + std::to_string(n) + " SubClassOf B\nr some B SubClassOf B\n";
        onto::Ontology o = onto::read_text(text, "chain.kbo");
        jobs::JobContext ctx;
        const reason::ClassifyResult r = reason::classify(o, ctx);
        const reason::Reasoner& R = *r.reasoner;
        const auto a0 = R.concept_node(o.sig.concepts.find("A0")), b = R.concept_node(o.sig.concepts.find("B"));
        QVERIFY(R.subsumes(a0, b));
        std::vector<reason::ProofStep> steps;
        on_small_stack(256 * 1024, [&] { steps = R.proof(a0, b); });
        // Premises first; every A_i ⊑ B (i = 0..n) and every link A_i →r A_{i+1} appears once.
        QVERIFY(!steps.empty());
        std::size_t subs_to_b = 0, links = 0;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            for (auto p : steps[i].premises)
                QVERIFY(p < i);
            if (!steps[i].link && steps[i].x == b) ++subs_to_b;
            if (steps[i].link) ++links;
        }
        QCOMPARE(subs_to_b, n + 1);
        QCOMPARE(links, n);
        QVERIFY(!steps.back().link);
        QCOMPARE(steps.back().ctx, a0);
        QCOMPARE(steps.back().x, b);
    }

    void deepDerivationOnSmallStack() {
        // reach(s, n_i) for a chain of n edges: the derivation of the last fact is n levels deep.
        const std::size_t n = 20000;
        std::string tsv = "s\tstart\tn0\n";
        for (std::size_t i = 0; i < n; ++i)
            tsv += "n" + std::to_string(i) + "\te\tn" + std::to_string(i + 1) + "\n";
        auto graph = test::load_text("chain.tsv", tsv).graph;
        auto program = std::make_shared<rules::Program>(
            graph, rules::parse_rules("reach(x,y) :- start(x,y).\nreach(x,z) :- reach(x,y), e(y,z).\n"));
        jobs::JobContext ctx;
        const auto m = rules::Materialisation::run(program, {}, ctx);
        QCOMPARE(m->num_derived(), std::uint64_t{n + 1});
        const auto id = m->find(program->parse_fact("reach(s,n" + std::to_string(n) + ")"));
        QVERIFY(id.has_value());
        std::vector<rules::TreeRow> rows;
        std::string text;
        on_small_stack(256 * 1024, [&] {
            const rules::DerivationNode tree = m->explain(*id);
            text = rules::format_tree(*m, tree);
            rows = rules::derivation_rows(*m, *id);
        });
        // n + 1 derived reach facts, n edges and the start fact: 2n + 2 rows, the deepest at n + 1.
        QCOMPARE(rows.size(), 2 * n + 2);
        int deepest = 0, inputs = 0;
        for (const auto& row : rows) {
            deepest = std::max(deepest, row.depth);
            inputs += row.input ? 1 : 0;
        }
        QCOMPARE(deepest, static_cast<int>(n + 1));
        QCOMPARE(inputs, static_cast<int>(n + 1));
        QCOMPARE(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), 2 * n + 2);
        QVERIFY(text.starts_with("reach(s,n" + std::to_string(n) + ")"));
    }
};

QTEST_GUILESS_MAIN(TestReliabilityDeep)
#include "tst_reliability_deep.moc"
