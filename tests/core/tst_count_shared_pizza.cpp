// `kbcx count` on the real Pizza ontology (RDF/XML, shared data): its EL part is counted with
// the dropped axioms reported, --strict refuses it, and sampled candidates get P beside their status.
#include "test_util.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

namespace {
using Run = kbcx::test::CliRun;

Run run_kbcx(const QStringList& args) {
    return kbcx::test::run_kbcx(args, 300000);
}
} // namespace

class TestCountSharedPizza : public QObject {
    Q_OBJECT
    QString pizza_;
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        pizza_ = QString(KBCX_SHARED_DATA) + "/onto/pizza.owl";
        if (!QFile::exists(pizza_)) QSKIP("shared data not present");
    }

    void elPartIsCounted() {
        // five countries are named individuals: each needs its own element
        const Run refused = run_kbcx({"count", pizza_, "--domain", "2"});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("--domain 5 or more, or --tbox-only"), qPrintable(refused.err));
        const Run r = run_kbcx({"count", pizza_, "--domain", "2", "--tbox-only", "--stats"});
        QCOMPARE(r.code, 0);
        // Pizza uses ∀, ⊔ and ¬ (DESIGN.md §3): those axioms are dropped and said so
        const QStringList lines = r.out.split('\n');
        QVERIFY2(lines.at(0).startsWith("dropped: "), qPrintable(r.out));
        QVERIFY(lines.at(0).contains("ObjectAllValuesFrom"));
        QVERIFY(lines.at(0).contains("ObjectUnionOf"));
        QVERIFY2(lines.at(1).startsWith("tbox-only: 5 assertions"), qPrintable(r.out));
        QVERIFY2(lines.at(2).startsWith("models: "), qPrintable(r.out));
        bool ok = true;
        for (QChar c : lines.at(2).mid(8))
            ok = ok && c.isDigit();
        QVERIFY2(ok && lines.at(2).size() > 8, qPrintable(lines.at(2)));
        QVERIFY(r.out.contains("ontology:    rdfxml, "));
        const Run strict = run_kbcx({"count", pizza_, "--tbox-only", "--strict"});
        QCOMPARE(strict.code, 2);
        QVERIFY2(strict.err.contains("--strict refuses them"), qPrintable(strict.err));
    }

    void sampledCandidatesGetP() {
        const QString tsv = dir_.filePath("c.tsv");
        Run s = run_kbcx({"sample", pizza_, "--nf", "GCI0", "--n", "8", "--out", tsv});
        QCOMPARE(s.code, 0);
        const Run r = run_kbcx({"count", pizza_, "--domain", "2", "--tbox-only", "--candidates", tsv});
        QCOMPARE(r.code, 0);
        QFile f(tsv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        int rows = 0, expected_disagreements = 0;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.isEmpty() || line.startsWith('#')) continue;
            const QList<QByteArray> cols = line.split('\t');
            QCOMPARE(cols.size(), 5);
            ++rows;
            const QByteArray status = cols[0], p = cols[3];
            QVERIFY2(p.contains('/'), line.constData());
            const bool one = p == "1/1", zero = p.startsWith("0/");
            // soundness: an entailed axiom holds in every model over Δ
            if (status == "entailed") QVERIFY2(one, line.constData());
            if ((status == "entailed" && !one) || (status == "contradictory" && !zero) ||
                (status == "undetermined" && (one || zero)))
                ++expected_disagreements;
        }
        QVERIFY(rows > 0);
        QCOMPARE(r.out.count("\nP: "), rows);
        QCOMPARE(r.out.count("\ndisagreement: "), expected_disagreements);
        QVERIFY2(r.out.contains(QString("%1 disagree").arg(expected_disagreements)), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestCountSharedPizza)
#include "tst_count_shared_pizza.moc"
