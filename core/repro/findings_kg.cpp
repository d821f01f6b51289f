// The KG findings' shared parts (LogInfer paper, findings 5 and 6): their plans and mode defaults,
// training and evaluating every system on a benchmark, summaries, stored units and command lines.
#include "repro/findings.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "embed/kg_models.hpp"
#include "learn/learner.hpp"
#include "repro/kg_finding_parts.hpp"
#include "repro/kg_lab.hpp"
#include "repro/markdown.hpp"
#include "repro/onto_lab.hpp"
#include "repro/partial_results.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace kbcx::repro {

namespace kg_parts {

std::vector<rules::Pattern> patterns_of(const std::vector<std::string>& names) {
    std::vector<rules::Pattern> out;
    for (const auto& n : names)
        out.push_back(*rules::parse_pattern(n));
    return out;
}

} // namespace kg_parts

using namespace kg_parts;

KgFindingPlan kg_finding_plan(const Options& o) {
    const bool full = o.mode == Mode::Full;
    KgFindingPlan p;
    // One training seed in both modes: LogInfer's tables give one run per system, and on 2 cores
    // one seed of the six models costs about 19 minutes per FB15k-237 benchmark (`--seeds N`
    // adds seeds; the tables then give mean ± std).
    p.seeds = 1;
    p.train.epochs = full ? 50 : 10;
    p.train.dim = full ? 100 : 32;
    p.train.batch = full ? 1024 : 2048;
    p.train.neg = full ? 64 : 16;
    p.train.lr = full ? 0.005f : 0.02f;
    p.train.threads = o.threads;
    p.k1 = full ? 10 : 5;
    p.k2_fb = 200;
    p.k2_wn = full ? 2000 : 200;
    p.max_queries = full ? 500 : 50;
    p.grouped = !full;
    p.models = full ? kAllModels : kQuickModels;
    // The rule learner's budget per pattern of a benchmark. The sample bound decides (runs are
    // deterministic for a seed): 1000 paths cost about 1.7 s of CPU on FB15k-237 (2000 took 3.3 s
    // with `kbcx learn-rules --samples 2000`), so quick mode learns a few seconds per pattern. The
    // wall-clock cap only stops a run on a badly loaded machine (the report gives the paths drawn).
    p.rules.samples_per_pattern = full ? 10000 : 1000;
    p.rules.seconds_per_pattern = full ? 120.0 : 10.0;
    p.rules.threads = o.threads;
    p.variant = kg_variant(o);
    if (o.seeds > 0) p.seeds = o.seeds;
    if (o.epochs > 0) p.train.epochs = o.epochs;
    if (o.dim > 0) p.train.dim = o.dim;
    if (!o.models.empty()) {
        std::vector<std::string> asked, keep;
        for (const auto& m : o.models) {
            try {
                asked.push_back(embed::canonical_kg_model_name(m)); // "TransE" → TransE-L1, "R-GCN" → rgcn
            } catch (const std::invalid_argument&) {
                asked.push_back(m);
            }
        }
        for (const auto& m : kAllModels)
            if (std::find(asked.begin(), asked.end(), m) != asked.end()) keep.push_back(m);
        if (!keep.empty()) p.models = keep;
    }
    return p;
}

ModeDefaults kg_mode_defaults(Mode m, bool pattern_finding) {
    Options o;
    o.mode = m;
    const KgFindingPlan p = kg_finding_plan(o);
    ModeDefaults d;
    d.seeds = p.seeds;
    d.epochs = p.train.epochs;
    d.dim = p.train.dim;
    if (pattern_finding) {
        d.extra = "k1 = " + std::to_string(p.k1) +
                  ", C-/R- ranking of every test positive among its test negatives (the paper's)" + ", rule learner " +
                  std::to_string(p.rules.samples_per_pattern) + " paths or " +
                  number_text(p.rules.seconds_per_pattern, 0) + " s per pattern";
    } else { // negative-difficulty under loginfer (the default) takes the release's own
        const RuleLimits sym = fb_rule_limits(p, {"symmetry"}), inter = fb_rule_limits(p, {"intersection"});
        d.extra = "the release's k1/k2 (symmetry " + bench::limit_text(sym.k1) + "/" + bench::limit_text(sym.k2) +
                  ", intersection " + bench::limit_text(inter.k1) + "/" + bench::limit_text(inter.k2) +
                  "; k1 = " + std::to_string(p.k1) + " under --variant kbcx)";
    }
    return d;
}

bench::GenerateParams kg_generate_params(std::shared_ptr<const kg::KnowledgeGraph> graph,
                                         const std::vector<std::string>& patterns, bench::NegMethod neg, std::size_t k1,
                                         std::size_t k2, bench::Variant variant) {
    bench::GenerateParams g;
    g.graph = std::move(graph);
    g.patterns = patterns_of(patterns);
    g.neg = neg;
    g.k1 = k1;
    g.k2 = k2;
    g.seed = 1;
    g.threads = 1;
    g.variant = variant;
    return g;
}

bench::Variant kg_variant(const Options& o) {
    if (o.variant.empty()) return bench::Variant::LogInfer;
    if (const auto v = bench::parse_variant(o.variant)) return *v;
    throw InputError("--variant", "the KG findings run the generator as 'loginfer' (LogInfer as released, the "
                                  "default) or 'kbcx' (this project's), not '" +
                                      o.variant + "'");
}

namespace kg_parts {

Trained train_all(const KgBench& b, const std::vector<KgSystem>& systems, int seeds, StepProgress& prog,
                  std::uint64_t& step, Cost& cost) {
    Trained t;
    for (const auto& s : systems) {
        t.scorers.emplace_back();
        const int n = s.decides ? 1 : seeds;
        for (int seed = 1; seed <= n; ++seed) {
            auto c = prog.step(step++, b.kg_name + ": training " + display(s.name) + " seed " + std::to_string(seed));
            Stopwatch w;
            t.scorers.back().push_back(s.train(b, static_cast<std::uint64_t>(seed), c));
            cost.train += w.seconds();
        }
    }
    return t;
}

Summary summarise(const std::vector<KgEval>& evs) {
    Summary s;
    auto col = [&](auto get) {
        std::vector<double> v;
        for (const auto& e : evs)
            v.push_back(get(e));
        return mean_std(v);
    };
    s.auc = col([](const KgEval& e) { return e.auc; });
    s.f1 = col([](const KgEval& e) { return e.test_pos ? e.test.f1 : kNaN; });
    s.precision = col([](const KgEval& e) { return e.test_pos ? e.test.precision : kNaN; });
    s.recall = col([](const KgEval& e) { return e.test_pos ? e.test.recall : kNaN; });
    s.accuracy = col([](const KgEval& e) { return e.test_pos ? e.test.accuracy : kNaN; });
    s.c_mrr = col([](const KgEval& e) { return e.ranked && e.constant.queries ? e.constant.mrr : kNaN; });
    s.r_mrr = col([](const KgEval& e) { return e.ranked && e.relation.queries ? e.relation.mrr : kNaN; });
    if (!evs.empty())
        s.test_pos = evs.front().test_pos, s.test_neg = evs.front().test_neg, s.queries = evs.front().queries,
        s.ranked = evs.front().ranked;
    return s;
}

// ---- Partial results: one benchmark's summaries as records (see PartialResults).

std::string summary_record(const std::string& pattern, std::size_t system, const std::string& name, const Summary& m) {
    std::string r = "summary\t" + pattern + "\t" + std::to_string(system) + "\t" + name;
    for (const MeanStd* x : {&m.auc, &m.f1, &m.precision, &m.recall, &m.accuracy, &m.c_mrr, &m.r_mrr})
        r += "\t" + PartialResults::encode(x->mean) + "\t" + PartialResults::encode(x->std) + "\t" +
             std::to_string(x->n);
    r += "\t" + std::to_string(m.test_pos) + "\t" + std::to_string(m.test_neg) + "\t" + std::to_string(m.queries) +
         "\t" + (m.ranked ? "1" : "0");
    return r;
}

std::string cost_record(const Cost& before, const Cost& after, double cpu_before, int threads) {
    return "cost\t" + PartialResults::encode(after.generate - before.generate) + "\t" +
           PartialResults::encode(after.train - before.train) + "\t" +
           PartialResults::encode(after.evaluate - before.evaluate) + "\t" +
           PartialResults::encode(process_cpu_seconds() - cpu_before) + "\t" + std::to_string(threads);
}

/// The Summary of a "summary" record's fields (as split by PartialResults::fields); throws
/// std::invalid_argument on a malformed record.
Summary summary_of_record(const std::vector<std::string>& f) {
    if (f.size() != 4 + 7 * 3 + 4)
        throw std::invalid_argument("summary record with " + std::to_string(f.size()) + " fields");
    Summary m;
    std::size_t i = 4;
    for (MeanStd* x : {&m.auc, &m.f1, &m.precision, &m.recall, &m.accuracy, &m.c_mrr, &m.r_mrr}) {
        x->mean = PartialResults::decode(f[i++]);
        x->std = PartialResults::decode(f[i++]);
        x->n = std::stoull(f[i++]);
    }
    m.test_pos = std::stoull(f[i++]);
    m.test_neg = std::stoull(f[i++]);
    m.queries = std::stoull(f[i++]);
    m.ranked = f[i] == "1";
    return m;
}

std::string cell(const MeanStd& m, int seeds, int digits) {
    if (m.n == 0) return "–";
    return mean_std_text(m.mean, m.std, digits, seeds > 1 && m.n > 1);
}

std::vector<Summary> evaluate_all(const KgBench& b, const std::vector<KgSystem>& systems, const Trained& t,
                                  const KgEvalPlan& plan, StepProgress& prog, std::uint64_t& step, Cost& cost) {
    std::vector<Summary> out;
    for (std::size_t i = 0; i < systems.size(); ++i) {
        auto c = prog.step(step, b.kg_name + ": evaluating " + display(systems[i].name) + " on " +
                                     (plan.pattern.empty() ? "all patterns" : plan.pattern));
        Stopwatch w;
        std::vector<KgEval> evs;
        for (const auto& sc : t.scorers[i])
            evs.push_back(evaluate_system(b, *sc, systems[i].decides, plan, c));
        cost.evaluate += w.seconds();
        out.push_back(summarise(evs));
    }
    return out;
}

std::string model_list_text(const std::vector<std::string>& models) {
    std::vector<std::string> d;
    for (const auto& m : models)
        d.push_back(display(m));
    return join(d, ", ");
}

std::string train_settings_text(const KgFindingPlan& p) {
    const embed::RgcnVariantTraining rv = embed::rgcn_variant_training(embed::default_el_variant("rgcn"));
    std::ostringstream s;
    s << "Embedding models trained with core/embed's trainer on train.txt (K plus the train positives; no "
         "validation during training): dim "
      << p.train.dim << ", " << p.train.epochs << " epochs, batch " << p.train.batch << ", " << p.train.neg
      << " corrupted negatives per positive (chunks of " << std::min(64, p.train.neg) << "), Adam lr "
      << number_text(p.train.lr, 3) << ", γ = " << number_text(p.train.gamma, 0) << ", each model's own loss; "
      << p.seeds << " training seed(s) (1…" << p.seeds
      << "); R-GCN as its authors release it (`kbcx train --model rgcn`'s default variant, authors: "
         "RelationPrediction 98dcdf4's FB15k-237 settings, not the finding's dim): d = "
      << rv.dim << ", 2 layers, " << rv.blocks << " diagonal blocks, DistMult decoder, " << rv.batch
      << " neighbourhood-sampled edges per step (half pass messages), ω = " << rv.neg
      << " negatives per edge in a binary cross-entropy, decoder L2 " << number_text(rv.reg, 3)
      << ", gradient norm clipped at 1, self-loop dropout " << number_text(rv.self_dropout, 2) << ", Adam lr "
      << number_text(rv.lr, 3) << ", the finding's " << p.train.epochs << " epochs (epoch-equivalents)";
    if (p.variant == bench::Variant::LogInfer)
        s << ". Train negatives: each benchmark's own (the release's train_neg file, one per train.txt line, drawn "
             "by the benchmark's method); one of each positive's "
          << p.train.neg << " negatives is drawn from them (--p-bot " << number_text(1.0 / p.train.neg, 4)
          << "), the others are corrupted entities; R-GCN draws only its own. The systems are therefore trained "
             "once per negative method";
    return s.str();
}

/// `kbcx generate` on the source KG as the plan's variant reads it (loginfer: all three splits).
std::string generate_command(const std::string& kgname, const KgFindingPlan& p) {
    const std::string base = "kbcx generate $DATA/kg/" + kgname + "/train.txt";
    if (p.variant == bench::Variant::LogInfer)
        return base + " $DATA/kg/" + kgname + "/valid.txt $DATA/kg/" + kgname + "/test.txt --variant loginfer";
    return base + " --variant kbcx";
}

std::string train_command(const std::string& dir, const std::string& model, const KgFindingPlan& p) {
    if (model == "rgcn") // the authors' variant with its own settings: only the epochs are given
        return "kbcx train " + dir + " --model rgcn --epochs " + std::to_string(p.train.epochs) +
               " --eval-every 0 --seed 1 --threads " + std::to_string(p.train.threads) + " --run runs/" + dir +
               "-rgcn-s1";
    const KgTrainPlan::Sizes sz = p.train.sizes_for(model);
    return "kbcx train " + dir + " --model " + (model == "TransE-L1" ? std::string("TransE") : model) + " --dim " +
           std::to_string(p.train.dim) + " --epochs " + std::to_string(p.train.epochs) + " --batch " +
           std::to_string(sz.batch) + " --neg " + std::to_string(sz.neg) + " --chunk " +
           std::to_string(std::min(64, sz.neg)) + " --lr " + number_text(sz.lr, 3) +
           " --margin 12 --eval-every 0 --seed 1 --threads " + std::to_string(p.train.threads) +
           (p.variant == bench::Variant::LogInfer && sz.neg > 0
                ? " --negatives auto --p-bot " + number_text(1.0 / sz.neg, 4)
                : std::string()) +
           " --run runs/" + dir + "-" + model + "-s1";
}

std::string rule_settings_text(const KgFindingPlan& p) {
    const learn::LearnParams d = learn::learn_defaults(learn::RuleVariant::AnyBURL);
    std::ostringstream s;
    s << "Rule learner (\"AnyBURL-style\"): the project's bottom-up learner (core/learn, as `kbcx learn-rules "
         "--variant anyburl`) on train.txt with AnyBURL's semantics: object identity (every rule variable bound to "
         "a distinct constant), cyclic rules up to length "
      << p.rules.max_length << ", acyclic AC1 rules of length " << d.max_acyclic_length
      << ", AC2 of length 1, grounded cyclic rules of length " << d.grounded_cyclic_length << ", at most "
      << d.sample_size
      << " sampled groundings per rule in each query direction, confidence = support / predicted, "
         "to which pc = "
      << number_text(d.pc, 0) << " unseen negatives are added when the rules are applied; stopping after "
      << p.rules.samples_per_pattern << " sampled paths or " << number_text(p.rules.seconds_per_pattern, 0)
      << " s per pattern of the benchmark, whichever comes first; one learning run per seed. Facts are scored as "
         "`kbcx apply-rules` does: max aggregation of the applied confidences of the rules predicting the fact, "
         "in the whole order of the confidence lists (a fact no rule predicts scores 0, so ties are common and "
         "count ½ in AUC and ranks)";
    return s.str();
}

std::string learn_command(const std::string& dir, const KgFindingPlan& p, std::size_t patterns) {
    return "kbcx learn-rules " + dir + "/train.txt --mode anyburl --max-length " + std::to_string(p.rules.max_length) +
           " --samples " + std::to_string(p.rules.samples_per_pattern * patterns) + " --seconds " +
           number_text(p.rules.seconds_per_pattern * static_cast<double>(patterns), 0) + " --seed 1 --out rules/" +
           dir + "-s1.txt && kbcx apply-rules --rules rules/" + dir + "-s1.txt --benchmark " + dir + " --out rules/" +
           dir + "-s1.scores.tsv && kbcx eval-kg " + dir + " --scores rules/" + dir + "-s1.scores.tsv";
}

} // namespace kg_parts

namespace kg_parts {

/// Puts a stored benchmark unit (pattern-difficulty: per KG and benchmark; negative-difficulty:
/// `kgname` is the negative method) back into the run's tables; false (nothing changed) when the
/// records do not fit the current systems or are malformed, so that the unit is computed again.
bool restore_unit(const std::vector<std::string>& records, const std::string& kgname,
                  const std::vector<KgSystem>& systems,
                  std::map<std::string, std::map<std::string, std::vector<Summary>>>& res,
                  std::map<std::string, std::map<std::string, std::size_t>>& rules_of, std::vector<std::string>& notes,
                  std::vector<std::string>& learnt, Cost& cost, std::map<std::string, int>& threads_used) {
    std::map<std::string, std::vector<Summary>> sums;
    std::map<std::string, std::size_t> rules;
    std::vector<std::string> nt, ln;
    std::optional<std::vector<double>> c;
    std::string thread_count;
    try {
        for (const auto& rec : records) {
            const auto f = PartialResults::fields(rec);
            if (f[0] == "note" && f.size() == 2) {
                nt.push_back(f[1]);
            } else if (f[0] == "learnt" && f.size() == 2) {
                ln.push_back(f[1]);
            } else if (f[0] == "rules" && f.size() == 3) {
                rules[f[1]] = std::stoull(f[2]);
            } else if (f[0] == "summary" && f.size() > 3) {
                const std::size_t i = std::stoull(f[2]);
                auto& v = sums[f[1]];
                if (i != v.size() || i >= systems.size() || systems[i].name != f[3]) return false;
                v.push_back(summary_of_record(f));
            } else if (f[0] == "cost" && f.size() == 6) {
                c = std::vector<double>{PartialResults::decode(f[1]), PartialResults::decode(f[2]),
                                        PartialResults::decode(f[3]), PartialResults::decode(f[4])};
                thread_count = f[5];
            } else {
                return false;
            }
        }
    } catch (const std::exception&) {
        return false;
    }
    if (!c || rules.empty() || sums.size() != rules.size()) return false;
    for (const auto& [pat, v] : sums)
        if (v.size() != systems.size() || !rules.count(pat)) return false;
    for (auto& [pat, v] : sums)
        res[kgname][pat] = std::move(v);
    for (const auto& [pat, n] : rules)
        rules_of[kgname][pat] = n;
    notes.insert(notes.end(), nt.begin(), nt.end());
    learnt.insert(learnt.end(), ln.begin(), ln.end());
    cost.generate += (*c)[0];
    cost.train += (*c)[1];
    cost.evaluate += (*c)[2];
    cost.cpu_reused += (*c)[3];
    ++threads_used[thread_count];
    return true;
}

/// The Settings paragraphs of a run with --resume: which units were reused (and with how many
/// threads each had run) and which were computed again under other settings.
std::vector<std::string> resume_paragraphs(const PartialResults& partial, const std::map<std::string, int>& threads,
                                           const std::string& units) {
    std::vector<std::string> out;
    std::string thread_counts;
    for (const auto& [t, n] : threads)
        thread_counts += (thread_counts.empty() ? "" : ", ") + std::to_string(n) + " with --threads " + t;
    if (!partial.reused().empty())
        out.push_back(
            "Resumed run (--resume): the results of " + std::to_string(partial.reused().size()) + " " + units +
            " were taken from an earlier run with the same settings, finished at: " + join(partial.reused(), "; ") +
            ". The wall time above counts only this run; the cost line counts all parts. "
            "Stored parts by thread count: " +
            thread_counts + ".");
    if (!partial.stale().empty())
        out.push_back("Computed again because they were stored under other settings: " + join(partial.stale(), ", ") +
                      ".");
    return out;
}

} // namespace kg_parts

} // namespace kbcx::repro
