// Writing a generated benchmark as a folder: the split files of positives and of each negative
// method, the rules with their supports, and meta.json, in the layout `kbcx generate` documents.
#include "bench/generator.hpp"
#include "bench/rule_facts.hpp"

#include "common/error.hpp"
#include "common/json.hpp"

#include <filesystem>
#include <fstream>
#include <string>

namespace kbcx::bench {

namespace {

std::string fact_line(const kg::Vocabulary& v, const GroundFact& f) {
    std::string line;
    append_fact_line(line, v, f);
    return line;
}

class OutFile {
  public:
    OutFile(const std::filesystem::path& p) : path_(p.string()), out_(p, std::ios::binary | std::ios::trunc) {
        if (!out_) throw InputError(path_, "cannot write file");
    }
    void write(const std::string& s) {
        buf_ += s;
        if (buf_.size() > (1u << 20)) flush();
    }
    void close() {
        flush();
        out_.close();
        if (!out_) throw InputError(path_, "write failed");
    }

  private:
    void flush() {
        out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
        buf_.clear();
        if (!out_) throw InputError(path_, "write failed");
    }
    std::string path_;
    std::ofstream out_;
    std::string buf_;
};

} // namespace

void append_fact_line(std::string& out, const kg::Vocabulary& v, const GroundFact& f) {
    out += v.entities().name(f.s);
    out += '\t';
    if (f.unary) {
        out += "rdf:type\t";
        out += v.types().name(f.pred);
    } else {
        out += v.relations().name(f.pred);
        out += '\t';
        out += v.entities().name(f.o);
    }
    out += '\n';
}

void write_benchmark(const Generated& gen, const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw InputError(dir, "cannot create output folder: " + ec.message());
    const kg::KnowledgeGraph& g = *gen.params.graph;
    const kg::Vocabulary& v = g.vocab;
    const fs::path d(dir);
    {
        OutFile f(d / "train.txt");
        g.facts.for_each_fact([&](const kg::Triple& t) { f.write(fact_line(v, {false, t.r, t.s, t.o})); });
        for (kg::Id t = 0; t < g.facts.num_types(); ++t)
            for (kg::Id e : g.facts.instances(t))
                f.write(fact_line(v, {true, t, e, 0}));
        for (const auto& p : gen.positives[kTrain])
            f.write(fact_line(v, p.fact));
        f.close();
    }
    for (int s : {kValid, kTest}) {
        OutFile f(d / (std::string(split_name(s)) + ".txt"));
        for (const auto& p : gen.positives[static_cast<std::size_t>(s)])
            f.write(fact_line(v, p.fact));
        f.close();
    }
    const std::string m(neg_name(gen.params.neg));
    for (int s : {kTrain, kValid, kTest}) {
        OutFile f(d / (std::string(split_name(s)) + "_neg_" + m + ".txt"));
        for (const auto& n : gen.negatives[static_cast<std::size_t>(s)])
            f.write(fact_line(v, n.fact));
        f.close();
    }
    {
        OutFile f(d / "rules.txt");
        f.write("# pattern\tsupport\tnew\ttrain\tvalid\ttest\trule\n");
        for (const auto& r : gen.rules)
            f.write(r.pattern + "\t" + std::to_string(r.support) + "\t" + std::to_string(r.new_conclusions) + "\t" +
                    std::to_string(r.positives[kTrain]) + "\t" + std::to_string(r.positives[kValid]) + "\t" +
                    std::to_string(r.positives[kTest]) + "\t" + r.text + "\n");
        f.close();
    }
    if (gen.pools) {
        // loginfer: rb's pools, as the release's split.py writes them (type heads as rdf:type).
        OutFile f(d / "candidate_entities.txt");
        for (kg::Id e : gen.pool_entities)
            f.write(std::string(v.entities().name(e)) + "\n");
        f.close();
        OutFile r(d / "candidate_relations.txt");
        for (kg::Id x : gen.pool_relations)
            r.write(std::string(v.relations().name(x)) + "\n");
        if (!gen.pool_types.empty()) r.write("rdf:type\n");
        r.close();
    } else {
        OutFile f(d / "candidate_entities.txt");
        for (kg::Id e = 0; e < g.facts.num_entities(); ++e)
            f.write(std::string(v.entities().name(e)) + "\n");
        f.close();
        OutFile r(d / "candidate_relations.txt");
        for (kg::Id x = 0; x < g.facts.num_relations(); ++x)
            r.write(std::string(v.relations().name(x)) + "\n");
        r.close();
    }
    JsonWriter j(true);
    const GenerateParams& p = gen.params;
    j.begin_object();
    j.field("generator", std::string("kbcx generate ") + KBCX_VERSION);
    j.key("parameters").begin_object();
    j.key("patterns").begin_array();
    for (auto pat : p.patterns)
        j.value(rules::pattern_name(pat));
    j.end_array();
    j.field("variant", std::string(variant_name(p.variant)))
        .field("filter", std::string(filter_name(effective_filter(p))))
        .field("neg", m);
    // k1, k2: a number, or "all" where the generator kept every rule or conclusion (kAll)
    for (const auto& [key, limit] : {std::pair{"k1", p.k1}, std::pair{"k2", p.k2}}) {
        if (limit == kAll)
            j.field(key, limit_text(limit));
        else
            j.field(key, static_cast<std::uint64_t>(limit));
    }
    j.field("split", std::to_string(p.ratio[0]) + ":" + std::to_string(p.ratio[1]) + ":" + std::to_string(p.ratio[2]))
        .field("seed", p.seed)
        .field("max_attempts", static_cast<std::uint64_t>(p.max_attempts));
    j.end_object();
    j.key("kg")
        .begin_object()
        .field("facts", static_cast<std::uint64_t>(g.facts.num_facts()))
        .field("type_facts", static_cast<std::uint64_t>(g.facts.num_type_facts()))
        .field("entities", static_cast<std::uint64_t>(g.facts.num_entities()))
        .field("relations", static_cast<std::uint64_t>(g.facts.num_relations()))
        .end_object();
    j.key("sizes").begin_object();
    for (int s : {kTrain, kValid, kTest}) {
        const auto su = static_cast<std::size_t>(s);
        j.key(split_name(s)).begin_object();
        if (s == kTrain) j.field("facts", static_cast<std::uint64_t>(train_lines(gen)));
        j.field("positives", static_cast<std::uint64_t>(gen.positives[su].size()))
            .field("negatives", static_cast<std::uint64_t>(gen.negatives[su].size()));
        if (p.neg == NegMethod::QG && p.variant == Variant::LogInfer)
            j.field("qg_one_premise", static_cast<std::uint64_t>(gen.qg_drawn[su]));
        else if (p.neg == NegMethod::QG)
            j.field("qg_quota", static_cast<std::uint64_t>(gen.qg_quota[su]))
                .field("qg_from_sub_rules", static_cast<std::uint64_t>(gen.qg_drawn[su]));
        j.end_object();
    }
    j.end_object();
    if (gen.pools)
        j.key("rb_pools")
            .begin_object()
            .field("entities", static_cast<std::uint64_t>(gen.pool_entities.size()))
            .field("relations", static_cast<std::uint64_t>(gen.pool_relations.size() + gen.pool_types.size()))
            .end_object();
    if (p.neg == NegMethod::QG && p.variant == Variant::LogInfer)
        j.field("qg_pool", static_cast<std::uint64_t>(gen.qg_pool));
    j.field("rules_kept", static_cast<std::uint64_t>(gen.rules.size()))
        .field("complex_rules", static_cast<std::uint64_t>(gen.complex_rules));
    j.key("shortfalls").begin_array();
    for (const auto& s : gen.shortfalls)
        j.value(s);
    j.end_array();
    j.key("rules").begin_array();
    for (const auto& r : gen.rules) {
        j.begin_object()
            .field("rule", r.text)
            .field("pattern", r.pattern)
            .field("support", r.support)
            .field("new_conclusions", r.new_conclusions)
            .field("sampled", static_cast<std::uint64_t>(r.sampled))
            .field("shared_with_earlier_rules", static_cast<std::uint64_t>(r.shared));
        for (const char* what : {"positives", "negatives"}) {
            const auto& a = what[0] == 'p' ? r.positives : r.negatives;
            j.key(what).begin_object();
            for (int s : {kTrain, kValid, kTest})
                j.field(split_name(s), static_cast<std::uint64_t>(a[static_cast<std::size_t>(s)]));
            j.end_object();
        }
        j.end_object();
    }
    j.end_array();
    j.end_object();
    OutFile f(d / "summary.json");
    f.write(j.str() + "\n");
    f.close();
    write_rule_facts(gen, dir);
}

} // namespace kbcx::bench
