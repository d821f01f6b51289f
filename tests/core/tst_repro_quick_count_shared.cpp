// relative-count-ranking in a reduced quick mode on Pizza (shared data): P on T? recounted
// over |Δ| = 2, 3; ρ_P per model per domain; the endpoint-share table and its invariants.
#include "repro_quick_util.hpp"

#include <string>

class TestReproQuickCount : public QObject {
    Q_OBJECT
  private slots:
    void run() {
        if (!kbcx::test::shared_onto_present()) QSKIP("shared data folder absent");
        QTemporaryDir dir;
        auto o = kbcx::test::reduced(dir);
        o.models = {"ELEmbeddings", "TransE-L1"};
        o.max_domain = 3;
        const auto out = kbcx::test::run_finding("relative-count-ranking", o);
        const std::string why = kbcx::test::check_structure(out);
        QVERIFY2(why.empty(), why.c_str());
        const auto* t = kbcx::test::find_table(out.report, "T? axioms");
        QVERIFY(t);
        QVERIFY(kbcx::test::has_columns(*t, {"|Δ|", "T?", "P = 0", "P = 1", "0 < P < 1"}));
        QCOMPARE(t->rows.size(), std::size_t(2));
        for (const auto& row : t->rows) // the three counts add up to |T?|
            QCOMPARE(std::stoi(row[2]) + std::stoi(row[3]) + std::stoi(row[4]), std::stoi(row[1]));
        QCOMPARE(t->rows[0][1], t->rows[1][1]); // the same T? at both domains
        const auto* rho = kbcx::test::find_table(out.report, "Spearman");
        QVERIFY(rho);
        QVERIFY(kbcx::test::has_columns(*rho, {"model", "ρ_P, |Δ| = 2", "ρ_P, |Δ| = 3"}));
        QCOMPARE(rho->rows.size(), std::size_t(2));
        QVERIFY(QFile::exists(QString::fromStdString(out.folder + "/work/tests_GCI0_d3.tsv")));
    }
};

QTEST_GUILESS_MAIN(TestReproQuickCount)
#include "tst_repro_quick_count_shared.moc"
