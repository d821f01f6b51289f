// Semi-naive materialisation of a Program over its KG, parallel over rules and delta chunks,
// with compact provenance (one derivation per derived fact) and derivation trees on demand.
#pragma once

#include "common/job.hpp"
#include "rules/derived_store.hpp"
#include "rules/program.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kbcx::rules {

struct MaterialiseOptions {
    unsigned threads = 0;       ///< 0 = all hardware threads; results do not depend on it
    bool provenance = true;     ///< record one derivation (rule + premise fact ids) per derived fact
    std::size_t max_rounds = 0; ///< 0 = to the fixpoint
};

struct MaterialiseStats {
    std::size_t rounds = 0;
    std::uint64_t input_facts = 0; ///< binary + unary facts of the KG
    std::uint64_t derived = 0;     ///< |closure \ input|
    std::uint64_t candidates = 0;  ///< head instances found not yet in the store, before deduplication
    std::vector<std::uint64_t> derived_per_round;
    std::vector<std::uint64_t> derived_per_rule; ///< facts whose recorded derivation uses the rule
    double seconds = 0.0;
    double cpu_seconds = 0.0;            ///< process CPU time (all threads) during the run
    std::size_t input_store_bytes = 0;   ///< the KG's FactStore
    std::size_t derived_store_bytes = 0; ///< sorted arrays of derived facts
    std::size_t provenance_bytes = 0;
    /// (input + derived + provenance bytes) / (input + derived facts).
    double bytes_per_fact() const;
};

/// One node of a derivation tree: a fact, and unless it is an input fact, the rule that derived
/// it and the trees of its premises. A fact met again in the same tree is not expanded twice.
struct DerivationNode {
    std::uint64_t fact_id = 0;
    GroundFact fact;
    bool input = false;
    bool repeated = false;  ///< already expanded elsewhere in this tree
    std::int64_t rule = -1; ///< index into Program::rules(); -1 for input facts
    std::vector<DerivationNode> premises;

    DerivationNode() = default;
    DerivationNode(const DerivationNode&) = default;
    DerivationNode(DerivationNode&&) noexcept = default;
    DerivationNode& operator=(const DerivationNode&) = default;
    DerivationNode& operator=(DerivationNode&&) noexcept = default;
    /// Iterative, so that dropping a deep tree does not recurse once per level.
    ~DerivationNode();
};

/// The closure of a KG under a rule set: input facts (the KG's FactStore, unchanged) plus the
/// derived facts, with fact ids as described in DerivedStore.
class Materialisation {
  public:
    /// Runs the job. Throws kbcx::Cancelled on a stop request.
    static std::shared_ptr<Materialisation> run(std::shared_ptr<const Program> program,
                                                const MaterialiseOptions& options, jobs::JobContext& ctx);

    const Program& program() const { return *program_; }
    const MaterialiseStats& stats() const { return stats_; }
    bool has_provenance() const { return provenance_; }

    std::uint64_t num_input_facts() const { return first_derived_; }
    std::uint64_t num_derived() const { return stats_.derived; }
    std::uint64_t num_facts() const { return first_derived_ + stats_.derived; }
    bool is_input(std::uint64_t id) const { return id < first_derived_; }

    /// Lookups over input + derived facts.
    FactAccess access() const { return FactAccess(program_->graph().facts, &store_); }
    bool contains(const GroundFact& f) const { return access().contains(f); }
    std::optional<std::uint64_t> find(const GroundFact& f) const;
    GroundFact fact(std::uint64_t id) const;

    /// The recorded derivation of a derived fact (requires provenance).
    struct Derivation {
        std::uint32_t rule = 0;
        std::span<const std::uint32_t> premises; ///< one fact id per body atom, in body order
    };
    Derivation derivation(std::uint64_t id) const;
    /// The derivation tree of any fact (requires provenance for derived facts).
    DerivationNode explain(std::uint64_t id) const;

    /// Calls fn(id, fact) for every derived fact in id (derivation) order.
    template <class Fn> void for_each_derived(Fn&& fn) const {
        build_inverse();
        for (std::uint64_t i = 0; i < stats_.derived; ++i)
            fn(first_derived_ + i, fact(first_derived_ + i));
    }

    const DerivedStore& store() const { return store_; }

  private:
    Materialisation() = default;
    void build_inverse() const;

    std::shared_ptr<const Program> program_;
    DerivedStore store_;
    MaterialiseStats stats_;
    bool provenance_ = true;
    std::uint64_t first_derived_ = 0;
    std::vector<std::uint32_t> prov_rule_;
    std::vector<std::uint32_t> prov_offset_; // size derived + 1
    std::vector<std::uint32_t> prov_premises_;
    mutable std::once_flag inverse_once_;
    mutable std::vector<std::uint64_t> inverse_; // derived id → (unary<<63 | pred<<32 | index)
};

/// Writes a derivation tree as indented text: `fact  [rule N: text]` or `fact  [input]`.
std::string format_tree(const Materialisation& m, const DerivationNode& node);

} // namespace kbcx::rules
