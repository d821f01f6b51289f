// The negative-sampling sweep: one EL training run per (p⊥, seed) on an ontology, each in its
// own run folder, evaluated on one test set of a normal form, and the table of final metrics
// (per run, and mean ± standard deviation over seeds per p⊥) as CSV, Markdown, SVG and PNG.
#pragma once

#include "embed/el_job.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kbcx::embed {

struct SweepParams {
    /// The run template: data, model, hyperparameters, pool. Its p_bot, seed, run_dir and resume
    /// are set per run; base.tests, when set, replaces the sampled test set.
    ElJobParams base;
    std::string nf = "GCI0";      ///< normal form of the sampled test set (reason::sample)
    std::size_t n = 100;          ///< candidates per status (T+, T?, T−) of the sampled test set
    std::uint64_t tests_seed = 1; ///< seed of the test-set sampler
    std::vector<float> p_bots;    ///< the values of p⊥, in the order they are run
    int seeds = 3;                ///< seeds 0 … seeds−1 (plus first_seed)
    std::uint64_t first_seed = 0;
    std::string out_dir; ///< runs go to out_dir/p<value>-s<seed>/
};

/// One finished run.
struct SweepRun {
    float p_bot = 0;
    std::uint64_t seed = 0;
    std::string run_dir;
    Metrics final;       ///< the last evaluation on the test set
    bool reused = false; ///< the folder held this finished run already (not retrained)
};

struct SweepResult {
    std::string tests_path; ///< the test set every run was evaluated on
    std::vector<SweepRun> runs;
};

/// Mean and sample standard deviation (n − 1 in the denominator; 0 for a single value) of one
/// metric over the seeds of one p⊥; n = number of runs that reported the metric.
struct SweepStat {
    double mean = 0, sd = 0;
    std::size_t n = 0;
};

/// The metrics the tables list, in order: fvr, pair_fvr, auc_pm, rho_p, mrr, hits_at_10, adm_at_k.
const std::vector<std::string>& sweep_metrics();

/// Runs the sweep: samples the test set (out_dir/tests_<nf>.tsv) unless base.tests is given,
/// then trains each (p⊥, seed) in turn. A run folder whose metrics.jsonl already reaches the last
/// epoch is not retrained (its last line is read), so an interrupted sweep continues where it
/// stopped; a folder with an unfinished run is resumed from its checkpoint. `on_run` is called
/// after each run. Progress: runs done of runs planned.
SweepResult run_sweep(const SweepParams& params, jobs::JobContext& ctx,
                      const std::function<void(const SweepRun&, std::size_t index, std::size_t total)>& on_run = {});

/// The metrics of the last complete line of DIR/metrics.jsonl if that line reports epoch
/// `epochs` (epoch, loss and seconds left out); false for a missing file, an unterminated or
/// malformed last line, or another epoch. How a sweep recognises a finished run.
bool finished_run_metrics(const std::string& dir, int epochs, Metrics& out);

/// Per p⊥ (in first-appearance order) and metric.
std::vector<std::pair<float, std::vector<SweepStat>>> sweep_summary(const SweepResult& result,
                                                                    const std::vector<std::string>& metrics);

/// runs.csv: p_bot,seed,run,<metric>… (full precision, empty when absent).
std::string sweep_runs_csv(const SweepResult& result, const std::vector<std::string>& metrics);
/// summary.csv: p_bot,runs,<metric>_mean,<metric>_sd…
std::string sweep_summary_csv(const SweepResult& result, const std::vector<std::string>& metrics);
/// summary.md: a Markdown table "p⊥ | runs | FVR | … " with "mean ± sd" cells (3 decimals).
std::string sweep_summary_markdown(const SweepResult& result, const std::vector<std::string>& metrics,
                                   const std::string& title);

/// Chart of mean ± sd against p⊥, one panel per metric in `metrics` (error bars = ± sd).
std::string sweep_chart_svg(const SweepResult& result, const std::vector<std::string>& metrics,
                            const std::string& title);
/// The same chart as a PNG (own rasteriser, zlib); throws InputError if the file cannot be written.
void write_sweep_chart_png(const std::string& path, const SweepResult& result, const std::vector<std::string>& metrics,
                           const std::string& title);

/// "fvr" → "FVR", "pair_fvr" → "Pair-FVR", … (ASCII, for the tables and charts).
std::string sweep_metric_label(const std::string& metric);

/// Parses "0,0.25,0.5" into values in [0, 1]; throws std::invalid_argument otherwise.
std::vector<float> parse_p_bot_list(const std::string& text);

} // namespace kbcx::embed
