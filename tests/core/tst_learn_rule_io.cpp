// Tests of rule files (core/learn/rule_io): AnyBURL, RuleN and plain imports with their errors,
// and our written files read back the way AnyBURL's and SAFRAN's readers read them.
#include "learn/compare.hpp"
#include "learn/rule_io.hpp"

#include "common/error.hpp"
#include "learn_test_util.hpp"

#include <QObject>
#include <QTest>

#include <cctype>
#include <sstream>
#include <stdexcept>

using namespace kbcx;
using namespace kbcx::test;

class TestLearnRuleIo : public QObject {
    Q_OBJECT

  private slots:
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
        const auto rulen = learn::parse_rule_set("232\t190\t0.8189655172413793\t/people/person/nationality(X,Y) <= "
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

    void rule_files_read_as_anyburl_reads_them() {
        // Our files against AnyBURL's reader (RuleReader.getRule, Atom(String)) and SAFRAN's
        // (RuleReader::parseRule), re-implemented here: a line is four tab-separated fields,
        // integers, a double, `head <= atoms` split at spaces with a trailing comma on all atoms
        // but the last; an argument of one character is a variable; no blank line (AnyBURL stops
        // at one); the first body atom holds X (cyclic, h(X,c)) or Y (h(c,Y)).
        std::mt19937 rng(17);
        std::set<Fact> f = random_facts(rng, 30, {"/r/a", "/r/b", "/r/c"}, 70);
        for (const auto& [h, r, t] : std::set<Fact>(f))
            if (r == "/r/a") f.insert({t, "/r/b", h});
        const auto res = run_learner(make_graph(f), 1, 4000);
        std::ostringstream o;
        learn::write_anyburl(o, res.rules);
        const std::string text = o.str();
        QVERIFY(text.find("\n\n") == std::string::npos);
        std::istringstream in(text);
        std::string line;
        std::size_t k = 0, grounded = 0;
        while (std::getline(in, line)) {
            QVERIFY(!line.empty());
            std::vector<std::string> tok;
            for (std::size_t p = 0;;) {
                const std::size_t t = line.find('\t', p);
                tok.push_back(line.substr(p, t == std::string::npos ? std::string::npos : t - p));
                if (t == std::string::npos) break;
                p = t + 1;
            }
            QCOMPARE(tok.size(), std::size_t(4));
            const auto& lr = res.rules.at(k++);
            QCOMPARE(std::stoull(tok[0]), static_cast<unsigned long long>(lr.predicted));
            QCOMPARE(std::stoull(tok[1]), static_cast<unsigned long long>(lr.support));
            QCOMPARE(std::stod(tok[2]), lr.confidence);
            QVERIFY(std::abs(lr.confidence - double(lr.support) / double(lr.predicted)) < 1e-12); // no pc in the file
            std::vector<std::string> atoms;
            std::istringstream ws(tok[3]);
            for (std::string w; ws >> w;)
                atoms.push_back(w);
            QVERIFY(atoms.size() >= 3);
            QCOMPARE(atoms[1], std::string("<="));
            struct A {
                std::string rel, l, r;
            };
            auto atom = [](std::string a, bool last) {
                if (!last) {
                    if (a.back() != ',') throw std::runtime_error("no comma after " + a);
                    a.pop_back();
                }
                const auto open = a.find('(');
                const std::string args = a.substr(open + 1, a.size() - open - 2);
                A out{a.substr(0, open), "", ""};
                // AnyBURL: "[A-Z],.*\)" → left is a variable, else the right one is
                if (args.size() >= 2 && std::isupper(static_cast<unsigned char>(args[0])) && args[1] == ',') {
                    out.l = args.substr(0, 1);
                    out.r = args.substr(2);
                } else {
                    out.l = args.substr(0, args.size() - 2);
                    out.r = args.substr(args.size() - 1);
                }
                return out;
            };
            const A head = atom(atoms[0], true);
            std::vector<A> body;
            for (std::size_t i = 2; i < atoms.size(); ++i)
                body.push_back(atom(atoms[i], i + 1 == atoms.size()));
            rules::Rule back;
            auto term = [](const std::string& x) {
                return x.size() == 1 ? rules::Term::var(x) : rules::Term::constant(x);
            };
            back.head.predicate = head.rel;
            back.head.args = {term(head.l), term(head.r)};
            for (const auto& b : body) {
                rules::Atom ra;
                ra.predicate = b.rel;
                ra.args = {term(b.l), term(b.r)};
                back.body.push_back(ra);
            }
            QVERIFY2(learn::same_up_to_renaming(back, lr.rule), line.c_str());
            const std::string anchor = head.l.size() == 1 ? "X" : "Y";
            QVERIFY2(body[0].l == anchor || body[0].r == anchor, line.c_str());
            for (const auto& b : body)
                for (const auto* t : {&b.l, &b.r})
                    if (t->size() == 1) QVERIFY2(std::string("ABCDXY").find(*t) != std::string::npos, line.c_str());
            grounded += head.l.size() != 1 ? body.back().l == head.l : body.back().r == head.r;
        }
        QCOMPARE(k, res.rules.size());
        QVERIFY(grounded > 0);
        // and our reader gives back the same rules and numbers
        const auto again = learn::parse_rule_set(text, "again.txt");
        QCOMPARE(again.rules.size(), res.rules.size());
        for (std::size_t i = 0; i < again.rules.size(); ++i) {
            QVERIFY(learn::same_up_to_renaming(again.rules[i].rule, res.rules[i].rule));
            QCOMPARE(again.rules[i].confidence, res.rules[i].confidence);
        }
    }
};

QTEST_APPLESS_MAIN(TestLearnRuleIo)
#include "tst_learn_rule_io.moc"
