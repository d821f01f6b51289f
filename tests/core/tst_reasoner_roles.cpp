// Tests of role axioms as candidates (StatusChecker): inclusions, chains, transitivity,
// equivalence and ranges, checked incrementally against a fresh saturation of O ∪ {α}.
#include "common/error.hpp"
#include "onto/normaliser.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/status.hpp"
#include "reasoner_test_util.hpp"

#include <QTest>

#include <array>
#include <map>
#include <random>
#include <set>

using namespace kbcx;
using namespace kbcx::onto;
using namespace kbcx::reason;
using namespace kbcx::test;

class TestReasonerRoles : public QObject {
    Q_OBJECT
  private slots:
    void roleCandidatesIncremental() {
        // r ∘ s ⊑ t makes A ⊑ ∃t.C, which meets ∃t.C ⊑ D and A ⊓ D ⊑ ⊥.
        Ontology o = read_text("Class: A B C D E\nObjectProperty: r s t u v\nIndividual: a b\n"
                               "A SubClassOf r some B\nB SubClassOf s some C\nt some C SubClassOf D\n"
                               "A and D SubClassOf owl:Nothing\nE SubClassOf u some C\n"
                               "v some C SubClassOf owl:Nothing\nu(a,b)\nC(b)\n",
                               "hand");
        jobs::JobContext ctx;
        StatusChecker chk(o, ctx);
        const auto c = chk.check_text("r o s SubPropertyOf t", Reading::Incoherence, true);
        QCOMPARE(c.status, Status::Contradictory);
        QVERIFY(!c.proof.empty());
        QVERIFY(c.proof.back().find("owl:Nothing") != std::string::npos);
        QCOMPARE(chk.check_text("r o s SubPropertyOf t", Reading::Inconsistency).status, Status::Undetermined);
        QCOMPARE(chk.check_text("s o r SubPropertyOf t", Reading::Incoherence).status, Status::Undetermined);
        // u ⊑ v: E becomes unsatisfiable (incoherence) and so does a (inconsistency).
        QCOMPARE(chk.check_text("u SubPropertyOf v", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk.check_text("u SubPropertyOf v", Reading::Inconsistency).status, Status::Contradictory);
        QCOMPARE(chk.check_text("v SubPropertyOf u", Reading::Incoherence).status, Status::Undetermined);
        // u ⊑ r gives E an r-link to C, which has no s-link: harmless.
        QCOMPARE(chk.check_text("u SubPropertyOf r", Reading::Incoherence).status, Status::Undetermined);
        QCOMPARE(chk.check_text("EquivalentObjectProperties(<u> <v>)", Reading::Incoherence).status,
                 Status::Contradictory);
        // Everything rolled back: the first candidate again, and the closure unchanged.
        QCOMPARE(chk.check_text("r o s SubPropertyOf t", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk.check_text("A SubClassOf owl:Nothing", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk.check_text("A SubClassOf t some C", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk.check_text("B SubClassOf t some C", Reading::Incoherence).status, Status::Undetermined);
        // Transitivity: nothing new when the class it reaches is unsatisfiable anyway...
        Ontology o2 = read_text("Class: A B C\nObjectProperty: w\nA SubClassOf w some B\nB SubClassOf w some C\n"
                                "w some C SubClassOf owl:Nothing\n",
                                "hand2");
        StatusChecker chk2(o2, ctx);
        QCOMPARE(chk2.check_text("TransitiveObjectProperty(<w>)", Reading::Incoherence).status, Status::Undetermined);
        Ontology o3 = read_text("Class: A B C D\nObjectProperty: w\nA SubClassOf w some B\nB SubClassOf w some C\n"
                                "w some C SubClassOf D\nA and D SubClassOf owl:Nothing\n",
                                "hand3");
        StatusChecker chk3(o3, ctx); // ...but A ⊑ ∃w.C ⊑ D here
        QCOMPARE(chk3.check_text("TransitiveObjectProperty(<w>)", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk3.check_text("TransitiveObjectProperty(<w>)", Reading::Inconsistency).status, Status::Undetermined);
    }
    void roleCandidatesIncrementalMatchFresh() {
        // The incremental status of role-axiom candidates equals saturating O ∪ {α} afresh, on
        // random ontologies with role hierarchies, chains and ranges, under both readings; the
        // incremental path never saturates afresh, and every check leaves the closure as it was.
        std::mt19937 rng(23);
        int compared = 0, contradictory = 0, ontologies = 0;
        // per kind: [0] ranges, [1] chains of 3 roles, [2] inclusions giving a role a new range,
        // [3] chains of 4 roles
        std::array<int, 4> kind_compared{}, kind_contradictory{};
        for (int round = 0; round < 500; ++round) {
            std::string text = "Class: A B C\nObjectProperty: r s t\nIndividual: a b\n";
            const int n = 3 + static_cast<int>(rng() % 6);
            for (int i = 0; i < n; ++i)
                text += random_axiom3(rng) + "\n";
            // A path of links X0 ⊑ ∃ρ1.X1, X1 ⊑ ∃ρ2.X2, … and often ∃u.Xm ⊑ ⊥: chain candidates
            // along it (below) and new ranges on its roles reach ⊥ often enough.
            std::vector<std::string> walk;
            char x = static_cast<char>('A' + rng() % 3);
            for (int i = 2 + static_cast<int>(rng() % 3); i > 0; --i) {
                const char y = static_cast<char>('A' + rng() % 3);
                walk.emplace_back(1, "rst"[rng() % 3]);
                text += std::string(1, x) + " SubClassOf " + walk.back() + " some " + y + "\n";
                x = y;
            }
            if (rng() % 2) text += std::string(1, "rst"[rng() % 3]) + " some " + x + " SubClassOf owl:Nothing\n";
            std::vector<std::string> range_roles; // ranges in O, so that inclusions bring new ones
            for (int i = static_cast<int>(rng() % 3); i > 0; --i) {
                const std::string rr(1, "rst"[rng() % 3]);
                text += rr + " Range " + std::string(1, static_cast<char>('A' + rng() % 3)) + "\n";
                range_roles.push_back(rr);
            }
            Ontology o = read_text(text, "rand");
            jobs::JobContext ctx;
            ClassifyResult r = classify(o, ctx, false);
            if (!r.consistent) continue;
            ++ontologies;
            StatusChecker chk(o, std::move(r));
            const std::string before = reasoner_state(chk.reasoner());
            std::vector<std::pair<Axiom, std::array<Status, 2>>> seen;
            for (int k = 0; k < 6; ++k) {
                std::string cand = random_role_candidate(rng);
                if (rng() % 4 == 0 && walk.size() >= 3) { // a chain of 3 or 4 roles along the path
                    cand.clear();
                    const std::size_t len = std::min<std::size_t>(walk.size(), 3 + rng() % 2);
                    for (std::size_t i = 0; i < len; ++i)
                        cand += walk[i] + " o ";
                    cand.replace(cand.size() - 3, 3, " SubPropertyOf ");
                    cand += "rst"[rng() % 3];
                }
                TextParser tp(o, "cand");
                const Axiom alpha = tp.parse_axiom(cand);
                int kind = -1;
                if (alpha.kind == AxiomKind::ObjectPropertyRange)
                    kind = 0;
                else if (alpha.kind == AxiomKind::SubObjectPropertyOf && alpha.roles.size() == 4)
                    kind = 1;
                else if (alpha.kind == AxiomKind::SubObjectPropertyOf && alpha.roles.size() == 5)
                    kind = 3;
                else if (alpha.kind == AxiomKind::SubObjectPropertyOf && alpha.roles.size() == 2) {
                    const Reasoner& R = chk.reasoner();
                    for (const std::string& rr : range_roles) {
                        const RoleName u = o.sig.roles.find(rr);
                        if (R.sub_role(alpha.roles[1], u) && !R.sub_role(alpha.roles[0], u)) kind = 2;
                    }
                }
                std::array<Status, 2> got{};
                for (Reading rd : {Reading::Inconsistency, Reading::Incoherence}) {
                    chk.set_incremental_role_axioms(true);
                    const std::size_t fresh_before = chk.fresh_saturations();
                    const Status inc = chk.check(alpha, rd).status;
                    QCOMPARE(chk.fresh_saturations(), fresh_before); // the delta path, not a fallback
                    chk.set_incremental_role_axioms(false);
                    const Status ref = chk.check(alpha, rd).status;
                    chk.set_incremental_role_axioms(true);
                    QVERIFY2(inc == ref, qPrintable(QString::fromStdString(
                                             text + "candidate: " + cand + "\nreading: " + reading_name(rd) +
                                             ", incremental " + status_name(inc) + ", fresh " + status_name(ref))));
                    got[rd == Reading::Incoherence] = inc;
                    ++compared;
                    contradictory += ref == Status::Contradictory;
                    if (kind >= 0) {
                        ++kind_compared[kind];
                        kind_contradictory[kind] += ref == Status::Contradictory;
                    }
                }
                seen.push_back({alpha, got});
            }
            // The same candidates again, in reverse order, on the same checker: same answers,
            // and the closure is exactly as before any check.
            for (std::size_t k = seen.size(); k-- > 0;)
                for (Reading rd : {Reading::Inconsistency, Reading::Incoherence})
                    QVERIFY2(chk.check(seen[k].first, rd).status == seen[k].second[rd == Reading::Incoherence],
                             text.c_str());
            QVERIFY2(reasoner_state(chk.reasoner()) == before, text.c_str());
        }
        QVERIFY(ontologies >= 300);
        QVERIFY(compared >= 3000);
        QVERIFY2(contradictory >= 30, qPrintable(QString::number(contradictory)));
        for (int k = 0; k < 4; ++k)
            QVERIFY2(kind_compared[k] >= 150 && kind_contradictory[k] >= 10,
                     qPrintable(QString("kind %1: %2 compared, %3 contradictory")
                                    .arg(k)
                                    .arg(kind_compared[k])
                                    .arg(kind_contradictory[k])));
    }
    void roleCandidatesRangesAndLongChains() {
        // r ∘ s ∘ t ⊑ u (normalised with a fresh role) makes A ⊑ ∃u.D ⊑ E, and A ⊓ E ⊑ ⊥.
        jobs::JobContext ctx;
        Ontology o = read_text("Class: A B C D E\nObjectProperty: r s t u\n"
                               "A SubClassOf r some B\nB SubClassOf s some C\nC SubClassOf t some D\n"
                               "u some D SubClassOf E\nA and E SubClassOf owl:Nothing\n",
                               "hand4");
        StatusChecker chk(o, ctx);
        const std::string before = reasoner_state(chk.reasoner());
        const auto c = chk.check_text("r o s o t SubPropertyOf u", Reading::Incoherence, true);
        QCOMPARE(c.status, Status::Contradictory);
        std::string proof;
        for (const auto& l : c.proof)
            proof += l + "\n";
        QVERIFY2(proof.find("_:R0 some") != std::string::npos, proof.c_str()); // the fresh role's link
        QCOMPARE(chk.check_text("s o t SubPropertyOf u", Reading::Incoherence).status, Status::Undetermined);
        QCOMPARE(chk.check_text("r o s o t o t SubPropertyOf u", Reading::Incoherence).status, Status::Undetermined);
        QCOMPARE(chk.reasoner().num_roles(), std::size_t{4});
        QCOMPARE(reasoner_state(chk.reasoner()), before);
        QCOMPARE(chk.fresh_saturations(), std::size_t{0});

        // Ranges: r Range D makes A's r-successor B ⊓ D unsatisfiable; r ⊑ p brings p's range D
        // to r; q ⊑ p brings it to b, which is a B (inconsistent).
        Ontology o2 = read_text("Class: A B D\nObjectProperty: r p q\nIndividual: a b\n"
                                "A SubClassOf r some B\nB and D SubClassOf owl:Nothing\np Range D\n"
                                "q(a,b)\nB(b)\n",
                                "hand5");
        StatusChecker chk2(o2, ctx);
        const std::string before2 = reasoner_state(chk2.reasoner());
        QCOMPARE(chk2.check_text("r Range D", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk2.check_text("r Range D", Reading::Inconsistency).status, Status::Undetermined);
        QCOMPARE(chk2.check_text("r SubPropertyOf p", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk2.check_text("r SubPropertyOf p", Reading::Inconsistency).status, Status::Undetermined);
        QCOMPARE(chk2.check_text("q SubPropertyOf p", Reading::Inconsistency).status, Status::Contradictory);
        QCOMPARE(chk2.check_text("q Range D", Reading::Inconsistency).status, Status::Contradictory);
        QCOMPARE(chk2.check_text("p SubPropertyOf r", Reading::Incoherence).status, Status::Undetermined);
        QCOMPARE(chk2.check_text("p Range D", Reading::Incoherence).status, Status::Entailed);
        QCOMPARE(chk2.check_text("r Range A", Reading::Incoherence).status, Status::Undetermined);
        QCOMPARE(reasoner_state(chk2.reasoner()), before2);
        QCOMPARE(chk2.check_text("r Range D", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk2.fresh_saturations(), std::size_t{0});

        // 64 roles: the fresh role of a chain starts a new word of the role bit rows.
        std::string text64 = "Class: A B C D E\nObjectProperty:";
        for (int i = 0; i < 64; ++i)
            text64 += " r" + std::to_string(i);
        text64 += "\nA SubClassOf r0 some B\nB SubClassOf r1 some C\nC SubClassOf r2 some D\n"
                  "r63 some D SubClassOf E\nA and E SubClassOf owl:Nothing\nr1 SubPropertyOf r40\n";
        Ontology o64 = read_text(text64, "hand64");
        StatusChecker chk64(o64, ctx);
        QCOMPARE(chk64.reasoner().num_roles(), std::size_t{64});
        const std::string before64 = reasoner_state(chk64.reasoner());
        for (bool inc : {true, false}) {
            chk64.set_incremental_role_axioms(inc);
            QCOMPARE(chk64.check_text("r0 o r1 o r2 SubPropertyOf r63", Reading::Incoherence).status,
                     Status::Contradictory);
            QCOMPARE(chk64.check_text("r0 o r40 o r2 SubPropertyOf r63", Reading::Incoherence).status,
                     Status::Contradictory);
            QCOMPARE(chk64.check_text("r0 o r1 o r2 o r2 SubPropertyOf r63", Reading::Incoherence).status,
                     Status::Undetermined);
            QCOMPARE(chk64.check_text("r40 o r0 o r2 SubPropertyOf r63", Reading::Incoherence).status,
                     Status::Undetermined);
        }
        QCOMPARE(chk64.fresh_saturations(), std::size_t{4});
        QCOMPARE(reasoner_state(chk64.reasoner()), before64);

        // A range of owl:Nothing contradicts any link of the role, even in an ontology without ⊥.
        Ontology o3 = read_text("Class: A B\nObjectProperty: r s\nA SubClassOf r some B\n", "hand6");
        StatusChecker chk3(o3, ctx);
        QCOMPARE(chk3.check_text("r Range owl:Nothing", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk3.check_text("s Range owl:Nothing", Reading::Incoherence).status, Status::Undetermined);
        chk3.set_incremental_role_axioms(false);
        QCOMPARE(chk3.check_text("r Range owl:Nothing", Reading::Incoherence).status, Status::Contradictory);
        QCOMPARE(chk3.fresh_saturations(), std::size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestReasonerRoles)
#include "tst_reasoner_roles.moc"
