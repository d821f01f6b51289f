// Rule-set entailment R ⊨ r: freeze r's body into a KG (each variable a fresh constant),
// materialise R over it, and check whether r's frozen head was derived.
#pragma once

#include "common/job.hpp"
#include "rules/materialise.hpp"
#include "rules/rule.hpp"

#include <string>

namespace kbcx::rules {

struct EntailmentResult {
    bool entailed = false;
    std::string frozen_head;                  ///< the head under the freezing, as text
    std::uint64_t frozen_facts = 0;           ///< facts of the frozen body
    std::shared_ptr<Materialisation> closure; ///< R applied to the frozen body (with provenance)
    std::uint64_t head_id = UINT64_MAX;       ///< fact id of the frozen head in the closure, if present
};

/// Decides R ⊨ r. A variable ?v is frozen to the constant "_:v" (no user name can clash, since
/// the parsers never produce that form); distinct variables get distinct constants, so r's
/// inequalities hold in the frozen body. A rule with an empty body is entailed iff R derives
/// its head from nothing (or the head is trivially a body fact).
EntailmentResult entails(const RuleSet& rules, const Rule& rule, const MaterialiseOptions& options,
                         jobs::JobContext& ctx);

} // namespace kbcx::rules
