// EL training end to end: a toy ontology (two chains with disjoint tops) learned to AUC+/− > 0.9
// on its entailed vs contradictory candidates (statuses checked by the reasoner), determinism,
// checkpoint round trip, refusal and resume, the translator, and the CLI (train, score, eval).
#include "common/error.hpp"
#include "embed/tests_hook.hpp"
#include "embed/train_el.hpp"
#include "onto/readers.hpp"
#include "reason/status.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

using namespace kbcx;
using namespace kbcx::embed;

namespace {

const std::string kOnto = std::string(KBCX_TEST_DATA) + "/embed/toy_chain.kbo";
const std::string kTests = std::string(KBCX_TEST_DATA) + "/embed/toy_chain_tests.tsv";

ElDataset toy() {
    jobs::JobContext ctx;
    return load_el_dataset(kOnto, ctx);
}

ElTrainParams toy_params(const std::string& model, int epochs) {
    ElTrainParams p;
    p.model = default_el_config(model);
    p.model.dim = 8;
    p.train.epochs = epochs;
    p.train.batch = 256;
    p.train.neg = 4;
    p.train.lr = 0.02f;
    p.train.eval_every = 0;
    p.train.seed = 3;
    return p;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

double max_table_diff(const ElModel& a, const ElModel& b) {
    double d = 0;
    for (std::size_t t = 0; t < a.tables().size(); ++t)
        if (a.tables()[t].values.size() > 0) // maxCoeff of an empty table (no roles) is undefined
            d = std::max(d, static_cast<double>((a.tables()[t].values - b.tables()[t].values).abs().maxCoeff()));
    return d;
}

} // namespace

class TestEmbedElTraining : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void fixtureStatusesAgreeWithTheReasoner() {
        jobs::JobContext ctx;
        onto::Ontology o = onto::load_ontology(kOnto, ctx);
        reason::StatusChecker chk(o, ctx);
        const eval::TestSet t = eval::read_tests(kTests, ctx);
        QCOMPARE(t.axioms.size(), std::size_t{18});
        for (const auto& a : t.axioms) {
            const auto r = chk.check_text(std::string(a.axiom));
            const int want = static_cast<int>(a.status); // same order: entailed, undetermined, contradictory
            QVERIFY2(static_cast<int>(r.status) == want, std::string(a.axiom).c_str());
        }
    }

    void datasetAndTranslator() {
        const ElDataset d = toy();
        QCOMPARE(d.count(NfKind::GCI0), std::size_t{6});
        QCOMPARE(d.count(NfKind::GCI1_BOT), std::size_t{1});
        const AxiomTranslator tr(d.names);
        const auto one = tr.translate("A1 SubClassOf A3");
        QVERIFY(one && one->size() == 1);
        QCOMPARE(one->front().kind, NfKind::GCI0);
        QCOMPARE(d.names.concepts[one->front().a], std::string("A1"));
        QCOMPARE(d.names.concepts[one->front().b], std::string("A3"));
        const auto dis = tr.translate("A1 DisjointWith B1");
        QVERIFY(dis && dis->size() == 1 && dis->front().kind == NfKind::GCI1_BOT);
        // Complex fillers need fresh names the model has no rows for.
        const auto conj = tr.translate("A1 SubClassOf A2 and A3");
        QVERIFY(conj && conj->size() == 2);
        QVERIFY(!tr.translate("A1 and A2 and A3 SubClassOf A4").has_value());
        QVERIFY_THROWS_EXCEPTION(InputError, tr.translate("A1 SubClassOf Unknown"));
        // The pool shortcut from A4 ⊓ B3 ⊑ ⊥: A4 ⊑ B3, B3 ⊑ A4, A3 ⊑ B3, B2 ⊑ A4.
        const auto pool = contradiction_pool_from_disjointness(d);
        QCOMPARE(pool.size(), std::size_t{4});
        jobs::JobContext ctx;
        std::size_t skipped = 0;
        QCOMPARE(contradiction_pool_from_tests(kTests, tr, ctx, &skipped).size(), std::size_t{8});
    }

    void toyChainIsLearned_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<float>("pbot");
        for (const auto& n : el_model_names()) {
            QTest::addRow("%s", n.c_str()) << QString::fromStdString(n) << 0.0f;
            QTest::addRow("%s p_bot 0.5", n.c_str()) << QString::fromStdString(n) << 0.5f;
        }
    }
    void toyChainIsLearned() {
        QFETCH(QString, model);
        QFETCH(float, pbot);
        const ElDataset d = toy();
        ElTrainParams p = toy_params(model.toStdString(), 400);
        p.train.p_bot = pbot;
        if (pbot > 0) p.contradiction_pool = contradiction_pool_from_disjointness(d);
        jobs::JobContext ctx;
        auto tests = std::make_shared<const eval::TestSet>(eval::read_tests(kTests, ctx));
        p.hooks.eval_hooks.push_back(make_tests_hook(tests, std::make_shared<const AxiomTranslator>(d.names)));
        std::vector<double> auc;
        p.train.eval_every = 100;
        p.hooks.on_epoch = [&](const EpochReport& r) {
            if (r.evaluated) auc.push_back(r.metrics.at("auc_pm"));
        };
        const TrainResult r = train_el(d, p, ctx);
        QCOMPARE(auc.size(), std::size_t{4});
        QVERIFY2(r.valid.at("auc_pm") > 0.9, qPrintable(QString("AUC± %1").arg(r.valid.at("auc_pm"))));
        QVERIFY(r.valid.count("fvr") && r.valid.count("pair_fvr") && r.valid.count("mrr"));
        QVERIFY(r.valid.at("n_missing_scores") == 0);
    }

    void deterministicWithOneThread() {
        const ElDataset d = toy();
        jobs::JobContext ctx;
        auto run = [&](std::uint64_t seed, int threads) {
            ElTrainParams p = toy_params("Box2EL", 20);
            p.train.seed = seed;
            p.train.threads = threads;
            p.train.batch = 3; // several steps per epoch
            std::unique_ptr<ElModel> m;
            train_el(d, p, ctx, &m);
            return m;
        };
        const auto a = run(1, 1), b = run(1, 1), c = run(2, 1), t2 = run(1, 2);
        QCOMPARE(max_table_diff(*a, *b), 0.0);
        QVERIFY(max_table_diff(*a, *c) > 1e-3);
        QVERIFY(max_table_diff(*a, *t2) < 1e-3); // the same negatives; only summation order differs
    }

    void checkpointRoundTripRefusalAndResume() {
        const ElDataset d = toy();
        jobs::JobContext ctx;
        const std::string dir = dir_.filePath("el_ckpt").toStdString();
        ElTrainParams p = toy_params("ELEmbeddings-iv", 6);
        p.train.batch = 4;
        p.train.run_dir = dir;
        p.train.eval_every = 2;
        std::unique_ptr<ElModel> straight_part;
        train_el(d, p, ctx, &straight_part);
        ElNames names;
        const auto loaded = load_el_model(dir + "/checkpoint.bin", &names);
        QCOMPARE(loaded->name(), std::string("ELEmbeddings-iv"));
        QCOMPARE(names.concepts, d.names.concepts);
        QCOMPARE(max_table_diff(*loaded, *straight_part), 0.0);
        // Training again into the same folder without --resume, or resuming another model: refused.
        QVERIFY_THROWS_EXCEPTION(InputError, train_el(d, p, ctx));
        ElTrainParams other = p;
        other.model = default_el_config("ELBE");
        other.model.dim = 8;
        other.train.resume = true;
        other.train.epochs = 8;
        try {
            train_el(d, other, ctx);
            QFAIL("resumed a checkpoint of another model");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("model") != std::string::npos, e.what());
        }
        // Resume 6 → 10 equals an uninterrupted run of 10 epochs.
        ElTrainParams more = p;
        more.train.resume = true;
        more.train.epochs = 10;
        std::unique_ptr<ElModel> resumed;
        const TrainResult rr = train_el(d, more, ctx, &resumed);
        QCOMPARE(rr.first_epoch, 7);
        ElTrainParams full = p;
        full.train.run_dir = dir_.filePath("el_full").toStdString();
        full.train.epochs = 10;
        std::unique_ptr<ElModel> straight;
        train_el(d, full, ctx, &straight);
        QCOMPARE(max_table_diff(*resumed, *straight), 0.0);
        // Both metrics files hold epochs 2, 4, 6, 8, 10.
        std::istringstream lines(read_all(dir + "/metrics.jsonl"));
        std::string line;
        int n = 0;
        while (std::getline(lines, line))
            ++n;
        QCOMPARE(n, 5);
        // A damaged checkpoint is refused.
        {
            std::fstream f(dir + "/checkpoint.bin", std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(40);
            f.put('\x7f');
        }
        QVERIFY_THROWS_EXCEPTION(InputError, load_el_model(dir + "/checkpoint.bin"));
    }

    void cliTrainScoreEval() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString run = dir_.filePath("cli_el");
        auto kbcx = [](const QStringList& args) {
            QProcess proc;
            proc.start(KBCX_CLI, args);
            proc.waitForFinished(120000);
            return std::tuple(proc.exitCode(), QString::fromUtf8(proc.readAllStandardOutput()),
                              QString::fromUtf8(proc.readAllStandardError()));
        };
        auto [code, out, err] = kbcx({"train", QString::fromStdString(kOnto), "--model", "Box2EL", "--dim", "8",
                                      "--epochs", "60", "--eval-every", "20", "--tests", QString::fromStdString(kTests),
                                      "--p-bot", "0.5", "--variant", "kbcx", "--run", run, "--stats"});
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(out.contains("auc_pm") && out.contains("fvr") && out.contains("seconds per epoch"), qPrintable(out));
        QVERIFY2(err.contains("contradiction pool (disjoint): 3 axioms (1 test axioms held out)"), qPrintable(err));
        const std::string metrics = read_all(run.toStdString() + "/metrics.jsonl");
        std::istringstream lines(metrics);
        std::string line, last;
        int n = 0;
        while (std::getline(lines, line)) {
            ++n;
            QVERIFY2(line.find("\"fvr\":") != std::string::npos && line.find("\"auc_pm\":") != std::string::npos,
                     line.c_str());
            last = line;
        }
        QCOMPARE(n, 3);
        const QJsonObject lastj = QJsonDocument::fromJson(QByteArray::fromStdString(last)).object();

        const QString scores = dir_.filePath("cli_el_scores.tsv");
        std::tie(code, out, err) =
            kbcx({"score", "--run", run, "--candidates", QString::fromStdString(kTests), "--out", scores});
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY(out.contains("scored 18 candidate axioms"));
        std::tie(code, out, err) =
            kbcx({"eval", "--tests", QString::fromStdString(kTests), "--scores", scores, "--json"});
        QVERIFY2(code == 0, qPrintable(err));
        const QJsonObject ev = QJsonDocument::fromJson(out.toUtf8()).object()["overall"].toObject();
        QVERIFY(std::fabs(ev["auc_pm"].toDouble() - lastj["auc_pm"].toDouble()) < 1e-9);
        QVERIFY(std::fabs(ev["fvr"].toDouble() - lastj["fvr"].toDouble()) < 1e-9);
        // The ranking queries need the scores of every candidate filler: the hook has the model,
        // the scores file only the test axioms, so there MRR is not computable (null), never wrong.
        QVERIFY(lastj.contains("mrr") && ev["mrr"].isNull());

        // Resume refuses another model, with exit code 2 and a message naming the difference.
        std::tie(code, out, err) = kbcx({"train", QString::fromStdString(kOnto), "--model", "ELBE", "--dim", "8",
                                         "--epochs", "70", "--variant", "kbcx", "--run", run, "--resume"});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains("model"), qPrintable(err));
    }

    void kgModelsGetTheHooksToo() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const std::string folder = dir_.filePath("kg").toStdString();
        QDir().mkpath(QString::fromStdString(folder));
        std::string train;
        for (int i = 0; i < 6; ++i)
            train += "e" + std::to_string(i) + "\tr\te" + std::to_string(i + 1) + "\n";
        test::write_file(dir_, "kg/train.txt", train);
        const std::string tests = test::write_file(dir_, "kg_tests.tsv",
                                                   "entailed\tRA\tr(e0,e1)\nentailed\tRA\tr(e2,e3)\n"
                                                   "undetermined\tRA\tr(e0,e3)\ncontradictory\tRA\tr(e5,e0)\n");
        QProcess proc;
        proc.start(KBCX_CLI, {"train", QString::fromStdString(folder), "--model", "TransE", "--dim", "8", "--epochs",
                              "4", "--eval-every", "2", "--batch", "4", "--neg", "4", "--tests",
                              QString::fromStdString(tests), "--run", dir_.filePath("kg_run")});
        proc.waitForFinished(120000);
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const std::string m = read_all(dir_.filePath("kg_run/metrics.jsonl").toStdString());
        QVERIFY2(m.find("\"auc_pm\":") != std::string::npos && m.find("\"fvr\":") != std::string::npos, m.c_str());
    }

  private:
    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestEmbedElTraining)
#include "tst_embed_el_training.moc"
