// The exact model counter against brute-force enumeration on random CNFs, with components and
// the cache switched on and off, plus the DIMACS round trip, the budget and cancellation.
#include "count/cnf.hpp"
#include "count/counter.hpp"

#include "common/error.hpp"
#include "common/job.hpp"

#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <sstream>
#include <thread>

using namespace kbcx::count;

namespace {

Cnf random_cnf(std::mt19937& rng, std::uint32_t vars, std::size_t clauses, int max_len) {
    Cnf cnf;
    cnf.num_vars = vars;
    std::uniform_int_distribution<std::uint32_t> var(1, vars);
    std::uniform_int_distribution<int> len(1, max_len), sign(0, 1);
    for (std::size_t i = 0; i < clauses; ++i) {
        Clause c;
        const int n = len(rng);
        for (int j = 0; j < n; ++j) {
            const auto v = static_cast<Lit>(var(rng));
            c.push_back(sign(rng) ? v : -v);
        }
        cnf.clauses.push_back(std::move(c));
    }
    return cnf;
}

/// Exactly k distinct variables per clause: at clause/variable ratios near 2 these are hard for
/// any counter without learning, which the budget and cancellation tests need.
Cnf random_kcnf(std::mt19937& rng, std::uint32_t vars, std::size_t clauses, int k) {
    Cnf cnf;
    cnf.num_vars = vars;
    std::uniform_int_distribution<std::uint32_t> var(1, vars);
    while (cnf.clauses.size() < clauses) {
        Clause c;
        while (c.size() < static_cast<std::size_t>(k)) {
            const auto v = static_cast<Lit>(var(rng));
            if (std::find(c.begin(), c.end(), v) != c.end() || std::find(c.begin(), c.end(), -v) != c.end()) continue;
            c.push_back(rng() % 2 ? v : -v);
        }
        cnf.clauses.push_back(std::move(c));
    }
    return cnf;
}

std::uint64_t brute_force(const Cnf& cnf) {
    std::uint64_t n = 0;
    for (std::uint64_t a = 0; a < (std::uint64_t{1} << cnf.num_vars); ++a) {
        bool ok = true;
        for (const auto& c : cnf.clauses) {
            bool sat = false;
            for (Lit l : c) {
                const bool v = (a >> (std::abs(l) - 1)) & 1u;
                if (v == (l > 0)) sat = true;
            }
            if (!sat) {
                ok = false;
                break;
            }
        }
        n += ok;
    }
    return n;
}

} // namespace

class TestCountCounter : public QObject {
    Q_OBJECT

  private slots:
    void smallCases() {
        Cnf empty;
        empty.num_vars = 5;
        QCOMPARE(count_models(empty).models, Models(32));
        Cnf unsat;
        unsat.num_vars = 2;
        unsat.clauses = {{1}, {-1}};
        QCOMPARE(count_models(unsat).models, Models(0));
        Cnf with_empty_clause;
        with_empty_clause.num_vars = 3;
        with_empty_clause.clauses = {{1, 2}, {}};
        QCOMPARE(count_models(with_empty_clause).models, Models(0));
        Cnf taut;
        taut.num_vars = 3;
        taut.clauses = {{1, -1, 2}, {3, 3}};
        QCOMPARE(count_models(taut).models, Models(4));
        // 200 variables with no clause: 2^200, beyond any machine integer
        Cnf big;
        big.num_vars = 200;
        big.clauses = {{1, 2}};
        QCOMPARE(count_models(big).models, (Models(1) << 198) * 3);
    }

    void randomAgainstBruteForce() {
        std::mt19937 rng(20240601);
        const CounterOptions configs[4] = {{true, true}, {true, false}, {false, true}, {false, false}};
        ModelCounter shared_cache; // one counter for all formulas: cached entries must not leak
        int cases = 0;
        for (int round = 0; round < 600; ++round) {
            const std::uint32_t vars = 1 + rng() % 16;
            const std::size_t clauses = rng() % (3 * vars + 2);
            const int max_len = 1 + static_cast<int>(rng() % 4);
            const Cnf cnf = random_cnf(rng, vars, clauses, max_len);
            const Models expected = brute_force(cnf);
            for (const auto& o : configs) {
                const CountResult r = count_models(cnf, o);
                QVERIFY(r.exact());
                if (r.models != expected) {
                    std::ostringstream s;
                    write_dimacs(s, cnf);
                    qWarning("mismatch (components %d cache %d): %s vs %s\n%s", o.components, o.cache,
                             r.models.str().c_str(), expected.str().c_str(), s.str().c_str());
                }
                QCOMPARE(r.models, expected);
            }
            QCOMPARE(shared_cache.count(cnf).models, expected);
            ++cases;
        }
        QCOMPARE(cases, 600);
        QVERIFY(shared_cache.totals().cache_hits > 0);
    }

    void conditioningOnFirstVariables() {
        // count(cnf, first): a "base" formula plus random 'α' clauses, branching on α's
        // variables first, against enumeration; one counter shared by all calls (the cache
        // entries of the plain and the conditioned searches must be interchangeable)
        std::mt19937 rng(99173);
        ModelCounter shared;
        ModelCounter shared_plain;
        for (int round = 0; round < 500; ++round) {
            const std::uint32_t vars = 2 + rng() % 15;
            Cnf base = random_cnf(rng, vars, rng() % (2 * vars + 2), 1 + static_cast<int>(rng() % 3));
            const Cnf alpha = random_cnf(rng, vars, 1 + rng() % 4, 1 + static_cast<int>(rng() % 3));
            std::vector<std::uint32_t> first;
            for (const Clause& c : alpha.clauses)
                for (Lit l : c)
                    first.push_back(static_cast<std::uint32_t>(std::abs(l)));
            if (rng() % 4 == 0) first.push_back(1 + rng() % vars); // a variable outside α too
            const Models base_expected = brute_force(base);
            QCOMPARE(shared.count(base).models, base_expected);
            Cnf with = base;
            with.clauses.insert(with.clauses.end(), alpha.clauses.begin(), alpha.clauses.end());
            const Models expected = brute_force(with);
            QCOMPARE(shared.count(with, first).models, expected);
            QCOMPARE(shared_plain.count(with).models, expected);
            QCOMPARE(count_models(with, {false, true}).models, expected);
            ModelCounter no_split({false, true});
            QCOMPARE(no_split.count(with, first).models, expected);
        }
        QVERIFY(shared.totals().cache_hits > 0);
    }

    void componentsAndCacheAgreeOnLargerFormulas() {
        // too large for enumeration: the four configurations must agree with each other
        std::mt19937 rng(7);
        for (int round = 0; round < 20; ++round) {
            const Cnf cnf = random_cnf(rng, 40, 60 + rng() % 40, 3);
            const Models a = count_models(cnf, {true, true}).models;
            QCOMPARE(count_models(cnf, {true, false}).models, a);
            QCOMPARE(count_models(cnf, {false, true}).models, a);
        }
    }

    void dimacsRoundTrip() {
        std::mt19937 rng(99);
        for (int round = 0; round < 50; ++round) {
            Cnf cnf = random_cnf(rng, 1 + rng() % 12, rng() % 20, 4);
            cnf.names.resize(cnf.num_vars + 1);
            for (std::uint32_t v = 1; v <= cnf.num_vars; v += 2)
                cnf.names[v] = "A(d" + std::to_string(v) + ")";
            cnf.comments = {"a comment"};
            std::ostringstream out;
            write_dimacs(out, cnf);
            const Cnf back = read_dimacs(out.str());
            QCOMPARE(back.num_vars, cnf.num_vars);
            QVERIFY(back.clauses == cnf.clauses);
            for (std::uint32_t v = 1; v <= cnf.num_vars; ++v)
                QCOMPARE(v < back.names.size() ? back.names[v] : std::string(), cnf.names[v]);
            QCOMPARE(back.comments.size(), std::size_t(1));
            QCOMPARE(count_models(back).models, count_models(cnf).models);
        }
        // clauses spanning lines, CRLF, SATLIB's trailing %
        const Cnf multi = read_dimacs("c hello\r\np cnf 3 2\r\n1 -2\r\n 3 0 -1\n0\n%\n0\n");
        QCOMPARE(multi.clauses.size(), std::size_t(2));
        QCOMPARE(count_models(multi).models, Models(brute_force(multi)));
    }

    void dimacsErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::newRow("no header") << "1 2 0\n" << 1;
        QTest::newRow("out of range") << "p cnf 2 1\n1 3 0\n" << 2;
        QTest::newRow("not a number") << "p cnf 2 1\n1 x 0\n" << 2;
        QTest::newRow("clause count") << "p cnf 2 2\n1 2 0\n" << 2;
        QTest::newRow("unterminated") << "p cnf 2 1\n1 2\n" << 2;
        QTest::newRow("bad header") << "p dnf 2 1\n" << 1;
    }
    void dimacsErrors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        try {
            read_dimacs(text.toStdString(), "t.cnf");
            QFAIL("no error");
        } catch (const kbcx::InputError& e) {
            QCOMPARE(e.file(), std::string("t.cnf"));
            QCOMPARE(static_cast<int>(e.line()), line);
        }
    }

    void budgetExceeded() {
        std::mt19937 rng(5);
        const Cnf hard = random_kcnf(rng, 200, 400, 3);
        CounterOptions o;
        o.budget.seconds = 1e-9;
        CountResult r = count_models(hard, o);
        QCOMPARE(r.status, CountStatus::BudgetExceeded);
        QVERIFY(r.reason.find("time budget") != std::string::npos);
        CounterOptions m;
        m.budget.memory_bytes = 1000;
        r = count_models(hard, m);
        QCOMPARE(r.status, CountStatus::BudgetExceeded);
        QVERIFY(r.reason.find("memory budget") != std::string::npos);
        // a generous budget gives the exact count
        const Cnf easy = random_cnf(rng, 12, 20, 3);
        o.budget.seconds = 100;
        QVERIFY(count_models(easy, o).exact());
        QCOMPARE(count_models(easy, o).models, Models(brute_force(easy)));
    }

    void cancellation() {
        std::mt19937 rng(11);
        const Cnf hard = random_kcnf(rng, 200, 400, 3);
        std::stop_source stop;
        stop.request_stop();
        kbcx::jobs::JobContext ctx(stop.get_token());
        QVERIFY_THROWS_EXCEPTION(kbcx::Cancelled, count_models(hard, {}, &ctx));
        // stopped from another thread while counting
        std::stop_source later;
        kbcx::jobs::JobContext ctx2(later.get_token());
        std::thread t([&later] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            later.request_stop();
        });
        bool cancelled = false;
        try {
            const CountResult r = count_models(hard, {}, &ctx2);
            (void)r; // finished before the stop: acceptable only if it was quick
        } catch (const kbcx::Cancelled&) {
            cancelled = true;
        }
        t.join();
        QVERIFY(cancelled);
    }
};

QTEST_APPLESS_MAIN(TestCountCounter)
#include "tst_count_counter.moc"
