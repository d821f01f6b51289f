// Engine export: reads the folder through read_benchmark (so every check and quirk of our own
// readers applies), then writes each engine's files and a README with its commands.
#include "bench/engine_export.hpp"

#include "bench/folder.hpp"
#include "common/error.hpp"
#include "common/text.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <unordered_map>

namespace kbcx::bench {

namespace fs = std::filesystem;

std::string_view engine_format_name(EngineFormat f) {
    switch (f) {
    case EngineFormat::DglKe: return "dglke";
    case EngineFormat::PyKeen: return "pykeen";
    case EngineFormat::LibKge: return "libkge";
    }
    return "?";
}

std::optional<EngineFormat> parse_engine_format(std::string_view name) {
    const std::string n = ascii_lower(name);
    if (n == "dglke" || n == "dgl-ke") return EngineFormat::DglKe;
    if (n == "pykeen") return EngineFormat::PyKeen;
    if (n == "libkge" || n == "kge") return EngineFormat::LibKge;
    return std::nullopt;
}

namespace {

/// Names of a fact as an engine sees it: (head, relation, tail); T(e) is (e, rdf:type, T).
struct NamedTriple {
    std::string_view h, r, t;
};

NamedTriple named(const kg::Vocabulary& v, const GroundFact& f) {
    if (f.unary) return {v.entities().name(f.s), "rdf:type", v.types().name(f.pred)};
    return {v.entities().name(f.s), v.relations().name(f.pred), v.entities().name(f.o)};
}

/// Dense indices by first appearance, as the engines' own preprocessing assigns them.
class IndexMap {
  public:
    std::size_t id(std::string_view name) {
        auto [it, fresh] = index_.try_emplace(std::string(name), names_.size());
        if (fresh) names_.emplace_back(name);
        return it->second;
    }
    const std::vector<std::string>& names() const { return names_; }

  private:
    std::unordered_map<std::string, std::size_t> index_;
    std::vector<std::string> names_;
};

class Writer {
  public:
    Writer(const fs::path& dir, std::string name, std::vector<std::string>& files)
        : path_((dir / name).string()), out_(path_, std::ios::binary | std::ios::trunc) {
        if (!out_) throw InputError(path_, "cannot write file");
        files.push_back(std::move(name));
    }
    Writer& operator<<(std::string_view s) {
        out_ << s;
        return *this;
    }
    Writer& operator<<(std::size_t n) {
        out_ << n;
        return *this;
    }
    void close() {
        out_.close();
        if (!out_) throw InputError(path_, "write failed");
    }

  private:
    std::string path_;
    std::ofstream out_;
};

void write_names(const fs::path& dir, const std::string& file, const kg::Vocabulary& v,
                 const std::vector<GroundFact>& facts, std::vector<std::string>& files) {
    Writer w(dir, file, files);
    for (const auto& f : facts) {
        const NamedTriple n = named(v, f);
        w << n.h << "\t" << n.r << "\t" << n.t << "\n";
    }
    w.close();
}

void write_ids(const fs::path& dir, const std::string& file, const kg::Vocabulary& v,
               const std::vector<GroundFact>& facts, IndexMap& ents, IndexMap& rels, std::vector<std::string>& files) {
    Writer w(dir, file, files);
    for (const auto& f : facts) {
        const NamedTriple n = named(v, f);
        const std::size_t h = ents.id(n.h), r = rels.id(n.r), t = ents.id(n.t);
        w << h << "\t" << r << "\t" << t << "\n";
    }
    w.close();
}

void write_map(const fs::path& dir, const std::string& file, const IndexMap& m, std::vector<std::string>& files) {
    Writer w(dir, file, files);
    for (std::size_t i = 0; i < m.names().size(); ++i)
        w << i << "\t" << m.names()[i] << "\n";
    w.close();
}

std::string readme_text(const EngineExportParams& p, const EngineExportResult& r, const std::string& name) {
    std::string s = "# " + name + " for " + std::string(engine_format_name(p.format)) + "\n\n";
    s += "Exported by `kbcx export " + p.data_dir + " --format " + std::string(engine_format_name(p.format)) +
         "` from `" + p.data_dir + "`: " + std::to_string(r.train) + " train, " + std::to_string(r.valid) + " valid, " +
         std::to_string(r.test) + " test triples over " + std::to_string(r.entities) + " entities and " +
         std::to_string(r.relations) + " relations";
    if (!r.neg_method.empty())
        s += "; negatives of method `" + r.neg_method + "`: " + std::to_string(r.valid_negatives) + " valid, " +
             std::to_string(r.test_negatives) + " test";
    s += ". A type fact T(e) is the triple (e, rdf:type, T).\n\n## Train\n\n```\n" + r.train_command + "\n```\n\n";
    s += "## Bring the scores back\n\n`to_score.tsv` lists every valid and test positive and negative "
         "(`h<TAB>r<TAB>t`, " +
         std::to_string(r.to_score) +
         " lines). Score each with the trained model and write `h<TAB>r<TAB>t<TAB>score` lines (higher = more "
         "plausible), then\n\n```\nkbcx eval-kg " +
         p.data_dir +
         " --scores scores.tsv --no-ranking\n```\n\nAn engine cannot score a triple whose entity it never saw in "
         "training; leave such lines out and add `--missing lowest`, which ranks them below every scored one.\n\n";
    switch (p.format) {
    case EngineFormat::DglKe:
        s += "With DGL-KE, `head.list`, `rel.list` and `tail.list` hold the same triples one name per line:\n\n"
             "```\ndglke_predict --model_path ckpts/<the run's folder>/ --format h_r_t --data_files head.list "
             "rel.list tail.list --raw_data --entity_mfile entities.tsv --rel_mfile relations.tsv --exec_mode "
             "triplet_wise --topK " +
             std::to_string(r.to_score) +
             " --output result.tsv\ntail -n +2 result.tsv > scores.tsv   # drop the header line\n```\n\n"
             "(`entities.tsv` and `relations.tsv` are the id maps dglke_train writes into this folder for the "
             "raw_udd format.)\n";
        break;
    case EngineFormat::PyKeen:
        s += "With PyKEEN:\n\n```python\nfrom pykeen.predict import predict_triples\nfrom pykeen.triples import "
             "TriplesFactory\ncand = TriplesFactory.from_path('to_score.tsv', "
             "entity_to_id=result.training.entity_to_id,\n"
             "                                  relation_to_id=result.training.relation_to_id)\n"
             "df = predict_triples(model=result.model, triples=cand).process(factory=result.training).df\n"
             "df[['head_label', 'relation_label', 'tail_label', 'score']].to_csv('scores.tsv', sep='\\t', "
             "header=False, index=False)\n```\n";
        break;
    case EngineFormat::LibKge:
        s +=
            "With LibKGE (`entity_ids.del` and `relation_ids.del` map names to the indices of the `.del` files):\n\n"
            "```python\nimport torch\nfrom kge.model import KgeModel\nfrom kge.util.io import load_checkpoint\n"
            "model = KgeModel.create_from(load_checkpoint('local/experiments/<run>/checkpoint_best.pt'))\n"
            "ent = dict(l.rstrip('\\n').split('\\t')[::-1] for l in open('entity_ids.del'))\n"
            "rel = dict(l.rstrip('\\n').split('\\t')[::-1] for l in open('relation_ids.del'))\n"
            "rows = [l.rstrip('\\n').split('\\t') for l in open('to_score.tsv')]\n"
            "s = torch.tensor([int(ent[h]) for h, r, t in rows]); p = torch.tensor([int(rel[r]) for h, r, t in rows])\n"
            "o = torch.tensor([int(ent[t]) for h, r, t in rows])\n"
            "with open('scores.tsv', 'w') as f:\n"
            "    for (h, r, t), x in zip(rows, model.score_spo(s, p, o, direction='o').tolist()):\n"
            "        f.write(f'{h}\\t{r}\\t{t}\\t{x}\\n')\n```\n\n";
        if (!r.neg_method.empty())
            s += "`valid_negatives.del` and `test_negatives.del` are the splits LibKGE's triple-classification "
                 "evaluation reads.\n";
        break;
    }
    return s;
}

} // namespace

EngineExportResult export_for_engine(const EngineExportParams& p, jobs::JobContext& ctx) {
    if (!is_benchmark_folder(p.data_dir))
        throw InputError(p.data_dir, "not a KG or benchmark folder (needs train.txt and valid.txt or test.txt)");
    ctx.report(0, 4, "Reading " + p.data_dir);
    const BenchmarkFolder b = read_benchmark(p.data_dir, ctx);
    const kg::Vocabulary& v = b.train->vocab;
    EngineExportResult r;
    r.neg_method = p.neg_method;
    if (r.neg_method.empty() && b.neg.size() == 1) r.neg_method = b.neg.begin()->first;
    if (r.neg_method.empty() && b.neg.size() > 1) {
        std::string methods;
        for (const auto& [m, lists] : b.neg)
            methods += (methods.empty() ? "" : ", ") + m;
        throw InputError(p.data_dir, "several negative methods (" + methods + "): choose one with --neg");
    }
    if (!r.neg_method.empty() && !b.neg.count(r.neg_method))
        throw InputError(p.data_dir, "no negatives of method '" + r.neg_method + "'");
    static const std::vector<GroundFact> none;
    const auto& vneg = r.neg_method.empty() ? none : b.neg.at(r.neg_method)[1].facts;
    const auto& tneg = r.neg_method.empty() ? none : b.neg.at(r.neg_method)[2].facts;

    std::error_code ec;
    fs::create_directories(p.out_dir, ec);
    if (ec || !fs::is_directory(p.out_dir)) throw InputError(p.out_dir, "cannot create output folder: " + ec.message());
    const fs::path dir(p.out_dir);
    const auto& train = b.pos[0].facts;
    const auto& valid = b.pos[1].facts;
    const auto& test = b.pos[2].facts;
    r.train = train.size();
    r.valid = valid.size();
    r.test = test.size();
    r.valid_negatives = vneg.size();
    r.test_negatives = tneg.size();
    const std::string name = fs::path(p.data_dir).filename().empty()
                                 ? fs::path(p.data_dir).parent_path().filename().string()
                                 : fs::path(p.data_dir).filename().string();

    ctx.report(1, 4, "Writing the splits");
    IndexMap ents, rels;
    switch (p.format) {
    case EngineFormat::DglKe:
    case EngineFormat::PyKeen:
        write_names(dir, "train.tsv", v, train, r.files);
        write_names(dir, "valid.tsv", v, valid, r.files);
        write_names(dir, "test.tsv", v, test, r.files);
        for (const auto* split : {&train, &valid, &test})
            for (const auto& f : *split) {
                const NamedTriple n = named(v, f);
                ents.id(n.h);
                rels.id(n.r);
                ents.id(n.t);
            }
        break;
    case EngineFormat::LibKge:
        write_ids(dir, "train.del", v, train, ents, rels, r.files);
        write_ids(dir, "valid.del", v, valid, ents, rels, r.files);
        write_ids(dir, "test.del", v, test, ents, rels, r.files);
        if (!r.neg_method.empty()) {
            write_ids(dir, "valid_negatives.del", v, vneg, ents, rels, r.files);
            write_ids(dir, "test_negatives.del", v, tneg, ents, rels, r.files);
        }
        write_map(dir, "entity_ids.del", ents, r.files);
        write_map(dir, "relation_ids.del", rels, r.files);
        break;
    }
    r.entities = ents.names().size();
    r.relations = rels.names().size();

    ctx.report(2, 4, "Writing the triples to score");
    {
        Writer all(dir, "to_score.tsv", r.files);
        std::optional<Writer> heads, relations, tails;
        if (p.format == EngineFormat::DglKe) {
            heads.emplace(dir, "head.list", r.files);
            relations.emplace(dir, "rel.list", r.files);
            tails.emplace(dir, "tail.list", r.files);
        }
        for (const auto* split : {&valid, &vneg, &test, &tneg})
            for (const auto& f : *split) {
                const NamedTriple n = named(v, f);
                all << n.h << "\t" << n.r << "\t" << n.t << "\n";
                if (heads) {
                    *heads << n.h << "\n";
                    *relations << n.r << "\n";
                    *tails << n.t << "\n";
                }
                ++r.to_score;
            }
        all.close();
        if (heads) {
            heads->close();
            relations->close();
            tails->close();
        }
    }

    ctx.report(3, 4, "Writing the README");
    switch (p.format) {
    case EngineFormat::DglKe:
        r.train_command = "dglke_train --model_name TransE_l2 --dataset " + name + " --data_path " + p.out_dir +
                          " --data_files train.tsv valid.tsv test.tsv --format raw_udd_hrt --batch_size 1024 "
                          "--neg_sample_size 256 --hidden_dim 200 --gamma 12.0 --lr 0.1 --max_step 50000 -adv "
                          "--test --num_thread 4 --num_proc 4";
        break;
    case EngineFormat::PyKeen:
        r.train_command = "python3 -c \"from pykeen.pipeline import pipeline; result = pipeline(training='" +
                          p.out_dir + "/train.tsv', validation='" + p.out_dir + "/valid.tsv', testing='" + p.out_dir +
                          "/test.tsv', model='TransE', epochs=100); result.save_to_directory('pykeen-" + name + "')\"";
        break;
    case EngineFormat::LibKge: {
        // dataset.yaml in the flat-key form LibKGE's own preprocessing writes.
        Writer y(dir, "dataset.yaml", r.files);
        y << "dataset:\n";
        y << "  files.entity_ids.filename: entity_ids.del\n  files.entity_ids.type: map\n";
        y << "  files.relation_ids.filename: relation_ids.del\n  files.relation_ids.type: map\n";
        auto split = [&](const std::string& key, std::size_t size) {
            y << "  files." << key << ".filename: " << key << ".del\n";
            y << "  files." << key << ".size: " << size << "\n";
            y << "  files." << key << ".type: triples\n";
        };
        split("test", r.test);
        if (!r.neg_method.empty()) split("test_negatives", r.test_negatives);
        split("train", r.train);
        split("valid", r.valid);
        if (!r.neg_method.empty()) split("valid_negatives", r.valid_negatives);
        y << "  name: " << name << "\n";
        y << "  num_entities: " << r.entities << "\n";
        y << "  num_relations: " << r.relations << "\n";
        y.close();
        Writer c(dir, "config.yaml", r.files);
        c << "job.type: train\ndataset.name: " << name
          << "\nmodel: complex\ntrain:\n  type: 1vsAll\n  optimizer.default:\n    type: Adagrad\n    args:\n      lr: "
             "0.2\n"
             "  max_epochs: 100\nlookup_embedder:\n  dim: 128\n";
        c.close();
        r.train_command = "cp -r " + p.out_dir + " <kge>/data/" + name + " && kge start " + p.out_dir + "/config.yaml";
        break;
    }
    }
    Writer readme(dir, "README.md", r.files);
    readme << readme_text(p, r, name);
    readme.close();
    ctx.report(4, 4, "Exported", true);
    return r;
}

} // namespace kbcx::bench
