// `kbcx score --explain` on trained runs: the printed terms add up to the loss and the score is
// `kbcx score`'s; --geometry, --over-training with --keep-checkpoints, and the messages for bad runs.
#include "test_util.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using kbcx::test::run_kbcx;

namespace {

const QString kOnto = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain.kbo");
const QString kTests = QStringLiteral(KBCX_TEST_DATA "/embed/toy_chain_tests.tsv");

struct Explained {
    std::vector<std::pair<QString, double>> terms;
    double loss = NAN, score = NAN;
    int headers = 0; ///< `# MODEL (variant V), epoch E: …` lines
};

Explained parse(const QString& out) {
    Explained e;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
        if (line.startsWith("# ") && line.contains(", epoch ")) ++e.headers;
        if (line.startsWith('#')) continue;
        const auto tab = line.lastIndexOf('\t');
        if (tab < 0) continue;
        const QString name = line.left(tab);
        const double v = line.mid(tab + 1).toDouble();
        if (name == "loss")
            e.loss = v;
        else if (name == "score")
            e.score = v;
        else
            e.terms.emplace_back(name, v);
    }
    return e;
}

QString read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestCliScoreExplain : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString train_el(const QString& model, const QString& variant) {
        const QString run = dir_.filePath(model + "-" + variant);
        const auto r = run_kbcx({"train", kOnto, "--model", model, "--variant", variant, "--epochs", "4",
                                 "--eval-every", "2", "--tests", kTests, "--keep-checkpoints", "--run", run});
        return r.code == 0 ? run : QString();
    }

  private slots:
    void explainedScoreIsTheScoreOfKbcxScore_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("shape");
        QTest::newRow("ELEmbeddings kbcx") << "ELEmbeddings"
                                           << "kbcx"
                                           << "<circle class=\"ball\"";
        QTest::newRow("ELEmbeddings paper") << "ELEmbeddings"
                                            << "paper"
                                            << "<circle class=\"ball\"";
        QTest::newRow("Box2EL mowl") << "Box2EL"
                                     << "mowl"
                                     << "<rect class=\"box\"";
        QTest::newRow("ELBE kbcx") << "ELBE"
                                   << "kbcx"
                                   << "<rect class=\"box\"";
    }
    void explainedScoreIsTheScoreOfKbcxScore() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QFETCH(QString, model);
        QFETCH(QString, variant);
        QFETCH(QString, shape);
        const QString run = train_el(model, variant);
        QVERIFY(!run.isEmpty());
        const QString cands = dir_.filePath("cands-" + model + variant + ".txt");
        {
            QFile f(cands);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("A1 SubClassOf A3\nA4 and B3 SubClassOf owl:Nothing\n");
        }
        const QString scores = dir_.filePath("scores-" + model + variant + ".tsv");
        const auto s = run_kbcx({"score", "--run", run, "--candidates", cands, "--out", scores});
        QVERIFY2(s.code == 0, qPrintable(s.err));
        const QStringList lines = read_all(scores).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        for (int i = 1; i < 3; ++i) {
            const QString axiom = lines[i].section('\t', 0, 0), score = lines[i].section('\t', 1, 1);
            const auto r = run_kbcx({"score", "--run", run, "--explain", axiom});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const Explained e = parse(r.out);
            QVERIFY(!e.terms.empty());
            double sum = 0;
            for (const auto& [name, v] : e.terms)
                sum += v;
            QVERIFY2(std::fabs(sum - e.loss) <= 1e-7 * std::max(1.0, std::fabs(e.loss)), qPrintable(r.out));
            QVERIFY(e.score == -e.loss);
            // The same number, printed the same way.
            QVERIFY2(r.out.contains("\nscore\t" + score + "\n"), qPrintable(r.out + " vs " + score));
        }
        const QString svg = dir_.filePath(model + variant + ".svg");
        const auto g = run_kbcx({"score", "--run", run, "--explain", "A1 SubClassOf A3", "--geometry", svg, "--stats"});
        QVERIFY2(g.code == 0, qPrintable(g.err));
        QVERIFY2(g.out.contains("# geometry → ") && g.out.contains("max relative error"), qPrintable(g.out));
        QVERIFY(g.out.contains("# stats: explain "));
        const QString pic = read_all(svg);
        QVERIFY2(pic.contains(shape), qPrintable(pic.left(400)));
        QVERIFY(pic.contains(">A1</text>") && pic.contains(">A3</text>"));

        // Over training: one anatomy per kept checkpoint (epochs 2 and 4), and one picture each.
        const auto o = run_kbcx({"score", "--run", run, "--explain", "A1 SubClassOf A3", "--over-training",
                                 "--geometry", dir_.filePath(model + variant + "-t.svg")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(parse(o.out).headers, 2);
        QVERIFY(o.out.contains(", epoch 2: ") && o.out.contains(", epoch 4: "));
        QVERIFY(QFile::exists(dir_.filePath(model + variant + "-t-epoch-2.svg")));
        QVERIFY(QFile::exists(dir_.filePath(model + variant + "-t-epoch-4.svg")));
    }

    void tripleModelsExplainOnTheGraphProjection() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QDir(dir_.path()).mkpath("kg");
        QString train;
        for (int i = 0; i < 8; ++i)
            train += QString("a%1\tSubClassOf\tb%1\nb%1\tpart_of\ta%2\n").arg(i).arg((i + 1) % 8);
        for (const char* split : {"train.txt", "valid.txt", "test.txt"}) {
            QFile f(dir_.filePath(QString("kg/") + split));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QString(split) == "train.txt" ? train.toUtf8() : QByteArray("a0\tSubClassOf\tb0\n"));
        }
        const QString run = dir_.filePath("transe");
        const auto t = run_kbcx({"train", dir_.filePath("kg"), "--model", "TransE", "--dim", "8", "--epochs", "2",
                                 "--batch", "4", "--neg", "4", "--run", run});
        QVERIFY2(t.code == 0, qPrintable(t.err));
        const QString cands = dir_.filePath("kg-cands.tsv");
        {
            QFile f(cands);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("a1\tSubClassOf\tb1\n");
        }
        const auto s = run_kbcx({"score", "--run", run, "--candidates", cands, "--out", dir_.filePath("kg-s.tsv")});
        QVERIFY2(s.code == 0, qPrintable(s.err));
        const QString score = read_all(dir_.filePath("kg-s.tsv")).trimmed().section('\t', 3, 3);
        for (const char* axiom : {"a1 SubClassOf b1", "a1\tSubClassOf\tb1"}) {
            const auto r = run_kbcx({"score", "--run", run, "--explain", axiom, "--geometry", dir_.filePath("kg.svg")});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const Explained e = parse(r.out);
            QCOMPARE(int(e.terms.size()), 1);
            QVERIFY2(r.out.contains("\nscore\t" + score + "\n"), qPrintable(r.out + " vs " + score));
            QVERIFY(r.out.contains("entity(a1)") && r.out.contains("relation(SubClassOf)"));
        }
        QVERIFY(read_all(dir_.filePath("kg.svg")).contains("class=\"translation\""));
        const auto a = run_kbcx({"score", "--run", run, "--explain", "b1 SubClassOf part_of some a2"});
        QVERIFY2(a.code == 0, qPrintable(a.err));
        QVERIFY(a.out.contains("relation(part_of)"));
    }

    void badRunsAreMessages() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const auto none = run_kbcx({"score", "--run", dir_.filePath("nothing"), "--explain", "A1 SubClassOf A3"});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains("no such run folder"), qPrintable(none.err));
        QDir(dir_.path()).mkpath("empty");
        const auto empty = run_kbcx({"score", "--run", dir_.filePath("empty"), "--explain", "A1 SubClassOf A3"});
        QCOMPARE(empty.code, 2);
        QVERIFY2(empty.err.contains("no checkpoint.bin"), qPrintable(empty.err));
        // A run folder written by another version of the checkpoint format.
        QDir(dir_.path()).mkpath("other");
        QVERIFY(QFile::copy(KBCX_TEST_DATA "/bad/ckpt_other_version/checkpoint.bin",
                            dir_.filePath("other/checkpoint.bin")));
        const auto other = run_kbcx({"score", "--run", dir_.filePath("other"), "--explain", "A1 SubClassOf A3"});
        QCOMPARE(other.code, 2);
        QVERIFY2(other.err.contains("version"), qPrintable(other.err));

        const QString run = dir_.filePath("plain");
        QCOMPARE(run_kbcx({"train", kOnto, "--model", "ELBE", "--epochs", "2", "--tests", kTests, "--run", run}).code,
                 0);
        const auto kept = run_kbcx({"score", "--run", run, "--explain", "A1 SubClassOf A3", "--over-training"});
        QCOMPARE(kept.code, 2);
        QVERIFY2(kept.err.contains("--keep-checkpoints"), qPrintable(kept.err));
        const auto unknown = run_kbcx({"score", "--run", run, "--explain", "A1 SubClassOf Nowhere"});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains("Nowhere"), qPrintable(unknown.err));
        const auto usage = run_kbcx({"score", "--run", run, "--geometry", dir_.filePath("x.svg")});
        QCOMPARE(usage.code, 2);
        QVERIFY2(usage.err.contains("--explain"), qPrintable(usage.err));
    }
};

QTEST_GUILESS_MAIN(TestCliScoreExplain)
#include "tst_cli_score_explain.moc"
