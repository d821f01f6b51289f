// Benchmark folder reader: every file goes through the KG's TSV reader into one GraphBuilder, so
// all files share ids; per-file slices of the builder's pending facts become sorted fact lists.
#include "bench/folder.hpp"

#include "common/error.hpp"
#include "kg/readers.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kbcx::bench {

namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void scan_quirks(FactList& f) {
    if (f.path.ends_with(".gz")) return;
    const std::string text = read_all(f.path);
    f.crlf = text.find("\r\n") != std::string::npos;
    f.no_final_newline = !text.empty() && text.back() != '\n';
    for (std::size_t pos = text.find("<rdf:type>"); pos != std::string::npos; pos = text.find("<rdf:type>", pos + 1))
        ++f.bracket_type_tokens;
}

std::string strip(std::string s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.pop_back();
    std::size_t b = 0;
    while (b < s.size() && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    s.erase(0, b);
    if (s.size() >= 2 && s.front() == '<' && s.back() == '>') s = s.substr(1, s.size() - 2);
    return s;
}

std::vector<std::string> read_names(const std::string& path) {
    std::vector<std::string> out;
    std::istringstream in(read_all(path));
    std::string line;
    while (std::getline(in, line)) {
        line = strip(line);
        if (!line.empty()) out.push_back(line);
    }
    return out;
}

constexpr const char* kNoTrainProblem = "benchmark folder without train.txt";

/// Whether two files hold the same bytes.
bool same_bytes(const fs::path& a, const fs::path& b) {
    std::error_code ec;
    if (fs::file_size(a, ec) != fs::file_size(b, ec) || ec) return false;
    return read_all(a.string()) == read_all(b.string());
}

std::string count_text(std::size_t n, const char* what) {
    return std::to_string(n) + " " + what;
}

} // namespace

bool BenchmarkFolder::is_positive(const GroundFact& f) const {
    for (const auto& p : pos)
        if (std::binary_search(p.facts.begin(), p.facts.end(), f)) return true;
    return false;
}

void AnchorSet::add(const GroundFact& positive) {
    if (positive.unary) {
        types_.insert(positive.pred);
        return;
    }
    subjects_.insert({positive.pred, positive.s});
    objects_.insert({positive.pred, positive.o});
}

bool AnchorSet::anchors(const GroundFact& n) const {
    return n.unary ? types_.count(n.pred) > 0 : subjects_.count({n.pred, n.s}) > 0 || objects_.count({n.pred, n.o}) > 0;
}

Anchoring anchoring(const BenchmarkFolder& b, const std::string& method, int split) {
    Anchoring a;
    const auto it = b.neg.find(method);
    if (it == b.neg.end() || split < 0 || split > 2) return a;
    const auto sp = static_cast<std::size_t>(split);
    AnchorSet positives;
    for (const GroundFact& f : b.pos[sp].facts)
        positives.add(f);
    for (const GroundFact& f : it->second[sp].facts) {
        ++a.negatives;
        a.unanchored += !positives.anchors(f);
    }
    return a;
}

std::size_t overlap(const std::vector<GroundFact>& a, const std::vector<GroundFact>& b) {
    std::size_t n = 0, i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] < b[j])
            ++i;
        else if (b[j] < a[i])
            ++j;
        else
            ++n, ++i, ++j;
    }
    return n;
}

bool is_benchmark_folder(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return false;
    const fs::path d(dir);
    return fs::is_regular_file(d / "train.txt", ec) &&
           (fs::is_regular_file(d / "valid.txt", ec) || fs::is_regular_file(d / "test.txt", ec));
}

std::string benchmark_folder_problem(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return "not a folder";
    const fs::path d(dir);
    const bool train = fs::is_regular_file(d / "train.txt", ec);
    const bool eval = fs::is_regular_file(d / "valid.txt", ec) || fs::is_regular_file(d / "test.txt", ec);
    if (train && eval) return "";
    if (!train && !eval)
        return "a folder, not a benchmark folder (none of train.txt, valid.txt, test.txt; a benchmark folder needs "
               "train.txt and valid.txt or test.txt)";
    return train ? "benchmark folder without valid.txt or test.txt" : kNoTrainProblem;
}

BenchmarkFolder read_benchmark(const std::string& dir, jobs::JobContext& ctx, bool allow_missing_train) {
    const std::string problem = benchmark_folder_problem(dir);
    if (!problem.empty() && !(allow_missing_train && problem == kNoTrainProblem)) throw InputError(dir, problem);
    BenchmarkFolder b;
    b.dir = dir;
    const fs::path d(dir);
    kg::GraphBuilder builder;
    kg::ReadOptions opts;
    opts.format = kg::Format::Tsv;
    opts.per_file_counts = false;

    struct Slice {
        FactList* list;
        std::size_t t0, t1, u0, u1;
    };
    std::vector<Slice> slices;
    auto read = [&](FactList& f, const fs::path& p) {
        f.path = p.string();
        std::error_code ec;
        if (!fs::is_regular_file(p, ec)) return;
        f.present = true;
        scan_quirks(f);
        const std::size_t t0 = builder.pending().triples().size(), u0 = builder.pending().type_facts().size();
        const kg::FileStats st = kg::read_file(f.path, opts, builder, ctx);
        f.lines = st.lines;
        slices.push_back({&f, t0, builder.pending().triples().size(), u0, builder.pending().type_facts().size()});
    };
    for (int s = 0; s < 3; ++s) {
        static const char* names[] = {"train.txt", "valid.txt", "test.txt"};
        read(b.pos[static_cast<std::size_t>(s)], d / names[s]);
    }
    // Negative files: <split>_neg_<m>.txt, methods in name order.
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(d))
        if (e.is_regular_file()) files.push_back(e.path().filename().string());
    std::sort(files.begin(), files.end());
    for (const auto& name : files)
        for (int s = 0; s < 3; ++s) {
            static const char* prefixes[] = {"train_neg_", "valid_neg_", "test_neg_"};
            const std::string pre = prefixes[s];
            if (name.starts_with(pre) && name.ends_with(".txt") && name.size() > pre.size() + 4)
                b.neg[name.substr(pre.size(), name.size() - pre.size() - 4)];
        }
    for (auto& [m, lists] : b.neg)
        for (int s = 0; s < 3; ++s) {
            static const char* prefixes[] = {"train_neg_", "valid_neg_", "test_neg_"};
            read(lists[static_cast<std::size_t>(s)], d / (prefixes[s] + m + ".txt"));
        }
    // Candidates.
    std::vector<std::string> cand_e, cand_r;
    if (fs::is_regular_file(d / "candidate_entities.txt")) {
        cand_e = read_names((d / "candidate_entities.txt").string());
        b.has_candidate_files = true;
    }
    if (fs::is_regular_file(d / "candidate_relations.txt")) {
        cand_r = read_names((d / "candidate_relations.txt").string());
        b.has_candidate_files = true;
    }
    for (const auto& n : cand_e)
        b.candidate_entities.push_back(builder.vocab().entities().intern(n));
    for (const auto& n : cand_r)
        if (!builder.is_type_predicate(n)) b.candidate_relations.push_back(builder.vocab().relations().intern(n));
    if (fs::is_regular_file(d / "rules.txt")) {
        b.has_rules = true;
        std::istringstream in(read_all((d / "rules.txt").string()));
        std::string line;
        while (std::getline(in, line)) {
            line = strip(line);
            if (!line.empty() && line[0] != '#') ++b.rules;
        }
    }
    b.has_summary = fs::is_regular_file(d / "summary.json");

    // Per-file fact lists from the builder's pending facts.
    const auto& triples = builder.pending().triples();
    const auto& types = builder.pending().type_facts();
    kg::FactStoreBuilder train_facts;
    for (const Slice& s : slices) {
        auto& facts = s.list->facts;
        for (std::size_t i = s.t0; i < s.t1; ++i)
            facts.push_back({false, triples[i].r, triples[i].s, triples[i].o});
        for (std::size_t i = s.u0; i < s.u1; ++i)
            facts.push_back({true, types[i].t, types[i].e, 0});
        const std::size_t n = facts.size();
        std::sort(facts.begin(), facts.end());
        facts.erase(std::unique(facts.begin(), facts.end()), facts.end());
        s.list->duplicates = n - facts.size();
        if (s.list == &b.pos[0]) {
            for (std::size_t i = s.t0; i < s.t1; ++i)
                train_facts.add(triples[i].s, triples[i].r, triples[i].o);
            for (std::size_t i = s.u0; i < s.u1; ++i)
                train_facts.add_type(types[i].e, types[i].t);
        }
    }
    kg::KnowledgeGraph graph = builder.finish();
    graph.facts = std::move(train_facts)
                      .build(graph.vocab.entities().size(), graph.vocab.relations().size(), graph.vocab.types().size());
    if (b.candidate_entities.empty())
        for (kg::Id e = 0; e < graph.vocab.entities().size(); ++e)
            b.candidate_entities.push_back(e);
    if (b.candidate_relations.empty())
        for (kg::Id r = 0; r < graph.vocab.relations().size(); ++r)
            b.candidate_relations.push_back(r);
    std::sort(b.candidate_entities.begin(), b.candidate_entities.end());
    b.candidate_entities.erase(std::unique(b.candidate_entities.begin(), b.candidate_entities.end()),
                               b.candidate_entities.end());
    std::sort(b.candidate_relations.begin(), b.candidate_relations.end());
    b.candidate_relations.erase(std::unique(b.candidate_relations.begin(), b.candidate_relations.end()),
                                b.candidate_relations.end());
    b.train = std::make_shared<const kg::KnowledgeGraph>(std::move(graph));

    // Notes and checks.
    auto each_list = [&](auto&& fn) {
        for (auto& p : b.pos)
            fn(p);
        for (auto& [m, lists] : b.neg)
            for (auto& l : lists)
                fn(l);
    };
    each_list([&](const FactList& f) {
        if (!f.present) return;
        const std::string name = fs::path(f.path).filename().string();
        if (f.crlf) b.notes.push_back(name + ": CRLF line ends");
        if (f.no_final_newline) b.notes.push_back(name + ": no newline at the end of the last line");
        if (f.bracket_type_tokens)
            b.notes.push_back(name + ": " + count_text(f.bracket_type_tokens, "<rdf:type> tokens read as type facts"));
        if (f.duplicates) b.warnings.push_back(name + ": " + count_text(f.duplicates, "duplicate lines"));
    });
    if (!b.pos[0].present)
        b.warnings.push_back("train.txt is missing: no train positives and no K (LogInfer's released folders ship "
                             "without it; its train.txt is K followed by the train shares)");
    if (!b.pos[1].present) b.warnings.push_back("valid.txt is missing");
    if (!b.pos[2].present) b.warnings.push_back("test.txt is missing");
    static const char* split_names[] = {"train", "valid", "test"};
    for (int x = 0; x < 3; ++x)
        for (int y = x + 1; y < 3; ++y) {
            const std::size_t n =
                overlap(b.pos[static_cast<std::size_t>(x)].facts, b.pos[static_cast<std::size_t>(y)].facts);
            if (n)
                b.warnings.push_back(std::string(split_names[x]) + " and " + split_names[y] + " share " +
                                     count_text(n, "positive facts"));
        }
    for (const auto& [m, lists] : b.neg) {
        for (int s = 0; s < 3; ++s) {
            const FactList& l = lists[static_cast<std::size_t>(s)];
            if (!l.present) {
                b.warnings.push_back(std::string(split_names[s]) + "_neg_" + m + ".txt is missing");
                continue;
            }
            std::size_t as_pos = 0;
            for (const auto& f : l.facts)
                as_pos += b.is_positive(f) ? 1 : 0;
            if (as_pos)
                b.warnings.push_back(std::string(split_names[s]) + "_neg_" + m +
                                     ".txt: " + count_text(as_pos, "negatives are positives of some split"));
            const FactList& pos = b.pos[static_cast<std::size_t>(s)];
            if (pos.present && l.lines > pos.lines)
                b.warnings.push_back(std::string(split_names[s]) + "_neg_" + m +
                                     ".txt: " + count_text(l.lines, "negative lines for") + " " +
                                     count_text(pos.lines, s == 0 ? "lines of train.txt" : "positive lines") +
                                     ": more negatives than positives");
            else if (s > 0 && pos.present && l.facts.size() < pos.facts.size())
                b.warnings.push_back(std::string(split_names[s]) + "_neg_" + m +
                                     ".txt: " + count_text(l.facts.size(), "negatives for") + " " +
                                     count_text(b.pos[static_cast<std::size_t>(s)].facts.size(), "positives"));
        }
        for (int x = 0; x < 3; ++x)
            for (int y = x + 1; y < 3; ++y) {
                const std::size_t n =
                    overlap(lists[static_cast<std::size_t>(x)].facts, lists[static_cast<std::size_t>(y)].facts);
                if (n)
                    b.warnings.push_back("negatives of " + m + " repeated in " + split_names[x] + " and " +
                                         split_names[y] + ": " + std::to_string(n));
            }
    }
    // Negative files that a sibling folder holds byte for byte.
    std::error_code ec;
    const fs::path here = fs::weakly_canonical(d, ec);
    std::vector<fs::path> siblings;
    if (!here.empty() && here.has_parent_path())
        for (const auto& e : fs::directory_iterator(here.parent_path(), ec))
            if (e.is_directory(ec) && e.path().filename() != here.filename()) siblings.push_back(e.path());
    std::sort(siblings.begin(), siblings.end());
    for (const auto& [m, lists] : b.neg)
        for (const FactList& l : lists) {
            if (!l.present || l.lines == 0) continue;
            const fs::path name = fs::path(l.path).filename();
            for (const auto& sib : siblings)
                if (fs::is_regular_file(sib / name, ec) && same_bytes(l.path, sib / name))
                    b.warnings.push_back(name.string() + " is byte-identical to ../" + sib.filename().string() + "/" +
                                         name.string());
        }
    return b;
}

} // namespace kbcx::bench
