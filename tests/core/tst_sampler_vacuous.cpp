// Vacuous GCI1 entailments in the sampler: A ⊓ B ⊑ C entailed only because A ⊓ B is
// unsatisfiable is counted, and left out of T+ with non_vacuous; checked against the checker.
#include "onto/text_syntax.hpp"
#include "reason/sampler.hpp"
#include "reason/status.hpp"

#include <QTest>

#include <string>

using namespace kbcx;
using reason::Status;

namespace {

// A and B are disjoint (every A ⊓ B ⊑ C is vacuous); C ⊓ D ⊑ X and C ⊓ D ⊑ E are not.
const char* kOnto = "A SubClassOf X\n"
                    "B SubClassOf X\n"
                    "A and B SubClassOf owl:Nothing\n"
                    "C SubClassOf X\n"
                    "D SubClassOf X\n"
                    "C SubClassOf E\n"
                    "F SubClassOf G\n"
                    "Class: H\n";

/// "P and Q SubClassOf R" → "P and Q SubClassOf owl:Nothing" (the sampler writes short names).
std::string left_side_unsat(const std::string& axiom) {
    return axiom.substr(0, axiom.find(" SubClassOf ")) + " SubClassOf owl:Nothing";
}

} // namespace

class TestSamplerVacuous : public QObject {
    Q_OBJECT
  private slots:
    void vacuousEntailmentsAreCountedOrLeftOut() {
        onto::Ontology o = onto::read_text(kOnto, "vacuous");
        jobs::JobContext ctx;
        reason::StatusChecker chk(o, ctx);
        for (const bool non_vacuous : {false, true}) {
            reason::SampleParams p;
            p.nf = "GCI1";
            p.n = 60;
            p.seed = 3;
            p.non_vacuous = non_vacuous;
            const reason::SampleResult r = reason::sample(chk, p, ctx);
            std::size_t vacuous = 0, entailed = 0;
            for (const auto& item : r.items) {
                if (item.status != Status::Entailed) continue;
                ++entailed;
                QCOMPARE(chk.check_text(item.axiom).status, Status::Entailed);
                if (chk.check_text(left_side_unsat(item.axiom)).status == Status::Entailed) ++vacuous;
            }
            QVERIFY(entailed > 0);
            if (non_vacuous) {
                QCOMPARE(vacuous, std::size_t{0}); // none kept
                QVERIFY(r.vacuous > 0);            // but some were drawn and left out
            } else {
                QVERIFY(vacuous > 0);
                QCOMPARE(r.vacuous, vacuous); // the count is of the T+ kept
                QVERIFY(vacuous < entailed);  // C ⊓ D ⊑ X and the like are not vacuous
            }
            bool noted = false;
            for (const auto& n : r.notes)
                noted = noted || n.find("vacuous") != std::string::npos;
            QVERIFY(noted);
        }
    }
};

QTEST_APPLESS_MAIN(TestSamplerVacuous)
#include "tst_sampler_vacuous.moc"
