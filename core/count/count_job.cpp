// The count job: parse, ground, count #(O), then P(α|O) per candidate with a shared
// component cache; DIMACS export and the in-place rewrite of a sample TSV with P columns.
#include "count/count_job.hpp"

#include "common/error.hpp"
#include "count/axiom_text.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kbcx::count {

namespace {
double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> f;
    std::size_t b = 0;
    while (true) {
        const std::size_t e = line.find('\t', b);
        f.push_back(line.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos) break;
        b = e + 1;
    }
    return f;
}

struct TsvLine {
    std::string raw;
    std::vector<std::string> fields;
    bool is_row = false; ///< holds a candidate
    bool is_header = false;
    std::size_t row = 0; ///< index into the candidates
};
} // namespace

std::string candidate_dimacs_path(const std::string& path, std::size_t i) {
    const std::filesystem::path p(path);
    std::filesystem::path out =
        p.parent_path() / (p.stem().string() + ".cand" + std::to_string(i) + p.extension().string());
    return out.string();
}

CountJobResult run_count(const CountJobParams& params, jobs::JobContext& ctx) {
    CountJobResult res;
    res.domain = params.domain;
    auto t = std::chrono::steady_clock::now();
    ctx.report(0, 0, "reading " + params.ontology_path, true);
    onto::Ontology o = read_axiom_text_file(params.ontology_path);
    res.concept_names = o.sig.concepts.size();
    res.role_names = o.sig.roles.size();
    res.individuals = o.sig.individuals.size();
    res.axioms = o.axioms.size();

    // The TSV is read before any counting so that a bad file fails early.
    std::vector<TsvLine> tsv;
    std::vector<std::pair<std::string, std::string>> texts; // axiom, source
    for (std::size_t i = 0; i < params.candidates.size(); ++i)
        texts.emplace_back(params.candidates[i], "--candidate " + std::to_string(i + 1));
    if (!params.candidates_path.empty()) {
        std::ifstream in(params.candidates_path, std::ios::binary);
        if (!in) throw InputError(params.candidates_path, "cannot open the candidates file");
        std::string line;
        std::size_t no = 0;
        while (std::getline(in, line)) {
            ++no;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            TsvLine l;
            l.raw = line;
            if (line.empty() || line[0] == '#') {
                tsv.push_back(std::move(l));
                continue;
            }
            l.fields = split_tabs(line);
            if (l.fields.size() < 3)
                throw InputError(params.candidates_path, no, line.size() + 1,
                                 "expected status<TAB>nf<TAB>axiom (kbcx sample's TSV)");
            if (no == 1 && l.fields[0] == "status") {
                l.is_header = true;
            } else {
                l.is_row = true;
                l.row = texts.size();
                texts.emplace_back(l.fields[2], params.candidates_path + ":" + std::to_string(no));
            }
            tsv.push_back(std::move(l));
        }
    }
    res.parse_seconds = since(t);

    t = std::chrono::steady_clock::now();
    RelativeCountOptions ro;
    ro.domain = params.domain;
    ro.counter = params.counter;
    ro.local = params.local;
    ro.source = params.ontology_path;
    RelativeCounter rc(o, ro);
    res.ground_seconds = since(t);
    ctx.throw_if_stopped();

    res.ontology = rc.count_ontology(&ctx);
    if (!params.dimacs_path.empty()) {
        write_dimacs_file(params.dimacs_path, rc.export_cnf(nullptr));
        res.dimacs_written.push_back(params.dimacs_path);
    }

    t = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < texts.size(); ++i) {
        ctx.report(i, texts.size(), "P(α|O) for the candidates");
        const auto& [text, source] = texts[i];
        std::optional<onto::Axiom> a;
        std::size_t line = 0;
        std::string file = source;
        if (auto colon = source.rfind(':'); colon != std::string::npos && !source.starts_with("--")) {
            file = source.substr(0, colon);
            line = std::stoul(source.substr(colon + 1));
        }
        try {
            a = parse_axiom_line(text, o, file, line);
        } catch (const InputError& e) {
            // report the column within the TSV line (after two fields) for a file, as is for --candidate
            throw InputError(e.file(), e.line(), e.column(), e.message() + " (in '" + text + "')");
        }
        if (!a) throw InputError(file, line, 0, "'" + text + "' is not an axiom");
        CandidateRow row;
        row.text = text;
        row.source = source;
        try {
            row.probability = rc.probability(*a, &ctx);
        } catch (const InputError& e) {
            throw InputError(file, line ? line : e.line(), e.column(), e.message() + " (candidate '" + text + "')");
        }
        if (!params.dimacs_path.empty()) {
            const std::string path = candidate_dimacs_path(params.dimacs_path, i + 1);
            Cnf cnf = rc.export_cnf(&*a);
            const std::uint32_t extra = rc.grounder().num_atoms() - rc.ontology_atoms();
            cnf.comments.push_back("O ∪ {α} for α = " + text);
            cnf.comments.push_back("P(α|O) = #(this CNF) / (#(" + params.dimacs_path + ") × 2^" +
                                   std::to_string(extra) + "), the 2^" + std::to_string(extra) +
                                   " for atoms of names not in O");
            write_dimacs_file(path, cnf);
            res.dimacs_written.push_back(path);
        }
        res.candidates.push_back(std::move(row));
    }
    res.candidate_seconds = since(t);
    ctx.report(texts.size(), texts.size(), "done", true);
    res.counter_totals = rc.counter().totals();

    if (!params.candidates_path.empty()) {
        std::ostringstream out;
        for (const TsvLine& l : tsv) {
            if (!l.is_row && !l.is_header) {
                out << l.raw << "\n";
                continue;
            }
            std::vector<std::string> f(l.fields.begin(), l.fields.begin() + std::min<std::size_t>(3, l.fields.size()));
            if (l.is_header) {
                f.push_back("P");
                f.push_back("P_decimal");
            } else {
                const Probability& p = res.candidates[l.row].probability;
                const bool ok = p.verdict != Verdict::BudgetExceeded && p.verdict != Verdict::Undefined;
                f.push_back(ok ? p.fraction() : verdict_name(p.verdict));
                f.push_back(ok ? p.decimal() : "nan");
            }
            for (std::size_t i = 3; i < l.fields.size(); ++i)
                if (i >= 5) f.push_back(l.fields[i]); // columns after an old P pair are kept
            for (std::size_t i = 0; i < f.size(); ++i)
                out << (i ? "\t" : "") << f[i];
            out << "\n";
        }
        const std::string tmp = params.candidates_path + ".tmp";
        {
            std::ofstream w(tmp, std::ios::binary);
            w << out.str();
            w.flush();
            if (!w) throw InputError(tmp, "cannot write the candidates file");
        }
        std::error_code ec;
        std::filesystem::rename(tmp, params.candidates_path, ec);
        if (ec) throw InputError(params.candidates_path, "cannot replace the file: " + ec.message());
    }
    return res;
}

} // namespace kbcx::count
