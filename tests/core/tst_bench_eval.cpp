// eval-kg's ranking and threshold against brute force on random small folders: LogInfer's ranking
// among the test negatives (C-, R-, type facts, empty sets), the full-candidate ranking, --threshold-by.
#include "bench/folder.hpp"
#include "bench/kg_metrics.hpp"
#include "test_util.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace kbcx;

namespace {

using Line = std::array<std::string, 3>; ///< h, r, t; a type fact is (e, rdf:type, T)

std::string text_of(const std::set<Line>& lines) {
    std::string s;
    for (const auto& [h, r, t] : lines)
        s += h + "\t" + r + "\t" + t + "\n";
    return s;
}

/// A random folder over entities e0..e{n-1}, relations r0..r{R-1}, types T0, T1: the files' lines
/// and a score for every triple and type fact over those names (few distinct values: many ties).
struct Folder {
    std::set<Line> train, valid, test;
    std::map<std::string, std::set<Line>> neg; ///< method -> test negatives (valid negatives: random)
    std::map<std::string, std::set<Line>> valid_neg;
    std::map<Line, double> score;
    std::vector<std::string> entities, relations, types;
};

Folder random_folder(std::mt19937& rng, int n, int R) {
    Folder f;
    for (int i = 0; i < n; ++i)
        f.entities.push_back("e" + std::to_string(i));
    for (int i = 0; i < R; ++i)
        f.relations.push_back("r" + std::to_string(i));
    f.types = {"T0", "T1"};
    auto pick = [&](const std::vector<std::string>& v) {
        return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
    };
    auto binary = [&] { return Line{pick(f.entities), pick(f.relations), pick(f.entities)}; };
    auto unary = [&] { return Line{pick(f.entities), "rdf:type", pick(f.types)}; };
    auto fill = [&](std::set<Line>& s, int b, int u) {
        for (int i = 0; i < b; ++i)
            s.insert(binary());
        for (int i = 0; i < u; ++i)
            s.insert(unary());
    };
    fill(f.train, 14, 3);
    fill(f.valid, 5, 1);
    fill(f.test, 7, 2);
    std::uniform_int_distribution<int> coin(0, 3);
    for (const char* m : {"a", "b"}) {
        auto& negs = f.neg[m];
        // Method a: corruptions of the test positives in one place (some of them positives, which
        // the ranking must leave out); method b: random lines.
        if (std::string(m) == "a") {
            for (const auto& l : f.test)
                for (int k = coin(rng); k > 0; --k) {
                    Line c = l;
                    if (l[1] == "rdf:type")
                        c[0] = pick(f.entities);
                    else if (const int slot = coin(rng); slot == 0)
                        c[0] = pick(f.entities);
                    else if (slot == 1)
                        c[2] = pick(f.entities);
                    else
                        c[1] = pick(f.relations);
                    negs.insert(c);
                }
        }
        fill(negs, 6, 2);
        fill(f.valid_neg[m], 6, 1);
    }
    std::uniform_int_distribution<int> level(0, 4);
    for (const auto& h : f.entities) {
        for (const auto& r : f.relations)
            for (const auto& t : f.entities)
                f.score[{h, r, t}] = level(rng) / 4.0;
        for (const auto& t : f.types)
            f.score[{h, "rdf:type", t}] = level(rng) / 4.0;
    }
    return f;
}

std::string write_folder(const QTemporaryDir& tmp, const Folder& f) {
    test::write_file(tmp, "train.txt", text_of(f.train));
    test::write_file(tmp, "valid.txt", text_of(f.valid));
    test::write_file(tmp, "test.txt", text_of(f.test));
    for (const auto& [m, lines] : f.neg) {
        test::write_file(tmp, "test_neg_" + m + ".txt", text_of(lines));
        test::write_file(tmp, "valid_neg_" + m + ".txt", text_of(f.valid_neg.at(m)));
    }
    std::string s;
    for (const auto& [l, v] : f.score)
        s += l[0] + "\t" + l[1] + "\t" + l[2] + "\t" + std::to_string(v) + "\n";
    return test::write_file(tmp, "scores.tsv", s);
}

double rank_of(double target, const std::vector<double>& others) {
    double better = 0, tied = 0;
    for (double x : others)
        better += x > target, tied += x == target;
    return 1 + better + tied / 2;
}

struct Summary {
    std::vector<double> ranks;
    std::uint64_t empty = 0;
    void add(double target, const std::vector<double>& others) {
        if (others.empty())
            ++empty;
        else
            ranks.push_back(rank_of(target, others));
    }
};

void compare(const Summary& want, const bench::RankingSummary& got, const char* what) {
    QVERIFY2(got.queries == want.ranks.size(), what);
    double mrr = 0, h1 = 0, h3 = 0, h10 = 0;
    for (double r : want.ranks)
        mrr += 1 / r, h1 += r <= 1, h3 += r <= 3, h10 += r <= 10;
    const double n = want.ranks.empty() ? 1.0 : double(want.ranks.size());
    QVERIFY2(std::abs(got.mrr - mrr / n) < 1e-12, what);
    QVERIFY2(std::abs(got.hits1 - h1 / n) < 1e-12, what);
    QVERIFY2(std::abs(got.hits3 - h3 / n) < 1e-12, what);
    QVERIFY2(std::abs(got.hits10 - h10 / n) < 1e-12, what);
}

} // namespace

class TestBenchEval : public QObject {
    Q_OBJECT

  private slots:
    /// LogInfer's C-/R- ranking: each test positive among the test negatives of the method that
    /// differ from it in one place, negatives that are positives left out, type facts by their
    /// entity, empty sets counted and not ranked; the method changes the figures.
    void paperRankingAgainstBruteForce() {
        std::mt19937 rng(31);
        std::uint64_t ranked = 0, empty = 0, typed = 0, dropped = 0;
        int method_matters = 0;
        for (int round = 0; round < 40; ++round) {
            QTemporaryDir tmp;
            const Folder f = random_folder(rng, 6, 3);
            const std::string scores = write_folder(tmp, f);
            jobs::JobContext ctx;
            double c_mrr[2] = {0, 0};
            int mi = 0;
            for (const char* m : {"a", "b"}) {
                bench::EvalKgParams p;
                p.dir = tmp.path().toStdString();
                p.scores_path = scores;
                p.method = m;
                const bench::EvalKgResult r = bench::eval_kg(p, ctx);
                QVERIFY(r.ranking_done);
                QCOMPARE(r.ranking_mode, bench::RankingMode::Paper);
                // Brute force over the lines.
                std::vector<Line> negs;
                std::uint64_t as_pos = 0;
                for (const auto& l : f.neg.at(m)) {
                    if (f.train.count(l) || f.valid.count(l) || f.test.count(l))
                        ++as_pos;
                    else
                        negs.push_back(l);
                }
                Summary cons, head, tail, rel, type;
                for (const auto& q : f.test) {
                    const double target = f.score.at(q);
                    std::vector<double> h, t, rr, both;
                    for (const auto& n : negs) {
                        const bool same_h = n[0] == q[0], same_r = n[1] == q[1], same_t = n[2] == q[2];
                        if (q[1] == "rdf:type") {
                            if (same_r && same_t && !same_h) both.push_back(f.score.at(n));
                            continue;
                        }
                        if (n[1] == "rdf:type") continue;
                        if (!same_h && same_r && same_t) h.push_back(f.score.at(n));
                        if (same_h && same_r && !same_t) t.push_back(f.score.at(n));
                        if (same_h && !same_r && same_t) rr.push_back(f.score.at(n));
                    }
                    if (q[1] == "rdf:type") {
                        type.add(target, both);
                        cons.add(target, both);
                        ++typed;
                        continue;
                    }
                    head.add(target, h);
                    tail.add(target, t);
                    rel.add(target, rr);
                    both = h;
                    both.insert(both.end(), t.begin(), t.end());
                    cons.add(target, both);
                }
                compare(cons, r.constant, "C");
                compare(head, r.head, "C-head");
                compare(tail, r.tail, "C-tail");
                compare(rel, r.relation, "R");
                compare(type, r.type, "C-type");
                QCOMPARE(r.empty_constant, cons.empty);
                QCOMPARE(r.empty_head, head.empty);
                QCOMPARE(r.empty_tail, tail.empty);
                QCOMPARE(r.empty_relation, rel.empty);
                QCOMPARE(r.empty_type, type.empty);
                QCOMPARE(r.negatives_as_positives, as_pos);
                ranked += cons.ranks.size(), empty += cons.empty, dropped += as_pos;
                c_mrr[mi++] = r.constant.mrr;
            }
            method_matters += c_mrr[0] != c_mrr[1];
        }
        // The random folders exercised every case.
        QVERIFY(ranked > 0 && empty > 0 && typed > 0 && dropped > 0);
        QVERIFY(method_matters > 0);
    }

    /// The full-candidate ranking (--ranking candidates): every entity / relation of the folder
    /// except the true filler and positives of any split, head and tail queries both in C-, type
    /// facts not ranked; the negatives play no part.
    void candidateRankingAgainstBruteForce() {
        std::mt19937 rng(37);
        for (int round = 0; round < 15; ++round) {
            QTemporaryDir tmp;
            const Folder f = random_folder(rng, 5, 2);
            const std::string scores = write_folder(tmp, f);
            // The names the folder's files mention (the reader's vocabulary, no candidate files).
            std::set<std::string> ents, rels;
            auto note = [&](const std::set<Line>& s) {
                for (const auto& l : s) {
                    ents.insert(l[0]);
                    if (l[1] != "rdf:type") rels.insert(l[1]), ents.insert(l[2]);
                }
            };
            for (const auto* s : {&f.train, &f.valid, &f.test})
                note(*s);
            for (const auto& [m, s] : f.neg)
                note(s), note(f.valid_neg.at(m));
            auto positive = [&](const Line& l) { return f.train.count(l) || f.valid.count(l) || f.test.count(l); };
            Summary cons, head, tail, rel;
            std::uint64_t types = 0;
            for (const auto& q : f.test) {
                if (q[1] == "rdf:type") {
                    ++types;
                    continue;
                }
                for (int slot = 0; slot < 3; ++slot) {
                    std::vector<double> others;
                    for (const auto& c : slot == 1 ? rels : ents) {
                        Line g = q;
                        g[slot == 0 ? 0 : slot == 1 ? 1 : 2] = c;
                        if (g == q || positive(g)) continue;
                        others.push_back(f.score.at(g));
                    }
                    // A query whose every candidate is filtered out ranks 1 here (as before the paper's ranking).
                    const double rank = rank_of(f.score.at(q), others);
                    (slot == 0 ? head : slot == 1 ? rel : tail).ranks.push_back(rank);
                    if (slot != 1) cons.ranks.push_back(rank);
                }
            }
            jobs::JobContext ctx;
            std::vector<double> mrr;
            for (const char* m : {"a", "b"}) {
                bench::EvalKgParams p;
                p.dir = tmp.path().toStdString();
                p.scores_path = scores;
                p.method = m;
                p.ranking_mode = bench::RankingMode::Candidates;
                const bench::EvalKgResult r = bench::eval_kg(p, ctx);
                QVERIFY(r.ranking_done);
                compare(cons, r.constant, "C");
                compare(head, r.head, "C-head");
                compare(tail, r.tail, "C-tail");
                compare(rel, r.relation, "R");
                QCOMPARE(r.skipped_type_facts, types);
                mrr.push_back(r.constant.mrr);
            }
            QCOMPARE(mrr[0], mrr[1]);
        }
    }

    /// --threshold-by accuracy: the largest distinct valid score maximising accuracy, by brute
    /// force; F1 stays the default.
    void thresholdByAccuracy() {
        std::mt19937 rng(41);
        std::uniform_int_distribution<int> size(0, 9), val(0, 6);
        int differ = 0;
        for (int round = 0; round < 300; ++round) {
            std::vector<double> pos(static_cast<std::size_t>(size(rng))), neg(static_cast<std::size_t>(size(rng)));
            for (auto& x : pos)
                x = val(rng) * 0.5;
            for (auto& x : neg)
                x = val(rng) * 0.5;
            std::set<double> cands(pos.begin(), pos.end());
            cands.insert(neg.begin(), neg.end());
            double best = -1, tau = std::numeric_limits<double>::infinity();
            for (double t : cands) {
                double ok = 0;
                for (double p : pos)
                    ok += p >= t;
                for (double n : neg)
                    ok += n < t;
                const double acc = ok / double(pos.size() + neg.size());
                if (acc > best + 1e-12 || (std::abs(acc - best) <= 1e-12 && t > tau)) best = acc, tau = t;
            }
            const double got = bench::best_threshold(pos, neg, bench::ThresholdCriterion::Accuracy);
            QCOMPARE(got, tau);
            if (!cands.empty()) QVERIFY(std::abs(bench::classify(pos, neg, got).accuracy - best) < 1e-12);
            differ += got != bench::best_f1_threshold(pos, neg);
        }
        QVERIFY(differ > 0); // the two criteria are different criteria
    }

    /// The CLI: the default ranking is the paper's and prints the same figures as eval_kg; the
    /// threshold's criterion is named; bad option values are usage errors.
    void cliNamesRankingAndThreshold() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        std::mt19937 rng(43);
        QTemporaryDir tmp;
        const Folder f = random_folder(rng, 6, 3);
        const QString scores = QString::fromStdString(write_folder(tmp, f));
        jobs::JobContext ctx;
        bench::EvalKgParams p;
        p.dir = tmp.path().toStdString();
        p.scores_path = scores.toStdString();
        p.method = "a";
        p.threshold_by = bench::ThresholdCriterion::Accuracy;
        const auto want = bench::eval_kg(p, ctx);
        auto r =
            test::run_kbcx({"eval-kg", tmp.path(), "--scores", scores, "--neg", "a", "--threshold-by", "accuracy"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("threshold (max validation accuracy)"), qPrintable(r.out));
        QVERIFY(r.out.contains("ranking (the paper's: among the test negatives of a"));
        char line[160];
        std::snprintf(line, sizeof line, "  C-      MRR %.4f  Hits@1 %.4f", want.constant.mrr, want.constant.hits1);
        QVERIFY2(r.out.contains(line), qPrintable(r.out));
        std::snprintf(line, sizeof line, "%llu without negatives, not ranked",
                      static_cast<unsigned long long>(want.empty_relation));
        QVERIFY2(r.out.contains(line), qPrintable(r.out));
        r = test::run_kbcx({"eval-kg", tmp.path(), "--scores", scores, "--neg", "a", "--json"});
        QVERIFY(r.code == 0);
        QVERIFY(r.out.contains("\"threshold_by\": \"f1\""));
        QVERIFY(r.out.contains("\"queries_without_negatives\""));
        QCOMPARE(test::run_kbcx({"eval-kg", tmp.path(), "--scores", scores, "--neg", "a", "--ranking", "all"}).code, 2);
        QCOMPARE(
            test::run_kbcx({"eval-kg", tmp.path(), "--scores", scores, "--neg", "a", "--threshold-by", "auc"}).code, 2);
    }
};

QTEST_APPLESS_MAIN(TestBenchEval)
#include "tst_bench_eval.moc"
