// EL training data: normal forms from core/onto, axiom text → NfAxioms through the shared
// text parser and normaliser, corruption and stratified negative sampling, T− pools.
#include "embed/el_data.hpp"

#include "common/error.hpp"
#include "eval/eval_input.hpp"
#include "onto/normaliser.hpp"
#include "onto/readers.hpp"
#include "onto/text_syntax.hpp"
#include "reason/sampler.hpp"

#include <cmath>
#include <unordered_set>

namespace kbcx::embed {

std::size_t ElDataset::count(NfKind kind) const {
    std::size_t n = 0;
    for (const NfAxiom& a : axioms)
        n += a.kind == kind;
    return n;
}

namespace {

/// One normal form as an NfAxiom; nullopt for RANGE (no model has a loss for it).
std::optional<NfAxiom> convert(const onto::NormalAxiom& n) {
    NfAxiom a;
    using onto::NormalForm;
    auto id = [](std::uint32_t v) { return v == onto::kNone ? kg::kNoId : static_cast<kg::Id>(v); };
    a.a = id(n.a);
    a.b = id(n.b);
    a.c = id(n.c);
    a.r = id(n.r);
    a.s = id(n.s);
    a.t = id(n.t);
    a.x = id(n.x);
    a.y = id(n.y);
    switch (n.nf) {
    case NormalForm::GCI0: a.kind = NfKind::GCI0; break;
    case NormalForm::GCI0_BOT: a.kind = NfKind::GCI0_BOT; break;
    case NormalForm::GCI1: a.kind = NfKind::GCI1; break;
    case NormalForm::GCI1_BOT: a.kind = NfKind::GCI1_BOT; break;
    case NormalForm::GCI2: a.kind = NfKind::GCI2; break;
    case NormalForm::GCI3: a.kind = NfKind::GCI3; break;
    case NormalForm::GCI3_BOT: a.kind = NfKind::GCI3_BOT; break;
    case NormalForm::RI: a.kind = NfKind::RI; break;
    case NormalForm::RC: a.kind = NfKind::RC; break;
    case NormalForm::CA: a.kind = NfKind::ClassAssertion; break;
    case NormalForm::RA: a.kind = NfKind::RoleAssertion; break;
    case NormalForm::RANGE: return std::nullopt;
    }
    return a;
}

ElNames names_of(const onto::Ontology& o, std::size_t named_concepts) {
    ElNames n;
    for (kg::Id i = 0; i < o.sig.concepts.size(); ++i)
        n.concepts.emplace_back(o.sig.concepts.name(i));
    for (kg::Id i = 0; i < o.sig.roles.size(); ++i)
        n.roles.emplace_back(o.sig.roles.name(i));
    for (kg::Id i = 0; i < o.sig.individuals.size(); ++i)
        n.individuals.emplace_back(o.sig.individuals.name(i));
    n.prefixes = o.sig.prefixes.entries();
    n.named_concepts = named_concepts;
    return n;
}

} // namespace

ElDataset make_el_dataset(onto::Ontology& onto) {
    const onto::NormalisedOntology norm = onto::normalise(onto);
    ElDataset d;
    d.names = names_of(onto, norm.fresh_concepts_begin);
    d.dropped_non_el = norm.filter.dropped;
    d.non_el = norm.filter.constructs;
    for (const onto::NormalAxiom& n : norm.axioms) {
        if (auto a = convert(n))
            d.axioms.push_back(*a);
        else
            ++d.skipped[onto::normal_form_name(n.nf)];
    }
    return d;
}

ElDataset load_el_dataset(const std::string& path, jobs::JobContext& ctx) {
    onto::Ontology o = onto::load_ontology(path, ctx);
    ElDataset d = make_el_dataset(o);
    if (d.axioms.empty()) throw InputError(path, "no EL axioms to train on");
    return d;
}

// --- translation -----------------------------------------------------------------------------

struct AxiomTranslator::Impl {
    onto::Ontology onto;
    std::size_t concepts = 0, roles = 0;
    mutable std::mutex mutex;
    mutable std::unordered_map<std::string, std::optional<std::vector<NfAxiom>>> cache;
};

AxiomTranslator::AxiomTranslator(const ElNames& names) : impl_(std::make_unique<Impl>()) {
    auto& sig = impl_->onto.sig;
    for (const auto& n : names.concepts)
        sig.concepts.intern(n);
    for (const auto& n : names.roles)
        sig.roles.intern(n);
    for (const auto& n : names.individuals)
        sig.individuals.intern(n);
    for (const auto& [p, iri] : names.prefixes)
        sig.prefixes.add(p, iri);
    impl_->concepts = sig.concepts.size();
    impl_->roles = sig.roles.size();
}

AxiomTranslator::~AxiomTranslator() = default;

std::optional<std::vector<NfAxiom>> AxiomTranslator::translate(std::string_view text, const std::string& file,
                                                               std::size_t line) const {
    std::lock_guard lock(impl_->mutex);
    const std::string key(text);
    if (auto it = impl_->cache.find(key); it != impl_->cache.end()) return it->second;
    onto::Ontology& o = impl_->onto;
    onto::TextParser parser(o, file, onto::TextParseOptions{false});
    const onto::Axiom ax = parser.parse_axiom(text, line);
    const auto constructs = onto::non_el_constructs(o, ax);
    if (!constructs.empty()) {
        std::string list;
        for (const auto& c : constructs)
            list += (list.empty() ? "" : ", ") + c;
        throw InputError(file, line, 1, "axiom outside EL (" + list + "): " + key);
    }
    // Fresh names get ids past the signature; the model has no rows for them.
    bool fresh = false;
    std::uint32_t next_c = static_cast<std::uint32_t>(impl_->concepts),
                  next_r = static_cast<std::uint32_t>(impl_->roles);
    onto::Normaliser norm(
        o.pool,
        [&] {
            fresh = true;
            return next_c++;
        },
        [&] {
            fresh = true;
            return next_r++;
        });
    std::vector<onto::NormalAxiom> nfs;
    norm.add(ax, onto::kNone, nfs);
    std::optional<std::vector<NfAxiom>> out;
    if (!fresh) {
        out.emplace();
        for (const auto& n : nfs) {
            auto a = convert(n);
            if (!a) { // RANGE: no model scores it
                out.reset();
                break;
            }
            out->push_back(*a);
        }
    }
    impl_->cache.emplace(key, out);
    return out;
}

std::optional<std::vector<NfAxiom>> AxiomTranslator::try_translate(std::string_view text) const {
    try {
        return translate(text);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

double score_axiom_parts(const AxiomScorer& scorer, std::span<const NfAxiom> parts) {
    double s = 0;
    for (const NfAxiom& a : parts) {
        const double x = scorer.score(a);
        if (std::isnan(x)) return x;
        s += x;
    }
    return s;
}

// --- negatives -------------------------------------------------------------------------------

bool corrupt(const NfAxiom& p, std::size_t named_concepts, std::size_t individuals, std::mt19937_64& rng,
             NfAxiom& out) {
    out = p;
    auto redraw = [&](kg::Id& slot, std::size_t n) {
        if (n < 2 && !(n == 1 && slot != 0)) return false;
        std::uniform_int_distribution<kg::Id> u(0, static_cast<kg::Id>(n - 1));
        kg::Id v = u(rng);
        for (int tries = 0; v == slot && tries < 8; ++tries)
            v = u(rng);
        if (v == slot) return false;
        slot = v;
        return true;
    };
    std::uniform_int_distribution<int> coin(0, 1);
    switch (p.kind) {
    case NfKind::GCI0:
    case NfKind::GCI2:
    case NfKind::GCI3: return redraw(coin(rng) ? out.a : out.b, named_concepts);
    case NfKind::GCI1: return redraw(out.c, named_concepts);
    case NfKind::ClassAssertion: return redraw(out.a, named_concepts);
    case NfKind::RoleAssertion: return redraw(out.y, individuals);
    default: return false;
    }
}

std::size_t draw_negatives(const NfAxiom& positive, std::size_t K, float p_bot, std::span<const NfAxiom> pool,
                           std::size_t named_concepts, std::size_t individuals, std::mt19937_64& rng,
                           std::vector<NfAxiom>& out) {
    const std::size_t Kp =
        pool.empty() ? 0 : std::min(K, static_cast<std::size_t>(std::lround(static_cast<double>(p_bot) * K)));
    std::uniform_int_distribution<std::size_t> pick(0, pool.empty() ? 0 : pool.size() - 1);
    for (std::size_t j = 0; j < Kp; ++j)
        out.push_back(pool[pick(rng)]);
    NfAxiom n;
    for (std::size_t j = Kp; j < K; ++j)
        if (corrupt(positive, named_concepts, individuals, rng, n)) out.push_back(n);
    return Kp;
}

FormPools::FormPools(std::span<const NfAxiom> pool) : sorted_(pool.begin(), pool.end()) {
    std::stable_sort(sorted_.begin(), sorted_.end(),
                     [](const NfAxiom& x, const NfAxiom& y) { return x.kind < y.kind; });
    for (std::size_t i = 0; i < sorted_.size();) {
        std::size_t j = i;
        while (j < sorted_.size() && sorted_[j].kind == sorted_[i].kind)
            ++j;
        range_[static_cast<std::size_t>(sorted_[i].kind)] = {i, j};
        i = j;
    }
}

std::span<const NfAxiom> FormPools::for_form(NfKind kind) const {
    const auto [lo, hi] = range_[static_cast<std::size_t>(kind)];
    if (hi > lo) return std::span<const NfAxiom>(sorted_).subspan(lo, hi - lo);
    return sorted_;
}

std::vector<NfAxiom> contradiction_pool_from_tests(const std::string& path, const AxiomTranslator& tr,
                                                   jobs::JobContext& ctx, std::size_t* skipped) {
    const eval::TestSet tests = eval::read_tests(path, ctx);
    std::vector<NfAxiom> pool;
    std::size_t skip = 0;
    for (const eval::TestAxiom& t : tests.axioms) {
        if (t.status != eval::Status::Contradictory) continue;
        const auto parts = tr.translate(t.axiom, path, t.line);
        if (!parts || parts->size() != 1) {
            ++skip;
            continue;
        }
        pool.push_back(parts->front());
    }
    if (skipped) *skipped = skip;
    return pool;
}

std::vector<NfAxiom> contradiction_pool_from_disjointness(const ElDataset& data) {
    std::unordered_map<kg::Id, std::vector<kg::Id>> subs; // told C ⊑ A, by A
    for (const NfAxiom& a : data.axioms)
        if (a.kind == NfKind::GCI0 && a.a != kTopConcept && a.b != kTopConcept) subs[a.b].push_back(a.a);
    std::vector<NfAxiom> pool;
    std::unordered_set<std::uint64_t> seen;
    auto add = [&](kg::Id c, kg::Id d) {
        if (c == d || c == kTopConcept || d == kTopConcept) return;
        if (!seen.insert((static_cast<std::uint64_t>(c) << 32) | d).second) return;
        NfAxiom n;
        n.kind = NfKind::GCI0;
        n.a = c;
        n.b = d;
        pool.push_back(n);
    };
    for (const NfAxiom& a : data.axioms) {
        if (a.kind != NfKind::GCI1_BOT) continue;
        add(a.a, a.b);
        add(a.b, a.a);
        if (auto it = subs.find(a.a); it != subs.end())
            for (kg::Id c : it->second)
                if (c != a.b) add(c, a.b);
        if (auto it = subs.find(a.b); it != subs.end())
            for (kg::Id c : it->second)
                if (c != a.a) add(c, a.a);
    }
    return pool;
}

std::vector<NfAxiom> contradiction_pool_from_reasoner(onto::Ontology& onto, const AxiomTranslator& tr, std::size_t n,
                                                      std::uint64_t seed, jobs::JobContext& ctx) {
    reason::StatusChecker checker(onto, ctx);
    std::vector<NfAxiom> pool;
    for (const char* nf : {"GCI0", "GCI2", "GCI1"}) {
        reason::SampleParams prm;
        prm.nf = nf;
        prm.n = n;
        prm.seed = seed;
        const reason::SampleResult r = reason::sample(checker, prm, ctx);
        for (const auto& it : r.items) {
            if (it.status != reason::Status::Contradictory) continue;
            const auto parts = tr.try_translate(it.axiom);
            if (parts && parts->size() == 1) pool.push_back(parts->front());
        }
    }
    return pool;
}

} // namespace kbcx::embed
