// rank-vs-faithfulness in a reduced quick mode on Pizza (shared data): the report's structure
// (our table, the paper's Table 4, the orderings, the chart) and the ordering checks.
#include "repro_quick_util.hpp"

class TestReproQuickRank : public QObject {
    Q_OBJECT
  private slots:
    void run() {
        if (!kbcx::test::shared_onto_present()) QSKIP("shared data folder absent");
        QTemporaryDir dir;
        auto o = kbcx::test::reduced(dir);
        o.models = {"ELEmbeddings", "Box2EL", "TransE-L1", "DistMult"};
        const auto out = kbcx::test::run_finding("rank-vs-faithfulness", o);
        const std::string why = kbcx::test::check_structure(out);
        QVERIFY2(why.empty(), why.c_str());
        const auto* ours = kbcx::test::find_table(out.report, "Our run");
        QVERIFY(ours);
        QVERIFY(
            kbcx::test::has_columns(*ours, {"model", "AUC+/−", "Adm@10", "FVR", "Pair-FVR", "ρ_P", "MRR", "Hits@10"}));
        QCOMPARE(ours->rows.size(), std::size_t(4));
        QCOMPARE(ours->rows[2][0], std::string("TransE"));
        const auto* paper = kbcx::test::find_table(out.report, "Table 4");
        QVERIFY(paper);
        QCOMPARE(paper->rows.size(), std::size_t(4));
        QCOMPARE(paper->rows[0][1], std::string("0.70 ± 0.01")); // ELEm's AUC in Table 4
        QVERIFY(kbcx::test::find_table(out.report, "Orderings"));
        QVERIFY(kbcx::test::find_check(out.report, "ordering by MRR differs from the ordering by Pair-FVR"));
        QVERIFY(kbcx::test::find_check(out.report, "ordering by MRR differs from the ordering by ρ_P"));
        QCOMPARE(out.report.seeds.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestReproQuickRank)
#include "tst_repro_quick_rank_shared.moc"
