// The 107 LUBM rules over the LUBM sample (RDF/XML, other namespace, --map-prefix) and the same
// facts as LogInfer-style TSV, checked against a nested-loop reference evaluator; CLI runs.
#include "test_util.hpp"

#include "rules/materialise.hpp"
#include "rules/parser.hpp"

#include <QDir>
#include <QProcess>
#include <QTest>

#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace kbcx;
using namespace kbcx::rules;

namespace {

const std::string kData = std::string(KBCX_SHARED_DATA) + "/kg/LUBM-University0_0.owl";
const std::string kRules = std::string(KBCX_SHARED_DATA) + "/rules/LUBM_rule_all.dlog";
const std::string kFrom = "http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#";
const std::string kTo = "http://swat.cse.lehigh.edu/onto/univ-bench.owl#";

// Reference: facts as (unary, pred, s, o) over the Program's ids; rules applied naively by
// nested loops over all facts of each body predicate until nothing changes.
using F = std::tuple<bool, kg::Id, kg::Id, kg::Id>;

std::set<F> reference(const Program& p) {
    std::set<F> k;
    p.graph().facts.for_each_fact([&](const kg::Triple& t) { k.insert({false, t.r, t.s, t.o}); });
    for (kg::Id t = 0; t < p.graph().facts.num_types(); ++t)
        for (kg::Id e : p.graph().facts.instances(t))
            k.insert({true, t, e, 0});
    for (bool changed = true; changed;) {
        changed = false;
        std::map<std::pair<bool, kg::Id>, std::vector<F>> by_pred;
        for (const F& f : k)
            by_pred[{std::get<0>(f), std::get<1>(f)}].push_back(f);
        std::vector<F> add;
        for (const CRule& r : p.rules()) {
            std::vector<kg::Id> b(r.num_vars, kg::kNoId);
            std::function<void(std::size_t)> go = [&](std::size_t i) {
                if (i == r.body.size()) {
                    auto v = [&](const CTerm& t) { return t.var ? b[t.id] : t.id; };
                    for (const auto& [x, y] : r.inequalities)
                        if (v(x) == v(y)) return;
                    add.push_back({r.head.unary, r.head.pred, v(r.head.t[0]), r.head.unary ? 0 : v(r.head.t[1])});
                    return;
                }
                const CAtom& a = r.body[i];
                for (const F& f : by_pred[{a.unary, a.pred}]) {
                    const std::vector<kg::Id> saved = b;
                    bool ok = true;
                    const kg::Id vals[2] = {std::get<2>(f), std::get<3>(f)};
                    for (int j = 0; j < (a.unary ? 1 : 2) && ok; ++j) {
                        if (!a.t[j].var)
                            ok = a.t[j].id == vals[j];
                        else if (b[a.t[j].id] == kg::kNoId)
                            b[a.t[j].id] = vals[j];
                        else
                            ok = b[a.t[j].id] == vals[j];
                    }
                    if (ok) go(i + 1);
                    b = saved;
                }
            };
            go(0);
        }
        for (const F& f : add)
            changed |= k.insert(f).second;
    }
    return k;
}

std::set<F> engine(const Materialisation& m) {
    std::set<F> k;
    for (std::uint64_t id = 0; id < m.num_facts(); ++id) {
        const GroundFact f = m.fact(id);
        k.insert({f.unary, f.pred, f.s, f.o});
    }
    return k;
}

struct Run {
    int code = -1;
    QString out, err;
};

Run kbcx_run(const QStringList& args) {
    QProcess p;
    p.start(KBCX_CLI, args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestRulesSharedLubm : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        if (!QDir(KBCX_SHARED_DATA).exists()) QSKIP("../shared/data is absent");
    }

    void owlWithMapPrefixMatchesReference() {
        jobs::LoadKgParams lp;
        lp.paths = {kData};
        jobs::JobContext ctx;
        auto graph = jobs::load_kg(lp, ctx).graph;
        const RuleSet rules = load_rules(kRules);
        QCOMPARE(rules.rules.size(), std::size_t{107});

        // Without the remapping nothing in the data matches the rules' namespace.
        auto plain = std::make_shared<Program>(graph, rules);
        QCOMPARE(Materialisation::run(plain, {}, ctx)->num_derived(), std::uint64_t{0});

        MatchOptions match;
        match.map_prefix.push_back({kFrom, kTo});
        auto program = std::make_shared<Program>(graph, rules, match);
        const auto m = Materialisation::run(program, {}, ctx);
        QVERIFY(m->num_derived() > 1000);
        QVERIFY(engine(*m) == reference(*program));

        // Known consequences: FullProfessor7, head of Department0, is a Chair.
        const auto chair =
            program->parse_fact("<" + kTo + "Chair>(<http://www.Department0.University0.edu/FullProfessor7>)");
        QVERIFY(m->find(chair).has_value());
        QVERIFY(!m->is_input(*m->find(chair)));

        // The same facts written as LogInfer TSV in the rules' namespace give the same closure size.
        std::string tsv;
        const auto& v = graph->vocab;
        auto term = [&](std::string_view n) {
            std::string s(n);
            if (s.starts_with(kFrom)) s = kTo + s.substr(kFrom.size());
            return "<" + s + ">";
        };
        graph->facts.for_each_fact([&](const kg::Triple& t) {
            tsv += term(v.entities().name(t.s)) + "\t" + term(v.relations().name(t.r)) + "\t" +
                   term(v.entities().name(t.o)) + "\n";
        });
        for (kg::Id t = 0; t < graph->facts.num_types(); ++t)
            for (kg::Id e : graph->facts.instances(t))
                tsv += term(v.entities().name(e)) + "\t<rdf:type>\t" + term(v.types().name(t)) + "\n";
        auto tsv_graph = test::load_text("lubm.tsv", tsv).graph;
        auto tsv_program = std::make_shared<Program>(tsv_graph, rules);
        QCOMPARE(Materialisation::run(tsv_program, {}, ctx)->num_derived(), m->num_derived());
    }

    void cli() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString data = QString::fromStdString(kData), rules = QString::fromStdString(kRules);
        const QString map = QString::fromStdString(kFrom + "=" + kTo);
        const Run r =
            kbcx_run({"materialise", "--rules", rules, data, "--map-prefix", map, "--out", dir_.filePath("d.tsv")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("derived: "));
        QVERIFY(r.out.contains("\ntotal: "));
        const Run e = kbcx_run(
            {"explain", "--rules", rules, data, "--map-prefix", map,
             "<" + QString::fromStdString(kTo) + "Chair>(<http://www.Department0.University0.edu/FullProfessor7>)"});
        QCOMPARE(e.code, 0);
        QVERIFY(e.out.contains("[rule "));
        QVERIFY(e.out.contains("[input]"));
        const Run s = kbcx_run({"support", "--rules", rules, data, "--map-prefix", map, "--json"});
        QCOMPARE(s.code, 0);
        QVERIFY(s.out.contains("\"new_conclusions\""));
        const auto bad =
            test::write_file(dir_, "bad.dlog", "PREFIX a: <http://a/>\n[?X, a:p, ?Y] :- [?X, b:q, ?Y] .\n");
        const Run b = kbcx_run({"materialise", "--rules", QString::fromStdString(bad), data});
        QCOMPARE(b.code, 2);
        QVERIFY(b.err.contains("bad.dlog:2:23:"));
        const Run en = kbcx_run({"entails", "--rules", rules, "[?X, a, a1:Person] :- [?X, a, a1:Chair] ."});
        QCOMPARE(en.code, 0);
        QVERIFY(en.out.startsWith("entailed: yes"));
        const Run pat = kbcx_run({"rules", "--pattern", "domain", data, "--top", "3", "--json"});
        QCOMPARE(pat.code, 0);
        QVERIFY(pat.out.contains("\"support\""));
    }
};

QTEST_GUILESS_MAIN(TestRulesSharedLubm)
#include "tst_rules_shared_lubm.moc"
