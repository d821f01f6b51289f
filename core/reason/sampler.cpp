// Sampling: uniform random candidates of the form (mostly undetermined or contradictory)
// interleaved with entailment-directed ones (a random subsumer, a random link, a weakened told
// axiom), each classified by the status checker; duplicates, told and trivial axioms skipped.
#include "reason/sampler.hpp"

#include "common/error.hpp"
#include "onto/text_syntax.hpp"

#include <random>
#include <unordered_set>

namespace kbcx::reason {

using onto::Axiom;
using onto::AxiomKind;
using onto::NormalAxiom;
using onto::NormalForm;

SampleResult sample(StatusChecker& chk, const SampleParams& prm, jobs::JobContext& ctx) {
    onto::Ontology& O = chk.ontology();
    Reasoner& R = chk.reasoner();
    const ClassifyResult& cls = chk.classification();
    const std::string nf = prm.nf;
    static const char* forms[] = {"GCI0", "GCI1", "GCI1_BOT", "GCI2", "GCI3", "CA", "RA"};
    bool known = false;
    for (const char* f : forms)
        known = known || nf == f;
    if (!known) throw InputError("--nf", "unknown form '" + nf + "' (GCI0, GCI1, GCI1_BOT, GCI2, GCI3, CA, RA)");
    const ConceptName nc = cls.named_end;
    const RoleName nr = cls.normalised.fresh_roles_begin;
    const std::size_t ni = R.num_individuals(); // not O.sig: a checked candidate may have added fresh names
    const bool abox = nf == "CA" || nf == "RA";
    SampleResult res;
    if (nc == 0) throw InputError(O.source, "the ontology has no classes to sample from");
    if ((nf == "GCI2" || nf == "GCI3" || nf == "RA") && nr == 0)
        throw InputError(O.source, "the ontology has no object properties: no " + nf + " candidates exist");
    if (abox && ni == 0) throw InputError(O.source, "the ontology has no individuals: no " + nf + " candidates exist");

    std::mt19937_64 rng(prm.seed);
    auto pick = [&](std::size_t n) {
        return static_cast<std::uint32_t>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng));
    };
    auto named_subsumers = [&](Node n) {
        std::vector<ConceptName> out;
        for (Node b : R.subsumers(n)) {
            std::uint32_t id;
            if (b != n && R.node_kind(b, id) == 0 && id < nc) out.push_back(id);
        }
        return out;
    };
    std::vector<NormalAxiom> told_of_form;
    for (const auto& a : cls.normalised.axioms) {
        const bool names = (a.a == onto::kNone || a.a < nc) && (a.b == onto::kNone || a.b < nc) &&
                           (a.c == onto::kNone || a.c < nc) && (a.r == onto::kNone || a.r < nr);
        if (!names) continue;
        if ((nf == "GCI1" && a.nf == NormalForm::GCI1) || (nf == "GCI1_BOT" && a.nf == NormalForm::GCI1_BOT) ||
            (nf == "GCI3" && a.nf == NormalForm::GCI3))
            told_of_form.push_back(a);
    }
    // Candidate as a normal axiom (for the told check) and as an Axiom (for the checker).
    auto random_candidate = [&](bool directed, NormalAxiom& n) -> bool {
        n = NormalAxiom{};
        if (nf == "GCI0") {
            n.nf = NormalForm::GCI0;
            n.a = pick(nc);
            if (directed) {
                auto s = named_subsumers(R.concept_node(n.a));
                if (s.empty() || R.unsatisfiable(R.concept_node(n.a))) return false;
                n.b = s[pick(s.size())];
            } else {
                n.b = pick(nc);
            }
            return n.a != n.b;
        }
        if (nf == "GCI1" || nf == "GCI1_BOT") {
            n.nf = nf == "GCI1" ? NormalForm::GCI1 : NormalForm::GCI1_BOT;
            if (directed) {
                if (told_of_form.empty()) return false;
                const NormalAxiom& t = told_of_form[pick(told_of_form.size())];
                n.a = t.a;
                n.b = t.b;
                if (nf == "GCI1") {
                    auto s = named_subsumers(R.concept_node(t.c));
                    if (s.empty()) return false;
                    n.c = s[pick(s.size())];
                } else { // weaken a side: a subclass of a disjoint class is disjoint too
                    const ConceptName x = pick(nc);
                    if (!R.subsumes(R.concept_node(x), R.concept_node(t.a)) || x == t.a) return false;
                    n.a = x;
                }
            } else {
                n.a = pick(nc);
                n.b = pick(nc);
                n.c = pick(nc);
            }
            if (n.a == n.b) return false;
            if (n.a > n.b) std::swap(n.a, n.b);
            if (nf == "GCI1") return n.c != n.a && n.c != n.b;
            n.c = onto::kNone;
            return true;
        }
        if (nf == "GCI2") {
            n.nf = NormalForm::GCI2;
            n.a = pick(nc);
            if (directed) {
                const auto& ls = R.links(R.concept_node(n.a));
                if (ls.empty()) return false;
                const auto& [q, d] = ls[pick(ls.size())];
                std::uint32_t id;
                if (R.node_kind(d, id) != 0 || id >= nc || q >= nr) return false;
                n.r = q;
                n.b = id;
            } else {
                n.r = pick(nr);
                n.b = pick(nc);
            }
            return true;
        }
        if (nf == "GCI3") {
            n.nf = NormalForm::GCI3;
            if (directed) {
                if (told_of_form.empty()) return false;
                const NormalAxiom& t = told_of_form[pick(told_of_form.size())];
                auto s = named_subsumers(R.concept_node(t.b));
                if (s.empty()) return false;
                n.r = t.r;
                n.a = t.a;
                n.b = s[pick(s.size())];
            } else {
                n.r = pick(nr);
                n.a = pick(nc);
                n.b = pick(nc);
            }
            return true;
        }
        if (nf == "CA") {
            n.nf = NormalForm::CA;
            n.x = pick(ni);
            if (directed) {
                auto s = named_subsumers(R.individual_node(n.x));
                if (s.empty()) return false;
                n.a = s[pick(s.size())];
            } else {
                n.a = pick(nc);
            }
            return true;
        }
        n.nf = NormalForm::RA;
        n.x = pick(ni);
        if (directed) {
            const auto& ls = R.links(R.individual_node(n.x));
            if (ls.empty()) return false;
            const auto& [q, d] = ls[pick(ls.size())];
            std::uint32_t id;
            if (R.node_kind(d, id) != 1 || q >= nr) return false;
            n.r = q;
            n.y = id;
        } else {
            n.r = pick(nr);
            n.y = pick(ni);
        }
        return true;
    };
    auto to_axiom = [&](const NormalAxiom& n) {
        Axiom ax;
        onto::ConceptPool& P = O.pool;
        switch (n.nf) {
        case NormalForm::GCI0: ax.concepts = {P.named(n.a), P.named(n.b)}; break;
        case NormalForm::GCI1: ax.concepts = {P.conj({P.named(n.a), P.named(n.b)}), P.named(n.c)}; break;
        case NormalForm::GCI1_BOT: ax.concepts = {P.conj({P.named(n.a), P.named(n.b)}), P.bottom()}; break;
        case NormalForm::GCI2: ax.concepts = {P.named(n.a), P.exists(n.r, P.named(n.b))}; break;
        case NormalForm::GCI3: ax.concepts = {P.exists(n.r, P.named(n.a)), P.named(n.b)}; break;
        case NormalForm::CA:
            ax.kind = AxiomKind::ClassAssertion;
            ax.concepts = {P.named(n.a)};
            ax.individuals = {n.x};
            break;
        default:
            ax.kind = AxiomKind::ObjectPropertyAssertion;
            ax.roles = {n.r};
            ax.individuals = {n.x, n.y};
            break;
        }
        return ax;
    };

    const std::size_t limit = prm.max_attempts ? prm.max_attempts : 200 * prm.n + 20000;
    std::unordered_set<NormalAxiom, onto::NormalAxiomHash, onto::NormalAxiomEq> seen;
    std::vector<SampleItem> buckets[3];
    const onto::TextWriter w(O, prm.names);
    Axiom probe = to_axiom([&] {
        NormalAxiom n;
        n.nf = abox ? (nf == "CA" ? NormalForm::CA : NormalForm::RA) : NormalForm::GCI0;
        n.a = n.b = 0;
        n.x = n.y = 0;
        n.r = 0;
        return n;
    }());
    res.reading = prm.reading ? *prm.reading : StatusChecker::default_reading(probe);
    std::size_t misses = 0;
    for (std::size_t attempt = 0; attempt < limit; ++attempt) {
        if (buckets[0].size() >= prm.n && buckets[1].size() >= prm.n && buckets[2].size() >= prm.n) break;
        if ((attempt & 63) == 0) {
            ctx.throw_if_stopped();
            ctx.report(buckets[0].size() + buckets[1].size() + buckets[2].size(), 3 * prm.n, "Sampling " + nf);
        }
        ++res.attempts;
        const bool directed = buckets[0].size() < prm.n && (attempt % 2 == 0);
        NormalAxiom n;
        if (!random_candidate(directed, n)) {
            ++misses;
            continue;
        }
        if (!seen.insert(n).second || chk.told(n)) continue;
        // An unsatisfiable left side entails everything: such candidates count as trivial.
        if (!abox &&
            (R.unsatisfiable(R.concept_node(n.a)) ||
             ((n.nf == NormalForm::GCI1 || n.nf == NormalForm::GCI1_BOT) && R.unsatisfiable(R.concept_node(n.b)))))
            continue;
        const Axiom ax = to_axiom(n);
        const StatusResult st = chk.check(ax, res.reading, false);
        auto& b = buckets[static_cast<int>(st.status)];
        if (b.size() >= prm.n) continue;
        if (n.nf == NormalForm::GCI1 && st.status == Status::Entailed) {
            // A ⊓ B ⊑ C holds vacuously when A ⊓ B ⊑ ⊥ does (Pizza: Capricciosa ⊓ ChickenTopping).
            NormalAxiom bot = n;
            bot.nf = NormalForm::GCI1_BOT;
            if (chk.check(to_axiom(bot), res.reading, false).status == Status::Entailed) {
                ++res.vacuous;
                if (prm.non_vacuous) continue;
            }
        }
        b.push_back({st.status, nf, w.normal(n)});
    }
    (void)misses;
    if (nf == "GCI1")
        res.notes.push_back(std::to_string(res.vacuous) +
                            (prm.non_vacuous
                                 ? " entailed GCI1 candidates were vacuous (A ⊓ B unsatisfiable) and left out"
                                 : " of the entailed GCI1 candidates are vacuous (A ⊓ B unsatisfiable, so "
                                   "they hold whatever C is); --non-vacuous leaves them out"));
    for (int s = 0; s < 3; ++s) {
        res.counts[s] = buckets[s].size();
        res.items.insert(res.items.end(), buckets[s].begin(), buckets[s].end());
        if (buckets[s].size() < prm.n) {
            std::string why = "found " + std::to_string(buckets[s].size()) + " of " + std::to_string(prm.n) + " " +
                              status_name(static_cast<Status>(s)) + " " + nf + " candidates in " +
                              std::to_string(res.attempts) + " attempts";
            if (s == 2 && buckets[s].empty())
                why += " (no contradictory candidates: the ontology has no disjointness or ⊥ axioms that " + nf +
                       " candidates can violate under the " + reading_name(res.reading) + " reading)";
            res.notes.push_back(why);
        }
    }
    return res;
}

} // namespace kbcx::reason
