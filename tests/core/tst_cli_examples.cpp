// Checks the shipped examples (resources/examples/, Help → Examples) with the real kbcx: the KG
// exhibits each of the seven LogInfer patterns, the counting example gives 576 and 425, and the
// PhD student example has one entailed, one undetermined and one contradictory candidate.
#include "test_util.hpp"

#include <QRegularExpression>
#include <QTest>

namespace {
const QString kExamples = QStringLiteral(KBCX_TEST_DATA "/../../resources/examples/");
using Run = kbcx::test::CliRun;
} // namespace

class TestCliExamples : public QObject {
    Q_OBJECT
  private slots:
    void rulesFindEachPattern_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("rule"); // the rule the KG was written for (head may be drawn at random)
        QTest::newRow("symmetry") << "symmetry"
                                  << "marriedTo(y,x) :- marriedTo(x,y).";
        QTest::newRow("inversion") << "inversion"
                                   << "(y,x) :- parentOf(x,y).";
        QTest::newRow("hierarchy") << "hierarchy"
                                   << "(x,y) :- motherOf(x,y).";
        QTest::newRow("intersection") << "intersection"
                                      << "(x,y) :- worksWith(x,y), friendOf(x,y).";
        QTest::newRow("composition") << "composition"
                                     << "(x,z) :- parentOf(x,y), parentOf(y,z).";
        QTest::newRow("triangle") << "triangle"
                                  << "(x,y) :- supervises(x,y), memberOf(x,z), memberOf(y,z),";
        QTest::newRow("diamond") << "diamond"
                                 << "(x,y) :- coauthorOf(x,y), affiliatedWith(x,z), affiliatedWith(y,w), "
                                    "partnerOf(z,w),";
    }

    void rulesFindEachPattern() {
        QFETCH(QString, pattern);
        QFETCH(QString, rule);
        const Run r =
            kbcx::test::run_kbcx({"rules", "--pattern", pattern, "--top", "100", kExamples + "loginfer_patterns.tsv"});
        QCOMPARE(r.code, 0);
        bool found = false;
        for (const QString& line : r.out.split('\n')) {
            if (!line.contains("[" + pattern + "] ") || !line.contains(rule)) continue;
            const QStringList fields = line.simplified().split(' ');
            QVERIFY(fields.size() > 2);
            QVERIFY2(fields[0].toULongLong() > 0, qPrintable(line)); // positive support
            found = true;
        }
        QVERIFY2(found, qPrintable(r.out));
    }

    void intendedRulesHaveSupportAndNewConclusions() {
        // One rule per pattern in loginfer_patterns.rules; the KG leaves some conclusions out on
        // purpose, so each rule has supports and at least one new conclusion.
        const Run r = kbcx::test::run_kbcx(
            {"support", "--rules", kExamples + "loginfer_patterns.rules", kExamples + "loginfer_patterns.tsv"});
        QCOMPARE(r.code, 0);
        int rules = 0;
        static const QRegularExpression row(QStringLiteral("^\\s*(\\d+)\\s+(\\d+)\\s+\\S.*:-"));
        for (const QString& line : r.out.split('\n')) {
            const auto m = row.match(line);
            if (!m.hasMatch()) continue;
            ++rules;
            QVERIFY2(m.captured(1).toInt() > 0 && m.captured(2).toInt() > 0, qPrintable(line));
        }
        QCOMPARE(rules, 7);
    }

    void countingExample() {
        const Run r = kbcx::test::run_kbcx(
            {"count", kExamples + "counting_576_425.kbo", "--domain", "2", "--candidate", "r some A SubClassOf C"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("models: 576\n"), qPrintable(r.out));
        QVERIFY2(r.out.contains("P: 425/576"), qPrintable(r.out));
    }

    void phdExample() {
        const QString onto = kExamples + "phd_student.kbo";
        const struct {
            const char* axiom;
            const char* status;
        } cases[] = {{"Student(alice)", "entailed"},
                     {"TeachingAssistant(alice)", "undetermined"},
                     {"Professor(alice)", "contradictory"}};
        for (const auto& c : cases) {
            const Run r = kbcx::test::run_kbcx({"status", onto, c.axiom});
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.contains(c.status), qPrintable(r.out));
            for (const auto& other : cases)
                if (std::string_view(other.status) != c.status)
                    QVERIFY2(!r.out.contains(other.status), qPrintable(r.out));
        }
    }
};

QTEST_APPLESS_MAIN(TestCliExamples)
#include "tst_cli_examples.moc"
