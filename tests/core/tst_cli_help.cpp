// Audits kbcx's documentation: every registered command's --help exits 0, lists every option it
// declares with its default, says what options without a default do when omitted, and
// `kbcx --version` names the libraries; the metric definitions match DESIGN.md §3 eval.
#include "kbcx/build_info.hpp"
#include "kbcx/cli.hpp"
#include "kbcx/commands.hpp"
#include "repro/registry.hpp"
#include "test_util.hpp"

#include <QRegularExpression>
#include <QTest>

#include <set>
#include <sstream>

namespace {

struct Help {
    int code = -1;
    std::string out, err;
    std::vector<kbcx::cli::ArgParser::OptionInfo> options;
    std::string epilog;
    bool observed = false;
};

Help run_help(const std::string& command) {
    Help h;
    kbcx::cli::ArgParser::set_help_observer([&h](const kbcx::cli::ArgParser& p) {
        h.options = p.options();
        h.epilog = p.epilog_text();
        h.observed = true;
    });
    std::ostringstream out, err;
    h.code = kbcx::cli::run_cli({command, "--help"}, out, err);
    kbcx::cli::ArgParser::set_help_observer(nullptr);
    h.out = out.str();
    h.err = err.str();
    return h;
}

/// The help entry of option `name`: from its "  --name" line to the next option line.
std::string entry_of(const std::string& help, const std::string& name) {
    const std::string head = "\n  --" + name;
    std::size_t at = help.find(head + " ");
    if (at == std::string::npos) at = help.find(head + "\n");
    if (at == std::string::npos) return {};
    const std::size_t end = help.find("\n  --", at + 1);
    return help.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

bool mentions_absence(const std::string& text) {
    // What happens without the option: a default, "required", or what is done instead.
    for (const char* word : {"default", "required", "optional", "if omitted", "if not given", "without it", "none",
                             "otherwise", "unless", "all ", "every", "(repeatable)", "only", "instead"})
        if (text.find(word) != std::string::npos) return true;
    return false;
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT

  private slots:
    void everyCommandHelpIsComplete() {
        const auto& commands = kbcx::cli::commands();
        QVERIFY(commands.size() >= 10);
        QStringList gaps;
        for (const auto& c : commands) {
            const Help h = run_help(c.name);
            const QString name = QString::fromLatin1(c.name);
            QVERIFY2(h.code == 0, qPrintable(name + ": --help exited with " + QString::number(h.code)));
            QVERIFY2(h.err.empty(), qPrintable(name + ": --help wrote to stderr: " + QString::fromStdString(h.err)));
            QVERIFY2(h.observed, qPrintable(name + ": --help did not go through ArgParser"));
            QVERIFY2(h.out.starts_with("usage: kbcx " + std::string(c.name) + " "), qPrintable(name));
            for (const auto& o : h.options) {
                const std::string entry = entry_of(h.out, o.name);
                if (entry.empty()) {
                    gaps << name + ": --" + QString::fromStdString(o.name) + " not listed";
                    continue;
                }
                // Each note appears once: a default stated in words is not followed by another one.
                for (const std::string note : {"(default:", "(repeatable)"}) {
                    const auto first = entry.find(note);
                    if (first != std::string::npos && entry.find(note, first + 1) != std::string::npos)
                        gaps << name + ": --" + QString::fromStdString(o.name) + " says " +
                                    QString::fromStdString(note) + " twice";
                }
                if (o.default_value) {
                    const std::string shown = o.default_value->empty() ? "none" : *o.default_value;
                    const bool in_words = o.help.find("(default:") != std::string::npos;
                    if (!in_words && entry.find("(default: " + shown + ")") == std::string::npos)
                        gaps << name + ": --" + QString::fromStdString(o.name) + " default not shown";
                } else if (!o.is_flag && !mentions_absence(entry)) {
                    gaps << name + ": --" + QString::fromStdString(o.name) +
                                " has no default and does not say what happens without it";
                }
            }
            // Every command documents an input or output format, or its exit codes, in its epilog.
            if (h.epilog.empty()) gaps << name + ": no epilog (formats, definitions, example lines)";
        }
        QVERIFY2(gaps.isEmpty(), qPrintable(gaps.join(QLatin1Char('\n'))));
    }

    /// No command lists an option twice (count had --time-limit both per count and for the whole
    /// command, and only the first was read).
    void noOptionListedTwice() {
        QStringList dups;
        for (const auto& c : kbcx::cli::commands()) {
            const Help h = run_help(c.name);
            QVERIFY2(h.code == 0, qPrintable(QString::fromLatin1(c.name) + ": " + QString::fromStdString(h.err)));
            std::set<std::string> seen;
            for (const auto& o : h.options)
                if (!seen.insert(o.name).second)
                    dups << QString::fromLatin1(c.name) + " --" + QString::fromStdString(o.name);
            // And in the text: each "  --name" entry starts one line of the options list only.
            const std::size_t from = h.out.find("\noptions:\n"), to = h.out.find("\n  --help\n");
            const QString list = QString::fromStdString(
                from == std::string::npos || to == std::string::npos ? std::string() : h.out.substr(from, to - from));
            for (const auto& name : seen) {
                const QRegularExpression entry(
                    QStringLiteral("^  --%1[ =\\n]").arg(QRegularExpression::escape(QString::fromStdString(name))),
                    QRegularExpression::MultilineOption);
                int lines = 0;
                for (auto it = entry.globalMatch(list); it.hasNext(); it.next())
                    ++lines;
                if (lines > 1)
                    dups << QString::fromLatin1(c.name) + " --" + QString::fromStdString(name) + " (help text)";
            }
        }
        QVERIFY2(dups.isEmpty(), qPrintable(dups.join(QLatin1Char('\n'))));
        const Help count = run_help("count");
        QVERIFY(count.out.find("--count-time-limit") != std::string::npos);
        const std::string per = entry_of(count.out, "count-time-limit");
        QVERIFY2(per.find("each count") != std::string::npos, per.c_str());
        const std::string whole = entry_of(count.out, "time-limit");
        QVERIFY2(whole.find("exit code 3") != std::string::npos, whole.c_str());
    }

    void metricDefinitionsAreExact() {
        // DESIGN.md §3 eval: the definitions users rely on, as kbcx eval --help states them.
        const Help h = run_help("eval");
        QCOMPARE(h.code, 0);
        for (const char* definition : {
                 "Pr[f(a+) > f(a-)] + 1/2 Pr[f(a+) = f(a-)] over T+ x T-",
                 "1 - #{(a-,a?,a+): f(a-) < f(a?) < f(a+)} / (|T-||T?||T+|)",
                 "Pr[f(a?) <= f(a-)] over T? x T-",
                 "Spearman correlation (average ranks for ties) of f and P over T?",
             })
            QVERIFY2(h.out.find(definition) != std::string::npos, definition);
        for (const char* metric : {"Adm@k", "Hits@", "MRR", "rank"})
            QVERIFY2(h.out.find(metric) != std::string::npos, metric);
    }

    void reproduceHelpStatesEachFindingsDefaults() {
        // The help states, per finding, the seeds, dimension and epochs the code uses in each mode
        // (the KG findings use fewer seeds than the ontology findings), and no single global
        // seed default that would be wrong for some of them.
        const Help h = run_help("reproduce");
        QCOMPARE(h.code, 0);
        const auto all = kbcx::repro::reproductions();
        QVERIFY(all.size() >= 7);
        std::set<int> quick_seeds;
        for (const auto& r : all) {
            QVERIFY2(r.defaults, r.name.c_str());
            for (auto m : {kbcx::repro::Mode::Quick, kbcx::repro::Mode::Full}) {
                const auto d = r.defaults(m);
                QVERIFY2(d.seeds > 0 && d.epochs > 0 && d.dim > 0, r.name.c_str());
                if (m == kbcx::repro::Mode::Quick) quick_seeds.insert(d.seeds);
                const std::string want = std::string(m == kbcx::repro::Mode::Quick ? "quick = " : "full = ") +
                                         std::to_string(d.seeds) + (d.seeds == 1 ? " seed, " : " seeds, ") + "dim " +
                                         std::to_string(d.dim) + ", " + std::to_string(d.epochs) + " epochs";
                const std::size_t at = h.out.find("  " + r.name + ": quick = ");
                QVERIFY2(at != std::string::npos, r.name.c_str());
                const std::size_t end = h.out.find("\n  ", h.out.find("full = ", at));
                const std::string entry = h.out.substr(at, end - at);
                QVERIFY2(entry.find(want) != std::string::npos,
                         qPrintable(QString::fromStdString(entry + " lacks " + want)));
            }
        }
        // The KG findings' defaults differ from the ontology findings' (1 / 1 against 2 / 5), so
        // a single "default: quick 2, full 5" would be wrong for some.
        const auto onto = kbcx::repro::find_reproduction("gci1-inversion"),
                   kg = kbcx::repro::find_reproduction("pattern-difficulty");
        QVERIFY(onto && kg);
        QCOMPARE(onto->defaults(kbcx::repro::Mode::Quick).seeds, 2);
        QCOMPARE(onto->defaults(kbcx::repro::Mode::Full).seeds, 5);
        QCOMPARE(kg->defaults(kbcx::repro::Mode::Quick).seeds, 1);
        QCOMPARE(kg->defaults(kbcx::repro::Mode::Full).seeds, 1);
        QVERIFY(quick_seeds.size() > 1);
        QVERIFY(h.out.find("default: quick 2, full 5") == std::string::npos);
    }

    void reproduceVariantIsChecked() {
        // --variant names a version of the systems; a name no finding knows is a usage error
        // (exit 2) before anything runs, naming the valid ones.
        std::ostringstream out, err;
        QCOMPARE(kbcx::cli::run_cli(
                     {"reproduce", "negative-difficulty", "--variant", "released", "--out", "/nonexistent"}, out, err),
                 2);
        QVERIFY2(err.str().find("loginfer or kbcx") != std::string::npos, err.str().c_str());
        const Help h = run_help("reproduce");
        QVERIFY(h.out.find("--variant") != std::string::npos);
    }

    void reproduceResumeOnlyWhereItKeepsParts() {
        // --resume on a finding that stores no parts is a usage error naming the ones that do,
        // before anything runs.
        std::ostringstream out, err;
        QCOMPARE(kbcx::cli::run_cli({"reproduce", "gci1-inversion", "--resume", "--out", "/nonexistent"}, out, err), 2);
        QVERIFY2(err.str().find("negative-difficulty, pattern-difficulty") != std::string::npos, err.str().c_str());
    }

    void fileFormatsHaveExampleLines() {
        // Commands that read or write files show one line of each format (a TAB-separated example).
        for (const char* command : {"info", "eval", "count", "status", "rules", "materialise", "train", "score"}) {
            const Help h = run_help(command);
            if (h.code != 0) QFAIL(command);
            const bool example = h.out.find("<TAB>") != std::string::npos || h.out.find(":-") != std::string::npos ||
                                 h.out.find("SubClassOf") != std::string::npos;
            QVERIFY2(example, command);
        }
    }

    void topLevelHelpListsEveryCommand() {
        std::ostringstream out, err;
        QCOMPARE(kbcx::cli::run_cli({"--help"}, out, err), 0);
        for (const auto& c : kbcx::cli::commands())
            QVERIFY2(out.str().find("  " + std::string(c.name)) != std::string::npos, c.name);
    }

    void versionNamesTheLibraries() {
        const auto r = kbcx::test::run_kbcx({"--version"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("kbcx " KBCX_VERSION "\n")), qPrintable(r.out));
        for (const char* lib : {"Qt +(6\\.\\d+\\.\\d+|none)", "Eigen +3\\.\\d+\\.\\d+", "Boost +1\\.\\d+\\.\\d+",
                                "raptor2 +2\\.\\d+\\.\\d+"})
            QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\n  ") + QString::fromLatin1(lib))),
                     qPrintable(r.out));
        QCOMPARE(QString::fromStdString(kbcx::cli::version_report("kbcx", "")).section('\n', 0, 0),
                 QStringLiteral("kbcx " KBCX_VERSION));
    }
};

QTEST_APPLESS_MAIN(TestCliHelp)
#include "tst_cli_help.moc"
