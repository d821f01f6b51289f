// facts_by_rule.tsv (which rule each benchmark positive came from and each negative aimed at) and
// rules.txt in both layouts: written by the generator, read back against the folder's own files.
#include "bench/folder.hpp"
#include "bench/generator.hpp"
#include "bench/rule_facts.hpp"
#include "bench_test_util.hpp"
#include "common/error.hpp"
#include "rules/derived_store.hpp"
#include "test_util.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

using namespace kbcx;
using bench::GroundFact;

namespace {

using kbcx::test::random_kg;

using Named = std::tuple<std::string, std::string, std::string>; // h, r (or rdf:type), t

Named named(const kg::Vocabulary& v, const GroundFact& f) {
    if (f.unary) return {std::string(v.entities().name(f.s)), "rdf:type", std::string(v.types().name(f.pred))};
    return {std::string(v.entities().name(f.s)), std::string(v.relations().name(f.pred)),
            std::string(v.entities().name(f.o))};
}

void replace_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

using kbcx::test::slurp;

} // namespace

class TestBenchRuleFacts : public QObject {
    Q_OBJECT
  private slots:
    void roundTripOnRandomKgs() {
        std::mt19937 rng(11);
        int checked = 0, skipped = 0;
        std::size_t facts_seen = 0;
        for (int round = 0; round < 10; ++round)
            for (auto neg : {bench::NegMethod::RC, bench::NegMethod::RB, bench::NegMethod::PA, bench::NegMethod::QG}) {
                const int n = 15 + static_cast<int>(rng() % 15);
                const auto kg = test::load_text("kg.tsv", random_kg(rng, n, 3, 2, n * 3, n));
                bench::GenerateParams p;
                p.graph = kg.graph;
                p.patterns = rules::all_patterns();
                p.neg = neg;
                p.k1 = 1 + rng() % 3;
                p.k2 = 10 + rng() % 20;
                p.seed = rng();
                p.threads = 1;
                p.variant = round % 2 == 0 ? bench::Variant::Kbcx : bench::Variant::LogInfer;
                jobs::JobContext ctx;
                const bench::Generated gen = bench::generate_benchmark(p, ctx);
                // The folder reader rejects empty split files; such tiny draws are not folders.
                if (gen.positives[1].empty() || gen.positives[2].empty() || gen.negatives[0].empty() ||
                    gen.negatives[1].empty() || gen.negatives[2].empty()) {
                    ++skipped;
                    continue;
                }
                QTemporaryDir dir;
                QVERIFY(dir.isValid());
                bench::write_benchmark(gen, dir.path().toStdString());
                check(gen, dir.path().toStdString(), facts_seen);
                if (QTest::currentTestFailed()) {
                    qWarning("round %d, neg %s", round, std::string(bench::neg_name(neg)).c_str());
                    return;
                }
                ++checked;
            }
        QCOMPARE(checked + skipped, 40);
        QVERIFY(checked >= 30);
        QVERIFY(facts_seen > 200); // the checks saw real content
    }

    void logInferFolderHasNoAssignment() {
        const std::string dir = KBCX_TEST_DATA "/bench/loginfer_quirks";
        const auto rules = bench::read_rules_file(dir + "/rules.txt");
        QCOMPARE(rules.size(), std::size_t{2});
        QCOMPARE(rules[0].text, std::string("r(y,x) :- r(x,y)."));
        QCOMPARE(rules[1].text, std::string("s(z,x) :- s(x,y), s(y,z)."));
        for (const auto& r : rules) {
            QVERIFY(r.pattern.empty());
            QVERIFY(!r.support && !r.new_conclusions && !r.positives);
        }
        jobs::JobContext ctx;
        const bench::BenchmarkFolder folder = bench::read_benchmark(dir, ctx);
        const bench::RuleFacts facts = bench::read_rule_facts(folder, rules.size(), ctx);
        QVERIFY(!facts.present);
        QVERIFY(facts.positives.empty() && facts.negatives.empty());
        QVERIFY(bench::read_rules_file(dir + "/no_such_rules.txt").empty());
    }

    void malformedLinesAreLocated() {
        std::mt19937 rng(5);
        const auto kg = test::load_text("kg.tsv", random_kg(rng, 12, 3, 2, 40, 10));
        bench::GenerateParams p;
        p.graph = kg.graph;
        p.patterns = rules::all_patterns();
        p.k1 = 2;
        p.k2 = 10;
        jobs::JobContext ctx;
        const bench::Generated gen = bench::generate_benchmark(p, ctx);
        QVERIFY(!gen.rules.empty());
        QTemporaryDir dir;
        bench::write_benchmark(gen, dir.path().toStdString());
        const std::string d = dir.path().toStdString();
        const std::string path = d + "/" + bench::kRuleFactsFile;
        const std::string good = slurp(path);
        const bench::BenchmarkFolder folder = bench::read_benchmark(d, ctx);
        const std::string n_rules = std::to_string(gen.rules.size());
        struct Case {
            std::string line;
            std::size_t column;
            std::string says;
        };
        const std::vector<Case> cases = {
            {n_rules + "\ttrain\tpos\te1\tr0\n", 1, "6 tab-separated fields"},
            {std::to_string(gen.rules.size() + 1) + "\ttrain\tpos\te1\tr0\te2\n", 1, "not between 1 and"},
            {"0\ttrain\tpos\te1\tr0\te2\n", 1, "not between 1 and"},
            {"1\tdev\tpos\te1\tr0\te2\n", 3, "unknown split"},
            {"1\ttest\txx\te1\tr0\te2\n", 8, "unknown kind"},
            {"1\ttest\tpos\tnobody\tr0\te2\n", 12, "entity 'nobody'"},
            {"1\ttest\tpa\te1\tnorel\te2\n", 14, "relation 'norel'"},
            {"1\ttest\tpos\te1\trdf:type\tNoType\n", 24, "type 'NoType'"},
        };
        for (const Case& c : cases) {
            replace_file(path, good + c.line);
            bool thrown = false;
            try {
                (void)bench::read_rule_facts(folder, gen.rules.size(), ctx);
            } catch (const InputError& e) {
                thrown = true;
                QCOMPARE(e.file(), path);
                // The bad line is the one after the file's last line.
                const auto lines = static_cast<std::size_t>(std::count(good.begin(), good.end(), '\n'));
                QCOMPARE(e.line(), lines + 1);
                QCOMPARE(e.column(), c.column);
                QVERIFY2(e.message().find(c.says) != std::string::npos, e.message().c_str());
            }
            QVERIFY2(thrown, c.line.c_str());
        }
        // CRLF line ends are tolerated.
        std::string crlf;
        for (char ch : good) {
            if (ch == '\n') crlf += '\r';
            crlf += ch;
        }
        replace_file(path, crlf);
        QVERIFY(bench::read_rule_facts(folder, gen.rules.size(), ctx).present);
    }

  private:
    void check(const bench::Generated& gen, const std::string& dir, std::size_t& facts_seen) {
        const kg::Vocabulary& gv = gen.params.graph->vocab;
        jobs::JobContext ctx;
        const auto rules = bench::read_rules_file(dir + "/rules.txt");
        QCOMPARE(rules.size(), gen.rules.size());
        for (std::size_t r = 0; r < rules.size(); ++r) {
            QCOMPARE(rules[r].text, gen.rules[r].text);
            QCOMPARE(rules[r].pattern, gen.rules[r].pattern);
            QCOMPARE(*rules[r].support, gen.rules[r].support);
            QCOMPARE(*rules[r].new_conclusions, gen.rules[r].new_conclusions);
            for (std::size_t s = 0; s < 3; ++s)
                QCOMPARE((*rules[r].positives)[s], std::uint64_t{gen.rules[r].positives[s]});
        }
        const bench::BenchmarkFolder folder = bench::read_benchmark(dir, ctx);
        QCOMPARE(folder.rules, gen.rules.size());
        const bench::RuleFacts facts = bench::read_rule_facts(folder, rules.size(), ctx);
        QVERIFY(facts.present);
        QCOMPARE(facts.not_in_split, std::uint64_t{0});
        const kg::Vocabulary& fv = folder.train->vocab;
        const rules::FactAccess K(gen.params.graph->facts, nullptr);
        const std::string method(bench::neg_name(gen.params.neg));
        for (std::size_t s = 0; s < 3; ++s) {
            // Positives: each split's assignment covers exactly the split's new facts, each under the
            // rule that derives it in one step from K, and per-rule counts equal rules.txt.
            std::multiset<Named> assigned, expected;
            for (std::size_t r = 0; r < rules.size(); ++r) {
                QCOMPARE(facts.positives[r][s].size(), gen.rules[r].positives[s]);
                for (const GroundFact& f : facts.positives[r][s]) {
                    const Named nf = named(fv, f);
                    assigned.insert(nf);
                    // Back to the generator's ids to ask the rule.
                    GroundFact g{};
                    g.unary = f.unary;
                    g.s = gv.entities().find(std::get<0>(nf));
                    g.pred = f.unary ? gv.types().find(std::get<2>(nf)) : gv.relations().find(std::get<1>(nf));
                    g.o = f.unary ? 0 : gv.entities().find(std::get<2>(nf));
                    QVERIFY(bench::derives(K, gen.program->rules()[r], g));
                }
            }
            for (const auto& pos : gen.positives[s])
                expected.insert(named(gv, pos.fact));
            QCOMPARE(assigned, expected);
            if (s > 0) {
                std::multiset<Named> file;
                for (const GroundFact& f : folder.pos[s].facts)
                    file.insert(named(fv, f));
                if (gen.params.variant == bench::Variant::Kbcx)
                    QCOMPARE(assigned, file);
                else // loginfer keeps repeated test lines; the folder reader counts a fact once
                    QCOMPARE(std::set<Named>(assigned.begin(), assigned.end()),
                             std::set<Named>(file.begin(), file.end()));
            }
            // Negatives: per-rule counts as the generator kept them; together the split's file.
            std::multiset<Named> negs, neg_file;
            for (std::size_t r = 0; r < rules.size(); ++r) {
                std::size_t n = 0;
                for (const auto& ng : facts.negatives[r])
                    if (ng.split == s) {
                        ++n;
                        negs.insert(named(fv, ng.fact));
                        QCOMPARE(ng.method, method);
                        QVERIFY(ng.drawn_by == method ||
                                (gen.params.neg == bench::NegMethod::QG && ng.drawn_by == "pa"));
                    }
                QCOMPARE(n, gen.rules[r].negatives[s]);
            }
            if (gen.params.neg == bench::NegMethod::QG) {
                std::size_t from_sub_rules = 0;
                for (const auto& per_rule : facts.negatives)
                    for (const auto& ng : per_rule)
                        from_sub_rules += ng.split == s && ng.drawn_by == "qg" ? 1 : 0;
                QCOMPARE(from_sub_rules, gen.qg_drawn[s]);
            }
            for (const GroundFact& f : folder.neg.at(method)[s].facts)
                neg_file.insert(named(fv, f));
            if (gen.params.variant == bench::Variant::Kbcx) {
                QCOMPARE(negs, neg_file);
            } else {
                // loginfer: negatives aimed at no rule (rb, lines of K) are not assigned.
                QVERIFY(std::includes(neg_file.begin(), neg_file.end(), negs.begin(), negs.end()));
                std::size_t aimed = 0;
                for (const auto& ng : gen.negatives[s])
                    aimed += ng.rule != bench::kNoIndex ? 1 : 0;
                QCOMPARE(negs.size(), aimed);
            }
            facts_seen += assigned.size() + negs.size();
        }
    }
};

QTEST_APPLESS_MAIN(TestBenchRuleFacts)
#include "tst_bench_rule_facts.moc"
