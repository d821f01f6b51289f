// Implementation of the negative-sampling sweep: test-set sampling, the runs (each a run folder,
// reused when finished), the summary statistics and the CSV/Markdown/SVG tables and charts.
#include "embed/sweep.hpp"

#include "common/error.hpp"
#include "onto/readers.hpp"
#include "reason/sampler.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kbcx::embed {

namespace {

std::string number(double v, const char* format = "%.17g") {
    if (!std::isfinite(v)) return {};
    char b[64];
    std::snprintf(b, sizeof b, format, v);
    return b;
}

/// "0.25" → "0.25", "1" → "1": the p⊥ part of a run folder name.
std::string p_label(float p) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", static_cast<double>(p));
    return b;
}

/// Reads a flat JSON object line as metrics.jsonl holds it (string keys; number, null or string
/// values); returns false if it is not one.
bool parse_flat_json(const std::string& line, std::map<std::string, double>& numbers) {
    std::size_t i = 0;
    auto ws = [&] {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
    };
    auto str = [&](std::string& out) {
        if (i >= line.size() || line[i] != '"') return false;
        ++i;
        out.clear();
        while (i < line.size() && line[i] != '"') {
            if (line[i] == '\\' && i + 1 < line.size()) ++i;
            out += line[i++];
        }
        if (i >= line.size()) return false;
        ++i;
        return true;
    };
    ws();
    if (i >= line.size() || line[i++] != '{') return false;
    for (;;) {
        ws();
        if (i < line.size() && line[i] == '}') return true;
        std::string key, text;
        if (!str(key)) return false;
        ws();
        if (i >= line.size() || line[i++] != ':') return false;
        ws();
        if (i < line.size() && line[i] == '"') {
            if (!str(text)) return false;
        } else {
            const std::size_t start = i;
            while (i < line.size() && line[i] != ',' && line[i] != '}')
                ++i;
            text = line.substr(start, i - start);
            while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
                text.pop_back();
            if (text != "null") {
                char* end = nullptr;
                const double v = std::strtod(text.c_str(), &end);
                if (end == text.c_str() || *end) return false;
                numbers[key] = v;
            }
        }
        ws();
        if (i < line.size() && line[i] == ',') {
            ++i;
            continue;
        }
        if (i < line.size() && line[i] == '}') return true;
        return false;
    }
}

} // namespace

bool finished_run_metrics(const std::string& dir, int epochs, Metrics& out) {
    std::ifstream in(dir + "/metrics.jsonl", std::ios::binary);
    if (!in) return false;
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty() && in.good()) last = line; // a line without '\n' (cut by a kill) is not complete
    std::map<std::string, double> values;
    if (last.empty() || !parse_flat_json(last, values)) return false;
    const auto e = values.find("epoch");
    // Compared as doubles: an epoch such as 1e300 or nan in a damaged file is no int.
    if (e == values.end() || e->second != static_cast<double>(epochs)) return false;
    for (const char* k : {"epoch", "loss", "seconds"})
        values.erase(k);
    out = Metrics(values.begin(), values.end());
    return true;
}

namespace {

std::string sample_tests(const SweepParams& p, jobs::JobContext& ctx) {
    onto::Ontology o = load_el_job_ontology(p.base, ctx);
    reason::StatusChecker checker(o, ctx);
    reason::SampleParams sp;
    sp.nf = p.nf;
    sp.n = p.n;
    sp.seed = p.tests_seed;
    const reason::SampleResult r = reason::sample(checker, sp, ctx);
    for (int s = 0; s < 3; ++s)
        if (r.counts[s] == 0)
            throw InputError(p.base.train.data, "the test-set sampler found no " +
                                                    std::string(reason::status_name(static_cast<reason::Status>(s))) +
                                                    " " + p.nf + " candidates: FVR needs all three classes");
    const std::string path = p.out_dir + "/tests_" + p.nf + ".tsv";
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "cannot open for writing");
    out << "status\tnf\taxiom\n";
    for (const auto& it : r.items)
        out << reason::status_name(it.status) << '\t' << it.nf << '\t' << it.axiom << '\n';
    out.close();
    if (!out) throw InputError(path, "cannot write");
    return path;
}

} // namespace

const std::vector<std::string>& sweep_metrics() {
    static const std::vector<std::string> m = {"fvr", "pair_fvr", "auc_pm", "rho_p", "mrr", "hits_at_10", "adm_at_k"};
    return m;
}

std::vector<float> parse_p_bot_list(const std::string& text) {
    std::vector<float> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::size_t used = 0;
        float v = 0;
        try {
            v = std::stof(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (item.empty() || used != item.size() || !(v >= 0 && v <= 1))
            throw std::invalid_argument("p⊥ values must be numbers in [0, 1] separated by commas, got '" + item + "'");
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    if (out.empty()) throw std::invalid_argument("no p⊥ values given");
    return out;
}

SweepResult run_sweep(const SweepParams& p, jobs::JobContext& ctx,
                      const std::function<void(const SweepRun&, std::size_t, std::size_t)>& on_run) {
    if (p.p_bots.empty()) throw InputError(p.out_dir, "no p⊥ values to sweep");
    if (p.seeds < 1) throw InputError(p.out_dir, "the sweep needs at least one seed");
    std::error_code ec;
    std::filesystem::create_directories(p.out_dir, ec);
    if (ec) throw InputError(p.out_dir, "cannot create the sweep folder: " + ec.message());
    SweepResult result;
    jobs::JobContext quiet(ctx.stop_token(), {});
    result.tests_path = p.base.tests.empty() ? sample_tests(p, quiet) : p.base.tests;
    const std::size_t total = p.p_bots.size() * static_cast<std::size_t>(p.seeds);
    std::size_t index = 0;
    ctx.report(0, total, "sweep");
    for (const float pb : p.p_bots)
        for (int s = 0; s < p.seeds; ++s) {
            ctx.throw_if_stopped();
            SweepRun run;
            run.p_bot = pb;
            run.seed = p.first_seed + static_cast<std::uint64_t>(s);
            run.run_dir = p.out_dir + "/p" + p_label(pb) + "-s" + std::to_string(run.seed);
            if (finished_run_metrics(run.run_dir, p.base.train.epochs, run.final)) {
                run.reused = true;
            } else {
                ElJobParams job = p.base;
                job.tests = result.tests_path;
                job.train.p_bot = pb;
                job.train.seed = run.seed;
                job.train.run_dir = run.run_dir;
                job.train.resume = std::filesystem::exists(run.run_dir + "/checkpoint.bin");
                const std::string msg = "p⊥ " + p_label(pb) + ", seed " + std::to_string(run.seed);
                jobs::JobContext inner(ctx.stop_token(), [&](const jobs::Progress& pr) {
                    ctx.report(index, total,
                               msg + (pr.total ? ": " + std::to_string(100 * pr.done / pr.total) + "%" : ""));
                });
                const TrainResult r = run_el_job(job, inner);
                run.final = r.valid;
                if (run.final.empty() && !finished_run_metrics(run.run_dir, p.base.train.epochs, run.final))
                    throw InputError(run.run_dir, "the run ended without an evaluation on the test set");
            }
            result.runs.push_back(run);
            ++index;
            ctx.report(index, total, "sweep");
            if (on_run) on_run(result.runs.back(), index, total);
        }
    return result;
}

std::vector<std::pair<float, std::vector<SweepStat>>> sweep_summary(const SweepResult& result,
                                                                    const std::vector<std::string>& metrics) {
    std::vector<std::pair<float, std::vector<SweepStat>>> rows;
    for (const SweepRun& r : result.runs)
        if (std::none_of(rows.begin(), rows.end(), [&](const auto& row) { return row.first == r.p_bot; }))
            rows.emplace_back(r.p_bot, std::vector<SweepStat>(metrics.size()));
    for (auto& [pb, stats] : rows)
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            std::vector<double> v;
            for (const SweepRun& r : result.runs)
                if (r.p_bot == pb)
                    if (auto it = r.final.find(metrics[m]); it != r.final.end() && std::isfinite(it->second))
                        v.push_back(it->second);
            SweepStat& st = stats[m];
            st.n = v.size();
            if (v.empty()) {
                st.mean = st.sd = NAN;
                continue;
            }
            double sum = 0;
            for (double x : v)
                sum += x;
            st.mean = sum / static_cast<double>(v.size());
            double ss = 0;
            for (double x : v)
                ss += (x - st.mean) * (x - st.mean);
            st.sd = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
        }
    return rows;
}

std::string sweep_runs_csv(const SweepResult& result, const std::vector<std::string>& metrics) {
    std::string out = "p_bot,seed,run";
    for (const auto& m : metrics)
        out += "," + m;
    out += "\n";
    for (const SweepRun& r : result.runs) {
        out += p_label(r.p_bot) + "," + std::to_string(r.seed) + "," +
               std::filesystem::path(r.run_dir).filename().string();
        for (const auto& m : metrics) {
            const auto it = r.final.find(m);
            out += "," + (it == r.final.end() ? std::string() : number(it->second));
        }
        out += "\n";
    }
    return out;
}

std::string sweep_summary_csv(const SweepResult& result, const std::vector<std::string>& metrics) {
    std::string out = "p_bot,runs";
    for (const auto& m : metrics)
        out += "," + m + "_mean," + m + "_sd";
    out += "\n";
    for (const auto& [pb, stats] : sweep_summary(result, metrics)) {
        std::size_t n = 0;
        for (const SweepRun& r : result.runs)
            n += r.p_bot == pb;
        out += p_label(pb) + "," + std::to_string(n);
        for (const SweepStat& s : stats)
            out += "," + number(s.mean) + "," + number(s.sd);
        out += "\n";
    }
    return out;
}

std::string sweep_summary_markdown(const SweepResult& result, const std::vector<std::string>& metrics,
                                   const std::string& title) {
    std::string out = "## " + title + "\n\nMean ± sample standard deviation over seeds; test set " +
                      std::filesystem::path(result.tests_path).filename().string() + ".\n\n| p⊥ | runs |";
    for (const auto& m : metrics)
        out += " " + sweep_metric_label(m) + " |";
    out += "\n|---|---|";
    for (std::size_t i = 0; i < metrics.size(); ++i)
        out += "---|";
    out += "\n";
    for (const auto& [pb, stats] : sweep_summary(result, metrics)) {
        std::size_t n = 0;
        for (const SweepRun& r : result.runs)
            n += r.p_bot == pb;
        out += "| " + p_label(pb) + " | " + std::to_string(n) + " |";
        for (const SweepStat& s : stats)
            out += s.n ? " " + number(s.mean, "%.3f") + " ± " + number(s.sd, "%.3f") + " |" : " – |";
        out += "\n";
    }
    return out;
}

std::string sweep_metric_label(const std::string& m) {
    if (m == "fvr") return "FVR";
    if (m == "pair_fvr") return "Pair-FVR";
    if (m == "auc_pm") return "AUC+/-";
    if (m == "rho_p") return "rho_P";
    if (m == "mrr") return "MRR";
    if (m == "hits_at_10") return "Hits@10";
    if (m == "adm_at_k") return "Adm@10";
    return m;
}

} // namespace kbcx::embed
