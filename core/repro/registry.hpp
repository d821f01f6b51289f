// The registry of reproductions (`kbcx reproduce NAME`, Help → Reproductions): each published
// finding is a function Options → Report run as a cancellable job, written to DIR/NAME/ as
// report.md, report.json and one PNG per chart.
#pragma once

#include "common/job.hpp"
#include "repro/report.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::repro {

enum class Mode { Quick, Full };
const char* mode_name(Mode m);

/// The graph baselines of the ontology findings (TransE, DistMult, ComplEx, BoxE) by name; empty =
/// the defaults (repro/onto_lab.hpp, graph_baselines()).
struct GraphBaselineOptions {
    std::string projection; ///< onto/projection.hpp: taxonomy, taxonomy-relations, dl2vec, owl2vec, kbcx
    std::string training;   ///< embed/graph_training.hpp: pykeen or kbcx
};

/// How a reproduction runs. Zero / empty fields mean "the finding's default for the mode";
/// the reduction fields exist so that tests run a finding on a smaller configuration.
struct Options {
    Mode mode = Mode::Quick;
    int seeds = 0;                   ///< number of seeds (seeds are 1…N); 0 = mode default
    std::string out_dir;             ///< report folders go to out_dir/NAME
    int threads = 1;                 ///< worker threads of each training job
    std::string data_dir;            ///< the data folder (onto/pizza.owl, kg/…); empty = find it
    int epochs = 0;                  ///< training epochs; 0 = mode default
    int dim = 0;                     ///< embedding dimension; 0 = mode default
    std::size_t per_band = 0;        ///< test axioms per band (T+, T?, T−); 0 = mode default
    std::vector<std::string> models; ///< restrict to these models (canonical names); empty = all
    std::vector<double> p_bot;       ///< contradiction-sweep grid; empty = mode default
    std::vector<std::string> forms;  ///< restrict to these normal forms; empty = all of the finding
    std::uint32_t max_domain = 0;    ///< relative-count-ranking: largest |Δ|; 0 = mode default
    /// Reuse the finished parts an earlier run with the same settings left in out_dir/NAME/partial
    /// (findings whose units are long: pattern-difficulty's benchmarks); false = compute all again.
    bool resume = false;
    /// KG findings: which generator, by name; empty = "loginfer" (LogInfer's generator as
    /// released, K = all three splits of the source KG, every system trained with its method's
    /// own train negatives); "kbcx" = this project's generator on train.txt, no explicit train
    /// negatives. `--variant` reaches it through Reproduction::set_variant.
    std::string variant;
    GraphBaselineOptions graph; ///< ontology findings: the graph baselines' projection and training
    /// Ontology findings: which EL variant (embed::el_variants names) the EL models that have it
    /// train; the others, and all when empty, train their default variant, as `kbcx train` does.
    /// contradiction-sweep takes only "kbcx" (p⊥ is that objective's). `--variant` reaches it
    /// through Reproduction::set_variant.
    std::string el_variant;
    /// Ontology findings: train every variant of each EL model for the variant-sensitivity table;
    /// empty = the mode's default (full: on, quick: off).
    std::optional<bool> sensitivity;
};

/// The settings a finding uses in a mode when no override is given (what `kbcx reproduce
/// --help` states per finding). Zero = the finding has no such setting.
struct ModeDefaults {
    int seeds = 0;
    int epochs = 0;
    int dim = 0;
    std::size_t per_band = 0; ///< test axioms per band (ontology findings)
    std::string extra;        ///< other settings in words, e.g. "k1 = 5"
    /// "2 seeds, dim 20, 100 epochs, 30 axioms per band[, extra]".
    std::string text() const;
};

/// Runs a finding and returns its report (name, mode, wall time and folder writing are done by
/// run_reproduction). Charts are written by the caller: only Chart::file names are set here.
using ReproFunction = std::function<Report(const Options&, jobs::JobContext&)>;

struct Reproduction {
    std::string name;    ///< e.g. "rank-vs-faithfulness"
    std::string title;   ///< one line
    std::string summary; ///< what the paper found, in two sentences
    ReproFunction run;
    std::function<ModeDefaults(Mode)> defaults; ///< the mode's settings; may be empty (then unknown)
    /// Reads `--variant NAME` into the Options field this finding's family uses (KG findings:
    /// Options::variant; ontology findings: Options::el_variant) or throws std::invalid_argument
    /// with the reason and the names it takes; empty: the finding takes no variant.
    std::function<void(const std::string& name, Options& o)> set_variant;
    /// Keeps each finished part in DIR/NAME/partial/ and continues with `--resume`.
    bool resumable = false;
};

/// `--variant NAME` for `r` (through r.set_variant); throws std::invalid_argument with the message
/// "--variant NAME: <reason and the valid names>".
void apply_variant(const Reproduction& r, const std::string& name, Options& o);

/// The built-in reproductions (ontology findings 1, 2, 3, 4, 7; the KG findings are added in
/// builtin_reproductions() of registry.cpp) followed by any registered at run time, in order.
std::vector<Reproduction> reproductions();
/// Adds a reproduction (tests, plug-ins); a later registration of the same name replaces it.
void register_reproduction(Reproduction r);
/// Looks a reproduction up by name; nullptr if unknown.
std::optional<Reproduction> find_reproduction(const std::string& name);

/// What run_reproduction wrote.
struct RunOutput {
    Report report;
    std::string folder;        ///< out_dir/NAME
    std::string markdown_path; ///< folder/report.md
    std::string json_path;     ///< folder/report.json
    std::vector<std::string> chart_paths;
};

/// Runs `r` (timing it, filling name, mode, threads, data dir, start time) and writes its
/// folder. Throws kbcx::Cancelled when stopped (nothing more is written), InputError on missing
/// data or an unwritable folder.
RunOutput run_reproduction(const Reproduction& r, const Options& options, jobs::JobContext& ctx);

/// Writes report.md, report.json and every chart of `report` into `folder` (created).
RunOutput write_report(const Report& report, const std::string& folder);

/// out_dir/NAME/partial: where a finding keeps its finished units (see PartialResults).
std::string partial_folder(const Options& o, const std::string& name);

/// The current time as reports show it: "2026-11-30 09:12:03 UTC".
std::string utc_now();

/// The data folder to use when none is given (common/data_dir.hpp's search: $KBCX_DATA, the
/// source tree's data/, the installed kbc-explorer-data), or "" when there is none; a
/// reproduction run with no data folder then fails naming the places it looked at.
std::string default_data_dir();

/// `command` with each `$DATA/<file>` named as `data_dir` ships it: `<file>.gz` where only the
/// compressed file is there (the findings write the plain names; every reader reads .gz), so a
/// report's commands run as written.
std::string command_with_shipped_names(const std::string& command, const std::string& data_dir);

} // namespace kbcx::repro
