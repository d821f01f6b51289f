// `kbcx export DATA --format dglke|pykeen|libkge --out DIR`: a KG or benchmark folder in the
// layout a distributed training engine reads, for KGs that outgrow this machine.
#include "cli.hpp"
#include "commands.hpp"

#include "bench/engine_export.hpp"
#include "common/resources.hpp"

#include <ostream>

namespace kbcx::cli {

namespace {

int cmd_export(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/) {
    ArgParser p("export", "DATA --format dglke|pykeen|libkge --out DIR [--neg M] [--stats]",
                "Writes a KG or benchmark folder in the layout a training engine reads, with a README naming\n"
                "the command that trains on it. Train there, score to_score.tsv with the trained model, and\n"
                "evaluate here with `kbcx eval-kg DATA --scores FILE --no-ranking` (or `kbcx eval` for axioms).");
    p.positional("DATA", "KG or benchmark folder (train.txt and valid.txt and/or test.txt, optional negatives)", false,
                 true);
    p.option("format", "NAME",
             "required: dglke (raw_udd_hrt TSVs), pykeen (labelled TSVs) or libkge (.del files + dataset.yaml)");
    p.option("out", "DIR", "required: output folder (created)");
    p.option("neg", "M", "negative method to include (default: the folder's only one; none when it has none)");
    p.flag("stats", "print time and peak memory");
    p.epilog("files written:\n"
             "  dglke   train.tsv valid.tsv test.tsv (h<TAB>r<TAB>t names, for --format raw_udd_hrt),\n"
             "          head.list rel.list tail.list (the triples to score, for dglke_predict triplet_wise)\n"
             "  pykeen  train.tsv valid.tsv test.tsv (for pipeline(training=..., validation=..., testing=...))\n"
             "  libkge  entity_ids.del relation_ids.del (index<TAB>name, dense from 0), train.del valid.del\n"
             "          test.del (indices), valid_negatives.del test_negatives.del (with negatives),\n"
             "          dataset.yaml, config.yaml (a starting configuration for `kge start`)\n"
             "  all     to_score.tsv (every valid/test positive and negative), README.md\n"
             "  a type fact T(e) is written as the triple (e, rdf:type, T)\n"
             "example: kbcx export data/FB15k-237 --format libkge --out export/fb15k-237\n"
             "exit codes: 0 success, 2 bad input or usage, 130 interrupted");
    if (!p.parse(args, out)) return kOk;
    if (!p.has("format")) throw UsageError("--format is required (dglke, pykeen or libkge)");
    if (!p.has("out")) throw UsageError("--out is required");
    const auto format = bench::parse_engine_format(p.get("format"));
    if (!format) throw UsageError("unknown --format '" + p.get("format") + "' (known: dglke, pykeen, libkge)");
    bench::EngineExportParams params;
    params.data_dir = p.positionals().at(0);
    params.out_dir = p.get("out");
    params.format = *format;
    params.neg_method = p.has("neg") ? p.get("neg") : "";
    Stopwatch clock;
    jobs::JobContext ctx(interrupt_token());
    const bench::EngineExportResult r = bench::export_for_engine(params, ctx);
    out << "exported " << r.train << " train, " << r.valid << " valid, " << r.test << " test triples (" << r.entities
        << " entities, " << r.relations << " relations)";
    if (!r.neg_method.empty())
        out << " and " << r.valid_negatives << " + " << r.test_negatives << " negatives (" << r.neg_method << ")";
    out << " for " << bench::engine_format_name(*format) << " to " << params.out_dir << "\n";
    out << "to score: " << r.to_score << " triples in to_score.tsv\n";
    out << "train with:\n  " << r.train_command << "\n";
    if (p.has("stats"))
        out << "stats\n  time:        " << clock.seconds() << " s\n  peak memory: " << human_bytes(peak_memory_bytes())
            << "\n";
    return kOk;
}

} // namespace

KBCX_COMMAND("export",
             "write a KG or benchmark folder for DGL-KE, PyKEEN or LibKGE, with the command that trains on it",
             cmd_export);

} // namespace kbcx::cli
