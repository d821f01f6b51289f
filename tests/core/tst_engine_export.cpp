// `kbcx export` for DGL-KE, PyKEEN and LibKGE: each layout checked against the engine's
// documented format (read back and mapped to names, it gives the folder's facts again), the
// triples to score, refusals, and scores written in the README's way read by `kbcx eval-kg`.
#include "bench/engine_export.hpp"
#include "common/error.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace kbcx;

namespace {

std::vector<std::vector<std::string>> rows_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> f;
        std::stringstream s(line);
        for (std::string x; std::getline(s, x, '\t');)
            f.push_back(x);
        rows.push_back(f);
    }
    return rows;
}

using Triples = std::multiset<std::vector<std::string>>;

Triples as_set(const std::vector<std::vector<std::string>>& rows) {
    return Triples(rows.begin(), rows.end());
}

using kbcx::test::slurp;

} // namespace

class TestEngineExport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string bench_;
    Triples train_, valid_, test_, vneg_, tneg_;

    static std::string lines(const Triples& t) {
        std::string s;
        for (const auto& r : t)
            s += r[0] + "\t" + r[1] + "\t" + r[2] + "\n";
        return s;
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QDir(dir_.path()).mkpath("bench");
        // Names with spaces and a type fact, as benchmark files may hold them.
        train_ = {{"anna", "knows", "bob"},
                  {"bob", "knows", "carl"},
                  {"carl", "likes", "new york"},
                  {"anna", "rdf:type", "Person"},
                  {"dora", "likes", "anna"}};
        valid_ = {{"bob", "likes", "anna"}, {"carl", "knows", "dora"}};
        test_ = {{"dora", "knows", "bob"}, {"anna", "likes", "carl"}, {"eve", "knows", "anna"}};
        vneg_ = {{"bob", "likes", "new york"}, {"dora", "knows", "carl"}};
        tneg_ = {{"dora", "knows", "new york"}, {"anna", "likes", "bob"}, {"eve", "likes", "bob"}};
        test::write_file(dir_, "bench/train.txt", lines(train_));
        test::write_file(dir_, "bench/valid.txt", lines(valid_));
        test::write_file(dir_, "bench/test.txt", lines(test_));
        test::write_file(dir_, "bench/valid_neg_pa.txt", lines(vneg_));
        test::write_file(dir_, "bench/test_neg_pa.txt", lines(tneg_));
        bench_ = dir_.filePath("bench").toStdString();
    }

    /// DGL-KE raw_udd_hrt: train/valid/test TSVs of names, three columns in h, r, t order;
    /// head.list, rel.list, tail.list line up with to_score.tsv.
    void dglke() {
        jobs::JobContext ctx;
        const std::string out = dir_.filePath("dglke").toStdString();
        const auto r = bench::export_for_engine({bench_, out, bench::EngineFormat::DglKe, ""}, ctx);
        QCOMPARE(r.neg_method, std::string("pa"));
        QVERIFY(as_set(rows_of(out + "/train.tsv")) == train_);
        QVERIFY(as_set(rows_of(out + "/valid.tsv")) == valid_);
        QVERIFY(as_set(rows_of(out + "/test.tsv")) == test_);
        const auto score = rows_of(out + "/to_score.tsv");
        Triples expected = valid_;
        for (const auto* s : {&test_, &vneg_, &tneg_})
            expected.insert(s->begin(), s->end());
        QVERIFY(as_set(score) == expected);
        QCOMPARE(r.to_score, score.size());
        const auto heads = rows_of(out + "/head.list"), rels = rows_of(out + "/rel.list"),
                   tails = rows_of(out + "/tail.list");
        QCOMPARE(heads.size(), score.size());
        for (std::size_t i = 0; i < score.size(); ++i) {
            QCOMPARE(heads[i].size(), std::size_t{1});
            QCOMPARE(heads[i][0], score[i][0]);
            QCOMPARE(rels[i][0], score[i][1]);
            QCOMPARE(tails[i][0], score[i][2]);
        }
        const std::string readme = slurp(out + "/README.md");
        QVERIFY(readme.find("--format raw_udd_hrt") != std::string::npos);
        QVERIFY(readme.find("--data_files train.tsv valid.tsv test.tsv") != std::string::npos);
        QVERIFY(readme.find("--exec_mode triplet_wise --topK " + std::to_string(score.size())) != std::string::npos);
        QCOMPARE(r.entities, std::size_t{7}); // anna bob carl dora eve, "new york", Person
        QCOMPARE(r.relations, std::size_t{3});
    }

    /// PyKEEN: labelled TSVs without a header, as TriplesFactory.from_path reads them.
    void pykeen() {
        jobs::JobContext ctx;
        const std::string out = dir_.filePath("pykeen").toStdString();
        bench::export_for_engine({bench_, out, bench::EngineFormat::PyKeen, "pa"}, ctx);
        for (const auto& [file, want] : std::map<std::string, const Triples*>{
                 {"train.tsv", &train_}, {"valid.tsv", &valid_}, {"test.tsv", &test_}}) {
            const auto rows = rows_of(out + "/" + file);
            for (const auto& row : rows)
                QCOMPARE(row.size(), std::size_t{3});
            QVERIFY(as_set(rows) == *want);
        }
        QVERIFY(!QFile::exists(QString::fromStdString(out + "/head.list")));
        QVERIFY(slurp(out + "/README.md").find("pipeline(training=") != std::string::npos);
    }

    /// LibKGE: dense 0-based maps index<TAB>name, .del files of indices that map back to the
    /// folder's facts, the negatives of its triple-classification splits, and dataset.yaml whose
    /// counts match the files.
    void libkge() {
        jobs::JobContext ctx;
        const std::string out = dir_.filePath("libkge").toStdString();
        const auto r = bench::export_for_engine({bench_, out, bench::EngineFormat::LibKge, ""}, ctx);
        auto read_map = [&](const std::string& file) {
            std::vector<std::string> names;
            for (const auto& row : rows_of(out + "/" + file)) {
                if (row.size() != 2 || std::stoul(row[0]) != names.size()) return std::vector<std::string>{};
                names.push_back(row[1]);
            }
            return names;
        };
        const auto ents = read_map("entity_ids.del"), rels = read_map("relation_ids.del");
        QCOMPARE(ents.size(), r.entities);
        QCOMPARE(rels.size(), r.relations);
        QCOMPARE(std::set<std::string>(ents.begin(), ents.end()).size(), ents.size());
        auto names_of = [&](const std::string& file) {
            Triples t;
            for (const auto& row : rows_of(out + "/" + file)) {
                if (row.size() != 3) return Triples{};
                const auto h = std::stoul(row[0]), p = std::stoul(row[1]), o = std::stoul(row[2]);
                if (h >= ents.size() || p >= rels.size() || o >= ents.size()) return Triples{};
                t.insert({ents[h], rels[p], ents[o]});
            }
            return t;
        };
        QVERIFY(names_of("train.del") == train_);
        QVERIFY(names_of("valid.del") == valid_);
        QVERIFY(names_of("test.del") == test_);
        QVERIFY(names_of("valid_negatives.del") == vneg_);
        QVERIFY(names_of("test_negatives.del") == tneg_);
        const std::string yaml = slurp(out + "/dataset.yaml");
        QVERIFY(yaml.rfind("dataset:\n", 0) == 0);
        for (const std::string& line :
             {"  num_entities: " + std::to_string(ents.size()), "  num_relations: " + std::to_string(rels.size()),
              std::string("  files.train.filename: train.del"), std::string("  files.train.size: 5"),
              std::string("  files.train.type: triples"), std::string("  files.entity_ids.type: map"),
              std::string("  files.test_negatives.size: 3"),
              std::string("  files.valid_negatives.filename: valid_negatives.del")})
            QVERIFY2(yaml.find(line + "\n") != std::string::npos, line.c_str());
    }

    void refusals() {
        jobs::JobContext ctx;
        const std::string out = dir_.filePath("refused").toStdString();
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 bench::export_for_engine({bench_, out, bench::EngineFormat::LibKge, "rc"}, ctx));
        QVERIFY_THROWS_EXCEPTION(
            InputError, bench::export_for_engine(
                            {dir_.filePath("nothing").toStdString(), out, bench::EngineFormat::DglKe, ""}, ctx));
        // A malformed line names its file and line.
        QDir(dir_.path()).mkpath("bad");
        test::write_file(dir_, "bad/train.txt", "a\tr\tb\nbroken line\n");
        test::write_file(dir_, "bad/test.txt", "a\tr\tb\n");
        try {
            bench::export_for_engine({dir_.filePath("bad").toStdString(), out, bench::EngineFormat::PyKeen, ""}, ctx);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(e.file().find("train.txt") != std::string::npos && e.line() == 2, e.what());
        }
        QVERIFY(bench::parse_engine_format("DGL-KE") == bench::EngineFormat::DglKe);
        QVERIFY(!bench::parse_engine_format("ampligraph"));
    }

    /// The round trip the README describes: an engine's scores for to_score.tsv (here a fake
    /// scorer that knows the answers) evaluated by `kbcx eval-kg`, with and without ranking.
    void scoresComeBackToEvalKg() {
        KBCX_SKIP_CHILD_PROCESSES_UNDER_TSAN();
        const QString out = dir_.filePath("cli");
        QProcess proc;
        proc.start(KBCX_CLI, {"export", QString::fromStdString(bench_), "--format", "dglke", "--out", out});
        QVERIFY(proc.waitForFinished(60000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        QVERIFY(proc.readAllStandardOutput().contains("to score: 10 triples"));
        // dglke_predict's result.tsv has a header line, dropped as the README says.
        std::string scores;
        for (const auto& row : rows_of((out + "/to_score.tsv").toStdString())) {
            const bool positive = valid_.count(row) || test_.count(row);
            scores += row[0] + "\t" + row[1] + "\t" + row[2] + "\t" + (positive ? "0.9" : "-0.4") + "\n";
        }
        const std::string file = test::write_file(dir_, "scores.tsv", scores);
        proc.start(KBCX_CLI, {"eval-kg", QString::fromStdString(bench_), "--scores", QString::fromStdString(file),
                              "--no-ranking", "--json"});
        QVERIFY(proc.waitForFinished(60000));
        const QByteArray json = proc.readAllStandardOutput();
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const QJsonObject result = QJsonDocument::fromJson(json).object();
        QCOMPARE(result["scores_read"].toInt(), 10);
        QCOMPARE(result["test"].toObject()["f1"].toDouble(), 1.0);
        QCOMPARE(result["roc_auc"].toDouble(), 1.0);
        // The paper's ranking needs no other scores than to_score.tsv's: every test positive is
        // ranked or counted as having no negatives, and each ranked one outscores its negatives.
        proc.start(KBCX_CLI,
                   {"eval-kg", QString::fromStdString(bench_), "--scores", QString::fromStdString(file), "--json"});
        QVERIFY(proc.waitForFinished(60000));
        const QByteArray ranked_json = proc.readAllStandardOutput();
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const QJsonObject ranked = QJsonDocument::fromJson(ranked_json).object();
        QCOMPARE(ranked["ranking_mode"].toString(), QString("paper"));
        const QJsonObject c = ranked["C"].toObject();
        QCOMPARE(c["queries"].toInt() + ranked["queries_without_negatives"].toObject()["C"].toInt(),
                 static_cast<int>(test_.size()));
        if (c["queries"].toInt() > 0) QCOMPARE(c["mrr"].toDouble(), 1.0);

        proc.start(KBCX_CLI, {"export", QString::fromStdString(bench_), "--format", "caffe", "--out", out});
        QVERIFY(proc.waitForFinished(60000));
        QCOMPARE(proc.exitCode(), 2);
        QVERIFY(proc.readAllStandardError().contains("unknown --format 'caffe'"));
    }
};

QTEST_GUILESS_MAIN(TestEngineExport)
#include "tst_engine_export.moc"
