// contradiction-sweep in a reduced quick mode on Pizza (shared data): the endpoint table, one
// chart per panel with FVR/MRR/Pair-FVR over the p⊥ grid, and the endpoint checks.
#include "repro_quick_util.hpp"

class TestReproQuickSweep : public QObject {
    Q_OBJECT
  private slots:
    void run() {
        if (!kbcx::test::shared_onto_present()) QSKIP("shared data folder absent");
        QTemporaryDir dir;
        auto o = kbcx::test::reduced(dir);
        o.models = {"ELEmbeddings", "Box2EL"};
        o.forms = {"GCI0", "GCI1_BOT"};
        o.p_bot = {0, 1};
        const auto out = kbcx::test::run_finding("contradiction-sweep", o);
        const std::string why = kbcx::test::check_structure(out);
        QVERIFY2(why.empty(), why.c_str());
        const auto* t = kbcx::test::find_table(out.report, "FVR and MRR at");
        QVERIFY(t);
        QVERIFY(kbcx::test::has_columns(*t, {"panel", "FVR(p⊥=0)", "FVR(p⊥=1)", "MRR(p⊥=0)", "MRR(p⊥=1)"}));
        QCOMPARE(t->rows.size(), std::size_t(4)); // 2 models × 2 forms
        for (const auto& row : t->rows)
            qInfo("%s: FVR %s -> %s, MRR %s -> %s", row[0].c_str(), row[1].c_str(), row[2].c_str(), row[4].c_str(),
                  row[5].c_str());
        // Direction of the effect where the reduced run is large enough to show it: Box2EL's FVR
        // falls clearly (by 0.15-0.3 in our runs) from p⊥ = 0 to p⊥ = 1 on both panels.
        for (const auto& row : t->rows)
            if (row[0].rfind("Box2EL", 0) == 0) QVERIFY2(std::stod(row[2]) < std::stod(row[1]), row[0].c_str());
        std::size_t panels = 0;
        for (const auto& s : out.report.sections)
            for (const auto& c : s.charts) {
                ++panels;
                QCOMPARE(c.series.size(), std::size_t(3));
                QCOMPARE(c.series[0].x, (std::vector<double>{0, 1}));
            }
        QCOMPARE(panels, std::size_t(4));
        const auto* c = kbcx::test::find_check(out.report, "FVR at p⊥ = 1 is below FVR at p⊥ = 0 in every panel");
        QVERIFY(c);
        qInfo("%s — %s", c->claim.c_str(), c->detail.c_str());
    }
};

QTEST_GUILESS_MAIN(TestReproQuickSweep)
#include "tst_repro_quick_sweep_shared.moc"
