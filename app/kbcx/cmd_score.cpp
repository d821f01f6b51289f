// `kbcx score --run DIR --candidates FILE --out FILE`: scores candidate triples (triple models)
// or candidate axioms (EL models) with a run's checkpoint and writes the TSV `kbcx eval` imports.
#include "cli.hpp"
#include "commands.hpp"

#include "common/error.hpp"
#include "embed/checkpoint.hpp"
#include "embed/score_axioms.hpp"
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

int cmd_score(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("score", "--run DIR --candidates FILE --out FILE",
                "Scores candidates with the checkpoint of a training run (higher = more plausible).\n"
                "Triple models: candidate triples; one line per candidate: its fields, a tab, the score.\n"
                "EL models: candidate axioms in the text syntax (one per line, or a tests TSV\n"
                "status<TAB>nf<TAB>axiom[<TAB>P] as kbcx sample writes it); output `axiom<TAB>score` with a\n"
                "header line, the scores file kbcx eval reads. score = −(sum of the normal forms' losses).");
    p.option("run", "DIR", "run folder with checkpoint.bin (required)");
    p.option("candidates", "FILE", "one candidate per line: head<TAB>relation<TAB>tail[<TAB>more fields] (required)");
    p.option("out", "FILE", "scores file: the candidate line<TAB>score (required)");
    p.option("order", "hrt|htr", "column order of the candidate file", "hrt");
    p.epilog("output line:  /m/027rn<TAB>/location/country/form_of_government<TAB>/m/06cx9<TAB>-7.4312\n"
             "EL output line:  pizza:Margherita SubClassOf pizza:Pizza<TAB>-0.0132\n"
             "extra input fields (e.g. a status or label column) are kept between the triple and the score\n"
             "a name the model never saw is an error (file:line:column)");
    if (!p.parse(args, out)) return kOk;
    for (const char* o : {"run", "candidates", "out"})
        if (!p.has(o)) throw UsageError(std::string("--") + o + " is required");
    const bool htr = p.get("order") == "htr";

    std::vector<std::string> ents, rels;
    const std::string ckpt = p.get("run") + "/checkpoint.bin";
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
