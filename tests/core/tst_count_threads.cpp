// `kbcx count --threads N`: stdout and the rewritten TSV are byte-identical for 1, 2 and 3
// workers (random small ontologies with ABox and ⊥ axioms, the 576/425 example), errors, budgets, cancellation.
// the count headers before Qt's: grounding.hpp has a member named emit, a Qt macro
#include "common/error.hpp"
#include "count/count_job.hpp"

#include "test_util.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <random>
#include <stop_token>

using namespace kbcx;
using Run = kbcx::test::CliRun;

namespace {

void write(const QString& path, const std::string& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.data(), static_cast<qint64>(text.size()));
}

QByteArray slurp(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

/// Random text-syntax ontologies: concept names C0.., roles r0.., individuals a0.., with
/// SubClassOf (∃, ⊓, ⊤, ⊥ on either side), DisjointWith, role inclusions and chains, and
/// class and role assertions.
struct Gen {
    std::mt19937& rng;
    int nc, nr, ni;
    int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
    std::string cname() { return "C" + std::to_string(pick(nc)); }
    std::string rname() { return "r" + std::to_string(pick(nr)); }
    // Every draw is its own statement: the operands of + are evaluated in an unspecified order
    // (GCC and clang differ), and the ontologies must not depend on the compiler.
    std::string expr(int depth) {
        const int k = pick(depth > 0 ? 7 : 4);
        if (k == 0 && depth < 2) return "owl:Thing";
        if (k <= 3 || nr == 0) return cname();
        if (k == 4) {
            const std::string a = expr(depth - 1);
            const std::string b = expr(depth - 1);
            return "(" + a + " and " + b + ")";
        }
        const std::string r = rname();
        return "(" + r + " some " + expr(depth - 1) + ")";
    }
    std::string axiom(bool abox) {
        const int k = pick(10);
        if (abox && ni > 0 && k == 0) {
            const std::string c = cname();
            return c + "(a" + std::to_string(pick(ni)) + ")";
        }
        if (abox && ni > 0 && nr > 0 && k == 1) {
            const std::string r = rname();
            const int x = pick(ni);
            const int y = pick(ni);
            return r + "(a" + std::to_string(x) + ",a" + std::to_string(y) + ")";
        }
        if (k == 2) {
            const std::string a = cname();
            return a + " DisjointWith " + cname();
        }
        if (k == 3) return expr(1) + " SubClassOf owl:Nothing";
        if (k == 4 && nr > 1) {
            const std::string r = rname();
            return r + " SubPropertyOf " + rname();
        }
        if (k == 5 && nr > 1) {
            const std::string r = rname();
            const std::string s = rname();
            return r + " o " + s + " SubPropertyOf " + rname();
        }
        const std::string lhs = expr(2);
        return lhs + " SubClassOf " + expr(2);
    }
};

struct Outputs {
    Run run;
    QByteArray tsv;
};

} // namespace

class TestCountThreads : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    /// Runs kbcx count with --threads N on a fresh copy of `tsv` (when not empty).
    Outputs count(const QStringList& args, const std::string& tsv, int threads) {
        Outputs o;
        QStringList a = args;
        a << "--threads" << QString::number(threads);
        if (!tsv.empty()) {
            const QString path = dir_.filePath(QString("cands%1.tsv").arg(threads));
            write(path, tsv);
            a << "--candidates" << path;
        }
        o.run = kbcx::test::run_kbcx(a);
        if (!tsv.empty()) o.tsv = slurp(dir_.filePath(QString("cands%1.tsv").arg(threads)));
        return o;
    }

    /// The outputs for 2 and 3 threads equal those for 1 (the TSV path is named in stdout, so
    /// it is replaced before comparing).
    void compareThreads(const QStringList& args, const std::string& tsv, Outputs* single = nullptr) {
        const Outputs one = count(args, tsv, 1);
        QVERIFY2(one.run.code == 0, qPrintable(one.run.err));
        for (int n : {2, 3}) {
            const Outputs many = count(args, tsv, n);
            QVERIFY2(many.run.code == 0, qPrintable(many.run.err));
            QString a = one.run.out, b = many.run.out;
            a.replace("cands1.tsv", "cands.tsv");
            b.replace(QString("cands%1.tsv").arg(n), "cands.tsv");
            a.truncate(a.indexOf("\nstats\n") < 0 ? a.size() : a.indexOf("\nstats\n")); // times differ
            b.truncate(b.indexOf("\nstats\n") < 0 ? b.size() : b.indexOf("\nstats\n"));
            QCOMPARE(b, a);
            QCOMPARE(many.tsv, one.tsv);
        }
        if (single) *single = one;
    }

  private slots:
    void workedExampleAnyThreads() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString onto = dir_.filePath("ex.kbo");
        write(onto, "Class: A B C\nObjectProperty: r\nA SubClassOf B\n");
        // the paper's candidate, an entailed one, one with a new name, and the vacuous P = 1 case
        const std::string tsv = "status\tnf\taxiom\n"
                                "undetermined\tGCI3\tr some A SubClassOf C\n"
                                "entailed\tGCI0\tA SubClassOf B\n"
                                "# a comment line is kept\n"
                                "undetermined\tGCI0\tB SubClassOf Fresh\n"
                                "undetermined\tGCI2\tC SubClassOf r some A\n"
                                "undetermined\tGCI0\tB SubClassOf C\n";
        Outputs one;
        compareThreads({"count", onto, "--domain", "2", "--candidate", "r some A SubClassOf C"}, tsv, &one);
        QVERIFY2(one.run.out.startsWith("models: 576\n"), qPrintable(one.run.out));
        QCOMPARE(one.run.out.count("P: 425/576 0.737847 undetermined"), 2);
        const QList<QByteArray> lines = one.tsv.split('\n');
        QCOMPARE(lines.at(1), QByteArray("undetermined\tGCI3\tr some A SubClassOf C\t425/576\t0.737847"));
        QCOMPARE(lines.at(2), QByteArray("entailed\tGCI0\tA SubClassOf B\t1/1\t1.000000"));
        QCOMPARE(lines.at(3), QByteArray("# a comment line is kept"));
        QVERIFY(lines.at(4).startsWith("undetermined\tGCI0\tB SubClassOf Fresh\t"));
        // order of the stdout rows is the input order
        const int first = static_cast<int>(one.run.out.indexOf("candidate: A SubClassOf B"));
        const int later = static_cast<int>(one.run.out.indexOf("candidate: C SubClassOf r some A"));
        QVERIFY(first > 0 && later > first);
        // with the whole CNF instead of the components, and at |Δ| = 3
        compareThreads({"count", onto, "--domain", "2", "--whole", "--no-reasoner"}, tsv);
        compareThreads({"count", onto, "--domain", "3", "--no-reasoner", "--stats"}, tsv, &one);
        QVERIFY2(one.run.out.contains("threads:     1 workers"), qPrintable(one.run.out));
        // the orbit method: the same rows for any number of threads, and the same as the search's
        Outputs orbits, search;
        compareThreads({"count", onto, "--domain", "3", "--no-reasoner", "--method", "orbits"}, tsv, &orbits);
        compareThreads({"count", onto, "--domain", "3", "--no-reasoner", "--method", "propositional"}, tsv, &search);
        QCOMPARE(orbits.tsv, search.tsv);
        QCOMPARE(orbits.run.out, search.run.out);
    }

    void randomOntologiesIdentical() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        std::mt19937 rng(606);
        int rows = 0, zero = 0, one_ = 0, other = 0, undefined = 0;
        // 24 random ontologies, then an inconsistent one (#O = 0: every P undefined)
        for (int round = 0; round < 25; ++round) {
            const int n = 2 + round % 2;
            Gen g{rng, 2 + static_cast<int>(rng() % 3), static_cast<int>(rng() % 3), static_cast<int>(rng() % 3)};
            std::string text = "Class:";
            for (int i = 0; i < g.nc; ++i)
                text += " C" + std::to_string(i);
            text += "\n";
            if (g.nr) {
                text += "ObjectProperty:";
                for (int i = 0; i < g.nr; ++i)
                    text += " r" + std::to_string(i);
                text += "\n";
            }
            if (g.ni) {
                text += "Individual:";
                for (int i = 0; i < g.ni; ++i)
                    text += " a" + std::to_string(i);
                text += "\n";
            }
            const int axioms = 1 + static_cast<int>(rng() % 5);
            for (int i = 0; i < axioms; ++i)
                text += g.axiom(true) + "\n";
            if (round == 24) {
                g.nc = 2;
                g.nr = 1;
                text = "Class: C0 C1\nObjectProperty: r0\nIndividual: a0\nC0(a0)\nC0 SubClassOf owl:Nothing\n";
            }
            const QString onto = dir_.filePath(QString("r%1.kbo").arg(round));
            write(onto, text);
            std::string tsv = "status\tnf\taxiom\n";
            for (int c = 0; c < 9; ++c) {
                std::string ax = g.axiom(false);
                if (c == 4) ax = g.cname() + " SubClassOf New" + std::to_string(round); // a new name
                // a status column or "-" (asks the reasoner)
                tsv += std::string(c % 3 == 0 ? "-" : "undetermined") + "\tGCI\t" + ax + "\n";
            }
            Outputs single;
            compareThreads({"count", onto, "--domain", QString::number(n)}, tsv, &single);
            for (const QByteArray& line : single.tsv.split('\n')) {
                const QList<QByteArray> cols = line.split('\t');
                if (cols.size() < 5 || cols[0] == "status") continue;
                ++rows;
                if (cols[3].startsWith("0/"))
                    ++zero;
                else if (cols[3] == "1/1")
                    ++one_;
                else if (cols[3] == "undefined")
                    ++undefined;
                else
                    ++other;
            }
        }
        qInfo("rows %d: P = 0 %d, P = 1 %d, 0 < P < 1 %d, undefined %d", rows, zero, one_, other, undefined);
        QCOMPARE(rows, 25 * 9);
        // the cases exercise every kind of result
        QVERIFY(zero > 2);
        QVERIFY(one_ > 5);
        QVERIFY(other > 20);
        QVERIFY(undefined > 0);
    }

    void budgetsPerCandidate() {
        const QString data = QString(KBCX_TEST_DATA) + "/count/";
        const std::string tbox = slurp(data + "university_tbox.txt").toStdString();
        const QString onto = dir_.filePath("univ.kbo");
        write(onto, tbox);
        count::CountJobParams params;
        params.ontology_path = onto.toStdString();
        params.domain = 2;
        params.reasoner = false;
        for (const QByteArray& line : slurp(data + "university_candidates.tsv").split('\n')) {
            const QList<QByteArray> cols = line.split('\t');
            if (cols.size() == 3 && cols[0] != "status") params.candidates.push_back(cols[2].toStdString());
        }
        QVERIFY(params.candidates.size() > 10);
        // a time budget nothing meets: every candidate is reported as over budget
        params.counter.budget.seconds = 1e-9;
        for (unsigned threads : {1u, 3u}) {
            params.threads = threads;
            jobs::JobContext ctx;
            const count::CountJobResult r = count::run_count(params, ctx);
            QCOMPARE(r.candidates.size(), params.candidates.size());
            QCOMPARE(r.threads, threads);
            for (std::size_t i = 0; i < r.candidates.size(); ++i) {
                QCOMPARE(r.candidates[i].text, params.candidates[i]);
                QCOMPARE(r.candidates[i].probability.verdict, count::Verdict::BudgetExceeded);
                QVERIFY(r.candidates[i].probability.reason.find("time budget") != std::string::npos);
            }
        }
        // without the cache a memory budget depends on the formula only, and it is per count, not
        // split between the workers: the same candidates exceed it for 1 and 3 threads
        params.counter.budget.seconds = 0;
        params.counter.cache = false;
        bool mixed = false;
        for (std::uint64_t bytes : {3000ull, 6000ull, 12000ull, 24000ull, 48000ull}) {
            params.counter.budget.memory_bytes = bytes;
            std::vector<std::string> results[2];
            int exceeded = 0;
            for (int k = 0; k < 2; ++k) {
                params.threads = k == 0 ? 1 : 3;
                jobs::JobContext ctx;
                const count::CountJobResult r = count::run_count(params, ctx);
                for (const auto& row : r.candidates) {
                    const bool over = row.probability.verdict == count::Verdict::BudgetExceeded;
                    exceeded += over && k == 0;
                    results[k].push_back(over ? "over" : row.probability.fraction());
                }
            }
            QCOMPARE(results[1], results[0]);
            mixed = mixed || (exceeded > 0 && exceeded < static_cast<int>(params.candidates.size()));
        }
        QVERIFY2(mixed, "no budget separated the candidates");
    }

    void firstErrorByIndexAndCancellation() {
        const QString onto = dir_.filePath("err.kbo");
        write(onto, "Class: A B C\nObjectProperty: r\nA SubClassOf B\n");
        // two candidates outside EL: the error names the first, whatever the number of threads
        std::string tsv = "status\tnf\taxiom\n";
        for (int i = 0; i < 12; ++i)
            tsv += std::string("-\tGCI0\t") +
                   (i == 5   ? "A SubClassOf r only B"
                    : i == 9 ? "A SubClassOf B or C"
                             : "B SubClassOf C") +
                   "\n";
#ifdef KBCX_UNDER_TSAN
        // the binary cannot be started under TSan; the in-process cancellation below still runs
        for (int threads : std::initializer_list<int>{}) {
#else
        for (int threads : {1, 2, 3}) {
#endif
            const Outputs o = count({"count", onto, "--no-reasoner"}, tsv, threads);
            QCOMPARE(o.run.code, 2);
            QVERIFY2(o.run.err.contains(QString("cands%1.tsv:7:").arg(threads)), qPrintable(o.run.err));
            QVERIFY2(o.run.err.contains("ObjectAllValuesFrom"), qPrintable(o.run.err));
            QCOMPARE(o.tsv, QByteArray::fromStdString(tsv)); // not rewritten
        }
        // a stop requested while the workers run ends the job with kbcx::Cancelled
        count::CountJobParams params;
        params.ontology_path = onto.toStdString();
        params.reasoner = false;
        params.threads = 2;
        for (int i = 0; i < 8; ++i)
            params.candidates.push_back("B SubClassOf C");
        std::stop_source stop;
        jobs::JobContext ctx(stop.get_token(), [&](const jobs::Progress& p) {
            if (p.message.rfind("P(", 0) == 0) stop.request_stop();
        });
        QVERIFY_THROWS_EXCEPTION(Cancelled, count::run_count(params, ctx));
        QVERIFY(stop.stop_requested());
    }
};

QTEST_GUILESS_MAIN(TestCountThreads)
#include "tst_count_threads.moc"
