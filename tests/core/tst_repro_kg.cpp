// The KG reproductions (negative-difficulty, pattern-difficulty) on small generated KGs: report
// structure, charts decodable, SimpBL against brute force, the in-process metrics against eval-kg,
// and the rule-learner system against `learn-rules` + `apply-rules` + `eval-kg` on the same benchmark.
#include "bench/folder.hpp"
#include "bench/kg_metrics.hpp"
#include "common/error.hpp"
#include "embed/kg_models.hpp"
#include "learn/apply.hpp"
#include "learn/learner.hpp"
#include "learn/rule_io.hpp"
#include "plot/image.hpp"
#include "repro/findings.hpp"
#include "repro/kg_lab.hpp"
#include "repro/markdown.hpp"
#include "repro/negative_evidence.hpp"
#include "repro/partial_results.hpp"
#include "repro/registry.hpp"
#include "test_util.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <sstream>

using namespace kbcx;

namespace {

namespace fs = std::filesystem;

/// A random KG with planted regularities so that every pattern has rules: a partly symmetric
/// relation, an inverse pair, a sub-relation, and random edges closing triangles and 4-cycles.
std::string planted_kg(std::uint32_t seed, int n, int relations, int facts) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> e(0, n - 1), r(0, relations - 1);
    std::set<std::tuple<int, int, int>> f;
    for (int i = 0; i < facts; ++i) {
        const int a = e(rng), b = e(rng), p = r(rng);
        if (a == b) continue;
        f.insert({a, p, b});
        if (p == 0 && rng() % 2) f.insert({b, 0, a});      // symmetry
        if (p == 1 && rng() % 2) f.insert({b, 2, a});      // inversion r1 → r2⁻
        if (p == 3 && rng() % 2) f.insert({a, 4, b});      // hierarchy r3 → r4
        if (p == 4 && rng() % 3 == 0) f.insert({a, 5, b}); // intersection material r4 ∧ r5
    }
    std::string text;
    for (const auto& [a, p, b] : f)
        text += "e" + std::to_string(a) + "\tr" + std::to_string(p) + "\te" + std::to_string(b) + "\n";
    return text;
}

using kbcx::test::slurp;

const repro::Table* find_table(const repro::Report& r, const std::string& title_part) {
    for (const auto& s : r.sections)
        for (const auto& t : s.tables)
            if (t.title.find(title_part) != std::string::npos) return &t;
    return nullptr;
}

std::size_t column(const repro::Table& t, const std::string& name) {
    for (std::size_t i = 0; i < t.header.size(); ++i)
        if (t.header[i] == name) return i;
    return t.header.size();
}

/// Whether a paragraph of `r` contains `text`.
bool says(const repro::Report& r, const std::string& text) {
    for (const auto& s : r.sections)
        for (const auto& p : s.paragraphs)
            if (p.find(text) != std::string::npos) return true;
    return false;
}

} // namespace

class TestReproKg : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string data_;

    repro::Options options() const {
        repro::Options o;
        o.mode = repro::Mode::Quick;
        o.data_dir = data_;
        o.out_dir = dir_.filePath("out").toStdString();
        o.models = {"TransE-L1", "DistMult"};
        o.epochs = 15;
        o.dim = 12;
        return o;
    }

    std::shared_ptr<const kg::KnowledgeGraph> load(const std::string& name) {
        jobs::JobContext ctx;
        return repro::load_source_kg(options(), name, ctx, repro::kg_finding_plan(options()).variant);
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        data_ = dir_.filePath("data").toStdString();
        for (const auto& [name, seed] : {std::pair{"FB15k-237", 7u}, std::pair{"WN18RR", 11u}}) {
            fs::create_directories(fs::path(data_) / "kg" / name);
            std::ofstream(fs::path(data_) / "kg" / name / "train.txt") << planted_kg(seed, 36, 6, 260);
            // The loginfer variant's K is all three splits (as the release reads FB15k-237).
            std::ofstream(fs::path(data_) / "kg" / name / "valid.txt") << planted_kg(seed + 100, 36, 6, 30);
            std::ofstream(fs::path(data_) / "kg" / name / "test.txt") << planted_kg(seed + 200, 36, 6, 30);
        }
    }

    void registered() {
        QVERIFY(repro::find_reproduction("negative-difficulty").has_value());
        QVERIFY(repro::find_reproduction("pattern-difficulty").has_value());
    }

    void missingDataIsAnInputError() {
        repro::Options o = options();
        o.data_dir = dir_.filePath("nowhere").toStdString();
        jobs::JobContext ctx;
        QVERIFY_THROWS_EXCEPTION(InputError, repro::negative_difficulty(o, ctx));
    }

    /// evaluate_system (in-process) gives eval-kg's numbers on the written benchmark folder.
    void inProcessMetricsEqualEvalKg() {
        const auto K = load("FB15k-237");
        const auto plan = repro::kg_finding_plan(options());
        jobs::JobContext ctx;
        const repro::KgBench b = repro::make_kg_bench(
            "FB15k-237", repro::kg_generate_params(K, {"symmetry", "composition"}, bench::NegMethod::PA, plan.k1, 30),
            ctx);
        QVERIFY(!b.gen.positives[bench::kTest].empty());
        // A deterministic scorer with many ties broken by a hash of the ids.
        struct HashScorer final : repro::KgScorer {
            double score(const rules::GroundFact& f) const override {
                std::uint64_t x = f.s * 1000003ull + f.pred * 7919ull + f.o * 31ull + 17;
                x ^= x >> 13;
                x *= 0x9E3779B97F4A7C15ull;
                return static_cast<double>((x >> 40) % 50) / 7.0;
            }
        } scorer;
        const std::string folder = dir_.filePath("bench_pa").toStdString();
        bench::write_benchmark(b.gen, folder);
        const auto& v = K->vocab;
        {
            std::ofstream s(dir_.filePath("scores.txt").toStdString());
            char buf[64];
            for (kg::Id h = 0; h < K->facts.num_entities(); ++h)
                for (kg::Id r = 0; r < K->facts.num_relations(); ++r)
                    for (kg::Id t = 0; t < K->facts.num_entities(); ++t) {
                        std::snprintf(buf, sizeof buf, "%.17g", scorer.score({false, r, h, t}));
                        s << v.entities().name(h) << '\t' << v.relations().name(r) << '\t' << v.entities().name(t)
                          << '\t' << buf << '\n';
                    }
        }
        bench::EvalKgParams ep;
        ep.dir = folder;
        ep.scores_path = dir_.filePath("scores.txt").toStdString();
        for (auto mode : {bench::RankingMode::Paper, bench::RankingMode::Candidates}) {
            ep.ranking_mode = mode;
            const bench::EvalKgResult want = bench::eval_kg(ep, ctx);
            QVERIFY(want.ranking_done);
            const repro::KgEval got = repro::evaluate_system(b, scorer, false, {"", 0, 1, true, mode}, ctx);
            QCOMPARE(got.threshold, want.threshold);
            QCOMPARE(got.test.tp, want.test.tp);
            QCOMPARE(got.test.fp, want.test.fp);
            QCOMPARE(got.test.tn, want.test.tn);
            QCOMPARE(got.test.fn, want.test.fn);
            QVERIFY(want.auc.has_value());
            QCOMPARE(got.auc, *want.auc);
            if (mode == bench::RankingMode::Paper) {
                QCOMPARE(got.queries, std::size_t{want.constant.queries});
                QCOMPARE(got.relation.queries, want.relation.queries);
                QCOMPARE(got.empty_constant, want.empty_constant);
                QCOMPARE(got.empty_relation, want.empty_relation);
                QVERIFY(want.constant.queries > 0);
            } else {
                QCOMPARE(got.queries, want.relation.queries);
            }
            QVERIFY(std::abs(got.constant.mrr - want.constant.mrr) < 1e-12);
            QVERIFY(std::abs(got.relation.mrr - want.relation.mrr) < 1e-12);
            QCOMPARE(got.constant.hits10, want.constant.hits10);
        }
        // A sampled candidate ranking ranks the requested number of queries, the same ones for a seed.
        const repro::KgEvalPlan sampled{"", 3, 5, true, bench::RankingMode::Candidates};
        const auto s1 = repro::evaluate_system(b, scorer, false, sampled, ctx);
        const auto s2 = repro::evaluate_system(b, scorer, false, sampled, ctx);
        QCOMPARE(s1.queries, std::size_t{3});
        QCOMPARE(s1.constant.mrr, s2.constant.mrr);
    }

    /// The rule-learner system scores as `kbcx learn-rules` (same graph, seed and sample budget)
    /// followed by `kbcx apply-rules` (whole max-aggregation order) and `kbcx eval-kg` on the
    /// written folder; its whole-query scoring (score_slot) equals fact-by-fact scoring.
    void ruleLearnerMatchesApplyRules() {
        const auto K = load("FB15k-237");
        jobs::JobContext ctx;
        const repro::KgBench b = repro::make_kg_bench(
            "FB15k-237",
            repro::kg_generate_params(K, {"symmetry", "inversion", "composition"}, bench::NegMethod::PA, 5, 40), ctx);
        QVERIFY(!b.gen.positives[bench::kTest].empty());
        repro::KgRulePlan plan;
        plan.samples_per_pattern = 300;
        plan.seconds_per_pattern = 600; // the sample bound decides: deterministic
        const repro::KgSystem sys = repro::rule_learner_system(plan);
        QCOMPARE(sys.kind, repro::KgSystemKind::RuleLearner);
        QVERIFY(!sys.decides);
        const auto scorer = sys.train(b, 3, ctx);
        QVERIFY(scorer->note().find("900 sampled paths") != std::string::npos);

        // The same learning run by hand, written in AnyBURL's format, applied to the folder.
        auto graph = std::make_shared<kg::KnowledgeGraph>();
        for (auto ns : {kg::Namespace::Entity, kg::Namespace::Relation, kg::Namespace::Type})
            for (kg::Id id = 0; id < K->vocab.names(ns).size(); ++id)
                QCOMPARE(graph->vocab.names(ns).intern(K->vocab.names(ns).name(id)), id);
        graph->facts = *b.train_store;
        learn::LearnParams lp;
        lp.graph = graph;
        lp.max_samples = 900;
        lp.seconds = 1800;
        lp.seed = 3;
        const auto learnt = learn::learn_rules(lp, ctx);
        QVERIFY(!learnt.rules.empty());
        const std::string folder = dir_.filePath("bench_rules").toStdString();
        bench::write_benchmark(b.gen, folder);
        const std::string rules_path = dir_.filePath("rules.txt").toStdString();
        {
            std::ofstream f(rules_path);
            learn::write_anyburl(f, learnt.rules);
        }
        learn::ApplyParams ap;
        ap.rules_path = rules_path;
        ap.benchmark_dir = folder;
        ap.out_path = dir_.filePath("rule_scores.tsv").toStdString();
        ap.exact_order = true; // anyburl's default: the whole max-aggregation order, as the scorer keeps it
        const auto applied = learn::apply_rules(ap, ctx);
        QVERIFY(applied.predicted > 0);
        bench::EvalKgParams ep;
        ep.dir = folder;
        ep.scores_path = ap.out_path;
        for (auto mode : {bench::RankingMode::Paper, bench::RankingMode::Candidates}) {
            ep.ranking_mode = mode;
            const bench::EvalKgResult want = bench::eval_kg(ep, ctx);
            const repro::KgEval got = repro::evaluate_system(b, *scorer, false, {"", 0, 1, true, mode}, ctx);
            // Both scores keep the same order, on different level sets (apply-rules' also counts the
            // ranking corruptions): the tuned threshold is another number, the split it makes the same.
            QCOMPARE(got.test.tp, want.test.tp);
            QCOMPARE(got.test.fp, want.test.fp);
            QVERIFY(want.auc.has_value());
            QCOMPARE(got.auc, *want.auc);
            QVERIFY(std::abs(got.constant.mrr - want.constant.mrr) < 1e-12);
            QVERIFY(std::abs(got.relation.mrr - want.relation.mrr) < 1e-12);
        }

        // score_slot (one head or tail query per slot) against score() fact by fact.
        const auto E = static_cast<kg::Id>(K->facts.num_entities()), R = static_cast<kg::Id>(K->facts.num_relations());
        std::vector<double> all;
        int nonzero = 0;
        for (const auto& p : b.gen.positives[bench::kTest])
            for (int slot = 0; slot < 3; ++slot) {
                const kg::Id n = slot == 2 ? R : E;
                scorer->score_slot(p.fact, slot, n, all);
                QCOMPARE(all.size(), std::size_t{n});
                for (kg::Id c = 0; c < n; ++c) {
                    rules::GroundFact g = p.fact;
                    (slot == 0 ? g.s : slot == 1 ? g.o : g.pred) = c;
                    QCOMPARE(all[c], scorer->score(g));
                    nonzero += all[c] > 0;
                }
            }
        QVERIFY(nonzero > 0);
        // The planted symmetric relation: the learner finds r0(X,Y) <= r0(Y,X) and separates the
        // symmetry positives from their pa negatives far better than chance.
        const repro::KgEval sym = repro::evaluate_system(b, *scorer, false, {"symmetry", 0, 1, false}, ctx);
        QVERIFY(sym.test_pos > 0);
        qInfo("rule learner on the planted symmetry: AUC %.3f over %zu positives", sym.auc, sym.test_pos);
        QVERIFY(sym.auc > 0.75);
    }

    /// R-GCN in the findings is `kbcx train --model rgcn`'s default, the authors' variant with its
    /// own settings; the shallow models keep the plan's, with the benchmark's train negatives.
    void rgcnTrainsAsItsAuthorsRelease() {
        repro::KgTrainPlan plan;
        plan.dim = 32;
        plan.epochs = 7;
        QCOMPARE(embed::default_el_variant("rgcn"), embed::ElVariant::Authors);
        const embed::RgcnVariantTraining authors = embed::rgcn_variant_training(embed::ElVariant::Authors);
        const embed::KgTrainParams r = plan.params_for("rgcn", true, 2);
        QCOMPARE(r.model.variant, embed::ElVariant::Authors);
        QCOMPARE(r.model.dim, authors.dim);
        QVERIFY(r.model.dim != plan.dim);
        QCOMPARE(r.model.rgcn_blocks, authors.blocks);
        QCOMPARE(r.model.rgcn_self_dropout, authors.self_dropout);
        QCOMPARE(r.train.batch, authors.batch);
        QCOMPARE(r.train.neg, authors.neg);
        QCOMPARE(r.train.lr, authors.lr);
        QCOMPARE(r.train.reg, authors.reg);
        QCOMPARE(r.train.epochs, 7);
        QCOMPARE(r.train.p_bot, 0.0f); // its own negatives only
        QCOMPARE(r.train.seed, std::uint64_t{2});
        const embed::KgTrainParams t = plan.params_for("TransE-L1", true, 2);
        QCOMPARE(t.model.dim, 32);
        QCOMPARE(t.train.batch, plan.batch);
        QCOMPARE(t.train.p_bot, 1.0f / static_cast<float>(plan.neg));
        QCOMPARE(plan.params_for("TransE-L1", false, 2).train.p_bot, 0.0f);
    }

    /// The variants: loginfer (the default) reads K from all three splits, keeps each method's
    /// binary train negatives for the systems and trains them per method; kbcx reads train.txt,
    /// gives the systems no train negatives and trains once per group.
    void negativeDifficultyVariants() {
        repro::Options o = options();
        QCOMPARE(repro::kg_finding_plan(o).variant, bench::Variant::LogInfer);
        o.variant = "kbcx";
        QCOMPARE(repro::kg_finding_plan(o).variant, bench::Variant::Kbcx);
        o.variant = "released";
        QVERIFY_THROWS_EXCEPTION(InputError, repro::kg_finding_plan(o));

        jobs::JobContext ctx;
        o.variant = "";
        const auto all = repro::load_source_kg(o, "FB15k-237", ctx, bench::Variant::LogInfer);
        const auto train = repro::load_source_kg(o, "FB15k-237", ctx, bench::Variant::Kbcx);
        QVERIFY(all->facts.num_facts() > train->facts.num_facts());
        for (const auto method : {bench::NegMethod::RC, bench::NegMethod::RB, bench::NegMethod::PA}) {
            const repro::KgBench b = repro::make_kg_bench(
                "FB15k-237",
                repro::kg_generate_params(all, {"symmetry", "intersection"}, method, 3, 30, bench::Variant::LogInfer),
                ctx);
            // Every test negative is evaluated with some pattern of the benchmark, those drawn
            // for no positive (rb's pooled draws) through the rules that conclude their predicate.
            for (const auto& n : b.gen.negatives[bench::kTest]) {
                const bool sym = b.negative_in_pattern(n, bench::kTest, "symmetry"),
                           inter = b.negative_in_pattern(n, bench::kTest, "intersection");
                QVERIFY(sym || inter);
                if (n.target != bench::kNoIndex)
                    QCOMPARE(sym, b.pattern_of(b.gen.positives[bench::kTest][n.target]) == "symmetry");
                QVERIFY(!b.negative_in_pattern(n, bench::kTest, "diamond"));
            }
            std::size_t binary = 0;
            for (const auto& n : b.gen.negatives[bench::kTrain])
                binary += !n.fact.unary;
            QVERIFY(binary > 0);
            QCOMPARE(b.train_negatives.size(), binary);
            const repro::KgBench k = repro::make_kg_bench(
                "FB15k-237", repro::kg_generate_params(train, {"symmetry"}, method, 3, 30, bench::Variant::Kbcx), ctx);
            QVERIFY(k.train_negatives.empty());
        }

        // The commands a user reruns: one training per method under loginfer, with the folder's
        // train negatives; one per group under kbcx, without.
        const auto rep = repro::find_reproduction("negative-difficulty");
        QVERIFY(rep);
        o.models = {"DistMult"};
        o.epochs = 2;
        for (const std::string v : {"loginfer", "kbcx"}) {
            o.variant = v;
            o.out_dir = dir_.filePath(QString::fromStdString("variant-" + v)).toStdString();
            const repro::Report r = repro::run_reproduction(*rep, o, ctx).report;
            int trains = 0, with_negatives = 0, generates_all_splits = 0, release_limits = 0;
            for (const auto& c : r.commands) {
                if (c.rfind("kbcx train ", 0) == 0) {
                    ++trains;
                    with_negatives += c.find("--negatives auto --p-bot") != std::string::npos;
                }
                if (c.rfind("kbcx generate ", 0) == 0) {
                    QVERIFY2(c.find("--variant " + v) != std::string::npos, c.c_str());
                    generates_all_splits += c.find("valid.txt") != std::string::npos;
                    // the release's own k1 and k2: FB-sym 50 rules of 200, FB-inter uncapped
                    if (c.find("--pattern symmetry ") != std::string::npos)
                        release_limits += c.find("--k1 50 --k2 200 ") != std::string::npos;
                    if (c.find("--pattern intersection ") != std::string::npos)
                        release_limits += c.find("--k1 all --k2 all ") != std::string::npos;
                }
            }
            // quick mode under loginfer: a benchmark per pattern (symmetry: rc, rb, pa; intersection:
            // rc, rb, pa, qg), each trained on; under kbcx one group of both, trained once
            QCOMPARE(trains, v == "loginfer" ? 7 : 1);
            QCOMPARE(with_negatives, v == "loginfer" ? 7 : 0);
            QCOMPARE(generates_all_splits, v == "loginfer" ? 7 : 0);
            QCOMPARE(release_limits, v == "loginfer" ? 7 : 0);
            const std::string md = slurp(dir_.filePath(QString::fromStdString("variant-" + v)).toStdString() +
                                         "/negative-difficulty/report.md");
            QVERIFY(md.find("Generator: " + v) != std::string::npos);
        }
    }

    void negativeDifficulty() {
        const auto rep = repro::find_reproduction("negative-difficulty");
        QVERIFY(rep);
        jobs::JobContext ctx;
        const repro::RunOutput out = repro::run_reproduction(*rep, options(), ctx);
        const repro::Report& r = out.report;
        QCOMPARE(r.name, std::string("negative-difficulty"));
        QVERIFY(fs::exists(out.markdown_path) && fs::exists(out.json_path));
        const std::string md = slurp(out.markdown_path);
        for (const char* h : {"## Settings", "## Mean AUC by negative-sampling method", "## The paper's claim"})
            QVERIFY2(md.find(h) != std::string::npos, h);
        for (const char* pat : {"symmetry", "intersection"}) {
            const repro::Table* t = find_table(r, std::string("FB15k-237 ") + pat);
            QVERIFY2(t, pat);
            for (const char* c : {"method", "TransE", "DistMult", "mean (ours)", "paper (Table 5)", "ours − paper"})
                QVERIFY2(column(*t, c) < t->header.size(), c);
            std::vector<std::string> methods;
            for (const auto& row : t->rows) {
                QCOMPARE(row.size(), t->header.size());
                methods.push_back(row[0]);
            }
            const std::vector<std::string> want = std::string(pat) == "symmetry"
                                                      ? std::vector<std::string>{"rc", "rb", "pa"}
                                                      : std::vector<std::string>{"rc", "rb", "pa", "qg"};
            QCOMPARE(methods, want);
            // The paper's column carries Table 5.
            QCOMPARE(t->rows[0][column(*t, "paper (Table 5)")], std::string(pat) == "symmetry" ? "90.9" : "96.0");
        }
        // checks: drops and rc-vs-hardest per pattern, then each method's 5-point target (3 + 4)
        int checks = 0, targets = 0;
        for (const auto& s : r.sections)
            for (const auto& c : s.checks) {
                ++checks;
                targets += c.claim.find("points of the paper's mean") != std::string::npos;
            }
        QCOMPARE(checks, 4 + 7);
        QCOMPARE(targets, 7);
        // What still differs: one evidence table per pattern, ours per method (and the release's
        // figures beside intersection), the rule counts equal to the AUC table's.
        QVERIFY(md.find("## What still differs from the release") != std::string::npos);
        for (const char* pat : {"symmetry", "intersection"}) {
            const repro::Table* ev = find_table(r, std::string("Test negatives of FB15k-237 ") + pat);
            const repro::Table* auc = find_table(r, std::string("AUC (%) on FB15k-237 ") + pat);
            QVERIFY2(ev && auc, pat);
            const std::size_t ours = std::string(pat) == "symmetry" ? 3 : 4;
            QCOMPARE(ev->rows.size(), ours + 1); // and the release's row
            for (std::size_t i = 0; i < ours; ++i) {
                QCOMPARE(ev->rows[i][0], "ours, " + auc->rows[i][0]);
                QCOMPARE(ev->rows[i][column(*ev, "rules")], auc->rows[i][column(*auc, "rules")]);
                QCOMPARE(ev->rows[i][column(*ev, "test negatives")], auc->rows[i][column(*auc, "test negatives")]);
            }
        }
        QCOMPARE(out.chart_paths.size(), std::size_t{2});
        for (const auto& p : out.chart_paths) {
            const std::string bytes = slurp(p);
            plot::Image img;
            std::string why;
            QVERIFY2(plot::decode_png(std::vector<std::uint8_t>(bytes.begin(), bytes.end()), img, &why), why.c_str());
            QVERIFY(img.width() > 100 && img.height() > 100);
        }
        QVERIFY(!r.commands.empty());
        QVERIFY(r.commands.front().rfind("kbcx generate", 0) == 0);
    }

    // The evidence beside the release, on a hand-made benchmark whose counts are known.
    void negativeEvidenceCounts() {
        auto loaded = test::load_text("K.tsv", "a\tr\tb\nc\tr\td\ne\ts\tf\ng\ts\th\ni\ts\tj\n");
        repro::KgBench b;
        b.gen.params.graph = loaded.graph;
        const kg::Vocabulary& v = loaded.graph->vocab;
        auto fact = [&](const char* h, const char* r, const char* t) {
            return rules::GroundFact{false, v.relations().find(r), v.entities().find(h), v.entities().find(t)};
        };
        auto rule = [](const char* head, const char* pattern) {
            bench::BenchRule br;
            br.rule.head.predicate = head;
            br.rule.head.args.resize(2);
            br.pattern = pattern;
            return br;
        };
        b.gen.rules = {rule("r", "intersection"), rule("r", "intersection"), rule("s", "symmetry")};
        b.gen.positives[bench::kTest] = {{fact("a", "r", "d"), 0}, {fact("g", "r", "h"), 1}};
        b.gen.positives[bench::kTrain] = {{fact("i", "r", "j"), 0}};
        auto neg = [](rules::GroundFact f, std::uint32_t target, bench::NegMethod m, std::uint32_t rule_index) {
            return bench::Negative{f, target, m, rule_index};
        };
        b.gen.negatives[bench::kTest] = {
            neg(fact("i", "r", "d"), 0, bench::NegMethod::PA, 0), // head i: subject of r only among positives
            neg(fact("c", "r", "d"), 0, bench::NegMethod::PA, 0), // head c: subject of r in K
            neg(fact("a", "r", "j"), 0, bench::NegMethod::PA, 0), // tail j: object of r only among positives
            neg(fact("e", "r", "f"), bench::kNoIndex, bench::NegMethod::RC, bench::kNoIndex), // no shared constant
            // i: a train positive's only; d: a test positive's object, here a subject
            neg(fact("i", "r", "f"), bench::kNoIndex, bench::NegMethod::RC, bench::kNoIndex),
            neg(fact("d", "r", "e"), bench::kNoIndex, bench::NegMethod::RC, bench::kNoIndex),
            neg(fact("e", "s", "a"), bench::kNoIndex, bench::NegMethod::RC, 2), // symmetry's
        };
        const repro::NegativeEvidence e = repro::negative_evidence(b, "intersection");
        QCOMPARE(e.rules, std::size_t{2});
        QCOMPARE(e.head_relations, std::size_t{1});
        QCOMPARE(e.test_positives, std::size_t{2});
        QCOMPARE(e.test_negatives, std::size_t{6});
        QCOMPARE(e.unanchored, std::size_t{3}); // (e r f), (i r f), (d r e): no test positive corrupted in one place
        QCOMPARE(e.pa_heads, std::size_t{2});
        QCOMPARE(e.pa_heads_positive_only, std::size_t{1});
        QCOMPARE(e.pa_tails, std::size_t{1});
        QCOMPARE(e.pa_tails_positive_only, std::size_t{1});
        const repro::NegativeEvidence sym = repro::negative_evidence(b, "symmetry");
        QCOMPARE(sym.rules, std::size_t{1});
        QCOMPARE(sym.test_negatives, std::size_t{1});
        QCOMPARE(sym.unanchored, std::size_t{1}); // symmetry has no positives here
    }

    void patternDifficulty() {
        const auto rep = repro::find_reproduction("pattern-difficulty");
        QVERIFY(rep);
        jobs::JobContext ctx;
        const repro::Options o = options();
        const repro::RunOutput out = repro::run_reproduction(*rep, o, ctx);
        const repro::Report& r = out.report;
        const std::string md = slurp(out.markdown_path);
        for (const char* h : {"## Settings", "## FB15k-237", "## WN18RR", "## Beside the paper"})
            QVERIFY2(md.find(h) != std::string::npos, h);
        QVERIFY(md.find("rule learners") != std::string::npos || md.find("Rule learners") != std::string::npos);
        QCOMPARE(out.chart_paths.size(), std::size_t{2});
        for (const auto& p : out.chart_paths) {
            const std::string bytes = slurp(p);
            plot::Image img;
            QVERIFY(plot::decode_png(std::vector<std::uint8_t>(bytes.begin(), bytes.end()), img));
        }
        const std::vector<std::string> patterns = {"symmetry",     "inversion", "hierarchy", "composition",
                                                   "intersection", "triangle",  "diamond"};
        // SimpBL's row against a brute-force SimpBL on the same benchmark (the generator is
        // deterministic: the finding's parameters give the same benchmark again).
        const auto plan = repro::kg_finding_plan(o);
        for (const std::string kgname : {"FB15k-237", "WN18RR"}) {
            const repro::Table* all = find_table(r, "All metrics (" + kgname + ")");
            const repro::Table* matrix = find_table(r, "ROC AUC per pattern and system (" + kgname + ")");
            QVERIFY(all && matrix);
            for (const char* c : {"pattern", "system", "AUC", "F1", "precision", "recall", "C-MRR", "R-MRR"})
                QVERIFY2(column(*all, c) < all->header.size(), c);
            QCOMPARE(all->rows.size(), patterns.size() * 4); // TransE, DistMult, AnyBURL-style, SimpBL
            for (const char* sys : {"TransE", "DistMult", "AnyBURL-style", "SimpBL"})
                QVERIFY2(column(*matrix, sys) < matrix->header.size(), sys);
            // The rule learner has a C-MRR wherever a test positive has C- negatives (the paper's
            // ranking; pa negatives corrupt a constant, so R- sets are mostly empty and R-MRR may be
            // absent), and none where none has.
            for (const auto& x : all->rows)
                if (x[1] == "AnyBURL-style" && x[2] != "–")
                    QVERIFY2((x[column(*all, "C-MRR")] != "–") == (x[column(*all, "ranked queries")] != "0"),
                             x[0].c_str());
            QCOMPARE(matrix->rows.size(), patterns.size());
            const auto K = load(kgname);
            jobs::JobContext c2;
            const repro::KgBench b = repro::make_kg_bench(
                kgname,
                repro::kg_generate_params(K, patterns, bench::NegMethod::PA, plan.k1,
                                          kgname == "WN18RR" ? plan.k2_wn : plan.k2_fb, plan.variant),
                c2);
            // Brute force, the paper's SimpBL: the relations each entity occurs with in train.txt
            // (K + train positives); (a, r, c) is true iff r occurs with both a and c.
            std::vector<std::set<kg::Id>> rels(K->facts.num_entities());
            K->facts.for_each_fact([&](const kg::Triple& t) { rels[t.s].insert(t.r), rels[t.o].insert(t.r); });
            for (const auto& p : b.gen.positives[bench::kTrain])
                if (!p.fact.unary) rels[p.fact.s].insert(p.fact.pred), rels[p.fact.o].insert(p.fact.pred);
            auto predict = [&](const rules::GroundFact& f) {
                return !f.unary && rels[f.s].count(f.pred) && rels[f.o].count(f.pred);
            };
            int checked = 0;
            for (const auto& pat : patterns) {
                std::uint64_t tp = 0, fp = 0, npos = 0, nneg = 0;
                const auto& pos = b.gen.positives[bench::kTest];
                for (const auto& p : pos)
                    if (b.pattern_of(p) == pat) ++npos, tp += predict(p.fact);
                for (const auto& n : b.gen.negatives[bench::kTest])
                    if (b.negative_in_pattern(n, bench::kTest, pat)) ++nneg, fp += predict(n.fact);
                const repro::Table& t = *all;
                const std::vector<std::string>* row = nullptr;
                for (const auto& x : t.rows)
                    if (x[0] == pat && x[1] == "SimpBL") row = &x;
                QVERIFY(row);
                if (npos == 0) {
                    QCOMPARE((*row)[column(t, "F1")], std::string("–"));
                    continue;
                }
                const double prec = tp + fp ? double(tp) / double(tp + fp) : 0.0, rec = double(tp) / double(npos);
                const double f1 = prec + rec > 0 ? 2 * prec * rec / (prec + rec) : 0.0;
                // AUC of a yes/no score: P(pos yes, neg no) + ½ P(tie).
                const double py = double(tp) / double(npos), ny = nneg ? double(fp) / double(nneg) : 0.0;
                const double auc = py * (1 - ny) + 0.5 * (py * ny + (1 - py) * (1 - ny));
                QCOMPARE((*row)[column(t, "precision")], repro::number_text(prec, 3));
                QCOMPARE((*row)[column(t, "recall")], repro::number_text(rec, 3));
                QCOMPARE((*row)[column(t, "F1")], repro::number_text(f1, 3));
                // No negative drawn for the pattern's positives: no AUC.
                QCOMPARE((*row)[column(t, "AUC")], nneg ? repro::number_text(auc, 3) : std::string("–"));
                QCOMPARE((*row)[column(t, "C-MRR")], std::string("–"));
                ++checked;
            }
            QVERIFY2(checked >= 4, "too few patterns with test positives in the planted KG");
        }
        int checks = 0;
        for (const auto& s : r.sections)
            checks += static_cast<int>(s.checks.size());
        // Per KG: simple vs complex, TransE on symmetry, DistMult on inversion, 3 × beats SimpBL
        // (TransE, DistMult, the rule learner), rule learner strong on simple patterns (a) and (b).
        QCOMPARE(checks, 2 * 8);
        int rule_checks = 0;
        for (const auto& s : r.sections)
            for (const auto& c : s.checks)
                rule_checks += c.claim.rfind("rule learner strong on simple patterns", 0) == 0;
        QCOMPARE(rule_checks, 4);
        QVERIFY(md.find("Rule learner runs: FB15k-237 (all patterns), seed 1: ") != std::string::npos);
        // The report's seeds are the finding's quick defaults, as `kbcx reproduce --help` states them.
        QCOMPARE(r.seeds.size(), static_cast<std::size_t>(rep->defaults(repro::Mode::Quick).seeds));
        bool learn_cmd = false;
        for (const auto& c : r.commands)
            learn_cmd = learn_cmd || c.rfind("kbcx learn-rules ", 0) == 0;
        QVERIFY(learn_cmd);
        // Effect direction on this small configuration: the trained models separate positives
        // from random-ish pa negatives better than chance on average.
        const repro::Table* fb = find_table(r, "All metrics (FB15k-237)");
        double sum = 0;
        int n = 0;
        for (const auto& row : fb->rows)
            if (row[1] != "SimpBL" && row[2] != "–") sum += std::stod(row[2]), ++n;
        QVERIFY(n > 0);
        qInfo("mean AUC of the models on the planted FB stand-in: %.3f", sum / n);
    }

    /// --resume: each finished benchmark is stored in out/NAME/partial and reused by a later
    /// run with the same settings only (a changed setting or a truncated file computes it again).
    void patternDifficultyResumes() {
        const auto rep = repro::find_reproduction("pattern-difficulty");
        QVERIFY(rep);
        repro::Options o = options();
        o.out_dir = dir_.filePath("resume").toStdString();
        // Resuming is about the stored units, not the systems: one model, a few epochs (the run
        // is made five times here).
        o.models = {"TransE-L1"};
        o.epochs = 4;
        jobs::JobContext ctx;
        const repro::Report first = repro::run_reproduction(*rep, o, ctx).report;
        const fs::path folder = repro::partial_folder(o, "pattern-difficulty");
        const fs::path fb = folder / "fb_patterns_pa.txt", wn = folder / "wn_patterns_pa.txt";
        QVERIFY(fs::exists(fb) && fs::exists(wn));
        auto tables = [](const repro::Report& r) {
            std::vector<std::vector<std::vector<std::string>>> t;
            for (const auto& s : r.sections)
                for (const auto& x : s.tables)
                    t.push_back(x.rows);
            return t;
        };
        // Without --resume everything is computed again and nothing is said about reuse.
        const repro::Report again = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(!says(again, "Resumed run"));
        QVERIFY(tables(again) == tables(first));

        // Plant a recognisable AUC in the stored FB unit: a resumed run must show it.
        std::string text = slurp(fb.string());
        const std::string key = "summary\tsymmetry\t0\tTransE-L1\t";
        const auto at = text.find(key);
        QVERIFY(at != std::string::npos);
        const auto end = text.find('\t', at + key.size());
        text.replace(at + key.size(), end - at - key.size(), repro::PartialResults::encode(0.123));
        // …and say that the FB unit ran with 7 threads (the last field of its cost record).
        const auto cost_at = text.find("\ncost\t");
        QVERIFY(cost_at != std::string::npos);
        const auto cost_end = text.find('\n', cost_at + 1);
        const auto last_tab = text.rfind('\t', cost_end);
        text.replace(last_tab + 1, cost_end - last_tab - 1, "7");
        std::ofstream(fb, std::ios::trunc) << text;
        o.resume = true;
        const repro::Report resumed = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(says(resumed, "the results of 2 benchmark(s) were taken from an earlier run"));
        QVERIFY(says(resumed, "Stored parts by thread count: 1 with --threads " + std::to_string(o.threads) +
                                  ", 1 with --threads 7."));
        const repro::Table* all = find_table(resumed, "All metrics (FB15k-237)");
        QVERIFY(all);
        bool planted = false;
        for (const auto& row : all->rows)
            if (row[0] == "symmetry" && row[1] == "TransE") planted = row[column(*all, "AUC")] == "0.123";
        QVERIFY(planted);
        // WN's tables came back unchanged from the file.
        const repro::Table* wn_first = find_table(first, "All metrics (WN18RR)");
        const repro::Table* wn_resumed = find_table(resumed, "All metrics (WN18RR)");
        QVERIFY(wn_first && wn_resumed && wn_first->rows == wn_resumed->rows);

        // A truncated unit (killed while writing is impossible — files are renamed into place —
        // but a damaged file must not pass) is computed again; the other one is still reused.
        std::string w = slurp(wn.string());
        w.resize(w.rfind("end\n"));
        std::ofstream(wn, std::ios::trunc) << w;
        const repro::Report partly = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(says(partly, "the results of 1 benchmark(s) were taken from an earlier run"));
        QVERIFY(find_table(partly, "All metrics (WN18RR)")->rows == wn_first->rows);
        QVERIFY(slurp(wn.string()).find("\nend\n") != std::string::npos); // stored whole again

        // Other settings: both units are computed again and the report says so.
        o.epochs = 3;
        const repro::Report other = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(!says(other, "Resumed run"));
        QVERIFY(says(other,
                     "Computed again because they were stored under other settings: fb_patterns_pa, wn_patterns_pa"));
    }

    /// negative-difficulty's --resume: each (patterns, method) benchmark is stored and reused by
    /// a later run with the same settings; the reused scores come from the file, the benchmark
    /// (and so the evidence beside the release) is generated again.
    void negativeDifficultyResumes() {
        const auto rep = repro::find_reproduction("negative-difficulty");
        QVERIFY(rep);
        repro::Options o = options();
        o.out_dir = dir_.filePath("resume-negative").toStdString();
        o.models = {"TransE-L1"};
        o.epochs = 3;
        jobs::JobContext ctx;
        const repro::Report first = repro::run_reproduction(*rep, o, ctx).report;
        const fs::path folder = repro::partial_folder(o, "negative-difficulty");
        // loginfer: one benchmark per pattern and method, as the release's FB-sym and FB-inter
        for (const char* m : {"rc", "rb", "pa"})
            QVERIFY2(fs::exists(folder / (std::string("fb_symmetry_") + m + ".txt")), m);
        for (const char* m : {"rc", "rb", "pa", "qg"})
            QVERIFY2(fs::exists(folder / (std::string("fb_intersection_") + m + ".txt")), m);
        QVERIFY(!fs::exists(folder / "fb_symmetry_intersection_rc.txt"));
        auto cell_of = [](const repro::Report& r, const std::string& table, const std::string& method,
                          const std::string& col) {
            const repro::Table* t = find_table(r, table);
            if (!t) return std::string("no table");
            for (const auto& row : t->rows)
                if (row[0] == method) return row[column(*t, col)];
            return std::string("no row");
        };
        // Without --resume everything is computed (and stored) again.
        const repro::Report again = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(!says(again, "Resumed run"));
        QCOMPARE(cell_of(again, "AUC (%) on FB15k-237 symmetry", "pa", "TransE"),
                 cell_of(first, "AUC (%) on FB15k-237 symmetry", "pa", "TransE"));

        // Plant a recognisable AUC in the stored pa unit for symmetry.
        const fs::path pa = folder / "fb_symmetry_pa.txt";
        std::string text = slurp(pa.string());
        const std::string key = "summary\tsymmetry\t0\tTransE-L1\t";
        const auto at = text.find(key);
        QVERIFY(at != std::string::npos);
        const auto end = text.find('\t', at + key.size());
        text.replace(at + key.size(), end - at - key.size(), repro::PartialResults::encode(0.123));
        std::ofstream(pa, std::ios::trunc) << text;

        o.resume = true;
        const repro::Report resumed = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(says(resumed, "the results of 7 benchmark(s) were taken from an earlier run"));
        QCOMPARE(cell_of(resumed, "AUC (%) on FB15k-237 symmetry", "pa", "TransE"), std::string("12.3"));
        for (const char* m : {"rc", "rb"})
            QCOMPARE(cell_of(resumed, "AUC (%) on FB15k-237 intersection", m, "TransE"),
                     cell_of(first, "AUC (%) on FB15k-237 intersection", m, "TransE"));
        // The evidence tables are the benchmark's own, generated again.
        const repro::Table* ev_first = find_table(first, "Test negatives of FB15k-237 intersection");
        const repro::Table* ev_resumed = find_table(resumed, "Test negatives of FB15k-237 intersection");
        QVERIFY(ev_first && ev_resumed && ev_first->rows == ev_resumed->rows);

        // A damaged unit is computed again; the others are still reused.
        std::string q = slurp((folder / "fb_intersection_qg.txt").string());
        q.resize(q.rfind("end\n"));
        std::ofstream(folder / "fb_intersection_qg.txt", std::ios::trunc) << q;
        const repro::Report partly = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(says(partly, "the results of 6 benchmark(s) were taken from an earlier run"));
        QCOMPARE(cell_of(partly, "AUC (%) on FB15k-237 intersection", "qg", "TransE"),
                 cell_of(first, "AUC (%) on FB15k-237 intersection", "qg", "TransE"));

        // Other settings: everything is computed again and the report says so.
        o.epochs = 2;
        const repro::Report other = repro::run_reproduction(*rep, o, ctx).report;
        QVERIFY(!says(other, "Resumed run"));
        QVERIFY(says(other, "Computed again because they were stored under other settings: fb_symmetry_rc"));
    }

    void partialResultsNumbersRoundTrip() {
        for (double x : {0.0, -0.0, 1.0 / 3.0, 0.123456789012345678, 1e-310, -2.5e300,
                         std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
            const double y = repro::PartialResults::decode(repro::PartialResults::encode(x));
            QCOMPARE(std::memcmp(&x, &y, sizeof x), 0);
        }
        QVERIFY(std::isnan(repro::PartialResults::decode(repro::PartialResults::encode(std::nan("")))));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, repro::PartialResults::decode("0x1p+0junk"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, repro::PartialResults::decode(""));
        QCOMPARE(repro::PartialResults::fields("a\tb\t\tc").size(), std::size_t{4});
    }
};

QTEST_GUILESS_MAIN(TestReproKg)
#include "tst_repro_kg.moc"
