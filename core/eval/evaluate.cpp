// The evaluation job: scores the test axioms, runs the ranking queries once, and computes
// the metrics and the ladder for each normal form and for all axioms pooled.
#include "eval/evaluate.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kbcx::eval {

int Metrics::placement() const {
    int level = -1;
    for (int i = 0; i < 4; ++i) {
        if (!levels[i].computable || !levels[i].holds) break;
        level = i;
    }
    return level;
}

Bands bands(const TestSet& tests, std::optional<std::uint32_t> nf) {
    Bands b;
    for (std::uint32_t a = 0; a < tests.axioms.size(); ++a) {
        const TestAxiom& t = tests.axioms[a];
        if (nf && t.nf != *nf) continue;
        (t.status == Status::Entailed       ? b.entailed
         : t.status == Status::Undetermined ? b.undetermined
                                            : b.contradictory)
            .push_back(a);
    }
    return b;
}

namespace {

std::vector<double> gather(std::span<const double> f, std::span<const std::uint32_t> idx) {
    std::vector<double> out;
    out.reserve(idx.size());
    for (std::uint32_t a : idx)
        out.push_back(f[a]);
    return out;
}

std::string quote(std::string_view axiom) {
    return "`" + std::string(axiom) + "`";
}

Metrics compute(const EvalResult& r, const Bands& b, std::span<const QueryResult> queries,
                const std::vector<bool>& in_group) {
    Metrics m;
    const auto& f = r.f;
    m.n_entailed = b.entailed.size();
    m.n_undetermined = b.undetermined.size();
    m.n_contradictory = b.contradictory.size();
    for (const auto* band : {&b.entailed, &b.undetermined, &b.contradictory})
        for (std::uint32_t a : *band)
            m.n_missing_scores += r.missing[a];

    const auto pos = gather(f, b.entailed), und = gather(f, b.undetermined), neg = gather(f, b.contradictory);
    m.auc_pm = auc_pm(pos, neg);
    m.fvr = fvr(neg, und, pos);
    m.pair_fvr = pair_fvr(und, neg);

    // ρ_P over T?: only when every undetermined axiom has a P.
    std::vector<std::uint32_t> keys;
    keys.reserve(b.undetermined.size());
    for (std::uint32_t a : b.undetermined)
        if (r.tests.axioms[a].p != kNoP) keys.push_back(r.p_key[a]);
    m.n_undetermined_with_p = keys.size();
    if (b.undetermined.size() < 2)
        m.rho_note = "fewer than 2 undetermined axioms";
    else if (keys.size() < b.undetermined.size())
        m.rho_note = "P missing for " + std::to_string(b.undetermined.size() - keys.size()) + " of " +
                     std::to_string(b.undetermined.size()) + " undetermined axioms";
    else {
        m.rho_p = spearman(und, keys);
        if (!m.rho_p) m.rho_note = "scores or P constant over the undetermined axioms";
    }
    // P against status: reported, never hidden (P is used as given for L3).
    const auto& tests = r.tests;
    for (const auto* band : {&b.entailed, &b.undetermined, &b.contradictory})
        for (std::uint32_t a : *band) {
            const TestAxiom& t = tests.axioms[a];
            if (t.p == kNoP) continue;
            const auto& p = tests.p_values[t.p].exact;
            const bool bad = t.status == Status::Entailed        ? p != 1
                             : t.status == Status::Contradictory ? p != 0
                                                                 : (p == 0 || p == 1);
            m.p_disagreements += bad;
        }

    m.levels[0] = check_l0(f, b.entailed, b.contradictory);
    m.levels[1] = check_l1(f, b.entailed, b.undetermined, b.contradictory);
    m.levels[2] = check_l2(f, b.entailed, b.undetermined, b.contradictory);
    std::vector<std::uint32_t> all;
    all.reserve(b.entailed.size() + b.undetermined.size() + b.contradictory.size());
    for (const auto* band : {&b.entailed, &b.undetermined, &b.contradictory})
        all.insert(all.end(), band->begin(), band->end());
    std::sort(all.begin(), all.end());
    m.levels[3] = check_l3(f, all, r.p_key);

    // Ranking metrics: all queries of the group computable, else null.
    std::uint64_t n = 0, no_slot = 0, missing = 0;
    const QueryResult* first_missing = nullptr;
    const QueryResult* first_no_slot = nullptr;
    double rr = 0, h1 = 0, h3 = 0, h10 = 0, adm = 0, unknown = 0;
    for (const QueryResult& q : queries) {
        if (!in_group[q.axiom]) continue;
        ++n;
        if (q.problem == QueryResult::NoSlot) {
            ++no_slot;
            if (!first_no_slot) first_no_slot = &q;
            continue;
        }
        if (q.problem == QueryResult::MissingScore) {
            ++missing;
            if (!first_missing) first_missing = &q;
            continue;
        }
        rr += 1.0 / q.rank;
        h1 += q.rank <= 1;
        h3 += q.rank <= 3;
        h10 += q.rank <= 10;
        adm += q.admissible;
        unknown += q.unknown_in_top_k;
        m.n_candidates += q.candidates;
        m.n_filtered += q.filtered_out;
    }
    m.n_queries = n;
    if (n == 0) {
        m.ranking_note = r.queries.empty() && !b.entailed.empty() ? "ranking queries not run" : "no entailed axioms";
    } else if (missing > 0) {
        m.ranking_note = std::to_string(missing) + " of " + std::to_string(n) +
                         " queries lack candidate scores, e.g. " +
                         quote(missing_candidate(tests, r.names, *first_missing));
    } else if (no_slot > 0) {
        m.ranking_note = std::to_string(no_slot) + " of " + std::to_string(n) +
                         " entailed axioms have no slot to rank, e.g. " +
                         quote(tests.axioms[first_no_slot->axiom].axiom);
    } else {
        const double dn = static_cast<double>(n);
        m.mrr = rr / dn;
        m.hits_at_1 = h1 / dn;
        m.hits_at_3 = h3 / dn;
        m.hits_at_10 = h10 / dn;
        m.adm_at_k = adm / dn;
        m.adm_unknown_top_k = unknown;
    }
    return m;
}

/// Ranking queries in two rounds: first with the names of the test axioms only (cheap; a
/// query missing a score there is missing one for good), then, for the normal forms whose
/// queries all passed, again with every name the scorer knows — the candidate set defined
/// in ranking.hpp. Results are those of the full candidate set wherever a metric is reported.
void run_ranking(EvalResult& r, const Scorer& scorer, std::size_t k, jobs::JobContext& ctx) {
    const TestSet& t = r.tests;
    std::vector<std::uint32_t> all;
    for (std::uint32_t a = 0; a < t.axioms.size(); ++a)
        if (t.axioms[a].status == Status::Entailed) all.push_back(a);
    CandidateNames local = collect_candidates(t, nullptr, ctx);
    r.queries = run_queries(t, r.f, scorer, local, k, all, ctx);
    std::vector<bool> nf_ok(t.normal_forms.size(), true);
    for (const QueryResult& q : r.queries)
        if (q.problem != QueryResult::Ok) nf_ok[t.axioms[q.axiom].nf] = false;
    std::vector<std::uint32_t> again;
    std::vector<std::size_t> where;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (nf_ok[t.axioms[all[i]].nf]) again.push_back(all[i]), where.push_back(i);
    if (again.empty()) {
        r.names = std::move(local);
        return;
    }
    r.names = collect_candidates(t, &scorer, ctx);
    const auto redone = run_queries(t, r.f, scorer, r.names, k, again, ctx);
    for (std::size_t i = 0; i < redone.size(); ++i)
        r.queries[where[i]] = redone[i];
}

} // namespace

EvalResult evaluate(TestSet tests, std::shared_ptr<const Scorer> scorer, const EvalOptions& options,
                    jobs::JobContext& ctx) {
    Stopwatch clock;
    EvalResult r;
    r.k = options.k;
    r.scorer = scorer;
    // P of T+ and T− axioms given without one: 1 and 0 by definition.
    const std::uint32_t one = tests.intern_p(*parse_probability("1"));
    const std::uint32_t zero = tests.intern_p(*parse_probability("0"));
    tests.finalise();
    r.tests = std::move(tests);
    const TestSet& t = r.tests;
    const std::size_t n = t.axioms.size();

    r.f.resize(n);
    r.missing.assign(n, false);
    r.p_key.assign(n, kNoP);
    std::vector<std::uint32_t> missing;
    for (std::uint32_t a = 0; a < n; ++a) {
        if ((a & 0xFFFF) == 0) {
            ctx.throw_if_stopped();
            ctx.report(a, n, "Scoring test axioms");
        }
        const TestAxiom& x = t.axioms[a];
        if (const auto s = scorer->score(x.axiom)) {
            r.f[a] = *s;
        } else {
            r.f[a] = -std::numeric_limits<double>::infinity();
            r.missing[a] = true;
            missing.push_back(a);
        }
        const std::uint32_t p = x.p != kNoP                         ? x.p
                                : x.status == Status::Entailed      ? one
                                : x.status == Status::Contradictory ? zero
                                                                    : kNoP;
        if (p != kNoP) r.p_key[a] = t.p_rank[p];
    }
    if (!missing.empty() && !options.missing_lowest) {
        std::string msg =
            std::to_string(missing.size()) + " test axiom" + (missing.size() == 1 ? " has" : "s have") + " no score: ";
        for (std::size_t i = 0; i < std::min<std::size_t>(3, missing.size()); ++i)
            msg += (i ? ", " : "") + quote(t.axioms[missing[i]].axiom) + " (line " +
                   std::to_string(t.axioms[missing[i]].line) + ")";
        if (missing.size() > 3) msg += ", …";
        msg += "; give them scores or use --missing lowest";
        throw InputError(t.file, t.axioms[missing.front()].line, 0, msg);
    }

    if (options.ranking) {
        Stopwatch rank_clock;
        run_ranking(r, *scorer, options.k, ctx);
        r.ranking_seconds = rank_clock.seconds();
    }

    std::vector<bool> in_group(n, true);
    r.overall = compute(r, bands(t), r.queries, in_group);
    if (t.normal_forms.size() == 1)
        r.by_nf.push_back(r.overall); // the same axioms
    else
        for (std::uint32_t nf = 0; nf < t.normal_forms.size(); ++nf) {
            ctx.throw_if_stopped();
            for (std::uint32_t a = 0; a < n; ++a)
                in_group[a] = t.axioms[a].nf == nf;
            r.by_nf.push_back(compute(r, bands(t, nf), r.queries, in_group));
        }
    r.seconds = clock.seconds();
    return r;
}

EvalResult run_eval(const EvalParams& params, jobs::JobContext& ctx) {
    Stopwatch clock;
    TestSet tests = read_tests(params.tests_path, ctx);
    auto scores = std::make_shared<ScoreTable>(read_scores(params.scores_path, params.lower_is_better, ctx));
    const double read_seconds = clock.seconds();
    const std::uint64_t n_scores = scores->size();
    EvalResult r = evaluate(std::move(tests), std::move(scores), params.options, ctx);
    r.read_seconds = read_seconds;
    r.scores_read = n_scores;
    r.seconds = clock.seconds();
    return r;
}

BandScores band_scores(const EvalResult& r, std::optional<std::uint32_t> nf) {
    const Bands b = bands(r.tests, nf);
    BandScores out;
    auto fill = [&](const std::vector<std::uint32_t>& idx, std::vector<double>& dst) {
        for (std::uint32_t a : idx)
            dst.push_back(r.scorer ? r.scorer->display(r.f[a]) : r.f[a]);
    };
    fill(b.entailed, out.entailed);
    fill(b.undetermined, out.undetermined);
    fill(b.contradictory, out.contradictory);
    return out;
}

std::vector<ScorePoint> score_vs_p(const EvalResult& r, std::optional<std::uint32_t> nf) {
    std::vector<ScorePoint> out;
    for (std::uint32_t a : bands(r.tests, nf).undetermined) {
        const TestAxiom& t = r.tests.axioms[a];
        if (t.p == kNoP) continue;
        out.push_back({a, r.tests.p_values[t.p].approx, r.scorer ? r.scorer->display(r.f[a]) : r.f[a]});
    }
    return out;
}

std::uint64_t count_inversions(const EvalResult& r, Inversion kind, std::optional<std::uint32_t> nf) {
    const Bands b = bands(r.tests, nf);
    return count_violations(r.f, b.contradictory,
                            kind == Inversion::UndeterminedNotAboveContradiction ? b.undetermined : b.entailed);
}

std::vector<ViolatingPair> top_inversions(const EvalResult& r, Inversion kind, std::size_t k,
                                          std::optional<std::uint32_t> nf) {
    const Bands b = bands(r.tests, nf);
    return top_violations(r.f, b.contradictory,
                          kind == Inversion::UndeterminedNotAboveContradiction ? b.undetermined : b.entailed, k);
}

} // namespace kbcx::eval
