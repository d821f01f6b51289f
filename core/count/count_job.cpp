// The count job: load any ontology format, keep its EL part, ground, count #(O), then P(α|O)
// per candidate with a shared component cache, the reasoner's status beside it; DIMACS export
// and the in-place rewrite of a sample TSV with P columns.
#include "count/count_job.hpp"

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "onto/normaliser.hpp"
#include "onto/text_syntax.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <system_error>
#include <thread>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

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

Agreement compare_status(reason::Status status, std::optional<reason::Reading> reading, const Probability& p,
                         std::uint32_t domain, std::string& why) {
    if (p.verdict != Verdict::Entailed && p.verdict != Verdict::Contradictory && p.verdict != Verdict::Undetermined)
        return Agreement::NotCompared;
    const Verdict expected = status == reason::Status::Entailed        ? Verdict::Entailed
                             : status == reason::Status::Contradictory ? Verdict::Contradictory
                                                                       : Verdict::Undetermined;
    if (expected == p.verdict) return Agreement::Agree;
    const std::string n = std::to_string(domain);
    const std::string closure = "domain closure over |Δ| = " + n + " elements differs from open-domain semantics";
    const std::string ps = p.verdict == Verdict::Entailed        ? "P = 1"
                           : p.verdict == Verdict::Contradictory ? "P = 0"
                                                                 : "0 < P < 1";
    switch (status) {
    case reason::Status::Undetermined:
        if (p.verdict == Verdict::Contradictory)
            why = "the reasoner finds α undetermined but P = 0: O ∪ {α} has open-domain models but no Herbrand "
                  "model over " +
                  n + " elements (with one element per individual); " + closure +
                  " (α may need more elements, or individuals to share one)";
        else
            why = "the reasoner finds α undetermined (not entailed) but P = 1: every Herbrand model of O over " + n +
                  " elements satisfies α although an open-domain model of O does not; " + closure +
                  " (e.g. disjointness can force a class to be empty over " + n + " elements)";
        break;
    case reason::Status::Entailed:
        why = "the reasoner finds α entailed but " + ps +
              ": an entailed axiom holds in every model, so in every Herbrand model over " + n + " elements too; " +
              closure +
              " only in the other direction, so the status does not belong to this ontology (a stale status "
              "column?) or this is a bug";
        break;
    case reason::Status::Contradictory:
        if (reading && *reading == reason::Reading::Inconsistency)
            why = "the reasoner finds O ∪ {α} inconsistent but " + ps +
                  ": an inconsistent ontology has no model, over " + n +
                  " elements neither; the status does not belong to this ontology or this is a bug";
        else
            why = "contradictory under the incoherence reading (α makes a satisfiable class unsatisfiable) but " + ps +
                  ": the count has the inconsistency reading, and Herbrand models over " + n +
                  " elements in which that class is empty still satisfy O ∪ {α}; " + closure +
                  " and from the incoherence reading";
        break;
    }
    return Agreement::Disagree;
}

namespace {
/// Candidate parsers and the reasoner, created when first needed.
struct Candidates {
    const CountJobParams& params;
    /// A second copy of O for the reasoner, read from the file again: its normaliser adds
    /// fresh names, which must not become atoms of the Herbrand base.
    std::unique_ptr<onto::Ontology> reasoner_onto;
    std::unique_ptr<onto::TextParser> count_parser, reasoner_parser;
    std::unique_ptr<reason::StatusChecker> checker;
    std::string reasoner_note;
    bool tried = false;
    double seconds = 0;

    reason::StatusChecker* reasoner(jobs::JobContext& ctx) {
        if (tried || !params.reasoner) return checker.get();
        tried = true;
        const auto t = std::chrono::steady_clock::now();
        try {
            reasoner_onto =
                std::make_unique<onto::Ontology>(onto::load_ontology(params.ontology_path, ctx, params.format));
            checker = std::make_unique<reason::StatusChecker>(*reasoner_onto, ctx);
            onto::TextParseOptions opt;
            opt.allow_new_names = false;
            opt.allow_new_individuals = true; // fresh individuals get a status too
            reasoner_parser = std::make_unique<onto::TextParser>(*reasoner_onto, "candidate", opt);
        } catch (const InputError& e) {
            reasoner_note = e.message();
            checker.reset();
        }
        seconds += since(t);
        return checker.get();
    }
};

bool is_assertion(const onto::Axiom& ax) {
    return ax.kind == onto::AxiomKind::ClassAssertion || ax.kind == onto::AxiomKind::ObjectPropertyAssertion;
}

onto::ExprId copy_expr(const onto::Ontology& from, onto::ExprId e, onto::Ontology& to) {
    const onto::ConceptExpr& x = from.pool.get(e);
    std::vector<onto::ExprId> args;
    for (onto::ExprId a : x.args)
        args.push_back(copy_expr(from, a, to));
    switch (x.kind) {
    case onto::ConceptKind::Top: return to.pool.top();
    case onto::ConceptKind::Bottom: return to.pool.bottom();
    case onto::ConceptKind::Named: return to.pool.named(x.name);
    case onto::ConceptKind::And: return to.pool.conj(args);
    case onto::ConceptKind::Exists: return to.pool.exists(x.name, args.at(0));
    default: {
        onto::ConceptExpr y = x;
        y.args = args;
        return to.pool.make(std::move(y));
    }
    }
}

/// The TBox of `from` (concept and role ids kept, no individuals), for tbox_only.
onto::Ontology tbox_of(const onto::Ontology& from) {
    onto::Ontology to;
    to.iri = from.iri;
    to.source = from.source;
    for (std::uint32_t c = 0; c < from.sig.concepts.size(); ++c)
        to.sig.concepts.intern(from.sig.concepts.name(c));
    for (std::uint32_t r = 0; r < from.sig.roles.size(); ++r)
        to.sig.roles.intern(from.sig.roles.name(r));
    to.sig.concept_labels = from.sig.concept_labels;
    to.sig.role_labels = from.sig.role_labels;
    for (const auto& [p, iri] : from.sig.prefixes.entries())
        to.sig.prefixes.add(p, iri);
    for (const onto::Axiom& ax : from.axioms) {
        if (is_assertion(ax)) continue;
        onto::Axiom copy = ax;
        for (auto& c : copy.concepts)
            c = copy_expr(from, c, to);
        to.axioms.push_back(std::move(copy));
    }
    return to;
}

/// Physical memory in bytes (0 where unknown).
std::uint64_t physical_memory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0) return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
#endif
    return 0;
}

/// Each worker's cache limit: one limit for all the caches together, split evenly (see
/// CountJobParams::threads); one worker without a budget gets 2 GB, or less on a small machine.
std::uint64_t cache_limit_per_worker(const CounterOptions& c, unsigned workers) {
    std::uint64_t total = c.cache_limit_bytes;
    if (total == 0 && c.budget.memory_bytes) total = c.budget.memory_bytes / 4 * 3;
    if (total == 0) {
        total = 2'000'000'000ull * workers;
        if (const std::uint64_t ram = physical_memory()) total = std::min(total, ram / 4);
    }
    return std::max<std::uint64_t>(1, total / workers);
}

std::optional<reason::Status> status_from_text(const std::string& s) {
    for (auto st : {reason::Status::Entailed, reason::Status::Undetermined, reason::Status::Contradictory})
        if (s == reason::status_name(st)) return st;
    return std::nullopt;
}
} // namespace

CountJobResult run_count(const CountJobParams& params, jobs::JobContext& ctx) {
    CountJobResult res;
    res.domain = params.domain;
    auto t = std::chrono::steady_clock::now();
    ctx.report(0, 0, "reading " + params.ontology_path, true);
    onto::OntoLoadStats load_stats;
    onto::Ontology o = onto::load_ontology(params.ontology_path, ctx, params.format, &load_stats);
    if (params.tbox_only) {
        res.abox_dropped = static_cast<std::size_t>(std::count_if(o.axioms.begin(), o.axioms.end(), is_assertion));
        o = tbox_of(o);
    } else if (o.sig.individuals.size() > params.domain) {
        throw InputError("--domain", "the domain has " + std::to_string(params.domain) +
                                         " elements but the ontology names " +
                                         std::to_string(o.sig.individuals.size()) +
                                         " individuals, each of which takes its own element: use --domain " +
                                         std::to_string(o.sig.individuals.size()) +
                                         " or more, or --tbox-only to count without the ABox");
    }
    res.format = std::string(onto::onto_format_name(load_stats.format));

    // The EL part: what the grounder handles (the EL filter's part plus reflexive roles).
    res.logical_axioms = o.axioms.size();
    std::vector<onto::Axiom> el;
    std::size_t first_dropped_line = 0, reflexive = 0;
    for (const onto::Axiom& ax : o.axioms) {
        std::vector<std::string> cs = onto::non_el_constructs(o, ax);
        std::erase(cs, std::string("ReflexiveObjectProperty"));
        if (cs.empty()) {
            reflexive += ax.kind == onto::AxiomKind::ReflexiveObjectProperty;
            el.push_back(ax);
            continue;
        }
        if (res.dropped++ == 0) first_dropped_line = ax.line;
        for (const auto& c : cs)
            ++res.constructs[c];
    }
    if (params.strict && res.dropped > 0) {
        std::string list;
        for (const auto& [c, k] : res.constructs)
            list += (list.empty() ? "" : ", ") + c + " " + std::to_string(k);
        throw InputError(params.ontology_path, first_dropped_line, 0,
                         std::to_string(res.dropped) + " of " + std::to_string(res.logical_axioms) +
                             " axioms are outside EL (" + list +
                             "); --strict refuses them (without it their EL part is counted)");
    }
    o.axioms = std::move(el);
    res.axioms = o.axioms.size();
    res.concept_names = o.sig.concepts.size();
    res.role_names = o.sig.roles.size();
    res.individuals = o.sig.individuals.size();
    if (reflexive && params.reasoner)
        res.reasoner_note =
            std::to_string(reflexive) + " ReflexiveObjectProperty axioms are counted but ignored by the reasoner";

    // The TSV is read before any counting so that a bad file fails early.
    std::vector<TsvLine> tsv;
    struct Text {
        std::string axiom, source, file;
        std::size_t line = 0;
        std::optional<reason::Status> file_status;
    };
    std::vector<Text> texts;
    for (std::size_t i = 0; i < params.candidates.size(); ++i)
        texts.push_back({params.candidates[i], "--candidate " + std::to_string(i + 1),
                         "--candidate " + std::to_string(i + 1), 0, std::nullopt});
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
                texts.push_back({l.fields[2], params.candidates_path + ":" + std::to_string(no), params.candidates_path,
                                 no, status_from_text(l.fields[0])});
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
    ro.method = params.method;
    ro.source = params.ontology_path;
    RelativeCounter rc(o, ro);
    res.ground_seconds = since(t);
    ctx.throw_if_stopped();

    res.ontology = rc.count_ontology(&ctx);
    if (!params.dimacs_path.empty()) {
        write_dimacs_file(params.dimacs_path, rc.export_cnf(nullptr));
        res.dimacs_written.push_back(params.dimacs_path);
    }

    // Phase 1 (one thread): parse every candidate into O, which adds its new names and
    // expressions to O's signature and pool, and find the statuses (file column or reasoner).
    // After this phase the ontology is only read, so the counters below may run concurrently.
    t = std::chrono::steady_clock::now();
    Candidates cands{params, nullptr, nullptr, nullptr, nullptr, "", false, 0};
    cands.count_parser = std::make_unique<onto::TextParser>(o, "candidate");
    std::vector<onto::Axiom> axioms(texts.size());
    res.candidates.resize(texts.size());
    const std::size_t individuals0 = o.sig.individuals.size();
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const Text& text = texts[i];
        try {
            axioms[i] = cands.count_parser->parse_axiom(text.axiom, text.line ? text.line : 1);
        } catch (const InputError& e) {
            throw InputError(text.file, text.line, e.column(), e.message() + " (in '" + text.axiom + "')");
        }
    }
    const onto::TextWriter shown_writer(o, params.names);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        std::string& fresh = res.candidates[i].fresh;
        for (onto::IndividualName a : axioms[i].individuals) {
            const std::string note = "fresh individual '" + shown_writer.individual_name(a) + "'";
            if (a >= individuals0 && fresh.find(note) == std::string::npos) fresh += (fresh.empty() ? "" : ", ") + note;
        }
    }
    for (std::size_t i = 0; i < texts.size(); ++i) {
        ctx.throw_if_stopped();
        const Text& text = texts[i];
        CandidateRow& row = res.candidates[i];
        row.text = text.axiom;
        row.shown = shown_writer.axiom(axioms[i]);
        row.source = text.source;
        if (text.file_status) {
            row.status = text.file_status;
            row.status_from = params.candidates_path + "'s status column";
        } else if (reason::StatusChecker* chk = cands.reasoner(ctx)) {
            const auto rt = std::chrono::steady_clock::now();
            try {
                const onto::Axiom ra = cands.reasoner_parser->parse_axiom(text.axiom, 1);
                const reason::StatusResult sr = chk->check(ra, params.reading);
                row.status = sr.status;
                row.reading = sr.reading;
                row.status_from = "reasoner";
            } catch (const InputError& e) {
                row.status_note = "no status from the reasoner: " + e.message();
            }
            cands.seconds += since(rt);
        } else if (params.reasoner) {
            row.status_note = "no status from the reasoner: " + cands.reasoner_note;
        }
    }

    // Phase 2 (the workers): P(α|O) and its comparison with the status. Worker 0 is `rc`, the
    // others copies of it made before any thread starts; a worker takes the next candidate
    // index from an atomic counter and writes only its row, so the rows keep the input order.
    const std::size_t wanted = resolve_threads(params.threads);
    const auto workers = static_cast<unsigned>(std::max<std::size_t>(1, std::min(wanted, texts.size())));
    res.threads = workers;
    res.cache_limit_each = cache_limit_per_worker(params.counter, workers);
    CounterOptions worker_options = params.counter;
    worker_options.cache_limit_bytes = res.cache_limit_each;
    rc.counter().set_cache_limit(res.cache_limit_each);
    std::vector<std::unique_ptr<RelativeCounter>> copies;
    for (unsigned w = 1; w < workers; ++w)
        copies.push_back(std::make_unique<RelativeCounter>(rc, worker_options));
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> failed{false};
    std::vector<std::exception_ptr> errors(texts.size());
    auto work = [&](RelativeCounter& counter) {
        while (!failed.load()) {
            const std::size_t i = next.fetch_add(1);
            if (i >= texts.size()) return;
            try {
                ctx.throw_if_stopped();
                const Text& text = texts[i];
                const onto::Axiom& a = axioms[i];
                CandidateRow& row = res.candidates[i];
                try {
                    row.probability = counter.probability(a, &ctx);
                } catch (const InputError& e) {
                    throw InputError(text.file, text.line ? text.line : e.line(), e.column(),
                                     e.message() + " (candidate '" + text.axiom + "')");
                }
                if (row.status) {
                    row.agreement =
                        compare_status(*row.status, row.reading, row.probability, params.domain, row.disagreement);
                    // P = 1 without entailment: is the left-hand side empty in every model over Δ?
                    if (row.agreement == Agreement::Disagree && row.probability.verdict == Verdict::Entailed &&
                        a.kind == onto::AxiomKind::SubClassOf && a.concepts[0] != o.pool.top()) {
                        onto::Axiom empty;
                        empty.kind = onto::AxiomKind::SubClassOf;
                        empty.concepts = {a.concepts[0], o.pool.bottom()};
                        const Probability e = counter.probability(empty, &ctx);
                        if (e.verdict == Verdict::Entailed)
                            row.disagreement += "; here the left-hand side " +
                                                onto::TextWriter(o, params.names).expr(a.concepts[0]) +
                                                " is empty in every Herbrand model of O over " +
                                                std::to_string(params.domain) + " elements, so α holds vacuously";
                    }
                }
            } catch (...) {
                errors[i] = std::current_exception();
                failed.store(true);
                return;
            }
            ctx.report(done.fetch_add(1) + 1, texts.size(), "P(α|O) for the candidates");
        }
    };
    ctx.report(0, texts.size(), "P(α|O) for the candidates", true);
    if (workers == 1) {
        work(rc);
    } else {
        std::vector<std::jthread> threads; // joined on destruction, also when an emplace throws
        try {
            for (unsigned w = 1; w < workers; ++w)
                threads.emplace_back(work, std::ref(*copies[w - 1]));
        } catch (const std::system_error&) {
            // no more threads: the ones started and this one share the candidates
        }
        work(rc);
    }
    // Indices are handed out in order and every started candidate finishes, so the first error
    // by index is the one a single thread would have met first (a cancellation aside).
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    for (const CandidateRow& row : res.candidates)
        res.disagreements += row.agreement == Agreement::Disagree;

    // Phase 3 (one thread): the DIMACS files of O ∪ {α}.
    for (std::size_t i = 0; i < texts.size() && !params.dimacs_path.empty(); ++i) {
        const std::string path = candidate_dimacs_path(params.dimacs_path, i + 1);
        Cnf cnf = rc.export_cnf(&axioms[i]);
        const std::uint32_t extra = rc.grounder().num_atoms() - rc.ontology_atoms();
        cnf.comments.push_back("O ∪ {α} for α = " + texts[i].axiom);
        cnf.comments.push_back("P(α|O) = #(this CNF) / (#(" + params.dimacs_path + ") × 2^" + std::to_string(extra) +
                               "), the 2^" + std::to_string(extra) +
                               " for atoms of names not in O (of every candidate: all are parsed first)");
        write_dimacs_file(path, cnf);
        res.dimacs_written.push_back(path);
    }
    res.candidate_seconds = since(t);
    res.reasoner_seconds = cands.seconds;
    if (!cands.reasoner_note.empty())
        res.reasoner_note += (res.reasoner_note.empty() ? "" : "; ") + cands.reasoner_note;
    ctx.report(texts.size(), texts.size(), "done", true);
    res.counter_totals = rc.counter().totals();
    for (const auto& c : copies) {
        const CounterStats& s = c->counter().totals();
        CounterStats& t_ = res.counter_totals;
        t_.decisions += s.decisions;
        t_.conflicts += s.conflicts;
        t_.components += s.components;
        t_.cache_hits += s.cache_hits;
        t_.cache_entries += s.cache_entries;
        t_.cache_bytes += s.cache_bytes;
        t_.evictions += s.evictions;
        t_.seconds += s.seconds;
    }

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
