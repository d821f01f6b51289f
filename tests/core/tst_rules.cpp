// Rules engine against a naive reference evaluator written here (nested loops over all
// variable assignments): materialisation, provenance, supports and new conclusions on random
// small KGs and rule sets with inequalities and recursion; parser errors; entailment.
#include "test_util.hpp"

#include "common/error.hpp"
#include "rules/entails.hpp"
#include "rules/matcher.hpp"
#include "rules/materialise.hpp"
#include "rules/parser.hpp"
#include "rules/patterns.hpp"
#include "rules/rule_jobs.hpp"
#include "rules/support.hpp"

#include <QTest>

#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace kbcx;
using namespace kbcx::rules;

namespace {

// A fact by names: (predicate, subject, object or "" for unary).
using NFact = std::tuple<std::string, std::string, std::string>;

struct RandomCase {
    std::string tsv;
    std::string rules;
    std::set<NFact> facts;
};

// --- the reference: every assignment of entity names to variables, every rule, until no change.
struct RefRule {
    std::vector<std::tuple<std::string, std::string, std::string>> body; // pred, t1, t2 ("" for unary)
    std::tuple<std::string, std::string, std::string> head;
    std::vector<std::pair<std::string, std::string>> neq;
    std::vector<std::string> vars;
};

bool is_var(const std::string& t) {
    return !t.empty() && t[0] == '?';
}

template <class Fn> void assignments(const RefRule& r, const std::vector<std::string>& domain, Fn&& fn) {
    std::map<std::string, std::string> a;
    std::vector<std::size_t> idx(r.vars.size(), 0);
    if (domain.empty()) return;
    for (;;) {
        for (std::size_t i = 0; i < r.vars.size(); ++i)
            a[r.vars[i]] = domain[idx[i]];
        fn(a);
        std::size_t k = 0;
        while (k < idx.size() && ++idx[k] == domain.size())
            idx[k++] = 0;
        if (k == idx.size()) return;
    }
}

std::string val(const std::map<std::string, std::string>& a, const std::string& t) {
    return is_var(t) ? a.at(t) : t;
}

bool body_holds(const RefRule& r, const std::map<std::string, std::string>& a, const std::set<NFact>& k) {
    for (const auto& [p, t1, t2] : r.body)
        if (!k.count({p, val(a, t1), t2.empty() ? "" : val(a, t2)})) return false;
    for (const auto& [x, y] : r.neq)
        if (val(a, x) == val(a, y)) return false;
    return true;
}

NFact head_of(const RefRule& r, const std::map<std::string, std::string>& a) {
    const auto& [p, t1, t2] = r.head;
    return {p, val(a, t1), t2.empty() ? "" : val(a, t2)};
}

std::set<NFact> reference_closure(const std::vector<RefRule>& rules, std::set<NFact> k,
                                  const std::vector<std::string>& domain) {
    for (bool changed = true; changed;) {
        changed = false;
        for (const RefRule& r : rules)
            assignments(r, domain, [&](const auto& a) {
                if (body_holds(r, a, k) && k.insert(head_of(r, a)).second) changed = true;
            });
    }
    return k;
}

// Random KG over entities e0..e{E-1}, relations r0..r2, types T0..T1; random safe rules.
RandomCase random_case(std::mt19937& rng, std::vector<RefRule>& refs, std::vector<std::string>& domain,
                       bool recursive) {
    RandomCase c;
    const int E = 3 + static_cast<int>(rng() % 4);
    domain.clear();
    for (int i = 0; i < E; ++i)
        domain.push_back("e" + std::to_string(i));
    const int nfacts = 6 + static_cast<int>(rng() % 16);
    for (int i = 0; i < nfacts; ++i) {
        const std::string s = domain[rng() % E], o = domain[rng() % E];
        if (rng() % 4 == 0) {
            const std::string t = "T" + std::to_string(rng() % 2);
            c.tsv += s + "\trdf:type\t" + t + "\n";
            c.facts.insert({t, s, ""});
        } else {
            const std::string r = "r" + std::to_string(rng() % 3);
            c.tsv += s + "\t" + r + "\t" + o + "\n";
            c.facts.insert({r, s, o});
        }
    }
    // Make sure every predicate exists as its kind in the data (types T0, T1; relations r0..r2).
    for (int i = 0; i < 3; ++i) {
        c.tsv += "e0\tr" + std::to_string(i) + "\te1\n";
        c.facts.insert({"r" + std::to_string(i), "e0", "e1"});
    }
    for (int i = 0; i < 2; ++i) {
        c.tsv += "e1\trdf:type\tT" + std::to_string(i) + "\n";
        c.facts.insert({"T" + std::to_string(i), "e1", ""});
    }
    const int nrules = 1 + static_cast<int>(rng() % 4);
    const char* vars[] = {"?x", "?y", "?z", "?w"};
    refs.clear();
    for (int i = 0; i < nrules; ++i) {
        RefRule r;
        const int natoms = 1 + static_cast<int>(rng() % 3);
        std::vector<std::string> used;
        auto term = [&]() -> std::string {
            if (rng() % 8 == 0) return domain[rng() % E]; // a constant
            const std::string v = vars[rng() % 3 + (natoms > 2 ? 1 : 0)];
            used.push_back(v);
            return v;
        };
        for (int a = 0; a < natoms; ++a) {
            if (rng() % 4 == 0)
                r.body.push_back({"T" + std::to_string(rng() % 2), term(), ""});
            else
                r.body.push_back({"r" + std::to_string(rng() % 3), term(), term()});
        }
        if (used.empty()) {
            used.push_back("?x");
            r.body.push_back({"r0", "?x", domain[0]});
        }
        auto pick = [&]() { return used[rng() % used.size()]; };
        // Recursive cases put body predicates into heads.
        if (rng() % 3 == 0)
            r.head = {"T" + std::to_string(rng() % 2), pick(), ""};
        else {
            const std::string hp =
                recursive ? std::get<0>(r.body[rng() % r.body.size()]) : "r" + std::to_string(rng() % 3);
            if (hp[0] == 'T')
                r.head = {hp, pick(), ""};
            else
                r.head = {hp, pick(), pick()};
        }
        if (rng() % 2 == 0) r.neq.push_back({pick(), pick()});
        if (rng() % 5 == 0) r.neq.push_back({pick(), domain[rng() % E]});
        std::set<std::string> vs(used.begin(), used.end());
        r.vars.assign(vs.begin(), vs.end());
        // Text in one of the two syntaxes.
        auto dlog_atom = [](const std::tuple<std::string, std::string, std::string>& a) {
            const auto& [p, t1, t2] = a;
            auto t = [](const std::string& x) { return is_var(x) ? x : "<" + x + ">"; };
            if (t2.empty()) return "[" + t(t1) + ", rdf:type, <" + p + ">]";
            return "[" + t(t1) + ", <" + p + ">, " + t(t2) + "]";
        };
        auto plain_atom = [](const std::tuple<std::string, std::string, std::string>& a) {
            const auto& [p, t1, t2] = a;
            auto t = [](const std::string& x) { return is_var(x) ? x.substr(1) : "<" + x + ">"; };
            return p + "(" + t(t1) + (t2.empty() ? "" : "," + t(t2)) + ")";
        };
        const bool dlog = rng() % 2 == 0;
        std::string text = dlog ? dlog_atom(r.head) : plain_atom(r.head);
        text += " :- ";
        for (std::size_t a = 0; a < r.body.size(); ++a)
            text += (a ? ", " : "") + (dlog ? dlog_atom(r.body[a]) : plain_atom(r.body[a]));
        for (const auto& [x, y] : r.neq) {
            auto t = [&](const std::string& v) { return is_var(v) ? (dlog ? v : v.substr(1)) : "<" + v + ">"; };
            text += dlog ? ", FILTER(" + t(x) + " != " + t(y) + ")" : ", " + t(x) + " != " + t(y);
        }
        text += " .\n";
        c.rules += text;
        refs.push_back(std::move(r));
    }
    if (recursive && rng() % 2 == 0) {
        // A transitive-style rule, so that closures take several rounds.
        const std::string a = "r" + std::to_string(rng() % 3), b = "r" + std::to_string(rng() % 3);
        refs.push_back({{{a, "?x", "?y"}, {b, "?y", "?z"}}, {a, "?x", "?z"}, {}, {"?x", "?y", "?z"}});
        c.rules += a + "(x,z) :- " + a + "(x,y), " + b + "(y,z).\n";
        for (int i = 0; i + 1 < E; ++i) {
            c.tsv += domain[i] + "\t" + b + "\t" + domain[i + 1] + "\n";
            c.facts.insert({b, domain[i], domain[i + 1]});
        }
    }
    return c;
}

NFact to_names(const Program& p, const GroundFact& f) {
    if (f.unary)
        return {std::string(p.name(kg::Namespace::Type, f.pred)), std::string(p.name(kg::Namespace::Entity, f.s)), ""};
    return {std::string(p.name(kg::Namespace::Relation, f.pred)), std::string(p.name(kg::Namespace::Entity, f.s)),
            std::string(p.name(kg::Namespace::Entity, f.o))};
}

std::shared_ptr<Program> program_for(const RandomCase& c) {
    auto graph = test::load_text("kg.tsv", c.tsv).graph;
    return std::make_shared<Program>(graph, parse_rules(c.rules, "rules.dlog"));
}

void expect_error(const std::string& text, std::size_t line, std::size_t column, const char* needle) {
    try {
        parse_rules(text, "bad.dlog");
        QFAIL(("no error for: " + text).c_str());
    } catch (const InputError& e) {
        QCOMPARE(e.file(), std::string("bad.dlog"));
        if (e.line() != line || e.column() != column || e.message().find(needle) == std::string::npos)
            QFAIL((std::string("got ") + e.what() + " for: " + text).c_str());
    }
}

} // namespace

class TestRules : public QObject {
    Q_OBJECT

  private slots:
    void materialisationMatchesReference() {
        std::mt19937 rng(12345);
        std::uint64_t derived_total = 0, recursive_rounds = 0;
        for (int iter = 0; iter < 300; ++iter) {
            std::vector<RefRule> refs;
            std::vector<std::string> domain;
            const RandomCase c = random_case(rng, refs, domain, iter % 2 == 0);
            const auto program = program_for(c);
            jobs::JobContext ctx;
            MaterialiseOptions opt;
            opt.threads = 1 + iter % 3;
            const auto m = Materialisation::run(program, opt, ctx);
            std::set<NFact> got = c.facts;
            std::uint64_t count = 0;
            m->for_each_derived([&](std::uint64_t, const GroundFact& f) {
                QVERIFY(got.insert(to_names(*program, f)).second); // derived facts are new and distinct
                ++count;
            });
            const auto expected = reference_closure(refs, c.facts, domain);
            if (got != expected) qWarning("case %d:\n%s\nrules:\n%s", iter, c.tsv.c_str(), c.rules.c_str());
            QCOMPARE(got.size(), expected.size());
            QVERIFY(got == expected);
            QCOMPARE(count, m->num_derived());
            derived_total += count;
            recursive_rounds += m->stats().rounds > 2 ? 1 : 0;

            // Provenance: premises are earlier facts that instantiate the rule body, with the head.
            for (std::uint64_t id = m->num_input_facts(); id < m->num_facts(); ++id) {
                const auto d = m->derivation(id);
                const CRule& rule = program->rules()[d.rule];
                QCOMPARE(d.premises.size(), rule.body.size());
                std::vector<kg::Id> b(rule.num_vars, kg::kNoId);
                bool ok = true;
                auto unify = [&](const CTerm& t, kg::Id v) {
                    if (!t.var) return t.id == v;
                    if (b[t.id] == kg::kNoId) b[t.id] = v;
                    return b[t.id] == v;
                };
                for (std::size_t a = 0; a < rule.body.size(); ++a) {
                    QVERIFY(d.premises[a] < id);
                    const GroundFact pf = m->fact(d.premises[a]);
                    ok = ok && pf.unary == rule.body[a].unary && pf.pred == rule.body[a].pred &&
                         unify(rule.body[a].t[0], pf.s) && (pf.unary || unify(rule.body[a].t[1], pf.o));
                }
                QVERIFY(ok);
                for (const auto& [x, y] : rule.inequalities)
                    QVERIFY((x.var ? b[x.id] : x.id) != (y.var ? b[y.id] : y.id));
                QVERIFY(ground(rule.head, b) == m->fact(id));
                QCOMPARE(m->find(m->fact(id)).value(), id);
            }
        }
        // The random cases are not vacuous: they derive facts, some over several rounds.
        qInfo("derived %llu facts in 300 cases, %llu cases with more than 2 rounds",
              static_cast<unsigned long long>(derived_total), static_cast<unsigned long long>(recursive_rounds));
        QVERIFY(derived_total > 300);
        QVERIFY(recursive_rounds > 10);
    }

    void deterministicAcrossThreads() {
        std::mt19937 rng(777);
        for (int iter = 0; iter < 40; ++iter) {
            std::vector<RefRule> refs;
            std::vector<std::string> domain;
            const RandomCase c = random_case(rng, refs, domain, true);
            const auto program = program_for(c);
            jobs::JobContext ctx;
            MaterialiseOptions one, four;
            one.threads = 1;
            four.threads = 4;
            const auto a = Materialisation::run(program, one, ctx);
            const auto b = Materialisation::run(program, four, ctx);
            QCOMPARE(a->num_derived(), b->num_derived());
            for (std::uint64_t id = a->num_input_facts(); id < a->num_facts(); ++id) {
                QVERIFY(a->fact(id) == b->fact(id));
                QCOMPARE(a->derivation(id).rule, b->derivation(id).rule);
                QVERIFY(std::equal(a->derivation(id).premises.begin(), a->derivation(id).premises.end(),
                                   b->derivation(id).premises.begin()));
            }
            MaterialiseOptions off = one;
            off.provenance = false;
            QCOMPARE(Materialisation::run(program, off, ctx)->num_derived(), a->num_derived());
        }
    }

    void supportsMatchReference() {
        std::mt19937 rng(999);
        for (int iter = 0; iter < 300; ++iter) {
            std::vector<RefRule> refs;
            std::vector<std::string> domain;
            const RandomCase c = random_case(rng, refs, domain, false);
            const auto program = program_for(c);
            jobs::JobContext ctx;
            for (std::size_t r = 0; r < refs.size(); ++r) {
                std::uint64_t support = 0;
                std::set<NFact> heads;
                assignments(refs[r], domain, [&](const auto& a) {
                    if (!body_holds(refs[r], a, c.facts)) return;
                    ++support;
                    if (!c.facts.count(head_of(refs[r], a))) heads.insert(head_of(refs[r], a));
                });
                QCOMPARE(count_supports(*program, r, 1 + iter % 2, ctx), support);
                QCOMPARE(count_new_conclusions(*program, r, 2, ctx), static_cast<std::uint64_t>(heads.size()));
                const auto listed = enumerate_supports(*program, r, 1000000);
                QCOMPARE(static_cast<std::uint64_t>(listed.size()), support);
                for (const auto& s : listed) {
                    for (const auto& f : s.premises)
                        QVERIFY(c.facts.count(to_names(*program, f)));
                    QCOMPARE(s.conclusion_in_kg, c.facts.count(to_names(*program, s.conclusion)) == 1);
                }
            }
        }
    }

    void compositionFormulaWithInequality() {
        // Composition and its x != z variant counted by formula vs the reference.
        std::mt19937 rng(4242);
        for (int iter = 0; iter < 100; ++iter) {
            std::string tsv;
            std::set<NFact> facts;
            std::vector<std::string> domain;
            for (int i = 0; i < 6; ++i)
                domain.push_back("e" + std::to_string(i));
            for (int i = 0; i < 25; ++i) {
                const std::string s = domain[rng() % 6], o = domain[rng() % 6], r = rng() % 2 ? "R" : "S";
                tsv += s + "\t" + r + "\t" + o + "\n";
                facts.insert({r, s, o});
            }
            tsv += "e0\tR\te1\ne1\tS\te2\n";
            facts.insert({"R", "e0", "e1"});
            facts.insert({"S", "e1", "e2"});
            const char* texts[] = {"T(x,z) :- R(x,y), S(y,z).", "T(x,z) :- R(x,y), S(y,z), x != z.",
                                   "T(x,z) :- R(y,x), R(y,z), z != x.", "T(x,z) :- R(x,y), S(z,y)."};
            RuleSet rs = parse_rules(std::string(texts[0]) + "\n" + texts[1] + "\n" + texts[2] + "\n" + texts[3]);
            auto graph = test::load_text("kg.tsv", tsv).graph;
            Program program(graph, rs);
            const std::vector<RefRule> refs = {
                {{{"R", "?x", "?y"}, {"S", "?y", "?z"}}, {"T", "?x", "?z"}, {}, {"?x", "?y", "?z"}},
                {{{"R", "?x", "?y"}, {"S", "?y", "?z"}}, {"T", "?x", "?z"}, {{"?x", "?z"}}, {"?x", "?y", "?z"}},
                {{{"R", "?y", "?x"}, {"R", "?y", "?z"}}, {"T", "?x", "?z"}, {{"?z", "?x"}}, {"?x", "?y", "?z"}},
                {{{"R", "?x", "?y"}, {"S", "?z", "?y"}}, {"T", "?x", "?z"}, {}, {"?x", "?y", "?z"}}};
            jobs::JobContext ctx;
            for (std::size_t r = 0; r < refs.size(); ++r) {
                std::uint64_t support = 0;
                assignments(refs[r], domain, [&](const auto& a) { support += body_holds(refs[r], a, facts) ? 1 : 0; });
                bool formula = false;
                QCOMPARE(count_supports(program, r, 2, ctx, &formula), support);
                QVERIFY(formula);
            }
        }
    }

    void recognisePatterns() {
        // Rules read from a file are named after the template they instantiate, up to variable
        // renaming and body order; near misses are not.
        const std::pair<const char*, const char*> cases[] = {
            {"R(?b,?a) :- R(?a,?b).", "symmetry"},
            {"S(?q,?p) :- R(?p,?q).", "inversion"},
            {"S(?u,?v) :- R(?u,?v).", "hierarchy"},
            {"T(?x,?y) :- S(?x,?y), R(?x,?y).", "intersection"},
            {"T(?a,?c) :- S(?b,?c), R(?a,?b).", "composition"},
            {"P(?x,?y) :- T(?y,?z), R(?x,?y), S(?x,?z), ?x != ?y.", "triangle"},
            {"Q(?x,?y) :- P(?z,?w), R(?x,?y), T(?y,?w), S(?x,?z).", "diamond"},
            {"B(?x) :- A(?x).", "type-hierarchy"},
            {"A(?s) :- R(?s,?o).", "domain"},
            {"A(?o) :- R(?s,?o).", "range"},
            {"R(?a,?b) :- R(?a,?b).", ""},           // same predicate: not a hierarchy
            {"S(?b,?a) :- S(?a,?b), R(?a,?b).", ""}, // two atoms, reversed head
            {"S(?a,C1) :- R(?a,?b).", ""},           // a constant
            {"T(?a,?c) :- R(?a,?b), S(?c,?b).", ""}, // not a path
            {"T(?a,?a) :- R(?a,?b), S(?b,?a).", ""}, // head repeats a variable
        };
        for (const auto& [text, expected] : cases) {
            const RuleSet rs = parse_rules(text, "recognise");
            QCOMPARE(rs.rules.size(), std::size_t{1});
            const auto p = recognise_pattern(rs.rules[0]);
            const std::string got = p ? std::string(pattern_name(*p)) : std::string();
            QVERIFY2(got == expected, qPrintable(QString::fromUtf8(text) + " → " + QString::fromStdString(got)));
        }
    }

    void patternsMatchBruteForce() {
        // Composition, intersection, triangle and diamond candidates and supports vs brute force.
        std::mt19937 rng(31);
        for (int iter = 0; iter < 30; ++iter) {
            std::string tsv;
            std::set<NFact> facts;
            for (int i = 0; i < 40; ++i) {
                const std::string s = "e" + std::to_string(rng() % 7), o = "e" + std::to_string(rng() % 7);
                const std::string r = "p" + std::to_string(rng() % 4);
                tsv += s + "\t" + r + "\t" + o + "\n";
                facts.insert({r, s, o});
            }
            auto graph = test::load_text("kg.tsv", tsv).graph;
            jobs::JobContext ctx;
            for (Pattern pat : {Pattern::Composition, Pattern::Intersection, Pattern::Triangle, Pattern::Diamond}) {
                PatternParams pp;
                pp.patterns = {pat};
                pp.top_k = 1000;
                const auto found = enumerate_patterns(graph, pp, ctx);
                std::map<std::vector<std::string>, std::uint64_t> brute;
                for (const auto& [r1, a, b] : facts)
                    for (const auto& [r2, c2, d] : facts) {
                        if (pat == Pattern::Composition && b == c2) ++brute[{r1, r2}];
                        if (pat == Pattern::Intersection && a == c2 && b == d && r1 != r2) ++brute[{r1, r2}];
                        if (pat == Pattern::Triangle && a == c2 && a != b && a != d && b != d)
                            for (const auto& [r3, e, f] : facts)
                                if (e == b && f == d) ++brute[{r1, r2, r3}];
                        // Diamond R(x,y), S(x,z), T(y,w), P(z,w), x y z w distinct: (a,b), (a,d), then
                        // T(b,w), P(d,w).
                        if (pat == Pattern::Diamond && a == c2 && a != b && a != d && b != d)
                            for (const auto& [r3, e, f] : facts) {
                                if (e != b || f == a || f == b || f == d) continue;
                                for (const auto& [r4, g, h] : facts)
                                    if (g == d && h == f) ++brute[{r1, r2, r3, r4}];
                            }
                    }
                // A body that uses every relation leaves no head predicate: no rule (diamond, 4 of 4).
                std::size_t expected = 0;
                for (const auto& [key, n] : brute)
                    expected +=
                        std::set<std::string>(key.begin(), key.end()).size() < graph->facts.num_relations() ? 1 : 0;
                QCOMPARE(found.size(), expected);
                for (const auto& pr : found) {
                    std::vector<std::string> key;
                    for (const auto& a : pr.rule.body)
                        key.push_back(a.predicate);
                    QCOMPARE(pr.support, brute.at(key));
                    // Enumerated rules are recognised as their own pattern.
                    const auto recognised = recognise_pattern(pr.rule);
                    QVERIFY(recognised && *recognised == pat);
                    // The generic counter agrees, and new conclusions are computed for the rule.
                    RuleSet rs;
                    rs.rules.push_back(pr.rule);
                    Program p(graph, rs);
                    QCOMPARE(count_supports(p, 0, 1, ctx), pr.support);
                    QCOMPARE(count_new_conclusions(p, 0, 1, ctx), pr.new_conclusions);
                }
            }
        }
    }

    void parserErrorsAreLocated() {
        expect_error("T(x,z) :- R(x,y).\n", 1, 5, "unsafe rule: head variable ?z");
        expect_error("PREFIX a: <http://a/>\n[?X, b:p, ?Y] :- [?Y, a:q, ?X] .\n", 2, 6, "unknown prefix 'b:'");
        expect_error("A(x) :- R(x,y).\nB(x) :- A(x,y).\n", 2, 9, "arity mismatch");
        expect_error("R(x,y,z) :- S(x,y), S(y,z).\n", 1, 1, "arity mismatch");
        expect_error("T(x) :- R(x,y)\nS(x) :- T(x).\n", 2, 1, "expected ',' or '.'");
        expect_error("[?X, <p>, ?Y] :- [?X, <q> ?Y] .\n", 1, 27, "expected ','");
        expect_error("T(x) :- R(x,y), FILTER(?x != ?w).\n", 1, 30, "unsafe rule");
        expect_error("[?X, ?p, ?Y] :- [?X, <q>, ?Y] .", 1, 6, "variable predicates");
    }

    void parserRoundTripAndSyntaxes() {
        const RuleSet a =
            parse_rules("PREFIX ub: <http://u/#>\n"
                        "[?X, rdf:type, ub:Person] :- [?X, a, ub:Student], [?X, ub:advisor, ?Y], FILTER(?X != ?Y) .\n"
                        "ub:knows(x,z) :- ub:knows(x,y), ub:knows(y,z), x != z.  # comment\n"
                        "@prefix ex: <http://ex/> .\n"
                        "ex:T(?x, <http://c>) :- ex:R(?x, Alice).\n");
        QCOMPARE(a.rules.size(), std::size_t{3});
        QCOMPARE(a.rules[0].head.predicate, std::string("http://u/#Person"));
        QVERIFY(a.rules[0].head.unary());
        QCOMPARE(a.rules[0].body[0].predicate, std::string("http://u/#Student"));
        QCOMPARE(a.rules[0].inequalities.size(), std::size_t{1});
        QCOMPARE(a.rules[1].body.size(), std::size_t{2});
        QVERIFY(a.rules[2].body[0].args[1].kind == Term::Kind::Constant);
        QCOMPARE(a.rules[2].body[0].args[1].name, std::string("Alice"));
        for (const Rule& r : a.rules) {
            const std::string text = to_string(r, a.prefixes);
            const Rule back = parse_rule(text, a.prefixes);
            QCOMPARE(to_string(back, a.prefixes), text);
            QVERIFY(back.head.args == r.head.args);
            QCOMPARE(back.body.size(), r.body.size());
        }
    }

    void explainAndEntails() {
        const std::string tsv = "a\tparent\tb\nb\tparent\tc\nc\tparent\td\n";
        auto graph = test::load_text("kg.tsv", tsv).graph;
        auto program = std::make_shared<Program>(
            graph, parse_rules("anc(x,y) :- parent(x,y).\nanc(x,z) :- anc(x,y), parent(y,z).\n"));
        jobs::JobContext ctx;
        const auto m = Materialisation::run(program, {}, ctx);
        QCOMPARE(m->num_derived(), std::uint64_t{6});
        const auto id = m->find(program->parse_fact("anc(a,d)"));
        QVERIFY(id.has_value());
        const auto rows = derivation_rows(*m, *id);
        // anc(a,d) ← anc(a,c), parent(c,d); anc(a,c) ← anc(a,b), parent(b,c); anc(a,b) ← parent(a,b).
        QCOMPARE(rows.size(), std::size_t{6});
        QCOMPARE(rows[0].depth, 0);
        int inputs = 0;
        for (const auto& r : rows)
            inputs += r.input ? 1 : 0;
        QCOMPARE(inputs, 3);
        QVERIFY(!m->find(program->parse_fact("anc(d,a)")).has_value());

        const RuleSet R = parse_rules("anc(x,y) :- parent(x,y).\nanc(x,z) :- anc(x,y), anc(y,z).\n");
        QVERIFY(entails(R, parse_rule("anc(x,w) :- parent(x,y), parent(y,z), parent(z,w).", {}), {}, ctx).entailed);
        QVERIFY(!entails(R, parse_rule("anc(y,x) :- parent(x,y).", {}), {}, ctx).entailed);
        QVERIFY(entails(R, parse_rule("anc(x,y) :- parent(x,y), x != y.", {}), {}, ctx).entailed);
    }

    void supportsForDisplay() {
        auto graph = test::load_text("kg.tsv", "a\tR\tb\nb\tS\tc\nb\tS\ta\na\tT\ta\n").graph;
        Program p(graph, parse_rules("T(x,z) :- R(x,y), S(y,z).\n"));
        const auto rows = supports_for_display(p, 0, 10);
        QCOMPARE(rows.size(), std::size_t{2});
        int fresh = 0;
        for (const auto& r : rows) {
            QCOMPARE(r.premises.size(), std::size_t{2});
            fresh += r.conclusion_new ? 1 : 0;
        }
        QCOMPARE(fresh, 1); // T(a,a) is in the KG, T(a,c) is new
    }
};

QTEST_APPLESS_MAIN(TestRules)
#include "tst_rules.moc"
