// P(α|O) on the touched components: O's CNF is split once into variable-disjoint components
// whose counts are kept; each α is counted together with the components its atoms meet.
#include "count/relative_count.hpp"

#include "common/error.hpp"
#include "common/job.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

namespace kbcx::count {

namespace {
double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
InputError located(const InputError& e, const std::string& source) {
    if (!e.file().empty()) return e;
    return InputError(source, e.line(), e.column(), e.message());
}
} // namespace

const char* verdict_name(Verdict v) {
    switch (v) {
    case Verdict::Entailed: return "entailed";
    case Verdict::Contradictory: return "contradictory";
    case Verdict::Undetermined: return "undetermined";
    case Verdict::Undefined: return "undefined";
    case Verdict::BudgetExceeded: return "budget exceeded";
    }
    return "?";
}

const char* method_name(CountMethod m) {
    switch (m) {
    case CountMethod::Auto: return "auto";
    case CountMethod::Propositional: return "propositional";
    case CountMethod::Orbits: return "orbits";
    }
    return "?";
}

std::optional<CountMethod> parse_count_method(const std::string& s) {
    for (CountMethod m : {CountMethod::Auto, CountMethod::Propositional, CountMethod::Orbits})
        if (s == method_name(m)) return m;
    return std::nullopt;
}

std::string Probability::fraction() const {
    return p.str() + "/" + q.str();
}

std::string Probability::decimal(int digits) const {
    Models scale = 1;
    for (int i = 0; i < digits; ++i)
        scale *= 10;
    const Models v = (p * scale * 2 + q) / (2 * q);
    const Models whole = v / scale, frac = v % scale;
    std::string f = frac.str();
    if (digits == 0) return whole.str();
    return whole.str() + "." + std::string(static_cast<std::size_t>(digits) - f.size(), '0') + f;
}

RelativeCounter::RelativeCounter(const onto::Ontology& o, RelativeCountOptions options)
    : o_(o), opt_(std::move(options)), grounder_(o, opt_.domain), counter_(opt_.counter),
      individuals0_(static_cast<std::uint32_t>(o.sig.individuals.size())) {
    try {
        grounder_.extend_base(cnf_);
        atoms0_ = grounder_.num_atoms();
        for (const auto& a : o.axioms)
            grounder_.ground(a, cnf_);
    } catch (const InputError& e) {
        throw located(e, opt_.source);
    }
    auto names_in = [&](onto::ExprId e) {
        const onto::ConceptExpr& x = o.pool.get(e);
        if (x.kind == onto::ConceptKind::Named) endpoint_class_.insert(x.name);
        if (x.kind == onto::ConceptKind::And)
            for (onto::ExprId a : x.args)
                if (o.pool.get(a).kind == onto::ConceptKind::Named) endpoint_class_.insert(o.pool.get(a).name);
    };
    for (const auto& a : o.axioms) {
        if (a.kind == onto::AxiomKind::ObjectPropertyDomain || a.kind == onto::AxiomKind::ObjectPropertyRange)
            names_in(a.concepts.at(0));
        if (a.kind == onto::AxiomKind::SubClassOf) { // ∃r.⊤ ⊑ C: a domain
            const onto::ConceptExpr& l = o.pool.get(a.concepts.at(0));
            if (l.kind == onto::ConceptKind::Exists && l.args.at(0) == o.pool.top()) names_in(a.concepts.at(1));
        }
    }
    vars0_ = cnf_.num_vars;
    parent_.resize(vars0_ + 1);
    std::iota(parent_.begin(), parent_.end(), 0u);
    for (const Clause& c : cnf_.clauses)
        for (std::size_t i = 1; i < c.size(); ++i) {
            const std::uint32_t a = root(static_cast<std::uint32_t>(std::abs(c[0]))),
                                b = root(static_cast<std::uint32_t>(std::abs(c[i])));
            if (a != b) parent_[a] = b;
        }
    for (std::uint32_t ci = 0; ci < cnf_.clauses.size(); ++ci)
        if (cnf_.clauses[ci].empty())
            empty_clause_ = true;
        else
            comp_clauses_[root(static_cast<std::uint32_t>(std::abs(cnf_.clauses[ci][0])))].push_back(ci);
    for (std::uint32_t v = 1; v <= vars0_; ++v)
        comp_vars_[root(v)].push_back(v);
}

RelativeCounter::RelativeCounter(const RelativeCounter& prototype, CounterOptions counter)
    : o_(prototype.o_), opt_(prototype.opt_), grounder_(prototype.grounder_), cnf_(prototype.cnf_), counter_(counter),
      whole_o_(prototype.whole_o_), individuals0_(prototype.individuals0_), o_orbits_(prototype.o_orbits_),
      o_by_orbits_(prototype.o_by_orbits_), endpoint_class_(prototype.endpoint_class_),
      empty_clause_(prototype.empty_clause_), vars0_(prototype.vars0_), atoms0_(prototype.atoms0_),
      parent_(prototype.parent_), comp_clauses_(prototype.comp_clauses_), comp_vars_(prototype.comp_vars_),
      comp_count_(prototype.comp_count_), whole_count_(prototype.whole_count_) {
    opt_.counter = std::move(counter);
}

std::uint32_t RelativeCounter::root(std::uint32_t v) {
    while (parent_[v] != v) {
        parent_[v] = parent_[parent_[v]];
        v = parent_[v];
    }
    return v;
}

Cnf RelativeCounter::sub_cnf(const std::vector<std::uint32_t>& roots, const Cnf* extra,
                             std::vector<std::uint32_t>* extra_vars, std::unordered_map<std::uint32_t, Lit>* var_map) {
    Cnf sub;
    std::unordered_map<std::uint32_t, Lit> own;
    std::unordered_map<std::uint32_t, Lit>& map = var_map ? *var_map : own;
    map.clear();
    auto var = [&](std::uint32_t v) {
        auto [it, added] = map.try_emplace(v, 0);
        if (added) it->second = static_cast<Lit>(++sub.num_vars);
        return it->second;
    };
    auto copy = [&](const Clause& c) {
        Clause out;
        out.reserve(c.size());
        for (Lit l : c)
            out.push_back(l < 0 ? -var(static_cast<std::uint32_t>(-l)) : var(static_cast<std::uint32_t>(l)));
        sub.clauses.push_back(std::move(out));
    };
    for (std::uint32_t r : roots) {
        for (std::uint32_t v : comp_vars_[r])
            var(v);
        for (std::uint32_t ci : comp_clauses_[r])
            copy(cnf_.clauses[ci]);
    }
    if (extra)
        for (const Clause& c : extra->clauses) {
            copy(c);
            if (extra_vars)
                for (Lit l : sub.clauses.back())
                    extra_vars->push_back(static_cast<std::uint32_t>(std::abs(l)));
        }
    return sub;
}

CountResult RelativeCounter::count_component(std::uint32_t r, jobs::JobContext* ctx) {
    if (auto it = comp_count_.find(r); it != comp_count_.end()) {
        CountResult hit;
        hit.models = it->second;
        return hit;
    }
    std::unordered_map<std::uint32_t, Lit> map;
    const Cnf sub = sub_cnf({r}, nullptr, nullptr, &map);
    CountMethod method = CountMethod::Propositional;
    OrbitStats orbits;
    CountResult res = count_sub(sub, &map, individuals0_, ctx, method, orbits, true);
    if (method == CountMethod::Orbits) {
        o_by_orbits_ = true;
        o_orbits_.predicates = std::max(o_orbits_.predicates, orbits.predicates);
        o_orbits_.types = std::max(o_orbits_.types, orbits.types);
        o_orbits_.orbits += orbits.orbits;
        o_orbits_.pruned += orbits.pruned;
    }
    if (res.exact()) comp_count_.emplace(r, res.models);
    return res;
}

CountResult RelativeCounter::count_sub(const Cnf& sub, const std::unordered_map<std::uint32_t, Lit>* map,
                                       std::uint32_t first_anonymous, jobs::JobContext* ctx, CountMethod& method,
                                       OrbitStats& orbits, bool progress) {
    method = CountMethod::Propositional;
    const std::uint32_t n = opt_.domain;
    const std::uint32_t k = n > first_anonymous ? n - first_anonymous : 0; // interchangeable elements
    const bool try_orbits =
        k > 1 && (opt_.method == CountMethod::Orbits ||
                  (opt_.method == CountMethod::Auto && n >= kOrbitsFromDomain && sub.num_vars >= kOrbitsFromVariables));
    if (try_orbits) {
        // Candidate predicates: concept names with all their atoms at the anonymous elements in
        // `sub`. The permutations of the anonymous elements (those no individual names) map O's
        // grounding and α's onto themselves and permute the components, so a union of
        // components that holds all atoms C(d) of one name at those elements is mapped onto itself.
        std::vector<std::uint32_t> occurrences(static_cast<std::size_t>(sub.num_vars) + 1, 0);
        for (const Clause& c : sub.clauses)
            for (Lit l : c)
                ++occurrences[static_cast<std::size_t>(std::abs(l))];
        struct Cand {
            std::uint64_t score;
            std::vector<std::uint32_t> vars;
            std::uint32_t name = 0;
        };
        std::vector<Cand> cands;
        for (std::uint32_t c = 0; c < grounder_.num_concepts(); ++c) {
            Cand cand{0, {}, c};
            for (std::uint32_t d = first_anonymous; d < n; ++d) {
                const std::uint32_t v = grounder_.concept_atom(c, d);
                std::uint32_t w = v;
                if (map) {
                    auto it = map->find(v);
                    w = it == map->end() ? 0 : static_cast<std::uint32_t>(it->second);
                } else if (v > sub.num_vars) {
                    w = 0;
                }
                if (w == 0) break;
                cand.vars.push_back(w);
                cand.score += occurrences[w];
            }
            if (cand.vars.size() == k && cand.score > 0) cands.push_back(std::move(cand));
        }
        // Domain and range classes first: where they are false the role atoms at that element
        // are, so fixing them per element cuts the binary part most; then by occurrences.
        for (auto& c : cands)
            if (endpoint_class_.count(c.name)) c.score += std::uint64_t{1} << 40;
        std::stable_sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) { return a.score > b.score; });
        std::vector<std::vector<std::uint32_t>> vars;
        for (auto& c : cands)
            vars.push_back(std::move(c.vars));
        const std::vector<std::size_t> pick = choose_orbit_predicates(sub, vars, k, opt_.max_orbits);
        if (!pick.empty()) {
            std::vector<std::vector<std::uint32_t>> preds;
            for (std::size_t i : pick)
                preds.push_back(vars[i]);
            method = CountMethod::Orbits;
            return count_by_orbits(counter_, sub, preds, k, ctx, &orbits, progress);
        }
    }
    return counter_.count(sub, ctx);
}

OntologyCount RelativeCounter::count_ontology(jobs::JobContext* ctx) {
    if (whole_o_) return *whole_o_;
    const auto start = std::chrono::steady_clock::now();
    OntologyCount out;
    out.atoms = atoms0_;
    out.aux = vars0_ - atoms0_;
    out.clauses = cnf_.clauses.size();
    std::vector<std::uint32_t> roots;
    for (const auto& [r, clauses] : comp_clauses_)
        roots.push_back(r);
    std::sort(roots.begin(), roots.end());
    out.components = roots.size();
    for (std::uint32_t r : roots)
        out.largest_component = std::max(out.largest_component, static_cast<std::uint32_t>(comp_vars_[r].size()));
    for (std::uint32_t v = 1; v <= vars0_; ++v)
        if (root(v) == v && !comp_clauses_.count(v)) ++out.free_atoms;
    Models total = Models(1) << static_cast<unsigned>(out.free_atoms);
    if (empty_clause_) {
        out.models = 0; // an axiom of O is false in every interpretation over Δ
        out.seconds = since(start);
        return out;
    }
    std::size_t done = 0;
    for (std::uint32_t r : roots) {
        if (ctx) ctx->report(done, roots.size(), "counting the components of O");
        const CountResult c = count_component(r, ctx);
        ++done;
        if (!c.exact()) {
            out.status = CountStatus::BudgetExceeded;
            out.reason = c.reason + " (component of " + std::to_string(comp_vars_[r].size()) + " variables)";
            out.seconds = since(start);
            whole_o_ = out;
            return out;
        }
        total *= c.models;
    }
    out.models = total;
    out.seconds = since(start);
    out.method = o_by_orbits_ ? CountMethod::Orbits : CountMethod::Propositional;
    out.orbits = o_orbits_;
    whole_o_ = out;
    return out;
}

std::uint32_t RelativeCounter::first_anonymous(const onto::Axiom& alpha) const {
    // α's fresh individuals take the elements from individuals0_ on (Grounder::ground)
    std::vector<onto::IndividualName> fresh;
    for (onto::IndividualName x : alpha.individuals)
        if (x >= individuals0_ && std::find(fresh.begin(), fresh.end(), x) == fresh.end()) fresh.push_back(x);
    return individuals0_ + static_cast<std::uint32_t>(fresh.size());
}

Cnf RelativeCounter::ground_alpha(const onto::Axiom& alpha) {
    Cnf cand;
    try {
        grounder_.extend_base(cnf_); // names new in α become atoms, free in O
        cand.num_vars = cnf_.num_vars;
        const Grounder::Mark mark = grounder_.mark();
        try {
            grounder_.ground(alpha, cand);
        } catch (...) {
            grounder_.rollback(mark);
            throw;
        }
        grounder_.rollback(mark);
    } catch (const InputError& e) {
        throw located(e, opt_.source);
    }
    return cand;
}

Probability RelativeCounter::probability(const onto::Axiom& alpha, jobs::JobContext* ctx) {
    const auto start = std::chrono::steady_clock::now();
    Probability out;
    const Cnf cand = ground_alpha(alpha);
    const OntologyCount& o_count = count_ontology(ctx);
    if (o_count.status == CountStatus::Exact && o_count.models == 0) {
        out.verdict = Verdict::Undefined;
        out.reason = "O has no Herbrand model over a domain of " + std::to_string(opt_.domain) + " elements";
        out.seconds = since(start);
        return out;
    }
    if (o_count.status != CountStatus::Exact)
        out.reason = "#(O) exceeded the budget; P is exact provided that O has a model over Δ";
    out.alpha_clauses = static_cast<std::uint32_t>(cand.clauses.size());
    Models num = 0, den = 1;
    auto exceeded = [&](const std::string& reason) {
        out.verdict = Verdict::BudgetExceeded;
        out.reason = reason;
        out.seconds = since(start);
        return out;
    };
    if (empty_clause_) {
        den = 0;
    } else if (opt_.local) {
        std::vector<std::uint32_t> roots;
        std::unordered_map<std::uint32_t, bool> seen_free;
        std::uint32_t free_in_o = 0;
        for (const Clause& c : cand.clauses)
            for (Lit l : c) {
                const auto v = static_cast<std::uint32_t>(std::abs(l));
                if (v <= vars0_)
                    roots.push_back(root(v));
                else if (v <= cnf_.num_vars && seen_free.emplace(v, true).second)
                    ++free_in_o;
            }
        std::sort(roots.begin(), roots.end());
        roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
        for (std::uint32_t r : roots) {
            const CountResult c = count_component(r, ctx);
            if (!c.exact()) return exceeded(c.reason);
            den *= c.models;
        }
        den <<= free_in_o;
        std::vector<std::uint32_t> alpha_vars;
        std::unordered_map<std::uint32_t, Lit> map;
        const Cnf sub = sub_cnf(roots, &cand, &alpha_vars, &map);
        out.vars = sub.num_vars;
        out.clauses = sub.clauses.size();
        // condition on α's variables first (see ModelCounter::count)
        const CountResult n = opt_.alpha_first
                                  ? counter_.count(sub, alpha_vars, ctx)
                                  : count_sub(sub, &map, first_anonymous(alpha), ctx, out.method, out.orbits, false);
        if (!n.exact()) return exceeded(n.reason);
        num = n.models;
    } else {
        Cnf whole = cnf_;
        auto it = whole_count_.find(cnf_.num_vars);
        if (it == whole_count_.end()) {
            CountMethod m = CountMethod::Propositional;
            OrbitStats st;
            const CountResult d = count_sub(cnf_, nullptr, individuals0_, ctx, m, st, false);
            if (!d.exact()) return exceeded(d.reason);
            it = whole_count_.emplace(cnf_.num_vars, d.models).first;
        }
        den = it->second;
        whole.num_vars = cand.num_vars;
        whole.clauses.insert(whole.clauses.end(), cand.clauses.begin(), cand.clauses.end());
        out.vars = whole.num_vars;
        out.clauses = whole.clauses.size();
        const CountResult n = count_sub(whole, nullptr, first_anonymous(alpha), ctx, out.method, out.orbits, false);
        if (!n.exact()) return exceeded(n.reason);
        num = n.models;
    }
    out.with_alpha = num;
    out.without_alpha = den;
    out.seconds = since(start);
    if (den == 0) {
        out.verdict = Verdict::Undefined;
        out.reason = "O has no Herbrand model over a domain of " + std::to_string(opt_.domain) + " elements";
        return out;
    }
    const Models g = boost::multiprecision::gcd(num, den);
    out.p = num / g;
    out.q = den / g;
    out.verdict = num == 0 ? Verdict::Contradictory : num == den ? Verdict::Entailed : Verdict::Undetermined;
    return out;
}

Cnf RelativeCounter::export_cnf(const onto::Axiom* alpha) {
    Cnf out = cnf_;
    Grounder::Mark mark{};
    if (alpha) {
        grounder_.extend_base(cnf_);
        out = cnf_;
        mark = grounder_.mark();
        try {
            grounder_.ground(*alpha, out);
        } catch (const InputError& e) {
            grounder_.rollback(mark);
            throw located(e, opt_.source);
        }
    }
    out.names.assign(grounder_.names().begin(), grounder_.names().end());
    out.names.resize(out.num_vars + 1);
    if (alpha) grounder_.rollback(mark);
    out.comments.push_back("kbcx count: Herbrand grounding over a domain of " + std::to_string(opt_.domain) +
                           " elements; " + std::to_string(grounder_.num_atoms()) + " atoms, " +
                           std::to_string(out.num_vars - grounder_.num_atoms()) +
                           " auxiliaries (each a function of the atoms), so #models = #Herbrand models");
    return out;
}

} // namespace kbcx::count
