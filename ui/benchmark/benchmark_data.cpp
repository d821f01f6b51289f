// Loading and generating a benchmark for the Benchmark tab (worker-thread functions), and the
// per-rule counts the tab's models show.
#include "ui/benchmark/benchmark_data.hpp"

#include "common/error.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <filesystem>

namespace kbcx::ui {

std::optional<std::array<std::uint64_t, 3>> LoadedBenchmark::positivesOf(std::size_t r) const {
    if (r < rules.size() && rules[r].positives) return rules[r].positives;
    if (ruleFacts.present && r < ruleFacts.positives.size()) {
        std::array<std::uint64_t, 3> n{};
        for (std::size_t s = 0; s < 3; ++s)
            n[s] = ruleFacts.positives[r][s].size();
        return n;
    }
    return std::nullopt;
}

std::optional<std::array<std::uint64_t, 3>> LoadedBenchmark::negativesOf(std::size_t r) const {
    if (!ruleFacts.present || r >= ruleFacts.negatives.size()) return std::nullopt;
    std::array<std::uint64_t, 3> n{};
    for (const bench::RuleNegative& neg : ruleFacts.negatives[r])
        ++n[neg.split];
    return n;
}

QString LoadedBenchmark::factText(const bench::GroundFact& f) const {
    const kg::Vocabulary& v = folder->train->vocab;
    if (f.unary)
        return QStringLiteral("%1(%2)").arg(QString::fromStdString(v.display(kg::Namespace::Type, f.pred)),
                                            QString::fromStdString(v.display(kg::Namespace::Entity, f.s)));
    return QStringLiteral("%1(%2,%3)")
        .arg(QString::fromStdString(v.display(kg::Namespace::Relation, f.pred)),
             QString::fromStdString(v.display(kg::Namespace::Entity, f.s)),
             QString::fromStdString(v.display(kg::Namespace::Entity, f.o)));
}

bool LoadedBenchmark::inTrain(const bench::GroundFact& f) const {
    const auto& train = folder->pos[bench::kTrain].facts;
    return std::binary_search(train.begin(), train.end(), f);
}

LoadedBenchmark loadBenchmark(const std::string& dir, jobs::JobContext& ctx) {
    QElapsedTimer clock;
    clock.start();
    ctx.report(0, 0, "Reading benchmark folder", true);
    auto folder = std::make_shared<bench::BenchmarkFolder>(bench::read_benchmark(dir, ctx));
    ctx.throw_if_stopped();
    LoadedBenchmark out;
    out.dir = QDir::cleanPath(QFileInfo(QString::fromStdString(dir)).absoluteFilePath());
    out.rules = bench::read_rules_file((std::filesystem::path(dir) / "rules.txt").string());
    ctx.report(0, 0, "Reading facts_by_rule.tsv", true);
    out.ruleFacts = bench::read_rule_facts(*folder, out.rules.size(), ctx);
    jobs::LoadKgResult train;
    train.graph = folder->train;
    train.seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    out.train = Dataset::fromLoadResult(QStringLiteral("%1 (benchmark train)").arg(QFileInfo(out.dir).fileName()),
                                        {out.dir + QStringLiteral("/train.txt")}, train);
    if (folder->has_summary) {
        // What generated it: summary.json's variant and filter (LogInfer's folders have none).
        QFile summary(out.dir + QStringLiteral("/summary.json"));
        if (summary.open(QIODevice::ReadOnly)) {
            const QJsonObject o =
                QJsonDocument::fromJson(summary.readAll()).object().value(QStringLiteral("parameters")).toObject();
            out.variant = o.value(QStringLiteral("variant")).toString();
            out.filter = o.value(QStringLiteral("filter")).toString();
        }
    }
    for (const auto& [m, lists] : folder->neg)
        out.testAnchoring[m] = bench::anchoring(*folder, m, bench::kTest);
    out.folder = std::move(folder);
    ctx.report(1, 1, "Read", true);
    out.seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    return out;
}

LoadedBenchmark generateBenchmark(const bench::GenerateParams& params, const std::string& dir,
                                  const QString& datasetName, jobs::JobContext& ctx) {
    QElapsedTimer clock;
    clock.start();
    const bench::Generated generated = bench::generate_benchmark(params, ctx);
    ctx.throw_if_stopped();
    ctx.report(0, 0, "Writing " + dir, true);
    bench::write_benchmark(generated, dir);
    LoadedBenchmark out = loadBenchmark(dir, ctx);
    out.generatedFrom = datasetName;
    for (const std::string& s : generated.shortfalls)
        out.shortfalls << QString::fromStdString(s);
    out.seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    return out;
}

} // namespace kbcx::ui
