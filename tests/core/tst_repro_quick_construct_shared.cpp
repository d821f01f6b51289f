// construct-dependence in a reduced quick mode on Pizza (shared data): one table row per
// (form, model), both charts, and the disjointness-vs-conjunction contrast.
#include "repro_quick_util.hpp"

class TestReproQuickConstruct : public QObject {
    Q_OBJECT
  private slots:
    void run() {
        if (!kbcx::test::shared_onto_present()) QSKIP("shared data folder absent");
        QTemporaryDir dir;
        auto o = kbcx::test::reduced(dir);
        o.models = {"ELEmbeddings", "Box2EL"};
        const auto out = kbcx::test::run_finding("construct-dependence", o);
        const std::string why = kbcx::test::check_structure(out);
        QVERIFY2(why.empty(), why.c_str());
        const auto* ours = kbcx::test::find_table(out.report, "Our run");
        QVERIFY(ours);
        QVERIFY(kbcx::test::has_columns(*ours, {"form / model", "AUC+/−", "Pair-FVR"}));
        QCOMPARE(ours->rows.size(), std::size_t(10)); // 5 forms × 2 models
        QCOMPARE(ours->rows[4][0], std::string("GCI1_BOT ELEmbeddings"));
        QCOMPARE(out.report.sections.front().charts.size(), std::size_t(2));
        QVERIFY(kbcx::test::find_check(out.report, "disjointness (GCI1_BOT) is handled faithfully by Box2EL"));
        QVERIFY(kbcx::test::find_check(out.report, "conjunctive subsumption (GCI1) is inverted by ELEmbeddings"));
        // Direction of the effect for Box2EL: disjointness far better ranked than conjunctions
        // (AUC± about 0.84 vs 0.39 in our quick runs).
        auto auc = [&](const std::string& label) {
            for (const auto& row : ours->rows)
                if (row[0] == label) return std::stod(row[1]);
            return -1.0;
        };
        QVERIFY(auc("GCI1_BOT Box2EL") > auc("GCI1 Box2EL") + 0.1);
        QVERIFY(auc("GCI1 Box2EL") >= 0);
    }
};

QTEST_GUILESS_MAIN(TestReproQuickConstruct)
#include "tst_repro_quick_construct_shared.moc"
