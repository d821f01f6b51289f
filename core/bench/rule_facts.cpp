// facts_by_rule.tsv writer and reader, and the rules.txt reader for both layouts (ours with
// pattern and counts, LogInfer's plain rule lines).
#include "bench/rule_facts.hpp"

#include "common/error.hpp"
#include "common/text.hpp"
#include "kg/knowledge_graph.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kbcx::bench {

namespace fs = std::filesystem;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Splits `line` at tabs; columns are 1-based positions of each field's first character.
std::vector<std::pair<std::string_view, std::size_t>> tab_fields(std::string_view line) {
    std::vector<std::pair<std::string_view, std::size_t>> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        out.emplace_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start),
                         start + 1);
        if (tab == std::string_view::npos) break;
        start = tab + 1;
    }
    return out;
}

std::optional<std::uint64_t> parse_count(std::string_view s) {
    std::uint64_t v = 0;
    if (s.empty()) return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

bool is_type_token(std::string_view r) {
    return r == "rdf:type" || r == kg::kRdfType;
}

} // namespace

void write_rule_facts(const Generated& g, const std::string& dir) {
    const kg::Vocabulary& v = g.params.graph->vocab;
    const std::string path = (fs::path(dir) / kRuleFactsFile).string();
    std::string text = "# rule\tsplit\tkind\th\tr\tt (rule: 1-based line of rules.txt; kind: pos or the negative's "
                       "method, for the rule of the positive it was drawn for)\n";
    for (int s : {kTrain, kValid, kTest}) {
        const auto su = static_cast<std::size_t>(s);
        const std::string split(split_name(s));
        for (const Positive& p : g.positives[su]) {
            text += std::to_string(p.rule + 1) + "\t" + split + "\tpos\t";
            append_fact_line(text, v, p.fact);
        }
        for (const Negative& n : g.negatives[su]) {
            // A negative aimed at no rule (loginfer: rb, or drawn for a line of K) has no line.
            if (n.rule == kNoIndex) continue;
            const std::uint32_t rule = n.rule;
            std::string kind(neg_name(g.params.neg));
            if (n.method != g.params.neg) kind += "/" + std::string(neg_name(n.method));
            text += std::to_string(rule + 1) + "\t" + split + "\t" + kind + "\t";
            append_fact_line(text, v, n.fact);
        }
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "cannot write file");
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) throw InputError(path, "write failed");
}

std::vector<FolderRule> read_rules_file(const std::string& path) {
    std::vector<FolderRule> rules;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return rules;
    const std::string text = read_text(path);
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t nl = rest.find('\n');
        std::string_view line = trim_blanks(rest.substr(0, nl));
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        if (line.empty() || line.front() == '#') continue;
        FolderRule r;
        const auto fields = tab_fields(line);
        bool ours = fields.size() >= 7;
        std::array<std::optional<std::uint64_t>, 5> counts;
        for (std::size_t i = 0; ours && i < 5; ++i) {
            counts[i] = parse_count(fields[i + 1].first);
            ours = counts[i].has_value();
        }
        if (ours) {
            r.pattern = std::string(fields[0].first);
            r.support = counts[0];
            r.new_conclusions = counts[1];
            r.positives = std::array<std::uint64_t, 3>{*counts[2], *counts[3], *counts[4]};
            // The rule text is everything after the sixth tab.
            r.text = std::string(trim_blanks(line.substr(fields[6].second - 1)));
        } else {
            r.text = std::string(line);
        }
        rules.push_back(std::move(r));
    }
    return rules;
}

RuleFacts read_rule_facts(const BenchmarkFolder& folder, std::size_t num_rules, jobs::JobContext& ctx) {
    RuleFacts out;
    const std::string path = (fs::path(folder.dir) / kRuleFactsFile).string();
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return out;
    out.present = true;
    out.positives.resize(num_rules);
    out.negatives.resize(num_rules);
    const kg::Vocabulary& v = folder.train->vocab;
    const std::string text = read_text(path);
    std::string_view rest(text);
    std::size_t line_no = 0;
    auto find_id = [&](const kg::Interner& names, std::string_view name, std::size_t col, const char* what) {
        const kg::Id id = names.find(unbracket(name));
        if (id == kg::kNoId)
            throw InputError(path, line_no, col,
                             std::string(what) + " '" + std::string(name) + "' appears in no file of the folder");
        return id;
    };
    while (!rest.empty()) {
        const std::size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        ++line_no;
        if ((line_no & 0xffff) == 0) {
            ctx.throw_if_stopped();
            ctx.report(text.size() - rest.size(), text.size(), "Reading facts_by_rule.tsv");
        }
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim_blanks(line).empty() || line.front() == '#') continue;
        const auto f = tab_fields(line);
        if (f.size() != 6)
            throw InputError(path, line_no, 1,
                             "expected 6 tab-separated fields (rule, split, kind, h, r, t), found " +
                                 std::to_string(f.size()));
        const auto rule = parse_count(f[0].first);
        if (!rule || *rule < 1 || *rule > num_rules)
            throw InputError(path, line_no, f[0].second,
                             "rule number '" + std::string(f[0].first) + "' is not between 1 and " +
                                 std::to_string(num_rules) + " (the rule lines of rules.txt)");
        int split = -1;
        for (int s : {kTrain, kValid, kTest})
            if (f[1].first == split_name(s)) split = s;
        if (split < 0)
            throw InputError(path, line_no, f[1].second,
                             "unknown split '" + std::string(f[1].first) + "' (train, valid or test)");
        std::string_view kind = f[2].first, drawn = f[2].first;
        if (const std::size_t slash = kind.find('/'); slash != std::string_view::npos) {
            drawn = kind.substr(slash + 1);
            kind = kind.substr(0, slash);
        }
        if (kind != "pos" && (!parse_neg(kind) || !parse_neg(drawn)))
            throw InputError(path, line_no, f[2].second,
                             "unknown kind '" + std::string(f[2].first) + "' (pos, rc, rb, pa, qg or qg/pa)");
        GroundFact fact{};
        const std::string_view rel = unbracket(f[4].first);
        fact.s = find_id(v.entities(), f[3].first, f[3].second, "entity");
        if (is_type_token(rel)) {
            fact.unary = true;
            fact.pred = find_id(v.types(), f[5].first, f[5].second, "type");
            fact.o = 0;
        } else {
            fact.pred = find_id(v.relations(), rel, f[4].second, "relation");
            fact.o = find_id(v.entities(), f[5].first, f[5].second, "entity");
        }
        const auto su = static_cast<std::size_t>(split);
        const std::size_t r = static_cast<std::size_t>(*rule - 1);
        const std::vector<GroundFact>* list = nullptr;
        if (kind == "pos") {
            out.positives[r][su].push_back(fact);
            list = &folder.pos[su].facts;
        } else {
            out.negatives[r].push_back({fact, static_cast<std::uint8_t>(split), std::string(kind), std::string(drawn)});
            const auto it = folder.neg.find(std::string(kind));
            if (it != folder.neg.end()) list = &it->second[su].facts;
        }
        if (!list || !std::binary_search(list->begin(), list->end(), fact)) ++out.not_in_split;
    }
    return out;
}

} // namespace kbcx::bench
