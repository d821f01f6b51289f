// Scoring candidate axioms with a trained EL model's checkpoint (see score_axioms.hpp): the
// input reading shared by the CLI and the GUI, and the scores-file rendering.
#include "embed/score_axioms.hpp"

#include "common/error.hpp"
#include "embed/checkpoint.hpp"
#include "embed/el_data.hpp"
#include "embed/el_models.hpp"
#include "embed/train_el.hpp"
#include "eval/eval_input.hpp"

#include <cmath>
#include <cstdio>

namespace kbcx::embed {

std::string ScoredAxioms::to_tsv() const {
    std::string out = "axiom\tscore\n";
    char b[32];
    for (const auto& [axiom, score] : scores) {
        std::snprintf(b, sizeof b, "%.9g", score);
        out += axiom;
        out += '\t';
        out += b;
        out += '\n';
    }
    return out;
}

std::string no_loss_message(const ElModel& model, const std::string& norm) {
    // mOWL's models (variants mowl, paper) embed classes and roles only: no individuals.
    const ElVariant v = model.config().variant;
    const std::string why = v == ElVariant::Kbcx ? std::string()
                                                 : " (the " + std::string(el_variant_name(v)) +
                                                       " variant, as mOWL, embeds no individuals and no role axioms; "
                                                       "a run trained with --variant kbcx scores them)";
    return model.name() + " has no loss for this kind of axiom: " + norm + why;
}

bool is_el_checkpoint(const std::string& checkpoint) {
    return read_checkpoint(checkpoint).get("kind") == "el-model";
}

ScoredAxioms score_el_candidates(const std::string& checkpoint, const std::string& name, std::string_view content) {
    ElNames names;
    const auto model = load_el_model(checkpoint, &names);
    const AxiomTranslator translator(names);
    const ElAxiomScorer scorer(*model);
    ScoredAxioms result;
    result.model_name = model->name();
    std::size_t lineno = 0, pos = 0;
    while (pos < content.size()) {
        const auto end = content.find('\n', pos);
        std::string_view line = content.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        pos = end == std::string_view::npos ? content.size() : end + 1;
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty() || line[0] == '#') continue;
        std::string_view axiom = line;
        std::size_t col = 1;
        const auto tab = line.find('\t');
        if (tab != std::string_view::npos) {
            const std::string_view first = line.substr(0, tab);
            if ((first == "status" || first == "axiom") && result.scores.empty()) continue; // a header
            if (eval::parse_status(first)) {
                const auto tab2 = line.find('\t', tab + 1);
                if (tab2 == std::string_view::npos)
                    throw InputError(name, lineno, tab + 2, "expected status<TAB>nf<TAB>axiom");
                const auto tab3 = line.find('\t', tab2 + 1);
                axiom =
                    line.substr(tab2 + 1, tab3 == std::string_view::npos ? std::string_view::npos : tab3 - tab2 - 1);
                col = tab2 + 2;
            } else {
                axiom = first; // axiom<TAB>anything: score the axiom
            }
        }
        const std::string norm = eval::normalise_axiom(axiom);
        const auto parts = translator.translate(norm, name, lineno);
        if (!parts)
            throw InputError(name, lineno, col,
                             "the axiom's normal forms need fresh names, which the model has no embedding for: " +
                                 norm);
        const double s = score_axiom_parts(scorer, *parts);
        if (std::isnan(s)) throw InputError(name, lineno, col, no_loss_message(*model, norm));
        result.scores.emplace_back(norm, s);
    }
    return result;
}

} // namespace kbcx::embed
