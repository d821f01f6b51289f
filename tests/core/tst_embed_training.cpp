// The triple-model training job: learning a toy KG with inverse relations to MRR > 0.9,
// determinism with a seed, checkpoint round trip and refusals, resume equal to an
// uninterrupted run with a valid metrics.jsonl, pause and cancel, and the CLI end to end.
#include "common/error.hpp"
#include "embed/checkpoint.hpp"
#include "embed/evaluate.hpp"
#include "embed/train_kg.hpp"
#include "test_util.hpp"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>
#include <thread>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

/// 15 pairs (a_i, b_i): partner(a_i, b_i) for all i, partner_of(b_i, a_i) for i ≥ 3;
/// valid/test ask partner_of for the three held-out pairs, which only the inverse pattern answers.
std::string toy_folder(const QTemporaryDir& dir) {
    std::string train, valid, test;
    for (int i = 0; i < 15; ++i) {
        const std::string a = "a" + std::to_string(i), b = "b" + std::to_string(i);
        train += a + "\tpartner\t" + b + "\n";
        if (i >= 3)
            train += b + "\tpartner_of\t" + a + "\n";
        else
            (i == 0 ? valid : test) += b + "\tpartner_of\t" + a + "\n";
    }
    QDir(dir.path()).mkpath("toy");
    test::write_file(dir, "toy/train.txt", train);
    test::write_file(dir, "toy/valid.txt", valid);
    test::write_file(dir, "toy/test.txt", test);
    return dir.filePath("toy").toStdString();
}

TripleDataset load(const std::string& path) {
    jobs::JobContext ctx;
    LoadTriplesParams p;
    p.path = path;
    return load_triple_dataset(p, ctx);
}

KgTrainParams toy_params(const std::string& model, int epochs) {
    KgTrainParams p;
    p.model.name = model;
    p.model.dim = 16;
    p.model.gamma = 4.0f;
    p.train.margin = 4.0f;
    p.train.epochs = epochs;
    p.train.batch = 8;
    p.train.neg = 8;
    p.train.chunk = 4;
    p.train.lr = 0.02f;
    p.train.eval_every = 0;
    p.train.seed = 5;
    return p;
}

bool same_tables(const KgModel& a, const KgModel& b) {
    for (std::size_t t = 0; t < a.tables().size(); ++t)
        if (!(a.tables()[t].values == b.tables()[t].values).all()) return false;
    return true;
}

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

} // namespace

class TestEmbedTraining : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void learnsInverseRelation_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("oneVsAll");
        for (const char* m : {"TransE-L1", "TransE-L2", "DistMult", "ComplEx", "RotatE"})
            QTest::newRow(m) << m << false;
        // 1-vs-all (cross-entropy over every entity, heads and tails).
        for (const char* m : {"ComplEx", "RotatE"})
            QTest::newRow((std::string(m) + " 1-vs-all").c_str()) << m << true;
    }
    void learnsInverseRelation() {
        QFETCH(QString, model);
        QFETCH(bool, oneVsAll);
        const TripleDataset data = load(toy_folder(dir_));
        QCOMPARE(data.train.size(), std::size_t{27});
        KgTrainParams p = toy_params(model.toStdString(), 150);
        p.train.one_vs_all = oneVsAll;
        std::unique_ptr<KgModel> trained;
        jobs::JobContext ctx;
        const TrainResult r = train_kg(data, p, ctx, &trained);
        const TrueFacts filter({data.train, data.valid, data.test});
        const auto before_training = [&] {
            auto fresh = make_kg_model(trained->config(), data.num_entities(), data.num_relations());
            std::mt19937_64 rng(1);
            fresh->init(rng);
            return evaluate_ranking(*fresh, data.test, filter, 1).mrr;
        }();
        qInfo("%s: test MRR %.3f (untrained %.3f)", qPrintable(model), r.test.at("mrr"), before_training);
        QVERIFY(r.test.at("mrr") > 0.9);
        QVERIFY(before_training < 0.5);
        QCOMPARE(r.last_epoch, 150);
    }

    void deterministicWithSeed() {
        const TripleDataset data = load(toy_folder(dir_));
        for (int threads : {1, 2, -2}) { // -2: two threads, ComplEx 1-vs-all
            std::unique_ptr<KgModel> a, b, c;
            KgTrainParams p = toy_params(threads < 0 ? "ComplEx" : "RotatE", 5);
            p.train.threads = std::abs(threads);
            p.train.one_vs_all = threads < 0;
            jobs::JobContext ctx;
            train_kg(data, p, ctx, &a);
            train_kg(data, p, ctx, &b);
            p.train.seed = 6;
            train_kg(data, p, ctx, &c);
            QVERIFY(same_tables(*a, *b));
            QVERIFY(!same_tables(*a, *c));
        }
    }

    void checkpointRoundTripAndRefusals() {
        const TripleDataset data = load(toy_folder(dir_));
        KgTrainParams p = toy_params("ComplEx", 2);
        p.train.run_dir = dir_.filePath("ckpt").toStdString();
        std::unique_ptr<KgModel> trained;
        jobs::JobContext ctx;
        train_kg(data, p, ctx, &trained);
        const std::string path = p.train.run_dir + "/checkpoint.bin";
        std::vector<std::string> ents;
        const auto loaded = load_kg_model(path, &ents);
        QVERIFY(same_tables(*trained, *loaded));
        QCOMPARE(ents.size(), data.num_entities());
        QCOMPARE(ents[0], std::string(data.graph->vocab.entities().name(0)));
        QCOMPARE(loaded->score(1, 0, 2), trained->score(1, 0, 2));

        // A second fresh run into the same folder is refused; resuming with another model says what differs.
        QVERIFY_THROWS_EXCEPTION(InputError, train_kg(data, p, ctx));
        KgTrainParams other = p;
        other.model.name = "RotatE";
        other.train.resume = true;
        try {
            train_kg(data, other, ctx);
            QFAIL("resumed a ComplEx checkpoint as RotatE");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("model: checkpoint ComplEx, this run RotatE") != std::string::npos,
                     e.what());
        }
        other = p;
        other.model.dim = 8;
        other.train.resume = true;
        try {
            train_kg(data, other, ctx);
            QFAIL("resumed with another dimension");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("dim: checkpoint 16, this run 8") != std::string::npos, e.what());
        }

        std::string bytes;
        {
            std::ifstream in(path, std::ios::binary);
            std::ostringstream ss;
            ss << in.rdbuf();
            bytes = ss.str();
        }
        auto expect_refusal = [&](std::string damaged, const char* what) {
            const std::string bad = dir_.filePath("bad.bin").toStdString();
            std::ofstream(bad, std::ios::binary) << damaged;
            try {
                read_checkpoint(bad);
                QFAIL("damaged checkpoint accepted");
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(what) != std::string::npos, e.what());
            }
        };
        std::string flipped = bytes;
        flipped[bytes.size() / 2] ^= 0x10;
        expect_refusal(flipped, "checksum mismatch");
        std::string version = bytes;
        version[8] = 7;
        expect_refusal(version, "format version 7, this build reads version 1");
        expect_refusal(bytes.substr(0, bytes.size() - 100), "checksum");
        expect_refusal("hello world, not a checkpoint", "not a kbcx checkpoint");
    }

    void resumeMatchesUninterruptedRun() {
        const TripleDataset data = load(toy_folder(dir_));
        jobs::JobContext ctx;
        KgTrainParams p = toy_params("TransE-L1", 6);
        p.train.eval_every = 1;
        p.train.run_dir = dir_.filePath("full").toStdString();
        std::unique_ptr<KgModel> full, resumed;
        train_kg(data, p, ctx, &full);

        // Interrupted run: cancelled during epoch 4 (after the checkpoint of epoch 3), and a
        // half-written metrics line as a kill during a write would leave.
        KgTrainParams q = p;
        q.train.run_dir = dir_.filePath("cut").toStdString();
        std::stop_source stop;
        q.hooks.on_epoch = [&](const EpochReport& r) {
            if (r.epoch == 3) stop.request_stop();
        };
        jobs::JobContext cut_ctx(stop.get_token());
        QVERIFY_THROWS_EXCEPTION(Cancelled, train_kg(data, q, cut_ctx));
        std::ofstream(q.train.run_dir + "/metrics.jsonl", std::ios::app) << "{\"epoch\":4,\"split\":\"val";
        q.hooks.on_epoch = {};
        q.train.resume = true;
        const TrainResult r = train_kg(data, q, ctx, &resumed);
        QCOMPARE(r.first_epoch, 4);
        QVERIFY(same_tables(*full, *resumed));

        const auto a = lines_of(p.train.run_dir + "/metrics.jsonl");
        const auto b = lines_of(q.train.run_dir + "/metrics.jsonl");
        QCOMPARE(b.size(), std::size_t{7}); // 6 validation lines + 1 test line
        for (std::size_t i = 0; i < b.size(); ++i) {
            QJsonParseError e;
            const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(b[i]), &e);
            QVERIFY2(e.error == QJsonParseError::NoError, b[i].c_str());
            const auto ref = QJsonDocument::fromJson(QByteArray::fromStdString(a[i])).object();
            QCOMPARE(doc.object()["epoch"].toInt(), ref["epoch"].toInt());
            QCOMPARE(doc.object()["mrr"].toDouble(), ref["mrr"].toDouble());
            QCOMPARE(doc.object()["loss"].toDouble(), ref["loss"].toDouble());
        }
    }

    /// --lr-step 2 --lr-decay 0.5 over 4 epochs equals two epochs at lr, then a resumed run at
    /// lr/2 without a schedule; and it differs from a constant rate.
    void lrStepDecayEqualsManualLowering() {
        const TripleDataset data = load(toy_folder(dir_));
        jobs::JobContext ctx;
        KgTrainParams p = toy_params("RotatE", 4);
        p.train.lr_step = 2;
        p.train.lr_decay = 0.5f;
        std::unique_ptr<KgModel> scheduled, manual, constant;
        train_kg(data, p, ctx, &scheduled);

        KgTrainParams q = toy_params("RotatE", 2);
        q.train.run_dir = dir_.filePath("lr-manual").toStdString();
        train_kg(data, q, ctx);
        q.train.epochs = 4;
        q.train.lr = p.train.lr * 0.5f;
        q.train.resume = true;
        train_kg(data, q, ctx, &manual);
        QVERIFY(same_tables(*scheduled, *manual));

        train_kg(data, toy_params("RotatE", 4), ctx, &constant);
        QVERIFY(!same_tables(*scheduled, *constant));

        QCOMPARE(lr_at_epoch(p.train, 1), p.train.lr);
        QCOMPARE(lr_at_epoch(p.train, 3), p.train.lr * 0.5f);
        QCOMPARE(lr_at_epoch(p.train, 5), p.train.lr * 0.25f);
        p.train.lr_decay = 0.0f;
        QVERIFY_THROWS_EXCEPTION(InputError, train_kg(data, p, ctx));
    }

    /// Subsampling weights against counting by hand, and a weighted run that trains and
    /// differs from the unweighted one.
    void subsamplingWeights() {
        const std::vector<kg::Triple> train{{0, 0, 1}, {0, 0, 2}, {3, 0, 1}, {0, 1, 1}, {2, 1, 0}};
        const auto w = subsampling_weights(train);
        QCOMPARE(w.size(), train.size());
        for (std::size_t i = 0; i < train.size(); ++i) {
            std::size_t heads = 0, tails = 0;
            for (const auto& t : train) {
                heads += t.s == train[i].s && t.r == train[i].r;
                tails += t.o == train[i].o && t.r == train[i].r;
            }
            QCOMPARE(w[i], static_cast<float>(1.0 / std::sqrt(static_cast<double>(heads + 3 + tails + 3))));
        }
        QVERIFY(w[0] < w[3]); // (0,0,·) has two tails and (·,0,1) two heads; (0,1,1) is alone

        const TripleDataset data = load(toy_folder(dir_));
        jobs::JobContext ctx;
        KgTrainParams p = toy_params("RotatE", 150);
        p.train.subsampling = true;
        std::unique_ptr<KgModel> weighted, plain;
        const TrainResult r = train_kg(data, p, ctx, &weighted);
        QVERIFY2(r.test.at("mrr") > 0.9, qPrintable(QString::number(r.test.at("mrr"))));
        p.train.subsampling = false;
        train_kg(data, p, ctx, &plain);
        QVERIFY(!same_tables(*weighted, *plain));
    }

    /// torch's dense Adam: a row outside the batch keeps moving with its moments (lr·m̂/(√v̂ + ε) with
    /// m = β₁m₁, v = β₂v₁), a row never touched stays; the lazy optimiser leaves both alone.
    void denseOptimizerMovesRowsOutsideTheBatch() {
        const std::vector<ParamTable> start{{"e", Matrix::Zero(3, 2)}};
        for (bool dense : {false, true}) {
            auto t = start;
            Optimizer opt(OptimizerKind::Adam, 0.1f, t);
            GradBuffer g;
            g.shape_like(t);
            g.row(0, 0)[0] = 1;
            g.row(0, 1)[0] = 2;
            opt.step(t, g);
            g.clear();
            const float after1 = t[0].values(1, 0);
            g.row(0, 0)[0] = 1;
            if (dense) g.touch_all();
            opt.step(t, g);
            g.clear();
            if (!dense) {
                QCOMPARE(t[0].values(1, 0), after1);
                continue;
            }
            const double b1 = 0.9, b2 = 0.999, g1 = 2;
            const double m = b1 * (1 - b1) * g1, v = b2 * (1 - b2) * g1 * g1;
            const double want = after1 - 0.1 * (m / (1 - b1 * b1)) / (std::sqrt(v / (1 - b2 * b2)) + 1e-8);
            QVERIFY2(std::fabs(t[0].values(1, 0) - want) < 1e-6,
                     qPrintable(QString("%1 vs %2").arg(t[0].values(1, 0)).arg(want)));
            QVERIFY(t[0].values(1, 0) != after1);
            QCOMPARE(t[0].values(2, 0), 0.0f);
            QCOMPARE(t[0].values(1, 1), 0.0f);
        }
    }

    /// PyKEEN's training of TransE (its initialisers, unit-norm entities, dense Adam) keeps every
    /// entity row at norm 1 through training (without it the rows drift), and params.json records it;
    /// a model PyKEEN's initialisers are not recorded for is refused before its run folder is made.
    void pykeenConstraintsHoldThroughTraining() {
        const TripleDataset data = load(toy_folder(dir_));
        for (const char* name : {"TransE-L1", "DistMult"}) {
            KgTrainParams p = toy_params(name, 30);
            p.model.init = KgInit::Pykeen;
            p.train.unit_entities = true;
            p.train.dense_optimizer = true;
            p.train.lp_relation = std::string(name) == "DistMult" ? 0.1f : 0.0f;
            p.train.run_dir = dir_.filePath(QString("pykeen-") + name).toStdString();
            jobs::JobContext ctx;
            std::unique_ptr<KgModel> m;
            train_kg(data, p, ctx, &m);
            const Matrix& e = m->tables()[0].values;
            for (Eigen::Index r = 0; r < e.rows(); ++r)
                QVERIFY2(std::fabs(e.row(r).matrix().norm() - 1.0f) < 1e-5f, name);
            const std::string params = test::slurp(p.train.run_dir + "/params.json");
            QVERIFY2(params.find("\"init\": \"pykeen\"") != std::string::npos, params.c_str());
            QVERIFY(params.find("\"unit_entities\": true") != std::string::npos);
            QVERIFY(params.find("\"dense_optimizer\": true") != std::string::npos);
            // Without the constraint the rows drift off the sphere.
            KgTrainParams q = toy_params(name, 30);
            q.model.init = KgInit::Pykeen;
            std::unique_ptr<KgModel> free;
            train_kg(data, q, ctx, &free);
            double off = 0;
            for (Eigen::Index r = 0; r < e.rows(); ++r)
                off =
                    std::max(off, std::fabs(static_cast<double>(free->tables()[0].values.row(r).matrix().norm()) - 1));
            QVERIFY(off > 1e-3);
        }
        KgTrainParams bad = toy_params("RotatE", 1);
        bad.model.init = KgInit::Pykeen;
        bad.train.run_dir = dir_.filePath("pykeen-rotate").toStdString();
        jobs::JobContext ctx;
        try {
            train_kg(data, bad, ctx);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("--init pykeen") != std::string::npos, e.what());
        }
        QVERIFY(!QDir(QString::fromStdString(bad.train.run_dir)).exists()); // refused before the folder is made
    }

    void pauseHoldsTheJob() {
        const TripleDataset data = load(toy_folder(dir_));
        KgTrainParams p = toy_params("DistMult", 3);
        p.hooks.control = std::make_shared<TrainControl>();
        std::atomic<int> epochs{0};
        p.hooks.on_epoch = [&](const EpochReport&) { ++epochs; };
        p.hooks.control->pause();
        std::thread worker([&] {
            jobs::JobContext ctx;
            train_kg(data, p, ctx);
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        QCOMPARE(epochs.load(), 0);
        p.hooks.control->resume();
        worker.join();
        QCOMPARE(epochs.load(), 3);
    }

    void evalHookSeesTheModel() {
        const TripleDataset data = load(toy_folder(dir_));
        KgTrainParams p = toy_params("TransE-L1", 2);
        p.train.eval_every = 1;
        int calls = 0;
        p.hooks.eval_hooks.push_back([&](const AxiomScorer& s, int epoch, Metrics& m) {
            ++calls;
            NfAxiom a;
            a.kind = NfKind::RoleAssertion;
            a.r = 0;
            a.x = 0;
            a.y = 1;
            m["hook_score"] = s.score(a);
            a.kind = NfKind::GCI0;
            m["hook_nan"] = std::isnan(s.score(a)) ? 1 : 0;
            m["hook_epoch"] = epoch;
        });
        jobs::JobContext ctx;
        const TrainResult r = train_kg(data, p, ctx);
        QCOMPARE(calls, 3); // two validation evaluations and the test evaluation
        QCOMPARE(r.valid.at("hook_epoch"), 2.0);
        QCOMPARE(r.valid.at("hook_nan"), 1.0);
    }

    void cliTrainScoreResume() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::string data = toy_folder(dir_);
        const QString run = dir_.filePath("clirun");
        auto kbcx = [](const QStringList& args) {
            QProcess proc;
            proc.start(KBCX_CLI, args);
            proc.waitForFinished(120000);
            return std::tuple(proc.exitCode(), QString::fromUtf8(proc.readAllStandardOutput()),
                              QString::fromUtf8(proc.readAllStandardError()));
        };
        auto [code, out, err] = kbcx({"train",        QString::fromStdString(data),
                                      "--model",      "TransE",
                                      "--dim",        "16",
                                      "--epochs",     "4",
                                      "--batch",      "8",
                                      "--neg",        "8",
                                      "--lr",         "0.02",
                                      "--margin",     "4",
                                      "--eval-every", "2",
                                      "--run",        run,
                                      "--stats"});
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY(out.contains("epoch 2/4"));
        QVERIFY(out.contains("epoch 4/4"));
        QVERIFY(out.contains("test  mrr"));
        QVERIFY(out.contains("positives per second"));
        QVERIFY(out.contains("peak memory"));
        QVERIFY(QFile::exists(run + "/params.json"));
        QCOMPARE(lines_of((run + "/metrics.jsonl").toStdString()).size(), std::size_t{3});

        auto [c2, o2, e2] = kbcx({"train", QString::fromStdString(data), "--model", "DistMult", "--dim", "16",
                                  "--epochs", "6", "--run", run, "--resume"});
        QCOMPARE(c2, 2);
        QVERIFY2(e2.contains("model: checkpoint TransE-L1, this run DistMult"), qPrintable(e2));
        auto [c3, o3, e3] = kbcx({"train",        QString::fromStdString(data),
                                  "--model",      "TransE",
                                  "--dim",        "16",
                                  "--epochs",     "6",
                                  "--batch",      "8",
                                  "--neg",        "8",
                                  "--lr",         "0.02",
                                  "--margin",     "4",
                                  "--eval-every", "2",
                                  "--run",        run,
                                  "--resume"});
        QVERIFY2(c3 == 0, qPrintable(e3));
        QVERIFY(e3.contains("resumed after epoch 4"));
        QVERIFY(o3.contains("epoch 6/6"));

        const std::string cands =
            test::write_file(dir_, "cands.tsv", "b0\tpartner_of\ta0\tpositive\nb0\tpartner_of\ta5\tnegative\n");
        const QString scores = dir_.filePath("scores.tsv");
        auto [c4, o4, e4] =
            kbcx({"score", "--run", run, "--candidates", QString::fromStdString(cands), "--out", scores});
        QVERIFY2(c4 == 0, qPrintable(e4));
        const auto lines = lines_of(scores.toStdString());
        QCOMPARE(lines.size(), std::size_t{2});
        QVERIFY(QString::fromStdString(lines[0]).startsWith("b0\tpartner_of\ta0\tpositive\t"));
        const double s_pos = std::stod(lines[0].substr(lines[0].rfind('\t') + 1));
        const double s_neg = std::stod(lines[1].substr(lines[1].rfind('\t') + 1));
        QVERIFY(s_pos > s_neg);
        const std::string badc = test::write_file(dir_, "bad.tsv", "b0\tpartner_of\tnobody\n");
        auto [c5, o5, e5] =
            kbcx({"score", "--run", run, "--candidates", QString::fromStdString(badc), "--out", scores});
        QCOMPARE(c5, 2);
        QVERIFY2(e5.contains("bad.tsv:1:15: unknown entity 'nobody'"), qPrintable(e5));

        // --neg all: 1-vs-all with the cross-entropy loss, recorded in params.json; combinations
        // that do not apply are refused with the reason.
        const QString run1 = dir_.filePath("clirun-1vsall");
        auto [c6, o6, e6] =
            kbcx({"train", QString::fromStdString(data), "--model", "ComplEx", "--dim", "8", "--epochs", "2", "--neg",
                  "all", "--lr-step", "1", "--lr-decay", "0.5", "--subsampling", "--run", run1, "--stats"});
        QVERIFY2(c6 == 0, qPrintable(e6));
        QVERIFY2(o6.contains("every entity as candidate"), qPrintable(o6));
        QVERIFY(o6.contains("matrix products:"));
        QFile params(run1 + "/params.json");
        QVERIFY(params.open(QIODevice::ReadOnly));
        const QJsonObject pj = QJsonDocument::fromJson(params.readAll()).object();
        QCOMPARE(pj["one_vs_all"].toBool(), true);
        QCOMPARE(pj["loss"].toString(), QStringLiteral("ce"));
        QCOMPARE(pj["lr_step"].toInt(), 1);
        QCOMPARE(pj["lr_decay"].toDouble(), 0.5);
        QCOMPARE(pj["subsampling"].toBool(), true);
        for (const QStringList& extra :
             {QStringList{"--model", "ComplEx", "--loss", "margin"},
              QStringList{"--model", "ComplEx", "--adv-temp", "1"}, QStringList{"--model", "rgcn"}}) {
            QStringList args{"train", QString::fromStdString(data), "--epochs", "1", "--neg", "all",
                             "--run", dir_.filePath("refused")};
            args += extra;
            auto [c7, o7, e7] = kbcx(args);
            QCOMPARE(c7, 2);
            QVERIFY2(e7.contains("--neg all") || e7.contains("1-vs-all"), qPrintable(e7));
        }
        auto [c8, o8, e8] = kbcx({"train", QString::fromStdString(data), "--model", "TransE", "--epochs", "1",
                                  "--lr-decay", "1.5", "--run", dir_.filePath("refused")});
        QCOMPARE(c8, 2);
        QVERIFY2(e8.contains("--lr-decay must be in (0, 1]"), qPrintable(e8));

        // PyKEEN's settings as flags: recorded in params.json; a wrong initialiser, or the flags on an
        // EL model, are usage errors.
        const QString runp = dir_.filePath("clirun-pykeen");
        auto [c9, o9, e9] =
            kbcx({"train", QString::fromStdString(data), "--model", "DistMult", "--dim", "8", "--epochs", "2", "--init",
                  "pykeen", "--unit-entities", "--lp-relation", "0.1", "--dense-optimizer", "--run", runp});
        QVERIFY2(c9 == 0, qPrintable(e9));
        const std::string pp = test::slurp((runp + "/params.json").toStdString());
        QVERIFY2(pp.find("\"lp_relation\": 0.1") != std::string::npos, pp.c_str());
        QVERIFY(pp.find("\"init\": \"pykeen\"") != std::string::npos);
        auto [c10, o10, e10] = kbcx({"train", QString::fromStdString(data), "--model", "TransE", "--epochs", "1",
                                     "--init", "xavier", "--run", dir_.filePath("refused2")});
        QCOMPARE(c10, 2);
        QVERIFY2(e10.contains("--init must be kbcx or pykeen"), qPrintable(e10));
    }
};

QTEST_GUILESS_MAIN(TestEmbedTraining)
#include "tst_embed_training.moc"
