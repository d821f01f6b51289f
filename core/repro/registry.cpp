// The registry of reproductions and the runner that times a reproduction and writes its
// folder (Markdown, JSON, PNG charts); see registry.hpp.
#include "repro/registry.hpp"

#include "common/data_dir.hpp"

#include "bench/generator.hpp"
#include "common/error.hpp"
#include "common/resources.hpp"
#include "repro/chart.hpp"
#include "repro/findings.hpp"
#include "repro/findings_go.hpp"
#include "repro/markdown.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>

namespace kbcx::repro {

const char* mode_name(Mode m) {
    return m == Mode::Full ? "full" : "quick";
}

std::string ModeDefaults::text() const {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (seeds) add(std::to_string(seeds) + (seeds == 1 ? " seed" : " seeds"));
    if (dim) add("dim " + std::to_string(dim));
    if (epochs) add(std::to_string(epochs) + " epochs");
    if (per_band) add(std::to_string(per_band) + " axioms per band");
    if (!extra.empty()) add(extra);
    return s;
}

namespace {

std::mutex& registry_mutex() {
    static std::mutex m;
    return m;
}
std::vector<Reproduction>& registered() {
    static std::vector<Reproduction> v;
    return v;
}

/// Reproduction::set_variant of the ontology finding `finding`.
std::function<void(const std::string&, Options&)> onto_variant(const std::string& finding) {
    return [finding](const std::string& name, Options& o) { set_onto_variant(finding, name, o); };
}

/// The built-in list. To add a finding: declare its function in findings.hpp, define it in
/// its own findings_*.cpp, and add one line here.
std::vector<Reproduction> builtin_reproductions() {
    return {
        {"rank-vs-faithfulness", "Ranking accuracy vs faithfulness on Pizza GCI0",
         "Seven models on Pizza's EL part: the ordering by MRR is not the ordering by Pair-FVR or ρ_P; "
         "ranking accuracy does not imply faithfulness.",
         rank_vs_faithfulness, onto_mode_defaults, onto_variant("rank-vs-faithfulness")},
        {"gci1-inversion", "The released GCI1 loss inverts conjunctive subsumption",
         "ELEmbeddings and EmEL++ with the released GCI1 loss give AUC± far below 0.5 on Pizza GCI1 (Box2EL less so); "
         "restoring term (iv) raises it.",
         gci1_inversion, onto_mode_defaults, onto_variant("gci1-inversion")},
        {"construct-dependence", "Faithfulness depends on the construct (normal form)",
         "The logic-geometric models by normal form: disjointness (GCI1_BOT) handled faithfully, conjunctive "
         "subsumption (GCI1) inverted.",
         construct_dependence, onto_mode_defaults, onto_variant("construct-dependence")},
        {"contradiction-sweep", "Contradiction negatives: p⊥ from 0 to 1",
         "The stratified sampler with a fraction p⊥ of contradiction negatives: FVR at p⊥ = 1 is below FVR at "
         "p⊥ = 0 in every panel, MRR moves the other way in some.",
         contradiction_sweep, onto_mode_defaults, onto_variant("contradiction-sweep")},
        {"relative-count-ranking", "ρ_P at the largest domain and the small-domain artefacts of P",
         "ρ_P of every model with P counted at the largest |Δ| the counter handles, and the share of undetermined "
         "axioms whose P is 0 or 1 only because Δ is small.",
         relative_count_ranking, onto_mode_defaults, onto_variant("relative-count-ranking")},
        {"negative-difficulty", "Harder negatives, lower AUC (FB15k-237, rc → rb → pa → qg)",
         "On FB15k-237 benchmarks for symmetry and intersection the mean AUC over the embedding models drops from rc "
         "to rb to pa (to qg), as LogInfer's Table 5 found.",
         negative_difficulty, [](Mode m) { return kg_mode_defaults(m, false); }, set_kg_variant, true},
        {"pattern-difficulty", "Difficulty by inference pattern (FB15k-237, WN18RR)",
         "Per pattern, AUC, F1, precision, recall, C-MRR and R-MRR of the embedding models, the AnyBURL-style rule "
         "learner and SimpBL: simple patterns easier than complex ones, rule learners strong on simple patterns, "
         "TransE weak on symmetry, DistMult weak on inversion, all beat SimpBL.",
         pattern_difficulty, [](Mode m) { return kg_mode_defaults(m, true); }, set_kg_variant, true},
        // Last: its GO files are in the shared data folder, not in the shipped data/.
        {"go-slice", "The GO slice: GCI0 and GCI1_BOT beside the paper's Tables 5 and 11",
         "A connected GO slice of about 10³ classes (GO's backbone with GO-plus-style axioms): the logic-geometric "
         "models beat the triple baselines on GCI0 and handle disjointness (GCI1_BOT) faithfully.",
         go_slice, go_mode_defaults},
    };
}

void write_text(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) throw InputError(path, "cannot open for writing");
        f << text;
        if (!f) throw InputError(path, "cannot write");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw InputError(path, "cannot rename the temporary file: " + ec.message());
}

} // namespace

void set_kg_variant(const std::string& name, Options& o) {
    if (!bench::parse_variant(name))
        throw std::invalid_argument("the KG findings run the generator loginfer or kbcx (loginfer: LogInfer's as "
                                    "released, the default; kbcx: this project's)");
    o.variant = name;
}

void apply_variant(const Reproduction& r, const std::string& name, Options& o) {
    try {
        if (!r.set_variant) throw std::invalid_argument(r.name + " takes no variant");
        r.set_variant(name, o);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--variant " + name + ": " + e.what());
    }
}

std::vector<Reproduction> reproductions() {
    std::vector<Reproduction> all = builtin_reproductions();
    std::lock_guard lock(registry_mutex());
    for (const auto& r : registered()) {
        bool replaced = false;
        for (auto& a : all)
            if (a.name == r.name) {
                a = r;
                replaced = true;
            }
        if (!replaced) all.push_back(r);
    }
    return all;
}

void register_reproduction(Reproduction r) {
    std::lock_guard lock(registry_mutex());
    for (auto& a : registered())
        if (a.name == r.name) {
            a = std::move(r);
            return;
        }
    registered().push_back(std::move(r));
}

std::optional<Reproduction> find_reproduction(const std::string& name) {
    for (auto& r : reproductions())
        if (r.name == name) return r;
    return std::nullopt;
}

std::string utc_now() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char b[40];
    std::strftime(b, sizeof b, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return b;
}

std::string partial_folder(const Options& o, const std::string& name) {
    return (std::filesystem::path(o.out_dir.empty() ? "." : o.out_dir) / name / "partial").string();
}

std::string command_with_shipped_names(const std::string& command, const std::string& data_dir) {
    static const std::string kDollar = "$DATA/";
    std::string out;
    std::size_t from = 0;
    for (std::size_t at; (at = command.find(kDollar, from)) != std::string::npos;) {
        const std::size_t begin = at + kDollar.size();
        std::size_t end = command.find_first_of(" \t;&|)", begin);
        if (end == std::string::npos) end = command.size();
        const std::string rel = command.substr(begin, end - begin);
        out += command.substr(from, end - from);
        // data_file answers `rel.gz` only when the folder holds the compressed file alone.
        if (data_file(data_dir, rel) != (std::filesystem::path(data_dir) / rel).string()) out += ".gz";
        from = end;
    }
    return out + command.substr(from);
}

std::string default_data_dir() {
    try {
        return find_data_dir();
    } catch (const InputError&) {
        return {};
    }
}

RunOutput write_report(const Report& report, const std::string& folder) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) throw InputError(folder, "cannot create the report folder: " + ec.message());
    RunOutput out;
    out.report = report;
    out.folder = folder;
    for (const auto& s : report.sections)
        for (const auto& c : s.charts) {
            if (c.file.empty()) continue;
            const std::string p = (std::filesystem::path(folder) / c.file).string();
            write_chart(p, c);
            out.chart_paths.push_back(p);
        }
    out.markdown_path = (std::filesystem::path(folder) / "report.md").string();
    out.json_path = (std::filesystem::path(folder) / "report.json").string();
    write_text(out.markdown_path, render_markdown(report));
    write_text(out.json_path, render_json(report));
    return out;
}

RunOutput run_reproduction(const Reproduction& r, const Options& options, jobs::JobContext& ctx) {
    Options o = options;
    o.data_dir = find_data_dir(o.data_dir); // the one given, or the first found; else a message
    if (o.threads < 1) o.threads = 1;
    const std::string started = utc_now();
    Stopwatch clock;
    Report rep = r.run(o, ctx);
    ctx.throw_if_stopped();
    rep.name = r.name;
    if (rep.title.empty()) rep.title = r.title;
    rep.mode = mode_name(o.mode);
    rep.threads = o.threads;
    rep.data_dir = o.data_dir;
    for (auto& c : rep.commands)
        c = command_with_shipped_names(c, o.data_dir);
    rep.started_utc = started;
    rep.wall_seconds = clock.seconds();
    const std::string folder = (std::filesystem::path(o.out_dir.empty() ? "." : o.out_dir) / r.name).string();
    return write_report(rep, folder);
}

} // namespace kbcx::repro
