// Implementation of run_el_job: ontology → normal forms → pool and tests hook → train_el.
#include "embed/el_job.hpp"

#include "common/error.hpp"
#include "embed/tests_hook.hpp"
#include "eval/eval_input.hpp"
#include "onto/readers.hpp"

#include <algorithm>
#include <memory>

namespace kbcx::embed {

onto::Ontology load_el_job_ontology(const ElJobParams& params, jobs::JobContext& ctx) {
    if (params.ontology) return params.ontology();
    return onto::load_ontology(params.train.data, ctx, onto::parse_onto_format(params.format));
}

TrainResult run_el_job(const ElJobParams& params, jobs::JobContext& ctx,
                       const std::function<void(const ElJobInfo&)>& prepared) {
    const std::string& path = params.train.data;
    onto::Ontology onto = load_el_job_ontology(params, ctx);
    const ElDataset data = make_el_dataset(onto);
    if (data.axioms.empty()) throw InputError(path, "no EL axioms to train on");

    ElJobInfo info;
    info.axioms = data.axioms.size();
    for (int k = 0; k < kNfKinds; ++k)
        if (const std::size_t n = data.count(static_cast<NfKind>(k)))
            info.by_form[std::string(nf_kind_name(static_cast<NfKind>(k)))] = n;
    info.concepts = data.names.concepts.size();
    info.named_concepts = data.names.named_concepts;
    info.roles = data.names.roles.size();
    info.individuals = data.names.individuals.size();
    info.dropped_non_el = data.dropped_non_el;
    info.not_trained = data.skipped;
    {
        auto probe = make_el_model(params.model, data.names.sizes());
        for (const auto& a : data.axioms)
            info.unsupported += !probe->supports(a.kind);
    }

    ElTrainParams tp;
    tp.model = params.model;
    tp.train = params.train;
    tp.hooks = params.hooks;
    tp.tests = params.tests;
    auto translator = std::make_shared<const AxiomTranslator>(data.names);
    std::shared_ptr<const eval::TestSet> tests;
    if (!params.tests.empty()) {
        tests = std::make_shared<const eval::TestSet>(eval::read_tests(params.tests, ctx));
        tp.hooks.eval_hooks.push_back(make_tests_hook(tests, translator));
    }
    if (params.model.variant == ElVariant::Dele) {
        tp.validation_source = params.valid;
        if (!params.valid.empty()) {
            const eval::TestSet vs = eval::read_tests(params.valid, ctx);
            for (const auto& t : vs.axioms)
                if (t.status == eval::Status::Entailed)
                    if (const auto parts = translator->try_translate(t.axiom); parts && parts->size() == 1)
                        if (parts->front().kind == NfKind::GCI0) tp.validation.push_back(parts->front());
            if (tp.validation.empty()) throw InputError(params.valid, "no entailed A ⊑ B axioms to validate on");
        }
    }
    if (params.train.p_bot > 0) {
        info.pool_used = true;
        const std::string& src = params.pool;
        tp.pool_source = src;
        if (src == "disjoint") {
            tp.contradiction_pool = contradiction_pool_from_disjointness(data);
        } else if (src == "reason") {
            onto::Ontology fresh = load_el_job_ontology(params, ctx);
            tp.contradiction_pool =
                contradiction_pool_from_reasoner(fresh, *translator, params.reason_pool_n, params.train.seed + 1, ctx);
        } else if (src == "tests") {
            if (params.tests.empty()) throw InputError(path, "the pool 'tests' needs a test set (--tests FILE)");
            tp.contradiction_pool = contradiction_pool_from_tests(params.tests, *translator, ctx, &info.pool_skipped);
        } else {
            tp.contradiction_pool = contradiction_pool_from_tests(src, *translator, ctx, &info.pool_skipped);
        }
        if (tests && src != "tests") {
            // Keep the test set out of training: pool axioms that are test axioms are removed.
            std::vector<NfAxiom> test_axioms;
            for (const auto& t : tests->axioms)
                if (const auto parts = translator->try_translate(t.axiom); parts && parts->size() == 1)
                    test_axioms.push_back(parts->front());
            auto& pool = tp.contradiction_pool;
            const std::size_t before = pool.size();
            std::erase_if(pool, [&](const NfAxiom& a) {
                return std::find(test_axioms.begin(), test_axioms.end(), a) != test_axioms.end();
            });
            info.pool_held_out = before - pool.size();
        }
        info.pool = tp.contradiction_pool.size();
    }
    if (prepared) prepared(info);
    return train_el(data, tp, ctx);
}

} // namespace kbcx::embed
