// `kbcx score --run DIR --candidates FILE --out FILE`: scores candidate triples (triple models)
// or candidate axioms (EL models) with a run's checkpoint and writes the TSV `kbcx eval` imports;
// `--explain AXIOM` prints the loss terms of one score and `--geometry FILE.svg` draws them.
#include "cli.hpp"
#include "commands.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/checkpoint.hpp"
#include "embed/score_anatomy.hpp"
#include "embed/score_axioms.hpp"
#include "embed/score_geometry.hpp"
#include "embed/tests_hook.hpp"
#include "embed/train_el.hpp"
#include "embed/train_kg.hpp"
#include "eval/eval_input.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <ostream>
#include <unordered_map>

namespace kbcx::cli {

namespace {

std::vector<std::string_view> fields(std::string_view line) {
    std::vector<std::string_view> out;
    const char sep = line.find('\t') != std::string_view::npos ? '\t' : ' ';
    std::size_t i = 0;
    while (i <= line.size()) {
        const auto j = line.find(sep, i);
        const auto f = line.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
        if (!f.empty()) out.push_back(f);
        if (j == std::string_view::npos) break;
        i = j + 1;
    }
    return out;
}

/// EL checkpoints: candidates are axioms (one per line, or a tests TSV status<TAB>nf<TAB>axiom…);
/// output `axiom<TAB>score`, the scores file of `kbcx eval`.
int score_el(const std::string& ckpt, const std::string& in_path, const std::string& out_path, std::ostream& out) {
    std::ifstream in(in_path, std::ios::binary);
    if (!in) throw InputError(in_path, "cannot open");
    const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const embed::ScoredAxioms scored = embed::score_el_candidates(ckpt, in_path, content);
    std::ofstream o(out_path, std::ios::binary | std::ios::trunc);
    if (!(o << scored.to_tsv()) || !o.flush()) throw InputError(out_path, "cannot write");
    out << "scored " << scored.scores.size() << " candidate axioms with " << scored.model_name << " → " << out_path
        << "\n";
    return kOk;
}

/// FILE.svg → FILE-epoch-N.svg (one picture per kept checkpoint).
std::string per_epoch_path(const std::string& path, int epoch) {
    const auto dot = path.rfind('.');
    const auto slash = path.find_last_of('/');
    const std::string suffix = "-epoch-" + std::to_string(epoch);
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + suffix + ".svg";
    return path.substr(0, dot) + suffix + path.substr(dot);
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream o(path, std::ios::binary | std::ios::trunc);
    if (!(o << text) || !o.flush()) throw InputError(path, "cannot write");
}

/// `--explain AXIOM [--geometry FILE.svg] [--over-training]`.
int explain(const ArgParser& p, std::ostream& out) {
    const Stopwatch clock;
    const std::string run = p.get("run"), axiom = p.get("explain");
    const std::size_t neighbours = parse_count("neighbours", p.get("neighbours"));
    const bool draw = p.has("geometry");
    auto print_scene = [&](const embed::GeoScene& scene, const std::string& file, const std::string& source,
                           const embed::GeoView* view = nullptr) {
        write_text(file, embed::geometry_svg(scene, view));
        out << "# geometry → " << file << ": " << scene.shapes.size() << " shapes, neighbours from " << source
            << "; projection: " << scene.projection << "\n";
        for (const auto& n : scene.notes)
            out << "#   " << n << "\n";
    };
    if (p.has("over-training")) {
        if (draw) {
            // One projection, one set of neighbours and one scale for every frame.
            std::string source;
            const auto frames = embed::replay_over_training(run, axiom, neighbours, &source);
            std::vector<embed::GeoScene> scenes;
            for (const auto& f : frames)
                scenes.push_back(f.scene);
            const embed::GeoView view = embed::union_view(scenes);
            for (const auto& f : frames) {
                out << embed::anatomy_text(f.anatomy);
                print_scene(f.scene, per_epoch_path(p.get("geometry"), f.epoch), source, &view);
            }
        } else {
            for (const auto& a : embed::anatomy_over_training(run, axiom))
                out << embed::anatomy_text(a);
        }
    } else {
        const embed::ExplainModel model(embed::run_checkpoint(run));
        const embed::ScoreAnatomy a = model.explain(axiom);
        out << embed::anatomy_text(a);
        if (p.has("stats")) out << "# stats: explain " << clock.seconds() << " s\n";
        if (draw) {
            const Stopwatch g;
            std::string source;
            embed::GeometryOptions go;
            go.neighbours = embed::run_neighbours(run, model, a, neighbours, &source);
            print_scene(embed::score_geometry(model, a, go), p.get("geometry"), source);
            if (p.has("stats")) out << "# stats: geometry " << g.seconds() << " s\n";
        }
    }
    if (p.has("stats"))
        out << "# stats: total " << clock.seconds() << " s, peak memory " << human_bytes(peak_memory_bytes()) << "\n";
    return kOk;
}

int cmd_score(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("score",
                "--run DIR (--candidates FILE --out FILE | --explain AXIOM [--geometry FILE.svg] [--over-training])",
                "Scores candidates with the checkpoint of a training run (higher = more plausible).\n"
                "Triple models: candidate triples; one line per candidate: its fields, a tab, the score.\n"
                "EL models: candidate axioms in the text syntax (one per line, or a tests TSV\n"
                "status<TAB>nf<TAB>axiom[<TAB>P] as kbcx sample writes it); output `axiom<TAB>score` with a\n"
                "header line, the scores file kbcx eval reads. score = −(sum of the normal forms' losses).\n"
                "--explain AXIOM: the anatomy of one score instead: per loss term `NAME<TAB>VALUE` (its\n"
                "contribution to the loss) and a `#` line with its hinge and the parameters it reads, then\n"
                "`loss<TAB>VALUE` (their sum) and `score<TAB>VALUE` (= −loss, the score above). Triple models\n"
                "explain a triple `h r t`, or an axiom on the graph projection (A SubClassOf B as\n"
                "(A, SubClassOf, B), A SubClassOf r some B as (A, r, B)).");
    p.option("run", "DIR", "run folder with checkpoint.bin (required)");
    p.option("candidates", "FILE",
             "one candidate per line: head<TAB>relation<TAB>tail[<TAB>more fields] (required unless --explain)");
    p.option("out", "FILE", "scores file: the candidate line<TAB>score (required unless --explain)");
    p.option("order", "hrt|htr", "column order of the candidate file", "hrt");
    p.option("explain", "AXIOM", "print the loss terms of this axiom's score (instead of --candidates)");
    p.option("geometry", "FILE.svg",
             "with --explain: draw the axiom's concepts and their neighbours as the model sees them (balls, boxes, "
             "translations) projected to a plane, with its distortion; without it, no picture");
    p.option("neighbours", "N", "with --geometry: neighbours drawn (told in the run's ontology, else nearest)",
             std::to_string(embed::kDefaultGeometryNeighbours));
    p.flag("over-training", "with --explain: at every checkpoint kept by kbcx train --keep-checkpoints; --geometry "
                            "FILE.svg then writes FILE-epoch-N.svg per checkpoint");
    p.flag("stats", "with --explain: print the time taken and the peak memory");
    p.epilog("output line:  /m/027rn<TAB>/location/country/form_of_government<TAB>/m/06cx9<TAB>-7.4312\n"
             "EL output line:  pizza:Margherita SubClassOf pizza:Pizza<TAB>-0.0132\n"
             "extra input fields (e.g. a status or label column) are kept between the triple and the score\n"
             "a name the model never saw is an error (file:line:column)\n"
             "--explain output lines:  GCI0 [‖c(A) − c(B)‖ + |ρ(A)| − |ρ(B)|]₊<TAB>0.412  then  loss<TAB>0.412,\n"
             "  score<TAB>-0.412; `#` lines carry the hinge and the parameters read\n"
             "example: kbcx score --run runs/b --explain \"A SubClassOf r some B\" --geometry ab.svg");
    if (!p.parse(args, out)) return kOk;
    if (p.has("explain")) {
        if (!p.has("run")) throw UsageError("--run is required");
        if (p.has("candidates") || p.has("out"))
            throw UsageError("--explain scores one axiom: drop --candidates and --out");
        return explain(p, out);
    }
    for (const char* o : {"geometry", "over-training"})
        if (p.has(o)) throw UsageError(std::string("--") + o + " needs --explain AXIOM");
    for (const char* o : {"run", "candidates", "out"})
        if (!p.has(o)) throw UsageError(std::string("--") + o + " is required");
    const bool htr = p.get("order") == "htr";

    std::vector<std::string> ents, rels;
    const std::string ckpt = embed::run_checkpoint(p.get("run"));
    if (embed::is_el_checkpoint(ckpt)) return score_el(ckpt, p.get("candidates"), p.get("out"), out);
    const auto model = embed::load_kg_model(ckpt, &ents, &rels);
    std::unordered_map<std::string_view, kg::Id> eid, rid;
    for (kg::Id i = 0; i < ents.size(); ++i)
        eid.emplace(ents[i], i);
    for (kg::Id i = 0; i < rels.size(); ++i)
        rid.emplace(rels[i], i);

    const std::string in_path = p.get("candidates"), out_path = p.get("out");
    std::ifstream in(in_path, std::ios::binary);
    if (!in) throw InputError(in_path, "cannot open");
    std::string result;
    std::string line;
    std::size_t lineno = 0, scored = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const auto f = fields(line);
        if (f.size() < 3) throw InputError(in_path, lineno, 1, "expected head, relation and tail");
        const std::string_view h = f[0], r = htr ? f[2] : f[1], t = htr ? f[1] : f[2];
        auto col = [&](std::string_view x) { return static_cast<std::size_t>(x.data() - line.data()) + 1; };
        const auto hi = eid.find(h), ti = eid.find(t);
        const auto ri = rid.find(r);
        if (hi == eid.end()) throw InputError(in_path, lineno, col(h), "unknown entity '" + std::string(h) + "'");
        if (ti == eid.end()) throw InputError(in_path, lineno, col(t), "unknown entity '" + std::string(t) + "'");
        if (ri == rid.end()) throw InputError(in_path, lineno, col(r), "unknown relation '" + std::string(r) + "'");
        char b[32];
        std::snprintf(b, sizeof b, "%.9g", static_cast<double>(model->score(hi->second, ri->second, ti->second)));
        result += line + "\t" + b + "\n";
        ++scored;
    }
    std::ofstream o(out_path, std::ios::binary | std::ios::trunc);
    if (!(o << result) || !o.flush()) throw InputError(out_path, "cannot write");
    out << "scored " << scored << " candidates with " << model->name() << " → " << out_path << "\n";
    return kOk;
}

} // namespace

KBCX_COMMAND("score", "score candidate triples with a training run's checkpoint", cmd_score);

} // namespace kbcx::cli
